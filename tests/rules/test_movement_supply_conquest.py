import pytest

from maria.games.maria.rules import IllegalAction, apply, legal_actions
from maria.games.maria.rules.conquest import protected
from maria.games.maria.rules.state import controller
from maria.games.maria.rules.supply import supply_status
from tests.rules.helpers import advance_to, allocated_game, info, place


def _movement(s=None):
    s = s or allocated_game()
    return advance_to(s, "movement_phase")  # France+Bavaria, turn 1


def test_R10_2_general_moves_3_or_4_on_main_roads():
    s = _movement()
    place(s, "broglie", "c02")  # row 2 is a main road
    s = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c02", "c12", "c22", "c32", "c22"]})
    assert s["generals"]["broglie"]["city"] == "c22"
    s = _movement()
    with pytest.raises(IllegalAction, match="moves 3 cities"):
        apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c10", "c11", "c12", "c11", "c12"]})


def test_R10_4_no_passing_through_pieces_and_message_names_the_occupant():
    s = _movement()
    place(s, "karl", "c12")
    with pytest.raises(IllegalAction, match="c12 is occupied by Karl v. Lothringen \\(Austria\\): a piece may not"):
        apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c10", "c11", "c12", "c13"]})


def test_R10_4_enemy_train_eliminated_and_move_continues():
    s = _movement()
    place(s, "broglie", "c32")
    s["trains"]["austria_t3"]["city"] = "c33"
    from maria.games.maria.rules.state import rebuild_index

    rebuild_index(s)
    s = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c32", "c33", "c34"]})
    assert s["trains"]["austria_t3"]["city"] is None and s["generals"]["broglie"]["city"] == "c34"


def test_R10_5_force_march_8_on_main_roads_not_next_to_enemies():
    s = _movement()
    place(s, "broglie", "c02")
    acts = legal_actions(s, "louis_xv")
    assert {"type": "force_march", "piece": "broglie"} in acts
    s2 = apply(s, "louis_xv", {"type": "force_march", "piece": "broglie"})
    steps = [a["to"] for a in legal_actions(s2, "louis_xv") if a["type"] == "step"]
    assert steps == ["c12"]
    with pytest.raises(IllegalAction, match="adjacent to an enemy piece|enemy-controlled fortress"):
        apply(
            s,
            "louis_xv",
            {"type": "move", "piece": "broglie", "force_march": True, "path": ["c02", "c12", "c22", "c32", "c42"]},
        )


def test_R10_12_conquest_when_moving_out_of_unprotected_fortress_and_R10_16_marker():
    s = _movement()
    for gid in ("karl", "traun", "khevenhueller", "batthyany", "neipperg"):
        place(s, gid, None)
    place(s, "broglie", "c22")
    s = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c22", "c32", "c33"]})
    assert controller(s, info(s), "c22") == "france" and controller(s, info(s), "c32") == "france"
    assert s["markers"]["c22"] == "france"


def test_R10_13_R10_15_protected_fortress_gets_question_mark():
    s = _movement()
    place(s, "broglie", "c22")  # Karl at c42 is 2 away
    assert protected(s, info(s), "c22")
    s = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c22", "c12"]})
    assert s["qmarks"] == {"c22": "france"} and controller(s, info(s), "c22") == "austria"


def test_R9_2_home_R9_3_path_to_own_train_and_R9_6_hussar_tax():
    s = allocated_game()
    i = info(s)
    assert supply_status(s, i, "toerring")[0] == "home"
    place(s, "broglie", "c22")
    assert supply_status(s, i, "broglie") == ("free", 3)  # c22 -> c12 -> c02 -> c01
    s["hussars"]["hussar1"] = "c12"
    s["hussars"]["hussar2"] = "c21"
    place(s, "toerring", "c20")
    s["trains"]["bavaria_t1"]["city"] = "c30"
    from maria.games.maria.rules.state import rebuild_index

    rebuild_index(s)
    status = supply_status(s, i, "broglie")
    assert status[0] in ("tax", "free")


def test_R9_4_out_of_supply_face_down_and_loses_one():
    from maria.games.maria.rules.supply import apply_supply

    s = allocated_game()
    apply_supply(s, info(s), "broglie", False)
    assert not s["generals"]["broglie"]["face_up"] and s["generals"]["broglie"]["troops"] == 4
    apply_supply(s, info(s), "broglie", False)
    assert s["generals"]["broglie"]["troops"] == 2
    apply_supply(s, info(s), "broglie", True)
    assert s["generals"]["broglie"]["face_up"]


def test_R8_2_R14_2_intro_income_france_2_bavaria_2_in_turn_1():
    s = allocated_game()
    s = _movement(s)
    hands = s["cards"]["hands"]
    assert len(hands["france"]) == 2 + 2 and len(hands["bavaria"]) == 5 + 2


def test_undo_offered_after_a_step_and_restores():
    s = _movement()
    s1 = apply(s, "louis_xv", {"type": "move", "piece": "broglie"})
    assert {"type": "undo"} in legal_actions(s1, "louis_xv")
    s0 = apply(s1, "louis_xv", {"type": "undo"})
    assert s0["flow"] == s["flow"] and s0["generals"] == s["generals"]
