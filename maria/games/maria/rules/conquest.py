"""Conquering fortresses (R10.11-R10.16) and the retroactive conquest phase (R12)."""

from __future__ import annotations

from maria.games.maria.rules import hooks
from maria.games.maria.rules.victory import check_instant
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.machine import Handler, register, pop
from maria.engine.log import log, power_name
from maria.games.maria.rules.state import controller, enemy_controlled, home_of
from maria.games.maria.rules.state import BoardInfo


def protected(state: dict, info: BoardInfo, city: str) -> bool:
    """R10.13: a general of the controlling power, or of a power co-operating with it, stands
    1, 2 or 3 cities away (pieces in between do not matter)."""
    ctrl = controller(state, info, city)
    if ctrl is None:
        return False
    d = info.dist_from(city)
    for g in state["generals"].values():
        if g["in_play"] and g["city"] in d and 1 <= d[g["city"]] <= 3 and R.cooperating(state, g["power"], ctrl):
            return True
    return False


def leave_fortress(state: dict, info: BoardInfo, gid: str, city: str) -> None:
    """R10.12/R10.15: a face-up general moves out of `city` (not on a force march or retreat)."""
    g = state["generals"][gid]
    if not info.is_fortress(city) or not g["face_up"]:
        return
    if not enemy_controlled(state, info, city, g["power"]):
        return
    if protected(state, info, city):
        if city not in state["qmarks"]:
            place_qmark(state, g["power"], city)
            log(
                state,
                f"{g['name']} leaves the protected fortress {info.board.cities[city].name}: it is marked '?'.",
                g["power"],
                [city],
            )
        return
    conquer(state, info, g["power"], city)


def place_qmark(state: dict, power: str, city: str) -> None:
    """R10.15: a '?' marker on `city` (in the advanced game out of the pool, R15.3)."""
    if state["variant"] == "advanced":
        hooks.call("place_qmark", state, power, city)
    else:
        state["qmarks"][city] = power


def drop_qmark(state: dict, city: str) -> None:
    """R12.1: the '?' marker of `city` goes (in the advanced game back to its pool, R15.3)."""
    if state["variant"] == "advanced":
        hooks.call("drop_qmark", state, city)
    else:
        state["qmarks"].pop(city, None)


def marks_conquest(state: dict, info: BoardInfo, power: str, city: str) -> bool:
    """R10.16 (c)-(e): whether `power`'s conquest of `city` gets a marker of `power`'s major power
    (in the advanced game a VM from its pool, R15.3).  The Rhine electorates' markers (b) are the
    caller's business."""
    marker = R.major_of(state, power)  # (e) a minor marks with its major's markers
    home = home_of(state, info, city)
    if info.in_silesia(city):
        mark = True  # (c) Silesia is always marked
    elif home is None:
        mark = True  # RUL-11: unowned territory keeps a marker
    elif R.allied(state, home, power):
        mark = home in R.MINOR  # (c) friendly minor: marked; (d) friendly major: not
    else:
        mark = True  # (c) enemy home country
    if info.in_silesia(city):
        # (c) "Fortresses in Silesia are ALWAYS marked" (§10.16, and the exemption in its last
        # paragraph): also once Silesia is Prussian home country after the annexation (§19.1), so
        # a Prussian re-conquest there takes a marker from Prussia's pool like any other.
        return True
    return mark and home != marker


def conquer(state: dict, info: BoardInfo, power: str, city: str) -> None:
    """R10.16: remove the previous controller's marker, mark the conquest when required."""
    prev = controller(state, info, city)
    if state["variant"] == "advanced":  # markers from and to the pools (R15.3)
        hooks.call("conquest_marked", state, info, power, city, marks_conquest)
    else:
        state["markers"].pop(city, None)  # (a)
        drop_qmark(state, city)
        if marks_conquest(state, info, power, city):
            state["markers"][city] = R.major_of(state, power)  # (e) a minor marks with its major's markers
    log(
        state,
        f"{power_name(power)} conquers {info.board.cities[city].name}"
        + (f" from {power_name(prev)}" if prev else "")
        + ".",
        power,
        [city],
    )
    check_instant(state, info)


def retro_order(state: dict) -> list[str]:
    """The order in which R12.1 checks the '?' fortresses: by city id.  R12.1 names no order, and
    no check can change another (RUL-A37): a fortress's protection depends on the generals, who do
    not move in this phase, and on its own controller; a conquest changes only its own fortress's
    markers, and the pools' overflow is counted once per place (RUL-A04); the advanced game ends
    only at the stage's end (R23.1), and the introductory game's instant victory (R14.3) goes to
    the acting player whichever of his conquests makes it.  So no player is asked for an order."""
    return sorted(state["qmarks"])


@register("retro_phase")
class RetroPhase(Handler):
    """R12.1: every '?' fortress no longer protected is conquered; otherwise the '?' goes."""

    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        for city in retro_order(state):
            power = state["qmarks"][city]
            if state["result"] is not None:
                break
            if not enemy_controlled(state, info, city, power) or protected(state, info, city):
                drop_qmark(state, city)
                log(state, f"{info.board.cities[city].name} is still protected: the '?' is removed.", power, [city])
            else:
                log(state, f"{info.board.cities[city].name} is no longer protected.", power, [city])
                conquer(state, info, power, city)
        for city in sorted(state["qmarks"]):
            drop_qmark(state, city)
        pop(state)
        return True
