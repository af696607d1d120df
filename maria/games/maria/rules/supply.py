"""Supply phase (R9): home country, supply paths to the general's own trains, hussar tax."""

from __future__ import annotations

from typing import Callable, Collection, Iterable

from itertools import combinations

from maria.engine import graph
from maria.games.maria.rules import hooks

from maria.games.maria.rules import cards
from maria.games.maria.rules.combat import take_losses
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.machine import Handler, register, pop, push, roles_for_powers
from maria.engine.log import log, power_name
from maria.games.maria.rules.state import IllegalAction, copy_state, home_of, set_train_city
from maria.games.maria.rules.state import BoardInfo

MAX_PATH = 6  # R9.3: a supply path is at most 6 cities long (RUL-08 counts them)


def _enemy_piece_cities(state: dict, power: str) -> set[str]:
    out = set()
    for g in state["generals"].values():
        if g["in_play"] and g["city"] and R.enemies(state, g["power"], power):
            out.add(g["city"])
    for t in state["trains"].values():
        if t["in_play"] and t["city"] and R.enemies(state, t["power"], power):
            out.add(t["city"])
    return out


def supply_status(state: dict, info: BoardInfo, gid: str, at: str | None = None) -> tuple[str, int]:
    """("home", 0) | ("free", length) | ("tax", cost) | ("none", 0) for a general on the map
    (`at`: as if he stood in that city instead, the rest of the board as it stands)."""
    return hussar_probe(state, info, gid, at)({c for c in state["hussars"].values() if c})


def hussar_probe(state: dict, info: BoardInfo, gid: str, at: str | None = None) -> Callable[[set], tuple[str, int]]:
    """supply_status of general `gid` as a function of the cities holding a hussar (R9.6), the
    rest of the board as it stands: the trains, the blocked cities and the path that pays the tax
    are found once, so a player who weighs every placement of a hussar (R7) tries each quickly."""
    g = state["generals"][gid]
    city = at or g["city"]
    if home_of(state, info, city) == g["power"]:
        return lambda hussar_cities: ("home", 0)  # R9.2
    adv = state["variant"] == "advanced"
    arenberg = adv and gid == "arenberg"
    if arenberg and info.board.cities[city].territory in ("austrian_netherlands", "dutch_republic"):
        return lambda hussar_cities: ("home", 0)  # R22.1
    own = {g["power"], "pragmatic_army"} if arenberg else {g["power"]}
    trains = {
        t["city"] for t in state["trains"].values() if t["in_play"] and t["city"] in info.playable and t["power"] in own
    }
    if not trains:
        return lambda hussar_cities: ("none", 0)
    blocked = _enemy_piece_cities(state, g["power"])  # R9.3
    if adv:
        blocked = blocked | (hooks.call("forbidden", state, info, g["power"]) - {city})  # R19.4.3
    pays_tax = R.enemies(state, g["power"], "austria")
    through: list[int | None] = []  # the path through hussars, once found (it does not depend on them)

    def status(hussar_cities: set) -> tuple[str, int]:
        taxed = hussar_cities if pays_tax else set()
        free = graph.path_length(info, city, trains, blocked, taxed, MAX_PATH)
        if free is not None:
            return ("free", free)
        if taxed:
            if not through:
                through.append(graph.path_length(info, city, trains, blocked, set(), MAX_PATH))
            if through[0] is not None:
                return ("tax", through[0])  # R9.6: 1 per city
        return ("none", 0)

    return status


def outlook(state: dict, info: BoardInfo, gid: str, cities: Iterable[str]) -> dict[str, dict]:
    """R9: for each city, how general `gid` would fare at his next supply check if he ended his
    move there, the board otherwise as it stands: {"status": "home" | "free" | "tax" | "none",
    "tax": TCs of hussar tax (R9.6), "loss": troops lost when out of supply (R9.4)}.  What the
    board shows beside each lit destination while a general is moved."""
    g = state["generals"][gid]
    loss = 1 if g["face_up"] else 2
    out = {}
    for c in cities:
        status, n = supply_status(state, info, gid, at=c)
        out[c] = {"status": status, "tax": n if status == "tax" else 0, "loss": loss if status == "none" else 0}
    return out


def train_outlook(state: dict, info: BoardInfo, tid: str, city: str) -> list[str]:
    """R9.3: the generals of the train's power who are in supply now and would not be at their
    next supply check if train `tid` stood in `city` instead (the rest of the board as it stands)."""
    t = state["trains"][tid]
    before = {
        gid
        for gid, g in state["generals"].items()
        if g["power"] == t["power"]
        and g["in_play"]
        and g["city"] in info.playable
        and supply_status(state, info, gid)[0] != "none"
    }
    moved = copy_state({k: v for k, v in state.items() if k not in ("log", "undo")})
    set_train_city(moved, tid, city)
    return sorted(gid for gid in before if supply_status(moved, info, gid)[0] == "none")


def supply_map(state: dict, info: BoardInfo) -> dict:
    """The supply situation as the board stands (R9.3): for each power with a train on the map,
    the cities from which a general of that power reaches one of its trains in at most 6 cities
    without passing an enemy piece (hussars only tax the path, R9.6); and the generals on the map
    who would be out of supply now.  What the board's supply view (key S) shows."""
    ranges: dict[str, list[str]] = {}
    for t in state["trains"].values():
        if not (t["in_play"] and t["city"] in info.playable):
            continue
        blocked = _enemy_piece_cities(state, t["power"])
        seen = ranges.setdefault(t["power"], [])
        dist = graph.within_roads(info, t["city"], blocked, MAX_PATH)
        seen.extend(c for c in dist if c not in seen)
    out_of_supply = sorted(
        gid
        for gid, g in state["generals"].items()
        if g["in_play"] and g["city"] in info.playable and supply_status(state, info, gid)[0] == "none"
    )
    return {"ranges": {p: sorted(c) for p, c in sorted(ranges.items())}, "out_of_supply": out_of_supply}


def apply_supply(state: dict, info: BoardInfo, gid: str, supplied: bool) -> None:
    """R9.4: out of supply: flip face-down and lose 1 (already face-down: lose 2); back in supply:
    face-up again."""
    g = state["generals"][gid]
    if supplied:
        if not g["face_up"]:
            g["face_up"] = True
            log(state, f"{g['name']} is back in supply and turns face-up.", g["power"], [g["city"]])
        return
    loss = 1 if g["face_up"] else 2
    g["face_up"] = False
    city = g["city"]
    log(
        state,
        f"{g['name']} is out of supply: face-down, loses {loss} troop{'s' if loss > 1 else ''}.",
        g["power"],
        [city],
    )
    mates = [
        x for x in state["city_generals"].get(city, []) if x != gid and state["generals"][x]["power"] == g["power"]
    ]
    take_losses(state, info, [[gid] + mates], loss)


@register("supply_phase")
class SupplyPhase(Handler):
    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        if "status" not in frame:
            frame["status"] = {}
            for gid, g in sorted(state["generals"].items()):
                if g["power"] in frame["powers"] and g["in_play"] and g["city"] in info.playable:
                    frame["status"][gid] = list(supply_status(state, info, gid))
            frame["paid"] = {}
            frame["todo"] = [
                p
                for p in frame["powers"]
                if any(s[0] == "tax" and state["generals"][gid]["power"] == p for gid, s in frame["status"].items())
            ]
        while frame["todo"]:
            power = frame["todo"].pop(0)
            costs = {
                gid: s[1]
                for gid, s in frame["status"].items()
                if s[0] == "tax" and state["generals"][gid]["power"] == power
            }
            push(state, {"name": "hussar_tax", "power": power, "costs": costs})
            return True
        for gid, (kind, _) in sorted(frame["status"].items()):
            if state["generals"][gid]["city"] is None:
                continue
            ok = kind in ("home", "free") or (kind == "tax" and frame["paid"].get(gid, False))
            where = state["generals"][gid]["city"]
            apply_supply(state, info, gid, ok)
            if state["variant"] == "advanced" and state["generals"][gid]["city"] is None:
                bohemia = info.board.cities[where].map == "bohemia"  # R16.2 / R9.7
                hooks.call("lost_to_supply", state, state["generals"][gid]["power"], bohemia)
        pop(state)
        if state["variant"] == "advanced":
            hooks.call("flush_saxony", state, info)
        return True


def _maximal_subsets(costs: dict[str, int], budget: int) -> list[list[str]]:
    ids = sorted(costs)
    ok: list[list[str]] = []
    for k in range(len(ids), -1, -1):
        for combo in combinations(ids, k):
            if sum(costs[g] for g in combo) <= budget and not any(set(combo) < set(o) for o in ok):
                ok.append(list(combo))
    return ok


@register("hussar_tax")
class HussarTax(Handler):
    """R9.6: pay the hussar tax if possible; otherwise pay every TC and choose the unpaid generals."""

    templated = frozenset({"pay"})

    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        hand = state["cards"]["hands"].get(frame["power"], [])
        total = sum(frame["costs"].values())
        value = cards.pay_value(hand)
        if value >= total:
            return False
        options = _maximal_subsets(frame["costs"], value)
        if len(options) <= 1:
            HussarTax._pay_all(state, frame, options[0] if options else [])
            return True
        return False

    @staticmethod
    def _pay_all(state: dict, frame: dict, supplied: Collection[str]) -> None:
        power = frame["power"]
        hand = list(state["cards"]["hands"].get(power, []))
        if hand:
            cards.discard(state, power, hand)
            state["undo"] = []
        for gid in frame["costs"]:
            state["flow"][-2]["paid"][gid] = gid in supplied
        log(state, f"{power_name(power)} cannot pay the whole hussar tax and pays all its {len(hand)} TCs.", power)
        pop(state)

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, [frame["power"]])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in HussarTax.waiting(state, info, frame):
            return []
        hand = state["cards"]["hands"].get(frame["power"], [])
        total = sum(frame["costs"].values())
        if cards.pay_value(hand) >= total:
            return [{"type": "pay", "power": frame["power"], "cards": "choose", "amount": total}]
        return [{"type": "pay_all", "supplied": s} for s in _maximal_subsets(frame["costs"], cards.pay_value(hand))]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        if action["type"] == "pay_all":
            HussarTax._pay_all(state, frame, action["supplied"])
            return
        total = sum(frame["costs"].values())
        chosen = action.get("cards")
        hand = state["cards"]["hands"].get(frame["power"], [])
        if not isinstance(chosen, list) or len(set(chosen)) != len(chosen) or any(c not in hand for c in chosen):
            raise IllegalAction(f"{power_name(frame['power'])} can only pay with cards in its own hand.")
        if not cards.minimal_payment_ok(chosen, total):
            raise IllegalAction(
                f"The hussar tax is {total} points; pay at least that, with no card that is not needed."
            )
        cards.discard(state, frame["power"], chosen)
        state["undo"] = []
        for gid in frame["costs"]:
            state["flow"][-2]["paid"][gid] = True
        log(
            state,
            f"{power_name(frame['power'])} pays {cards.pay_value(chosen)} TC points of hussar tax "
            f"({cards.labels(chosen)}).",
            frame["power"],
        )
        pop(state)
