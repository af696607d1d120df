"""Retreat after combat (R11.13-R11.16): the winner picks the path."""

from __future__ import annotations

from maria.rules.flow import Handler, pop, register, roles_for_powers
from maria.rules.hussars import remove_hussar_at
from maria.rules.log import log, power_name
from maria.rules.state import IllegalAction, is_occupied, set_general_city
from maria.rules.combat import take_losses, loss_groups

WORK_LIMIT = 200_000


def retreat_paths(state, info, frame) -> list[list[str]]:
    """All simple paths of exactly `distance` cities through empty cities that end as far as
    possible (road steps, RUL-10) from the winning general; one path per end city."""
    start, d = frame["city"], frame["distance"]
    ends: dict[str, list[str]] = {}
    work = 0
    path = [start]
    seen = {start}

    def dfs(x):
        nonlocal work
        work += 1
        if work > WORK_LIMIT:
            return
        if len(path) == d + 1:
            ends.setdefault(x, list(path))
            return
        for y in sorted(info.nbrs[x]):
            if y in seen or is_occupied(state, y):
                continue
            seen.add(y)
            path.append(y)
            dfs(y)
            path.pop()
            seen.discard(y)
    dfs(start)
    if not ends:
        return []
    far = info.dist_from(frame["winner_city"])
    best = max(far.get(e, 0) for e in ends)
    return [ends[e] for e in sorted(ends) if far.get(e, 0) == best]


def valid_path(state, info, frame, path) -> str | None:
    if not isinstance(path, list) or len(path) != frame["distance"] + 1 or path[0] != frame["city"]:
        return f"The retreat must cover exactly {frame['distance']} cities from its start."
    if len(set(path)) != len(path):
        return "A retreating general may never enter a city a second time."
    for a, b in zip(path, path[1:]):
        if b not in info.nbrs.get(a, {}):
            return f"{b} is not adjacent to {a}."
        if is_occupied(state, b):
            return f"A retreat may not enter or pass through {info.board.cities[b].name}: it holds a piece."
    ends = {p[-1] for p in retreat_paths(state, info, frame)}
    if path[-1] not in ends:
        return "The retreat must end as far as possible from the winning general."
    return None


@register("retreat")
class Retreat(Handler):
    @staticmethod
    def auto(state, info, frame):
        if not retreat_paths(state, info, frame):
            gids = list(state["city_generals"].get(frame["city"], []))
            log(state, "No retreat of the full distance is possible: all troops are lost.",
                state["generals"][gids[0]]["power"], [frame["city"]])
            take_losses(state, info, loss_groups(state, gids), 99)        # R11.16
            pop(state)
            return True
        return False

    @staticmethod
    def waiting(state, info, frame):
        return roles_for_powers(state, [frame["winner_power"]])

    @staticmethod
    def prompt(state, info, frame, role):
        if role not in Retreat.waiting(state, info, frame):
            return []
        return [{"type": "retreat", "path": p} for p in retreat_paths(state, info, frame)]

    templated = frozenset({"retreat"})

    @staticmethod
    def act(state, info, frame, role, action):
        why = valid_path(state, info, frame, action.get("path"))
        if why:
            raise IllegalAction(why)
        path = action["path"]
        gids = list(state["city_generals"].get(frame["city"], []))
        for c in path[1:]:
            remove_hussar_at(state, c)
        for g in gids:
            set_general_city(state, g, path[-1])
        log(state, f"{power_name(frame['winner_power'])} retreats the defeated general{'s' if len(gids) > 1 else ''} "
            f"{frame['distance']} cities.", frame["winner_power"], path)
        pop(state)
