"""Expeditionary corps and the off-map boxes (R17.6.4, R17.6.7): the icons of the box where a track
marker stops (expedition, VP into the Italy box, R17.6.2), sending a general to his power's off-map
box (8 TC points for an off-board one, RUL-A14), his return to the arrow's city and the piece
blocking it (RUL-A15, RUL-A30).  Frame: "expedition"; payment effect "expedition".
"""

from __future__ import annotations

from maria.engine.graph import nearest
from maria.games.maria.rules import cards, hooks
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.advanced import markers as A
from maria.games.maria.rules.advanced import poldata
from maria.games.maria.rules.advanced.display import box
from maria.games.maria.rules.advanced.saxony import forbidden
from maria.games.maria.rules.hussars import remove_hussar_at
from maria.engine.log import log, power_name
from maria.games.maria.rules.machine import Handler, effect, pop, push, register, roles_for_powers
from maria.games.maria.rules.state import IllegalAction, is_occupied, set_general_city
from maria.games.maria.rules.state import BoardInfo


EXPEDITION_COST = 8  # R17.6.4: 2 troops for 8 TC points


def off_map_box(info: BoardInfo, power: str) -> str | None:
    for b in info.board.boxes.values():
        if b.power == power and b.id != "silesia":
            return b.id
    return None


def arrive(state: dict, info: BoardInfo, t: str) -> None:
    a = state["adv"]
    b = box(t, a["tracks"][t])
    star = poldata.display()["tracks"][t]["star"]
    # generals sent by this track come back once the penalty stops (R17.6.7)
    held = a["expedition"].get(t, {})
    for power, gid in sorted(held.items()):
        if not (b.get("icon") == "expedition" and b.get("power") == power):
            del held[power]
            return_general(state, info, gid)
    if b.get("icon") == "expedition" and b["power"] not in held and R.role_of(state, b["power"]):
        waiting = a["expedition"].get("waiting", {})
        if b["power"] in waiting:  # still in the box, waiting to return: he stays
            held[b["power"]] = waiting.pop(b["power"])
            a["expedition"][t] = held
        else:
            push(state, {"name": "expedition", "power": b["power"], "track": t})
    if b.get("icon") == "vp" and b["power"] not in a["italy"]:
        if A.take(state, b["power"], "the Italy box", "italy"):
            a["italy"].append(b["power"])
            log(state, f"{power_name(b['power'])} puts a marker into the Italy box.", b["power"])
    if t == "italy" and a["tracks"][t] == star:
        for p in ("austria", "france", "prussia", "pragmatic_army"):
            A.forgive(state, p, "italy")  # a counted marker leaves too (R23.2)
    if t == "italy" and a["tracks"][t] == star and a["italy"]:
        for p in a["italy"]:
            A.give_back(state, p)
        log(state, "The Italy marker is back on the star: the Italy box is emptied.")
        a["italy"] = []


def return_general(state: dict, info: BoardInfo, gid: str) -> None:
    """R17.6.7: placed on the city the box's arrow points to; a piece there is moved by its owner to
    an adjacent city (RUL-A15: a "relocate" frame, cause "offmap"; a stack moves as one; where it may
    go: blocker_sites).  Only if the blocker can go nowhere at all does the general wait in the box
    (adv.expedition.waiting); he then returns as soon as he can (retry_returns)."""
    g = state["generals"][gid]
    bid = g["city"][4:] if g["city"] and g["city"].startswith("box:") else None
    target = info.board.boxes[bid].arrow_to if bid else None
    if target is None:
        return
    waiting = state["adv"]["expedition"].setdefault("waiting", {})
    if waiting.get(g["power"]) == gid:
        del waiting[g["power"]]
    if is_occupied(state, target):
        blocker = (state["city_generals"].get(target) or [state["city_train"].get(target)])[0]
        frame = {"cause": "offmap", "general": gid, "city": target, "pieces": [blocker]}
        if not hooks.call("relocation_choices", state, info, frame, blocker):
            log(
                state,
                f"{g['name']} cannot leave the off-map box yet: the piece on the arrow's city can go nowhere.",
                g["power"],
            )
            waiting[g["power"]] = gid
            return
        hooks.call("queue_relocation", state, frame)
        return
    place_returning(state, info, gid)


def may_stand(state: dict, pid: str, c: str) -> bool:
    """Where a relocated piece may legally stand (RUL-A30): a train an empty city; a general an empty
    city or one holding a single general of his own power (16 troops at most); never a train's city.
    The piece itself is ignored (it may be asked whether it can stay)."""
    piece = state["generals"].get(pid) or state["trains"][pid]
    tid = state["city_train"].get(c)
    if tid is not None and tid != pid:
        return False
    gens = [g for g in state["city_generals"].get(c, []) if g != pid]
    if not gens:
        return True
    if pid not in state["generals"] or len(gens) != 1:
        return False
    other = state["generals"][gens[0]]
    return other["power"] == piece["power"] and other["troops"] + piece["troops"] <= 16


def blocker_sites(state: dict, info: BoardInfo, city: str) -> list[str]:
    """R17.6.7: where the piece(s) blocking the arrow's city `city` may be moved by their owner: the
    adjacent cities where they may legally stand (empty; a single general also onto a single
    general of his own power, 16 troops at most, as RUL-A30), outside territory forbidden to them
    (R19.4) and, except French and Austrian pieces, on the same map (R10.6).  None adjacent (a gap
    of the rules, RUL-A15): the nearest such cities (road steps, pieces ignored)."""
    gens = list(state["city_generals"].get(city, []))
    tid = state["city_train"].get(city)
    movers = gens or ([tid] if tid else [])
    if not movers:
        return []
    powers = {(state["generals"].get(p) or state["trains"][p])["power"] for p in movers}
    bad = set()
    for p in powers:
        bad |= forbidden(state, info, p)
    same_map = not powers <= {"france", "austria"}
    home_map = info.board.cities[city].map

    def ok(c: str) -> bool:
        if c == city or c in bad or (same_map and info.board.cities[c].map != home_map):
            return False
        if len(movers) > 1:
            return not is_occupied(state, c)
        return may_stand(state, movers[0], c)

    near = [c for c in sorted(info.nbrs[city]) if ok(c)]
    if near:
        return near
    return nearest(info, city, ok)


@hooks.provide("retry_returns")
def retry_returns(state: dict, info: BoardInfo) -> bool:
    """R17.6.7 "as soon as": a general left waiting in his off-map box (the blocker could go nowhere)
    tries again; True if a relocation step was opened (the flow changed)."""
    waiting = (state.get("adv") or {}).get("expedition", {}).get("waiting")
    if not waiting:
        return False
    depth = len(state["flow"])
    for power, gid in sorted(waiting.items()):
        g = state["generals"][gid]
        if not (g["city"] or "").startswith("box:"):
            del waiting[power]  # no longer in the box (old saves)
            continue
        return_general(state, info, gid)
    return len(state["flow"]) != depth


def place_returning(state: dict, info: BoardInfo, gid: str) -> None:
    """The general leaves the off-map box for the arrow's city (once it is free)."""
    g = state["generals"][gid]
    bid = g["city"][4:] if g["city"] and g["city"].startswith("box:") else None
    target = info.board.boxes[bid].arrow_to if bid else None
    if target is None:
        return
    if is_occupied(state, target):  # still blocked (nobody could move): he waits
        log(state, f"{g['name']} cannot leave the off-map box yet: the arrow's city is still occupied.", g["power"])
        state["adv"]["expedition"].setdefault("waiting", {})[g["power"]] = gid
        return
    remove_hussar_at(state, target)
    g["in_play"] = True
    set_general_city(state, gid, target)
    log(state, f"{g['name']} returns from the off-map box.", g["power"], [target])


@register("expedition")
class Expedition(Handler):
    """R17.6.4: the power puts one of its generals into its off-map box.  An off-board general must
    be given 2 troops for 8 TC points: choosing him opens a "pay" frame (the paying power picks the
    cards, R8.7; cancel returns to the choice), RUL-A14."""

    @staticmethod
    def _choices(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        p = frame["power"]
        out = []
        for gid, g in sorted(state["generals"].items()):
            if g["power"] != p or not g["in_play"]:
                continue
            if g["city"] in info.playable:
                out.append(gid)
            elif g["city"] is None and cards.hand_value(state, p) >= EXPEDITION_COST:
                out.append(gid)
        return out

    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        if (
            state["result"] is not None
            or not Expedition._choices(state, info, frame)
            or off_map_box(info, frame["power"]) is None
        ):
            if state["result"] is None:
                log(state, f"{power_name(frame['power'])} has no general to send to its off-map box.", frame["power"])
            pop(state)
            return True
        return False

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, [frame["power"]])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        return [{"type": "expedition", "general": g} for g in Expedition._choices(state, info, frame)]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        gid = action["general"]
        g = state["generals"][gid]
        if g["city"] is None:  # R17.6.4: 2 troops for 8 TC points, paid first
            push(
                state,
                {
                    "name": "pay",
                    "power": g["power"],
                    "amount": EXPEDITION_COST,
                    "purpose": f"2 troops for {g['name']} (expeditionary corps)",
                    "effect": {"name": "expedition", "general": gid},
                },
            )
            return
        send_expedition(state, info, frame, gid)


def send_expedition(state: dict, info: BoardInfo, frame: dict, gid: str) -> None:
    g = state["generals"][gid]
    bid = off_map_box(info, frame["power"])
    assert bid is not None  # an expedition's power has its off-map box
    g["in_play"] = False
    g["known"] = None
    set_general_city(state, gid, "box:" + bid)
    state["adv"]["expedition"].setdefault(frame["track"], {})[frame["power"]] = gid
    log(state, f"{g['name']} leaves for the off-map box {info.board.boxes[bid].name}.", g["power"])
    pop(state)


@effect("expedition")
def _expedition_paid(state: dict, info: BoardInfo, eff: dict) -> None:
    """The 8 TC points are paid (the pay frame is gone): the general gets his 2 troops and leaves."""
    frame = state["flow"][-1]
    if frame["name"] != "expedition":
        raise IllegalAction("There is no expeditionary corps to pay for now.")
    gid = eff["general"]
    g = state["generals"][gid]
    if not (g["power"] == frame["power"] and g["in_play"] and g["city"] is None):
        raise IllegalAction("That general can no longer be sent to the off-map box.")
    state["generals"][gid]["troops"] = 2
    send_expedition(state, info, frame, gid)
