"""Autosaves of both games: one file per game, the last few games kept ("Continue last game").

An autosave is an ordinary save whose header carries `autosave: <n>`, the program's count of
autosaves written (maria.record.saves, maria.record.friedrich_saves).  The program knows its autosaves by that
mark, never by a file name a player could also type ("autosave backup.yaml" is the player's), and
orders them by the count, never by the files' times (a clock set back must not make the game being
played look the oldest).  Pruning deletes only marked files, never the game being played.

A game is known by its game, its creation time and its seed (`identity`): its autosave keeps that
identity when its file is renamed (the name says the game, the turn and who plays:
"Autosave - MARIA introductory, turn 3 - Maria Theresa v computer.yaml").

Only the header is read (the lines before `actions:`), so listing autosaves stays cheap however long
the games are.  Nothing here raises: an unreadable file is simply not an autosave.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from maria import games, yamlio

KEPT = 5  # the last games kept
PREFIX = "Autosave"  # every autosave's file name starts so (a quick filter before the mark)
HEADER_BYTES = 16 * 1024  # a header is a few hundred bytes; seats and options stay far below
_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f]')


@dataclass(frozen=True)
class Autosave:
    path: Path
    count: int
    game: str  # the registry's name of the game (maria.games), "?" if unknown
    identity: tuple  # (game, created, seed): the game this autosave keeps
    header: dict


def read_header(path) -> dict | None:
    """The header of a save (every key before `actions:`), read from its first bytes only; None if
    the file is not a readable save header."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(HEADER_BYTES)
        text = (
            head.decode("utf-8", errors="strict") if len(head) < HEADER_BYTES else head.decode("utf-8", errors="ignore")
        )
    except (OSError, UnicodeDecodeError):
        return None
    cut = text.find("\nactions:")
    if cut < 0:
        return None
    try:
        doc = yamlio.load_text(text[: cut + 1])
    except yaml.YAMLError:
        return None
    return doc if isinstance(doc, dict) and doc.get("format") == "maria-save" else None


def identity(game: str, created, seed) -> tuple:
    return (str(game), str(created), seed if isinstance(seed, int) else None)


def _entry(path: Path) -> Autosave | None:
    h = read_header(path)
    if h is None:
        return None
    n = h.get("autosave")
    if not isinstance(n, int) or isinstance(n, bool):
        return None
    game = h.get("game", games.DEFAULT)
    game = game if game in games.names() else "?"
    return Autosave(path, n, game, identity(game, h.get("created"), h.get("seed")), h)


def listing(folder) -> list[Autosave]:
    """The autosaves in `folder`, newest (highest count) first; regular files only."""
    out = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for e in entries:
        if not (e.name.startswith(PREFIX) and e.name.endswith(".yaml")):
            continue
        try:
            if not e.is_file():
                continue
        except OSError:
            continue
        a = _entry(Path(e.path))
        if a is not None:
            out.append(a)
    out.sort(key=lambda a: (-a.count, a.path.name))
    return out


def latest(folder, game: str | None = None) -> Path | None:
    """The newest autosave (of `game`, if given): "Continue last game"."""
    for a in listing(folder):
        if game is None or a.game == game:
            return a.path
    return None


def next_count(folder) -> int:
    found = listing(folder)
    return (found[0].count + 1) if found else 1


def file_name(game: str, variant: str, turn, seats: dict, role_name) -> str:
    """A readable name: the game, its turn and who plays ("Maria Theresa v computer", "hot-seat")."""
    label = games.get(game).title if game in games.names() else str(game).upper()
    kind = {"intro": "introductory", "advanced": "advanced"}.get(variant, "")
    humans = [r for r, s in seats.items() if (s.get("kind") if isinstance(s, dict) else s) == "human"]
    computers = len(seats) - len(humans)
    if not computers:
        who = "hot-seat"
    elif len(humans) == 1:
        who = f"{role_name(humans[0])} v computer"
    else:
        who = " & ".join(role_name(r) for r in humans) + " v computer"
    name = f"{PREFIX} - {label}{' ' + kind if kind else ''}, turn {turn} - {who}"
    return _UNSAFE.sub("-", name)[:120] + ".yaml"


def path_for(folder, name: str, ident: tuple) -> Path:
    """Where this game's autosave named `name` goes: that name, unless another game's file already
    has it (then "name (2)", "name (3)", ...)."""
    folder = Path(folder)
    stem = name[:-5]
    for i in range(1, 1000):
        p = folder / (name if i == 1 else f"{stem} ({i}).yaml")
        if not p.exists() and not p.is_symlink():
            return p
        a = _entry(p)
        if a is not None and a.identity == ident:
            return p
    return folder / f"{stem} ({os.getpid()}).yaml"


def prune(folder, keep: int = KEPT, current: Path | None = None, sidecar=None) -> list[Path]:
    """Delete the autosaves beyond the newest `keep` (and their `sidecar(path)` files), never
    `current` (the game being played); returns what was deleted; never raises."""
    gone = []
    cur = Path(current).resolve() if current is not None else None
    for a in listing(folder)[keep:]:
        try:
            if cur is not None and a.path.resolve() == cur:
                continue
        except OSError:
            continue
        for q in [a.path] + ([sidecar(a.path)] if sidecar else []):
            try:
                q.unlink()
                if q == a.path:
                    gone.append(q)
            except OSError:
                pass
    return gone


def forget_previous(previous: Path | None, now: Path, ident: tuple, sidecar=None) -> None:
    """After this game's autosave moved to `now` (a new turn renames it), delete its previous file
    if it is still this game's autosave; never raises."""
    if previous is None or Path(previous) == Path(now):
        return
    a = _entry(Path(previous))
    if a is None or a.identity != ident:
        return
    for q in [Path(previous)] + ([sidecar(Path(previous))] if sidecar else []):
        try:
            q.unlink()
        except OSError:
            pass
