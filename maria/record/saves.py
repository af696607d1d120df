"""Saved games: one YAML file per game, written atomically, read with the safe loader and checked.

A save holds the set-up (variant, players, seed, options), the action log and a snapshot of the
current state, with check codes (sha256) of both, so a damaged or edited file is refused with a
message a player can act on instead of reaching the rules:

    # MARIA saved game ...
    format: maria-save
    schema: 1                  # the layout of this file (SAVE_SCHEMA)
    rules_version: 0.2.0       # the program that wrote it (maria.__version__)
    variant / players / seed / options
    seats: {role: {kind, level}}   # who plays each role (maria.record.seats); absent: every seat human
    autosave: <n>              # only in autosaves: the program's count of autosaves written
    created / saved            # UTC timestamps
    digest: <sha256>           # of the canonical dump of `state` (maria.record.replay.state_digest)
    log_digest: <sha256>       # of the canonical dump of `actions`
    preview: {turn, over, to_act}   # what the Load screen lists, read from the header alone
    failure: {...}             # only in fuzzer failure files: the action that failed and why
    actions: [{role, action}, ...]
    state: {...}
    end: maria-save            # last line: a file cut short is recognised as such

Loading (`load_game`) checks, in order: a regular file (not a FIFO, device or dangling link),
size (MAX_BYTES), text encoding, nesting depth and YAML syntax (maria.yamlio's guarded loader),
plain data only (no tags, dates or YAML references), the header (format, schema, version), the
field types and options, the log's shape, both check codes, the state's consistency
(maria.games.maria.invariants), and finally that the action log, replayed from the seed and options,
leads to exactly the saved position (so an accepted save never holds a position the rules did not
make).  Any other surprise while checking is reported as a damaged file, never raised.
`load_game(path, replay=True)` and `python -m maria replay FILE` also check every intermediate
state.
Loading never writes anything.  Saving (`save_game`) never leaves a partial file: the new file is
written beside the old one and renamed over it only once complete (maria.yamlio.write_atomic).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import yaml

from maria import __version__, games, version_tuple, yamlio
from maria.record.files import SaveFileError
from maria.record.game import GameRecord, now_iso
from maria.record.replay import ReplayError, canonical_dump, state_digest, strict_equal
from maria.record.replay import replay as replay_record
from maria.games.maria.invariants import check_state

SAVE_FORMAT = "maria-save"
GAME = "maria"  # the registry's name of the game this format saves (maria.games)
SAVE_SCHEMA = 1
RULES_VERSION = __version__
# What a save may cost to read, derived from what MARIA writes: the largest save of long random
# games of every set-up, undo snapshots kept as in a game saved mid-turn (tools/save_bounds.py,
# 4 games each) is 892,669 bytes and 46,318 values (advanced, 2 players, mid-movement), the
# longest log 1,531 actions; the recorded set's longest game (1,779 actions) saves to 290 KB.  Each
# bound is at least twice the largest measured (tests/ui/test_load_screen.py opens that save from
# the Load screen).  Reading is dominated by the YAML parser building Python objects (about 1 s per
# MB here) and the replay of the log (about 70 us an action): the bounds keep a hostile file to a
# few seconds and a few tens of MB, off the window's thread (maria.ui.loading).
MAX_BYTES = 2 * 1024 * 1024
MAX_VALUES = 120_000  # lines + commas (yamlio's cheap count, before the parser runs)
MAX_ACTIONS = 10_000
END_MARK = "maria-save"
_HEX64 = re.compile(r"^[0-9a-f]{64}$")


class SaveError(SaveFileError):
    """A save cannot be written or read; the message says why in player terms.
    `problems` lists every problem found (the message shows the first ones)."""

    def __init__(self, message: str, problems: list[str] | None = None):
        super().__init__(message)
        self.problems = list(problems or [])


def _log_digest(actions) -> str:
    import hashlib

    return hashlib.sha256(canonical_dump(actions).encode("utf-8")).hexdigest()


def save_document(record: GameRecord, failure: dict | None = None, autosave: int | None = None) -> dict:
    """The data written to a save file (the record is not modified).  `autosave`: the autosave
    count of an autosave (how the program knows its own autosaves, whatever their file names)."""
    doc = {
        "format": SAVE_FORMAT,
        "schema": SAVE_SCHEMA,
        "rules_version": RULES_VERSION,
        "variant": record.variant,
        "players": record.players,
        "seed": record.seed,
        "options": record.options,
    }
    if record.seats:
        doc["seats"] = {r: dict(s) for r, s in record.seats.items()}
    if autosave is not None:
        doc["autosave"] = int(autosave)
    doc.update(
        {
            "created": record.created or now_iso(),
            "saved": now_iso(),
            "digest": state_digest(record.state),
            "log_digest": _log_digest(record.actions),
        }
    )
    doc["preview"] = preview_of(record.state)  # before the log: read_header reads it alone
    if failure is not None:
        doc["failure"] = failure
    doc["actions"] = record.actions
    doc["state"] = record.state
    doc["end"] = END_MARK
    return doc


def dump_save(record: GameRecord, failure: dict | None = None, autosave: int | None = None) -> str:
    header = (
        "# MARIA saved game. Edit at your own risk: the file is checked when it is loaded\n"
        "# and refused if the position or the log no longer match their check codes.\n"
    )
    return header + yamlio.dump_text(save_document(record, failure, autosave))


def save_game(path, record: GameRecord, *, failure: dict | None = None, autosave: int | None = None) -> None:
    """Write `record` to `path` atomically: the old file (if any) stays whole until the new one is
    complete.  `failure` (fuzzer files only) records the action that failed and why; `autosave`
    marks an autosave (its count)."""
    try:
        text = dump_save(record, failure, autosave)
    except yaml.YAMLError as exc:
        raise SaveError(f"The game cannot be saved: it holds data a save cannot store ({exc}).") from exc
    try:
        mode = os.stat(path).st_mode & 0o777
    except OSError:
        mode = 0o644
    try:
        yamlio.write_atomic(path, text)
    except OSError as exc:
        raise SaveError(f"The game cannot be saved to {path}: {exc.strerror or exc}.") from exc
    try:
        os.chmod(path, mode)  # the temporary file was private (0600); keep the usual permissions
    except OSError:
        pass


# --- loading ---------------------------------------------------------------------------------


def load_game(path, *, replay: bool = False, on_state=None) -> GameRecord:
    """Read and check a save; return its GameRecord.  Raises SaveError (and changes nothing) for a
    missing, oversized, damaged, cut-off, foreign, newer, inconsistent or edited file.  The action
    log is always re-applied and must lead to the saved position; `replay=True` also checks every
    intermediate state; `on_state(state)` sees the state before each action of that replay."""
    return load_save(path, replay=replay, on_state=on_state)[0]


def load_save(path, *, replay: bool = False, on_state=None) -> tuple[GameRecord, dict]:
    """Like load_game, also returning the whole checked document (e.g. its `failure` entry)."""
    name = Path(path).name
    try:
        text = yamlio.read_text(path, MAX_BYTES)
    except FileNotFoundError:
        raise SaveError(f"There is no saved game at {path}.") from None
    except yamlio.NotRegularFile as exc:
        raise SaveError(f"{name} is not a MARIA save: it {exc.strerror}.") from None
    except OSError as exc:
        raise SaveError(f"{name} cannot be read: {exc.strerror or exc}.") from None
    except yamlio.YAMLRefused as exc:
        if "UTF-8" in exc.problem:
            raise SaveError(f"{name} is not a MARIA save: it is not a text file (or it is damaged).") from None
        raise SaveError(
            f"{name} is not a MARIA save: {exc.problem}; saves are never larger than {MAX_BYTES // 1024:,} KB."
        ) from None
    if not text.strip():
        raise SaveError(f"{name} is empty: it is not a saved game (was the save interrupted?).")
    try:
        doc = yamlio.load_text(text, max_values=MAX_VALUES)
    except yamlio.YAMLRefused as exc:
        raise SaveError(f"{name} is damaged: {exc.problem}.") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" near line {mark.line + 1}" if mark is not None else ""
        raise SaveError(f"{name} is damaged: it cannot be read as a save{where}.") from None
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise SaveError(f"{name} is not a MARIA save (it does not start with 'format: {SAVE_FORMAT}').")
    if doc.get("game", GAME) not in games.names():
        raise SaveError(
            f"{name} is damaged: its 'game' should be {' or '.join(games.names())}, not "
            f"{yamlio.shown(doc.get('game'))}."
        )
    if doc.get("game", GAME) != GAME:
        # a save names its game (`game: friedrich`); one without the field is MARIA's (older saves)
        raise SaveError(
            f"{name} is a {str(doc.get('game')).upper()} save, not a MARIA game: open it from the "
            "Load screen, which opens each save with its own game."
        )
    _check_header(name, doc)
    if doc.get("end") != END_MARK:
        raise SaveError(f"{name} is incomplete: it was cut off before its end (an interrupted copy or a full disk?).")
    if isinstance(doc.get("actions"), list) and len(doc["actions"]) > MAX_ACTIONS:
        raise SaveError(
            f"{name} is not a MARIA save: its log holds {len(doc['actions']):,} actions "
            f"(a game never needs more than {MAX_ACTIONS:,})."
        )
    problems = _plain_data_problems(doc)
    if problems:
        raise SaveError(f"{name} is damaged: {problems[0]}.", problems)
    fl = yamlio.first_float(doc.get("actions"))
    if fl is not None:
        raise SaveError(
            f"{name} is damaged: action {fl[0]} of the log holds the number {fl[1]!r}, "
            "with a decimal point, which a MARIA log never does."
        )
    try:
        _check_fields(name, doc)
        _check_options(name, doc)
        seats = _check_seats(name, doc)
        record = GameRecord(
            variant=doc["variant"],
            players=doc["players"],
            seed=doc["seed"],
            options=doc["options"],
            actions=doc["actions"],
            state=doc["state"],
            created=doc["created"],
            seats=seats,
        )
        _check_position(name, record, doc)
        # A save is its set-up plus its action log: the position must be the one the log produces
        # from the seed and options, so no accepted save can hold a position the rules never made
        # (one that would pass the checks above and crash the rules later).  `replay=True` also
        # checks every intermediate state.
        try:
            replay_record(record, check=replay, play_rules=False, on_state=on_state)
        except ReplayError as exc:
            ver = doc.get("rules_version")
            again = _same_but_wording(record) if ver != RULES_VERSION else None
            if again is not None:
                # an older version's save whose moves lead to the same position, told in older
                # words (e.g. "Louis Xv" before 0.2.1): nothing of the game differs, so it opens,
                # in this version's words
                record.state = again
                return record, doc
            if ver != RULES_VERSION:
                # not tampering: an older program's rules or log wording, which this one replays
                # differently (each rules correction changes some games)
                raise SaveError(
                    f"{name} was saved by MARIA {ver}, whose rules differ from this version's "
                    f"({RULES_VERSION}): its moves no longer lead to the saved position ({exc}). "
                    f"Open it with MARIA {ver}.",
                    [str(exc)],
                ) from None
            raise SaveError(
                f"{name}: the action log does not replay to the saved position: {exc}.", [str(exc)]
            ) from None
    except SaveError:
        raise
    except Exception as exc:  # any surprise in an edited file is a damaged file
        try:
            _check_digests(
                name,
                GameRecord(
                    variant=None, players=None, seed=None, options=None, actions=doc["actions"], state=doc["state"]
                ),
                doc,
            )
        except SaveError:
            raise
        except Exception:
            pass
        raise SaveError(
            f"{name} is damaged: it cannot be checked ({type(exc).__name__}: {' '.join(str(exc).split())[:200]})."
        ) from None
    return record, doc


def _same_but_wording(record: GameRecord) -> dict | None:
    """The replayed position if it equals the saved one apart from the log and the result's text
    (an older version's wording), else None."""
    try:
        mine = replay_record(record, check=False, compare=False)
    except ReplayError:
        return None

    def words_out(state: dict) -> dict:
        # the log is the game told in words: an older version may word it differently or tell
        # more or fewer things (a revealed card named); everything it tells is in the state
        out = {k: v for k, v in state.items() if k not in ("log", "undo", "result")}
        out["result"] = (
            {k: v for k, v in state["result"].items() if k != "reason"}
            if isinstance(state.get("result"), dict)
            else state.get("result")
        )
        out["undo"] = [{k: v for k, v in u.items() if k not in ("result", "log")} for u in state["undo"]]
        return out

    try:
        same = strict_equal(words_out(mine), words_out(record.state))
    except (AttributeError, TypeError, KeyError):
        return None
    return mine if same else None


_version_tuple = version_tuple


def _check_header(name: str, doc: dict) -> None:
    schema = doc.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise SaveError(f"{name} is damaged: its save format number is missing or wrong.")
    if schema > SAVE_SCHEMA:
        raise SaveError(
            f"{name} was written by a newer version of MARIA (save format {schema}); "
            f"this version reads format {SAVE_SCHEMA}. Update the program to open it."
        )
    ver = doc.get("rules_version")
    theirs = _version_tuple(ver) if isinstance(ver, str) else None
    if theirs is None:
        raise SaveError(f"{name} is damaged: it does not say which version of MARIA wrote it.")
    if theirs > _version_tuple(RULES_VERSION):
        raise SaveError(
            f"{name} was written by a newer version of MARIA ({ver}); this is "
            f"{RULES_VERSION}. Update the program to open it."
        )


def _plain_data_problems(doc) -> list[str]:
    """Only mappings with text keys, lists, texts, numbers, true/false and empty values; and no
    value shared between two places (YAML anchors/aliases, which saves never contain)."""
    seen: set[int] = set()
    out: list[str] = []
    stack = [(doc, "file")]
    while stack and len(out) < 5:
        x, where = stack.pop()
        if isinstance(x, (dict, list)):
            if id(x) in seen:
                out.append(f"{where} repeats another part of the file (YAML references are not used in saves)")
                continue
            seen.add(id(x))
            if isinstance(x, dict):
                for k, v in x.items():
                    if not isinstance(k, str):
                        out.append(f"{where} has a key {k!r} that is not a text")
                        continue
                    stack.append((v, f"{where}.{k}" if len(where) < 200 else where))
            else:
                for i, v in enumerate(x):
                    stack.append((v, f"{where}[{i}]" if len(where) < 200 else where))
        elif x is None or isinstance(x, (str, int, float)):  # bool is an int
            continue
        else:
            out.append(f"{where} holds a {type(x).__name__}, which a save never contains")
    return out


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_fields(name: str, doc: dict) -> None:
    wanted = {
        "variant": (str, "a text"),
        "players": (int, "2 or 3"),
        "seed": (int, "a whole number"),
        "options": (dict, "a mapping"),
        "created": (str, "a date"),
        "saved": (str, "a date"),
        "digest": (str, "a check code"),
        "log_digest": (str, "a check code"),
        "actions": (list, "a list of actions"),
        "state": (dict, "a game state"),
    }
    problems = []
    for key, (t, what) in wanted.items():
        if key not in doc:
            problems.append(f"'{key}' is missing")
        elif not isinstance(doc[key], t) or (t is int and not _is_int(doc[key])):
            problems.append(f"'{key}' should be {what}, not {type(doc[key]).__name__}")
    if "failure" in doc and not isinstance(doc["failure"], dict):
        problems.append("'failure' should be a mapping")
    if not problems:
        if doc["players"] not in (2, 3):
            problems.append(f"'players' should be 2 or 3, not {doc['players']}")
        for key in ("digest", "log_digest"):
            if not _HEX64.match(doc[key]):
                problems.append(f"'{key}' is not a check code (64 hexadecimal digits)")
        for i, e in enumerate(doc["actions"]):
            if (
                not isinstance(e, dict)
                or set(e) != {"role", "action"}
                or not isinstance(e["role"], str)
                or not isinstance(e["action"], dict)
                or not isinstance(e["action"].get("type"), str)
            ):
                problems.append(f"action {i} of the log is not a role with an action")
                break
    if problems:
        raise SaveError(f"{name} is damaged: {problems[0]}.", problems)


def _option_rules() -> dict:
    """option -> (type, allowed values or None): the options a game can be set up with."""
    from maria.games.maria.rules.setup import ADVANCED_OPTIONS, DEFAULT_OPTIONS, EXTRA_OPTIONS
    from maria.games.maria.invariants import MAX_TURN

    out = {k: (type(v), None) for k, v in {**DEFAULT_OPTIONS, **ADVANCED_OPTIONS, **EXTRA_OPTIONS}.items()}
    out["last_turn"] = (int, range(1, MAX_TURN + 1))
    out["charles_emmanuel_rule"] = (str, ("es", "fr"))
    out["pa_austria_stacking_consent"] = (str, ("ask", "always", "never"))
    return out


def _check_options(name: str, doc: dict) -> None:
    """The header's options: known names, each with a value of its kind (they steer the rules for
    the whole game, so a wrong one would only show up later, as a crash)."""
    rules = _option_rules()
    for key, value in doc["options"].items():
        if key not in rules:
            raise SaveError(f"{name} is damaged: 'options' names an unknown option {str(key)[:40]!r}.")
        kind, allowed = rules[key]
        ok = isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
        if not ok or (allowed is not None and value not in allowed):
            raise SaveError(f"{name} is damaged: option '{key}' has a wrong value ({str(value)[:40]!r}).")


def _check_seats(name: str, doc: dict) -> dict:
    """Who plays each role (maria.record.seats): a level the program does not have is refused here, not
    when that seat is to act."""
    from maria.games.maria.rules import door
    from maria.record.seats import SeatError, levels_of, check_seats

    if "autosave" in doc and not _is_int(doc["autosave"]):
        raise SaveError(f"{name} is damaged: its autosave mark should be a whole number.")
    if "seats" not in doc:
        return {}
    try:
        return check_seats(doc["seats"], list(door.ROLES[doc["players"]]), levels_of("maria"), "easy")
    except SeatError as exc:
        raise SaveError(f"{name} is damaged: {exc}.") from None


def _check_digests(name: str, record: GameRecord, doc: dict) -> None:
    """Before anything reads the position: an edit without new check codes stops here, whatever
    it broke (a wrong type must not reach the consistency checks)."""
    if state_digest(record.state) != doc["digest"]:
        raise SaveError(f"{name} has been changed since it was saved: the position does not match its check code.")
    if _log_digest(record.actions) != doc["log_digest"]:
        raise SaveError(f"{name} has been changed since it was saved: the action log does not match its check code.")


def _check_position(name: str, record: GameRecord, doc: dict) -> None:
    st = record.state
    for key in ("variant", "players", "seed"):
        if key in st and st[key] != doc[key]:
            raise SaveError(
                f"{name} is inconsistent: the header says {key} {doc[key]!r} but the saved position has {st[key]!r}."
            )
    problems = check_state(st, play_rules=False)
    if problems:
        more = f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''})" if len(problems) > 1 else ""
        raise SaveError(f"{name} holds an impossible position: {problems[0]}{more}.", problems)
    roles = set(st["roles"])
    for i, e in enumerate(record.actions):
        if e["role"] not in roles:
            raise SaveError(
                f"{name} is damaged: action {i} of the log is taken by {e['role']!r}, who is not a player of this game."
            )
    if state_digest(st) != doc["digest"]:
        raise SaveError(f"{name} has been changed since it was saved: the position does not match its check code.")
    if _log_digest(record.actions) != doc["log_digest"]:
        raise SaveError(f"{name} has been changed since it was saved: the action log does not match its check code.")


def preview_of(state: dict) -> dict:
    """What the Load screen shows of a position (its turn, whether it is over, who is to act),
    written in the save's header so that a listing reads a few KB of each file, never its log."""
    over = bool(state.get("result"))
    to_act: list[str] = []
    if not over:
        from maria.games.maria.rules import door

        try:
            to_act = [str(r) for r in door.active_roles(state)]
        except Exception:  # a display nicety: an odd state just shows no one
            to_act = []
    return {"turn": state.get("turn"), "over": over, "to_act": to_act}


def peek_header(header: dict) -> dict | None:
    """The save list's entry from a MARIA header with a preview (None if it has none, or one of the
    wrong shape: the whole file is read then).  Nothing of it is trusted beyond display: loading
    checks the file whole."""
    pv = header.get("preview")
    if not isinstance(pv, dict):
        return None
    turn, over, to_act = pv.get("turn"), pv.get("over"), pv.get("to_act", [])
    players, saved = header.get("players"), header.get("saved", "")
    if not (
        _is_int(turn)
        and 0 <= turn <= 100
        and isinstance(over, bool)
        and _is_int(players)
        and 1 <= players <= 4
        and isinstance(saved, str)
        and isinstance(to_act, list)
        and len(to_act) <= 4
        and all(isinstance(r, str) and len(r) <= 40 for r in to_act)
    ):
        return None
    variant = header.get("variant")
    opts = header.get("options") if isinstance(header.get("options"), dict) else {}
    last = opts.get("last_turn")
    last = last if _is_int(last) and 1 <= last <= 100 else (12 if variant == "advanced" else 9)
    if variant not in ("intro", "advanced"):
        return None
    return {
        "game": "maria",
        "variant": variant,
        "players": players,
        "turn": min(turn, last),
        "saved": saved[:40],
        "over": over,
        "to_act": [] if over else list(to_act),
        "last_turn": last,
    }


def peek_document(doc: dict) -> dict:
    """The save list's entry from a whole MARIA save document (a header without a preview)."""
    st = doc["state"]
    out = {
        "game": "maria",
        "variant": str(doc["variant"]),
        "players": int(doc["players"]),
        "turn": int(st["turn"]),
        "saved": str(doc.get("saved", "")),
        "over": bool(st.get("result")),
        "to_act": [],
    }
    opts = doc.get("options") if isinstance(doc.get("options"), dict) else {}
    out["last_turn"] = int(opts.get("last_turn") or (12 if out["variant"] == "advanced" else 9))
    out["turn"] = min(out["turn"], out["last_turn"])  # a finished game stops at its last turn
    if not out["over"]:
        from maria.games.maria.rules import door

        try:
            out["to_act"] = [str(r) for r in door.active_roles(st)]
        except Exception:
            out["to_act"] = []
    return out


def write(path, record: GameRecord, autosave: int | None = None) -> None:
    """The save format's common entry (maria.record.files): write `record` to `path`."""
    save_game(path, record, autosave=autosave)


def read(path) -> GameRecord:
    """The save format's common entry (maria.record.files): the checked record saved at `path`."""
    return load_game(path)


def save_name(state: dict) -> str:
    """The name the Save screen offers for a MARIA position ("Introductory turn 3")."""
    return f"{'Advanced' if state.get('variant') == 'advanced' else 'Introductory'} turn {state.get('turn', 1)}"


def kind_text(head: dict) -> str:
    """What the save list says of a MARIA save's set-up, from its header or its entry."""
    players = head.get("players")
    shown = str(players) if isinstance(players, int) and not isinstance(players, bool) else "?"
    return f"MARIA {'advanced' if head.get('variant') == 'advanced' else 'introductory'}, {shown} players"


def progress_text(info: dict) -> str:
    """Where a MARIA save's game stands in the save list: finished, or who is to act."""
    from maria.games.maria.rules.roles import role_name

    return "finished" if info["over"] else "to act: " + (", ".join(role_name(r) for r in info["to_act"]) or "—")
