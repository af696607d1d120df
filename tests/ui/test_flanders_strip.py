"""R14.1: the introductory game does not use the Flanders map.  The board gives its area to Bohemia:
Flanders is collapsed to a strip (its pieces and cities are not drawn, hovered or clicked), and the
map's "Show Flanders (F)" button or the F key brings it back (issue "see the war", item 6)."""

from __future__ import annotations

import pygame

from maria.render.geometry import View
from maria.ui.board_layout import STRIP_W
from maria.ui.session import Session

from tests.ui.test_play import _open


def _flanders(board):
    return {c for c, city in board.board.cities.items() if city.map == "flanders"}


def _screen_x(board, city):
    return board.view.to_screen(board._all_city_px[city])[0]


def test_R14_1_the_introductory_board_collapses_flanders_and_the_f_key_shows_it(ui):
    session = Session.new("intro", 3, 0)
    board = _open(ui, session, "louis_xv")
    flanders = _flanders(board)
    assert board.flanders_unused and not board.show_flanders
    assert not flanders & set(board._city_px)
    # its pieces (R14.1: they never move) are not drawn, and its cities are off the map area
    on_flanders = [g for g, x in session.state["generals"].items() if x["city"] in flanders]
    assert on_flanders and not set(on_flanders) & set(board._piece_rects)
    edge = board.view.to_screen((board.board.map_columns["bohemia"][0] * board.board.grid.cell_px[0], 0))[0]
    assert edge >= STRIP_W - 1 and all(_screen_x(board, c) < edge for c in flanders)  # under the cover
    # the strip says why, in the printed rule's number, and offers the button
    assert board.button("flanders") is not None and "Show Flanders" in board.button("flanders").label
    lille = next(c for c in flanders if c == "lille")
    ui.key(pygame.K_f)
    assert board.show_flanders and flanders <= set(board._city_px)
    assert set(on_flanders) <= set(board._piece_rects)
    assert "Hide Flanders" in board.button("flanders").label
    board.view.centre_on(board._city_px[lille])
    board.map_dirty = board.dirty = True
    ui.frames(2)
    assert board.city_at(board.to_screen(lille)) == "lille"
    ui.press("flanders", scene=board)
    assert not board.show_flanders and "lille" not in board._city_px
    assert board.city_at(board.to_screen(lille)) != "lille"


def test_R14_1_the_advanced_board_shows_both_maps_and_no_flanders_button(ui):
    session = Session.new("advanced", 3, 0)
    board = _open(ui, session, "louis_xv")
    assert not board.flanders_unused and board.show_flanders
    assert _flanders(board) <= set(board._city_px)
    assert board.button("flanders") is None
    ui.key(pygame.K_f)
    assert board.show_flanders


def test_a_view_with_bounds_fits_and_centres_on_the_part_in_use():
    v = View((2520, 1440), (1000, 600))
    v.bounds = (1260.0, 0.0, 1260.0, 1440.0)
    v.fit()
    assert abs(v.zoom - 600 / 1440) < 1e-9
    left, _ = v.to_screen((1260, 0))
    right, _ = v.to_screen((2520, 0))
    assert abs(left - (1000 - right)) < 1e-6  # centred
    v.pan_by(5000, 0)  # dragged far left: kept on the part in use
    assert abs(v.to_screen((1260, 0))[0] - left) < 1e-6


def test_a_view_with_a_left_inset_fits_the_part_in_use_beside_it():
    v = View((2520, 1440), (1062, 1028))
    v.bounds = (1080.0, 0.0, 1440.0, 1440.0)
    v.inset_left = 34
    v.fit()
    assert abs(v.zoom - 1028 / 1440) < 1e-9
    assert abs(v.to_screen((1080, 0))[0] - 34) < 1e-6 and abs(v.to_screen((2520, 0))[0] - 1062) < 1e-6
    v.set_zoom(1.0)
    v.pan_by(5000, 0)  # dragged far right: its left edge stays at the inset
    assert abs(v.to_screen((1080, 0))[0] - 34) < 1e-6
    v.centre_on((1800, 720))  # centred in the width beside the inset
    assert abs(v.to_screen((1800, 720))[0] - (34 + (1062 - 34) / 2)) < 1e-6
