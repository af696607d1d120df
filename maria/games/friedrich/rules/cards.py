"""FRIEDRICH's Tactical Cards (2005 rules §3, set-up §1/"Commencer", income cuts of §11): the
50-card deck make-up (4 suits x 2..13 + 2 Reserves), the first draw pile (one shuffled deck, the
other three set aside; no cards dealt), each nation's income and the TC phase (phase 1 of §2),
with France's discard of one of its four cards until the first of INDIA/AMERICA.  Drawing, deck
cycling and payment are the rules core's (maria.engine.deck).
"""

from __future__ import annotations

from maria.engine import deck, rng
from maria.engine.log import log
from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules.machine import Handler, pop, register, waiting_nation
from maria.games.friedrich.rules.state import IllegalAction, in_game, nation_title
from maria.games.friedrich.rules.state import Info


def deck_cards(n: int) -> list[str]:
    """One deck: every suit x 2..13 and two Reserves (ids as maria.engine.deck)."""
    out = [f"{n}:{s}{v}" for s in "HDCS" for v in T.CARD_VALUES]
    return out + [f"{n}:R{i}" for i in range(1, T.RESERVES_PER_DECK + 1)]


def new_cards(state: dict) -> dict:
    """Set-up: shuffle one deck as the draw pile, the other three wait in order; hands empty."""
    draw = deck_cards(1)
    rng.shuffle(state, draw)
    return {
        "draw": draw,
        "aside": [deck_cards(d) for d in range(2, T.DECKS + 1)],
        "discards": {str(d): [] for d in range(1, T.DECKS + 1)},
        "hands": {n: [] for n in T.NATIONS},
    }


def value(card: str) -> int:
    """Paying value (§10): the printed value; a Reserve its highest, 10."""
    return deck.value_of(card, T.RESERVE_PAY_VALUE)


def pay_value(cards: list[str]) -> int:
    return deck.pay_value(cards, T.RESERVE_PAY_VALUE)


def income(state: dict, nation: str) -> tuple[int, int]:
    """§3 and §11: (cards drawn, cards France must discard at once)."""
    fate = state["fate"]
    if nation == "prussia":
        return max(T.PRUSSIA_INCOME_FLOOR, T.INCOME["prussia"] - T.SUBSIDY_CUT * fate["subsidy_cuts"]), 0
    if nation == "hanover":
        return (1 if "france" in state["left"] else 2), 0
    if nation == "austria":
        return (4 if fate["colonies"] >= 1 else 5), 0
    if nation == "france":
        return (3, 0) if fate["colonies"] >= 1 else (4, 1)
    return T.INCOME[nation], 0


def discard_cards(state: dict, nation: str, cards: list[str]) -> None:
    deck.discard(state, nation, cards)


@register("tc")
class TCPhase(Handler):
    """Phase 1: the nation draws its income; France then discards one of the cards it just drew
    (ruling: its own choice among those)."""

    @staticmethod
    def auto(state: dict, info: Info, frame: dict) -> bool:
        if "drawn" in frame:
            return False
        nation = frame["nation"]
        n, discard = income(state, nation)
        got = deck.draw(state, nation, n)
        log(state, f"{nation_title(nation)} draws {len(got)} Tactical Card{'s' if len(got) != 1 else ''}.", nation)
        if discard and got:
            frame["drawn"] = sorted(got)
            return False
        pop(state)
        return True

    @staticmethod
    def waiting(state: dict, info: Info, frame: dict) -> list[str]:
        return waiting_nation(state, frame["nation"]) if "drawn" in frame else []

    @staticmethod
    def prompt(state: dict, info: Info, frame: dict, role: str) -> list[dict]:
        if role not in TCPhase.waiting(state, info, frame):
            return []
        return [{"type": "discard", "card": c} for c in frame["drawn"] if c in state["cards"]["hands"][frame["nation"]]]

    @staticmethod
    def act(state: dict, info: Info, frame: dict, role: str, action: dict) -> None:
        if action not in TCPhase.prompt(state, info, frame, role):
            raise IllegalAction("France discards one of the four cards it has just drawn.")
        discard_cards(state, frame["nation"], [action["card"]])
        log(state, "France sets one card aside for its war overseas (§3).", "france")
        pop(state)


def nation_active(state: dict, nation: str) -> bool:
    return in_game(state, nation)
