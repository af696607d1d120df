"""The program fails fast, with a message naming the problem, when no window can be opened
(issue "nothing is lost", bug 4: it once waited 80 s in silence under a bare X server)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _env(**extra):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(extra)
    return env


def _no_display(tmp_path) -> float:
    t = time.monotonic()
    r = subprocess.run(
        [sys.executable, str(ROOT / "main.py")],
        capture_output=True,
        text=True,
        timeout=60,
        env=_env(MARIA_CONFIG_DIR=str(tmp_path / "c"), MARIA_DATA_DIR=str(tmp_path / "d")),
        cwd=tmp_path,
    )
    assert r.returncode == 3, (r.returncode, r.stderr)
    assert "cannot open a window" in r.stderr and "display" in r.stderr
    return time.monotonic() - t


def test_no_display_fails_with_a_message(tmp_path):
    _no_display(tmp_path)


@pytest.mark.slow
def test_no_display_fails_at_once_with_a_message(tmp_path):
    """A wall-clock check (behind --runslow: its outcome depends on the machine's load)."""
    assert _no_display(tmp_path) < 30


def test_a_named_driver_that_does_not_exist_is_named(tmp_path):
    r = subprocess.run(
        [sys.executable, str(ROOT / "main.py")],
        capture_output=True,
        text=True,
        timeout=60,
        env=_env(
            SDL_VIDEODRIVER="no-such-driver", MARIA_CONFIG_DIR=str(tmp_path / "c"), MARIA_DATA_DIR=str(tmp_path / "d")
        ),
        cwd=tmp_path,
    )
    assert r.returncode == 3 and "no-such-driver" in r.stderr


def test_a_display_that_never_answers_ends_with_a_message(tmp_path):
    """A video system that blocks (simulated: display.init sleeps) is given up after the timeout."""
    code = (
        "import sys, time, types\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "import main\n"
        "fake = types.SimpleNamespace(error=RuntimeError, HIDDEN=0,\n"
        "    display=types.SimpleNamespace(init=lambda: time.sleep(60), get_driver=lambda: 'x11',\n"
        "                                  set_mode=lambda *a: None))\n"
        "main.open_display_or_explain(fake, timeout=1.0)\n"
        "print('not reached')\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=_env(), cwd=tmp_path
    )
    assert r.returncode == 3, (r.returncode, r.stdout, r.stderr)
    assert "could not open a window within 1 s" in r.stderr and "not reached" not in r.stdout
