"""FRIEDRICH 2005 rules: details of the engine's behaviour that a one-line change could break
without any other test failing (found by tools/mutate_friedrich.py), each named after its rule."""

from __future__ import annotations

from tests.friedrich.conftest import act, actions, armies, clear_map, hand, put
from tests.friedrich.test_advanced_rules import draw, next_turn


def test_F13_fate_2_hearts_the_log_tells_that_apraxin_lost_an_army_and_only_then():
    s = draw("2", "hearts", lambda s: (clear_map(s), put(s, apraxin="b6"), armies(s, apraxin=3)))
    assert any(e["text"] == "Apraxin loses an army (Fate)." for e in s["log"])
    s = draw("2", "hearts", lambda s: (clear_map(s), put(s, apraxin="b6"), armies(s, apraxin=1)))
    assert not any("loses an army" in e["text"] for e in s["log"])


def test_F13_fate_7_diamonds_a_score_of_zero_is_not_above_zero_frederick_plays_his_reserve():
    # ruling F13-5: the stop at zero that §7 allows a side holding only Reserves is gone too
    s = next_turn(draw("7", "diamonds"), "prussia", fritz="b3", saltikov="b4")
    armies(s, fritz=3, saltikov=3)
    hand(s, "prussia", ["1:R1"])
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "b3", "to": "b4"})
    assert s["flow"][-1]["score"] == 0
    acts = actions(s)
    assert {"type": "stop"} not in acts and any(a.get("card") == "1:R1" for a in acts)


def test_F3_france_s_four_fresh_cards_are_hidden_from_the_other_roles_while_it_discards():
    # « Même des joueurs alliés n'ont pas le droit de se montrer leurs CT »
    from maria.friedrich.rules import door
    from tests.friedrich.conftest import new, passive
    s = new()
    while not (s["flow"][-1]["name"] == "tc" and s["flow"][-1]["nation"] == "france"):
        s = passive(s)
    drawn = s["flow"][-1]["drawn"]
    assert door.view(s, "pompadour")["flow"][-1]["drawn"] == drawn
    for other in ("frederick", "elisabeth", "maria_theresa", None):
        assert door.view(s, other)["flow"][-1]["drawn"] == 4
