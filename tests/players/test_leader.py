"""The leader measure of the advanced game (maria.players.leader): who is closest to winning (R23.1:
an empty pool of victory markers at the end of an action stage), counted in each power's own
action stages from its pool and the next stage's threats, and the 3-player evaluation that weighs
the rival closest to victory most (maria.players.evaluate_advanced.pools_value)."""

from __future__ import annotations

import copy
from pathlib import Path


from maria.players import evaluate_advanced as EA
from maria.players import leader, make_player
from maria.players.leader import LEADERS
from maria.players.resample import observe
from maria.players.search import leader_order
from maria.games.maria.rules import door
from tests import yamlc

FIXTURES = Path(__file__).parent / "fixtures"


def _game(france: int, prussia: int, austria: int) -> dict:
    s = door.new_game("advanced", 3, 1)
    s["adv"]["pools"].update(france=france, prussia=prussia, austria=austria)
    return s


def test_R23_1_austrias_pool_of_three_is_no_lead_against_a_french_pool_of_eight():
    s = _game(8, 11, 3)
    order = leader.role_order(s, {p: float(v) for p, v in s["adv"]["pools"].items()})
    assert order[0] == "louis_xv"
    # by the pools alone (the evaluation without the measure) Maria Theresa reads as the leader
    assert max(EA.role_scores(s, EA.effective_pools(s)).items(), key=lambda x: x[1])[0] == "maria_theresa"


def test_R23_1_the_next_stages_threats_bring_a_power_nearer_to_victory():
    s = _game(11, 5, 3)
    pools = {p: float(v) for p, v in s["adv"]["pools"].items()}
    assert leader.role_order(s, pools)[0] == "frederick"
    assert leader.role_order(s, pools, {"france": 8.0})[0] == "louis_xv"


def test_R18_5_a_tied_election_goes_against_the_side_closest_to_winning():
    """France and Austria 2 markers each from victory: Frederick's vote must not put the last but
    one French marker into the Emperor box (R18.6) - France places markers far faster."""
    s = _game(2, 11, 2)
    pools = EA.effective_pools(s, pending=False)
    order = leader.role_order(s, pools)
    token = LEADERS.set(order)
    try:
        charles = EA.pools_value(s, "frederick", dict(pools, france=pools["france"] - 1))
        francis = EA.pools_value(s, "frederick", dict(pools, austria=pools["austria"] - 1))
    finally:
        LEADERS.reset(token)
    assert order[0] == "louis_xv"
    assert francis > charles


def test_R8_4_the_leader_measure_reads_only_the_roles_view():
    st = yamlc.load((FIXTURES / "adv3p_turn1_pragmatic_army_movement.yaml").read_text(encoding="utf-8"))
    other = copy.deepcopy(st)
    hand, draw = other["cards"]["hands"]["austria"], other["cards"]["draw"]
    k = min(len(hand), len(draw), 3)
    hand[:k], draw[:k] = draw[:k], hand[:k]
    assert k and observe(st, "frederick") == observe(other, "frederick")
    assert leader_order(observe(st, "frederick"), "frederick") == leader_order(observe(other, "frederick"), "frederick")


def test_hard_sets_the_leader_measure_only_while_it_decides_in_the_3_player_advanced_game():
    hard = make_player("hard", 1, clock=False)
    assert hard.config.roles(hard.config.leader_roles, {"variant": "advanced", "players": 3})
    assert hard.config.roles(hard.config.leader_roles, {"variant": "advanced", "players": 2}) == ()
    assert hard.config.roles(hard.config.leader_roles, {"variant": "intro", "players": 3}) == ()
    st = yamlc.load((FIXTURES / "adv3p_turn1_pragmatic_army_movement.yaml").read_text(encoding="utf-8"))
    hard.choose(observe(st, "frederick"), door.legal_actions(st, "frederick"), "frederick")
    assert LEADERS.get() == ()
    assert hard._leader_at is not None and hard._leader_at[1][0] in ("louis_xv", "frederick", "maria_theresa")
