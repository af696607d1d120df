"""Search a seed for the guided first game (maria/games/maria/data/lessons.yaml).

For each seed the scripted learner of the UI tests (tests/ui/learner.py: the events a person would
post, "Play on for me" while a lesson waits) plays every lesson headless; the line says whether
every goal was reached without skipping, whether Maria Theresa herself chose a retreat (the retreat
lesson then lets the learner click it), whether she played a Reserve, the turn the lessons ended
and how long the walk took.  No rule is changed: only the seed.

    SDL_VIDEODRIVER=dummy python3 tools/lesson_seeds.py 1 20
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ui.headless import headless_app, scratch_dirs  # first: the dummy video driver

import pygame

# the walks autosave like any game: into a scratch folder, never the player's saves and settings
scratch_dirs("maria-lessons-", config="config", data="data", keep_set=True)


def walk(seed: int) -> dict:
    from maria.ui.lesson_scene import LessonBoard, start_lessons
    from tests.ui.conftest import Driver
    from tests.ui.learner import Learner

    app = headless_app((1280, 720), frames=2)
    t0 = time.perf_counter()
    board = start_lessons(app, seed=seed)
    assert isinstance(board, LessonBoard)
    ui = Driver(app)
    out = {"seed": seed, "ok": False}
    try:
        lr = Learner(ui, board)
        lr.play()
        acts = board.session.record.actions
        out["ok"] = len(board.goals_reached) == sum(len(les.steps) for les in board.course.lessons)
        out["learner_retreat"] = lr.chose_retreat
        out["mt_reserve"] = any(
            e["role"] == "maria_theresa" and e["action"]["type"] == "play_card" and ":R" in e["action"]["card"]
            for e in acts
        )
        out["turn"] = board.session.state["turn"]
        out["actions"] = len(acts)
    except AssertionError as exc:
        out["error"] = str(exc)[:80]
    out["seconds"] = round(time.perf_counter() - t0, 1)
    pygame.quit()
    return out


def main(argv: list[str]) -> None:
    a, b = (int(argv[0]), int(argv[1])) if len(argv) >= 2 else (1, 10)
    for seed in range(a, b + 1):
        print(walk(seed), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
