"""The board as plain, read-only Python objects, plus the road-graph queries the rules need."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Iterable, Iterator

POWERS = ("austria", "prussia", "france", "pragmatic_army", "bavaria", "saxony")
MAJOR_POWERS = ("austria", "prussia", "france", "pragmatic_army")
MINOR_POWERS = ("bavaria", "saxony")
MAPS = ("flanders", "bohemia")
SUITS = ("hearts", "diamonds", "clubs", "spades")
FORTRESS_KINDS = ("none", "minor", "major")

Rect = tuple[float, float, float, float]  # x, y (south-west corner), w, h in grid units


@dataclass(frozen=True)
class Grid:
    columns: tuple[str, ...]
    rows: int
    cell_px: tuple[int, int]

    @property
    def width(self) -> int:
        return len(self.columns)

    def cell_of(self, pos: tuple[float, float]) -> str:
        """Army-sheet code (e.g. 'I8') of the grid cell holding `pos`."""
        col = min(max(int(pos[0]), 0), self.width - 1)
        row = min(max(int(pos[1]), 0), self.rows - 1)
        return f"{self.columns[col]}{row + 1}"

    def parse_cell(self, code: str) -> tuple[int, int] | None:
        """'I8' -> (column index 8, row index 7); None if not a cell of this grid."""
        code = str(code).strip().upper()
        if len(code) < 2 or code[0] not in self.columns or not code[1:].isdigit():
            return None
        row = int(code[1:])
        if not 1 <= row <= self.rows:
            return None
        return self.columns.index(code[0]), row - 1

    def to_px(self, pos: tuple[float, float]) -> tuple[float, float]:
        """Grid units (y up) to drawing pixels (y down)."""
        return pos[0] * self.cell_px[0], (self.rows - pos[1]) * self.cell_px[1]

    def px_distance(self, a: tuple[float, float], b: tuple[float, float]) -> float:
        dx = (a[0] - b[0]) * self.cell_px[0]
        dy = (a[1] - b[1]) * self.cell_px[1]
        return (dx * dx + dy * dy) ** 0.5


@dataclass(frozen=True)
class Sector:
    id: str  # its cells code, e.g. "A1:B2"
    col0: int
    row0: int
    col1: int
    row1: int  # inclusive indices
    suit: str

    def contains(self, pos: tuple[float, float]) -> bool:
        return self.col0 <= pos[0] < self.col1 + 1 and self.row0 <= pos[1] < self.row1 + 1

    def cells(self) -> Iterator[tuple[int, int]]:
        for c in range(self.col0, self.col1 + 1):
            for r in range(self.row0, self.row1 + 1):
                yield c, r


@dataclass(frozen=True)
class Territory:
    id: str
    name: str
    map: str
    home_of: str | None
    core_austria: bool = False


@dataclass(frozen=True)
class City:
    id: str
    name: str
    map: str
    pos: tuple[float, float]
    territory: str
    fortress: str = "none"
    elector: bool = False
    sector: str = ""
    note: str = ""

    @property
    def is_fortress(self) -> bool:
        return self.fortress != "none"


@dataclass(frozen=True)
class Box:
    """An off-map box (Ostpreussen, England, ...) or the Silesia victory box."""

    id: str
    name: str
    power: str | None
    rect: Rect
    arrow_to: str | None = None


@dataclass(frozen=True)
class General:
    id: str
    name: str
    power: str
    rank: int
    setup_min: int
    code: str


@dataclass(frozen=True)
class ArmySheet:
    power: str
    troops: int
    supply_trains: int
    train_codes: tuple[str, ...]
    generals: tuple[General, ...]
    hussars: int = 0


@dataclass(frozen=True)
class Setup:
    generals: dict[str, str]  # general id -> city id or "box:<id>"
    trains: dict[str, tuple[str, ...]]  # power -> places (city id or "box:<id>")
    victory_markers: dict[str, tuple[str, ...]]
    elector_markers: dict[str, tuple[str, ...]]
    exceptions: dict[str, str]  # piece id -> reason its place is outside its code's cell


@dataclass
class Board:
    """Everything in boards/: read-only after loading."""

    grid: Grid
    map_columns: dict[str, tuple[int, int]]  # map -> (first column index, last column index)
    sectors: tuple[Sector, ...]
    territories: dict[str, Territory]
    cities: dict[str, City]
    roads: dict[str, dict[str, bool]]  # city -> {neighbour: is_main_road}
    map_links: tuple[tuple[str, str, bool], ...]
    boxes: dict[str, Box]
    furniture: dict[str, Rect]  # victory_display, silesia_box, turn_track, electoral_college, pool_<power>
    armies: dict[str, ArmySheet]
    setup: Setup
    source_dir: str = ""
    _sector_of: dict[str, Sector] = field(default_factory=dict, repr=False)

    # --- cities and territories -------------------------------------------------------------
    def city(self, city_id: str) -> City:
        return self.cities[city_id]

    def cities_on(self, map_id: str) -> list[City]:
        return [c for c in self.cities.values() if c.map == map_id]

    def home_of(self, city_id: str) -> str | None:
        return self.territories[self.cities[city_id].territory].home_of

    def sector_of(self, city_id: str) -> Sector:
        return self._sector_of[city_id]

    def suit_of(self, city_id: str) -> str:
        return self._sector_of[city_id].suit

    def fortresses(self, territory: str | None = None) -> list[City]:
        return [c for c in self.cities.values() if c.is_fortress and (territory is None or c.territory == territory)]

    @property
    def generals(self) -> dict[str, General]:
        return {g.id: g for sheet in self.armies.values() for g in sheet.generals}

    # --- roads ------------------------------------------------------------------------------
    def neighbours(self, city_id: str) -> dict[str, bool]:
        """Adjacent cities (including across the map link) -> whether the road is a main road."""
        return self.roads.get(city_id, {})

    def is_link(self, a: str, b: str) -> bool:
        return self.cities[a].map != self.cities[b].map

    def edges(self) -> Iterator[tuple[str, str, bool]]:
        for a, nbrs in self.roads.items():
            for b, main in nbrs.items():
                if a < b:
                    yield a, b, main

    def distances_from(self, start: str, *, main_only: bool = False, within_map: bool = False) -> dict[str, int]:
        """Road steps from `start` to every reachable city (pieces are ignored)."""
        dist = {start: 0}
        queue = deque([start])
        home_map = self.cities[start].map
        while queue:
            a = queue.popleft()
            for b, main in self.roads[a].items():
                if b in dist or (main_only and not main):
                    continue
                if within_map and self.cities[b].map != home_map:
                    continue
                dist[b] = dist[a] + 1
                queue.append(b)
        return dist

    def distance(self, a: str, b: str, **kwargs: bool) -> int | None:
        return self.distances_from(a, **kwargs).get(b)

    def shortest_path(self, a: str, b: str, *, main_only: bool = False) -> list[str] | None:
        prev: dict[str, str | None] = {a: None}
        queue = deque([a])
        while queue:
            x = queue.popleft()
            if x == b:
                path = [b]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])  # type: ignore[arg-type]
                return path[::-1]
            for y, main in self.roads[x].items():
                if y not in prev and (main or not main_only):
                    prev[y] = x
                    queue.append(y)
        return None

    def within(self, start: str, steps: int) -> set[str]:
        return {c for c, d in self.distances_from(start).items() if d <= steps}


def components(nodes: Iterable[str], adjacency: dict[str, dict[str, bool]]) -> list[set[str]]:
    """Connected components of the subgraph induced by `nodes`."""
    todo = set(nodes)
    result = []
    while todo:
        seed = todo.pop()
        comp = {seed}
        queue = deque([seed])
        while queue:
            a = queue.popleft()
            for b in adjacency.get(a, {}):
                if b in todo:
                    todo.discard(b)
                    comp.add(b)
                    queue.append(b)
        result.append(comp)
    return result
