"""Faults the program must survive (issue "hostile files and faults", items 9 and 10): a computer
player that raises is reported once, like any crash, and the game goes on with another level; the
crash handler still writes its report and emergency save when the data folder cannot be written,
and the Load screen lists emergency saves."""

from __future__ import annotations

from pathlib import Path

from maria.record import crash
from maria.record.saves import load_game
from maria.ui.overlays import ComputerFailedScene
from maria.ui.save_load import SaveLoadScene
from maria.ui.session import Seat, Session

from tests.ui.test_play import _open


class _Broken:
    level = "easy"

    def __init__(self):
        self.calls = 0

    def choose(self, obs, legal, role, rng=None):
        self.calls += 1
        raise RuntimeError("the planner divided by zero")


def test_a_computer_player_that_raises_is_reported_once_and_the_game_goes_on(ui, dirs):
    seats = [Seat("coalition", "computer", "easy"), Seat("maria_theresa", "human")]
    session = Session.new("intro", 2, 5, seats)
    broken = _Broken()
    session.players["coalition"] = broken
    from maria.lab import selfplay
    from maria.games.maria.rules import door
    from maria.engine import rng

    ch = {"rng": rng.seed_state(5)}
    while session.next_role() == "maria_theresa":  # the human's set-up first
        session.apply("maria_theresa", selfplay.random_action(session.state, "maria_theresa", ch))
    assert session.next_role() == "coalition" and door.active_roles(session.state)
    board = _open(ui, session, "maria_theresa")
    for _ in range(120):
        ui.frames(1)
        if isinstance(ui.top, ComputerFailedScene):
            break
        t = session.thinker
        if t is not None:
            t.thread.join(2)
    assert isinstance(ui.top, ComputerFailedScene), "the failure was never reported"
    assert broken.calls == 1  # not retried in a loop
    failed = ui.top
    assert failed.report.exists() and "divided by zero" in failed.report.read_text(encoding="utf-8")
    assert failed.save is not None and load_game(failed.save).actions == session.record.actions
    n = len(session.record.actions)
    ui.press(("level", "random"))
    for _ in range(200):
        ui.frames(1)
        if len(session.record.actions) > n:
            break
        t = session.thinker
        if t is not None:
            t.thread.join(2)
    assert len(session.record.actions) > n and ui.top is board


def test_the_crash_handler_falls_back_when_the_data_folder_cannot_be_written(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be", encoding="utf-8")
    monkeypatch.setattr(crash, "crash_dir", lambda: blocker / "crashes")
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    record = Session.new("intro", 3, 1).record
    report, save = crash.write_crash_report(RuntimeError("boom"), record=record)
    assert report.exists() and Path(report).parent == tmp_path / "tmp" / "maria-crash"
    assert save is not None and load_game(save).seed == 1
    assert save in crash.emergency_saves()


def test_emergency_saves_are_listed_on_the_load_screen(ui, dirs, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(dirs / "tmp"))
    (dirs / "tmp").mkdir()
    record = Session.new("intro", 3, 2).record
    _, save = crash.write_crash_report(RuntimeError("boom"), record=record)
    ui.press("load")
    assert isinstance(ui.top, SaveLoadScene)
    row = ui.top.button(("file", save.name))
    assert row is not None and row.enabled and "crash handler" in row.tip
