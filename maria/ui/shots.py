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
    """A deterministic combat (seed 3: Austria attacks Prussia at Neumarkt): a 3-player introductory
    game played at random from `seed` up to an Austrian movement phase where a general can end next
    to an enemy, that move, and the phase's end."""
    from maria.engine import rng
    from maria.games.maria.rules import door
    from maria.players.random_moves import random_action
    from maria.ui.moves import reach
    from maria.ui.session import Session

    session = Session.new("intro", 3, seed)
    chooser = {"rng": rng.seed_state(seed)}
    for _ in range(3000):
        role = door.active_roles(session.state)[0]
        hit = _contact_move(session.state, role)
        if hit:
            break
        a = random_action(session.state, role, chooser)
        if a["type"] != "undo":
            session.apply(role, a)
    else:
        raise ValueError(f"no combat found in the game of seed {seed}")
    gid, target = hit
    path = reach(session.state, gid, ("normal",)).options(target)[0][1]
    session.apply("maria_theresa", {"type": "move", "piece": gid, "path": path, "force_march": False})
    session.apply("maria_theresa", {"type": "done"})
    return session


def _contact_move(st: dict, role: str):
    """(general, city): an Austrian move the door allows that ends beside an enemy, or None."""
    from maria.games.maria.rules import door, roles as R
    from maria.games.maria.rules.state import board_info
    from maria.ui.moves import reach

    if st["flow"][-1]["name"] != "movement_phase" or role != "maria_theresa":
        return None
    info = board_info(st)
    for a in door.legal_actions(st, role):
        if a["type"] != "move" or a["piece"] not in st["generals"]:
            continue
        for city in sorted(reach(st, a["piece"], ("normal",)).normal):
            if st["city_generals"].get(city):
                continue
            if any(
                R.enemies(st, st["generals"][o]["power"], "austria")
                for n in info.nbrs[city]
                for o in st["city_generals"].get(n, [])
            ):
                return a["piece"], city
    return None


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
