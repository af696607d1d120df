"""Whole FRIEDRICH games (2005 rules §1-§12, standard game) played through the door with random
legal actions on a temporary full board (tests/friedrich/fullboard.py): no crash, every game
ends (§12), the army rules hold after every action (§6: 1-8 per general on the map, stacks of
at most 3 of one nation, nation totals within the starting numbers), and every role's view hides
the other nations' hands and army allocations."""

from __future__ import annotations

import pytest

from maria.analysis.friedrich_selfplay import random_game
from tests.friedrich.fullboard import REF, full_board


@pytest.mark.parametrize("players,seed", [(4, 11), (3, 12), (4, 13)])
def test_random_whole_games_keep_the_rules_invariants(players, seed):
    if not REF.exists():
        pytest.skip("the reference board (../shared/reference) is not here")
    out = random_game(players, seed, board=full_board())   # every invariant checked after every action
    assert out["duels"] > 0
