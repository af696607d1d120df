"""Where the player's files live: saves, settings, logs and crash reports (never inside the bundle)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "maria"


def _base(kind: str) -> Path:
    override = os.environ.get("MARIA_HOME")  # tests and portable installs
    if override:
        return Path(override) / kind
    return Path({"data": platformdirs.user_data_dir, "config": platformdirs.user_config_dir,
                 "log": platformdirs.user_log_dir}[kind](APP, appauthor=False))


def saves_dir() -> Path:
    return _base("data") / "saves"


def settings_file() -> Path:
    return _base("config") / "settings.yaml"


def log_dir() -> Path:
    return _base("log")


def crash_dir() -> Path:
    return _base("data") / "crashes"
