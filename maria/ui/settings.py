"""Player settings, persisted as YAML in the user's config folder (see maria.userdirs)."""

from __future__ import annotations

import sys
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import yaml

from maria import userdirs, yamlio

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
PALETTE_NAMES = ("standard", "colour-blind")
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
MAX_SETTINGS_BYTES = 64 * 1024  # a real settings file is about 100 bytes
# the numbers' ranges: the window between the smallest the table can be read at and an 8K screen
# (the screen the window opens on bounds it further: Settings.fit_to_screen)
RANGES = {"window_w": (640, 7680), "window_h": (360, 4320), "volume": (0, 100)}


def _keep_aside(p: Path) -> Path | None:
    """Rename a damaged settings file to settings.yaml.damaged-<UTC time> (None if impossible)."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    target = p.with_name(f"{p.name}.damaged-{stamp}")
    n = 1
    while target.exists() or target.is_symlink():
        n += 1
        target = p.with_name(f"{p.name}.damaged-{stamp}-{n}")
    try:
        p.rename(target)
    except OSError:
        return None
    return target


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
    palette: str = "standard"  # the pieces' colours: "standard" or "colour-blind"
    volume: int = 60  # sound effects, 0-100
    muted: bool = False
    # the new-game screens' last choices, per game ("maria", "friedrich"): rules, players, seats and
    # options, offered again next time (each screen checks what it reads: unknown values are ignored)
    new_game: dict = field(default_factory=dict)

    @property
    def window_size(self) -> tuple[int, int]:
        return self.window_w, self.window_h

    @classmethod
    def path(cls) -> Path:
        return config_dir() / "settings.yaml"

    @classmethod
    def load(cls) -> "Settings":
        """The saved settings; a damaged file (not text, not YAML, nested too deep, a number too
        long, wrong types, a FIFO...) never stops the program: the defaults are used for what is
        wrong, one line on stderr says so, and the file is kept aside as
        settings.yaml.damaged-<time> (the next save writes a good one)."""
        p = cls.path()
        s = cls()
        problem = None
        data: object = {}
        if p.exists() or p.is_symlink():
            try:
                data = yamlio.load_text(yamlio.read_text(p, MAX_SETTINGS_BYTES))
            except yamlio.NotRegularFile as exc:
                problem = f"it {exc.strerror}"
            except yamlio.YAMLRefused as exc:
                problem = exc.problem
            except yaml.YAMLError as exc:
                mark = getattr(exc, "problem_mark", None)
                problem = "it is not valid YAML" + (f" (line {mark.line + 1})" if mark else "")
            except OSError as exc:
                problem = f"it cannot be read ({exc.strerror or exc})"
        if data is None:
            data = {}
        if problem is None and not isinstance(data, dict):
            problem = "it is not a list of 'name: value' lines"
        if isinstance(data, dict):
            wrong = []
            for f in fields(cls):
                if f.name not in data or data[f.name] is None:
                    continue
                v, default = data[f.name], getattr(s, f.name)
                if isinstance(v, type(default)) and (isinstance(v, bool) == isinstance(default, bool)):
                    setattr(s, f.name, v)
                else:
                    wrong.append(f.name)
            if s.animation not in ANIMATION_SPEEDS:
                wrong.append("animation")
                s.animation = "normal"
            if s.palette not in PALETTE_NAMES:
                wrong.append("palette")
                s.palette = "standard"
            # a value out of its range is reported like a wrong one, never changed silently
            for name, (lo, hi) in RANGES.items():
                if not lo <= getattr(s, name) <= hi:
                    wrong.append(name)
                    setattr(s, name, getattr(cls, name))
            if wrong and problem is None:
                problem = f"wrong value for {', '.join(wrong)}"
        if problem is not None:
            kept = _keep_aside(p)
            where = f"; kept as {kept.name}" if kept else ""
            print(
                f"MARIA: the settings file {p} is damaged ({problem}): using the defaults"
                f"{' for the wrong values' if isinstance(data, dict) and 'wrong value' in problem else ''}"
                f"{where}.",
                file=sys.stderr,
            )
        return s

    def fit_to_screen(self, screen: tuple[int, int] | None) -> str | None:
        """Make the window fit `screen` (the size of the display it opens on): a window larger than
        its screen puts buttons out of reach.  Returns the sentence that says so (None when it fits,
        the screen is unknown or the size was the default); the fitted size is what is saved on quit."""
        if not screen or screen[0] <= 0 or screen[1] <= 0:
            return None
        w, h = self.window_w, self.window_h
        if w <= screen[0] and h <= screen[1]:
            return None
        self.window_w = max(RANGES["window_w"][0], min(w, screen[0]))
        self.window_h = max(RANGES["window_h"][0], min(h, screen[1]))
        if (w, h) == (type(self).window_w, type(self).window_h):
            return None  # the default size on a small screen: nobody asked for more
        return (
            f"The window size in the settings ({w}×{h}) is larger than this screen "
            f"({screen[0]}×{screen[1]}): the window opens at {self.window_w}×{self.window_h}."
        )

    def save(self) -> None:
        try:
            yamlio.write_atomic(self.path(), yaml.safe_dump(asdict(self), sort_keys=True))
        except OSError:
            pass

    def computer_delay(self) -> float:
        """Seconds between two computer actions."""
        return {"off": 0.0, "fast": 0.08, "normal": 0.3, "slow": 0.8}[self.animation]
