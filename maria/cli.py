"""Command line: `python -m maria <command>`."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from maria import __version__, games
from maria.paths import boards_dir


def _games_named(name: str | None) -> list:
    """The games a command with `--game NAME` works on (every game for "all")."""
    return [games.get(n) for n in games.names()] if name == "all" else [games.get(name)]


def _check_boards(args: argparse.Namespace) -> int:
    """The board files of every game (each under its own folder of the boards folder)."""
    checks = failed = total = 0
    for game in _games_named(getattr(args, "game", "all")):
        folder = game.board_folder(Path(args.dir))
        if getattr(args, "game", "all") == "all" and not folder.exists():
            print(f"No {game.title} board files in {folder}: skipped")
            continue
        board, problems = game.read_board(Path(args.dir))
        print(f"Checking the {game.title} board files in {folder}")
        c, f, t = _print_results(problems, game.run_checks(board) if board is not None else [])
        checks, failed, total = checks + c, failed + f, total + t
        if board is not None and args.distances and game.calibration is not None:
            print("\n".join(game.calibration(board)))
        if board is not None:
            print(game.board_summary(board))
    if total:
        print(f"{checks} checks, {failed} failed, {total} problem(s)")
        return 1
    print(f"{checks} checks, all passed")
    return 0


def _print_results(problems, results) -> tuple[int, int, int]:
    print(
        f"  {'ok ' if not problems else 'BAD'} files-and-schema: every file parses and every entry "
        f"has the fields it needs" + (f" — {len(problems)} problem(s)" if problems else "")
    )
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


def _render_board(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from maria.engine.board_problems import BoardDataError

    game = games.get(args.game)
    try:
        board = game.load_board(Path(args.dir))
    except BoardDataError as exc:
        print(exc, file=sys.stderr)
        return 1
    game.room("render").render_preview(board, Path(args.out), width=args.width)
    print(f"wrote {args.out}")
    return 0


def _game_of(args: argparse.Namespace):
    """The game a command with `--game` plays and its number of players (None, with the message
    printed, when the game is not for that many)."""
    game = games.get(getattr(args, "game", None))
    players = getattr(args, "players", None)
    if players is None:
        return game, game.default_players
    if players not in game.player_counts:
        print(f"error: {game.title} is for {' or '.join(str(n) for n in game.player_counts)} players")
        return game, None
    return game, players


def _print_outcomes(winners, turns: list, actions: list, turn_text: str) -> None:
    """The self-play summary line of any game (`turn_text` formats the mean turn)."""
    if actions:
        dist = ", ".join(f"{w} {n}" for w, n in winners.most_common())
        print(
            f"outcomes: {dist}; {turn_text.format(sum(turns) / len(turns))}, "
            f"{sum(actions) / len(actions):.0f} actions per game"
        )


def _selfplay(args: argparse.Namespace) -> int:
    """Random legal games through a game's door, its invariants checked after every action: the
    game's fuzzer (its Game's "lab" room: play_one, TURN_TEXT, summary) plays each seed, in
    parallel processes, printed in seed order."""
    from collections import Counter

    game, players = _game_of(args)
    if players is None:
        return 2
    lab = game.room("lab")
    out_dir = Path(args.save_failures) if args.save_failures else Path.cwd()
    options = lab.selfplay_options(args)
    errors = 0
    winners: Counter = Counter()
    turns, actions = [], []
    jobs = [(seed, players, args.variant, options, str(out_dir)) for seed in range(args.seed, args.seed + args.games)]
    workers = getattr(args, "jobs", None) or os.cpu_count() or 1
    if workers <= 1 or len(jobs) <= 1:
        outcomes = map(lab.play_one, jobs)
        pool = None
    else:  # each game in its own process; printed in seed order
        import concurrent.futures as cf
        import multiprocessing as mp

        pool = cf.ProcessPoolExecutor(max_workers=min(workers, len(jobs)), mp_context=mp.get_context("spawn"))
        outcomes = pool.map(lab.play_one, jobs)
    try:
        for d in outcomes:
            if "error" in d:
                errors += 1
                print(d["error"])
                continue
            winners[d["kind"]] += 1
            turns.append(d["turns"])
            actions.append(d["actions"])
            print(f"seed {d['seed']}: {d['line']}, {d['secs']:.2f} s", flush=True)
    finally:
        if pool is not None:
            pool.shutdown()
    _print_outcomes(winners, turns, actions, lab.TURN_TEXT)
    print(lab.summary(args.games, players, options, errors))
    return 1 if errors else 0


def _replay(args: argparse.Namespace) -> int:
    """Load a save of any game (it names its game), replay its log through the game's door with
    the invariants checked at every state, and compare (the Game's "lab" room: replay_file)."""
    from maria.record.files import game_of

    return games.get(args.game or game_of(args.file)).room("lab").replay_file(args.file)


def _bench(args: argparse.Namespace) -> int:
    game, players = _game_of(args)
    if players is None:
        return 2
    game.room("lab").bench(games=args.games, players=players)
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
    """Computer-against-computer games of any game (its Game's "series" room: command)."""
    game, players = _game_of(args)
    if players is None:
        return 2
    return game.room("series").command(args, players, _progress_line(args.games))


def _judge(args: argparse.Namespace) -> int:
    from maria.players.judge import judge

    try:
        first, _, last = args.seeds.partition(":")
        seeds = range(int(first), int(last or int(first) + 1))
    except ValueError:
        print(f"error: --seeds wants FIRST:END (e.g. 40000:40006), not {args.seeds!r}")
        return 2
    from maria.games.maria.rules import door

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
    p.add_argument(
        "--game",
        choices=("all", *games.names()),
        default="all",
        help="which game's boards (default: both; FRIEDRICH's are in DIR/friedrich)",
    )
    p.set_defaults(func=_check_boards)
    p = sub.add_parser("render-board", aliases=["preview"], help="draw the board to a PNG (headless)")
    p.add_argument("--out", required=True, help="PNG file to write")
    p.add_argument("--dir", default=str(boards_dir()), help="the boards folder")
    p.add_argument("--width", type=int, default=0, help="scale the image to this width in pixels")
    p.add_argument(
        "--game",
        choices=games.names(),
        default=games.DEFAULT,
        help="MARIA's two maps (default) or the FRIEDRICH map (DIR/friedrich)",
    )
    p.set_defaults(func=_render_board)
    p = sub.add_parser("selfplay", help="play random games through the rules and check every state")
    p.add_argument("--variant", default="intro", choices=["intro", "advanced"], help="the game (default: intro)")
    p.add_argument(
        "--no-optional-rule", action="store_true", help="advanced game without the optional political rule (section 25)"
    )
    p.add_argument(
        "--game",
        choices=games.names(),
        default=games.DEFAULT,
        help="MARIA (default) or FRIEDRICH (--players 3 or 4; --variant ignored)",
    )
    p.add_argument(
        "--advanced",
        action="store_true",
        help="FRIEDRICH: with the advanced rules of 2005 section 13 (Fate by sector, East Prussia, Offensive Option)",
    )
    p.add_argument("--players", type=int, default=3, choices=[2, 3, 4])
    p.add_argument("--games", type=int, default=10, help="how many games (seeds S..S+N-1)")
    p.add_argument("--seed", type=int, default=0, help="the first seed")
    p.add_argument(
        "--save-failures",
        metavar="DIR",
        default=None,
        help="folder for the replay files of failing games (default: the current folder)",
    )
    p.add_argument(
        "--jobs", type=int, default=None, help="games played at once, each in its own process (default: one per core)"
    )
    p.set_defaults(func=_selfplay)
    p = sub.add_parser("replay", help="load a saved game, re-apply its action log and compare")
    p.add_argument("file", help="a save file (YAML)")
    p.add_argument(
        "--game",
        choices=games.names(),
        default=None,
        help="the save's game (default: its own `game:` field; a save without one is MARIA's)",
    )
    p.set_defaults(func=_replay)
    p = sub.add_parser("tournament", help="computer-vs-computer games, seats rotated, win rates per role")
    p.add_argument(
        "--game",
        choices=games.names(),
        default=games.DEFAULT,
        help="MARIA (default) or FRIEDRICH (--players 3 or 4; --variant, --budget ignored)",
    )
    p.add_argument("--variant", choices=("intro", "advanced"), default="intro")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=3)
    p.add_argument("--games", type=int, default=12)
    p.add_argument("--a", default="easy", choices=("random", "easy", "normal", "hard"))
    p.add_argument("--b", default="random", choices=("random", "easy", "normal", "hard"))
    p.add_argument(
        "--budget",
        type=float,
        default=None,
        help="seconds per searched decision (hard: the ceiling of its fixed count of play-outs)",
    )
    p.add_argument(
        "--clock",
        action="store_true",
        help="hard with the window's wall-clock ceiling (4.5 s); without it (the default) hard's "
        "counts alone bound its searches, so a seed plays the same game on any machine",
    )
    p.add_argument("--out", default=None, help="folder for the games as replays")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--seating",
        choices=("solo", "mixed"),
        default="solo",
        help="solo: a takes one seat, b the others; mixed (3 players): a also takes two seats "
        "against one b, so identical levels score 50%%",
    )
    p.add_argument(
        "--seat",
        metavar="ROLE",
        default=None,
        help="FRIEDRICH: a plays this one role in every game (e.g. elisabeth), b the others",
    )
    p.add_argument(
        "--no-conduct",
        action="store_true",
        help="FRIEDRICH: without the code of conduct (section 5), which is on by default as the "
        "window sets it when a computer plays",
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=None,
        help="games played at once, each in its own process (default: one per core); the "
        "games are the same whatever the number (hard without --clock)",
    )
    p.add_argument(
        "--results",
        default=None,
        help="a JSON-lines file written as each game ends; run again with the same file to "
        "resume a stopped series (only the missing games are played)",
    )
    p.add_argument(
        "--agreements",
        choices=("on", "off"),
        default="off",
        help="MARIA's advanced game: the players may make binding agreements (R21) or not (the default)",
    )
    p.set_defaults(func=_tournament)
    p = sub.add_parser(
        "judge", help="play the search's departures from the rules of thumb to the end (diagnostic, slow)"
    )
    p.add_argument("--variant", choices=("intro", "advanced"), default="intro")
    p.add_argument("--players", type=int, choices=(2, 3), default=3)
    p.add_argument("--role", required=True, help="the seat whose decisions are judged")
    p.add_argument("--seeds", default="40000:40003", help="FIRST:END, the easy-vs-easy games to walk")
    p.add_argument("--level", choices=("normal", "hard"), default="hard")
    p.add_argument("--every", type=int, default=3, help="judge every N-th searched decision")
    p.add_argument("--rollouts", type=int, default=12, help="play-outs per choice")
    p.set_defaults(func=_judge)
    p = sub.add_parser("bench", help="time a random game, legal_actions, apply and save+load")
    p.add_argument(
        "--game",
        choices=games.names(),
        default=games.DEFAULT,
        help="MARIA (default) or FRIEDRICH (--players 3 or 4, default 4)",
    )
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
        except (AttributeError, ValueError, OSError):  # not a text stream (a test's capture)
            pass


def run_quietly(fn) -> int:
    """`fn()`'s return code; a reader that went away (`... | head -1`: BrokenPipeError) or Ctrl+C
    ends the command with a return code, never a traceback."""
    try:
        code = fn()
        sys.stdout.flush()  # here, where a closed pipe can still be caught
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
