"""A problem found in the board files, named by file, entry and what is wrong."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    file: str  # e.g. "boards/bohemia.yaml"
    entry: str  # e.g. "cities[12] 'prag'" or "" for the whole file
    message: str

    def __str__(self) -> str:
        where = f"{self.file}: {self.entry}" if self.entry else self.file
        return f"{where}: {self.message}"


class BoardDataError(Exception):
    """The board files could not be loaded; `problems` lists every reason."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        lines = "\n".join(f"  - {p}" for p in problems[:50])
        more = f"\n  ... and {len(problems) - 50} more" if len(problems) > 50 else ""
        super().__init__(f"{len(problems)} problem(s) in the board files:\n{lines}{more}")
