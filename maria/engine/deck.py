"""Tactical-card decks of the rules core (no game's powers): card ids, drawing with deck cycling
(the next set-aside deck, then the two fullest discard piles shuffled together), discards, payment
by value with no change given, and the public memory of cards seen going into a hand.  A game
supplies its decks' make-up (card values, Reserves: the ids below), the paying value of a Reserve
(`reserve_value`; the default is the smaller of the two games' values) and its income.

Card ids: "<deck>:<suit letter><value>" (e.g. "1:H7") or "<deck>:R1"/"<deck>:R2" for Reserves.
State: state["cards"] = {"draw": [ids, top last], "aside": [[ids] per deck], "discards": {deck: [ids]},
"hands": {power: [ids]}, "known": {power: [ids]}}.
"""

from __future__ import annotations

from maria.engine import rng

SUIT_LETTERS = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}
LETTER_OF = {v: k for k, v in SUIT_LETTERS.items()}
RESERVE_PAY_VALUE = 8  # a Reserve pays its highest declared value: 8 unless the game passes its own


def deck_of(card: str) -> str:
    return card.split(":", 1)[0]


def is_reserve(card: str) -> bool:
    return card.split(":", 1)[1].startswith("R")


def suit_of(card: str) -> str | None:
    face = card.split(":", 1)[1]
    return None if face.startswith("R") else SUIT_LETTERS[face[0]]


def value_of(card: str, reserve_value: int = RESERVE_PAY_VALUE) -> int:
    """A card's value when paying; a Reserve counts `reserve_value` (the game's highest Reserve value)."""
    face = card.split(":", 1)[1]
    return reserve_value if face.startswith("R") else int(face[1:])


def label(card: str) -> str:
    """A card as players name it in the log: "7 of hearts", "Reserve"."""
    return "Reserve" if is_reserve(card) else f"{value_of(card)} of {suit_of(card)}"


def labels(cards: list[str]) -> str:
    return ", ".join(label(c) for c in cards)


def pay_value(cards: list[str], reserve_value: int = RESERVE_PAY_VALUE) -> int:
    return sum(value_of(c, reserve_value) for c in cards)


def _refill(state: dict) -> bool:
    """The next set-aside deck, else the two fullest discard piles shuffled together."""
    cards = state["cards"]
    if cards["aside"]:
        new = cards["aside"].pop(0)
    else:
        piles = sorted(cards["discards"], key=lambda d: (-len(cards["discards"][d]), int(d)))[:2]
        new = []
        for d in piles:
            new += cards["discards"][d]
            cards["discards"][d] = []
    if not new:
        return False
    rng.shuffle(state, new)
    cards["draw"] = new
    return True


def draw(state: dict, power: str, n: int) -> list[str]:
    """Draw n cards into power's hand (fewer only if every card is in hands)."""
    cards = state["cards"]
    got = []
    for _ in range(n):
        if not cards["draw"] and not _refill(state):
            break
        got.append(cards["draw"].pop())
    cards["hands"].setdefault(power, []).extend(got)
    state["undo"] = []  # a draw is an undo barrier
    return got


def discard(state: dict, power: str, card_ids: list[str]) -> None:
    hand = state["cards"]["hands"][power]
    for c in card_ids:
        hand.remove(c)
        state["cards"]["discards"][deck_of(c)].append(c)
    forget(state, power, card_ids)


# --- what every player knows about the other hands --------------------------------------------
# state["cards"]["known"] = {power: [card ids]}: cards everybody has seen go into that power's hand
# (cards returning to a hand from a game's display) and still there.  Public:
# a player with a perfect memory knows it, so the view shows it and computer players use it.


def remember(state: dict, power: str, card_ids: list[str]) -> None:
    if not card_ids:
        return
    known = state["cards"].setdefault("known", {}).setdefault(power, [])
    known.extend(c for c in card_ids if c not in known)


def forget(state: dict, power: str, card_ids: list[str]) -> None:
    """The cards left the hand (played, paid, or placed face-down: then nobody knows where)."""
    known = state["cards"].get("known", {}).get(power)
    if known:
        known[:] = [c for c in known if c not in card_ids]
        if not known:
            del state["cards"]["known"][power]


def hand_value(state: dict, power: str) -> int:
    return pay_value(state["cards"]["hands"].get(power, []))


def minimal_payment_ok(cards: list[str], amount: int, reserve_value: int = RESERVE_PAY_VALUE) -> bool:
    """Enough to cover the amount, and no card could be left out (no pointless overpayment)."""
    total = pay_value(cards, reserve_value)
    if total < amount:
        return False
    return all(total - value_of(c, reserve_value) < amount for c in cards)


def suggest_payment(hand: list[str], amount: int, reserve_value: int = RESERVE_PAY_VALUE) -> list[str] | None:
    """A minimal payment (largest cards first, then drop what is not needed); None if impossible."""

    def v(c: str) -> int:
        return value_of(c, reserve_value)

    if pay_value(hand, reserve_value) < amount:
        return None
    chosen: list[str] = []
    for c in sorted(hand, key=lambda c: (-v(c), c)):
        if pay_value(chosen, reserve_value) >= amount:
            break
        chosen.append(c)
    for c in sorted(chosen, key=lambda c: (v(c), c)):
        if pay_value(chosen, reserve_value) - v(c) >= amount:
            chosen.remove(c)
    return chosen
