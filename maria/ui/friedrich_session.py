"""A FRIEDRICH game being played in the program: its record (set-up, action log, state; saved by
maria.record.friedrich_saves), who sits in each role (human or computer), the computer's decisions in a
worker thread (the window never freezes) and the order of hot-seat turns.  It reaches the rules
only through FRIEDRICH's door (maria.games.friedrich.rules.door)."""

from __future__ import annotations

import random
from pathlib import Path

from maria.record import friedrich_saves as fsaves
from maria.games.friedrich.rules import door as fdoor
from maria.ui.session import Autosaving, ComputerTurns, Thinker  # Thinker: one for both games

ROLES = {
    3: ["frederick", "elisabeth_pompadour", "maria_theresa"],
    4: ["frederick", "elisabeth", "maria_theresa", "pompadour"],
}
ROLE_NAMES = {
    "frederick": "Frederick",
    "elisabeth": "Elisabeth",
    "maria_theresa": "Maria Theresa",
    "pompadour": "Pompadour",
    "elisabeth_pompadour": "Elisabeth & Pompadour",
}
NATION_NAMES = {
    "prussia": "Prussia",
    "hanover": "Hanover",
    "russia": "Russia",
    "sweden": "Sweden",
    "austria": "Austria",
    "imperial_army": "Imperial Army",
    "france": "France",
}
LEVELS = ("random",)  # more once maria.players.friedrich exists (make_computer)


def role_label(role: str | None) -> str:
    return ROLE_NAMES.get(role or "", (role or "spectator").replace("_", " ").title())


def nation_label(n: str) -> str:
    return NATION_NAMES.get(n, n.replace("_", " ").title())


def computer_levels() -> tuple[str, ...]:
    """The levels a computer seat may have: the FRIEDRICH players' if installed, else random."""
    try:
        from maria.players import friedrich as fp  # type: ignore[attr-defined]
    except ImportError:
        return LEVELS
    levels = tuple(getattr(fp, "LEVELS", ("easy",)))
    # the rules-of-thumb player first (a new computer seat's default), random last
    return tuple(x for x in levels if x != "random") + ("random",)


def make_computer(level: str, seed: int):
    """THE hook for computer players: an object with `decide(state, role) -> action`.  The FRIEDRICH
    computer players (maria.players.friedrich: make_player(level, seed), decide(state, role,
    player)) drop in here; until they exist, or for level "random", the random legal player."""
    from maria.players.friedrich.random_moves import RandomPlayer

    if level != "random":
        try:
            from maria.players import friedrich as fp  # type: ignore[attr-defined]
        except ImportError:
            fp = None
        if fp is not None:
            player = fp.make_player(level, seed)
            if hasattr(player, "decide"):
                return player

            class _Adapter:
                def decide(self, state: dict, role: str) -> dict:
                    return fp.decide(state, role, player)

            return _Adapter()
    return RandomPlayer(seed)


def _ask(state: dict, role: str, player) -> dict:
    """How the worker thread asks a FRIEDRICH computer player (maria.ui.session.Thinker)."""
    return player.decide(state, role)


class FSession(ComputerTurns, Autosaving):
    """The game in play: `record` (maria.record.friedrich_saves.FRecord) and `seats` {role: {kind, level}}."""

    game = "friedrich"
    decide = staticmethod(_ask)

    def __init__(self, record: fsaves.FRecord):
        self.record = record
        self.seats = {
            r: dict(record.seats.get(r) or {"kind": "human", "level": "random"}) for r in record.state["roles"]
        }
        record.seats = self.seats
        self.players: dict[str, object] = {}
        self.thinker: Thinker | None = None
        self.computer_failure: tuple[str, BaseException] | None = None  # a computer player raised
        self.autosave_problem: str | None = None  # why the last autosave failed (None: it worked)
        self.path = None

    @classmethod
    def new(cls, players: int, seed: int, seats: dict, options: dict | None = None) -> "FSession":
        return cls(fsaves.FRecord.new(players, seed, options, seats))

    @classmethod
    def load(cls, path) -> "FSession":
        s = cls(fsaves.load(path))
        s.path = path
        s.adopt_autosave(path)
        return s

    @property
    def state(self) -> dict:
        return self.record.state

    def humans(self) -> list[str]:
        return [r for r, s in self.seats.items() if s.get("kind") != "computer"]

    def is_computer(self, role: str | None) -> bool:
        return role is not None and self.seats.get(role, {}).get("kind") == "computer"

    def active(self) -> list[str]:
        return [] if fdoor.is_over(self.state) else fdoor.active_roles(self.state)

    def legal(self, role: str | None) -> list[dict]:
        return fdoor.legal_actions(self.state, role) if role in self.active() else []

    def apply(self, role: str, action: dict) -> None:
        """Through the door; IllegalAction (with its reason) leaves everything unchanged."""
        self.record.apply(role, action)
        if self.thinker is not None and self.thinker.state is not self.state:
            self.thinker = None

    def view(self, role: str | None) -> dict:
        return fdoor.view(self.state, role)

    def whole_moves(self, role: str | None, pieces: list[str]) -> list[dict]:
        """The door's whole moves of `pieces` for `role` (the board's drag), [] if not its turn."""
        return fdoor.whole_moves(self.state, role, pieces) if role in self.active() else []

    def supply_outlook(self, role: str | None, move: dict) -> dict[str, bool]:
        return fdoor.supply_outlook(self.state, role, move) if role in self.active() else {}

    # --- computer seats -----------------------------------------------------------------------
    def player_for(self, role: str):
        level = self.seats.get(role, {}).get("level", "random")
        p = self.players.get(role)
        if p is None or getattr(p, "_level", None) != level:
            p = make_computer(level, self.record.seed * 131 + sorted(self.seats).index(role))
            try:
                p._level = level
            except AttributeError:
                pass
            self.players[role] = p
        return p

    def computer_to_act(self) -> str | None:
        return next((r for r in self.active() if self.is_computer(r)), None)

    def level_of(self, role: str) -> str | None:
        seat = self.seats.get(role)
        return seat.get("level") if seat else None

    def set_seat(self, role: str, kind: str, level: str | None = None) -> None:
        """Take over a seat (human) or hand it to the computer, at any moment."""
        self.seats[role] = {"kind": kind, "level": level or self.level_of(role) or computer_levels()[0]}
        if self.thinker is not None and self.thinker.role == role:
            self.thinker.cancel()
            self.thinker = None

    def computer_step(self) -> bool:
        """One computer decision synchronously (tests); False if no computer is to act."""
        role = self.computer_to_act()
        if role is None:
            return False
        self.apply(role, self.player_for(role).decide(self.state, role))
        return True

    # --- saving -------------------------------------------------------------------------------
    def save(self, path):
        return fsaves.save(path, self.record)

    # --- autosave (maria.ui.session.Autosaving) ------------------------------------------------
    def seat_dicts(self) -> dict:
        return self.seats

    def _autosave_label(self, rec) -> tuple:
        return "", rec.state["turn"], role_label

    def _write_autosave(self, path: Path, rec, notes: list, count: int) -> None:
        fsaves.save(path, rec, autosave=count)

    def _save_errors(self) -> tuple:
        return (fsaves.FSaveError,)


def new_seed() -> int:
    return random.randrange(1, 100000)
