"""Who plays each role, changed during a game (the MARIA menu's "Seats", FRIEDRICH's Seats button)."""

from __future__ import annotations

import pygame

from maria.ui import widgets as W
from maria.ui.overlays import ButtonScene, modal
from maria.ui.session import role_name


class SeatsScene(ButtonScene):
    """Who plays each role, changed at any moment of a game (the menu's "Seats", both games): a
    human, or the computer at one of its levels.  A player may hand his seat to the computer and
    leave the table, or take over a computer's seat; the board then seats whoever is to act (with
    a hand-off screen in hot-seat play)."""

    opaque = False

    def __init__(self, app, board, levels: tuple, name=role_name):
        self.board, self.levels, self.name = board, tuple(levels), name
        super().__init__(app)

    @property
    def session(self):
        return self.board.session

    def rows(self) -> list[str]:
        return list(self.session.seats)

    def _frame(self) -> tuple[int, int, int]:
        """(left, top, width) of the rows: a name column, then Human and the levels."""
        n = len(self.rows())
        width = 320 + 140 * (len(self.levels) + 1)
        return 960 - width // 2, 540 - (n * 84) // 2 + 40, width

    def layout(self) -> None:
        self.buttons = []
        left, top, width = self._frame()
        for i, role in enumerate(self.rows()):
            y = top + i * 84
            human = not self.session.is_computer(role)
            level = self.session.level_of(role)
            x = left + 320
            self.buttons.append(
                W.Button(
                    pygame.Rect(x, y, 130, 56),
                    "Human",
                    self._set(role, "human"),
                    True,
                    ("seat", role, "human"),
                    20,
                    selected=human,
                )
            )
            x += 140
            for lvl in self.levels:
                self.buttons.append(
                    W.Button(
                        pygame.Rect(x, y, 130, 56),
                        lvl.title(),
                        self._set(role, "computer", lvl),
                        True,
                        ("seat", role, lvl),
                        20,
                        selected=not human and lvl == level,
                    )
                )
                x += 140
        self.buttons.append(
            W.Button(
                pygame.Rect(960 - 120, top + len(self.rows()) * 84 + 30, 240, 58),
                "Done",
                self.back,
                True,
                "done",
                22,
                "Back to the game, with these seats.",
            )
        )

    def _set(self, role: str, kind: str, level: str | None = None):
        def f():
            self.session.set_seat(role, kind, level)
            if kind == "computer":
                self.session.players.pop(role, None)  # the new level's player, made on first use

        return f

    def back(self) -> None:
        self.app.pop(self)
        b = self.board
        if self.session.is_computer(getattr(b, "seat", None)):
            # the seated player left the table: nothing of that role stays on the screen
            humans = self.session.humans()
            b.seat = (humans[0] if humans else "observer") if hasattr(b, "private") else (humans[0] if humans else None)
            if hasattr(b, "private"):
                b.private = False  # the next human is seated by a hand-off
        b.after_change()

    def draw(self, surf) -> None:
        left, top, width = self._frame()
        n = len(self.rows())
        modal(surf, pygame.Rect(left - 40, top - 130, width + 70, n * 84 + 250), "Who plays each role")
        W.blit_text(
            surf,
            "A player may leave the table to the computer, or take over a seat, at any time.",
            (960, top - 58),
            18,
            (90, 75, 55),
            "sans",
            "midtop",
        )
        for i, role in enumerate(self.rows()):
            W.blit_text(surf, self.name(role), (left + 300, top + i * 84 + 28), 22, W.INK, "serif_bold", "midright")
        self.draw_buttons(surf)
