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


def _writable(folder: Path | None) -> Path:
    """The crash folder, or a temporary one when it cannot be written (a read-only data folder
    must not cost the report and the emergency save)."""
    import tempfile

    for cand in ([folder] if folder else [crash_dir()]) + [Path(tempfile.gettempdir()) / "maria-crash"]:
        try:
            cand.mkdir(parents=True, exist_ok=True)
            probe = cand / ".write-test"
            probe.write_text("x", encoding="utf-8")
            probe.unlink()
            return cand
        except OSError:
            continue
    return Path(tempfile.gettempdir())


def write_crash_report(exc: BaseException, folder: Path | None = None, record: Any = None) -> tuple[Path, Path | None]:
    """Write the report (and an emergency save of `record`, else of the game in progress); return
    their paths.  Never raises: if no folder can be written the report goes to stderr."""
    folder = _writable(folder)
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")[:-3]
    report = folder / f"crash-{stamp}.txt"
    lines = [f"MARIA {__version__} crashed at {stamp}", f"Python {sys.version.split()[0]} on {platform.platform()}", ""]
    lines += traceback.format_exception(type(exc), exc, exc.__traceback__)
    save_path: Path | None = None
    try:
        if record is None:
            record = _get_record() if _get_record else None
    except Exception as inner:  # a broken game must not stop the report
        lines.append(f"\n(the game in progress could not be reached: {inner!r})")
    if record is not None:
        try:
            save_path = folder / f"emergency-{stamp}.yaml"
            from maria.record.files import save  # each game writes its own saves

            save(save_path, record)
            lines.append(f"\nEmergency save: {save_path}")
        except Exception as inner:
            save_path = None
            lines.append(f"\n(the emergency save failed: {inner!r})")
    text = "".join(line if line.endswith("\n") else line + "\n" for line in lines)
    try:
        report.write_text(text, encoding="utf-8")
    except OSError:
        print(text, file=sys.stderr)  # nowhere to write: the report goes to stderr
    return report, save_path


def emergency_saves() -> list[Path]:
    """The emergency saves a crash left (the Load screen lists them), newest first."""
    import tempfile

    out = []
    for folder in (crash_dir(), Path(tempfile.gettempdir()) / "maria-crash"):
        try:
            out += [p for p in folder.glob("emergency-*.yaml") if p.is_file()]
        except OSError:
            pass
    return sorted(out, key=lambda p: p.name, reverse=True)


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
