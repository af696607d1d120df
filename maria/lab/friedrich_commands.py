"""FRIEDRICH's part of the command line's game commands (the Game's "lab" room, maria.games): one
random self-play game for `selfplay`, the replay of a save for `replay`, and the engine benchmark
for `bench`.  The commands themselves are written once in maria.cli."""

from __future__ import annotations

import time
import traceback
from pathlib import Path

TURN_TEXT = "mean turn {:.1f}"


def selfplay_options(args) -> dict | None:
    """§13's advanced rules when `--advanced` is given (else the standard game)."""
    return {"advanced": True} if getattr(args, "advanced", False) else None


def summary(games: int, players: int, options: dict | None, errors: int) -> str:
    return f"{games} games ({players} players{', advanced rules §13' if options else ''}), {errors} errors"


def play_one(job: tuple) -> dict:
    """One random game with every check (maria.lab.friedrich_selfplay.random_game)."""
    from maria.lab import friedrich_selfplay

    seed, players, _variant, options, _out_dir = job
    t0 = time.perf_counter()
    try:
        out = friedrich_selfplay.random_game(players, seed, **({"options": options} if options else {}))
    except Exception as exc:
        return {
            "seed": seed,
            "error": f"seed {seed}: ERROR {type(exc).__name__}: {exc}\n    "
            + traceback.format_exc().strip().splitlines()[-3].strip(),
        }
    s = out["state"]
    res = s["result"]
    win = "+".join(res["winners"])
    return {
        "seed": seed,
        "winner": win,
        "kind": win,
        "turns": s["turn"],
        "actions": out["steps"],
        "secs": time.perf_counter() - t0,
        "line": f"winners {win} ({res.get('reason', '')}), turn {s['turn']}, actions {out['steps']}, "
        f"combats {out['duels']}",
    }


def replay_file(path) -> int:
    """`replay FILE` for a FRIEDRICH save: loaded (its log replayed through FRIEDRICH's door to the
    saved position), then replayed again with the rules invariants checked at every state."""
    from maria.games.friedrich.invariants import check_invariants
    from maria.games.friedrich.rules import door as fdoor
    from maria.record import friedrich_saves as fsaves

    try:
        record = fsaves.load(path)
    except fsaves.FSaveError as exc:
        print("digest: - (the file could not be loaded)")
        print(f"problem: {exc}")
        return 1
    print(f"{Path(path).name}: FRIEDRICH, {record.players} players, seed {record.seed}, {len(record.actions)} actions")
    print(f"digest: sha256 {fsaves.digest(record.state)}")
    state = fdoor.new_game(record.players, record.seed, dict(record.options))
    for i, a in enumerate(record.actions, 1):
        try:
            state = fdoor.apply(state, a["role"], a["action"])
            check_invariants(state)
        except Exception as exc:
            print(f"problem: action {i} ({a['role']}: {a['action'].get('type')}): {type(exc).__name__}: {exc}")
            return 1
    print("ok")
    return 0


def bench(games: int | None, players: int) -> None:
    from maria.lab.friedrich_selfplay import run_bench

    run_bench(games=games or 3, players=players)
