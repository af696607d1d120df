"""The card duel's arithmetic of the rules core (the same in both games): one
score from the attacker's point of view (troop difference, then every card played added for its
side); the side below zero must play or lose, and the right to play passes once it is back at
zero or above; a side at zero may stop for a tie only without a card of its suit.  Frame keys:
"score" (attacker's view), "right" ("att" | "def"), "played" (the cards, in order).
"""

from __future__ import annotations

from typing import Iterable

from maria.engine import deck


def side_score(frame: dict, side: str) -> int:
    """The duel's score from `side`'s point of view ("att" or "def")."""
    return frame["score"] if side == "att" else -frame["score"]


def add_card(frame: dict, side: str, value: int) -> int:
    """`side` plays a card worth `value`: the new score from its point of view."""
    frame["score"] += value if side == "att" else -value
    return side_score(frame, side)


def opening(score: int) -> dict:
    """A new duel's keys: the initial `score` (attacker's view) and the right to play, which is the
    side below zero (the attacker at a draw); no card played yet."""
    return {"score": score, "right": "def" if score > 0 else "att", "played": []}


def other_side(side: str) -> str:
    return "def" if side == "att" else "att"


def play_card(frame: dict, side: str, card: str, value: int) -> int:
    """`side` plays `card` for `value`: it is recorded, and the right passes to the other side once
    the score from `side`'s point of view is back at zero or above.  Returns that score."""
    s = add_card(frame, side, value)
    frame["played"].append({"side": side, "card": card, "value": value})
    if s >= 0:
        frame["right"] = other_side(side)
    return s


def stop_kind(frame: dict, side: str, holds_suited: bool) -> str | None:
    """How `side` may stop: "defeat" below zero; "tie" at zero, unless it holds a card of its suit,
    which it must play (None)."""
    if side_score(frame, side) < 0:
        return "defeat"
    return None if holds_suited else "tie"


def suited_cards(hand: list[str], suit: str) -> list[str]:
    """The cards of `hand` a side may play at their face value: those of its sector's suit, sorted."""
    return sorted(c for c in hand if deck.suit_of(c) == suit)


def reserve_choices(hand: list[str], values: Iterable[int]) -> list[dict]:
    """Every Reserve of `hand` at every value the game allows, as play_card actions."""
    return [
        {"type": "play_card", "card": c, "value": v}
        for c in sorted(c for c in hand if deck.is_reserve(c))
        for v in values
    ]
