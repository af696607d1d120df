"""`main.py --selftest` and `--version`, as the packaged program runs them."""

import subprocess
import sys
from pathlib import Path

import main as entry

ROOT = Path(__file__).resolve().parent.parent


def test_selftest_passes_in_process(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("MARIA_HOME", str(tmp_path))
    assert entry.main(["--selftest"]) == 0
    out = capsys.readouterr().out
    assert "selftest passed" in out
    assert "play intro 3p: 50 legal actions, saved and reloaded identical" in out
    assert "play intro 2p: 50 legal actions" in out
    assert "play advanced 3p: 50 legal actions" in out and "play advanced 2p: 50 legal actions" in out


def test_version_prints_the_version():
    from maria import __version__

    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "--version"], capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.strip() == f"MARIA {__version__}"


def test_selftest_reports_a_broken_installation(capsys, monkeypatch, tmp_path):
    import maria.paths

    fake = tmp_path / "install"
    fake.mkdir()
    monkeypatch.setattr(maria.paths, "resource_root", lambda: fake)
    monkeypatch.setenv("MARIA_HOME", str(tmp_path / "home"))
    assert entry.main(["--selftest"]) == 1
    out = capsys.readouterr().out
    assert "BAD assets" in out and "BAD boards" in out and "selftest FAILED" in out
