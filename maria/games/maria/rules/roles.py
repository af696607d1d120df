"""Roles (players), the powers they control, alliances and co-operation — all as data (R2).

The tables are copied into the game state at set-up, so the advanced game can change them later
(Saxony's defection, neutrality) without touching this module.
"""

from __future__ import annotations

# the generic queries on the state's tables (R.role_of, R.allied ... keep working for every caller)
from maria.engine.sides import allied, cooperating, enemies, powers_of, role_of  # noqa: F401  (re-exported)

ROLES_3P = ("maria_theresa", "frederick", "louis_xv")
ROLES_2P = ("coalition", "maria_theresa")
OBSERVER = "observer"
# how the log and the screens name a role ("Louis XV", not str.title()'s "Louis Xv")
ROLE_NAMES = {
    "maria_theresa": "Maria Theresa",
    "frederick": "Frederick",
    "louis_xv": "Louis XV",
    "coalition": "The Coalition",
    "observer": "Observer",
}


def role_name(role: str) -> str:
    return ROLE_NAMES.get(role, role.replace("_", " ").title())


# R2.1 (3 players) and R24.1/R24.2 (2 players: player A = "coalition", player B = "maria_theresa").
ROLE_TABLES: dict[int, dict[str, list[str]]] = {
    3: {
        "maria_theresa": ["austria"],
        "frederick": ["prussia", "saxony", "pragmatic_army"],
        "louis_xv": ["france", "bavaria"],
    },
    2: {"coalition": ["france", "bavaria", "prussia", "saxony"], "maria_theresa": ["austria", "pragmatic_army"]},
}

MAJOR = ("austria", "prussia", "france", "pragmatic_army")
MINOR = ("bavaria", "saxony")

# R2.3: two blocs of allies; any two powers not allied are enemies.
START_BLOCS = [["france", "bavaria", "prussia", "saxony"], ["austria", "pragmatic_army"]]
# R2.4: co-operating pairs (a subset of the allies).
START_COOPERATING = [["france", "bavaria"], ["prussia", "saxony"], ["austria", "pragmatic_army"]]

# R5.1: the action stages, in order.
ACTION_STAGES = [["france", "bavaria"], ["prussia", "saxony"], ["austria", "pragmatic_army"]]

# R8.1 / R14.2 base TC income.
INCOME = {"france": 4, "bavaria": 2, "prussia": 3, "saxony": 1, "pragmatic_army": 3, "austria": 5}
# R4.8 initial hands.
INITIAL_HAND = {"france": 2, "bavaria": 5, "prussia": 9, "saxony": 3, "pragmatic_army": 3, "austria": 5}

# Powers out of the introductory game entirely (R14.2).
INTRO_ABSENT = ("pragmatic_army",)


def role_table(players: int, variant: str) -> dict[str, list[str]]:
    table = ROLE_TABLES[players]
    absent = INTRO_ABSENT if variant == "intro" else ()
    return {role: [p for p in powers if p not in absent] for role, powers in table.items()}


def major_of(state: dict, power: str) -> str:
    """The co-operating major of a minor power (R10.16e); a major power is its own."""
    if power in MAJOR:
        return power
    for pair in state["alliances"]["cooperating"]:
        if power in pair:
            for p in pair:
                if p in MAJOR:
                    return p
    return power


def minors_of(state: dict, major: str) -> list[str]:
    out = []
    for pair in state["alliances"]["cooperating"]:
        if major in pair:
            out += [p for p in pair if p in MINOR and p != major]
    return out


def action_stages(state: dict) -> list[list[str]]:
    """R5.1; in the advanced game Saxony may move to the Austrian stage (R5.5, R19.3.9)."""
    adv = state.get("adv")
    return adv["stages"] if adv else ACTION_STAGES


def austria_pa_stacking(state: dict, a: str, b: str) -> str:
    """R6.8/R10.7: may a general of `a` stack with one of `b`?  "ok" | "ask" (the other player must
    agree) | "no", from the option pa_austria_stacking_consent (ask | always | never; RUL-A25)."""
    if state["variant"] != "advanced" or {a, b} != {"austria", "pragmatic_army"}:
        return "ok"
    opt = state["options"].get("pa_austria_stacking_consent", "ask")
    if opt == "never":
        return "no"
    if opt == "ask" and role_of(state, a) != role_of(state, b):
        return "ask"
    return "ok"
