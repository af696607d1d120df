"""A heuristic evaluation of a (determinised) state from one role's point of view (victory R14.3,
R24.1; supply R9; troops R6).

Units: "fraction of a victory condition".  Each attacking major power (France, Prussia) has a
progress = (fortresses that count for its victory + threats on unprotected ones) / its target; the
roles' values combine those progresses (a role wants its own up and the others' down), plus small
terms for troops, cards and supply.  A finished game is worth +-100.
"""

from __future__ import annotations

from maria.players.units import CARD_POINT, TROOP
from maria.games.maria.rules import cards
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.state import board_info, controller
from maria.games.maria.rules.victory import TARGETS  # the introductory game's conditions (R14.3)

WIN = 100.0
UNSUPPLIED = 0.02
SPOILED = 0.15  # 2 players: per fortress an ally holds in the other's needed share


def goal_fortresses(state: dict, info, power: str) -> list[str]:
    """The fortresses that count for `power`'s victory (Austria; plus Silesia for Prussia)."""
    key = ("_goal", power)
    cache = info.__dict__.setdefault("_player_cache", {})
    if key not in cache:
        out = []
        for c in info.fortresses():
            if info.home_of(c) == "austria" or (power == "prussia" and info.in_silesia(c)):
                out.append(c)
        cache[key] = out
    return cache[key]


def _protected(state, info, city, ctrl) -> bool:
    d = info.dist_from(city)
    for g in state["generals"].values():
        if g["in_play"] and g["city"] in d and 1 <= d[g["city"]] <= 3 and R.cooperating(state, g["power"], ctrl):
            return True
    return False


def progress(state: dict, info, major: str) -> float:
    """Held goal fortresses + threats (an attacking general near an unprotected one), / target."""
    goals = goal_fortresses(state, info, major)
    held = 0
    open_targets = []
    for c in goals:
        ctrl = controller(state, info, c)
        if ctrl == major:
            held += 1
        elif ctrl is not None and R.enemies(state, ctrl, major) and not _protected(state, info, c, ctrl):
            open_targets.append(c)
    threat = 0.0
    if open_targets:
        for g in state["generals"].values():
            if not (g["in_play"] and g["face_up"] and g["city"] in info.playable):
                continue
            if R.major_of(state, g["power"]) != major and g["power"] != major:
                continue
            d = info.dist_from(g["city"])
            best = min((d.get(c, 99) for c in open_targets), default=99)
            if best == 0:
                threat += 0.7
            elif best <= 3:
                threat += 0.45 / best
            elif best <= 8:
                threat += 0.06
    return (held + min(threat, 3.0)) / TARGETS.get(major, 10)


def evaluate(state: dict, role: str) -> float:
    res = state["result"]
    if res is not None:
        w = res.get("winner")
        if w == role:
            return WIN + (10 - state["turn"])
        if w is None:
            return 0.0
        return -WIN
    info = board_info(state)
    pf = progress(state, info, "france") if "france" in _in_game(state) else 0.0
    pp = progress(state, info, "prussia") if "prussia" in _in_game(state) else 0.0
    mine = set(R.powers_of(state, role))
    if state["players"] == 2:
        coal = min(pf, pp) + 0.5 * (pf + pp) - SPOILED * spoiled(state, info)
        v = coal if "france" in mine or "prussia" in mine else -coal
    elif "france" in mine:
        v = pf - 0.6 * pp
    elif "prussia" in mine:
        v = pp - 0.6 * pf
    else:
        v = -max(pf, pp) - 0.4 * min(pf, pp)
    # troops and supply
    for g in state["generals"].values():
        if not (g["in_play"] and g["city"] is not None):
            continue
        sign = 1 if g["power"] in mine else (-1 if _enemy_of_role(state, g["power"], mine) else 0)
        if sign:
            v += sign * TROOP * g["troops"]
            if not g["face_up"]:
                v -= sign * UNSUPPLIED
            if sign > 0 and g["city"] in info.playable and info.home_of(g["city"]) != g["power"]:
                kind = supply_status_of(state, info, g)
                if kind == "none":
                    v -= UNSUPPLIED * (1 + g["troops"] / 3)
                elif kind == "tax":
                    v -= UNSUPPLIED * 0.3
    for p, h in state["cards"]["hands"].items():
        if p in mine:
            v += CARD_POINT * cards.pay_value(h)
        elif _enemy_of_role(state, p, mine):
            v -= CARD_POINT * cards.pay_value(h) * 0.7
    if state.get("variant") == "advanced":
        from maria.players.evaluate_advanced import advanced_value

        v += advanced_value(state, info, role, mine)
    return v


def spoiled(state: dict, info) -> int:
    """Two players: fortresses one ally holds in the other's share while the other still needs
    them (allies never conquer from each other, so they are lost to it; see plan.prussian_share)."""
    if "france" not in _in_game(state) or "prussia" not in _in_game(state):
        return 0
    from maria.players.plan import prussian_share
    from maria.games.maria.rules.victory import counts

    n = counts(state, info)
    out = 0
    for c in goal_fortresses(state, info, "prussia"):
        if c == "leitmeritz":
            continue
        major = R.major_of(state, controller(state, info, c) or "austria")
        if prussian_share(info, c):
            out += major == "france" and n["prussia"] < 12
        else:
            out += major == "prussia" and n["france"] < 9
    return out


def supply_status_of(state, info, g) -> str:
    from maria.games.maria.rules.supply import supply_status

    gid = next(k for k, x in state["generals"].items() if x is g)
    return supply_status(state, info, gid)[0]


def _in_game(state):
    return {p for ps in state["roles"].values() for p in ps}


def _enemy_of_role(state, power, mine) -> bool:
    return all(R.enemies(state, power, m) for m in mine) if mine else False
