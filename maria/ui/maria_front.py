"""MARIA's front in the window (the Game's "ui" room, maria.games): what the title screen says of
it and how the window starts, opens, replays and explains a MARIA game.  The title screen, the
Load screen and the replay viewer reach a game only through its front (maria.ui.scenes.front)."""

from __future__ import annotations

from pathlib import Path

TITLE = "MARIA"
SUBTITLE = "The War of the Austrian Succession, 1741–1744"
BLURB = "A digital edition of Richard Sivél's game — introductory and advanced rules, hot-seat"
TIP = "Play MARIA: the War of the Austrian Succession, 1741–1744."
HAS_LESSONS = True


def new_game(app) -> None:
    from maria.ui.scenes import SetupScene

    app.push(SetupScene(app))


def demo(app) -> None:
    from maria.ui.demo import start_demo

    start_demo(app)


def last_autosave() -> Path | None:
    from maria.ui.overlays import latest_autosave

    return latest_autosave()


def open_save(app, path: Path, seats: dict | None = None, on_fail=None) -> bool:
    from maria.ui.scenes import open_maria_save

    return open_maria_save(app, path, seats, on_fail)


def replay_board(app, record):
    from maria.ui.replay_viewer import ReplayBoard

    return ReplayBoard(app, record)


def rules_scene(app, *args):
    from maria.ui.overlays import RulesScene

    return RulesScene(app, *args)


def presenter(scene):
    """MARIA's part of the board screen (maria.ui.board_scene)."""
    from maria.ui.maria_presenter import MariaPresenter

    return MariaPresenter(scene)
