"""MARIA as a game of the family (no rule of its own: it names where MARIA's rules, board and
invariants are, R1-R25): the Game the registry (maria.games) hands out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from maria import paths
from maria.engine.game import Game, door_calls
from maria.games.maria import invariants
from maria.games.maria.rules import door
from maria.games.maria.rules import roles as R


def new_game(
    seed: int = 0, players: int = 3, variant: str | None = None, options: dict | None = None, board: Any = None
) -> dict:
    return door.new_game(variant or "intro", players, seed, options=options, board=board)


def roles(players: int) -> tuple[str, ...]:
    return tuple(door.ROLES[players])


def load_board(boards: Path | None = None) -> Any:
    from maria.games.maria.board import load_board as load

    return load(boards or paths.boards_dir())


def read_board(boards: Path) -> tuple[Any, list]:
    from maria.games.maria.board import read_board as read

    return read(boards)


def run_checks(board: Any) -> list:
    from maria.games.maria.board import run_checks as run

    return run(board)


def board_summary(board: Any) -> str:
    n = {m: len(board.cities_on(m)) for m in ("flanders", "bohemia")}
    roads = sum(1 for _ in board.edges())
    return f"Board: {n['flanders']} cities on Flanders, {n['bohemia']} on Bohemia, {roads} roads"


def calibration(board: Any) -> list[str]:
    """The calibration distances (shortest road steps, within one map) against the wanted ranges."""
    from maria.games.maria.board import CALIBRATION

    out = ["Calibration distances (shortest road steps, within one map):"]
    for a, b, lo, hi in CALIBRATION:
        d = board.distance(a, b, within_map=True) if a in board.cities and b in board.cities else None
        mark = "ok " if d is not None and lo <= d <= hi else "BAD"
        out.append(f"  {mark} {a}–{b}: {d} (wanted {lo}-{hi})")
    return out


GAME = Game(
    name="maria",
    title="MARIA",
    player_counts=(2, 3),
    default_players=3,
    variants=("intro", "advanced"),
    new_game=new_game,
    **door_calls(door),
    levels=("random", "easy", "normal", "hard"),
    roles=roles,
    role_name=R.role_name,
    load_board=load_board,
    board_folder=lambda boards: Path(boards),
    read_board=read_board,
    run_checks=run_checks,
    board_summary=board_summary,
    calibration=calibration,
    problems=invariants.check_state,
    rooms={
        "random": "maria.players.random_moves",
        "record": "maria.record.saves",
        "players": "maria.players",
        "lab": "maria.lab.maria_commands",
        "render": "maria.render.preview",
        "series": "maria.players.tournament",
        "ui": "maria.ui.maria_front",
    },
)
