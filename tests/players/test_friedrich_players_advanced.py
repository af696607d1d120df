"""FRIEDRICH's computer players with the advanced rules (2005 rules §13): every level answers the
new decisions legally (the Offensive Option in turn 3, the East Prussia retake, the choices of the
clubs, hearts and diamonds Cards of Fate), from its role's view only, and easy players play a whole
advanced game through."""

from __future__ import annotations

import pytest

from maria.games.friedrich.rules import door
from maria.players.friedrich import LEVELS, decide, make_player
from maria.players.friedrich.tournament import play_game
from tests.friedrich.conftest import armies, clear_map, hand, put
from tests.friedrich.test_advanced_rules import _east_prussia_left_empty, _turn_3, draw


def _positions() -> list[dict]:
    out = [_turn_3(), _east_prussia_left_empty()]
    out.append(draw("1", "hearts", lambda s: (hand(s, "austria", ["1:H2"]), hand(s, "russia", ["1:S9"]))))
    out.append(draw("4", "hearts", lambda s: hand(s, "france", ["1:C2", "1:H12"])))
    out.append(draw("6", "diamonds", lambda s: (clear_map(s), put(s, fritz="b3", heinrich="b3"))))
    out.append(draw("9", "diamonds", lambda s: (hand(s, "prussia", ["1:S2", "1:D13"]), hand(s, "austria", ["1:H13"]))))
    out.append(
        draw("10", "clubs", lambda s: (clear_map(s), put(s, fritz="a0", heinrich="b0"), armies(s, fritz=2, heinrich=3)))
    )
    out.append(
        draw(
            "11",
            "clubs",
            lambda s: (clear_map(s), put(s, cumberland="b1", ferdinand="c1"), armies(s, cumberland=2, ferdinand=2)),
        )
    )
    out.append(draw("12", "hearts", lambda s: (clear_map(s), put(s, hild="b4"), s["adv"].update(lost=["hild"]))))
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_F13_every_level_answers_the_advanced_decisions_legally(level):
    kinds = []
    for i, s in enumerate(_positions()):
        top = s["flow"][-1]
        kinds.append(top["name"] + ":" + top.get("kind", ""))
        for role in door.active_roles(s):
            door.apply(s, role, decide(s, role, make_player(level, i)))
    assert kinds == [
        "oo_decision:",
        "ep_check:",
        "adv_choice:swap",
        "adv_choice:redraw",
        "adv_choice:flip",
        "adv_choice:tc_exchange",
        "adv_choice:lose_army",
        "adv_choice:gain_army",
        "adv_choice:west",
    ]


def test_F13_easy_players_play_a_whole_advanced_game():
    s = play_game(
        3, 7, {"frederick": "easy", "elisabeth_pompadour": "easy", "maria_theresa": "easy"}, options={"advanced": True}
    )
    assert s["result"]["winners"] and s["options"]["offensive_option"]
