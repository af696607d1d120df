import pytest
import yaml

from maria.games.maria.rules import IllegalAction, active_roles, apply, legal_actions, new_game, view
from tests import testboard
from maria.games.maria.rules import cards
from tests.rules.helpers import ALLOC, allocated_game
from tests import yamlc


def test_R4_9_allocation_offered_secretly_to_all_three_roles_at_once():
    s = new_game(board=testboard.build())
    assert set(active_roles(s)) == {"louis_xv", "frederick", "maria_theresa"}
    t = [a for a in legal_actions(s, "frederick") if a["power"] == "prussia"][0]
    assert t["troops"] == "choose" and t["total"] == 22 and t["generals"]["dessauer"]["min"] == 6


@pytest.mark.parametrize(
    "troops,msg",
    [
        ({"friedrich": 9, "schwerin": 3, "leopold": 4, "dessauer": 6}, "between 1 and 8"),
        ({"friedrich": 8, "schwerin": 5, "leopold": 3, "dessauer": 6}, "between 4 and 8"),
        ({"friedrich": 8, "schwerin": 4, "leopold": 4, "dessauer": 7}, "exactly 22"),
        ({"friedrich": 8, "schwerin": 4, "leopold": 4}, "missing"),
    ],
)
def test_R4_9_allocation_limits_are_enforced_and_refusal_leaves_state_untouched(troops, msg):
    s = new_game(board=testboard.build())
    before = yamlc.dump(s)
    with pytest.raises(IllegalAction, match=msg):
        apply(s, "frederick", {"type": "allocate", "power": "prussia", "troops": troops})
    assert yamlc.dump(s) == before


def test_R4_9_rulebook_example_prussia_8_4_4_6_is_legal():
    s = new_game(board=testboard.build())
    s2 = apply(s, "frederick", {"type": "allocate", "power": "prussia", "troops": ALLOC["prussia"]})
    assert s2["generals"]["friedrich"]["troops"] == 8
    assert s["generals"]["friedrich"]["troops"] == 0  # caller's state not mutated


def test_R4_8_initial_hands_and_R4_6_deck_of_38_cards():
    s = new_game(board=testboard.build())
    hands = s["cards"]["hands"]
    assert {p: len(h) for p, h in hands.items()} == {"france": 2, "bavaria": 5, "prussia": 9, "saxony": 3, "austria": 5}
    assert "pragmatic_army" not in hands  # R14.2 / RUL-04
    assert len(cards.deck_cards(1)) == 38 and cards.total_cards(s) == 4 * 38


def test_R4_7_R3_8_silesian_markers_and_control():
    from maria.games.maria.rules.state import board_info, controller

    s = new_game(board=testboard.build())
    info = board_info(s)
    assert controller(s, info, "c35") == "prussia" and controller(s, info, "c44") == "austria"
    assert controller(s, info, "c32") == "austria"  # unmarked home-country fortress


def test_R14_1_flanders_ostpreussen_silesia_box_and_pa_out_of_play():
    s = new_game(board=testboard.build())
    g, t = s["generals"], s["trains"]
    assert not g["moritz"]["in_play"] and not g["arenberg"]["in_play"] and not g["dessauer"]["in_play"]
    assert not g["george"]["in_play"] and not t["prussia_t2"]["in_play"] and not t["austria_t1"]["in_play"]
    assert g["friedrich"]["in_play"] and t["austria_t2"]["in_play"]


def test_view_hides_other_hands_troops_and_deck_order():
    s = allocated_game()
    v = view(s, "louis_xv")
    assert isinstance(v["hands"]["france"], list) and v["hands"]["prussia"] == 9
    assert v["generals"]["friedrich"]["troops"] is None and v["generals"]["broglie"]["troops"] == 5
    assert v["troop_totals"]["prussia"] == 16  # R6.5 public total (Dessauer out of play)
    assert isinstance(v["draw_deck"], int)
    o = view(s, "observer")
    assert all(isinstance(h, int) for h in o["hands"].values())
    assert all(x["troops"] is None for x in o["generals"].values())


def test_state_is_plain_data_and_round_trips_through_yaml():
    s = allocated_game()
    text = yamlc.dump(s)
    back = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    assert back == s


def test_same_seed_same_game():
    board = testboard.build()
    a, b = allocated_game(board, seed=7), allocated_game(board, seed=7)
    assert a == b and allocated_game(board, seed=8)["cards"]["draw"] != a["cards"]["draw"]


def test_R24_1_two_player_roles_table():
    s = new_game(board=testboard.build(), players=2)
    assert s["roles"] == {"coalition": ["france", "bavaria", "prussia", "saxony"], "maria_theresa": ["austria"]}
