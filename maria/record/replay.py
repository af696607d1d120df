"""Replays: rebuild a game from its set-up and action log, checking every step.

`replay(record)` starts from `door.new_game(variant, players, seed, options)`, re-applies every
logged action (each must be legal at its point, and every state must pass `check_state`), and
checks that the final state equals the record's snapshot.  `state_digest(state)` is the sha256 of
the canonical dump of a state (sorted-key compact JSON), used by saves to detect edits.
"""

from __future__ import annotations

import hashlib
import json

from maria.games.maria.rules import door
from maria.games.maria.rules.state import IllegalAction
from maria.games.maria.invariants import check_state


class ReplayError(Exception):
    """The action log does not replay: `index` is the failing action (None for the set-up or the
    final comparison)."""

    def __init__(self, message: str, index: int | None = None):
        super().__init__(message)
        self.index = index


def canonical_dump(data) -> str:
    """One text per value: sorted keys, no spaces, UTF-8 kept as is."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_digest(state: dict) -> str:
    return hashlib.sha256(canonical_dump(state).encode("utf-8")).hexdigest()


def describe(action) -> str:
    """A short text naming an action, for messages."""
    if not isinstance(action, dict):
        return repr(action)
    rest = ", ".join(f"{k}={v!r}" for k, v in action.items() if k != "type")
    text = f"{action.get('type')}" + (f" ({rest})" if rest else "")
    return text if len(text) <= 160 else text[:157] + "..."


def replay(record, *, check: bool = True, compare: bool = True, play_rules: bool = True, on_state=None) -> dict:
    """Re-apply the record's action log from a new game; return the final state.

    Raises ReplayError naming the action index and the refusal when an action is not legal at its
    point, when a state breaks an invariant (`check`), or when the final state differs from the
    record's snapshot (`compare`).  `play_rules` is passed to check_state.  `on_state(state)`, if
    given, sees the state before each action (e.g. the fortress history of a loaded game)."""
    try:
        state = door.new_game(record.variant, record.players, record.seed, record.options)
    except Exception as exc:
        raise ReplayError(f"the game cannot be set up: {exc}") from exc
    # in place: the replay keeps no intermediate state, and a copy per action was most of a long
    # game's load; the replayer copies only where an undo can reach (door.apply gives the same
    # states; the 200 recorded games check it).  A checked replay checks every state whole, so it
    # keeps real snapshots at every step.
    run = door.replayer(state, lazy=not check)
    for i, entry in enumerate(record.actions):
        role, action = entry.get("role"), entry.get("action")
        if on_state is not None:
            on_state(state)
        try:
            state = run.step(role, action)
        except IllegalAction as exc:
            raise ReplayError(f"action {i} ({role}: {describe(action)}) is refused: {exc}", i) from exc
        except Exception as exc:  # an engine crash is reported, not hidden
            raise ReplayError(
                f"action {i} ({role}: {describe(action)}) crashes the rules: {type(exc).__name__}: {exc}", i
            ) from exc
        if check:
            problems = check_state(state, undo_snapshots=False, play_rules=play_rules)
            if problems:
                raise ReplayError(
                    f"after action {i} ({role}: {describe(action)}) the state is inconsistent: {problems[0]}", i
                )
    try:
        state = run.finish()
    except Exception as exc:
        raise ReplayError(f"the last actions cannot be replayed again: {type(exc).__name__}: {exc}") from exc
    if compare and not strict_equal(state, record.state):
        where = first_difference(state, record.state)
        raise ReplayError(
            f"the {len(record.actions)} actions do not lead to the saved position (first difference at {where})"
        )
    return state


def strict_equal(a, b) -> bool:
    """Equal values of the same types all the way down: Python's == holds 0 == 0.0 == False, so an
    integer of a save edited into an equal float or true/false would pass it (and keep its wrong
    type into the game); the canonical dump writes 0, 0.0 and false differently."""
    return a == b and canonical_dump(a) == canonical_dump(b)


def first_difference(a, b, path: str = "state") -> str:
    """The path of the first place where two plain values differ (in value or in type)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                return f"{path}.{k}"
            if not strict_equal(a[k], b[k]):
                return first_difference(a[k], b[k], f"{path}.{k}")
        return path
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            if not strict_equal(x, y):
                return first_difference(x, y, f"{path}[{i}]")
        return f"{path} (length {len(a)} vs {len(b)})"
    if a == b and type(a) is not type(b):
        return f"{path} ({type(b).__name__} {b!r} where the game has {type(a).__name__} {a!r})"
    return path
