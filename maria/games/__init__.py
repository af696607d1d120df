"""The registry of the games of the family: each is a package (maria/games/<name>/) whose `game`
module builds its maria.engine.game.Game.  The only place that lists the games: everything that
works for every game (saves, replay, crash records, the fuzzer, series, the command line, the
title screen) asks here."""

from __future__ import annotations

import importlib

from maria.engine.game import Game

# name -> the module that builds the game's Game (imported on first use: a program that plays one
# game never loads the other's rules)
REGISTRY: dict[str, str] = {
    "maria": "maria.games.maria.game",
    "friedrich": "maria.games.friedrich.game",
}
DEFAULT = "maria"


def names() -> tuple[str, ...]:
    return tuple(REGISTRY)


def get(name: str | None) -> Game:
    """The game called `name` (None: the default); ValueError naming the known games otherwise."""
    key = DEFAULT if name is None else name
    if key not in REGISTRY:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(REGISTRY)})")
    return importlib.import_module(REGISTRY[key]).GAME


def of_state(state: dict) -> Game:
    """The game a state belongs to (a FRIEDRICH state says so; MARIA's older states do not)."""
    return get(state.get("game") or DEFAULT)
