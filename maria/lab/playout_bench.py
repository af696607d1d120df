"""The computer players' speed, for `python -m maria bench`: the `hard` level's strength
grows with the play-outs it can afford in its time, so the benchmark reports its play-outs per
second from fixed positions of the introductory game (3 players).

The positions are the movement phases of an all-easy game (seed `seed`), the first `per_role` of
each role; at each, the rules-of-thumb move is applied to a sampled state of that role's view and
`hard` plays out from there as it does in its search: to the end of the action stage for Frederick
and Louis XV, through the enemy stages to her next action stage for Maria Theresa (R5.1: she acts
last, so her play-outs are the long ones).  Only the play-outs are timed, in processor time of
this process (`time.process_time`), so that other jobs on the machine do not change the figure.
"""

from __future__ import annotations

import random
import time

from maria.players import make_player, observe
from maria.players.easy import Rules, playable
from maria.players.resample import resample
from maria.games.maria.rules import door
from maria.games.maria.rules import roles as R


def movement_positions(seed: int = 1, per_role: int = 4, max_actions: int = 3000) -> list[tuple[dict, str]]:
    """(state, role) at the first `per_role` movement-phase decisions of each role in the all-easy
    introductory game of `seed`."""
    state = door.new_game("intro", 3, seed)
    players = {r: make_player("easy", seed * 1009 + i) for i, r in enumerate(sorted(R.ROLES_3P))}
    found: dict[str, int] = {}
    out: list[tuple[dict, str]] = []
    for _ in range(max_actions):
        if door.is_over(state) or all(found.get(r, 0) >= per_role for r in R.ROLES_3P):
            break
        role = door.active_roles(state)[0]
        frame = state["flow"][-1]
        # the phase's first decision only: later ones repeat the same position with a piece moved
        if frame["name"] == "movement_phase" and not frame.get("moved") and found.get(role, 0) < per_role:
            found[role] = found.get(role, 0) + 1
            out.append((state, role))
        a = players[role].choose(observe(state, role), door.legal_actions(state, role), role)
        state = door.apply(state, role, a)
    return out


def playout_rate(seed: int = 1, per_role: int = 4, repeats: int = 5) -> dict[str, tuple[float, int]]:
    """Play-outs per second of `hard` from the positions of movement_positions(seed, per_role), each
    played out `repeats` times: {"stage": (rate, count), "reply": (rate, count)} (reply: Maria
    Theresa's play-outs through the enemy stages)."""
    hard = make_player("hard", seed, budget=1e9)
    spent = {"stage": 0.0, "reply": 0.0}
    count = {"stage": 0, "reply": 0}
    for state, role in movement_positions(seed, per_role):
        kind = "reply" if role in hard.config.roles(hard.config.reply_roles, state) else "stage"
        rng = random.Random(seed)
        obs = observe(state, role)
        for _ in range(repeats):
            st = resample(obs, role, rng.getrandbits(32))
            a = Rules(st, role, rng).decide(playable(door.legal_actions(st, role)))
            after = door.apply(st, role, a)
            t0 = time.process_time()
            hard._playout(after, role, random.Random(rng.getrandbits(32)))
            spent[kind] += time.process_time() - t0
            count[kind] += 1
    return {k: (count[k] / spent[k] if spent[k] else 0.0, count[k]) for k in spent}


def report(print_fn=print, seed: int = 1) -> dict[str, float]:
    """Print the play-out rates (one line each) and return them."""
    rates = playout_rate(seed)
    labels = {"stage": "hard play-outs to the stage's end", "reply": "hard play-outs through the enemy stages"}
    whose = {"stage": "Frederick's and Louis XV's", "reply": "Maria Theresa's, R5.1"}
    for k, (rate, n) in rates.items():
        print_fn(
            f"  --  {labels[k]:<40} {rate:8.2f} /s ({whose[k]}; {n} play-outs from the movement "
            f"phases of the all-easy game of seed {seed})"
        )
    return {k: v[0] for k, v in rates.items()}
