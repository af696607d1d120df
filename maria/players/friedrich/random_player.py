"""FRIEDRICH's "random" computer player (no rule of its own; every decision of §1-§12): a uniformly random legal
action (templates filled at random but legally, as the self-play does), decided from the role's view only."""

from __future__ import annotations

import random

from maria.players.friedrich.random_moves import fill


class RandomPlayer:
    level = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal: list[dict], role: str) -> dict:
        acts = [a for a in legal if a["type"] != "undo"]
        self.rng.shuffle(acts)
        for a in acts:
            f = fill(view, a, self.rng)
            if f is not None:
                return f
        raise RuntimeError(f"no playable action for {role}")
