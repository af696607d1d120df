"""Tactical cards (R4.6, R8): MARIA's four decks of 38 cards, the set-up of the draw deck, TC income
(R8.1, R8.2, R14.2); drawing, deck cycling and payment are the rules core's (maria.engine.deck).

Deck make-up (inferred, docs/rulings.md RUL-01): each of the 4 decks holds the 36 numbered cards
(hearts, diamonds, clubs, spades x 2..10) plus 2 Reserves = 38.  Card ids: "<deck>:<suit letter>
<value>" (e.g. "1:H7") or "<deck>:R1"/"<deck>:R2".
"""

from __future__ import annotations

from maria.games.maria.rules import hooks
from maria.engine import rng

# the deck machinery of the rules core (card ids, drawing with cycling, payment; cards.X keeps working)
from maria.engine.deck import (
    LETTER_OF,
    RESERVE_PAY_VALUE,
    SUIT_LETTERS,
    _refill,
    deck_of,
    discard,
    draw,
    forget,
    hand_value,
    is_reserve,
    label,
    labels,
    minimal_payment_ok,
    pay_value,
    remember,
    suggest_payment,
    suit_of,
    value_of,
)
from maria.games.maria.rules import roles as R

DECKS = 4
CARDS_PER_DECK = 38


def deck_cards(deck: int) -> list[str]:
    out = [f"{deck}:{s}{v}" for s in "HDCS" for v in range(2, 11)]
    return out + [f"{deck}:R1", f"{deck}:R2"]


def new_cards(state: dict) -> dict:
    """R4.6: shuffle one deck as the draw deck; the other three are set aside in order."""
    deck = deck_cards(1)
    rng.shuffle(state, deck)
    return {
        "draw": deck,
        "aside": [deck_cards(d) for d in range(2, DECKS + 1)],
        "discards": {str(d): [] for d in range(1, DECKS + 1)},
        "hands": {},
    }


def income(state: dict, power: str, subsidy: bool) -> int:
    """R8.1, R8.2, R14.2 (France -2 in the introductory game)."""
    n = R.INCOME[power]
    if power == "france" and not subsidy:
        n += 1
    if power == "bavaria" and not subsidy:
        n -= 1
    if power == "france" and state["variant"] == "intro":
        n -= 2
    if state["variant"] == "advanced":
        n = hooks.call("income_modifier", state, power, n)  # R19.3.8, R17
    return max(n, 0)


def total_cards(state: dict) -> int:
    c = state["cards"]
    n = (
        len(c["draw"])
        + sum(len(d) for d in c["aside"])
        + sum(len(d) for d in c["discards"].values())
        + sum(len(h) for h in c["hands"].values())
    )
    if state.get("adv"):
        n += sum(len(e) for e in state["adv"]["pol"]["display"].values())  # the political display
    return n
