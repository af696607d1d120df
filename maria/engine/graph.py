"""Road-graph searches of the rules core (no game's powers; MARIA's rules give the numbers): the
length of a move with the main-road bonus , the shortest path to a set of cities
avoiding blocked ones (supply paths), the cities reachable within n roads (the supply
view), the nearest cities meeting a test (relocations), and the exact retreat search (never a city
twice, never into or through a blocked city).

`graph` is a maria.engine.state.BoardGraph: `nbrs[c]` = {neighbour: main road?} for the cities in
play, `dist_from(c)` = road distances (pieces ignored), `playable` = the cities in play.
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Iterable

from maria.engine.state import BoardGraph


def move_length_ok(steps: int, limit: int, main_roads: bool) -> bool:
    """A move of `steps` cities is within `limit`, or one more if every road taken is a main road."""
    return steps <= limit or (steps == limit + 1 and main_roads)


def path_length(
    graph: BoardGraph, start: str, targets: set[str], blocked: set[str], avoid: set[str], max_len: int
) -> int | None:
    """Shortest road distance from start to a target, at most `max_len`, never entering a blocked
    city and passing no `avoid` city (which may not be crossed but is no target); None if none."""
    if start in targets:
        return 0
    # breadth-first, a whole ring of cities at a time (the supply check of every general in every
    # look-ahead runs it: no distance kept per city)
    nbrs = graph.nbrs
    seen = {start}
    ring = [start]
    for steps in range(1, max_len + 1):
        nxt = []
        for x in ring:
            for y in nbrs[x]:
                if y in seen or y in blocked:
                    continue
                if y in targets:
                    return steps
                if y in avoid:
                    continue
                seen.add(y)
                nxt.append(y)
        if not nxt:
            return None
        ring = nxt
    return None


def within_roads(graph: BoardGraph, start: str, blocked: set[str], max_len: int) -> dict[str, int]:
    """The cities reachable from `start` in at most `max_len` roads without entering a blocked city,
    with their distance (breadth-first order)."""
    dist = {start: 0}
    q = deque([start])
    while q:
        x = q.popleft()
        if dist[x] >= max_len:
            continue
        for y in graph.nbrs[x]:
            if y not in dist and y not in blocked and y in graph.playable:
                dist[y] = dist[x] + 1
                q.append(y)
    return dist


def nearest(graph: BoardGraph, start: str, ok: Callable[[str], bool]) -> list[str]:
    """The cities passing `ok` that are nearest to `start` by road (pieces ignored), by name."""
    best, out = None, []
    for c, d in sorted(graph.dist_from(start).items(), key=lambda x: (x[1], x[0])):
        if best is not None and d > best:
            break
        if ok(c):
            best = d
            out.append(c)
    return out


def _retreat_graph(
    graph: BoardGraph, max_distance: int
) -> tuple[list[str], dict[str, int], list[list[int]], list[list[int]]]:
    """Integer-indexed road graph and the balls ball[x][r] (bitmask of the cities within r road
    steps of x), cached on the graph."""
    cache = graph.__dict__.setdefault("_retreat_graphs", {})
    g = cache.get(max_distance)
    if g is None:
        ids = sorted(graph.playable)
        idx = {c: i for i, c in enumerate(ids)}
        nbrs = [[idx[n] for n in sorted(graph.nbrs[c])] for c in ids]
        balls = []
        for c in ids:
            d = graph.dist_from(c)
            row = []
            for r in range(max_distance + 1):
                m = 0
                for y, k in d.items():
                    if k <= r:
                        m |= 1 << idx[y]
                row.append(m)
            balls.append(row)
        g = cache[max_distance] = (ids, idx, nbrs, balls)
    return g


def retreat_ends(
    graph: BoardGraph,
    start: str,
    distance: int,
    blocked: Iterable[str],
    far_from: str | None,
    max_distance: int,
    start_open: bool = False,
) -> dict[str, list[str]]:
    """Every city where a path of exactly `distance` cities from `start` can end, with one witness
    path for each: never a city twice, never into or through a blocked city.  With `start_open`
    the start city was not entered by the path, so the path may enter it once (a game whose rule
    forbids entering a city twice, rather than being in it twice); otherwise it counts as visited.

    Exact, and bounded without a step cap: the ends still reachable from city x with r steps left
    depend only on x, r and the already-visited cities within r road steps of x (a visited city
    farther away can never be met again), so the search is memoised on that key (bitmasks); balls
    are precomputed up to `max_distance` (the longest path a game's rules allow).  With
    `far_from`, only the ends as far as possible (road steps) from that city are returned."""
    if distance <= 0:
        return {start: [start]}
    ids, idx, nbrs, balls = _retreat_graph(graph, max_distance)
    mask = 0
    for c in blocked:
        if c in idx:
            mask |= 1 << idx[c]
    memo: dict = {}

    def reach(x: int, r: int, visited: int) -> int:
        if r == 0:
            return 1 << x
        ball = balls[x][r] if r <= max_distance else -1
        key = (x, r, visited & ball)
        got = memo.get(key)
        if got is not None:
            return got
        out = 0
        for y in nbrs[x]:
            bit = 1 << y
            if not (visited & bit):
                out |= reach(y, r - 1, visited | bit)
        memo[key] = out
        return out

    s = idx[start]
    base = mask if start_open else mask | (1 << s)
    ends = reach(s, distance, base)
    wanted = [e for e in range(len(ids)) if (ends >> e) & 1]
    if far_from is not None and wanted:
        far = graph.dist_from(far_from)
        best = max(far.get(ids[e], 0) for e in wanted)
        wanted = [e for e in wanted if far.get(ids[e], 0) == best]
    out = {}
    for e in wanted:
        path, x, visited = [s], s, base  # witness: follow the memo towards e
        for r in range(distance, 0, -1):
            for y in nbrs[x]:
                bit = 1 << y
                if not (visited & bit) and (reach(y, r - 1, visited | bit) >> e) & 1:
                    path.append(y)
                    x, visited = y, visited | bit
                    break
        out[ids[e]] = [ids[i] for i in path]
    return out
