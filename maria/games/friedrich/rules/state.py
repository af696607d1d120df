"""FRIEDRICH's state queries (2005 rules §1 sides, §4 pieces and stacks, §5 protection, §6 army
totals and caps): the board in play (a core BoardGraph over an FBoard, registered by key so the
state stays plain data), pieces by city, who controls a nation, enemies, armies of a stack.

State layout (plain data, YAML round-trip): "generals" {id: {name, nation, rank, city, armies,
face_down, out}} (city None = off the map; out = removed for good, §11), "trains" {id: {nation,
city, out}}, "cards" (maria.engine.deck layout, hands by nation), "roles" {role: [nations]},
"left" [nations that left the game], "conquered" {city: conquering nation}, "turn", "flow", "seq",
"fate", "mods", "rng", "log", "undo", "result".
"""

from __future__ import annotations

from typing import Any

import hashlib

from maria.engine.sides import role_of  # noqa: F401  (re-exported: FRIEDRICH's rules read the engine's helpers here)

# generals_at: the generals in a city, supreme commander (lowest rank number) first (§4)
from maria.engine.state import BoardGraph, IllegalAction, generals_at, rebuild_index  # noqa: F401  (re-exported)
from maria.engine.state import set_general_city as place_general
from maria.engine.state import set_train_city as place_train  # noqa: F401  (re-exported)
from maria.games.friedrich.board import FBoard
from maria.games.friedrich.rules import tables as T


class Info:
    """The board facts of a game: the FBoard and its road graph (distances cached)."""

    def __init__(self, board: FBoard) -> None:
        self.board = board
        self.graph = BoardGraph(board, board.cities)

    def suit(self, city: str) -> str:
        return self.board.suit_of(city)

    def dist(self, a: str, b: str) -> int | None:
        return self.graph.dist(a, b)


BOARDS: dict[str, Info] = {}


def board_key(board: FBoard) -> str:
    """A stable key for a board: every fact of it (cities, roads, objectives, depots, re-entry
    areas, set-up) goes into the hash, so two different boards never share a key."""
    h = hashlib.sha1()
    parts = (
        sorted((c.id, c.suit, c.country) for c in board.cities.values()),
        sorted((c, sorted(n.items())) for c, n in board.roads.items()),
        sorted(repr(o) for o in board.objectives.values()),
        sorted((k, sorted(v)) for k, v in board.depots.items()),
        sorted((k, sorted(v)) for k, v in board.reentry_areas.items()),
        sorted(repr(g) for g in board.generals.values()),
        sorted(repr(t) for t in board.trains.values()),
        sorted(board.armies.items()),
    )
    h.update(repr(parts).encode())
    return "friedrich-" + h.hexdigest()[:16]


def register_board(board: FBoard) -> str:
    key = board_key(board)
    if key not in BOARDS:
        BOARDS[key] = Info(board)
    return key


def info_of(state: dict) -> Info:
    try:
        return BOARDS[state["board"]]
    except KeyError:
        raise RuntimeError(f"board {state['board']!r} is not registered (register_board)") from None


# --- sides and roles ---------------------------------------------------------------------------


def nations_of(state: dict, role: str) -> list[str]:
    return list(state["roles"].get(role, []))


def in_game(state: dict, nation: str) -> bool:
    return nation not in state["left"]


def enemies(a: str, b: str) -> bool:
    return T.opponents(a, b)


# --- pieces ------------------------------------------------------------------------------------


def train_at(state: dict, city: str) -> str | None:
    return state["city_train"].get(city)


def nation_at(state: dict, city: str) -> str | None:
    """The nation of the piece(s) in `city`, or None if it is empty."""
    gs = state["city_generals"].get(city)
    if gs:
        return state["generals"][gs[0]]["nation"]
    t = state["city_train"].get(city)
    return state["trains"][t]["nation"] if t else None


def occupied(state: dict, city: str) -> bool:
    return bool(state["city_generals"].get(city)) or city in state["city_train"]


def on_map(piece: dict) -> bool:
    return piece["city"] is not None


def generals_of(state: dict, nation: str, on_board: bool = True) -> list[str]:
    return sorted(
        (
            g
            for g, p in state["generals"].items()
            if p["nation"] == nation and (on_map(p) or not on_board) and not p["out"]
        ),
        key=lambda g: (state["generals"][g]["rank"], g),
    )


def trains_of(state: dict, nation: str) -> list[str]:
    return sorted(t for t, p in state["trains"].items() if p["nation"] == nation and not p["out"])


def armies_total(state: dict, nation: str) -> int:
    """§6: the public total of a nation's armies (on the map)."""
    return sum(p["armies"] for p in state["generals"].values() if p["nation"] == nation and on_map(p))


def cap_of(state: dict, info: Info, nation: str) -> int:
    """§6 / §10: a nation never commands more armies than it started with."""
    return int(info.board.armies.get(nation, 0))


def stack_armies(state: dict, gids: list[str]) -> int:
    return sum(state["generals"][g]["armies"] for g in gids)


def remove_general(state: dict, gid: str, for_good: bool = False) -> None:
    """Off the map with all its armies (§6: it may come back, §10; unless removed for good, §11)."""
    g = state["generals"][gid]
    g["armies"] = 0
    g["face_down"] = False
    if for_good:
        g["out"] = True
    place_general(state, gid, None)


def general_by_rank(state: dict, nation: str, rank: int) -> str | None:
    """A general named by a Fate card, found by nation and rank (the ranks are printed facts)."""
    for gid, g in sorted(state["generals"].items()):
        if g["nation"] == nation and g["rank"] == rank:
            return gid
    return None


def mod_active(state: dict, kind: str, **match: Any) -> bool:
    """A temporary Fate-card modifier (§11) in force this turn."""
    for m in state["mods"]:
        if m["kind"] == kind and m["turn"] == state["turn"] and all(m.get(k) == v for k, v in match.items()):
            return True
    return False


def nation_name(nation: str) -> str:
    return {"imperial_army": "the Imperial Army"}.get(nation, nation.replace("_", " ").title())


def nation_title(nation: str) -> str:
    """nation_name at the start of a sentence ("The Imperial Army ...")."""
    n = nation_name(nation)
    return n[:1].upper() + n[1:]


def names(state: dict, gids: list[str]) -> str:
    return " + ".join(state["generals"][g]["name"] for g in gids)


# --- the advanced rules (§13), options of the game ------------------------------------------------
# state["options"] may switch on "fate_by_sector", "east_prussia" and "offensive_option"; with any of
# them on the state holds "adv" (maria.games.friedrich.rules.advanced); with none (the standard game) it
# has no "adv" and none of these queries changes anything.

ADVANCED_OPTIONS: tuple[str, ...] = ("fate_by_sector", "east_prussia", "offensive_option")
# §5 « Code de bonne conduite », enforced when on (the new-game screen turns it on when a computer
# plays); not one of §13's advanced rules, so {"advanced": true} leaves it as it is
CONDUCT_OPTION = "code_of_conduct"
OPTIONS: tuple[str, ...] = (*ADVANCED_OPTIONS, CONDUCT_OPTION)


def option_on(state: dict, key: str) -> bool:
    return bool(state.get("options", {}).get(key))


def oo_taken(state: dict) -> bool:
    """§13: Prussia laid out a TC for the Offensive Option in turn 3."""
    return option_on(state, "offensive_option") and state["adv"]["oo"] == "taken"


def oo_failed(state: dict) -> bool:
    """§13: the OO has failed once the first subsidy cut happened AND Austria holds the card."""
    return oo_taken(state) and state["adv"]["oo_claimed"] and state["fate"]["subsidy_cuts"] >= 1


def prussia_may_conquer(state: dict) -> bool:
    """§13: Prussia conquers its (Bohemian) objectives in turns 1-3 in any case (ruling F13-9),
    later only with the OO and until it has failed."""
    if not option_on(state, "offensive_option"):
        return False
    return state["turn"] <= 3 or (oo_taken(state) and not oo_failed(state))
