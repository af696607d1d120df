"""FRIEDRICH 2005 rules §5 « Code de bonne conduite. Il n'est pas permis d'occuper l'objectif d'un
allié simplement en s'installant dessus »: with the option "code_of_conduct" no piece ends its
move on an objective that an ally may still conquer (passing through it stays allowed)."""

from __future__ import annotations

import pytest

from maria.engine.state import IllegalAction
from maria.games.friedrich.rules import door
from tests.friedrich.conftest import act, actions, allocate_all, clear_map, put, small_board, to_phase

RUSSIAN_B3 = {"russia": {"first": ["b3"], "defender": "prussia"}}


def _austria(conduct: bool = True, **where) -> dict:
    """Austria's movement phase on the small board, b3 a Russian objective."""
    s = door.new_game(4, 1, {"code_of_conduct": conduct}, board=small_board(objectives=RUSSIAN_B3))
    s = clear_map(to_phase(allocate_all(s), "austria"))
    return put(s, **where)


def test_F5_code_of_conduct_no_general_stops_on_an_ally_s_objective_but_may_pass_it():
    s = _austria(daun="b5")
    s = act(s, {"type": "move", "pieces": ["daun"]})
    s = act(s, {"type": "step", "to": "b4"})
    s = act(s, {"type": "step", "to": "b3"})
    assert {"type": "stop"} not in actions(s)
    with pytest.raises(IllegalAction):
        act(s, {"type": "stop"})
    s = act(s, {"type": "step", "to": "b2"})
    assert s["generals"]["daun"]["city"] == "b2" and s["conquered"] == {}


def test_F5_code_of_conduct_no_last_step_and_no_stack_on_an_ally_s_objective():
    s = _austria(daun="b6")
    s = act(s, {"type": "move", "pieces": ["daun"]})
    s = act(s, {"type": "step", "to": "b5"})
    s = act(s, {"type": "step", "to": "b4"})
    assert {"type": "step", "to": "b3"} not in actions(s)  # the third step would end there
    s = _austria(daun="b4", laudon="b3")
    s = act(s, {"type": "move", "pieces": ["daun"]})
    assert {"type": "step", "to": "b3"} not in actions(s)  # joining Laudon ends the move there


def test_F5_without_the_option_or_for_its_own_nation_an_objective_is_a_city_like_any_other():
    s = _austria(conduct=False, daun="b4")
    s = act(s, {"type": "move", "pieces": ["daun"]})
    s = act(s, {"type": "step", "to": "b3"})
    assert {"type": "stop"} in actions(s)
    s = door.new_game(4, 1, {"code_of_conduct": True}, board=small_board(objectives=RUSSIAN_B3))
    s = clear_map(to_phase(allocate_all(s), "russia"))
    put(s, saltikov="b4")
    s = act(s, {"type": "move", "pieces": ["saltikov"]})
    s = act(s, {"type": "step", "to": "b3"})
    assert {"type": "stop"} in actions(s)  # Russia's own objective


def test_a_game_with_the_code_of_conduct_is_saved_and_opens_with_it(tmp_path):
    from maria.record import friedrich_saves as saves

    rec = saves.FRecord.new(4, 3, {"code_of_conduct": True})
    rec = saves.load(saves.save(tmp_path / "g.fsave", rec))
    assert rec.options == {"code_of_conduct": True} and rec.state["options"] == {"code_of_conduct": True}


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_F5_code_of_conduct_computer_players_move_on_from_an_ally_s_objective(level):
    from maria.players.friedrich import decide, make_player

    # with Friedrich at a2, b3 is the end the rules of thumb like best: they would stop there
    s = _austria(daun="b5", laudon="c6", fritz="a2")
    s = act(s, {"type": "move", "pieces": ["daun"]})
    s = act(s, {"type": "step", "to": "b4"})
    s = act(s, {"type": "step", "to": "b3"})
    a = decide(s, "maria_theresa", make_player(level, 1))
    assert a in actions(s)
