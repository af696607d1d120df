"""Hard searches a fixed number of play-outs per decision (levels.HARD.playouts, reply_playouts),
the wall-clock budget only a ceiling: the same seed gives the same decision on a busy or an idle
machine.  Without the clock (`make_player(..., clock=False)`, what tournaments and series play) no
deadline is read at all, so a seed gives the same game however slow or loaded the machine (any
game replays and any bug reproduces); with it (the window's players) a decision that would
overrun levels.HARD_CAP is cut short instead."""

from __future__ import annotations

import dataclasses
import math
import time

import pytest

from maria.players import levels, make_player
from maria.players import plan_search, search, stage_plans
from maria.players.levels import HARD, HARD_CAP
from maria.players.resample import observe
from maria.players.search import SearchPlayer
from maria.games.maria.rules import door

from tests.players.test_defence_plans import _moravian_position
from tests.players.test_planner_rules import _first_movement


def _count_playouts(monkeypatch) -> list:
    calls = []
    orig = SearchPlayer._playout

    def counted(self, st, role, rng, deadline=1e18, **kw):
        calls.append(role)
        return orig(self, st, role, rng, deadline, **kw)

    monkeypatch.setattr(SearchPlayer, "_playout", counted)
    return calls


def test_hard_searches_a_fixed_count_of_playouts_and_decides_the_same_under_load(monkeypatch):
    s = _first_movement("louis_xv", 3)
    role = "louis_xv"
    calls = _count_playouts(monkeypatch)
    first = make_player("hard", 7).choose(observe(s, role), door.legal_actions(s, role), role)
    n = len(calls)
    assert 0 < n <= HARD.playouts
    # the same decision when the machine is slow: every play-out made to cost more wall clock
    orig = SearchPlayer._playout

    def slow(self, st, r, rng, deadline=1e18, **kw):
        time.sleep(0.01)
        return orig(self, st, r, rng, deadline, **kw)

    monkeypatch.setattr(SearchPlayer, "_playout", slow)
    again = make_player("hard", 7).choose(observe(s, role), door.legal_actions(s, role), role)
    assert again == first


@pytest.mark.parametrize("plans", [False, True])
def test_maria_theresa_long_playouts_are_counted_too(monkeypatch, plans):
    """Her play-outs through the enemy stages are counted: reply_playouts for a move searched on
    its own; with the whole-plan search (plan_search_roles) at most plan_search.PLAYOUTS more at
    the first decision of her movement phase."""
    if not plans:
        monkeypatch.setitem(levels.SEARCHED_LEVELS, "hard", dataclasses.replace(HARD, plan_search_roles={}))
    s = _first_movement("maria_theresa", 3)
    role = "maria_theresa"
    calls = _count_playouts(monkeypatch)
    make_player("hard", 7, budget=60.0).choose(observe(s, role), door.legal_actions(s, role), role)
    cap = HARD.reply_playouts + (plan_search.PLAYOUTS if plans else 0)
    assert (HARD.reply_playouts if plans else 0) < len(calls) <= cap


@pytest.mark.slow
def test_an_explicit_budget_still_caps_the_wall_clock():
    """A wall-clock check (behind --runslow: its outcome depends on the machine's load)."""
    s = _first_movement("frederick", 3)
    role = "frederick"
    t = time.perf_counter()
    make_player("hard", 7, budget=0.05).choose(observe(s, role), door.legal_actions(s, role), role)
    assert time.perf_counter() - t < 1.5


@pytest.mark.slow
def test_no_sample_is_started_that_would_end_after_the_ceiling(monkeypatch):
    """The ceiling holds on a slow machine: a sample (one play-out per live candidate) is not
    started when the last one shows it would end after the budget (seen: 4.97 s decisions under a
    4.5 s ceiling, goal 5 allows 5 s)."""
    s = _first_movement("louis_xv", 3)
    role = "louis_xv"
    orig = SearchPlayer._playout

    def slow(self, st, r, rng, deadline=1e18):
        time.sleep(0.25)
        return orig(self, st, r, rng, deadline)

    monkeypatch.setattr(SearchPlayer, "_playout", slow)
    t = time.perf_counter()
    make_player("hard", 7, budget=2.5).choose(observe(s, role), door.legal_actions(s, role), role)
    assert time.perf_counter() - t < 2.6


class _VirtualClock:
    """A clock that moves only when the player works: every rules-of-thumb decision (a play-out
    step, the easy choice) costs `step` seconds and every evaluation `tail`, as on a machine whose
    other jobs leave the search a third of a core.  No wall clock: the test cannot be flaky."""

    def __init__(self, step: float, tail: float):
        self.now, self.step, self.tail = 1000.0, step, tail

    def perf_counter(self) -> float:
        return self.now


def _slow_machine(monkeypatch, clock: _VirtualClock):
    import types

    import maria.players.search as S

    monkeypatch.setattr(S, "time", types.SimpleNamespace(perf_counter=clock.perf_counter))

    class SlowRules(S.Rules):
        def decide(self, acts):
            clock.now += clock.step
            return super().decide(acts)

    monkeypatch.setattr(S, "Rules", SlowRules)
    orig_eval = S.evaluate

    def slow_eval(st, role):
        clock.now += clock.tail
        return orig_eval(st, role)

    monkeypatch.setattr(S, "evaluate", slow_eval)


@pytest.mark.parametrize("step", [0.4, 2.5])
def test_the_ceiling_holds_when_each_playout_step_is_slow(monkeypatch, step):
    """Hard decides within its ceiling on a slow machine: no step, play-out or evaluation is begun
    that the longest one timed so far says would end after the deadline, the rules-of-thumb choice
    timed before the search being the first estimate; with a step of 2.5 s (the choice made before
    the search already takes half the budget) the search is skipped."""
    s = _first_movement("louis_xv", 3, "advanced")
    role = "louis_xv"
    obs, legal = observe(s, role), door.legal_actions(s, role)
    clock = _VirtualClock(step=step, tail=0.05)
    _slow_machine(monkeypatch, clock)
    start = clock.now
    make_player("hard", 7).choose(obs, legal, role)
    assert clock.now - start <= make_player("hard", 7).budget


def test_the_clocks_checks_change_nothing_when_the_ceiling_does_not_bind(monkeypatch):
    """Unloaded, the count of play-outs ends the search before the ceiling: the window's player
    (with the ceiling, on a frozen clock: the deadline never comes) decides as the player without
    any clock."""
    for role, seed in (("louis_xv", 3), ("maria_theresa", 5)):
        s = _first_movement(role, seed, "advanced")
        obs, legal = observe(s, role), door.legal_actions(s, role)
        free = make_player("hard", 11, clock=False).choose(obs, legal, role)
        _slow_machine(monkeypatch, _VirtualClock(step=0.0, tail=0.0))
        assert make_player("hard", 11).choose(obs, legal, role) == free


class _CrawlingClock:
    """A wall clock on which every reading is `step` seconds after the last: a machine so loaded
    that any deadline is passed at once."""

    def __init__(self, step: float = 10.0):
        self.now = 0.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def _crawl(monkeypatch) -> None:
    clock = _CrawlingClock()
    for mod in (search, plan_search, stage_plans):
        monkeypatch.setattr(mod, "time", clock)


def _plan_choice(clock: bool, crawl: bool, monkeypatch) -> tuple[dict, tuple]:
    """Hard Maria Theresa's first movement decision (the whole-plan search of the introductory
    game) in the Moravian position, and what her plan search did."""
    s = _moravian_position()
    p = SearchPlayer(
        dataclasses.replace(HARD, plan_search_roles={"intro": ("maria_theresa",)}),
        7,
        budget=None if clock else math.inf,
    )
    if crawl:
        _crawl(monkeypatch)
    role = "maria_theresa"
    a = p.choose(observe(s, role), door.legal_actions(s, role), role)
    return a, p.last_plan_choice


def test_make_player_hard_without_the_clock_has_no_ceiling():
    assert make_player("hard", 1).budget == HARD_CAP
    p = make_player("hard", 1, clock=False)
    assert p.budget == math.inf
    assert p.config.playouts and p.config.reply_playouts  # the counts that bound it instead
    # normal searches by the wall clock whatever `clock` says (not counted)
    assert make_player("normal", 1, clock=False).budget == make_player("normal", 1).budget


def test_without_the_clock_a_crawling_machine_makes_the_same_decision(monkeypatch):
    # the plan search's samples, the candidates and every play-out step consult no deadline
    idle, idle_choice = _plan_choice(False, False, monkeypatch)
    loaded, loaded_choice = _plan_choice(False, True, monkeypatch)
    assert loaded == idle
    assert loaded_choice == idle_choice
    assert idle_choice[1] >= plan_search.FINAL  # samples of the rules-of-thumb plan compared


def test_with_the_clock_a_crawling_machine_cuts_the_search_short(monkeypatch):
    # the window's player: past the ceiling no sample is started, so the search compares nothing
    # and the rules-of-thumb plan stays (the test above would pass if no clock were read at all)
    _, idle_choice = _plan_choice(False, False, monkeypatch)
    _, cut_choice = _plan_choice(True, True, monkeypatch)
    assert cut_choice[1] < idle_choice[1]
    assert cut_choice[0] == 0


# Through Frederick's first movement phase: her hussars, Louis XV's searched moves and Frederick's
# whole-plan search.  Her own whole-plan search on a crawling clock, the costliest decision of the
# opening, is test_without_the_clock_a_crawling_machine_makes_the_same_decision's.
N = 21


@pytest.mark.slow  # (a long run: the decision-level checks above run by default)
def test_a_seed_replays_the_same_opening_of_an_all_hard_game(monkeypatch):
    """The first N decisions of an all-hard 3-player introductory game, once on an idle clock and once
    on a crawling one: the same actions (tournament.play_game plays without the clock)."""

    def opening(crawl: bool) -> tuple[list, dict]:
        if crawl:
            _crawl(monkeypatch)
        from maria.record.game import GameRecord

        rec = GameRecord.new(variant="intro", players=3, seed=4242)
        ps = {r: make_player("hard", 4242 * 1009 + i, clock=False) for i, r in enumerate(sorted(door.ROLES[3]))}
        out = []
        while len(out) < N and not door.is_over(rec.state):
            r = door.active_roles(rec.state)[0]
            a = ps[r].choose(observe(rec.state, r), door.legal_actions(rec.state, r), r)
            rec.apply(r, a)
            out.append((r, a))
        return out, ps

    idle, ps = opening(False)
    crawled, crawled_ps = opening(True)
    assert crawled == idle
    searched = getattr(ps["frederick"], "last_plan_choice", None)
    assert searched is not None  # his whole plan was searched
    assert getattr(crawled_ps["frederick"], "last_plan_choice", None) == searched
    assert any(r == "louis_xv" and a["type"] in ("move", "force_march") for r, a in idle)  # searched moves
    assert any(a["type"] == "place_hussar" for _, a in idle)
