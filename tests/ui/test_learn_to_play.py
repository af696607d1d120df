"""The guided first game (issue 24 item 1): played through the UI lesson by lesson by a learner
posting the events a person would; wrong clicks refused with the lesson's reason; the lessons file
checked with messages naming file, entry and problem."""

from __future__ import annotations

import time

import pytest

from maria.ui import lessons as L
from maria.ui.lesson_scene import LessonBoard

from tests.ui.learner import Learner


def _start(ui) -> LessonBoard:
    ui.press("learn")
    board = ui.app.find(LessonBoard)
    assert board is not None and ui.top is board
    return board


def _all_steps():
    return [(les.id, i) for les in L.load().lessons for i in range(len(les.steps))]


def test_the_first_three_lessons_through_the_ui(ui):
    board = _start(ui)
    lr = Learner(ui, board)
    lr.play(until="supply", wrong=True)
    want = [k for k in _all_steps() if k[0] in ("board", "hussars", "cards")]
    assert [k for k in board.goals_reached if k in want] == want
    assert set(lr.refused) >= {"board", "hussars", "cards"}


def _whole_walk(ui, wrong):
    board = _start(ui)
    lr = Learner(ui, board)
    t0 = time.perf_counter()
    lr.play(wrong=wrong)
    print(f"whole guided game: {time.perf_counter() - t0:.1f} s, turn {board.session.state['turn']}, "
          f"{len(board.session.record.actions)} actions")
    assert board.goals_reached == _all_steps(), "every step's goal is reached, in order, none skipped"
    assert not board.lesson_on and board.session.seats["maria_theresa"].kind == "human"
    return board, lr


def test_the_whole_guided_game_through_the_ui(ui):
    _whole_walk(ui, wrong=False)
