"""FRIEDRICH 2005 rules §4 (movement), §5 (conquest while moving) and §9 (a train destroyed ends
the move): the whole-move form of a move the board's drag sends ({"type": "move", "pieces",
"path"}) and the door's list of them (door.whole_moves).  Test names: F<printed section>_..."""

import pytest

from maria.engine.state import IllegalAction
from maria.games.friedrich.rules import door

from tests.friedrich.conftest import act, clear_map, new, put, role, to_phase
from tests.friedrich.test_conquest import RUSSIAN_B3


def _steps(s, pieces, path):
    """The same move as step actions: begin, each step, the stop if the move is still open."""
    s = act(s, {"type": "move", "pieces": pieces})
    for c in path[1:]:
        s = act(s, {"type": "step", "to": c})
    f = s["flow"][-1]
    if f["name"] == "moving" and f["pieces"] == pieces:
        s = act(s, {"type": "stop"})
    return s


def _position(s):
    return {k: v for k, v in s.items() if k != "undo"}


def _ends(s, pieces):
    return sorted({m["path"][-1] for m in door.whole_moves(s, role(s), pieces)})


def test_F4_whole_moves_reach_three_cities_four_only_along_main_roads():
    s = clear_map(new())
    put(s, fritz="a0")
    ends = _ends(s, ["fritz"])
    assert "a4" in ends and "a3" in ends and "b2" in ends and "c1" in ends
    assert "b3" not in ends and "c2" not in ends and "a5" not in ends  # 4 cities with an ordinary road; 5 cities


def test_F4_each_whole_move_leaves_exactly_the_position_of_its_steps():
    s = clear_map(new())
    put(s, fritz="a1", heinrich="b3", p_train="a4", r_train="c1")
    for pieces in (["fritz"], ["heinrich"], ["p_train"]):
        moves = door.whole_moves(s, role(s), pieces)
        assert moves
        for m in moves:
            assert _position(act(s, m)) == _position(_steps(s, pieces, m["path"])), m


def test_F4_a_whole_move_ends_where_it_joins_a_stack():
    s = clear_map(new())
    put(s, fritz="b1", heinrich="b3")
    moves = door.whole_moves(s, role(s), ["heinrich"])
    into = [m for m in moves if m["path"][-1] == "b1"]
    assert into and all(m["path"][-1] != "b1" or m["path"].index("b1") == len(m["path"]) - 1 for m in moves)
    assert "b0" not in _ends(s, ["heinrich"])  # only through Friedrich's city
    after = act(s, into[0])
    assert after["city_generals"]["b1"] == ["fritz", "heinrich"] and after["flow"][-1]["name"] == "movement"


def test_F9_a_whole_move_past_an_enemy_train_it_destroys_is_refused_and_nothing_changes():
    s = clear_map(new())
    put(s, fritz="b1", r_train="b2")
    assert "b3" not in _ends(s, ["fritz"]) and "b2" in _ends(s, ["fritz"])
    with pytest.raises(IllegalAction, match="already ended"):
        act(s, {"type": "move", "pieces": ["fritz"], "path": ["b1", "b2", "b3"]})
    assert s["generals"]["fritz"]["city"] == "b1" and s["trains"]["r_train"]["city"] == "b2"


def test_F4_a_whole_move_off_the_roads_or_beyond_its_range_is_refused_with_the_rule():
    s = clear_map(new())
    put(s, heinrich="b0")
    with pytest.raises(IllegalAction, match="adjacent city"):
        act(s, {"type": "move", "pieces": ["heinrich"], "path": ["b0", "b2"]})
    with pytest.raises(IllegalAction, match="already ended before b4"):  # 3 cities, ordinary roads
        act(s, {"type": "move", "pieces": ["heinrich"], "path": ["b0", "b1", "b2", "b3", "b4"]})
    with pytest.raises(IllegalAction, match="starts at the piece's city"):
        act(s, {"type": "move", "pieces": ["heinrich"], "path": ["b1", "b2"]})
    with pytest.raises(IllegalAction, match="cannot move now"):
        act(s, {"type": "move", "pieces": ["saltikov"], "path": ["c6", "c5"]})
    assert s["generals"]["heinrich"]["city"] == "b0"


def test_F5_two_routes_to_one_city_are_both_listed_when_one_conquers_an_objective():
    s = clear_map(to_phase(new(objectives=RUSSIAN_B3), "russia"))
    put(s, saltikov="b4")
    routes = [m["path"] for m in door.whole_moves(s, role(s), ["saltikov"]) if m["path"][-1] == "c3"]
    through = [p for p in routes if "b3" in p[1:-1]]
    around = [p for p in routes if "b3" not in p]
    assert through and around, routes
    assert act(s, {"type": "move", "pieces": ["saltikov"], "path": through[0]})["conquered"] == {"b3": "russia"}
    assert act(s, {"type": "move", "pieces": ["saltikov"], "path": around[0]})["conquered"] == {}


def test_F4_one_undo_takes_back_a_whole_move():
    s = clear_map(new())
    put(s, fritz="a0")
    after = act(s, {"type": "move", "pieces": ["fritz"], "path": ["a0", "a1", "a2"]})
    back = act(after, {"type": "undo"})
    assert back["generals"]["fritz"]["city"] == "a0" and back["flow"] == s["flow"]


def test_F4_no_whole_move_is_listed_for_a_piece_that_may_not_move():
    s = clear_map(new())
    put(s, fritz="a0", saltikov="c6")
    assert door.whole_moves(s, role(s), ["saltikov"]) == []
    moved = act(s, {"type": "move", "pieces": ["fritz"], "path": ["a0", "a1"]})
    assert door.whole_moves(moved, role(moved), ["fritz"]) == []


def test_F9_the_supply_outlook_of_a_whole_move_says_where_a_general_would_be_cut_off():
    s = clear_map(new())
    put(s, heinrich="c4", p_train="b0")  # no Prussian province on this board: trains only
    moves = {m["path"][-1]: m for m in door.whole_moves(s, role(s), ["heinrich"])}
    assert door.supply_outlook(s, role(s), moves["c5"]) == {"heinrich": True}  # 6 cities from the train
    assert door.supply_outlook(s, role(s), moves["c6"]) == {"heinrich": False}  # 7
    assert door.supply_outlook(s, role(s), {"type": "move", "pieces": ["heinrich"], "path": ["c4", "a4"]}) == {}


def test_F4_a_game_with_a_whole_move_saves_and_loads_to_the_same_position(tmp_path):
    import random

    from maria.record import friedrich_saves as saves
    from maria.players.friedrich.random_moves import choose

    rec = saves.FRecord.new(4, 3)
    rnd = random.Random(3)
    while not (rec.state["flow"][-1]["name"] == "movement" and rec.state["flow"][-1]["nation"] == "prussia"):
        who = door.active_roles(rec.state)[0]
        rec.apply(who, choose(rec.state, who, rnd))
    start = next(a for a in door.legal_actions(rec.state, "frederick") if a["type"] == "move")
    move = max(door.whole_moves(rec.state, "frederick", start["pieces"]), key=lambda m: len(m["path"]))
    rec.apply("frederick", move)
    path = saves.save(tmp_path / "whole-move.yaml", rec)
    back = saves.load(path)
    assert back.actions[-1]["action"] == move and back.state == rec.state
