"""The Game interface (no rule of any game): what the program knows of one game of the family, so
that saves, replay, crash records, the fuzzer, series, benchmarks, the command line and the title
screen are written once.  Each game package builds one `Game` (maria/games/<name>/game.py) and the
registry (maria.games) lists them.

A game's rules are reached through the door functions below (new game, who acts, legal actions,
apply, the per-role view, the result).  The rooms above the games (record, players, lab, ui) keep
their per-game parts in modules named here by dotted path, so that a game package never imports a
room above it: the record room imports `rooms["record"]`, the players room `rooms["players"]`, and
so on.  Adding a game means adding one package and one line of the registry.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Mapping


@dataclass(frozen=True)
class Game:
    name: str  # the key a save records ("game:")
    title: str  # what a player reads
    player_counts: tuple[int, ...]  # the numbers of players the game is for
    default_players: int
    variants: tuple[str, ...]  # the first is the default
    new_game: Callable[..., dict]  # (seed, players, variant, options, board) -> state
    active_roles: Callable[[dict], list[str]]
    legal_actions: Callable[[dict, str], list[dict]]
    apply: Callable[[dict, str, dict], dict]
    view: Callable[[dict, str], dict]  # the one place hidden information is filtered
    is_over: Callable[[dict], bool]
    result: Callable[[dict], dict | None]
    levels: tuple[str, ...]  # the computer levels its players offer
    roles: Callable[[int], tuple[str, ...]]  # the roles of a game of n players
    role_name: Callable[[str], str]  # "Maria Theresa"
    load_board: Callable[[Path | None], Any]  # the board under a boards/ folder (None: shipped)
    board_folder: Callable[[Path], Path]  # where its board files are under a boards/ folder
    read_board: Callable[[Path], tuple[Any, list]]  # (board or None, every problem), never raising
    run_checks: Callable[[Any], list]  # the board checks' results (name, ok, problems)
    board_summary: Callable[[Any], str]  # one line: cities, roads, pieces
    problems: Callable[[dict], list[str]]  # the invariants broken by a state (empty: none)
    rooms: Mapping[str, str] = field(default_factory=dict)  # room -> the module holding this game's part
    calibration: Callable[[Any], list[str]] | None = None  # board distances to compare with the printed map

    def room(self, name: str) -> ModuleType:
        """This game's module in the room `name` (imported by that room, never by the game)."""
        return importlib.import_module(self.rooms[name])

    def players_for(self, asked: int | None) -> int:
        """`asked` if the game is for that many players, else its default."""
        return asked if asked in self.player_counts else self.default_players


DOOR_CALLS = ("active_roles", "legal_actions", "apply", "view", "is_over", "result")


def door_calls(door: ModuleType) -> dict[str, Callable[..., Any]]:
    """A game's door functions for its Game, each looked up in the door module at every call: the
    game is always the door as it stands (a test that replaces door.apply reaches every caller of
    the Game too)."""

    def late(name: str) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            return getattr(door, name)(*args)

        call.__name__ = name
        return call

    return {name: late(name) for name in DOOR_CALLS}
