"""Whole movement-phase plans compared by play-outs (maria.players.plan_search): the
defender must see what two generals in one stack do against an invader who would beat each alone
(R6.1 stacks, R11 combat strength), which move-by-move search with the rules of thumb finishing
the phase cannot; and the search, like every decision path, reads only its role's view (R8.4)."""

from __future__ import annotations

import copy
import dataclasses
import math
import random
import time

import pytest

from maria.players import make_player, plan_search
from maria.players.levels import HARD
from maria.players.search import SearchPlayer
from maria.players.resample import observe
from maria.players.stage_plans import rules_plan as _rules_plan
from maria.games.maria.rules import door
from maria.games.maria.rules.state import board_info

from tests.players.test_defence_plans import _moravian_position, _only_the_moravian_generals, _play_movement
from tests.players.test_planner_rules import _first_movement


def _searching_player(seed: int = 1, budget: float | None = None, clock: bool = False):
    """Hard with the whole-plan search for Maria Theresa in either player count (her play-outs run
    through the enemy stages: reply_roles).  A large `budget` lets the count of play-outs, not the
    wall clock of a loaded test machine, end the search; without the clock (the default here) the
    counts alone end it, so the outcome never depends on the load."""
    # the heuristic evaluation (maria.players.evaluate), whose troop terms these worked examples are
    # about; hard's 3-player plan search ends its play-outs with the trained evaluation
    # (learned_roles), which weighs the open fortresses far above her troops and in the Moravian
    # position keeps the two generals apart
    cfg = dataclasses.replace(HARD, plan_search_roles={"intro": ("maria_theresa",)}, learned_roles={})
    assert "maria_theresa" in cfg.reply_roles["intro"]
    if budget is None and not clock:
        budget = math.inf
    return SearchPlayer(cfg, seed, budget=budget)


@pytest.mark.parametrize("seed", [1, 2])
def test_R6_1_R11_the_plan_search_unites_two_generals_the_invader_would_beat_one_by_one(monkeypatch, seed):
    # the rules of thumb send each general on his own within reach of the 12 Prussians at Neisse;
    # the plan search, judging the plans by the Prussian stage that follows hers, ends the two
    # 7-troop generals in one stack of 14
    s = _moravian_position()
    _, alone = _rules_plan(s, "maria_theresa", random.Random(1))
    assert alone["generals"]["karl"]["city"] != alone["generals"]["neipperg"]["city"]
    p = _searching_player(seed)
    end = _play_movement(s, p)
    assert end["generals"]["karl"]["city"] == end["generals"]["neipperg"]["city"]
    chosen, samples, plans = p.last_plan_choice
    assert chosen > 0 and samples >= plan_search.FINAL and plans > 2


def test_the_plan_is_chosen_once_and_played_move_by_move():
    """(The ceiling on the decision's time is tests/players/test_counted_budget.py's, on a virtual
    clock.)"""
    s = _moravian_position()
    p = _searching_player()
    role = "maria_theresa"
    first = p.choose(observe(s, role), door.legal_actions(s, role), role)
    assert p.last_plan_choice is not None  # the plan was searched once
    s = door.apply(s, role, first)
    p.last_plan_choice = None
    s = _play_movement(s, p)
    assert p.last_plan_choice is None  # no second search
    assert s["flow"][-1]["name"] != "movement_phase" or role not in door.active_roles(s)


def test_candidate_plans_start_with_the_rules_of_thumb_and_hold_stays_and_stacks():
    s = _moravian_position()
    plans = plan_search.candidate_plans(s, "maria_theresa", random.Random(1), time.perf_counter() + 5)
    base, _ = _rules_plan(s, "maria_theresa", random.Random(1))
    assert [a["type"] for a in plans[0]] == [a["type"] for a in base]
    moved = {a["piece"] for a in plans[0] if a["type"] in ("move", "force_march")}
    stays = [pl for pl in plans if {a.get("piece") for a in pl if a["type"] == "move"} < moved]
    assert stays  # a general left where he stands
    ends = [{a["piece"]: a["path"][-1] for a in pl if a["type"] == "move"} for pl in plans]
    info = board_info(s)
    assert any(e.get("karl") and e.get("karl") == e.get("neipperg") for e in ends) or any(
        e.get("karl") == s["generals"]["neipperg"]["city"] or e.get("neipperg") == s["generals"]["karl"]["city"]
        for e in ends
    )
    assert info.playable


def test_R8_4_the_plan_search_reads_only_maria_theresas_view(monkeypatch):
    """A decision path sees only its role's view.  Two positions that differ only in
    which cards Prussia holds and which lie in the draw deck (R8.4: hidden from Austria) give her
    the same view and the same plan, and the plan search made it."""
    s = _moravian_position()  # every hand empty, the first deck's cards out of play
    s["cards"]["hands"]["prussia"] = ["1:S10", "1:S9", "1:R1"]
    other = copy.deepcopy(s)
    other["cards"]["hands"]["prussia"] = ["1:H2", "1:D3", "1:C4"]
    assert observe(s, "maria_theresa") == observe(other, "maria_theresa")
    calls = []
    orig = plan_search.search_plans
    monkeypatch.setattr(plan_search, "search_plans", lambda *a, **k: calls.append(1) or orig(*a, **k))
    a = _play_movement(s, _searching_player(5, budget=60.0))
    b = _play_movement(other, _searching_player(5, budget=60.0))
    assert calls == [1, 1]
    assert {g: x["city"] for g, x in a["generals"].items()} == {g: x["city"] for g, x in b["generals"].items()}


def test_the_shipped_setting_is_maria_theresa_in_the_introductory_game_and_frederick_in_its_3_player_game():
    """Hard only; the advanced game keeps the move-by-move search."""
    hard = make_player("hard", 1).config
    assert dict(make_player("normal", 1).config.plan_search_roles) == {}
    assert hard.roles(hard.plan_search_roles, {"variant": "intro", "players": 3}) == ("maria_theresa", "frederick")
    assert hard.roles(hard.plan_search_roles, {"variant": "intro", "players": 2}) == ("maria_theresa",)
    assert hard.roles(hard.plan_search_roles, {"variant": "advanced", "players": 3}) == ()
    assert hard.roles(hard.plan_search_roles, {"variant": "advanced", "players": 2}) == ()


def test_R8_4_fredericks_plan_search_reads_only_his_view(monkeypatch):
    """A decision path sees only its role's view.  Two games at Frederick's first
    movement phase that differ only in which cards Austria and France hold (R8.4: hidden from
    Prussia) give him the same view and the same whole plan, and the plan search made it (the
    shipped hard, without the clock: its counts alone end the search)."""
    a = _first_movement("frederick", 3)
    b = copy.deepcopy(a)
    ha, hf = b["cards"]["hands"]["austria"], b["cards"]["hands"]["france"]
    k = min(len(ha), len(hf))
    assert k >= 1
    ha[:k], hf[:k] = hf[:k], ha[:k]
    assert ha != a["cards"]["hands"]["austria"]
    assert observe(a, "frederick") == observe(b, "frederick")
    calls = []
    orig = plan_search.search_plans
    monkeypatch.setattr(plan_search, "search_plans", lambda *x, **kw: calls.append(x[2]) or orig(*x, **kw))
    # fewer plans (a swap, a stack, a stay beside the rules-of-thumb plan; their halving ends the
    # search sooner): the same view, the same plan
    monkeypatch.setattr(plan_search, "SIZES", {"intro": (1, 1, 1)})
    ends = [_play_movement(s, make_player("hard", 5, clock=False), "frederick") for s in (a, b)]
    assert calls == ["frederick", "frederick"]
    assert {g: x["city"] for g, x in ends[0]["generals"].items()} == {
        g: x["city"] for g, x in ends[1]["generals"].items()
    }
    assert ends[0]["generals"] != a["generals"]  # he moved


def _two_player_moravian_position() -> dict:
    """The Moravian position of test_defence_plans in the 2-player game (R24: the coalition plays
    Prussia and France): Karl (7) at Bruenn, Neipperg (7) at Troppau, 12 Prussians at Neisse."""
    return _only_the_moravian_generals(_first_movement("maria_theresa", 3, players=2))


def test_R24_the_two_player_game_searches_her_plans_through_the_coalitions_stages(monkeypatch):
    """The shipped hard player searches Maria Theresa's whole plans in the 2-player game too,
    judged by the coalition's stages that follow hers (R24: one player for France and Prussia),
    and unites the two generals the 12 Prussians would beat one by one."""
    s = _two_player_moravian_position()
    assert s["players"] == 2
    _, alone = _rules_plan(s, "maria_theresa", random.Random(1))
    assert alone["generals"]["karl"]["city"] != alone["generals"]["neipperg"]["city"]
    p = make_player("hard", 1, budget=60.0)
    end = _play_movement(s, p)
    chosen, samples, plans = p.last_plan_choice
    assert plans > 2 and samples >= plan_search.MIN_PAIRED
    assert end["generals"]["karl"]["city"] == end["generals"]["neipperg"]["city"]
