"""The FRIEDRICH board model: cities with their suit and country, roads (main roads marked), the
nations' objectives (1st/2nd order, defending nation), depots, substitute re-entry areas and the
set-up (generals by rank, trains, starting armies).  Plain data in, read-only objects out; the
files and their checks are read by maria.games.friedrich.board_loader.

Ids are lower-case ASCII slugs of the city names ("koenigsberg", "frankfurt_oder" where two cities
share a name); `name` keeps the printed spelling.  Positions x, y are map units (0..1000 wide)
derived from real geography, never from another edition's picture.

Digest references: ../shared/friedrich/digest.md (map, objectives, set-up)."""

from __future__ import annotations

from dataclasses import dataclass, field

SUITS = ("clubs", "diamonds", "hearts", "spades")
NATIONS = ("prussia", "hanover", "russia", "sweden", "austria", "imperial_army", "france")


@dataclass(frozen=True)
class FCity:
    id: str
    name: str
    suit: str  # one of SUITS
    country: str  # prussia, saxony, hanover, austria, empire, poland, sweden
    x: float
    y: float


@dataclass(frozen=True)
class Objective:
    city: str
    nation: str  # the aggressor nation that conquers it
    order: int  # 1 (first order) or 2 (second order)
    defender: str  # the nation that protects it


@dataclass(frozen=True)
class FGeneral:
    id: str
    name: str
    nation: str
    rank: int  # 1 = highest (commands a stack)
    city: str  # set-up city


@dataclass(frozen=True)
class FTrain:
    id: str
    nation: str
    city: str


@dataclass
class FBoard:
    """The whole board.  `neighbours(c)` gives {city: is_main_road} (the interface the core's
    BoardGraph reads); `home_of(c)` the country of a city."""

    cities: dict[str, FCity]
    roads: dict[str, dict[str, bool]]  # symmetric adjacency, True = main road
    objectives: dict[str, Objective]  # by city
    depots: dict[str, list[str]]  # nation -> depot cities
    reentry_areas: dict[str, list[str]]  # nation -> substitute re-entry cities
    generals: dict[str, FGeneral]
    trains: dict[str, FTrain]
    armies: dict[str, int]  # nation -> starting armies (also its cap)
    meta: dict = field(default_factory=dict)  # name, sources, licence notes
    provinces: dict[str, list[str]] = field(default_factory=dict)  # nation -> countries always in supply
    sectors: dict[str, list[str]] = field(default_factory=dict)  # named same-suit city groups
    # named city groups of the advanced rules (§13): east_prussia, south_of_line_5
    regions: dict[str, list[str]] = field(default_factory=dict)

    def neighbours(self, city: str) -> dict[str, bool]:
        return self.roads[city]

    def home_of(self, city: str) -> str:
        return self.cities[city].country

    def suit_of(self, city: str) -> str:
        return self.cities[city].suit

    def objectives_of(self, nation: str, order: int | None = None) -> list[str]:
        return sorted(
            o.city for o in self.objectives.values() if o.nation == nation and (order is None or o.order == order)
        )

    @classmethod
    def from_docs(cls, board: dict, setup: dict) -> "FBoard":
        """Build from the two plain documents (boards/friedrich/board.yaml, setup.yaml), already
        checked by the loader.  Schema:

        board.yaml:
          cities: {id: {name, suit, country, x, y}}
          roads: [[a, b], ...]            # every road once
          main_roads: [[a, b], ...]       # the main roads (not repeated in roads)
          objectives: {nation: {first: [city...], second: [city...], defender: nation | {nation: [city...]}}}
          depots: {nation: [city...]}
          reentry_areas: {nation: [city...]}
          provinces: {nation: [country...]}   # optional: the countries where it is always in supply
          sectors: {name: [city...]}          # optional: the named suit sectors (re-entry areas)
          regions: {name: [city...]}          # optional: the advanced rules' regions (§13)
          meta: {...}                         # optional: sources, credit, supply_range
        setup.yaml:
          generals: {id: {name, nation, rank, city}}
          trains: {id: {nation, city}}
          armies: {nation: n}
        """
        cities = {
            cid: FCity(cid, c["name"], c["suit"], c["country"], float(c["x"]), float(c["y"]))
            for cid, c in board["cities"].items()
        }
        roads: dict[str, dict[str, bool]] = {c: {} for c in cities}
        for main, key in ((False, "roads"), (True, "main_roads")):
            for a, b in board.get(key, []):
                roads[a][b] = main
                roads[b][a] = main
        objectives = {}
        for nation, o in board.get("objectives", {}).items():
            dfd = o.get("defender")
            for order, key in ((1, "first"), (2, "second")):
                for c in o.get(key, []):
                    if isinstance(dfd, dict):
                        d = next(n for n, cs in dfd.items() if c in cs)
                    else:
                        d = dfd
                    objectives[c] = Objective(c, nation, order, d)
        generals = {
            gid: FGeneral(gid, g["name"], g["nation"], int(g["rank"]), g["city"])
            for gid, g in setup.get("generals", {}).items()
        }
        trains = {tid: FTrain(tid, t["nation"], t["city"]) for tid, t in setup.get("trains", {}).items()}
        return cls(
            cities,
            roads,
            objectives,
            dict(board.get("depots", {})),
            dict(board.get("reentry_areas", {})),
            generals,
            trains,
            dict(setup.get("armies", {})),
            dict(board.get("meta", {})),
            dict(board.get("provinces", {})),
            dict(board.get("sectors", {})),
            dict(board.get("regions", {})),
        )
