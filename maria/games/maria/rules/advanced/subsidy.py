"""Subsidy contracts (R20, R24.2.2) and the TC phase of the advanced game (R8 with contracts).

State (advanced game, plain data): state["adv"]["contracts"] = {id: {"giver", "recipient",
"s": S markers left (None = no end: the initial France -> Bavaria contract), "initial": bool,
"paid_turn": turn of the last payment or None}}; id = "<giver>><recipient>".  The initial contract
is compulsory in turns 1-3 and France's choice each turn from turn 4 (R8.2; the "subsidy" action
of the TC phase); it can never be cancelled (R20.2).

Frames: "diplomacy" at the start of every advanced turn (RUL-A34: the moment contracts and, with
the "agreements" option, the agreements of R21 are made; every player may act, then "done"),
"subsidy_answer" (the other player accepts or refuses).
Cancelling may also be proposed at any other decision of either party (R20 "at any time",
anytime_cancels / propose_cancel, offered by the door).  Actions: offer_subsidy {giver, recipient,
turns}, cancel_subsidy {contract}, answer_subsidy {accept}, done.
"""

from __future__ import annotations

from maria.games.maria.rules import hooks
from maria.games.maria.rules import cards
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.machine import Handler, leave_if_over, pop, push, register, roles_for_powers
from maria.games.maria.rules.tc import minor_cut_off
from maria.engine.log import log, power_name
from maria.games.maria.rules.state import BoardInfo

INITIAL = "france>bavaria"


def initial_contracts() -> dict:
    return {INITIAL: {"giver": "france", "recipient": "bavaria", "s": None, "initial": True, "paid_turn": None}}


def contracts(state: dict) -> dict:
    return state["adv"].setdefault("contracts", initial_contracts())


def _pair(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def pair_taken(state: dict, a: str, b: str) -> bool:
    """R20.2: at most one contract between a pair of powers (either direction)."""
    return any(_pair(c["giver"], c["recipient"]) == _pair(a, b) for c in contracts(state).values())


def may_contract(state: dict, giver: str, recipient: str) -> bool:
    """R20.1: a major power gives to an allied power (minor or major); R24.2.2: 2 players, minors only."""
    if giver not in R.MAJOR or giver == recipient:
        return False
    if not (R.role_of(state, giver) and R.role_of(state, recipient)):
        return False
    if not R.allied(state, giver, recipient):
        return False
    if state["players"] == 2 and recipient not in R.MINOR:
        return False
    return True


def lapse(state: dict) -> None:
    """RUL-A34: a contract whose powers are no longer allies (Saxony's defection) ends."""
    for cid, c in sorted(contracts(state).items()):
        if not R.allied(state, c["giver"], c["recipient"]):
            del contracts(state)[cid]
            log(
                state,
                f"The subsidy contract {power_name(c['giver'])} -> {power_name(c['recipient'])} ends: "
                "the two powers are no longer allies.",
                c["giver"],
            )


def make(state: dict, giver: str, recipient: str, turns: int) -> None:
    contracts(state)[f"{giver}>{recipient}"] = {
        "giver": giver,
        "recipient": recipient,
        "s": turns,
        "initial": False,
        "paid_turn": None,
    }
    log(
        state,
        f"Subsidy contract: {power_name(giver)} pays {power_name(recipient)} 1 TC per turn for "
        f"{turns} turn{'s' if turns != 1 else ''} ({turns} S marker{'s' if turns != 1 else ''}).",
        giver,
    )


def cancel(state: dict, cid: str) -> None:
    c = contracts(state).pop(cid)
    log(
        state,
        f"The subsidy contract {power_name(c['giver'])} -> {power_name(c['recipient'])} is cancelled "
        "by mutual agreement.",
        c["giver"],
    )


def _offers(state: dict, frame: dict, role: str) -> list[dict]:
    out = []
    left = state["options"]["last_turn"] - state["turn"] + 1
    everyone = [p for ps in state["roles"].values() for p in ps]
    for g in R.powers_of(state, role):
        for r in sorted(everyone):
            if not may_contract(state, g, r) or pair_taken(state, g, r) or _pair(g, r) in frame["offered"]:
                continue
            out += [{"type": "offer_subsidy", "giver": g, "recipient": r, "turns": n} for n in range(1, left + 1)]
    return out


def _cancels(state: dict, frame: dict, role: str) -> list[dict]:
    mine = set(R.powers_of(state, role))
    return [
        {"type": "cancel_subsidy", "contract": cid}
        for cid, c in sorted(contracts(state).items())
        if not c["initial"] and (c["giver"] in mine or c["recipient"] in mine) and cid not in frame["cancel_asked"]
    ]


# --- R20: "Subsidy contracts may be cancelled at any time provided both powers agree" --------------
# Besides the diplomacy window, a player may propose cancelling a contract of one of his powers
# whenever he has a decision to make (offered by the door like transfers, RUL-15); the other
# player answers at once (a subsidy_answer step on top of whatever was going on).  A proposal
# refused cannot be repeated for that contract before the phase changes (adv["cancel_asked"]:
# {contract: [turn, stage, phase]}), so a game cannot stall on it (RUL-A34).

NO_ANYTIME_CANCEL = frozenset({"allocation", "game", "diplomacy", "subsidy_answer", "agreement_answer"})


def _moment(state: dict) -> list:
    return [state["turn"], state["stage"], state["phase"]]


def anytime_cancels(state: dict, role: str) -> list[dict]:
    """The cancel_subsidy proposals open to `role` outside the diplomacy window."""
    adv = state.get("adv")
    if adv is None or not adv.get("contracts") or state["flow"][-1]["name"] in NO_ANYTIME_CANCEL:
        return []
    mine = set(R.powers_of(state, role))
    asked = adv.get("cancel_asked", {})
    return [
        {"type": "cancel_subsidy", "contract": cid}
        for cid, c in sorted(contracts(state).items())
        if not c["initial"] and (c["giver"] in mine or c["recipient"] in mine) and asked.get(cid) != _moment(state)
    ]


def propose_cancel(state: dict, role: str, cid: str) -> None:
    """A cancellation proposed outside the diplomacy window: made at once between two powers of one
    player, else put to the other player (subsidy_answer, kind "cancel")."""
    if _ask_cancel(state, role, cid):
        state["adv"].setdefault("cancel_asked", {})[cid] = _moment(state)


def _ask_cancel(state: dict, role: str, cid: str) -> bool:
    """R20: cancel contract `cid` at once when `role` plays both its powers, else put the proposal
    to the other party's player (subsidy_answer); True if it was put to him."""
    c = contracts(state)[cid]
    mine = set(R.powers_of(state, role))
    other = c["recipient"] if c["giver"] in mine else c["giver"]
    if R.role_of(state, other) == role:
        cancel(state, cid)
        return False
    log(
        state,
        f"{R.role_name(role)} proposes to cancel the subsidy contract "
        f"{power_name(c['giver'])} -> {power_name(c['recipient'])}.",
    )
    push(
        state,
        {
            "name": "subsidy_answer",
            "kind": "cancel",
            "contract": cid,
            "power": other,
            "giver": c["giver"],
            "recipient": c["recipient"],
        },
    )
    return True


def _agreement_offers(state: dict, role: str) -> list[dict]:
    """R21 offers in the same window (advanced.agreements, which uses this module's contracts)."""
    return hooks.call("agreement_offers", state, role)


@register("diplomacy")
class Diplomacy(Handler):
    templated = frozenset({"offer_agreement"})

    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        if leave_if_over(state):
            return True
        if not frame.get("started"):
            frame["started"] = True
            lapse(state)
        if not Diplomacy.waiting(state, info, frame):
            pop(state)
            return True
        return False

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return [
            r
            for r in state["roles"]
            if r not in frame["done"]
            and (_offers(state, frame, r) or _cancels(state, frame, r) or _agreement_offers(state, r))
        ]

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in Diplomacy.waiting(state, info, frame):
            return []
        return (
            _offers(state, frame, role)
            + _cancels(state, frame, role)
            + _agreement_offers(state, role)
            + [{"type": "done"}]
        )

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        t = action["type"]
        if t == "done":
            frame["done"].append(role)
            return
        if t == "offer_agreement":
            hooks.call("propose_agreement", state, info, role, action)
            return
        if t == "offer_subsidy":
            g, r, n = action["giver"], action["recipient"], action["turns"]
            frame["offered"].append(_pair(g, r))
            if R.role_of(state, r) == role:
                make(state, g, r, n)
                return
            log(
                state,
                f"{power_name(g)} offers {power_name(r)} a subsidy contract for {n} turn{'s' if n != 1 else ''}.",
                g,
            )
            push(state, {"name": "subsidy_answer", "kind": "offer", "giver": g, "recipient": r, "turns": n, "power": r})
            return
        cid = action["contract"]  # cancel_subsidy
        frame["cancel_asked"].append(cid)
        _ask_cancel(state, role, cid)


@register("subsidy_answer")
class SubsidyAnswer(Handler):
    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, [frame["power"]])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in SubsidyAnswer.waiting(state, info, frame):
            return []
        return [{"type": "answer_subsidy", "accept": True}, {"type": "answer_subsidy", "accept": False}]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        pop(state)
        if frame["kind"] == "offer":
            if action["accept"]:
                make(state, frame["giver"], frame["recipient"], frame["turns"])
            else:
                log(state, f"{power_name(frame['recipient'])} refuses the subsidy contract.", frame["recipient"])
        elif action["accept"]:
            if frame["contract"] in contracts(state):
                cancel(state, frame["contract"])
        else:
            log(state, f"{power_name(frame['power'])} does not agree to cancel the subsidy contract.", frame["power"])


# --- the TC phase with contracts (R8.1, R8.2, R8.3, R19.3.9, R20.3) -----------------------------


def gross_income(state: dict, power: str) -> int:
    """A power's TC income before it hands out subsidies: France 5 (R8.2: 4 + the Bavarian
    subsidy it passes on), Bavaria 1 of its own (+ the subsidy it receives), the rest as R8.1."""
    n = R.INCOME[power]
    if power == "france":
        n += 1
    elif power == "bavaria":
        n -= 1
    n = hooks.call("income_modifier", state, power, n)  # R19.3.8, R17
    return max(n, 0)


@hooks.provide("tc_phase")
def tc_phase(state: dict, info: BoardInfo, frame: dict) -> None:
    """Each giver hands 1 TC of its income per contract to the recipient before looking at it (the
    first card it draws, R20.3), then draws the rest; every power draws its income once per turn."""
    a = state["adv"]
    lapse(state)
    for p in frame["powers"]:
        handed = 0
        income = gross_income(state, p)
        for cid, c in sorted(contracts(state).items()):
            if c["giver"] != p or c["paid_turn"] == state["turn"]:
                continue
            r = c["recipient"]
            if c["initial"] and state["turn"] >= 4 and frame.get("subsidy") is False:
                continue  # R8.2: France's choice
            if r in R.MINOR and minor_cut_off(state, info, r):  # R8.3 (RUL-03)
                log(state, f"{power_name(r)} receives no subsidy: its major fortress is enemy-controlled.", r)
                if state["options"]["subsidy_kept_when_minor_cut_off"]:
                    handed += 1
                continue
            if handed >= income:
                continue
            handed += 1
            c["paid_turn"] = state["turn"]
            cards.draw(state, r, 1)
            log(state, f"{power_name(p)} hands 1 TC of its income to {power_name(r)} (subsidy).", p)
            if c["s"] is not None:
                c["s"] -= 1
                if c["s"] <= 0:
                    del contracts(state)[cid]
                    log(state, f"The subsidy contract {power_name(p)} -> {power_name(r)} is fulfilled.", p)
        if a["drew"].get(p) == state["turn"]:  # R19.3.9: once per turn
            continue
        a["drew"][p] = state["turn"]
        if p in R.MINOR and minor_cut_off(state, info, p):
            log(state, f"{power_name(p)} draws no Tactical Cards: its major fortress is enemy-controlled.", p)
            continue
        got = cards.draw(state, p, max(income - handed, 0))
        log(state, f"{power_name(p)} draws {len(got)} Tactical Card{'s' if len(got) != 1 else ''}.", p)
