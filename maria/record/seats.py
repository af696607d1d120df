"""Who sits at each role of a game: a human or a computer player of some level.

Both games' saves record their seats (`seats: {role: {kind, level}}`), so a solo game comes back
with the computer's seats still the computer's.  The seats are not rules state (no digest covers
them, a player may hand a seat to the computer at any moment), so a save's seats are checked here,
at load, with a message a player can act on: a seat that is not a seat would otherwise reach the
window's loop and crash it when that role is to act.
"""

from __future__ import annotations

KINDS = ("human", "computer")


def levels_of(game: str) -> tuple[str, ...]:
    """The computer levels a save of `game` may name: its Game's (maria.games), which a test keeps
    equal to its players package's LEVELS.  Loading a save need not import the players."""
    from maria import games

    return games.get(game).levels


MAX_TEXT = 40


class SeatError(ValueError):
    """A save's seats cannot be used; the message says why in player words."""


def _shown(x) -> str:
    """A value from a file, cut short and made printable for a message."""
    text = x if isinstance(x, str) else type(x).__name__
    text = "".join(ch if ch.isprintable() else "?" for ch in text[:MAX_TEXT])
    return text + ("..." if isinstance(x, str) and len(x) > MAX_TEXT else "")


def check_seats(raw, roles: list[str], levels: tuple[str, ...], default_level: str) -> dict[str, dict]:
    """The seats of a save as {role: {"kind", "level"}}, one per role of the game.

    `raw` is what the file holds (None or missing: every seat human, as saves written before seats
    were recorded).  A role the file does not name is human.  Raises SeatError for anything else
    than a mapping of the game's roles to {kind: human|computer, level: one of `levels`}."""
    out = {r: {"kind": "human", "level": default_level} for r in roles}
    if raw is None:
        return out
    if not isinstance(raw, dict):
        raise SeatError(f"its seats (who plays each role) should be a mapping, not {_shown(raw)}")
    for role, seat in raw.items():
        if not isinstance(role, str) or role not in out:
            raise SeatError(f"its seats name {_shown(role)!r}, who is not a role of this game")
        if not isinstance(seat, dict):
            raise SeatError(f"the seat of {role} should say who plays it, not {_shown(seat)}")
        extra = [k for k in seat if k not in ("kind", "level")]
        if extra:
            raise SeatError(f"the seat of {role} has an unknown entry {_shown(extra[0])!r}")
        kind = seat.get("kind", "human")
        if kind not in KINDS:
            raise SeatError(f"the seat of {role} is played by {_shown(kind)!r}: a seat is 'human' or 'computer'")
        level = seat.get("level", default_level)
        if not isinstance(level, str) or level not in levels:
            raise SeatError(
                f"the seat of {role} has the level {_shown(level)!r}, which this program "
                f"does not have (levels: {', '.join(levels)})"
            )
        out[role] = {"kind": kind, "level": level}
    return out


def has_human(seats: dict) -> bool:
    """True if a human plays at least one role (a game with none is a demo)."""
    return any((s.get("kind") if isinstance(s, dict) else getattr(s, "kind", None)) == "human" for s in seats.values())
