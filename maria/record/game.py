"""A game in progress as a record: how it was set up, every action taken, and the current state.

`GameRecord` is what the program keeps in memory, saves (maria.record.saves) and replays (maria.record.replay):
set-up (variant, players, seed, options) + the action log is enough to rebuild the game; the state
is the current snapshot.  The UI sends actions through `record.apply(role, action)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone

from maria.games.maria.rules import door


def now_iso() -> str:
    """The current UTC time as an ISO 8601 text, to the second (e.g. '2026-01-31T18:04:05Z')."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class GameRecord:
    game = "maria"  # (not a field) the registry's name of the game (maria.games)
    variant: str
    players: int
    seed: int
    options: dict
    actions: list[dict]  # [{"role": str, "action": dict}] in order
    state: dict  # current state
    created: str = ""
    # who plays each role, {role: {"kind": "human"|"computer", "level"}} (maria.record.seats): not rules
    # state, but saved with the game so that a solo game comes back with its computer seats
    seats: dict = field(default_factory=dict)

    @classmethod
    def new(cls, variant: str = "intro", players: int = 3, seed: int = 0, options: dict | None = None) -> "GameRecord":
        """Set up a new game (door.new_game) with an empty action log."""
        opts = dict(options or {})
        state = door.new_game(variant, players, seed, opts)
        return cls(
            variant=variant, players=players, seed=int(seed), options=opts, actions=[], state=state, created=now_iso()
        )

    def apply(self, role: str, action: dict) -> None:
        """Take `action` for `role`.  On success the action is appended to the log and the state
        replaced; an IllegalAction propagates and leaves the record exactly as it was."""
        new = door.apply(self.state, role, action)
        self.actions.append({"role": role, "action": _plain_copy(action)})
        self.state = new

    # Convenience read-only helpers (the door's queries on the current state).
    def legal_actions(self, role: str) -> list[dict]:
        return door.legal_actions(self.state, role)

    def active_roles(self) -> list[str]:
        return door.active_roles(self.state)

    def is_over(self) -> bool:
        return door.is_over(self.state)


def _plain_copy(x):
    """A deep copy of plain data, so a caller mutating its action dict later cannot alter the log."""
    if isinstance(x, dict):
        return {k: _plain_copy(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain_copy(v) for v in x]
    return x
