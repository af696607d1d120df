"""FRIEDRICH: how good a position is for a role, in [0, 1] (the search's play-outs end here).
A finished game scores 1 for a winner, 0 otherwise (§12).  Otherwise: an aggressor's role is as
good as its best nation's share of the objectives it must hold (§12: every one of its colour, the
first order only under a relaxed condition of §11), its armies against Frederick's, and how near
its generals stand to the objectives still to take; Frederick's role the other way round, and a
little better with every turn survived (the Clock of Fate runs for him, §11-§12)."""

from __future__ import annotations

from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules.state import info_of
from maria.games.friedrich.rules.victory import relaxed


def progress(state: dict, info, nation: str) -> float:
    """Share of the objectives `nation` needs that it holds (0..1)."""
    need = info.board.objectives_of(nation, 1 if relaxed(state, nation) else None)
    if not need:
        return 0.0
    return sum(1 for c in need if state["conquered"].get(c) == nation) / len(need)


def _armies(state: dict, nations) -> tuple[int, int]:
    info = info_of(state)
    have = sum(g["armies"] or 0 for g in state["generals"].values() if g["nation"] in nations and g["city"])
    cap = sum(int(info.board.armies.get(n, 0)) for n in nations)
    return have, max(1, cap)


def _closeness(state: dict, info, nation: str) -> float:
    """Mean distance of the nation's generals to its nearest objective not yet held (smaller is better)."""
    tg = [c for c in info.board.objectives_of(nation) if state["conquered"].get(c) != nation]
    if not tg:
        return 0.0
    ds = []
    for g in state["generals"].values():
        if g["nation"] == nation and g["city"]:
            d = info.graph.dist_from(g["city"])
            ds.append(min(d.get(c, 30) for c in tg))
    return sum(ds) / len(ds) if ds else 15.0


def score(state: dict, role: str) -> float:
    res = state.get("result")
    if res is not None:
        return 1.0 if role in res["winners"] else 0.0
    info = info_of(state)
    live = [n for n in T.AGGRESSORS if n not in state["left"]]
    prog = {n: progress(state, info, n) for n in live}
    pa, pc = _armies(state, T.DEFENDERS)
    aa, ac = _armies(state, live)
    turn = min(state["turn"], 20) / 20
    mine = state["roles"].get(role, [])
    if "prussia" in mine:
        worst = max(prog.values(), default=0.0)
        mean = sum(prog.values()) / max(1, len(prog))
        s = 0.45 + 0.25 * (1 - worst) + 0.1 * (1 - mean) + 0.12 * pa / pc - 0.08 * aa / ac + 0.06 * turn
        s += 0.02 * len([n for n in T.LEAVERS_FOR_FREDERICK if n in state["left"]])
    else:
        own = [n for n in mine if n in live]
        if not own:
            return 0.0
        best = max(prog[n] for n in own)
        mean = sum(prog[n] for n in own) / len(own)
        oa, oc = _armies(state, own)
        near = min(_closeness(state, info, n) for n in own)
        s = 0.25 + 0.35 * best + 0.1 * mean + 0.1 * oa / oc - 0.08 * pa / pc - 0.01 * min(near, 10) - 0.04 * turn
    return max(0.0, min(1.0, s))
