"""Random play through FRIEDRICH's door for the tests (now maria.players.friedrich.random_moves, which the
program's computer seats also use)."""

from __future__ import annotations

from maria.players.friedrich.random_moves import _split, fill, random_step

__all__ = ["_split", "fill", "random_step"]
