"""A game in progress as the desktop program holds it: the record (seed + actions + state), the
seats (human or computer per role), the fortress history for the game-over chart, autosave.

The record and the save files come from maria.game / maria.saves.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from maria.rules import door
from maria.core import rng
from maria.analysis import selfplay
from maria.rules.state import IllegalAction, board_info
from maria.rules.roles import ROLE_NAMES, role_name  # noqa: F401  (re-exported: the screens name roles so)

from maria.game import GameRecord
from maria.saves import SaveError, load_game, save_game


def power_name(power: str) -> str:
    return power.replace("_", " ").title()


LEVEL_NAMES = {"random": "Random", "easy": "Easy", "normal": "Normal", "hard": "Hard"}


class Thinker:
    """One computer decision computed in a worker thread, so the window never freezes.

    The worker receives only the role's observation and legal actions (maria.players.decide);
    `progress` (0..1) feeds the thinking indicator; `result` is the chosen action once done."""

    def __init__(self, player, state: dict, role: str, decide=None):
        self.player, self.role = player, role
        self.state = state                     # states are never mutated in place (door.apply copies)
        self.decide = decide                   # decide(state, role, player); None: maria.players.decide
        self.result: dict | None = None
        self.error: BaseException | None = None
        self.started = time.perf_counter()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        decide = self.decide
        if decide is None:
            from maria.players import decide
        try:
            self.result = decide(self.state, self.role, self.player)
        except BaseException as e:              # reported to the UI thread, never lost
            self.error = e

    @property
    def done(self) -> bool:
        return not self.thread.is_alive()

    @property
    def progress(self) -> float:
        p = getattr(self.player, "progress", None)
        if self.done:
            return 1.0
        if p is not None and getattr(self.player, "budget", 0):
            return max(0.0, min(0.99, float(p)))
        return min(0.95, (time.perf_counter() - self.started) / 0.5)

    def cancel(self) -> None:
        if hasattr(self.player, "cancelled"):
            self.player.cancelled = True


@dataclass
class Seat:
    role: str
    kind: str = "human"          # "human" | "computer"
    level: str = "easy"          # computer level: "random" | "easy" | "normal" | "hard"

    @property
    def label(self) -> str:
        if self.kind == "human":
            return "Human"
        return f"Computer ({LEVEL_NAMES.get(self.level, self.level)})"

    def to_dict(self) -> dict:
        return {"role": self.role, "kind": self.kind, "level": self.level}


def default_seats(players: int) -> list[Seat]:
    return [Seat(r) for r in door.ROLES[players]]


def fortress_counts(st: dict) -> dict[str, int]:
    """Fortresses held per power (for the game-over chart)."""
    from maria.rules.state import controller
    info = board_info(st)
    out: dict[str, int] = {}
    for c in info.playable:
        if info.is_fortress(c):
            p = controller(st, info, c)
            if p:
                out[p] = out.get(p, 0) + 1
    return out


class ComputerTurns:
    """The computer seats' decisions in a worker thread, for MARIA's Session and FRIEDRICH's
    FSession alike: `think(role)` starts or continues one, `finish_thinking()` applies it.  The
    session provides `state`, `thinker`, `computer_failure`, `player_for(role)` and `apply`;
    `decide` is how a worker asks its player (None: maria.players.decide)."""

    decide = None

    def think(self, role: str) -> Thinker:
        """Start (or continue) the computer's decision for `role` in a worker thread."""
        t = self.thinker
        if t is None or t.role != role or t.state is not self.state:
            if t is not None:
                t.cancel()
            t = self.thinker = Thinker(self.player_for(role), self.state, role, self.decide)
        return t

    def finish_thinking(self) -> dict | None:
        """Apply the worker's action when it is ready; returns it (None while still thinking)."""
        t = self.thinker
        if t is None or not t.done:
            return None
        self.thinker = None
        if t.state is self.state and t.error is not None:
            # a computer player that raises would raise again on the same position: never retried
            # in a loop, the board reports it (maria.ui.overlays.ComputerFailedScene)
            self.computer_failure = (t.role, t.error)
            return None
        if t.state is not self.state or t.result is None:
            return None                                     # stale: think again
        try:
            self.apply(t.role, t.result)
        except Exception as exc:  # noqa: BLE001  (an illegal choice is the player's failure too)
            self.computer_failure = (t.role, exc)
            return None
        return t.result


@dataclass
class Session(ComputerTurns):
    record: object
    seats: dict[str, Seat]
    path: Path | None = None
    history: list = field(default_factory=list)     # [(turn, {power: fortresses})]
    chooser: dict = field(default_factory=dict)
    players: dict = field(default_factory=dict)     # role -> computer player (maria.players)
    thinker: Thinker | None = None
    notes: list = field(default_factory=list)       # shared negotiation notes (R21), not rules state
    autosave_problem: str | None = None             # why the last autosave failed (None: it worked)
    computer_failure: tuple | None = None           # (role, exception): a computer player raised
    _after_cache: tuple | None = None               # next_role's look past a simultaneous step

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
        history: list = []

        def note(st: dict) -> None:     # the load replays the log anyway: collect the history there
            if not history or history[-1][0] != st["turn"]:
                history.append((st["turn"], fortress_counts(st)))
        rec = load_game(path, on_state=note)    # raises SaveError with a player-readable message
        players = rec.state["players"]
        seats = seats or {s.role: s for s in default_seats(players)}
        s = cls(rec, seats, Path(path))
        s.chooser = {"rng": rng.seed_state((rec.seed or 0) ^ 0xC0FFEE)}
        s.notes = load_notes(path)
        s.history = history
        s.note_history()
        return s

    # --- queries --------------------------------------------------------------------------------
    @property
    def state(self) -> dict:
        return self.record.state

    def active(self) -> list[str]:
        return door.active_roles(self.state)

    def next_role(self, prefer: str | None = None, forced: frozenset = frozenset()) -> str | None:
        """The role whose decision comes next: a human first (hot-seat), else a computer.

        `prefer`: the role seated now keeps the screen while it still has a decision to make (the
        secret set-up lets several roles act: each finishes all of its powers in one sitting)."""
        act = self.active()
        if prefer in act and self.seats.get(prefer, Seat(prefer)).kind == "human":
            return prefer
        humans = [r for r in act if self.seats.get(r, Seat(r)).kind == "human"]
        if len(humans) > 1:
            # Simultaneous secret decisions (R5.2, the set-up allocation, winter): their order is
            # free, so the role who acts first once they are over goes last and keeps the screen
            # (one hand-off fewer).  Who acts next is the rules' turn order, public knowledge.
            after = self._first_after_simultaneous(act, forced)
            if after in humans:
                humans.remove(after)
                humans.append(after)
        if humans:
            return humans[0]
        return act[0] if act else None

    def _first_after_simultaneous(self, act: list[str], forced: frozenset = frozenset()) -> str | None:
        """The role who decides first once the simultaneous step now waiting on `act` is over, found
        by playing on, on a copy, with each role's first legal answer (a step whose only answer is
        of a `forced` type is made by the program, nobody sits down for it: played through too).
        A public decision counts: its player comes to the screen to make it.  Cached per position."""
        st = self.state
        key = (len(st["log"]), tuple(act), st["flow"][-1]["name"] if st["flow"] else None)
        if self._after_cache and self._after_cache[0] == key:
            return self._after_cache[1]
        found = None
        try:
            cur = st
            frame = key[2]
            for _ in range(300):
                roles = door.active_roles(cur)
                name = cur["flow"][-1]["name"] if cur["flow"] else None
                if not roles:
                    break
                r = roles[0]
                acts = [a for a in door.legal_actions(cur, r)
                        if a["type"] not in ("undo", "transfer", "cancel_subsidy")]
                if not acts:
                    break
                over = name != frame or any(x not in act for x in roles)
                if over and not (len(acts) == 1 and acts[0]["type"] in forced):
                    found = r
                    break
                done = [a for a in acts if a["type"] == "done"]
                a = (done or acts)[0]
                if any(v == "choose" for v in a.values()):
                    a = selfplay.fill(a, cur, {"rng": rng.seed_state(1)})
                cur = door.apply(cur, r, a)
        except IllegalAction:
            found = None
        self._after_cache = (key, found)
        return found

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

    def player_for(self, role: str):
        """The computer player of a seat (made on first use; a level change makes a new one)."""
        from maria.players import make_player
        seat = self.seats.get(role, Seat(role, "computer"))
        p = self.players.get(role)
        if p is None or getattr(p, "level", None) != seat.level:
            seed = ((self.record.seed or 0) * 131 + sorted(self.seats).index(role) if role in self.seats else 0)
            p = self.players[role] = make_player(seat.level, seed)
        return p

    def level_of(self, role: str) -> str | None:
        """The level of a computer seat (None: no such seat)."""
        seat = self.seats.get(role)
        return seat.level if seat else None

    def set_seat(self, role: str, kind: str, level: str | None = None) -> None:
        """Take over a seat (human) or hand it to the computer, at any moment."""
        seat = self.seats.get(role) or Seat(role)
        self.seats[role] = Seat(role, kind, level or seat.level)
        if self.thinker is not None and self.thinker.role == role:
            self.thinker.cancel()
            self.thinker = None

    def computer_step(self, role: str) -> dict:
        """One computer action, synchronously (tests, headless tools)."""
        seat = self.seats.get(role)
        if seat is not None and seat.level in ("easy", "normal", "hard"):
            from maria.players import decide
            a = decide(self.state, role, self.player_for(role))
            self.apply(role, a)
            return a
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
        return fortress_counts(state or self.state)

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
    def add_note(self, who: str, text: str) -> None:
        text = text.strip()
        if text:
            self.notes.append({"turn": self.state["turn"], "who": who, "text": text})

    def save(self, path) -> Path:
        path = Path(path)
        save_game(path, self.record)
        save_notes(path, self.notes)
        self.path = path
        return path

    def autosave(self) -> Path | None:
        """Write saves/autosave.yaml (Continue last game); never raises.  A failure (a full or
        read-only disk...) is kept in `autosave_problem`, in player words, for the board to show at
        once; the next autosave (the next hand-off) tries again and clears it when it works."""
        p = autosave_path(self.record)
        try:
            save_game(p, self.record)
            save_notes(p, self.notes)
            prune_autosaves()
        except Exception as exc:  # noqa: BLE001
            self.autosave_problem = autosave_failure(exc)
            return None
        self.autosave_problem = None
        return p


def autosave_failure(exc: BaseException, worded: tuple = (SaveError,)) -> str:
    """Why an autosave failed, in player words (both games' autosaves say it so): the message of
    a save error (`worded`: MARIA's SaveError, FRIEDRICH's FSaveError), else the error's kind."""
    why = str(exc) if isinstance(exc, worded) else \
        f"{type(exc).__name__}: {getattr(exc, 'strerror', None) or exc}"
    return (f"Autosave failed: {why} It is tried again at the next hand-off; "
            "use Save game to save elsewhere.")


# --- autosaves: one file per game, the last few games kept ------------------------------------------
AUTOSAVES_KEPT = 5


def autosave_path(record) -> Path:
    """The autosave of this game: "autosave-<when the game was created>.yaml" (a new game never
    overwrites another game's autosave)."""
    from maria.ui.settings import saves_dir
    stamp = "".join(ch if ch.isalnum() else "-" for ch in (record.created or "game"))[:32].strip("-")
    return saves_dir() / f"autosave-{stamp}.yaml"


def autosaves() -> list[Path]:
    """The autosaves on disk, newest first (regular files only)."""
    from maria.saves import list_saves
    from maria.ui.settings import saves_dir
    found = []
    for p, why in list_saves(saves_dir()):
        if why is None and p.name.startswith("autosave"):
            try:
                found.append((p.stat().st_mtime, p.name, p))
            except OSError:
                pass
    # newest first; within one clock tick the name (the game's creation time) decides
    return [p for _, _, p in sorted(found, reverse=True)]


def prune_autosaves(keep: int = AUTOSAVES_KEPT) -> None:
    """Keep the newest `keep` autosaves (and their notes); never raises."""
    for p in autosaves()[keep:]:
        for q in (p, notes_path(p)):
            try:
                q.unlink()
            except OSError:
                pass


# --- the shared notes: a sidecar YAML next to the save ---------------------------------------------
# maria.saves writes a fixed document (save_game takes no extra keys), and the notes are not rules
# state, so they live in "<save name>.notes.yml" beside the save ("autosave.notes.yml" for the
# autosave).  The .yml ending keeps them out of the load list (which shows *.yaml).

def notes_path(save_path) -> Path:
    p = Path(save_path)
    return p.with_name(p.stem + ".notes.yml")


def save_notes(save_path, notes: list) -> None:
    import yaml
    from maria import yamlio
    p = notes_path(save_path)
    if not notes:
        if p.exists():
            try:
                p.unlink()
            except OSError:
                pass
        return
    text = yaml.safe_dump({"notes": [dict(n) for n in notes]}, allow_unicode=True, sort_keys=False)
    yamlio.write_atomic(p, text)


MAX_NOTES_BYTES = 1024 * 1024


def load_notes(save_path) -> list:
    """The notes saved beside a game.  A damaged or unreadable sidecar (not a regular file, not
    UTF-8, not YAML, nested too deep, wrong types) gives no notes and one line on stderr: the notes
    are a nicety and must never make the game itself unloadable."""
    import sys

    import yaml

    from maria import yamlio
    p = notes_path(save_path)
    if not p.exists() and not p.is_symlink():
        return []
    try:
        doc = yamlio.load_text(yamlio.read_text(p, MAX_NOTES_BYTES))
        out = []
        items = doc.get("notes", []) if isinstance(doc, dict) else None
        if not isinstance(items, list):
            raise ValueError("it is not a list of notes")
        for n in items:
            if isinstance(n, dict) and isinstance(n.get("text"), str):
                turn = n.get("turn", "?")
                if not (isinstance(turn, int) and not isinstance(turn, bool)) and not isinstance(turn, str):
                    turn = "?"
                who = n.get("who", "?")
                out.append({"turn": turn if not isinstance(turn, str) else turn[:20],
                            "who": (who if isinstance(who, str) else "?")[:40], "text": n["text"][:500]})
        return out
    except (OSError, yaml.YAMLError, ValueError) as exc:
        why = " ".join(yamlio.describe(exc).split())
        print(f"MARIA: the notes file {p.name} is damaged ({why}): it is ignored.", file=sys.stderr)
        return []
