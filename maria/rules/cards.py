"""Tactical cards (R8): decks, drawing, deck cycling, income, paying costs.

Deck make-up (inferred, docs/rulings.md RUL-01): each of the 4 decks holds the 36 numbered cards
(hearts, diamonds, clubs, spades x 2..10) plus 2 Reserves = 38.  Card ids: "<deck>:<suit letter>
<value>" (e.g. "1:H7") or "<deck>:R1"/"<deck>:R2".
"""

from __future__ import annotations

from maria.rules import hooks
from maria.core import rng
from maria.rules import roles as R

SUIT_LETTERS = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}
LETTER_OF = {v: k for k, v in SUIT_LETTERS.items()}
DECKS = 4
CARDS_PER_DECK = 38
RESERVE_PAY_VALUE = 8  # RUL-02: a Reserve used to pay is worth its declared value, 1..8 (so 8)


def deck_cards(deck: int) -> list[str]:
    out = [f"{deck}:{s}{v}" for s in "HDCS" for v in range(2, 11)]
    return out + [f"{deck}:R1", f"{deck}:R2"]


def deck_of(card: str) -> str:
    return card.split(":", 1)[0]


def is_reserve(card: str) -> bool:
    return card.split(":", 1)[1].startswith("R")


def suit_of(card: str) -> str | None:
    face = card.split(":", 1)[1]
    return None if face.startswith("R") else SUIT_LETTERS[face[0]]


def value_of(card: str) -> int:
    face = card.split(":", 1)[1]
    return RESERVE_PAY_VALUE if face.startswith("R") else int(face[1:])


def label(card: str) -> str:
    """A card as players name it in the log: "7 of hearts", "Reserve"."""
    return "Reserve" if is_reserve(card) else f"{value_of(card)} of {suit_of(card)}"


def labels(cards: list[str]) -> str:
    return ", ".join(label(c) for c in cards)


def pay_value(cards: list[str]) -> int:
    return sum(value_of(c) for c in cards)


def new_cards(state: dict) -> dict:
    """R4.6: shuffle one deck as the draw deck; the other three are set aside in order."""
    draw = deck_cards(1)
    rng.shuffle(state, draw)
    return {"draw": draw, "aside": [deck_cards(d) for d in range(2, DECKS + 1)],
            "discards": {str(d): [] for d in range(1, DECKS + 1)},
            "hands": {}}


def _refill(state: dict) -> bool:
    """R8.6: next set-aside deck, else shuffle together the two fullest discard piles."""
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
# (revealed TCs returning from the political display, R17.4 / R17.5.4) and still there.  Public:
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


def minimal_payment_ok(cards: list[str], amount: int) -> bool:
    """R8.7: enough to cover the amount, and no card could be left out (no pointless overpayment)."""
    total = pay_value(cards)
    if total < amount:
        return False
    return all(total - value_of(c) < amount for c in cards)


def suggest_payment(hand: list[str], amount: int) -> list[str] | None:
    """A minimal payment (largest cards first, then drop what is not needed); None if impossible."""
    if pay_value(hand) < amount:
        return None
    chosen = []
    for c in sorted(hand, key=lambda c: (-value_of(c), c)):
        if pay_value(chosen) >= amount:
            break
        chosen.append(c)
    for c in sorted(chosen, key=lambda c: (value_of(c), c)):
        if pay_value(chosen) - value_of(c) >= amount:
            chosen.remove(c)
    return chosen


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
        n = hooks.call("income_modifier", state, power, n)            # R19.3.8, R17
    return max(n, 0)


def total_cards(state: dict) -> int:
    c = state["cards"]
    n = (len(c["draw"]) + sum(len(d) for d in c["aside"]) + sum(len(d) for d in c["discards"].values())
         + sum(len(h) for h in c["hands"].values()))
    if state.get("adv"):
        n += sum(len(e) for e in state["adv"]["pol"]["display"].values())   # the political display
    return n
