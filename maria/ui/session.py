"""A game in progress as the desktop program holds it: the record (seed + actions + state), the
seats (human or computer per role), the fortress history for the game-over chart, autosave.

The record and the save files come from maria.record.game / maria.record.saves.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from maria.games.maria.rules import door
from maria.engine import rng
from maria.players import random_moves
from maria.games.maria.rules.state import IllegalAction, board_info
from maria.games.maria.rules.roles import ROLE_NAMES, role_name  # noqa: F401  (re-exported: the screens name roles so)

from maria.record import autosaves as autosaves_mod
from maria.record.game import GameRecord
from maria.record.saves import SaveError, load_game, save_game


def power_name(power: str) -> str:
    return power.replace("_", " ").title()


LEVEL_NAMES = {"random": "Random", "easy": "Easy", "normal": "Normal", "hard": "Hard"}


class Thinker:
    """One computer decision computed in a worker thread, so the window never freezes.

    The worker receives only the role's observation and legal actions (maria.players.decide);
    `progress` (0..1) feeds the thinking indicator; `result` is the chosen action once done."""

    def __init__(self, player, state: dict, role: str, decide=None):
        self.player, self.role = player, role
        self.state = state  # states are never mutated in place (door.apply copies)
        self.decide = decide  # decide(state, role, player); None: maria.players.decide
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
        except BaseException as e:  # reported to the UI thread, never lost
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
    kind: str = "human"  # "human" | "computer"
    level: str = "easy"  # computer level: "random" | "easy" | "normal" | "hard"

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
    from maria.games.maria.rules.state import controller

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
            return None  # stale: think again
        try:
            self.apply(t.role, t.result)
        except Exception as exc:  # an illegal choice is the player's failure too
            self.computer_failure = (t.role, exc)
            return None
        return t.result


def autosave_failure(exc: BaseException, worded: tuple = (SaveError,)) -> str:
    """Why an autosave failed, in player words (both games' autosaves say it so): the message of
    a save error (`worded`: MARIA's SaveError, FRIEDRICH's FSaveError), else the error's kind."""
    why = str(exc) if isinstance(exc, worded) else f"{type(exc).__name__}: {getattr(exc, 'strerror', None) or exc}"
    return f"Autosave failed: {why} It is tried again at the next autosave; use Save game to save elsewhere."


# --- autosaves: one file per game, the last few games kept (maria.record.autosaves) ----------------------
AUTOSAVES_KEPT = autosaves_mod.KEPT


def autosaves(game: str | None = None) -> list[Path]:
    """The autosaves on disk (of `game`, if given), newest first, known by their mark."""
    from maria.ui.settings import saves_dir

    return [a.path for a in autosaves_mod.listing(saves_dir()) if game is None or a.game == game]


class Autosaving:
    """Autosave for both games' sessions: at every hand-off, at the end of every stage (a solo
    game has no hand-offs), at the game's end, on leaving it and when the program closes or is
    stopped (maria.ui.app's signal handlers).  A game with no human seat (a demo) is never
    autosaved: it must not push a player's game out of the last games.

    The session provides `record` (with `seats`, `created`, `seed`), `humans()`, `game`,
    `_write_autosave(path, record, count)` and `_autosave_label()` (variant, turn, role_name).
    `autosave()` writes at once and never raises; `autosave_soon()` writes a snapshot in a worker
    thread (a long game's save takes a noticeable fraction of a second to write), the newest
    snapshot winning; both keep `autosave_problem` (None: the last one worked) and `autosaved_at`
    (the time of the last autosave that worked)."""

    game = "maria"
    autosaves_enabled = True  # False: never autosaved (the replay viewer's copy)
    autosave_problem: str | None = None
    autosave_file: Path | None = None  # this game's autosave (it is renamed as the turns go by)
    autosaved_at: float | None = None  # time.time() of the last autosave that worked
    _autosave_key: tuple | None = None
    _autosave_worker: threading.Thread | None = None
    _autosave_next: tuple | None = None
    _autosave_running = False
    _autosave_lock = threading.Lock()  # one autosave written at a time, whatever the session
    _autosave_queue_lock = threading.Lock()

    _had_human = False

    def keeps_autosave(self) -> bool:
        """A game is autosaved once a human has played in it (a demo never is, even when every
        player of a real game has left the table to the computer)."""
        if not self.autosaves_enabled:
            return False
        if self.humans():
            self._had_human = True
        return self._had_human

    def _snapshot(self):
        import copy

        rec = copy.copy(self.record)
        rec.actions = list(self.record.actions)
        rec.seats = {r: dict(v) for r, v in self.seat_dicts().items()}
        return rec, [dict(n) for n in getattr(self, "notes", [])]

    def autosave(self) -> Path | None:
        """Write this game's autosave now (after any autosave still being written); never raises."""
        self.wait_autosave()
        if not self.keeps_autosave():
            return None
        rec, notes = self._snapshot()
        self._autosave_key = self._stage_key()
        return self._autosave_write(rec, notes)

    def autosave_soon(self) -> None:
        """Autosave in a worker thread (nothing happens for a demo)."""
        if not self.keeps_autosave():
            return
        snap = self._snapshot()
        with self._autosave_queue_lock:
            self._autosave_next = snap
            start = not self._autosave_running
            self._autosave_running = True
        if start:
            self._autosave_worker = threading.Thread(target=self._autosave_loop, daemon=True)
            self._autosave_worker.start()

    def _autosave_loop(self) -> None:
        while True:
            with self._autosave_queue_lock:
                snap, self._autosave_next = self._autosave_next, None
                if snap is None:
                    self._autosave_running = False
                    return
            self._autosave_write(*snap)

    def autosave_text(self) -> str | None:
        """What the board says of the autosave: when the last one was written, or that it failed
        (None for a game that is never autosaved: a demo, the viewer)."""
        import time as _time

        if not self.keeps_autosave():
            return None
        if self.autosave_problem:
            return "Autosave failed: use Save game"
        if self.autosaved_at is None:
            return "Not autosaved yet"
        return f"Autosaved at {_time.strftime('%H:%M', _time.localtime(self.autosaved_at))}"

    def wait_autosave(self) -> None:
        """Let an autosave being written finish (before quitting, or writing another)."""
        w = self._autosave_worker
        if w is not None and w is not threading.current_thread():
            w.join()

    def autosave_at_stage_end(self) -> None:
        """Autosave (in the background) when a stage has ended since the last autosave."""
        key = self._stage_key()
        if key != self._autosave_key:
            self._autosave_key = key
            self.autosave_soon()

    def _stage_key(self) -> tuple:
        st = self.state
        return (st.get("turn"), st.get("stage"), st.get("phase"), bool(st.get("result")))

    def _autosave_write(self, rec, notes) -> Path | None:
        import time as _time

        from maria.ui.settings import saves_dir

        folder = saves_dir()
        ident = autosaves_mod.identity(self.game, rec.created, rec.seed)
        variant, turn, name_of = self._autosave_label(rec)
        try:
            with self._autosave_lock:
                folder.mkdir(parents=True, exist_ok=True)
                name = autosaves_mod.file_name(self.game, variant, turn, rec.seats, name_of)
                p = autosaves_mod.path_for(folder, name, ident)
                count = autosaves_mod.next_count(folder)
                self._write_autosave(p, rec, notes, count)
                autosaves_mod.forget_previous(self.autosave_file, p, ident, notes_path)
                self.autosave_file = p
                autosaves_mod.prune(folder, current=p, sidecar=notes_path)
        except Exception as exc:  # an autosave never stops the game: it says why
            self.autosave_problem = autosave_failure(exc, self._save_errors())
            return None
        self.autosave_problem = None
        self.autosaved_at = _time.time()
        return p

    def _save_errors(self) -> tuple:
        return (SaveError,)

    def adopt_autosave(self, path) -> None:
        """A game opened from one of its own autosaves goes on writing to that file."""
        a = autosaves_mod._entry(Path(path))
        if a is not None and a.identity == autosaves_mod.identity(self.game, self.record.created, self.record.seed):
            self.autosave_file = Path(path)


@dataclass
class Session(ComputerTurns, Autosaving):
    record: object
    seats: dict[str, Seat]
    path: Path | None = None
    history: list = field(default_factory=list)  # [(turn, {power: fortresses})]
    chooser: dict = field(default_factory=dict)
    players: dict = field(default_factory=dict)  # role -> computer player (maria.players)
    thinker: Thinker | None = None
    notes: list = field(default_factory=list)  # shared negotiation notes (R21), not rules state
    autosave_problem: str | None = None  # why the last autosave failed (None: it worked)
    computer_failure: tuple | None = None  # (role, exception): a computer player raised
    _after_cache: tuple | None = None  # next_role's look past a simultaneous step

    @classmethod
    def new(cls, variant="intro", players=3, seed=0, seats=None, options=None) -> "Session":
        rec = GameRecord.new(variant=variant, players=players, seed=seed, options=options)
        seats = {s.role: s for s in (seats or default_seats(players))}
        s = cls(rec, seats)
        rec.seats = s.seat_dicts()
        s.chooser = {"rng": rng.seed_state(seed ^ 0xC0FFEE)}
        s.note_history()
        return s

    @classmethod
    def load(cls, path, seats: dict | None = None) -> "Session":
        history: list = []

        def note(st: dict) -> None:  # the load replays the log anyway: collect the history there
            if not history or history[-1][0] != st["turn"]:
                history.append((st["turn"], fortress_counts(st)))

        rec = load_game(path, on_state=note)  # raises SaveError with a player-readable message
        players = rec.state["players"]
        # the seats the save recorded (maria.record.seats checked them), else every seat human
        saved = {r: Seat(r, d["kind"], d["level"]) for r, d in (rec.seats or {}).items()}
        seats = seats or saved or {s.role: s for s in default_seats(players)}
        s = cls(rec, seats, Path(path))
        rec.seats = s.seat_dicts()
        s.adopt_autosave(path)
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
                acts = [
                    a
                    for a in door.legal_actions(cur, r)
                    if a["type"] not in ("undo", "transfer", "cancel_subsidy", "offer_agreement")
                ]
                if not acts:
                    break
                over = name != frame or any(x not in act for x in roles)
                if over and not (len(acts) == 1 and acts[0]["type"] in forced):
                    found = r
                    break
                done = [a for a in acts if a["type"] == "done"]
                a = (done or acts)[0]
                if any(v == "choose" for v in a.values()):
                    a = random_moves.fill(a, cur, {"rng": rng.seed_state(1)})
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
            seed = (self.record.seed or 0) * 131 + sorted(self.seats).index(role) if role in self.seats else 0
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
        self.record.seats = self.seat_dicts()
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
        a = random_moves.random_action(self.state, role, self.chooser)
        if a["type"] == "undo":
            acts = [x for x in door.legal_actions(self.state, role) if x["type"] != "undo"]
            a = acts[rng.randbelow(self.chooser, len(acts))]
            if any(v == "choose" for v in a.values()):
                a = random_moves.fill(a, self.state, self.chooser)
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
            rec = GameRecord.new(
                variant=self.record.variant,
                players=self.record.players,
                seed=self.record.seed,
                options=self.record.options,
            )
            turn = None
            for a in self.record.actions:
                if rec.state["turn"] != turn:
                    turn = rec.state["turn"]
                    self.history.append((turn, self.fortress_counts(rec.state)))
                rec.apply(a["role"], a["action"])
        except Exception:  # a history is a nicety: never break loading for it
            pass
        self.note_history()

    # --- saving -----------------------------------------------------------------------------------
    def add_note(self, who: str, text: str) -> bool:
        """Add a note (R21); False when the notes are full (MAX_NOTES)."""
        text = text.strip()[:MAX_NOTE_CHARS]
        if not text:
            return True
        if len(self.notes) >= MAX_NOTES:
            return False
        self.notes.append({"turn": self.state["turn"], "who": who, "text": text})
        return True

    def save(self, path) -> Path:
        path = Path(path)
        self.record.seats = self.seat_dicts()
        save_game(path, self.record)
        save_notes(path, self.notes)
        self.path = path
        return path

    # --- autosave (Autosaving) -------------------------------------------------------------------
    def seat_dicts(self) -> dict:
        """The seats as a save records them (maria.record.seats): {role: {kind, level}}."""
        return {r: {"kind": seat.kind, "level": seat.level} for r, seat in self.seats.items()}

    def _autosave_label(self, rec) -> tuple:
        return rec.variant, rec.state["turn"], role_name

    def _write_autosave(self, path: Path, rec, notes: list, count: int) -> None:
        save_game(path, rec, autosave=count)
        save_notes(path, notes)


# --- the shared notes: a sidecar YAML next to the save ---------------------------------------------
# maria.record.saves writes a fixed document (save_game takes no extra keys), and the notes are not rules
# state, so they live in "<save name>.notes.yml" beside the save ("autosave.notes.yml" for the
# autosave).  The .yml ending keeps them out of the load list (which shows *.yaml).


def notes_path(save_path) -> Path:
    p = Path(save_path)
    return p.with_name(p.stem + ".notes.yml")


MAX_NOTES = 1000  # a game's notes (R21: table talk); the notes panel says when full
MAX_NOTE_CHARS = 500  # one note's text (the panel's typing stops at 300)
MAX_NOTES_BYTES = 1024 * 1024  # what load_notes reads: MAX_NOTES of the longest notes fit twice over


def _quoted(text: str) -> str:
    """`text` as one double-quoted YAML scalar on one line (PyYAML's emitter does the escaping).
    A "*" is written as its escape: maria.yamlio reads any "*" as a possible alias and then needs
    the slow exact scan, which a long notes file would fail."""
    import yaml

    quoted = yaml.safe_dump(str(text), default_style='"', width=10**9, allow_unicode=True).rstrip("\n")
    return quoted.replace("*", "\\x2a")


def save_notes(save_path, notes: list) -> None:
    """Write the notes beside the save: one line per field, every text double-quoted on its line, so
    that maria.yamlio bounds its depth at a glance and load_notes reads back whatever this writes
    (a note's brackets or quotes written in YAML's plain style would need the slow exact scan,
    which a long file fails).  No notes: no sidecar."""
    from maria import yamlio

    p = notes_path(save_path)
    if not notes:
        if p.exists():
            try:
                p.unlink()
            except OSError:
                pass
        return
    lines = ["notes:"]
    for n in notes:
        turn = n.get("turn", "?")
        lines.append(
            f"- turn: {turn}"
            if isinstance(turn, int) and not isinstance(turn, bool)
            else f"- turn: {_quoted(str(turn)[:20])}"
        )
        lines.append(f"  who: {_quoted(str(n.get('who', '?'))[:40])}")
        lines.append(f"  text: {_quoted(str(n.get('text', ''))[:MAX_NOTE_CHARS])}")
    yamlio.write_atomic(p, "\n".join(lines) + "\n")


def load_notes(save_path) -> list:
    """The notes saved beside a game, through maria.yamlio's guarded loader.  A sidecar that cannot be
    read (not a regular file, not UTF-8, not YAML, too large, wrong types) gives no notes, one line
    on stderr, and is kept aside as "<name>.notes.refused.yml", never deleted: the next save would
    otherwise replace it."""
    import sys

    import yaml

    from maria import yamlio

    p = notes_path(save_path)
    if not p.exists() and not p.is_symlink():
        return []
    try:
        text = yamlio.read_text(p, MAX_NOTES_BYTES)
        doc = yamlio.load_text(text)
        out = []
        items = doc.get("notes", []) if isinstance(doc, dict) else None
        if not isinstance(items, list):
            raise ValueError("it is not a list of notes")
        for n in items[:MAX_NOTES]:
            if isinstance(n, dict) and isinstance(n.get("text"), str):
                turn = n.get("turn", "?")
                if not (isinstance(turn, int) and not isinstance(turn, bool)) and not isinstance(turn, str):
                    turn = "?"
                who = n.get("who", "?")
                out.append(
                    {
                        "turn": turn if not isinstance(turn, str) else turn[:20],
                        "who": (who if isinstance(who, str) else "?")[:40],
                        "text": n["text"][:MAX_NOTE_CHARS],
                    }
                )
        return out
    except (OSError, yaml.YAMLError, ValueError) as exc:
        why = " ".join(yamlio.describe(exc).split())
        aside = _keep_aside(p)
        where = f" it is kept as {aside.name}" if aside else " it is left as it is"
        print(
            f"MARIA: the notes file {p.name} is damaged ({why}):{where}, and the game opens without notes.",
            file=sys.stderr,
        )
        return []


def _keep_aside(p: Path) -> Path | None:
    """Rename a refused notes file out of the way of the next save; None if it cannot be moved (a
    link, a folder... or no permission: then the next save cannot replace it either)."""
    import os

    if p.is_symlink() or not p.is_file():
        return None
    for i in range(1, 100):
        q = p.with_name(p.name[: -len(".notes.yml")] + (".notes.refused.yml" if i == 1 else f".notes.refused-{i}.yml"))
        if not q.exists():
            try:
                os.replace(p, q)
                return q
            except OSError:
                return None
    return None
