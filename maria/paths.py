"""Where the game's own files are, from a source checkout or inside a packaged bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def resource_root() -> Path:
    """The folder holding `boards/`, `assets/` and `saves/` (PyInstaller unpacks to _MEIPASS)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def boards_dir() -> Path:
    return resource_root() / "boards"


def assets_dir() -> Path:
    return resource_root() / "assets"
