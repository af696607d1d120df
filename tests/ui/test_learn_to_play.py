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
