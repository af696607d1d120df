"""Crash safety for the shipped program: an unexpected exception writes a crash report and an
emergency save to the user data folder and tells the player where they are."""

from __future__ import annotations

import datetime as _dt
import platform
import sys
import traceback
from pathlib import Path
from typing import Any, Callable

from maria import __version__
from maria.userdirs import crash_dir

_get_record: Callable[[], Any] | None = None


def set_record_source(get_record: Callable[[], Any] | None) -> None:
    """Tell the crash handler how to reach the game in progress (a GameRecord or None)."""
    global _get_record
    _get_record = get_record


def write_crash_report(exc: BaseException, folder: Path | None = None) -> tuple[Path, Path | None]:
    """Write the report (and an emergency save if a game is in progress); return their paths."""
    folder = folder or crash_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    report = folder / f"crash-{stamp}.txt"
    lines = [f"MARIA {__version__} crashed at {stamp}",
             f"Python {sys.version.split()[0]} on {platform.platform()}", ""]
    lines += traceback.format_exception(type(exc), exc, exc.__traceback__)
    save_path: Path | None = None
    record = None
    try:
        record = _get_record() if _get_record else None
    except Exception as inner:  # a broken game must not stop the report
        lines.append(f"\n(the game in progress could not be reached: {inner!r})")
    if record is not None:
        try:
            from maria.saves import save_game
            save_path = folder / f"emergency-{stamp}.yaml"
            save_game(save_path, record)
            lines.append(f"\nEmergency save: {save_path}")
        except Exception as inner:
            save_path = None
            lines.append(f"\n(the emergency save failed: {inner!r})")
    report.write_text("".join(line if line.endswith("\n") else line + "\n" for line in lines), encoding="utf-8")
    return report, save_path


def _tell_player(report: Path, save: Path | None) -> None:
    message = f"MARIA hit an unexpected error.\n\nA crash report was written to:\n{report}"
    if save:
        message += f"\n\nYour game was saved to:\n{save}\n(load it from the title screen)"
    print(message, file=sys.stderr)
    try:
        import pygame
        if pygame.display.get_init() and hasattr(pygame.display, "message_box"):
            pygame.display.message_box("MARIA — unexpected error", message, message_type="error")
    except Exception:
        pass


def guarded(main: Callable[[], int]) -> int:
    """Run `main`; on an unexpected exception write the report and the emergency save."""
    try:
        return main()
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:
        report, save = write_crash_report(exc)
        _tell_player(report, save)
        return 70  # EX_SOFTWARE
