"""UI timings (dummy video driver, 1920×1080 window = the logical canvas): start to first title
frame, idle board frame, frame while dragging a general, frame while the mouse sweeps a 30-card
hand, frame while a card flies into the combat panel. Medians in milliseconds."""

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
    from maria.games.maria.rules import door

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
        sess.apply(
            r,
            {"type": "done"}
            if {"type": "done"} in door.legal_actions(sess.state, r)
            else door.legal_actions(sess.state, r)[0],
        )
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
        pygame.event.post(
            _ev(pygame.MOUSEMOTION, pos=app.map.to_window((x, y)), rel=(dx, 0), buttons=(1, 0, 0), touch=False)
        )
        t = time.perf_counter()
        app.step(1 / 60)
        drag.append((time.perf_counter() - t) * 1000)
    dragging = bool(board.drag and board.drag["piece"] == piece and board.drag["moved"])
    pygame.event.post(_ev(pygame.MOUSEBUTTONUP, button=1, pos=app.map.to_window((x, y))))
    app.step(1 / 60)
    hover, hover_redraw = _bench_large_hand(app, board, sess, frames)
    flight, flight_frames = _bench_card_flight(app, board, sess)
    out = {
        "first_title_frame_ms": round(first_title, 1),
        "board_scene_build_ms": round(build_ms, 1),
        "idle_board_frame_ms": round(statistics.median(idle), 3),
        "full_board_redraw_ms": round(statistics.median(full), 2),
        "drag_frame_ms": round(statistics.median(drag), 2),
        "drag_was_active": dragging,
        "hand_hover_frame_ms": round(statistics.median(hover), 3) if hover else None,
        "hand_hover_lift_frame_ms": round(statistics.median(hover_redraw), 3) if hover_redraw else None,
        "hand_hover_lifts": len(hover_redraw),
        "card_flight_frame_ms": round(statistics.median(flight), 2) if flight else None,
        "card_flight_frames": flight_frames,
    }
    pygame.quit()
    return out


def _bench_large_hand(app, board, sess, frames: int):
    """Frames while the mouse sweeps along a 30-card hand: all of them, and those where the lifted
    card changed (only the hand bar is redrawn then)."""
    import pygame
    from maria.games.maria.rules import cards as C

    st = sess.state
    power = st["roles"][board.seat][0]
    held = {c for h in st["cards"]["hands"].values() for c in h}
    spare = [c for d in range(1, C.DECKS + 1) for c in C.deck_cards(d) if c not in held]
    hand = st["cards"]["hands"][power]
    st["cards"]["hands"][power] = list(hand) + spare[: max(0, 30 - len(hand))]
    board.refresh()
    app.step(1 / 60)
    times, changed, last = [], [], board.hover_card
    hand = board.lay.hand
    y = hand.y + 74
    for i in range(frames * 2):
        x = hand.x + 20 + (i * 7) % (hand.w - 40)
        pygame.event.post(
            _ev(pygame.MOUSEMOTION, pos=app.map.to_window((x, y)), rel=(7, 0), buttons=(0, 0, 0), touch=False)
        )
        t = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - t) * 1000)
        if board.hover_card != last:  # this frame redrew the hand bar
            changed.append(times[-1])
            last = board.hover_card
    return times, changed


def _bench_card_flight(app, board, sess):
    """Frames while a computer's card flies into the combat panel (random play up to a combat)."""
    from maria.games.maria.rules import door
    from maria.engine import rng
    from maria.players import random_moves

    ch = {"rng": rng.seed_state(11)}
    for _ in range(4000):
        st = sess.state
        if door.is_over(st):
            return [], 0
        role = door.active_roles(st)[0]
        if st["flow"][-1]["name"] == "combat" and any(a["type"] == "play_card" for a in door.legal_actions(st, role)):
            break
        a = random_moves.random_action(st, role, ch)
        if a["type"] == "undo":
            continue
        sess.apply(role, a)
    else:
        return [], 0
    a = next(a for a in door.legal_actions(sess.state, role) if a["type"] == "play_card")
    sess.set_seat(role, "computer", "easy")
    board.seat = next((r for r in sess.state["roles"] if r != role), "observer")
    board.refresh()
    app.step(1 / 60)
    before = sess.state
    sess.apply(role, a)
    board.after_change()
    board._start_card_flight(role, None, len(before["log"]))
    times = []
    while board.card_flight() is not None and len(times) < 200:
        t = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - t) * 1000)
    sess.set_seat(role, "human")
    return times, len(times)
