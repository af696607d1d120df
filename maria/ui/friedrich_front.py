"""FRIEDRICH's front in the window (the Game's "ui" room, maria.games): what the title screen says
of it and how the window starts, opens, replays and explains a FRIEDRICH game."""

from __future__ import annotations

from pathlib import Path

TITLE = "FRIEDRICH"
SUBTITLE = "The Seven Years' War, 1756–1763"
BLURB = "MARIA's sister game by Richard Sivél — the 2005 standard rules, 3 or 4 players, hot-seat"
TIP = "Play FRIEDRICH, MARIA's sister game: the Seven Years' War, 1756–1763 (3 or 4 players)."
HAS_LESSONS = False


def new_game(app) -> None:
    from maria.ui.friedrich_setup import FSetupScene

    app.push(FSetupScene(app))


def demo(app) -> None:
    from maria.ui.demo import start_friedrich_demo

    start_friedrich_demo(app)


def last_autosave() -> Path | None:
    from maria.ui.session import autosaves

    found = autosaves("friedrich")
    return found[0] if found else None


def open_save(app, path: Path, seats: dict | None = None, on_fail=None) -> bool:
    from maria.ui.friedrich_setup import open_friedrich_save

    return open_friedrich_save(app, path, on_fail)


def replay_board(app, record):
    from maria.ui.replay_viewer import FReplayBoard

    return FReplayBoard(app, record)


def rules_scene(app, *args):
    from maria.ui.friedrich_panels import FRulesScene

    return FRulesScene(app, *args)


def presenter(scene):
    """FRIEDRICH's part of the board screen (maria.ui.board_scene)."""
    from maria.ui.friedrich_presenter import FriedrichPresenter

    return FriedrichPresenter(scene)
