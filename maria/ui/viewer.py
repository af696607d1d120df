"""The board viewer: both maps with the set-up pieces, zoom, pan and city information on hover.

It is the first scene of the desktop program; the game scenes build on its view handling.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pygame

from maria.games.maria.board import Board
from maria.render.fonts import text as render_text
from maria.render.geometry import View, board_size
from maria.render.map_layer import ScaledLayer
from maria.render.preview import render_surface

WHEEL_STEP = 1.15
KEY_PAN_PX = 60
BACKGROUND = (38, 34, 30)
TIP_BG = (250, 244, 228)
TIP_BORDER = (90, 70, 50)
HOVER_RADIUS_PX = 14


def city_summary(board: Board, city_id: str) -> list[str]:
    """The lines shown when hovering a city (no rules state yet: the set-up position)."""
    c = board.cities[city_id]
    terr = board.territories.get(c.territory)
    home = terr.home_of.replace("_", " ").title() if terr and terr.home_of else "no power"
    kind = {"none": "town", "minor": "minor fortress", "major": "major fortress"}[c.fortress]
    lines = [
        c.name,
        f"{terr.name if terr else c.territory} (home of {home})",
        f"{kind}{', elector' if c.elector else ''}",
        f"sector {board.sector_of(city_id).id}: {board.suit_of(city_id)}, cell {board.grid.cell_of(c.pos)}",
    ]
    gens = board.generals
    here = [gens[g].name for g, place in board.setup.generals.items() if place == city_id and g in gens]
    here += [
        f"{p.replace('_', ' ').title()} supply train"
        for p, places in board.setup.trains.items()
        for place in places
        if place == city_id
    ]
    if here:
        lines.append("at start: " + ", ".join(here))
    return lines


@dataclass
class BoardViewer:
    board: Board
    screen_size: tuple[int, int]
    view: View = field(init=False)
    hover: str | None = None
    dirty: bool = True

    def __post_init__(self) -> None:
        self.layer = ScaledLayer(render_surface(self.board))
        self.view = View(board_size(self.board.grid), self.screen_size)
        self.view.fit()
        self._dragging = False
        self._city_px = {cid: self.board.grid.to_px(c.pos) for cid, c in self.board.cities.items()}

    def resize(self, size: tuple[int, int]) -> None:
        self.screen_size = size
        self.view.screen_size = size
        self.view.clamp()
        self.dirty = True

    def city_at(self, screen_pos: tuple[int, int]) -> str | None:
        bx, by = self.view.to_board(screen_pos)
        limit = HOVER_RADIUS_PX / max(self.view.zoom, 0.2)
        best, best_d = None, limit * limit
        for cid, (x, y) in self._city_px.items():
            d = (x - bx) ** 2 + (y - by) ** 2
            if d < best_d:
                best, best_d = cid, d
        return best

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.view.zoom_by(WHEEL_STEP**event.y, pygame.mouse.get_pos())
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._dragging = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._dragging = False
        elif event.type == pygame.MOUSEMOTION:
            if self._dragging and event.buttons[0]:
                self.view.pan_by(*event.rel)
                self.dirty = True
            hover = self.city_at(event.pos)
            if hover != self.hover:
                self.hover = hover
                self.dirty = True
        elif event.type == pygame.KEYDOWN:
            pans = {
                pygame.K_LEFT: (KEY_PAN_PX, 0),
                pygame.K_RIGHT: (-KEY_PAN_PX, 0),
                pygame.K_UP: (0, KEY_PAN_PX),
                pygame.K_DOWN: (0, -KEY_PAN_PX),
            }
            if event.key in pans:
                self.view.pan_by(*pans[event.key])
                self.dirty = True
            elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.view.zoom_by(WHEEL_STEP)
                self.dirty = True
            elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.view.zoom_by(1 / WHEEL_STEP)
                self.dirty = True
            elif event.key == pygame.K_0:
                self.view.fit()
                self.dirty = True

    def draw(self, screen: pygame.Surface) -> None:
        screen.fill(BACKGROUND)
        self.layer.blit(screen, self.view)
        if self.hover:
            self._draw_tip(screen, self.hover)
        self.dirty = False

    def _draw_tip(self, screen: pygame.Surface, city_id: str) -> None:
        sx, sy = self.view.to_screen(self._city_px[city_id])
        pygame.draw.circle(screen, (200, 30, 30), (round(sx), round(sy)), max(8, round(12 * self.view.zoom)), 2)
        images = [
            render_text(line, 18 if i == 0 else 15, (30, 24, 18), style=("serif_bold" if i == 0 else "sans"))
            for i, line in enumerate(city_summary(self.board, city_id))
        ]
        w = max(im.get_width() for im in images) + 16
        h = sum(im.get_height() for im in images) + 12
        x = min(max(4, round(sx) + 16), self.screen_size[0] - w - 4)
        y = min(max(4, round(sy) + 16), self.screen_size[1] - h - 4)
        box = pygame.Rect(x, y, w, h)
        pygame.draw.rect(screen, TIP_BG, box, border_radius=4)
        pygame.draw.rect(screen, TIP_BORDER, box, 1, border_radius=4)
        ty = y + 6
        for im in images:
            screen.blit(im, (x + 8, ty))
            ty += im.get_height()


def screenshot(board: Board, out: Path, size: tuple[int, int], hover: str | None = None) -> Path:
    """Render one frame of the viewer at `size` to a PNG (headless)."""
    screen = pygame.Surface(size)
    viewer = BoardViewer(board, size)
    viewer.hover = hover
    viewer.draw(screen)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(screen, str(out))
    return out


def run(board: Board, size: tuple[int, int] = (1280, 800), max_frames: int | None = None) -> BoardViewer:
    """The interactive loop; redraws only when something changed. Returns the viewer when closed."""
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.display.set_caption("MARIA — the board")
    viewer = BoardViewer(board, screen.get_size())
    clock = pygame.time.Clock()
    frames = 0
    fullscreen = False
    while max_frames is None or frames < max_frames:
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_q)
            ):
                return viewer
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                fullscreen = not fullscreen
                screen = pygame.display.set_mode(
                    (0, 0) if fullscreen else size, pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
                )
                viewer.resize(screen.get_size())
            elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                screen = pygame.display.get_surface()
                viewer.resize(screen.get_size())
            else:
                viewer.handle(event)
        if viewer.dirty:
            viewer.draw(screen)
            pygame.display.flip()
        clock.tick(60)
        frames += 1
    return viewer
