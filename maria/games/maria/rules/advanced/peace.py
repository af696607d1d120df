"""Prussia annexes Silesia (R19.1): the temporary peace offered by Prussia at the end of its action
stage, Austria's answer, the seven steps, Prussia's neutrality (R19.4) and its end.

State (advanced game, plain data): state["adv"]["silesia_annexed"] = the turn of the peace or None
(Silesia is Prussian home country from then on, state.home_of); state["adv"]["prussia_neutral_until"]
= the turn at the start of whose Prussian action stage the neutrality ends, or None;
state["adv"]["set_aside"]["prussia"] = the markers set aside in step 3 (returned by step 7).
Frame "peace_offer": {"step": "offer" | "answer" | "annex" | "relocate" | "box" | "train" | "neutral",
"pieces": [] (kept for old saves)}; step 4 pushes a "relocate" frame (below), shared with neutral
Saxony (R19.3.3, RUL-A18) and the off-map return (R17.6.7, RUL-A15).  Actions: peace_offer {offer},
peace_answer {accept}, relocate {piece, city}, place_train {train, city}.
"""

from __future__ import annotations

from typing import Collection

from maria.engine.graph import nearest
from maria.games.maria.rules import hooks
from maria.games.maria.rules.advanced import markers as A
from maria.games.maria.rules.advanced import poldata
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.machine import Handler, leave_if_over, pop, push, register, roles_for_powers
from maria.games.maria.rules.hussars import remove_hussar_at
from maria.engine.log import log, power_name
from maria.games.maria.rules.advanced.display import saxony_state
from maria.games.maria.rules.advanced.expeditions import blocker_sites, may_stand, place_returning
from maria.games.maria.rules.advanced.saxony import closest_empty_cities, forbidden, saxony_changed
from maria.games.maria.rules.state import (
    controller,
    friendly_controlled,
    home_of,
    is_occupied,
    set_general_city,
    set_train_city,
)
from maria.games.maria.rules.state import BoardInfo

NEUTRAL_STAGES = 2  # R19.1.2 step 6: until Prussia's action stage after next


def silesian_fortresses(info: BoardInfo) -> list[str]:
    return [c for c in info.fortresses() if info.in_silesia(c)]


def may_offer(state: dict, info: BoardInfo) -> bool:
    """R19.1.1: Prussia controls every Silesian fortress; peace not yet accepted in this game."""
    a = state.get("adv")
    if a is None or a.get("silesia_annexed") is not None:
        return False
    if not (R.role_of(state, "prussia") and R.role_of(state, "austria")):
        return False
    forts = silesian_fortresses(info)
    return bool(forts) and all(controller(state, info, c) == "prussia" for c in forts)


def _piece(state: dict, pid: str) -> dict:
    return state["generals"].get(pid) or state["trains"][pid]


def _on_map(state: dict, info: BoardInfo, pid: str) -> bool:
    p = _piece(state, pid)
    return p["in_play"] and p["city"] in info.playable


def _targets(power: str) -> set:
    """R19.1.2 step 4: Austrian pieces to Austria, Prussian pieces to Prussia; other foreign pieces
    in Prussia to their own home country, French ones also to Bavaria (RUL-A30, as R19.3.3)."""
    return {power} | ({"bavaria"} if power == "france" else set())


def to_relocate(state: dict, info: BoardInfo) -> list[str]:
    out_aus, out_other, out_pr = [], [], []
    for pid in sorted(state["generals"]) + sorted(state["trains"]):
        if not _on_map(state, info, pid):
            continue
        p = _piece(state, pid)
        c = p["city"]
        in_prussia = home_of(state, info, c) == "prussia"
        if p["power"] == "prussia":
            if not in_prussia:
                out_pr.append(pid)
        elif p["power"] == "austria":
            if in_prussia or info.board.cities[c].territory == "poland":
                out_aus.append(pid)
        elif in_prussia:
            out_other.append(pid)
    return out_aus + out_other + out_pr


def relocation_choices(state: dict, info: BoardInfo, pid: str, origin: str | None = None) -> list[str]:
    """The nearest cities (road steps from `origin`, default the piece's city; pieces ignored) of the
    piece's target country where it may legally stand (may_stand), outside forbidden (neutral)
    territory and, except for French and Austrian pieces, on the same map (R10.6).  Without an
    origin the piece must move (its own city is excluded); with one (a neutral power's general
    returning to an occupied set-up city, RUL-A18) its own city counts like any other."""
    piece = _piece(state, pid)
    power, cur = piece["power"], piece["city"]
    start = origin or cur
    targets = _targets(power)
    same_map_only = power not in ("france", "austria")  # R10.6
    bad = forbidden(state, info, power)

    def ok(c: str) -> bool:
        if (origin is None and c == cur) or c in bad or home_of(state, info, c) not in targets:
            return False
        if same_map_only and info.board.cities[c].map != info.board.cities[start].map:
            return False
        return may_stand(state, pid, c)

    return nearest(info, start, ok)


def _relocate(
    state: dict, info: BoardInfo, pid: str, city: str | None, what: str = "is transferred (Silesian peace)"
) -> None:
    piece = _piece(state, pid)
    name = piece.get("name") or f"The {power_name(piece['power'])} supply train"
    src = piece["city"]
    if city is None:
        if pid in state["generals"]:
            piece["troops"], piece["face_up"], piece["known"] = 0, True, None
            set_general_city(state, pid, None)
            log(state, f"{name} finds no city to go to and is removed from the board.", piece["power"], [src])
        else:
            set_train_city(state, pid, None)
            log(state, f"{name} finds no city to go to and is eliminated.", piece["power"], [src])
        return
    if city == src:
        log(state, f"{name} stays where he is.", piece["power"], [src])
        return
    remove_hussar_at(state, city)  # as RUL-21
    if pid in state["generals"]:
        set_general_city(state, pid, city)
    else:
        set_train_city(state, pid, city)
    log(state, f"{name} {what}.", piece["power"], [src, city])


# --- the owner's relocation (R19.1.2 step 4, R19.3.3, R17.6.7) ------------------------------------
# Frame "relocate": {"cause": "peace" | "neutral" | "offmap" | "saxony_ally", "pieces": [piece ids, in order],
#   "power": the neutral power (cause "neutral"), "home": {general id: set-up city} (its generals
#   going home), "general" / "city": the general returning from the off-map box and the arrow's city
#   (cause "offmap", "pieces" holds the blocking piece)}.
# Pieces are handled one at a time; a single legal city (or none) is applied at once, several are the
# owner's choice: relocate {piece, city}.


@hooks.provide("queue_relocation")
def queue_relocation(state: dict, frame: dict) -> None:
    frame = {"name": "relocate", **frame}
    frame.setdefault("pieces", [])
    push(state, frame)


def _still_needed(state: dict, info: BoardInfo, frame: dict, pid: str) -> bool:
    if not _on_map(state, info, pid):
        return False
    cause, p = frame["cause"], _piece(state, pid)
    if cause == "peace":
        return pid in to_relocate(state, info)
    if cause == "neutral":
        if pid in frame.get("home", {}):
            return p["city"] != frame["home"][pid]
        if p["power"] == frame["power"]:  # no set-up city at home
            return home_of(state, info, p["city"]) != frame["power"]
        return home_of(state, info, p["city"]) == frame["power"]
    if cause == "saxony_ally":  # R19.3.4: still stacked
        return len(state["city_generals"].get(p["city"], [])) > 1
    return p["city"] == frame["city"]  # offmap: still blocking


@hooks.provide("relocation_choices")
def frame_choices(state: dict, info: BoardInfo, frame: dict, pid: str) -> list[str]:
    cause = frame["cause"]
    if cause == "offmap":
        return blocker_sites(state, info, frame["city"])  # R17.6.7 (RUL-A15)
    if cause == "saxony_ally":
        return closest_empty_cities(state, info, pid)
    home = frame.get("home", {}).get(pid)
    if home is not None:  # back to the set-up city
        if may_stand(state, pid, home):
            return [home]
        return relocation_choices(state, info, pid, origin=home)
    return relocation_choices(state, info, pid)


def _owner(state: dict, frame: dict, pid: str) -> str:
    if frame["cause"] == "offmap" and pid in state["generals"]:
        gens = state["city_generals"].get(frame["city"], [])
        if gens:  # a stack moves as one
            return state["generals"][gens[0]]["power"]
    return _piece(state, pid)["power"]


def _move_blocker(state: dict, info: BoardInfo, frame: dict, city: str) -> None:
    """R17.6.7: the piece(s) on the arrow's city move to `city` (a stack moves as one)."""
    src = frame["city"]
    movers = list(state["city_generals"].get(src, []))
    tid = state["city_train"].get(src)
    movers += [tid] if tid else []
    for pid in movers:
        _relocate(state, info, pid, city, "makes way for a general returning from an off-map box")


def _finish(state: dict, info: BoardInfo, frame: dict) -> None:
    if frame["cause"] == "offmap":
        place_returning(state, info, frame["general"])
    elif frame["cause"] == "neutral":
        A.after_control_change(state, info)


@register("relocate")
class Relocate(Handler):
    """One piece at a time; the owner chooses among several legal cities."""

    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        while frame["pieces"]:
            pid = frame["pieces"][0]
            if state["result"] is not None or not _still_needed(state, info, frame, pid):
                frame["pieces"].pop(0)
                continue
            ch = frame_choices(state, info, frame, pid)
            if len(ch) > 1 and roles_for_powers(state, [_owner(state, frame, pid)]):
                return False  # the owner chooses
            frame["pieces"].pop(0)
            Relocate._apply(state, info, frame, pid, ch[0] if ch else None)
        pop(state)
        _finish(state, info, frame)
        return True

    @staticmethod
    def _apply(state: dict, info: BoardInfo, frame: dict, pid: str, city: str | None) -> None:
        if frame["cause"] == "offmap":
            if city is not None:
                _move_blocker(state, info, frame, city)
            return
        if frame["cause"] == "peace":
            _relocate(state, info, pid, city)
        elif frame["cause"] == "saxony_ally":
            if city is None:  # no empty city on his map at all: he stays
                log(state, f"{_piece(state, pid)['name']} finds no empty city and stays.", "saxony")
            else:
                _relocate(state, info, pid, city, "leaves the stack for the closest empty city (Saxony joins Austria)")
        elif pid in frame.get("home", {}):
            _relocate(
                state,
                info,
                pid,
                city,
                "returns to his set-up city"
                if city == frame["home"][pid]
                else "returns home (his set-up city is occupied)",
            )
        elif _piece(state, pid)["power"] == frame["power"]:
            _relocate(state, info, pid, city, "returns home")
        else:
            _relocate(state, info, pid, city, f"leaves neutral {power_name(frame['power'])}")

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        if not frame["pieces"]:
            return []
        return roles_for_powers(state, [_owner(state, frame, frame["pieces"][0])])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in Relocate.waiting(state, info, frame):
            return []
        pid = frame["pieces"][0]
        return [{"type": "relocate", "piece": pid, "city": c} for c in frame_choices(state, info, frame, pid)]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        frame["pieces"].pop(0)
        Relocate._apply(state, info, frame, action["piece"], action["city"])


def train_sites(state: dict, info: BoardInfo) -> list[str]:
    """R19.1.2 step 5: any empty, Prussian-controlled major fortress of Prussia (Breslau included)."""
    return [
        c
        for c in info.major_fortresses()
        if home_of(state, info, c) == "prussia"
        and not is_occupied(state, c)
        and friendly_controlled(state, info, c, "prussia")
    ]


def silesia_train(state: dict) -> str | None:
    for tid, t in sorted(state["trains"].items()):
        if t["power"] == "prussia" and t["city"] == "box:silesia":
            return tid
    return None


def annex(state: dict, info: BoardInfo) -> None:
    """Steps 1-3 of R19.1.2."""
    a = state["adv"]
    a["silesia_annexed"] = state["turn"]  # step 1
    log(
        state, "Austria accepts the peace: Silesia becomes Prussian home country.", "prussia", silesian_fortresses(info)
    )
    if saxony_state(state) == "prussian_ally":  # step 2
        boxes = poldata.display()["tracks"]["saxony"]["boxes"]
        s_box = next(i for i, b in enumerate(boxes) if b.get("label") == "S")
        a["tracks"]["saxony"] = s_box
        log(state, "The Saxony marker moves to the S box.", "saxony")
        saxony_changed(state, info)
    back = sorted(
        c
        for c, p in state["markers"].items()  # step 3
        if p == "austria" and home_of(state, info, c) == "prussia"
    )
    for c in back:
        A.remove_vm(state, c)
    pr = sorted(c for c, p in state["markers"].items() if p == "prussia" and home_of(state, info, c) == "austria")
    for c in pr:
        del state["markers"][c]
    aside = (len(pr) + 1) // 2
    a["set_aside"]["prussia"] = a["set_aside"].get("prussia", 0) + aside
    A.give_back(state, "prussia", len(pr) - aside)
    log(
        state,
        f"{len(back)} Austrian marker{'s' if len(back) != 1 else ''} in Prussia return to Austria's pool; "
        f"of {len(pr)} Prussian marker{'s' if len(pr) != 1 else ''} in Austria {aside} are set aside.",
        "prussia",
        back + pr,
    )
    A.after_control_change(state, info)


def start_neutrality(state: dict) -> None:
    a = state["adv"]
    a["prussia_neutral_until"] = state["turn"] + NEUTRAL_STAGES  # step 6
    log(
        state,
        f"Prussia is neutral until the start of its action stage of turn {a['prussia_neutral_until']}.",
        "prussia",
    )


@hooks.provide("start_of_action_stage")
def start_of_action_stage(state: dict, info: BoardInfo, powers: Collection[str]) -> None:
    """The end of Prussia's neutrality (RUL-A31): at the start of its action stage after next,
    Prussia is simply at war again on France's side (its alliances never changed)."""
    a = state.get("adv")
    if a is None or "prussia" not in powers:
        return
    until = a.get("prussia_neutral_until")
    if until is not None and state["turn"] >= until:
        a["prussia_neutral_until"] = None
        log(state, "Prussia's neutrality ends: Prussia is at war again as France's ally.", "prussia")


@hooks.provide("prussian_piece_left")
def prussian_piece_left(state: dict, info: BoardInfo) -> None:
    """Step 7: as soon as a Prussian piece leaves Prussia, the set-aside markers go back to the pool."""
    a = state.get("adv")
    if a is None or not a["set_aside"].get("prussia") or a.get("silesia_annexed") is None:
        return
    for pid in list(state["generals"]) + list(state["trains"]):
        p = _piece(state, pid)
        if (
            p["power"] == "prussia"
            and p["in_play"]
            and p["city"] in info.playable
            and home_of(state, info, p["city"]) != "prussia"
        ):
            n = a["set_aside"]["prussia"]
            A.give_back(state, "prussia", n)
            a["set_aside"]["prussia"] = 0
            log(
                state,
                f"A Prussian piece has left Prussia: the {n} set-aside Prussian marker"
                f"{'s return' if n != 1 else ' returns'} to the pool.",
                "prussia",
                [p["city"]],
            )
            return


@register("peace_offer")
class PeaceOffer(Handler):
    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        if leave_if_over(state):
            return True
        step = frame["step"]
        if step == "annex":
            annex(state, info)  # step 2 may queue neutral Saxony's relocations (on top)
            frame["step"] = "relocate"
            return True
        if step == "relocate":  # step 4
            frame["step"] = "box"
            pieces = to_relocate(state, info)
            if pieces:
                queue_relocation(state, {"cause": "peace", "pieces": pieces})
            return True
        if step == "box":
            frame["step"] = "train"
            if A.take(state, "prussia", "the Silesia box"):  # step 5
                state["adv"]["silesia_box"] += 1
                log(state, "Prussia puts a marker into the Silesia box.", "prussia")
            return True
        if step == "train":
            tid = silesia_train(state)
            sites = train_sites(state, info) if tid else []
            if tid and len(sites) > 1:
                return False
            if tid:
                _place_train(state, tid, sites[0] if sites else None)
            frame["step"] = "neutral"
            return True
        if step == "neutral":
            start_neutrality(state)
            pop(state)
            A.check_pools(state, info, "an action stage")
            return True
        return False

    @staticmethod
    def _power(state: dict, frame: dict) -> str:
        step = frame["step"]
        if step == "answer":
            return "austria"
        return "prussia"

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        if frame["step"] not in ("offer", "answer", "train"):
            return []
        return roles_for_powers(state, [PeaceOffer._power(state, frame)])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in PeaceOffer.waiting(state, info, frame):
            return []
        step = frame["step"]
        if step == "offer":
            return [{"type": "peace_offer", "offer": True}, {"type": "peace_offer", "offer": False}]
        if step == "answer":
            return [{"type": "peace_answer", "accept": True}, {"type": "peace_answer", "accept": False}]
        tid = silesia_train(state)
        return [{"type": "place_train", "train": tid, "city": c} for c in train_sites(state, info)]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        t = action["type"]
        if t == "peace_offer":
            if action["offer"]:
                log(state, "Prussia controls all of Silesia and offers Austria a temporary peace.", "prussia")
                frame["step"] = "answer"
                return
            pop(state)
            A.check_pools(state, info, "an action stage")
            return
        if t == "peace_answer":
            if action["accept"]:
                frame["step"] = "annex"
                return
            log(state, "Austria refuses the peace.", "austria")
            pop(state)
            A.check_pools(state, info, "an action stage")
            return
        _place_train(state, action["train"], action["city"])
        frame["step"] = "neutral"


def _place_train(state: dict, tid: str, city: str | None) -> None:
    t = state["trains"][tid]
    t["in_play"] = True
    if city is None:
        set_train_city(state, tid, None)
        log(
            state,
            "Prussia's second supply train finds no free Prussian major fortress: it waits off the "
            "board (it may re-enter by R10.9).",
            "prussia",
        )
        return
    remove_hussar_at(state, city)
    set_train_city(state, tid, city)
    log(state, "Prussia's second supply train enters play.", "prussia", [city])


@hooks.provide("end_of_action_stage")
def end_of_action_stage(state: dict, info: BoardInfo, powers: Collection[str]) -> None:
    """R19.2 (France may reduce its military objectives), R19.1 (Prussia may offer the Silesian
    peace: after the victory check, which it could otherwise undo), then R23.1a."""
    if state["result"] is not None:
        return
    prussian_piece_left(state, info)  # R19.1.2 step 7 (safety net)
    if "france" in powers and A.france_may_reduce(state, info):
        push(state, {"name": "reduce_objectives"})
        return
    A.check_pools(state, info, "an action stage")
    if state["result"] is None and "prussia" in powers and may_offer(state, info):
        push(state, {"name": "peace_offer", "step": "offer", "pieces": []})
