"""FRIEDRICH as a game of the family (no rule of its own: it names where FRIEDRICH's rules, board
and invariants are, §1-§13): the Game the registry (maria.games) hands out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from maria.engine.game import Game, door_calls
from maria.games.friedrich import invariants
from maria.games.friedrich.rules import door
from maria.games.friedrich.rules import tables as T

ROLE_NAMES = {
    "frederick": "Frederick",
    "elisabeth": "Elisabeth",
    "maria_theresa": "Maria Theresa",
    "pompadour": "Pompadour",
    "elisabeth_pompadour": "Elisabeth & Pompadour",
}


def new_game(
    seed: int = 0, players: int = 4, variant: str | None = None, options: dict | None = None, board: Any = None
) -> dict:
    if variant == "advanced":
        options = {**(options or {}), "advanced": True}
    return door.new_game(players, seed, options, board=board)


def roles(players: int) -> tuple[str, ...]:
    return tuple(T.ROLES_4P if players == 4 else T.ROLES_3P)


def role_name(role: str | None) -> str:
    return ROLE_NAMES.get(role or "", (role or "spectator").replace("_", " ").title())


def load_board(boards: Path | None = None) -> Any:
    from maria.games.friedrich.board_loader import load_board as load

    return load(None if boards is None else board_folder(boards))


def board_folder(boards: Path) -> Path:
    return Path(boards) / "friedrich"


def read_board(boards: Path) -> tuple[Any, list]:
    from maria.games.friedrich.board_loader import read_board as read

    return read(board_folder(boards))


def run_checks(board: Any) -> list:
    from maria.games.friedrich.checks import run_checks as run

    return run(board)


def board_summary(board: Any) -> str:
    roads = sum(len(n) for n in board.roads.values()) // 2
    main = sum(1 for n in board.roads.values() for m in n.values() if m) // 2
    return (
        f"FRIEDRICH board: {len(board.cities)} cities, {roads} roads ({main} main), "
        f"{len(board.objectives)} objectives, {len(board.generals)} generals, {len(board.trains)} trains"
    )


def problems(state: dict) -> list[str]:
    """The invariants (maria.games.friedrich.invariants) a state breaks: empty when it is sound."""
    try:
        invariants.check_invariants(state)
    except AssertionError as exc:
        return [f"invariant broken: {exc}"]
    return []


GAME = Game(
    name="friedrich",
    title="FRIEDRICH",
    player_counts=(3, 4),
    default_players=4,
    variants=("standard", "advanced"),
    new_game=new_game,
    **door_calls(door),
    levels=("random", "easy", "normal", "hard"),
    roles=roles,
    role_name=role_name,
    load_board=load_board,
    board_folder=board_folder,
    read_board=read_board,
    run_checks=run_checks,
    board_summary=board_summary,
    problems=problems,
    rooms={
        "random": "maria.players.friedrich.random_moves",
        "record": "maria.record.friedrich_saves",
        "players": "maria.players.friedrich",
        "lab": "maria.lab.friedrich_commands",
        "render": "maria.render.friedrich_preview",
        "series": "maria.players.friedrich.tournament",
        "ui": "maria.ui.friedrich_front",
    },
)
