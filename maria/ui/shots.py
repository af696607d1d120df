"""One frame of the program rendered headless to a PNG (docs/screenshots, --screenshot)."""

from __future__ import annotations

from pathlib import Path

import pygame

from maria.ui.app import App
from maria.ui.settings import Settings


def make_app(size=(1920, 1080)) -> App:
    if pygame.display.get_surface() is None or pygame.display.get_surface().get_size() != tuple(size):
        pygame.display.set_mode(size)
    app = App(Settings(), size)
    return app


def save_frame(app: App, out: Path) -> Path:
    app.render(force=True)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.window, str(out))
    return out


def screenshot(
    out: Path, size=(1920, 1080), load: str | None = None, scene: str | None = None, hover: str | None = None
) -> Path:
    from maria.ui import overlays as O, scenes as S
    from maria.ui.board_scene import BoardScene
    from maria.ui.session import Session

    app = make_app(size)
    app.push(S.TitleScene(app))
    scene = scene or "board"
    if scene == "setup":
        app.push(S.SetupScene(app))
    elif scene == "settings":
        app.push(O.SettingsScene(app))
    elif scene == "rules":
        app.push(O.RulesScene(app, "R10.5"))
    elif scene == "board":
        if load:
            from maria.ui.session import SaveError

            try:
                session = Session.load(load)
            except SaveError as exc:
                raise ValueError(str(exc)) from None
        else:
            session = Session.new("intro", 3, 0)
        b = app.push(BoardScene(app, session))
        if hover:
            if hover not in app.get_board().cities:
                raise ValueError(f"unknown city '{hover}'")
            b.hover_city = hover
            b.view.centre_on(b._city_px[hover])
            b.map_dirty = True
    elif scene in ("battle-card", "large-hand"):
        session = None
        if load:
            from maria.ui.session import SaveError

            try:
                session = Session.load(load)
            except SaveError as exc:
                raise ValueError(str(exc)) from None
        if scene == "battle-card":
            battle_card_frame(app, session)
        else:
            large_hand_frame(app, session)
    elif scene != "title":
        raise ValueError(f"unknown scene {scene!r}")
    return save_frame(app, out)


def _combat_session(seed: int = 3):
    """A deterministic combat (seed 3: Austria attacks Prussia at Neumarkt)."""
    import sys
    from maria.ui.moves import reach

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tests.ui.test_play import _position_before_contact

    session, gid, target = _position_before_contact(seed)
    path = reach(session.state, gid, ("normal",)).options(target)[0][1]
    session.apply("maria_theresa", {"type": "move", "piece": gid, "path": path, "force_march": False})
    session.apply("maria_theresa", {"type": "done"})
    return session


def battle_card_frame(app: App, session=None, progress: float = 0.45):
    """The combat panel with a computer's card in flight into its slot (docs 32-…): two cards are
    down already, the side with the right (a computer) plays the next one; a human watches."""
    from maria.games.maria.rules import door
    from maria.ui.board_scene import BoardScene

    session = session or _combat_session()
    st = session.state
    if st["flow"][-1]["name"] != "combat":
        raise ValueError("battle-card: the game must be in a combat")

    def card_play(state):
        role = door.active_roles(state)[0]
        acts = [a for a in door.legal_actions(state, role) if a["type"] == "play_card"]
        plain = [a for a in acts if "value" not in a]
        return role, (plain or acts or [None])[0]

    while len(session.state["flow"][-1]["played"]) < 2:
        role, a = card_play(session.state)
        if a is None:
            break
        session.apply(role, a)
    role, a = card_play(session.state)
    if a is None:
        raise ValueError("battle-card: nobody can play a card in this combat")
    f = session.state["flow"][-1]
    other = f["def_power" if f["right"] == "att" else "att_power"]
    watcher = next((r for r, ps in session.state["roles"].items() if other in ps), "observer")
    session.set_seat(role, "computer", "easy")
    app.scenes = app.scenes[:1]
    b = app.push(BoardScene(app, session))
    b.seat = watcher
    b.refresh()
    app.render(force=True)  # lays out "Hands and troops" (the card's origin)
    before = session.state
    session.apply(role, a)
    b._animate(before, role, a, b.pace())
    b.after_change()
    b._start_card_flight(role, None, len(before["log"]))
    fl = b.card_flight()
    if fl is not None:
        fl.t = fl.dur * progress
    return b


def large_hand_frame(app: App, session=None, cards: int = 24):
    """A hand bar with a very large hand (docs 33-…): the 2-player Coalition's four hands with
    `cards` cards for its largest hand, overlapping, the card under the mouse lifted."""
    from maria.games.maria.rules import cards as C
    from maria.ui.board_scene import BoardScene
    from maria.ui.session import Session

    if session is None:
        session = Session.load(Path(__file__).resolve().parents[2] / "saves" / "intro-2p-midgame.yaml")
    st = session.state
    role = session.next_role() or next(iter(st["roles"]))
    hands = st["cards"]["hands"]
    power = max(st["roles"][role], key=lambda p: len(hands.get(p, [])))
    held = {c for h in hands.values() for c in h}
    spare = [c for d in (*range(2, C.DECKS + 1), 1) for c in C.deck_cards(d) if c not in held]
    hands[power] = list(hands[power]) + spare[: max(0, cards - len(hands[power]))]
    app.scenes = app.scenes[:1]
    b = app.push(BoardScene(app, session))
    b.seat = role
    b.refresh()
    app.render(force=True)
    group = [c for _, c in b._card_zones if c in hands[power]]
    b.hover_card = group[len(group) // 2]
    b.hand_dirty = b.dirty = True
    return b


def feature_screens(outdir: Path, app: App | None = None) -> list[Path]:
    """32: a computer's card flying into the combat panel; 33: a very large hand, one card lifted."""
    outdir = Path(outdir)
    app = app or make_app()
    from maria.ui import scenes as S

    app.scenes = [S.TitleScene(app)]
    out = []
    battle_card_frame(app)
    out.append(save_frame(app, outdir / "32-battle-card-animation.png"))
    large_hand_frame(app)
    out.append(save_frame(app, outdir / "33-large-hand.png"))
    return out


def all_screens(outdir: Path) -> list[Path]:
    """Every screen of the program, headless, for docs/screenshots (deterministic positions)."""
    import sys
    from maria.games.maria.rules import door
    from maria.ui import game_menu as GM, overlays as O, scenes as S
    from maria.ui.board_scene import BoardScene
    from maria.ui.moves import reach
    from maria.ui.session import Session

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tests.ui.test_play import _position_before_contact

    outdir = Path(outdir)
    out = []
    app = make_app()
    app.push(S.TitleScene(app))
    out.append(save_frame(app, outdir / "01-title.png"))
    app.push(S.SetupScene(app))
    out.append(save_frame(app, outdir / "02-new-game.png"))
    app.pop()
    app.push(O.SettingsScene(app))
    out.append(save_frame(app, outdir / "03-settings.png"))
    app.pop()
    app.push(O.RulesScene(app, "R10.5"))
    out.append(save_frame(app, outdir / "04-rules.png"))
    app.pop()
    sess = Session.new("intro", 3, 0)
    b = app.push(BoardScene(app, sess))
    b.seat = "frederick"
    b.refresh()
    out.append(save_frame(app, outdir / "05-army-sheet.png"))
    app.push(O.HandoffScene(app, "louis_xv", b))
    out.append(save_frame(app, outdir / "06-handoff.png"))
    app.pop()
    # movement: a general picked up, reachable cities lit, a path drawn
    sess, gid, target = _position_before_contact(3)
    app.scenes = [app.scenes[0]]
    b = app.push(BoardScene(app, sess))
    b.seat = "maria_theresa"
    b.refresh()
    b.view.set_zoom(1.0)
    b.view.centre_on(b._city_px[sess.state["generals"][gid]["city"]])
    b.selected = gid
    b.reach = reach(sess.state, gid)
    b.map_dirty = True
    app.render(force=True)
    start = b._piece_rects[gid].center
    b.drag = {"piece": gid, "start": start, "pos": b.to_screen(target), "moved": True, "pan": False}
    b.hover_city = None
    out.append(save_frame(app, outdir / "07-drag-general.png"))
    b.drag = None
    b.refuse("A general moves 3 cities, 4 only if the whole move is on main roads.")
    b.hover_city = target
    out.append(save_frame(app, outdir / "08-refused-move-and-city-info.png"))
    b.message = ""
    b.hover_city = None
    path = reach(sess.state, gid, ("normal",)).options(target)[0][1]
    sess.apply("maria_theresa", {"type": "move", "piece": gid, "path": path, "force_march": False})
    sess.apply("maria_theresa", {"type": "done"})
    b.refresh()
    b.view.centre_on(b._city_px[target])
    b.map_dirty = True
    out.append(save_frame(app, outdir / "09-combat.png"))
    sess.apply("maria_theresa", {"type": "accept_defeat"})
    b.seat = "frederick"
    b.refresh()
    acts = [a for a in b.acts if a["type"] == "retreat"]
    b.hover_city = acts[0]["path"][-1]
    out.append(save_frame(app, outdir / "10-retreat.png"))
    b.hover_city = None
    lst = app.push(O.SaveLoadScene(app, "load", b))
    while lst.reading():  # the listing and the previews arrive off the window's thread
        lst.index.wait()
        lst.update(0.0)
    out.append(save_frame(app, outdir / "11-load.png"))
    app.pop()
    app.push(O.MessageScene(app, "This game cannot be loaded", "broken.yaml is damaged: it is not a MARIA save file."))
    out.append(save_frame(app, outdir / "12-corrupt-save.png"))
    app.pop()
    # a whole game by random play for the game-over chart
    from maria.engine import rng
    from maria.players import random_moves

    g = Session.new("intro", 3, 2)
    ch = {"rng": rng.seed_state(9)}
    while not door.is_over(g.state):
        r = door.active_roles(g.state)[0]
        g.apply(r, random_moves.random_action(g.state, r, ch))
    app.scenes = [app.scenes[0]]
    gb = app.push(BoardScene(app, g))
    app.push(GM.GameOverScene(app, gb))
    out.append(save_frame(app, outdir / "13-game-over.png"))
    app.pop()
    out.append(save_frame(app, outdir / "14-board-end-of-game.png"))
    out += advanced_screens(outdir, app)
    out += feature_screens(outdir, app)
    return out


def advanced_screens(outdir: Path, app: App | None = None) -> list[Path]:
    """The advanced game's screens (20-…): set-up, political stage, execution, election, victory
    display with pools and off-map boxes, the political display, notes, the game-over screen."""
    from maria.players import random_moves
    from maria.games.maria.rules import door
    from maria.engine import rng
    from maria.ui import game_menu as GM, scenes as S
    from maria.ui.board_scene import BoardScene
    from maria.ui.session import Seat, Session

    outdir = Path(outdir)
    app = app or make_app()
    app.settings.handoff_screens = False
    app.scenes = [S.TitleScene(app)]
    out = []
    setup = app.push(S.SetupScene(app))
    setup.variant = "advanced"
    setup.seed = 7
    setup.layout()
    out.append(save_frame(app, outdir / "20-new-advanced-game.png"))
    app.pop()
    s = Session.new("advanced", 3, 5)
    ch = {"rng": rng.seed_state(3)}

    def until(pred, limit=8000):
        for _ in range(limit):
            st = s.state
            if pred(st) or door.is_over(st):
                return pred(st)
            r = door.active_roles(st)[0]
            a = random_moves.random_action(st, r, ch)
            if a["type"] == "undo":
                a = next(x for x in door.legal_actions(st, r) if x["type"] != "undo")
                if any(v == "choose" for v in a.values()):
                    a = random_moves.fill(a, st, ch)
            s.apply(r, a)
        return False

    def frame(st):
        return st["flow"][-1]

    b = app.push(BoardScene(app, s))

    def shot(name, panel=None):
        b.seat = (door.active_roles(s.state) or ["observer"])[0]
        b.panel = panel
        b.refresh()
        out.append(save_frame(app, outdir / name))
        b.panel = None

    if until(lambda st: frame(st)["name"] in ("diplomacy", "politics")) and frame(s.state)["name"] == "diplomacy":
        shot("30-subsidy-contracts.png")
    until(lambda st: frame(st)["name"] == "politics" and frame(st).get("step") == "place")
    shot("21-political-stage-place.png")
    until(
        lambda st: (
            frame(st)["name"] == "politics"
            and frame(st).get("step") == "select"
            and any(a["type"] == "select" for a in door.legal_actions(st, door.active_roles(st)[0]))
        )
    )
    shot("22-political-stage-select.png")
    until(lambda st: frame(st)["name"] == "pol_exec")
    shot("23-political-card-execution.png")
    until(lambda st: frame(st)["name"] == "election")
    shot("24-imperial-election.png")
    shot("25-victory-display-pools-offmap.png", "victory")
    shot("26-political-display.png", "politics")
    s.add_note("Maria Theresa", "Proposal: no Austrian attack on Saxony this turn if Frederick leaves Glatz alone.")
    s.add_note("Frederick", "Agreed — until the winter.")
    b.panel = "notes"
    b.note_focus = True
    b.note_draft = "And France?"
    b.seat = (door.active_roles(s.state) or ["observer"])[0]
    b.refresh()
    out.append(save_frame(app, outdir / "27-shared-notes.png"))
    b.panel, b.note_focus, b.note_draft = None, False, ""
    until(lambda st: frame(st)["name"] == "movement_phase" and st["turn"] >= 5)
    b.seat = door.active_roles(s.state)[0]
    b.refresh()
    out.append(save_frame(app, outdir / "28-advanced-board.png"))
    g = Session.new("advanced", 3, 7, [Seat(r, "computer", "random") for r in door.ROLES[3]])
    while not door.is_over(g.state):
        g.computer_step(door.active_roles(g.state)[0])
    app.scenes = [app.scenes[0]]
    gb = app.push(BoardScene(app, g))
    app.push(GM.GameOverScene(app, gb))
    out.append(save_frame(app, outdir / "29-advanced-game-over.png"))
    return out


def seat_screens(outdir: Path, app: App | None = None) -> list[Path]:
    """60: a solo game's board, saying when it was last autosaved; 61: the game menu; 62: the Seats
    screen (who plays each role, changed at any time); 63: FRIEDRICH's board with its Seats screen."""
    import time

    from maria.games.maria.rules import door
    from maria.ui import scenes as S
    from maria.ui.board_scene import BoardScene
    from maria.ui.game_menu import GameMenuScene
    from maria.ui.seats_scene import SeatsScene
    from maria.ui.session import Seat, Session

    outdir = Path(outdir)
    app = app or make_app()
    app.scenes = [S.TitleScene(app)]
    seats = [Seat(r, "human") if r == "maria_theresa" else Seat(r, "computer", "hard") for r in door.ROLES[3]]
    s = Session.new("intro", 3, 11, seats)
    for _ in range(400):  # the computers' first stages, up to her decision
        act = s.active()
        if not act or ("maria_theresa" in act and s.state["stage"] == "austria"):
            break
        s.computer_step(act[0])
    s.autosaves_enabled = False  # a picture: nothing written
    s._had_human = True
    s.autosaved_at = time.mktime((2026, 12, 1, 19, 42, 0, 0, 0, -1))
    board = BoardScene(app, s)
    app.push(board)
    board.seat = "maria_theresa"
    board.refresh()
    s.autosaves_enabled = True
    out = [save_frame(app, outdir / "60-solo-board-autosaved.png")]
    app.push(GameMenuScene(app, board))
    out.append(save_frame(app, outdir / "61-game-menu.png"))
    app.pop()
    app.push(SeatsScene(app, board, ("random", "easy", "normal", "hard")))
    out.append(save_frame(app, outdir / "62-seats.png"))
    from maria.ui.board_scene import BoardScene
    from maria.ui.friedrich_presenter import shipped_board
    from maria.ui.friedrich_session import ROLES, FSession, role_label

    shipped_board()
    f = FSession.new(
        3, 5, {r: {"kind": "human" if r == "frederick" else "computer", "level": "easy"} for r in ROLES[3]}
    )
    f.autosaved_at = s.autosaved_at
    app.scenes = [S.TitleScene(app)]
    fb = app.push(BoardScene(app, f))
    fb.after_change()
    app.push(SeatsScene(app, fb, ("random", "easy", "normal", "hard"), role_label))
    out.append(save_frame(app, outdir / "63-friedrich-seats.png"))
    return out
