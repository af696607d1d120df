"""Retreat after combat (R11.13-R11.16): the winner picks the path among the legal ones.

MARIA's part: where a loser may not go, the retreat's length and the winner's choice; the path search
itself is maria.engine.graph.retreat_ends."""

from __future__ import annotations

from typing import Any

import itertools

from maria.engine import graph

from maria.games.maria.rules import hooks
from maria.games.maria.rules.machine import Handler, pop, register, roles_for_powers
from maria.games.maria.rules.hussars import remove_hussar_at
from maria.engine.log import log, power_name
from maria.games.maria.rules.state import IllegalAction, is_occupied, set_general_city
from maria.games.maria.rules.state import BoardInfo
from maria.games.maria.rules.combat import take_losses, loss_groups


def no_entry(state: dict, info: BoardInfo, start: str) -> set:
    """Advanced game: only French and Austrian generals retreat between the maps (R11.15); nobody
    retreats into neutral territory, nor a neutral power out of its home (R19.4)."""
    if state["variant"] != "advanced":
        return set()
    gens = state["city_generals"].get(start, [])
    if not gens:
        return set()
    power = state["generals"][gens[0]]["power"]
    out = set(hooks.call("forbidden", state, info, power))
    if power not in ("france", "austria"):
        m = info.board.cities[start].map
        out |= {c for c in info.playable if info.board.cities[c].map != m}
    return out


MAX_RETREAT = 16  # a stack holds at most 16 troops (R6.4), so no retreat is longer


def retreat_ends(
    state: dict, info: BoardInfo, start: str, distance: int, winner_city: str | None = None
) -> dict[str, list[str]]:
    """Every city where a retreat of exactly `distance` cities from `start` can end, with one
    witness path for each (R11.14: never a city twice, never into or through a city holding a
    piece, nor into territory closed to the loser, R11.15, R19.4).  With `winner_city`, only the
    ends as far as possible from it (RUL-10).  The search is maria.engine.graph.retreat_ends."""
    if distance <= 0:
        return {start: [start]}
    blocked = itertools.chain(state["city_generals"], state["city_train"], no_entry(state, info, start))
    return graph.retreat_ends(info, start, distance, blocked, winner_city, MAX_RETREAT)


def retreat_paths(state: dict, info: BoardInfo, frame: dict) -> list[list[str]]:
    """One legal full-length retreat per end city, for the ends as far as possible (road steps,
    pieces ignored, RUL-10) from the winning general."""
    gens = state["city_generals"].get(frame["city"], [])
    key = (
        id(info),
        frame["city"],
        frame["distance"],
        frame["winner_city"],
        state["generals"][gens[0]]["power"] if gens else None,
        _neutral_key(state),
        frozenset(state["city_generals"]),
        frozenset(state["city_train"]),
    )
    got = _CACHE.get(key)
    if got is None:
        ends = retreat_ends(state, info, frame["city"], frame["distance"], frame["winner_city"])
        got = [ends[e] for e in sorted(ends)]
        if len(_CACHE) > 64:
            _CACHE.clear()
        _CACHE[key] = got
    return [list(p) for p in got]


def _neutral_key(state: dict) -> tuple | None:
    a = state.get("adv")
    if a is None:
        return None
    return (a.get("saxony_state"), a.get("prussia_neutral_until"), a.get("silesia_annexed"))


_CACHE: dict = {}  # retreat_paths is asked by auto, prompt and act for the same position


def valid_path(state: dict, info: BoardInfo, frame: dict, path: Any) -> str | None:
    if not isinstance(path, list) or len(path) != frame["distance"] + 1 or path[0] != frame["city"]:
        return f"The retreat must cover exactly {frame['distance']} cities from its start."
    if len(set(path)) != len(path):
        return "A retreating general may never enter a city a second time."
    for a, b in zip(path, path[1:]):
        if b not in info.nbrs.get(a, {}):
            return f"{b} is not adjacent to {a}."
        if is_occupied(state, b):
            return f"A retreat may not enter or pass through {info.board.cities[b].name}: it holds a piece."
        if b in no_entry(state, info, frame["city"]):
            return f"This retreat may not enter {info.board.cities[b].name} (other map or neutral territory)."
    ends = {p[-1] for p in retreat_paths(state, info, frame)}
    if path[-1] not in ends:
        return "The retreat must end as far as possible from the winning general."
    return None


@register("retreat")
class Retreat(Handler):
    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        if not retreat_paths(state, info, frame):
            gids = list(state["city_generals"].get(frame["city"], []))
            log(
                state,
                "No retreat of the full distance is possible: all troops are lost.",
                state["generals"][gids[0]]["power"],
                [frame["city"]],
            )
            troops = sum(state["generals"][g]["troops"] for g in gids)
            removed = take_losses(state, info, loss_groups(state, gids), 99)  # R11.16
            pop(state)
            _settle(state, info, frame, troops, len(removed))
            return True
        return False

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, [frame["winner_power"]])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in Retreat.waiting(state, info, frame):
            return []
        return [{"type": "retreat", "path": p} for p in retreat_paths(state, info, frame)]

    templated = frozenset({"retreat"})

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        why = valid_path(state, info, frame, action.get("path"))
        if why:
            raise IllegalAction(why)
        path = action["path"]
        gids = list(state["city_generals"].get(frame["city"], []))
        for c in path[1:]:
            remove_hussar_at(state, c)
        for g in gids:
            set_general_city(state, g, path[-1])
        log(
            state,
            f"{power_name(frame['winner_power'])} retreats the defeated general{'s' if len(gids) > 1 else ''} "
            f"{frame['distance']} cities.",
            frame["winner_power"],
            path,
        )
        pop(state)
        if state["variant"] == "advanced":
            hooks.call("prussian_piece_left", state, info)  # R19.1.2 step 7
        _settle(state, info, frame, 0, 0)


def _settle(state: dict, info: BoardInfo, frame: dict, troops: int, generals: int) -> None:
    b = frame.get("battle")
    if b is None:
        return
    b = dict(b, troops=b["troops"] + troops, generals=b["generals"] + generals)
    hooks.call("battle_settled", state, info, b)
