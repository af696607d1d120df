"""§19.3 (Saxony joins Austria): every player level answers the two new decisions of Maria Theresa
legally — the off-board Saxon general's re-entry with recruited troops (`saxony_reenter`) and the
choice among equally close empty cities for a stacked Saxon general (`relocate`, cause
"saxony_ally")."""

from __future__ import annotations

import pytest

from maria.players import LEVELS, decide, make_player
from maria.games.maria.rules import apply, legal_actions
from maria.games.maria.rules.state import board_info

from tests.rules.test_advanced_audit_a import (
    _join_austria,
    _rutowski_stacked_where_cities_tie,
    _saxony_joins_with_rutowski_off_board,
    adv_game,
)
from maria.games.maria.rules.advanced import saxony as pol_saxony


def _reenter_position():
    s = _saxony_joins_with_rutowski_off_board(["1:H5", "1:S4", "1:C3"])
    assert s["flow"][-1]["name"] == "saxony_reenter"
    return s


def _stack_position():
    s = adv_game()
    assert _rutowski_stacked_where_cities_tie(s, board_info(s)), "no position with a tie"
    s = _join_austria(s)
    assert s["flow"][-1]["name"] == "relocate"
    return s


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("position", [_reenter_position, _stack_position])
def test_R19_3_every_level_answers_saxony_joining_austria(level, position):
    s = position()
    frame = s["flow"][-1]["name"]
    a = decide(s, "maria_theresa", make_player(level, 3, budget=0.05))
    assert "choose" not in a.values()
    s2 = apply(s, "maria_theresa", a)  # legal, or apply raises
    assert s2["flow"][-1]["name"] != frame or s2["flow"][-1] != s["flow"][-1]
    if level == "easy" and frame == "saxony_reenter":
        assert s2["generals"]["rutowski"]["city"] == "dresden"  # the easy player brings him back
    if frame == "relocate":
        assert s2["generals"]["rutowski"]["city"] in pol_saxony.closest_empty_cities(s, board_info(s), "rutowski")
    assert legal_actions(s2, "maria_theresa") is not None
