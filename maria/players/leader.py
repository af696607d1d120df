"""Who is closest to winning the advanced game (R23.1: a major power wins when its pool of victory
markers is empty at the end of an action stage), from the pools and the next stage's threats.

The pools alone mislead: Austria starts with 3 markers in her pool and France with 11, but France
takes markers out of its pool several times as fast (its conquests of the Austrian Netherlands
and Bohemia, R10.16c), while Austria places hers only by conquering enemy fortresses or winning
battles.  So each power's distance to victory is counted in its own action stages:

    stages(p) = max(pool(p) - threat(p), 0) / PACE[p]  (+ 1 when threat(p) was counted)

PACE[p]: about the markers a power takes out of its pool in one of its action stages in all-hard
3-player games (tools/war_stats.py reads them from a series' replays: France about 3 a stage in
the first turns, Prussia about 1.8, Austria and the Pragmatic Army 0-0.2).  The figures keep
France's and Prussia's ratio; Austria's and the PA's are set higher than those games show, so that
a small pool still counts as a lead when it is nearly empty.  threat(p): the victory markers the next-stage model
(maria.players.next_stage) expects the power to place in its coming action stage, scaled down by
THREAT_SCALE (the model expects more markers than the stages place).  The model is read only for
the stage that acts next after the deciding role's (the one it was scored on).

A role is as close to winning as its closest major power (Frederick: Prussia or the Pragmatic
Army).  The order of the other roles is what the advanced evaluation weighs its rivals by
(maria.players.evaluate_advanced.pools_value): the leader most, whoever his pool.  A hard player
reads the order from its role's view at the root of its decisions (maria.players.search).
"""

from __future__ import annotations

from contextvars import ContextVar

PACE = {"france": 2.0, "prussia": 1.2, "austria": 0.4, "pragmatic_army": 0.3}
THREAT_SCALE = 0.7

# The roles in order of their distance to victory, closest first, as the deciding hard player
# measured it at the root of its decision (set by maria.players.search.SearchPlayer for the length
# of its own decision; empty otherwise, when the evaluation orders the rivals by their pools).
LEADERS: ContextVar[tuple[str, ...]] = ContextVar("leaders", default=())


def stages_to_win(state: dict, pools: dict[str, float], threat: dict[str, float] | None = None) -> dict[str, float]:
    """Each major power's distance to victory in its own action stages (module docstring)."""
    out = {}
    for p, pool in pools.items():
        t = THREAT_SCALE * (threat or {}).get(p, 0.0)
        out[p] = max(pool - t, 0.0) / PACE.get(p, 1.0) + (1.0 if t > 0 else 0.0)
    return out


def role_order(state: dict, pools: dict[str, float], threat: dict[str, float] | None = None) -> tuple[str, ...]:
    """The roles, closest to victory first (ties: the order of state["roles"])."""
    st = stages_to_win(state, pools, threat)
    dist = {}
    for i, (role, powers) in enumerate(state["roles"].items()):
        ds = [st[p] for p in powers if p in st]
        dist[role] = (min(ds) if ds else float("inf"), i)
    return tuple(sorted(dist, key=lambda r: dist[r]))
