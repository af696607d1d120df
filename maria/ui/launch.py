"""Start the desktop program: the app, its title screen, and a saved game if one is named."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

from maria.ui.app import App, clean_stale_temporaries
from maria.ui.overlays import MessageScene
from maria.ui.scenes import TitleScene, open_saved_game
from maria.ui.settings import Settings


def start(size=None, settings=None, load: str | None = None) -> App:
    """Create the app with the title scene (and a loaded game if `load` is given)."""
    clean_stale_temporaries()
    settings = settings or Settings.load()
    fitted = settings.fit_to_screen(_screen_size()) if size is None and not settings.fullscreen else None
    if fitted:
        print(f"MARIA: {fitted}", file=sys.stderr)
    app = App(settings, size)
    app.push(TitleScene(app))
    if fitted:
        app.push(MessageScene(app, "Window size", fitted))
    if load:
        open_saved_game(app, Path(load))
    return app


def _screen_size() -> tuple[int, int] | None:
    """The size of the display a new window opens on (the first), None if unknown."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None
