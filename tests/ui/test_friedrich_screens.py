"""The FRIEDRICH board screen's other parts: moving by dragging, the army
allocation dialog, undo, the Card of Fate shown when drawn, the rules panel citing the 2005
sections (data in maria/games/friedrich/data/rules.yaml)."""

from __future__ import annotations

import pygame

from maria.ui.friedrich_panels import RULES_YAML, AllocateDialog, FateScene, FHandoffScene, FRulesScene
from tests.ui.friedrich_helpers import advance, frederick_moves, general_disc, open_board, session
from tests import yamlc


def test_a_general_moves_by_dragging_it_to_a_highlighted_city(ui):
    s = advance(session(), frederick_moves)
    board = open_board(ui, s)
    gid = next(
        a["pieces"][0]
        for a in board.legal
        if a["type"] == "move"
        and a["pieces"][0] in s.state["generals"]
        and len(a["pieces"]) == 1
        and len(s.state["city_generals"][s.state["generals"][a["pieces"][0]]["city"]]) == 1
    )
    # the destinations of a step are the door's: ask it without touching the board's game
    from maria.games.friedrich.rules import door

    probe = door.apply(s.state, "frederick", {"type": "move", "pieces": [gid]})
    to = next(a["to"] for a in door.legal_actions(probe, "frederick") if a["type"] == "step")
    ui.drag(general_disc(board, gid), board.map.to_screen(to))
    assert s.state["generals"][gid]["city"] == to


def test_allocation_through_its_dialog(ui):
    s = session(humans=("frederick",))
    board = open_board(ui, s)
    b = next(b for b in board.buttons if b.label.startswith("Allocate Hanover"))
    ui.click(b.rect.center)
    dlg = ui.top
    assert isinstance(dlg, AllocateDialog) and sum(dlg.counts.values()) == 12
    ui.press(("plus", "ferdinand"))
    assert not dlg.button("confirm").enabled  # 13 of 12: the total must be exact
    ui.press(("minus", "cumberland"))
    ui.press("confirm")
    assert ui.top is board and s.state["generals"]["ferdinand"]["armies"] == 7
    assert s.state["generals"]["cumberland"]["armies"] == 5


def test_undo_takes_back_a_move_the_door_offers_to_undo(ui):
    s = advance(session(), frederick_moves)
    board = open_board(ui, s)
    assert not board.button("undo").enabled
    gid = next(
        a["pieces"][0]
        for a in board.legal
        if a["type"] == "move" and len(a["pieces"]) == 1 and a["pieces"][0] in s.state["generals"]
    )
    before = s.state
    ui.click(general_disc(board, gid))
    assert s.state["flow"][-1]["name"] == "moving" and board.button("undo").enabled
    ui.press("undo", scene=board)
    assert s.state["flow"] == before["flow"] and s.state["generals"] == before["generals"]


def test_a_card_of_fate_is_shown_when_drawn_with_its_text(ui):
    s = advance(session(humans=("frederick",)), lambda s: s.state["turn"] == 6 and s.state["nation"] == "france")
    board = open_board(ui, s)
    advance(s, lambda s: s.state["fate"]["drawn"] >= 1)
    board.after_change()
    ui.frames(1)
    while isinstance(ui.top, FHandoffScene):
        ui.press("ready")
    assert isinstance(ui.top, FateScene)
    logged = next(e["text"] for e in reversed(s.state["log"]) if e["text"].startswith("The Clock of Fate: "))
    assert logged.endswith(ui.top.text)
    fate = yamlc.load(open("maria/games/friedrich/data/fate.yaml", encoding="utf-8"))
    texts = [c["text"] for c in fate["historical"].values()] + [c["spades"]["text"] for c in fate["numbered"].values()]
    assert any(ui.top.text.endswith(t) for t in texts)
    ui.press("ok")
    assert ui.top is board and board.fate_text() == ui.top.fate_text()


def test_f1_over_the_friedrich_board_opens_friedrichs_rules_by_section(ui):
    board = open_board(ui, session(humans=("frederick",)))
    ui.key(pygame.K_F1)
    assert isinstance(ui.top, FRulesScene)
    sections = yamlc.load(RULES_YAML.read_text(encoding="utf-8"))["sections"]
    assert [s["section"] for s in sections] == list(range(1, 14))  # §13: the advanced rules
    assert all(len(s["text"]) > 100 for s in sections)
    ui.key(pygame.K_ESCAPE)
    assert ui.top is board


def test_recruitment_through_its_dialog_the_door_refusing_then_accepting(ui):
    from maria.engine import deck
    from maria.ui.friedrich_panels import RecruitDialog

    s = advance(
        session(),
        lambda s: (
            "frederick" in s.active()
            and s.state["turn"] >= 3
            and any(a["type"] == "recruit" and a["room"] > 0 and a["generals"] for a in s.legal("frederick"))
        ),
    )
    board = open_board(ui, s)
    b = next(b for b in board.buttons if b.label.startswith("Recruit for Prussia"))
    ui.click(b.rect.center)
    dlg = ui.top
    assert isinstance(dlg, RecruitDialog)
    g = next(g for g, mx in sorted(dlg.action["generals"].items()) if mx > 0 and s.state["generals"][g]["city"])
    before = s.state["generals"][g]["armies"]
    ui.press(("plus", g))
    ui.press("confirm")  # nothing paid: the door says why, the dialog stays
    assert ui.top is dlg and "price" in dlg.error
    big = max((c for c in s.state["cards"]["hands"]["prussia"] if not deck.is_reserve(c)), key=deck.value_of)
    assert deck.value_of(big) >= 6
    ui.press(("card", big))
    ui.press("confirm")
    assert ui.top is board and s.state["generals"][g]["armies"] == before + 1
    assert big not in s.state["cards"]["hands"]["prussia"]


def test_zoom_and_pan_keep_clicks_on_their_cities(ui):
    s = advance(session(), frederick_moves)
    board = open_board(ui, s)
    fit = board.map.scale
    ui.press("zoom_in", scene=board)
    assert board.map.scale > fit
    ui.key(pygame.K_LEFT)
    gid = next(
        a["pieces"][0]
        for a in board.legal
        if a["type"] == "move"
        and len(a["pieces"]) == 1
        and a["pieces"][0] in s.state["generals"]
        and board.map.visible(s.state["generals"][a["pieces"][0]]["city"])
        and len(s.state["city_generals"][s.state["generals"][a["pieces"][0]]["city"]]) == 1
    )
    ui.click(general_disc(board, gid))
    assert s.state["flow"][-1]["name"] == "moving" and s.state["flow"][-1]["pieces"] == [gid]


def test_a_stacks_commander_moves_the_stack_a_lower_disc_that_general_alone(ui):
    s = advance(session(), frederick_moves)
    board = open_board(ui, s)
    city, stack = next(
        (c, gs)
        for c, gs in s.state["city_generals"].items()
        if len(gs) > 1 and s.state["generals"][gs[0]]["nation"] == "prussia"
    )
    order = sorted(stack, key=lambda g: s.state["generals"][g]["rank"])
    ui.click(general_disc(board, order[1]))
    assert s.state["flow"][-1]["pieces"] == [order[1]]
    ui.press("undo", scene=board)
    ui.click(general_disc(board, order[0]))
    assert sorted(s.state["flow"][-1]["pieces"]) == sorted(stack)


def test_leaving_a_game_asks_first(ui):
    from maria.ui.friedrich_panels import LeaveScene

    s = advance(session(), frederick_moves)
    board = open_board(ui, s)
    ui.press("title", scene=board)
    assert isinstance(ui.top, LeaveScene)
    ui.press("stay")
    assert ui.top is board
    ui.press("title", scene=board)
    ui.press("leave")
    assert type(ui.top).__name__ == "TitleScene"


def test_a_fate_effect_in_force_is_marked_on_the_panel_and_the_map(ui, monkeypatch):
    from maria.ui import friedrich_map as M
    from maria.ui.friedrich_panels import mod_label, mods_in_force

    s = advance(
        session(seed=1),
        lambda s: (
            "frederick" in s.active() and any("general" in m and m["turn"] == s.state["turn"] for m in s.state["mods"])
        ),
        limit=6000,
    )
    board = open_board(ui, s)
    while ui.top is not board:  # the Fate card shown at the start, then the board
        ui.top.back()
        ui.frames(1)
    mod = next(m for m in mods_in_force(board.view) if "general" in m)
    assert board.view["generals"][mod["general"]]["name"] in mod_label(board.view, mod)
    stars = []
    real = M.fonts.halo_text
    monkeypatch.setattr(M.fonts, "halo_text", lambda t, *a, **k: stars.append(t) or real(t, *a, **k))
    board.dirty = True
    ui.frames(1)
    assert "★" in stars


def _all_humans_until(name: str):
    from maria.ui.friedrich_session import ROLES, FSession

    for seed in range(1, 40):
        s = FSession.new(3, seed, {r: {"kind": "human", "level": "random"} for r in ROLES[3]})
        try:
            return advance(s, lambda s: s.active() and s.state["flow"][-1]["name"] == name, limit=8000)
        except (AssertionError, IndexError):
            continue
    raise AssertionError(f"no {name} reached")


def test_combat_on_screen_a_card_played_by_its_button(ui):
    s = _all_humans_until("duel")
    board = open_board(ui, s)
    while ui.top is not board:
        ui.press("ready")
    assert board.seat == s.active()[0]
    card = (
        next(a for a in board.legal if a["type"] == "play_card" and "value" not in a)
        if any(a["type"] == "play_card" and "value" not in a for a in board.legal)
        else None
    )
    act = card or next(a for a in board.legal if a["type"] == "stop")
    ui.click(board.button_for(act).rect.center)
    assert s.record.actions[-1]["action"] == act


def test_the_winner_chooses_the_retreat_on_the_map(ui):
    s = _all_humans_until("retreat")
    board = open_board(ui, s)
    while ui.top is not board:
        ui.press("ready")
    ends = [a["to"] for a in board.legal if a["type"] == "retreat"]
    assert ends and all(board.marks.get(c) for c in ends)
    gids = s.state["flow"][-1]["gids"]
    ui.click(board.map.to_screen(ends[-1]))
    assert all(s.state["generals"][g]["city"] == ends[-1] for g in gids)
