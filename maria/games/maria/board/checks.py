"""The named checks of board-spec.md's hard requirements, run over a loaded Board.

Each check is a function Board -> list[Problem]; `CHECKS` lists them with the name printed by
`python -m maria check-boards`. Checks are defensive: the loader may have kept entries with bad
references, which earlier checks report and later ones must survive.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

from maria.engine.board_folder import CheckResult, run_named_checks
from maria.games.maria.board.model import MAPS, SUITS, Board, City, components
from maria.engine.board_problems import Problem
from maria.games.maria.board.drawing_checks import _city_problem, _file, check_boxes, check_drawing, check_furniture

SECTOR_COUNT = 44
SUIT_BALANCE = (9, 13)  # 11 ± 2 sectors per suit
CITY_COUNTS = {"bohemia": (180, 300), "flanders": (100, 200)}
MEAN_DEGREE = (2.6, 3.4)
SILESIA_FORTRESSES = 7
SILESIA_NAMED = ("liegnitz", "glogau", "breslau", "neisse", "cosel")
ELECTORS = {
    "flanders": ("mainz", "trier", "koeln", "mannheim", "hannover"),
    "bohemia": ("berlin", "dresden", "muenchen", "prag"),
}
RHINE_ELECTORS = ("mainz", "trier", "koeln", "mannheim")
CALIBRATION = (
    ("dresden", "prag", 5, 7),
    ("breslau", "prag", 7, 9),
    ("berlin", "dresden", 7, 10),
    ("prag", "wien", 8, 11),
    ("muenchen", "prag", 9, 12),
    ("linz", "wien", 4, 6),
    ("lille", "bruessel", 4, 6),
    ("bruessel", "maastricht", 4, 6),
)
# The great highways of 1741 (board-spec.md §8): consecutive towns joined by main roads only.
CORRIDORS = (
    ("berlin", "frankfurt_oder", "glogau", "breslau", "neisse", "olmuetz", "bruenn", "wien"),
    ("leipzig", "dresden", "bautzen", "goerlitz", "liegnitz", "breslau"),
    ("dresden", "prag"),
    ("prag", "iglau", "wien"),
    ("regensburg", "passau", "linz", "wien"),
    ("muenchen", "landshut", "braunau", "linz"),
    ("lille", "tournai", "bruessel", "maastricht", "aachen", "koeln"),
    ("koeln", "koblenz", "mainz", "mannheim", "strassburg"),
    ("metz", "trier", "koblenz"),
)
CORRIDOR_MAX_HOPS = 6  # main-road steps allowed between two consecutive corridor towns
SETUP_STACKS = ({"friedrich", "schwerin"}, {"khevenhueller", "batthyany"}, {"george", "cumberland"})
MIN_CITY_SPACING_PX = 38
ROAD_CLEARANCE_PX = 20
LINK_MAX_ROW = 3  # map links only along the southern edges (rows 1-3)
GENERALS_TOTAL, TRAINS_TOTAL = 20, 10


def _home(board: Board, c: City) -> str | None:
    t = board.territories.get(c.territory)
    return t.home_of if t else None


# --- the checks -----------------------------------------------------------------------------


def check_two_maps(board: Board) -> list[Problem]:
    out = []
    f = _file(board, "board.yaml")
    cols = board.map_columns
    if cols.get("flanders") != (0, 5) or cols.get("bohemia") != (6, 13):
        out.append(Problem(f, "maps", "Flanders must span columns A-F and Bohemia G-N"))
    if board.grid.rows != 12 or "".join(board.grid.columns) != "ABCDEFGHIJKLMN":
        out.append(Problem(f, "grid", "the grid must be columns A-N and rows 1-12"))
    for m in MAPS:
        if not board.cities_on(m):
            out.append(Problem(_file(board, f"{m}.yaml"), "cities", "the map has no cities"))
    return out


def check_sectors(board: Board) -> list[Problem]:
    f = _file(board, "board.yaml")
    out = []
    if len(board.sectors) != SECTOR_COUNT:
        out.append(Problem(f, "sectors", f"there must be {SECTOR_COUNT} sectors, found {len(board.sectors)}"))
    owner: dict[tuple[int, int], str] = {}
    for s in board.sectors:
        maps = {m for m, (c0, c1) in board.map_columns.items() if c0 <= s.col0 and s.col1 <= c1}
        if not maps:
            out.append(Problem(f, f"sector '{s.id}'", "straddles the two maps"))
        for cell in s.cells():
            if cell in owner:
                out.append(
                    Problem(
                        f,
                        f"sector '{s.id}'",
                        f"overlaps sector '{owner[cell]}' in cell {board.grid.columns[cell[0]]}{cell[1] + 1}",
                    )
                )
            owner[cell] = s.id
    missing = [
        f"{board.grid.columns[c]}{r + 1}"
        for c in range(board.grid.width)
        for r in range(board.grid.rows)
        if (c, r) not in owner
    ]
    if missing:
        out.append(
            Problem(
                f,
                "sectors",
                f"grid cells in no sector: {', '.join(missing[:12])}" + (" ..." if len(missing) > 12 else ""),
            )
        )
    counts = Counter(s.suit for s in board.sectors)
    for suit in SUITS:
        if not SUIT_BALANCE[0] <= counts[suit] <= SUIT_BALANCE[1]:
            out.append(
                Problem(
                    f,
                    "sectors",
                    f"{counts[suit]} sectors of {suit}; each suit needs {SUIT_BALANCE[0]}-{SUIT_BALANCE[1]}",
                )
            )
    return out


def check_city_sectors(board: Board) -> list[Problem]:
    out = []
    for c in board.cities.values():
        s = board._sector_of.get(c.id)
        if s is None:
            out.append(_city_problem(board, c, "lies in no sector"))
        elif c.sector and not (s.col0 - 0.15 <= c.pos[0] < s.col1 + 1.15 and s.row0 - 0.15 <= c.pos[1] < s.row1 + 1.15):
            out.append(_city_problem(board, c, f"is stated to be in sector {s.id} but lies far from it"))
    return out


def check_city_counts(board: Board) -> list[Problem]:
    out = []
    for m, (lo, hi) in CITY_COUNTS.items():
        n = len(board.cities_on(m))
        if not lo <= n <= hi:
            out.append(Problem(_file(board, f"{m}.yaml"), "cities", f"{n} cities; the scale calls for {lo}-{hi}"))
    return out


def check_territories(board: Board) -> list[Problem]:
    out = []
    homes: dict[str, set[str]] = {}
    for t in board.territories.values():
        if t.home_of:
            homes.setdefault(t.home_of, set()).add(t.map)
        if t.core_austria and (t.home_of != "austria" or t.map != "bohemia"):
            out.append(
                Problem(
                    _file(board, f"{t.map}.yaml"),
                    f"territory '{t.id}'",
                    "core_austria territories must be Austrian home country on the Bohemia map",
                )
            )
    need = {
        "austria": {"flanders", "bohemia"},
        "prussia": {"bohemia"},
        "saxony": {"bohemia"},
        "bavaria": {"bohemia"},
        "france": {"flanders"},
        "pragmatic_army": {"flanders"},
    }
    for power, maps in need.items():
        for m in maps - homes.get(power, set()):
            out.append(
                Problem(_file(board, f"{m}.yaml"), "territories", f"no home-country territory of {power} on this map")
            )
    sil = board.territories.get("silesia")
    if sil is None:
        out.append(Problem(_file(board, "bohemia.yaml"), "territories", "the territory 'silesia' is missing"))
    elif sil.home_of is not None or sil.map != "bohemia":
        out.append(
            Problem(
                _file(board, f"{sil.map}.yaml"),
                "territory 'silesia'",
                "Silesia must be on the Bohemia map and nobody's home country at the start",
            )
        )
    if not any(t.core_austria for t in board.territories.values()):
        out.append(Problem(_file(board, "bohemia.yaml"), "territories", "no Core-Austria territory"))
    dutch = board.territories.get("dutch_republic")
    if dutch is None or dutch.home_of != "pragmatic_army":
        out.append(
            Problem(
                _file(board, "flanders.yaml"),
                "territories",
                "the territory 'dutch_republic' (home of the Pragmatic Army) is missing",
            )
        )
    for m in MAPS:
        if not any(t.home_of is None and t.map == m and t.id != "silesia" for t in board.territories.values()):
            out.append(Problem(_file(board, f"{m}.yaml"), "territories", "no land of no power on this map"))
    return out


def check_silesia(board: Board) -> list[Problem]:
    f = _file(board, "bohemia.yaml")
    forts = [c.id for c in board.fortresses("silesia")]
    out = []
    if len(forts) != SILESIA_FORTRESSES:
        out.append(
            Problem(
                f,
                "territory 'silesia'",
                f"Silesia must have exactly {SILESIA_FORTRESSES} fortresses, found {len(forts)}: "
                f"{', '.join(sorted(forts))}",
            )
        )
    for cid in SILESIA_NAMED:
        if cid not in forts:
            out.append(Problem(f, f"city '{cid}'", "must be a fortress in Silesia"))
    if "breslau" in board.cities and board.cities["breslau"].fortress != "major":
        out.append(_city_problem(board, "breslau", "Breslau must be a major fortress"))
    return out


def check_electors(board: Board) -> list[Problem]:
    out = []
    electors = {c.id for c in board.cities.values() if c.elector}
    wanted = {cid for ids in ELECTORS.values() for cid in ids}
    for cid in sorted(electors - wanted):
        out.append(
            _city_problem(board, cid, "is marked as an elector but the 9 electors are " + ", ".join(sorted(wanted)))
        )
    for m, ids in ELECTORS.items():
        for cid in ids:
            c = board.cities.get(cid)
            if c is None:
                out.append(Problem(_file(board, f"{m}.yaml"), "cities", f"the elector city '{cid}' is missing"))
                continue
            if not c.elector:
                out.append(_city_problem(board, c, "must be an elector (elector: true)"))
            if not c.is_fortress:
                out.append(_city_problem(board, c, "an elector must be a fortress"))
            if c.map != m:
                out.append(_city_problem(board, c, f"must be on the {m} map"))
    for cid in RHINE_ELECTORS:
        c = board.cities.get(cid)
        if c and _home(board, c) is not None:
            out.append(_city_problem(board, c, "the Rhine electorates are home country of no power"))
    return out


def check_bruessel_tournai(board: Board) -> list[Problem]:
    out = []
    for cid in ("bruessel", "tournai"):
        c = board.cities.get(cid)
        if c is None:
            out.append(Problem(_file(board, "flanders.yaml"), "cities", f"'{cid}' is missing"))
        elif not c.is_fortress or _home(board, c) != "austria" or c.map != "flanders":
            out.append(_city_problem(board, c, "must be a fortress in the Austrian Netherlands"))
    if out:
        return out
    french_nbrs = [n for n in board.neighbours("tournai") if _home(board, board.cities[n]) == "france"]
    if not french_nbrs:
        out.append(_city_problem(board, "tournai", "needs a road from the French border (a French neighbour)"))
    dist = _distances_avoiding(board, "tournai", lambda c: _home(board, c) == "france")
    if dist.get("bruessel", 99) > 3:
        out.append(_city_problem(board, "tournai", "the road from Tournai on to Brüssel must be at most 3 cities"))
    return out


def _distances_avoiding(board: Board, start: str, avoid: Callable[[City], bool]) -> dict[str, int]:
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for a in frontier:
            for b in board.neighbours(a):
                if b not in dist and not avoid(board.cities[b]):
                    dist[b] = dist[a] + 1
                    nxt.append(b)
        frontier = nxt
    return dist


def check_major_fortresses(board: Board) -> list[Problem]:
    out = []
    majors: dict[tuple[str | None, str], list[City]] = {}
    for c in board.cities.values():
        if c.fortress == "major":
            majors.setdefault((_home(board, c), c.map), []).append(c)

    def count(power: str, m: str) -> int:
        return len(majors.get((power, m), []))

    def need(cond: bool, m: str, message: str) -> None:
        if not cond:
            out.append(Problem(_file(board, f"{m}.yaml"), "cities", message))

    need(
        count("austria", "bohemia") >= 2,
        "bohemia",
        "Austria needs several major fortresses in its home country on Bohemia",
    )
    need(count("austria", "flanders") >= 1, "flanders", "Austria needs a major fortress in the Austrian Netherlands")
    need(count("prussia", "bohemia") >= 2, "bohemia", "Prussia needs at least two major fortresses in its home country")
    need(count("france", "flanders") >= 2, "flanders", "France needs several major fortresses on Flanders")
    need(count("france", "bohemia") == 0, "bohemia", "France must have no major fortress on Bohemia")
    dutch = [c for c in majors.get(("pragmatic_army", "flanders"), []) if c.territory == "dutch_republic"]
    need(len(dutch) >= 2, "flanders", "the Pragmatic Army needs at least two Dutch major fortresses")
    hannover = board.cities.get("hannover")
    need(
        bool(hannover and hannover.fortress == "major" and _home(board, hannover) == "pragmatic_army"),
        "flanders",
        "Hannover must be a major fortress of the Pragmatic Army's home country",
    )
    bav = [c.id for m in MAPS for c in majors.get(("bavaria", m), [])]
    need(bav == ["muenchen"], "bohemia", f"Bavaria must have exactly one major fortress, München (found {bav})")
    sax = [c.id for m in MAPS for c in majors.get(("saxony", m), [])]
    need(sax == ["dresden"], "bohemia", f"Saxony must have exactly one major fortress, Dresden (found {sax})")
    return out


def check_roads(board: Board) -> list[Problem]:
    out = []
    for m in MAPS:
        ids = [c.id for c in board.cities_on(m)]
        same_map = {a: {b: v for b, v in board.neighbours(a).items() if board.cities[b].map == m} for a in ids}
        comps = sorted(components(ids, same_map), key=len, reverse=True)
        for comp in comps[1:]:
            names = ", ".join(sorted(comp)[:8]) + (" ..." if len(comp) > 8 else "")
            out.append(
                Problem(
                    _file(board, f"{m}.yaml"),
                    "roads",
                    f"the map is not connected: {len(comp)} cities cut off ({names})",
                )
            )
        if ids:
            mean = sum(len(v) for v in same_map.values()) / len(ids)
            if not MEAN_DEGREE[0] <= mean <= MEAN_DEGREE[1]:
                out.append(
                    Problem(
                        _file(board, f"{m}.yaml"),
                        "roads",
                        f"mean number of roads per city is {mean:.2f}; the scale calls for "
                        f"{MEAN_DEGREE[0]}-{MEAN_DEGREE[1]}",
                    )
                )
        for cid in ids:
            if not board.neighbours(cid):
                out.append(_city_problem(board, cid, "has no road"))
    return out


def check_map_links(board: Board) -> list[Problem]:
    f = _file(board, "board.yaml")
    out = []
    if len(board.map_links) < 3:
        out.append(Problem(f, "map_links", f"at least 3 roads must join the maps, found {len(board.map_links)}"))
    for a, b, _main in board.map_links:
        for cid in (a, b):
            c = board.cities.get(cid)
            if c and c.pos[1] >= LINK_MAX_ROW:
                out.append(
                    Problem(
                        f,
                        f"map_links {a}–{b}",
                        f"'{cid}' is in row {int(c.pos[1]) + 1}; the maps join only along "
                        f"their southern edges (rows 1-{LINK_MAX_ROW})",
                    )
                )
    return out


def check_scale(board: Board) -> list[Problem]:
    out = []
    for a, b, lo, hi in CALIBRATION:
        if a not in board.cities or b not in board.cities:
            continue  # reported by the checks that require these cities
        d = board.distance(a, b, within_map=True)
        if d is None or not lo <= d <= hi:
            out.append(_city_problem(board, a, f"{a}–{b} is {d} road steps; the scale calls for {lo}-{hi}"))
    for corridor in CORRIDORS:
        for a, b in zip(corridor, corridor[1:]):
            if a not in board.cities or b not in board.cities:
                missing = a if a not in board.cities else b
                out.append(
                    Problem(
                        _file(board, "board.yaml"),
                        "main-road corridors",
                        f"the corridor {'–'.join(corridor)} needs the city '{missing}'",
                    )
                )
                continue
            d = board.distance(a, b, main_only=True, within_map=True)
            if d is None or d > CORRIDOR_MAX_HOPS:
                out.append(
                    _city_problem(
                        board,
                        a,
                        f"no main-road route {a}–{b} (of at most "
                        f"{CORRIDOR_MAX_HOPS} steps) along the corridor "
                        f"{'–'.join(corridor)}",
                    )
                )
    return out


def check_armies(board: Board) -> list[Problem]:
    f = _file(board, "armies.yaml")
    out = []
    generals = [g for s in board.armies.values() for g in s.generals]
    trains = sum(s.supply_trains for s in board.armies.values())
    if len(generals) != GENERALS_TOTAL:
        out.append(Problem(f, "powers", f"there must be {GENERALS_TOTAL} generals, found {len(generals)}"))
    if trains != TRAINS_TOTAL:
        out.append(Problem(f, "powers", f"there must be {TRAINS_TOTAL} supply trains, found {trains}"))
    for power in ("austria", "prussia", "france", "pragmatic_army", "bavaria", "saxony"):
        sheet = board.armies.get(power)
        if sheet is None:
            out.append(Problem(f, "powers", f"the army sheet of {power} is missing"))
            continue
        e = f"powers.{power}"
        if not sheet.generals or sheet.supply_trains < 1:
            out.append(Problem(f, e, "every power needs at least one general and one supply train"))
            continue
        ranks = Counter(g.rank for g in sheet.generals)
        for rank, n in ranks.items():
            if n > 1:
                out.append(Problem(f, e, f"rank {rank} is given to {n} generals"))
        low = sum(g.setup_min for g in sheet.generals)
        high = 8 * len(sheet.generals)
        if not low <= sheet.troops <= high:
            out.append(
                Problem(
                    f,
                    e,
                    f"{sheet.troops} troops cannot be allocated: the generals need "
                    f"{low}-{high} (set-up minimums, 8 per general)",
                )
            )
        if len(sheet.train_codes) != sheet.supply_trains:
            out.append(Problem(f, e, f"{sheet.supply_trains} supply trains but {len(sheet.train_codes)} train codes"))
    if board.armies.get("austria") and board.armies["austria"].hussars != 2:
        out.append(Problem(f, "powers.austria", "Austria has 2 hussars"))
    return out


def check_setup(board: Board) -> list[Problem]:
    f = _file(board, "setup.yaml")
    out = []
    setup = board.setup
    gens = board.generals
    for gid in gens:
        if gid not in setup.generals:
            out.append(Problem(f, "generals", f"general '{gid}' has no set-up place"))
    occupants: dict[str, list[str]] = {}
    for gid, place in setup.generals.items():
        occupants.setdefault(place, []).append(gid)
    train_places: list[tuple[str, str, str]] = []  # power, piece, place
    for power, sheet in board.armies.items():
        places = setup.trains.get(power, ())
        if len(places) != sheet.supply_trains:
            out.append(
                Problem(
                    f,
                    f"trains.{power}",
                    f"{power} has {sheet.supply_trains} supply trains, {len(places)} set-up places given",
                )
            )
        for i, place in enumerate(places):
            train_places.append((power, f"{power}_t{i + 1}", place))
            occupants.setdefault(place, []).append(f"{power}_t{i + 1}")
    stacks = []
    for place, pieces in occupants.items():
        if place.startswith("box:") or len(pieces) == 1:
            continue
        if len(pieces) == 2 and all(p in gens for p in pieces):
            stacks.append(set(pieces))
        else:
            out.append(
                Problem(
                    f,
                    f"city '{place}'",
                    f"holds {', '.join(pieces)}: one piece per city except a stack of two generals",
                )
            )
    for stack in stacks:
        if stack not in SETUP_STACKS:
            out.append(
                Problem(
                    f,
                    "generals",
                    f"{' and '.join(sorted(stack))} start stacked; the only "
                    "set-up stacks are Friedrich+Schwerin, Khevenhüller+Batthyány, "
                    "George II+Cumberland",
                )
            )
    for stack in SETUP_STACKS:
        if stack not in stacks:
            out.append(Problem(f, "generals", f"{' and '.join(sorted(stack))} must start stacked in one city"))
    in_ost = [g for g, p in setup.generals.items() if p == "box:ostpreussen"]
    if len(in_ost) != 1 or gens.get(in_ost[0]) is None or gens[in_ost[0]].power != "prussia":
        out.append(Problem(f, "generals", "exactly one Prussian general starts in the Ostpreussen box"))
    for gid, place in setup.generals.items():
        if place.startswith("box:") and place != "box:ostpreussen":
            out.append(Problem(f, f"generals.{gid}", "only one Prussian general starts in a box (Ostpreussen)"))
    sil = [(pw, piece) for pw, piece, place in train_places if place == "box:silesia"]
    if [pw for pw, _ in sil] != ["prussia"]:
        out.append(Problem(f, "trains", "exactly one Prussian supply train starts in the Silesia box"))
    for pw, piece, place in train_places:
        if place.startswith("box:") and place != "box:silesia":
            out.append(Problem(f, f"trains.{pw}", f"{piece} cannot start in {place[4:]}"))

    def map_of(place: str) -> str | None:
        c = board.cities.get(place)
        return c.map if c else None

    fr = sorted(m for m in (map_of(p) for p in setup.trains.get("france", ())) if m)
    if fr != ["bohemia", "flanders"]:
        out.append(Problem(f, "trains.france", "France has one supply train on each map"))
    if map_of(setup.generals.get("arenberg", "")) != "flanders":
        out.append(Problem(f, "generals.arenberg", "Arenberg starts on the Flanders map"))
    if "flanders" not in [map_of(p) for p in setup.trains.get("austria", ())]:
        out.append(Problem(f, "trains.austria", "one Austrian supply train starts on the Flanders map"))
    out += _setup_codes(board)
    out += _setup_territory(board)
    return out


def _setup_codes(board: Board) -> list[Problem]:
    f = _file(board, "setup.yaml")
    out = []
    checks: list[tuple[str, str, str]] = []  # piece, code, place
    for gid, g in board.generals.items():
        if gid in board.setup.generals:
            checks.append((gid, g.code, board.setup.generals[gid]))
    for power, sheet in board.armies.items():
        places = board.setup.trains.get(power, ())
        remaining = list(places)
        for i, code in enumerate(sheet.train_codes):
            # a power's trains are interchangeable: match each code to a place in its cell if any
            match = next((p for p in remaining if _place_cell(board, p) == code), None)
            place = match or (remaining[0] if remaining else None)
            if place is None:
                continue
            remaining.remove(place)
            piece = f"{power}_t{list(places).index(place) + 1}"
            checks.append((piece, code, place))
    for piece, code, place in checks:
        cell = _place_cell(board, place)
        if cell != code and piece not in board.setup.exceptions:
            out.append(
                Problem(
                    f,
                    piece,
                    f"starts at {place} (cell {cell}) but its army-sheet code is {code}; "
                    "move it or list it under 'exceptions' with the reason",
                )
            )
    return out


def _place_cell(board: Board, place: str) -> str | None:
    if place.startswith("box:"):
        box = board.boxes.get(place[4:])
        if box is None:
            return None
        x, y, w, h = box.rect
        codes = {
            board.grid.cell_of((cx + 0.5, cy + 0.5))
            for cx in range(int(x), int(x + w + 0.999))
            for cy in range(int(y), int(y + h + 0.999))
        }
        return next(iter(sorted(codes))) if len(codes) == 1 else "|".join(sorted(codes))
    c = board.cities.get(place)
    return board.grid.cell_of(c.pos) if c else None


def _setup_territory(board: Board) -> list[Problem]:
    f = _file(board, "setup.yaml")
    out = []
    from maria.games.maria.board.model import MINOR_POWERS  # noqa: F401  (documentation of the two blocs below)

    bloc = {"france": 0, "bavaria": 0, "prussia": 0, "saxony": 0, "austria": 1, "pragmatic_army": 1}
    pieces = [(gid, board.generals[gid].power, p) for gid, p in board.setup.generals.items() if gid in board.generals]
    pieces += [(f"{pw}_t{i + 1}", pw, p) for pw, ps in board.setup.trains.items() for i, p in enumerate(ps)]
    for piece, power, place in pieces:
        c = board.cities.get(place)
        if c is None:
            continue
        home = _home(board, c)
        if home and bloc.get(home) != bloc.get(power) and c.fortress == "major":
            out.append(Problem(f, piece, f"starts in {c.name}, an enemy major fortress"))
    return out


def check_markers(board: Board) -> list[Problem]:
    f = _file(board, "setup.yaml")
    out = []
    vms = board.setup.victory_markers
    if sorted(vms.get("prussia", ())) != ["glogau", "liegnitz"]:
        out.append(Problem(f, "markers.victory.prussia", "Prussia starts with markers on Liegnitz and Glogau"))
    others = sorted(c.id for c in board.fortresses("silesia") if c.id not in ("liegnitz", "glogau"))
    if sorted(vms.get("austria", ())) != others:
        out.append(
            Problem(
                f,
                "markers.victory.austria",
                f"Austria starts with markers on the other 5 Silesian fortresses ({', '.join(others)})",
            )
        )
    for power, ids in vms.items():
        if power not in ("prussia", "austria"):
            out.append(Problem(f, f"markers.victory.{power}", "only Prussia and Austria start with victory markers"))
    ems = board.setup.elector_markers
    if sorted(ems.get("france", ())) != ["koeln", "mannheim"] or sorted(ems.get("austria", ())) != ["mainz", "trier"]:
        out.append(Problem(f, "markers.electors", "Köln and Mannheim start French, Mainz and Trier Austrian-Pragmatic"))
    return out


CHECKS: tuple[tuple[str, str, Callable[[Board], list[Problem]]], ...] = (
    ("two-maps", "two maps, Flanders A-F and Bohemia G-N, on one A-N x 1-12 grid", check_two_maps),
    ("sectors", "44 sectors tiling both maps, one suit each, suits 11±2", check_sectors),
    ("city-sectors", "every city lies in exactly one sector", check_city_sectors),
    ("city-counts", "180-300 cities on Bohemia, 100-200 on Flanders", check_city_counts),
    ("territories", "home countries of every power, Core-Austria, Silesia, lands of no power", check_territories),
    (
        "silesia",
        "Silesia has exactly 7 fortresses incl. Liegnitz, Glogau, Breslau (major), Neisse, Cosel",
        check_silesia,
    ),
    (
        "electors",
        "the 9 electors are fortresses on their maps; the Rhine electorates belong to no power",
        check_electors,
    ),
    (
        "bruessel-tournai",
        "Brüssel and Tournai, with a road from France through Tournai to Brüssel",
        check_bruessel_tournai,
    ),
    (
        "major-fortresses",
        "re-entry major fortresses of every power (München and Dresden the only minor-power ones)",
        check_major_fortresses,
    ),
    ("roads", "each map's road graph connected, mean degree 2.6-3.4", check_roads),
    ("map-links", "at least 3 roads between the maps, only along the southern edges", check_map_links),
    ("scale", "calibration distances and main-road corridors", check_scale),
    ("drawing", "cities apart, roads that neither cross nor run over a city", check_drawing),
    ("off-map-boxes", "one off-map box per major power with its arrow city", check_boxes),
    ("furniture", "victory display, pools, turn track, Electoral College placed and clear of cities", check_furniture),
    ("army-sheets", "20 generals, 10 supply trains, ranks and troop totals that can be allocated", check_armies),
    ("setup", "every piece placed, the three stacks, boxes, codes honoured or excused", check_setup),
    ("markers", "Silesian victory markers and Rhine elector markers at the start", check_markers),
)


def run_checks(board: Board) -> list[CheckResult]:
    return run_named_checks(board, CHECKS, _file(board, "board.yaml"))
