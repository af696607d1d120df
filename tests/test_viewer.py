"""The board viewer driven through the real event loop with posted mouse and key events (headless)."""

from __future__ import annotations

import pygame
import pytest

from maria.games.maria.board import load_board
from maria.paths import boards_dir
from maria.ui import viewer


@pytest.fixture(scope="module")
def board():
    return load_board(boards_dir())


@pytest.fixture()
def display():
    pygame.init()
    yield
    pygame.quit()


def test_wheel_zooms_drag_pans_hover_names_a_city_and_escape_quits(board, display):
    size = (1024, 700)
    pygame.display.set_mode(size)
    v0 = viewer.BoardViewer(board, size)
    fit = v0.view.zoom
    prag = board.grid.to_px(board.cities["prag"].pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    v = viewer.run(board, size, max_frames=50)
    assert v.view.zoom == pytest.approx(fit * viewer.WHEEL_STEP**3)

    # drag: press, move with the button held, release
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5, flipped=False, precise_x=0.0, precise_y=5.0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(500, 300)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 250), rel=(-100, -50), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(400, 250)))
    v = viewer.run(board, size, max_frames=10)
    zoom = v.view.zoom
    assert zoom > fit
    v2 = viewer.BoardViewer(board, size)
    v2.view.set_zoom(zoom, (0, 0))
    v2.view.pan_by(-100, -50)
    assert (v.view.pan_x, v.view.pan_y) == pytest.approx((v2.view.pan_x, v2.view.pan_y))

    # hover over Prag shows Prag
    v3 = viewer.BoardViewer(board, size)
    sx, sy = v3.view.to_screen(prag)
    v3.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(sx), round(sy)), rel=(0, 0), buttons=(0, 0, 0)))
    assert v3.hover == "prag"
    assert viewer.city_summary(board, "prag")[0] == "Prag"
    assert any("major fortress, elector" in line for line in viewer.city_summary(board, "prag"))


def test_redraws_only_when_something_changed(board, display):
    size = (800, 600)
    v = viewer.BoardViewer(board, size)
    screen = pygame.Surface(size)
    v.draw(screen)
    assert not v.dirty
    v.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    assert not v.dirty or v.hover is not None
    v.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0))
    assert v.dirty


def test_screenshot_writes_a_png(board, display, tmp_path):
    out = viewer.screenshot(board, tmp_path / "shot.png", (640, 400), hover="wien")
    img = pygame.image.load(str(out))
    assert img.get_size() == (640, 400)
