"""Command line: `python -m maria <command>`."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from maria import __version__
from maria.paths import boards_dir


def _check_boards(args: argparse.Namespace) -> int:
    """Both games' board files: MARIA's (boards/*.yaml) and FRIEDRICH's (boards/friedrich/*.yaml)."""
    game = getattr(args, "game", "all")
    checks = failed = total = 0
    if game in ("all", "maria"):
        c, f, t = _check_maria_boards(args)
        checks, failed, total = checks + c, failed + f, total + t
    folder = Path(args.dir) / "friedrich"
    if game == "all" and not folder.exists():
        print(f"No FRIEDRICH board files in {folder}: skipped")
    elif game in ("all", "friedrich"):
        c, f, t = _check_friedrich_boards(folder)
        checks, failed, total = checks + c, failed + f, total + t
    if total:
        print(f"{checks} checks, {failed} failed, {total} problem(s)")
        return 1
    print(f"{checks} checks, all passed")
    return 0


def _print_results(problems, results) -> tuple[int, int, int]:
    print(f"  {'ok ' if not problems else 'BAD'} files-and-schema: every file parses and every entry "
          f"has the fields it needs" + (f" — {len(problems)} problem(s)" if problems else ""))
    for p in problems:
        print(f"      - {p}")
    for r in results:
        status = "ok " if r.ok else "BAD"
        extra = f" — {len(r.problems)} problem(s)" if r.problems else ""
        print(f"  {status} {r.name}: {r.description}{extra}")
        for p in r.problems:
            print(f"      - {p}")
    total = len(problems) + sum(len(r.problems) for r in results)
    failed = (1 if problems else 0) + sum(1 for r in results if not r.ok)
    return 1 + len(results), failed, total


def _check_maria_boards(args: argparse.Namespace) -> tuple[int, int, int]:
    from maria.board import CALIBRATION, read_board, run_checks

    board, problems = read_board(args.dir)
    print(f"Checking the board files in {args.dir}")
    results = run_checks(board) if board is not None else []
    counts = _print_results(problems, results)
    if board is not None and args.distances:
        print("Calibration distances (shortest road steps, within one map):")
        for a, b, lo, hi in CALIBRATION:
            d = board.distance(a, b, within_map=True) if a in board.cities and b in board.cities else None
            mark = "ok " if d is not None and lo <= d <= hi else "BAD"
            print(f"  {mark} {a}–{b}: {d} (wanted {lo}-{hi})")
    if board is not None:
        n = {m: len(board.cities_on(m)) for m in ("flanders", "bohemia")}
        roads = sum(1 for _ in board.edges())
        print(f"Board: {n['flanders']} cities on Flanders, {n['bohemia']} on Bohemia, {roads} roads")
    return counts


def _check_friedrich_boards(folder: Path) -> tuple[int, int, int]:
    from maria.friedrich.board_loader import read_board
    from maria.friedrich.checks import run_checks

    board, problems = read_board(folder)
    print(f"Checking the FRIEDRICH board files in {folder}")
    results = run_checks(board) if board is not None else []
    counts = _print_results(problems, results)
    if board is not None:
        roads = sum(len(n) for n in board.roads.values()) // 2
        main = sum(1 for n in board.roads.values() for m in n.values() if m) // 2
        print(f"FRIEDRICH board: {len(board.cities)} cities, {roads} roads ({main} main), "
              f"{len(board.objectives)} objectives, {len(board.generals)} generals, {len(board.trains)} trains")
    return counts


def _render_board(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from maria.board import BoardDataError

    if getattr(args, "game", "maria") == "friedrich":
        from maria.friedrich.board_loader import load_board
        from maria.render.friedrich_preview import render_friedrich as render_preview
        folder = Path(args.dir) / "friedrich"
    else:
        from maria.board import load_board
        from maria.render.preview import render_preview
        folder = args.dir

    try:
        board = load_board(folder)
    except BoardDataError as exc:
        print(exc, file=sys.stderr)
        return 1
    render_preview(board, Path(args.out), width=args.width)
    print(f"wrote {args.out}")
    return 0


def _game_of(args: argparse.Namespace) -> tuple[str, int | None]:
    """The game a command with `--game` plays and its players: FRIEDRICH 3 or 4 (default 4); MARIA
    as asked (None when it was asked for 4, which is refused here with the message)."""
    if getattr(args, "game", "maria") == "friedrich":
        return "friedrich", args.players if args.players in (3, 4) else 4
    if args.players == 4:
        print("error: MARIA is for 2 or 3 players")
        return "maria", None
    return "maria", args.players


def _print_outcomes(winners, turns: list, actions: list, turn_text: str) -> None:
    """The self-play summary line of either game (`turn_text` formats the mean turn)."""
    if actions:
        dist = ", ".join(f"{w} {n}" for w, n in winners.most_common())
        print(f"outcomes: {dist}; {turn_text.format(sum(turns) / len(turns))}, "
              f"{sum(actions) / len(actions):.0f} actions per game")


def _friedrich_selfplay(args: argparse.Namespace) -> int:
    """FRIEDRICH: random legal games through its door, the rules invariants checked after every
    action (maria.analysis.friedrich_selfplay)."""
    import time
    import traceback
    from collections import Counter

    from maria.analysis.friedrich_selfplay import random_game

    _, players = _game_of(args)
    options = {"advanced": True} if getattr(args, "advanced", False) else None
    errors = 0
    winners: Counter = Counter()
    turns, steps = [], []
    for seed in range(args.seed, args.seed + args.games):
        t0 = time.perf_counter()
        try:
            out = random_game(players, seed, **({"options": options} if options else {}))
        except Exception as exc:  # report and go on with the next seed
            errors += 1
            print(f"seed {seed}: ERROR {type(exc).__name__}: {exc}")
            print("    " + traceback.format_exc().strip().splitlines()[-3].strip())
            continue
        s = out["state"]
        res = s["result"]
        win = "+".join(res["winners"])
        winners[win] += 1
        turns.append(s["turn"])
        steps.append(out["steps"])
        print(f"seed {seed}: winners {win} ({res.get('reason', '')}), turn {s['turn']}, "
              f"actions {out['steps']}, combats {out['duels']}, {time.perf_counter() - t0:.2f} s", flush=True)
    _print_outcomes(winners, turns, steps, "mean turn {:.1f}")
    print(f"{args.games} games ({players} players{', advanced rules §13' if options else ''}), {errors} errors")
    return 1 if errors else 0


def _selfplay_one(job: tuple) -> dict:
    """One random self-play game (a worker process plays it): its outcome, or its failure with the
    replay file written."""
    import time

    from maria.analysis import selfplay
    from maria.analysis.bench import failure_text, random_record, turns_played
    from maria.saves import save_game
    seed, players, variant, no_optional, out_dir = job
    t0 = time.perf_counter()
    try:
        options = {"optional_political_rule": False} if no_optional else None
        record, failure = random_record(seed, players, variant=variant, options=options)
    except Exception as exc:  # the set-up itself failed: nothing to replay
        return {"seed": seed, "error": f"seed {seed}: ERROR {exc}"}
    dt = time.perf_counter() - t0
    state = record.state
    if failure is not None:
        path = Path(out_dir) / f"failure-{variant}-{players}p-seed{seed}.yaml"
        save_game(path, record, failure=failure)
        return {"seed": seed, "error": f"seed {seed}: ERROR at {failure_text(failure)}\n    replay file: {path}"}
    winner = (state["result"] or {}).get("winner") or "none"
    kind = getattr(selfplay, "victory_kind", lambda st: winner)(state) or winner
    return {"seed": seed, "winner": winner, "kind": kind, "turns": turns_played(state),
            "actions": len(record.actions), "secs": dt}


def _selfplay(args: argparse.Namespace) -> int:
    from collections import Counter

    game, players = _game_of(args)
    if game == "friedrich":
        return _friedrich_selfplay(args)
    if players is None:
        return 2
    out_dir = Path(args.save_failures) if args.save_failures else Path.cwd()
    errors = 0
    winners: Counter = Counter()
    turns, actions = [], []
    jobs = [(seed, args.players, args.variant, args.no_optional_rule, str(out_dir))
            for seed in range(args.seed, args.seed + args.games)]
    workers = getattr(args, "jobs", None) or os.cpu_count() or 1
    if workers <= 1 or len(jobs) <= 1:
        outcomes = map(_selfplay_one, jobs)
        pool = None
    else:                                 # each game in its own process; printed in seed order
        import concurrent.futures as cf
        import multiprocessing as mp
        pool = cf.ProcessPoolExecutor(max_workers=min(workers, len(jobs)), mp_context=mp.get_context("spawn"))
        outcomes = pool.map(_selfplay_one, jobs)
    try:
        for d in outcomes:
            if "error" in d:
                errors += 1
                print(d["error"])
                continue
            winners[d["kind"]] += 1
            turns.append(d["turns"])
            actions.append(d["actions"])
            print(f"seed {d['seed']}: winner {d['winner']}, turns {d['turns']}, actions {d['actions']}, "
                  f"{d['secs']:.2f} s", flush=True)
    finally:
        if pool is not None:
            pool.shutdown()
    _print_outcomes(winners, turns, actions, "mean {:.1f} turns")
    print(f"{args.games} games, {errors} errors")
    return 1 if errors else 0


def _friedrich_replay(args: argparse.Namespace) -> int:
    """`replay` for a FRIEDRICH save: loaded (its log replayed through FRIEDRICH's door to the
    saved position), then replayed again with the rules invariants checked at every state."""
    from maria.analysis.friedrich_selfplay import check_invariants
    from maria.friedrich import saves as fsaves
    from maria.friedrich.rules import door as fdoor

    try:
        record = fsaves.load(args.file)
    except fsaves.FSaveError as exc:
        print("digest: - (the file could not be loaded)")
        print(f"problem: {exc}")
        return 1
    print(f"{Path(args.file).name}: FRIEDRICH, {record.players} players, seed {record.seed}, "
          f"{len(record.actions)} actions")
    print(f"digest: sha256 {fsaves.digest(record.state)}")
    state = fdoor.new_game(record.players, record.seed, dict(record.options))
    for i, a in enumerate(record.actions, 1):
        try:
            state = fdoor.apply(state, a["role"], a["action"])
            check_invariants(state)
        except Exception as exc:  # a broken invariant names its action
            print(f"problem: action {i} ({a['role']}: {a['action'].get('type')}): {type(exc).__name__}: {exc}")
            return 1
    print("ok")
    return 0


def _replay(args: argparse.Namespace) -> int:
    from maria.saves import game_of
    if (args.game or game_of(args.file)) == "friedrich":        # a save names its game
        return _friedrich_replay(args)
    from maria.analysis.bench import failure_text
    from maria.replay import ReplayError, replay, state_digest
    from maria.rules import door
    from maria.analysis.statecheck import check_state
    from maria.saves import SaveError, load_save

    try:
        record, doc = load_save(args.file)
    except SaveError as exc:
        print("digest: - (the file could not be loaded)")
        print(f"problem: {exc}")
        return 1
    print(f"{Path(args.file).name}: {record.variant}, {record.players} players, seed {record.seed}, "
          f"{len(record.actions)} actions")
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


def _bench(args: argparse.Namespace) -> int:
    game, players = _game_of(args)
    if game == "friedrich":
        from maria.analysis.friedrich_selfplay import run_bench as frun
        frun(games=args.games or 3, players=players)
        return 0
    if args.players == 4:  # refused by _game_of with its message
        return 2
    from maria.analysis.bench import run_bench

    run_bench(games=args.games or 15, players=players or 3)
    return 0


def _progress_line(total: int):
    """A series' progress on standard error: one line rewritten in place on a terminal, else a line
    at every tenth of the games (a log file stays short)."""
    import sys
    tty = sys.stderr.isatty()
    step = max(1, total // 10)
    seen = [0]

    def show(text: str) -> None:
        seen[0] += 1
        if tty:
            print("\r" + text.ljust(100), end="", file=sys.stderr, flush=True)
        elif seen[0] % step == 0:
            print(text, file=sys.stderr, flush=True)
    return show


def _tournament(args: argparse.Namespace) -> int:
    game, players = _game_of(args)
    if players is None:
        return 2
    if game == "friedrich":
        from maria.players.friedrich.tournament import run as frun
        res = frun(players, args.games, args.a, args.b, args.seed,
                   seating="mixed" if args.seating == "mixed" else "solo")
        return 1 if res["errors"] else 0
    from maria.players.tournament import run
    try:
        res = run(args.variant, args.players, args.games, args.a, args.b, args.budget, args.out, args.seed,
                  seating=args.seating, clock=args.clock, jobs=args.jobs, results=args.results,
                  progress=_progress_line(args.games))
    except ValueError as e:
        print(f"error: {e}")
        return 2
    return 1 if res["errors"] else 0


def _judge(args: argparse.Namespace) -> int:
    from maria.players.judge import judge
    try:
        first, _, last = args.seeds.partition(":")
        seeds = range(int(first), int(last or int(first) + 1))
    except ValueError:
        print(f"error: --seeds wants FIRST:END (e.g. 40000:40006), not {args.seeds!r}")
        return 2
    from maria.rules import door
    roles = door.ROLES[args.players]
    if args.role not in roles:
        print(f"error: --role must be one of {', '.join(roles)} with {args.players} players")
        return 2
    judge(args.variant, args.players, args.role, seeds, args.level, args.every, args.rollouts)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m maria", description="MARIA — tools and game commands")
    parser.add_argument("--version", action="version", version=f"MARIA {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("check-boards", help="validate the board files and list every problem")
    p.add_argument("--dir", default=str(boards_dir()), help="the boards folder (default: the game's own)")
    p.add_argument("--distances", action="store_true", help="print the calibration distances")
    p.add_argument("--game", choices=("all", "maria", "friedrich"), default="all",
                   help="which game's boards (default: both; FRIEDRICH's are in DIR/friedrich)")
    p.set_defaults(func=_check_boards)
    p = sub.add_parser("render-board", aliases=["preview"], help="draw the board to a PNG (headless)")
    p.add_argument("--out", required=True, help="PNG file to write")
    p.add_argument("--dir", default=str(boards_dir()), help="the boards folder")
    p.add_argument("--width", type=int, default=0, help="scale the image to this width in pixels")
    p.add_argument("--game", choices=("maria", "friedrich"), default="maria",
                   help="MARIA's two maps (default) or the FRIEDRICH map (DIR/friedrich)")
    p.set_defaults(func=_render_board)
    p = sub.add_parser("selfplay", help="play random games through the rules and check every state")
    p.add_argument("--variant", default="intro", choices=["intro", "advanced"], help="the game (default: intro)")
    p.add_argument("--no-optional-rule", action="store_true",
                   help="advanced game without the optional political rule (section 25)")
    p.add_argument("--game", choices=("maria", "friedrich"), default="maria",
                   help="MARIA (default) or FRIEDRICH (--players 3 or 4; --variant ignored)")
    p.add_argument("--advanced", action="store_true",
                   help="FRIEDRICH: with the advanced rules of 2005 section 13 (Fate by sector, East Prussia, "
                        "Offensive Option)")
    p.add_argument("--players", type=int, default=3, choices=[2, 3, 4])
    p.add_argument("--games", type=int, default=10, help="how many games (seeds S..S+N-1)")
    p.add_argument("--seed", type=int, default=0, help="the first seed")
    p.add_argument("--save-failures", metavar="DIR", default=None,
                   help="folder for the replay files of failing games (default: the current folder)")
    p.add_argument("--jobs", type=int, default=None,
                   help="MARIA: games played at once, each in its own process (default: one per core)")
    p.set_defaults(func=_selfplay)
    p = sub.add_parser("replay", help="load a saved game, re-apply its action log and compare")
    p.add_argument("file", help="a save file (YAML)")
    p.add_argument("--game", choices=("maria", "friedrich"), default=None,
                   help="the save's game (default: its own `game:` field; a save without one is MARIA's)")
    p.set_defaults(func=_replay)
    p = sub.add_parser("tournament", help="computer-vs-computer games, seats rotated, win rates per role")
    p.add_argument("--game", choices=("maria", "friedrich"), default="maria",
                   help="MARIA (default) or FRIEDRICH (--players 3 or 4; --variant, --budget, --out ignored)")
    p.add_argument("--variant", choices=("intro", "advanced"), default="intro")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=3)
    p.add_argument("--games", type=int, default=12)
    p.add_argument("--a", default="easy", choices=("random", "easy", "normal", "hard"))
    p.add_argument("--b", default="random", choices=("random", "easy", "normal", "hard"))
    p.add_argument("--budget", type=float, default=None,
                   help="seconds per searched decision (hard: the ceiling of its fixed count of play-outs)")
    p.add_argument("--clock", action="store_true",
                   help="hard with the window's wall-clock ceiling (4.5 s); without it (the default) hard's "
                        "counts alone bound its searches, so a seed plays the same game on any machine")
    p.add_argument("--out", default=None, help="folder for the games as replays")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--seating", choices=("solo", "mixed"), default="solo",
                   help="solo: a takes one seat, b the others; mixed (3 players): a also takes two seats "
                        "against one b, so identical levels score 50%%")
    p.add_argument("--jobs", type=int, default=None,
                   help="games played at once, each in its own process (default: one per core); the "
                        "games are the same whatever the number (hard without --clock)")
    p.add_argument("--results", default=None,
                   help="a JSON-lines file written as each game ends; run again with the same file to "
                        "resume a stopped series (only the missing games are played)")
    p.set_defaults(func=_tournament)
    p = sub.add_parser("judge", help="play the search's departures from the rules of thumb to the end "
                                     "(diagnostic, slow)")
    p.add_argument("--variant", choices=("intro", "advanced"), default="intro")
    p.add_argument("--players", type=int, choices=(2, 3), default=3)
    p.add_argument("--role", required=True, help="the seat whose decisions are judged")
    p.add_argument("--seeds", default="40000:40003", help="FIRST:END, the easy-vs-easy games to walk")
    p.add_argument("--level", choices=("normal", "hard"), default="hard")
    p.add_argument("--every", type=int, default=3, help="judge every N-th searched decision")
    p.add_argument("--rollouts", type=int, default=12, help="play-outs per choice")
    p.set_defaults(func=_judge)
    p = sub.add_parser("bench", help="time a random game, legal_actions, apply and save+load")
    p.add_argument("--game", choices=("maria", "friedrich"), default="maria",
                   help="MARIA (default) or FRIEDRICH (--players 3 or 4, default 4)")
    p.add_argument("--games", type=int, default=None, help="random games to time (default 15; FRIEDRICH 3)")
    p.add_argument("--players", type=int, default=None, choices=[2, 3, 4])
    p.set_defaults(func=_bench)
    return parser


def safe_output() -> None:
    """Standard output and error never raise on a character they cannot encode (an ASCII terminal,
    PYTHONIOENCODING=ascii, the C locale): it is written as '?' instead of ending in a traceback."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError, OSError):       # not a text stream (a test's capture)
            pass


def run_quietly(fn) -> int:
    """`fn()`'s return code; a reader that went away (`... | head -1`: BrokenPipeError) or Ctrl+C
    ends the command with a return code, never a traceback."""
    try:
        code = fn()
        sys.stdout.flush()              # here, where a closed pipe can still be caught
        return code
    except BrokenPipeError:
        # nothing more can be written; point stdout at nothing so that the interpreter's own flush
        # at exit does not complain either
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def main(argv: list[str] | None = None) -> int:
    safe_output()
    args = build_parser().parse_args(argv)
    return run_quietly(lambda: int(args.func(args) or 0))
