"""FRIEDRICH 2005 rules §4 (movement, stacking) and §9 (trains destroyed, face-down merging),
§6 (transfers inside a stack).  Test names: F<printed section>_..."""

from maria.engine.state import IllegalAction
import pytest

from maria.games.friedrich.rules import door

from tests.friedrich.conftest import act, actions, armies, clear_map, new, put


def _walk(s, pieces, path):
    s = act(s, {"type": "move", "pieces": pieces})
    for c in path:
        s = act(s, {"type": "step", "to": c})
    return s


def _steps(s):
    return sorted(a["to"] for a in actions(s) if a["type"] == "step")


def test_F4_a_general_moves_three_cities_four_only_when_all_on_main_roads():
    s = clear_map(new())
    put(s, fritz="a0", heinrich="b0")
    s = _walk(s, ["fritz"], ["a1", "a2", "a3"])
    assert "a4" in _steps(s)  # 4th step: the whole move is on main roads
    s = act(s, {"type": "step", "to": "a4"})
    assert s["generals"]["fritz"]["city"] == "a4" and s["flow"][-1]["name"] == "movement"
    s = _walk(s, ["heinrich"], ["b1", "b2", "b3"])  # ordinary roads: 3 and the move is over
    assert s["generals"]["heinrich"]["city"] == "b3" and s["flow"][-1]["name"] == "movement"


def test_F4_one_ordinary_road_in_the_move_loses_the_fourth_city():
    s = clear_map(new())
    put(s, fritz="a0")
    s = _walk(s, ["fritz"], ["b0", "b1"])
    s = act(s, {"type": "step", "to": "a1"})
    assert s["flow"][-1]["name"] == "movement"  # 3 cities, not all main: no 4th


def test_F4_a_general_may_double_back():
    s = clear_map(new())
    put(s, fritz="b2")
    s = _walk(s, ["fritz"], ["b3", "b2"])
    assert "b3" in _steps(s)


def test_F4_a_supply_train_moves_one_city_fewer():
    s = clear_map(new())
    put(s, p_train="a0")
    s = _walk(s, ["p_train"], ["a1", "a2"])
    assert _steps(s) == ["a1", "a3"]  # a 3rd city only because all is on main roads
    s = clear_map(new())
    put(s, p_train="b0")
    s = _walk(s, ["p_train"], ["b1", "b2"])
    assert s["flow"][-1]["name"] == "movement" and s["trains"]["p_train"]["city"] == "b2"


def test_F4_no_piece_passes_through_or_enters_a_city_with_another_piece():
    s = clear_map(new())
    put(s, fritz="b1", cumberland="b2", p_train="a1", saltikov="c1")
    s = act(s, {"type": "move", "pieces": ["fritz"]})
    assert _steps(s) == ["b0"]  # Hanoverian ally, own train, enemy general
    with pytest.raises(IllegalAction, match="another piece"):
        act(s, {"type": "step", "to": "b2"})


def test_F4_a_stack_holds_at_most_three_generals_of_one_nation():
    s = clear_map(new())
    put(s, fritz="b1", heinrich="b1", keith="b1", lehwaldt="b3")
    armies(s, fritz=4, heinrich=4, keith=4, lehwaldt=4)
    s = act(s, {"type": "move", "pieces": ["lehwaldt"]})
    assert "b2" in _steps(s)
    s = act(s, {"type": "step", "to": "b2"})
    assert "b1" not in _steps(s)  # a fourth general may not join


def test_F4_forming_a_stack_ends_the_move_of_all_its_generals():
    s = clear_map(new())
    put(s, fritz="b1", heinrich="b3")
    s = _walk(s, ["heinrich"], ["b2", "b1"])
    assert s["flow"][-1]["name"] == "movement"
    assert s["city_generals"]["b1"] == ["fritz", "heinrich"]
    assert not any(a["type"] == "move" and "fritz" in a["pieces"] for a in actions(s))


def test_F4_a_general_moved_as_part_of_a_stack_may_not_move_alone():
    s = clear_map(new())
    put(s, fritz="b1", heinrich="b1", keith="b1")
    moves = [a["pieces"] for a in actions(s) if a["type"] == "move"]
    assert ["fritz", "heinrich", "keith"] in moves and ["heinrich"] in moves
    s = _walk(s, ["fritz", "heinrich"], ["b2"])
    s = act(s, {"type": "stop"})
    moves = [a["pieces"] for a in actions(s) if a["type"] == "move"]
    assert moves == [["keith"]]  # the one left behind may still move


def test_F9_a_face_up_general_joining_a_face_down_one_turns_both_face_down():
    s = clear_map(new())
    put(s, fritz="b1", heinrich="b3")
    s["generals"]["fritz"]["face_down"] = True
    s = _walk(s, ["heinrich"], ["b2", "b1"])
    assert s["generals"]["heinrich"]["face_down"] and s["generals"]["fritz"]["face_down"]


def test_F9_entering_an_enemy_train_destroys_it_and_ends_the_move():
    s = clear_map(new())
    put(s, fritz="b1", r_train="b2")
    s = _walk(s, ["fritz"], ["b2"])
    assert s["trains"]["r_train"]["city"] is None
    assert s["generals"]["fritz"]["city"] == "b2" and s["flow"][-1]["name"] == "movement"


def test_F9_a_train_cannot_harm_a_train():
    s = clear_map(new())
    put(s, p_train="b1", r_train="b2")
    s = act(s, {"type": "move", "pieces": ["p_train"]})
    assert "b2" not in _steps(s)


def test_F6_armies_move_between_generals_only_while_stacked():
    s = clear_map(new())
    put(s, fritz="b1", heinrich="b1", keith="b3")
    armies(s, fritz=5, heinrich=2, keith=5)
    tr = [a for a in actions(s) if a["type"] == "transfer"]
    assert {"type": "transfer", "from": "fritz", "to": "heinrich"} in tr
    assert not any("keith" in (a["from"], a["to"]) for a in tr)
    s = act(s, {"type": "transfer", "from": "fritz", "to": "heinrich"})
    assert (s["generals"]["fritz"]["armies"], s["generals"]["heinrich"]["armies"]) == (4, 3)


def test_F4_a_move_can_be_taken_back_before_another_player_acts():
    s = clear_map(new())
    put(s, fritz="b1")
    s2 = _walk(s, ["fritz"], ["b2"])
    s2 = act(s2, {"type": "stop"})
    assert {"type": "undo"} in actions(s2)
    s3 = act(s2, {"type": "undo"})
    s3 = act(s3, {"type": "undo"})
    s3 = act(s3, {"type": "undo"})
    assert s3["generals"]["fritz"]["city"] == "b1" and s3["moved"] == []


def test_F4_the_log_names_the_city_a_piece_moves_to_and_starts_sentences_with_a_capital():
    """The log is read by players: "Keith moves to Strehlen.", never the city's id; "The Imperial
    Army ..." at the start of a sentence."""
    import random as _random
    from maria.players.friedrich.random_moves import random_step
    from maria.games.friedrich.rules.state import info_of

    s = door.new_game(4, 3)
    rnd = _random.Random(3)
    for _ in range(600):
        s = random_step(s, rnd)
    names = {c.name for c in info_of(s).board.cities.values()}
    moved = [e["text"] for e in s["log"] if " moves to " in e["text"]]
    assert moved
    for t in moved:
        assert t.split(" moves to ")[1].rstrip(".") in names, t
    assert all(e["text"][:1] == e["text"][:1].upper() for e in s["log"]), [
        e["text"] for e in s["log"] if e["text"][:1] != e["text"][:1].upper()
    ][:3]
