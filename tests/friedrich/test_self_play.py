"""Whole FRIEDRICH games (2005 rules §1-§12, standard game) played through the door with random
legal actions on a temporary full board (tests/friedrich/fullboard.py): no crash, every game
ends (§12), the army rules hold after every action (§6: 1-8 per general on the map, stacks of
at most 3 of one nation, nation totals within the starting numbers), and every role's view hides
the other nations' hands and army allocations."""

from __future__ import annotations

import random

import pytest
import yaml

from maria.friedrich.rules import door
from maria.friedrich.rules.state import info_of
from tests.friedrich.fullboard import REF, full_board
from tests.friedrich.play import random_step


def check_invariants(s: dict) -> None:
    caps = info_of(s).board.armies
    if not s["allocated"]:                      # the sheets are being filled in
        return
    totals: dict[str, int] = {}
    for gid, g in s["generals"].items():
        if g["city"] is None:
            assert g["armies"] == 0, gid
        else:
            assert 1 <= g["armies"] <= 8, (gid, g["armies"])
            totals[g["nation"]] = totals.get(g["nation"], 0) + g["armies"]
    for n, t in totals.items():
        assert t <= caps[n], (n, t)
    for city, gs in s["city_generals"].items():
        assert len(gs) <= 3 and len({s["generals"][g]["nation"] for g in gs}) == 1, city
        assert city not in s["city_train"], city
    for n in s["left"]:
        assert all(g["city"] is None for g in s["generals"].values() if g["nation"] == n)
    cards = s["cards"]
    n_cards = (len(cards["draw"]) + sum(len(d) for d in cards["aside"])
               + sum(len(d) for d in cards["discards"].values()) + sum(len(h) for h in cards["hands"].values()))
    assert n_cards == 200


def check_views(s: dict) -> None:
    for role in s["roles"]:
        v = door.view(s, role)
        mine = set(s["roles"][role])
        assert set(v["cards"]["hands"]) <= mine
        for gid, g in v["generals"].items():
            assert (g["armies"] is None) == (g["nation"] not in mine), gid


def _round_trip(s: dict) -> dict:
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(yaml.dump(s, Dumper=dumper), Loader=loader)


@pytest.mark.parametrize("players,seed,board", [(4, 17, "shipped"), (3, 12, "shipped"), (4, 13, "reference")])
def test_random_whole_games_keep_the_rules_invariants(players, seed, board):
    """On the shipped board (boards/friedrich/) and on one built from the reference material."""
    if board == "reference" and not REF.exists():
        pytest.skip("the reference board (../shared/reference) is not here")
    s = door.new_game(players, seed, board=full_board() if board == "reference" else None)
    rnd = random.Random(seed)
    steps = duels = 0
    while s["result"] is None:
        s = random_step(s, rnd)
        steps += 1
        if s["flow"][-1]["name"] == "duel":
            duels += 1
        check_invariants(s)
        if steps % 97 == 0:
            check_views(s)
        if steps % 499 == 0:
            assert _round_trip(s) == s                     # plain data, YAML round trip
        assert steps < 20000, "the game does not end"
    assert _round_trip(s) == s
    assert s["turn"] <= 24                        # §11: at the latest when all 18 cards are out
    assert s["result"]["winners"]
    assert duels > 0


def test_random_games_on_a_crowded_small_board_fight_and_keep_the_invariants():
    """The small test board puts every nation within a few cities: many combats, retreats,
    recruitments and re-entries per game (§7, §8, §10), the same invariants."""
    from tests.friedrich.conftest import small_board
    board = small_board(objectives={"russia": {"first": ["b3", "c3"], "defender": "prussia"}},
                        areas={"prussia": ["a0", "a1"]})
    fights = retreats = 0
    for seed in range(4):
        s = door.new_game(3 + seed % 2, seed, board=board)
        rnd = random.Random(seed)
        steps = 0
        while s["result"] is None:
            s = random_step(s, rnd)
            steps += 1
            check_invariants(s)
            if steps % 53 == 0:
                check_views(s)
            assert steps < 20000
        fights += sum("attacks" in e["text"] for e in s["log"])
        retreats += sum("retreats" in e["text"] for e in s["log"])
    assert fights > 10 and retreats > 0
