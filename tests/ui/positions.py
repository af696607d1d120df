"""Positions for the UI tests, reached by seeded random play through a Session (no rule: the
choices are maria.lab.selfplay's)."""

from __future__ import annotations

from typing import Any, Callable

from maria.lab import selfplay
from maria.engine import rng
from maria.games.maria.rules import door
from maria.ui.session import Session


def play_until(
    found: Callable[[dict, str], Any],
    seed: int = 0,
    chooser: int | None = None,
    limit: int = 3000,
    what: str = "position",
) -> tuple[Session, Any]:
    """A new introductory 3-player Session (seed `seed`) played at random, undos left out (the
    chooser seeded with `chooser`, else `seed`), until `found(state, role to act)` gives something:
    the session and what `found` gave.  AssertionError after `limit` choices."""
    s = Session.new("intro", 3, seed)
    ch = {"rng": rng.seed_state(seed if chooser is None else chooser)}
    for _ in range(limit):
        st = s.state
        role = door.active_roles(st)[0]
        hit = found(st, role)
        if hit:
            return s, hit
        a = selfplay.random_action(st, role, ch)
        if a["type"] != "undo":
            s.apply(role, a)
    raise AssertionError(f"no {what} found")
