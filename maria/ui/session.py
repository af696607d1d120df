"""A game in progress as the desktop program holds it: the record (seed + actions + state), the
seats (human or computer per role), the fortress history for the game-over chart, autosave.

The record and the save files come from maria.game / maria.saves.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from maria.rules import door, rng, selfplay
from maria.rules.state import IllegalAction, board_info

from maria.game import GameRecord
from maria.saves import SaveError, load_game, save_game


ROLE_NAMES = {"maria_theresa": "Maria Theresa", "frederick": "Frederick", "louis_xv": "Louis XV",
              "coalition": "The Coalition", "observer": "Observer"}


def role_name(role: str) -> str:
    return ROLE_NAMES.get(role, role.replace("_", " ").title())


def power_name(power: str) -> str:
    return power.replace("_", " ").title()


@dataclass
class Seat:
    role: str
    kind: str = "human"          # "human" | "computer"
    level: str = "random"        # computer level; only "random" (random legal moves) exists yet

    @property
    def label(self) -> str:
        if self.kind == "human":
            return "Human"
        return "Computer (random legal moves)"

    def to_dict(self) -> dict:
        return {"role": self.role, "kind": self.kind, "level": self.level}


def default_seats(players: int) -> list[Seat]:
    return [Seat(r) for r in door.ROLES[players]]


@dataclass
class Session:
    record: object
    seats: dict[str, Seat]
    path: Path | None = None
    history: list = field(default_factory=list)     # [(turn, {power: fortresses})]
    chooser: dict = field(default_factory=dict)

    @classmethod
    def new(cls, variant="intro", players=3, seed=0, seats=None, options=None) -> "Session":
        rec = GameRecord.new(variant=variant, players=players, seed=seed, options=options)
        seats = {s.role: s for s in (seats or default_seats(players))}
        s = cls(rec, seats)
        s.chooser = {"rng": rng.seed_state(seed ^ 0xC0FFEE)}
        s.note_history()
        return s

    @classmethod
    def load(cls, path, seats: dict | None = None) -> "Session":
        rec = load_game(path)           # raises SaveError with a player-readable message
        players = rec.state["players"]
        seats = seats or {s.role: s for s in default_seats(players)}
        s = cls(rec, seats, Path(path))
        s.chooser = {"rng": rng.seed_state((rec.seed or 0) ^ 0xC0FFEE)}
        s.rebuild_history()
        return s

    # --- queries --------------------------------------------------------------------------------
    @property
    def state(self) -> dict:
        return self.record.state

    def active(self) -> list[str]:
        return door.active_roles(self.state)

    def next_role(self) -> str | None:
        """The role whose decision comes next: a human first (hot-seat), else a computer."""
        act = self.active()
        for r in act:
            if self.seats.get(r, Seat(r)).kind == "human":
                return r
        return act[0] if act else None

    def humans(self) -> list[str]:
        return [r for r, s in self.seats.items() if s.kind == "human"]

    def is_computer(self, role: str) -> bool:
        return self.seats.get(role, Seat(role)).kind == "computer"

    # --- acting ---------------------------------------------------------------------------------
    def apply(self, role: str, action: dict) -> None:
        before = self.state["turn"]
        self.record.apply(role, action)
        if self.state["turn"] != before or door.is_over(self.state):
            self.note_history()

    def computer_step(self, role: str) -> dict:
        a = selfplay.random_action(self.state, role, self.chooser)
        if a["type"] == "undo":
            acts = [x for x in door.legal_actions(self.state, role) if x["type"] != "undo"]
            a = acts[rng.randbelow(self.chooser, len(acts))]
            if any(v == "choose" for v in a.values()):
                a = selfplay.fill(a, self.state, self.chooser)
        self.apply(role, a)
        return a

    # --- fortress history (for the game-over chart) -----------------------------------------------
    def fortress_counts(self, state: dict | None = None) -> dict[str, int]:
        from maria.rules.state import controller
        st = state or self.state
        info = board_info(st)
        out: dict[str, int] = {}
        for c in info.playable:
            if info.is_fortress(c):
                p = controller(st, info, c)
                if p:
                    out[p] = out.get(p, 0) + 1
        return out

    def note_history(self) -> None:
        turn = self.state["turn"]
        counts = self.fortress_counts()
        if self.history and self.history[-1][0] == turn:
            self.history[-1] = (turn, counts)
        else:
            self.history.append((turn, counts))

    def rebuild_history(self) -> None:
        """Replay the record's actions to recover the fortress count at each turn's start."""
        self.history = []
        try:
            rec = GameRecord.new(variant=self.record.variant, players=self.record.players,
                                 seed=self.record.seed, options=self.record.options)
            turn = None
            for a in self.record.actions:
                if rec.state["turn"] != turn:
                    turn = rec.state["turn"]
                    self.history.append((turn, self.fortress_counts(rec.state)))
                rec.apply(a["role"], a["action"])
        except Exception:           # a history is a nicety: never break loading for it
            pass
        self.note_history()

    # --- saving -----------------------------------------------------------------------------------
    def save(self, path) -> Path:
        path = Path(path)
        save_game(path, self.record)
        self.path = path
        return path

    def autosave(self) -> Path | None:
        """Write saves/autosave.yaml (Continue last game); never raises."""
        from maria.ui.settings import saves_dir
        p = saves_dir() / "autosave.yaml"
        try:
            save_game(p, self.record)
            return p
        except Exception:
            return None
