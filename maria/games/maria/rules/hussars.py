"""Hussars (R7): Austria places up to 2 hussars in stage 2; they tax enemy supply (R9.6)."""

from __future__ import annotations

from maria.games.maria.rules.machine import Handler, register, pop, roles_for_powers
from maria.engine.log import log
from maria.games.maria.rules.state import is_occupied
from maria.games.maria.rules.state import BoardInfo


def hussar_cities(state: dict, info: BoardInfo) -> list[str]:
    """R7.1: Bohemia map, at most 4 road steps from an Austrian general (pieces ignored, RUL-07),
    and not occupied by any piece."""
    near: set[str] = set()
    for g in state["generals"].values():
        if g["power"] == "austria" and g["in_play"] and g["city"] in info.playable:
            near.update(info.within(g["city"], 4))
    return sorted(c for c in near if info.board.cities[c].map == "bohemia" and not is_occupied(state, c))


def remove_hussar_at(state: dict, city: str) -> None:
    """R7.3: a piece moving or retreating into/through a hussar's city removes the hussar."""
    for h, c in state["hussars"].items():
        if c == city:
            state["hussars"][h] = None
            log(state, "The Austrian hussar is driven off.", "austria", [city])


@register("hussars")
class HussarStage(Handler):
    templated: frozenset[str] = frozenset()

    @staticmethod
    def auto(state: dict, info: BoardInfo, frame: dict) -> bool:
        if not state["hussars"] or "austria" not in {p for ps in state["roles"].values() for p in ps}:
            pop(state)
            return True
        if not hussar_cities(state, info):
            pop(state)
            return True
        return False

    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return roles_for_powers(state, ["austria"])

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role not in HussarStage.waiting(state, info, frame):
            return []
        cities = hussar_cities(state, info)
        taken = set(c for c in state["hussars"].values() if c)
        out = []
        for h in sorted(state["hussars"]):
            if h in frame["placed"]:
                continue
            out += [{"type": "place_hussar", "hussar": h, "city": c} for c in cities if c not in taken]
        out.append({"type": "done"})
        return out

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        if action["type"] == "done":
            pop(state)
            return
        state["hussars"][action["hussar"]] = action["city"]
        frame["placed"].append(action["hussar"])
        log(state, "Austria places a hussar.", "austria", [action["city"]])
