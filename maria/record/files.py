"""Save files on disk, whichever game wrote them: the listing of a saves folder (never opening a
file), a save's header read from its first few KB, which game a file holds, the save list's entry of
a file, and loading or writing a record through its game's save format.

Each game's save format is the module its Game names as its "record" room (maria.record.saves for
MARIA, maria.record.friedrich_saves for FRIEDRICH).  Every format offers the same entries: its
bounds (MAX_BYTES, MAX_VALUES, MAX_ACTIONS), `read(path)` -> the checked record, `write(path,
record, autosave=None)`, `peek_header(header)` and `peek_document(doc)` (the save list's entry), and
raises a SaveFileError subclass with a message a player can act on.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

from maria import games, yamlio

SAVE_FORMAT = "maria-save"  # the `format:` of every save, whichever game
HEADER_BYTES = 64 * 1024  # a save's header (before `actions:`) is well under 1 KB


class SaveFileError(Exception):
    """A save cannot be written or read; the message says why in player terms."""


def format_of(game: str) -> ModuleType:
    """The save format of the game called `game` (its bounds, read, write, peeks)."""
    return games.get(game).room("record")


def bounds_of(game: str) -> ModuleType:
    """The module whose MAX_BYTES, MAX_VALUES and MAX_ACTIONS bound `game`'s saves."""
    return format_of(game)


def largest_save_bytes() -> int:
    """The largest file any game accepts as a save (the Load screen lists files up to it)."""
    return max(format_of(g).MAX_BYTES for g in games.names())


def load(path) -> Any:
    """The checked record saved at `path`, read by the format of the game the file names."""
    return format_of(game_of(path)).read(path)


def save(path, record, autosave: int | None = None) -> None:
    """Write `record` (a record of any game: its `game` names it) with its game's format."""
    format_of(getattr(record, "game", games.DEFAULT)).write(path, record, autosave=autosave)


# --- listing ---------------------------------------------------------------------------------


def list_saves(folder) -> list[tuple[Path, str | None]]:
    """The *.yaml entries of `folder`, newest first, each with None or why it cannot be opened
    (a FIFO, a folder, a dangling link, no permission...), without opening any of them: a FIFO
    named x.yaml must not block the Load screen, a dangling link must not crash it."""
    return [(p, why) for p, why, _ in scan_saves(folder)]


def scan_saves(folder) -> list[tuple[Path, str | None, tuple[float, int]]]:
    """list_saves with each entry's (modification time, size), the version of the file that a
    cached preview belongs to ((0, 0) for what cannot be opened)."""
    import stat as _stat

    out: list[tuple[float, str, Path, str | None, int]] = []
    largest = largest_save_bytes()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for e in entries:
        if not e.name.endswith(".yaml") or e.name.startswith("."):
            continue
        path = Path(e.path)
        try:
            st = os.stat(path)  # follows links: what a load would open
        except FileNotFoundError:
            out.append((0.0, e.name, path, "a link to a file that does not exist", 0))
            continue
        except OSError as exc:
            out.append((0.0, e.name, path, f"cannot be read ({exc.strerror or exc})", 0))
            continue
        if not _stat.S_ISREG(st.st_mode):
            out.append((0.0, e.name, path, f"not a regular file ({yamlio._kind(st.st_mode)})", 0))
        elif not os.access(path, os.R_OK):
            out.append((st.st_mtime, e.name, path, "cannot be read (no permission)", st.st_size))
        elif st.st_size > largest:  # each game's own bound applies when it opens
            out.append((st.st_mtime, e.name, path, "too large to be a save", st.st_size))
        else:
            out.append((st.st_mtime, e.name, path, None, st.st_size))
    out.sort(key=lambda t: (-t[0], t[1]))
    return [(p, why, (mtime, size)) for mtime, _, p, why, size in out]


def read_header(path) -> dict | None:
    """The fields a save writes before its log (format, game, variant, players, saved...), read
    from the file's first HEADER_BYTES alone: cheap enough for the window's thread whatever the
    file.  None when they do not read as a save's header (its load says why)."""
    try:
        raw = yamlio.read_start(path, HEADER_BYTES)
    except (OSError, ValueError):
        return None
    text = raw.decode("utf-8", "replace")
    end = re.search(r"^actions:", text, re.M)
    if end is None:
        return None
    try:
        doc = yamlio.load_text(text[: end.start()])
    except (yaml.YAMLError, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        return None
    return doc


def peek(path) -> dict | None:
    """What the save list shows of a save, read cheaply (no replay, no rules check): its game
    (`game`, MARIA for a save without the field), variant, players, turn, who is to act, whether it
    is over, when it was saved.  None if the file cannot be read as a save (the list then says so;
    loading it gives the full reason).  Each game's bounds apply to its own saves."""
    header = read_header(path)
    if header is not None:
        game = header.get("game", games.DEFAULT)
        if game in games.names():
            quick = format_of(game).peek_header(header)
            if quick is not None:
                return quick
    try:
        fmt = format_of(game_of(path))
        text = yamlio.read_text(path, fmt.MAX_BYTES)
        doc = yamlio.load_text(text, max_values=fmt.MAX_VALUES)
        if not isinstance(doc, dict):
            return None
        return format_of(doc.get("game", games.DEFAULT)).peek_document(doc)
    except Exception:
        return None


def game_of(path) -> str:
    """Which game a save holds, read from its header's `game` field (a save without one is MARIA's;
    read_header reads the first few KB only, and only a file in another order is searched
    further); the default game when it names none it knows (that game's load says why)."""
    header = read_header(path)
    game = header.get("game", games.DEFAULT) if header is not None else _game_line(path)
    return game if game in games.names() else games.DEFAULT


def _game_line(path) -> str:
    """The top-level `game:` line of a save written in another order than the program's (a file
    re-dumped with sorted keys has its header after the log): a text search of the file, no
    parsing; the default game when there is none."""
    try:
        text = yamlio.read_start(path, largest_save_bytes()).decode("utf-8", "replace")
    except (OSError, ValueError):
        return games.DEFAULT
    names = "|".join(re.escape(n) for n in games.names())
    m = re.search(rf"""^game:[ \t]*(["']?)({names})\1[ \t]*(?:#.*)?$""", text, re.M)
    return m.group(2) if m else games.DEFAULT
