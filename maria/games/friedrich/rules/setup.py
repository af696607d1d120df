"""Set-up (2005 rules §1 roles, the "Commencer" sheet, §6 armies): the roles for 3 or 4 players
(in the 3-player game one player is both Elisabeth and Pompadour), every general and train on its
set-up city, empty hands, one shuffled 50-card deck as the draw pile, the 18 Cards of Fate
shuffled, the generator of chance in the state (maria.engine.rng); then each nation secretly splits
its starting armies over its generals, 1 to 8 each (the "allocation" state; a nation with one
general gives him all of them).
"""

from __future__ import annotations

from maria.engine import rng
from maria.engine.log import log
from maria.engine.state import rebuild_index
from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules import hooks
from maria.games.friedrich.rules.cards import new_cards
from maria.games.friedrich.rules.fate import new_fate
from maria.games.friedrich.rules.machine import Handler, pop, register
from maria.games.friedrich.rules.state import IllegalAction, nation_name, nation_title, nations_of
from maria.games.friedrich.rules.state import Info


def roles_for(players: int) -> dict[str, list[str]]:
    if players == 4:
        return {r: list(ns) for r, ns in T.ROLES_4P.items()}
    if players == 3:
        return {r: list(ns) for r, ns in T.ROLES_3P.items()}
    raise ValueError("FRIEDRICH is for 3 or 4 players (§1)")


def build_state(info: Info, key: str, players: int, seed: int, options: dict | None) -> dict:
    board = info.board
    state: dict = {
        "game": "friedrich",
        "board": key,
        "players": players,
        "options": hooks.call("normalise_options", options),
        "rng": rng.seed_state(seed),
        "turn": 1,
        "stage": None,
        "phase": "setup",
        "nation": None,
        "roles": roles_for(players),
        "left": [],
        "conquered": {},
        "substitute": {},
        "flow": [{"name": "game"}],
        "seq": {"n": 0, "p": 0},
        "allocated": False,
        "moved": [],
        "reentered": [],
        "recruited": [],
        "candidates": [],
        "mods": [],
        "log": [],
        "undo": [],
        "undo_role": None,
        "result": None,
    }
    state["generals"] = {
        gid: {
            "name": g.name,
            "nation": g.nation,
            "rank": g.rank,
            "city": g.city,
            "armies": 0,
            "face_down": False,
            "out": False,
        }
        for gid, g in sorted(board.generals.items())
    }
    state["trains"] = {
        tid: {"nation": t.nation, "city": t.city, "out": False} for tid, t in sorted(board.trains.items())
    }
    rebuild_index(state)
    state["cards"] = new_cards(state)
    state["fate"] = new_fate(state)
    if hooks.call("advanced_on", state):
        state["adv"] = hooks.call("new_advanced_state")  # §13: only in a game with an advanced rule
    state["allocation"] = {}
    for n in T.NATIONS:
        gens = [g for g, p in state["generals"].items() if p["nation"] == n]
        if len(gens) == 1:
            state["generals"][gens[0]]["armies"] = int(board.armies.get(n, 0))
            state["allocation"][n] = True
    return state


def allocation_template(state: dict, info: Info, nation: str) -> dict:
    gens = sorted(
        (g for g, p in state["generals"].items() if p["nation"] == nation), key=lambda g: state["generals"][g]["rank"]
    )
    return {
        "type": "allocate",
        "nation": nation,
        "armies": "choose",
        "total": int(info.board.armies.get(nation, 0)),
        "generals": gens,
        "min": T.ARMIES_MIN,
        "max": T.ARMIES_MAX,
    }


@register("allocation")
class Allocation(Handler):
    """Each nation (its player, secretly and in any order) writes its armies on its sheet."""

    templated = frozenset({"allocate"})

    @staticmethod
    def auto(state: dict, info: Info, frame: dict) -> bool:
        if all(
            state["allocation"].get(n) for n in T.NATIONS if any(p["nation"] == n for p in state["generals"].values())
        ):
            state["allocated"] = True
            state["phase"] = None
            log(state, "Every nation has allocated its armies; the game begins.")
            pop(state)
            return True
        return False

    @staticmethod
    def _todo(state: dict, role: str) -> list[str]:
        return [
            n
            for n in nations_of(state, role)
            if not state["allocation"].get(n) and any(p["nation"] == n for p in state["generals"].values())
        ]

    @staticmethod
    def waiting(state: dict, info: Info, frame: dict) -> list[str]:
        return [r for r in state["roles"] if Allocation._todo(state, r)]

    @staticmethod
    def prompt(state: dict, info: Info, frame: dict, role: str) -> list[dict]:
        return [allocation_template(state, info, n) for n in Allocation._todo(state, role)]

    @staticmethod
    def act(state: dict, info: Info, frame: dict, role: str, action: dict) -> None:
        nation = action.get("nation")
        if nation not in Allocation._todo(state, role):
            raise IllegalAction(f"{role} has no army sheet to fill for {nation!r} now.")
        t = allocation_template(state, info, nation)
        armies = action.get("armies")
        if not isinstance(armies, dict) or sorted(armies) != sorted(t["generals"]):
            raise IllegalAction(f"Give every general of {nation_name(nation)} a number of armies.")
        if any(
            not isinstance(v, int) or isinstance(v, bool) or not T.ARMIES_MIN <= v <= T.ARMIES_MAX
            for v in armies.values()
        ):
            raise IllegalAction("Every general receives at least 1 and at most 8 armies (§6).")
        if sum(armies.values()) != t["total"]:
            raise IllegalAction(f"{nation_name(nation)} allocates exactly its {t['total']} armies.")
        for g, v in armies.items():
            state["generals"][g]["armies"] = v
        state["allocation"][nation] = True
        log(state, f"{nation_title(nation)} has written its armies on its sheet.", nation)
