"""The flow of play as an explicit stack of named states (state["flow"]), read like the rulebook.

game -> allocation (R4.9) -> turn (R5.1) -> hussars (R7) -> action_stage x3 (R5.2) ->
tc_phase (R8) -> supply_phase (R9) [-> hussar_tax] -> movement_phase (R10) [-> moving, pay] ->
combat_phase (R11) [-> combat -> retreat] -> retro_phase (R12); after turns 3 and 6: winter (R13).

Each named state has one handler with:
  auto(state, info, frame) -> bool      automatic work; True if the flow changed (run again)
  waiting(state, info, frame) -> roles  roles that must act now
  prompt(state, info, frame, role)      the legal actions (templates carry "choose")
  act(state, info, frame, role, action) execute (templated actions are validated here)
legal_actions() and apply() both go through these, so legality and execution share one code path.
"""

from __future__ import annotations

from maria.rules import cards
from maria.rules import roles as R
from maria.rules.log import log, power_name
from maria.rules.state import IllegalAction

HANDLERS: dict[str, type] = {}


def register(name: str):
    def deco(cls):
        HANDLERS[name] = cls
        return cls
    return deco


class Handler:
    templated: frozenset = frozenset()

    @staticmethod
    def auto(state, info, frame) -> bool:
        return False

    @staticmethod
    def waiting(state, info, frame) -> list[str]:
        return []

    @staticmethod
    def prompt(state, info, frame, role) -> list[dict]:
        return []

    @staticmethod
    def act(state, info, frame, role, action) -> None:
        raise IllegalAction("Nothing can be done now.")


def top(state: dict) -> dict:
    return state["flow"][-1]


def push(state: dict, frame: dict) -> None:
    state["flow"].append(frame)


def pop(state: dict) -> dict:
    """Leave the current flow state.  Once the game is over (victory.finish reset the flow to the
    bare "game" state), the handler that was running when the game ended may still try to leave
    its own state: the "game" state is never popped."""
    if state["result"] is not None and len(state["flow"]) <= 1:
        return state["flow"][-1]
    return state["flow"].pop()


def run(state: dict, info) -> None:
    """Let automatic states proceed until some role has to choose (or the game is over)."""
    from maria.rules.state import prune_commanders
    prune_commanders(state)                        # R6.2: a broken-up stack forgets its commander
    for _ in range(10000):
        frame = top(state)
        if not HANDLERS[frame["name"]].auto(state, info, frame):
            return
    raise RuntimeError("flow did not settle (runaway automatic states)")


def roles_for_powers(state: dict, powers) -> list[str]:
    out = []
    for p in powers:
        r = R.role_of(state, p)
        if r and r not in out:
            out.append(r)
    return out


def active_powers(state: dict) -> list[str]:
    for f in reversed(state["flow"]):
        if f["name"] == "action_stage":
            return f["powers"]
    return []


# --- game, allocation, turn ------------------------------------------------------------------

@register("game")
class Game(Handler):
    @staticmethod
    def auto(state, info, frame):
        if state["result"] is not None:
            state["phase"] = None
            state["stage"] = "over"
            return False
        from maria.rules import victory
        if state["turn"] > state["options"]["last_turn"]:
            if state["variant"] == "advanced":
                from maria.rules.advanced import end_of_game
                end_of_game(state, info)
            else:
                victory.end_of_game(state, info)
            return True
        push(state, {"name": "turn", "step": 0})
        return True


@register("allocation")
class Allocation(Handler):
    templated = frozenset({"allocate"})

    @staticmethod
    def auto(state, info, frame):
        if frame["pending"]:
            return False
        pop(state)
        log(state, "All troops are allocated. Turn 1 begins.")
        return True

    @staticmethod
    def waiting(state, info, frame):
        return roles_for_powers(state, frame["pending"])

    @staticmethod
    def prompt(state, info, frame, role):
        from maria.rules.setup import allocation_template
        return [allocation_template(state, p, info.board) for p in frame["pending"]
                if p in R.powers_of(state, role)]

    @staticmethod
    def act(state, info, frame, role, action):
        from maria.rules.setup import validate_allocation
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
    def auto(state, info, frame):
        if state["result"] is not None:
            pop(state)
            return True
        step = frame["step"]
        steps = TURN_STEPS if state["variant"] == "intro" else ["politics"] + TURN_STEPS
        if step == 0 and state["variant"] == "advanced" and not frame.get("diplomacy_done"):
            frame["diplomacy_done"] = True                         # R20 / R21 (RUL-A34)
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
                powers = [p for p in R.action_stages(state)[int(name[-1])]
                          if any(p in ps for ps in state["roles"].values())]
                state["stage"] = "+".join(powers)
                push(state, {"name": "action_stage", "powers": powers, "step": 0})
            return True
        adv = state.get("adv")
        if adv and adv["election"] == "pending" and not frame.get("election_done"):
            frame["election_done"] = True                          # R18.1: at the end of the turn
            push(state, {"name": "election"})
            return True
        if adv and frame.get("winter_done") is None and state["turn"] % 3 == 0 \
                and state["turn"] >= state["options"]["last_turn"]:
            frame["winter_done"] = True                            # the 4th winter: scoring only
            from maria.rules.advanced import winter_scoring
            winter_scoring(state)
        # R5.3 / R5.4: end of turn; winter after every 3rd turn (not after the last turn).
        if frame.get("winter_done") is None and state["turn"] % 3 == 0 \
                and state["turn"] < state["options"]["last_turn"]:
            frame["winter_done"] = True
            from maria.rules.winter import start_winter
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
    def auto(state, info, frame):
        if state["result"] is not None:
            pop(state)
            return True
        step = frame["step"]
        if step == 0 and state["variant"] == "advanced":
            from maria.rules import peace
            peace.start_of_action_stage(state, info, frame["powers"])      # R19.1.2 step 6 ends
        if state["variant"] == "advanced" and step < len(PHASES):
            from maria.rules.politics import retry_returns
            if retry_returns(state, info):                                 # R17.6.7 "as soon as"
                return True
        if step < len(PHASES):
            frame["step"] += 1
            state["phase"] = PHASES[step].replace("_phase", "")
            push(state, {"name": PHASES[step], "powers": list(frame["powers"])})
            return True
        pop(state)
        if state["variant"] == "advanced":
            from maria.rules import advanced
            advanced.end_of_action_stage(state, info, frame["powers"])
        return True


# --- TC phase (R8) ---------------------------------------------------------------------------

def minor_cut_off(state: dict, info, minor: str) -> bool:
    """R8.3: a minor power whose major fortress is enemy-controlled gets no TCs."""
    from maria.rules.state import enemy_controlled
    for c in info.major_fortresses():
        if info.home_of(c) == minor:
            if enemy_controlled(state, info, c, minor):
                return True
    return False


@register("tc_phase")
class TCPhase(Handler):
    @staticmethod
    def _needs_choice(state, info, frame):
        return ("france" in frame["powers"] and "bavaria" in frame["powers"]
                and state["turn"] >= 4 and "subsidy" not in frame
                and not minor_cut_off(state, info, "bavaria"))

    @staticmethod
    def auto(state, info, frame):
        if TCPhase._needs_choice(state, info, frame):
            return False
        subsidy = frame.get("subsidy", True)
        adv = state.get("adv")
        if adv is not None:                                        # R8 with subsidy contracts (R20)
            from maria.rules.subsidy import tc_phase
            tc_phase(state, info, frame)
            pop(state)
            return True
        for p in frame["powers"]:
            if adv is not None:                                    # R19.3.9: TCs once per turn
                if adv["drew"].get(p) == state["turn"]:
                    continue
                adv["drew"][p] = state["turn"]
            if p in R.MINOR and minor_cut_off(state, info, p):
                log(state, f"{power_name(p)} draws no Tactical Cards: its major fortress is "
                    "enemy-controlled.", p)
                continue
            sub = subsidy
            if p == "france" and "bavaria" in frame["powers"] and minor_cut_off(state, info, "bavaria"):
                sub = state["options"]["subsidy_kept_when_minor_cut_off"]
            n = cards.income(state, p, sub)
            got = cards.draw(state, p, n)
            log(state, f"{power_name(p)} draws {len(got)} Tactical Card{'s' if len(got) != 1 else ''}.", p)
        pop(state)
        return True

    @staticmethod
    def waiting(state, info, frame):
        return roles_for_powers(state, ["france"]) if TCPhase._needs_choice(state, info, frame) else []

    @staticmethod
    def prompt(state, info, frame, role):
        if role in TCPhase.waiting(state, info, frame):
            return [{"type": "subsidy", "give": True}, {"type": "subsidy", "give": False}]
        return []

    @staticmethod
    def act(state, info, frame, role, action):
        frame["subsidy"] = bool(action["give"])
        log(state, "France " + ("pays" if action["give"] else "does not pay") + " the Bavarian subsidy.",
            "france")


# --- the generic payment sub-flow (R8.7) -----------------------------------------------------

@register("pay")
class Pay(Handler):
    """Pay `amount` TC points for `purpose`; on payment, `effect` runs (see EFFECTS)."""
    templated = frozenset({"pay"})

    @staticmethod
    def waiting(state, info, frame):
        return roles_for_powers(state, [frame["power"]])

    @staticmethod
    def prompt(state, info, frame, role):
        hand = state["cards"]["hands"].get(frame["power"], [])
        out = [{"type": "pay", "power": frame["power"], "cards": "choose", "amount": frame["amount"]}]
        if frame.get("optional", True):
            out.append({"type": "cancel"})
        if cards.suggest_payment(hand, frame["amount"]) is None:
            out = out[1:]
        return out

    @staticmethod
    def act(state, info, frame, role, action):
        if action["type"] == "cancel":
            pop(state)
            return
        chosen = action.get("cards")
        hand = state["cards"]["hands"].get(frame["power"], [])
        if not isinstance(chosen, list) or len(set(chosen)) != len(chosen) or any(c not in hand for c in chosen):
            raise IllegalAction(f"{power_name(frame['power'])} can only pay with cards in its own hand.")
        if not cards.minimal_payment_ok(chosen, frame["amount"]):
            raise IllegalAction(f"The payment must reach {frame['amount']} points without any card "
                                "that is not needed (no change is given).")
        cards.discard(state, frame["power"], chosen)
        state["undo"] = []
        log(state, f"{power_name(frame['power'])} pays {cards.pay_value(chosen)} TC points "
            f"({cards.labels(chosen)}) for {frame['purpose']}.", frame["power"])
        pop(state)
        EFFECTS[frame["effect"]["name"]](state, info, frame["effect"])


EFFECTS: dict = {}


def effect(name: str):
    def deco(fn):
        EFFECTS[name] = fn
        return fn
    return deco


# Register the handlers of the other rulebook parts.
from maria.rules import hussars, supply, movement, combat, retreat, conquest, winter, victory  # noqa: E402,F401
from maria.rules import advanced, politics, peace, subsidy  # noqa: E402,F401
