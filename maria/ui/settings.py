"""Player settings, persisted as YAML in the user's config folder (see maria.userdirs)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path

import yaml

from maria import userdirs

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440))


def config_dir() -> Path:
    return userdirs.config_dir()


def data_dir() -> Path:
    return userdirs.data_dir()


def saves_dir() -> Path:
    return userdirs.saves_dir()


@dataclass
class Settings:
    window_w: int = 1280
    window_h: int = 720
    fullscreen: bool = False
    animation: str = "normal"
    handoff_screens: bool = True

    @property
    def window_size(self) -> tuple[int, int]:
        return self.window_w, self.window_h

    @classmethod
    def path(cls) -> Path:
        return config_dir() / "settings.yaml"

    @classmethod
    def load(cls) -> "Settings":
        p = cls.path()
        s = cls()
        try:
            data = yaml.safe_load(p.read_text(encoding="utf-8")) if p.exists() else {}
        except (OSError, yaml.YAMLError):
            data = {}
        if isinstance(data, dict):
            for f in fields(cls):
                v = data.get(f.name)
                if v is not None and isinstance(v, type(getattr(s, f.name))):
                    setattr(s, f.name, v)
        if s.animation not in ANIMATION_SPEEDS:
            s.animation = "normal"
        s.window_w = max(640, min(s.window_w, 7680))
        s.window_h = max(360, min(s.window_h, 4320))
        return s

    def save(self) -> None:
        p = self.path()
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            tmp = p.with_suffix(".tmp")
            tmp.write_text(yaml.safe_dump(asdict(self), sort_keys=True), encoding="utf-8")
            tmp.replace(p)
        except OSError:
            pass

    def computer_delay(self) -> float:
        """Seconds between two computer actions."""
        return {"off": 0.0, "fast": 0.08, "normal": 0.3, "slow": 0.8}[self.animation]
