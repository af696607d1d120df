"""The board screen at every window size the program supports: the map area is the board at its
fitted scale (the side panel takes the rest), "Fit" shows the whole board as large as the area
allows, and the map's controls never cover a city (through the real loop, events posted as a player
makes them)."""

from __future__ import annotations

import pygame
import pytest

from maria.ui.board_layout import STRIP_W
from maria.ui.session import Session

from tests.ui.conftest import Driver
from tests.ui.test_play import _open

SIZES = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080)]
MAP_CONTROLS = ("flanders", "zoom_in", "zoom_out", "zoom_fit")
SLACK = 3  # px: rounding of the fitted scale


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def sized(request, dirs):
    from tests.ui.headless import headless_app

    app = headless_app(request.param, frames=2)
    assert app.window.get_size() == request.param
    yield Driver(app)
    pygame.quit()


def _drawn(board) -> pygame.Rect:
    """The board (the part in use: Bohemia alone while Flanders is collapsed) as drawn, canvas px."""
    v, m = board.view, board.lay.map
    x, y, w, h = v._area()
    left, top = v.to_screen((x, y))
    right, bottom = v.to_screen((x + w, y + h))
    return pygame.Rect(round(left) + m.x, round(top) + m.y, round(right - left), round(bottom - top))


def _city_rects(board) -> dict[str, list[pygame.Rect]]:
    """Each city's symbol and name as drawn on the map area, canvas px."""
    v, m = board.view, board.lay.map
    out = {}
    for cid in board._city_px:
        rects = []
        for r in (board.layer.symbol_rects[cid], board.layer.label_rects[cid]):
            x, y = v.to_screen((r.x, r.y))
            rects.append(
                pygame.Rect(round(x) + m.x, round(y) + m.y, round(r.w * v.zoom) + 1, round(r.h * v.zoom) + 1).clip(m)
            )
        out[cid] = [r for r in rects if r.w and r.h]
    return out


def _covered(board) -> list[tuple[str, str]]:
    controls = [b for b in board.buttons if b.key in MAP_CONTROLS]
    assert len(controls) >= 3
    return [
        (c, b.key) for c, rects in _city_rects(board).items() for r in rects for b in controls if b.rect.colliderect(r)
    ]


def _fits(board) -> pygame.Rect:
    """The board at the fitted view: whole, inside the map area (after the Flanders strip)."""
    m, d = board.lay.map, _drawn(board)
    lead = STRIP_W if not board.show_flanders else 0
    assert m.inflate(2, 2).contains(d), (m, d)
    assert d.x >= m.x + lead - 1
    assert abs(d.w - (m.w - lead)) <= SLACK or abs(d.h - m.h) <= SLACK, (m, d)
    return d


@pytest.mark.parametrize("variant", ["intro", "advanced"])
def test_the_board_fills_the_map_area_and_no_control_covers_a_city(sized, variant):
    ui = sized
    board = _open(ui, Session.new(variant, 3, 0), "louis_xv")
    m = board.lay.map
    # the maps in play fill the map area both ways: no empty band beside the board
    d = _fits(board)
    lead = STRIP_W if board.flanders_unused else 0
    assert abs(d.w - (m.w - lead)) <= SLACK and abs(d.h - m.h) <= SLACK, (variant, m, d)
    # the side panel takes every pixel beside the map, as wide as its text needs at least
    side = board.lay.side
    assert side.x == m.right and side.right == 1920 and side.w >= 420
    assert not _covered(board), variant
    for c in ("wien", "pressburg", "prag"):
        assert m.collidepoint(board.to_screen(c)) and board.city_at(board.to_screen(c)) == c
    # zoomed in and back with "Fit": the same whole board, as large as it was
    fitted = board.view.zoom
    ui.press("zoom_in", scene=board)
    ui.press("zoom_in", scene=board)
    assert board.view.zoom > 1.3 * fitted
    ui.press("zoom_fit", scene=board)
    assert _drawn(board) == d
    assert not _covered(board)
    if board.flanders_unused:
        # R14.1: a look at the unused Flanders map, then back: each fitted to the same area
        ui.key(pygame.K_f, "f")
        assert board.show_flanders
        _fits(board)
        assert not _covered(board), "Flanders shown"
        ui.key(pygame.K_f, "f")
        assert not board.show_flanders and _drawn(board) == d


def test_the_introductory_map_is_larger_than_under_the_full_width_bars(sized):
    """Bohemia alone is a square: it takes the height under the top bar, and the prompt and the
    hand stand beside it, in the side column."""
    board = _open(sized, Session.new("intro", 3, 0), "louis_xv")
    lay = board.lay
    assert lay.tall and lay.map.h == 1080 - lay.map.y
    assert lay.prompt.x == lay.hand.x == lay.side.x and lay.hand.bottom == 1080
    assert lay.side.bottom <= lay.controls.y < lay.controls.bottom <= lay.prompt.y < lay.hand.y
    prompt_buttons = [b for b in board.buttons if lay.prompt.contains(b.rect)]
    assert prompt_buttons and all(b.rect.y >= lay.prompt.y + 52 for b in prompt_buttons)  # under its text


def _friedrich_drawn(board) -> pygame.Rect:
    """FRIEDRICH's map (its frame included) as drawn on the map area, canvas px."""
    fm = board.map
    w, h = fm.surface().get_size()
    return pygame.Rect(fm.rect.x - round(fm.offset[0]), fm.rect.y - round(fm.offset[1]), w, h)


def _friedrich_covered(board) -> list[tuple[str, str]]:
    """Cities whose marker (with the pieces beside it) lies under one of the map's controls."""
    controls = [b for b in board.buttons if b.key in MAP_CONTROLS]
    assert len(controls) >= 3
    out = []
    for c in board.board.cities:
        x, y = board.map.to_screen(c)
        marker = pygame.Rect(x - 30, y - 30, 60, 45)
        out += [(c, b.key) for b in controls if board.map.rect.colliderect(marker) and b.rect.colliderect(marker)]
    return out


def test_friedrich_s_map_fills_the_map_area_and_no_control_covers_a_city(sized):
    from tests.ui.friedrich_helpers import open_board, session

    ui = sized
    board = open_board(ui, session())
    m = board.lay.map
    d = _friedrich_drawn(board)
    # the whole map at its fitted scale, filling the map area both ways: no empty band beside it
    assert m.inflate(2, 2).contains(d), (m, d)
    assert abs(d.w - m.w) <= SLACK and abs(d.h - m.h) <= SLACK, (m, d)
    side = board.lay.side
    assert side.x == m.right and side.right == 1920 and side.w >= 420
    assert board.lay.controls.x == m.right and not _friedrich_covered(board)
    for c in ("berlin", "prag", "warszawa"):
        assert m.collidepoint(board.map.to_screen(c)) and board.map.city_at(board.map.to_screen(c)) == c
    # zoomed in and back with "Fit": the same whole map, as large as it was
    fitted = board.map.scale
    ui.press("zoom_in", scene=board)
    ui.press("zoom_in", scene=board)
    assert board.map.scale > 1.3 * fitted
    ui.press("zoom_fit", scene=board)
    assert _friedrich_drawn(board) == d and board.map.scale == fitted
    assert not _friedrich_covered(board)
