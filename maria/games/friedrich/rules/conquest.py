"""Conquest of objectives (2005 rules §5): who may conquer a city (only the nation of its colour;
then only its original defender may take it back), protection by the holding side's generals
within 3 cities counted along roads whatever stands between (the Imperial train protects too),
conquest by moving through or away from an objective, the candidates remembered when it was
protected, and the retroactive conquest of phase 4 (§2).  The standard game: Prussia's own
objectives (the Offensive Option, §13) are not in play; with the option "offensive_option" they are
(Prussia conquers them while state.prussia_may_conquer, Austria retakes them).
"""

from __future__ import annotations

from maria.engine.log import log
from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules.machine import Handler, pop, register
from maria.games.friedrich.rules.state import in_game, mod_active, nation_title, option_on, prussia_may_conquer
from maria.games.friedrich.rules.state import Info


def objective_in_play(state: dict, info: Info, city: str) -> bool:
    o = info.board.objectives.get(city)
    if o is not None and o.nation == "prussia":
        return option_on(state, "offensive_option")  # §13: only with the Offensive Option
    # §13: Prussia's objectives belong to the advanced rules; a nation that left conquers nothing
    return o is not None and o.nation in T.AGGRESSORS and in_game(state, o.nation)


def taker_of(state: dict, info: Info, city: str) -> str | None:
    """The nation that may conquer `city` now: the nation of its colour, or, once it holds it,
    the nation that originally defended it (§5 "Reconquête")."""
    if not objective_in_play(state, info, city):
        return None
    o = info.board.objectives[city]
    if state["conquered"].get(city) == o.nation:
        return o.defender
    if o.nation == "prussia" and not prussia_may_conquer(state):
        return None  # §13: no Prussian conquest (turn > 3 without OO, failed OO)
    return o.nation


def protectors_of(state: dict, info: Info, city: str) -> str:
    """The nation whose pieces protect `city` now: its defender, or its conqueror once taken."""
    o = info.board.objectives[city]
    return o.nation if state["conquered"].get(city) == o.nation else o.defender


def protected(state: dict, info: Info, city: str) -> bool:
    """§5: a general of the protecting nation 1, 2 or 3 cities away by road (other pieces do not
    matter); the Imperial supply train protects like a general."""
    nation = protectors_of(state, info, city)
    if not in_game(state, nation):
        return False
    d = info.graph.dist_from(city)
    for gid, g in state["generals"].items():
        if g["nation"] == nation and g["city"] is not None:
            radius = T.PROTECT_RADIUS
            if mod_active(state, "protect_radius", general=gid):  # §13 Fate 11 hearts: Heinrich 4
                radius = max(
                    radius,
                    next(
                        m["value"]
                        for m in state["mods"]
                        if m["kind"] == "protect_radius" and m.get("general") == gid and m["turn"] == state["turn"]
                    ),
                )
            if d.get(g["city"], 99) <= radius:
                return True
    if nation == "imperial_army":
        for t in state["trains"].values():
            if t["nation"] == nation and t["city"] is not None and d.get(t["city"], 99) <= T.PROTECT_RADIUS:
                return True
    return False


def conquer(state: dict, info: Info, city: str, nation: str, late: bool = False) -> None:
    o = info.board.objectives[city]
    if nation == o.nation:
        state["conquered"][city] = nation
        what = "conquers"
    else:
        state["conquered"].pop(city, None)
        what = "retakes"
    name = info.board.cities[city].name
    log(
        state,
        f"{nation_title(nation)} {what} {name}" + (" (retroactive conquest, §5)" if late else "") + ".",
        nation,
        [city],
    )


def leave_city(state: dict, info: Info, city: str, nation: str) -> None:
    """A general of `nation` moves away from `city` (its start or a city it passes through):
    conquest if it may take the city and nobody protects it, else a candidate for phase 4."""
    if taker_of(state, info, city) != nation:
        return
    if protected(state, info, city):
        if [city, nation] not in state["candidates"]:
            state["candidates"].append([city, nation])
    else:
        conquer(state, info, city, nation)


def drop_lapsed_candidates(state: dict, info: Info) -> None:
    """At the start of the combat phase: a candidate no longer protected by then lost its
    protection during the movement phase (a destroyed Imperial train), not to a retreat of the
    combat phase, so it can no longer be taken retroactively (§5: "il peut être conquis
    rétroactivement pendant la phase des combats qui suit (uniquement)")."""
    state["candidates"] = [
        [c, n] for c, n in state["candidates"] if taker_of(state, info, c) == n and protected(state, info, c)
    ]


@register("retroactive")
class RetroactivePhase(Handler):
    """Phase 4: a candidate of this nation turn whose protectors are gone (driven off by retreats
    or eliminated) is conquered now."""

    @staticmethod
    def auto(state: dict, info: Info, frame: dict) -> bool:
        for city, nation in state["candidates"]:
            if taker_of(state, info, city) == nation and not protected(state, info, city):
                conquer(state, info, city, nation, late=True)
        state["candidates"] = []
        pop(state)
        return True


def holds_all(state: dict, info: Info, nation: str, first_only: bool) -> bool:
    """§12: the nation controls every objective of its colour (first-order ones only when a
    relaxed condition of §11 applies)."""
    cities = info.board.objectives_of(nation, 1 if first_only else None)
    return bool(cities) and all(state["conquered"].get(c) == nation for c in cities)
