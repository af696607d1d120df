"""The advanced game's bookkeeping (R15, R16, R18.4, R13.6, R23): victory-marker pools, the victory
boxes, the Rhine elector markers, the Electoral College, winter scoring and victory.

State (plain data, only in the advanced game): state["adv"], see new_adv().  Every victory marker
is always somewhere: in its pool, on the map (state["markers"]), under a "?" (state["qmarks"],
adv["q_pool"]: city -> the pool its marker came from), in a battle box, in the 3-Electors / Emperor / Italy / Silesia
box or set aside (R19.1, R19.2) — conservation is checked by pool_total().
"""

from __future__ import annotations

from typing import Callable, Iterable

from maria.games.maria.rules import hooks
from maria.games.maria.rules import roles as R
from maria.engine.log import log, power_name
from maria.games.maria.rules.machine import Handler, pop, register, roles_for_powers
from maria.games.maria.rules.state import controller
from maria.games.maria.rules.state import BoardInfo
from maria.games.maria.board.model import Board
from maria.games.maria.rules.victory import _finish

POOL_SIZES = {"prussia": 13, "france": 11, "pragmatic_army": 8, "austria": 8}  # R4.5
RHINE = ("koeln", "mannheim", "mainz", "trier")  # R10.16b
ELECTORS = ("berlin", "dresden", "muenchen", "prag", "hannover", "koeln", "mannheim", "mainz", "trier")
BATTLE_BOXES = 2  # R16.3


def is_adv(state: dict) -> bool:
    return state["variant"] == "advanced"


def new_adv(state: dict, board: Board) -> dict:
    pools = dict(POOL_SIZES)
    for city, p in state["markers"].items():  # R4.7 out of the pools
        pools[p] -= 1
    return {
        "pools": pools,
        "battle": {p: 0 for p in R.MAJOR},
        "electors3": None,
        "emperor": None,
        "italy": [],
        "silesia_box": 0,
        "electors": {c: p for p, cs in board.setup.elector_markers.items() for c in cs},  # R4.10
        "college": {},
        "winter": {p: [] for p in R.MAJOR},
        "overflow": {p: 0 for p in R.MAJOR},
        "owed": {},  # R23.2: where each counted overflow marker would be
        "set_aside": {"prussia": 0, "france": 0},
        "france_reduced": False,
        "q_pool": {},
        "last_winner": None,
        "election": None,
        "emperor_elected": None,
        "expedition": {},
        "turn_income": {},
        "jacobite": False,
        "contracts": {
            "france>bavaria": {"giver": "france", "recipient": "bavaria", "s": None, "initial": True, "paid_turn": None}
        },  # R8.2 / R20
        "silesia_annexed": None,
        "prussia_neutral_until": None,  # R19.1
    }


def pool_total(state: dict, power: str) -> int:
    """Every marker of `power`'s pool, wherever it is (must equal POOL_SIZES)."""
    a = state["adv"]
    n = a["pools"][power] + a["battle"][power] + a["set_aside"].get(power, 0)
    n += sum(1 for p in state["markers"].values() if p == power)
    n += sum(1 for c, p in a["q_pool"].items() if p == power)
    n += (a["electors3"] == power) + (a["emperor"] == power) + a["italy"].count(power)
    n += a["silesia_box"] if power == "prussia" else 0
    return n


def take(state: dict, power: str, why: str, where: str | None = None) -> bool:
    """Move one marker out of `power`'s pool; an empty pool records the overflow (R23.2 tie-break).

    R23.2 counts the markers a power "could have played": each such marker once.  `where` names
    the place the marker would occupy ("vm:<city>", "q:<city>", "electors3", "battle:<n>",
    "italy"): a place already counted is not counted again, and when the place is given up (the
    fortress lost, the "?" removed, the 3 electorates lost) the count drops again (`forgive`), as
    the marker would have gone back to the pool (RUL-A04)."""
    a = state["adv"]
    if power not in a["pools"]:
        return False  # a neutral minor power has no pool (RUL-A19)
    if a["pools"][power] > 0:
        a["pools"][power] -= 1
        return True
    owed = a.setdefault("owed", {})
    if where is not None:
        key = f"{power}|{where}"
        if key in owed:
            return False
        owed[key] = power
    a["overflow"][power] += 1
    log(state, f"{power_name(power)}'s pool is empty: no marker for {why}.", power)
    return False


def owes(state: dict, power: str, where: str) -> bool:
    return f"{power}|{where}" in state["adv"].get("owed", {})


def forgive(state: dict, power: str | None, where: str) -> bool:
    """The place `where` no longer holds a counted overflow marker of `power` (None: any power)."""
    a = state["adv"]
    owed = a.get("owed", {})
    for key in [k for k in owed if k.split("|", 1)[1] == where and (power is None or owed[k] == power)]:
        p = owed.pop(key)
        a["overflow"][p] = max(0, a["overflow"][p] - 1)
        return True
    return False


def give_back(state: dict, power: str, n: int = 1) -> None:
    state["adv"]["pools"][power] += n


# --- markers on the map (R15.3, R10.15, R10.16) -----------------------------------------------


@hooks.provide("place_qmark")
def place_qmark(state: dict, power: str, city: str) -> None:
    state["qmarks"][city] = power
    if is_adv(state):
        major = R.major_of(state, power)
        if major in R.MAJOR and take(state, major, "a '?' marker", "q:" + city):
            state["adv"]["q_pool"][city] = major  # the pool it came from


@hooks.provide("drop_qmark")
def drop_qmark(state: dict, city: str) -> None:
    p = state["qmarks"].pop(city, None)
    if p is None or not is_adv(state):
        return
    got = state["adv"]["q_pool"].pop(city, None)
    if got is not None:
        give_back(state, got)
    else:
        forgive(state, None, "q:" + city)  # a "?" placed with an empty pool (R23.2)


def remove_vm(state: dict, city: str) -> None:
    p = state["markers"].pop(city, None)
    if p is not None and is_adv(state):
        give_back(state, p)
    elif is_adv(state):
        forgive(state, None, "vm:" + city)  # a conquest made with an empty pool (R23.2)


def place_vm(state: dict, power: str, city: str) -> None:
    if not is_adv(state) or take(state, power, "a conquest", "vm:" + city):
        state["markers"][city] = power


def flip_elector(state: dict, info: BoardInfo, power: str, city: str) -> None:
    """R10.16b: the Rhine electorates carry elector markers only; the conqueror's side's face."""
    side = "austria" if R.allied(state, power, "austria") else "france"
    state["adv"]["electors"][city] = side


def after_control_change(state: dict, info: BoardInfo) -> None:
    """Keep the Electoral College (R18.4) and the 3-Electors box (R16.4) in step with control."""
    if not is_adv(state):
        return
    a = state["adv"]
    a["college"] = {c: controller(state, info, c) for c in ELECTORS if c in info.playable}
    fr = sum(1 for c in RHINE if a["electors"].get(c) == "france")
    au = sum(1 for c in RHINE if a["electors"].get(c) == "austria")
    holder = a["electors3"]
    want = "france" if fr >= 3 else "pragmatic_army" if au >= 3 else None
    for p in ("france", "pragmatic_army"):  # R23.2: counted once while it lasts
        if p != want or a["pools"][p] > 0:
            forgive(state, p, "electors3")
    if holder != want:
        if holder is not None:
            give_back(state, holder)
            a["electors3"] = None
            log(
                state,
                f"{power_name(holder)} no longer controls 3 Rhine electorates: its marker leaves the 3-Electors box.",
                holder,
            )
        if want is not None and take(state, want, "the 3-Electors box", "electors3"):
            a["electors3"] = want
            log(state, f"{power_name(want)} puts a marker into the 3-Electors box.", want)


# --- battle victory (R16.1-R16.3) ----------------------------------------------------------------


def battle_vp(troops_eliminated: int, generals_removed: int) -> int:
    """R16.1 (VD-10: the higher of the two values)."""
    vp = troops_eliminated // 3
    if vp == 0 and generals_removed:
        vp = 1
    return vp


def gain_vp(state: dict, power: str, n: int) -> int:
    a = state["adv"]
    p = R.major_of(state, power)
    got = 0
    if p not in a["battle"]:
        return 0
    for _ in range(n):
        filled = a["battle"][p] + sum(owes(state, p, f"battle:{i}") for i in range(BATTLE_BOXES))
        if filled >= BATTLE_BOXES:  # R23.2: counted boxes are full too
            break
        if take(state, p, "a battle box", f"battle:{filled}"):
            a["battle"][p] += 1
            got += 1
    if n:
        log(state, f"{power_name(p)} gains {n} VP: {got} marker{'s' if got != 1 else ''} into its battle boxes.", p)
    return got


def lose_vp(state: dict, power: str, n: int, cause: str) -> int:
    a = state["adv"]
    p = R.major_of(state, power)
    lost = 0
    if p not in a["battle"]:
        return 0
    for _ in range(n):
        # a counted (never played) marker leaves its battle box first: the pool stays empty
        if any(forgive(state, p, f"battle:{i}") for i in reversed(range(BATTLE_BOXES))):
            continue
        if a["battle"][p] > 0:
            a["battle"][p] -= 1
            give_back(state, p)
            lost += 1
    if n:
        log(
            state,
            f"{power_name(p)} loses {n} VP ({cause}): {lost} marker{'s' if lost != 1 else ''} back to its pool.",
            p,
        )
    if p == "prussia" or (state["players"] == 2 and p == "france"):
        hooks.call("vp_lost", state, p, n, cause)  # R19.3
    return lost


@hooks.provide("lost_to_supply")
def lost_to_supply(state: dict, power: str, bohemia: bool) -> None:
    """R16.2 / R9.7: a general eliminated for lack of supply costs his major power 1 VP."""
    lose_vp(state, power, 1, "lack of supply" + ("@bohemia" if bohemia else ""))


@hooks.provide("conquest_marked")
def conquest_marked(
    state: dict, info: BoardInfo, power: str, city: str, marks_conquest: Callable[[dict, BoardInfo, str, str], bool]
) -> None:
    """R10.16 in the advanced game: the markers of a conquest, from and back to the pools (R15.3),
    the Rhine electorates' elector markers (b), the Electoral College (R18.4), R19.2."""
    remove_vm(state, city)  # (a) back to its pool (R15.3)
    drop_qmark(state, city)
    marker = R.major_of(state, power)  # (e) a minor marks with its major's markers
    if city in RHINE:
        flip_elector(state, info, power, city)  # (b) elector marker flipped, never a VM
    elif marks_conquest(state, info, power, city):
        place_vm(state, marker, city)
    after_control_change(state, info)
    france_conquered_bohemia(state, info, power, city)


def settle_battle(state: dict, info: BoardInfo, battle: dict) -> None:
    """After the loser's retreat (or elimination): VPs to the winner and from the loser."""
    vp = battle_vp(battle["troops"], battle["generals"])
    if vp:
        gain_vp(state, battle["winner"], vp)
        lose_vp(state, battle["loser"], vp, "battle" + ("@bohemia" if battle.get("bohemia") else ""))


# --- victory (R23) ---------------------------------------------------------------------------------


def majors_in_game(state: dict) -> list[str]:
    return [p for p in R.MAJOR if R.role_of(state, p)]


def _tie_winner(state: dict, powers: Iterable[str]) -> str:
    roles: list[str] = []
    for p in powers:
        r = R.role_of(state, p)
        if r is not None and r not in roles:  # the majors in the game: each has a role
            roles.append(r)
    if len(roles) == 1:
        return roles[0]
    if "maria_theresa" in roles:  # R23.2 / R24.2.6: MT (player B) wins every tie
        return "maria_theresa"
    roles = [r for r in roles if r != "louis_xv"] or roles  # Louis XV loses every tie
    return sorted(roles)[0]


def check_pools(state: dict, info: BoardInfo, when: str) -> None:
    """R23.1: a major power whose pool is empty wins at once (R23.2 tie-breaks)."""
    if not is_adv(state) or state["result"] is not None:
        return
    a = state["adv"]
    empty = [p for p in majors_in_game(state) if a["pools"][p] == 0]
    if empty:
        best = max(a["overflow"][p] for p in empty)
        tied = [p for p in empty if a["overflow"][p] == best]
        role = _tie_winner(state, tied)
        pools = "pool of {} is" if len(empty) == 1 else "pools of {} are"
        _finish(
            state,
            role,
            f"The victory-marker {pools.format(' and '.join(power_name(p) for p in empty))} empty "
            f"at the end of {when}: {R.role_name(role)} wins.",
        )
        return
    for p in a["overflow"]:
        a["overflow"][p] = 0
    a["owed"] = {}


@hooks.provide("winter_scoring")
def winter_scoring(state: dict) -> None:
    """R13.6: 1 point per marker left in the pool, hidden until the end."""
    a = state["adv"]
    for p in majors_in_game(state):
        a["winter"][p].append(a["pools"][p])
    log(state, f"Winter scoring after turn {state['turn']} (the scores stay hidden until the game ends).")


@hooks.provide("end_of_game")
def end_of_game(state: dict, info: BoardInfo) -> None:
    """R23.3: lowest total of the 4 winter scores wins (ties as R23.2)."""
    a = state["adv"]
    totals = {p: sum(a["winter"][p]) for p in majors_in_game(state)}
    best = min(totals.values())
    tied = [p for p, t in totals.items() if t == best]
    role = _tie_winner(state, tied)
    _finish(
        state,
        role,
        "After the fourth winter the winter scores are "
        + ", ".join(f"{power_name(p)} {t}" for p, t in totals.items())
        + f": {R.role_name(role)} wins.",
    )
    state["result"]["winter_scores"] = {p: list(a["winter"][p]) for p in totals}


def _core_austria(info: BoardInfo, c: str) -> bool:
    t = info.board.cities[c].territory
    return bool(getattr(info.board.territories[t], "core_austria", False))


def france_may_reduce(state: dict, info: BoardInfo) -> bool:
    a = state["adv"]
    if a["france_reduced"] or not R.role_of(state, "france"):
        return False
    if any(
        g["power"] == "france" and g["city"] in info.playable and _core_austria(info, g["city"])
        for g in state["generals"].values()
    ):
        return False
    return any(p == "france" and _core_austria(info, c) for c, p in state["markers"].items())


def reduce_objectives(state: dict, info: BoardInfo) -> None:
    """R19.2.1: all French VMs in Core-Austria off the board; half (rounded up) set aside."""
    a = state["adv"]
    cities = sorted(c for c, p in state["markers"].items() if p == "france" and _core_austria(info, c))
    for c in cities:
        del state["markers"][c]
    aside = (len(cities) + 1) // 2
    a["set_aside"]["france"] += aside
    give_back(state, "france", len(cities) - aside)
    a["france_reduced"] = True
    log(
        state,
        f"France reduces its military objectives: {len(cities)} markers leave Core-Austria, {aside} are set aside.",
        "france",
    )
    after_control_change(state, info)


def france_conquered_bohemia(state: dict, info: BoardInfo, power: str, city: str) -> None:
    """R19.2.2: the set-aside markers return once France or Bavaria conquers on the Bohemia map."""
    a = state["adv"]
    if a["set_aside"]["france"] and power in ("france", "bavaria") and info.board.cities[city].map == "bohemia":
        give_back(state, "france", a["set_aside"]["france"])
        log(state, f"{a['set_aside']['france']} set-aside French markers return to the pool.", "france")
        a["set_aside"]["france"] = 0


@register("reduce_objectives")
class ReduceObjectives(Handler):
    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, ["france"])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        return [{"type": "reduce_objectives", "reduce": True}, {"type": "reduce_objectives", "reduce": False}]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        pop(state)
        if action["reduce"]:
            reduce_objectives(state, info)
        check_pools(state, info, "an action stage")
