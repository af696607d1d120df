"""Command line: `python -m maria <command>`."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from maria import __version__
from maria.paths import boards_dir


def _check_boards(args: argparse.Namespace) -> int:
    from maria.board import CALIBRATION, read_board, run_checks

    board, problems = read_board(args.dir)
    print(f"Checking the board files in {args.dir}")
    print(f"  {'ok ' if not problems else 'BAD'} files-and-schema: every file parses and every entry "
          f"has the fields it needs" + (f" — {len(problems)} problem(s)" if problems else ""))
    for p in problems:
        print(f"      - {p}")
    results = run_checks(board) if board is not None else []
    for r in results:
        status = "ok " if r.ok else "BAD"
        extra = f" — {len(r.problems)} problem(s)" if r.problems else ""
        print(f"  {status} {r.name}: {r.description}{extra}")
        for p in r.problems:
            print(f"      - {p}")
    total = len(problems) + sum(len(r.problems) for r in results)
    checks = 1 + len(results)
    failed = (1 if problems else 0) + sum(1 for r in results if not r.ok)
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
    if total:
        print(f"{checks} checks, {failed} failed, {total} problem(s)")
        return 1
    print(f"{checks} checks, all passed")
    return 0


def _render_board(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from maria.board import BoardDataError, load_board
    from maria.render.preview import render_preview

    try:
        board = load_board(args.dir)
    except BoardDataError as exc:
        print(exc, file=sys.stderr)
        return 1
    render_preview(board, Path(args.out), width=args.width)
    print(f"wrote {args.out}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m maria", description="MARIA — tools and game commands")
    parser.add_argument("--version", action="version", version=f"MARIA {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("check-boards", help="validate the board files and list every problem")
    p.add_argument("--dir", default=str(boards_dir()), help="the boards folder (default: the game's own)")
    p.add_argument("--distances", action="store_true", help="print the calibration distances")
    p.set_defaults(func=_check_boards)
    p = sub.add_parser("render-board", help="draw both maps to a PNG (headless)")
    p.add_argument("--out", required=True, help="PNG file to write")
    p.add_argument("--dir", default=str(boards_dir()), help="the boards folder")
    p.add_argument("--width", type=int, default=0, help="scale the image to this width in pixels")
    p.set_defaults(func=_render_board)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args) or 0)
