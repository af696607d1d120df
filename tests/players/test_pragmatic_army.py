"""The Pragmatic Army in Frederick's hands (advanced game, 3 players): France takes the Austrian
Netherlands early (R15.2: each conquest there spends a French VM, R10.16c) unless the PA's
generals come from Hanover.  Frederick plays Prussia, Saxony and the PA (R2.1); the rules make
Prussia and the PA enemies (R2.3), but the PA's planner neither chases Prussia's conquests nor
guards against Prussian generals.  Position: the PA's first movement of an easy-vs-easy game
(seed 78, turn 1; France has taken Ypern, Ostende and Trier)."""

from __future__ import annotations

import random
from pathlib import Path


from maria.players.easy import Rules
from maria.games.maria.rules import door
from maria.games.maria.rules.state import board_info
from tests import yamlc


def _pa_first_move() -> dict:
    return yamlc.load(
        (Path(__file__).parent / "fixtures" / "adv3p_turn1_pragmatic_army_movement.yaml").read_text(encoding="utf-8")
    )


def _front(info, s, city) -> int:
    """Cities from `city` to the nearest Austrian Netherlands fortress Austria still holds."""
    from maria.games.maria.rules.state import controller

    d = info.dist_from(city)
    return min(
        d.get(c, 99)
        for c in info.fortresses()
        if info.board.cities[c].territory == "austrian_netherlands" and controller(s, info, c) == "austria"
    )


def test_R15_2_R2_1_the_pragmatic_army_marches_from_hanover_towards_the_french_front():
    from maria.players.plan import Planner

    s = _pa_first_move()
    info = board_info(s)
    f = s["flow"][-1]
    assert s["turn"] == 1 and f["name"] == "movement_phase" and "pragmatic_army" in f["powers"]
    assert s["generals"]["george"]["city"] == "hannover"
    pl = Planner(s, info, "frederick")
    retake = [c for c, _ in pl._defence_facts("george")[1]]
    assert "glogau" not in retake and "liegnitz" not in retake and "ypern" in retake
    _, move = pl.best_general_move("george", True)
    assert move is not None
    assert _front(info, s, move["path"][-1]) < _front(info, s, "hannover")


def test_R4_9_R2_1_the_pragmatic_army_sets_up_its_troops_against_france():
    """Set-up (R4.9): the PA's 14 troops go mostly to Stair in Amsterdam, the nearest to France,
    not to Hannover, 3 cities from Prussian Minden (Frederick's own)."""
    s = door.new_game("advanced", 3, 78)
    acts = [a for a in door.legal_actions(s, "frederick") if a.get("power") == "pragmatic_army"]
    assert acts and acts[0]["total"] == 14

    new = Rules(s, "frederick", random.Random(1)).fill_allocate(acts[0])["troops"]
    assert new["stair"] > max(new["george"], new["cumberland"])
    assert sum(new.values()) == 14
