"""The Pragmatic Army in Frederick's hands (advanced game, 3 players; session 12, docs/balance.md):
France wins most computer games by taking the Austrian Netherlands in turns 1-4 (R15.2: each
conquest there spends a French VM, R10.16c) while the PA's generals in Hanover stayed out of reach.
Frederick plays Prussia, Saxony and the PA (R2.1); the rules make Prussia and the PA enemies
(R2.3), and the PA's planner used to chase Prussia's conquests and guard against Prussian
generals.  Position: the PA's first movement of an easy-vs-easy game (seed 78, turn 1; France has
taken Ypern, Ostende and Trier)."""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from maria.players.easy import Rules
from maria.games.maria.rules import door
from maria.games.maria.rules.state import board_info


def _pa_first_move() -> dict:
    return yaml.safe_load((Path(__file__).parent / "fixtures" /
                           "adv3p_turn1_pragmatic_army_movement.yaml").read_text(encoding="utf-8"))


def _front(info, s, city) -> int:
    """Cities from `city` to the nearest Austrian Netherlands fortress Austria still holds."""
    from maria.games.maria.rules.state import controller
    d = info.dist_from(city)
    return min(d.get(c, 99) for c in info.fortresses()
               if info.board.cities[c].territory == "austrian_netherlands"
               and controller(s, info, c) == "austria")


def test_R15_2_R2_1_the_pragmatic_army_marches_from_hanover_towards_the_french_front(monkeypatch):
    from maria.players import plan_threats
    from maria.players.plan import Planner
    s = _pa_first_move()
    info = board_info(s)
    f = s["flow"][-1]
    assert s["turn"] == 1 and f["name"] == "movement_phase" and "pragmatic_army" in f["powers"]
    assert s["generals"]["george"]["city"] == "hannover"
    monkeypatch.setattr(plan_threats, "PA_FRONT", False)
    pl = Planner(s, info, "frederick")
    # the old planner: Prussia's Silesian fortresses are the PA's to retake, and George stays
    assert "glogau" in [c for c, _ in pl._defence_facts("george")[1]]
    assert pl.best_general_move("george", True)[1] is None
    monkeypatch.setattr(plan_threats, "PA_FRONT", True)
    pl = Planner(s, info, "frederick")
    retake = [c for c, _ in pl._defence_facts("george")[1]]
    assert "glogau" not in retake and "liegnitz" not in retake and "ypern" in retake
    _, move = pl.best_general_move("george", True)
    assert move is not None
    assert _front(info, s, move["path"][-1]) < _front(info, s, "hannover")


def test_R4_9_R2_1_the_pragmatic_army_sets_up_its_troops_against_france(monkeypatch):
    """Set-up (R4.9): the PA's 14 troops went 5 + 5 to Hannover (3 cities from Prussian Minden)
    and 4 to Stair in Amsterdam, the nearest to France; now Stair gets the most."""
    from maria.players import easy
    s = door.new_game("advanced", 3, 78)
    acts = [a for a in door.legal_actions(s, "frederick") if a.get("power") == "pragmatic_army"]
    assert acts and acts[0]["total"] == 14

    def troops():
        return Rules(s, "frederick", random.Random(1)).fill_allocate(acts[0])["troops"]
    monkeypatch.setattr(easy, "PA_ALLOCATION", False)
    old = troops()
    assert old["stair"] < old["george"]
    monkeypatch.setattr(easy, "PA_ALLOCATION", True)
    new = troops()
    assert new["stair"] > max(new["george"], new["cumberland"])
    assert sum(new.values()) == 14


def test_R15_2_R23_1_maria_theresa_covers_against_the_attacker_nearer_to_an_empty_pool(monkeypatch):
    """plan.ADV_URGENCY (Austria, advanced game): her cover and retake values are weighted by how
    near each attacker is to emptying his VM pool (R15.2, R23.1).  Position: the same kind of
    game (seed 90015, turn 2, Austria's first move): France's pool holds 3, Prussia's 9.  The old
    planner sends Traun (3) from Tschaslau to Habelschwert, towards the Prussians in Silesia; now
    he turns towards the French and Bavarian generals (to Datschitz, in Moravia)."""
    from maria.players import plan
    from maria.players.plan import Planner
    s = yaml.safe_load((Path(__file__).parent / "fixtures" /
                        "adv3p_turn2_austrian_movement.yaml").read_text(encoding="utf-8"))
    info = board_info(s)
    assert s["adv"]["pools"]["france"] == 3 and s["adv"]["pools"]["prussia"] == 9
    assert s["generals"]["traun"]["city"] == "tschaslau"

    def nearest(city, majors):
        d = info.dist_from(city)
        return min(d.get(g["city"], 99) for g in s["generals"].values()
                   if g["in_play"] and g["city"] in info.playable and g["power"] in majors)
    ends = {}
    for on in (False, True):
        monkeypatch.setattr(plan, "ADV_URGENCY", on)
        _, move = Planner(s, info, "maria_theresa").best_general_move("traun", True)
        ends[on] = move["path"][-1] if move else "tschaslau"
    assert ends[False] == "habelschwert"
    assert nearest(ends[True], ("france", "bavaria")) < nearest(ends[False], ("france", "bavaria"))


def test_R15_2_the_hard_players_urgent_setting_asks_for_the_same_weighting_in_the_advanced_game(monkeypatch):
    """players.URGENT_ROLES for the advanced game (session 25's trial W): plan.URGENT, set only
    while a hard player decides for such a role, weighs her cover and retakes by the attackers' VM
    pools (R15.2) as plan.ADV_URGENCY does for every player."""
    from maria.players import plan
    from maria.players.plan import Planner
    s = yaml.safe_load((Path(__file__).parent / "fixtures" /
                        "adv3p_turn2_austrian_movement.yaml").read_text(encoding="utf-8"))
    info = board_info(s)
    monkeypatch.setattr(plan, "ADV_URGENCY", False)
    assert Planner(s, info, "maria_theresa").urgency() == {}
    token = plan.URGENT.set(True)
    try:
        u = Planner(s, info, "maria_theresa").urgency()
        _, move = Planner(s, info, "maria_theresa").best_general_move("traun", True)
    finally:
        plan.URGENT.reset(token)
    assert u["france"] > 1 > u["prussia"]          # France's pool 3, Prussia's 9
    monkeypatch.setattr(plan, "ADV_URGENCY", True)
    _, same = Planner(s, info, "maria_theresa").best_general_move("traun", True)
    assert move == same
