"""The table feels finished: the route question only when the routes differ, a battle's result
that stays, saving in one action, the new-game screen remembering, Esc and Load in a paused demo,
one way to leave for the title (through the real loop, events posted)."""

from __future__ import annotations

import pygame

from maria.games.maria.rules import door

from tests.ui.positions import play_until
from tests.ui.test_play import _open


def _frederick_from_glogau():
    """Seeded random play to Frederick's movement phase with Friedrich in Glogau, his own fortress,
    able to reach Grünberg by a normal move and by a force march over the same road."""

    def found(st, role):
        return (
            st["flow"][-1]["name"] == "movement_phase"
            and role == "frederick"
            and st["generals"]["friedrich"]["city"] == "glogau"
            and any(a["type"] == "move" and a["piece"] == "friedrich" for a in door.legal_actions(st, role))
        )

    return play_until(found, 0, limit=400, what="Friedrich in Glogau")[0]


def test_R10_5_a_move_out_of_the_movers_own_fortress_asks_no_route_question(ui):
    session = _frederick_from_glogau()
    path = ["glogau", "neusalz", "gruenberg"]
    # the engine: over that road both ways leave the same position (nothing to conquer in Glogau)
    st = session.state
    normal, force = (
        {
            k: v
            for k, v in door.look_ahead(
                st, "frederick", {"type": "move", "piece": "friedrich", "path": path, "force_march": fm}
            ).items()
            if k not in ("log", "undo")
        }
        for fm in (False, True)
    )
    assert normal == force
    board = _open(ui, session, "frederick")
    board.view.centre_on(board._city_px["glogau"])
    board.map_dirty = board.dirty = True
    ui.frames(2)
    n = len(session.record.actions)
    ui.drag(board._piece_rects["friedrich"].center, board.to_screen("gruenberg"))
    assert board.path_choice is None, f"the route question was asked: {board.path_choice}"
    act = session.record.actions[n]["action"]
    assert act["type"] == "move" and act["path"][-1] == "gruenberg" and not act["force_march"]


def test_saving_is_one_action_under_a_proposed_name_with_a_quiet_confirmation(ui):
    from maria.ui.board_scene import BoardScene
    from maria.ui.overlays import MessageScene
    from maria.ui.save_load import SaveLoadScene
    from maria.ui.session import Session
    from maria.ui.settings import saves_dir

    board = BoardScene(ui.app, Session.new("intro", 3, 0))
    ui.app.scenes = [ui.app.scenes[0], board]
    ui.frames(2)
    ui.press("save", scene=board)
    assert isinstance(ui.top, SaveLoadScene) and ui.top.name == "Introductory turn 1"
    ui.key(pygame.K_RETURN)  # the one action: Enter (or the Save button)
    assert (saves_dir() / "Introductory turn 1.yaml").exists()
    assert ui.top is board and not any(isinstance(s, MessageScene) for s in ui.app.scenes)
    assert board.notice and board.notice["text"] == "Saved as Introductory turn 1"
    assert board.notice_rect() is not None
    # the proposed name never overwrites another save; typing replaces it at once (it is selected)
    ui.press("save", scene=board)
    assert ui.top.name == "Introductory turn 1 2"
    ui.type("Before Prag")
    assert ui.top.name == "Before Prag"
    ui.key(pygame.K_BACKSPACE)
    assert ui.top.name == "Before Pra"  # then it edits as usual
    ui.press("do_save")
    assert (saves_dir() / "Before Pra.yaml").exists() and ui.top is board
    # the confirmation goes by itself
    for _ in range(5 * 60):
        ui.app.step(1 / 60)
    assert board.notice is None


def test_friedrich_saves_in_one_action_too(ui):
    from maria.ui.overlays import MessageScene
    from maria.ui.settings import saves_dir
    from tests.ui import friedrich_helpers as F

    board = F.open_board(ui, F.session())
    ui.press("save", scene=board)
    assert ui.top.name == "FRIEDRICH turn 1"
    ui.key(pygame.K_RETURN)
    assert (saves_dir() / "FRIEDRICH turn 1.yaml").exists()
    assert ui.top is board and not any(isinstance(s, MessageScene) for s in ui.app.scenes)
    assert board.notice["text"] == "Saved as FRIEDRICH turn 1"


def _back_to_title(ui):
    ui.app.scenes = [ui.app.scenes[0]]
    ui.app.top.on_top()
    ui.frames(2)


def test_the_new_game_screen_offers_the_last_choices_again(ui):
    from maria.ui.scenes import SetupScene
    from maria.ui.settings import Settings

    ui.press("new")
    assert isinstance(ui.top, SetupScene)
    ui.press("advanced")
    ui.press(("players", 2))
    ui.press(("hard", "coalition"))
    ui.press("start")
    _back_to_title(ui)
    ui.press("new")
    setup = ui.top
    assert setup.variant == "advanced" and setup.players == 2
    assert setup.seats["coalition"].kind == "computer" and setup.seats["coalition"].level == "hard"
    assert setup.seats["maria_theresa"].kind == "human"
    assert setup.button(("hard", "coalition")).selected
    # in the settings file: the next start of the program offers them too
    assert Settings.load().new_game["maria"]["players"] == 2
    # a remembered choice that makes no sense (an edited file) is ignored, the rest kept
    _back_to_title(ui)
    ui.app.settings.new_game = {
        "maria": {"players": 7, "variant": "advanced", "seats": {"coalition": {"kind": "robot"}}}
    }
    ui.press("new")
    assert ui.top.players == 3 and ui.top.variant == "advanced"
    assert all(seat.kind == "human" for seat in ui.top.seats.values())


def test_friedrich_new_game_screen_offers_the_last_choices_again(ui):
    from maria.ui.friedrich_setup import FSetupScene

    ui.press(("game", "friedrich"))
    ui.press("new")
    assert isinstance(ui.top, FSetupScene)
    ui.press(("players", 3))
    level = ui.top.levels[-1]
    key = ("computer", "frederick") if len(ui.top.levels) == 1 else (level, "frederick")
    ui.press(key)
    ui.press(("option", "east_prussia"))
    ui.press("start")
    _back_to_title(ui)
    ui.press("new")
    setup = ui.top
    assert setup.players == 3 and setup.seats["frederick"] == {"kind": "computer", "level": level}
    assert setup.options["east_prussia"] is True


def test_leaving_a_maria_game_for_the_title_asks_first_as_friedrich_does(ui):
    from maria.ui.game_menu import GameMenuScene, LeaveGameScene
    from maria.ui.save_load import SaveLoadScene
    from tests.ui.test_nothing_lost import _louis_first_move

    board = _open(ui, _louis_first_move(), "louis_xv")
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, GameMenuScene)
    ui.press("title")
    assert isinstance(ui.top, LeaveGameScene), "the game was left without a question"
    ui.press("stay")
    assert ui.top is board
    ui.key(pygame.K_ESCAPE)
    ui.press("title")
    ui.press("save")  # "Save first": the save screen, then back
    assert isinstance(ui.top, SaveLoadScene)
    ui.key(pygame.K_RETURN)
    assert ui.top is board and board.notice
    ui.key(pygame.K_ESCAPE)
    ui.press("title")
    ui.press("leave")
    assert type(ui.top).__name__ == "TitleScene"
    # a paused demo leaves at once: nobody's game
    from maria.ui.demo import start_demo

    demo = start_demo(ui.app, seed=3)
    ui.frames(3)
    ui.key(pygame.K_SPACE, " ")
    assert demo.demo.paused
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, GameMenuScene)
    ui.key(pygame.K_ESCAPE)
    assert ui.top is demo and demo.demo.paused
    ui.press("load", scene=demo)  # Load works in a paused demo too
    assert isinstance(ui.top, SaveLoadScene) and ui.top.mode == "load"
    ui.key(pygame.K_ESCAPE)
    assert ui.top is demo
    ui.key(pygame.K_ESCAPE)
    ui.press("title")
    assert type(ui.top).__name__ == "TitleScene"


def _scores(texts, powers):
    """(points, power) of every "score ±n for <power>" among `texts`, as the attacker's score."""
    import re
    from maria.ui.session import power_name

    names = {power_name(p): p for p in powers}
    out = []
    for t in texts:
        for m in re.finditer(r"[Ss]core ([+\-−]?\d+)(?: for ([A-Z][\w ]+?))?(?=[.,;:—]|$| —| \(|, )", t):
            n = int(m.group(1).replace("−", "-"))
            who = m.group(2)
            assert n == 0 or who in names, f"a score not named for a power: {t!r}"
            out.append(0 if n == 0 else (n if names[who] == powers[0] else -n))
    return out


def test_the_combat_panel_words_the_score_as_the_log_does(ui, monkeypatch):
    from maria.ui import widgets as W
    from tests.ui.test_battle_animation import _combat

    session = _combat()
    board = _open(ui, session, "maria_theresa")
    f = session.state["flow"][-1]
    powers = (f["att_power"], f["def_power"])
    card = next(a["card"] for a in board.acts if a["type"] == "play_card" and "value" not in a)
    ui.click(board.card_point(card))
    f = session.state["flow"][-1]
    assert f["name"] == "combat"
    drawn = []
    real = W.blit_text
    monkeypatch.setattr(W, "blit_text", lambda surf, text, *a, **k: drawn.append(text) or real(surf, text, *a, **k))
    board.static_dirty = board.dirty = True
    board.draw(ui.app.canvas)  # (the next player's hand-off screen is on top)
    panel = [t for t in drawn if t.lower().startswith("score")]
    assert panel, "no score on the combat panel"
    log = session.state["log"][-1]["text"]
    assert _scores(panel, powers) == _scores([log], powers) == [f["score"]]


def test_a_battles_result_stays_on_the_board_until_it_is_put_away(ui):
    from tests.ui.test_battle_animation import _combat

    session = _combat()
    board = _open(ui, session, "maria_theresa")
    ui.press("accept_defeat", scene=board)
    ui.press("confirm_yes", scene=board)  # Austria gives up the battle
    while ui.top is not board:  # Frederick's seat, if a hand-off asks
        ui.top.back() if not hasattr(ui.top, "ready") else ui.top.ready()
        ui.frames(2)
    assert board.frame["name"] == "retreat"
    shown = board.battle_shown()
    assert shown is not None and shown["title"] == "Battle at Neumarkt"
    text = " ".join(shown["lines"])
    assert "attacks" in text and "Final score" in text and "defeated and loses 2 troops" in text
    assert board.button("close_battle") is not None
    rect = board.battle_rect(shown)  # never over a city to click for the retreat
    assert not [c for c in board.lit() if rect.collidepoint(board.to_screen(c))]
    # the retreat is chosen: the result stays, and now says where they went
    a = board._acts("retreat")[0]
    ui.click(board.to_screen(a["path"][-1]))
    assert board.frame["name"] != "retreat"
    for _ in range(60):
        ui.app.step(1 / 60)  # time passes: it stays
    shown = board.battle_shown()
    assert shown is not None and "retreats the defeated general" in " ".join(shown["lines"])
    ui.press("close_battle", scene=board)
    assert board.battle_shown() is None and board.button("close_battle") is None


def test_friedrich_offers_each_reserve_value_once_with_two_reserves_in_hand(ui):
    from tests.ui import friedrich_helpers as F
    from tests.friedrich.conftest import armies, hand, put

    s = F.advance(F.session(), F.frederick_moves)
    # Friedrich (2) next to Daun (5) at Prussia's movement: Prussia attacks at -3 holding two Reserves
    for pid in list(s.state["generals"]) + list(s.state["trains"]):
        put(s.state, **{pid: None})
    put(s.state, friedrich="dresden", daun="pirna")
    armies(s.state, friedrich=2, daun=5)
    for n in s.state["cards"]["hands"]:
        s.state["cards"]["hands"][n] = [c for c in s.state["cards"]["hands"][n] if ":R" not in c]
    hand(s.state, "prussia", ["1:R1", "1:R2"])
    s.apply("frederick", {"type": "end_movement"})
    s.apply("frederick", {"type": "attack", "from": "dresden", "to": "pirna"})
    assert sum(1 for c in s.state["cards"]["hands"]["prussia"] if ":R" in c) == 2  # two Reserves in hand
    board = F.open_board(ui, s)
    assert sum(1 for a in s.legal("frederick") if a["type"] == "play_card" and "value" in a) > 10
    ui.press(("act", "reserve"), scene=board)
    labels = [b.label for b in ui.top.buttons if isinstance(b.key, tuple) and b.key[0] == "choice"]
    assert labels and len(labels) == len(set(labels)), labels
    assert "Reserve as 1" in labels and "Reserve as 10" in labels
    # nor does a Reserve fall into the prompt's own buttons, where each card shows once
    assert not [b for b in board.buttons if b.label.startswith("Reserve as")]
    plays = [b.label for b in board.buttons if b.label.startswith("Play ")]
    assert plays and len(plays) == len(set(plays)), plays


def test_the_header_ends_before_the_top_buttons_in_the_advanced_game(ui):
    from maria.ui.board_scene import BoardScene
    from maria.ui.session import Session

    board = BoardScene(ui.app, Session.new("advanced", 3, 0))
    board.seat = "maria_theresa"
    board.refresh()
    ui.app.settings.handoff_screens = False
    ui.app.scenes = [ui.app.scenes[0], board]
    ui.frames(2)
    board.static_dirty = board.dirty = True
    ui.app.render(force=True)
    first = min(b.rect.x for b in board.buttons if b.rect.y < 52)
    assert board.header_drawn.right < first, (board.header_drawn, first)
    assert "Seated: Maria Theresa" in [t for t, *_ in board.header_parts()]
    # the phases read as words ("Tactical Cards", not "Tc")
    board.v = dict(board.v, phase="tc", stage="france+bavaria")
    assert "France + Bavaria — Tactical Cards" in [t for t, *_ in board.header_parts()]


def test_friedrich_header_names_what_there_is(ui):
    from tests.ui import friedrich_helpers as F

    board = F.open_board(ui, F.session())
    assert board.header_text() == "FRIEDRICH · turn 1 · set-up"
