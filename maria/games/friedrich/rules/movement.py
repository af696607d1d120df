"""The movement phase (2005 rules §4 movement and stacking, §9 trains destroyed and face-down
merging, §6 transfers inside a stack, with §5 conquest and §10 recruitment in any order): each
piece or stack moves once, one at a time, city by city: a general 3 cities (4 if the whole move
is on main roads), a train one fewer; never into or through a city holding another piece,
except to form a stack of up to 3 generals of one nation (the move of all of them ends) or, for a
general, to destroy an enemy train (its move ends).  Doubling back is allowed.  A general moved as
part of a stack may not move again alone; a piece that came back this turn may not move.

Actions: {"type": "move", "pieces": [ids]} begins a move ("moving" state: {"type": "step", "to":
city} and {"type": "stop"}); {"type": "transfer", "from": g, "to": h} moves one army between two
stacked generals; the recruit template (maria.games.friedrich.rules.recruit); {"type": "end_movement"}.
"""

from __future__ import annotations

from typing import Any

from itertools import combinations

from maria.engine.log import log
from maria.games.friedrich.rules import recruit
from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules.conquest import leave_city, taker_of
from maria.games.friedrich.rules.machine import Handler, pop, push, register, waiting_nation
from maria.games.friedrich.rules.state import (
    CONDUCT_OPTION,
    Info,
    generals_at,
    info_of,
    mod_active,
    names,
    nation_at,
    nation_name,
    nation_title,
    option_on,
    place_general,
    place_train,
    rebuild_index,
    train_at,
)


def _movable(state: dict, piece: str) -> bool:
    return piece not in state["moved"] and piece not in state["reentered"]


def general_range(state: dict, gids: list[str]) -> int:
    """§4: 3 cities; a Fate card may shorten a named general's range for a turn (§11)."""
    r = T.GENERAL_RANGE
    for g in gids:
        if mod_active(state, "range_up", general=g):  # §13 Fate 9 clubs: Frederick 4, even in a stack
            r = max(
                r,
                next(
                    m["value"]
                    for m in state["mods"]
                    if m["kind"] == "range_up" and m.get("general") == g and m["turn"] == state["turn"]
                ),
            )
    for g in gids:
        if mod_active(state, "range", general=g):
            r = min(
                r,
                next(
                    m["value"]
                    for m in state["mods"]
                    if m["kind"] == "range" and m.get("general") == g and m["turn"] == state["turn"]
                ),
            )
    return r


def step_options(state: dict, info: Info, frame: dict) -> list[str]:
    """The cities the moving piece(s) may enter next."""
    pieces, nation = frame["pieces"], frame["nation"]
    here = frame["path"][-1]
    k = len(frame["path"]) - 1
    is_train = frame["kind"] == "train"
    limit = T.TRAIN_RANGE if is_train else general_range(state, pieces)
    out = []
    for n, main in sorted(info.graph.nbrs[here].items()):
        if not (k < limit or (k == limit and frame["main"] and main)):
            continue
        gs, tr = generals_at(state, n), train_at(state, n)
        if not gs and not tr:
            out.append(n)
        elif is_train:
            continue  # §4 / §9: trains never stack nor harm trains
        elif gs:
            if state["generals"][gs[0]]["nation"] == nation and len(gs) + len(pieces) <= T.STACK_MAX:
                out.append(n)  # §4: forms a stack
        elif T.opponents(state["trains"][tr]["nation"], nation):
            if not any(mod_active(state, "no_train_kill", general=g) for g in pieces) and not mod_active(
                state, "truce_city", city=n
            ):  # §13 Fate 3 diamonds: Halle
                out.append(n)  # §9: destroys the train
    if option_on(state, CONDUCT_OPTION):
        out = [n for n in out if not _parks_on_allys_objective(state, info, frame, n)]
    return out


def allys_objective(state: dict, info: Info, city: str, nation: str) -> bool:
    """§5 « Code de bonne conduite »: `city` is an objective that an ally of `nation` (another
    nation of its side) may still conquer."""
    taker = taker_of(state, info, city)
    return taker is not None and taker != nation and not T.opponents(taker, nation)


def _parks_on_allys_objective(state: dict, info: Info, frame: dict, n: str) -> bool:
    """With the code of conduct: entering `n`, an ally's objective, would end the move there (a
    stack formed, or no step left).  Destroying an enemy train there is no mere parking."""
    if not allys_objective(state, info, n, frame["nation"]) or train_at(state, n) is not None:
        return False
    if generals_at(state, n):
        return True
    table = state["trains"] if frame["kind"] == "train" else state["generals"]
    here = frame["path"][-1]
    for p in frame["pieces"]:  # look one step on, then put the pieces back
        table[p]["city"] = n
    rebuild_index(state)
    try:
        main = frame["main"] and info.graph.nbrs[here][n]
        return not step_options(state, info, {**frame, "path": frame["path"] + [n], "main": main})
    finally:
        for p in frame["pieces"]:
            table[p]["city"] = here
        rebuild_index(state)


def _held_by_fate(state: dict, info: Info, group: list[str], city: str) -> bool:
    """§13 Fate cards holding a general next turn: 2 clubs (Fermor starting at Küstrin or next to
    it does not move), 5 diamonds (Chevert does not leave his stack: a move from his city takes
    the whole stack or nobody, ruling F13-12)."""
    for m in state["mods"]:
        if m["turn"] != state["turn"]:
            continue
        if (
            m["kind"] == "pinned_near"
            and m["general"] in group
            and (city == m["city"] or m["city"] in info.graph.nbrs[city])
        ):
            return True
        if (
            m["kind"] == "keep_stack"
            and m["general"] in generals_at(state, city)
            and sorted(group) != sorted(generals_at(state, city))
        ):
            return True
    return False


def move_starts(state: dict, info: Info, nation: str) -> list[dict]:
    """Every piece or group of stacked generals that may begin a move (and could take a step)."""
    out = []
    seen: set[str] = set()
    for gid, g in sorted(state["generals"].items(), key=lambda x: (x[1]["rank"], x[0])):
        if g["nation"] != nation or g["city"] is None or g["city"] in seen:
            continue
        seen.add(g["city"])
        free = [x for x in generals_at(state, g["city"]) if _movable(state, x)]
        for k in range(len(free), 0, -1):
            for group in combinations(free, k):
                if state["mods"] and _held_by_fate(state, info, list(group), g["city"]):
                    continue
                fr = {"pieces": list(group), "nation": nation, "path": [g["city"]], "main": True, "kind": "general"}
                if step_options(state, info, fr):
                    out.append({"type": "move", "pieces": list(group)})
    for tid, t in sorted(state["trains"].items()):
        if t["nation"] == nation and t["city"] is not None and _movable(state, tid):
            fr = {"pieces": [tid], "nation": nation, "path": [t["city"]], "main": True, "kind": "train"}
            if step_options(state, info, fr):
                out.append({"type": "move", "pieces": [tid]})
    return out


def transfers(state: dict, nation: str) -> list[dict]:
    """§6: armies move between generals only while they are stacked (one army per action)."""
    out = []
    for city, gs in sorted(state["city_generals"].items()):
        if len(gs) < 2 or state["generals"][gs[0]]["nation"] != nation:
            continue
        for a in gs:
            for b in gs:
                if (
                    a != b
                    and state["generals"][a]["armies"] > T.ARMIES_MIN
                    and state["generals"][b]["armies"] < T.ARMIES_MAX
                ):
                    out.append({"type": "transfer", "from": a, "to": b})
    return out


@register("movement")
class MovementPhase(Handler):
    templated = frozenset({"recruit"})

    @staticmethod
    def waiting(state: dict, info: Info, frame: dict) -> list[str]:
        return waiting_nation(state, frame["nation"])

    @staticmethod
    def prompt(state: dict, info: Info, frame: dict, role: str) -> list[dict]:
        if role not in MovementPhase.waiting(state, info, frame):
            return []
        nation = frame["nation"]
        out = move_starts(state, info, nation) + transfers(state, nation)
        t = recruit.template(state, info, nation)
        if t is not None:
            out.append(t)
        out.append({"type": "end_movement"})
        return out

    @staticmethod
    def act(state: dict, info: Info, frame: dict, role: str, action: dict) -> None:
        nation = frame["nation"]
        t = action["type"]
        if t == "recruit":
            recruit.apply(state, info, nation, action)
        elif t == "transfer":
            a, b = action["from"], action["to"]
            state["generals"][a]["armies"] -= 1
            state["generals"][b]["armies"] += 1
        elif t == "move":
            pieces = action["pieces"]
            p0 = pieces[0]
            is_train = p0 in state["trains"]
            city = (state["trains"] if is_train else state["generals"])[p0]["city"]
            push(
                state,
                {
                    "name": "moving",
                    "nation": nation,
                    "pieces": list(pieces),
                    "path": [city],
                    "main": True,
                    "kind": "train" if is_train else "general",
                },
            )
        elif t == "end_movement":
            log(state, f"{nation_title(nation)} ends its movement.", nation)
            pop(state)


def _finish(state: dict, frame: dict, joined: list[str]) -> None:
    state["moved"].extend(p for p in frame["pieces"] + joined if p not in state["moved"])
    if frame["kind"] == "general" and joined:
        stack = frame["pieces"] + joined
        if len({state["generals"][g]["face_down"] for g in stack}) > 1:
            # §9: a face-up and a face-down general joining are both face-down at once
            for g in stack:
                state["generals"][g]["face_down"] = True
    if len(frame["path"]) > 1:
        who = names(state, frame["pieces"]) if frame["kind"] == "general" else "A supply train"
        to = info_of(state).board.cities[frame["path"][-1]].name
        log(state, f"{who} moves to {to}.", frame["nation"], list(frame["path"]))
    pop(state)


@register("moving")
class Moving(Handler):
    @staticmethod
    def waiting(state: dict, info: Info, frame: dict) -> list[str]:
        return waiting_nation(state, frame["nation"])

    @staticmethod
    def prompt(state: dict, info: Info, frame: dict, role: str) -> list[dict]:
        if role not in Moving.waiting(state, info, frame):
            return []
        steps = [{"type": "step", "to": c} for c in step_options(state, info, frame)]
        if (
            steps
            and len(frame["path"]) > 1
            and option_on(state, CONDUCT_OPTION)
            and allys_objective(state, info, frame["path"][-1], frame["nation"])
        ):
            return steps  # §5 code of conduct: no parking on an ally's objective
        return steps + [{"type": "stop"}]

    @staticmethod
    def act(state: dict, info: Info, frame: dict, role: str, action: dict) -> None:
        if action["type"] == "stop":
            _finish(state, frame, [])
            return
        to = action["to"]
        here = frame["path"][-1]
        nation = frame["nation"]
        frame["main"] = frame["main"] and info.graph.nbrs[here][to]
        joined = generals_at(state, to) if frame["kind"] == "general" else []
        victim = train_at(state, to)
        for p in frame["pieces"]:
            if frame["kind"] == "train":
                place_train(state, p, to)
            else:
                place_general(state, p, to)
        frame["path"].append(to)
        if frame["kind"] == "general":
            # §5: through or away from an objective, « PAS PROTEGE à ce moment-là »: the enemy
            # train in the city entered still stands as the general leaves, so a train protecting
            # the city left still protects it (it is destroyed on entering, §9, just after)
            leave_city(state, info, here, nation)
        if victim is not None:
            state["trains"][victim]["city"] = None
            place_train(state, victim, None)
            log(
                state,
                f"{names(state, frame['pieces'])} destroys {nation_name(state['trains'][victim]['nation'])}'s "
                "supply train (§9); the move ends.",
                nation,
                [to],
            )
            _finish(state, frame, [])
            return
        if joined:
            _finish(state, frame, joined)  # §4: forming a stack ends every move
            return
        if not step_options(state, info, frame):
            _finish(state, frame, [])


def step_refusal(state: dict, info: Info, frame: dict, to: Any) -> str | None:
    """Why a step is refused, in player terms."""
    here = frame["path"][-1]
    if to not in info.graph.nbrs.get(here, {}):
        return "A piece moves along a road to an adjacent city (§4)."
    if nation_at(state, to) is not None:
        return (
            "No piece may enter or pass a city holding another piece, except to stack up to 3 "
            "generals of one nation or, for a general, to destroy an enemy supply train (§4, §9)."
        )
    return "That step would go beyond the piece's range (§4: 3 cities, 4 on main roads only; trains one fewer)."
