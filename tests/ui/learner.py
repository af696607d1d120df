"""A learner at the guided first game: every step done by the mouse and key events a person would
make (buttons, drags of generals, clicks on lit cities and on cards), through the real App loop."""

from __future__ import annotations

import pygame

from maria.games.maria.rules import cards as C
from maria.ui.board_layout import LIT_HUSSAR, LIT_RETREAT
from maria.ui.lesson_scene import LessonBoard
from maria.ui.moves import reach

FRAME_LIMIT = 30000


class Learner:
    def __init__(self, ui, board: LessonBoard):
        self.ui, self.b = ui, board
        self.reached: list[tuple[str, int]] = []  # (lesson, step) whose goal was reached
        self.refused: dict[str, str] = {}  # lesson -> the refusal a wrong click got
        self.chose_retreat = False  # the learner clicked the loser's retreat

    # ------------------------------------------------------------------ low level
    def where(self):
        return (self.b.li, self.b.si, self.b.explaining, self.b.finished)

    def press(self, key):
        self.b.static_dirty = self.b.dirty = True
        self.ui.frames(1)
        self.ui.press(key, self.b)

    def has(self, key) -> bool:
        bt = self.b.button(key)
        return bt is not None and bt.enabled

    def show(self, city):
        b = self.b
        b.view.centre_on(b._city_px[city])
        b.map_dirty = b.static_dirty = b.dirty = True
        self.ui.frames(2)

    def city_point(self, city):
        x, y = self.b.to_screen(city)
        if not self.b.lay.map.collidepoint((x, y)):
            self.show(city)
            x, y = self.b.to_screen(city)
        return (x, y)

    def drag_general(self, gid, target):
        b = self.b
        self.show(b.v["generals"][gid]["city"])
        src = b._piece_rects[gid].center
        dst = b.to_screen(target)
        if not b.lay.map.collidepoint(dst):  # zoom out until both ends are on the map
            b.view.zoom_by(0.7)
            self.show(b.v["generals"][gid]["city"])
            src, dst = b._piece_rects[gid].center, b.to_screen(target)
        self.ui.drag(src, dst)

    def lit_city(self, colour):
        return next((c for c, col in sorted(self.b.lit().items()) if col == colour), None)

    def click_city(self, city):
        self.ui.click(self.city_point(city))

    def play_a_card(self) -> bool:
        b = self.b
        plays = [a for a in b.acts if a["type"] == "play_card"]
        if not plays:
            return False
        plain = [a["card"] for a in plays if not C.is_reserve(a["card"])]
        card = plain[0] if plain else plays[0]["card"]
        self.ui.click(b.card_point(card))
        if C.is_reserve(card):
            self.press(("reserve", 3))
        return True

    def press_action(self, key):
        """A prompt-bar button that may ask first ("End movement? …")."""
        self.press(key)
        if self.has("confirm_yes"):
            self.press("confirm_yes")

    def wait_for_change(self, limit=FRAME_LIMIT):
        start, n = self.where(), 0
        while self.where() == start and n < limit:
            if self.b.lesson_id() is None:
                return
            if self.b.waiting() and not self.b.autoplay:
                self.press("lesson_play_on")
            self.ui.frames(5)
            n += 5
        assert self.where() != start, f"lesson step {start} never moved on"

    # ------------------------------------------------------------------ a wrong click
    def wrong_click(self) -> bool:
        """Something the current step does not ask for; True if one could be made."""
        b = self.b
        gens = [g for g in sorted(b._movable()) if g in b.v["generals"]]
        lid = b.lesson_id()
        if lid == "moving" and b.si == 0 and not b.explaining:
            gens = ["traun"] if "traun" in gens else [g for g in gens if g != "khevenhueller"]
        for g in gens:
            r = reach(b.session.state, g)
            if r.normal:
                self.drag_general(g, sorted(r.normal)[0])
                return True
        allowed = set() if b.holds() else {p["type"] for p in (b.step.allow or []) if isinstance(p["type"], str)}
        for key in ("accept_defeat", "done"):
            if key not in allowed and self.has(key):
                self.press_action(key)
                return True
        if self.has("spread"):
            self.press("spread")
            self.press("confirm")
            return True
        if any(a["type"] == "retreat" for a in b.acts):
            ends = {a["path"][-1] for a in b.acts if a["type"] == "retreat"}
            near = [c for c in sorted(b.info.nbrs[b.frame["city"]]) if c not in ends and c in b._city_px]
            if near:
                self.click_city(near[0])  # not a lit city: the board says where a retreat may end
                return True
        lit = sorted(b.lit())
        if lit:
            self.click_city(lit[0])
            return True
        return False

    # ------------------------------------------------------------------ the steps
    def do_step(self, wrong: bool = False) -> None:
        b = self.b
        lid, si = b.lesson_id(), b.si
        if wrong and lid not in self.refused and (b.holds() or b.step.allow is not None):
            n = len(b.session.record.actions)
            if self.wrong_click():
                assert len(b.session.record.actions) == n, f"{lid}: the wrong click was applied"
                msg = b.lesson_msg or b.message
                assert msg, f"{lid}: a wrong click is not refused"
                self.refused[lid] = msg
        if b.explaining or "next" in b.step.goal:
            self.press("lesson_next")
            if lid == "supply" and b.show_supply:
                self.ui.key(pygame.K_s, "s")  # the lesson said: press S again to hide the ranges
            return
        before = self.where()
        types = {t for p in (b.step.allow or []) for t in (p["type"] if isinstance(p["type"], list) else [p["type"]])}
        if "move" in types:
            types.add("force_march")  # the engine offers a force march as its own template
        if b.step.allow and not any(a["type"] in types for a in b.acts):
            self.ui.frames(5)  # the computers have not come to the learner yet
            return
        if lid == "board":
            self.press("spread")
            self.press("confirm")
        elif lid == "hussars" and si == 0:
            self.click_city(self.lit_city(LIT_HUSSAR))
        elif lid == "hussars":
            self.press_action("done")
        elif lid == "supply":
            self.ui.key(pygame.K_s, "s")
        elif lid == "moving" and si == 0:
            r = reach(b.session.state, "khevenhueller")
            self.drag_general("khevenhueller", sorted(r.normal)[0])
            if b.path_choice:
                self.press(("path", 0))
        elif lid == "moving" and si == 1:
            self.force_march()
        elif lid == "moving":
            self.press_action("done")
        elif lid == "battle" and si >= 1:
            if not self.play_a_card():
                for key in ("accept_defeat", "accept_tie"):
                    if self.has(key):
                        self.press_action(key)
                        break
                else:
                    self.ui.frames(5)
        elif lid == "retreat" and si == 1:
            self.chose_retreat = True
            self.click_city(self.lit_city(LIT_RETREAT))
        elif lid == "winter" and si == 1:
            self.recruit()
        elif lid == "winter" and si == 2:
            self.press_action("done")
        else:
            self.wait_for_change()
            return
        if self.where() == before:
            self.ui.frames(5)

    def force_march(self):
        b = self.b
        for g in ["traun"] + sorted(b._movable()):
            if g not in b.v["generals"]:
                continue
            r = reach(b.session.state, g)
            orange = sorted(set(r.force) - set(r.normal))  # the lesson: "drag Traun to an orange city"
            if orange:
                self.drag_general(g, orange[0])
                if b.path_choice:
                    i = next(i for i, (m, _) in enumerate(b.path_choice["options"]) if m == "force")
                    self.press(("path", i))
                return
        raise AssertionError("no general can force-march")

    def recruit(self):
        b = self.b
        gid = next(g for g in b.recruit["assign"] if self.has(("plus", g)))
        self.press(("plus", gid))
        if self.has("suggest"):
            self.press("suggest")
        if self.has("recruit"):
            self.press("recruit")
        else:
            self.press_action("done")

    def play(self, until: str | None = None, wrong: bool = False, limit: int = 400) -> None:
        """Play lesson by lesson (up to the lesson `until`, not included)."""
        b = self.b
        for _ in range(limit):
            if b.lesson_id() is None and not b.finished:
                return
            if b.finished:
                self.press("lesson_next")
                return
            if until is not None and b.lesson_id() == until:
                return
            key = (b.lesson_id(), b.si)
            if b.explaining and key not in self.reached:
                self.reached.append(key)
            self.do_step(wrong)
            if b.explaining and key not in self.reached:
                self.reached.append(key)
        raise AssertionError(f"the lessons did not end: {self.where()}")
