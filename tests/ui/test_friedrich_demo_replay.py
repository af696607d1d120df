"""FRIEDRICH's demo, replay viewer, computer-player failures and hand-off summary, driven through the
real App loop with posted mouse and key events (SDL_VIDEODRIVER=dummy): the demo plays turns by
itself, pauses, and a seat is taken over and given back; the replay viewer steps through a save
opened from the Load screen; a computer player that raises leads to the crash report, an emergency
FRIEDRICH save, the message, and the player taking the seat over or choosing another level."""

from __future__ import annotations


import pygame

from maria.record import friedrich_saves as fsaves
from maria.ui.demo import SPEEDS
from maria.ui.friedrich_panels import FHandoffScene
from maria.ui.board_scene import BoardScene
from maria.ui.overlays import ComputerFailedScene
from maria.ui.replay_viewer import FReplayBoard
from maria.ui.save_load import SaveLoadScene

from tests.ui.friedrich_helpers import advance, open_board, session


def _title_friedrich(ui):
    ui.press(("game", "friedrich"))
    assert ui.app.game_choice == "friedrich"


def _run(ui, board, until, seconds: float = 20.0) -> None:
    """Frames with a mouse move each (the events keep coming) until `until()`; the worker thread
    gets a moment now and then to finish its decision."""
    i = 0
    while not until():
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(400 + i % 50, 300), rel=(1, 0), buttons=(0, 0, 0))
        )
        ui.app.step(1 / 60)
        if board.session.thinker is not None:
            board.session.thinker.thread.join(0.05)
        i += 1
        assert i < seconds * 2000, "not reached"  # a bound on frames, not on seconds


def test_the_friedrich_demo_plays_turns_pauses_and_a_seat_is_taken_over(ui):
    _title_friedrich(ui)
    ui.press("demo")
    board = ui.top
    assert isinstance(board, BoardScene) and board.demo is not None and board.seat is None
    s = board.session
    assert len(s.seats) == 4 and all(s.is_computer(r) for r in s.seats)
    board.demo.speed = len(SPEEDS) - 1
    _run(ui, board, lambda: s.state["turn"] >= 2 and len(s.record.actions) > 40)
    assert s.humans() == [] and board.seat is None  # the public board all along

    ui.key(pygame.K_SPACE, " ", frames=2)  # pause: nothing more is played
    assert board.demo.paused
    if s.thinker is not None:
        s.thinker.thread.join(5)
    n = len(s.record.actions)
    ui.frames(30)
    assert len(s.record.actions) == n
    ui.key(pygame.K_SPACE, " ", frames=2)
    assert not board.demo.paused

    ui.key(pygame.K_4, "4", frames=2)  # seat 4 (Pompadour): a human now
    assert not s.is_computer("pompadour") and board.seat == "pompadour"
    ui.key(pygame.K_4, "4", frames=2)  # and back to the computer
    assert s.is_computer("pompadour") and board.seat is None
    n = len(s.record.actions)
    _run(ui, board, lambda: len(s.record.actions) > n + 5)  # the demo goes on


def test_the_demo_never_replaces_the_players_friedrich_autosave(ui, dirs):
    from maria.ui.session import autosaves

    _title_friedrich(ui)
    ui.press("demo")
    board = ui.top
    board.demo.speed = len(SPEEDS) - 1
    _run(ui, board, lambda: len(board.session.record.actions) > 10)
    ui.key(pygame.K_ESCAPE)
    if ui.top is not board and hasattr(ui.top, "button") and ui.top.button("leave"):
        ui.press("leave")
    assert autosaves() == []


def test_the_replay_viewer_steps_through_a_friedrich_save_from_the_load_screen(ui, dirs):
    from maria.ui.settings import saves_dir

    s = advance(session(players=3, humans=()), lambda s: s.state["turn"] >= 3)
    saves_dir().mkdir(parents=True, exist_ok=True)
    s.save(saves_dir() / "fwatch.yaml")
    _title_friedrich(ui)
    viewer = ui.watch("fwatch.yaml")
    assert isinstance(viewer, FReplayBoard) and viewer.index == 0 and viewer.legal == []
    assert viewer.viewer.end == len(s.record.actions)
    ui.key(pygame.K_RIGHT)
    assert viewer.index == 1 and viewer.session.state["log"] == viewer.viewer.state_at(1)["log"]
    ui.key(pygame.K_LEFT)
    assert viewer.index == 0
    ui.key(pygame.K_PAGEDOWN)
    assert viewer.index > 0 and viewer.session.state["turn"] == 2
    ui.press("step", scene=viewer)
    k = viewer.index
    ui.press("back_one", scene=viewer)
    assert viewer.index == k - 1
    ui.key(pygame.K_END)
    assert viewer.index == viewer.viewer.end and fsaves.digest(viewer.session.state) == fsaves.digest(s.state)
    # whose view: a game still being played, with nobody seated, shows the public board only
    ui.key(pygame.K_v, "v")
    assert viewer.seat is None
    # play from the start at the fastest speed: it advances by itself; nothing is ever played
    ui.key(pygame.K_HOME)
    from maria.ui import replay_viewer

    viewer.speed = len(replay_viewer.SPEEDS) - 1
    ui.press("play", scene=viewer)
    ui.frames(90)
    assert viewer.index > 3 and viewer.playing
    assert len(s.record.actions) == viewer.viewer.end
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, SaveLoadScene)


class _Broken:
    def decide(self, state, role):
        self.calls = getattr(self, "calls", 0) + 1
        raise RuntimeError("the planner divided by zero")


def _failing_board(ui, humans):
    s = advance(session(players=4, humans=humans), lambda s: "frederick" in s.active())
    broken = _Broken()
    broken._level = s.level_of("frederick")  # FSession.player_for keeps it
    s.players["frederick"] = broken
    board = open_board(ui, s)
    for _ in range(100):
        if isinstance(ui.top, ComputerFailedScene):
            break
        if isinstance(ui.top, FHandoffScene):
            ui.press("ready")
        ui.frames(1)
    assert isinstance(ui.top, ComputerFailedScene), "the failure was never reported"
    assert broken.calls == 1  # not retried in a loop
    return s, board, ui.top


def test_a_raising_friedrich_computer_is_reported_like_a_crash_and_the_seat_taken_over(ui, dirs):
    s, board, failed = _failing_board(ui, ("maria_theresa",))
    assert failed.report.exists() and "divided by zero" in failed.report.read_text(encoding="utf-8")
    assert failed.save is not None and fsaves.load(failed.save).actions == s.record.actions
    ui.frames(1)
    assert {b.key for b in failed.buttons} == {
        "take_over",
        ("level", "easy"),
        ("level", "normal"),
        ("level", "hard"),
    }  # the failed level is not offered
    ui.press("take_over")
    assert not s.is_computer("frederick")
    while isinstance(ui.top, FHandoffScene):  # two humans now: "Pass to Frederick"
        ui.press("ready")
    # Frederick's decision is now a human's: at the screen, or waiting behind Maria Theresa's
    assert ui.top is board and board.legal and "frederick" in s.active() and not s.computer_to_act()
    assert board.seat == "frederick" or board.seat == "maria_theresa" and "maria_theresa" in s.active()


def test_a_raising_friedrich_computer_goes_on_with_another_level(ui, dirs):
    s, board, failed = _failing_board(ui, ("maria_theresa",))
    n = len(s.record.actions)
    ui.press(("level", "easy"))
    assert s.level_of("frederick") == "easy" and ui.top is board
    for _ in range(200):
        ui.frames(1)
        if len(s.record.actions) > n:
            break
        if s.thinker is not None:
            s.thinker.thread.join(1)
    assert len(s.record.actions) > n


def test_the_hand_off_says_what_the_others_did_since_the_players_last_look(ui, dirs):
    s = advance(
        session(players=4, humans=("frederick", "maria_theresa")),
        lambda s: s.state["turn"] >= 2 and "frederick" in s.active(),
    )
    board = open_board(ui, s)
    while isinstance(ui.top, FHandoffScene):
        ui.press("ready")
    assert board.seat == "frederick"
    seen = len(s.state["log"])
    # Frederick's turn ends; the others (computers and Maria Theresa) act
    advance(s, lambda s: "maria_theresa" in s.active() and "frederick" not in s.active())
    board.after_change()
    ui.frames(1)
    assert isinstance(ui.top, FHandoffScene) and ui.top.role == "maria_theresa"
    assert ui.top.since == []  # she never looked: nothing to catch up on
    assert s.autosave_file is not None and s.autosave_file.exists()  # a hand-off autosaves, as in MARIA
    ui.press("ready")
    assert board.seat == "maria_theresa"
    advance(s, lambda s: "frederick" in s.active() and "maria_theresa" not in s.active())
    board.after_change()
    ui.frames(1)
    assert isinstance(ui.top, FHandoffScene) and ui.top.role == "frederick"
    assert ui.top.since and ui.top.since == s.state["log"][seen:][-len(ui.top.since) :]
    assert all(e in s.state["log"][seen:] for e in ui.top.since)
