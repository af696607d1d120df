"""Screenshots of the finished table, headless, at a 1280x720 window (the canvas is saved at its
logical 1920x1080): one layer on top (the legend, the menu), the map's controls beside the board,
a battle's result, saving in one action, the new-game screen that remembers, leaving for the title,
the combat panel's score, the header of the advanced game and FRIEDRICH's Reserve choice.

    SDL_VIDEODRIVER=dummy python3 tools/table_shots.py --out docs/screenshots
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ui.headless import headless_app, scratch_dirs  # first: the dummy video driver


def shots(out: Path) -> list[Path]:
    scratch_dirs("maria-table-shots-")
    app = headless_app((1280, 720), frames=2)
    import pygame
    from maria.ui.board_scene import BoardScene
    from maria.ui.overlays import LeaveGameScene
    from maria.ui.session import Session
    from tests.ui.conftest import Driver
    from tests.ui.test_battle_animation import _combat
    from tests.ui.test_nothing_lost import _give_reserve
    ui = Driver(app)
    app.settings.handoff_screens = False
    done: list[Path] = []

    def save(name: str) -> None:
        app.render(force=True)
        p = out / name
        pygame.image.save(app.canvas, str(p))
        done.append(p)

    def board(variant="intro", session=None, seat=None):
        b = BoardScene(app, session or Session.new(variant, 3, 0))
        if seat:
            b.seat = seat
            b.refresh()
        app.scenes = [app.scenes[0], b]
        ui.frames(3)
        return b

    b = board()
    save("40-board-1280x720-controls-beside-the-map.png")
    ui.key(pygame.K_l, "l")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=ui.win((1460, 900)), rel=(1, 0), buttons=(0, 0, 0)))
    ui.frames(40)
    save("41-legend-on-top.png")
    ui.key(pygame.K_ESCAPE)
    b.computer_line = "Louis XV: France has allocated its troops."
    ui.key(pygame.K_ESCAPE)
    ui.frames(40)
    save("42-menu-on-top.png")
    app.pop()
    board("advanced", seat="maria_theresa")
    save("43-advanced-board-header-and-controls.png")
    # the combat panel's score, then the battle's result that stays
    s = _combat()
    _give_reserve(s, "austria")
    b = board(session=s, seat="maria_theresa")
    save("44-combat-score-as-in-the-log.png")
    ui.press("accept_defeat", scene=b)
    ui.press("confirm_yes", scene=b)
    ui.frames(3)
    save("45-battle-result-stays.png")
    # saving in one action
    ui.press("save", scene=b)
    save("46-save-proposed-name-selected.png")
    ui.key(pygame.K_RETURN)
    ui.frames(3)
    save("47-saved-quietly.png")
    app.push(LeaveGameScene(app, b))
    ui.frames(2)
    save("48-leave-asks-first.png")
    app.scenes = [app.scenes[0]]
    app.top.on_top()
    ui.frames(2)
    ui.press("new")
    ui.press("advanced")
    ui.press(("hard", "louis_xv"))
    ui.press("start")
    app.scenes = [app.scenes[0]]
    app.top.on_top()
    ui.frames(2)
    ui.press("new")
    save("49-new-game-remembers.png")
    # FRIEDRICH: each Reserve value once with two Reserves in hand
    from tests.ui import friedrich_helpers as F
    fs = F.advance(F.session(), lambda s: s.state["flow"][-1]["name"] == "duel" and "frederick" in s.active()
                   and s.state["flow"][-1]["att_nation"] == "prussia"
                   and sum(1 for c in s.state["cards"]["hands"]["prussia"] if ":R" in c) == 2)
    fb = F.open_board(ui, fs)
    ui.press(("act", "reserve"), scene=fb)
    save("50-friedrich-reserve-values-once.png")
    return done


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="docs/screenshots")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for p in shots(out):
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
