"""Where the player's files live: saves, settings, logs and crash reports (never inside the bundle).

MARIA_HOME puts them all under one folder; MARIA_DATA_DIR, MARIA_CONFIG_DIR, MARIA_LOG_DIR set one each.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "maria"


def _base(kind: str) -> Path:
    specific = os.environ.get({"data": "MARIA_DATA_DIR", "config": "MARIA_CONFIG_DIR", "log": "MARIA_LOG_DIR"}[kind])
    if specific:
        return Path(specific)
    override = os.environ.get("MARIA_HOME")  # tests and portable installs: one folder for all
    if override:
        return Path(override) / kind
    return Path(
        {"data": platformdirs.user_data_dir, "config": platformdirs.user_config_dir, "log": platformdirs.user_log_dir}[
            kind
        ](APP, appauthor=False)
    )


def data_dir() -> Path:
    return _base("data")


def config_dir() -> Path:
    return _base("config")


def saves_dir() -> Path:
    return _base("data") / "saves"


def settings_file() -> Path:
    return _base("config") / "settings.yaml"


def log_dir() -> Path:
    return _base("log")


def crash_dir() -> Path:
    return _base("data") / "crashes"
