"""FRIEDRICH saved games (2005 rules, §1 set-up: players, seed): a YAML file like MARIA's
(maria.record.saves), told apart by `game: friedrich`.

    format: maria-save / schema / rules_version
    game: friedrich
    players / seed / options / seats (who played each role: human or computer)
    created / saved, preview (turn, over: what the Load screen lists), digest (sha256 of the
    state), log_digest (of the actions)
    actions: [{role, action}, ...]
    state: {...}
    end: maria-save

The same guards as MARIA's saves: read through maria.yamlio (size, depth and value bounds, plain
data only), written atomically (maria.yamlio.write_atomic), both check codes verified, and the
action log replayed from the seed through FRIEDRICH's door must lead to exactly the saved
position, so a loaded save never holds a position the rules did not make.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from maria import __version__, version_tuple, yamlio
from maria.games.friedrich.rules import door
from maria.record.files import SaveFileError

SAVE_FORMAT = "maria-save"
GAME = "friedrich"
SCHEMA = 1
# Derived from what FRIEDRICH writes, as MARIA's (maria.record.saves): the largest save of long random
# games of every set-up, undo snapshots kept (tools/save_bounds.py, 4 games each), is 2,215,986
# bytes and 123,964 values (advanced rules, 4 players, a long movement stage), the longest log
# 3,111 actions; each bound is at least twice that.
MAX_BYTES = 5 * 1024 * 1024
MAX_VALUES = 250_000
MAX_ACTIONS = 20_000


class FSaveError(SaveFileError):
    """A FRIEDRICH save cannot be written or read; the message says why in player terms."""


def canonical(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(data) -> str:
    return hashlib.sha256(canonical(data).encode("utf-8")).hexdigest()


@dataclass
class FRecord:
    """A FRIEDRICH game: its set-up, every action taken, the current state."""

    game = GAME  # (not a field) what the crash handler's emergency save asks
    players: int
    seed: int
    options: dict
    actions: list = field(default_factory=list)  # [{"role", "action"}]
    state: dict | None = None
    seats: dict = field(default_factory=dict)  # role -> {"kind", "level"}
    created: str = ""

    @classmethod
    def new(cls, players: int, seed: int, options: dict | None = None, seats: dict | None = None) -> "FRecord":
        from maria.record.game import now_iso

        opts = dict(options or {})
        return cls(players, int(seed), opts, [], door.new_game(players, int(seed), opts), dict(seats or {}), now_iso())

    def apply(self, role: str, action: dict) -> None:
        """Take `action` (IllegalAction leaves the record unchanged)."""
        new = door.apply(self.state, role, action)
        self.actions.append({"role": role, "action": json.loads(json.dumps(action))})
        self.state = new


def save_document(rec: FRecord, autosave: int | None = None) -> dict:
    """The data written to a save file; `autosave` marks an autosave (the program's count of
    autosaves written: how it knows its own autosaves, whatever their file names)."""
    from maria.record.game import now_iso

    doc = {
        "format": SAVE_FORMAT,
        "schema": SCHEMA,
        "game": GAME,
        "rules_version": __version__,
        "players": rec.players,
        "seed": rec.seed,
        "options": rec.options,
        "seats": rec.seats,
    }
    if autosave is not None:
        doc["autosave"] = int(autosave)
    doc.update(
        {
            "created": rec.created or now_iso(),
            "saved": now_iso(),
            "preview": preview_of(rec.state),  # what the Load screen lists (maria.record.files.read_header)
            "digest": digest(rec.state),
            "log_digest": digest(rec.actions),
            "actions": rec.actions,
            "state": rec.state,
            "end": SAVE_FORMAT,
        }
    )
    return doc


def save(path, rec: FRecord, autosave: int | None = None) -> Path:
    """Write `rec` atomically (the old file stays whole until the new one is complete)."""
    text = (
        "# FRIEDRICH saved game (MARIA digital edition). Checked when loaded: the log must\n"
        "# replay to the saved position.\n"
    ) + yamlio.dump_text(save_document(rec, autosave))
    try:
        yamlio.write_atomic(path, text)
        os.chmod(path, 0o644)
    except OSError as exc:
        raise FSaveError(f"The game cannot be saved to {path}: {exc.strerror or exc}.") from exc
    return Path(path)


def read_document(path) -> dict:
    """The checked-for-shape document of a save (no replay): FSaveError otherwise."""
    name = Path(path).name
    try:
        text = yamlio.read_text(path, MAX_BYTES)
        doc = yamlio.load_text(text, max_values=MAX_VALUES)
    except FileNotFoundError:
        raise FSaveError(f"There is no saved game at {path}.") from None
    except (OSError, yamlio.YAMLRefused, yaml.YAMLError) as exc:
        raise FSaveError(f"{name} cannot be read as a save ({getattr(exc, 'problem', exc)}).") from None
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT or doc.get("game") != GAME:
        raise FSaveError(f"{name} is not a FRIEDRICH save.")
    if doc.get("end") != SAVE_FORMAT:
        raise FSaveError(f"{name} is incomplete: it was cut off before its end.")
    check_header(name, doc)
    fl = yamlio.first_float(doc.get("actions"))
    if fl is not None:
        raise FSaveError(
            f"{name} is damaged: action {fl[0]} of the log holds the number {fl[1]!r}, "
            "with a decimal point, which a FRIEDRICH log never does."
        )
    acts = doc.get("actions")
    if (
        not isinstance(acts, list)
        or len(acts) > MAX_ACTIONS
        or not all(
            isinstance(a, dict) and isinstance(a.get("role"), str) and isinstance(a.get("action"), dict) for a in acts
        )
    ):
        raise FSaveError(f"{name} is damaged: its action log is not a list of role and action.")
    if (
        doc.get("players") not in (3, 4)
        or not isinstance(doc.get("seed"), int)
        or not isinstance(doc.get("options") or {}, dict)
        or not isinstance(doc.get("state"), dict)
    ):
        raise FSaveError(f"{name} is damaged: its set-up (players 3 or 4, seed, options) is not readable.")
    return doc


def check_seats(name: str, doc: dict) -> dict:
    """Who plays each role (maria.record.seats): a level this program does not have is refused at load,
    with the reason, not when that seat is to act."""
    from maria.games.friedrich.rules.setup import roles_for
    from maria.record.seats import SeatError, levels_of, check_seats as check

    try:
        return check(doc.get("seats"), list(roles_for(doc["players"])), levels_of("friedrich"), "easy")
    except SeatError as exc:
        raise FSaveError(f"{name} is damaged: {exc}.") from None


def check_header(name: str, doc: dict) -> None:
    """The header checked as MARIA's is (maria.record.saves): the save format and the program's version
    (a newer one is refused with the advice to update), the set-up's fields of their types, and
    the options, known names with true/false values (an unknown or mistyped one would switch rules
    on or off for the whole game)."""
    schema = doc.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise FSaveError(f"{name} is damaged: its save format number is missing or wrong.")
    if schema > SCHEMA:
        raise FSaveError(
            f"{name} was written by a newer version of MARIA (save format {schema}); this "
            f"version reads format {SCHEMA}. Update the program to open it."
        )
    ver = doc.get("rules_version")
    theirs = version_tuple(ver) if isinstance(ver, str) else None
    if theirs is None:
        raise FSaveError(f"{name} is damaged: it does not say which version of MARIA wrote it.")
    if theirs > version_tuple(__version__):
        raise FSaveError(
            f"{name} was written by a newer version of MARIA ({yamlio.shown(ver)}); this is "
            f"{__version__}. Update the program to open it."
        )
    for key, what in (("players", "3 or 4"), ("seed", "a whole number")):
        v = doc.get(key)
        if not isinstance(v, int) or isinstance(v, bool) or (key == "players" and v not in (3, 4)):
            raise FSaveError(f"{name} is damaged: '{key}' should be {what}, not {yamlio.shown(v)}.")
    for key in ("created", "saved"):
        if key in doc and not isinstance(doc[key], str):
            raise FSaveError(f"{name} is damaged: '{key}' should be a date, not {yamlio.shown(doc[key])}.")
    options = doc.get("options")
    if options is None:
        return
    if not isinstance(options, dict):
        raise FSaveError(f"{name} is damaged: 'options' should be a mapping, not {yamlio.shown(options)}.")
    from maria.games.friedrich.rules.state import OPTIONS

    for key, value in options.items():
        if key not in ("advanced", *OPTIONS):
            raise FSaveError(f"{name} is damaged: 'options' names an unknown option {yamlio.shown(key)}.")
        if not isinstance(value, bool):
            raise FSaveError(f"{name} is damaged: option '{key}' should be true or false, not {yamlio.shown(value)}.")


def load(path) -> FRecord:
    """Read, check and replay a FRIEDRICH save: FSaveError (and nothing changed) if anything is wrong."""
    name = Path(path).name
    doc = read_document(path)
    if digest(doc["state"]) != doc.get("digest"):
        raise FSaveError(f"{name} has been changed since it was saved: the position does not match its check code.")
    if digest(doc["actions"]) != doc.get("log_digest"):
        raise FSaveError(f"{name} has been changed since it was saved: the action log does not match its check code.")
    seats = check_seats(name, doc)
    rec = FRecord(
        doc["players"], doc["seed"], dict(doc.get("options") or {}), [], None, seats, str(doc.get("created", ""))
    )
    try:
        try:
            _replay(rec, doc["actions"], door.DOOR)
        except door.IllegalAction as exc:
            if exc.args[1].get("type") != "undo":
                raise
            # an older version let a battle's "stop" be taken back: its log may hold that undo,
            # which this version's rules refuse; the rest of the game is the same
            _replay(rec, doc["actions"], dataclasses.replace(door.DOOR, reversible_in=None))
    except door.IllegalAction as exc:
        raise FSaveError(
            f"{name}: action {exc.args[0] + 1} of its log is refused by the rules ({exc.args[2]})."
        ) from None
    except Exception as exc:
        raise FSaveError(f"{name} is damaged: it cannot be replayed ({type(exc).__name__}: {exc}).") from None
    if digest(rec.state) != doc["digest"] and digest(_position(rec.state)) != digest(_position(doc["state"])):
        raise FSaveError(f"{name}: the action log does not replay to the saved position.")
    return rec


def _replay(rec: FRecord, actions: list, rules) -> None:
    """Re-apply `actions` from the set-up with `rules` (a Door); IllegalAction(index, action,
    reason) on the first refusal."""
    rec.state, rec.actions = door.new_game(rec.players, rec.seed, rec.options), []
    for i, entry in enumerate(actions):
        try:
            new = rules.apply(rec.state, entry["role"], entry["action"])
        except door.IllegalAction as exc:
            raise door.IllegalAction(i, entry["action"], str(exc)) from None
        rec.actions.append({"role": entry["role"], "action": json.loads(json.dumps(entry["action"]))})
        rec.state = new


def _position(state: dict) -> dict:
    """The position without the game told in words (the log: an older version may word it
    differently) and without the take-back snapshots (an older version kept one after a battle's
    "stop"): a save that differs from its replay only there opens, as the replay."""
    return {k: v for k, v in state.items() if k not in ("log", "undo", "undo_role")}


def preview_of(state: dict) -> dict:
    """What the Load screen shows of a position, written in the header (as MARIA's, maria.record.saves.preview_of)."""
    return {"turn": int(state.get("turn") or 0), "over": bool(state.get("result"))}


def peek_header(header: dict) -> dict | None:
    """The save list's entry from a FRIEDRICH header with a preview (None if it has none, or one of
    the wrong shape: the whole file is read then)."""
    pv = header.get("preview")
    if not isinstance(pv, dict):
        return None
    turn, over = pv.get("turn"), pv.get("over")
    players, saved = header.get("players"), header.get("saved", "")
    if not (
        isinstance(turn, int)
        and not isinstance(turn, bool)
        and 0 <= turn <= 100
        and isinstance(over, bool)
        and isinstance(players, int)
        and not isinstance(players, bool)
        and 1 <= players <= 4
        and isinstance(saved, str)
    ):
        return None
    return {
        "game": "friedrich",
        "variant": "friedrich",
        "players": players,
        "turn": turn,
        "saved": saved[:40],
        "over": over,
        "to_act": [],
        "last_turn": 0,
    }


def write(path, rec: FRecord, autosave: int | None = None) -> None:
    """The save format's common entry (maria.record.files): write `rec` to `path`."""
    save(path, rec, autosave)


def read(path) -> FRecord:
    """The save format's common entry (maria.record.files): the checked record saved at `path`."""
    return load(path)


def peek_document(doc: dict) -> dict:
    """What the save list shows of a FRIEDRICH save's document."""
    st = doc.get("state") or {}
    return {
        "game": GAME,
        "variant": "friedrich",
        "players": int(doc.get("players") or 0),
        "turn": int(st.get("turn") or 0),
        "saved": str(doc.get("saved", "")),
        "over": bool(st.get("result")),
        "to_act": [],
        "last_turn": 0,
    }


def save_name(state: dict) -> str:
    """The name the Save screen offers for a FRIEDRICH position ("FRIEDRICH turn 2")."""
    return f"FRIEDRICH turn {state.get('turn', 1)}"


def kind_text(head: dict) -> str:
    """What the save list says of a FRIEDRICH save's set-up, from its header or its entry."""
    players = head.get("players")
    shown = str(players) if isinstance(players, int) and not isinstance(players, bool) else "?"
    return f"FRIEDRICH, {shown} players"


def progress_text(info: dict) -> str:
    """Where a FRIEDRICH save's game stands in the save list."""
    return "finished" if info["over"] else "in progress"
