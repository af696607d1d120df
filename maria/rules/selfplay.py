"""Random self-play through the door only (used by the fuzz tests and `python -m maria selfplay`)."""

from __future__ import annotations

import time

from maria.rules import cards, door, rng


def _pick(st: dict, n: int) -> int:
    return rng.randbelow(st, n)


def fill(template: dict, state: dict, chooser: dict) -> dict:
    """Fill a template action with a random legal choice (chooser = {"rng": int} PRNG state)."""
    a = dict(template)
    t = a["type"]
    if t == "allocate":
        lim = a.pop("generals")
        total = a.pop("total")
        troops = {g: v["min"] for g, v in lim.items()}
        left = total - sum(troops.values())
        ids = sorted(troops)
        while left > 0:
            g = ids[_pick(chooser, len(ids))]
            if troops[g] < lim[g]["max"]:
                troops[g] += 1
                left -= 1
        a["troops"] = troops
    elif t == "pay":
        a["cards"] = cards.suggest_payment(state["cards"]["hands"][a["power"]], a.pop("amount"))
    elif t == "recruit":
        p = a["power"]
        n = 1 + _pick(chooser, a.pop("max_troops"))
        on_map, sites = a.pop("on_map"), a.pop("sites")
        assign, reenter = {}, {}
        for gid, s in sorted(sites.items()):
            if s and n > len(assign):
                reenter[gid] = s[_pick(chooser, len(s))]
                assign[gid] = 1
        left = n - sum(assign.values())
        pool = sorted(set(on_map) | set(assign))
        tries = 0
        while left > 0 and pool and tries < 50:
            tries += 1
            g = pool[_pick(chooser, len(pool))]
            if state["generals"][g]["troops"] + assign.get(g, 0) < 8:
                assign[g] = assign.get(g, 0) + 1
                left -= 1
        total = sum(assign.values())
        a["assign"], a["reenter"] = assign, reenter
        a["cards"] = cards.suggest_payment(state["cards"]["hands"][p], 4 * total) if total else None
        if not total:
            return {"type": "done"}
    return a


def random_action(state: dict, role: str, chooser: dict) -> dict:
    acts = door.legal_actions(state, role)
    # Prefer ending phases now and then so random games make progress.
    a = acts[_pick(chooser, len(acts))]
    if any(v == "choose" for v in a.values()):
        a = fill(a, state, chooser)
    return a


def play_random_game(seed: int, players: int = 3, board=None, max_actions: int = 20000,
                     check=None) -> dict:
    """Play one game with uniformly random legal actions; returns a summary dict."""
    state = door.new_game("intro", players, seed, board=board)
    chooser = {"rng": rng.seed_state(seed ^ 0x5EED)}
    n = 0
    t0 = time.perf_counter()
    while not door.is_over(state):
        roles = door.active_roles(state)
        if not roles:
            raise RuntimeError(f"dead end: no active role (seed {seed}, flow {state['flow']})")
        role = roles[_pick(chooser, len(roles))]
        action = random_action(state, role, chooser)
        if action["type"] == "undo" and _pick(chooser, 4):
            continue
        state = door.apply(state, role, action)
        n += 1
        if check:
            check(state)
        if n >= max_actions:
            raise RuntimeError(f"runaway game (seed {seed})")
    dt = time.perf_counter() - t0
    return {"seed": seed, "players": players, "actions": n, "turn": state["turn"],
            "result": state["result"], "seconds": round(dt, 3),
            "ms_per_action": round(1000 * dt / max(n, 1), 3), "state": state}
