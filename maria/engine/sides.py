"""Sides: who plays which power and who is allied with whom, read from the tables a game copies into
its state (state["roles"] = {role: [powers]}, state["alliances"] = {"blocs": [[powers]],
"cooperating": [[power, power]]}); A game fills them from its own tables.  No game's powers here.
"""

from __future__ import annotations


def role_of(state: dict, power: str) -> str | None:
    for role, powers in state["roles"].items():
        if power in powers:
            return role
    return None


def powers_of(state: dict, role: str) -> list[str]:
    return state["roles"].get(role, [])


def allied(state: dict, a: str, b: str) -> bool:
    if a == b:
        return True
    for bloc in state["alliances"]["blocs"]:
        if a in bloc and b in bloc:
            return True
    return False


def enemies(state: dict, a: str, b: str) -> bool:
    return not allied(state, a, b)


def cooperating(state: dict, a: str, b: str) -> bool:
    """The same power, or a co-operating pair."""
    if a == b:
        return True
    for pair in state["alliances"]["cooperating"]:
        if a in pair and b in pair:
            return True
    return False
