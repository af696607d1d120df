"""Frame times of the Load screen over a saves folder of many saves (headless, dummy video driver).

    python tools/bench_load_screen.py [--saves 10000] [--frames 200] [--size 1920x1080]

Fills a scratch saves folder with N saves (hard links of one real save, so the folder costs one
file's space), opens the Load screen, and times the window's frames while it lists the folder and
reads the page's previews (off the window's thread), then while the mouse moves (a redraw every
frame), the pages turn and a search is typed.  Prints the median and the slowest frame of each,
in wall-clock time and in the window thread's own CPU time (which a machine busy with other work
does not inflate).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.ui.headless import headless_app, scratch_dirs  # chooses the dummy drivers


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--saves", type=int, default=10_000)
    ap.add_argument("--frames", type=int, default=200, help="frames timed in each part")
    ap.add_argument(
        "--size",
        default="1920x1080",
        help="window size; at 1920x1080 the canvas is not scaled to the window, which every "
        "screen of the program pays for at other sizes",
    )
    args = ap.parse_args(argv)
    scratch_dirs("maria-bench-load-")
    import pygame

    from maria.ui.save_load import SaveLoadScene
    from maria.ui.session import Session
    from maria.ui.settings import saves_dir

    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    first = folder / "game-00000.yaml"
    Session.new("advanced", 3, 7).save(first)
    t0 = time.perf_counter()
    for i in range(1, args.saves):
        os.link(first, folder / f"game-{i:05d}.yaml")
    print(f"{args.saves:,} saves in {folder} ({time.perf_counter() - t0:.1f} s to make)")

    app = headless_app(tuple(int(v) for v in args.size.split("x")), frames=2)
    scene = app.push(SaveLoadScene(app, "load", None))
    times: dict[str, list[float]] = {}  # wall-clock ms of each frame
    cpu: dict[str, list[float]] = {}  # the window thread's own CPU ms (what a busy machine adds is not in it)

    def frame(part: str, event=None) -> None:
        if event is not None:
            pygame.event.post(event)
        c0 = time.thread_time()
        app.step(1 / 60)
        times.setdefault(part, []).append(app.last_frame_ms)
        cpu.setdefault(part, []).append((time.thread_time() - c0) * 1000)

    t0 = time.perf_counter()
    while scene.reading() and time.perf_counter() - t0 < 120:
        frame("opening (listing and previews arriving)")
        time.sleep(1 / 120)
    print(
        f"listing and first page's previews: {time.perf_counter() - t0:.2f} s, "
        f"{len(scene.index.entries or []):,} saves listed"
    )
    for i in range(args.frames):  # every frame redraws: the mouse moves
        if not scene.reading():
            break
        frame(
            "redrawn while previews are read",
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=app.map.to_window((300 + i % 600, 500)), rel=(1, 0), buttons=(0, 0, 0)
            ),
        )
    scene.index.wait()
    for i in range(args.frames):  # every frame redraws: the mouse moves
        pos = app.map.to_window((300 + i % 600, 500))
        frame(
            "mouse moving (a redraw each frame)",
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)),
        )
    older = scene.button("next")
    # pages turn (each page's previews read meanwhile)
    for i in range(args.frames // 4 if older is not None else 0):
        w = app.map.to_window(older.rect.center)
        frame("turning pages", pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=w))
        frame("turning pages", pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=w))
    for ch in "game-0999":  # a search typed
        frame("typing a search", pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=ch, scancode=0))
        for _ in range(3):
            frame("typing a search")
    print(f"search 'game-0999': {len(scene.entries())} saves")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"frame times, wall clock (load average {load:.1f} on {os.cpu_count()} cores) / the window thread's CPU:")
    for part, ms in times.items():
        c = cpu[part]
        print(
            f"  {part:42s} {len(ms):4d} frames: "
            f"median {statistics.median(ms):6.2f} / {statistics.median(c):6.2f} ms, "
            f"slowest {max(ms):6.2f} / {max(c):6.2f} ms"
        )
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
