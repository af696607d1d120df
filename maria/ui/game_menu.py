"""The in-game menu, leaving a game for the title screen, and the game-over screen: the screens that
end or pause a game (the other shared screens are maria.ui.overlays)."""

from __future__ import annotations

from __future__ import annotations
import pygame
from maria.render import palette as pal
from maria.ui import widgets as W
from maria.ui.session import power_name, role_name
from maria.ui.overlays import (
    ButtonScene,
    MessageScene,
    SettingsScene,
    _title_bg,
    modal,
)


def leave_for_title(app, board) -> None:
    """Leave the game on the board for the title screen: a game in progress with a player at the
    table asks first (save it, leave it autosaved, or stay); a demo, a finished game or one not
    begun leaves at once.  The same in MARIA and FRIEDRICH."""
    s = board.session
    if s.state.get("result") is None and s.record.actions and s.humans():
        app.push(LeaveGameScene(app, board))
        return
    _leave(app, board)


def _leave(app, board) -> None:
    """The game is autosaved (Continue last game), a failure said; the title screen."""
    board.session.autosave()
    app.scenes = [app.scenes[0]]
    app.top.on_top()
    if board.session.autosave_problem:
        app.push(MessageScene(app, "The game was not autosaved", board.session.autosave_problem))


class LeaveGameScene(ButtonScene):
    """Leaving a game for the title screen: save it first, leave (it is autosaved), or stay."""

    opaque = False

    def __init__(self, app, board):
        self.bs = board
        super().__init__(app)

    def layout(self) -> None:
        self.buttons = [
            W.Button(pygame.Rect(960 - 330, 600, 200, 56), "Save first", self.save, True, "save", 20),
            W.Button(pygame.Rect(960 - 100, 600, 200, 56), "Leave", self.leave, True, "leave", 20),
            W.Button(pygame.Rect(960 + 130, 600, 200, 56), "Stay", self.back, True, "stay", 20),
        ]

    def save(self):
        self.app.pop(self)
        self.app.push(self.app.open_screen("save_load", "save", self.bs))

    def leave(self):
        _leave(self.app, self.bs)

    def back(self):
        self.app.pop(self)

    def draw(self, surf) -> None:
        r = modal(surf, pygame.Rect(960 - 400, 400, 800, 300), "Leave this game?", size=34, top=30)
        W.blit_text(surf, "It is autosaved for “Continue last game”;", (960, r.y + 90), 20, W.INK, "sans", "midtop")
        W.blit_text(surf, "save it under a name to keep it for good.", (960, r.y + 120), 20, W.INK, "sans", "midtop")
        self.draw_buttons(surf)


class GameMenuScene(ButtonScene):
    """The game menu over the board screen (Esc), the same for every game: the board's presenter
    gives the game's seats and rules screens."""

    opaque = False

    def __init__(self, app, board):
        self.board = board
        super().__init__(app)

    def layout(self) -> None:
        items = [
            ("Resume", self.back, "resume"),
            ("Save game", self.save, "save"),
            ("Load game", self.load, "load"),
            ("Seats", self.seats, "seats"),
            ("Settings", self.settings, "settings"),
            ("Rules", self.rules, "rules"),
            ("Leave to the title screen", self.title, "title"),
            ("Quit", self.app.quit, "quit"),
        ]
        self.buttons = [
            W.Button(pygame.Rect(960 - 200, 300 + 72 * i, 400, 58), t, a, True, k, 22)
            for i, (t, a, k) in enumerate(items)
        ]

    def back(self):
        self.app.pop(self)

    def save(self):
        self.app.replace(self.app.open_screen("save_load", "save", self.board))

    def load(self):
        self.app.replace(self.app.open_screen("save_load", "load", self.board))

    def settings(self):
        self.app.replace(SettingsScene(self.app))

    def seats(self):
        self.app.replace(self.board.seats_scene())

    def rules(self):
        self.app.replace(self.board.rules_scene())

    def title(self):
        self.app.pop(self)
        leave_for_title(self.app, self.board)

    def draw(self, surf) -> None:
        modal(surf, pygame.Rect(960 - 240, 220, 480, 700), shade=150)
        W.blit_text(surf, "Menu", (960, 240), 34, W.INK, "serif_bold", "midtop")
        self.draw_buttons(surf)


def turn_label(turn: int, last: int) -> str:
    """A point of the end-of-game chart: its turn, or "end" for the count after the last turn."""
    return str(turn) if turn <= last else "end"


class GameOverScene(ButtonScene):
    def __init__(self, app, board):
        self.board = board
        super().__init__(app)

    def layout(self) -> None:
        self.buttons = [
            W.Button(pygame.Rect(960 - 850, 930, 400, 60), "Look at the board", self.back, True, "board", 22),
            W.Button(pygame.Rect(960 - 420, 930, 400, 60), "Watch the game again", self._watch, True, "watch", 22),
            W.Button(pygame.Rect(960 + 10, 930, 400, 60), "The story of the game", self._story, True, "story", 22),
            W.Button(pygame.Rect(960 + 440, 930, 400, 60), "Title screen", self.title, True, "title", 22),
        ]

    def _story(self):
        self.app.open_screen("story", self.board.session.record)

    def _watch(self):
        self.app.open_screen("replay", self.board.session.record)

    def back(self):
        self.app.pop(self)

    def title(self):
        self.app.scenes = [self.app.scenes[0]]
        self.app.top.on_top()

    def draw(self, surf) -> None:
        _title_bg(surf)
        res = self.board.session.state["result"] or {}
        winner = res.get("winner")
        # a 2-player introductory game can end in a tie (R24.1: only one coalition condition met)
        title = f"{role_name(winner)} wins" if winner else "A tie"
        W.blit_text(surf, title, (960, 70), 72, (110, 30, 24), "serif_bold", "midtop")
        for i, line in enumerate(W.wrap(res.get("reason", ""), 1600, 24)[:2]):
            W.blit_text(surf, line, (960, 170 + 32 * i), 24, W.INK, "sans", "midtop")
        adv = self.board.v.get("advanced") if hasattr(self.board, "v") else None
        if adv:
            from maria.ui.advanced_ui import draw_winter_scores  # (the title screen need not load it)

            self._chart(surf, pygame.Rect(80, 260, 1060, 600))
            draw_winter_scores(surf, pygame.Rect(1170, 260, 670, 300), adv)
            self._adv_summary(surf, pygame.Rect(1170, 580, 670, 280), adv)
        else:
            self._chart(surf, pygame.Rect(360, 260, 1200, 600))
        self.draw_buttons(surf)

    def _adv_summary(self, surf, r, adv) -> None:
        from maria.ui.advanced_ui import MAJOR, SAXONY_STATE, pname, stacked_discs

        W.panel(surf, r, (252, 248, 236))
        W.blit_text(surf, "Victory-marker pools at the end", (r.centerx, r.y + 10), 22, W.INK, "sans_bold", "midtop")
        y = r.y + 50
        for p in MAJOR:
            n = adv["pools"].get(p, 0)
            W.blit_text(surf, f"{pname(p)}: {n}", (r.x + 20, y), 18, W.INK)
            stacked_discs(surf, r.x + 250, y + 18, p, n, 8, 5, 3)
            y += 34
        emp = {"charles": "Charles Albert", "francis": "Francis Stephen"}.get(adv.get("emperor_elected"), "not elected")
        W.blit_text(
            surf,
            f"Emperor: {emp} · Saxony: {SAXONY_STATE.get(adv.get('saxony_state'), '?')}",
            (r.x + 20, y + 6),
            17,
            W.INK,
        )

    def _chart(self, surf, r) -> None:
        hist = self.board.session.history
        W.panel(surf, r, (252, 248, 236))
        W.blit_text(
            surf,
            "Fortresses controlled at the start of each turn",
            (r.centerx, r.y + 10),
            22,
            W.INK,
            "sans_bold",
            "midtop",
        )
        if not hist:
            return
        powers = sorted({p for _, c in hist for p in c})
        top = max([c.get(p, 0) for _, c in hist for p in powers] + [1])
        turns = [t for t, _ in hist]
        plot = pygame.Rect(r.x + 70, r.y + 60, r.w - 300, r.h - 120)
        pygame.draw.line(surf, W.INK, plot.bottomleft, plot.bottomright, 2)
        pygame.draw.line(surf, W.INK, plot.bottomleft, plot.topleft, 2)
        for k in range(0, top + 1, max(1, top // 6)):
            y = plot.bottom - k / top * plot.h
            W.blit_text(surf, str(k), (plot.x - 8, y), 16, W.INK, "sans", "midright")
            pygame.draw.line(surf, (220, 210, 190), (plot.x + 1, y), (plot.right, y))
        n = max(1, len(turns) - 1)
        xs = [plot.x + i / n * plot.w for i in range(len(turns))] if len(turns) > 1 else [plot.centerx]
        last = self.board.session.state["options"].get("last_turn", 9)
        for x, t in zip(xs, turns):
            # the count after the last turn is the end of the game, not a turn of its own
            W.blit_text(surf, turn_label(t, last), (x, plot.bottom + 8), 16, W.INK, "sans", "midtop")
        W.blit_text(surf, "turn", (plot.centerx, plot.bottom + 30), 16, W.INK, "sans", "midtop")
        for i, p in enumerate(powers):
            col = pal.POWER_COLOURS.get(p, (120, 120, 120))
            pts = [(x, plot.bottom - c.get(p, 0) / top * plot.h) for x, (_, c) in zip(xs, hist)]
            if len(pts) > 1:
                pygame.draw.lines(surf, W.INK, False, pts, 6)
                pygame.draw.lines(surf, col, False, pts, 4)
            for pt in pts:
                pygame.draw.circle(surf, W.INK, pt, 6)
                pygame.draw.circle(surf, col, pt, 4)
            ly = plot.y + 10 + i * 34
            pygame.draw.rect(surf, W.INK, (plot.right + 24, ly, 26, 20))
            pygame.draw.rect(surf, col, (plot.right + 26, ly + 2, 22, 16))
            W.blit_text(surf, f"{power_name(p)} {hist[-1][1].get(p, 0)}", (plot.right + 56, ly), 17, W.INK)
