"""resample(): a full state consistent with one role's observation (OpenSpiel-style resampling)."""

from __future__ import annotations


import pytest

from maria.games.maria.rules import door
from maria.engine import rng
from maria.engine.state import copy_state
from maria.games.maria.rules.advanced import poldata
from maria.lab import selfplay
from maria.players.resample import ADV_BOOKKEEPING_KEYS, ADV_SAMPLED_KEYS, ADV_VIEW_KEYS, observe, resample
from maria.games.maria.invariants import check_state


def _hidden_placed(st) -> bool:
    """Face-down TCs placed on the political display and not yet revealed (R17.3-4)."""
    adv = st.get("adv")
    return bool(adv) and any(not e["up"] and not e.get("seen") for ents in adv["pol"]["display"].values() for e in ents)


def _states(seed, players, every=15, variant="intro", options=None, adv_keys=None):
    """Every `every`-th state of a random game (and every state holding a face-down political TC,
    the short windows the hidden-information tests need), the last one the finished game.
    `adv_keys`: a set that receives the keys of state["adv"] of every state of the game."""
    st = door.new_game(variant, players, seed, options=options)
    ch = {"rng": rng.seed_state(seed)}
    k = 0
    while not door.is_over(st):
        if adv_keys is not None:
            adv_keys |= set(st["adv"])
        if k % every == 0 or (every > 9 and _hidden_placed(st) and k % 3 == 0):
            yield st
        role = door.active_roles(st)[0]
        st = door.apply(st, role, selfplay.random_action(st, role, ch))
        k += 1
    if adv_keys is not None:
        adv_keys |= set(st["adv"])
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
    assert resample(obs, role, 3) == resample(observe(samples[5], role), role, 3)  # view + seed only
    # the role's own secrets are exact
    for s in samples:
        assert s["cards"]["hands"]["prussia"] == st["cards"]["hands"]["prussia"]


def test_observation_leaks_nothing():
    """Two states that differ only in what frederick cannot see give the same observation."""
    st = list(_states(5, 3, every=40))[2]
    other = resample(observe(st, "frederick"), "frederick", 99)
    assert observe(other, "frederick") == observe(st, "frederick")
    assert (
        other["cards"]["hands"]["austria"] != st["cards"]["hands"]["austria"]
        or other["cards"]["draw"] != st["cards"]["draw"]
    )


# --- the advanced game: political display, political deck, winter scores ---------------------------


def _hidden_display(st, role):
    """Other powers' face-down TCs on the political display that were never revealed (what `role`
    must not learn; a revealed card turned face-down again is remembered, R25.3)."""
    mine = set(st["roles"][role])
    return [
        e["card"]
        for p, ents in st["adv"]["pol"]["display"].items()
        if p not in mine
        for e in ents
        if not e["up"] and not e.get("seen")
    ]


def _strings(x):
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(x, (list, tuple)):
        for v in x:
            yield from _strings(v)
    elif isinstance(x, str):
        yield x


def _adv_states(players, seeds=(0, 1), every=9, adv_keys=None):
    """Points of random advanced games (both political rules), the last one the finished game."""
    for seed in seeds:
        for opt in (True, False):
            yield from _states(seed, players, every, "advanced", {"optional_political_rule": opt}, adv_keys)


def _pol_deck_ok(state):
    """Every political card is in the deck or revealed (face up and/or discarded: a selected card is
    both until the selection ends), the deck's once; the deck is in year blocks, 1741 on top (the
    list's end)."""
    pol = state["adv"]["pol"]
    allc = poldata.cards()
    revealed = set(pol["faceup"]) | set(pol["discard"])
    assert len(set(pol["deck"])) == len(pol["deck"]) and not set(pol["deck"]) & revealed
    assert set(pol["deck"]) | revealed == set(allc)
    years = [allc[c]["year"] for c in pol["deck"]]
    assert years == sorted(years, reverse=True)


@pytest.mark.parametrize("players", [2, 3])
def test_advanced_view_unchanged_and_state_valid_at_many_points(players, request):
    dense = request.config.getoption("--runslow")  # every 9th state; the default run every 18th
    n = with_hidden = 0
    adv_keys = set()
    for st in _adv_states(players, every=9 if dense else 18, adv_keys=adv_keys):
        for role in door.ROLES[players]:
            obs = observe(st, role)
            hidden = _hidden_display(st, role)
            with_hidden += bool(hidden)
            s2 = resample(obs, role, 7 * n + 1)
            assert door.view(s2, role) == door.view(st, role)
            assert observe(s2, role) == obs
            assert check_state(s2) == []
            _pol_deck_ok(s2)
            legal = [a for a in door.legal_actions(st, role) if a["type"] != "undo"]
            assert door.legal_actions(s2, role) == legal
            # what the role may know is exact: its own display cards, the face-up ones, the rest of adv
            mine = set(st["roles"][role])
            for p, ents in st["adv"]["pol"]["display"].items():
                for e, e2 in zip(ents, s2["adv"]["pol"]["display"][p]):
                    assert e2["up"] == e["up"] and e2["new"] == bool(e.get("new"))
                    if e["up"] or p in mine or e.get("seen"):
                        assert e2["card"] == e["card"]
            for k, v in st["adv"].items():
                if k not in ("pol", "winter"):
                    assert s2["adv"][k] == v, k
            assert list(s2["adv"]) == list(st["adv"])
            assert {p: len(w) for p, w in s2["adv"]["winter"].items()} == {
                p: len(w) for p, w in st["adv"]["winter"].items()
            }
            if st["result"] is not None:
                assert s2["adv"]["winter"] == st["adv"]["winter"]  # public at the end (R23.3)
            n += 1
    # hidden only between placing and revealing (R17.3-4)
    assert n > (300 if dense else 150) and with_hidden > (8 if dense else 4)
    # observe() drops keys of state["adv"] it does not know (never leaks them): each key these games
    # held, in any of their states, must be in the view, in the public bookkeeping or rebuilt by resample
    known = set(ADV_VIEW_KEYS) | ADV_BOOKKEEPING_KEYS | ADV_SAMPLED_KEYS
    assert adv_keys and adv_keys <= known, adv_keys - known


@pytest.mark.parametrize("players", [2, 3])
def test_advanced_observation_hides_display_deck_order_and_winter_scores(players, request):
    """The observation holds no other power's face-down TC, no political card still in the deck
    (so no deck order) and no winter score before the end, and does not change when those are
    changed (the hidden TCs swapped with other unseen cards, the deck reshuffled within its years,
    other winter scores)."""
    n = scrambled = 0
    dense = request.config.getoption("--runslow")  # every 14th state; the default run every 24th
    for st in _adv_states(players, seeds=(2,), every=14 if dense else 24):
        for role in door.ROLES[players]:
            obs = observe(st, role)
            words = set(_strings(obs))
            hidden = _hidden_display(st, role)
            scrambled += bool(hidden) and any(st["adv"]["winter"].values()) and st["result"] is None
            assert not words & set(hidden)
            assert not words & set(st["adv"]["pol"]["deck"])
            adv_obs = obs["advanced"]
            if st["result"] is None:
                assert all(isinstance(w, int) for w in adv_obs["winter_scores"].values())
                assert "winter" not in obs["public"]["adv"]["bookkeeping"]
            assert "pol" not in obs["public"]["adv"]["bookkeeping"]
            assert "adv" not in obs["public"]["other_keys"]
            # the same observation for a state that differs in exactly those secrets
            other = _scramble(st, role, n)
            assert observe(other, role) == obs
            assert door.view(other, role) == door.view(st, role)
            n += 1
    assert n > (100 if dense else 55) and scrambled > (2 if dense else 1)  # hidden only between placing and revealing


def _scramble(st, role, k):
    """`st` with `role`'s unknowns changed: other powers' face-down TCs swapped with the draw deck,
    the political deck reversed within each year, every winter score changed (game not over)."""
    s = copy_state(st)  # (the log and undo snapshots, shared, are not changed here)
    mine = set(s["roles"][role])
    draw = s["cards"]["draw"]
    i = 0
    for p, ents in s["adv"]["pol"]["display"].items():
        if p in mine:
            continue
        for e in ents:
            if not e["up"] and not e.get("seen") and i < len(draw):
                e["card"], draw[i] = draw[i], e["card"]
                i += 1
    allc = poldata.cards()
    deck = s["adv"]["pol"]["deck"]
    years = sorted({allc[c]["year"] for c in deck}, reverse=True)
    s["adv"]["pol"]["deck"] = [c for y in years for c in reversed([d for d in deck if allc[d]["year"] == y])]
    if s["result"] is None:
        for p, w in s["adv"]["winter"].items():
            s["adv"]["winter"][p] = [(x + k + 1) % 9 for x in w]
    return s


def test_advanced_hidden_parts_vary_between_seeds_and_own_secrets_are_exact():
    pts = [
        st
        for st in _adv_states(3, seeds=(3,), every=5)
        if _hidden_display(st, "frederick")
        and st["result"] is None
        and st["adv"]["winter"]["austria"]
        and len(st["adv"]["pol"]["deck"]) > 3
    ]
    assert pts
    st = pts[len(pts) // 2]
    obs = observe(st, "frederick")
    samples = [resample(obs, "frederick", k) for k in range(12)]
    hidden = {
        tuple(e["card"] for p in ("austria", "france") for e in s["adv"]["pol"]["display"][p] if not e["up"])
        for s in samples
    }
    decks = {tuple(s["adv"]["pol"]["deck"]) for s in samples}
    assert len(hidden) > 1 and len(decks) > 1
    for s in samples:
        for p in ("prussia", "pragmatic_army"):
            assert s["adv"]["pol"]["display"][p] == st["adv"]["pol"]["display"][p]
            assert s["cards"]["hands"][p] == st["cards"]["hands"][p]
        # a face-down TC of another power is never also in a hand or a deck (card conservation)
        placed = [e["card"] for ents in s["adv"]["pol"]["display"].values() for e in ents]
        elsewhere = [c for h in s["cards"]["hands"].values() for c in h] + s["cards"]["draw"]
        assert not set(placed) & set(elsewhere)
        # hidden winter scores: the public count, each filled with a pool-sized estimate
        for p, w in s["adv"]["winter"].items():
            assert len(w) == len(st["adv"]["winter"][p])
            assert all(isinstance(x, int) and 0 <= x <= 13 for x in w)
    assert resample(obs, "frederick", 3) == resample(observe(samples[5], "frederick"), "frederick", 3)


def test_advanced_resampled_state_keeps_the_evaluation_working():
    from maria.players.evaluate_advanced import advanced_value, winter_term, effective_pools
    from maria.games.maria.rules.state import board_info

    pts = [st for st in _adv_states(2, seeds=(2,), every=40) if st["turn"] >= 7 and st["result"] is None]
    assert pts
    for st in pts[:3]:
        for role in door.ROLES[2]:
            s2 = resample(observe(st, role), role, 5)
            assert isinstance(winter_term(s2, role, effective_pools(s2, pending=False)), float)
            v = advanced_value(s2, board_info(s2), role, set(s2["roles"][role]))
            assert isinstance(v, float)


def test_every_advanced_key_is_classified_once():
    """No key of state["adv"] is both in the view or rebuilt by resample and in the public
    bookkeeping.  (That every key a game holds is classified is checked on every state of the
    games of test_advanced_view_unchanged_and_state_valid_at_many_points.)"""
    assert not (set(ADV_VIEW_KEYS) & ADV_BOOKKEEPING_KEYS) and not (ADV_SAMPLED_KEYS & ADV_BOOKKEEPING_KEYS)


def test_R17_4_cards_everybody_saw_go_back_into_a_hand_are_remembered_and_resampled_there():
    """Political TCs revealed on the display (R17.4) and returned to the hand (R17.4 / R17.5.4)
    are public knowledge until they leave the hand: the view shows them, resample deals them to
    their owner, and a card played, paid or placed face-down is forgotten (never wrong)."""
    seen_known = 0
    for seed in range(3):
        for st in _states(seed, 3, every=3, variant="advanced"):
            known = st["cards"].get("known", {})
            for p, ks in known.items():
                assert ks and all(k in st["cards"]["hands"][p] for k in ks)
            if not known:
                continue
            seen_known += 1
            for role in door.ROLES[3]:
                obs = observe(st, role)
                assert obs["known_cards"] == {p: ks for p, ks in sorted(known.items())}
                s2 = resample(obs, role, seen_known)
                for p, ks in known.items():
                    assert all(k in s2["cards"]["hands"][p] for k in ks)
                assert door.view(s2, role) == door.view(st, role)
            if seen_known >= 40:
                return
    assert seen_known > 0, "no revealed card ever went back into a hand"
