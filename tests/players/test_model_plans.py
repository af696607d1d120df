"""Whole movement-phase plans scored by the next-stage model (maria.players.model_plans): a plan
that leaves a lone general beside a much stronger enemy stack costs the fortresses he protects and
the battle's markers (R10.15, R12.1, R16.1); the plans are chosen from the role's view only."""

from __future__ import annotations

import random
import time

import pytest

from maria.games.maria.rules import door
from maria.games.maria.rules.state import copy_state, rebuild_index
from maria.players import make_player
from maria.players import model_plans as M
from maria.players.resample import observe


@pytest.fixture(scope="module")
def austrian_movement() -> dict:
    """An advanced 3-player game at Maria Theresa's first movement decision (easy players before
    her), with a French stack of 16 at Tienen beside Arenberg's 3 troops at Löwen, who protects
    Brüssel, Mecheln and Löwen."""
    s = door.new_game("advanced", 3, 7)
    ps = {r: make_player("easy", i) for i, r in enumerate(sorted(door.ROLES[3]))}
    for _ in range(400):
        r = door.active_roles(s)[0]
        if s["flow"][-1]["name"] == "movement_phase" and r == "maria_theresa":
            break
        s = door.apply(s, r, ps[r].choose(observe(s, r), door.legal_actions(s, r), r))
    else:
        raise AssertionError("Maria Theresa never moved")
    s = copy_state(s)
    for gid, city, troops in (("moritz", "tienen", 8), ("maillebois", "tienen", 8), ("arenberg", "loewen", 3)):
        s["generals"][gid].update(city=city, troops=troops)
    rebuild_index(s)
    return s


def _ends(plan):
    return {a["piece"]: a["path"][-1] for a in plan if a.get("type") in ("move", "force_march")}


def test_R12_1_R16_1_a_lone_general_left_beside_a_stronger_stack_costs_markers(austrian_movement):
    s = austrian_movement
    plans = M.candidate_plans(s, "maria_theresa", random.Random(1), time.perf_counter() + 60, 2, 2)
    moved = plans[0]
    assert _ends(moved)["arenberg"] != "loewen"  # the rules of thumb take him away
    stay = [a for a in moved if a.get("piece") != "arenberg"]
    pools = dict(s["adv"]["pools"])
    cost = M.plan_value(s, "maria_theresa", moved, pools) - M.plan_value(s, "maria_theresa", stay, pools)
    assert cost > 1.0  # Brüssel and Mecheln, and the battle's markers


def test_the_plan_is_chosen_from_the_roles_view_only(austrian_movement):
    s = austrian_movement
    hidden = copy_state(s)
    # what Maria Theresa cannot see: France's split of its troops (R6.5) and the hands of France
    # and Prussia (R8.4), exchanged with the draw deck
    g = hidden["generals"]
    g["moritz"]["troops"], g["maillebois"]["troops"] = 12, 4
    hands, deck = hidden["cards"]["hands"], hidden["cards"]["draw"]
    for power in ("france", "prussia"):
        n = len(hands[power])
        hands[power], deck[:n] = list(deck[:n]), list(hands[power])
    assert hidden["cards"]["hands"]["france"] != s["cards"]["hands"]["france"]
    assert observe(hidden, "maria_theresa")["hands"] == observe(s, "maria_theresa")["hands"]
    choices = []
    for st in (s, hidden):
        hard = make_player("hard", 5, clock=False)
        obs = observe(st, "maria_theresa")
        choices.append(hard.choose(obs, door.legal_actions(st, "maria_theresa"), "maria_theresa"))
        assert hard._plan is not None  # the phase was chosen as a whole plan
    assert choices[0] == choices[1]
