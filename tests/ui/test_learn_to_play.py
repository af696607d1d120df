"""The guided first game: played through the UI lesson by lesson by a learner
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


@pytest.mark.slow
def test_the_first_three_lessons_through_the_ui(ui):
    """(Behind --runslow: the default run's whole walk with a wrong click in each lesson reaches
    these goals in order and refuses these clicks.)"""
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
    print(
        f"whole guided game: {time.perf_counter() - t0:.1f} s, turn {board.session.state['turn']}, "
        f"{len(board.session.record.actions)} actions"
    )
    assert board.goals_reached == _all_steps(), "every step's goal is reached, in order, none skipped"
    assert not board.lesson_on and board.session.seats["maria_theresa"].kind == "human"
    return board, lr


@pytest.mark.slow
def test_the_whole_guided_game_through_the_ui(ui):
    """(Behind --runslow: the default run's walk with a wrong click in each lesson plays every step
    of this one, each refused click leaving the game untouched, with the same checks.)"""
    _whole_walk(ui, wrong=False)


def test_a_wrong_click_in_each_lesson_is_refused_with_the_reason(ui):
    board, lr = _whole_walk(ui, wrong=True)
    assert set(lr.refused) == {les.id for les in L.load().lessons}, f"no wrong click tried in {lr.refused}"
    for lid, msg in lr.refused.items():
        assert msg and ("lesson" in msg.lower() or lid == "retreat" and "lit cities" in msg), (lid, msg)
    assert "move Khevenhüller; that click would move Traun" in lr.refused["moving"]


def test_the_lessons_file_loads_and_every_step_is_complete():
    course = L.load()
    assert [les.id for les in course.lessons] == [
        "board",
        "hussars",
        "cards",
        "supply",
        "moving",
        "conquest",
        "battle",
        "retreat",
        "winter",
        "victory",
    ]
    for les in course.lessons:
        # every lesson explains with the printed rule's number (R-numbers become § on screen)
        assert any("(R" in s.text or "(R" in s.explain for s in les.steps), les.id


@pytest.mark.parametrize(
    "text, problem",
    [
        (
            "game: {variant: intro, players: 3, seed: 7, level: easy, seat: maria_theresa}\nlessons: []\n",
            "lessons: missing or empty",
        ),
        (
            "game: {variant: intro, players: 3, seed: 7, level: easy, seat: maria_theresa}\nlessons:\n"
            "  - id: hussars\n    title: Hussars\n    steps:\n"
            "      - text: Place a hussar.\n        goal: {clicks: 3}\n",
            "lesson 'hussars' step 1: unknown goal 'clicks'",
        ),
        (
            "game: {variant: intro, players: 3, seed: 7, level: easy, seat: maria_theresa}\nlessons:\n"
            "  - id: moving\n    title: Moving\n    steps:\n      - text: Read.\n        goal: {next: true}\n"
            "      - text: Move.\n        goal: {action: {type: move}}\n        allow: [{type: move}]\n",
            "lesson 'moving' step 2: 'allow' needs a 'refuse' text",
        ),
        (
            "game: {variant: intro, players: 3, seed: 7, level: easy, seat: maria_theresa}\nlessons:\n"
            "  - id: a\n    title: A\n    steps:\n      - text: x\n        goal: {log: {text: '(unclosed'}}\n",
            "lesson 'a' step 1: goal 'log' text is not a valid pattern",
        ),
        (
            "game: {variant: intro, players: 3, seed: seven, level: easy, seat: maria_theresa}\nlessons: []\n",
            "game: 'seed' must be a int",
        ),
        ("lessons: [\n", "cannot be read"),
    ],
)
def test_a_broken_lessons_file_is_refused_naming_file_entry_and_problem(tmp_path, text, problem):
    p = tmp_path / "my-lessons.yaml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(L.LessonError) as err:
        L.load(p)
    assert str(err.value).startswith("my-lessons.yaml: ") and problem in str(err.value), str(err.value)


def test_a_broken_lessons_file_opens_a_message_not_a_crash(ui, tmp_path):
    from maria.ui.lesson_scene import start_lessons
    from maria.ui.overlays import MessageScene

    p = tmp_path / "lessons.yaml"
    p.write_text("game: {}\n", encoding="utf-8")
    assert start_lessons(ui.app, p) is None
    assert isinstance(ui.top, MessageScene) and "lessons.yaml: game:" in ui.top.text


def test_leaving_the_lessons_keeps_the_same_game_going_freely(ui):
    board = _start(ui)
    lr = Learner(ui, board)
    lr.play(until="hussars")
    before = list(board.session.record.actions)
    ui.press("lesson_leave", board)
    assert not board.lesson_on and board.button("lesson_next") is None
    assert ui.app.find(LessonBoard) is board and board.session.record.actions[: len(before)] == before
    n = len(board.session.record.actions)
    # from now on any legal click is the player's own: here the Done of the hussars, no lesson asks
    for _ in range(200):
        if any(a["type"] == "done" for a in board.acts):
            break
        ui.frames(5)
    lr.press_action("done")
    mine = [e for e in board.session.record.actions[n:] if e["role"] == "maria_theresa"]
    assert not board.lesson_msg and mine and mine[-1]["action"] == {"type": "done"}


def test_play_on_for_me_and_taking_the_seat_back(ui):
    board = _start(ui)
    lr = Learner(ui, board)
    lr.play(until="cards")
    assert board.waiting() and board.button("lesson_play_on") is not None
    ui.press("lesson_play_on", board)
    assert board.autoplay and board.session.is_computer("maria_theresa")
    assert "I play myself" in board.lesson_refusal({"type": "done"})
    ui.press("lesson_take_over", board)
    assert not board.autoplay and not board.session.is_computer("maria_theresa")
    assert board.button("lesson_play_on") is not None
