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
    from maria.games.friedrich.rules import door
    from tests.friedrich.conftest import new, passive

    s = new()
    while not (s["flow"][-1]["name"] == "tc" and s["flow"][-1]["nation"] == "france"):
        s = passive(s)
    drawn = s["flow"][-1]["drawn"]
    assert door.view(s, "pompadour")["flow"][-1]["drawn"] == drawn
    for other in ("frederick", "elisabeth", "maria_theresa", None):
        assert door.view(s, other)["flow"][-1]["drawn"] == 4


def test_F13_fate_7_diamonds_a_card_that_leaves_frederick_below_zero_does_not_free_him_to_stop():
    s = next_turn(draw("7", "diamonds"), "prussia", fritz="b3", saltikov="b4")
    armies(s, fritz=2, saltikov=5)
    hand(s, "prussia", ["1:S2", "1:S9"])
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "b3", "to": "b4"})
    s = act(s, {"type": "play_card", "card": "1:S2"})  # -3 + 2 = -1, the S9 still in hand
    assert s["flow"][-1]["score"] == -1 and {"type": "stop"} not in actions(s)


def test_F13_fate_11_clubs_no_choice_when_no_hanoverian_general_can_gain_an_army():
    s = draw("11", "clubs", lambda s: clear_map(s))  # Hanover's generals off the map
    assert s["flow"][-1]["name"] not in ("adv_choice", "fate_choice") and s["turn"] == 7


def test_F13_east_prussia_nothing_is_retaken_while_russia_holds_only_part_of_it():
    from tests.friedrich.test_advanced_rules import EP, new_adv
    from tests.friedrich.conftest import to_phase

    s = clear_map(to_phase(new_adv(EP), "russia"))
    put(s, saltikov="c6", r_train="c5")
    s["conquered"].update({"a0": "russia", "a1": "russia"})  # a2 still Prussian
    s = act(s, {"type": "end_movement"})
    s = to_phase(s, "sweden")
    assert s["conquered"] == {"a0": "russia", "a1": "russia"}


def test_F7_during_a_combat_the_roles_not_playing_have_no_action():
    from maria.games.friedrich.rules import door
    from tests.friedrich.conftest import new

    s = clear_map(new())
    put(s, fritz="b2", saltikov="b3")
    armies(s, fritz=2, saltikov=5)
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "b2", "to": "b3"})
    assert s["flow"][-1]["name"] == "duel"
    for other in ("elisabeth", "maria_theresa", "pompadour"):
        assert door.legal_actions(s, other) == []


def test_F13_fate_12_clubs_ehrensvaerd_exactly_6_cities_from_his_train_turns_face_down_too():
    s = draw("12", "clubs", lambda s: (clear_map(s), put(s, ehren="a0", s_train="a6")))
    assert s["generals"]["ehren"]["face_down"]


def test_F1_a_new_game_is_for_four_players_unless_told_otherwise():
    from maria.games.friedrich.rules import door
    from maria.games.friedrich.rules.tables import ROLES_4P

    s = door.new_game(seed=1)
    assert s["players"] == 4 and set(s["roles"]) == set(ROLES_4P)


def test_F4_a_refused_step_says_why_not_adjacent_or_beyond_the_range():
    import pytest

    from maria.engine.state import IllegalAction
    from tests.friedrich.conftest import new

    s = clear_map(new())
    put(s, fritz="a0")
    s = act(s, {"type": "move", "pieces": ["fritz"]})
    with pytest.raises(IllegalAction, match="adjacent city"):
        act(s, {"type": "step", "to": "a2"})
    for c in ("a1", "a2", "a3"):  # main roads: a fourth city
        s = act(s, {"type": "step", "to": c})
    assert {"type": "step", "to": "a4"} in actions(s)
    with pytest.raises(IllegalAction, match="range"):
        act(s, {"type": "step", "to": "b3"})  # an ordinary road


def test_F10_a_malformed_recruitment_is_refused_with_a_reason():
    import pytest

    from maria.engine.state import IllegalAction
    from tests.friedrich.conftest import new

    s = clear_map(new())
    put(s, fritz="b2")
    armies(s, fritz=2)
    hand(s, "prussia", ["1:S6"])
    for bad in (
        {"armies": [], "enter": {}, "cards": ["1:S6"]},
        {"armies": {"fritz": 1}, "enter": [], "cards": ["1:S6"]},
        {"armies": {"fritz": 1}, "enter": {}, "cards": "1:S6"},
    ):
        with pytest.raises(IllegalAction, match="names armies per general"):
            act(s, {"type": "recruit", "nation": "prussia", **bad})


def test_F6_a_general_coming_back_receives_at_most_8_armies():
    import pytest

    from maria.engine.state import IllegalAction
    from tests.friedrich.conftest import new

    s = clear_map(new())
    put(s, fritz="b2")
    armies(s, fritz=1, keith=0)
    hand(s, "prussia", ["1:S13", "1:H13", "1:D13", "1:C13", "1:S2"])  # 54 points: 9 armies
    with pytest.raises(IllegalAction, match="8 armies"):
        act(
            s,
            {
                "type": "recruit",
                "nation": "prussia",
                "armies": {"keith": 9},
                "enter": {"keith": "c0"},
                "cards": ["1:S13", "1:H13", "1:D13", "1:C13", "1:S2"],
            },
        )


def test_F4_the_log_names_the_generals_of_a_moving_stack():
    from tests.friedrich.conftest import new

    s = clear_map(new())
    put(s, fritz="b2", heinrich="b2")
    s = act(s, {"type": "move", "pieces": ["fritz", "heinrich"]})
    s = act(s, {"type": "step", "to": "b3"})
    s = act(s, {"type": "stop"})
    assert s["log"][-1]["text"] == "Friedrich + Heinrich moves to B3."
