"""Read boards/*.yaml into a Board, collecting every schema problem instead of stopping at the first.

The loader is forgiving on purpose: an entry with a problem is reported and skipped (or kept with
the bad field) so that one typo does not hide the other problems of the file. `load_board` then
refuses the board if anything at all was wrong, listing every problem.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from maria.engine.board_folder import FolderReader, refuse_unless_sound
from maria.games.maria.board.model import (
    FORTRESS_KINDS,
    MAJOR_POWERS,
    MAPS,
    POWERS,
    SUITS,
    ArmySheet,
    Board,
    Box,
    City,
    General,
    Grid,
    Rect,
    Sector,
    Setup,
    Territory,
)
from maria.engine.board_problems import Problem

BOARD_FILE = "board.yaml"
SETUP_FILE = "setup.yaml"
ARMIES_FILE = "armies.yaml"
FURNITURE_RECTS = ("victory_display", "silesia_box", "turn_track", "electoral_college")
MAX_BOARD_BYTES = 5 * 1024 * 1024  # the shipped files are 30 KB at most
# The ranges of the counts a board gives (every other number is bounded by folder.MAX_NUMBER):
# generous beside the printed game (12 rows, 1-8 troops a general, 26 at most for a power), tight
# enough that nothing built from them (cells, pieces) grows large.
RANGES = {
    "rows": (1, 100),
    "troops": (0, 1000),
    "supply_trains": (0, 50),
    "hussars": (0, 50),
    "rank": (1, 100),
    "setup_min": (1, 8),
}


class _Reader(FolderReader):
    """Reads one boards/ folder, remembering the problems it meets; a file name must stay inside
    the folder (the map and set-up files are named by board.yaml)."""

    def __init__(self, root: Path):
        super().__init__(root, MAX_BOARD_BYTES)

    def outside(self, name: str) -> str | None:
        """Why `name` does not name a file inside the board folder (None if it does): board files
        may only refer to their own folder, never to /etc/passwd or ../../anything."""
        p = Path(name)
        if p.is_absolute() or p.drive or name.startswith(("/", "\\")):
            return "is an absolute path"
        if ".." in p.parts or ".." in name.replace("\\", "/").split("/"):
            return "goes up out of the board folder ('..')"
        try:
            root = self.root.resolve()
            target = (self.root / p).resolve()
        except (OSError, RuntimeError):  # a symlink loop
            return "cannot be resolved (a link loop?)"
        if target != root and root not in target.parents:
            return "is a link to a file outside the board folder"
        return None

    def read(self, name: str) -> dict[str, Any] | None:
        why = self.outside(name)
        if why is not None:
            self.add(name, "", f"refused: the name {why}; board files name files inside their own folder only")
            return None
        return super().read(name)

    # --- typed field access ---------------------------------------------------------------
    def field(
        self,
        name: str,
        entry: str,
        data: Any,
        key: str,
        kind: type | tuple[type, ...],
        default: Any = ...,
    ) -> Any:
        if not isinstance(data, dict):
            self.add(name, entry, "must be a mapping")
            return None
        if key not in data or data[key] is None and default is not ...:
            if default is ...:
                self.add(name, entry, f"'{key}' is missing")
                return None
            return default
        value = data[key]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if isinstance(value, bool) and kind in (int, float):
            self.add(name, entry, f"'{key}' must be a number, not {value!r}")
            return None
        if not isinstance(value, kind):
            wanted = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            self.add(name, entry, f"'{key}' must be a {_type_word(wanted)}, not {value!r}")
            return None
        if kind in (int, float) and key in RANGES and not RANGES[key][0] <= value <= RANGES[key][1]:
            lo, hi = RANGES[key]
            self.add(name, entry, f"'{key}' must be {lo}..{hi}, not {value!r}")
            return None
        return value

    def point(self, name: str, entry: str, value: Any, key: str, n: int) -> tuple[float, ...] | None:
        if (
            not isinstance(value, (list, tuple))
            or len(value) != n
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
        ):
            self.add(name, entry, f"'{key}' must be a list of {n} numbers, not {value!r}")
            return None
        return tuple(float(v) for v in value)


def _type_word(name: str) -> str:
    return {
        "str": "text",
        "int": "whole number",
        "float": "number",
        "bool": "true/false",
        "list": "list",
        "dict": "mapping",
    }.get(name, name)


def _entry(kind: str, i: int, item: Any) -> str:
    ident = item.get("id") if isinstance(item, dict) else None
    return f"{kind}[{i}] '{ident}'" if ident else f"{kind}[{i}]"


def read_board(root: str | Path) -> tuple[Board | None, list[Problem]]:
    """Load the board folder; return the board (None if unusable) and every problem found."""
    reader = _Reader(Path(root))
    try:
        return _read_board(reader, root)
    except Exception as exc:  # a hand-edited file must give a message, never a crash
        reader.add(
            BOARD_FILE,
            "",
            f"the board files cannot be read: a value of an unexpected kind "
            f"({type(exc).__name__}: {' '.join(str(exc).split())[:160]})",
        )
        return None, reader.problems


def _read_board(reader: _Reader, root: str | Path) -> tuple[Board | None, list[Problem]]:
    board_data = reader.read(BOARD_FILE)
    if board_data is None:
        return None, reader.problems
    grid = _read_grid(reader, board_data)
    if grid is None:
        return None, reader.problems
    map_columns, map_files = _read_maps(reader, board_data, grid)
    sectors = _read_sectors(reader, board_data, grid)

    territories: dict[str, Territory] = {}
    cities: dict[str, City] = {}
    road_lists: list[tuple[str, str, str, bool, str]] = []  # file, a, b, main, entry
    for map_id, file_name in map_files.items():
        data = reader.read(file_name)
        if data is not None:
            _read_map_file(
                reader, file_name, map_id, data, grid, map_columns.get(map_id), territories, cities, road_lists
            )

    links = _read_links(reader, board_data, road_lists)
    roads = _build_roads(reader, cities, road_lists)
    boxes = _read_boxes(reader, board_data, cities)
    furniture = _read_furniture(reader, board_data)
    armies = _read_armies(reader, grid)
    setup = _read_setup(reader, cities, boxes, armies)

    board = Board(
        grid=grid,
        map_columns=map_columns,
        sectors=tuple(sectors),
        territories=territories,
        cities=cities,
        roads=roads,
        map_links=links,
        boxes=boxes,
        furniture=furniture,
        armies=armies,
        setup=setup,
        source_dir=str(root),
    )
    _assign_sectors(reader, board)
    return board, reader.problems


def load_board(root: str | Path) -> Board:
    """The board, validated by every check; raises BoardDataError listing all problems."""
    from maria.games.maria.board.checks import run_checks

    return refuse_unless_sound(*read_board(root), run_checks)


# --- board.yaml ---------------------------------------------------------------------------


def _read_grid(reader: _Reader, data: dict) -> Grid | None:
    g = reader.field(BOARD_FILE, "grid", data, "grid", dict)
    if g is None:
        return None
    columns = reader.field(BOARD_FILE, "grid", g, "columns", list)
    rows = reader.field(BOARD_FILE, "grid", g, "rows", int)
    cell = reader.point(BOARD_FILE, "grid", g.get("cell_px"), "cell_px", 2)
    if columns is None or rows is None or cell is None:
        return None
    if not all(isinstance(c, str) and len(c) == 1 and "A" <= c.upper() <= "Z" for c in columns) or len(
        {c.upper() for c in columns}
    ) != len(columns):
        reader.add(BOARD_FILE, "grid", "'columns' must be distinct single letters A-Z")
        return None
    if rows < 1 or cell[0] <= 0 or cell[1] <= 0:
        reader.add(BOARD_FILE, "grid", "'rows' and 'cell_px' must be positive")
        return None
    return Grid(tuple(c.upper() for c in columns), rows, (int(cell[0]), int(cell[1])))


def _read_maps(reader: _Reader, data: dict, grid: Grid) -> tuple[dict, dict]:
    columns: dict[str, tuple[int, int]] = {}
    files: dict[str, str] = {}
    maps = reader.field(BOARD_FILE, "maps", data, "maps", dict)
    if maps is None:
        return columns, files
    for map_id, spec in maps.items():
        entry = f"maps.{map_id}"
        if map_id not in MAPS:
            reader.add(BOARD_FILE, entry, f"unknown map (the maps are {', '.join(MAPS)})")
            continue
        file_name = reader.field(BOARD_FILE, entry, spec, "file", str)
        span = reader.field(BOARD_FILE, entry, spec, "columns", str)
        if file_name:
            why = reader.outside(file_name)
            if why is not None:
                reader.add(BOARD_FILE, entry, f"'file' must name a file inside the board folder: {file_name!r} {why}")
            else:
                files[map_id] = file_name
        if span:
            parts = span.replace(" ", "").split("-")
            if len(parts) != 2 or not all(p in grid.columns for p in parts):
                reader.add(BOARD_FILE, entry, f"'columns' must look like 'A-F', not {span!r}")
            else:
                columns[map_id] = (grid.columns.index(parts[0]), grid.columns.index(parts[1]))
    for map_id in MAPS:
        if map_id not in maps:
            reader.add(BOARD_FILE, "maps", f"map '{map_id}' is missing")
    return columns, files


def _read_sectors(reader: _Reader, data: dict, grid: Grid) -> list[Sector]:
    out: list[Sector] = []
    items = reader.field(BOARD_FILE, "sectors", data, "sectors", list)
    for i, item in enumerate(items or []):
        entry = f"sectors[{i}]"
        cells = reader.field(BOARD_FILE, entry, item, "cells", str)
        suit = reader.field(BOARD_FILE, entry, item, "suit", str)
        if cells is None or suit is None:
            continue
        entry = f"sectors[{i}] '{cells}'"
        if suit not in SUITS:
            reader.add(BOARD_FILE, entry, f"unknown suit '{suit}' (use {', '.join(SUITS)})")
            continue
        ends = cells.split(":")
        parsed = [grid.parse_cell(e) for e in ends] if len(ends) == 2 else [None]
        if None in parsed:
            reader.add(BOARD_FILE, entry, "'cells' must look like 'A1:B2' (lower-left:upper-right)")
            continue
        (c0, r0), (c1, r1) = parsed  # type: ignore[misc]
        if c1 < c0 or r1 < r0:
            reader.add(BOARD_FILE, entry, "'cells' must go from the lower-left to the upper-right cell")
            continue
        out.append(Sector(cells.upper(), c0, r0, c1, r1, suit))
    return out


def _road_pairs(
    reader: _Reader, name: str, key: str, items: Any, main: bool, sink: list[tuple[str, str, str, bool, str]]
) -> None:
    if items is None:
        return
    if not isinstance(items, list):
        reader.add(name, key, "must be a list of [city, city] pairs")
        return
    for i, pair in enumerate(items):
        entry = f"{key}[{i}]"
        if not isinstance(pair, (list, tuple)) or len(pair) != 2 or not all(isinstance(x, str) for x in pair):
            reader.add(name, entry, f"a road must be a pair of city ids like [prag, kolin], not {pair!r}")
            continue
        sink.append((name, pair[0], pair[1], main, f"{entry} {pair[0]}–{pair[1]}"))


def _read_links(reader: _Reader, data: dict, sink: list) -> tuple[tuple[str, str, bool], ...]:
    links = data.get("map_links")
    if links is None:
        reader.add(BOARD_FILE, "map_links", "is missing (the roads between the two maps)")
        return ()
    if not isinstance(links, dict):
        reader.add(BOARD_FILE, "map_links", "must be a mapping with 'roads' and 'main_roads'")
        return ()
    before = len(sink)
    _road_pairs(reader, BOARD_FILE, "map_links.roads", links.get("roads"), False, sink)
    _road_pairs(reader, BOARD_FILE, "map_links.main_roads", links.get("main_roads"), True, sink)
    return tuple((a, b, main) for _f, a, b, main, _e in sink[before:])


def _read_boxes(reader: _Reader, data: dict, cities: dict[str, City]) -> dict[str, Box]:
    boxes: dict[str, Box] = {}
    items = reader.field(BOARD_FILE, "off_map_boxes", data, "off_map_boxes", list)
    for i, item in enumerate(items or []):
        entry = _entry("off_map_boxes", i, item)
        box_id = reader.field(BOARD_FILE, entry, item, "id", str)
        name = reader.field(BOARD_FILE, entry, item, "name", str)
        power = reader.field(BOARD_FILE, entry, item, "power", str)
        rect = reader.point(BOARD_FILE, entry, (item or {}).get("rect") if isinstance(item, dict) else None, "rect", 4)
        arrow = reader.field(BOARD_FILE, entry, item, "arrow_to", str)
        if None in (box_id, name, power, rect, arrow):
            continue
        if power not in MAJOR_POWERS:
            reader.add(BOARD_FILE, entry, f"'power' must be a major power, not '{power}'")
        if arrow not in cities:
            reader.add(BOARD_FILE, entry, f"'arrow_to' names an unknown city '{arrow}'")
        if box_id in boxes or box_id in cities:
            reader.add(BOARD_FILE, entry, f"id '{box_id}' is used twice")
            continue
        boxes[box_id] = Box(box_id, name, power, rect, arrow)  # type: ignore[arg-type]
    furn = data.get("furniture")
    if isinstance(furn, dict) and isinstance(furn.get("silesia_box"), dict):
        rect = reader.point(BOARD_FILE, "furniture.silesia_box", furn["silesia_box"].get("rect"), "rect", 4)
        if rect:
            boxes["silesia"] = Box("silesia", "Silesia", "prussia", rect)  # type: ignore[arg-type]
    return boxes


def _read_furniture(reader: _Reader, data: dict) -> dict[str, Rect]:
    out: dict[str, Rect] = {}
    furn = reader.field(BOARD_FILE, "furniture", data, "furniture", dict)
    if furn is None:
        return out
    for key in FURNITURE_RECTS:
        entry = f"furniture.{key}"
        spec = reader.field(BOARD_FILE, entry, furn, key, dict)
        if spec is not None:
            rect = reader.point(BOARD_FILE, entry, spec.get("rect"), "rect", 4)
            if rect:
                out[key] = rect  # type: ignore[assignment]
    pools = reader.field(BOARD_FILE, "furniture.pools", furn, "pools", dict)
    for power in MAJOR_POWERS:
        if pools is None:
            break
        if power not in pools:
            reader.add(BOARD_FILE, "furniture.pools", f"the pool of '{power}' is missing")
            continue
        rect = reader.point(BOARD_FILE, f"furniture.pools.{power}", pools[power], "rect", 4)
        if rect:
            out[f"pool_{power}"] = rect  # type: ignore[assignment]
    return out


# --- map files ----------------------------------------------------------------------------


def _read_map_file(
    reader: _Reader,
    name: str,
    map_id: str,
    data: dict,
    grid: Grid,
    columns: tuple[int, int] | None,
    territories: dict[str, Territory],
    cities: dict[str, City],
    road_lists: list,
) -> None:
    declared = data.get("map")
    if declared != map_id:
        reader.add(name, "map", f"says '{declared}' but board.yaml lists this file for '{map_id}'")
    local_territories: set[str] = set()
    for i, item in enumerate(reader.field(name, "territories", data, "territories", list) or []):
        entry = _entry("territories", i, item)
        tid = reader.field(name, entry, item, "id", str)
        tname = reader.field(name, entry, item, "name", str)
        if tid is None or tname is None:
            continue
        home = item.get("home_of")
        if home is not None and home not in POWERS:
            reader.add(name, entry, f"'home_of' must be one of {', '.join(POWERS)} or null, not '{home}'")
            home = None
        core = reader.field(name, entry, item, "core_austria", bool, False)
        if tid in territories:
            reader.add(name, entry, f"duplicate territory id '{tid}'")
            continue
        territories[tid] = Territory(tid, tname, map_id, home, bool(core))
        local_territories.add(tid)

    for i, item in enumerate(reader.field(name, "cities", data, "cities", list) or []):
        entry = _entry("cities", i, item)
        cid = reader.field(name, entry, item, "id", str)
        cname = reader.field(name, entry, item, "name", str)
        pos = reader.point(name, entry, item.get("pos") if isinstance(item, dict) else None, "pos", 2)
        terr = reader.field(name, entry, item, "territory", str)
        if None in (cid, cname, pos, terr):
            continue
        fort = reader.field(name, entry, item, "fortress", str, "none")
        elector = reader.field(name, entry, item, "elector", bool, False)
        sector = reader.field(name, entry, item, "sector", str, "")
        note = reader.field(name, entry, item, "note", str, "")
        if cid in cities:
            reader.add(name, entry, f"duplicate city id '{cid}' (also in {cities[cid].map})")
            continue
        if not cid.isascii() or cid != cid.lower() or " " in cid:
            reader.add(name, entry, "a city id must be lower-case ASCII without spaces")
        if terr not in local_territories:
            reader.add(name, entry, f"unknown territory '{terr}' (not among this map's territories)")
        if fort not in FORTRESS_KINDS:
            reader.add(name, entry, f"'fortress' must be none, minor or major, not '{fort}'")
            fort = "none"
        x, y = pos  # type: ignore[misc]
        if not (0 <= y < grid.rows):
            reader.add(name, entry, f"position {list(pos)} is outside the board (y must be 0..{grid.rows})")
        elif columns and not (columns[0] <= x < columns[1] + 1):
            reader.add(
                name,
                entry,
                f"position {list(pos)} is outside the {map_id} map (x must be {columns[0]}..{columns[1] + 1})",
            )
        cities[cid] = City(
            cid, cname, map_id, (x, y), terr, fort or "none", bool(elector), (sector or "").upper(), note or ""
        )

    _road_pairs(reader, name, "roads", data.get("roads"), False, road_lists)
    _road_pairs(reader, name, "main_roads", data.get("main_roads"), True, road_lists)
    if "roads" not in data and "main_roads" not in data:
        reader.add(name, "roads", "no roads listed")


def _build_roads(reader: _Reader, cities: dict[str, City], road_lists: list) -> dict[str, dict[str, bool]]:
    roads: dict[str, dict[str, bool]] = {cid: {} for cid in cities}
    for file_name, a, b, main, entry in road_lists:
        bad = [x for x in (a, b) if x not in cities]
        if bad:
            reader.problems.append(Problem(reader.label(file_name), entry, f"road to unknown city '{bad[0]}'"))
            continue
        if a == b:
            reader.problems.append(Problem(reader.label(file_name), entry, "a road must join two different cities"))
            continue
        link = file_name == BOARD_FILE
        if not link and (cities[a].map != cities[b].map or f"{cities[a].map}.yaml" != file_name):
            where = f"{cities[a].map}/{cities[b].map}"
            reader.problems.append(
                Problem(
                    reader.label(file_name),
                    entry,
                    f"joins cities of another map ({where}); roads between the maps go in board.yaml map_links",
                )
            )
            continue
        if link and not (cities[a].map == "flanders" and cities[b].map == "bohemia"):
            reader.problems.append(
                Problem(reader.label(file_name), entry, "a map link must be [flanders city, bohemia city]")
            )
            continue
        if b in roads[a]:
            reader.problems.append(Problem(reader.label(file_name), entry, "this road is listed twice"))
            continue
        roads[a][b] = main
        roads[b][a] = main
    return roads


# --- armies.yaml and setup.yaml -------------------------------------------------------------


def _read_armies(reader: _Reader, grid: Grid) -> dict[str, ArmySheet]:
    data = reader.read(ARMIES_FILE)
    out: dict[str, ArmySheet] = {}
    if data is None:
        return out
    powers = reader.field(ARMIES_FILE, "powers", data, "powers", dict) or {}
    seen: set[str] = set()
    for power, sheet in powers.items():
        entry = f"powers.{power}"
        if power not in POWERS:
            reader.add(ARMIES_FILE, entry, f"unknown power (the powers are {', '.join(POWERS)})")
            continue
        troops = reader.field(ARMIES_FILE, entry, sheet, "troops", int)
        trains = reader.field(ARMIES_FILE, entry, sheet, "supply_trains", int)
        codes = reader.field(ARMIES_FILE, entry, sheet, "train_codes", list, [])
        hussars = reader.field(ARMIES_FILE, entry, sheet, "hussars", int, 0)
        generals: list[General] = []
        for i, g in enumerate(reader.field(ARMIES_FILE, entry, sheet, "generals", list) or []):
            gentry = f"{entry}.generals[{i}]" + (f" '{g.get('id')}'" if isinstance(g, dict) else "")
            gid = reader.field(ARMIES_FILE, gentry, g, "id", str)
            gname = reader.field(ARMIES_FILE, gentry, g, "name", str)
            rank = reader.field(ARMIES_FILE, gentry, g, "rank", int)
            smin = reader.field(ARMIES_FILE, gentry, g, "setup_min", int, 1)
            code = reader.field(ARMIES_FILE, gentry, g, "code", str)
            if None in (gid, gname, rank, smin, code):
                continue
            if gid in seen:
                reader.add(ARMIES_FILE, gentry, f"duplicate general id '{gid}'")
                continue
            seen.add(gid)
            if grid.parse_cell(code) is None:
                reader.add(
                    ARMIES_FILE, gentry, f"'code' {code!r} is not a grid cell (A1..{grid.columns[-1]}{grid.rows})"
                )
            if not 1 <= smin <= 8:
                reader.add(ARMIES_FILE, gentry, f"'setup_min' must be 1..8, not {smin}")
            generals.append(General(gid, gname, power, rank, smin, code.upper()))
        for code in codes or []:
            if not isinstance(code, str) or grid.parse_cell(code) is None:
                reader.add(ARMIES_FILE, f"{entry}.train_codes", f"{code!r} is not a grid cell")
        if troops is None or trains is None:
            continue
        out[power] = ArmySheet(
            power, troops, trains, tuple(str(c).upper() for c in codes or []), tuple(generals), hussars or 0
        )
    return out


def _place(reader: _Reader, entry: str, value: Any, cities: dict, boxes: dict) -> str | None:
    if isinstance(value, str):
        if value not in cities:
            reader.add(SETUP_FILE, entry, f"unknown city '{value}'")
            return None
        return value
    if isinstance(value, dict) and isinstance(value.get("box"), str):
        if value["box"] not in boxes:
            reader.add(SETUP_FILE, entry, f"unknown box '{value['box']}'")
            return None
        return f"box:{value['box']}"
    reader.add(SETUP_FILE, entry, f"must be a city id or {{box: <box id>}}, not {value!r}")
    return None


def _read_setup(reader: _Reader, cities: dict, boxes: dict, armies: dict[str, ArmySheet]) -> Setup:
    data = reader.read(SETUP_FILE)
    if data is None:
        return Setup({}, {}, {}, {}, {})
    generals: dict[str, str] = {}
    known_generals = {g.id for sheet in armies.values() for g in sheet.generals}
    for gid, value in (reader.field(SETUP_FILE, "generals", data, "generals", dict) or {}).items():
        entry = f"generals.{gid}"
        if gid not in known_generals:
            reader.add(SETUP_FILE, entry, "no such general in armies.yaml")
            continue
        place = _place(reader, entry, value, cities, boxes)
        if place:
            generals[gid] = place
    trains: dict[str, tuple[str, ...]] = {}
    for power, places in (reader.field(SETUP_FILE, "trains", data, "trains", dict) or {}).items():
        entry = f"trains.{power}"
        if power not in POWERS:
            reader.add(SETUP_FILE, entry, "unknown power")
            continue
        if not isinstance(places, list):
            reader.add(SETUP_FILE, entry, "must be a list of places")
            continue
        got = [_place(reader, f"{entry}[{i}]", v, cities, boxes) for i, v in enumerate(places)]
        trains[power] = tuple(p for p in got if p)
    markers = reader.field(SETUP_FILE, "markers", data, "markers", dict) or {}
    vms = _marker_lists(reader, "markers.victory", markers.get("victory"), cities)
    ems = _marker_lists(reader, "markers.electors", markers.get("electors"), cities)
    exceptions: dict[str, str] = {}
    for i, item in enumerate(reader.field(SETUP_FILE, "exceptions", data, "exceptions", list, []) or []):
        entry = f"exceptions[{i}]"
        piece = reader.field(SETUP_FILE, entry, item, "piece", str)
        reason = reader.field(SETUP_FILE, entry, item, "reason", str)
        if piece and reason:
            exceptions[piece] = reason
    return Setup(generals, trains, vms, ems, exceptions)


def _marker_lists(reader: _Reader, entry: str, value: Any, cities: dict) -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    if not isinstance(value, dict):
        reader.add(SETUP_FILE, entry, "must map each power to a list of city ids")
        return out
    for power, places in value.items():
        if power not in POWERS or not isinstance(places, list):
            reader.add(SETUP_FILE, f"{entry}.{power}", "must be a power with a list of city ids")
            continue
        for p in places:
            if not isinstance(p, str) or p not in cities:
                reader.add(SETUP_FILE, f"{entry}.{power}", f"unknown city '{p}'")
        out[power] = tuple(p for p in places if isinstance(p, str) and p in cities)
    return out


def _assign_sectors(reader: _Reader, board: Board) -> None:
    by_id = {s.id: s for s in board.sectors}
    for city in board.cities.values():
        file_name = f"{city.map}.yaml"
        if city.sector:
            sector = by_id.get(city.sector)
            if sector is None:
                reader.add(file_name, f"city '{city.id}'", f"'sector' names no sector: '{city.sector}'")
                continue
            board._sector_of[city.id] = sector
            continue
        holding = [s for s in board.sectors if s.contains(city.pos)]
        if len(holding) == 1:
            board._sector_of[city.id] = holding[0]
        elif not holding:
            reader.add(file_name, f"city '{city.id}'", f"lies in no sector (position {list(city.pos)})")
        else:
            reader.add(file_name, f"city '{city.id}'", f"lies in several sectors ({', '.join(s.id for s in holding)})")
