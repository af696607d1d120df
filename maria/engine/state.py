"""Plain-data state helpers of the engine (no game's powers, no rule of any game): refused actions,
the board's road graph in play with its cached distances, the cheap deep copy, the city -> pieces
index, moving pieces.  A place name with a "box:" prefix is off the map (a game's holding box).  A
game's own queries (control, home countries, who commands a stack) are in its state module.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Iterable


class IllegalAction(Exception):
    """An action the rules refuse; the message explains why in player terms."""


class BoardGraph:
    """A Board (maria.games.maria.board) restricted to the cities in play, plus the queries the rules need,
    cached (the board is read-only): neighbours by road (True = main road), distances by road."""

    def __init__(self, board: Any, playable: Iterable[str]) -> None:
        self.board = board
        self.playable = set(playable)
        self.nbrs: dict[str, dict[str, bool]] = {
            c: {n: m for n, m in board.neighbours(c).items() if n in self.playable} for c in self.playable
        }
        self._dist: dict[str, dict[str, int]] = {}
        self._within: dict[tuple[str, int], frozenset[str]] = {}

    def major_fortresses(self) -> list[str]:
        """The playable major fortresses, sorted (cached)."""
        m = getattr(self, "_majors", None)
        if m is None:
            m = self._majors = sorted(c for c in self.playable if self.is_major_fortress(c))
        return m

    def fortresses(self) -> list[str]:
        """The playable fortresses, sorted (cached)."""
        m = getattr(self, "_forts", None)
        if m is None:
            m = self._forts = sorted(c for c in self.playable if self.is_fortress(c))
        return m

    def dist_from(self, a: str) -> dict[str, int]:
        d = self._dist.get(a)
        if d is None:
            d = {a: 0}
            q = deque([a])
            while q:
                x = q.popleft()
                for y in self.nbrs[x]:
                    if y not in d:
                        d[y] = d[x] + 1
                        q.append(y)
            self._dist[a] = d
        return d

    def within(self, a: str, n: int) -> frozenset[str]:
        """The cities at most `n` roads from `a` (pieces ignored; cached)."""
        key = (a, n)
        w = self._within.get(key)
        if w is None:
            w = self._within[key] = frozenset(c for c, d in self.dist_from(a).items() if d <= n)
        return w

    def dist(self, a: str, b: str) -> int | None:
        return self.dist_from(a).get(b)

    def home_of(self, city: str) -> str | None:
        return self.board.home_of(city)

    def is_fortress(self, city: str) -> bool:
        return self.board.cities[city].fortress != "none"

    def is_major_fortress(self, city: str) -> bool:
        return self.board.cities[city].fortress == "major"

    def suit(self, city: str) -> str:
        return self.board.suit_of(city)


SHARED_KEYS = ("log", "undo")


def copy_state(state: dict) -> dict:
    """A deep copy of plain data, much cheaper than copy.deepcopy.

    The append-only parts (the log's entries and the undo snapshots) are never mutated once
    written, so their lists are copied but their items are shared (this keeps apply() O(1) in the
    length of the game); everything else is a true deep copy."""
    new = {k: _plain_copy(v) for k, v in state.items() if k not in SHARED_KEYS}
    for k in SHARED_KEYS:
        if k in state:
            new[k] = list(state[k])
    return {k: new[k] for k in state}


def _plain_copy(x: Any) -> Any:
    """Deep copy of dicts and lists; other values (str, int, bool, None) are immutable."""
    t = type(x)
    if t is dict:
        return _copy_dict(x)
    if t is list:
        return _copy_list(x)
    return x


# The copy of a searching player's every look-ahead: most values are scalars (a general's dict, a
# hand of card names), so a container is copied whole and only its dict and list values are
# copied again (one call per container, not one per value).


def _copy_dict(d: dict) -> dict:
    out = d.copy()
    for k, v in d.items():
        t = type(v)
        if t is dict:
            out[k] = _copy_dict(v)
        elif t is list:
            out[k] = _copy_list(v)
    return out


def _copy_list(x: list) -> list:
    out = x.copy()
    for i, v in enumerate(x):
        t = type(v)
        if t is dict:
            out[i] = _copy_dict(v)
        elif t is list:
            out[i] = _copy_list(v)
    return out


# --- pieces ------------------------------------------------------------------------------------


def on_map(piece: dict) -> bool:
    return piece["in_play"] and piece["city"] is not None


def generals_at(state: dict, city: str) -> list[str]:
    return [g for g in state["city_generals"].get(city, [])]


def occupant_kind(state: dict, city: str) -> str | None:
    if state["city_generals"].get(city):
        return "general"
    if city in state["city_train"]:
        return "train"
    return None


def is_occupied(state: dict, city: str) -> bool:
    """Any piece (generals or a train, in play or not)."""
    return bool(state["city_generals"].get(city)) or city in state["city_train"]


def rebuild_index(state: dict) -> None:
    """Recompute the city -> pieces index from the pieces (kept in the state for speed)."""
    # (every move and retreat rebuilds it: a lone general's list needs no sort)
    gens = state["generals"]
    cg: dict[str, list[str]] = {}
    for gid, g in gens.items():
        c = g["city"]
        if c is not None and not c.startswith("box:"):
            lst = cg.get(c)
            if lst is None:
                cg[c] = [gid]
            else:
                lst.append(gid)
    for lst in cg.values():
        if len(lst) > 1:
            lst.sort(key=lambda x: gens[x]["rank"])
    ct = {}
    for tid, t in state["trains"].items():
        c = t["city"]
        if c is not None and not c.startswith("box:"):
            ct[c] = tid
    state["city_generals"] = cg
    state["city_train"] = ct


def set_general_city(state: dict, gid: str, city: str | None) -> None:
    state["generals"][gid]["city"] = city
    rebuild_index(state)


def set_train_city(state: dict, tid: str, city: str | None) -> None:
    state["trains"][tid]["city"] = city
    rebuild_index(state)
