"""FRIEDRICH on the board screen by drag and cards: a general dragged to a city its move can end
in (the door's whole moves, §4) moves there through the door; dropped anywhere else the door's
refusal is shown and nothing changes; while held, the lit cities, the route and the §9 supply
outlook are the door's; the hand is drawn as cards and a card the door lets the seated role play
is played by clicking it."""

from __future__ import annotations

import pygame

from maria.games.friedrich.rules import door
from maria.ui import hand as HAND
from maria.ui.friedrich_panels import ChoiceDialog
from tests.ui.friedrich_helpers import advance, frederick_moves, general_disc, open_board, session


def _lone_general(board, s):
    """A Prussian general alone in his city that the door lets move, in view."""
    return next(
        a["pieces"][0]
        for a in board.legal
        if a["type"] == "move"
        and len(a["pieces"]) == 1
        and a["pieces"][0] in s.state["generals"]
        and board.map.visible(s.state["generals"][a["pieces"][0]]["city"])
        and len(s.state["city_generals"][s.state["generals"][a["pieces"][0]]["city"]]) == 1
    )


def _hold(ui, a, b, steps=6):
    """Press at a and move to b without letting go."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=ui.win(a)))
    ui.frames(1)
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=ui.win(p), rel=(1, 1), buttons=(1, 0, 0)))
        ui.frames(1)


def test_a_general_dragged_to_a_city_three_roads_away_moves_there_in_one_whole_move(ui):
    s = advance(session(), frederick_moves)
    board = open_board(ui, s)
    gid = _lone_general(board, s)
    before = s.state
    moves = door.whole_moves(before, "frederick", [gid])
    ends = {}
    for m in moves:
        ends.setdefault(m["path"][-1], []).append(m)
    far = next(
        m
        for m in sorted(moves, key=lambda m: -len(m["path"]))
        if len(ends[m["path"][-1]]) == 1 and board.map.city_at(board.map.to_screen(m["path"][-1])) == m["path"][-1]
    )
    assert len(far["path"]) >= 3
    ui.drag(general_disc(board, gid), board.map.to_screen(far["path"][-1]))
    assert s.record.actions[-1]["action"] == far
    assert s.state["generals"][gid]["city"] == far["path"][-1]
    assert {k: v for k, v in s.state.items() if k != "undo"} == {
        k: v for k, v in door.apply(before, "frederick", far).items() if k != "undo"
    }


def test_a_general_dragged_to_a_city_out_of_reach_is_refused_with_the_rule_and_nothing_changes(ui):
    s = advance(session(), frederick_moves)
    board = open_board(ui, s)
    gid = _lone_general(board, s)
    ends = {m["path"][-1] for m in door.whole_moves(s.state, "frederick", [gid])}
    start = s.state["generals"][gid]["city"]
    far = next(
        c
        for c in ("koenigsberg", "brunn", "koblenz", "warszawa", "stralsund")
        if c in board.board.cities and c not in ends and c != start and board.map.city_at(board.map.to_screen(c)) == c
    )
    before, n = s.state, len(s.record.actions)
    ui.drag(general_disc(board, gid), board.map.to_screen(far))
    assert len(s.record.actions) == n and s.state is before
    assert "§4" in board.message and board.message in board.prompt_text()


def test_while_a_general_is_held_the_door_s_ends_route_and_supply_are_shown(ui):
    s = advance(session(), frederick_moves)
    board = open_board(ui, s)
    gid = _lone_general(board, s)
    moves = door.whole_moves(s.state, "frederick", [gid])
    to = next(m for m in moves if board.map.city_at(board.map.to_screen(m["path"][-1])) == m["path"][-1])
    _hold(ui, general_disc(board, gid), board.map.to_screen(to["path"][-1]))
    assert set(board.drag_ends()) == {m["path"][-1] for m in moves}
    assert board.drag["over"] == to["path"][-1]
    assert board.drag["supply"] == door.supply_outlook(s.state, "frederick", board.drag_ends()[to["path"][-1]][0])
    assert "supply" in board.supply_label(board.drag["supply"])
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONUP, button=1, pos=ui.win(board.map.to_screen(s.state["generals"][gid]["city"]))
        )
    )
    ui.frames(2)
    assert board.drag is None and s.state["generals"][gid]["city"] != to["path"][-1]  # put back: no move


def test_two_routes_that_end_differently_ask_which_way(ui, monkeypatch):
    s = advance(session(), frederick_moves)
    board = open_board(ui, s)
    gid = _lone_general(board, s)
    moves = door.whole_moves(s.state, "frederick", [gid])
    to = next(m["path"][-1] for m in moves if board.map.city_at(board.map.to_screen(m["path"][-1])) == m["path"][-1])
    a = {"type": "move", "pieces": [gid], "path": [s.state["generals"][gid]["city"], to]}
    two = [a, dict(a, path=a["path"] + [a["path"][0], to])]
    monkeypatch.setattr(board.session, "whole_moves", lambda role, pieces: two)  # as the door lists two ways
    n = len(s.record.actions)
    ui.drag(general_disc(board, gid), board.map.to_screen(to))
    assert isinstance(ui.top, ChoiceDialog)
    assert ui.top.actions == two and len(s.record.actions) == n
    ui.press("cancel")
    assert ui.top is board and len(s.record.actions) == n


def test_the_hand_is_drawn_as_cards_and_a_playable_card_is_played_by_a_click(ui):
    from tests.ui.test_friedrich_screens import _all_humans_until

    s = _all_humans_until("duel")
    board = open_board(ui, s)
    while ui.top is not board:
        ui.press("ready")
    hand = [c for n in s.state["roles"][board.seat] for c in s.state["cards"]["hands"].get(n, [])]
    assert sorted(c for _, c in board.card_zones) == sorted(hand)
    plays = [a for a in board.legal if a["type"] == "play_card" and "value" not in a and not a.get("double")]
    assert plays
    card = plays[-1]["card"]
    assert card in board.playable_cards()
    n = len(s.record.actions)
    other = next((c for c in hand if c not in board.playable_cards()), None)
    if other is not None:  # a card of another suit: said, nothing played
        ui.click(HAND.zone_point(board.card_zones, other))
        assert "no play" in board.message and len(s.record.actions) == n
    ui.click(HAND.zone_point(board.card_zones, card))
    if isinstance(ui.top, ChoiceDialog):  # Seydlitz: the card alone or doubled
        ui.press(("choice", 0))
    assert len(s.record.actions) == n + 1 and s.record.actions[-1]["action"]["card"] == card


def test_key_l_and_the_legend_button_show_friedrich_s_legend_a_click_closes_it(ui, monkeypatch):
    from maria.ui import friedrich_presenter as FS

    s = advance(session(), frederick_moves)
    board = open_board(ui, s)
    shown = []
    monkeypatch.setattr(FS, "draw_legend", lambda surf, rect, entries, note: shown.append(entries))
    ui.key(pygame.K_l, "l")
    assert board.legend_shown and shown
    rows = [text for _, section in shown[-1] for _, text in section]
    assert any("§4" in t for t in rows) and any("§9" in t for t in rows) and any("§7" in t for t in rows)
    n = len(s.record.actions)
    ui.click(board.map.to_screen(s.state["generals"][_lone_general(board, s)]["city"]))
    assert not board.legend_shown and len(s.record.actions) == n  # the click only closed it
    ui.press("legend", scene=board)
    assert board.legend_shown
    ui.key(pygame.K_ESCAPE)
    assert not board.legend_shown and ui.top is board


def test_resting_the_mouse_on_a_general_or_a_city_tells_what_the_view_shows(ui):
    s = advance(session(), frederick_moves)
    board = open_board(ui, s)
    mine = _lone_general(board, s)
    g = s.state["generals"][mine]
    tip = board.hover_tip(general_disc(board, mine))
    assert g["name"] in tip and f"rank {g['rank']}" in tip and f"{g['armies']} armies" in tip
    enemy = next(
        x
        for x, v in s.state["generals"].items()
        if v["nation"] == "austria" and v["city"] and len(s.state["city_generals"][v["city"]]) == 1
    )
    assert "armies hidden (§6)" in board.hover_tip(general_disc(board, enemy))  # only totals are public
    obj = next(
        c
        for c in board.board.objectives
        if not s.state["city_generals"].get(c)
        and not s.state["city_train"].get(c)
        and board.map.city_at(board.map.to_screen(c)) == c
    )
    tip = board.hover_tip(board.map.to_screen(obj))
    assert board.board.cities[obj].name in tip and "objective of" in tip and "(§7)" in tip


def test_the_cards_played_in_a_combat_are_drawn_as_cards(ui, monkeypatch):
    from maria.ui import friedrich_panels as P
    from tests.ui.test_friedrich_screens import _all_humans_until

    s = _all_humans_until("duel")
    board = open_board(ui, s)
    while ui.top is not board:
        ui.press("ready")
    board.send(next(a for a in board.legal if a["type"] == "play_card"))
    while ui.top is not board:
        ui.press("ready")
    played = [p["card"] for p in s.state["flow"][-1]["played"]]
    assert played
    drawn = []
    real = P.card_face
    monkeypatch.setattr(P, "card_face", lambda c, size, hi: drawn.append((c, size)) or real(c, size, hi))
    board.dirty = True
    ui.frames(1)
    assert {c for c, size in drawn if size == P.DUEL_CARD} == set(played)


def test_a_large_hand_takes_more_rows_so_every_card_shows_its_value(ui):
    from maria.ui import friedrich_panels as P

    s = advance(session(), frederick_moves)
    s.state["cards"]["hands"]["prussia"] = [f"{d}:{su}{v}" for d in (1, 2) for su in "HDCS" for v in range(2, 6)]
    board = open_board(ui, s)
    ui.frames(1)
    assert P.hand_rows(board.view, ["prussia", "hanover"], 524) == 2
    strips = sorted(r.w for r, c in board.card_zones)
    assert len(board.card_zones) == 32 + len(s.state["cards"]["hands"]["hanover"]) and strips[0] >= P.READABLE_STEP


def test_a_supply_train_in_a_city_with_a_movable_general_is_dragged_by_its_own_square(ui):
    """The train's square is drawn over the city, beside the generals' discs: pressed there, the
    train is held (its whole moves lit), not the general's stack."""
    import copy

    s = advance(session(), frederick_moves)
    st = copy.deepcopy(s.state)
    tid = next(t for t, v in st["trains"].items() if v["nation"] == "prussia" and v["city"])
    gid = next(
        g
        for g, v in st["generals"].items()
        if v["nation"] == "prussia"
        and v["city"]
        and len(st["city_generals"][v["city"]]) == 1
        and v["city"] not in st["city_train"]
    )
    city = st["generals"][gid]["city"]
    del st["city_train"][st["trains"][tid]["city"]]
    st["trains"][tid]["city"], st["city_train"][city] = city, tid  # the train joins the general
    s.record.state = st
    board = open_board(ui, s)
    assert any(a["type"] == "move" and a["pieces"] == [tid] for a in board.legal)
    assert any(a["type"] == "move" and gid in a["pieces"] for a in board.legal)
    x, y = board.map.to_screen(city)
    square = (x - 16, y - 13)
    moves = door.whole_moves(s.state, "frederick", [tid])
    to = next(m for m in moves if board.map.city_at(board.map.to_screen(m["path"][-1])) == m["path"][-1])
    _hold(ui, square, board.map.to_screen(to["path"][-1]))
    assert board.drag["pieces"] == [tid]
    assert set(board.drag_ends()) == {m["path"][-1] for m in moves}
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=ui.win(board.map.to_screen(to["path"][-1])))
    )
    ui.frames(3)
    assert s.record.actions[-1]["action"]["pieces"] == [tid]
    assert s.state["trains"][tid]["city"] == to["path"][-1] and s.state["generals"][gid]["city"] == city


def test_a_general_pressed_where_a_neighbouring_city_s_disc_lies_under_his_is_the_one_held(ui):
    """A stack's discs stand side by side and may reach over a neighbouring city's: the disc on
    top under the pointer that the door lets move is held, not the other side's drawn under it."""
    import copy
    import math

    s = advance(session(), frederick_moves)
    board = open_board(ui, s)
    st = copy.deepcopy(s.state)
    # a lone Prussian general the door lets move, and a free city where a stack of k + 1 foes
    # would put its last disc a few pixels from his
    near = [
        (a["pieces"][0], b, k)
        for a in board.legal
        if a["type"] == "move" and len(a["pieces"]) == 1 and a["pieces"][0] in st["generals"]
        if len(st["city_generals"][st["generals"][a["pieces"][0]]["city"]]) == 1
        for b in board.board.cities
        if not st["city_generals"].get(b) and b not in st["city_train"]
        for k in (1, 2)
        if math.dist(
            (board.map.to_screen(b)[0] + 15 * k, board.map.to_screen(b)[1]),
            board.map.to_screen(st["generals"][a["pieces"][0]]["city"]),
        )
        < 6
    ]
    assert near, "no stack's disc drawn that close to a general's"
    gid, other, k = near[0]
    foes = [g for g, v in st["generals"].items() if v["nation"] == "austria" and v["city"]][: k + 1]
    for foe in foes:
        st["city_generals"][st["generals"][foe]["city"]].remove(foe)
        st["generals"][foe]["city"] = other
    # the foes' city first: their discs are drawn first, under the Prussian's
    st["city_generals"] = {other: foes, **{c: g for c, g in st["city_generals"].items() if c != other}}
    s.record.state = st
    board.refresh()
    ui.frames(2)
    at = general_disc(board, gid)
    under = board.map.discs_at(at, board.view)
    assert under[0] == gid and set(under[1:]) & set(foes)
    to = next(m["path"][-1] for m in door.whole_moves(st, "frederick", [gid]) if board.map.visible(m["path"][-1]))
    _hold(ui, at, board.map.to_screen(to))
    assert board.drag is not None and board.drag["pieces"] == [gid]
