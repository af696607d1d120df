"""Demo mode headless: every seat computer-played; the game advances, every frame processes events,
pause stops it, and a human can take over a seat."""

from __future__ import annotations

import pygame

from maria.games.maria.rules import door


def test_demo_plays_itself_and_processes_events_every_frame(ui):
    ui.press("demo")
    board = ui.top
    assert board.demo is not None
    assert all(s.kind == "computer" for s in board.session.seats.values())
    demo = board.demo
    demo.speed = len(__import__("maria.ui.demo", fromlist=["SPEEDS"]).SPEEDS) - 1
    n0 = len(board.session.record.actions)
    seen = []
    for i in range(300):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(400 + i % 50, 300), rel=(1, 0), buttons=(0, 0, 0))
        )
        before = demo.events
        ui.app.step(1 / 60)
        seen.append(demo.events > before)  # this frame's event reached the scene
        if i % 20 == 0:
            import time

            time.sleep(0.002)  # let the worker thread finish its decision
    assert all(seen), "a frame did not process its events"
    n1 = len(board.session.record.actions)
    assert n1 > n0 + 5, f"the demo game did not advance ({n0} -> {n1} actions)"

    # pause: nothing more is played
    ui.key(pygame.K_SPACE, " ", frames=2)
    assert demo.paused
    board.session.thinker and board.session.thinker.thread.join(2)
    n2 = len(board.session.record.actions)
    ui.app.run(max_frames=30)
    assert len(board.session.record.actions) == n2
    ui.key(pygame.K_SPACE, " ", frames=2)
    assert not demo.paused

    # take over seat 1, then give it back
    role = list(board.session.seats)[0]
    ui.key(pygame.K_1, "1", frames=2)
    assert board.session.seats[role].kind == "human"
    ui.key(pygame.K_1, "1", frames=2)
    assert board.session.seats[role].kind == "computer"
    assert not door.is_over(board.session.state) or board.session.state["result"]


def test_paused_demo_shows_a_seat_taken_over_at_once(ui):
    ui.press("demo")
    board = ui.top
    ui.key(pygame.K_SPACE, " ", frames=2)
    assert board.demo.paused
    board.session.thinker and board.session.thinker.thread.join(5)
    ui.app.run(max_frames=5)
    drawn = []
    real = board.demo.draw
    board.demo.draw = lambda surf, rect: (
        drawn.append(dict((r, s.kind) for r, s in board.session.seats.items())),
        real(surf, rect),
    )
    role = list(board.session.seats)[0]
    ui.key(pygame.K_1, "1", frames=2)
    assert board.session.seats[role].kind == "human"
    assert drawn and drawn[-1][role] == "human", "the paused demo bar still shows the old seat"
