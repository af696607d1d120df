"""Start MARIA: `python main.py` opens the desktop program.

python main.py                        title screen: new game (hot-seat), continue, load, settings, rules
python main.py --load FILE            open a saved game
python main.py --screenshot OUT.png   render one frame of a game headless and exit
               [--load FILE] [--size WxH] [--hover CITY]
               [--scene title|setup|settings|rules|board|battle-card|large-hand]
python main.py --bench-ui             UI timings (start to title, idle frame, drag frame)
python main.py --demo [--game friedrich]  every seat a computer player, watchable (Space, [ ], 1-4)
python main.py --selftest             headless check of an installation (assets, boards, play, save)
python main.py --version
"""

from __future__ import annotations

import time

T_START = time.perf_counter()

import argparse  # noqa: E402  (counted in the start-up time)
import os  # noqa: E402  (counted in the start-up time)
import sys  # noqa: E402  (counted in the start-up time)
from pathlib import Path  # noqa: E402  (counted in the start-up time)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError("size must be at least 320x240")
    return w, h


WINDOW_TIMEOUT = 20.0  # seconds the video system may take to open a window before we give up


def open_display_or_explain(pygame, timeout: float = WINDOW_TIMEOUT) -> str | None:
    """Start the video system and open (then close) a first window, or say why it cannot be done.

    A missing display raises at once; a broken one (a bare X server without a window manager, a
    stuck driver) can block inside SDL for minutes.  A watchdog thread ends the process with a
    message naming the problem instead of leaving the player in front of nothing."""
    import threading

    done = threading.Event()

    def watchdog() -> None:
        if not done.wait(timeout):
            driver = os.environ.get("SDL_VIDEODRIVER") or "the default video driver"
            print(
                f"MARIA could not open a window within {timeout:.0f} s ({driver}, "
                f"DISPLAY={os.environ.get('DISPLAY', '(not set)')}): the display does not answer. "
                "Check that a desktop session is running, or set SDL_VIDEODRIVER to a working driver.",
                file=sys.stderr,
                flush=True,
            )
            os._exit(3)

    threading.Thread(target=watchdog, name="window-watchdog", daemon=True).start()
    try:
        pygame.display.init()
        chosen = pygame.display.get_driver()
        if chosen in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") != chosen:
            # SDL found no display and fell back to a driver that draws nowhere: the program would
            # run invisibly.  Only a driver asked for by name may be invisible (tests, screenshots).
            return (
                "MARIA cannot open a window: no display was found "
                f"(DISPLAY={os.environ.get('DISPLAY', '(not set)')}, "
                f"WAYLAND_DISPLAY={os.environ.get('WAYLAND_DISPLAY', '(not set)')}); "
                f"the video system fell back to its invisible '{chosen}' driver. "
                "Start MARIA from a desktop session."
            )
        pygame.display.set_mode((320, 240), pygame.HIDDEN)
    except pygame.error as exc:
        driver = os.environ.get("SDL_VIDEODRIVER") or "the default video driver"
        return (
            f"MARIA cannot open a window: {exc} ({driver}, "
            f"DISPLAY={os.environ.get('DISPLAY', '(not set)')}). Start it from a desktop session, "
            "or set SDL_VIDEODRIVER to a driver that works here."
        )
    finally:
        done.set()
    return None


def main(argv: list[str] | None = None) -> int:
    from maria import __version__

    parser = argparse.ArgumentParser(prog="main.py", description="MARIA — the desktop program")
    parser.add_argument("--version", action="version", version=f"MARIA {__version__}")
    parser.add_argument("--screenshot", metavar="OUT.png", help="render one frame to a PNG and exit")
    parser.add_argument("--load", metavar="FILE", help="open this saved game")
    parser.add_argument("--size", type=_size, default=None, help="window or screenshot size, WxH")
    parser.add_argument("--hover", metavar="CITY", help="with --screenshot: show this city's information")
    parser.add_argument(
        "--scene",
        default=None,
        help="with --screenshot: title, setup, settings, rules, board, battle-card "
        "(a card flying into the combat panel) or large-hand",
    )
    parser.add_argument("--bench-ui", action="store_true", help="measure UI frame times and exit")
    parser.add_argument("--selftest", action="store_true", help="check this installation headless and exit")
    parser.add_argument("--demo", action="store_true", help="demo mode: every seat computer-played, animated")
    parser.add_argument("--variant", default="intro", choices=("intro", "advanced"), help="with --demo: the game")
    parser.add_argument(
        "--game", default="maria", choices=("maria", "friedrich"), help="with --demo: MARIA (default) or FRIEDRICH"
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        choices=(2, 3, 4),
        help="with --demo: MARIA 2 or 3 players (default 3), FRIEDRICH 3 or 4 (default 4)",
    )
    parser.add_argument(
        "--level",
        default="easy",
        choices=("random", "easy", "normal", "hard"),
        help="with --demo: the computers' level",
    )
    args = parser.parse_args(argv)

    if args.selftest:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        from maria.selftest import run_selftest

        return run_selftest()

    if args.screenshot or args.bench_ui:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    if args.bench_ui:
        from maria.ui.bench import bench_ui

        res = bench_ui(t_start=T_START)
        for k, v in res.items():
            print(f"{k:24s} {v}")
        return 0

    import pygame

    if not args.screenshot:
        failed = open_display_or_explain(pygame)
        if failed:
            print(failed, file=sys.stderr)
            return 3
    else:
        pygame.display.init()
    pygame.font.init()
    try:
        if args.screenshot:
            from maria.ui.shots import screenshot

            try:
                screenshot(
                    Path(args.screenshot), args.size or (1920, 1080), load=args.load, scene=args.scene, hover=args.hover
                )
            except (ValueError, KeyError) as exc:
                print(exc, file=sys.stderr)
                return 2
            print(f"wrote {args.screenshot}")
        else:
            from maria.record import crash
            from maria.ui.launch import start

            app = start(size=args.size, load=args.load)
            crash.set_record_source(app.current_record)
            if args.demo and args.game == "friedrich":
                if args.players not in (None, 3, 4):
                    print("--demo: FRIEDRICH is for 3 or 4 players", file=sys.stderr)
                    return 2
                from maria.ui.demo import start_friedrich_demo

                start_friedrich_demo(app, args.players or 4, args.level)
            elif args.demo:
                args.players = args.players or 3
                from maria.games.maria.rules import door

                try:
                    door.new_game(args.variant, args.players, 0)
                except ValueError as exc:
                    print(f"--demo: {exc}", file=sys.stderr)
                    return 2
                from maria.ui.demo import start_demo

                start_demo(app, args.variant, args.players, args.level)

            def play() -> int:
                app.stop_on_signals()  # Ctrl+C, a closed terminal: autosave, then stop
                app.run()
                return 0

            return crash.guarded(play)
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    from maria.cli import run_quietly, safe_output

    safe_output()
    sys.exit(run_quietly(main))
