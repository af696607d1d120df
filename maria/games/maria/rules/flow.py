"""The turn sequence (R5, R13 winter, R14 game end): which flow states exist and in which order (game, allocation,
turn, action stage), read like the rulebook; importing this module registers every phase's handler.

game -> allocation (R4.9) -> turn (R5.1) -> hussars (R7) -> action_stage x3 (R5.2) ->
tc_phase (R8) -> supply_phase (R9) [-> hussar_tax] -> movement_phase (R10) [-> moving, pay] ->
combat_phase (R11) [-> combat -> retreat] -> retro_phase (R12); after turns 3 and 6: winter (R13).

The stack machinery (Handler, register, push, pop, effect, run) is maria.games.maria.rules.machine
(on the engine's maria.engine.stack); the points where the advanced game plugs in are
maria.games.maria.rules.hooks.  This module sits above every phase.
"""

from __future__ import annotations

from maria.games.maria.rules import hooks, victory
from maria.games.maria.rules import roles as R
from maria.engine.log import log, power_name
from maria.games.maria.rules.machine import (
    EFFECTS,
    HANDLERS,
    Handler,
    effect,
    leave_if_over,
    pop,
    push,
    register,
    roles_for_powers,
    run,
    top,
)
from maria.games.maria.rules.setup import allocation_template, validate_allocation
from maria.games.maria.rules.state import IllegalAction
from maria.games.maria.rules.state import BoardInfo
from maria.games.maria.rules.winter import start_winter

# --- game, allocation, turn ------------------------------------------------------------------


@register("game")
class Game(Handler):
    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        if state["result"] is not None:
            state["phase"] = None
            state["stage"] = "over"
            return False
        if state["turn"] > state["options"]["last_turn"]:
            if state["variant"] == "advanced":
                hooks.call("end_of_game", state, info)
            else:
                victory.end_of_game(state, info)
            return True
        push(state, {"name": "turn", "step": 0})
        return True


def active_powers(state: dict) -> list[str]:
    """The powers of the action stage being played (R5.1), [] outside one."""
    for f in reversed(state["flow"]):
        if f["name"] == "action_stage":
            return f["powers"]
    return []


@register("allocation")
class Allocation(Handler):
    templated = frozenset({"allocate"})

    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        if frame["pending"]:
            return False
        pop(state)
        log(state, "All troops are allocated. Turn 1 begins.")
        return True

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, frame["pending"])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        return [allocation_template(state, p, info.board) for p in frame["pending"] if p in R.powers_of(state, role)]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        power = action.get("power")
        if power not in frame["pending"] or power not in R.powers_of(state, role):
            raise IllegalAction(f"{role} cannot allocate troops for {power}.")
        validate_allocation(state, power, action.get("troops"), info.board)
        for gid, n in action["troops"].items():
            state["generals"][gid]["troops"] = n
        frame["pending"].remove(power)
        log(state, f"{power_name(power)} has allocated its troops.", power)


TURN_STEPS = ["hussars", "stage0", "stage1", "stage2"]


@register("turn")
class Turn(Handler):
    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        if leave_if_over(state):
            return True
        step = frame["step"]
        steps = TURN_STEPS if state["variant"] == "intro" else ["politics"] + TURN_STEPS
        if step == 0 and state["variant"] == "advanced" and not frame.get("diplomacy_done"):
            frame["diplomacy_done"] = True  # R20 / R21 (RUL-A34)
            state["stage"], state["phase"] = "diplomacy", None
            push(state, {"name": "diplomacy", "done": [], "offered": [], "cancel_asked": []})
            return True
        if step < len(steps):
            frame["step"] += 1
            name = steps[step]
            if name == "politics":
                state["stage"], state["phase"] = "politics", None
                push(state, {"name": "politics", "step": "return"})
            elif name == "hussars":
                state["stage"], state["phase"] = "hussars", None
                push(state, {"name": "hussars", "placed": []})
            else:
                powers = [
                    p for p in R.action_stages(state)[int(name[-1])] if any(p in ps for ps in state["roles"].values())
                ]
                state["stage"] = "+".join(powers)
                push(state, {"name": "action_stage", "powers": powers, "step": 0})
            return True
        adv = state.get("adv")
        if adv and adv["election"] == "pending" and not frame.get("election_done"):
            frame["election_done"] = True  # R18.1: at the end of the turn
            push(state, {"name": "election"})
            return True
        if (
            adv
            and frame.get("winter_done") is None
            and state["turn"] % 3 == 0
            and state["turn"] >= state["options"]["last_turn"]
        ):
            frame["winter_done"] = True  # the 4th winter: scoring only
            hooks.call("winter_scoring", state)
        # R5.3 / R5.4: end of turn; winter after every 3rd turn (not after the last turn).
        if (
            frame.get("winter_done") is None
            and state["turn"] % 3 == 0
            and state["turn"] < state["options"]["last_turn"]
        ):
            frame["winter_done"] = True
            start_winter(state, info)
            return True
        log(state, f"End of turn {state['turn']}.")
        pop(state)
        state["turn"] += 1
        return True


PHASES = ["tc_phase", "supply_phase", "movement_phase", "combat_phase", "retro_phase"]


@register("action_stage")
class ActionStage(Handler):
    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        if leave_if_over(state):
            return True
        step = frame["step"]
        if step == 0 and state["variant"] == "advanced":
            hooks.call("start_of_action_stage", state, info, frame["powers"])  # R19.1.2 step 6 ends
        if state["variant"] == "advanced" and step < len(PHASES):
            if hooks.call("retry_returns", state, info):  # R17.6.7 "as soon as"
                return True
        if step < len(PHASES):
            frame["step"] += 1
            state["phase"] = PHASES[step].replace("_phase", "")
            push(state, {"name": PHASES[step], "powers": list(frame["powers"])})
            return True
        pop(state)
        if state["variant"] == "advanced":
            hooks.call("end_of_action_stage", state, info, frame["powers"])
        return True


# Register the handlers of the other rulebook parts (the introductory phases, then the advanced
# game, whose modules also provide the hooks of maria.games.maria.rules.hooks).
from maria.games.maria.rules import tc, hussars, supply, movement, combat, retreat, conquest
from maria.games.maria.rules.advanced import (
    markers,
    display,
    saxony,
    expeditions,
    politics,
    polcards,
    election,
    peace,
    subsidy,
    agreements,
)
from maria.games.maria.rules.tc import minor_cut_off
