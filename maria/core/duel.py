"""The card duel's arithmetic of the rules core (MARIA R11.4-R11.8, the same in FRIEDRICH): one
score from the attacker's point of view (troop difference, then every card played added for its
side); the side below zero must play or lose, and the right to play passes once it is back at
zero or above.  Frame keys: "score" (attacker's view), "right" ("att" | "def").
"""

from __future__ import annotations


def side_score(frame: dict, side: str) -> int:
    """The duel's score from `side`'s point of view ("att" or "def")."""
    return frame["score"] if side == "att" else -frame["score"]


def add_card(frame: dict, side: str, value: int) -> int:
    """`side` plays a card worth `value`: the new score from its point of view."""
    frame["score"] += value if side == "att" else -value
    return side_score(frame, side)
