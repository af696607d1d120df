"""Screenshots of the guided first game, headless, at a laptop's 1366×768 window.

    SDL_VIDEODRIVER=dummy python3 tools/lesson_shots.py [OUTDIR]

Plays the lessons with the scripted learner of the UI tests (tests/ui/learner.py) and saves the
window at a few moments: the first lesson, the move lesson (Khevenhüller lit), a refused click,
the battle lesson and an explanation.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ui.headless import headless_app, scratch_dirs  # first: the dummy video driver

import pygame

# the walks autosave like any game: into a scratch folder, never the player's saves and settings
scratch_dirs("maria-lessons-", config="config", data="data", keep_set=True)

SIZE = (1366, 768)


def shots(outdir: Path) -> list[Path]:
    from maria.ui.lesson_scene import start_lessons
    from maria.ui.moves import reach
    from maria.ui.shots import save_frame
    from tests.ui.conftest import Driver
    from tests.ui.learner import Learner

    pygame.display.init()
    pygame.display.set_mode(SIZE)
    app = headless_app(SIZE, frames=2)
    ui = Driver(app)
    out: list[Path] = []

    def shot(name: str) -> None:
        board.static_dirty = board.map_dirty = board.dirty = True
        ui.frames(2)
        out.append(save_frame(app, outdir / name))

    out.append(save_frame(app, outdir / "00-title.png"))
    board = start_lessons(app)
    lr = Learner(ui, board)
    ui.frames(3)
    shot("01-lesson-board.png")
    lr.play(until="moving")
    lr.show("pressburg")
    shot("02-lesson-move-khevenhueller.png")
    r = reach(board.session.state, "traun")
    lr.drag_general("traun", sorted(r.normal)[0])  # the wrong general: refused with the reason
    lr.show("pressburg")
    shot("03-lesson-refused-click.png")
    lr.play(until="conquest")
    while board.lesson_id() == "conquest" and not board.explaining:
        lr.do_step()
    shot("04-lesson-conquest-explained.png")
    lr.play(until="battle")
    while board.lesson_id() == "battle" and board.si == 0:
        lr.do_step()
    shot("05-lesson-battle.png")
    while board.lesson_id() == "battle" and not board.explaining:
        lr.do_step()
    shot("06-lesson-battle-explained.png")
    lr.play(until="victory")
    shot("07-lesson-victory.png")
    pygame.quit()
    return out


if __name__ == "__main__":
    for p in shots(Path(sys.argv[1] if len(sys.argv) > 1 else "/work/runs/shots-learn")):
        print(p)
