"""Whole FRIEDRICH games (2005 rules §1-§12, standard game) played through the door with random
legal actions on a temporary full board (tests/friedrich/fullboard.py): no crash, every game
ends (§12), the army rules hold after every action (§6: 1-8 per general on the map, stacks of
at most 3 of one nation, nation totals within the starting numbers), and every role's view hides
the other nations' hands and army allocations."""

from __future__ import annotations

import random

import pytest

from maria.lab.friedrich_selfplay import check_invariants, check_views, random_game, random_step
from maria.games.friedrich.rules import door
from tests.friedrich.fullboard import REF, full_board


@pytest.mark.parametrize("players,seed,board", [(3, 12, "shipped"), (4, 14, "reference")])
def test_random_whole_games_keep_the_rules_invariants(players, seed, board):
    """On the shipped board (boards/friedrich/) and on one built from the reference material.  (The
    4-player game on the shipped board, with the same checks: seed 2337 below.)"""
    if board == "reference" and not REF.exists():
        pytest.skip("the reference board (../shared/reference) is not here")
    out = random_game(players, seed, board=full_board() if board == "reference" else None)
    assert out["duels"] > 0  # every invariant checked after every action


def test_random_games_on_a_crowded_small_board_fight_and_keep_the_invariants():
    """The small test board puts every nation within a few cities: many combats, retreats,
    recruitments and re-entries per game (§7, §8, §10), the same invariants."""
    from tests.friedrich.conftest import small_board

    board = small_board(
        objectives={"russia": {"first": ["b3", "c3"], "defender": "prussia"}}, areas={"prussia": ["a0", "a1"]}
    )
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


def test_F10_with_every_depot_lost_the_random_player_brings_pieces_back_on_one_city_only():
    """Self-play seed 2337 (4 players) reached a recruitment with every depot of a nation lost, and
    the random player sent two pieces to two substitute cities: the engine refused it (§10, one
    substitute city).  The random player now brings back at most one piece there."""
    out = random_game(4, 2337)
    assert out["state"]["result"]["winners"]
    assert out["duels"] > 0  # every invariant checked after every action
