"""`render_preview(board, out, width)`: the whole board with the set-up pieces, as a PNG (headless)."""

from __future__ import annotations

import os
from pathlib import Path

from maria.games.maria.board.model import Board


def render_surface(board: Board, with_setup: bool = True):
    """The full-size board (map layer + set-up pieces) as a new Surface."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from maria.render.map_layer import get_map_layer
    from maria.render.pieces import draw_setup

    if not pygame.font.get_init():
        pygame.font.init()
    surf = get_map_layer(board).surface.copy()
    if with_setup:
        draw_setup(surf, board)
    return surf


def render_preview(board: Board, out: Path, width: int = 0) -> Path:
    """Draw the board with its set-up pieces and save it as PNG; `width` > 0 scales the image."""
    import pygame

    surf = render_surface(board)
    if width and width != surf.get_width():
        height = max(1, round(surf.get_height() * width / surf.get_width()))
        surf = pygame.transform.smoothscale(surf, (width, height))
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(out))
    return out
