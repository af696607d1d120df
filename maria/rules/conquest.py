"""Conquering fortresses (R10.11-R10.16) and the retroactive conquest phase (R12)."""

from __future__ import annotations

from maria.rules import roles as R
from maria.rules.flow import Handler, register, pop
from maria.rules.log import log, power_name
from maria.rules.state import controller, enemy_controlled, home_of


def protected(state: dict, info, city: str) -> bool:
    """R10.13: a general of the controlling power, or of a power co-operating with it, stands
    1, 2 or 3 cities away (pieces in between do not matter)."""
    ctrl = controller(state, info, city)
    if ctrl is None:
        return False
    d = info.dist_from(city)
    for g in state["generals"].values():
        if g["in_play"] and g["city"] in d and 1 <= d[g["city"]] <= 3 \
                and R.cooperating(state, g["power"], ctrl):
            return True
    return False


def leave_fortress(state: dict, info, gid: str, city: str) -> None:
    """R10.12/R10.15: a face-up general moves out of `city` (not on a force march or retreat)."""
    g = state["generals"][gid]
    if not info.is_fortress(city) or not g["face_up"]:
        return
    if not enemy_controlled(state, info, city, g["power"]):
        return
    if protected(state, info, city):
        if city not in state["qmarks"]:
            from maria.rules.advanced import place_qmark
            place_qmark(state, g["power"], city)
            log(state, f"{g['name']} leaves the protected fortress {info.board.cities[city].name}: "
                "it is marked '?'.", g["power"], [city])
        return
    conquer(state, info, g["power"], city)


def marks_conquest(state: dict, info, power: str, city: str) -> bool:
    """R10.16 (c)-(e): whether `power`'s conquest of `city` gets a marker of `power`'s major power
    (in the advanced game a VM from its pool, R15.3).  The Rhine electorates' markers (b) are the
    caller's business."""
    marker = R.major_of(state, power)              # (e) a minor marks with its major's markers
    home = home_of(state, info, city)
    if info.in_silesia(city):
        mark = True                                # (c) Silesia is always marked
    elif home is None:
        mark = True                                # RUL-11: unowned territory keeps a marker
    elif R.allied(state, home, power):
        mark = home in R.MINOR                     # (c) friendly minor: marked; (d) friendly major: not
    else:
        mark = True                                # (c) enemy home country
    if info.in_silesia(city):
        # (c) "Fortresses in Silesia are ALWAYS marked" (§10.16, and the exemption in its last
        # paragraph): also once Silesia is Prussian home country after the annexation (§19.1), so
        # a Prussian re-conquest there takes a marker from Prussia's pool like any other.
        return True
    return mark and home != marker


def conquer(state: dict, info, power: str, city: str) -> None:
    """R10.16: remove the previous controller's marker, mark the conquest when required."""
    from maria.rules import advanced as A
    prev = controller(state, info, city)
    A.remove_vm(state, city)                       # (a) back to its pool (R15.3)
    A.drop_qmark(state, city)
    marker = R.major_of(state, power)              # (e) a minor marks with its major's markers
    if A.is_adv(state) and city in A.RHINE:
        A.flip_elector(state, info, power, city)   # (b) elector marker flipped, never a VM
    elif marks_conquest(state, info, power, city):
        A.place_vm(state, marker, city)
    if A.is_adv(state):
        A.after_control_change(state, info)
        A.france_conquered_bohemia(state, info, power, city)
    log(state, f"{power_name(power)} conquers {info.board.cities[city].name}"
        + (f" from {power_name(prev)}" if prev else "") + ".", power, [city])
    from maria.rules.victory import check_instant
    check_instant(state, info)


@register("retro_phase")
class RetroPhase(Handler):
    """R12.1: every '?' fortress no longer protected is conquered; otherwise the '?' goes."""

    @staticmethod
    def auto(state, info, frame):
        for city in sorted(state["qmarks"]):
            power = state["qmarks"][city]
            if state["result"] is not None:
                break
            if not enemy_controlled(state, info, city, power) or protected(state, info, city):
                from maria.rules.advanced import drop_qmark
                drop_qmark(state, city)
                log(state, f"{info.board.cities[city].name} is still protected: the '?' is removed.",
                    power, [city])
            else:
                log(state, f"{info.board.cities[city].name} is no longer protected.", power, [city])
                conquer(state, info, power, city)
        from maria.rules.advanced import drop_qmark
        for city in sorted(state["qmarks"]):
            drop_qmark(state, city)
        pop(state)
        return True
