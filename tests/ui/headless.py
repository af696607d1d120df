"""The headless program the UI tests (tests/ui/conftest.py) and the tools drive (screenshots,
hand-off counts, demo memory, lesson walks): a scratch folder for settings and saves, and the real
App on its title screen with animations off.

The scripts of tools/ import it after they put the repository on sys.path (`from tests.ui.headless
import ...`) and before they import pygame: importing it chooses the dummy video and audio drivers
(unless the environment names others) and hides pygame's greeting.
"""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def scratch_dirs(prefix: str, config: str = "c", data: str = "d", keep_set: bool = False) -> str:
    """Point MARIA_CONFIG_DIR and MARIA_DATA_DIR into a fresh temporary folder, so that a tool's
    games never touch the player's settings and saves; with keep_set, a folder already named in
    the environment is kept.  Returns the scratch folder."""
    tmp = tempfile.mkdtemp(prefix=prefix)
    for key, sub in (("MARIA_CONFIG_DIR", config), ("MARIA_DATA_DIR", data)):
        if keep_set:
            os.environ.setdefault(key, os.path.join(tmp, sub))
        else:
            os.environ[key] = os.path.join(tmp, sub)
    return tmp


def headless_app(size: tuple[int, int], frames: int = 0):
    """pygame's display and fonts started, and the App at `size` with animations off, on its title
    screen, run `frames` frames."""
    import pygame

    pygame.display.init()
    pygame.font.init()
    from maria.ui.app import App
    from maria.ui.scenes import TitleScene
    from maria.ui.settings import Settings

    st = Settings()
    st.animation = "off"
    app = App(st, size)
    app.push(TitleScene(app))
    if frames:
        app.run(max_frames=frames)
    return app
