"""What MARIA's board loader (maria.games.maria.board.loader, maria.games.maria.board.checks) and FRIEDRICH's
(maria.games.friedrich.board_loader, maria.games.friedrich.checks) share: the reader of one board folder that
collects every problem instead of stopping at the first, and the runner of a list of named checks.

Files go through the project's guarded YAML loader (maria.yamlio), so a hostile or broken file gives
a Problem, never a crash.  Each game keeps its own schema (its typed field access lives in a
subclass of FolderReader) and its own checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import yaml

from maria import yamlio
from maria.engine.board_problems import BoardDataError, Problem


class FolderReader:
    """Reads the YAML files of one board folder, remembering the problems it meets."""

    def __init__(self, root: Path, max_bytes: int):
        self.root = root
        self.max_bytes = max_bytes
        self.problems: list[Problem] = []

    def label(self, name: str) -> str:
        return f"{self.root.name}/{name}"

    def add(self, name: str, entry: str, message: str) -> None:
        self.problems.append(Problem(self.label(name), entry, message))

    def read(self, name: str) -> dict[str, Any] | None:
        """The top-level mapping of the folder's file `name`, or None (with the problem noted)."""
        path = self.root / name
        if not path.exists() and not path.is_symlink():
            self.add(name, "", "file is missing")
            return None
        try:
            data = yamlio.load_file(path, self.max_bytes)
        except yamlio.YAMLRefused as exc:
            self.add(name, "", f"refused: {exc.problem}")
            return None
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
            reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
            self.add(name, where, f"not valid YAML: {reason}")
            return None
        except yamlio.NotRegularFile as exc:
            self.add(name, "", f"cannot be read: it {exc.strerror}")
            return None
        except OSError as exc:
            self.add(name, "", f"cannot be read: {exc.strerror or exc}")
            return None
        if not isinstance(data, dict):
            self.add(name, "", "must be a YAML mapping (key: value lines) at the top level")
            return None
        absurd = _absurd_number(data)
        if absurd is not None:
            where, value = absurd
            self.add(
                name,
                where,
                f"the number {_short_number(value)} is out of range: no number on a "
                f"board is larger than {MAX_NUMBER:,} (or not finite)",
            )
            return None
        return data


# Every number of a board file has a range: the largest the shipped files use is 1,000 (FRIEDRICH's
# map coordinates); a number past this bound is a typo or a hostile file, and one such count (a grid
# of 10^9 rows) would make the program build billions of cells.  Each schema adds its own, tighter
# ranges (grid rows, troops, ranks).
MAX_NUMBER = 100_000


def _absurd_number(data: Any) -> tuple[str, float] | None:
    """(where, number) of the first number out of range (or NaN/infinite) in a file's data."""
    import math

    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        node, where = stack.pop()
        if isinstance(node, dict):
            stack.extend((v, f"{where}.{k}" if where else str(k)) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, f"{where}[{i}]") for i, v in enumerate(node))
        elif isinstance(node, (int, float)) and not isinstance(node, bool):
            if not (isinstance(node, int) or math.isfinite(node)) or abs(node) > MAX_NUMBER:
                return where[:120], node
    return None


def _short_number(value: float) -> str:
    text = repr(value)
    return text if len(text) <= 24 else f"{text[:10]}...({len(text)} digits)"


@dataclass(frozen=True)
class CheckResult:
    name: str
    description: str
    problems: list[Problem]

    @property
    def ok(self) -> bool:
        return not self.problems


def run_named_checks(
    board: Any, checks: Sequence[tuple[str, str, Callable[[Any], list[Problem]]]], file: str
) -> list[CheckResult]:
    """Every check's result over `board`; a check that crashes gives one problem against `file`
    instead of stopping the others."""
    results = []
    for name, description, fn in checks:
        try:
            problems = fn(board)
        except Exception as exc:  # a check must never crash the validator
            problems = [Problem(file, f"check {name}", f"could not be completed ({type(exc).__name__}: {exc})")]
        results.append(CheckResult(name, description, problems))
    return results


def refuse_unless_sound(
    board: Any | None, problems: list[Problem], run_checks: Callable[[Any], list[CheckResult]]
) -> Any:
    """The loaded `board` once it passes every check; raises BoardDataError listing the loader's
    problems and every check's if anything at all is wrong (or the board could not be built)."""
    if board is not None:
        problems = problems + [p for result in run_checks(board) for p in result.problems]
    if board is None or problems:
        raise BoardDataError(problems)
    return board
