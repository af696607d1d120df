"""Screenshots of the finished table, headless, at a 1280x720 window (the canvas is saved at its
logical 1920x1080): one layer on top (the legend, the menu), the map's controls under the log,
a battle's result, saving in one action, the new-game screen that remembers, leaving for the title,
the combat panel's score, the header of the advanced game and FRIEDRICH's Reserve choice; then the
introductory and the advanced boards in the middle of a game, as a 1280x720 and a 1920x1080 window
show them (board-*.png: the map fills its area, the side panel has the rest).

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
    from maria.ui.game_menu import LeaveGameScene
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
    save("40-board-1280x720-map-controls-under-the-log.png")
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

    def two_reserves(s) -> bool:
        return (
            s.state["flow"][-1]["name"] == "duel"
            and "frederick" in s.active()
            and s.state["flow"][-1]["att_nation"] == "prussia"
            and sum(1 for c in s.state["cards"]["hands"]["prussia"] if ":R" in c) == 2
        )

    for seed in range(3, 60):  # the first seed whose random game reaches such a battle
        try:
            fs = F.advance(F.session(seed=seed), two_reserves)
            break
        except (AssertionError, IndexError):
            continue
    fb = F.open_board(ui, fs)
    ui.press(("act", "reserve"), scene=fb)
    save("50-friedrich-reserve-values-once.png")
    return done


def _advanced_movement(seed: int = 1):
    """A 3-player advanced game played at random (maria.lab.selfplay) to Austria's first
    movement phase: the pieces spread on both maps, no army sheet open."""
    from maria.lab import selfplay
    from maria.engine import rng
    from maria.games.maria.rules import door
    from maria.ui.session import Session

    s = Session.new("advanced", 3, seed)
    ch = {"rng": rng.seed_state(seed)}
    for _ in range(5000):
        st = s.state
        role = door.active_roles(st)[0]
        if st["flow"][-1]["name"] == "movement_phase" and role == "maria_theresa":
            return s
        a = selfplay.random_action(st, role, ch)
        if a["type"] != "undo":
            s.apply(role, a)
    raise AssertionError("no movement phase of Austria")


def window_shots(out: Path) -> list[Path]:
    """The boards as the window shows them (the window's own pixels) at 1280x720 and 1920x1080."""
    import pygame
    from maria.ui.board_scene import BoardScene
    from maria.ui.session import Session
    from tests.ui.conftest import Driver

    done = []
    saves = Path(__file__).resolve().parents[1] / "saves"
    for size in ((1280, 720), (1920, 1080)):
        app = headless_app(size, frames=2)
        ui = Driver(app)
        app.settings.handoff_screens = False
        for name, session, seat in (
            ("introductory", Session.load(saves / "intro-2p-midgame.yaml"), "coalition"),
            ("advanced", _advanced_movement(), "maria_theresa"),
        ):
            b = BoardScene(app, session)
            b.seat = seat
            b.refresh()
            app.scenes = [app.scenes[0], b]
            ui.frames(3)
            app.render(force=True)
            p = out / f"board-{name}-{size[0]}x{size[1]}.png"
            pygame.image.save(app.window, str(p))
            done.append(p)
        pygame.quit()
    return done


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="docs/screenshots")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for p in shots(out) + window_shots(out):
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
