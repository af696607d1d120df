"""The screens over or beside the board that any screen may open: messages, the rules panel,
settings, the "Pass to …" hand-off, the in-game menu and the game-over screen (the save/load list
is maria.ui.save_load).

They never import the board screen or the title screens (the layers only look down): loading a
game or going back to the title asks the app for that screen by name (App.open_screen)."""

from __future__ import annotations

from pathlib import Path

import pygame

from maria.render import palette as pal
from maria.ui import widgets as W
from maria.ui.app import Scene
from maria.ui.citations import cite
from maria.ui.rules_text import index_of, search
from maria.ui.session import autosaves, power_name, role_name
from maria.ui.settings import ANIMATION_SPEEDS, WINDOW_SIZES

CANVAS = pygame.Rect(0, 0, 1920, 1080)


def _title_bg(surf) -> None:
    surf.fill((232, 220, 192))
    for i in range(0, 1080, 6):
        pygame.draw.line(surf, (226, 213, 183), (0, i), (1920, i))
    pygame.draw.rect(surf, (120, 90, 60), CANVAS.inflate(-40, -40), 4, border_radius=12)


def modal(
    surf,
    r: pygame.Rect,
    title: str | None = None,
    shade: int = 140,
    size: int = 32,
    top: int = 24,
    fill=W.PAPER,
    frame=W.FRAME,
    radius: int = 10,
    width: int = 3,
    ink=W.ACCENT,
) -> pygame.Rect:
    """A panel over the dimmed screen below (messages, dialogs, the loading panel), its title
    centred at its top; returns the panel's rect."""
    if shade:  # 0: a dialog over a screen that stays as bright
        dim = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        dim.fill((0, 0, 0, shade))
        surf.blit(dim, (0, 0))
    W.panel(surf, r, fill, frame, radius, width)
    if title:
        W.blit_text(surf, title, (r.centerx, r.y + top), size, ink, "serif_bold", "midtop")
    return r


class ButtonScene(Scene):
    """A scene made of buttons (click or Enter on the focused one)."""

    def __init__(self, app):
        super().__init__(app)
        self.buttons: list[W.Button] = []
        self.layout()

    def layout(self) -> None: ...

    def button(self, key) -> W.Button | None:
        for b in self.buttons:
            if b.key == key:
                return b
        return None

    def handle(self, e) -> None:
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for b in list(self.buttons):
                if b.hit(e.pos):
                    b.action()
                    self.layout()
                    self.dirty = True
                    return
        elif e.type == pygame.MOUSEMOTION:
            self.dirty = True
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.back()

    def back(self) -> None:
        if len(self.app.scenes) > 1:
            self.app.pop(self)

    def draw_buttons(self, surf) -> None:
        mouse = None if self.covered else self.app.mouse_pos()  # a layer above: nothing lit here
        for b in self.buttons:
            b.draw(surf, mouse is not None and b.rect.collidepoint(mouse))


class SetupBase(ButtonScene):
    """What MARIA's and FRIEDRICH's new-game screens share: a row of seat buttons per role (Human,
    then one per computer level), the seed (−, +, Random, typed digits) and Back/Start.  The screen
    provides `seed`, `seed_text`, `_kind(role, kind, level)` and `start()`."""

    def seat_row(self, role: str, y: int, human: bool, level: str | None, levels, step: int, label) -> list:
        """The Human button, then a button per level (`label(level)`), `step` px apart."""
        b = [
            W.Button(
                pygame.Rect(700, y, 200, 48),
                "Human",
                self._kind(role, "human"),
                True,
                ("human", role),
                18,
                selected=human,
            )
        ]
        for j, lvl in enumerate(levels):
            b.append(
                W.Button(
                    pygame.Rect(920 + j * step, y, step - 10, 48),
                    label(lvl),
                    self._kind(role, "computer", lvl),
                    True,
                    ("computer", role) if j == 0 else (lvl, role),
                    18,
                    selected=not human and level == lvl,
                )
            )
        return b

    def seed_row(self, y: int) -> list:
        return [
            W.Button(pygame.Rect(700, y, 60, 48), "−", self._seed(-1), True, "seed-", 22),
            W.Button(pygame.Rect(980, y, 60, 48), "+", self._seed(1), True, "seed+", 22),
            W.Button(pygame.Rect(1060, y, 160, 48), "Random", self._seed(0), True, "seedrand", 18),
        ]

    def back_start(self) -> list:
        return [
            W.Button(pygame.Rect(960 - 310, 860, 280, 64), "Back", self.back, True, "back", 24),
            W.Button(pygame.Rect(960 + 30, 860, 280, 64), "Start", self.start, True, "start", 24),
        ]

    def _seed(self, d):
        def f():
            import random

            self.seed_text = None
            self.seed = random.randrange(1, 100000) if d == 0 else max(0, self.seed + d)

        return f

    def draw_seed(self, surf, y: int) -> None:
        W.blit_text(surf, "Seed", (660, y + 12), 24, W.INK, "sans_bold", "topright")
        box = pygame.Rect(770, y, 200, 48)
        W.panel(surf, box, (255, 252, 240))
        W.blit_text(surf, str(self.seed), box.center, 26, W.INK, "sans_bold", "center")

    def start(self) -> None: ...

    def handle(self, e) -> None:
        if e.type == pygame.KEYDOWN:
            if e.unicode and e.unicode.isdigit():  # the first digit typed starts a new seed
                self.seed_text = (self.seed_text or "") + e.unicode
                self.seed = int(self.seed_text[:9])
                self.dirty = True
                return
            if e.key == pygame.K_BACKSPACE:
                self.seed_text = str(self.seed)[:-1]
                self.seed = int(self.seed_text or 0)
                self.dirty = True
                return
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return
        super().handle(e)


def latest_autosave() -> Path | None:
    """The newest MARIA autosave ("Continue last game"), or None."""
    found = autosaves("maria")
    return found[0] if found else None


class SettingsScene(ButtonScene):
    def layout(self) -> None:
        s = self.app.settings
        b = []
        y = 260
        b.append(
            W.Button(pygame.Rect(960, y, 320, 52), f"{s.window_w} × {s.window_h}", self._cycle_size, True, "size", 20)
        )
        b.append(
            W.Button(
                pygame.Rect(960, y + 80, 320, 52),
                "On" if s.fullscreen else "Off",
                self._fullscreen,
                True,
                "fullscreen",
                20,
            )
        )
        b.append(W.Button(pygame.Rect(960, y + 160, 320, 52), s.animation.title(), self._anim, True, "animation", 20))
        b.append(
            W.Button(
                pygame.Rect(960, y + 240, 320, 52),
                "On" if s.handoff_screens else "Off",
                self._handoff,
                True,
                "handoff",
                20,
            )
        )
        b.append(
            W.Button(
                pygame.Rect(960, y + 320, 320, 52),
                "Colour-blind safe" if s.palette == "colour-blind" else "Standard",
                self._palette,
                True,
                "palette",
                20,
            )
        )
        b.append(W.Button(pygame.Rect(960, y + 400, 60, 52), "−", self._volume(-10), s.volume > 0, "vol-", 22))
        b.append(
            W.Button(
                pygame.Rect(1030, y + 400, 110, 52),
                "Muted" if s.muted else f"{s.volume}%",
                self._mute,
                True,
                "mute",
                20,
            )
        )
        b.append(W.Button(pygame.Rect(1150, y + 400, 60, 52), "+", self._volume(10), s.volume < 100, "vol+", 22))
        b.append(W.Button(pygame.Rect(960 - 140, 940, 280, 64), "Back", self.back, True, "back", 24))
        self.buttons = b

    def _volume(self, d):
        def f():
            s = self.app.settings
            s.volume = max(0, min(100, s.volume + d))
            s.muted = False
            s.save()

        return f

    def _mute(self):
        self.app.settings.muted = not self.app.settings.muted
        self.app.settings.save()

    def _palette(self):
        s = self.app.settings
        s.palette = "standard" if s.palette == "colour-blind" else "colour-blind"
        self.app.apply_palette()
        s.save()

    def _cycle_size(self):
        s = self.app.settings
        sizes = list(WINDOW_SIZES)
        cur = (s.window_w, s.window_h)
        i = sizes.index(cur) if cur in sizes else -1
        s.window_w, s.window_h = sizes[(i + 1) % len(sizes)]
        self.app.set_window_size(s.window_size)
        s.save()

    def _fullscreen(self):
        self.app.toggle_fullscreen()
        self.app.settings.save()

    def _anim(self):
        s = self.app.settings
        s.animation = ANIMATION_SPEEDS[(ANIMATION_SPEEDS.index(s.animation) + 1) % len(ANIMATION_SPEEDS)]
        s.save()

    def _handoff(self):
        s = self.app.settings
        s.handoff_screens = not s.handoff_screens
        s.save()

    def back(self):
        self.app.settings.save()
        self.app.pop(self)

    def draw(self, surf) -> None:
        _title_bg(surf)
        W.blit_text(surf, "Settings", (960, 100), 60, (110, 30, 24), "serif_bold", "midtop")
        for i, label in enumerate(
            (
                "Window size",
                "Fullscreen (F11)",
                "Computer speed",
                "Hand-off screens",
                "Piece colours",
                "Sound (click to mute)",
            )
        ):
            W.blit_text(surf, label, (920, 272 + 80 * i), 24, W.INK, "sans_bold", "topright")
        W.blit_text(
            surf,
            "Hand-off screens hide the board whenever the next decision belongs to another human. "
            "Every piece also carries its power's letter.",
            (960, 760),
            18,
            (100, 85, 60),
            "sans",
            "midtop",
        )
        W.blit_text(
            surf,
            "Settings are kept in " + str(self.app.settings.path()),
            (960, 800),
            16,
            (100, 85, 60),
            "sans",
            "midtop",
        )
        self.draw_buttons(surf)


class RulesScene(ButtonScene):
    """The introductory rules, searchable (type to search), opened at a rule number.  FRIEDRICH's
    rules panel is one too, with its own sections (FRulesScene: `entries`, `label`, the titles)."""

    is_rules_panel = True  # F1 over the panel closes it instead of opening another
    TITLE = "Rules of the introductory game"
    NOTE = "§ = the section of the printed rules (English v2.1) to read."

    def entries(self) -> list[tuple[str, str, str]]:
        """(number, title, text) of the rules the query finds."""
        return search(self.query)

    def label(self, num: str, title: str) -> str:
        return f"{cite(num)}  ·  {title}"

    def __init__(self, app, focus: str | None = None):
        self.query = ""
        self.focus = focus
        self.scroll = index_of(focus) if focus else 0
        super().__init__(app)

    def layout(self) -> None:
        self.buttons = [W.Button(pygame.Rect(1620, 60, 200, 52), "Close (Esc)", self.back, True, "close", 20)]

    def back(self):
        self.app.pop(self)

    def handle(self, e) -> None:
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE or e.key == pygame.K_F1:
                self.back()
            elif e.key == pygame.K_BACKSPACE:
                self.query = self.query[:-1]
                self.scroll = 0
            elif e.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll += 1
            elif e.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll = max(0, self.scroll - 1)
            elif e.unicode and e.unicode.isprintable():
                self.query += e.unicode
                self.scroll = 0
                self.focus = None
            self.dirty = True
            return
        if e.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - e.y)
            self.dirty = True
            return
        super().handle(e)

    def draw(self, surf) -> None:
        _title_bg(surf)
        W.blit_text(surf, self.TITLE, (100, 60), 44, (110, 30, 24), "serif_bold")
        box = pygame.Rect(100, 130, 900, 48)
        W.panel(surf, box, (255, 252, 240))
        W.blit_text(
            surf,
            ("Search: " + self.query + "|") if self.query else "Type to search…",
            (box.x + 12, box.y + 12),
            20,
            W.INK if self.query else (120, 105, 80),
        )
        W.blit_text(surf, self.NOTE, (1020, 144), 16, (100, 85, 60))
        entries = self.entries()
        self.scroll = min(self.scroll, max(0, len(entries) - 1))
        y = 200
        for num, title, body in entries[self.scroll :]:
            lines = W.wrap(body, 1560, 19)
            h = 34 + 24 * len(lines)
            if y + h > 1040:
                break
            if num == self.focus:
                pygame.draw.rect(surf, (255, 238, 180), (90, y - 4, 1740, h), border_radius=6)
            W.blit_text(surf, self.label(num, title), (100, y), 22, W.ACCENT, "sans_bold")
            yy = y + 30
            for line in lines:
                W.blit_text(surf, line, (130, yy), 19, W.INK)
                yy += 24
            y += h + 8
        if not entries:
            W.blit_text(surf, f"No rule mentions “{self.query}”.", (100, 220), 22, W.INK)
        self.draw_buttons(surf)


class MessageScene(ButtonScene):
    """A message with an OK button (Enter or Esc closes it too); FRIEDRICH's Card of Fate is one."""

    opaque = False
    OK_Y = 620  # where the OK button stands

    def __init__(self, app, title: str, text: str):
        self.title, self.text = title, text
        super().__init__(app)

    def layout(self) -> None:
        self.buttons = [W.Button(pygame.Rect(960 - 100, self.OK_Y, 200, 56), "OK", self.back, True, "ok", 22)]

    def back(self):
        self.app.pop(self)

    def handle(self, e) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.back()
            return
        super().handle(e)

    def draw(self, surf) -> None:
        r = modal(surf, pygame.Rect(960 - 500, 380, 1000, 320), self.title)
        y = r.y + 90
        for line in W.wrap(self.text, 900, 20)[:5]:
            W.blit_text(surf, line, (960, y), 20, W.INK, "sans", "midtop")
            y += 28
        self.draw_buttons(surf)


class ComputerFailedScene(ButtonScene):
    """A computer player failed (an error in its code): what was written where, and how to go on —
    the same seat with another level, or a human taking it over."""

    LEVELS = ("random", "easy", "normal", "hard")

    def __init__(self, app, board, role: str, report: Path, save: Path | None, levels: tuple = LEVELS, name=role_name):
        self.board, self.role, self.report, self.save = board, role, report, save
        self.levels, self.name = levels, name  # FRIEDRICH's board gives its own
        super().__init__(app)

    def layout(self) -> None:
        current = self.board.session.level_of(self.role)
        self.buttons = []
        x = 960 - (len([lv for lv in self.levels if lv != current]) * 230 - 10) // 2
        for lvl in self.levels:
            if lvl == current:
                continue
            self.buttons.append(
                W.Button(
                    pygame.Rect(x, 700, 220, 60), f"Go on: {lvl.title()}", self._level(lvl), True, ("level", lvl), 20
                )
            )
            x += 230
        self.buttons.append(
            W.Button(
                pygame.Rect(960 - 200, 790, 400, 60),
                f"I play {self.name(self.role)}",
                self._take_over,
                True,
                "take_over",
                20,
            )
        )

    def _level(self, lvl):
        def f():
            self.board.session.set_seat(self.role, "computer", lvl)
            self.board.session.players.pop(self.role, None)
            self.app.pop(self)

        return f

    def _take_over(self):
        self.board.session.set_seat(self.role, "human")
        self.app.pop(self)
        self.board.after_change()

    def back(self):
        pass  # a choice is needed: the failed level would fail again

    def draw(self, surf) -> None:
        r = modal(surf, pygame.Rect(960 - 560, 260, 1120, 640), shade=150)
        W.blit_text(
            surf,
            f"The computer playing {self.name(self.role)} failed",
            (960, 290),
            36,
            (110, 30, 24),
            "serif_bold",
            "midtop",
        )
        lines = [f"A crash report was written to {self.report}."]
        if self.save:
            lines.append(f"The game was saved to {self.save} (it is on the Load screen).")
        lines.append("Nothing was played for it. Go on with another level for this seat, or take it over.")
        y = 370
        for text in lines:
            for line in W.wrap(text, 1040, 20):
                W.blit_text(surf, line, (r.x + 40, y), 20, W.INK)
                y += 28
        self.draw_buttons(surf)


def report_computer_failure(app, board, **names) -> None:
    """A computer player raised (the session's `computer_failure`): a crash report and an emergency
    save as for any crash, then the player chooses how to go on (ComputerFailedScene)."""
    from maria.record import crash

    role, exc = board.session.computer_failure
    board.session.computer_failure = None
    report, save = crash.write_crash_report(exc, record=board.session.record)
    app.push(ComputerFailedScene(app, board, role, report, save, **names))


class HandoffScene(ButtonScene):
    """'Pass to <role>': covers everything; nothing of the game is drawn behind it."""

    SHOWN = 9  # summary lines on the screen (the rest: "… earlier")

    def __init__(self, app, role: str, board):
        self.role, self.board = role, board
        self.since = board.since_last_look(role)  # what happened since this player last looked
        super().__init__(app)

    # how the roles, their powers and the powers' colours are named (FRIEDRICH's hand-off: nations)
    def name(self, role: str) -> str:
        return role_name(role)

    def part(self, power: str) -> str:
        return power_name(power)

    def colour(self, power: str) -> tuple:
        return pal.POWER_COLOURS.get(power, (200, 200, 200))

    def layout(self) -> None:
        self.buttons = [
            W.Button(
                pygame.Rect(960 - 260, 640, 520, 72),
                f"I am {self.name(self.role)} — show my board",
                self.ready,
                True,
                "ready",
                24,
            )
        ]
        if hasattr(self.board, "show_me") and any(
            len(e.get("places", [])) > 1 or "attacks" in e.get("text", "") for e in self.since
        ):
            self.buttons.append(
                W.Button(
                    pygame.Rect(960 - 260, 724, 520, 56),
                    "Show me what happened on the map",
                    self.show_me,
                    True,
                    "show_me",
                    20,
                )
            )

    def ready(self):
        self.board.seat = self.role
        self.board.private = True
        self.board.refresh()
        self.app.pop(self)

    def show_me(self):
        since = self.since
        self.ready()
        self.board.show_me(since)

    def back(self):
        pass

    def handle(self, e) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.ready()
            return
        super().handle(e)

    def draw(self, surf) -> None:
        surf.fill((28, 24, 20))
        powers = self.board.session.state["roles"].get(self.role, [])
        y = 300
        for i, p in enumerate(powers):
            c = self.colour(p)
            x = 960 + (i - (len(powers) - 1) / 2) * 90
            pygame.draw.circle(surf, (10, 10, 10), (round(x), y), 34)
            pygame.draw.circle(surf, c, (round(x), y), 30)
        W.blit_text(surf, f"Pass to {self.name(self.role)}", (960, 380), 72, (250, 236, 200), "serif_bold", "midtop")
        W.blit_text(surf, ", ".join(self.part(p) for p in powers), (960, 480), 28, (220, 205, 175), "sans", "midtop")
        W.blit_text(
            surf,
            "Other players, please look away. Click or press Enter when ready.",
            (960, 560),
            22,
            (200, 185, 155),
            "sans",
            "midtop",
        )
        self._draw_since(surf)
        self.draw_buttons(surf)

    def _draw_since(self, surf) -> None:
        """What happened since this player last looked (public log lines only)."""
        lines = [e["text"] for e in self.since]
        if not lines:
            return
        extra = len(lines) > self.SHOWN
        r = pygame.Rect(960 - 620, 800, 1240, 52 + 23 * min(len(lines), self.SHOWN) + (22 if extra else 0))
        W.panel(surf, r, (44, 38, 32), (120, 100, 70), 8, 2)
        W.blit_text(
            surf, f"Since {self.name(self.role)} last looked:", (r.x + 18, r.y + 10), 19, (250, 236, 200), "sans_bold"
        )
        shown = lines[-self.SHOWN :]
        y = r.y + 40
        if len(lines) > len(shown):
            W.blit_text(
                surf,
                f"… {W.count(len(lines) - len(shown), 'earlier line')} in the log",
                (r.x + 18, y),
                15,
                (190, 175, 145),
            )
            y += 22
        for t in shown:
            W.blit_text(surf, "• " + (t if len(t) <= 150 else t[:147] + "…"), (r.x + 18, y), 16, (235, 222, 195))
            y += 23
