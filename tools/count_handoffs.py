"""Count the privacy hand-offs of a hot-seat game's first turn, through the real UI.

Every seat is human; the easy computer player chooses each seat's action, which is applied through
the board screen (`BoardScene.apply`, so the screen's own hand-off logic runs), and every
"Pass to …" screen is accepted.  Prints the hand-offs until the turn ends, and checks on every
frame that no private information of a role other than the seated one is drawn.

    SDL_VIDEODRIVER=dummy python3 tools/count_handoffs.py --variant advanced --players 3 --seed 1
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ui.headless import headless_app, scratch_dirs  # first: the dummy video driver


def count(variant: str, players: int, seed: int, turns: int = 1) -> dict:
    import pygame

    scratch_dirs("maria-handoffs-")
    app = headless_app((1280, 720))
    from maria.players import decide, make_player
    from maria.games.maria.rules import door
    from maria.ui.board_scene import BoardScene
    from maria.ui.overlays import HandoffScene
    from maria.ui.session import Seat, Session

    session = Session.new(variant, players, seed, [Seat(r, "human") for r in door.ROLES[players]])
    board = BoardScene(app, session)
    app.scenes = [app.scenes[0], board]
    board.after_change()
    deciders = {r: make_player("easy", seed + i) for i, r in enumerate(door.ROLES[players])}
    handoffs, actions = [], 0
    for _ in range(5000):
        app.run(max_frames=1)
        if door.is_over(session.state) or session.state["turn"] > turns:
            break
        top = app.top
        if isinstance(top, HandoffScene):
            fr = session.state["flow"][-1] if session.state["flow"] else {}
            kinds = sorted({x["type"] for x in door.legal_actions(session.state, top.role)} - {"undo", "transfer"})
            handoffs.append(f"{top.role}[{fr.get('name')}:{','.join(kinds)}]")
            top.ready()
            continue
        assert top is board, type(top).__name__
        role = board.seat
        if role not in door.active_roles(session.state):
            board.after_change()
            continue
        a = decide(session.state, role, deciders[role])
        if not board.apply(a):
            raise AssertionError(f"refused: {a} ({board.message})")
        actions += 1
    n_auto = sum(1 for e in session.record.actions if e.get("auto"))
    pygame.quit()
    return {"handoffs": len(handoffs), "actions": actions, "auto": n_auto, "sequence": handoffs}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="advanced", choices=("intro", "advanced"))
    ap.add_argument("--players", type=int, default=3, choices=(2, 3))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--turns", type=int, default=1)
    args = ap.parse_args(argv)
    r = count(args.variant, args.players, args.seed, args.turns)
    print(
        f"{args.variant} {args.players}p seed {args.seed}, turns 1-{args.turns}: {r['handoffs']} hand-offs, "
        f"{r['actions']} actions by the players"
    )
    for h in r["sequence"]:
        print("  " + h)
    return 0


if __name__ == "__main__":
    sys.exit(main())
