"""UI timings (dummy video driver, 1920×1080 window = the logical canvas): start to first title
frame, idle board frame, frame while dragging a general. Medians in milliseconds."""

from __future__ import annotations

import os
import statistics
import time


def _ev(t, **kw):
    import pygame
    return pygame.event.Event(t, kw)


def bench_ui(frames: int = 120, t_start: float | None = None) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    t0 = t_start if t_start is not None else time.perf_counter()
    import pygame
    pygame.display.init()
    pygame.font.init()
    from maria.ui.app import App
    from maria.ui.scenes import TitleScene
    from maria.ui.settings import Settings
    app = App(Settings(), (1920, 1080))
    app.push(TitleScene(app))
    app.step(0)
    first_title = (time.perf_counter() - t0) * 1000

    from maria.ui.board_scene import BoardScene
    from maria.ui.session import Seat, Session
    from maria.rules import door
    sess = Session.new("intro", 3, 1, [Seat("maria_theresa"), Seat("frederick"), Seat("louis_xv")])
    # allocate everyone (spread) so the board has pieces with troops, then stop at movement
    t_build = time.perf_counter()
    board = BoardScene(app, sess)
    build_ms = (time.perf_counter() - t_build) * 1000
    app.scenes = [app.scenes[0], board]
    while door.legal_actions(sess.state, sess.next_role())[0]["type"] == "allocate":
        board.seat = sess.next_role()
        board.refresh()
        board._spread_alloc()
        board._confirm_alloc()
    while sess.state["flow"][-1]["name"] != "movement_phase":
        r = sess.next_role()
        sess.apply(r, {"type": "done"} if {"type": "done"} in door.legal_actions(sess.state, r)
                   else door.legal_actions(sess.state, r)[0])
    board.seat = sess.next_role()
    board.refresh()
    app.scenes = [app.scenes[0], board]
    app.step(0)
    app.step(0)

    idle = []
    for _ in range(frames):
        t = time.perf_counter()
        app.step(1 / 60)
        idle.append((time.perf_counter() - t) * 1000)
    full = []
    for _ in range(frames // 2):
        board.map_dirty = board.dirty = True
        t = time.perf_counter()
        app.step(1 / 60)
        full.append((time.perf_counter() - t) * 1000)

    piece = next(a["piece"] for a in board.acts if a["type"] == "move" and a["piece"] in board.v["generals"])
    start = board._piece_rects[piece].center
    pygame.event.post(_ev(pygame.MOUSEBUTTONDOWN, button=1, pos=app.map.to_window(start)))
    app.step(1 / 60)
    drag = []
    x, y = start
    for i in range(frames):
        dx = 3 if (i // 40) % 2 == 0 else -3
        x += dx
        pygame.event.post(_ev(pygame.MOUSEMOTION, pos=app.map.to_window((x, y)), rel=(dx, 0), buttons=(1, 0, 0),
                              touch=False))
        t = time.perf_counter()
        app.step(1 / 60)
        drag.append((time.perf_counter() - t) * 1000)
    dragging = bool(board.drag and board.drag["piece"] == piece and board.drag["moved"])
    pygame.event.post(_ev(pygame.MOUSEBUTTONUP, button=1, pos=app.map.to_window((x, y))))
    app.step(1 / 60)
    out = {"first_title_frame_ms": round(first_title, 1), "board_scene_build_ms": round(build_ms, 1),
           "idle_board_frame_ms": round(statistics.median(idle), 3),
           "full_board_redraw_ms": round(statistics.median(full), 2),
           "drag_frame_ms": round(statistics.median(drag), 2), "drag_was_active": dragging}
    pygame.quit()
    return out
