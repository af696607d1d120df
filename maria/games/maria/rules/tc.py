"""The TC phase (R8: Tactical Card income, R8.3 minors cut off, the Bavarian subsidy R8.5) and the
generic payment sub-flow (R8.7: paying TC points, no change given)."""

from __future__ import annotations

from maria.games.maria.rules import cards, hooks
from maria.games.maria.rules import roles as R
from maria.engine.log import log, power_name
from maria.games.maria.rules.machine import EFFECTS, Handler, pop, register, roles_for_powers
from maria.games.maria.rules.state import IllegalAction, enemy_controlled
from maria.games.maria.rules.state import BoardInfo


# --- TC phase (R8) ---------------------------------------------------------------------------


def minor_cut_off(state: dict, info: BoardInfo, minor: str) -> bool:
    """R8.3: a minor power whose major fortress is enemy-controlled gets no TCs."""
    for c in info.major_fortresses():
        if info.home_of(c) == minor:
            if enemy_controlled(state, info, c, minor):
                return True
    return False


@register("tc_phase")
class TCPhase(Handler):
    @staticmethod
    def _needs_choice(state: dict, info: BoardInfo, frame: dict) -> bool:
        return (
            "france" in frame["powers"]
            and "bavaria" in frame["powers"]
            and state["turn"] >= 4
            and "subsidy" not in frame
            and not minor_cut_off(state, info, "bavaria")
        )

    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        if TCPhase._needs_choice(state, info, frame):
            return False
        subsidy = frame.get("subsidy", True)
        adv = state.get("adv")
        if adv is not None:  # R8 with subsidy contracts (R20)
            hooks.call("tc_phase", state, info, frame)
            pop(state)
            return True
        for p in frame["powers"]:
            if adv is not None:  # R19.3.9: TCs once per turn
                if adv["drew"].get(p) == state["turn"]:
                    continue
                adv["drew"][p] = state["turn"]
            if p in R.MINOR and minor_cut_off(state, info, p):
                log(state, f"{power_name(p)} draws no Tactical Cards: its major fortress is enemy-controlled.", p)
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
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, ["france"]) if TCPhase._needs_choice(state, info, frame) else []

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role in TCPhase.waiting(state, info, frame):
            return [{"type": "subsidy", "give": True}, {"type": "subsidy", "give": False}]
        return []

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        frame["subsidy"] = bool(action["give"])
        log(state, "France " + ("pays" if action["give"] else "does not pay") + " the Bavarian subsidy.", "france")


# --- the generic payment sub-flow (R8.7) -----------------------------------------------------


@register("pay")
class Pay(Handler):
    """Pay `amount` TC points for `purpose`; on payment, `effect` runs (see EFFECTS)."""

    templated = frozenset({"pay"})

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, [frame["power"]])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        hand = state["cards"]["hands"].get(frame["power"], [])
        out = [{"type": "pay", "power": frame["power"], "cards": "choose", "amount": frame["amount"]}]
        if frame.get("optional", True):
            out.append({"type": "cancel"})
        if cards.suggest_payment(hand, frame["amount"]) is None:
            out = out[1:]
        return out

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        if action["type"] == "cancel":
            pop(state)
            return
        chosen = action.get("cards")
        hand = state["cards"]["hands"].get(frame["power"], [])
        if not isinstance(chosen, list) or len(set(chosen)) != len(chosen) or any(c not in hand for c in chosen):
            raise IllegalAction(f"{power_name(frame['power'])} can only pay with cards in its own hand.")
        if not cards.minimal_payment_ok(chosen, frame["amount"]):
            raise IllegalAction(
                f"The payment must reach {frame['amount']} points without any card "
                "that is not needed (no change is given)."
            )
        cards.discard(state, frame["power"], chosen)
        state["undo"] = []
        log(
            state,
            f"{power_name(frame['power'])} pays {cards.pay_value(chosen)} TC points "
            f"({cards.labels(chosen)}) for {frame['purpose']}.",
            frame["power"],
        )
        pop(state)
        EFFECTS[frame["effect"]["name"]](state, info, frame["effect"])
