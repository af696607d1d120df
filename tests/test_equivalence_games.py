"""Exactly the same games: 200 games recorded before the engine's restructuring (branch `layout`,
2026-11-27; tools/record_games.py) - 120 random games (maria.lab.selfplay) and 80 games of
easy computer players, introductory and advanced, 2 and 3 players - replayed action by action
through maria.games.maria.rules.door must end in the recorded final state (maria.record.replay.state_digest).

The default run replays every 10th game (all four kinds of game, both players); --runslow replays
all 200."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from maria.record.replay import state_digest
from maria.games.maria.rules import door

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
    assert len(kinds) == 8  # random/easy x intro/advanced x 2/3 players


@pytest.mark.parametrize("game", GAMES[::10], ids=_id)
def test_same_final_state(game):
    assert _replay(game) == game["digest"]


@pytest.mark.slow
def test_all_200_games_same_final_state():
    differ = [_id(g) for g in GAMES if _replay(g) != g["digest"]]
    assert differ == [], f"{len(differ)} of {len(GAMES)} games end differently: {differ[:10]}"


def _replay_in_place(game: dict) -> str:
    state = door.new_game(game["variant"], game["players"], game["seed"])
    for role, action in game["actions"]:
        door.apply_in_place(state, role, action)
    return state_digest(state)


@pytest.mark.parametrize("game", GAMES[5::20], ids=_id)
def test_the_in_place_replay_of_a_load_reaches_the_same_final_state(game):
    """maria.record.replay applies a log in place (no copy per action); the recorded games' digests."""
    assert _replay_in_place(game) == game["digest"]


def _random_game(variant: str, players: int, seed: int, limit: int):
    """A seeded random game through door.apply, undos included: (role, action, the state after it)
    for each of at most `limit` choices."""
    from maria.lab import selfplay
    from maria.engine import rng

    st = door.new_game(variant, players, seed)
    ch = {"rng": rng.seed_state(seed)}
    for _ in range(limit):
        if door.is_over(st):
            return
        role = door.active_roles(st)[0]
        a = selfplay.random_action(st, role, ch)
        st = door.apply(st, role, a)
        yield role, a, st


def test_apply_in_place_gives_the_states_of_apply_undos_included():
    """Step by step, in random games with undos: the state apply returns == the state mutated in
    place (the undo snapshots included)."""
    undos = 0
    for variant, players, seed in (("intro", 3, 11), ("advanced", 3, 12), ("intro", 2, 13)):
        mine = door.new_game(variant, players, seed)
        for role, a, st in _random_game(variant, players, seed, 500):
            undos += a["type"] == "undo"
            door.apply_in_place(mine, role, a)
            assert mine == st
    assert undos > 0


def test_the_replayer_of_a_load_gives_the_states_of_apply_at_any_cut_undos_included():
    """door.replayer (a load's replay: placeholders for undo snapshots, rebuilt from the run's
    checkpoint when an undo or the end of the log needs them) ends where apply ends, wherever the
    log stops: right after undos, inside a run of one player's undoable moves, anywhere."""
    undos = rebuilt = 0
    for variant, players, seed in (("intro", 3, 21), ("advanced", 3, 22), ("advanced", 2, 23)):
        log, states = [], []
        for role, a, st in _random_game(variant, players, seed, 400):
            undos += a["type"] == "undo"
            log.append((role, a))
            states.append(st)
        cuts = {len(log)} | set(range(7, len(log), 41))
        cuts |= {i + 1 for i, (_, a) in enumerate(log) if a["type"] == "undo"}
        cuts |= {i + 1 for i in range(len(log)) if len(states[i]["undo"]) >= 2}
        for k in sorted(cuts)[:40]:
            run = door.replayer(door.new_game(variant, players, seed))
            for role, a in log[:k]:
                run.step(role, a)
            rebuilt += None in run.state["undo"]
            assert run.finish() == states[k - 1], (variant, seed, k)
    assert undos > 0 and rebuilt > 0
