"""Read boards/friedrich/*.yaml into an FBoard, collecting every problem instead of stopping at the
first (digest §4 map, §5 set-up; schema: maria.games.friedrich.board.FBoard.from_docs).

The files go through the project's guarded YAML loader (maria.yamlio: size, depth, aliases and
number bounds), so a hostile or broken file gives a message, never a crash.  Each problem names
the file, the entry and what is wrong (maria.engine.board_problems.Problem).  `read_board` returns the
board (None when unusable) with the schema problems; `load_board` also runs the named checks
(maria.games.friedrich.checks) and raises BoardDataError, as MARIA's board loader does, if anything at
all is wrong.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

from maria.engine.board_folder import FolderReader, refuse_unless_sound
from maria.engine.board_problems import Problem
from maria.games.friedrich.board import NATIONS, SUITS, FBoard
from maria.paths import boards_dir

BOARD_FILE = "board.yaml"
SETUP_FILE = "setup.yaml"
MAX_BYTES = 2 * 1024 * 1024  # the shipped board.yaml is under 100 KB
COUNTRIES = ("prussia", "saxony", "hanover", "austria", "empire", "poland", "sweden")
ID = re.compile(r"[a-z0-9_]{1,60}")


def default_folder() -> Path:
    return boards_dir() / "friedrich"


class _Reader(FolderReader):
    """Reads the FRIEDRICH board folder, remembering the problems it meets."""

    def __init__(self, root: Path):
        super().__init__(root, MAX_BYTES)

    def mapping(self, name: str, entry: str, value: Any, optional: bool = False) -> dict:
        if value is None and optional:
            return {}
        if not isinstance(value, dict):
            self.add(name, entry, f"must be a mapping, not {_short(value)}")
            return {}
        return value

    def city_list(self, name: str, entry: str, value: Any, cities: dict) -> list[str]:
        if not isinstance(value, list):
            self.add(name, entry, f"must be a list of city ids, not {_short(value)}")
            return []
        out = []
        for c in value:
            if not isinstance(c, str):
                self.add(name, entry, f"{_short(c)} is not a city id")
            elif c not in cities:
                self.add(name, entry, f"city '{c}' does not exist")
            else:
                out.append(c)
        return out


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


# --- board.yaml -----------------------------------------------------------------------------------


def _cities(r: _Reader, data: dict) -> dict:
    f = BOARD_FILE
    out = {}
    for cid, c in r.mapping(f, "cities", data.get("cities")).items():
        e = f"cities '{cid}'"
        if not isinstance(cid, str) or not ID.fullmatch(cid):
            r.add(f, e, "the id must be a lower-case ASCII slug (a-z, 0-9, _)")
            continue
        if not isinstance(c, dict):
            r.add(f, e, f"must be a mapping {{name, suit, country, x, y}}, not {_short(c)}")
            continue
        ok = True
        if not isinstance(c.get("name"), str) or not c["name"].strip():
            r.add(f, e, "'name' must be a text")
            ok = False
        if c.get("suit") not in SUITS:
            r.add(f, e, f"'suit' must be one of {', '.join(SUITS)}, not {_short(c.get('suit'))}")
            ok = False
        if c.get("country") not in COUNTRIES:
            r.add(f, e, f"'country' must be one of {', '.join(COUNTRIES)}, not {_short(c.get('country'))}")
            ok = False
        for k in ("x", "y"):
            if not _number(c.get(k)) or not -1e6 < c[k] < 1e6:
                r.add(f, e, f"'{k}' must be a number, not {_short(c.get(k))}")
                ok = False
        if ok:
            out[cid] = c
    return out


def _roads(r: _Reader, data: dict, cities: dict) -> tuple[list, list]:
    f = BOARD_FILE
    seen: dict[frozenset, str] = {}
    kept: dict[str, list] = {"roads": [], "main_roads": []}
    for key in ("main_roads", "roads"):
        value = data.get(key)
        if not isinstance(value, list):
            r.add(f, key, f"must be a list of [city, city] pairs, not {_short(value)}")
            continue
        for i, road in enumerate(value):
            e = f"{key}[{i}] {_short(road)}"
            if not (isinstance(road, list) and len(road) == 2 and all(isinstance(c, str) for c in road)):
                r.add(f, e, "a road is a pair of city ids [a, b]")
                continue
            a, b = road
            missing = [c for c in (a, b) if c not in cities]
            if missing:
                r.add(f, e, f"city '{missing[0]}' does not exist")
                continue
            if a == b:
                r.add(f, e, "a road must join two different cities")
                continue
            k = frozenset((a, b))
            if k in seen:
                if seen[k] == key:
                    r.add(f, e, f"the road {a}–{b} is listed twice")
                else:
                    r.add(
                        f,
                        e,
                        f"the road {a}–{b} is listed both as a main road and as a road: "
                        "the two directions would differ",
                    )
                continue
            seen[k] = key
            kept[key].append([a, b])
    return kept["roads"], kept["main_roads"]


def _nation_lists(r: _Reader, data: dict, key: str, cities: dict, optional: bool = False) -> dict:
    out = {}
    for nation, cs in r.mapping(BOARD_FILE, key, data.get(key), optional).items():
        if nation not in NATIONS:
            r.add(BOARD_FILE, f"{key}.{nation}", f"unknown nation (one of {', '.join(NATIONS)})")
            continue
        out[nation] = r.city_list(BOARD_FILE, f"{key}.{nation}", cs, cities)
    return out


def _objectives(r: _Reader, data: dict, cities: dict) -> dict:
    f = BOARD_FILE
    out = {}
    owner: dict[str, str] = {}
    for nation, o in r.mapping(f, "objectives", data.get("objectives")).items():
        e = f"objectives.{nation}"
        if nation not in NATIONS:
            r.add(f, e, f"unknown nation (one of {', '.join(NATIONS)})")
            continue
        if not isinstance(o, dict):
            r.add(f, e, "must be a mapping {first, second, defender}")
            continue
        first = r.city_list(f, f"{e}.first", o.get("first", []), cities)
        second = r.city_list(f, f"{e}.second", o.get("second", []) or [], cities)
        for c in first + second:
            if c in owner:
                r.add(f, e, f"city '{c}' is already an objective of {owner[c]}")
            owner[c] = nation
        dfd = o.get("defender")
        if isinstance(dfd, str):
            if dfd not in NATIONS:
                r.add(f, f"{e}.defender", f"unknown nation {_short(dfd)}")
                continue
        elif isinstance(dfd, dict):
            listed = []
            for d, cs in dfd.items():
                if d not in NATIONS:
                    r.add(f, f"{e}.defender", f"unknown nation {_short(d)}")
                listed += r.city_list(f, f"{e}.defender.{d}", cs, cities)
            lost = [c for c in first + second if c not in listed]
            if lost:
                r.add(f, f"{e}.defender", f"no defender for {', '.join(lost)}")
                continue
        else:
            r.add(f, f"{e}.defender", "must be a nation or a mapping nation: [city...]")
            continue
        out[nation] = {"first": first, "second": second, "defender": dfd}
    return out


def _read_board_doc(r: _Reader, data: dict) -> dict:
    cities = _cities(r, data)
    roads, main_roads = _roads(r, data, cities)
    doc = {
        "cities": cities,
        "roads": roads,
        "main_roads": main_roads,
        "objectives": _objectives(r, data, cities),
        "depots": _nation_lists(r, data, "depots", cities),
        "reentry_areas": _nation_lists(r, data, "reentry_areas", cities),
        "meta": r.mapping(BOARD_FILE, "meta", data.get("meta"), optional=True),
    }
    provinces = {}
    for nation, cs in r.mapping(BOARD_FILE, "provinces", data.get("provinces"), optional=True).items():
        if nation not in NATIONS:
            r.add(BOARD_FILE, f"provinces.{nation}", "unknown nation")
        elif not isinstance(cs, list) or any(c not in COUNTRIES for c in cs):
            r.add(BOARD_FILE, f"provinces.{nation}", f"must be a list of countries ({', '.join(COUNTRIES)})")
        else:
            provinces[nation] = cs
    doc["provinces"] = provinces
    doc["sectors"] = {
        name: r.city_list(BOARD_FILE, f"sectors.{name}", cs, cities)
        for name, cs in r.mapping(BOARD_FILE, "sectors", data.get("sectors"), optional=True).items()
    }
    doc["regions"] = {
        name: r.city_list(BOARD_FILE, f"regions.{name}", cs, cities)
        for name, cs in r.mapping(BOARD_FILE, "regions", data.get("regions"), optional=True).items()
    }
    return doc


# --- setup.yaml -----------------------------------------------------------------------------------


def _read_setup_doc(r: _Reader, data: dict, cities: dict) -> dict:
    f = SETUP_FILE
    generals = {}
    for gid, g in r.mapping(f, "generals", data.get("generals")).items():
        e = f"generals '{gid}'"
        if not isinstance(gid, str) or not ID.fullmatch(gid) or not isinstance(g, dict):
            r.add(f, e, "must be a slug id with a mapping {name, nation, rank, city}")
            continue
        ok = True
        if not isinstance(g.get("name"), str):
            r.add(f, e, "'name' must be a text")
            ok = False
        if g.get("nation") not in NATIONS:
            r.add(f, e, f"'nation' must be one of {', '.join(NATIONS)}, not {_short(g.get('nation'))}")
            ok = False
        rank = g.get("rank")
        if not isinstance(rank, int) or isinstance(rank, bool) or not 1 <= rank <= 8:
            r.add(f, e, f"'rank' must be a whole number 1-8, not {_short(rank)}")
            ok = False
        if g.get("city") not in cities:
            r.add(f, e, f"set-up city {_short(g.get('city'))} does not exist")
            ok = False
        if ok:
            generals[gid] = g
    trains = {}
    for tid, t in r.mapping(f, "trains", data.get("trains")).items():
        e = f"trains '{tid}'"
        if not isinstance(t, dict) or t.get("nation") not in NATIONS:
            r.add(f, e, f"must be a mapping {{nation, city}} with a known nation, not {_short(t)}")
        elif t.get("city") not in cities:
            r.add(f, e, f"set-up city {_short(t.get('city'))} does not exist")
        else:
            trains[tid] = t
    armies = {}
    for nation, n in r.mapping(f, "armies", data.get("armies")).items():
        if nation not in NATIONS:
            r.add(f, f"armies.{nation}", "unknown nation")
        elif not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 200:
            r.add(f, f"armies.{nation}", f"must be a whole number 1-200, not {_short(n)}")
        else:
            armies[nation] = n
    return {"generals": generals, "trains": trains, "armies": armies}


# --- entry points ---------------------------------------------------------------------------------


def read_board(folder: str | Path | None = None) -> tuple[FBoard | None, list[Problem]]:
    """The board (None if unusable) and every schema problem found in the folder's two files."""
    r = _Reader(Path(folder) if folder is not None else default_folder())
    board_data = r.read(BOARD_FILE)
    setup_data = r.read(SETUP_FILE)
    if board_data is None:
        return None, r.problems
    try:
        board_doc = _read_board_doc(r, board_data)
        setup_doc = _read_setup_doc(r, setup_data, board_doc["cities"]) if setup_data is not None else {}
        board = FBoard.from_docs(board_doc, setup_doc)
    except Exception as exc:  # a hand-edited file must give a message, never a crash
        r.add(
            BOARD_FILE,
            "",
            f"the board files cannot be read: a value of an unexpected kind "
            f"({type(exc).__name__}: {' '.join(str(exc).split())[:160]})",
        )
        return None, r.problems
    board.meta["_folder"] = r.root.name
    return board, r.problems


def load_board(folder: str | Path | None = None) -> FBoard:
    """The FRIEDRICH board, validated by every check; raises BoardDataError listing all problems."""
    from maria.games.friedrich.checks import run_checks

    return refuse_unless_sound(*read_board(folder), run_checks)
