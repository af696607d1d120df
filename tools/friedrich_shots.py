"""Screenshots of the FRIEDRICH board screen, drawn headless (SDL_VIDEODRIVER=dummy):
docs/screenshots/friedrich-{setup,start,battle,fate,game-over}.png, and the screens FRIEDRICH shares
with MARIA: friedrich-{demo,replay,handoff,computer-failed,rules}.png; played by drag and cards, in
windows of 1280x720 and 1920x1080: friedrich-{drag,cards}-<size>.png and friedrich-legend.png.

    python tools/friedrich_shots.py [--out docs/screenshots] [--only shared|board]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ui.headless import headless_app, scratch_dirs  # first: the dummy video driver

import pygame

from maria.players.friedrich.random_moves import RandomPlayer
from maria.ui.app import App
from maria.ui.friedrich_panels import FateScene, FGameOverScene, FHandoffScene
from maria.ui.board_scene import BoardScene
from maria.ui.friedrich_session import ROLES, FSession, make_computer
from maria.ui.friedrich_setup import start

scratch_dirs("maria-friedrich-shots-", keep_set=True)


def _advance(s: FSession, until, seed: int = 1, limit: int = 20000) -> bool:
    """Random play through the door until `until(s)`; False if the game ended first."""
    rnd = RandomPlayer(seed)
    for _ in range(limit):
        if until(s):
            return True
        if not s.active():
            return False
        role = s.active()[0]
        s.apply(role, rnd.decide(s.state, role))
    return False


def _app() -> App:
    return headless_app((1920, 1080), frames=1)


def _show(app: App, s: FSession, seat: str | None) -> BoardScene:
    board = start(app, s)
    while isinstance(app.top, FHandoffScene):
        app.top.ready()
    board.seat_role(seat) if seat else None
    app.run(max_frames=2)
    app.render(force=True)
    return board


def shared_screens(out: Path) -> None:
    """The demo, the replay viewer, the hand-off with its summary, a computer player's failure and
    the rules panel: MARIA's screens, on FRIEDRICH's board."""
    from maria.ui.demo import start_friedrich_demo
    from maria.ui.friedrich_panels import FRulesScene
    from maria.ui.friedrich_session import role_label
    from maria.ui.overlays import report_computer_failure
    from maria.ui.replay_viewer import FReplayBoard

    # the demo: every seat the easy computer player, a few turns in
    app = _app()
    board = start_friedrich_demo(app, 4, "easy", seed=11)
    s = board.session
    while s.state["turn"] < 3 or s.state["flow"][-1]["name"] != "movement":
        s.computer_step()
    board.after_change()
    while app.top is not board:
        app.pop()
    board.demo.speed = 3
    app.run(max_frames=2)
    app.render(force=True)
    pygame.image.save(app.canvas, str(out / "friedrich-demo.png"))

    # the replay viewer: a finished game of computer seats at the start of turn 5, Frederick's view
    app = _app()
    s = FSession.new(3, 7, {r: {"kind": "computer", "level": "random"} for r in ROLES[3]})
    _advance(s, lambda s: s.state.get("result") is not None, seed=7)
    viewer = app.push(FReplayBoard(app, s.record))
    viewer.go(viewer.viewer.turn_starts.get(5, 0))
    viewer.go(viewer.index + 12)
    viewer.cycle_view()
    app.run(max_frames=2)
    app.render(force=True)
    pygame.image.save(app.canvas, str(out / "friedrich-replay.png"))

    # the hand-off: what the others did since Frederick last looked
    app = _app()
    s = FSession.new(
        4,
        11,
        {r: {"kind": "human", "level": "random"} for r in ("frederick", "maria_theresa")}
        | {r: {"kind": "computer", "level": "random"} for r in ("elisabeth", "pompadour")},
    )
    _advance(s, lambda s: s.state["turn"] >= 2 and "frederick" in s.active())
    board = _show(app, s, "frederick")
    _advance(s, lambda s: "maria_theresa" in s.active() and "frederick" not in s.active())
    board.after_change()
    app.top.ready()
    _advance(s, lambda s: "frederick" in s.active() and "maria_theresa" not in s.active())
    board.after_change()
    app.run(max_frames=1)
    app.render(force=True)
    pygame.image.save(app.canvas, str(out / "friedrich-handoff.png"))

    # a computer player that raised: the crash report, the emergency save, how to go on
    app = _app()
    s = FSession.new(
        4, 11, {r: {"kind": "human" if r == "maria_theresa" else "computer", "level": "easy"} for r in ROLES[4]}
    )
    board = _show(app, s, "maria_theresa")
    s.computer_failure = ("frederick", RuntimeError("the planner divided by zero"))
    report_computer_failure(app, board, levels=("easy", "normal", "hard", "random"), name=role_label)
    app.render(force=True)
    pygame.image.save(app.canvas, str(out / "friedrich-computer-failed.png"))

    # the rules panel, searched
    app = _app()
    app.push(FRulesScene(app))
    app.top.query = "reserve"
    app.render(force=True)
    pygame.image.save(app.canvas, str(out / "friedrich-rules.png"))


def _hold(app: App, a, b, steps: int = 8) -> None:
    """Press at a (canvas px) and move to b without letting go: the piece is held."""
    w = app.map.to_window
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=w(a)))
    app.run(max_frames=1)
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w(p), rel=(1, 1), buttons=(1, 0, 0)))
        app.run(max_frames=1)


def board_screens(out: Path) -> None:
    """FRIEDRICH played by drag and cards, in a window of each size: a general held over a city
    three roads away (the door's ends ringed, the route, the supply there; the map zoomed once), a
    combat with the hand drawn as cards (the playable ones framed) and the cards played in the
    combat panel."""
    from tests.ui.friedrich_helpers import general_disc

    humans = {"kind": "human", "level": "random"}
    for size in ((1280, 720), (1920, 1080)):
        tag = f"{size[0]}x{size[1]}"
        app = headless_app(size, frames=1)
        s = FSession.new(
            4, 11, {r: dict(humans) if r == "frederick" else {"kind": "computer", "level": "random"} for r in ROLES[4]}
        )
        _advance(s, lambda s: s.state["phase"] == "movement" and "frederick" in s.active())
        board = _show(app, s, "frederick")
        moves = s.whole_moves("frederick", ["heinrich"])
        far = max(moves, key=lambda m: (len(m["path"]), m["path"]))
        board.map.zoom(1, board.map.to_screen(s.state["generals"]["heinrich"]["city"]))  # as a player looks closer
        _hold(app, general_disc(board, "heinrich"), board.map.to_screen(far["path"][-1]))
        app.render(force=True)
        pygame.image.save(app.window, str(out / f"friedrich-drag-{tag}.png"))

        app = headless_app(size, frames=1)
        # the easy computer player for every nation until Frederick plays in a combat (seed 1: turn 2)
        s = FSession.new(4, 1, {r: dict(humans) for r in ROLES[4]})
        player = make_computer("easy", 1)
        while not (
            s.state["flow"][-1]["name"] == "duel" and "frederick" in s.active() and s.state["flow"][-1]["played"]
        ):
            role = s.active()[0]
            s.apply(role, player.decide(s.state, role))
        board = _show(app, s, "frederick")
        app.render(force=True)
        pygame.image.save(app.window, str(out / f"friedrich-cards-{tag}.png"))
    board.toggle_legend()
    app.render(force=True)
    pygame.image.save(app.window, str(out / "friedrich-legend.png"))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="docs/screenshots")
    ap.add_argument(
        "--only",
        choices=("shared", "board"),
        default=None,
        help="only the screens shared with MARIA, or only the board played by drag and cards",
    )
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    if args.only == "board":
        board_screens(out)
        print("written:", ", ".join(str(p) for p in sorted(out.glob("friedrich-*x*.png"))))
        return
    if args.only == "shared":
        shared_screens(out)
        print("written:", ", ".join(str(p) for p in sorted(out.glob("friedrich-*.png"))))
        return
    humans = {"kind": "human", "level": "random"}

    # the title's choice of game and the set-up
    app = _app()
    app.game_choice = "friedrich"
    app.top.layout()
    app.top.new_game()
    app.top.seats["pompadour"] = {"kind": "computer", "level": "random"}
    app.top.layout()
    app.render(force=True)
    pygame.image.save(app.canvas, str(out / "friedrich-setup.png"))

    # the start: Frederick's armies allocated, his first movement phase, a general picked up
    app = _app()
    s = FSession.new(4, 11, {r: dict(humans) for r in ROLES[4]})
    _advance(s, lambda s: s.state["phase"] == "movement" and "frederick" in s.active())
    mv = next(a for a in s.legal("frederick") if a["type"] == "move" and a["pieces"] == ["heinrich"])
    s.apply("frederick", mv)
    _show(app, s, "frederick")
    pygame.image.save(app.canvas, str(out / "friedrich-start.png"))

    # a battle: the side to play seated, its cards as buttons
    app = _app()
    for seed in range(1, 40):  # the first seed whose random game reaches a card duel
        s = FSession.new(3, seed, {r: dict(humans) for r in ROLES[3]})
        if _advance(s, lambda s: s.state["flow"][-1]["name"] == "duel" and len(s.state["flow"][-1]["played"]) >= 2):
            break
    _show(app, s, s.active()[0])
    pygame.image.save(app.canvas, str(out / "friedrich-battle.png"))

    # a Fate card just drawn
    app = _app()
    for seed in range(2, 60):  # the first seed whose first Card of Fate does something
        s = FSession.new(4, seed, {r: dict(humans) for r in ROLES[4]})
        if not _advance(s, lambda s: s.state["turn"] == 6 and s.state["nation"] == "france"):
            continue
        probe = FSession(s.record.__class__(**{**s.record.__dict__, "actions": list(s.record.actions)}))
        if _advance(probe, lambda p: p.state["fate"]["drawn"] >= 1) and not any(
            e["text"].endswith("No effect.") for e in probe.state["log"][-30:]
        ):
            break
    board = _show(app, s, "frederick")
    _advance(s, lambda s: s.state["fate"]["drawn"] >= 1)
    board.after_change()
    while isinstance(app.top, FHandoffScene):
        app.top.ready()
    if not isinstance(app.top, FateScene):
        raise SystemExit("no Fate card shown")
    app.render(force=True)
    pygame.image.save(app.canvas, str(out / "friedrich-fate.png"))

    # the end of a game of computer seats
    app = _app()
    s = FSession.new(3, 7, {r: {"kind": "computer", "level": "random"} for r in ROLES[3]})
    board = start(app, s)
    board.budget = 0.2
    while not isinstance(app.top, FGameOverScene):
        app.run(max_frames=1)
    app.render(force=True)
    pygame.image.save(app.canvas, str(out / "friedrich-game-over.png"))
    shared_screens(out)
    board_screens(out)
    print("written:", ", ".join(str(p) for p in sorted(out.glob("friedrich-*.png"))))


if __name__ == "__main__":
    main()
