"""A small synthetic but complete board for rule tests, fuzzing and self-play.

It is NOT the game's geography: a 6 x 6 grid of cities on the Bohemia map (x = 0..5 west to east,
y = 0..5 south to north, ids "c<x><y>"), plus two Flanders cities, with territories laid out so that
every introductory rule has something to bite on.  The army sheets mirror boards/armies.yaml.
"""

from __future__ import annotations

from maria.games.maria.board.model import ArmySheet, Board, Box, City, General, Grid, Sector, Setup, Territory

SUITS = ("hearts", "diamonds", "clubs", "spades")

ARMIES = {
    "france": (
        26,
        [
            ("moritz", "Moritz v. Sachsen", 1, 7),
            ("belle_isle", "Belle-Isle", 2, 6),
            ("broglie", "Broglie", 3, 5),
            ("maillebois", "Maillebois", 4, 1),
            ("noailles", "Noailles", 5, 1),
        ],
        2,
        0,
    ),
    "bavaria": (5, [("toerring", "Törring", 1, 5)], 1, 0),
    "austria": (
        28,
        [
            ("karl", "Karl v. Lothringen", 1, 1),
            ("traun", "Traun", 2, 1),
            ("khevenhueller", "Khevenhüller", 3, 6),
            ("batthyany", "Batthyány", 4, 2),
            ("neipperg", "Neipperg", 5, 1),
            ("arenberg", "Arenberg", 6, 4),
        ],
        3,
        2,
    ),
    "prussia": (
        22,
        [
            ("friedrich", "Friedrich der Große", 1, 1),
            ("schwerin", "Schwerin", 2, 1),
            ("leopold", "Erbprinz Leopold", 3, 4),
            ("dessauer", "Der Alte Dessauer", 4, 6),
        ],
        2,
        0,
    ),
    "pragmatic_army": (
        14,
        [("george", "George II", 1, 1), ("cumberland", "Cumberland", 2, 1), ("stair", "Earl of Stair", 3, 1)],
        1,
        0,
    ),
    "saxony": (5, [("rutowski", "Rutowski", 1, 5)], 1, 0),
}


def _territory(x: int, y: int) -> str:
    if y == 5:
        return "prussia" if x <= 2 else "silesia"
    if y == 4:
        return "saxony" if x <= 1 else "silesia"
    if y == 3:
        return "saxony" if x <= 1 else "austria"
    if y == 2:
        return "bavaria" if x <= 1 else "austria"
    return "bavaria" if x <= 2 else "austria"


MAJOR = {"c11": "München", "c04": "Dresden", "c05": "Berlin", "c32": "Prag", "c50": "Wien", "c44": "Breslau"}
MINOR = {"c00", "c25", "c22", "c42", "c23", "c43", "c53", "c31", "c51", "c30", "c35", "c45", "c55", "c24", "c34", "c54"}


def build(
    *,
    setup_generals: dict | None = None,
    setup_trains: dict | None = None,
    victory_markers: dict | None = None,
    main_roads=None,
    suits: dict | None = None,
) -> Board:
    """The synthetic board.  Overrides let a test build the exact position it needs; `suits` maps
    city id -> suit (each city then gets its own sector)."""
    grid = Grid(columns=tuple("ABCDEFGHIJKLMN"), rows=12, cell_px=(180, 120))
    sectors = []
    for i, c0 in enumerate(range(0, 14, 2)):
        for j, r0 in enumerate(range(0, 12, 2)):
            sectors.append(
                Sector(
                    id=f"{grid.columns[c0]}{r0 + 1}:{grid.columns[c0 + 1]}{r0 + 2}",
                    col0=c0,
                    row0=r0,
                    col1=c0 + 1,
                    row1=r0 + 1,
                    suit=SUITS[(i + j) % 4],
                )
            )
    territories = {
        t: Territory(
            id=t, name=t.title(), map="bohemia", home_of=None if t == "silesia" else t, core_austria=(t == "austria")
        )
        for t in ("prussia", "silesia", "saxony", "austria", "bavaria")
    }
    territories["netherlands"] = Territory(id="netherlands", name="Netherlands", map="flanders", home_of="austria")
    cities = {}
    for x in range(6):
        for y in range(6):
            cid = f"c{x}{y}"
            kind = "major" if cid in MAJOR else "minor" if cid in MINOR else "none"
            cities[cid] = City(
                id=cid,
                name=MAJOR.get(cid, cid),
                map="bohemia",
                pos=(6.5 + 1.4 * x, 0.5 + 2.0 * y),
                territory=_territory(x, y),
                fortress=kind,
            )
    for i, fid in enumerate(("f1", "f2", "f3", "f4", "f5", "f6")):
        cities[fid] = City(
            id=fid,
            name=fid,
            map="flanders",
            pos=(0.5 + i * 0.9, 5.5),
            territory="netherlands",
            fortress="minor" if i == 0 else "none",
        )
    roads: dict[str, dict[str, bool]] = {c: {} for c in cities}

    def is_main(a, b):
        if main_roads is not None:
            return frozenset((a, b)) in main_roads
        (ax, ay), (bx, by) = (int(a[1]), int(a[2])), (int(b[1]), int(b[2]))
        return (ay == by and ay in (2, 4)) or (ax == bx and ax in (2, 4))

    for x in range(6):
        for y in range(6):
            a = f"c{x}{y}"
            for b in ([f"c{x + 1}{y}"] if x < 5 else []) + ([f"c{x}{y + 1}"] if y < 5 else []):
                m = is_main(a, b)
                roads[a][b] = roads[b][a] = m
    fl = ["f1", "f2", "f3", "f4", "f5", "f6"]
    for a, b in zip(fl, fl[1:]):
        roads[a][b] = roads[b][a] = False
    roads["f6"]["c00"] = roads["c00"]["f6"] = True  # a map link
    armies = {}
    for power, (troops, gens, trains, hussars) in ARMIES.items():
        armies[power] = ArmySheet(
            power=power,
            troops=troops,
            supply_trains=trains,
            train_codes=tuple("A1" for _ in range(trains)),
            generals=tuple(General(id=g, name=n, power=power, rank=r, setup_min=m, code="A1") for g, n, r, m in gens),
            hussars=hussars,
        )
    generals = {
        "moritz": "f1",
        "maillebois": "f2",
        "noailles": "f3",
        "belle_isle": "c00",
        "broglie": "c10",
        "toerring": "c21",
        "karl": "c42",
        "traun": "c50",
        "khevenhueller": "c43",
        "batthyany": "c43",
        "neipperg": "c54",
        "arenberg": "f4",
        "friedrich": "c25",
        "schwerin": "c25",
        "leopold": "c15",
        "dessauer": "box:ostpreussen",
        "rutowski": "c03",
        "george": "f5",
        "cumberland": "f5",
        "stair": "f6",
    }
    trains = {
        "france": ("f2", "c01"),
        "bavaria": ("c20",),
        "austria": ("f3", "c52", "c33"),
        "prussia": ("c05", "box:silesia"),
        "pragmatic_army": ("f4",),
        "saxony": ("c13",),
    }
    if setup_generals is not None:
        generals = setup_generals
    if setup_trains is not None:
        trains = setup_trains
    vms = (
        victory_markers
        if victory_markers is not None
        else {"prussia": ("c35", "c45"), "austria": ("c55", "c24", "c34", "c44", "c54")}
    )
    setup = Setup(
        generals=generals,
        trains={p: tuple(v) for p, v in trains.items()},
        victory_markers={p: tuple(v) for p, v in vms.items()},
        elector_markers={},
        exceptions={},
    )
    boxes = {
        "ostpreussen": Box("ostpreussen", "Ostpreussen", "prussia", (13, 11, 1, 1), "c05"),
        "silesia": Box("silesia", "Silesia", None, (0, 11, 1, 1)),
    }
    board = Board(
        grid=grid,
        map_columns={"flanders": (0, 5), "bohemia": (6, 13)},
        sectors=tuple(sectors),
        territories=territories,
        cities=cities,
        roads=roads,
        map_links=(("f6", "c00", True),),
        boxes=boxes,
        furniture={},
        armies=armies,
        setup=setup,
        source_dir="synthetic",
    )
    for c in cities.values():
        sec = next(s for s in sectors if s.contains(c.pos))
        if suits and c.id in suits:
            sec = Sector(id=f"own:{c.id}", col0=0, row0=0, col1=0, row1=0, suit=suits[c.id])
        board._sector_of[c.id] = sec
    return board
