"""YAML in and out: always the safe loader (the C one when available), never arbitrary objects.

Every YAML the program reads (saves, boards, settings, notes, political data) goes through
`load_text` / `load_file`, which guard the C loader (libyaml):

* libyaml builds nested collections by recursion in C, so a document nested ~25,000 levels deep
  (a 50 KB file of "[[[[...") overflows the C stack and kills the process without a message.  A
  pre-scan that never recurses and never calls libyaml measures the nesting first and refuses
  anything deeper than MAX_DEPTH levels (`YAMLRefused`, a yaml.YAMLError, naming the problem).
* YAML aliases (*name) can make a few lines stand for billions of values; MARIA files never use
  them, so a document with more than MAX_ALIASES of them is refused.
* A mapping that names a key twice is refused with both lines (YAML would keep the last one
  silently).
* A number too long for Python (int max str digits), or any other value error while building the
  data, becomes a YAMLRefused instead of an uncaught ValueError.
* `load_file` / `read_text` read regular files only (a FIFO would block forever, a device could
  be endless), without blocking, up to a size limit, and as UTF-8.

The pre-scan has a fast path, a proven upper bound on the depth, that clears every file MARIA
writes in well under a millisecond per 100 KB; only a document the bound cannot clear is
measured exactly with PyYAML's pure-Python parser (a state machine: no recursion either).
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import yaml

_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_BaseDumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class Dumper(_BaseDumper):  # type: ignore[misc,valid-type]
    """The safe dumper (libyaml's when available) that never writes anchors or aliases: a MARIA
    file is plain, self-contained data."""

    def ignore_aliases(self, data):
        return True


class _SafeLoader(_BaseLoader):  # type: ignore[misc,valid-type]
    """The safe loader, refusing a mapping that names a key twice: YAML keeps the last one silently,
    so a second `end:` line could hide a file cut short, a second `digest:` an edit."""

    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            seen: dict[tuple, int] = {}
            for key_node, _ in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    continue
                k = (key_node.tag, key_node.value)
                line = key_node.start_mark.line + 1 if key_node.start_mark else 0
                if k in seen:
                    raise YAMLRefused(
                        f"the key {_short(key_node.value)!r} appears twice (lines {seen[k]} "
                        f"and {line}); a file names each key once"
                    )
                seen[k] = line
        return super().construct_mapping(node, deep)


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


MAX_DEPTH = 200  # nesting levels; MARIA's own files use fewer than 15
MAX_ALIASES = 0  # MARIA never writes aliases; each one may stand for a huge subtree
MAX_VALUES = 1_000_000  # lines + commas, a bound on the values; a long game's save has ~20,000
MAX_EXACT_SCAN_CHARS = 100_000  # the exact scan (pure Python: 60-250 KB/s) reads this much at most
DEFAULT_MAX_BYTES = 20 * 1024 * 1024


class YAMLRefused(yaml.YAMLError):
    """A document refused before (or instead of) being built; `problem` says why in plain words."""

    def __init__(self, problem: str):
        super().__init__(problem)
        self.problem = problem
        self.problem_mark = None


class NotRegularFile(OSError):
    """The path names a FIFO, a device, a folder, a dangling link...: nothing MARIA can read."""

    def __init__(self, path: str | os.PathLike[str], what: str):
        super().__init__(0, what, str(path))
        self.strerror = what

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


# --- the pre-scan ------------------------------------------------------------------------------

# libyaml's line breaks (YAML 1.1): CR LF, CR, LF, NEL, LS, PS.
_BREAKS = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
# The run of block indicators at the start of a line ("- - ? key", "--- ", anchors and tags): the
# only places where a block collection can start (checked against both PyYAML and libyaml: an
# indicator after a key, a value or a scalar on the same line is an error).
_RUN_PART = re.compile(r"(?:---|[-?:])(?=[ \t]|$)|[&!][^ \t]*")
_BLANK = re.compile(r"[ \t]*")
_verdicts: dict[bytes, str | None] = {}  # sha256 of a text -> refusal (None: accepted)


# --- the line scanner: flow collections written on one line (the board files) ---------------------
# Accepts only lines it understands exactly (as libyaml reads them); anything else gives up (None)
# and the exact scan decides.  Giving up on every multi-line construct (a quoted text, a flow
# collection or a block text running onto the next line, a document marker) means that every
# line it accepts starts in block context, so its per-line flow depth is the real one.
_FLOW_TOKEN = re.compile(
    r"""
    (?P<ws>[ \t]+)
  | (?P<open>[\[{])
  | (?P<close>[\]}])
  | (?P<comma>,)
  | (?P<colon>:(?=[ \t]|$))
  | (?P<quoted>"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')
  | (?P<comment>(?<=[ \t])\#.*)
  | (?P<plain>(?:[^\s\-?:,\[\]{}#&*!|>'"%@`]|-(?=[^\s,\[\]{}]))(?:[^\s,\[\]{}:#'"]|[ \t]+(?=[^\s,\[\]{}:#'"]))*)
""",
    re.X,
)
_BLOCK_LINE = re.compile(
    r"(?P<indent> *)(?P<run>(?:-(?:[ \t]+|$))*)"
    r"(?:(?P<key>[A-Za-z0-9_][^:#'\"\[\]{},]*?):(?:[ \t]+|$))?(?P<value>.*)"
)
_QUOTED_ALONE = re.compile(r"""(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')[ \t]*(?:\#.*)?$""")
_PLAIN_START = re.compile(r"[^\s\-?:,\[\]{}#&*!|>'\"%@`]|-(?=\S)")


def _flow_depth(line: str, pos: int) -> int | None:
    """The deepest flow nesting of the flow collection starting at line[pos] (None: give up)."""
    depth = deepest = 0
    prev = "start"
    while pos < len(line):
        m = _FLOW_TOKEN.match(line, pos)
        if m is None:
            return None
        kind = m.lastgroup
        pos = m.end()
        if kind == "ws":
            continue
        if kind == "comment":
            break
        if depth == 0 and prev != "start":
            return None  # something after the collection: "[a]: b", "[a] x"
        if kind == "open":
            depth += 1
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                return None  # the exact scan says how deep, and stops there
        elif kind == "close":
            depth -= 1
            if depth < 0:
                return None
        elif kind in ("quoted", "plain") and prev in ("quoted", "plain", "close"):
            return None  # 'a"b"' is one plain text to YAML: do not guess
        prev = kind
    return deepest if depth == 0 and prev != "start" else None


def _line_flow_bound(lines: list[str]) -> int | None:
    """The deepest one-line flow collection, if every line is understood (None: give up)."""
    deepest = 0
    for line in lines:
        stripped = line.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith(("---", "...", "\t")) or len(line) > 5000:
            return None  # (a very long line: the exact scan, which has a budget)
        m = _BLOCK_LINE.match(line)
        value = m.group("value")
        vs = value.lstrip(" \t")
        if not vs or vs.startswith("#"):
            continue
        if vs[0] in "[{":
            d = _flow_depth(line, len(line) - len(vs))
            if d is None:
                return None
            deepest = max(deepest, d)
        elif vs[0] in "\"'":
            if not _QUOTED_ALONE.match(vs):
                return None
        elif _PLAIN_START.match(vs):
            text = vs.split(" #", 1)[0].split("\t#", 1)[0]
            if any(c in text for c in "\"'") or ": " in text or ":\t" in text or text.rstrip().endswith(":"):
                return None
        else:
            return None
    return deepest


def _fast_depth_bound(text: str) -> int | None:
    """An upper bound of the nesting depth, or None when no cheap bound exists.

    Flow collections: if every '[' is directly followed by ']' and every '{' by '}', no flow
    collection holds anything, so flow nesting is at most 1; if few are not, their count (plus one)
    bounds it; otherwise the line scanner may bound it (flow collections each written on one line).  Block
    collections: each one opens at a column strictly greater than its parent's (except an "indentless" sequence, at
    most one per mapping), and that column is always in the leading indicator run of some line; so the block
    depth is at most twice the number of distinct such columns."""
    lines = _BREAKS.split(text)
    # each flow level but the innermost is a non-empty collection, whose '[' or '{' is not
    # directly followed by its closer: their count bounds the flow depth (a few one-line flow
    # values in a large block document, e.g. a save's `game: [friedrich]`, are cleared by it)
    openers = text.count("[") - text.count("[]") + text.count("{") - text.count("{}")
    if openers:
        flow = openers + 1 if openers < MAX_DEPTH // 2 else _line_flow_bound(lines)
        if flow is None:
            return None
    else:
        flow = 1
    columns: set[int] = set()
    for line in lines:
        pos = _BLANK.match(line).end()
        if pos == len(line):
            continue
        columns.add(pos)
        while True:
            m = _RUN_PART.match(line, pos)
            if m is None:
                break
            pos = _BLANK.match(line, m.end()).end()
            if pos == m.end() and pos < len(line):
                break  # "-x" or "!tag[": not a separate indicator
            columns.add(pos)
            if len(columns) > MAX_DEPTH:
                return None
    return 2 * len(columns) + flow


class _ScanLoader(yaml.SafeLoader):
    """PyYAML's pure-Python scanner, stopping as soon as the open block indents plus the open flow
    collections (a lower bound of the depth) pass the limit: without this, 25,000 '[' cost the
    scanner's simple-key bookkeeping a second before the parser sees level 201."""

    max_depth = MAX_DEPTH

    def _too_deep(self) -> YAMLRefused:
        return YAMLRefused(f"nested deeper than {self.max_depth} levels (line {self.line + 1})")

    def fetch_flow_collection_start(self, TokenClass):  # PyYAML's name
        if self.flow_level + len(self.indents) >= self.max_depth:
            raise self._too_deep()
        return super().fetch_flow_collection_start(TokenClass)

    def add_indent(self, column):
        added = super().add_indent(column)
        if added and self.flow_level + len(self.indents) > self.max_depth:
            raise self._too_deep()
        return added


def _exact_check(text: str, max_depth: int, max_aliases: int) -> str | None:
    """Walk the parse events with PyYAML's pure-Python parser (no recursion, no libyaml)."""
    depth = aliases = 0
    parser = _ScanLoader(text)  # pure Python Reader/Scanner/Parser; we only pull events
    parser.max_depth = max_depth
    try:
        while parser.check_event():
            if parser.index > MAX_EXACT_SCAN_CHARS:
                return (
                    f"it is too large and too complex to check (more than "
                    f"{MAX_EXACT_SCAN_CHARS:,} characters of nested or indented data)"
                )
            ev = parser.get_event()
            if isinstance(ev, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > max_depth:
                    line = ev.start_mark.line + 1 if ev.start_mark else "?"
                    return f"nested deeper than {max_depth} levels (line {line})"
            elif isinstance(ev, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
            elif isinstance(ev, yaml.AliasEvent):
                aliases += 1
                if aliases > max_aliases:
                    return (
                        "it uses YAML references (aliases such as *name), which MARIA files never contain"
                        if max_aliases == 0
                        else f"it uses more than {max_aliases} YAML aliases"
                    )
    finally:
        parser.dispose()
    return None


def check_text(
    text: str, *, max_depth: int = MAX_DEPTH, max_aliases: int = MAX_ALIASES, max_values: int = MAX_VALUES
) -> None:
    """Raise YAMLRefused if `text` is nested too deeply or uses too many aliases (or is not valid
    YAML, when the exact scan was needed); return quietly otherwise.  Never recurses, never calls
    libyaml."""
    if text.startswith("\ufeff"):
        text = text[1:]
    values = text.count("\n") + text.count(",") + text.count("\r")
    if values > max_values:
        raise YAMLRefused(f"it holds too many values (about {values:,}; at most {max_values:,})")
    if max_aliases > 0 or "*" not in text:
        bound = _fast_depth_bound(text)
        if bound is not None and bound <= max_depth:
            return
    key = hashlib.sha256(f"{max_depth}/{max_aliases}/".encode() + text.encode("utf-8", "surrogatepass")).digest()
    if key in _verdicts:
        verdict = _verdicts[key]
    else:
        big = len(text) > MAX_EXACT_SCAN_CHARS
        try:
            # a big document is measured on its beginning only (one long text alone would cost
            # the pure-Python scanner seconds): deep there, or refused as too complex to check
            verdict = _exact_check(text[:MAX_EXACT_SCAN_CHARS] if big else text, max_depth, max_aliases)
            if big and verdict is None:
                verdict = (
                    f"it is too large and too complex to check (more than "
                    f"{MAX_EXACT_SCAN_CHARS:,} characters of nested or indented data)"
                )
        except YAMLRefused as exc:
            verdict = exc.problem
        except yaml.YAMLError:
            if not big:
                raise  # a syntax error: the caller says where
            verdict = (
                f"it is too large and too complex to check (more than "
                f"{MAX_EXACT_SCAN_CHARS:,} characters of nested or indented data)"
            )
        except (ValueError, RecursionError, MemoryError) as exc:
            verdict = f"it cannot be read ({type(exc).__name__})"
        if len(_verdicts) > 256:
            _verdicts.clear()
        _verdicts[key] = verdict
    if verdict is not None:
        raise YAMLRefused(verdict)


def describe(exc: BaseException) -> str:
    """One line saying why a file could not be read (for warnings and problem lists)."""
    if isinstance(exc, YAMLRefused):
        return exc.problem
    if isinstance(exc, yaml.YAMLError):
        mark = getattr(exc, "problem_mark", None)
        reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        return f"not valid YAML: {reason}" + (f" (line {mark.line + 1})" if mark is not None else "")
    if isinstance(exc, OSError):
        return f"it {exc.strerror}" if isinstance(exc, NotRegularFile) else f"it cannot be read ({exc.strerror or exc})"
    return " ".join(str(exc).split()) or type(exc).__name__


def shown(value: Any) -> str:
    """A value read from a file, short, for a message: a text quoted (cut past 40 characters: never
    a whole 500 KB text), a list or a mapping named by its kind."""
    text = f"a {type(value).__name__}" if isinstance(value, (list, dict)) else repr(value)
    return text if len(text) <= 42 else text[:39] + "..."


def first_float(data: Any) -> tuple[int, float] | None:
    """(index, value) of the first item of the list `data` holding a number with a decimal point
    anywhere inside it (None if none does).  The games' action logs never hold one: a whole number
    of a log edited into an equal float (2 -> 2.0) would pass the rules' equality checks and carry
    its wrong type into the game."""
    for i, item in enumerate(data if isinstance(data, list) else []):
        stack = [item]
        while stack:
            x = stack.pop()
            if isinstance(x, float):
                return i, x
            if isinstance(x, dict):
                stack.extend(x.values())
            elif isinstance(x, list):
                stack.extend(x)
    return None


def load_text(
    text: str, *, max_depth: int = MAX_DEPTH, max_aliases: int = MAX_ALIASES, max_values: int = MAX_VALUES
) -> Any:
    """Parse YAML text with the safe loader, after the pre-scan (see the module text).  Raises
    yaml.YAMLError (YAMLRefused for a refused document) and nothing else for bad input."""
    check_text(text, max_depth=max_depth, max_aliases=max_aliases, max_values=max_values)
    try:
        return yaml.load(text, Loader=_SafeLoader)
    except yaml.YAMLError:
        raise
    except ValueError as exc:  # e.g. an integer longer than int max str digits
        msg = str(exc)
        if "digits" in msg:
            raise YAMLRefused(
                "it holds a number too long to read (more than "
                f"{sys.get_int_max_str_digits() if hasattr(sys, 'get_int_max_str_digits') else 4300} "
                "digits)"
            ) from None
        raise YAMLRefused(f"it holds a value that cannot be read ({msg[:120]})") from None
    except (TypeError, OverflowError, RecursionError, MemoryError) as exc:
        raise YAMLRefused(f"it cannot be read ({type(exc).__name__})") from None


def read_start(path: str | os.PathLike[str], n: int) -> bytes:
    """At most the first `n` bytes of a regular file (the header of a save, say), with read_text's
    guards: NotRegularFile for a FIFO, a device, a folder or a dangling link, never blocking."""
    fd = _open_regular(path)
    try:
        chunks, total = [], 0
        while total < n:
            chunk = os.read(fd, min(1 << 16, n - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks)


def _open_regular(path: str | os.PathLike[str]) -> int:
    """A descriptor of the regular file `path`, opened non-blocking (NotRegularFile otherwise)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise NotRegularFile(path, "is a link to a file that does not exist") from None
        raise
    if not stat.S_ISREG(st.st_mode):
        raise NotRegularFile(path, f"is not a regular file ({_kind(st.st_mode)})")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)  # the file actually opened (it may have been swapped)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile(path, f"is not a regular file ({_kind(st.st_mode)})")
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_text(path: str | os.PathLike[str], max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """The UTF-8 text of a regular file.  Raises NotRegularFile (an OSError) for anything else
    (FIFO, device, folder, dangling link), OSError when it cannot be read, YAMLRefused when it is
    too large or not UTF-8 text.  Never blocks on a FIFO: the type is checked on the opened file,
    which is opened non-blocking."""
    fd = _open_regular(path)
    try:
        st = os.fstat(fd)
        if st.st_size > max_bytes:
            raise YAMLRefused(f"it is too large ({st.st_size / 1e6:.1f} MB; at most {max_bytes / 1e6:.1f} MB)")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise YAMLRefused(f"it is too large (more than {max_bytes / 1e6:.1f} MB)")
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YAMLRefused(f"it is not UTF-8 text (byte {exc.start})") from None


def _kind(mode: int) -> str:
    for test, word in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return word
    return "a special file"


def load_file(path: str | os.PathLike[str], max_bytes: int = DEFAULT_MAX_BYTES, **limits: Any) -> Any:
    """read_text + load_text."""
    return load_text(read_text(path, max_bytes), **limits)


def load_checked(
    path: str | os.PathLike[str], max_bytes: int, validate: Callable[[Any, str], list[str]], error: type[Exception]
) -> Any:
    """load_file, then `validate(data, file name)` (its problems); an unreadable file or any
    problem raises `error` with a message that names the file (the shipped data tables)."""
    name = Path(path).name
    try:
        data = load_file(path, max_bytes)
    except (OSError, yaml.YAMLError) as e:
        raise error(f"{name}: cannot be read: {e}") from None
    problems = validate(data, name)
    if problems:
        raise error("\n".join(problems))
    return data


def dump_text(data: Any) -> str:
    return yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=100)


# --- writing -------------------------------------------------------------------------------------

_TMP = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable (power loss right after a save).  Not possible on Windows, where
    directories cannot be opened: skipped silently there and wherever the system refuses."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write `text` to `path` so that the file is either the old one or the new one, never half."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(target.parent)


def clean_stale_temporaries(folder: str | os.PathLike[str], max_age: float = 60.0) -> list[str]:
    """Remove the temporary files write_atomic leaves when the program is killed mid-save
    (".<name>.XXXXXXXX.tmp", regular files older than `max_age` seconds: a save takes
    milliseconds, so an older one belongs to no running save).  Returns the names removed;
    never raises."""
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for e in entries:
        if not _TMP.match(e.name):
            continue
        try:
            st = e.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime >= max_age:
                os.unlink(e.path)
                removed.append(e.name)
        except OSError:
            continue
    return removed
