"""A FRIEDRICH game being played in the program: its record (set-up, action log, state; saved by
maria.friedrich.saves), who sits in each role (human or computer), the computer's decisions in a
worker thread (the window never freezes) and the order of hot-seat turns.  It reaches the rules
only through FRIEDRICH's door (maria.friedrich.rules.door)."""

from __future__ import annotations

import random
import threading
import time

from maria.friedrich import saves as fsaves
from maria.friedrich.rules import door as fdoor

ROLES = {3: ["frederick", "elisabeth_pompadour", "maria_theresa"],
         4: ["frederick", "elisabeth", "maria_theresa", "pompadour"]}
ROLE_NAMES = {"frederick": "Frederick", "elisabeth": "Elisabeth", "maria_theresa": "Maria Theresa",
              "pompadour": "Pompadour", "elisabeth_pompadour": "Elisabeth & Pompadour"}
NATION_NAMES = {"prussia": "Prussia", "hanover": "Hanover", "russia": "Russia", "sweden": "Sweden",
                "austria": "Austria", "imperial_army": "Imperial Army", "france": "France"}
LEVELS = ("random",)            # more once maria.players.friedrich exists (make_computer)


def role_label(role: str | None) -> str:
    return ROLE_NAMES.get(role or "", (role or "spectator").replace("_", " ").title())


def nation_label(n: str) -> str:
    return NATION_NAMES.get(n, n.replace("_", " ").title())


def computer_levels() -> tuple[str, ...]:
    """The levels a computer seat may have: the FRIEDRICH players' if installed, else random."""
    try:
        from maria.players import friedrich as fp          # type: ignore[attr-defined]
    except ImportError:
        return LEVELS
    levels = tuple(getattr(fp, "LEVELS", ("easy",)))
    # the rules-of-thumb player first (a new computer seat's default), random last
    return tuple(x for x in levels if x != "random") + ("random",)


def make_computer(level: str, seed: int):
    """THE hook for computer players: an object with `decide(state, role) -> action`.  The FRIEDRICH
    computer players (maria.players.friedrich: make_player(level, seed), decide(state, role,
    player)) drop in here; until they exist, or for level "random", the random legal player."""
    from maria.friedrich.randomplay import RandomPlayer
    if level != "random":
        try:
            from maria.players import friedrich as fp      # type: ignore[attr-defined]
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


class Thinker:
    """One computer decision in a worker thread; `result` once done, `error` if it failed."""

    def __init__(self, player, state: dict, role: str):
        self.player, self.state, self.role = player, state, role
        self.result: dict | None = None
        self.error: BaseException | None = None
        self.started = time.perf_counter()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self.result = self.player.decide(self.state, self.role)
        except BaseException as e:  # noqa: BLE001  (reported to the window's thread)
            self.error = e

    @property
    def done(self) -> bool:
        return not self.thread.is_alive()


class FSession:
    """The game in play: `record` (maria.friedrich.saves.FRecord) and `seats` {role: {kind, level}}."""

    game = "friedrich"

    def __init__(self, record: fsaves.FRecord):
        self.record = record
        self.seats = {r: dict(record.seats.get(r) or {"kind": "human", "level": "random"})
                      for r in record.state["roles"]}
        record.seats = self.seats
        self.players: dict[str, object] = {}
        self.thinker: Thinker | None = None
        self.failure: tuple[str, BaseException] | None = None
        self.path = None

    @classmethod
    def new(cls, players: int, seed: int, seats: dict, options: dict | None = None) -> "FSession":
        return cls(fsaves.FRecord.new(players, seed, options, seats))

    @classmethod
    def load(cls, path) -> "FSession":
        s = cls(fsaves.load(path))
        s.path = path
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

    def think(self, role: str) -> Thinker:
        t = self.thinker
        if t is None or t.role != role or t.state is not self.state:
            t = self.thinker = Thinker(self.player_for(role), self.state, role)
        return t

    def finish_thinking(self) -> dict | None:
        """Apply the worker's decision once ready (None while thinking or stale)."""
        t = self.thinker
        if t is None or not t.done:
            return None
        self.thinker = None
        if t.state is not self.state:
            return None
        if t.error is not None or t.result is None:
            self.failure = (t.role, t.error or ValueError("no decision"))
            return None
        try:
            self.apply(t.role, t.result)
        except Exception as exc:  # noqa: BLE001  (an illegal choice is the player's failure)
            self.failure = (t.role, exc)
            return None
        return t.result

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


def new_seed() -> int:
    return random.randrange(1, 100000)
