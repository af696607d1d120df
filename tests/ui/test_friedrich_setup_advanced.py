"""The FRIEDRICH new-game screen offers the advanced rules of the 2005 rulebook (§13) as options,
all off by default (the standard game)."""

from __future__ import annotations

from maria.ui.friedrich_scene import FBoardScene
from maria.ui.friedrich_setup import FSetupScene


def test_F13_new_game_screen_switches_on_advanced_rules(ui):
    ui.press(("game", "friedrich"))
    ui.press("new")
    assert isinstance(ui.top, FSetupScene)
    assert not ui.top.button(("option", "east_prussia")).selected
    ui.press(("option", "east_prussia"))
    ui.press(("option", "offensive_option"))
    assert ui.top.button(("option", "east_prussia")).selected
    ui.press("start")
    board = ui.app.find(FBoardScene)
    assert board.session.record.options == {"east_prussia": True, "offensive_option": True}
    assert board.session.record.state["options"] == {"east_prussia": True, "offensive_option": True}
    assert "adv" in board.session.record.state


def test_F13_new_game_screen_defaults_to_the_standard_game(ui):
    ui.press(("game", "friedrich"))
    ui.press("new")
    ui.press("start")
    board = ui.app.find(FBoardScene)
    assert board.session.record.state["options"] == {} and "adv" not in board.session.record.state
