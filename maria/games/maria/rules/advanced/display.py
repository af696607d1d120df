"""The political display and the three tracks as game state (R4.10, R4.12, R17.4, R17.6.2, R8.8):
the political deck, the TCs placed on the display and their influence, the track boxes and their
income icons, Saxony's status read from its track.

State: state["adv"]["pol"] = {"deck": [card ids, top last], "faceup": [ids], "discard": [ids],
"display": {power: [{"card", "up", "new"}]}, "trump": suit|None}; state["adv"]["tracks"] =
{track: box index}.  Queries and set-up only: no flow state lives here.
"""

from __future__ import annotations

from maria.games.maria.rules import cards
from maria.engine import rng
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.advanced import poldata


SUITS = ("hearts", "diamonds", "clubs", "spades")


def build_deck(state: dict) -> list[str]:
    """R4.12: four year decks shuffled separately, 1741 on top (the list's end is the top)."""
    allc = poldata.cards()
    deck = []
    for year in (1744, 1743, 1742, 1741):
        ids = sorted(c for c, d in allc.items() if d["year"] == year)
        rng.shuffle(state, ids)
        deck += ids
    return deck


def new_pol(state: dict) -> dict:
    disp = poldata.display()
    return {
        "deck": build_deck(state),
        "faceup": [],
        "discard": [],
        "trump": None,
        "display": {p: [] for p in disp["placement_order"]},
    }


def placement_order(state: dict) -> list[str]:
    return [p for p in poldata.display()["placement_order"] if R.role_of(state, p)]


def box(track: str, i: int) -> dict:
    return poldata.display()["tracks"][track]["boxes"][i]


def income_modifier(state: dict, power: str) -> int:
    """R8.8: icons under the markers, the Jacobite Rising, War of Jenkins' Ear, Saxony's own income."""
    a = state["adv"]
    n = 0
    for t in ("italy", "russia"):
        b = box(t, a["tracks"][t])
        if b.get("power") == power:
            n += {"tc_minus": -1, "tc_plus": 1}.get(b.get("icon", ""), 0)
    if power == "pragmatic_army" and a["jacobite"]:
        n -= 1
    ti = a["turn_income"]
    if ti.get("turn") == state["turn"]:
        n += ti.get(power, 0)
    return n


def saxony_state(state: dict) -> str:
    return box("saxony", state["adv"]["tracks"]["saxony"])["state"]


def entries(state: dict, p: str) -> list[dict]:
    return state["adv"]["pol"]["display"].setdefault(p, [])


def influence(state: dict, p: str) -> int:
    """R17.4.2/R17.4.3 (R25.3: only face-up cards count)."""
    return sum(16 if cards.is_reserve(e["card"]) else cards.value_of(e["card"]) for e in entries(state, p) if e["up"])


def influence_order(state: dict) -> list[str]:
    order = placement_order(state)
    return sorted(order, key=lambda p: (-influence(state, p), -order.index(p)))


def to_hand(state: dict, p: str, entries: list[dict]) -> None:
    for e in entries:
        state["cards"]["hands"].setdefault(p, []).append(e["card"])
    # every TC on the display was revealed at the influence phase (R17.4, R25.3): everybody saw
    # these cards go back into the hand
    cards.remember(state, p, [e["card"] for e in entries if e["up"] or e.get("seen")])


def discard_entries(state: dict, p: str, entries: list[dict]) -> None:
    for e in entries:
        state["cards"]["discards"][cards.deck_of(e["card"])].append(e["card"])
