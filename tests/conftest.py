"""Test-wide settings: headless SDL, the player's folders in a temporary one, and --runslow for the
long fuzz runs."""

import os
import tempfile

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# saves, settings, logs and crash records of a test that does not choose its own folders (a game's
# autosave, the settings written by a screen) go to a temporary folder, never the player's
os.environ["MARIA_HOME"] = tempfile.mkdtemp(prefix="maria-tests-")
for _key in ("MARIA_DATA_DIR", "MARIA_CONFIG_DIR", "MARIA_LOG_DIR"):
    os.environ.pop(_key, None)


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", default=False, help="run the long fuzz runs too")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="long run: use --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
