"""The board: loading and validating boards/*.yaml, and the road-graph queries (no pygame here)."""

from maria.games.maria.board.checks import CHECKS, CALIBRATION, CheckResult, run_checks
from maria.games.maria.board.loader import load_board, read_board
from maria.games.maria.board.model import Board, City, General, Grid, Sector, Territory
from maria.engine.board_problems import BoardDataError, Problem

__all__ = [
    "Board",
    "BoardDataError",
    "CALIBRATION",
    "CHECKS",
    "CheckResult",
    "City",
    "General",
    "Grid",
    "Problem",
    "Sector",
    "Territory",
    "load_board",
    "read_board",
    "run_checks",
]
