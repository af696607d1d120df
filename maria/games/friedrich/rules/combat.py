"""Combat and retreat (2005 rules §7 and §8, losses per §6): at the start of the combat phase
every active general or stack next to an enemy general must attack it, one combat after another
in the order the active player picks; the card duel (maria.engine.duel: initial score = army
difference, the side below zero plays cards of its own sector's suit or a Reserve valued 1..10,
the right passes once it reaches zero or more; at zero a side holding a card of its suit must play
it, else it may stop for a tie); the loser loses the final negative score in armies (at most what
it has), generals below the minimum go from the bottom of the stack, and the rest retreat as many
cities as armies lost, along a route the winner picks ending as far as possible from the winning
general, never through or into another piece nor twice into a city, the start city entered at most
once (maria.engine.graph.retreat_ends);
unable to retreat the whole way, it loses every army.  A general that retreated neither attacks
nor is attacked again in that phase.
"""

from __future__ import annotations

from typing import Any, Callable

from maria.engine import deck, duel
from maria.engine.duel import side_score
from maria.engine.graph import retreat_ends
from maria.engine.log import log
from maria.games.friedrich.rules import hooks
from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules.conquest import drop_lapsed_candidates
from maria.games.friedrich.rules.machine import Handler, pop, push, register, waiting_nation
from maria.games.friedrich.rules.state import (
    IllegalAction,
    generals_at,
    mod_active,
    names,
    nation_name,
    nation_title,
    place_general,
    remove_general,
    stack_armies,
)
from maria.games.friedrich.rules.state import Info


def _unit_ok(state: dict, city: str, nation_test: Callable[[str], bool], retreated: list[str]) -> list[str]:
    gs = generals_at(state, city)
    if not gs or not nation_test(state["generals"][gs[0]]["nation"]) or any(g in retreated for g in gs):
        return []
    return gs


def due_combats(state: dict, info: Info, frame: dict) -> list[list[str]]:
    """The combats still to fight: [attacker city, defender city] (§7)."""
    nation = frame["nation"]
    out = []
    for a in frame["due"]:
        att = _unit_ok(state, a[0], lambda n: n == nation, frame["retreated"])
        dfn = _unit_ok(state, a[1], lambda n: T.opponents(n, nation), frame["retreated"])
        if att and dfn and a not in frame["fought"]:
            out.append(a)
    return out


def _may_attack(state: dict, gids: list[str]) -> bool:
    # §11 Fate: a general who "may not take part in an attack" keeps his whole stack from it
    # (a stack fights as one piece, §7); a Prussian who received new armies under card 10
    return not any(mod_active(state, "no_attack", general=g) for g in gids) and not any(
        mod_active(state, "recruits_no_attack", nation=state["generals"][g]["nation"]) and g in state["recruited"]
        for g in gids
    )


def _barred_by_fate(state: dict, info: Info, gs: list[str], city: str, target: str) -> bool:
    """§13 Fate cards barring an attack next turn: 3 diamonds (nobody attacks into or out of
    Halle), 3 hearts (Soubise and Hildburghausen not with the same suit: the second may not
    attack from a sector of the suit the first attacked with, ruling F13-4)."""
    for m in state["mods"]:
        if m["turn"] != state["turn"]:
            continue
        if m["kind"] == "truce_city" and m["city"] in (city, target):
            return True
        if m["kind"] == "different_suits" and any(g in m["generals"] for g in gs):
            suit = info.suit(city)
            if any(f"attack_suit:{o}:{suit}" in state["fate"]["used"] for o in m["generals"] if o not in gs):
                return True
    return False


def find_due(state: dict, info: Info, nation: str) -> list[list[str]]:
    """At the start of the phase: every active unit next to an enemy general (§7)."""
    out = []
    for city, gs in sorted(state["city_generals"].items()):
        if state["generals"][gs[0]]["nation"] != nation or not _may_attack(state, gs):
            continue
        for n in sorted(info.graph.nbrs[city]):
            other = generals_at(state, n)
            if (
                other
                and T.opponents(state["generals"][other[0]]["nation"], nation)
                and not (state["mods"] and _barred_by_fate(state, info, gs, city, n))
            ):
                out.append([city, n])
    return out


@register("combat")
class CombatPhase(Handler):
    @staticmethod
    def auto(state: dict, info: Info, frame: dict) -> bool:
        if "due" not in frame:
            frame["due"] = find_due(state, info, frame["nation"])
            drop_lapsed_candidates(state, info)  # §5: retroactive only through this phase
        if not due_combats(state, info, frame):
            pop(state)
            return True
        return False

    @staticmethod
    def waiting(state: dict, info: Info, frame: dict) -> list[str]:
        return waiting_nation(state, frame["nation"])

    @staticmethod
    def prompt(state: dict, info: Info, frame: dict, role: str) -> list[dict]:
        if role not in CombatPhase.waiting(state, info, frame):
            return []
        return [{"type": "attack", "from": a, "to": d} for a, d in due_combats(state, info, frame)]

    @staticmethod
    def act(state: dict, info: Info, frame: dict, role: str, action: dict) -> None:
        a, d = action["from"], action["to"]
        frame["fought"].append([a, d])
        for m in state["mods"]:  # §13 Fate 3 hearts: remember the suit used
            if m["kind"] == "different_suits" and m["turn"] == state["turn"]:
                for g in generals_at(state, a):
                    if g in m["generals"]:
                        state["fate"]["used"].append(f"attack_suit:{g}:{info.suit(a)}")
        if offer_evade(state, info, a, d):  # §13 Fate 8 clubs: Prussia may fall back first
            return
        start_duel(state, info, a, d)


def start_duel(state: dict, info: Info, a: str, d: str) -> None:
    att, dfn = generals_at(state, a), generals_at(state, d)
    an, dn = state["generals"][att[0]]["nation"], state["generals"][dfn[0]]["nation"]
    at, dt = stack_armies(state, att), stack_armies(state, dfn)
    score = at - dt
    state["undo"] = []
    log(
        state,
        f"{names(state, att)} ({at}) attacks {names(state, dfn)} ({dt}): initial score "
        f"{score:+d} for {nation_name(an)} (§7).",
        an,
        [a, d],
    )
    push(
        state,
        {
            "name": "duel",
            "att_city": a,
            "def_city": d,
            "att": att,
            "def": dfn,
            "att_nation": an,
            "def_nation": dn,
            "att_suit": info.suit(a),
            "def_suit": info.suit(d),
            **duel.opening(score),
        },
    )


def _card_value(state: dict, frame: dict, side: str, card: str, declared: Any, double: bool) -> int:
    v = int(declared) if deck.is_reserve(card) else deck.value_of(card)
    nation = frame[side + "_nation"]
    if double:
        v *= 2  # §11 card 11: Seydlitz at double value once
        state["fate"]["used"].append("seydlitz")
    if (
        any(mod_active(state, "first_card_zero", general=g) for g in frame[side])
        and side == "def"
        and "first_card_zero" not in state["fate"]["used"]
    ):
        state["fate"]["used"].append("first_card_zero")
        return 0  # §13 Fate 10 hearts: Frederick attacked, first TC 0
    if mod_active(state, "first_card_plus", nation=nation) and "first_card_plus" not in state["fate"]["used"]:
        v += 1  # §11 card 4: France's first TC next turn +1
        state["fate"]["used"].append("first_card_plus")
    return v


@register("duel")
class Duel(Handler):
    @staticmethod
    def waiting(state: dict, info: Info, frame: dict) -> list[str]:
        return waiting_nation(state, frame[frame["right"] + "_nation"])

    @staticmethod
    def prompt(state: dict, info: Info, frame: dict, role: str) -> list[dict]:
        if role not in Duel.waiting(state, info, frame):
            return []
        side = frame["right"]
        nation, suit = frame[side + "_nation"], frame[side + "_suit"]
        hand = state["cards"]["hands"].get(nation, [])
        suited = duel.suited_cards(hand, suit)
        out: list[dict] = [{"type": "play_card", "card": c} for c in suited]
        if nation == "prussia" and mod_active(state, "seydlitz") and "seydlitz" not in state["fate"]["used"]:
            out += [{"type": "play_card", "card": c, "double": True} for c in suited if c.endswith(":S11")]
        out += duel.reserve_choices(hand, T.RESERVE_VALUES)
        if state["mods"]:
            out = _fate_card_limits(state, frame, side, out)
        # §7: below zero a side may accept defeat; at zero it stops only without a suited card left
        # to play (after the Fate card's limits, which may forbid some of them)
        if duel.stop_kind(frame, side, any(not deck.is_reserve(a["card"]) for a in out)):
            out.append({"type": "stop"})
        if state["mods"] and out[-1]["type"] == "stop" and len(out) > 1 and _must_reach_positive(state, frame, side):
            out.pop()  # §13 Fate 7 diamonds: Frederick plays on
        return out

    @staticmethod
    def act(state: dict, info: Info, frame: dict, role: str, action: dict) -> None:
        side = frame["right"]
        other = duel.other_side(side)
        nation = frame[side + "_nation"]
        if action["type"] == "play_card":
            c = action["card"]
            v = _card_value(state, frame, side, c, action.get("value"), bool(action.get("double")))
            deck.discard(state, nation, [c])
            s = duel.play_card(frame, side, c, v)
            log(
                state,
                f"{nation_title(nation)} plays the "
                f"{deck.label(c).replace(' of ', ' of ') if not deck.is_reserve(c) else 'Reserve'}"
                f" for {v}: score {s:+d} for {nation_name(nation)}.",
                nation,
            )
            return
        pop(state)
        phase = state["flow"][-1]
        s = side_score(frame, side)
        if s < 0:
            hooks.call("battle_settled", state, info, frame, side, s)
        if s == 0:
            log(
                state,
                "The combat ends in a tie: no losses, nobody moves (§7).",
                nation,
                [frame["att_city"], frame["def_city"]],
            )
            return
        lost_gids = frame[side]
        total = stack_armies(state, lost_gids)
        lost = min(-s, total)
        city = frame[side + "_city"]
        log(
            state,
            f"{names(state, lost_gids)} {'is' if len(lost_gids) == 1 else 'are'} defeated and "
            f"lose{'s' if len(lost_gids) == 1 else ''} {lost} arm{'ies' if lost != 1 else 'y'} (§7).",
            nation,
            [city],
        )
        phase["retreated"].extend(lost_gids)
        left = take_losses(state, lost_gids, lost)
        if left:
            begin_retreat(state, info, left, lost, frame[other + "_city"], frame[other + "_nation"])


def offer_evade(state: dict, info: Info, att_city: str, def_city: str) -> bool:
    """§13 Fate 8 clubs: a Prussian attacked by Daun may first retreat one city without loss (§8's
    rule for a retreat of one city, the Prussian player choosing the end, ruling F13-11).  True
    when the choice was put to Prussia (the combat then waits for it)."""
    att, dfn = generals_at(state, att_city), generals_at(state, def_city)
    if not dfn or state["generals"][dfn[0]]["nation"] != "prussia":
        return False
    if not any(mod_active(state, "evade", general=g) for g in att):
        return False
    ends = retreat_options(state, info, dfn, 1, att_city)
    if not ends:
        return False
    push(
        state,
        {
            "name": "evade",
            "kind": "evade",
            "nation": "prussia",
            "att": att_city,
            "def": def_city,
            "options": sorted(ends),
        },
    )
    return True


@register("evade")
class Evade(Handler):
    """Fate 8 clubs: Prussia fights Daun's attack or falls back one city first."""

    @staticmethod
    def waiting(state: dict, info: Info, frame: dict) -> list[str]:
        return waiting_nation(state, frame["nation"])

    @staticmethod
    def prompt(state: dict, info: Info, frame: dict, role: str) -> list[dict]:
        if role not in Evade.waiting(state, info, frame):
            return []
        return [{"type": "fate", "choice": c} for c in frame["options"] + ["fight"]]

    @staticmethod
    def act(state: dict, info: Info, frame: dict, role: str, action: dict) -> None:
        c = action["choice"]
        pop(state)
        if c == "fight":
            start_duel(state, info, frame["att"], frame["def"])
            return
        gids = generals_at(state, frame["def"])
        for x in gids:
            place_general(state, x, c)
        state["flow"][-1]["retreated"].extend(gids)
        log(
            state,
            f"{names(state, gids)} fall{'s' if len(gids) == 1 else ''} back one city before Daun's "
            "attack, without loss (Fate 8).",
            frame["nation"],
            [frame["def"], c],
        )


def _fate_card_limits(state: dict, frame: dict, side: str, out: list[dict]) -> list[dict]:
    """§13 Fate 3 clubs: in a battle between Prussia and France no TC of 10 or more (a Reserve
    only valued below 10, ruling F13-3)."""
    pair = {frame["att_nation"], frame["def_nation"]}
    for m in state["mods"]:
        if m["kind"] == "low_cards" and m["turn"] == state["turn"] and pair <= set(m["nations"]) and len(pair) == 2:
            out = [
                a
                for a in out
                if (
                    a["value"] < m["below"]
                    if deck.is_reserve(a["card"])
                    else deck.value_of(a["card"]) * (2 if a.get("double") else 1) < m["below"]
                )
            ]
    return out


def _must_reach_positive(state: dict, frame: dict, side: str) -> bool:
    """§13 Fate 7 diamonds: a side with Frederick may not stop before its score was above zero
    once in this combat (ruling F13-5), while it can play a card."""
    if not any(mod_active(state, "must_reach_positive", general=g) for g in frame[side]):
        return False
    sign = 1 if side == "att" else -1
    score = frame["score"] - sum(p["value"] if p["side"] == "att" else -p["value"] for p in frame["played"])
    if sign * score > 0:
        return False
    for p in frame["played"]:
        score += p["value"] if p["side"] == "att" else -p["value"]
        if sign * score > 0:
            return False
    return True


def take_losses(state: dict, gids: list[str], lost: int) -> list[str]:
    """§6: the stack's pool loses `lost`; generals are removed from the bottom (highest rank
    number) until each keeps at least one army; the rest keep their counts, losses taken from the
    bottom first.  Returns the generals still on the map."""
    order = sorted(gids, key=lambda g: state["generals"][g]["rank"])
    pool = stack_armies(state, order) - lost
    keep = list(order)
    while keep and len(keep) > pool:
        remove_general(state, keep.pop())
    if not keep:
        return []
    counts = {g: state["generals"][g]["armies"] for g in keep}
    excess = sum(counts.values()) - pool
    for g in reversed(keep):
        take = min(excess, counts[g] - T.ARMIES_MIN)
        counts[g] -= take
        excess -= take
    for g in keep:
        state["generals"][g]["armies"] = counts[g]
    removed = [g for g in order if g not in keep]
    if removed:
        log(
            state,
            f"{names(state, removed)} {'is' if len(removed) == 1 else 'are'} removed (§6).",
            state["generals"][order[0]]["nation"],
        )
    return keep


def retreat_options(state: dict, info: Info, gids: list[str], distance: int, winner_city: str) -> dict[str, list[str]]:
    """§8: the ends of a retreat of exactly `distance` cities, as far as possible from the winner.
    « On ne peut pas pénétrer deux fois dans une cité »: the city the retreat starts from was not
    entered by it, so the retreat may pass back through it once (S, x, S, y)."""
    start = state["generals"][gids[0]]["city"]
    blocked = {c for c, gs in state["city_generals"].items() if gs and c != start} | set(state["city_train"])
    return retreat_ends(info.graph, start, distance, blocked, winner_city, T.RETREAT_BALL, start_open=True)


def begin_retreat(state: dict, info: Info, gids: list[str], distance: int, winner_city: str, winner: str) -> None:
    ends = retreat_options(state, info, gids, distance, winner_city)
    if not ends:
        log(
            state,
            f"{names(state, gids)} cannot retreat {distance} cities and lose{'s' if len(gids) == 1 else ''} "
            "every army (§8).",
            state["generals"][gids[0]]["nation"],
        )
        for g in gids:
            remove_general(state, g)
        return
    push(state, {"name": "retreat", "gids": list(gids), "distance": distance, "winner": winner, "ends": ends})


@register("retreat")
class Retreat(Handler):
    """The winner picks where the beaten general or stack ends its retreat (§8)."""

    @staticmethod
    def waiting(state: dict, info: Info, frame: dict) -> list[str]:
        return waiting_nation(state, frame["winner"])

    @staticmethod
    def prompt(state: dict, info: Info, frame: dict, role: str) -> list[dict]:
        if role not in Retreat.waiting(state, info, frame):
            return []
        return [{"type": "retreat", "to": c} for c in sorted(frame["ends"])]

    @staticmethod
    def act(state: dict, info: Info, frame: dict, role: str, action: dict) -> None:
        to = action["to"]
        if to not in frame["ends"]:
            raise IllegalAction("The retreat must end as far as possible from the winning general (§8).")
        for g in frame["gids"]:
            place_general(state, g, to)
        log(
            state,
            f"{names(state, frame['gids'])} retreat{'s' if len(frame['gids']) == 1 else ''} "
            f"{frame['distance']} cities to {info.board.cities[to].name} (§8).",
            state["generals"][frame["gids"][0]]["nation"],
            frame["ends"][to],
        )
        pop(state)
