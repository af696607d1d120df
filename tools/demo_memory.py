"""Resident memory over many demo games in one process (issue "hostile files and faults", item 12:
a day of demo mode must stay flat).  Plays N demo games through the real App loop (dummy video
driver, every frame drawn at the 1920×1080 canvas) and prints the resident set size after each.

    SDL_VIDEODRIVER=dummy python3 tools/demo_memory.py --games 200 --level easy --seed 1

Demo games alternate the variants and player counts (intro 3p, advanced 3p, intro 2p, advanced 2p).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ui.headless import headless_app, scratch_dirs  # first: the dummy video driver

KINDS = (("intro", 3), ("advanced", 3), ("intro", 2), ("advanced", 2))


def rss_mb() -> float:
    """Resident set size of this process (Linux /proc; elsewhere the peak from resource)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def play(games: int, level: str, seed: int, max_actions: int = 6000, out=print) -> list[float]:
    import pygame

    scratch_dirs("maria-demo-mem-")
    app = headless_app((1920, 1080))
    from maria.games.maria.rules import door
    from maria.ui.demo import SPEEDS, start_demo

    sizes = []
    for i in range(games):
        variant, players = KINDS[i % len(KINDS)]
        t0 = time.perf_counter()
        board = start_demo(app, variant, players, level, seed + i)
        board.demo.speed = len(SPEEDS) - 1  # the fastest speed
        n = 0
        while not door.is_over(board.session.state) and n < max_actions * 40:
            app.step(0.05)
            if board.session.thinker is not None:
                board.session.thinker.thread.join(5)
            n += 1
        app.step(0.05)
        gc.collect()
        sizes.append(rss_mb())
        out(
            f"game {i + 1:4d} {variant:8s} {players}p seed {seed + i}: {len(board.session.record.actions):5d} actions, "
            f"{time.perf_counter() - t0:6.1f} s, RSS {sizes[-1]:7.1f} MB",
            flush=True,
        )
    pygame.quit()
    return sizes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--level", default="easy", choices=("random", "easy", "normal", "hard"))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    sizes = play(args.games, args.level, args.seed)
    if len(sizes) >= 20:
        a, b = sizes[19], sizes[-1]
        print(f"RSS after game 20: {a:.1f} MB; after game {len(sizes)}: {b:.1f} MB ({(b - a) / a * 100:+.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
