"""The guided first game ("Learn to play"): the board screen with a lesson panel over the side panel.

The learner plays Maria Theresa with the real controls of the board screen; the lesson (data from
maria/games/maria/data/lessons.yaml, see maria.ui.lessons) says what to do, lights what matters, lets through
only the actions its step accepts (every action still goes through BoardScene.apply and the
engine), refuses anything else with the step's reason, and explains what happened with the printed
rule's section.  While the learner reads (a "Next" is awaited) the computers wait too.  Steps that
wait for a situation (a battle, winter) offer "Play on for me": the easy computer plays Maria
Theresa's seat until the situation arises.  "Leave the lessons" keeps the same game going freely.
"""

from __future__ import annotations

import pygame

from maria.games.maria.rules import door
from maria.ui import lessons as L
from maria.ui import tips
from maria.ui import widgets as W
from maria.ui.board_scene import BoardScene
from maria.ui.maria_presenter import MariaPresenter
from maria.ui.overlays import MessageScene
from maria.ui.session import Seat, Session

TEXT_SIZE = 18
RING = (255, 200, 0)
RING_DARK = (90, 50, 0)
LEAVE = "Read the lesson first, then press Next (or 'Leave the lessons' to play freely)."


def start_lessons(app, path=None, seed: int | None = None) -> "LessonBoard | None":
    """Open the guided game from the title screen; a broken lessons file says why and opens nothing.
    `seed` replaces the file's seed (tools/lesson_seeds.py tries others)."""
    try:
        course = L.load(path)
    except L.LessonError as exc:
        app.push(MessageScene(app, "The lessons cannot be opened", str(exc)))
        return None
    g = course.game
    if seed is not None:
        g["seed"] = seed
    seats = [Seat(r, "human") if r == g["seat"] else Seat(r, "computer", g["level"]) for r in _roles(g["players"])]
    session = Session.new(g["variant"], g["players"], g["seed"], seats)
    app.scenes = [app.scenes[0]] if app.scenes else []
    board = app.push(LessonBoard(app, session, course))
    board.after_change()
    return board


def _roles(players: int) -> list[str]:
    return list(door.ROLES[players])


class LessonBoard(BoardScene):
    """The board screen of the guided game: MARIA's presenter with the lesson layer."""

    def __init__(self, app, session: Session, course: L.Course):
        super().__init__(app, session, lambda scene: LessonPresenter(scene, course))


class LessonPresenter(MariaPresenter):
    """MARIA's presenter plus the lesson: its panel, its lit cities, the actions it lets through."""

    def __init__(self, scene, course: L.Course):
        self.course = course
        self.lesson_on = True  # False once the learner leaves: a plain board from then on
        self.li = self.si = 0  # lesson and step
        self.prog = L.Progress()
        self.explaining = False  # the goal is reached and its explanation awaits "Next"
        self.finished = False  # every lesson done: the closing words await "Play on"
        self.autoplay = False  # "Play on for me": the computer holds the learner's seat
        self.lesson_msg = ""  # the last refusal, shown in the panel too
        self.lesson_buttons: list[W.Button] = []
        self._checked = None
        self.goals_reached: list[tuple[str, int]] = []  # (lesson id, step) reached, not skipped
        self.learner = course.game["seat"]
        super().__init__(scene)
        # the introductory game is on the Bohemia map only: closer than the whole board
        self.view.set_zoom(self.view.zoom * 1.6)
        self._begin_step()

    # ------------------------------------------------------------------------------ the steps
    @property
    def lesson(self) -> L.Lesson:
        return self.course.lessons[self.li]

    @property
    def step(self) -> L.Step:
        return self.lesson.steps[self.si]

    def lesson_id(self) -> str | None:
        return self.lesson.id if self.lesson_on and not self.finished else None

    def _begin_step(self) -> None:
        n = len(self.session.state["log"])
        self.prog = L.Progress(len(self.session.record.actions), n, n if self.si == 0 else self.prog.lesson_log_from)
        if self.show_supply:
            self.prog.ui.add("supply_view")
        self.explaining = False
        self.lesson_msg = ""
        self._checked = None
        self._stop_autoplay()
        self.static_dirty = self.map_dirty = self.dirty = True
        self._bring_into_view()
        self.check()

    def _bring_into_view(self) -> None:
        """The step's lit cities are on the map: if one is off screen, centre on them all, zoomed
        out as far as needed to show them together."""
        cities = [c for c in self.highlighted()[0] if c in self._city_px]
        if not cities:
            return
        m = self.lay.map
        inner = m.inflate(-80, -80)
        if all(inner.collidepoint(self.to_screen(c)) for c in cities):
            return
        xs, ys = [self._city_px[c][0] for c in cities], [self._city_px[c][1] for c in cities]
        w, h = max(xs) - min(xs) + 160, max(ys) - min(ys) + 160
        self.view.set_zoom(min(self.view.zoom, m.w / w, m.h / h))
        self.view.centre_on(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))
        self.map_dirty = True

    def advance(self) -> None:
        """The next step, the next lesson, or the closing words after the last one."""
        if self.si + 1 < len(self.lesson.steps):
            self.si += 1
        elif self.li + 1 < len(self.course.lessons):
            self.li, self.si = self.li + 1, 0
        else:
            self.finished = True
            self._stop_autoplay()
            self.dirty = self.static_dirty = True
            return
        self._begin_step()

    def waiting(self) -> bool:
        """The step waits for a situation of the game (no task of its own, no reading)."""
        k = next(iter(self.step.goal))
        return self.step.allow is None and k not in ("next", "ui") and not self.explaining

    def holds(self) -> bool:
        """The computers wait while the learner reads (a Next is awaited)."""
        if not self.lesson_on:
            return False
        return self.finished or self.explaining or "next" in self.step.goal

    def check(self) -> None:
        """Has the step's goal been reached? Then explain it, or go straight on."""
        if not self.lesson_on or self.finished or self.explaining:
            return
        rec, log = self.session.record.actions, self.session.state["log"]
        key = (len(rec), len(log), self.prog.pressed_next, frozenset(self.prog.ui), id(self.acts))
        if key == self._checked:
            return
        self._checked = key
        self.prog.actions_from = min(self.prog.actions_from, len(rec))  # an undo shortened the record
        if not L.reached(self.step.goal, self.prog, rec, log, self.acts, self.learner):
            return
        self.goals_reached.append((self.lesson.id, self.si))
        if self.step.explain:
            self.explaining = True
            self._stop_autoplay()
            self._bring_into_view()
            self.dirty = self.static_dirty = True
        else:
            self.advance()

    def press_next(self) -> None:
        if self.finished:
            self.leave()
        elif self.explaining:
            self.advance()
        elif "next" in self.step.goal:
            self.prog.pressed_next = True
            self.check()
        self.dirty = self.static_dirty = True

    def skip(self) -> None:
        self.advance()

    def leave(self) -> None:
        """Leave the lessons: the same game goes on as a normal game."""
        self._stop_autoplay()
        self.lesson_on = False
        self.lesson_msg = ""
        self.message = ""
        self.refresh()

    def play_on(self) -> None:
        if not self.autoplay:
            self.autoplay = True
            self.session.set_seat(self.learner, "computer", self.course.game["level"])
            self.dirty = self.static_dirty = True

    def _stop_autoplay(self) -> None:
        if self.autoplay:
            self.autoplay = False
            self.session.set_seat(self.learner, "human")
            self.refresh()

    # ------------------------------------------------------------------------------ the board's hooks
    def lesson_refusal(self, action: dict) -> str | None:
        """Why the lesson refuses `action` (None: it lets it through to the engine)."""
        if not self.lesson_on or action.get("type") == "undo":
            return None
        if self.autoplay:
            return "The computer is playing your seat for now: press 'I play myself' first."
        if self.holds() and not self.finished:
            return LEAVE
        if self.finished:
            return None
        allow = self.step.allow
        if allow is None or any(L.matches(p, action) for p in allow):
            return None
        gens, cities = self.v["generals"], self.board.cities
        did = L.describe(
            action, lambda g: gens[g]["name"] if g in gens else g, lambda c: cities[c].name if c in cities else c
        )
        return f"{self.step.refuse}; that click would {did}."

    def apply(self, action: dict) -> bool:
        why = self.lesson_refusal(action)
        if why is not None:
            self.refuse(why)
            self.lesson_msg = why
            return False
        ok = super().apply(action)
        if ok:
            self.lesson_msg = ""
        self.check()
        return ok

    def toggle_supply(self) -> None:
        super().toggle_supply()
        if self.show_supply:
            self.prog.ui.add("supply_view")
            self.check()

    def tick(self, dt: float, top: bool) -> None:
        if self.lesson_on and not self.finished and door.is_over(self.session.state):
            self.finished = True  # the game ended before the lessons did: the closing words
            self._stop_autoplay()
        self.check()
        # animations and the card glow go on; while the learner reads (holds) the computers wait
        super().tick(dt, top)

    def handle(self, e) -> None:
        if self.lesson_on and e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            panel = self._layout()[0]
            for b in self.lesson_buttons:
                if b.hit(e.pos):
                    b.action()
                    self.dirty = self.static_dirty = True
                    return
            if panel.collidepoint(e.pos):
                return
        if self.lesson_on and e.type == pygame.MOUSEMOTION and not self.drag and self._layout()[0].collidepoint(e.pos):
            # the panel covers the side panel's top: none of its hover tips under the lesson
            if self.hover_victory is not None or self.hover_log:
                self.hover_victory, self.hover_log = None, []
                self.dirty = True
            return
        if (
            self.lesson_on
            and e.type == pygame.KEYDOWN
            and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and (self.holds())
        ):
            self.press_next()
            return
        super().handle(e)

    def hover_tip(self, pos) -> str | None:
        if self.lesson_on:
            panel = self._layout()[0]
            for b in self.lesson_buttons:
                if b.rect.collidepoint(pos):
                    return tips.button_tip(b) or None
            if panel.collidepoint(pos):
                return None  # nothing of the board under the lesson's panel
        return super().hover_tip(pos)

    def button(self, key):
        if self.lesson_on:
            self._layout()
            for b in self.lesson_buttons:
                if b.key == key:
                    return b
        return super().button(key)

    # ------------------------------------------------------------------------------ drawing
    def _texts(self) -> list[tuple[str, tuple, str]]:
        """(text, colour, style) paragraphs of the panel."""
        if self.finished:
            return [("Lessons done", W.ACCENT, "serif_bold"), (self.course.closing, W.INK, "sans")]
        n = len(self.course.lessons)
        out = [
            (f"Lesson {self.li + 1} of {n} · {self.lesson.title}", W.ACCENT, "serif_bold"),
            (self.step.text, W.INK, "sans"),
        ]
        if self.waiting() and self.autoplay:
            out.append(("The computer plays your seat until then…", (90, 75, 55), "sans"))
        if self.explaining and self.prog.hit and self.step.highlight.get("log"):
            out.append(("In this game: " + self.prog.hit.get("text", ""), (30, 80, 40), "sans_bold"))
        if self.explaining:
            out.append(("What happened: " + self.step.explain, (30, 80, 40), "sans"))
        if self.lesson_msg:
            out.append(("⚠ " + self.lesson_msg, W.ACCENT, "sans_bold"))
        return out

    def _layout(self) -> tuple[pygame.Rect, list[tuple[str, tuple, str]]]:
        """The panel's rectangle, its wrapped lines, and its buttons (kept in lesson_buttons)."""
        side = self.lay.side
        x, w = side.x + 14, side.w - 28
        lines = []
        for txt, col, style in self._texts():
            size = 21 if style == "serif_bold" else TEXT_SIZE
            lines += [(ln, col, style, size) for ln in W.wrap(txt, w, size, style)]
            lines.append(("", col, style, 8))
        h = 16 + sum(24 if size == TEXT_SIZE else size + 6 for *_, size in lines) + 110
        panel = pygame.Rect(side.x, side.y, side.w, min(h, side.h))
        bs = []
        y = panel.bottom - 100
        if self.finished:
            bs.append(W.Button(pygame.Rect(x, y, w, 42), "Play on", self.leave, True, "lesson_next", 18))
        else:
            first = []
            if self.holds():
                first.append(("Next", self.press_next, "lesson_next"))
            elif self.waiting() and self.autoplay:
                first.append(("I play myself", self._stop_autoplay, "lesson_take_over"))
            elif self.waiting():
                first.append(("Play on for me", self.play_on, "lesson_play_on"))
            else:
                first.append(("Skip this step", self.skip, "lesson_skip"))
            bs += W.button_row(first, x, y, h=42, size=18, min_w=w)
            bs.append(
                W.Button(
                    pygame.Rect(x, y + 50, w, 40),
                    "Leave the lessons (play freely)",
                    self.leave,
                    True,
                    "lesson_leave",
                    16,
                )
            )
        self.lesson_buttons = bs
        return panel, lines

    def draw(self, surf) -> None:
        super().draw(surf)
        if not self.lesson_on:
            return
        self._draw_highlights(surf)
        panel, lines = self._layout()
        W.panel(surf, panel, (252, 246, 230), (150, 110, 30), 4, 3)
        y = panel.y + 12
        for ln, col, style, size in lines:
            if ln:
                W.blit_text(surf, ln, (panel.x + 14, y), size, col, style)
            y += 24 if size == TEXT_SIZE else size + 6
        mouse = None if self.covered else self.app.mouse_pos()  # a layer above: nothing lit here
        for b in self.lesson_buttons:
            b.draw(surf, mouse is not None and b.rect.collidepoint(mouse))
            if b.key in ("lesson_next", "lesson_play_on"):
                pygame.draw.rect(surf, RING, b.rect.inflate(8, 8), 3, border_radius=8)

    def highlighted(self) -> tuple[list[str], list[str]]:
        """(cities, button keys) lit by the step: its cities, the cities of its pieces, and the
        places of the log entry that reached its goal."""
        if self.finished:
            return [], []
        hl = self.step.highlight
        cities = list(hl.get("cities", []))
        for pid in hl.get("pieces", []):
            p = self.v["generals"].get(pid) or self.v["trains"].get(pid)
            if p and p.get("in_play", True) and p.get("city") in self._city_px:
                cities.append(p["city"])
        if hl.get("log") and self.prog.hit:
            cities += [c for c in self.prog.hit.get("places", []) if c in self._city_px]
        return cities, list(hl.get("buttons", []))

    def _draw_highlights(self, surf) -> None:
        cities, keys = self.highlighted()
        r = self.piece_radius() + 12
        modal = self._modal_rect()
        surf.set_clip(self.lay.map)
        for c in dict.fromkeys(cities):
            x, y = self.to_screen(c)
            if modal is not None and modal.inflate(2 * r, 2 * r).collidepoint((x, y)):
                continue  # never over a dialog (the army sheet, a battle)
            pygame.draw.circle(surf, RING_DARK, (round(x), round(y)), r + 2, 7)
            pygame.draw.circle(surf, RING, (round(x), round(y)), r, 4)
        surf.set_clip(None)
        for b in self.buttons:
            if b.key in keys:
                pygame.draw.rect(surf, RING, b.rect.inflate(8, 8), 4, border_radius=8)
