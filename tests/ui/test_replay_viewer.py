"""The replay viewer (issue "learn and review"): a save opened from the Load screen is stepped
through on the board, by action and by turn, played at a speed with the live game's animations,
seen from any role's view or, once over, everything; nothing can be played in it."""

from __future__ import annotations

import pygame

from maria.games.maria.rules import door
from maria.record.saves import load_game
from maria.ui.save_load import SaveLoadScene
from maria.ui.replay_viewer import ReplayBoard, ReplayViewer


def _sample():
    from maria.paths import resource_root

    return resource_root() / "saves" / "intro-3p-finished.yaml"


def test_the_viewer_positions_are_the_games_positions():
    rec = load_game(_sample())
    v = ReplayViewer(rec)
    assert v.end == len(rec.actions) and v.state_at(v.end) == rec.state
    st = v.state_at(0)
    for i in (1, 2, 30, 57):
        st = door.apply(st, rec.actions[i - 1]["role"], rec.actions[i - 1]["action"]) if i == 1 else v.state_at(i)
        assert v.state_at(i)["log"] == st["log"]
    assert v.next_turn(0) > 0 and v.previous_turn(v.next_turn(0)) == 0


def test_watch_a_saved_game_step_by_step(ui):
    board = ui.watch("intro-3p-finished.yaml")
    assert isinstance(board, ReplayBoard) and board.index == 0 and board.acts == []
    ui.key(pygame.K_RIGHT)
    assert board.index == 1
    ui.key(pygame.K_LEFT)
    assert board.index == 0
    ui.key(pygame.K_PAGEDOWN)
    t = board.index
    assert t > 0 and board.session.state["turn"] == 2
    ui.key(pygame.K_END)
    assert board.index == board.viewer.end and door.is_over(board.session.state)
    # whose view: public, each role, and everything once the game is over
    seen = set()
    for _ in range(len(board.view_roles())):
        ui.key(pygame.K_v, "v")
        seen.add(board.seat)
    assert "everything" in seen and "maria_theresa" in seen
    while board.seat != "everything":
        ui.key(pygame.K_v, "v")
    assert all(isinstance(h, list) for h in board.v["hands"].values())
    # play from the start at the fastest speed: it advances by itself
    ui.key(pygame.K_HOME)
    board.speed = 3
    ui.press("play", scene=board)
    for _ in range(90):
        ui.app.step(1 / 30)
    assert board.index >= 3
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, SaveLoadScene)
