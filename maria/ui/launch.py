"""Start the desktop program: the app, its title screen, and a saved game if one is named."""

from __future__ import annotations

from pathlib import Path

from maria.ui.app import App, clean_stale_temporaries
from maria.ui.scenes import TitleScene, open_saved_game


def start(size=None, settings=None, load: str | None = None) -> App:
    """Create the app with the title scene (and a loaded game if `load` is given)."""
    clean_stale_temporaries()
    app = App(settings, size)
    app.push(TitleScene(app))
    if load:
        open_saved_game(app, Path(load))
    return app
