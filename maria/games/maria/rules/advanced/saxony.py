"""Saxony's track and neutrality (R19.3, R19.4): Prussia's VP losses shifting the Saxony marker,
Saxony's defection (neutral, Austrian ally, Prussian ally again; RUL-A17), re-entry of a Saxon general
when it joins Austria, the reset of a neutral power's home country, and which powers are neutral and
where their pieces may not go.  Frame: "saxony_reenter".
"""

from __future__ import annotations

from maria.engine.graph import nearest
from maria.games.maria.rules import hooks
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.advanced import markers as A
from maria.games.maria.rules.advanced import poldata
from maria.games.maria.rules.advanced.display import saxony_state
from maria.games.maria.rules.advanced.subsidy import lapse
from maria.engine.log import log
from maria.games.maria.rules.movement import ask_commanders
from maria.games.maria.rules.machine import Handler, pop, push, register, roles_for_powers
from maria.games.maria.rules.state import home_of, is_occupied
from maria.games.maria.rules.state import BoardInfo
from maria.games.maria.rules.winter import recruit, recruit_template


@hooks.provide("vp_lost")
def saxony_vp_shift(state: dict, power: str, n: int, cause: str) -> None:
    """R19.3.1: 1 box right per VP Prussia loses (battle or supply), whatever Saxony's status
    (a neutral Saxony after the Silesian peace included: the rule names no exception); R24.2.4:
    also France's, on the Bohemia map only (RUL-A22: in the 2-player game the Bohemia limit
    applies to both)."""
    if state["adv"].get("in_peace_shift"):
        return
    if state["players"] == 2 and "@bohemia" not in cause:
        return
    state["adv"]["saxony_pending"] = state["adv"].get("saxony_pending", 0) + n


@hooks.provide("flush_saxony")
def flush_saxony(state: dict, info: BoardInfo) -> None:
    """The shift is made after the retreats (R19.3.2, VD-22)."""
    if state["variant"] != "advanced" or state["result"] is not None:
        return
    n = state["adv"].pop("saxony_pending", 0)
    last = len(poldata.display()["tracks"]["saxony"]["boxes"]) - 1
    if state["adv"]["tracks"]["saxony"] >= last:
        return  # already in the last box: nothing can move (RUL-A12)
    if n and R.role_of(state, "austria"):
        push(state, {"name": "saxony_shift", "n": n})


def saxony_changed(state: dict, info: BoardInfo) -> None:
    """R19.3.3-R19.3.9, then the subsidy contracts of powers no longer allied end (RUL-A34)."""
    _saxony_changed(state, info)
    lapse(state)


def _saxony_changed(state: dict, info: BoardInfo) -> None:
    """R19.3.3-R19.3.9: neutral / Austrian ally / back to Prussian ally (RUL-A17)."""
    a = state["adv"]
    new = saxony_state(state)
    old = a.get("saxony_state", "prussian_ally")
    if new == old:
        return
    a["saxony_state"] = new
    al = state["alliances"]
    al["blocs"] = [[p for p in b if p != "saxony"] for b in al["blocs"]]
    al["cooperating"] = [pr for pr in al["cooperating"] if "saxony" not in pr]
    for r in state["roles"]:
        if "saxony" in state["roles"][r]:
            state["roles"][r].remove("saxony")
    if new == "prussian_ally":
        al["blocs"][0].append("saxony")
        al["cooperating"].append(["prussia", "saxony"])
        state["roles"][R.role_of(state, "prussia")].append("saxony")
        a["stages"] = [list(s) for s in R.ACTION_STAGES]
        log(state, "Saxony is Prussia's ally again.", "saxony")
        return
    state["roles"]["maria_theresa"].append("saxony")  # R19.3.9
    a["stages"] = [["france", "bavaria"], ["prussia"], ["austria", "pragmatic_army", "saxony"]]
    if new == "austrian_ally":
        al["blocs"][1].append("saxony")
        al["cooperating"].append(["austria", "saxony"])
        log(state, "Saxony becomes Austria's ally; Maria Theresa plays it from now on.", "saxony")
        # R19.3.4: an off-board Saxon general "may re-enter immediately with newly recruited
        # troops" (R13): Maria Theresa's choice, asked after the stack moves below (pushed first).
        if any(g["power"] == "saxony" and g["in_play"] and g["city"] is None for g in state["generals"].values()):
            push(state, {"name": "saxony_reenter"})
        # R19.3.4: a Saxon general in a stack is moved by Maria Theresa to the closest empty city
        # (her choice among equally close ones: a "relocate" step, cause "saxony_ally").
        stacked = [
            gid
            for gid, g in sorted(state["generals"].items())
            if g["power"] == "saxony" and g["city"] in info.playable and len(state["city_generals"][g["city"]]) > 1
        ]
        if stacked:
            hooks.call("queue_relocation", state, {"cause": "saxony_ally", "pieces": stacked})
        return
    al["blocs"].append(["saxony"])
    log(state, "Saxony becomes neutral.", "saxony")
    neutral_reset(state, info, "saxony")


def closest_empty_cities(state: dict, info: BoardInfo, gid: str) -> list[str]:
    """R19.3.4: the empty cities (no general, no train) closest to the Saxon general's city by road
    (pieces ignored, RUL-07), on his map (R10.6: Saxon pieces never change maps), outside territory
    forbidden to him (a neutral Prussia's, R19.4)."""
    g = state["generals"][gid]
    here = g["city"]
    bad = forbidden(state, info, g["power"])
    here_map = info.board.cities[here].map
    return nearest(
        info,
        here,
        lambda c: not (c == here or c in bad or is_occupied(state, c) or info.board.cities[c].map != here_map),
    )


@register("saxony_reenter")
class SaxonyReenter(Handler):
    """R19.3.4: Saxony has just joined Austria; a Saxon general off the board may re-enter at once
    with newly recruited troops, as per the recruitment rules (R13: 4 TC points of Saxony's hand per
    troop, a friendly-controlled Saxon major fortress).  Maria Theresa recruits (`recruit`, only
    for re-entering generals) or declines (`done`)."""

    templated = frozenset({"recruit"})

    @staticmethod
    def _template(state: dict, info: BoardInfo) -> dict | None:
        if saxony_state(state) != "austrian_ally":
            return None
        return recruit_template(state, info, "saxony", reentry_only=True)

    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        if state["result"] is not None or SaxonyReenter._template(state, info) is None:
            if state["result"] is None:
                log(
                    state, "No Saxon general can re-enter now (no free Saxon major fortress, or too few TCs).", "saxony"
                )
            pop(state)
            return True
        return False

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, ["saxony"])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in SaxonyReenter.waiting(state, info, frame):
            return []
        tpl = SaxonyReenter._template(state, info)
        return ([tpl] if tpl else []) + [{"type": "done"}]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        if action["type"] == "done":
            log(state, "Maria Theresa does not bring the Saxon general back now.", "saxony")
            pop(state)
            return
        recruit(state, info, "saxony", action, reentry_only=True)
        pop(state)
        # R6.2: a Saxon No. 1 re-entering onto Austria's No. 1 forms an equal-rank stack
        ask_commanders(state, "saxony", sorted(set((action.get("reenter") or {}).values())))


def neutral_reset(state: dict, info: BoardInfo, power: str) -> None:
    """R19.3.3: own pieces back to their set-up cities, foreign pieces out of its home country to
    the nearest city of their own home country (France: or Bavaria) where they may legally stack,
    its fortresses' markers to the pools.  Own pieces: its generals and supply trains.  The pieces go one at a time
    through a "relocate" frame (cause "neutral", maria.games.maria.rules.advanced.peace): several legal
    cities are the owner's choice (RUL-A18); a general whose set-up city is occupied goes to the
    nearest legal city of his home country (the owner's choice among several); no city at all: a
    general is removed, a train eliminated."""
    home = {c for c in info.playable if home_of(state, info, c) == power}
    own, setup = [], {}
    starts = dict(info.board.setup.generals)
    starts.update({f"{p}_t{i + 1}": c for p, cs in info.board.setup.trains.items() for i, c in enumerate(cs)})
    for pid in sorted(state["generals"]) + sorted(state["trains"]):
        piece = state["generals"].get(pid) or state["trains"][pid]
        if piece["power"] == power and piece["in_play"] and piece["city"] in info.playable:
            own.append(pid)
            setup[pid] = starts.get(pid) if starts.get(pid) in home else None
    foreign = [
        pid
        for pid in sorted(state["generals"]) + sorted(state["trains"])
        if (state["generals"].get(pid) or state["trains"][pid])["power"] != power
        and (state["generals"].get(pid) or state["trains"][pid])["city"] in home
    ]
    for c in sorted(home):
        if c in state["markers"]:
            A.remove_vm(state, c)
        if c in state["qmarks"]:
            A.drop_qmark(state, c)
    A.after_control_change(state, info)
    if own or foreign:
        hooks.call(
            "queue_relocation",
            state,
            {
                "cause": "neutral",
                "power": power,
                "pieces": own + foreign,
                "home": {g: c for g, c in setup.items() if c is not None},
            },
        )


@hooks.provide("neutral")
def neutral(state: dict, power: str) -> bool:
    """R19.4: Saxony in a neutral box of its track; Prussia after the Silesian peace until the start
    of its action stage after next (R19.1.2 step 6, adv["prussia_neutral_until"])."""
    if state["variant"] != "advanced":
        return False
    if power == "saxony":
        return saxony_state(state) == "neutral"
    if power == "prussia":
        return state["adv"].get("prussia_neutral_until") is not None
    return False


@hooks.provide("neutral_powers")
def neutral_powers(state: dict) -> list[str]:
    return [p for p in ("prussia", "saxony") if neutral(state, p)]


_FORBIDDEN: dict = {}


@hooks.provide("forbidden")
def forbidden(state: dict, info: BoardInfo, power: str) -> set[str] | frozenset[str]:
    """R19.4.1/R19.4.3: cities a piece of `power` may not enter: outside its home country if it is
    neutral, inside every other neutral power's home country (cached per neutral status)."""
    ns = neutral_powers(state) if state["variant"] == "advanced" else []
    if not ns:
        return set()
    annexed = state["adv"].get("silesia_annexed") is not None
    key = (id(info), tuple(ns), annexed, power)
    got = _FORBIDDEN.get(key)
    if got is None:
        got = set()
        for n in ns:
            home = {c for c in info.playable if home_of(state, info, c) == n}
            got |= (set(info.playable) - home) if power == n else home
        if len(_FORBIDDEN) > 256:
            _FORBIDDEN.clear()
        got = _FORBIDDEN[key] = frozenset(got)
    return got
