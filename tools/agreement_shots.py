"""Screenshots of the binding agreements (§21) in the advanced board screen, headless: the offer
dialog with a truce chosen, the answer dialog of a computer's offer, and the agreements in force
on the political display (docs/screenshots/agreements-*.png).

    SDL_VIDEODRIVER=dummy python3 tools/agreement_shots.py --out docs/screenshots
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ui.headless import headless_app, scratch_dirs  # first: the dummy video driver


def shots(out: Path) -> list[Path]:
    scratch_dirs("maria-agreement-shots-")
    app = headless_app((1920, 1080), frames=2)
    import pygame
    from maria.ui.board_scene import BoardScene
    from tests.ui.conftest import Driver
    from tests.ui.test_agreements_ui import SOLO_FR, SOLO_MT, TRUCE_FR, diplomacy_session, make_offer
    from tests.ui.test_play import _open, _ready

    ui = Driver(app)
    app.settings.handoff_screens = False
    done: list[Path] = []

    def save(name: str) -> None:
        app.render(force=True)
        p = out / name
        pygame.image.save(app.canvas, str(p))
        done.append(p)

    s = diplomacy_session()
    board = _open(ui, s, "maria_theresa")
    make_offer(ui, board, SOLO_MT, SOLO_FR, before_offer=lambda dlg: save("agreements-offer.png"))
    # the computer answers in its worker thread: wait for it by the clock, not by a count of frames
    import time

    until = time.monotonic() + 60
    while not s.state["adv"].get("agreements") and time.monotonic() < until:
        ui.frames(5)
        time.sleep(0.05)
    board = ui.app.find(BoardScene)
    board.panel = "politics"
    board.map_dirty = board.static_dirty = board.dirty = True
    save("agreements-list.png")

    s = diplomacy_session(frederick="easy", others_done=False)
    s.apply("louis_xv", {"type": "done"})
    s.apply(
        "frederick", {"type": "offer_agreement", "to": "maria_theresa", "terms": {"frederick": TRUCE_FR}, "turns": 1}
    )
    _open(ui, s, "maria_theresa")
    _ready(ui)
    save("agreements-answer.png")
    return done


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for p in shots(args.out):
        print(p)
