"""Executing a selected political card (R17.6.1, R17.6.5, R17.6.6, Appendix A; RUL-A11): the
choice of instruction and arrows, the printed instructions, new troops from a card (R13 re-entry
rules).  Frames: "pol_exec", "pol_troops".
"""

from __future__ import annotations

from typing import Any

from maria.games.maria.rules import cards
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.advanced import markers as A
from maria.games.maria.rules.advanced import poldata
from maria.games.maria.rules.advanced.display import saxony_state
from maria.games.maria.rules.advanced.saxony import saxony_changed
from maria.engine.log import log, power_name
from maria.games.maria.rules.movement import ask_commanders
from maria.games.maria.rules.machine import Handler, pop, push, register, roles_for_powers
from maria.games.maria.rules.state import IllegalAction
from maria.games.maria.rules.state import BoardInfo
from maria.games.maria.rules.winter import place_new_troops, reentry_sites


def _arrow_options(state: dict, card: dict, arrow: dict) -> list[int]:
    n = arrow["n"]
    opts = {"left": [0, -n], "right": [0, n], "either": [0, -n, n]}[arrow["dir"]]
    if arrow["track"] == "saxony" and card["instruction"] == "charles_emmanuel":
        ally = saxony_state(state) == "prussian_ally"
        rule = state["options"]["charles_emmanuel_rule"]  # VD-27
        if (rule == "es" and not ally) or (rule == "fr" and ally):
            return [0]
    return opts


INSTRUCTION_CHOICES: dict[str, list[str | bool]] = {
    "jenkins": [True],
    "denmark": [True],
    "hessian": [True],
    "palatinate": [True],
    "frankfurt": ["france", "bavaria"],
    "quadruple": [True],
    "carnatic": ["pragmatic_army", "france"],
    "jacobite": [True],
}


@register("pol_exec")
class PolExec(Handler):
    """R17.6.1: execute fully or partly (instruction and/or each arrow), or discard without effect."""

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, [frame["power"]])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        card = poldata.cards()[frame["card"]]
        out: list[dict] = [{"type": "discard_card"}]
        pf = next(f for f in reversed(state["flow"]) if f["name"] == "politics")
        if state["players"] == 2 and role in pf["executed"]:  # R24.2.3
            return out
        ins = [None] + [
            x
            for x in INSTRUCTION_CHOICES.get(card["instruction"], [])
            if _instruction_possible(state, card["instruction"], x)
        ]
        combos: list[dict[str, int]] = [{}]
        for ar in card["arrows"]:
            combos = [
                dict(c, **{ar["track"]: c.get(ar["track"], 0) + d})
                for c in combos
                for d in _arrow_options(state, card, ar)
            ]
        for i in ins:
            for c in combos:
                sh = {k: v for k, v in c.items() if v}
                if i is None and not sh:
                    continue
                out.append({"type": "execute", "instruction": i, "shifts": sh})
        return out

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        pop(state)
        pf = state["flow"][-1]
        name = poldata.cards()[frame["card"]]["name"]
        p = frame["power"]
        state["adv"]["pol"]["discard"].append(frame["card"])
        if action["type"] == "discard_card":
            log(state, f"{power_name(p)} discards {name} without effect.", p)
            return
        pf["executed"].append(role)
        for t, d in action["shifts"].items():  # R17.6.3 announced now
            pf["shifts"][t] = pf["shifts"].get(t, 0) + d
        log(
            state,
            f"{power_name(p)} executes {name}"
            + (
                f", announcing {', '.join(f'{t} {d:+d}' for t, d in action['shifts'].items())}"
                if action["shifts"]
                else ""
            )
            + ".",
            p,
        )
        if action["instruction"] is not None:
            execute_instruction(state, info, poldata.cards()[frame["card"]]["instruction"], p, action["instruction"])


def _instruction_possible(state: dict, ins: str, choice: str | bool | None) -> bool:
    if ins == "quadruple":
        return saxony_state(state) != "austrian_ally" and R.role_of(state, "saxony") is not None
    if ins == "frankfurt" and choice == "bavaria":
        return R.role_of(state, "bavaria") is not None
    return True


def execute_instruction(state: dict, info: BoardInfo, ins: str, executor: str, choice: Any) -> None:
    """The printed instructions (Appendix A); carried out at once (RUL-A11)."""
    a = state["adv"]
    if ins == "jenkins":
        a["turn_income"] = {"turn": state["turn"], "france": -1}
        log(state, "France draws 1 TC fewer this turn.", "france")
    elif ins == "denmark":
        _tc_and_troops(state, "pragmatic_army", 1, 3)
    elif ins == "hessian":
        _tc_and_troops(state, executor, 0, 3)
    elif ins == "palatinate":
        a["electors"]["mannheim"] = "france"
        A.after_control_change(state, info)
        log(state, "Mannheim comes under French control.", "france", ["mannheim"])
        _tc_and_troops(state, "france", 1, 3)
    elif ins == "frankfurt":
        _tc_and_troops(state, choice, 0, 2)
    elif ins == "carnatic":
        _tc_and_troops(state, choice, 1, 2)
    elif ins == "quadruple":
        n = len(poldata.display()["tracks"]["saxony"]["boxes"])
        a["tracks"]["saxony"] = n - 1
        saxony_changed(state, info)
        _tc_and_troops(state, "saxony", 0, 2)
        fl = state["flow"]
        if len(fl) >= 2 and fl[-2]["name"] == "relocate" and fl[-2].get("cause") == "saxony_ally":
            fl[-1], fl[-2] = fl[-2], fl[-1]  # the stack is left first (R19.3), then the 2 troops
    elif ins == "jacobite":
        a["jacobite"] = True
        log(state, "The Pragmatic Army's TC income drops by 1 for the rest of the game.", "pragmatic_army")
        push(state, {"name": "expedition", "power": "pragmatic_army", "track": "jacobite"})


def _tc_and_troops(state: dict, power: str, tcs: int, troops: int) -> None:
    if tcs:
        cards.draw(state, power, tcs)
        log(state, f"{power_name(power)} receives {tcs} TC.", power)
    if troops:
        push(state, {"name": "pol_troops", "power": power, "n": troops})


def troop_sites(state: dict, info: BoardInfo, gid: str) -> list[str]:
    return reentry_sites(state, info, gid)


@register("pol_troops")
class PolTroops(Handler):
    """R17.6.6: new troops at once, to generals of the power's choice; off-board generals re-enter
    under the R13 rules (the 8 / 16 limits hold).  Fewer than offered may be taken (partial)."""

    templated = frozenset({"troops"})

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, [frame["power"]])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        p = frame["power"]
        gens = {gid: g for gid, g in sorted(state["generals"].items()) if g["power"] == p and g["in_play"]}
        return [
            {
                "type": "troops",
                "power": p,
                "max_troops": frame["n"],
                "assign": "choose",
                "reenter": "choose",
                "on_map": [gid for gid, g in gens.items() if g["city"] in info.playable],
                "sites": {gid: troop_sites(state, info, gid) for gid, g in gens.items() if g["city"] is None},
            },
            {"type": "done"},
        ]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        p = frame["power"]
        if action["type"] == "done":
            pop(state)
            return
        assign, reenter = action.get("assign"), action.get("reenter") or {}
        if not isinstance(assign, dict) or not isinstance(reenter, dict):
            raise IllegalAction("Name how many new troops each general receives.")
        total = 0
        for gid, n in assign.items():
            g = state["generals"].get(gid)
            if (
                g is None
                or g["power"] != p
                or not g["in_play"]
                or not isinstance(n, int)
                or isinstance(n, bool)
                or n < 1
            ):
                raise IllegalAction(f"{gid}: each named general of {power_name(p)} receives at least 1 troop.")
            if g["troops"] + n > 8:
                raise IllegalAction(f"{g['name']} would command more than 8 troops.")
            if g["city"] is None and gid not in reenter:
                raise IllegalAction(f"{g['name']} is off the board: name where he re-enters.")
            if g["city"] is not None and g["city"] not in info.playable:
                raise IllegalAction(f"{g['name']} is in an off-map box.")
            total += n
        if total > frame["n"] or any(g not in assign for g in reenter):
            raise IllegalAction(f"At most {frame['n']} new troops; a re-entering general receives at least 1.")
        if len(set(reenter.values())) != len(reenter):
            raise IllegalAction("Two generals cannot re-enter on the same fortress here.")
        for gid, city in sorted(reenter.items()):
            if city not in troop_sites(state, info, gid):
                raise IllegalAction(f"{state['generals'][gid]['name']} cannot re-enter there.")
        place_new_troops(state, p, reenter, assign)
        log(state, f"{power_name(p)} receives {total} new troop{'s' if total != 1 else ''}.", p)
        pop(state)
        ask_commanders(state, p, sorted(set(reenter.values())))  # R6.2: re-entry onto an equal rank
