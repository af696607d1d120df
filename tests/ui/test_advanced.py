"""The advanced game through the real UI loop: the set-up scene, a political stage (place a TC,
select a card, execute it), the imperial election's vote, the panels, the shared notes saved
beside the game, and a whole advanced game with computer seats up to the winter scores."""

from __future__ import annotations

import pygame
import pytest

from maria.games.maria.rules import cards as C
from maria.games.maria.rules import door
from maria.engine import rng
from maria.games.maria.rules.advanced import poldata
from maria.lab import selfplay
from maria.ui.board_scene import BoardScene
from maria.ui.scenes import SetupScene
from maria.ui.game_menu import GameOverScene
from maria.ui.session import Session, load_notes, notes_path

from tests.ui.test_play import _open, _ready


def _board(ui) -> BoardScene:
    _ready(ui)
    return ui.app.find(BoardScene)


def _press_label(ui, board, prefix: str):
    board.build_buttons()
    for b in board.buttons:
        if b.label.startswith(prefix) and b.enabled:
            ui.click(b.rect.center)
            return b.label
    raise AssertionError(f"no button starting {prefix!r}: {[b.label for b in board.buttons]}")


def _start_advanced(ui, seed: str, kinds=None):
    ui.press("new")
    assert isinstance(ui.top, SetupScene)
    ui.press("advanced")
    setup = ui.top
    assert setup.variant == "advanced" and setup.political_rule  # the optional rule: on by default
    ui.press("political_rule")
    assert not setup.political_rule
    ui.press("political_rule")
    ui.press(("players", 3))
    for role, key in (kinds or {}).items():
        ui.press((key, role))
    ui.type(seed)
    assert setup.seed == int(seed)
    ui.press("start")


def test_advanced_setup_and_a_political_stage(ui):
    _start_advanced(ui, "1")
    board = _board(ui)
    st = board.session.state
    assert st["variant"] == "advanced" and st["players"] == 3 and st["options"]["optional_political_rule"] is True
    assert board.button("politics") and board.button("victory") and board.button("notes")
    # both maps are in play: the view fits cities of the Flanders map too
    assert "bruessel" in board.info.playable or any(c in board.info.playable for c in ("lille", "gent"))
    for _ in range(10):  # every army sheet, through hand-offs
        board = _board(ui)
        if board.frame["name"] != "allocation":
            break
        ui.press("spread")
        ui.press("confirm")
    for _ in range(6):  # subsidy contracts (R20): none offered
        board = _board(ui)
        if board.frame["name"] != "diplomacy":
            break
        assert board._modal_rect() is not None
        _press_label(ui, board, "Done")
    board = _board(ui)
    assert board.frame["name"] == "politics" and board.frame.get("step") == "place"
    # the political stage's dialog shows the display and one button per choice
    assert board._dialog_actions() and board._modal_rect() is not None
    placed = None
    for _ in range(6):
        board = _board(ui)
        if board.frame.get("step") != "place":
            break
        power = board._acts("place")[0]["power"]
        trump = board.v["advanced"]["political"]["trump"]
        hand = board.v["hands"][power]
        arms = [c for c in board.v["advanced"]["political"]["faceup"] if power in poldata.cards()[c]["arms"]]
        good = [c for c in hand if C.is_reserve(c) or C.suit_of(c) == trump]
        if placed is None and good and arms:
            ui.click(board.card_point(good[0]))  # click the card in the hand
            placed = power
            assert board.v["advanced"]["political"]["display"][power]
        else:
            _press_label(ui, board, "Place no TC")
    assert placed is not None
    board = _board(ui)
    assert board.frame["name"] == "politics" and board.frame["step"] == "select"
    label = _press_label(ui, board, "Select ")
    board = _board(ui)
    assert board.frame["name"] == "pol_exec", board.frame
    assert any(b.label.startswith("Execute") for b in board.buttons)
    assert any(b.label == "Discard without effect" for b in board.buttons)
    _press_label(ui, board, "Execute")
    log = " ".join(e["text"] for e in board.session.state["log"])
    assert "executes" in log and label[len("Select ") :] in log
    # troops from the card (if any): the dialog takes them
    for _ in range(4):
        board = _board(ui)
        if board.frame["name"] != "pol_troops" or not board.recruit:
            break
        gid = next(
            g for g in board.recruit["assign"] if board.button(("plus", g)) and board.button(("plus", g)).enabled
        )
        ui.press(("plus", gid))
        ui.press("recruit")
    board = _board(ui)
    assert board.frame["name"] not in ("politics", "pol_exec")
    # the panels open and close
    ui.key(pygame.K_v, "v")
    assert board.panel == "victory"
    ui.key(pygame.K_p, "p")
    assert board.panel == "politics"
    ui.key(pygame.K_ESCAPE)
    assert board.panel is None


def _to_frame(session, name, seed=3, limit=6000):
    ch = {"rng": rng.seed_state(seed)}
    for _ in range(limit):
        st = session.state
        if st["flow"][-1]["name"] == name:
            return True
        if door.is_over(st):
            return False
        role = door.active_roles(st)[0]
        a = selfplay.random_action(st, role, ch)
        if a["type"] == "undo":
            a = next(x for x in door.legal_actions(st, role) if x["type"] != "undo")
            if any(v == "choose" for v in a.values()):
                a = selfplay.fill(a, st, ch)
        session.apply(role, a)
    return False


def test_the_imperial_election_vote(ui):
    for seed in (5, 1, 2, 3, 4, 6, 7):
        s = Session.new("advanced", 3, seed)
        if _to_frame(s, "election", seed):
            break
    else:
        raise AssertionError("no election reached")
    role = door.active_roles(s.state)[0]
    board = _open(ui, s, role)
    assert board.frame["name"] == "election"
    elector = board._acts("vote")[0]["elector"]
    assert board._modal_rect() is not None  # the Electoral College dialog
    name = board.board.cities[elector].name
    _press_label(ui, board, f"{name}'s vote for")
    assert any(f"{name} vote for" in e["text"] for e in s.state["log"])
    # votes continue (or the Emperor is elected); the college is kept in step on the board
    board = ui.app.find(BoardScene)
    for _ in range(12):
        if board.frame["name"] != "election" or not board._acts("vote"):
            break
        if board.seat not in door.active_roles(s.state):
            board.seat = door.active_roles(s.state)[0]
            board.refresh()
        _press_label(ui, board, board.board.cities[board._acts("vote")[0]["elector"]].name)
    if board.frame["name"] != "election":
        assert s.state["adv"]["emperor_elected"] in ("charles", "francis")


def test_notes_are_shared_and_saved_beside_the_game(ui, dirs):
    s = Session.new("advanced", 2, 3)
    board = _open(ui, s, door.active_roles(s.state)[0])
    ui.key(pygame.K_n, "n")
    assert board.panel == "notes" and board.note_focus
    ui.type("Truce on the Rhine")
    ui.press("add_note")
    assert s.notes and s.notes[-1]["text"] == "Truce on the Rhine"
    ui.key(pygame.K_ESCAPE)  # leaves the text box
    ui.key(pygame.K_ESCAPE)  # closes the panel
    assert board.panel is None
    path = dirs / "data" / "x.yaml"
    s.save(path)
    assert notes_path(path).exists() and load_notes(path)[0]["text"] == "Truce on the Rhine"
    again = Session.load(path)
    assert again.notes == s.notes
    assert not str(notes_path(path)).endswith(".yaml")  # never listed as a save


def test_unknown_frames_get_generic_buttons(ui):
    """Any frame the board does not know still offers its actions with readable labels."""
    s = Session.new("advanced", 3, 5)
    board = _open(ui, s, door.active_roles(s.state)[0])
    from maria.ui import advanced_ui as ADV

    v = board.v
    lab = ADV.action_label({"type": "peace_offer", "power": "prussia", "to": "austria"}, v, board.board)
    assert lab.startswith("Peace offer") and "Prussia" in lab and "Austria" in lab
    lab = ADV.action_label({"type": "subsidy_contract", "power": "france", "cards": "choose"}, v, board.board)
    assert "(choose…)" in lab
    board.frame = {"name": "treaty"}  # a frame this UI has never heard of
    board.alloc = board.recruit = None
    board.acts = [{"type": "treaty_answer", "accept": True}, {"type": "treaty_answer", "accept": False}]
    board.build_buttons()
    labels = [b.label for b in board.buttons]
    assert "Treaty answer: accept yes" in labels and "Treaty answer: accept no" in labels
    # many choices: the generic dialog lists them all
    board.acts = [{"type": "treaty_pick", "city": c} for c in ("wien", "prag", "berlin", "dresden", "muenchen")]
    assert board._dialog_actions() == board.acts and board._modal_rect() is not None
    board.build_buttons()
    assert any(b.label.startswith("Treaty pick: city ") for b in board.buttons), [b.label for b in board.buttons]
    # the engine's new frames have their own labels
    assert ADV.action_label({"type": "peace_answer", "accept": True}, v, board.board) == "Accept Prussia's peace"
    assert ADV.action_label(
        {"type": "offer_subsidy", "giver": "france", "recipient": "bavaria", "turns": 2}, v, board.board
    ).startswith("Offer: France pays Bavaria")


def test_the_advanced_game_through_its_first_winter_in_the_ui_loop(ui):
    """Turns 1-3, the winter and into turn 4 with computer seats through the real loop (the whole
    game: --runslow)."""
    roles = ("maria_theresa", "frederick", "louis_xv")
    _start_advanced(ui, "7", {r: "random" for r in roles})
    board = ui.app.find(BoardScene)
    assert board is not None and all(board.session.seats[r].level == "random" for r in roles)
    frames = 0
    while board.session.state["turn"] < 4 and not door.is_over(board.session.state) and frames < 30000:
        ui.frames(20)
        frames += 20
    st = board.session.state
    assert st["turn"] >= 4 or door.is_over(st), f"not past the first winter after {frames} frames"
    assert any(
        "winter" in str(e.get("stage", "")).lower() or "winter" in str(e.get("text", "")).lower() for e in st["log"]
    ), "the first winter was played"
    ui.app.render(force=True)


@pytest.mark.slow
def test_a_whole_advanced_game_through_the_ui_loop(ui):
    roles = ("maria_theresa", "frederick", "louis_xv")
    _start_advanced(ui, "7", {r: "random" for r in roles})
    board = ui.app.find(BoardScene)
    assert board is not None and all(board.session.seats[r].level == "random" for r in roles)
    frames = 0
    while not isinstance(ui.top, GameOverScene) and frames < 30000:
        ui.frames(20)
        frames += 20
    assert isinstance(ui.top, GameOverScene), f"no game over after {frames} frames"
    st = board.session.state
    assert door.is_over(st) and st["variant"] == "advanced"
    ws = board.v["advanced"]["winter_scores"]
    assert all(isinstance(x, list) for x in ws.values())  # revealed at the end
    assert any(ws.values()), "the game should have seen a winter"
    ui.app.render(force=True)
    assert len(board.session.record.actions) > 100


def _neutral_saxony_session():
    """An advanced game past the allocation, an Austrian general in Zittau, Saxony turned neutral
    (R19.3.3): the general must leave Saxony, Leipa and Reichenberg are equally near (RUL-A18)."""
    from maria.games.maria.rules import flow
    from maria.games.maria.rules.advanced import politics
    from maria.games.maria.rules.state import board_info, rebuild_index

    s = Session.new("advanced", 3, 1)
    ch = {"rng": rng.seed_state(7)}
    while s.state["flow"][-1]["name"] in ("allocation", "diplomacy"):
        st = s.state
        role = door.active_roles(st)[0]
        a = {"type": "done"} if st["flow"][-1]["name"] == "diplomacy" else door.legal_actions(st, role)[0]
        s.apply(role, selfplay.fill(a, st, ch) if any(v == "choose" for v in a.values()) else a)
    st = s.state
    st["generals"]["neipperg"]["city"] = "zittau"
    rebuild_index(st)
    info = board_info(st)
    politics.apply_shifts(st, info, {"saxony": 1})
    flow.run(st, info)
    return s


def test_R19_3_3_relocation_out_of_neutral_saxony_by_clicking_a_lit_city(ui):
    s = _neutral_saxony_session()
    assert s.state["flow"][-1]["name"] == "relocate" and door.active_roles(s.state) == ["maria_theresa"]
    board = _open(ui, s, "maria_theresa")
    assert board.v["advanced"]["neutral"] == ["saxony"]
    regions = board.neutral_regions()  # the hatched neutral overlay's cities
    assert "dresden" in regions["saxony"] and "zittau" in regions["saxony"] and "prag" not in regions["saxony"]
    lit = board.lit()
    assert {"reichenberg", "leipa"} <= set(lit) and "aussig" not in lit
    assert "neutral" in board.prompt_text().lower()
    board.view.centre_on(board._city_px["reichenberg"])
    board.map_dirty = True
    ui.frames(2)
    ui.click(board.to_screen("reichenberg"))
    assert s.state["generals"]["neipperg"]["city"] == "reichenberg"
    assert s.state["flow"][-1]["name"] != "relocate"


def test_R17_6_4_expedition_payment_chosen_in_the_hand(ui):
    """An off-board general for the expeditionary corps: Austria picks the 8 points in its hand."""
    from maria.games.maria.rules.advanced import politics
    from maria.games.maria.rules.state import board_info, rebuild_index

    s = _neutral_saxony_session()
    st = s.state
    st["flow"] = [f for f in st["flow"] if f["name"] != "relocate"]  # not this test's question
    g = st["generals"]["karl"]
    g["city"], g["troops"], g["face_up"], g["known"] = None, 0, True, None
    rebuild_index(st)
    hand = st["cards"]["hands"]["austria"]
    eight = next((c for c in hand if C.value_of(c) == 8 and not C.is_reserve(c)), None)
    if eight is None:  # make sure the hand holds an 8 and more
        eight = next(c for c in st["cards"]["draw"] if C.value_of(c) == 8 and not C.is_reserve(c))
        st["cards"]["draw"].remove(eight)
        hand.append(eight)
    politics.apply_shifts(st, board_info(st), {"italy": -(st["adv"]["tracks"]["italy"] - 1)})
    assert st["flow"][-1]["name"] == "expedition"
    board = _open(ui, s, "maria_theresa")
    _press_label(ui, board, "Send Karl")
    assert s.state["flow"][-1]["name"] == "pay" and board._paying() is not None
    assert "pays 8" in board.prompt_text()
    ui.click(board.card_point(eight))
    assert board.pay_sel == [eight]
    _press_label(ui, board, "Pay 8/8")
    assert s.state["generals"]["karl"]["city"] == "box:italien" and s.state["generals"]["karl"]["troops"] == 2
    assert eight not in s.state["cards"]["hands"]["austria"]
