"""Crash safety: a crash writes a report (and an emergency save of the game in progress) to the
user data folder, never inside the program's own folder."""

from __future__ import annotations

import pytest

from maria import userdirs

from maria.record import crash


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MARIA_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"
    crash.set_record_source(None)


def boom() -> int:
    raise RuntimeError("the dog ate the supply train")


def test_user_folders_follow_maria_home(home):
    assert userdirs.saves_dir() == home / "data" / "saves"
    assert userdirs.settings_file() == home / "config" / "settings.yaml"
    assert userdirs.crash_dir() == home / "data" / "crashes"


def test_crash_without_a_game_writes_a_report(home, capsys):
    crash.set_record_source(lambda: None)
    assert crash.guarded(boom) == 70
    reports = list((home / "data" / "crashes").glob("crash-*.txt"))
    assert len(reports) == 1
    text = reports[0].read_text(encoding="utf-8")
    assert "RuntimeError: the dog ate the supply train" in text and "MARIA" in text
    assert str(reports[0]) in capsys.readouterr().err


def test_crash_with_a_game_writes_an_emergency_save_that_loads(home):
    from maria.record.game import GameRecord
    from maria.record.saves import load_game

    record = GameRecord.new("intro", 3, seed=7)
    crash.set_record_source(lambda: record)
    assert crash.guarded(boom) == 70
    saves = list((home / "data" / "crashes").glob("emergency-*.yaml"))
    assert len(saves) == 1
    assert load_game(saves[0]).state == record.state


def test_a_broken_game_source_still_gives_a_report(home):
    def broken():
        raise ValueError("no game here")

    crash.set_record_source(broken)
    assert crash.guarded(boom) == 70
    text = next((home / "data" / "crashes").glob("crash-*.txt")).read_text(encoding="utf-8")
    assert "could not be reached" in text


def test_keyboard_interrupt_is_not_a_crash(home):
    def stop() -> int:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        crash.guarded(stop)
