"""A temporary whole FRIEDRICH board for the self-play test, built from the read-only reference
material (../shared/reference/friedrich-board.yaml: graph, suits, countries, objective and depot
types; ../shared/friedrich/facts.yaml: generals, ranks, trains, starting armies).  Positions are
ignored (x = y = 0).  Not shipped: the real board files are another helper's work."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import yaml

from maria.games.friedrich.board import FBoard

SHARED = Path(__file__).resolve().parents[2].parent / "shared"  # ../shared from the project root
REF = SHARED / "reference" / "friedrich-board.yaml"
FACTS = SHARED / "friedrich" / "facts.yaml"

PROVINCE_DEFENDER = {
    "prussia": "prussia",
    "saxony": "prussia",
    "hanover": "hanover",
    "sweden": "sweden",
    "austria": "austria",
    "empire": "imperial_army",
}
OBJ_TYPES = {
    "objective_prussia": ("prussia", "first"),
    "objective_russia": ("russia", "first"),
    "objective1_sweden": ("sweden", "first"),
    "objective2_sweden": ("sweden", "second"),
    "objective1_austria": ("austria", "first"),
    "objective2_austria": ("austria", "second"),
    "objective1_imperial": ("imperial_army", "first"),
    "objective2_imperial": ("imperial_army", "second"),
    "objective_france": ("france", "first"),
}
AREAS = {
    "prussia": "spades_berlin",
    "hanover": "diamonds_stade",
    "russia": "spades_warszawa",
    "austria": "diamonds_brunn",
    "imperial_army": "spades_south_of_hildburghausen",
    "france": "hearts_south_of_koblenz",
}


def _slug(name: str) -> str:
    s = name.lower()
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        s = s.replace(a, b)
    return re.sub(r"[^a-z0-9]+", "_", s).strip("_")


@lru_cache(maxsize=1)
def full_board() -> FBoard:
    ref = yaml.load(REF.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    facts = yaml.load(FACTS.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    ids = {c["index"]: f"c{c['index']}_{_slug(c['name'])}" for c in ref["cities"]}
    cities = {
        ids[c["index"]]: {"name": c["name"], "suit": c["suit"], "country": c["country"].lower(), "x": 0, "y": 0}
        for c in ref["cities"]
    }
    roads, mains = set(), set()
    for c in ref["cities"]:
        for n in c["main_roads"]:
            mains.add(tuple(sorted((ids[c["index"]], ids[n]))))
        for n in c["roads"]:
            roads.add(tuple(sorted((ids[c["index"]], ids[n]))))
    objectives: dict = {}
    for c in ref["cities"]:
        for t in c["types"]:
            if t in OBJ_TYPES:
                nation, key = OBJ_TYPES[t]
                o = objectives.setdefault(nation, {"first": [], "second": [], "defender": {}})
                o[key].append(ids[c["index"]])
                d = PROVINCE_DEFENDER.get(c["country"].lower(), "prussia")
                o["defender"].setdefault(d, []).append(ids[c["index"]])
    depots, generals, trains, armies, areas = {}, {}, {}, {}, {}

    def city(ref_text: str) -> str:
        return ids[int(re.search(r"#(\d+)", ref_text).group(1))]

    for nation, n in facts["nations"].items():
        depots[nation] = [city(x) for x in n["depots"]["value"]]
        armies[nation] = int(n["starting_armies"]["value"])
        for g in n["generals"]:
            gid = _slug(g["name"].split("(")[0])
            generals[gid] = {
                "name": g["name"].split(" (")[0],
                "nation": nation,
                "rank": g["rank"],
                "city": city(g["setup"]),
            }
        for i, t in enumerate(n["trains"]["setup"]):
            trains[f"{nation}_train_{i + 1}"] = {"nation": nation, "city": city(t)}
        if nation in AREAS:
            areas[nation] = [ids[x["index"]] for x in ref["sectors"][AREAS[nation]]]
        elif nation == "sweden":
            areas[nation] = [i for i, c in cities.items() if c["country"] == "sweden"]
    board = {
        "cities": cities,
        "roads": sorted(roads),
        "main_roads": sorted(mains),
        "objectives": objectives,
        "depots": depots,
        "reentry_areas": areas,
    }
    setup = {"generals": generals, "trains": trains, "armies": armies}
    return FBoard.from_docs(board, setup)
