"""The FRIEDRICH new-game screen offers the advanced rules of the 2005 rulebook (§13) as options,
all off by default (the standard game)."""

from __future__ import annotations

from maria.ui.board_scene import BoardScene
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
    board = ui.app.find(BoardScene)
    assert board.session.record.options == {"east_prussia": True, "offensive_option": True}
    assert board.session.record.state["options"] == {"east_prussia": True, "offensive_option": True}
    assert "adv" in board.session.record.state


def test_F13_new_game_screen_defaults_to_the_standard_game(ui):
    ui.press(("game", "friedrich"))
    ui.press("new")
    ui.press("start")
    board = ui.app.find(BoardScene)
    assert board.session.record.state["options"] == {} and "adv" not in board.session.record.state


def test_F13_the_board_offers_the_offensive_option_as_buttons(ui):
    from maria.ui.friedrich_session import ROLES, FSession
    from tests.ui.friedrich_helpers import advance, open_board

    seats = {r: {"kind": "human" if r == "frederick" else "computer", "level": "random"} for r in ROLES[4]}
    s = advance(
        FSession.new(4, 3, seats, {"offensive_option": True}), lambda s: s.state["flow"][-1]["name"] == "oo_decision"
    )
    board = open_board(ui, s)
    labels = [b.label for b in board.buttons]
    assert "No Offensive Option" in labels
    b = next(b for b in board.buttons if b.label == "No Offensive Option")
    ui.click(b.rect.center)
    assert s.state["adv"]["oo"] == "declined"


def test_F5_the_code_of_conduct_is_on_when_a_computer_plays_and_can_be_switched(ui):
    ui.press(("game", "friedrich"))
    ui.press("new")
    for role in ("frederick", "elisabeth", "maria_theresa", "pompadour"):
        ui.press(("human", role))
    assert not ui.top.button(("option", "code_of_conduct")).selected
    ui.press(("computer", "pompadour"))
    assert ui.top.button(("option", "code_of_conduct")).selected
    ui.press("start")
    board = ui.app.find(BoardScene)
    assert board.session.record.state["options"] == {"code_of_conduct": True}


def test_F5_an_all_human_table_may_switch_the_code_of_conduct_on(ui):
    ui.press(("game", "friedrich"))
    ui.press("new")
    for role in ("frederick", "elisabeth", "maria_theresa", "pompadour"):
        ui.press(("human", role))
    ui.press(("option", "code_of_conduct"))
    ui.press("start")
    assert ui.app.find(BoardScene).session.record.state["options"] == {"code_of_conduct": True}


def test_F2_hot_seat_deals_the_roles_by_the_four_13s_and_seats_stay_choosable(ui):
    # « Les nations sont tirées au sort par les joueurs en utilisant les Cartes Tactiques suivantes :
    # ♠13, ♦13, ♥13 et ♣13 »
    ui.press(("game", "friedrich"))
    ui.press("new")
    roles = ["frederick", "elisabeth", "maria_theresa", "pompadour"]
    for role in roles:
        ui.press(("human", role))
    assert sorted(ui.top.deal) == [1, 2, 3, 4] and sorted(ui.top.deal.values()) == sorted(roles)
    ui.press(("computer", "pompadour"))  # three humans draw among their three roles
    assert sorted(ui.top.deal) == [1, 2, 3] and sorted(ui.top.deal.values()) == sorted(roles[:3])
    ui.press("choose_seats")
    assert ui.top.deal == {} and ui.top.button("choose_seats").selected
    ui.press("deal")
    assert sorted(ui.top.deal) == [1, 2, 3]
    ui.press("start")
    assert ui.app.find(BoardScene).session.record.seats["pompadour"]["kind"] == "computer"
