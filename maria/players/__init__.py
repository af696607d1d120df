"""Computer players for every decision of the rules (R4-R25).  One interface:

    player = make_player(level, seed)            # level in LEVELS
    action = player.choose(obs, legal_actions, role, rng=None)

`obs` is `maria.games.maria.rules.resample.observe(state, role)` — the door's view of that role plus
non-secret bookkeeping — never the full state; `legal_actions` is `door.legal_actions(state, role)`
(templated actions are filled by the player).  `decide(state, role, player)` does both calls.
"""

from __future__ import annotations

import math

from maria.games.maria.rules import door
from maria.players.resample import observe

LEVELS = ("random", "easy", "normal", "hard")


def make_player(level: str, seed: int = 0, budget: float | None = None, clock: bool = True):
    """A computer player of `level` (the searched levels' configurations: maria.players.levels).
    `budget`: the seconds a searched decision may take (for `hard`, the ceiling above its fixed
    count of play-outs, levels.HARD_CAP by default).  `clock=False` (tournaments, benchmarks,
    tests): `hard` has no wall-clock ceiling at all, so its counts alone bound each decision and a
    seed plays the same game on any machine under any load.  With the ceiling (the window's
    players) the same holds wherever the ceiling is not reached; on a slower machine the ceiling
    keeps the window answering.  `normal` searches by the wall clock either way."""
    if level == "random":
        from maria.players.random_player import RandomPlayer

        return RandomPlayer(seed)
    if level == "easy":
        from maria.players.easy import EasyPlayer

        return EasyPlayer(seed)
    if level in ("normal", "hard"):
        from maria.players.levels import SEARCHED_LEVELS
        from maria.players.search import SearchPlayer

        cfg = SEARCHED_LEVELS[level]
        if budget is None and cfg.counted() and not clock:
            budget = math.inf
        return SearchPlayer(cfg, seed, budget=budget)
    raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")


def decide(state: dict, role: str, player) -> dict:
    """The player's action for `role` at `state`, given only what that role may see."""
    return player.choose(observe(state, role), door.legal_actions(state, role), role)
