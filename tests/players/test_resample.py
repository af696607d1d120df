"""resample(): a full state consistent with one role's observation (OpenSpiel-style resampling)."""

from __future__ import annotations

import pytest

from maria.rules import door, rng, selfplay
from maria.rules.resample import observe, resample
from maria.rules.statecheck import check_state


def _states(seed, players, every=15):
    st = door.new_game("intro", players, seed)
    ch = {"rng": rng.seed_state(seed)}
    k = 0
    while not door.is_over(st):
        if k % every == 0:
            yield st
        role = door.active_roles(st)[0]
        st = door.apply(st, role, selfplay.random_action(st, role, ch))
        k += 1
    yield st


@pytest.mark.parametrize("players", [2, 3])
def test_view_unchanged_and_state_valid_at_many_points(players):
    n = 0
    for seed in range(2):
        for st in _states(seed, players):
            for role in door.ROLES[players]:
                obs = observe(st, role)
                for k in (1, 2):
                    s2 = resample(obs, role, k * 1000 + n)
                    assert door.view(s2, role) == door.view(st, role)
                    assert observe(s2, role) == obs
                    assert check_state(s2) == []
                    legal = [a for a in door.legal_actions(st, role) if a["type"] != "undo"]
                    assert door.legal_actions(s2, role) == legal
                n += 1
    assert n > 50


def test_hidden_parts_vary_between_seeds_and_depend_only_on_the_observation():
    st = list(_states(4, 3, every=40))[3]
    role = "frederick"
    obs = observe(st, role)
    samples = [resample(obs, role, k) for k in range(8)]
    hands = {tuple(s["cards"]["hands"]["austria"]) for s in samples}
    decks = {tuple(s["cards"]["draw"]) for s in samples}
    troops = {tuple(g["troops"] for g in s["generals"].values()) for s in samples}
    assert len(hands) > 1 and len(decks) > 1 and len(troops) > 1
    assert resample(obs, role, 3) == resample(observe(samples[5], role), role, 3)   # view + seed only
    # the role's own secrets are exact
    for s in samples:
        assert s["cards"]["hands"]["prussia"] == st["cards"]["hands"]["prussia"]


def test_observation_leaks_nothing():
    """Two states that differ only in what frederick cannot see give the same observation."""
    st = list(_states(5, 3, every=40))[2]
    other = resample(observe(st, "frederick"), "frederick", 99)
    assert observe(other, "frederick") == observe(st, "frederick")
    assert other["cards"]["hands"]["austria"] != st["cards"]["hands"]["austria"] \
        or other["cards"]["draw"] != st["cards"]["draw"]
