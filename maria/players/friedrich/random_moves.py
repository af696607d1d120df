"""A random legal FRIEDRICH player (2005 rules, any section: it only picks among the door's legal
actions): the computer seat that always works, and the tests' random play.  Templated actions
(§6 army allocation, §10 recruitment) are filled in at random but legally."""

from __future__ import annotations

import random

from maria.engine import deck
from maria.games.friedrich.rules import door
from maria.games.friedrich.rules import tables as T


def _split(total: int, n: int, rnd: random.Random, lo: int = 1, hi: int = 8) -> list[int]:
    out = [lo] * n
    rest = total - lo * n
    while rest > 0:
        i = rnd.randrange(n)
        if out[i] < hi:
            out[i] += 1
            rest -= 1
    return out


def fill(state: dict, action: dict, rnd: random.Random) -> dict | None:
    """`action` with its "choose" fields filled in (None: no legal filling was found)."""
    if action["type"] == "allocate":
        counts = _split(action["total"], len(action["generals"]), rnd)
        return {"type": "allocate", "nation": action["nation"], "armies": dict(zip(action["generals"], counts))}
    if action["type"] == "recruit":
        nation = action["nation"]
        hand = state["cards"]["hands"][nation]
        enter, armies, used = {}, {}, set()
        # with every depot lost, the pieces come back on ONE substitute city (§10, FR-R rulings):
        # at most one piece a recruitment, as two pieces never share a city
        most = 1 if action["price"] == T.PRICE_DEPOTS_LOST else len(action["entry"])
        for piece, cities in sorted(action["entry"].items()):
            free = [c for c in cities if c not in used]
            if free and len(enter) < most and rnd.random() < 0.7:
                c = rnd.choice(free)
                enter[piece] = c
                used.add(c)
                if piece in state["generals"]:
                    armies[piece] = 1
        room = action["room"] - sum(armies.values())
        if room < 0:
            return None
        for g, mx in sorted(action["generals"].items()):
            if (
                room > 0
                and g not in enter
                and g in state["generals"]
                and state["generals"][g]["city"] is not None
                and rnd.random() < 0.5
            ):
                armies[g] = 1
                room -= 1
        n_trains = sum(1 for p in enter if p in state["trains"])
        cost = action["price"] * (sum(armies.values()) + n_trains)
        if cost == 0:
            return None
        pay = deck.suggest_payment(hand, cost, 10)
        if pay is None:
            return None
        return {"type": "recruit", "nation": nation, "armies": armies, "enter": enter, "cards": pay}
    return action


def choose(state: dict, role: str, rnd: random.Random) -> dict:
    """A random legal action for `role` (never undo; the end of movement only now and then, so
    the armies keep moving)."""
    acts = [a for a in door.legal_actions(state, role) if a["type"] != "undo"]
    rnd.shuffle(acts)
    if len(acts) > 1 and rnd.random() < 0.85:
        acts = [a for a in acts if a["type"] != "end_movement"] + [a for a in acts if a["type"] == "end_movement"]
    for a in acts:
        f = fill(state, a, rnd)
        if f is not None:
            return f
    raise ValueError(f"no playable action for {role}: {acts}")


def random_step(state: dict, rnd: random.Random) -> dict:
    """One random legal action of a random active role, applied through the door."""
    role = rnd.choice(door.active_roles(state))
    return door.apply(state, role, choose(state, role, rnd))


class RandomPlayer:
    """The computer seat's interface (`decide(state, role)`), playing at random."""

    level = "random"

    def __init__(self, seed: int = 0):
        self.rnd = random.Random(seed)

    def decide(self, state: dict, role: str) -> dict:
        return choose(state, role, self.rnd)


class RandomMoves:
    """The fuzzer's random player over the whole table (maria.lab.fuzz): which waiting role acts and
    what it plays, every choice drawn from one seeded generator, so one seed is one game."""

    def __init__(self, seed: int):
        self.rnd = random.Random(seed)

    def pick_role(self, roles: list[str]) -> str:
        return self.rnd.choice(roles)

    def action(self, state: dict, role: str) -> dict:
        return choose(state, role, self.rnd)
