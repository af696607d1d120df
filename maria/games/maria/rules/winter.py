"""Winter (R13): recruiting at 4 TC points per troop and re-entry of removed generals."""

from __future__ import annotations

from maria.games.maria.rules import hooks
from maria.games.maria.rules import cards
from maria.games.maria.rules.movement import ask_commanders
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.hussars import remove_hussar_at
from maria.games.maria.rules.machine import Handler, pop, push, register, roles_for_powers
from maria.engine.log import log, power_name
from maria.games.maria.rules.state import IllegalAction, friendly_controlled, home_of, set_general_city, set_train_city
from maria.games.maria.rules.state import BoardInfo

TROOP_COST = 4  # R13.2


def start_winter(state: dict, info: BoardInfo) -> None:
    if state["variant"] == "advanced":
        hooks.call("winter_scoring", state)
    order = [p for stage in R.action_stages(state) for p in stage if any(p in ps for ps in state["roles"].values())]
    state["stage"], state["phase"] = "winter", None
    log(state, f"Winter after turn {state['turn']}.")
    push(state, {"name": "winter", "order": order, "idx": 0})


def reentry_sites(state: dict, info: BoardInfo, gid: str) -> list[str]:
    """R13.4: friendly-controlled major fortress in the general's home country; no illegal stack
    (RUL-13: not onto another piece except one stackable general); French generals also München
    in the introductory game; an enemy train there is eliminated (R13.5)."""
    g = state["generals"][gid]
    out = []
    for c in info.major_fortresses():
        home = home_of(state, info, c)
        # R13.4 exception [intro]: French generals may re-enter on the Bavarian major fortress (München).
        french_intro = state["variant"] == "intro" and g["power"] == "france" and home == "bavaria"
        # R22.2: Arenberg may also re-enter on a Dutch major fortress.
        arenberg = (
            state["variant"] == "advanced" and gid == "arenberg" and info.board.cities[c].territory == "dutch_republic"
        )
        if home != g["power"] and not french_intro and not arenberg:
            continue
        if not friendly_controlled(state, info, c, g["power"]):
            continue
        here = state["city_generals"].get(c, [])
        tid = state["city_train"].get(c)
        if tid and R.allied(state, state["trains"][tid]["power"], g["power"]):
            continue
        if len(here) > 1 or (here and not R.cooperating(state, state["generals"][here[0]]["power"], g["power"])):
            continue
        if here and R.austria_pa_stacking(state, g["power"], state["generals"][here[0]]["power"]) != "ok":
            continue  # R10.7 (RUL-A25: no consent step here)
        out.append(c)
    return out


@register("winter")
class Winter(Handler):
    templated = frozenset({"recruit"})

    @staticmethod
    def _power(frame: dict) -> str | None:
        return frame["order"][frame["idx"]] if frame["idx"] < len(frame["order"]) else None

    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        if frame["idx"] >= len(frame["order"]):
            pop(state)
            return True
        return False

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        p = Winter._power(frame)
        return roles_for_powers(state, [p]) if p else []

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in Winter.waiting(state, info, frame):
            return []
        p = Winter._power(frame)
        assert p is not None  # a power is waiting: the order is not done
        tpl = recruit_template(state, info, p)
        return ([tpl] if tpl else []) + [{"type": "done"}]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        p = Winter._power(frame)
        if action["type"] == "done":
            frame["idx"] += 1
            return
        assert p is not None  # a power is waiting: the order is not done
        recruit(state, info, p, action)
        ask_commanders(state, p, sorted(set((action.get("reenter") or {}).values())))  # R6.2: onto an equal rank


def recruit_template(state: dict, info: BoardInfo, p: str, reentry_only: bool = False) -> dict | None:
    """The R13.2 recruitment template of power `p` (None if its hand is worth less than one troop).
    `reentry_only`: only generals off the board, re-entering with their new troops (R19.3.4)."""
    if cards.hand_value(state, p) < TROOP_COST:
        return None
    gens = {gid: g for gid, g in sorted(state["generals"].items()) if g["power"] == p and g["in_play"]}
    sites = {gid: reentry_sites(state, info, gid) for gid, g in gens.items() if g["city"] is None}
    if reentry_only:
        sites = {gid: s for gid, s in sites.items() if s}
        if not sites:
            return None
    return {
        "type": "recruit",
        "power": p,
        "cards": "choose",
        "assign": "choose",
        "reenter": "choose",
        "max_troops": cards.hand_value(state, p) // TROOP_COST,
        "on_map": [] if reentry_only else [gid for gid, g in gens.items() if g["city"] is not None],
        "sites": sites,
    }


def recruit(state: dict, info: BoardInfo, p: str, action: dict, reentry_only: bool = False) -> None:
    """Validate and carry out a recruitment (R13.2-R13.5); `reentry_only`: every general named
    re-enters (the off-board Saxon general joining Austria, R19.3.4)."""
    assign, reenter, paid = action.get("assign"), action.get("reenter") or {}, action.get("cards")
    if not isinstance(assign, dict) or not assign or not isinstance(reenter, dict):
        raise IllegalAction("A recruitment names how many troops each general receives.")
    total = 0
    for gid, n in assign.items():
        g = state["generals"].get(gid)
        if g is None or g["power"] != p or not g["in_play"]:
            raise IllegalAction(f"{gid} is not a general of {power_name(p)} in play.")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise IllegalAction("Each named general receives at least 1 new troop.")
        if g["troops"] + n > 8:
            raise IllegalAction(f"{g['name']} would command more than 8 troops.")
        if g["city"] is None and gid not in reenter:
            raise IllegalAction(f"{g['name']} is off the board: name the fortress where he re-enters.")
        if reentry_only and gid not in reenter:
            raise IllegalAction("Only a general re-entering now receives new troops here.")
        total += n
    for gid in reenter:
        if gid not in assign:
            raise IllegalAction("A re-entering general must receive at least 1 new troop (R13.3).")
    hand = state["cards"]["hands"].get(p, [])
    if not isinstance(paid, list) or len(set(paid)) != len(paid) or any(c not in hand for c in paid):
        raise IllegalAction(f"{power_name(p)} can only pay with cards in its own hand.")
    if not cards.minimal_payment_ok(paid, TROOP_COST * total):
        raise IllegalAction(
            f"{total} troops cost {TROOP_COST * total} TC points, paid without any card that is not needed."
        )
    for gid, city in sorted(reenter.items()):
        if city not in reentry_sites(state, info, gid):
            raise IllegalAction(f"{state['generals'][gid]['name']} cannot re-enter there.")
    place_new_troops(state, p, reenter, assign)
    cards.discard(state, p, paid)
    state["undo"] = []
    log(state, f"{power_name(p)} recruits {total} troop{'s' if total != 1 else ''}.", p)


def place_new_troops(state: dict, power: str, reenter: dict, assign: dict) -> None:
    """Re-enter generals on their chosen fortresses (R13.4, R13.5: an enemy train there is
    eliminated; RUL-21: a hussar there is driven off) and add the new troops (R13.2), refusing a
    stack of more than 16.  Shared by winter recruitment and troops from political cards (R17.6.6)."""
    for gid, city in sorted(reenter.items()):
        tid = state["city_train"].get(city)
        if tid:
            set_train_city(state, tid, None)
            log(state, f"The {power_name(state['trains'][tid]['power'])} supply train is eliminated.", power, [city])
        remove_hussar_at(state, city)
        set_general_city(state, gid, city)
        state["generals"][gid]["face_up"] = True
        log(state, f"{state['generals'][gid]['name']} re-enters.", power, [city])
    for gid, n in assign.items():
        state["generals"][gid]["troops"] += n
        state["generals"][gid]["known"] = None
    for city, gens in state["city_generals"].items():
        if sum(state["generals"][g]["troops"] for g in gens) > 16:
            raise IllegalAction("A stack may never hold more than 16 troops.")
