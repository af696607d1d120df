"""FRIEDRICH: a full state consistent with one role's view (door.view), for the search's play-outs.
What the view hides is drawn at random (maria.players.resample does the same for MARIA): the other
nations' hands (their sizes are public) and the draw pile from the cards nobody has seen, France's
fresh cards when another role looks, the other nations' army allocations (1-8 per general summing
to the public nation totals, §6), the order of the Clock of Fate's unseen cards, and the generator
of chance.  Everything the view shows is kept, so view(resample(view(s, r)), r) == view(s, r)."""

from __future__ import annotations

import random

from maria.engine import rng as core_rng
from maria.engine.state import copy_state
from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules.cards import deck_cards
from maria.games.friedrich.rules.fate import new_fate  # noqa: F401  (the fate deck's make-up)


def _fate_ids() -> list[str]:
    from maria.games.friedrich.rules.fate import HISTORICAL

    return list(HISTORICAL) + [str(n) for n in range(1, 13)]


def _split(total: int, n: int, rnd: random.Random) -> list[int]:
    out = [T.ARMIES_MIN] * n
    rest = total - T.ARMIES_MIN * n
    while rest > 0:
        room = [i for i in range(n) if out[i] < T.ARMIES_MAX]
        if not room:
            break
        out[rnd.choice(room)] += 1
        rest -= 1
    return out


def resample(view: dict, role: str, seed: int) -> dict:
    """A full state the role cannot tell from the real one (see the module note)."""
    rnd = random.Random(seed)
    s = copy_state(view)
    mine = set(view["roles"].get(role, []))
    cards = s["cards"]
    n_aside = list(view["cards"]["aside"])
    first_aside = 1 + T.DECKS - len(n_aside)  # the set-aside decks are taken in order
    aside = [deck_cards(d) for d in range(first_aside, T.DECKS + 1)]
    seen = set()
    for h in cards["hands"].values():
        seen.update(h)
    for d in cards["discards"].values():
        seen.update(d)
    for d in aside:
        seen.update(d)
    # §13: the Offensive Option's card is face-up: laid out, or in Austria's hand once claimed
    adv = s.get("adv") or {}
    oo = adv.get("oo_card")
    oo_with_austria = bool(oo) and adv.get("oo_claimed") and oo not in seen
    if oo:
        seen.add(oo)
    pool = [c for d in range(1, T.DECKS + 1) for c in deck_cards(d) if c not in seen]
    rnd.shuffle(pool)
    counts = view["cards"]["hand_counts"]
    hands = {}
    for n in T.NATIONS:
        if n in mine:
            hands[n] = list(cards["hands"][n])
        else:
            k = counts.get(n, 0)
            if n == "austria" and oo_with_austria and k:
                hands[n], pool = [oo] + pool[: k - 1], pool[k - 1 :]
                continue
            hands[n], pool = pool[:k], pool[k:]
    # France's fresh cards (another role's TC phase): they are in France's hand already
    for frame in s["flow"]:
        if frame["name"] == "tc" and isinstance(frame.get("drawn"), int):
            k = frame["drawn"]
            frame["drawn"] = sorted(hands[frame["nation"]][-k:]) if k else []
    cards["hands"] = hands
    ndraw = view["cards"]["draw"]
    cards["draw"], rest = pool[:ndraw], pool[ndraw:]
    assert not rest, "card count mismatch while resampling"
    cards["aside"] = aside
    cards.pop("hand_counts", None)
    # armies of other nations' generals
    for n in T.NATIONS:
        if n in mine:
            continue
        gids = sorted(g for g, p in s["generals"].items() if p["nation"] == n)
        on = [g for g in gids if s["generals"][g]["city"] is not None]
        for g in gids:
            if s["generals"][g]["city"] is None:
                s["generals"][g]["armies"] = 0
        total = int(view["army_totals"].get(n, 0))
        if on and total < len(on) * T.ARMIES_MIN:  # its sheet is not filled in yet (§6)
            for g in on:
                s["generals"][g]["armies"] = 0
        elif on:
            split = _split(total, len(on), rnd)
            for g, v in zip(on, split):
                s["generals"][g]["armies"] = v
    s.pop("army_totals", None)
    # the Clock of Fate: unseen cards shuffled above the seen ones (drawn cards go under, §11)
    fate = s["fate"]
    seen_f = list(fate["seen"])
    unseen = [c for c in _fate_ids() if c not in seen_f]
    rnd.shuffle(unseen)
    fate["deck"] = unseen + seen_f
    # Fate 8's options, hidden from other roles: Prussian generals with fewer than 8 armies
    for frame in s["flow"]:
        if frame["name"] == "fate_choice" and isinstance(frame.get("options"), int):
            opts = sorted(
                g
                for g, p in s["generals"].items()
                if p["nation"] == "prussia" and p["city"] is not None and p["armies"] < T.ARMIES_MAX
            )
            frame["options"] = opts or [g for g, p in s["generals"].items() if p["nation"] == "prussia"][:1]
    s["rng"] = core_rng.seed_state(rnd.randrange(2**31))
    s["undo"] = []
    return s
