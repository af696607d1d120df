"""What MARIA's board loader (maria.board.loader, maria.board.checks) and FRIEDRICH's
(maria.friedrich.board_loader, maria.friedrich.checks) share: the reader of one board folder that
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
from maria.board.problems import BoardDataError, Problem


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
        return data


@dataclass(frozen=True)
class CheckResult:
    name: str
    description: str
    problems: list[Problem]

    @property
    def ok(self) -> bool:
        return not self.problems


def run_named_checks(board: Any, checks: Sequence[tuple[str, str, Callable[[Any], list[Problem]]]],
                     file: str) -> list[CheckResult]:
    """Every check's result over `board`; a check that crashes gives one problem against `file`
    instead of stopping the others."""
    results = []
    for name, description, fn in checks:
        try:
            problems = fn(board)
        except Exception as exc:  # noqa: BLE001  (a check must never crash the validator)
            problems = [Problem(file, f"check {name}", f"could not be completed ({type(exc).__name__}: {exc})")]
        results.append(CheckResult(name, description, problems))
    return results


def refuse_unless_sound(board: Any | None, problems: list[Problem],
                        run_checks: Callable[[Any], list[CheckResult]]) -> Any:
    """The loaded `board` once it passes every check; raises BoardDataError listing the loader's
    problems and every check's if anything at all is wrong (or the board could not be built)."""
    if board is not None:
        problems = problems + [p for result in run_checks(board) for p in result.problems]
    if board is None or problems:
        raise BoardDataError(problems)
    return board
