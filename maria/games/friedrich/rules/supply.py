"""Supply (2005 rules §9), checked last in a nation's turn (phase 5 of §2) for its generals only:
inside its own provinces a general is always supplied (Russia and France, without provinces, on
their own depot cities); elsewhere it needs a path of at most 6 cities to a supply train of its
own nation, through friendly pieces but never through enemy generals or enemy trains.  Out of
supply a face-up general turns face-down; one already face-down loses all its armies; a supplied
face-down general turns face-up again.
"""

from __future__ import annotations

from maria.engine.graph import path_length
from maria.engine.log import log
from maria.games.friedrich.rules import hooks
from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules.machine import Handler, pop, register
from maria.games.friedrich.rules.state import generals_of, nation_name, remove_general
from maria.games.friedrich.rules.state import Info


def train_distance(state: dict, info: Info, nation: str, city: str, max_len: int = T.SUPPLY_PATH) -> int | None:
    """Road steps from `city` to the nearest own train, avoiding enemy pieces (None beyond max_len)."""
    targets = {t["city"] for t in state["trains"].values() if t["nation"] == nation and t["city"]}
    if not targets:
        return None
    blocked = {
        c for c, gs in state["city_generals"].items() if gs and T.opponents(state["generals"][gs[0]]["nation"], nation)
    }
    blocked |= {c for c, t in state["city_train"].items() if T.opponents(state["trains"][t]["nation"], nation)}
    return path_length(info.graph, city, targets, blocked, set(), max_len)


def in_supply(state: dict, info: Info, gid: str) -> bool:
    g = state["generals"][gid]
    nation, city = g["nation"], g["city"]
    if info.board.home_of(city) in T.PROVINCES[nation]:
        return True
    if not T.PROVINCES[nation] and city in info.board.depots.get(nation, []):
        return True
    return train_distance(state, info, nation, city) is not None


@register("supply")
class SupplyPhase(Handler):
    @staticmethod
    def auto(state: dict, info: Info, frame: dict) -> bool:
        nation = frame["nation"]
        verdict = {g: in_supply(state, info, g) for g in generals_of(state, nation)}
        for gid, ok in verdict.items():
            g = state["generals"][gid]
            if ok:
                if g["face_down"]:
                    g["face_down"] = False
                    log(state, f"{g['name']} is in supply again and turns face-up (§9).", nation, [g["city"]])
            elif g["face_down"]:
                log(
                    state, f"{g['name']} is out of supply a second time and loses every army (§9).", nation, [g["city"]]
                )
                city = g["city"]
                remove_general(state, gid)
                hooks.call("supply_removal", state, info, gid, city)  # §13 OO: south of line 5
            else:
                g["face_down"] = True
                log(state, f"{g['name']} is out of supply and turns face-down (§9).", nation, [g["city"]])
        pop(state)
        return True


def supply_report(state: dict, info: Info, nation: str) -> dict[str, bool]:
    """Which of the nation's generals would be supplied now (a preview for players)."""
    return {g: in_supply(state, info, g) for g in generals_of(state, nation)}


__all__ = ["SupplyPhase", "in_supply", "train_distance", "supply_report", "nation_name"]
