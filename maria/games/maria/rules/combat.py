"""Combat phase (R11.1-R11.12): compulsory attacks, the card duel (its arithmetic is maria.engine.duel),
losses (R6.7, R11.9)."""

from __future__ import annotations

from typing import Any, Collection, Iterable

from maria.engine import duel
from maria.engine.duel import side_score
from maria.games.maria.rules import hooks
from maria.games.maria.rules import cards
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.machine import Handler, leave_if_over, pop, push, register, roles_for_powers
from maria.engine.log import log, power_name
from maria.games.maria.rules.state import commander, set_general_city
from maria.games.maria.rules.state import BoardInfo


def take_losses(state: dict, info: BoardInfo, groups: list[list[str]], n: int) -> list[str]:
    """Apply n losses to groups in order (R11.9: the non-commanding power first).  Inside a group
    (one power, pooled by the compulsory transfer of R6.7) losses first bring each general down to 1,
    front first (juniors first, RUL-05), then remove generals front first.  Returns removed ids."""
    removed = []
    for group in groups:
        gens = [g for g in group if state["generals"][g]["city"] is not None]
        for gid in gens:
            cut = min(n, state["generals"][gid]["troops"] - 1)
            state["generals"][gid]["troops"] -= cut
            n -= cut
        for gid in gens:
            if n <= 0:
                break
            g = state["generals"][gid]
            n -= g["troops"]
            g["troops"] = 0
            city = g["city"]
            g["face_up"], g["known"] = True, None
            set_general_city(state, gid, None)
            removed.append(gid)
            log(state, f"{g['name']} has no troops left and is removed from the board.", g["power"], [city])
        for gid in gens:
            if gid not in removed and state["generals"][gid]["known"] is not None:
                state["generals"][gid]["known"] = state["generals"][gid]["troops"]
    return removed


def loss_groups(state: dict, gids: list[str]) -> list[list[str]]:
    """Juniors first inside a power; in a mixed stack the other power before the commander's."""
    if not gids:
        return []
    cmd_power = state["generals"][commander(state, state["generals"][gids[0]]["city"])]["power"]
    by_power: dict[str, list[str]] = {}
    for g in sorted(gids, key=lambda x: -state["generals"][x]["rank"]):
        by_power.setdefault(state["generals"][g]["power"], []).append(g)
    return [by_power[p] for p in sorted(by_power, key=lambda p: p == cmd_power)]


def _cmd(state: dict, city: str) -> str:
    return state["generals"][commander(state, city)]["power"]


def _unit_at(state: dict, city: str) -> list[str]:
    return list(state["city_generals"].get(city, []))


def _units(state: dict, info: BoardInfo, powers: Collection[str]) -> list[list[str]]:
    """(attacker city, defender city) pairs: active generals adjacent to enemy generals (R11.1)."""
    pairs = []
    for city in sorted(state["city_generals"]):
        if city not in info.playable:
            continue
        gens = state["city_generals"][city]
        if not any(state["generals"][g]["power"] in powers for g in gens):
            continue
        p = state["generals"][commander(state, city)]["power"]
        if p not in powers:
            continue
        if state["variant"] == "advanced" and _neutral(state, p):
            continue
        for n in sorted(info.nbrs[city]):
            other = state["city_generals"].get(n, [])
            if (
                other
                and R.enemies(state, state["generals"][other[0]]["power"], p)
                and not (state["variant"] == "advanced" and _neutral(state, state["generals"][other[0]]["power"]))
            ):
                pairs.append([city, n])
    return pairs


@register("combat_phase")
class CombatPhase(Handler):
    @staticmethod
    def _valid(state: dict, info: BoardInfo, frame: dict) -> list[list[str]]:
        out = []
        for a, d in frame["pairs"]:
            ag, dg = _unit_at(state, a), _unit_at(state, d)
            if not ag or not dg or a in frame["retreated"] or d in frame["retreated"]:
                continue
            if [a, d] in frame["fought"]:
                continue
            if set(ag) & set(frame["retreated_gens"]) or set(dg) & set(frame["retreated_gens"]):
                continue
            out.append([a, d])
        if state["variant"] == "advanced" and state["players"] == 3:
            aus = [pr for pr in out if R.role_of(state, _cmd(state, pr[0])) == "maria_theresa"]
            if aus and "pragmatic_army" in frame["powers"]:
                out = aus  # R11.7 (not in 2p, R24.2.5)
        return out

    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        if "pairs" not in frame:
            frame["pairs"] = _units(state, info, frame["powers"])
            frame["fought"], frame["retreated"], frame["retreated_gens"] = [], [], []
        if leave_if_over(state):
            return True
        valid = CombatPhase._valid(state, info, frame)
        if not valid:
            pop(state)
            return True
        if len(valid) == 1:
            start_combat(state, info, frame, *valid[0])
            return True
        return False

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, [_cmd(state, a) for a, d in CombatPhase._valid(state, info, frame)])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in CombatPhase.waiting(state, info, frame):
            return []
        mine = R.powers_of(state, role)
        return [
            {"type": "attack", "from": a, "target": d}
            for a, d in CombatPhase._valid(state, info, frame)
            if _cmd(state, a) in mine
        ]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        start_combat(state, info, frame, action["from"], action["target"])


def _neutral(state: dict, p: str) -> Any:
    return hooks.call("neutral", state, p)


def _names(state: dict, gids: Iterable[str]) -> str:
    return "+".join(state["generals"][g]["name"] for g in gids)


def start_combat(state: dict, info: BoardInfo, phase: dict, a: str, d: str) -> None:
    phase["fought"].append([a, d])
    att, dfn = _unit_at(state, a), _unit_at(state, d)
    for g in att + dfn:
        state["generals"][g]["known"] = state["generals"][g]["troops"]  # R6.5 revealed in combat
    state["undo"] = []
    at = sum(state["generals"][g]["troops"] for g in att)
    dt = sum(state["generals"][g]["troops"] for g in dfn)
    ap, dp = state["generals"][commander(state, a)]["power"], state["generals"][commander(state, d)]["power"]
    score = at - dt
    frame = {
        "name": "combat",
        "att_city": a,
        "def_city": d,
        "att": att,
        "def": dfn,
        "att_power": ap,
        "def_power": dp,
        "att_suit": info.suit(a),
        "def_suit": info.suit(d),
        **duel.opening(score),
    }
    log(
        state,
        f"{_names(state, att)} ({at}) attacks {_names(state, dfn)} ({dt}): initial score "
        f"{score:+d} for {power_name(ap)}.",
        ap,
        [a, d],
    )
    push(state, frame)


@register("combat")
class Combat(Handler):
    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, [frame[frame["right"] + "_power"]])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in Combat.waiting(state, info, frame):
            return []
        side = frame["right"]
        power, suit = frame[side + "_power"], frame[side + "_suit"]
        hand = state["cards"]["hands"].get(power, [])
        suited = duel.suited_cards(hand, suit)
        out = [{"type": "play_card", "card": c} for c in suited]
        out += duel.reserve_choices(hand, range(1, 9))  # R8.5: a Reserve counts 1..8
        stop = duel.stop_kind(frame, side, bool(suited))  # R11.5: at 0 a suited card must be played
        if stop:  # the action types spelled out: the UI's tips look them up
            out.append({"type": "accept_defeat" if stop == "defeat" else "accept_tie"})
        return out

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        side = frame["right"]
        other = duel.other_side(side)
        power = frame[side + "_power"]
        if action["type"] == "play_card":
            c = action["card"]
            v = action["value"] if cards.is_reserve(c) else cards.value_of(c)
            cards.discard(state, power, [c])
            s = duel.play_card(frame, side, c, v)
            log(
                state,
                f"{power_name(power)} plays the {cards.label(c)}"
                + (f" as {v}" if cards.is_reserve(c) else "")
                + f": score {s:+d} for {power_name(power)}.",
                power,
            )
            return
        pop(state)
        phase = state["flow"][-1]
        if action["type"] == "accept_tie":
            log(
                state, "The combat ends in a tie: no losses, no retreat.", power, [frame["att_city"], frame["def_city"]]
            )
            return
        lost = -side_score(frame, side)
        gids = [g for g in frame[side] if state["generals"][g]["city"] is not None]
        total = sum(state["generals"][g]["troops"] for g in gids)
        lost = min(lost, total)
        city = frame[side + "_city"]
        win_city = frame[other + "_city"]
        log(
            state,
            f"{_names(state, gids)} {'is' if len(gids) == 1 else 'are'} defeated and "
            f"lose{'s' if len(gids) == 1 else ''} "
            f"{lost} troop{'s' if lost != 1 else ''}.",
            power,
            [city],
        )
        phase["retreated"].append(city)
        phase["retreated_gens"].extend(gids)
        removed = take_losses(state, info, loss_groups(state, gids), lost)
        battle = None
        if state["variant"] == "advanced":
            state["adv"]["last_winner"] = R.role_of(state, frame[other + "_power"])  # R17.2.1
            battle = {
                "winner": frame[other + "_power"],
                "loser": power,
                "troops": lost,
                "generals": len(removed),
                "bohemia": info.board.cities[city].map == "bohemia",
            }
        if state["city_generals"].get(city):
            push(
                state,
                {
                    "name": "retreat",
                    "city": city,
                    "distance": lost,
                    "battle": battle,
                    "winner_city": win_city,
                    "winner_power": frame[other + "_power"],
                },
            )
        elif battle is not None:
            hooks.call("battle_settled", state, info, battle)
