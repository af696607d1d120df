"""Movement phase (R10.1-R10.10): moves step by step, force march, stacking, enemy trains,
supply-train re-entry, troop transfers inside one-power stacks (R6.6).

A move is chosen in two levels so legal_actions stays small: {"type": "move"|"force_march",
"piece": id} opens a `moving` state offering {"type": "step", "to": city} and {"type": "stop"}.
apply() also accepts a whole move at once: {"type": "move", "piece": id, "path": [start, ..., end],
"force_march": bool} — it is checked step by step through the same code.
"""

from __future__ import annotations

from typing import Any, Callable, Collection, Iterable

from maria.engine.graph import move_length_ok
from maria.games.maria.rules import hooks
from maria.games.maria.rules import cards
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.conquest import leave_fortress
from maria.games.maria.rules.machine import Handler, effect, pop, push, register, roles_for_powers
from maria.games.maria.rules.hussars import remove_hussar_at
from maria.engine.log import log, power_name
from maria.games.maria.rules.state import (
    IllegalAction,
    board_info,
    enemy_controlled,
    equal_rank_stack,
    forget_commander,
    friendly_controlled,
    home_of,
    is_occupied,
    set_commander,
    set_general_city,
    set_train_city,
)
from maria.games.maria.rules.state import BoardInfo

REENTRY_COST = 4  # R10.10


def _piece(state: dict, pid: str) -> tuple[str, dict]:
    if pid in state["generals"]:
        return "general", state["generals"][pid]
    if pid in state["trains"]:
        return "train", state["trains"][pid]
    raise IllegalAction(f"There is no piece called {pid!r}.")


def _adjacent_to_enemy(state: dict, info: BoardInfo, city: str, power: str) -> bool:
    """R10.5; a neutral power's pieces are not enemy pieces (RUL-A33: no war with a neutral)."""
    ns = ()
    if state["variant"] == "advanced":
        ns = hooks.call("neutral_powers", state)
    for n in info.nbrs[city]:
        for gid in state["city_generals"].get(n, ()):
            p = state["generals"][gid]["power"]
            if R.enemies(state, p, power) and p not in ns:
                return True
        tid = state["city_train"].get(n)
        if tid and R.enemies(state, state["trains"][tid]["power"], power) and state["trains"][tid]["power"] not in ns:
            return True
    return False


def _stack_ok(state: dict, gid: str, city: str) -> bool:
    """R6.1/R6.4: one general there, same or co-operating power, at most 16 troops together."""
    here = state["city_generals"].get(city, [])
    if len(here) != 1:
        return False
    other = state["generals"][here[0]]
    me = state["generals"][gid]
    if R.austria_pa_stacking(state, me["power"], other["power"]) == "no":
        return False  # R6.8 / R10.7
    return R.cooperating(state, me["power"], other["power"]) and me["troops"] + other["troops"] <= 16


def _city_name(info: BoardInfo, city: Any) -> str:
    return info.board.cities[city].name if city in info.board.cities else city


def _advanced_refusal(state: dict, info: BoardInfo, piece: dict, cur: str, to: str) -> str | None:
    cities = info.board.cities
    if cities[cur].map != cities[to].map and piece["power"] not in ("france", "austria"):
        return "Only French and Austrian pieces may cross between the Flanders and Bohemia maps (R10.6)."
    if to in hooks.call("forbidden", state, info, piece["power"]):
        return (
            f"{_city_name(info, to)}: neutral pieces stay at home and foreign pieces stay out of neutral "
            "territory (R19.4)."
        )
    if "rank" in piece:  # a general: the agreements in force (R21, RUL-A40)
        return hooks.call("agreement_step", state, info, piece["power"], cur, to)
    return None


# step_refusal's refusal when it is asked for no reason (explain=False)
REFUSED = "refused"


def step_refusal(state: dict, info: BoardInfo, frame: dict, to: Any, explain: bool = True) -> str | None:
    """Why the moving piece may not step to `to` now (None = it may).  With `explain` False a
    refusal is the bare REFUSED: the enumerations of every path (the step prompt, the board's
    destinations, the computer players' planner) ask it millions of times and read no reason."""
    pid, mode, path = frame["piece"], frame["mode"], frame["path"]
    kind, piece = _piece(state, pid)
    cur = path[-1]
    roads = info.nbrs.get(cur)
    if roads is None or to not in roads:
        if not explain:
            return REFUSED
        return f"{_city_name(info, to)} is not adjacent to {info.board.cities[cur].name} (in play)."
    main_road = roads[to]
    main = main_road and frame["main"]
    n = len(path)  # steps after this one
    if mode == "force":
        if not main_road:
            return "A force march must use main roads only."
        if n > 8:
            return "A force march covers at most 8 cities."
        if enemy_controlled(state, info, to, piece["power"]) and info.is_fortress(to):
            return (
                f"A force march may not enter the enemy-controlled fortress {_city_name(info, to)}."
                if explain
                else REFUSED
            )
        if _adjacent_to_enemy(state, info, to, piece["power"]):
            return (
                f"A force march may not enter {_city_name(info, to)}: it is adjacent to an enemy piece."
                if explain
                else REFUSED
            )
    else:
        limit = 3 if kind == "general" else 2
        if not move_length_ok(n, limit, main):  # R10.1 main-road bonus
            return (
                (
                    f"A {'general' if kind == 'general' else 'supply train'} moves {limit} cities, "
                    f"{limit + 1} only if the whole move is on main roads."
                )
                if explain
                else REFUSED
            )
    if state["variant"] == "advanced":
        why = _advanced_refusal(state, info, piece, cur, to)
        if why:
            return why
    gens = state["city_generals"].get(to, [])
    tid = state["city_train"].get(to)
    if gens:
        if kind == "general" and _stack_ok(state, pid, to):
            if to in frame.get("refused", ()):
                if not explain:
                    return REFUSED
                other = state["generals"][gens[0]]
                return (
                    f"{_city_name(info, to)}: {power_name(other['power'])} does not agree to stack with "
                    f"{piece['name']} (R10.7)."
                )
            return None
        if not explain:
            return REFUSED
        other = state["generals"][gens[0]]
        return (
            f"{_city_name(info, to)} is occupied by {other['name']} ({power_name(other['power'])}): a piece may "
            "not enter or pass through a city holding another piece"
            + (
                " (a stack needs one general of the same or a co-operating power, and at most 16 troops)"
                if kind == "general"
                else ""
            )
            + "."
        )
    if tid:
        t = state["trains"][tid]
        enemy = R.enemies(state, t["power"], piece["power"])
        if kind == "general" and enemy and (mode == "normal" or state["options"]["force_march_may_take_train"]):
            return None
        if not explain:
            return REFUSED
        return f"{_city_name(info, to)} holds the {power_name(t['power'])} supply train: " + (
            "only a general (not on a force march) may enter an enemy train's city."
            if enemy
            else "a piece may not enter or pass through a city holding another piece."
        )
    return None


def can_start(state: dict, info: BoardInfo, pid: str, mode: str) -> bool:
    kind, piece = _piece(state, pid)
    frame = {"piece": pid, "mode": mode, "path": [piece["city"]], "main": True}
    return any(step_refusal(state, info, frame, n, explain=False) is None for n in info.nbrs[piece["city"]])


def reentry_sites(state: dict, info: BoardInfo, tid: str) -> list[str]:
    """R10.10: empty, friendly-controlled major fortress in the home country (a major power may use
    a co-operating minor's)."""
    power = state["trains"][tid]["power"]
    homes = {power} | (set(R.minors_of(state, power)) if power in R.MAJOR else set())
    return [
        c
        for c in info.major_fortresses()
        if home_of(state, info, c) in homes and not is_occupied(state, c) and friendly_controlled(state, info, c, power)
    ]


@register("movement_phase")
class MovementPhase(Handler):
    @staticmethod
    def _powers(state: dict, frame: dict, role: str) -> list[str]:
        return [p for p in frame["powers"] if p in R.powers_of(state, role)]

    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        frame.setdefault("moved", [])
        frame.setdefault("done_roles", [])
        if not MovementPhase.waiting(state, info, frame):
            pop(state)
            return True
        return False

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return [r for r in roles_for_powers(state, frame["powers"]) if r not in frame.get("done_roles", [])]

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in MovementPhase.waiting(state, info, frame):
            return []
        powers = MovementPhase._powers(state, frame, role)
        out = [a for a in piece_actions(state, info, frame, powers) if flanders_ok(state, info, frame, a)]
        if dispute_possible(state, frame):
            out.append({"type": "dispute"})  # R10.8
        d = frame.get("dispute")
        if d and d in powers and d not in frame["flanders_done"] and _flanders_actions(state, info, frame, d):
            out.append({"type": "flanders_pass", "power": d})
        out.append({"type": "done"})
        return out

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        t = action["type"]
        if t == "dispute":
            frame["dispute"] = "pragmatic_army"
            frame["flanders_done"] = []
            log(
                state,
                f"{R.role_name(role)} disputes the order of moves on the Flanders map: "
                "Austria and the Pragmatic Army now alternate moves there, the Pragmatic Army first.",
            )
            return
        if t == "flanders_pass":
            frame["flanders_done"].append(action["power"])
            log(state, f"{power_name(action['power'])} makes no more moves on the Flanders map.", action["power"])
            return
        if t in ("move", "force_march") and frame.get("dispute"):
            _flanders_moved(state, info, frame, action["piece"], state_city(state, action["piece"]))
        if t == "done":
            frame["done_roles"].append(role)
            powers = MovementPhase._powers(state, frame, role)
            log(
                state,
                f"{', '.join(power_name(p) for p in powers)} "
                + ("ends its movement." if len(powers) == 1 else "end their movement."),
                powers[0],
            )
        elif t in ("move", "force_march"):
            kind, piece = _piece(state, action["piece"])
            mode = "force" if t == "force_march" or action.get("force_march") else "normal"
            push(
                state, {"name": "moving", "piece": action["piece"], "mode": mode, "path": [piece["city"]], "main": True}
            )
        elif t == "reenter_train":
            tid, city = action["train"], action["city"]
            push(
                state,
                {
                    "name": "pay",
                    "power": state["trains"][tid]["power"],
                    "amount": REENTRY_COST,
                    "purpose": "the re-entry of a supply train",
                    "effect": {"name": "train_reentry", "train": tid, "city": city},
                },
            )


def state_city(state: dict, pid: str) -> str | None:
    p = state["generals"].get(pid) or state["trains"].get(pid)
    return p["city"] if p else None


def piece_actions(state: dict, info: BoardInfo, frame: dict, powers: Collection[str]) -> list[dict]:
    """Moves and train re-entries open to `powers` in this movement phase (R10.1, R10.9)."""
    out = []
    for gid, g in sorted(state["generals"].items()):
        if g["power"] in powers and g["in_play"] and g["city"] in info.playable and gid not in frame["moved"]:
            if can_start(state, info, gid, "normal"):
                out.append({"type": "move", "piece": gid})
            if can_start(state, info, gid, "force"):
                out.append({"type": "force_march", "piece": gid})
    for tid, t in sorted(state["trains"].items()):
        if t["power"] not in powers or not t["in_play"]:
            continue
        if t["city"] is not None and tid not in frame["moved"] and can_start(state, info, tid, "normal"):
            out.append({"type": "move", "piece": tid})
        if tid not in frame["moved"] and cards.hand_value(state, t["power"]) >= REENTRY_COST:
            out += [{"type": "reenter_train", "train": tid, "city": c} for c in reentry_sites(state, info, tid)]
    return out


# --- R10.8: a dispute over the order of moves on the Flanders map (RUL-A32) --------------------

DISPUTERS = ("austria", "pragmatic_army")


def dispute_possible(state: dict, frame: dict) -> bool:
    """Either player may declare a dispute while both Austria and the PA (different players) move."""
    if state["variant"] != "advanced" or frame.get("dispute") is not None:
        return False
    if not all(p in frame["powers"] for p in DISPUTERS):
        return False
    ra, rp = R.role_of(state, "austria"), R.role_of(state, "pragmatic_army")
    return ra != rp and ra not in frame.get("done_roles", []) and rp not in frame.get("done_roles", [])


def _action_power_city(state: dict, action: dict) -> tuple[str | None, str | None]:
    """(power, Flanders-relevant city) of a movement action: the piece's start city, or the
    fortress a train re-enters on."""
    if action["type"] in ("move", "force_march"):
        p = state["generals"].get(action["piece"]) or state["trains"][action["piece"]]
        return p["power"], p["city"]
    if action["type"] == "reenter_train":
        return state["trains"][action["train"]]["power"], action["city"]
    return None, None


def _is_flanders(info: BoardInfo, city: str | None) -> bool:
    return city in info.board.cities and info.board.cities[city].map == "flanders"


def _flanders_actions(state: dict, info: BoardInfo, frame: dict, power: str) -> list[dict]:
    out = []
    for a in piece_actions(state, info, frame, [power]):
        p, c = _action_power_city(state, a)
        if _is_flanders(info, c):
            out.append(a)
    return out


def _finished_on_flanders(state: dict, info: BoardInfo, frame: dict, power: str) -> bool:
    return (
        power in frame["flanders_done"]
        or R.role_of(state, power) in frame["done_roles"]
        or not _flanders_actions(state, info, frame, power)
    )


def flanders_ok(state: dict, info: BoardInfo, frame: dict, action: dict) -> bool:
    """After a dispute, moves on the Flanders map alternate, the PA first; a power that has passed
    there (or ended its movement, or has nothing left to move there) lets the other move freely."""
    d = frame.get("dispute")
    if d is None:
        return True
    power, city = _action_power_city(state, action)
    if power not in DISPUTERS or not _is_flanders(info, city):
        return True
    if power in frame["flanders_done"]:
        return False
    if power == d:
        return True
    return _finished_on_flanders(state, info, frame, d)


def _flanders_moved(state: dict, info: BoardInfo, frame: dict, pid: str, city: str | None) -> None:
    p = state["generals"].get(pid) or state["trains"][pid]
    if p["power"] in DISPUTERS and _is_flanders(info, city):
        frame["dispute"] = "austria" if p["power"] == "pragmatic_army" else "pragmatic_army"


def transfer_actions(state: dict, role: str) -> list[dict]:
    """R6.6: troops pass between two stacked generals of one power (never inside a mixed stack),
    each keeping 1..8.  Offered to the owner whenever he has a decision to make (RUL-15)."""
    powers = R.powers_of(state, role)
    out = []
    for city, gens in sorted(state["city_generals"].items()):
        if len(gens) != 2:
            continue
        ga, gb = state["generals"][gens[0]], state["generals"][gens[1]]
        if ga["power"] != gb["power"] or ga["power"] not in powers or not (ga["in_play"] and gb["in_play"]):
            continue
        for a, b in (gens, gens[::-1]):
            ta, tb = state["generals"][a]["troops"], state["generals"][b]["troops"]
            for n in range(1, min(ta - 1, 8 - tb) + 1):
                out.append({"type": "transfer", "from": a, "to": b, "troops": n})
    return out


def apply_transfer(state: dict, action: dict) -> None:
    a, b, n = action["from"], action["to"], action["troops"]
    state["generals"][a]["troops"] -= n
    state["generals"][b]["troops"] += n
    state["generals"][a]["known"] = state["generals"][b]["known"] = None
    log(
        state,
        f"{power_name(state['generals'][a]['power'])} transfers troops inside a stack.",
        state["generals"][a]["power"],
        [state["generals"][a]["city"]],
    )


def apply_whole_move(state: dict, info: BoardInfo, role: str, action: dict, check: Callable[[dict], None]) -> None:
    """Execute {"type": "move", "piece", "path"} as the same sequence of step actions."""
    path = action["path"]
    kind, piece = _piece(state, action["piece"])
    if not isinstance(path, list) or len(path) < 2 or path[0] != piece["city"]:
        raise IllegalAction("A move's path starts at the piece's city and names at least one more city.")
    for city in path[1:]:
        if state["result"] is not None:
            return
        frame = state["flow"][-1]
        if frame["name"] != "moving" or frame["piece"] != action["piece"]:
            raise IllegalAction(f"The move had already ended before {city}.")
        why = step_refusal(state, info, frame, city)
        if why:
            raise IllegalAction(why)
        check({"type": "step", "to": city})
    frame = state["flow"][-1]
    if state["result"] is None and frame["name"] == "moving" and frame["piece"] == action["piece"]:
        check({"type": "stop"})


@register("moving")
class Moving(Handler):
    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, [_piece(state, frame["piece"])[1]["power"]])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in Moving.waiting(state, info, frame):
            return []
        cur = frame["path"][-1]
        out = [
            {"type": "step", "to": n}
            for n in sorted(info.nbrs[cur])
            if step_refusal(state, info, frame, n, explain=False) is None
        ]
        if len(frame["path"]) > 1 or frame.get("refused"):
            out.append({"type": "stop"})  # after a refused stack the move may end at once
        return out

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        pid = frame["piece"]
        kind, piece = _piece(state, pid)
        if action["type"] == "stop":
            Moving._finish(state, frame, [pid])
            return
        to = action["to"]
        cur = frame["path"][-1]
        here = state["city_generals"].get(to, [])
        if (
            kind == "general"
            and here
            and to not in frame.get("consented", ())
            and R.austria_pa_stacking(state, piece["power"], state["generals"][here[0]]["power"]) == "ask"
        ):
            other = state["generals"][here[0]]
            proposal = frame.get("proposed", {}).get(to)
            if other["rank"] == piece["rank"] and proposal is None:
                # R6.2: equal ranks: the mover names the supreme commander first; the other player's
                # consent (R10.7) then covers the stack with that commander (RUL-06)
                push(
                    state,
                    {
                        "name": "choose_commander",
                        "power": piece["power"],
                        "cities": [to],
                        "generals": [pid, here[0]],
                        "then": "consent",
                    },
                )
                return
            push(
                state,
                {
                    "name": "stack_consent",
                    "piece": pid,
                    "to": to,
                    "general": here[0],
                    "power": other["power"],
                    "commander": proposal,
                },
            )
            return  # R10.7: the other player agrees?
        frame["main"] = frame["main"] and info.nbrs[cur][to]
        if kind == "general" and frame["mode"] == "normal":
            leave_fortress(state, info, pid, cur)  # R10.12 conquest on moving out
            if state["result"] is not None:  # R14.3: that conquest won the game
                return
        frame["path"].append(to)
        remove_hussar_at(state, to)  # R7.3
        tid = state["city_train"].get(to)
        if tid:  # R10.4 enemy train eliminated
            set_train_city(state, tid, None)
            log(
                state,
                f"{piece['name']} eliminates the {power_name(state['trains'][tid]['power'])} supply train.",
                piece["power"],
                [to],
            )
        stacking = bool(state["city_generals"].get(to))
        if kind == "general":
            set_general_city(state, pid, to)
        else:
            set_train_city(state, pid, to)
        if piece["power"] == "prussia" and state["variant"] == "advanced":
            hooks.call("prussian_piece_left", state, info)  # R19.1.2 step 7
        if stacking:  # R10.4 both moves end
            others = [g for g in state["city_generals"][to] if g != pid]
            Moving._finish(state, frame, [pid] + others)
            if kind == "general":
                settle_commander(state, piece["power"], to, frame.get("proposed", {}).get(to))

    @staticmethod
    def _finish(state: dict, frame: dict, pids: Collection[str]) -> None:
        kind, piece = _piece(state, frame["piece"])
        pop(state)
        parent = state["flow"][-1]
        for p in pids:
            if p not in parent["moved"]:
                parent["moved"].append(p)
        name = piece["name"] if kind == "general" else f"The {power_name(piece['power'])} supply train"
        how = "force-marches" if frame["mode"] == "force" else "moves"
        # the log names the route's ends (the places list holds the whole route: hovering the line
        # in the program lights it on the map)
        cities = board_info(state).board.cities
        n = len(frame["path"]) - 1
        log(
            state,
            f"{name} {how} {cities[frame['path'][0]].name} → {cities[frame['path'][-1]].name} "
            f"({n} cit{'y' if n == 1 else 'ies'}).",
            piece["power"],
            list(frame["path"]),
        )


@effect("train_reentry")
def _train_reentry(state: dict, info: BoardInfo, eff: dict) -> None:
    tid, city = eff["train"], eff["city"]
    if city not in reentry_sites(state, info, tid) and state["trains"][tid]["city"] != city:
        raise IllegalAction("That fortress is no longer a legal re-entry site.")
    remove_hussar_at(state, city)  # RUL-21
    set_train_city(state, tid, city)
    phase = state["flow"][-1]
    phase["moved"].append(tid)  # R10.10 may not move this phase
    if phase.get("dispute"):
        _flanders_moved(state, info, phase, tid, city)  # R10.8
    log(
        state,
        f"The {power_name(state['trains'][tid]['power'])} supply train re-enters.",
        state["trains"][tid]["power"],
        [city],
    )


# --- R6.2: equal ranks: the player creating the stack chooses its supreme commander ---------------


def settle_commander(state: dict, power: str, city: str, chosen: str | None = None) -> None:
    """A stack has just been created at `city` by a general of `power`.  With two generals of the
    same rank number its creator decides who commands (R6.2): `chosen` if already agreed (the
    consent step of R10.7), else a "choose_commander" step for `power`'s player."""
    forget_commander(state, city)
    if not equal_rank_stack(state, city):
        return
    if chosen is not None and chosen in state["city_generals"][city]:
        _record_commander(state, city, chosen)
        return
    ask_commanders(state, power, [city])


def ask_commanders(state: dict, power: str, cities: Iterable[str]) -> None:
    """Open one choose_commander step for the equal-rank stacks just created at `cities`."""
    todo = [c for c in cities if equal_rank_stack(state, c)]
    for c in todo:
        forget_commander(state, c)
    if todo:
        push(state, {"name": "choose_commander", "power": power, "cities": todo})


def _record_commander(state: dict, city: str, gid: str) -> None:
    set_commander(state, city, gid)
    g = state["generals"][gid]
    log(
        state,
        f"{g['name']} ({power_name(g['power'])}) is the supreme commander of the stack (equal ranks, R6.2).",
        g["power"],
        [city],
    )


@register("choose_commander")
class ChooseCommander(Handler):
    """R6.2: two generals of the same rank number stack: the creator's player names the supreme
    commander ({"type": "commander", "city", "general"}), one stack at a time.  With "then":
    "consent" the stack is not made yet: the choice is the mover's proposal, put to the other
    player in the stack_consent step that follows (R10.7)."""

    @staticmethod
    def _gens(state: dict, frame: dict) -> list[str]:
        if frame.get("then") == "consent":
            return list(frame["generals"])
        return sorted(state["city_generals"].get(frame["cities"][0], []))

    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        if frame.get("then") != "consent":
            while frame["cities"] and not equal_rank_stack(state, frame["cities"][0]):
                frame["cities"].pop(0)
        if not frame["cities"] or state["result"] is not None:
            pop(state)
            return True
        if not roles_for_powers(state, [frame["power"]]):  # nobody to ask: the rank order
            ChooseCommander._choose(
                state,
                frame,
                sorted(ChooseCommander._gens(state, frame), key=lambda g: state["generals"][g]["power"] in R.MINOR)[0],
            )
            return True
        return False

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, [frame["power"]]) if frame["cities"] else []

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in ChooseCommander.waiting(state, info, frame):
            return []
        city = frame["cities"][0]
        return [{"type": "commander", "city": city, "general": g} for g in ChooseCommander._gens(state, frame)]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        ChooseCommander._choose(state, frame, action["general"])

    @staticmethod
    def _choose(state: dict, frame: dict, gid: str) -> None:
        city = frame["cities"].pop(0)
        if frame.get("then") != "consent":
            _record_commander(state, city, gid)
            return
        pop(state)  # the proposal goes to the joined player
        moving = state["flow"][-1]
        moving.setdefault("proposed", {})[city] = gid
        here = frame["generals"][1]
        push(
            state,
            {
                "name": "stack_consent",
                "piece": frame["generals"][0],
                "to": city,
                "general": here,
                "power": state["generals"][here]["power"],
                "commander": gid,
            },
        )


@register("stack_consent")
class StackConsent(Handler):
    """R6.8/R10.7: an Austrian and a PA general stack only if both players agree; the player of the
    general being joined answers (asked only when the players differ, option "ask")."""

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, [frame["power"]])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in StackConsent.waiting(state, info, frame):
            return []
        return [{"type": "stack_consent", "accept": True}, {"type": "stack_consent", "accept": False}]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        pop(state)
        moving = state["flow"][-1]
        mover = state["generals"][frame["piece"]]
        other = state["generals"][frame["general"]]
        if action["accept"]:
            cmd = frame.get("commander")
            log(
                state,
                f"{power_name(other['power'])} agrees that {mover['name']} stacks with {other['name']}"
                + (f", {state['generals'][cmd]['name']} in supreme command" if cmd else "")
                + ".",
                other["power"],
                [frame["to"]],
            )
            moving.setdefault("consented", []).append(frame["to"])
            mover_role = R.role_of(state, mover["power"])
            assert mover_role is not None  # the moving piece's power is in the game
            Moving.act(state, info, moving, mover_role, {"type": "step", "to": frame["to"]})
        else:
            log(
                state,
                f"{power_name(other['power'])} does not agree that {mover['name']} stacks with {other['name']}.",
                other["power"],
                [frame["to"]],
            )
            moving.setdefault("refused", []).append(frame["to"])
            moving.get("proposed", {}).pop(frame["to"], None)
