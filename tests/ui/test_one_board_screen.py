"""One board screen for both games: MARIA and FRIEDRICH are played on the same BoardScene class,
the game's part behind the presenter its window front gives (the Game's "ui" room); FRIEDRICH on
it by dragging a general with the mouse to a city the door lists and by its hand drawn as cards
(events posted into the running loop)."""

from __future__ import annotations

import pygame

from maria import games
from maria.games.friedrich.rules import door as fdoor
from maria.ui import friedrich_panels as P
from maria.ui import hand as HAND
from maria.ui.board_scene import BoardScene, presenter_of
from maria.ui.friedrich_panels import ChoiceDialog, FHandoffScene
from maria.ui.friedrich_presenter import FriedrichPresenter
from maria.ui.maria_presenter import MariaPresenter
from maria.ui.session import Session
from tests.ui.friedrich_helpers import advance, frederick_moves, general_disc, session


def _title_new_friedrich(ui, s):
    """Title → FRIEDRICH → New game, seated as the set-up starts it, on the position `s`."""
    from maria.ui import friedrich_setup

    board = friedrich_setup.start(ui.app, s)
    ui.frames(3)
    while isinstance(ui.top, FHandoffScene):
        ui.press("ready")
    return board


def test_both_games_run_on_the_same_board_screen_class_with_their_front_s_presenter(ui):
    from tests.ui.test_play import _open

    maria = _open(ui, Session.new("intro", 3, 0), "louis_xv")
    assert ui.app.find(BoardScene) is maria
    friedrich = _title_new_friedrich(ui, session())
    assert ui.app.find(BoardScene) is friedrich and ui.top is friedrich
    assert type(maria) is BoardScene and type(friedrich) is BoardScene
    assert type(maria.presenter) is MariaPresenter and maria.game == "maria"
    assert type(friedrich.presenter) is FriedrichPresenter and friedrich.game == "friedrich"
    for board in (maria, friedrich):
        # the presenter is the one the game's window front makes: the screen names no game
        assert presenter_of(board.session.state) is games.get(board.game).room("ui").presenter


def test_a_friedrich_general_dragged_with_the_mouse_on_the_board_screen_makes_the_door_s_whole_move(ui):
    s = advance(session(), frederick_moves)
    board = _title_new_friedrich(ui, s)
    assert type(board) is BoardScene
    gid = next(
        a["pieces"][0]
        for a in board.legal
        if a["type"] == "move"
        and len(a["pieces"]) == 1
        and board.map.visible(s.state["generals"][a["pieces"][0]]["city"])
        and len(s.state["city_generals"][s.state["generals"][a["pieces"][0]]["city"]]) == 1
    )
    before = s.state
    moves = fdoor.whole_moves(before, "frederick", [gid])
    ends: dict[str, list] = {}
    for m in moves:
        ends.setdefault(m["path"][-1], []).append(m)
    to = next(
        m
        for m in sorted(moves, key=lambda m: -len(m["path"]))
        if len(ends[m["path"][-1]]) == 1 and board.map.city_at(board.map.to_screen(m["path"][-1])) == m["path"][-1]
    )
    start, end = general_disc(board, gid), board.map.to_screen(to["path"][-1])
    # press, move in steps with the button held, let go: the screen shows the door's ends meanwhile
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=ui.win(start)))
    ui.frames(1)
    for i in range(1, 9):
        p = (start[0] + (end[0] - start[0]) * i / 8, start[1] + (end[1] - start[1]) * i / 8)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=ui.win(p), rel=(1, 1), buttons=(1, 0, 0)))
        ui.frames(1)
    assert board.drag is not None and set(board.drag_ends()) == set(ends)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=ui.win(end)))
    ui.frames(3)
    assert s.record.actions[-1] == {"role": "frederick", "action": to}
    assert s.state["generals"][gid]["city"] == to["path"][-1]


def test_friedrich_s_hand_is_drawn_as_cards_in_the_board_screen_s_side_column_and_played_by_a_click(ui, monkeypatch):
    from tests.ui.test_friedrich_screens import _all_humans_until

    drawn = []
    real = P.card_face
    monkeypatch.setattr(P, "card_face", lambda c, size, hi: drawn.append(c) or real(c, size, hi))
    s = _all_humans_until("duel")
    board = _title_new_friedrich(ui, s)
    assert type(board) is BoardScene and ui.top is board
    hand = [c for n in s.state["roles"][board.seat] for c in s.state["cards"]["hands"].get(n, [])]
    assert hand and set(hand) <= set(drawn)  # each card drawn as a card face
    zones = dict((c, r) for r, c in board.card_zones)
    assert sorted(zones) == sorted(hand)
    assert all(board.lay.side.contains(r) for r in zones.values())  # in the layout's side column
    card = next(a["card"] for a in board.legal if a["type"] == "play_card" and "value" not in a)
    n = len(s.record.actions)
    ui.click(HAND.zone_point(board.card_zones, card))
    if isinstance(ui.top, ChoiceDialog):  # a card the door lets play two ways: the choice
        ui.press(("choice", 0))
    assert len(s.record.actions) == n + 1 and s.record.actions[-1]["action"]["card"] == card
