"""Recruitment and re-entry (2005 rules §10, with the caps of §6): during its movement phase a
nation buys armies (6 TC points each) for generals on the map or coming back, brings back
removed generals (free, but each with at least one new army) and destroyed trains (6 points), on
its depot cities (a general also onto its own generals there, up to §4's stack of 3; a train on
a free one); if every depot is occupied by enemy pieces, on one substitute city of its area,
and armies and trains then cost 8.  Cards of any suit pay, by value, no change given.  Its armies
never exceed its starting number.  A piece that came back may not move this turn (§10).

The action is templated (maria.engine.door): {"type": "recruit", "armies": {general: n},
"enter": {piece: city}, "cards": [card ids]}.
"""

from __future__ import annotations

from maria.engine import deck
from maria.engine.log import log
from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules.cards import pay_value
from maria.games.friedrich.rules.state import (
    IllegalAction,
    armies_total,
    cap_of,
    generals_at,
    mod_active,
    nation_at,
    nation_name,
    nation_title,
    occupied,
    place_general,
    place_train,
)
from maria.games.friedrich.rules.state import Info


def depots_lost(state: dict, info: Info, nation: str) -> bool:
    """§10: every depot city of the nation is occupied by enemy pieces."""
    deps = info.board.depots.get(nation, [])
    return bool(deps) and all((held := nation_at(state, c)) is not None and T.opponents(held, nation) for c in deps)


def price(state: dict, info: Info, nation: str) -> int:
    return T.PRICE_DEPOTS_LOST if depots_lost(state, info, nation) else T.ARMY_PRICE


def _room_for_general(state: dict, city: str, nation: str) -> bool:
    """§4: a city holds one piece, or a stack of up to 3 generals of one nation."""
    gs = generals_at(state, city)
    return not occupied(state, city) or (
        bool(gs) and state["generals"][gs[0]]["nation"] == nation and len(gs) < T.STACK_MAX
    )


def entry_cities(state: dict, info: Info, nation: str, general: bool = True) -> list[str]:
    """Where a removed piece may come back now: a depot city (§10 « à partir des CITES
    ENTREPOTS »), free or, for a general, holding fewer than 3 generals of its nation (§4's
    stack; ruling Q6); with every depot enemy-held, a city of the substitute area, and only the
    one city once chosen (ruling: one city for the whole game)."""
    if not depots_lost(state, info, nation):
        cities = info.board.depots.get(nation, [])
    else:
        chosen = state["substitute"].get(nation)
        cities = [chosen] if chosen else info.board.reentry_areas.get(nation, [])
    if general:
        return sorted(c for c in cities if _room_for_general(state, c, nation))
    return sorted(c for c in cities if not occupied(state, c))


def _off_map(state: dict, nation: str) -> tuple[list[str], list[str]]:
    gens = sorted(
        g for g, p in state["generals"].items() if p["nation"] == nation and p["city"] is None and not p["out"]
    )
    trains = sorted(
        t for t, p in state["trains"].items() if p["nation"] == nation and p["city"] is None and not p["out"]
    )
    return gens, trains


def template(state: dict, info: Info, nation: str) -> dict | None:
    """The recruit template, or None when nothing at all could be bought or brought back."""
    p = price(state, info, nation)
    hand = state["cards"]["hands"].get(nation, [])
    if pay_value(hand) < p:
        return None
    room = cap_of(state, info, nation) - armies_total(state, nation)
    gens, trains = _off_map(state, nation)
    entry = entry_cities(state, info, nation)
    train_entry = entry_cities(state, info, nation, general=False)
    can_take = {
        g: T.ARMIES_MAX - q["armies"]
        for g, q in sorted(state["generals"].items())
        if q["nation"] == nation and q["city"] is not None and q["armies"] < T.ARMIES_MAX
    }
    if state["mods"]:  # §13 Fate 7 hearts: Frederick gets no new army
        gens = [g for g in gens if not mod_active(state, "no_new_armies", general=g)]
        can_take = {g: n for g, n in can_take.items() if not mod_active(state, "no_new_armies", general=g)}
    if entry:
        can_take.update({g: T.ARMIES_MAX for g in gens})
    if not ((room > 0 and can_take) or (trains and train_entry)):
        return None
    return {
        "type": "recruit",
        "nation": nation,
        "armies": "choose",
        "enter": "choose",
        "cards": "choose",
        "price": p,
        "room": room,
        "generals": can_take,
        "entry": {
            **({g: entry for g in gens} if entry else {}),
            **({x: train_entry for x in trains} if train_entry else {}),
        },
    }


def apply(state: dict, info: Info, nation: str, action: dict) -> None:
    """Check a filled recruit action and carry it out (the same code that the template offers)."""
    t = template(state, info, nation)
    if t is None:
        raise IllegalAction(
            f"{nation_name(nation)} cannot recruit now (too few card points, no room "
            "under its army total, or nowhere to come back)."
        )
    armies, enter, cards = action.get("armies"), action.get("enter"), action.get("cards")
    if not isinstance(armies, dict) or not isinstance(enter, dict) or not isinstance(cards, list):
        raise IllegalAction("A recruitment names armies per general, pieces coming back and the cards paid.")
    if set(action) - {"type", "nation", "armies", "enter", "cards", "price", "room", "generals", "entry"}:
        raise IllegalAction("Unknown fields in the recruitment.")
    gens_off, trains_off = _off_map(state, nation)
    used: dict[str, list[str]] = {}
    for piece, city in enter.items():
        if piece not in gens_off and piece not in trains_off:
            raise IllegalAction(f"{piece!r} is not one of {nation_name(nation)}'s removed pieces.")
        if piece not in t["entry"]:
            what = state["generals"][piece]["name"] if piece in gens_off else "A supply train"
            if piece in gens_off and mod_active(state, "no_new_armies", general=piece):
                raise IllegalAction(f"{what} may not receive new armies this turn (Fate), so cannot come back (§10).")
            raise IllegalAction(
                f"{what} cannot come back now: no depot city of {nation_name(nation)} has room "
                "(§10; a city holds one piece or a stack of up to 3 generals of one nation, §4)."
            )
        if city not in t["entry"][piece]:
            raise IllegalAction(
                "A general comes back on a depot city of its nation that is free or holds fewer "
                "than 3 of its generals; a supply train on a free one (§4, §10)."
            )
        used.setdefault(city, []).append(piece)
    for city, pieces in used.items():
        if any(x in trains_off for x in pieces) and len(pieces) > 1:
            raise IllegalAction("A supply train comes back alone in its city (§4: one piece per city).")
        if len(generals_at(state, city)) + len(pieces) > T.STACK_MAX:
            raise IllegalAction("At most 3 generals of one nation stand in a city (§4).")
    if depots_lost(state, info, nation) and len(used) > 1:
        raise IllegalAction("Only one substitute city may be used (§10).")
    total_new = 0
    for g, n in armies.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise IllegalAction("Each general named receives at least one new army.")
        on_board = g in state["generals"] and state["generals"][g]["city"] is not None
        if g not in enter and not (on_board and g in t["generals"]):
            raise IllegalAction(
                f"{g!r} cannot receive armies now: new armies go to generals of the "
                "nation on the map or coming back in this recruitment (§10)."
            )
        have = 0 if g in enter else state["generals"][g]["armies"]
        if have + n > T.ARMIES_MAX:
            raise IllegalAction("A general never commands more than 8 armies (§6).")
        total_new += n
    for g in enter:
        if g in gens_off and armies.get(g, 0) < 1:
            raise IllegalAction("A general comes back free, but with at least one new army (§10).")
    if total_new > t["room"]:
        raise IllegalAction(
            f"{nation_name(nation)} may not have more armies than it started with ({cap_of(state, info, nation)}, §6)."
        )
    n_trains = sum(1 for x in enter if x in trains_off)
    cost = t["price"] * (total_new + n_trains)
    if cost == 0:
        raise IllegalAction("A recruitment buys at least one army or train.")
    hand = state["cards"]["hands"].get(nation, [])
    if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
        raise IllegalAction("Pay with cards of your own hand, each once.")
    if not deck.minimal_payment_ok(cards, cost, T.RESERVE_PAY_VALUE):
        raise IllegalAction(
            f"The price is {cost} TC points: pay at least that, with no card that is "
            "not needed (no change is given, §10)."
        )
    deck.discard(state, nation, cards)
    for piece, city in sorted(enter.items()):
        if piece in gens_off:
            # §9: a general joining a face-down one is face-down at once
            state["generals"][piece]["face_down"] = any(
                state["generals"][g]["face_down"] for g in generals_at(state, city)
            )
            place_general(state, piece, city)
        else:
            place_train(state, piece, city)
        state["reentered"].append(piece)
        if depots_lost(state, info, nation) and city not in info.board.depots.get(nation, []):
            state["substitute"][nation] = city
    for g, n in armies.items():
        state["generals"][g]["armies"] += n
        state["recruited"].append(g)
    back = [state["generals"][x]["name"] if x in gens_off else "a supply train" for x in sorted(enter)]
    log(
        state,
        f"{nation_title(nation)} pays {pay_value(cards)} TC points: {total_new} new "
        f"arm{'ies' if total_new != 1 else 'y'}" + (f"; back in play: {', '.join(back)}" if back else "") + ".",
        nation,
        sorted(enter.values()),
    )
