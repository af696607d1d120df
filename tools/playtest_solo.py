"""Play a solo game through the running window loop, quit, and continue it: the check behind
"a solo game resumes as it was".

    python tools/playtest_solo.py [--turns 3] [--seed 4242] [--game maria|friedrich] [--shots DIR]

The title screen's New game sets the two other seats to Hard computers by clicks; the player's own
decisions are sent through the board exactly as its clicks send them (board.apply / board.send),
chosen by the Easy player for the human's seat; the computers think in their worker threads while
the loop runs.  After `--turns` turns the window is closed (a QUIT event); a new program is
started, the title's "Continue last game" is clicked, and the script checks that the game comes
back with its seats, on the player's board, with no hand-off screen, and plays on.  A second part
stops the program with SIGTERM mid-turn and continues again.  FRIEDRICH is then played for `--turns`
turns by posted mouse events only (friedrich_by_events): the pieces dragged to the cities the door
lists, the cards clicked in the hand, the prompt's buttons and the dialogs' clicked.  Prints what it
saw; exit status 1 on any failure.  Runs headless (SDL_VIDEODRIVER=dummy) unless a display is set.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

FAILURES: list[str] = []


def check(ok: bool, what: str) -> None:
    print(("  ok   " if ok else "  FAIL ") + what)
    if not ok:
        FAILURES.append(what)


def new_app():
    from maria.ui.app import App
    from maria.ui.scenes import TitleScene
    from maria.ui.settings import Settings

    st = Settings()
    st.animation = "off"
    app = App(st, (1280, 720))
    app.push(TitleScene(app))
    app.run(max_frames=2)
    return app


def press(app, key, frames=3):
    b = app.top.button(key)
    assert b is not None and b.enabled, f"no button {key!r} on {type(app.top).__name__}"
    w = app.map.to_window(b.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=w))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=w))
    app.run(max_frames=frames)


def settle(app) -> None:
    from maria.ui.loading import LoadingScene

    for _ in range(50):
        loading = next((s for s in app.scenes if isinstance(s, LoadingScene)), None)
        if loading is None:
            return
        loading.finish()
        app.run(max_frames=2)


def human_turns(app, board, me: str, until_turn: int, player, frames_cap: int = 200000) -> None:
    """Run the loop; whenever the player's seat has a decision, make it as its clicks would."""
    from maria.players import decide
    from maria.games.maria.rules import door
    from maria.ui.overlays import HandoffScene

    s = board.session
    for _ in range(frames_cap):
        if door.is_over(s.state) or s.state["turn"] > until_turn:
            return
        assert not isinstance(app.top, HandoffScene), "a hand-off screen in a solo game"
        if app.top is board and me in s.active() and board.seat == me and board.acts and s.next_role(prefer=me) == me:
            board.apply(decide(s.state, me, player))
        app.run(max_frames=1)
        if s.thinker is not None:
            s.thinker.thread.join(10)


def maria_part(turns: int, seed: int, shots: Path | None) -> None:
    from maria.players import make_player
    from maria.record.saves import load_game
    from maria.ui.board_scene import BoardScene
    from maria.ui.overlays import HandoffScene
    from maria.ui.scenes import SetupScene
    from maria.ui.session import autosaves

    me = "maria_theresa"
    print(f"MARIA: a solo introductory game as Maria Theresa, seed {seed}, Frederick and Louis XV Hard")
    app = new_app()
    press(app, "new")
    check(isinstance(app.top, SetupScene), "the new-game screen opens")
    press(app, ("players", 3))
    for role in ("frederick", "louis_xv"):
        press(app, ("hard", role))
        check(
            app.top.seats[role].kind == "computer" and app.top.seats[role].level == "hard",
            f"{role} set to the Hard computer",
        )
    app.top.seed = seed
    press(app, "start")
    board = app.find(BoardScene)
    check(
        board is not None and not any(isinstance(x, HandoffScene) for x in app.scenes),
        "the game starts on her board, no hand-off",
    )
    s = board.session
    player = make_player("easy", seed)
    human_turns(app, board, me, turns, player)
    s.wait_autosave()
    check(len(autosaves()) == 1, f"one autosave while playing: {[p.name for p in autosaves()]}")
    check(
        bool(s.autosave_text() and s.autosave_text().startswith("Autosaved at")),
        f"the board says: {s.autosave_text()!r}",
    )
    if shots:
        from maria.ui.shots import save_frame

        save_frame(app, shots / "64-solo-turn-end.png")
    n, seats = len(s.record.actions), {r: (x.kind, x.level) for r, x in s.seats.items()}
    print(f"  played {n} actions to turn {s.state['turn']}; quitting with the window's close button")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(max_frames=2)
    check(not app.running, "the program ends")
    auto = autosaves()[0]
    check(len(load_game(auto).actions) == n, f"the autosave {auto.name!r} holds all {n} actions")
    # the next day: a new program, Continue last game
    app = new_app()
    press(app, "continue")
    settle(app)
    board = app.find(BoardScene)
    check(board is not None, "Continue last game opens the game")
    s = board.session
    check(not any(isinstance(x, HandoffScene) for x in app.scenes), "no 'Pass to ...' screen")
    check(board.seat == me, f"her board is shown (seated: {board.seat})")
    check({r: (x.kind, x.level) for r, x in s.seats.items()} == seats, f"the seats came back: {seats}")
    check(len(s.record.actions) == n, "the game is where it was")
    human_turns(app, board, me, s.state["turn"], make_player("easy", seed + 1))
    n2 = len(s.record.actions)
    check(n2 > n, f"the game goes on ({n2 - n} more actions)")
    # stopped by a signal mid-turn
    app.stop_on_signals()
    human_turns(app, board, me, s.state["turn"], make_player("easy", seed + 2), frames_cap=40)
    n3 = len(s.record.actions)
    os.kill(os.getpid(), signal.SIGTERM)
    app.run(max_frames=3)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    check(not app.running, "SIGTERM ends the program")
    check(len(load_game(autosaves()[0]).actions) == n3, "... after autosaving every action")
    app = new_app()
    press(app, "continue")
    settle(app)
    board = app.find(BoardScene)
    from maria.games.maria.rules import door

    if board is not None and door.is_over(board.session.state):
        print(f"  (the game ended before the signal: {door.result(board.session.state)['reason']})")
        board.seat = me  # a finished game shows the public board
    check(
        board is not None
        and board.seat == me
        and board.session.is_computer("louis_xv")
        and board.session.level_of("louis_xv") == "hard",
        f"continued again: her board, Louis XV Hard ({[getattr(x, 'text', type(x).__name__) for x in app.scenes]})",
    )
    if shots:
        from maria.ui.shots import save_frame

        save_frame(app, shots / "65-solo-continued.png")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(max_frames=2)


def friedrich_part(turns: int, seed: int) -> None:
    from maria.ui.board_scene import BoardScene
    from maria.ui.friedrich_setup import start
    from maria.ui.friedrich_session import ROLES, FSession
    from maria.ui.session import autosaves

    me = "frederick"
    print(f"FRIEDRICH: a solo game as Frederick, seed {seed}, the others Easy")
    app = new_app()
    s = FSession.new(3, seed, {r: {"kind": "human" if r == me else "computer", "level": "easy"} for r in ROLES[3]})
    board = start(app, s)
    from maria.players.friedrich import make_player

    me_player = make_player("easy", seed)
    for _ in range(100000):
        if s.state.get("result") is not None or s.state["turn"] > turns:
            break
        if me in s.active() and board.seat == me and app.top is board:
            board.send(
                me_player.decide(s.state, me)
                if hasattr(me_player, "decide")
                else __import__("maria.players.friedrich", fromlist=["decide"]).decide(s.state, me, me_player)
            )
        app.run(max_frames=1)
        if s.thinker is not None:
            s.thinker.thread.join(10)
    n = len(s.record.actions)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(max_frames=2)
    fr = autosaves("friedrich")
    check(len(fr) == 1, f"one FRIEDRICH autosave: {[p.name for p in fr]}")
    app = new_app()
    press(app, ("game", "friedrich"))
    press(app, "continue")
    settle(app)
    board = app.find(BoardScene)
    check(board is not None and len(board.session.record.actions) == n, f"continued at {n} actions")
    check(
        board is not None and board.seat == me and board.session.is_computer("maria_theresa"),
        "Frederick's board, the others still computers",
    )
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(max_frames=2)


def _click(app, pos, frames=2) -> None:
    w = app.map.to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=w))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=w))
    app.run(max_frames=frames)


def _drag(app, a, b, steps=8) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=app.map.to_window(a)))
    app.run(max_frames=1)
    for i in range(1, steps + 1):
        p = app.map.to_window((a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
        app.run(max_frames=1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=app.map.to_window(b)))
    app.run(max_frames=2)


def _friedrich_by_events(app, board, a: dict) -> str:
    """Make FRIEDRICH's decision `a` as a player's mouse would on the board screen; how it went."""
    from maria.ui import hand as HAND
    from maria.ui.friedrich_panels import AllocateDialog, ChoiceDialog, RecruitDialog, action_label

    card = a.get("card") or a.get("choice")
    template = next((x for x in board.legal if x["type"] == a["type"]), a)
    if a["type"] in ("allocate", "recruit"):  # the dialog the template's button opens
        _click(app, board.button_for(template).rect.center)
        how = "prompt button"
    elif a["type"] in ("play_card", "discard", "fate", "offensive_option") and card in [c for _, c in board.card_zones]:
        _click(app, HAND.zone_point(board.card_zones, card))
        how = "card clicked in the hand"
    elif a["type"] in ("step", "retreat", "attack") and board.map.visible(a["to"]) and board.button_for(a) is None:
        _click(app, board.map.to_screen(a["to"]))
        how = "city clicked on the map"
    elif board.button_for(a) is not None:
        _click(app, board.button_for(a).rect.center)
        how = "prompt button"
    else:
        _click(app, board.button(("act", "more")).rect.center)
        how = "More… and its choice"
    top = app.top
    if isinstance(top, ChoiceDialog):
        label = action_label(a, board.view, board.board)
        pick = next((b for b in top.buttons if b.label == label), None) or top.buttons[0]
        _click(app, pick.rect.center)
    elif isinstance(top, (AllocateDialog, RecruitDialog)):
        if isinstance(top, AllocateDialog):  # the player's numbers, by the − and + buttons
            for sign, key in ((-1, "minus"), (1, "plus")):
                for g, want in a["armies"].items():
                    while (top.counts[g] - want) * sign < 0 and top.button((key, g)).enabled:
                        _click(app, top.button((key, g)).rect.center, frames=1)
        else:  # §10: armies by +, each re-entry's city by cycling its button, the cards paid
            for g, want in a["armies"].items():
                while g in top.armies and top.armies[g] < want and top.button(("plus", g)).enabled:
                    _click(app, top.button(("plus", g)).rect.center, frames=1)
            for piece, city in a.get("enter", {}).items():
                for _ in range(len(top.action["entry"].get(piece, [])) + 1):
                    if top.enter.get(piece) == city:
                        break
                    _click(app, top.button(("enter", piece)).rect.center, frames=1)
            for c in a.get("cards", []):
                _click(app, top.button(("card", c)).rect.center, frames=1)
        _click(app, top.button("confirm").rect.center)
        if app.top is top:
            _click(app, top.button("cancel").rect.center)
            board.send(a)  # a proposal the rules refuse: the player's own numbers instead
            how += " (dialog's proposal refused; sent as chosen)"
        else:
            how += " and its dialog"
    return how


def friedrich_by_events(turns: int, seed: int) -> None:
    """FRIEDRICH as Frederick by posted mouse events only, the others Easy computers: each of his
    pieces that the door lets move is dragged to a city one of its whole moves ends in, then the
    movement is ended by its button; every other decision (the Easy player's choice) is a click on
    its card, its city or its prompt button, and a dialog's buttons."""
    import math
    import random
    from collections import Counter

    from maria.games.friedrich.rules import door as fdoor
    from maria.players.friedrich import decide, make_player
    from maria.ui.board_scene import BoardScene
    from maria.ui.friedrich_panels import FateScene
    from maria.ui.friedrich_session import ROLES, FSession
    from maria.ui.friedrich_setup import start

    me = "frederick"
    print(f"FRIEDRICH by mouse events: Frederick, seed {seed}, {turns} turns, the others Easy")
    app = new_app()
    s = FSession.new(3, seed, {r: {"kind": "human" if r == me else "computer", "level": "easy"} for r in ROLES[3]})
    board = start(app, s)
    check(type(board) is BoardScene, "FRIEDRICH on the one board screen (BoardScene)")
    player, rnd, how = make_player("easy", seed), random.Random(seed), Counter()
    dragged: set[str] = set()
    for _ in range(20000):
        if s.state.get("result") is not None or s.state["turn"] > turns:
            break
        if isinstance(app.top, FateScene):  # a Card of Fate drawn: read, OK
            _click(app, app.top.button("ok").rect.center)
            how["Card of Fate read, OK clicked"] += 1
            continue
        if not (app.top is board and me in s.active() and board.seat == me and board.legal):
            app.run(max_frames=1)
            if s.thinker is not None:
                s.thinker.thread.join(10)
            continue
        n, frame = len(s.record.actions), s.state["flow"][-1]["name"]
        lone = [
            x["pieces"]
            for x in board.legal
            if x["type"] == "move" and frame == "movement" and not dragged & set(x["pieces"])
        ]
        if lone:
            pieces = lone[0]
            dragged |= set(pieces)
            city = board._piece_city(pieces[0])
            disc = board.map.to_screen(city)
            stack = sorted(board.view["city_generals"].get(city) or [], key=lambda g: board.view["generals"][g]["rank"])
            if pieces[0] in stack:
                disc = (disc[0] + 13 + 15 * stack.index(pieces[0]), disc[1] - 14)
            else:
                disc = (disc[0] - 16, disc[1] - 13)  # a supply train's square
            ends = {
                m["path"][-1]
                for m in fdoor.whole_moves(s.state, me, pieces)
                if board.map.visible(m["path"][-1])
                and math.dist(board.map.to_screen(m["path"][-1]), disc) > 20  # a drag, not a click
            }
            if not ends:
                continue
            to = rnd.choice(sorted(ends))
            _drag(app, disc, board.map.to_screen(to))
            if app.top is not board and hasattr(app.top, "buttons"):  # "which way": the first
                _click(app, app.top.buttons[0].rect.center)
            done = len(s.record.actions) > n and s.record.actions[n]["action"].get("path", [None])[-1] == to
            how["piece dragged to a door-listed city" if done else "drag refused"] += 1
            if not done:
                print(f"  drag of {pieces} to {to} not made: {board.message}")
            continue
        if frame != "movement":
            dragged.clear()
        a = decide(s.state, me, player)
        how[_friedrich_by_events(app, board, a)] += 1
        if len(s.record.actions) == n:
            how["no action landed"] += 1
    for k, v in sorted(how.items()):
        print(f"  {v:4d}  {k}")
    check(how["piece dragged to a door-listed city"] > 0, "generals moved by drag")
    check(how["no action landed"] == 0 and how["drag refused"] == 0, "every event-made decision landed")
    check(s.state["turn"] > turns or s.state.get("result") is not None, f"played to turn {s.state['turn']}")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(max_frames=2)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=3)
    ap.add_argument("--seed", type=int, default=4242)
    ap.add_argument("--game", choices=("maria", "friedrich", "both"), default="both")
    ap.add_argument("--shots", type=Path, default=None, help="save screenshots of the board into DIR")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["MARIA_HOME"] = home  # the player's files, kept apart
        pygame.display.init()
        pygame.font.init()
        if args.game in ("maria", "both"):
            maria_part(args.turns, args.seed, args.shots)
        if args.game in ("friedrich", "both"):
            friedrich_part(2, args.seed)
            friedrich_by_events(args.turns, args.seed)
    print("failures:", len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
