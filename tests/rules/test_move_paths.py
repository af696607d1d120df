"""R10: the door lists every legal path of a whole move (door.move_paths), the destinations the board
offers to a dragged piece; each listed path is a move the door accepts, and a city it does not
list is refused."""

from __future__ import annotations

import pytest

from maria.engine import rng
from maria.games.maria.rules import door
from maria.games.maria.rules.state import IllegalAction, board_info
from maria.players.random_moves import random_action


def _movement_position(seed: int):
    """A random introductory game played until a role may move one of its generals."""
    st = door.new_game("intro", 3, seed)
    ch = {"rng": rng.seed_state(seed)}
    for _ in range(3000):
        role = door.active_roles(st)[0]
        moves = [a for a in door.legal_actions(st, role) if a["type"] == "move"]
        if moves and any(m["piece"] in st["generals"] for m in moves):
            piece = next(m["piece"] for m in moves if m["piece"] in st["generals"])
            return st, role, piece
        a = random_action(st, role, ch)
        if a["type"] != "undo":
            st = door.apply(st, role, a)
    raise AssertionError("no movement found")


@pytest.mark.parametrize("seed", [3, 8])
def test_R10_every_listed_path_is_a_move_the_door_accepts(seed):
    st, role, piece = _movement_position(seed)
    paths = door.move_paths(st, piece)
    assert paths["normal"]  # a general in play can go somewhere
    for mode, table in paths.items():
        for city, ps in table.items():
            for p in ps[:3]:
                assert p[0] == st["generals"][piece]["city"] and p[-1] == city
                door.look_ahead(st, role, {"type": "move", "piece": piece, "path": p, "force_march": mode == "force"})


def _shortest_road(info, a: str, b: str) -> list[str]:
    prev, queue = {a: None}, [a]
    while queue:
        x = queue.pop(0)
        for n in sorted(info.nbrs[x]):
            if n not in prev:
                prev[n] = x
                queue.append(n)
    out, x = [], b
    while x is not None:
        out.append(x)
        x = prev[x]
    return out[::-1]


@pytest.mark.parametrize("seed", [3, 8])
def test_R10_a_city_the_door_does_not_list_is_refused(seed):
    st, role, piece = _movement_position(seed)
    info = board_info(st)
    listed = set(door.move_paths(st, piece)["normal"])
    start = st["generals"][piece]["city"]
    near = [c for c, d in info.dist_from(start).items() if 1 <= d <= 5]
    refused = 0
    for city in near:
        act = {"type": "move", "piece": piece, "path": _shortest_road(info, start, city), "force_march": False}
        if city in listed:
            continue
        with pytest.raises(IllegalAction):
            door.look_ahead(st, role, act)
        refused += 1
    assert refused > 0
