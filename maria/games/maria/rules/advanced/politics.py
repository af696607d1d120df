"""The political stage (R17.1-R17.5, R25 optional rule, stage 1 of every advanced turn) and the
shifts of the three tracks it announces (R17.6.3, R19.3.1 Austria may decline a Saxony shift); the
advanced game's set-up (R4.4, R4.10, R15) and its income and battle hooks (R8.8, R16.3, R19.3.8).

The rest of politics lives beside it: display (the display and tracks as state), polcards (executing
a selected card, Appendix A), expeditions (off-map boxes), saxony (Saxony and neutrality, R19.3,
R19.4), election (R18).  Frames: "politics" (steps return/reveal/trump/place/influence/select/shift),
"saxony_shift".
"""

from __future__ import annotations

from maria.games.maria.rules import cards, hooks
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.advanced import markers as A
from maria.games.maria.rules.advanced import poldata
from maria.games.maria.rules.advanced.display import (
    SUITS,
    discard_entries,
    entries,
    income_modifier,
    influence,
    influence_order,
    new_pol,
    placement_order,
    saxony_state,
    to_hand,
)
from maria.games.maria.rules.advanced.expeditions import arrive
from maria.games.maria.rules.advanced.saxony import flush_saxony, saxony_changed
from maria.engine.log import log, power_name
from maria.games.maria.rules.machine import Handler, leave_if_over, pop, push, register, roles_for_powers
from maria.games.maria.rules.state import BoardInfo
from maria.games.maria.board.model import Board


def apply_shifts(state: dict, info: BoardInfo, shifts: dict) -> None:
    """R17.6.3: net shift per track (clamped at the ends, RUL-A12), then the icons of the box where
    the marker stops (RUL-A13: a box merely passed does nothing)."""
    a = state["adv"]
    for t in ("italy", "russia", "saxony"):
        d = shifts.get(t, 0)
        if not d:
            continue
        n = len(poldata.display()["tracks"][t]["boxes"])
        old = a["tracks"][t]
        new = max(0, min(n - 1, old + d))
        if new == old:
            continue
        a["tracks"][t] = new
        log(
            state,
            f"The {t.title()} marker moves {abs(new - old)} box{'es' if abs(new - old) > 1 else ''} "
            f"{'right' if new > old else 'left'}.",
        )
        if t == "saxony":
            saxony_changed(state, info)
        else:
            arrive(state, info, t)


@register("saxony_shift")
class SaxonyShift(Handler):
    """R19.3.1: Austria may decline a shift caused by Prussian VP losses."""

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, ["austria"])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        return [{"type": "saxony_shift", "accept": True}, {"type": "saxony_shift", "accept": False}]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        pop(state)
        if action["accept"]:
            apply_shifts(state, info, {"saxony": frame["n"]})
        else:
            log(state, f"Austria declines the Saxony shift of {frame['n']}.", "austria")


@register("politics")
class Politics(Handler):
    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        a = state["adv"]
        pol = a["pol"]
        opt = state["options"]["optional_political_rule"]
        step = frame["step"]
        if leave_if_over(state):
            return True
        if step == "return":
            if opt:  # R25.1
                for p in list(pol["display"]):
                    back = [e for e in pol["display"][p] if not e["up"]]
                    to_hand(state, p, back)
                    pol["display"][p] = [e for e in pol["display"][p] if e["up"]]
            frame["step"] = "reveal"
            return True
        if step == "reveal":  # R17.1 / R18.1
            pol["faceup"] = []
            while len(pol["faceup"]) < 2 and pol["deck"]:
                c = pol["deck"].pop()
                if poldata.cards()[c].get("special") == "election":
                    a["election"] = "pending"
                    log(
                        state, "The Imperial Election card is revealed: the Emperor is elected at the end of this turn."
                    )
                    pol["discard"].append(c)
                    continue
                pol["faceup"].append(c)
            log(
                state, "Political cards revealed: " + ", ".join(poldata.cards()[c]["name"] for c in pol["faceup"]) + "."
            )
            frame["step"] = "trump"
            return True
        if step == "trump":
            if a["last_winner"] is not None and a["last_winner"] in state["roles"]:
                return False  # R17.2.1: the role chooses
            while True:  # R17.2.2
                got = cards.draw(state, "_trump", 1)
                if not got:
                    pol["trump"] = "hearts"
                    break
                c = got[0]
                state["cards"]["hands"]["_trump"].remove(c)
                state["cards"]["discards"][cards.deck_of(c)].append(c)
                if not cards.is_reserve(c):
                    pol["trump"] = cards.suit_of(c)
                    break
            state["cards"]["hands"].pop("_trump", None)
            log(state, f"The political trump is {pol['trump']} (top card of the draw deck).")
            frame["step"] = "place"
            frame["placing"] = placement_order(state)
            return True
        if step == "place":
            if frame["placing"]:
                return False
            frame["step"] = "influence"
            return True
        if step == "influence":  # R17.4
            for p in placement_order(state):
                ents = entries(state, p)
                back = []
                for e in ents:
                    if not e.get("new"):
                        continue
                    e["new"] = False
                    e["seen"] = True  # revealed to everybody (R17.4, R25.3)
                    trump = cards.is_reserve(e["card"]) or cards.suit_of(e["card"]) == pol["trump"]
                    if trump:
                        e["up"] = True
                        fate = "trump, it stays face up"
                    elif opt:
                        e["up"] = False  # R25.3 stays face-down
                        fate = "not trump, it is turned face down again (R25.3)"
                    else:
                        back.append(e)
                        fate = "not trump, it goes back to the hand (R17.4.1)"
                    # everybody sees the card turned up: the log names it
                    log(
                        state,
                        f"{power_name(p)} reveals the {cards.label(e['card'])} on the political display: {fate}.",
                        p,
                    )
                if back:
                    to_hand(state, p, back)
                    pol["display"][p] = [e for e in ents if e not in back]
            frame["order"] = influence_order(state)
            frame["idx"] = 0
            frame["selected"] = {}
            frame["shifts"] = {}
            frame["executed"] = []
            log(
                state, "Influence: " + ", ".join(f"{power_name(p)} {influence(state, p)}" for p in frame["order"]) + "."
            )
            frame["step"] = "select"
            return True
        if step == "select":
            while frame["idx"] < len(frame["order"]):
                p = frame["order"][frame["idx"]]
                ents = entries(state, p)
                if len(frame["selected"]) >= min(2, len(pol["faceup"])) or not pol["faceup"]:
                    if opt:  # R25.4c
                        for e in ents:
                            e["up"] = False
                    else:  # R17.5.4
                        to_hand(state, p, ents)
                        pol["display"][p] = []
                    frame["idx"] += 1
                    continue
                if not ents or (opt and not any(e["up"] for e in ents)):  # R17.5.2 / R25.4a
                    frame["idx"] += 1
                    continue
                if not Politics._selectable(state, frame, p):
                    log(state, f"{power_name(p)} cannot select a card and saves its TCs.", p)
                    frame["idx"] += 1
                    continue
                return False
            for c in pol["faceup"]:  # R17.5.5
                if c not in frame["selected"]:
                    pol["discard"].append(c)
            pol["faceup"] = []
            frame["step"] = "shift"
            return True
        if step == "shift":
            frame["step"] = "end"
            apply_shifts(state, info, frame["shifts"])
            return True
        if step == "end":
            pop(state)
            A.check_pools(state, info, "the political stage")  # R23.1b
            return True
        return False

    @staticmethod
    def _selectable(state: dict, frame: dict, p: str | None) -> list[str]:
        pol = state["adv"]["pol"]
        return [c for c in pol["faceup"] if c not in frame["selected"] and p in poldata.cards()[c]["arms"]]

    @staticmethod
    def _current(frame: dict) -> str | None:
        if frame["step"] == "place":
            return frame["placing"][0]
        if frame["step"] == "select":
            return frame["order"][frame["idx"]]
        return None

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        if frame["step"] == "trump":
            return [state["adv"]["last_winner"]]
        p = Politics._current(frame)
        return roles_for_powers(state, [p]) if p else []

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in Politics.waiting(state, info, frame):
            return []
        if frame["step"] == "trump":
            return [{"type": "trump", "suit": s} for s in SUITS]
        p = Politics._current(frame)
        if frame["step"] == "place":
            hand = sorted(set(state["cards"]["hands"].get(p, [])))
            return [{"type": "place", "power": p, "card": c} for c in hand] + [
                {"type": "place", "power": p, "card": None}
            ]
        return [{"type": "select", "power": p, "card": c} for c in Politics._selectable(state, frame, p)] + [
            {"type": "save", "power": p}
        ]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        pol = state["adv"]["pol"]
        t = action["type"]
        if t == "trump":
            pol["trump"] = action["suit"]
            log(state, f"The political trump is {action['suit']} (chosen by the last winner of a combat).")
            frame["step"] = "place"
            frame["placing"] = placement_order(state)
            return
        p = action["power"]
        if t == "place":
            frame["placing"].pop(0)
            if action["card"] is not None:
                state["cards"]["hands"][p].remove(action["card"])
                cards.forget(state, p, [action["card"]])
                entries(state, p).append({"card": action["card"], "up": False, "new": True})
                log(state, f"{power_name(p)} places a TC face-down on the political display.", p)
            else:
                log(state, f"{power_name(p)} places no TC.", p)
            return
        if t == "save":
            log(state, f"{power_name(p)} saves its TCs on the display.", p)
            frame["idx"] += 1
            return
        c = action["card"]  # select (R17.5.3)
        frame["selected"][c] = p
        ents = entries(state, p)
        gone = [e for e in ents if e["up"]] if state["options"]["optional_political_rule"] else list(ents)
        discard_entries(state, p, gone)
        pol["display"][p] = [e for e in ents if e not in gone]
        log(state, f"{power_name(p)} selects {poldata.cards()[c]['name']}.", p)
        frame["idx"] += 1
        push(state, {"name": "pol_exec", "power": p, "card": c})


@hooks.provide("income_modifier")
def income(state: dict, power: str, n: int) -> int:
    """The advanced game's changes to a power's TC income: an Austrian-allied Saxony draws 2
    (R19.3.8), then the political income changes (R17)."""
    if power == "saxony" and saxony_state(state) == "austrian_ally":
        n = 2  # R19.3.8
    return n + income_modifier(state, power)


@hooks.provide("battle_settled")
def battle_settled(state: dict, info: BoardInfo, battle: dict) -> None:
    """After a battle's loser retreated or was eliminated: VPs (R16.3), then Saxony (R19.3)."""
    A.settle_battle(state, info, battle)
    flush_saxony(state, info)


@hooks.provide("new_advanced_game")
def new_advanced_game(state: dict, board: Board, info: BoardInfo) -> None:
    """The advanced game's state at set-up: VM pools and boxes (R4.5, R15), the political tracks
    and display (R4.10, R17), the Dessauer in Ostpreussen (R4.4)."""
    state["adv"] = A.new_adv(state, board)
    state["adv"]["tracks"] = {t: poldata.display()["tracks"][t]["star"] for t in ("italy", "russia", "saxony")}
    state["adv"]["saxony_state"] = "prussian_ally"
    state["adv"]["stages"] = [list(s) for s in R.ACTION_STAGES]
    state["adv"]["drew"] = {}
    state["adv"]["pol"] = new_pol(state)
    for gid, place in board.setup.generals.items():  # R4.4: the Dessauer in Ostpreussen
        if place == "box:ostpreussen":
            state["adv"]["expedition"] = {"russia": {"prussia": gid}}
    A.after_control_change(state, info)
