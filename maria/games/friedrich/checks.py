"""The named checks of the FRIEDRICH board files, run over a loaded FBoard (digest §3 nation data,
§4 map, §5 set-up, §9.1 stacking, §13 supply; 2005 rules sections 2, 4, 6, 7, 9 and "Comment
commencer").  `python -m maria check-boards` prints each one with its result.

Each check is FBoard -> list[Problem]; the expected figures are those of
../shared/friedrich/facts.yaml (map, objectives, nations, totals).  Checks are defensive: a board
built by hand may hold bad references, which one check reports and the others must survive.
"""

from __future__ import annotations

import math
from collections import Counter, deque
from typing import Callable

from maria.engine.board_folder import CheckResult, run_named_checks
from maria.engine.board_problems import Problem
from maria.games.friedrich.board import NATIONS, SUITS, FBoard

# facts.yaml map.cities / map.suits and the seed's nation table (2005 rules, player aid)
CITIES, ROADS, MAIN_ROADS = 672, 976, 185
OBJECTIVES = {
    ("prussia", 1): 14,
    ("russia", 1): 10,
    ("sweden", 1): 5,
    ("sweden", 2): 5,
    ("austria", 1): 12,
    ("austria", 2): 4,
    ("imperial_army", 1): 5,
    ("imperial_army", 2): 5,
    ("france", 1): 10,
}
GENERALS = {"prussia": 8, "hanover": 2, "russia": 4, "sweden": 1, "austria": 5, "imperial_army": 1, "france": 3}
TRAINS = {"prussia": 2, "hanover": 1, "russia": 2, "sweden": 1, "austria": 2, "imperial_army": 1, "france": 2}
ARMIES = {"prussia": 32, "hanover": 12, "russia": 16, "sweden": 4, "austria": 30, "imperial_army": 6, "france": 20}
DEPOTS = 10
FREDERICK_SIDE = ("prussia", "hanover")  # 2005 rules section 1: Frederick against the rest
MAX_STACK = 3  # section 4: up to 3 generals of one nation
SUPPLY_RANGE = 6  # section 9: a path of at most 6 cities
MAP_WIDTH = 1000.0
MIN_SPACING = 8.0  # map units: cities must not touch on the drawing


def _f(board: FBoard, name: str = "board.yaml") -> str:
    return f"{board.meta.get('_folder', 'friedrich')}/{name}"


def _side(nation: str) -> int:
    return 0 if nation in FREDERICK_SIDE else 1


# --- the checks -----------------------------------------------------------------------------------


def check_places_exist(board: FBoard) -> list[Problem]:
    """Every objective, depot, re-entry, sector and set-up city exists."""
    out = []
    f = _f(board)
    for c, o in board.objectives.items():
        if c not in board.cities:
            out.append(Problem(f, f"objectives.{o.nation}", f"city '{c}' does not exist"))
    for key, table in (
        ("depots", board.depots),
        ("reentry_areas", board.reentry_areas),
        ("sectors", board.sectors),
        ("regions", board.regions),
    ):
        for owner, cs in table.items():
            for c in cs:
                if c not in board.cities:
                    out.append(Problem(f, f"{key}.{owner}", f"city '{c}' does not exist"))
    for g in board.generals.values():
        if g.city not in board.cities:
            out.append(Problem(_f(board, "setup.yaml"), f"generals '{g.id}'", f"city '{g.city}' does not exist"))
    for t in board.trains.values():
        if t.city not in board.cities:
            out.append(Problem(_f(board, "setup.yaml"), f"trains '{t.id}'", f"city '{t.city}' does not exist"))
    return out


def check_roads(board: FBoard) -> list[Problem]:
    """Roads join two existing, different cities and read the same both ways (main or not)."""
    out = []
    f = _f(board)
    for a, nbs in board.roads.items():
        if a not in board.cities:
            out.append(Problem(f, f"roads of '{a}'", "the city does not exist"))
            continue
        for b, main in nbs.items():
            if b == a:
                out.append(Problem(f, f"road {a}–{b}", "a road must join two different cities"))
            elif b not in board.cities:
                out.append(Problem(f, f"road {a}–{b}", f"city '{b}' does not exist"))
            elif a not in board.roads.get(b, {}):
                out.append(Problem(f, f"road {a}–{b}", f"leads from {a} to {b} but not back"))
            elif board.roads[b][a] != main:
                out.append(Problem(f, f"road {a}–{b}", "is a main road one way and an ordinary road the other"))
    return out


def _reach(
    board: FBoard, start: str, limit: int | None = None, blocked: Callable[[str], bool] = lambda c: False
) -> dict[str, int]:
    dist = {start: 0}
    todo = deque([start])
    while todo:
        c = todo.popleft()
        if limit is not None and dist[c] >= limit:
            continue
        for n in board.roads.get(c, {}):
            if n not in dist and n in board.cities and not blocked(n):
                dist[n] = dist[c] + 1
                todo.append(n)
    return dist


def check_connected(board: FBoard) -> list[Problem]:
    """One connected road graph: every city can be reached from every other."""
    if not board.cities:
        return [Problem(_f(board), "cities", "there are no cities")]
    start = "berlin" if "berlin" in board.cities else next(iter(board.cities))
    seen = _reach(board, start)
    cut = sorted(set(board.cities) - set(seen))
    if not cut:
        return []
    return [
        Problem(
            _f(board),
            "roads",
            f"{len(cut)} cities cannot be reached from {start}: {', '.join(cut[:12])}{' ...' if len(cut) > 12 else ''}",
        )
    ]


def check_counts(board: FBoard) -> list[Problem]:
    """The figures of facts.yaml: 672 cities, 976 roads (185 main), 70 objectives by nation and
    order, 10 depots, 24 generals, 11 trains, starting armies by nation."""
    out = []
    f, s = _f(board), _f(board, "setup.yaml")
    edges = {frozenset((a, b)): m for a, nbs in board.roads.items() for b, m in nbs.items()}
    mains = sum(1 for m in edges.values() if m)
    for what, have, want in (
        ("cities", len(board.cities), CITIES),
        ("roads", len(edges), ROADS),
        ("main_roads", mains, MAIN_ROADS),
    ):
        if have != want:
            out.append(Problem(f, what, f"{want} expected, found {have}"))
    have = Counter((o.nation, o.order) for o in board.objectives.values())
    for (nation, order), want in OBJECTIVES.items():
        if have.get((nation, order), 0) != want:
            out.append(
                Problem(
                    f,
                    f"objectives.{nation}",
                    f"{want} objectives of order {order} expected, found {have.get((nation, order), 0)}",
                )
            )
    for key in set(have) - set(OBJECTIVES):
        out.append(Problem(f, f"objectives.{key[0]}", f"no objectives of order {key[1]} expected"))
    n_depots = sum(len(v) for v in board.depots.values())
    if n_depots != DEPOTS:
        out.append(Problem(f, "depots", f"{DEPOTS} depots expected, found {n_depots}"))
    for nation in NATIONS:
        if not board.depots.get(nation):
            out.append(Problem(f, f"depots.{nation}", "every nation needs a depot"))
        if not board.reentry_areas.get(nation):
            out.append(Problem(f, f"reentry_areas.{nation}", "every nation needs a substitute re-entry area"))
    gens = Counter(g.nation for g in board.generals.values())
    trains = Counter(t.nation for t in board.trains.values())
    for nation in NATIONS:
        if gens.get(nation, 0) != GENERALS[nation]:
            out.append(
                Problem(s, f"generals ({nation})", f"{GENERALS[nation]} generals expected, found {gens.get(nation, 0)}")
            )
        if trains.get(nation, 0) != TRAINS[nation]:
            out.append(
                Problem(s, f"trains ({nation})", f"{TRAINS[nation]} trains expected, found {trains.get(nation, 0)}")
            )
        if board.armies.get(nation) != ARMIES[nation]:
            out.append(
                Problem(s, f"armies.{nation}", f"{ARMIES[nation]} armies expected, found {board.armies.get(nation)}")
            )
        ranks = sorted(g.rank for g in board.generals.values() if g.nation == nation)
        if ranks != list(range(1, len(ranks) + 1)):
            out.append(Problem(s, f"generals ({nation})", f"ranks must run 1..{len(ranks)}, found {ranks}"))
    return out


def _in_supply(board: FBoard, general, pieces: dict[str, list[tuple[str, str]]]) -> bool:
    """2005 rules section 9 (digest §13): always in supply inside its own provinces (Russia and
    France have none: on their own depots); elsewhere a path of at most 6 cities to a train of its
    own nation, through friendly pieces but not through enemy generals or enemy trains."""
    city = board.cities.get(general.city)
    if city is None:
        return False
    if city.country in board.provinces.get(general.nation, ()) or general.city in board.depots.get(general.nation, ()):
        return True
    rng = int(board.meta.get("supply_range", SUPPLY_RANGE))

    def enemy(c: str) -> bool:
        return any(_side(n) != _side(general.nation) for _, n in pieces.get(c, ()))

    own = [t.city for t in board.trains.values() if t.nation == general.nation]
    return any(general.city in _reach(board, t, rng, enemy) for t in own if not enemy(t))


def check_setup(board: FBoard) -> list[Problem]:
    """The set-up is legal (2005 rules section 4 and "Comment commencer"): one piece per city except
    stacks of at most 3 generals of one nation; no enemy generals adjacent at the start (Prussia and
    Hanover against all others); every general in supply; each nation's armies can be shared 1-8
    per general."""
    out = []
    s = _f(board, "setup.yaml")
    pieces: dict[str, list[tuple[str, str]]] = {}
    for g in board.generals.values():
        pieces.setdefault(g.city, []).append((g.id, g.nation))
    for t in board.trains.values():
        pieces.setdefault(t.city, []).append((t.id, t.nation))
    for city, here in sorted(pieces.items()):
        ids = [p for p, _ in here]
        trains = [p for p in ids if p in board.trains]
        nations = {n for _, n in here}
        if len(here) > 1 and (trains or len(nations) > 1):
            out.append(
                Problem(
                    s,
                    f"city '{city}'",
                    f"holds {', '.join(ids)}: one piece per city, except generals of one nation stacked",
                )
            )
        elif len(here) > MAX_STACK:
            out.append(
                Problem(s, f"city '{city}'", f"stacks {len(here)} generals ({', '.join(ids)}); at most {MAX_STACK}")
            )
    gens = list(board.generals.values())
    for g in gens:
        for h in gens:
            if g.id < h.id and _side(g.nation) != _side(h.nation) and h.city in board.roads.get(g.city, {}):
                out.append(
                    Problem(s, f"generals '{g.id}'", f"starts at {g.city}, next to the enemy {h.id} at {h.city}")
                )
    for g in gens:
        if g.city in board.cities and not _in_supply(board, g, pieces):
            out.append(
                Problem(
                    s,
                    f"generals '{g.id}'",
                    f"is out of supply at {g.city}: not in its provinces, "
                    f"not on a depot, no own train within "
                    f"{board.meta.get('supply_range', SUPPLY_RANGE)} cities",
                )
            )
    for nation in NATIONS:
        n = sum(1 for g in gens if g.nation == nation)
        armies = board.armies.get(nation, 0)
        if n and not n <= armies <= 8 * n:
            out.append(Problem(s, f"armies.{nation}", f"{armies} armies cannot be shared 1-8 among {n} generals"))
    return out


def check_suits(board: FBoard) -> list[Problem]:
    """Every city has exactly one suit, and the cities of a named sector share its suit."""
    out = []
    f = _f(board)
    for c in board.cities.values():
        if c.suit not in SUITS:
            out.append(Problem(f, f"cities '{c.id}'", f"suit {c.suit!r} is not one of {', '.join(SUITS)}"))
    for name, cs in board.sectors.items():
        suit = name.split("_", 1)[0]
        if suit not in SUITS:
            out.append(Problem(f, f"sectors.{name}", "a sector's name starts with its suit"))
            continue
        for c in cs:
            if c in board.cities and board.cities[c].suit != suit:
                out.append(Problem(f, f"sectors.{name}", f"city '{c}' is {board.cities[c].suit}, not {suit}"))
    return out


def check_drawing(board: FBoard) -> list[Problem]:
    """Positions lie on the map (0..1000 wide), no two cities are closer than MIN_SPACING and no two
    roads cross (the drawing stays readable; the rules do not depend on it)."""
    out = []
    f = _f(board)
    for c in board.cities.values():
        if not (math.isfinite(c.x) and math.isfinite(c.y) and 0 <= c.x <= MAP_WIDTH and 0 <= c.y <= MAP_WIDTH):
            out.append(Problem(f, f"cities '{c.id}'", f"position ({c.x}, {c.y}) is off the map (0..{MAP_WIDTH:g})"))
    cell: dict[tuple[int, int], list] = {}
    for c in board.cities.values():
        if math.isfinite(c.x) and math.isfinite(c.y):
            cell.setdefault((int(c.x // MIN_SPACING), int(c.y // MIN_SPACING)), []).append(c)
    for (cx, cy), cs in cell.items():
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for d in cell.get((cx + dx, cy + dy), ()):
                    for c in cs:
                        if c.id < d.id and math.hypot(c.x - d.x, c.y - d.y) < MIN_SPACING:
                            out.append(Problem(f, f"cities '{c.id}'", f"is closer than {MIN_SPACING:g} to '{d.id}'"))
    out += _crossings(board)
    return out


def _crossings(board: FBoard) -> list[Problem]:
    """Roads that cross on the drawing (roads sharing a city never count)."""

    def orient(a, b, c) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    pos = {cid: (c.x, c.y) for cid, c in board.cities.items()}
    edges = sorted(
        {tuple(sorted((a, b))) for a, nbs in board.roads.items() for b in nbs if a in pos and b in pos and a != b}
    )
    boxes = [
        (min(pos[a][0], pos[b][0]), max(pos[a][0], pos[b][0]), min(pos[a][1], pos[b][1]), max(pos[a][1], pos[b][1]))
        for a, b in edges
    ]
    order = sorted(range(len(edges)), key=lambda k: boxes[k][0])
    out = []
    for n, i in enumerate(order):
        (a, b), bi = edges[i], boxes[i]
        for j in order[n + 1 :]:
            (c, d), bj = edges[j], boxes[j]
            if bj[0] > bi[1]:
                break
            if bj[3] < bi[2] or bj[2] > bi[3] or {a, b} & {c, d}:
                continue
            d1, d2 = orient(pos[c], pos[d], pos[a]), orient(pos[c], pos[d], pos[b])
            d3, d4 = orient(pos[a], pos[b], pos[c]), orient(pos[a], pos[b], pos[d])
            if d1 * d2 < 0 and d3 * d4 < 0:
                out.append(Problem(_f(board), f"road {a}–{b}", f"crosses the road {c}–{d} on the map"))
    return out


CHECKS: list[tuple[str, str, Callable[[FBoard], list[Problem]]]] = [
    ("places-exist", "every objective, depot, re-entry, sector and set-up city exists", check_places_exist),
    ("roads", "roads join existing cities and read the same both ways", check_roads),
    ("connected", "one connected road graph", check_connected),
    (
        "counts",
        "672 cities, 976 roads (185 main), 70 objectives 14/10/5+5/12+4/5+5/10, 10 depots, "
        "24 generals, 11 trains, armies by nation",
        check_counts,
    ),
    (
        "setup",
        "stacks of at most 3, no enemy generals adjacent, every general in supply, armies 1-8 per general",
        check_setup,
    ),
    ("suits", "every city has exactly one suit; named sectors share theirs", check_suits),
    ("drawing", "positions on the 0..1000 map, no two cities closer than 8 units, no roads crossing", check_drawing),
]


def run_checks(board: FBoard) -> list[CheckResult]:
    return run_named_checks(board, CHECKS, _f(board))
