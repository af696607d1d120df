"""FRIEDRICH 2005 rules §1 (roles; the 3-player game), "Commencer" set-up and §6 (secret
allocation, 1-8 armies per general), §3 (the deck, income, France's discard), §2 (the order of
the nation turns, nations that left are skipped)."""

import pytest

from maria.engine.state import IllegalAction
from maria.games.friedrich.rules import door
from maria.games.friedrich.rules.cards import income
from tests.friedrich.conftest import act, actions, allocate_all, hand, new, passive, small_board, to_phase


def test_F1_four_roles_and_in_the_3_player_game_elisabeth_and_pompadour_are_one_player():
    s4 = door.new_game(4, 1, board=small_board())
    assert s4["roles"] == {
        "frederick": ["prussia", "hanover"],
        "elisabeth": ["russia", "sweden"],
        "maria_theresa": ["austria", "imperial_army"],
        "pompadour": ["france"],
    }
    s3 = door.new_game(3, 1, board=small_board())
    assert s3["roles"]["elisabeth_pompadour"] == ["russia", "sweden", "france"] and len(s3["roles"]) == 3
    with pytest.raises(ValueError):
        door.new_game(2, 1, board=small_board())


def test_F1_set_up_hands_are_empty_and_one_shuffled_50_card_deck_is_the_draw_pile():
    s = door.new_game(4, 7, board=small_board())
    assert all(h == [] for h in s["cards"]["hands"].values())
    draw = s["cards"]["draw"]
    assert len(draw) == 50 and len(set(draw)) == 50 and all(c.startswith("1:") for c in draw)
    assert sorted(c for c in draw if ":R" in c) == ["1:R1", "1:R2"]
    assert {int(c[3:]) for c in draw if ":R" not in c} == set(range(2, 14))
    assert [len(d) for d in s["cards"]["aside"]] == [50, 50, 50]
    assert draw != door.new_game(4, 8, board=small_board())["cards"]["draw"]  # the seed shuffles
    assert len(s["fate"]["deck"]) == 18


def test_F6_each_nation_secretly_gives_each_general_1_to_8_armies_its_total_exactly():
    s = door.new_game(4, 1, board=small_board())
    assert s["flow"][-1]["name"] == "allocation"
    assert s["generals"]["ehren"]["armies"] == 4  # one general: all of Sweden's 4
    t = [a for a in actions(s, "pompadour") if a["nation"] == "france"][0]
    assert t["total"] == 20 and t["generals"] == ["richelieu", "soubise", "chevert"]
    base = {"type": "allocate", "nation": "france"}
    with pytest.raises(IllegalAction, match="at most 8"):
        act(s, {**base, "armies": {"richelieu": 9, "soubise": 6, "chevert": 5}}, "pompadour")
    with pytest.raises(IllegalAction, match="exactly"):
        act(s, {**base, "armies": {"richelieu": 7, "soubise": 5, "chevert": 7}}, "pompadour")
    s = act(s, {**base, "armies": {"richelieu": 7, "soubise": 5, "chevert": 8}}, "pompadour")
    assert s["generals"]["chevert"]["armies"] == 8
    assert door.view(s, "frederick")["generals"]["chevert"]["armies"] is None


def test_F3_income_and_its_cuts():
    s = new()
    assert [income(s, n) for n in ("prussia", "hanover", "russia", "sweden", "austria", "imperial_army", "france")] == [
        (7, 0),
        (2, 0),
        (4, 0),
        (1, 0),
        (5, 0),
        (1, 0),
        (4, 1),
    ]
    s["fate"]["subsidy_cuts"] = 1
    assert income(s, "prussia") == (5, 0)
    s["fate"]["subsidy_cuts"] = 2
    assert income(s, "prussia") == (4, 0)
    s["fate"]["colonies"] = 1
    assert income(s, "austria") == (4, 0) and income(s, "france") == (3, 0)
    s["left"].append("france")
    assert income(s, "hanover") == (1, 0)


def test_F3_france_draws_four_and_discards_one_of_them_at_once():
    s = new()
    while not (s["flow"][-1]["name"] == "tc" and s["flow"][-1]["nation"] == "france"):
        s = passive(s)
    hand_before = [c for c in s["cards"]["hands"]["france"] if c not in s["flow"][-1]["drawn"]]
    drawn = s["flow"][-1]["drawn"]
    assert len(drawn) == 4
    assert sorted(a["card"] for a in actions(s, "pompadour")) == drawn
    s = act(s, {"type": "discard", "card": drawn[0]}, "pompadour")
    assert sorted(s["cards"]["hands"]["france"]) == sorted(hand_before + drawn[1:])


def test_F2_the_nation_turns_go_in_order_and_nations_that_left_are_skipped():
    s = allocate_all(door.new_game(4, 3, board=small_board()))
    s["left"].append("sweden")
    s = to_phase(s, "prussia", turn=2)
    order = [e["power"] for e in s["log"] if e["text"].startswith("Turn 1:")]
    assert order == ["prussia", "hanover", "russia", "austria", "imperial_army", "france"]


def test_F2_supply_is_checked_last_after_this_turn_s_movement_and_combat():
    from tests.friedrich.conftest import armies, clear_map, put

    s = clear_map(to_phase(new(), "russia"))
    put(s, saltikov="c6", fritz="a4")
    armies(s, saltikov=8, fritz=1)
    hand(s, "prussia", [])
    s = act(s, {"type": "move", "pieces": ["saltikov"]})
    for c in ("b6", "a6", "a5"):
        s = act(s, {"type": "step", "to": c})  # off its depot, no train near: cut off
    assert not s["generals"]["saltikov"]["face_down"]
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "a5", "to": "a4"})
    s = act(s, {"type": "stop"}, "frederick")  # Friedrich loses his only army
    assert s["generals"]["fritz"]["city"] is None
    assert s["generals"]["saltikov"]["face_down"]  # then phase 5 flips the Russian


def test_hands_belong_to_nations_and_stay_hidden_from_every_other_role():
    s = new()
    hand(s, "prussia", ["1:S5"])
    hand(s, "russia", ["1:H5"])
    v = door.view(s, "elisabeth")
    assert v["cards"]["hands"] == {"russia": ["1:H5"], "sweden": []}
    assert v["cards"]["hand_counts"]["prussia"] == 1
    assert isinstance(v["cards"]["draw"], int) and "rng" not in v and isinstance(v["fate"]["deck"], int)
    assert v["generals"]["fritz"]["armies"] is None and v["generals"]["saltikov"]["armies"] is not None
    assert v["army_totals"]["prussia"] == sum(
        g["armies"] for g in s["generals"].values() if g["nation"] == "prussia" and g["city"]
    )


def test_the_door_refuses_with_a_reason_and_never_changes_the_given_state():
    s = new()
    before = repr(s)
    with pytest.raises(IllegalAction, match="not elisabeth's turn"):
        door.apply(s, "elisabeth", {"type": "end_movement"})
    with pytest.raises(IllegalAction, match="cannot move now"):
        door.apply(s, "frederick", {"type": "move", "pieces": ["saltikov"]})
    door.apply(s, "frederick", {"type": "end_movement"})
    assert repr(s) == before
