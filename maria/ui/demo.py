"""Demo mode: every seat computer-played and animated, with speed control and pause; a human can
take over any seat at any moment (and hand it back).

    python main.py --demo [--variant intro] [--players 3] [--level easy]
or "Demo" on the title screen.  Keys: Space pause/resume, [ slower, ] faster, 1/2/3 take over
(or give back) the seat of that number.
"""

from __future__ import annotations

import random

import pygame

from maria.rules import door
from maria.ui import widgets as W
from maria.ui.board_scene import BoardScene
from maria.ui.session import Seat, Session, role_name

SPEEDS = (1.2, 0.6, 0.3, 0.12, 0.03)      # seconds between two computer actions


class DemoControl:
    def __init__(self, session: Session, level: str = "easy"):
        self.session = session
        self.level = level
        self.paused = False
        self.speed = 2
        self.events = 0                     # events seen (the demo test checks they are processed)

    def delay(self) -> float:
        return SPEEDS[self.speed]

    def roles(self) -> list[str]:
        return list(self.session.seats)

    def toggle_seat(self, i: int) -> None:
        roles = self.roles()
        if 0 <= i < len(roles):
            r = roles[i]
            seat = self.session.seats[r]
            self.session.set_seat(r, "computer" if seat.kind == "human" else "human", self.level)

    def handle(self, e) -> bool:
        """Demo keys; True if the event was the demo's."""
        self.events += 1
        if e.type != pygame.KEYDOWN:
            return False
        if e.key == pygame.K_SPACE:
            self.paused = not self.paused
        elif e.key == pygame.K_LEFTBRACKET:
            self.speed = max(0, self.speed - 1)
        elif e.key == pygame.K_RIGHTBRACKET:
            self.speed = min(len(SPEEDS) - 1, self.speed + 1)
        elif pygame.K_1 <= e.key <= pygame.K_3:
            self.toggle_seat(e.key - pygame.K_1)
        else:
            return False
        return True

    def draw(self, surf, rect: pygame.Rect) -> None:
        W.panel(surf, rect, (250, 244, 225))
        seats = "  ".join(f"{i + 1}:{role_name(r)}={'you' if s.kind == 'human' else s.level}"
                          for i, (r, s) in enumerate(self.session.seats.items()))
        state = "PAUSED" if self.paused else f"speed {self.speed + 1}/{len(SPEEDS)}"
        W.blit_text(surf, f"DEMO · {state} · Space pause · [ ] speed · 1-3 take over  |  {seats}",
                    (rect.x + 10, rect.y + 10), 16, W.INK, "sans")


def demo_session(variant: str = "intro", players: int = 3, level: str = "easy",
                 seed: int | None = None) -> Session:
    seed = random.randrange(1, 100000) if seed is None else seed
    seats = [Seat(r, "computer", level) for r in door.ROLES[players]]
    return Session.new(variant, players, seed, seats)


def start_demo(app, variant: str = "intro", players: int = 3, level: str = "easy",
               seed: int | None = None):
    """Push a board scene that plays itself; returns it."""
    session = demo_session(variant, players, level, seed)
    app.scenes = app.scenes[:1]
    board = app.push(BoardScene(app, session))
    board.demo = DemoControl(session, level)
    board.seat = "observer"
    board.refresh()
    return board
