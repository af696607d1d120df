"""Start MARIA: `python main.py` opens the desktop program.

    python main.py                       the board viewer (zoom with the wheel, drag to pan, F11 fullscreen)
    python main.py --screenshot OUT.png  render one frame headless and exit [--size WxH] [--hover CITY]
    python main.py --version
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError("size must be at least 320x240")
    return w, h


def main(argv: list[str] | None = None) -> int:
    from maria import __version__

    parser = argparse.ArgumentParser(prog="main.py", description="MARIA — the desktop program")
    parser.add_argument("--version", action="version", version=f"MARIA {__version__}")
    parser.add_argument("--screenshot", metavar="OUT.png", help="render one frame to a PNG and exit")
    parser.add_argument("--size", type=_size, default=(1280, 800), help="window or screenshot size, WxH")
    parser.add_argument("--hover", metavar="CITY", help="with --screenshot: show this city's information")
    args = parser.parse_args(argv)

    if args.screenshot:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from maria.board import BoardDataError, load_board
    from maria.paths import boards_dir
    from maria.ui import viewer

    try:
        board = load_board(boards_dir())
    except BoardDataError as exc:
        print(exc, file=sys.stderr)
        return 1
    pygame.init()
    try:
        if args.screenshot:
            if args.hover and args.hover not in board.cities:
                print(f"unknown city '{args.hover}'", file=sys.stderr)
                return 2
            viewer.screenshot(board, Path(args.screenshot), args.size, hover=args.hover)
            print(f"wrote {args.screenshot}")
        else:
            viewer.run(board, args.size)
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
