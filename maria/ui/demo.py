"""Demo mode: every seat computer-played and animated, with speed control and pause; a human can
take over any seat at any moment (and hand it back).

    python main.py --demo [--variant intro] [--players 3] [--level easy]
    python main.py --demo --game friedrich [--players 4] [--level easy]
or "Demo" on the title screen (for the game chosen there).  Keys: Space pause/resume, [ slower, ] faster, 1/2/3
take over (or give back) the seat of that number (1/2/3/4 in FRIEDRICH).
"""

from __future__ import annotations

import random

import pygame

from maria.games.maria.rules import door
from maria.ui import widgets as W
from maria.ui.board_scene import BoardScene
from maria.ui.session import Seat, Session, role_name

SPEEDS = (1.2, 0.6, 0.3, 0.12, 0.03)  # seconds between two computer actions


class DemoControl:
    """The demo's pause, speed and seats, for MARIA's board and FRIEDRICH's (`name`: how a role is
    named; the session: is_computer, level_of, set_seat)."""

    def __init__(self, session, level: str = "easy", name=role_name):
        self.session = session
        self.level = level
        self.name = name
        self.paused = False
        self.speed = 2
        self.events = 0  # events seen (the demo test checks they are processed)

    def delay(self) -> float:
        return SPEEDS[self.speed]

    def roles(self) -> list[str]:
        return list(self.session.seats)

    def toggle_seat(self, i: int) -> None:
        roles = self.roles()
        if 0 <= i < len(roles):
            r = roles[i]
            self.session.set_seat(r, "human" if self.session.is_computer(r) else "computer", self.level)

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
        elif pygame.K_1 <= e.key < pygame.K_1 + max(3, len(self.roles())):
            self.toggle_seat(e.key - pygame.K_1)
        else:
            return False
        return True

    def draw(self, surf, rect: pygame.Rect) -> None:
        W.panel(surf, rect, (250, 244, 225))
        s = self.session
        seats = "  ".join(
            f"{i + 1}:{self.name(r)}={s.level_of(r) if s.is_computer(r) else 'you'}" for i, r in enumerate(self.roles())
        )
        state = "PAUSED" if self.paused else f"speed {self.speed + 1}/{len(SPEEDS)}"
        W.blit_text(
            surf,
            f"DEMO · {state} · Space pause · [ ] speed · 1-{max(3, len(self.roles()))} take over  |  {seats}",
            (rect.x + 10, rect.y + 10),
            16,
            W.INK,
            "sans",
        )


def demo_session(variant: str = "intro", players: int = 3, level: str = "easy", seed: int | None = None) -> Session:
    seed = random.randrange(1, 100000) if seed is None else seed
    seats = [Seat(r, "computer", level) for r in door.ROLES[players]]
    return Session.new(variant, players, seed, seats)


def start_demo(app, variant: str = "intro", players: int = 3, level: str = "easy", seed: int | None = None):
    """Push a board scene that plays itself; returns it."""
    session = demo_session(variant, players, level, seed)
    app.scenes = app.scenes[:1]
    board = app.push(BoardScene(app, session))
    board.demo = DemoControl(session, level)
    board.seat = "observer"
    board.refresh()
    return board


def start_friedrich_demo(app, players: int = 4, level: str | None = None, seed: int | None = None):
    """FRIEDRICH's demo: every seat its computer player (the default level: the first the set-up
    offers), the public board, the same controls as MARIA's demo; returns the board."""
    from maria.ui.friedrich_presenter import shipped_board
    from maria.ui.friedrich_session import ROLES, FSession, computer_levels, role_label

    level = level or computer_levels()[0]
    seed = random.randrange(1, 100000) if seed is None else seed
    session = FSession.new(players, seed, {r: {"kind": "computer", "level": level} for r in ROLES[players]})
    shipped_board()
    app.scenes = app.scenes[:1]
    board = app.push(BoardScene(app, session))
    board.demo = DemoControl(session, level, role_label)
    board.after_change()
    return board
