"""MARIA's part of the command line's game commands (the Game's "lab" room, maria.games): one
random self-play game for `selfplay` (a worker process plays it), the replay of a save or a fuzzer
failure file for `replay`, and the engine benchmark for `bench`.  The commands themselves are
written once in maria.cli."""

from __future__ import annotations

import time
from pathlib import Path

TURN_TEXT = "mean {:.1f} turns"


def selfplay_options(args) -> dict | None:
    """The options of the games `selfplay` plays, from its command line."""
    return {"optional_political_rule": False} if getattr(args, "no_optional_rule", False) else None


def summary(games: int, players: int, options: dict | None, errors: int) -> str:
    return f"{games} games, {errors} errors"


def play_one(job: tuple) -> dict:
    """One random self-play game: its outcome, or its failure with the replay file written."""
    from maria.lab import selfplay
    from maria.lab.bench import failure_text, random_record, turns_played
    from maria.record.saves import save_game

    seed, players, variant, options, out_dir = job
    t0 = time.perf_counter()
    try:
        record, failure = random_record(seed, players, variant=variant, options=options)
    except Exception as exc:
        return {"seed": seed, "error": f"seed {seed}: ERROR {exc}"}
    dt = time.perf_counter() - t0
    state = record.state
    if failure is not None:
        path = Path(out_dir) / f"failure-{variant}-{players}p-seed{seed}.yaml"
        save_game(path, record, failure=failure)
        return {"seed": seed, "error": f"seed {seed}: ERROR at {failure_text(failure)}\n    replay file: {path}"}
    winner = (state["result"] or {}).get("winner") or "none"
    kind = selfplay.victory_kind(state) or winner
    turns = turns_played(state)
    return {
        "seed": seed,
        "winner": winner,
        "kind": kind,
        "turns": turns,
        "actions": len(record.actions),
        "secs": dt,
        "line": f"winner {winner}, turns {turns}, actions {len(record.actions)}",
    }


def replay_file(path) -> int:
    """`replay FILE` for a MARIA save: loaded (its log replayed and compared), then the recorded
    failure of a fuzzer failure file re-run."""
    from maria.games.maria.invariants import check_state
    from maria.games.maria.rules import door
    from maria.lab.bench import failure_text
    from maria.record.replay import ReplayError, replay, state_digest
    from maria.record.saves import SaveError, load_save

    try:
        record, doc = load_save(path)
    except SaveError as exc:
        print("digest: - (the file could not be loaded)")
        print(f"problem: {exc}")
        return 1
    print(
        f"{Path(path).name}: {record.variant}, {record.players} players, seed {record.seed}, "
        f"{len(record.actions)} actions"
    )
    print(f"digest: sha256 {state_digest(record.state)}")
    try:
        state = replay(record)
    except ReplayError as exc:
        print(f"problem: {exc}")
        return 1
    failure = doc.get("failure")
    if failure and failure.get("action") is not None:
        # A fuzzer failure file: the log replays; now re-run the action that failed.
        role, action = failure.get("role"), failure["action"]
        try:
            new = door.apply(state, role, action)
            problems = check_state(new, undo_snapshots=False)
        except Exception as exc:
            print(f"problem: {failure_text({**failure, 'error': f'{type(exc).__name__}: {exc}'})}")
            return 1
        if problems:
            print(f"problem: {failure_text({**failure, 'error': f'invariant broken: {problems[0]}'})}")
            return 1
        print(f"ok (the recorded failure no longer happens: {failure.get('error')})")
        return 0
    if failure:
        print(f"problem: {failure_text(failure)}")
        return 1
    print("ok")
    return 0


def bench(games: int | None, players: int) -> None:
    from maria.lab.bench import run_bench

    run_bench(games=games or 15, players=players)
