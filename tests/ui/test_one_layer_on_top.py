"""One layer on top: a dialog, a panel or a screen over the board is the only live layer; the
hover, tooltips and pop-ups of what lies under it are suspended while it is open, and no control
of the map stands over a city or over a panel (through the real loop, events posted)."""

from __future__ import annotations

import pygame

from maria.ui.board_scene import BoardScene
from maria.ui.demo import start_demo
from maria.ui.overlays import HandoffScene
from maria.ui.game_menu import GameMenuScene
from maria.ui.session import Session

from tests.ui.test_battle_animation import _combat
from tests.ui.test_nothing_lost import _give_reserve
from tests.ui.test_play import _open

MAP_CONTROLS = ("zoom_in", "zoom_out", "zoom_fit", "flanders")


def _board(ui, variant="intro"):
    board = BoardScene(ui.app, Session.new(variant, 3, 0))
    ui.app.scenes = [ui.app.scenes[0], board]
    ui.frames(3)
    return board


def _rest(ui, pos, seconds=0.7):
    w = ui.win(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(1, 0), buttons=(0, 0, 0)))
    for _ in range(int(seconds * 60)):
        ui.app.step(1 / 60)


def _redrawn(ui, board):
    """The board's buttons drawn again where the mouse is now."""
    board.static_dirty = board.dirty = True
    ui.app.render(force=True)


def test_the_map_controls_give_way_to_a_panel_over_the_map(ui):
    board = _board(ui)
    plus = board.button("zoom_in").rect
    ui.key(pygame.K_l, "l")  # the legend
    assert board.panel == "legend"
    _rest(ui, plus.center)
    assert not [b.key for b in board.buttons if b.key in MAP_CONTROLS], "map controls over the legend"
    assert not (ui.app.tip[0] or "").startswith("Zoom"), "the map's zoom tooltip shows over the legend"
    ui.click(plus.center)  # a click there is the legend's: no zoom
    assert board.panel == "legend"
    ui.key(pygame.K_ESCAPE)
    assert board.button("zoom_in") is not None


def test_the_army_sheet_steppers_explain_themselves_not_the_zoom(ui):
    board = _board(ui)
    plus = next(b for b in board.buttons if isinstance(b.key, tuple) and b.key[0] == "plus")
    _rest(ui, plus.rect.center)
    assert ui.app.tip[2] and "troop" in ui.app.tip[0] and "Zoom" not in ui.app.tip[0]


def test_a_menu_over_the_board_suspends_its_lit_buttons_and_its_pop_ups(ui):
    board = _board(ui)
    board.computer_line = "Louis XV: France has allocated its troops."
    plus = board.button("zoom_in").rect
    _rest(ui, plus.center)
    _redrawn(ui, board)
    lit = tuple(ui.app.canvas.get_at((plus.x + 4, plus.centery)))
    _rest(ui, (plus.centerx, plus.y - 200))
    _redrawn(ui, board)
    unlit = tuple(ui.app.canvas.get_at((plus.x + 4, plus.centery)))
    assert lit != unlit  # the hover shows while the board is on top
    _rest(ui, plus.center)
    ui.key(pygame.K_ESCAPE)  # the menu, the mouse still on "+"
    assert isinstance(ui.top, GameMenuScene)
    _rest(ui, plus.center)
    _redrawn(ui, board)
    under_menu = tuple(ui.app.canvas.get_at((plus.x + 4, plus.centery)))
    pop = pygame.Rect(board.lay.map.x + 12, board.lay.map.y + 12, 300, 36)
    drawn = []
    board.popup_rect = lambda: drawn.append(1) or pop
    board.demo = None
    ui.app.render(force=True)
    assert not drawn, "the last action's pop-up is drawn under the menu"
    # the "+" under the menu looks as it does with the mouse elsewhere: not lit
    _rest(ui, (plus.centerx, plus.y - 200))
    _redrawn(ui, board)
    assert tuple(ui.app.canvas.get_at((plus.x + 4, plus.centery))) == under_menu, "a lit button under the menu"
    _rest(ui, plus.center)
    assert ui.app.tip[0] is None or "Zoom" not in ui.app.tip[0]


def test_no_city_tooltip_outlives_a_hand_off(ui):
    board = _board(ui)
    city = next(
        c
        for c in sorted(board._city_px)
        if board.lay.map.collidepoint(board.to_screen(c)) and not board._map_covered(board.to_screen(c))
    )
    _rest(ui, board.to_screen(city), 0.1)
    assert board.hover_city == city
    ui.app.push(HandoffScene(ui.app, "frederick", board))
    ui.frames(2)
    ui.press("ready")
    assert ui.top is board
    drawn = []
    board._draw_tip = lambda surf, c: drawn.append(c)
    ui.frames(3)
    assert board.hover_city is None and drawn == [], "a stale city tooltip after the hand-off"


def test_the_last_action_line_never_covers_the_reserve_row_or_a_panel(ui):
    session = _combat()
    res = _give_reserve(session, "austria")
    board = _open(ui, session, "maria_theresa")
    board.computer_line = "Frederick: Prussia plays a 5 of spades."
    ui.click(board.card_point(res))
    assert board.reserve_pick == res
    pop = board.popup_rect()
    assert pop is not None
    for v in range(1, 9):
        assert not pop.colliderect(board.button(("reserve", v)).rect)
    assert not pop.colliderect(board._modal_rect())
    ui.key(pygame.K_ESCAPE)
    ui.key(pygame.K_l, "l")
    assert board.panel == "legend" and board.popup_rect() is None
    ui.key(pygame.K_ESCAPE)
    board.notify("Saved as Introductory turn 1")
    assert not board.popup_rect().colliderect(board.notice_rect())


def test_the_demo_bar_stays_under_the_menu(ui):
    board = start_demo(ui.app, seed=3)
    ui.frames(5)
    ui.key(pygame.K_SPACE, " ")
    drawn = []
    real = board.demo.draw
    board.demo.draw = lambda surf, rect: drawn.append(rect) or real(surf, rect)
    ui.app.render(force=True)
    assert drawn  # on the board, it is drawn
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, GameMenuScene)
    drawn.clear()
    ui.app.render(force=True)
    assert not drawn, "the demo bar is drawn under the open menu"


def test_no_map_control_covers_a_city_at_1280x720(ui):
    assert ui.app.window.get_size() == (1280, 720)
    for variant in ("intro", "advanced"):
        board = _board(ui, variant)
        for flanders in (False, True):
            if flanders and board.button("flanders") is not None:
                ui.press("flanders", scene=board)
            controls = [b.rect for b in board.buttons if b.key in MAP_CONTROLS]
            assert len(controls) >= 3
            covered = [
                c for c in board._city_px if any(r.inflate(24, 24).collidepoint(board.to_screen(c)) for r in controls)
            ]
            assert not covered, (variant, flanders, covered)
        for c in ("wien", "pressburg"):
            assert board.lay.map.collidepoint(board.to_screen(c))


def test_friedrich_board_under_a_dialog_lights_nothing(ui):
    from tests.ui import friedrich_helpers as F

    board = F.open_board(ui, F.session())
    rules = board.button("rules").rect
    _rest(ui, rules.center)
    ui.app.render(force=True)
    lit = tuple(ui.app.canvas.get_at((rules.x + 4, rules.centery)))
    _rest(ui, (rules.centerx, rules.y + 300))
    ui.app.render(force=True)
    unlit = tuple(ui.app.canvas.get_at((rules.x + 4, rules.centery)))
    assert lit != unlit
    from maria.ui.overlays import MessageScene

    ui.app.push(MessageScene(ui.app, "A message", "over the board"))
    _rest(ui, rules.center)
    ui.app.render(force=True)
    under = tuple(ui.app.canvas.get_at((rules.x + 4, rules.centery)))
    _rest(ui, (rules.centerx, rules.y + 300))
    ui.app.render(force=True)
    assert tuple(ui.app.canvas.get_at((rules.x + 4, rules.centery))) == under, "a lit button under the message"
