"""A whole introductory game played through the real UI loop: every seat set to computer on the
new-game screen, the loop running frame by frame until the game-over screen (events are still
handled between computer moves)."""

from __future__ import annotations

import pygame

from maria.games.maria.rules import door
from maria.ui.board_scene import BoardScene
from maria.ui.scenes import SetupScene
from maria.ui.game_menu import GameOverScene


def test_a_whole_three_player_game_through_the_ui_loop(ui):
    ui.press("new")
    assert isinstance(ui.top, SetupScene)
    ui.press(("players", 3))
    for role in ("maria_theresa", "frederick", "louis_xv"):
        ui.press(("computer", role))
    ui.press("start")
    board = ui.app.find(BoardScene)
    assert board is not None and all(board.session.is_computer(r) for r in ("maria_theresa", "frederick", "louis_xv"))
    zoom0 = board.view.zoom
    frames = 0
    while not isinstance(ui.top, GameOverScene) and frames < 20000:
        if frames == 50:  # the window stays responsive while the computers play
            ui.key(pygame.K_PLUS, "+", frames=1)
        ui.frames(10)
        frames += 10
    assert isinstance(ui.top, GameOverScene), f"no game over after {frames} frames"
    assert board.view.zoom > zoom0
    state = board.session.state
    assert door.is_over(state) and door.result(state)["winner"]
    assert len(board.session.record.actions) > 100
