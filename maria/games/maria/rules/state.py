"""MARIA's state queries: the board registry and MARIA's board (maps in play, Silesia; R24, R19.1), who
commands a stack (R6.2), home countries (R3.5, R19.1.2) and control (R3.8); the plain-data helpers
of the rules core (maria.engine.state) are re-exported here.

The state is plain data (dicts, lists, str, int, bool, None).  The Board object is NOT stored in
it: `state["board"]` is a key into a process-wide registry (`"default"` = boards/ of this checkout;
boards passed to `new_game(board=...)` are registered under "mem:<n>").
"""

from __future__ import annotations

from collections.abc import Iterable

from maria.engine.state import (  # noqa: F401  (re-exported: MARIA's rules read the engine's helpers here)
    SHARED_KEYS,
    BoardGraph,
    IllegalAction,
    copy_state,
    generals_at,
    is_occupied,
    occupant_kind,
    on_map,
    rebuild_index,
    set_general_city,
    set_train_city,
)
from maria.games.maria.board.model import Board
from maria.games.maria.rules import roles as R

SCHEMA = 1
_REGISTRY: dict[str | tuple[str, str], BoardInfo] = {}  # "key|variant", and (key, variant) once asked
_BY_OBJECT: dict[int, str] = {}


class BoardInfo(BoardGraph):
    """MARIA's board in one game: the cities of the maps in play (the introductory game only on the
    Bohemia map, R24; the advanced game on both) and Silesia (R19.1)."""

    def __init__(self, board: Board, variant: str) -> None:
        maps = ("bohemia",) if variant == "intro" else ("flanders", "bohemia")
        super().__init__(board, {c.id for c in board.cities.values() if c.map in maps})
        self.variant = variant
        self.silesia = {
            t.id
            for t in board.territories.values()
            if t.id in ("silesia", "schlesien") or t.name.lower() in ("silesia", "schlesien")
        }
        # the board's per-city facts, kept as they are first read (the board is read-only): the
        # players' planners ask them millions of times in a game
        self._home: dict[str, str | None] = {}
        self._fortress: dict[str, bool] = {}
        self._in_silesia: dict[str, bool] = {}

    def in_silesia(self, city: str) -> bool:
        try:
            return self._in_silesia[city]
        except KeyError:
            v = self._in_silesia[city] = self.board.cities[city].territory in self.silesia
            return v

    def home_of(self, city: str) -> str | None:
        try:
            return self._home[city]
        except KeyError:
            v = self._home[city] = self.board.home_of(city)
            return v

    def is_fortress(self, city: str) -> bool:
        try:
            return self._fortress[city]
        except KeyError:
            v = self._fortress[city] = self.board.cities[city].fortress != "none"
            return v


def register_board(board: Board, variant: str) -> str:
    key = _BY_OBJECT.get(id(board))
    if key is None:
        key = f"mem:{len(_BY_OBJECT) + 1}"
        _BY_OBJECT[id(board)] = key
    _REGISTRY.setdefault(f"{key}|{variant}", BoardInfo(board, variant))
    return key


def board_info(state: dict) -> BoardInfo:
    info = _REGISTRY.get((state["board"], state["variant"]))
    if info is not None:
        return info
    key = f"{state['board']}|{state['variant']}"
    info = _REGISTRY.get(key)
    if info is not None:
        _REGISTRY[(state["board"], state["variant"])] = info
    if info is None:
        if state["board"] != "default":
            raise KeyError(f"board {state['board']!r} is not registered in this process")
        from maria import paths
        from maria.games.maria.board.loader import load_board

        info = _REGISTRY[key] = BoardInfo(load_board(paths.boards_dir()), state["variant"])
    return info


def stack_of(state: dict, gid: str) -> list[str]:
    """The generals in gid's city, supreme commander first (R6.2)."""
    city = state["generals"][gid]["city"]
    if gid not in state["city_generals"].get(city, ()):
        return [gid]
    return stack_order(state, city)


def _rank_key(state: dict, gid: str, chosen: str | None = None) -> tuple:
    g = state["generals"][gid]
    # R6.2: the lower rank number commands; equal ranks: the general chosen when the stack was made
    # (state["commanders"]); with no recorded choice (a stack made outside the rules' choice
    # points) the major power's general, then the id (docs/rulings.md RUL-06).
    return (g["rank"], gid != chosen, g["power"] in R.MINOR, gid)


def stack_order(state: dict, city: str) -> list[str]:
    """The generals at `city`, supreme commander first (R6.2)."""
    gens = state["city_generals"].get(city, [])
    chosen = chosen_commander(state, gens)
    return sorted(gens, key=lambda x: _rank_key(state, x, chosen))


def commander(state: dict, city: str) -> str:
    return stack_order(state, city)[0]


def equal_rank_stack(state: dict, city: str) -> bool:
    """R6.2: a stack of two generals with the same rank number: its creator chooses the commander."""
    gens = state["city_generals"].get(city, [])
    return len(gens) == 2 and state["generals"][gens[0]]["rank"] == state["generals"][gens[1]]["rank"]


# --- home countries (R3.5; R19.1.2 step 1) ------------------------------------------------------


def home_of(state: dict, info: BoardInfo, city: str) -> str | None:
    """The home country of `city` in this game: the board's, except that Silesia is Prussian home
    country once Prussia has annexed it (R19.1.2 step 1; state["adv"]["silesia_annexed"])."""
    adv = state.get("adv")
    if adv is not None and adv.get("silesia_annexed") is not None and info.in_silesia(city):
        return "prussia"
    return info.home_of(city)


# --- control (R3.8) ----------------------------------------------------------------------------


def controller(state: dict, info: BoardInfo, city: str) -> str | None:
    vm = state["markers"].get(city)
    if vm is not None:
        return vm
    adv = state.get("adv")
    if adv is not None:
        el = adv["electors"].get(city)  # R3.8 / R10.16b: Rhine elector markers
        if el is not None:
            return el
    return home_of(state, info, city)


def friendly_controlled(state: dict, info: BoardInfo, city: str, power: str) -> bool:
    c = controller(state, info, city)
    return c is not None and R.allied(state, c, power)


def enemy_controlled(state: dict, info: BoardInfo, city: str, power: str) -> bool:
    c = controller(state, info, city)
    return c is not None and R.enemies(state, c, power)


# R6.2: the supreme commander chosen for a stack of two generals of equal rank, remembered while
# the stack holds together.
def pair_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def chosen_commander(state: dict, gens: Iterable[str]) -> str | None:
    """The supreme commander chosen for the stack `gens` (two generals of equal rank), or None."""
    gens = list(gens)
    if len(gens) != 2:
        return None
    return state.get("commanders", {}).get(pair_key(gens[0], gens[1]))


def set_commander(state: dict, city: str, gid: str) -> None:
    gens = state["city_generals"][city]
    state.setdefault("commanders", {})[pair_key(gens[0], gens[1])] = gid


def forget_commander(state: dict, city: str) -> None:
    """A stack is being (re)created at `city`: any earlier choice for this pair no longer holds."""
    gens = state["city_generals"].get(city, [])
    if len(gens) == 2 and state.get("commanders"):
        state["commanders"].pop(pair_key(gens[0], gens[1]), None)


def prune_commanders(state: dict) -> None:
    """Forget the choice of every stack that has broken up (its two generals no longer share a
    city on the map).  Run when the flow settles, never in the middle of moving a whole stack."""
    ch = state.get("commanders")
    if not ch:
        return
    for key in list(ch):
        a, b = key.split("|")
        ca, cb = state["generals"][a]["city"], state["generals"][b]["city"]
        if ca is None or ca != cb or ca.startswith("box:"):
            del ch[key]


def troops_total(state: dict, power: str) -> int:
    """R6.5: the public troop total of a power (generals in play, on the map)."""
    return sum(
        g["troops"]
        for g in state["generals"].values()
        if g["power"] == power and g["in_play"] and g["city"] is not None
    )
