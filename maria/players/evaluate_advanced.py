"""Advanced-game terms of the heuristic evaluation (victory-point pools, political tracks)."""

from __future__ import annotations


def advanced_value(state: dict, info, role: str, mine: set) -> float:
    """Extra value of an advanced-game state for `role` (same units as `evaluate`)."""
    return 0.0
