"""Screenshots of the "see the war" features at one window size, headless (issue "see the war"):
supply foresight, the supply view, the victory tracker's explanation, the legend, a tooltip, a
route through waypoints, the introductory board with Flanders collapsed, the rules panel (printed
sections) and the settings (palette, sound).  Colour-vision simulations: tools/cvd_screenshot.py.

    SDL_VIDEODRIVER=dummy python3 tools/see_the_war_shots.py --size 1366x768 --out docs/screenshots/see-the-war
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ui.headless import headless_app, scratch_dirs  # first: the dummy video driver


def shots(size: tuple[int, int], out: Path, seed: int = 3) -> list[Path]:
    scratch_dirs("maria-shots-")
    app = headless_app(size)
    import pygame
    from maria.lab import selfplay
    from maria.engine import rng
    from maria.games.maria.rules import door
    from maria.ui.board_scene import BoardScene
    from maria.ui.moves import reach
    from maria.ui.overlays import RulesScene, SettingsScene
    from maria.ui.session import Session

    s = Session.new("intro", 3, seed)
    ch = {"rng": rng.seed_state(seed)}
    while True:  # to Frederick's movement phase of turn 2
        state = s.state
        role = door.active_roles(state)[0]
        if state["turn"] >= 2 and state["flow"][-1]["name"] == "movement_phase" and role == "frederick":
            break
        a = selfplay.random_action(state, role, ch)
        if a["type"] != "undo":
            s.apply(role, a)
    b = app.push(BoardScene(app, s))
    b.seat = "frederick"
    b.refresh()
    app.run(max_frames=2)
    out.mkdir(parents=True, exist_ok=True)
    made = []

    def shot(name: str, mouse=None) -> None:
        if mouse is not None:
            w = app.map.to_window(mouse)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(1, 0), buttons=(0, 0, 0)))
            for _ in range(40):
                app.step(1 / 60)
        b.map_dirty = b.static_dirty = b.dirty = True
        app.render(force=True)
        path = out / f"{name}-{size[0]}x{size[1]}.png"
        pygame.image.save(app.window, str(path))
        made.append(path)

    def screen(city):
        x, y = b.to_screen(city)
        return round(x), round(y)

    moves = [a for a in b.acts if a["type"] == "move"]
    gid = moves[0]["piece"]
    b.selected = gid
    b.refresh()
    b.view.centre_on(b._city_px[s.state["generals"][gid]["city"]])
    shot("1-supply-foresight")
    b.selected = None
    b.refresh()
    b.show_supply = True
    shot("1b-supply-view")
    b.show_supply = False
    app.render(force=True)
    row = b._victory_rows[0][0] if b._victory_rows else None
    shot("2-victory-tracker", row.center if row else None)
    b.panel = "legend"
    shot("3-legend")
    b.panel = None
    shot("3b-tooltip", b.button("supply").rect.center)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=app.map.to_window((4, 1076)), rel=(1, 0), buttons=(0, 0, 0))
    )  # the mouse off every tooltip
    for _ in range(3):
        app.step(1 / 60)
    # 4: a route through a waypoint (Shift held while dragging): the drawn path follows it
    r = reach(s.state, gid)
    start = s.state["generals"][gid]["city"]
    far = max(r.cities(), key=lambda c: len(r.options(c)[0][1]) if r.options(c) else 0)
    path = r.options(far)[0][1]
    via = path[len(path) // 2] if len(path) > 2 else None
    b.view.centre_on(b._city_px[start])
    b.map_dirty = True
    app.render(force=True)
    b.selected = gid
    b.refresh()
    b.drag = {
        "piece": gid,
        "pan": False,
        "moved": True,
        "start": screen(start),
        "pos": screen(far),
        "waypoints": [via] if via else [],
    }
    b.hover_city = far
    shot("4-route-through-a-waypoint")
    b.drag, b.selected, b.hover_city = None, None, None
    b.refresh()
    b.view.fit()
    shot("6-introductory-board-flanders-collapsed", (b.lay.map.x + 20, b.lay.map.centery))
    app.push(RulesScene(app, "R10.1"))
    shot("7-rules-panel-printed-sections")
    app.pop()
    app.push(SettingsScene(app))
    shot("8-settings-palette-and-sound")
    pygame.quit()
    return made


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1366x768")
    ap.add_argument("--out", default="docs/screenshots/see-the-war")
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.lower().split("x"))
    for p in shots((w, h), Path(args.out)):
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
