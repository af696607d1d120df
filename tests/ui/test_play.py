"""Play through the real event loop: new 3-player game, allocation, drags, a combat with a retreat,
save, quit, continue, a corrupt load."""

from __future__ import annotations

import pygame

from maria.games.maria.rules.state import board_info
from maria.ui.board_scene import BoardScene
from maria.ui.moves import reach
from maria.ui.scenes import SetupScene, TitleScene
from maria.ui.overlays import HandoffScene, MessageScene
from maria.ui.game_menu import GameOverScene
from maria.ui.save_load import SaveLoadScene
from maria.ui.session import Session
from tests.ui.positions import play_until


def _ready(ui):
    """Accept every hand-off screen in front of the board."""
    for _ in range(10):
        if isinstance(ui.top, HandoffScene):
            ui.press("ready")
        else:
            return


def test_new_three_player_game_and_secret_allocation(ui):
    ui.press("new")
    assert isinstance(ui.top, SetupScene)
    ui.press(("players", 3))
    ui.press("start")
    assert isinstance(ui.top, HandoffScene)  # nothing private before the player is seated
    first = ui.top.role
    _ready(ui)
    board = ui.top
    assert isinstance(board, BoardScene) and board.seat == first
    seen = set()
    for _ in range(8):
        _ready(ui)
        board = ui.app.find(BoardScene)
        if board.frame["name"] != "allocation":
            break
        assert board.alloc is not None
        power = board.alloc["power"]
        seen.add(power)
        # the army sheet only shows the seated player's own powers
        assert power in board.v["roles"][board.seat]
        complete = sum(board.alloc["troops"].values()) == board.alloc["template"]["total"]
        assert complete or not ui.top.button("confirm").enabled
        gid = next(iter(board.alloc["troops"]))
        before = board.alloc["troops"][gid]
        if ui.top.button(("plus", gid)).enabled:
            ui.press(("plus", gid))
            assert board.alloc["troops"][gid] == before + 1
        ui.press("spread")
        ui.press("confirm")
    assert seen == {"france", "bavaria", "prussia", "saxony", "austria"}
    board = ui.app.find(BoardScene)
    assert board.session.state["flow"][-1]["name"] != "allocation"
    for gid, g in board.session.state["generals"].items():
        if g["power"] in seen and g["in_play"] and g["city"]:
            assert 1 <= g["troops"] <= 8


def _position_before_contact(seed=0):
    """Seeded random play up to an Austrian movement phase where a general can reach contact (the
    contact test is the screenshot command's, maria.ui.shots)."""
    from maria.ui.shots import _contact_move

    s, (piece, city) = play_until(_contact_move, seed, what="contact position")
    return s, piece, city


def _open(ui, session, seat):
    board = BoardScene(ui.app, session)
    board.seat = seat
    board.refresh()
    ui.app.scenes = [ui.app.scenes[0], board]
    ui.frames(2)
    return board


def test_drag_to_a_legal_city_and_to_an_illegal_one(ui):
    session, gid, target = _position_before_contact(0)
    board = _open(ui, session, "maria_theresa")
    start = session.state["generals"][gid]["city"]
    # illegal: a city far away — the piece snaps back and the engine's reason is shown
    far = max(board_info(session.state).dist_from(start).items(), key=lambda kv: kv[1])[0]
    board.view.centre_on(board._city_px[start])
    board.map_dirty = board.dirty = True
    ui.frames(2)
    src = board._piece_rects[gid].center
    ui.drag(src, board.to_screen(far) if board.city_at(board.to_screen(far)) else (src[0] + 300, src[1] + 200))
    assert session.state["generals"][gid]["city"] == start
    assert board.message, "a refused move explains why"
    # wheel zoom and keyboard pan still work
    z = board.view.zoom
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0))
    ui.frames(2)
    assert board.view.zoom > z
    board.view.centre_on(board._city_px["prag"])  # room to pan on every side
    pan = (board.view.pan_x, board.view.pan_y)
    ui.key(pygame.K_DOWN)  # (the introductory board is Bohemia alone: taller than wide)
    assert (board.view.pan_x, board.view.pan_y) != pan
    board.view.centre_on(board._city_px[start])
    board.map_dirty = board.dirty = True
    ui.frames(2)
    # legal: drop on the reachable city
    src = board._piece_rects[gid].center
    ui.drag(src, board.to_screen(target))
    if board.path_choice:
        ui.press(("path", 0))
    assert session.state["generals"][gid]["city"] == target
    assert not board.message
    # undo is offered exactly when the engine offers it
    assert ui.top.button("undo").enabled == ({"type": "undo"} in board.acts)
    ui.press("undo")
    assert session.state["generals"][gid]["city"] == start
    # click-to-select, then click the city
    ui.click(board._piece_rects[gid].center)
    assert board.selected == gid and target in board.lit()
    ui.click(board.to_screen(target))
    if board.path_choice:
        ui.press(("path", 0))
    assert session.state["generals"][gid]["city"] == target


def test_combat_to_its_end_with_a_retreat(ui):
    session, gid, target = _position_before_contact(3)  # seed 3: the loser survives and retreats
    board = _open(ui, session, "maria_theresa")
    path = reach(session.state, gid, ("normal",)).options(target)[0][1]
    board.apply({"type": "move", "piece": gid, "path": path, "force_march": False})
    ui.press("done")
    if board.confirm:  # other generals could still move: asked first
        ui.press("confirm_yes")
    retreat_seen = False
    for _ in range(60):
        _ready(ui)
        if isinstance(ui.top, GameOverScene):
            break
        board = ui.app.find(BoardScene)
        name = board.frame["name"]
        if name == "combat":
            assert ui.top is board
            types = {a["type"] for a in board.acts}
            if "accept_defeat" in types:
                ui.press("accept_defeat")
                if board.confirm:  # giving up while a card could be played is asked first
                    ui.press("confirm_yes")
            elif "accept_tie" in types:
                ui.press("accept_tie")
            else:  # must play: click a legal card in the hand
                card = next(a["card"] for a in board.acts if a["type"] == "play_card")
                ui.click(board.card_point(card))
                if board.reserve_pick:
                    ui.press(("reserve", 1))
        elif name == "retreat":
            ends = [a["path"][-1] for a in board.acts if a["type"] == "retreat"]
            assert ends and set(ends) <= set(board.lit())
            moving = list(session.state["city_generals"][board.frame["city"]])
            end = ends[0]
            board.view.centre_on(board._city_px[end])
            board.map_dirty = board.dirty = True
            ui.frames(2)
            ui.click(board.to_screen(end))
            assert all(session.state["generals"][g]["city"] == end for g in moving)
            retreat_seen = True
        elif name == "combat_phase" and board.acts:
            a = next(a for a in board.acts if a["type"] == "attack")
            board.apply(a)
        else:
            break
    assert retreat_seen
    assert any("retreats" in e["text"] for e in session.state["log"])


def test_save_quit_continue_and_corrupt_load(ui, dirs):
    from maria.ui.settings import saves_dir

    session, gid, target = _position_before_contact(1)
    board = _open(ui, session, "maria_theresa")
    ui.key(pygame.K_s, "s", pygame.KMOD_CTRL)
    assert isinstance(ui.top, SaveLoadScene)
    ui.type("mygame")  # the proposed name is selected: replaced
    ui.key(pygame.K_RETURN)
    assert (saves_dir() / "mygame.yaml").exists()
    assert ui.top is board and board.notice["text"] == "Saved as mygame"  # quiet: nothing to click
    n_actions = len(session.record.actions)
    state = session.state
    # quit: autosave
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    ui.frames(2)
    assert not ui.app.running
    assert session.autosave_file is not None and session.autosave_file.exists()
    # a new program: Continue last game
    from maria.ui.app import App
    from maria.ui.settings import Settings

    app2 = App(Settings(), (1280, 720))
    app2.push(TitleScene(app2))
    from tests.ui.conftest import Driver

    ui2 = Driver(app2)
    ui2.frames(2)
    ui2.press("continue")
    ui2.settle()
    _ready(ui2)
    b2 = app2.find(BoardScene)
    assert b2 is not None, [getattr(x, "text", type(x).__name__) for x in app2.scenes]
    assert len(b2.session.record.actions) == n_actions
    assert b2.session.state["generals"] == state["generals"]
    # a corrupt file: a clear message, the game stays as it was
    (saves_dir() / "broken.yaml").write_text("format: maria-save\nactions: [[[\n: :", encoding="utf-8")
    before = b2.session.state
    ui2.press("load", scene=b2)
    assert isinstance(ui2.top, SaveLoadScene)
    ui2.press(("file", "broken.yaml"))
    ui2.settle()
    assert isinstance(ui2.top, MessageScene)
    assert "broken" in ui2.top.text
    ui2.press("ok")
    assert isinstance(ui2.top, SaveLoadScene)  # back on the list, to pick another save
    ui2.press("back")
    assert app2.find(BoardScene) is b2 and b2.session.state is before


def test_settings_persist(ui, dirs):
    from maria.ui.settings import Settings

    ui.press("settings")
    ui.press("animation")
    ui.press("handoff")
    ui.press("back")
    s = Settings.load()
    assert s.handoff_screens is False and s.animation != "off"


def test_computer_seats_play_on_their_own(ui):
    from maria.ui.session import Seat

    session = Session.new("intro", 2, 5, [Seat("coalition", "computer"), Seat("maria_theresa", "human")])
    board = _open(ui, session, "maria_theresa")
    # the human allocates; the computer acts without any input
    for _ in range(20):
        ui.frames(2)
        if board.alloc:
            board._spread_alloc()
            board._confirm_alloc()
    assert session.state["flow"][-1]["name"] != "allocation"
    assert board.seat == "maria_theresa"


def test_rules_panel_opens_on_f1_and_searches(ui):
    from maria.ui.overlays import RulesScene

    ui.key(pygame.K_F1)
    assert isinstance(ui.top, RulesScene)
    ui.type("force")
    assert ui.top.query == "force"
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, TitleScene)


def test_R23_1_R24_1_the_end_of_the_game_points_to_the_victory_rule_of_the_variant_played():
    """The prompt of a finished game cites the victory rule of its variant, and F1 finds it."""
    from maria.ui.rules_text import RULES, phase_rule

    assert phase_rule("game", "intro", 3) == "R14.3"
    assert phase_rule("game", "intro", 2) == "R24.1"
    assert phase_rule("game", "advanced", 3) == "R23.1"
    assert phase_rule("game", "advanced", 2) == "R23.1"
    assert phase_rule("movement_phase", "advanced", 3) == "R10.1"
    numbers = {r[0] for r in RULES}
    assert {"R14.3", "R23.1", "R24.1"} <= numbers
