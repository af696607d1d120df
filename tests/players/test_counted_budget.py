"""Hard searches a fixed number of play-outs per decision (maria.players.PLAYOUTS, REPLY_PLAYOUTS),
the wall-clock budget only a ceiling: the same seed gives the same decision on a busy or an idle
machine (session 11; before, a loaded machine bought fewer play-outs and another game)."""

from __future__ import annotations

import time

from maria.players import PLAYOUTS, REPLY_PLAYOUTS, make_player
from maria.players.resample import observe
from maria.players.search import SearchPlayer
from maria.rules import door

from tests.players.test_planner_rules import _first_movement


def _count_playouts(monkeypatch) -> list:
    calls = []
    orig = SearchPlayer._playout

    def counted(self, st, role, rng, deadline=1e18):
        calls.append(role)
        return orig(self, st, role, rng, deadline)
    monkeypatch.setattr(SearchPlayer, "_playout", counted)
    return calls


def test_hard_searches_a_fixed_count_of_playouts_and_decides_the_same_under_load(monkeypatch):
    s = _first_movement("louis_xv", 3)
    role = "louis_xv"
    calls = _count_playouts(monkeypatch)
    first = make_player("hard", 7).choose(observe(s, role), door.legal_actions(s, role), role)
    n = len(calls)
    assert 0 < n <= PLAYOUTS["hard"]
    # the same decision when the machine is slow: every play-out made to cost more wall clock
    orig = SearchPlayer._playout

    def slow(self, st, r, rng, deadline=1e18):
        time.sleep(0.01)
        return orig(self, st, r, rng, deadline)
    monkeypatch.setattr(SearchPlayer, "_playout", slow)
    again = make_player("hard", 7).choose(observe(s, role), door.legal_actions(s, role), role)
    assert again == first


def test_maria_theresa_long_playouts_are_counted_too(monkeypatch):
    s = _first_movement("maria_theresa", 3)
    role = "maria_theresa"
    calls = _count_playouts(monkeypatch)
    make_player("hard", 7).choose(observe(s, role), door.legal_actions(s, role), role)
    assert 0 < len(calls) <= REPLY_PLAYOUTS["hard"]


def test_an_explicit_budget_still_caps_the_wall_clock():
    s = _first_movement("frederick", 3)
    role = "frederick"
    t = time.perf_counter()
    make_player("hard", 7, budget=0.05).choose(observe(s, role), door.legal_actions(s, role), role)
    assert time.perf_counter() - t < 1.5


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
