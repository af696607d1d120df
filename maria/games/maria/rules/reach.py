"""Every legal path of a whole move (R10.1-R10.6): for a general or supply train, each road path it
may take this movement phase, normal move or force march (R10.4), found with the movement rules' own
step test (movement.step_refusal), so a destination is offered exactly where the door accepts the
move.  The door lists them (door.move_paths) for the board's drag-to-move."""

from __future__ import annotations

from collections.abc import Iterable

from maria.games.maria.rules.movement import step_refusal
from maria.games.maria.rules.state import board_info, copy_state, set_general_city, set_train_city

WORK_LIMIT = 20000  # road steps tried per mode: a bound on the search, far above a real board's


def move_paths(
    state: dict, piece: str, modes: Iterable[str] = ("normal", "force")
) -> dict[str, dict[str, list[list[str]]]]:
    """{mode: {end city: [paths]}} for `piece` (state = the real state; only the mover's own
    powers act).  A path joining a stack ends there (R10.5)."""
    info = board_info(state)
    out: dict[str, dict[str, list[list[str]]]] = {}
    for mode in modes:
        table: dict[str, list[list[str]]] = out.setdefault(mode, {})
        st = copy_state({k: v for k, v in state.items() if k not in ("log", "undo")})
        pc = st["generals"].get(piece) or st["trains"].get(piece)
        start = pc["city"]
        if start is None or start not in info.playable:
            continue
        # the mover leaves its city (as the engine does on the first step)
        if piece in st["generals"]:
            set_general_city(st, piece, None)
        else:
            set_train_city(st, piece, None)
        work = 0
        path = [start]
        frame = {"piece": piece, "mode": mode, "path": path, "main": True}

        def dfs() -> None:
            nonlocal work
            cur = path[-1]
            for n in sorted(info.nbrs[cur]):
                work += 1
                if work > WORK_LIMIT or n in path:
                    continue
                main_before = frame["main"]
                if step_refusal(st, info, frame, n, explain=False) is not None:
                    continue
                path.append(n)
                frame["main"] = main_before and info.nbrs[cur][n]
                table.setdefault(n, []).append(list(path))
                stops = bool(st["city_generals"].get(n))  # joining a stack ends the move
                if not stops:
                    dfs()
                path.pop()
                frame["main"] = main_before

        dfs()
    return out
