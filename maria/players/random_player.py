"""The `random` level (any legal action, R1-R25 through the door): the "a little purposeful" random
player of maria.players.random_moves, run on a determinised state so that it, too, sees only its
role's observation."""

from __future__ import annotations

import random

from maria.players import random_moves
from maria.players.resample import resample


class RandomPlayer:
    level = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, obs: dict, legal: list[dict], role: str, rng: random.Random | None = None) -> dict:
        rng = rng or self.rng
        acts = [a for a in legal if a["type"] != "undo"] or legal
        if len(acts) == 1 and not any(v == "choose" for v in acts[0].values()):
            return acts[0]
        state = resample(obs, role, rng.getrandbits(32))
        chooser = {"rng": rng.getrandbits(63) | 1}
        rarer = [a for a in acts if random_moves.is_rarer(a, obs["public"]["flow"][-1]["name"])]
        rare = [a for a in acts if a["type"] == "transfer"]
        common = [a for a in acts if a not in rare and a not in rarer] or rarer
        if common is rarer:
            rarer = []
        if rare and (not common or rng.randrange(20) == 0):
            a = rng.choice(rare + rarer)
        else:
            a = random_moves._purposeful(state, role, common, chooser) or rng.choice(common)
        if any(v == "choose" for v in a.values()):
            a = random_moves.fill(a, state, chooser)
        return a
