"""Recorded random games (for `python -m maria selfplay`), the benchmark (`python -m maria bench`)
and the sample games in saves/ (`make_samples`, re-run with `python -m maria.lab.bench --samples`).

`random_record` plays exactly the games of maria.lab.selfplay.play_random_game (same seed, same
random choices through selfplay.random_action) but keeps the action log as a GameRecord and stops
at the first failure (an exception, a dead end, a runaway game or a state that fails
maria.games.maria.invariants), which it describes so that the game can be saved as a replay file.
"""

from __future__ import annotations

import statistics
import tempfile
import time
import traceback
from pathlib import Path

from maria.record.game import GameRecord, now_iso
from maria.record.replay import describe
from maria.games.maria.rules import door
from maria.lab import selfplay
from maria.games.maria.invariants import check_state

MAX_ACTIONS = 20000
TARGETS = {"game": 1.0, "legal_actions": 1.0, "apply": 1.0, "save_load": 100.0, "advanced_game": 2.0}


class InvariantBroken(Exception):
    """A state produced by the rules fails maria.games.maria.invariants."""

    def __init__(self, problems: list[str]):
        super().__init__(problems[0])
        self.problems = problems


def _check(state: dict) -> None:
    problems = check_state(state, undo_snapshots=False)
    if problems:
        raise InvariantBroken(problems)


def record_from(seed: int, players: int, pairs, variant: str = "intro", options: dict | None = None) -> GameRecord:
    """The GameRecord of a game replayed from its [role, action] pairs (each is applied)."""
    record = GameRecord.new(variant, players, seed, options)
    for role, action in pairs:
        record.apply(role, action)
    return record


def _failed_call(exc: BaseException) -> tuple[str | None, dict | None, str | None]:
    """(role, action, called) of the fuzzer's frame (maria.lab.fuzz.random_game) the exception went
    through: the action it was applying (called == "apply") when the rules raised."""
    tb = exc.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_name == "random_game" and code.co_filename.endswith("fuzz.py") and tb.tb_next is not None:
            called = tb.tb_next.tb_frame.f_code.co_name
            loc = tb.tb_frame.f_locals
            if called in ("action", "pick_role", "active_roles", "is_over", "new_game", "<lambda>", "_check", "check"):
                return loc.get("role"), None, "random_action" if called == "action" else called
            return loc.get("role"), loc.get("action"), "apply"
        tb = tb.tb_next
    return None, None, None


def random_record(
    seed: int,
    players: int = 3,
    *,
    variant: str = "intro",
    options: dict | None = None,
    check: bool = True,
    max_actions: int = MAX_ACTIONS,
) -> tuple[GameRecord, dict | None]:
    """Play the random game of `seed` (maria.lab.selfplay.play_random_game: the fuzzer and its own
    player) and return (record, failure).  failure is None when the game ended normally; otherwise
    a dict naming the failing action (index, role, action) and the error, and the record holds the
    game up to the state *before* that action, so it can be saved as a replay file."""
    pairs: list = []
    try:
        summary = selfplay.play_random_game(
            seed,
            players,
            max_actions=max_actions,
            check=_check if check else None,
            trace=pairs,
            variant=variant,
            options=options,
        )
    except Exception as exc:
        n = len(pairs)
        if isinstance(exc, InvariantBroken):
            n -= 1  # the action was played, then the check failed
            role, action = pairs[-1]
            error, extra = f"invariant broken: {exc.problems[0]}", {"problems": exc.problems}
        else:
            role, action, called = _failed_call(exc)
            if called == "apply":
                error = f"{type(exc).__name__}: {exc}"
            elif called is not None:
                error = f"{type(exc).__name__} in {called}: {exc}"
            else:
                error = f"{type(exc).__name__}: {exc}"
            extra = {"traceback": traceback.format_exc(limit=-8)}
        try:
            record = record_from(seed, players, pairs[:n], variant, options)
        except Exception as exc2:  # not reproducible: report, keep the set-up
            record = GameRecord.new(variant, players, seed, options)
            error += f" (and the log does not replay: {exc2})"
        failure = {**_failure(seed, players, n, role, action), "error": error, **extra}
        return record, failure
    record = GameRecord(
        variant=variant,
        players=players,
        seed=seed,
        options=dict(options or {}),
        actions=[{"role": r, "action": a} for r, a in summary["actions_list"]],
        state=summary["state"],
        created=now_iso(),
    )
    return record, None


def _failure(seed, players, index, role, action) -> dict:
    return {"seed": seed, "players": players, "action_index": index, "role": role, "action": action}


def failure_text(failure: dict) -> str:
    i = failure.get("action_index")
    if i is None:
        return failure["error"]
    if not failure.get("action"):
        return f"after {i} actions: {failure['error']}"
    return f"action {i} ({failure['role']}: {describe(failure['action'])}): {failure['error']}"


def turns_played(state: dict) -> int:
    last = state["options"].get("last_turn", 9)
    return min(state["turn"], last)


# --- sample games ------------------------------------------------------------------------------

SAMPLES = {"intro-3p-finished.yaml": (3, 7, None), "intro-2p-midgame.yaml": (2, 11, 0.5)}


def make_samples(folder: str | Path | None = None) -> list[Path]:
    """(Re)write the sample games: a finished 3-player game and a 2-player game stopped half-way.
    Each uses the first seed from its base seed whose random game plays without a failure."""
    from maria import paths
    from maria.record.saves import save_game

    folder = Path(folder) if folder else paths.resource_root() / "saves"
    out = []
    for name, (players, seed, fraction) in SAMPLES.items():
        for s in range(seed, seed + 200):
            full, failure = random_record(s, players)
            if failure is None:
                break
        else:
            raise RuntimeError(f"no seed from {seed} plays a {players}-player game without failure")
        rec = full
        if fraction is not None:
            cut = int(len(full.actions) * fraction)
            rec = record_from(s, players, [(e["role"], e["action"]) for e in full.actions[:cut]])
        save_game(folder / name, rec)
        out.append(folder / name)
    return out


# --- benchmark ---------------------------------------------------------------------------------


def run_bench(games: int = 15, players: int = 3, print_fn=print) -> dict:
    """Medians on this machine; returns the figures and prints one line per figure."""
    from maria.record.saves import load_game, save_game

    game_s, legal_ms, apply_ms = [], [], []
    records = []
    for seed in range(games):
        t0 = time.perf_counter()
        selfplay.play_random_game(seed, players)
        game_s.append(time.perf_counter() - t0)
    advanced_s = []
    for seed in range(games):
        t0 = time.perf_counter()
        selfplay.play_random_game(seed, players, variant="advanced")
        advanced_s.append(time.perf_counter() - t0)
    for seed in range(max(1, games // 3)):
        rec, failure = random_record(seed, players, check=False)
        records.append(rec)
        state = door.new_game(rec.variant, rec.players, rec.seed, rec.options)
        for entry in rec.actions:
            role = entry["role"]
            t0 = time.perf_counter()
            door.legal_actions(state, role)
            legal_ms.append(1000 * (time.perf_counter() - t0))
            t0 = time.perf_counter()
            state = door.apply(state, role, entry["action"])
            apply_ms.append(1000 * (time.perf_counter() - t0))
    finished = next((r for r in records if door.is_over(r.state)), records[0])
    save_ms, only_save, only_load = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.yaml"
        for _ in range(min(15, max(3, games))):  # (a short run: --games 1 checks the command works)
            t0 = time.perf_counter()
            save_game(path, finished)
            t1 = time.perf_counter()
            load_game(path)
            t2 = time.perf_counter()
            save_ms.append(1000 * (t2 - t0))
            only_save.append(1000 * (t1 - t0))
            only_load.append(1000 * (t2 - t1))
    figures = {
        "game": (statistics.median(game_s), "s", len(game_s), "complete random games"),
        "legal_actions": (statistics.median(legal_ms), "ms", len(legal_ms), "calls"),
        "apply": (statistics.median(apply_ms), "ms", len(apply_ms), "calls"),
        "save_load": (
            statistics.median(save_ms),
            "ms",
            len(save_ms),
            f"round trips of a finished game ({len(finished.actions)} actions)",
        ),
        "advanced_game": (statistics.median(advanced_s), "s", len(advanced_s), "complete random advanced games"),
    }
    labels = {
        "game": "one complete random introductory game",
        "legal_actions": "legal_actions",
        "apply": "apply",
        "save_load": "save + load of a finished game",
        "advanced_game": "one complete random advanced game",
    }
    print_fn(f"MARIA benchmark: {players}-player games (introductory unless named), medians on this machine")
    for key, (value, unit, n, what) in figures.items():
        target = TARGETS[key]
        mark = "ok " if value <= target else "SLOW"
        print_fn(
            f"  {mark} {labels[key]:<40} {value:8.3f} {unit:<2} (target <= {target:g} {unit}; median of {n} {what})"
        )

    def p95(xs: list[float]) -> float:
        return sorted(xs)[int(0.95 * (len(xs) - 1))]

    print_fn(
        f"  95th percentiles: legal_actions {p95(legal_ms):.3f} ms, apply {p95(apply_ms):.3f} ms; "
        f"slowest apply {max(apply_ms):.3f} ms; save {statistics.median(only_save):.1f} ms + "
        f"load {statistics.median(only_load):.1f} ms"
    )
    from maria.lab.playout_bench import report

    out = {k: v[0] for k, v in figures.items()}
    out.update({f"playouts_{k}": v for k, v in report(print_fn).items()})
    return out


if __name__ == "__main__":
    import sys

    if "--samples" in sys.argv:
        for p in make_samples():
            print(f"wrote {p}")
    else:
        run_bench()
