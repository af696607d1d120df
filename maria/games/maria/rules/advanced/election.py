"""The imperial election (R18; RUL-A20 vote order, VD-16 a neutral Saxony's vote): the Electoral
College votes for Charles Albert or Francis Stephen at the end of the turn the election card was
revealed.  Frame: "election".
"""

from __future__ import annotations

from maria.games.maria.rules import roles as R
from maria.games.maria.rules.advanced import markers as A
from maria.games.maria.rules.advanced.saxony import neutral
from maria.engine.log import log, power_name
from maria.games.maria.rules.machine import Handler, pop, register, roles_for_powers
from maria.games.maria.rules.state import BoardInfo


VOTE_ORDER = ("austria", "pragmatic_army", "saxony", "bavaria", "france", "prussia")  # RUL-A20


@register("election")
class Election(Handler):
    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        a = state["adv"]
        if "votes" not in frame:
            A.after_control_change(state, info)
            todo = []
            for p in VOTE_ORDER:
                todo += [[c, p] for c in A.ELECTORS if a["college"].get(c) == p]
            frame["todo"], frame["votes"] = todo, {}
        while frame["todo"]:
            c, p = frame["todo"][0]
            forced = None
            # R18.5: only Austria's and the Pragmatic Army's votes are forced.  Every other vote
            # is free, a neutral Prussia's Berlin vote included; Saxony's is cast by whoever plays
            # Saxony (R18.5 NOTE), except that a neutral Saxony votes Francis under the ES/FR/HE
            # sentence kept as an option (VD-16, RUL-A20).
            if p in ("austria", "pragmatic_army"):
                forced = "francis"  # R18.5
            elif p == "saxony" and neutral(state, p) and state["options"]["neutral_saxony_votes_francis"]:
                forced = "francis"  # VD-16
            elif R.role_of(state, p) is None:
                forced = "francis"
            if forced is None:
                return False
            frame["votes"][c] = forced
            frame["todo"].pop(0)
        fr = sum(1 for v in frame["votes"].values() if v == "francis")
        ch = len(frame["votes"]) - fr
        winner = "francis" if fr >= 5 else "charles" if ch >= 5 else ("francis" if fr >= ch else "charles")
        power = "austria" if winner == "francis" else "france"
        a["emperor_elected"] = winner
        a["election"] = "done"
        if A.take(state, power, "the Emperor box"):
            a["emperor"] = power
        log(
            state,
            f"Imperial election: Francis {fr}, Charles Albert {ch}. "
            f"{'Francis Stephen' if winner == 'francis' else 'Charles Albert'} is elected Emperor.",
            power,
        )
        pop(state)
        A.check_pools(state, info, "the imperial election")  # R23.1c
        return True

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, [frame["todo"][0][1]]) if frame.get("todo") else []

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in Election.waiting(state, info, frame):
            return []
        c = frame["todo"][0][0]
        return [{"type": "vote", "elector": c, "for": w} for w in ("charles", "francis")]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        c, p = frame["todo"].pop(0)
        frame["votes"][c] = action["for"]
        log(
            state,
            f"{power_name(p)} casts the {info.board.cities[c].name} vote for "
            f"{'Charles Albert' if action['for'] == 'charles' else 'Francis Stephen'}.",
            p,
        )
