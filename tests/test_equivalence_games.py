"""Exactly the same games: 200 games recorded before the engine's restructuring (branch `layout`,
2026-11-27; tools/record_games.py) - 120 random games (maria.analysis.selfplay) and 80 games of
easy computer players, introductory and advanced, 2 and 3 players - replayed action by action
through maria.rules.door must end in the recorded final state (maria.replay.state_digest).

The default run replays every 10th game (all four kinds of game, both players); --runslow replays
all 200."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from maria.replay import state_digest
from maria.rules import door

DATA = Path(__file__).parent / "data" / "equivalence_games.json.gz"


def _games() -> list[dict]:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return json.load(f)


GAMES = _games()


def _replay(game: dict) -> str:
    state = door.new_game(game["variant"], game["players"], game["seed"])
    for role, action in game["actions"]:
        state = door.apply(state, role, action)
    return state_digest(state)


def _id(g: dict) -> str:
    return f"{g['kind']}-{g['variant']}-{g['players']}p-seed{g['seed']}"


def test_recorded_set_is_complete():
    assert len(GAMES) == 200
    kinds = {(g["kind"], g["variant"], g["players"]) for g in GAMES}
    assert len(kinds) == 8                       # random/easy x intro/advanced x 2/3 players


@pytest.mark.parametrize("game", GAMES[::10], ids=_id)
def test_same_final_state(game):
    assert _replay(game) == game["digest"]


@pytest.mark.slow
def test_all_200_games_same_final_state():
    differ = [_id(g) for g in GAMES if _replay(g) != g["digest"]]
    assert differ == [], f"{len(differ)} of {len(GAMES)} games end differently: {differ[:10]}"
