"""Helpers for FRIEDRICH's rules tests: a small board built from plain dicts (FBoard.from_docs),
games started through the door and brought to a given nation's phase, pieces and hands set."""

from __future__ import annotations

import random

import pytest

from maria.engine.state import rebuild_index
from maria.games.friedrich.board import FBoard
from maria.games.friedrich.rules import door
from tests.friedrich.play import fill

ROWS, COLS = "abc", 7


def small_board(
    countries: dict | None = None,
    objectives: dict | None = None,
    depots: dict | None = None,
    areas: dict | None = None,
    extra_roads=(),
    cut=(),
    suits: dict | None = None,
    caps: dict | None = None,
) -> FBoard:
    """A 3 x 7 grid: rows a, b, c; columns 0..6; every grid road, main roads along row a;
    columns 0-3 spades, 4-6 hearts; every city in country "poland" unless `countries` says."""
    countries = countries or {}
    suits = suits or {}
    cities = {
        f"{r}{c}": {
            "name": f"{r.upper()}{c}",
            "suit": suits.get(f"{r}{c}", "spades" if c <= 3 else "hearts"),
            "country": countries.get(f"{r}{c}", "poland"),
            "x": 0,
            "y": 0,
        }
        for r in ROWS
        for c in range(COLS)
    }
    roads, mains = [], []
    for r in ROWS:
        for c in range(COLS - 1):
            (mains if r == "a" else roads).append([f"{r}{c}", f"{r}{c + 1}"])
    for i in range(len(ROWS) - 1):
        for c in range(COLS):
            roads.append([f"{ROWS[i]}{c}", f"{ROWS[i + 1]}{c}"])
    roads += [list(x) for x in extra_roads]
    roads = [x for x in roads if tuple(x) not in cut and tuple(reversed(x)) not in cut]
    mains = [x for x in mains if tuple(x) not in cut and tuple(reversed(x)) not in cut]
    doc = {
        "cities": cities,
        "roads": roads,
        "main_roads": mains,
        "objectives": objectives or {},
        "depots": depots
        or {
            "prussia": ["c0"],
            "russia": ["c6"],
            "france": ["a6"],
            "austria": ["c5"],
            "hanover": ["c1"],
            "sweden": ["c2"],
            "imperial_army": ["c4"],
        },
        "reentry_areas": areas or {},
    }
    setup = {
        "generals": {
            "fritz": {"name": "Friedrich", "nation": "prussia", "rank": 1, "city": "a0"},
            "heinrich": {"name": "Heinrich", "nation": "prussia", "rank": 3, "city": "b0"},
            "keith": {"name": "Keith", "nation": "prussia", "rank": 5, "city": "c0"},
            "lehwaldt": {"name": "Lehwaldt", "nation": "prussia", "rank": 8, "city": "c1"},
            "cumberland": {"name": "Cumberland", "nation": "hanover", "rank": 2, "city": "b1"},
            "saltikov": {"name": "Saltikov", "nation": "russia", "rank": 1, "city": "c6"},
            "ehren": {"name": "Ehrensvärd", "nation": "sweden", "rank": 1, "city": "a3"},
            "daun": {"name": "Daun", "nation": "austria", "rank": 1, "city": "c5"},
            "laudon": {"name": "Laudon", "nation": "austria", "rank": 4, "city": "b5"},
            "hild": {"name": "Hildburghausen", "nation": "imperial_army", "rank": 1, "city": "c4"},
            "richelieu": {"name": "Richelieu", "nation": "france", "rank": 1, "city": "a6"},
            "soubise": {"name": "Soubise", "nation": "france", "rank": 2, "city": "b6"},
            "chevert": {"name": "Chevert", "nation": "france", "rank": 3, "city": "a5"},
        },
        "trains": {
            "p_train": {"nation": "prussia", "city": "b2"},
            "r_train": {"nation": "russia", "city": "b4"},
            "i_train": {"nation": "imperial_army", "city": "c3"},
        },
        "armies": {
            "prussia": 32,
            "hanover": 8,
            "russia": 8,
            "sweden": 4,
            "austria": 16,
            "imperial_army": 6,
            "france": 20,
        },
    }
    setup["armies"].update(caps or {})
    return FBoard.from_docs(doc, setup)


def allocate_all(state: dict, rnd: random.Random | None = None) -> dict:
    rnd = rnd or random.Random(0)
    while state["flow"][-1]["name"] == "allocation":
        role = door.active_roles(state)[0]
        a = door.legal_actions(state, role)[0]
        state = door.apply(state, role, fill(state, a, rnd))
    return state


def passive(state: dict) -> dict:
    """The active role takes the most passive legal action (end movement, stop, first option)."""
    role = door.active_roles(state)[0]
    acts = door.legal_actions(state, role)
    for t in ("end_movement", "stop"):
        for a in acts:
            if a["type"] == t:
                return door.apply(state, role, a)
    return door.apply(state, role, acts[0])


def to_phase(state: dict, nation: str, phase: str = "movement", turn: int | None = None) -> dict:
    for _ in range(5000):
        top = state["flow"][-1]
        if top.get("nation") == nation and top["name"] == phase and (turn is None or state["turn"] == turn):
            return state
        state = passive(state)
    raise AssertionError("phase not reached")


def new(players: int = 4, seed: int = 1, board: FBoard | None = None, **kw) -> dict:
    state = door.new_game(players, seed, board=board or small_board(**kw))
    return to_phase(allocate_all(state), "prussia")


def put(state: dict, **where) -> dict:
    """Place pieces: put(state, fritz="a2", p_train=None)."""
    for pid, city in where.items():
        (state["trains"] if pid in state["trains"] else state["generals"])[pid]["city"] = city
    rebuild_index(state)
    return state


def clear_map(state: dict, keep=()) -> dict:
    for pid in list(state["generals"]) + list(state["trains"]):
        if pid not in keep:
            put(state, **{pid: None})
    return state


def armies(state: dict, **n) -> None:
    for g, v in n.items():
        state["generals"][g]["armies"] = v


def hand(state: dict, nation: str, cards: list[str]) -> None:
    state["cards"]["hands"][nation] = list(cards)


def role(state: dict) -> str:
    return door.active_roles(state)[0]


def act(state: dict, action: dict, who: str | None = None) -> dict:
    return door.apply(state, who or role(state), action)


def actions(state: dict, who: str | None = None) -> list[dict]:
    return door.legal_actions(state, who or role(state))


def shipped(players: int = 4, seed: int = 1, nation: str = "prussia") -> dict:
    """A game on the shipped board (boards/friedrich/), brought to `nation`'s movement phase of
    turn 1."""
    return to_phase(allocate_all(door.new_game(players, seed)), nation)


@pytest.fixture
def game():
    return new()
