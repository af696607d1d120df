"""FRIEDRICH's presenter on the board screen (maria.ui.board_scene): the map
(maria.ui.friedrich_map), the seated role's panels (maria.ui.friedrich_panels), the prompt with the
door's legal actions as buttons, undo, the computer seats deciding in a worker thread and the
"Pass to …" hand-off between human seats.  The screen's parts stand where the board screen's
layout puts them for FRIEDRICH's map (maria.ui.board_layout): the map filling its area, the side
column (the Clock of Fate, the hand drawn as cards, the army sheet, the log) with the row of the
map's controls at its foot, the prompt under the map.

Everything shown comes from FRIEDRICH's door: the view of the seated role and its legal actions.
A click the rules refuse is sent to the door anyway, and its reason is shown: the screen never
decides what is legal."""

from __future__ import annotations

import time

import pygame

from maria.games.friedrich.rules.door import IllegalAction
from maria.render.friedrich_preview import PAD
from maria.ui import widgets as W
from maria.ui.board_layout import Layout, control_buttons, draw_controls, layout_for
from maria.ui import friedrich_legend
from maria.ui.friedrich_drag import FDragPart
from maria.ui.legend import draw_legend
from maria.ui.friedrich_map import FMap, fit_scale
from maria.ui.friedrich_panels import (
    AllocateDialog,
    ChoiceDialog,
    FateScene,
    FGameOverScene,
    FHandoffScene,
    RecruitDialog,
    action_label,
    city_info,
    draw_armies,
    draw_duel,
    draw_fate,
    draw_hands,
    draw_log,
    general_info,
    hands_height,
    last_fate,
)
from maria.ui.friedrich_session import computer_levels, nation_label, role_label
from maria.ui.overlays import report_computer_failure
from maria.ui.presenter import Presenter
from maria.ui.game_menu import GameMenuScene, leave_for_title
from maria.ui.seats_scene import SeatsScene

PROMPT_H = 148  # the prompt: its text, then two rows of the door's actions as buttons
MARKS = {
    "step": (255, 214, 90),
    "retreat": (255, 140, 40),
    "attack": (220, 40, 30),
    "fate": (120, 200, 255),
    "move": (120, 220, 120),
}
MAP_TYPES = ("step", "retreat")  # only on the map (and as buttons when few)
ORDER = (
    "allocate",
    "recruit",
    "play_card",
    "stop",
    "retreat",
    "fate",
    "discard",
    "attack",
    "end_movement",
    "step",
    "transfer",
    "move",
)
COMPUTER_BUDGET = 0.025  # seconds of computer play per frame: the window stays live

_BOARD: list = []


def shipped_board():
    if not _BOARD:
        from maria.games.friedrich.board_loader import load_board

        _BOARD.append(load_board())
    return _BOARD[0]


def board_layout(board) -> Layout:
    """The board screen's layout for FRIEDRICH's map: the map area is the map at its fitted scale
    (the map's frame is PAD px at any scale: two passes find the scale), the hand in the side
    column."""
    map_h = max(c.y for c in board.cities.values())
    scale = 1.3
    for _ in range(2):
        lay = layout_for(1000 + 2 * PAD / scale, map_h + 2 * PAD / scale, prompt_h=PROMPT_H, hand_h=0)
        scale = fit_scale(board, lay.map)
    return lay


class FriedrichPresenter(FDragPart, Presenter):
    """FRIEDRICH on the board screen: its map, panels, prompt and dialogs, its table's flow."""

    budget = COMPUTER_BUDGET  # tests watching an all-computer game raise it

    def __init__(self, scene):
        super().__init__(scene)
        session = self.session
        self.board = shipped_board()
        self.lay = board_layout(self.board)
        self.map = FMap(self.board, self.lay.map)
        humans = session.humans()
        self.seat: str | None = humans[0] if len(humans) == 1 else None
        self.message = ""
        self.buttons: list[W.Button] = []
        self.more: list[dict] = []
        self.drag_from: str | None = None
        self.panning = False
        self.over_shown = False
        self.legend_shown = False
        self.demo_timer = 0.0  # seconds since the demo's last computer action
        self.refresh()
        self.fate_seen = self.view["fate"]["drawn"]

    # --- what is shown ----------------------------------------------------------------------------
    def refresh(self) -> None:
        s = self.session
        self.view = s.view(self.seat)
        if self.seat is not None:
            self.seen_log[self.seat] = len(s.state["log"])
        self.legal = [] if self.seat is None or s.is_computer(self.seat) else s.legal(self.seat)
        self.marks: dict[str, tuple] = {}
        self.drag = None  # a new position: nothing held
        for a in self.legal:
            if a["type"] in ("step", "retreat"):
                self.marks[a["to"]] = MARKS[a["type"]]
            elif a["type"] == "attack":
                self.marks[a["to"]] = MARKS["attack"]
            elif a["type"] == "fate" and a["choice"] in self.board.cities:
                self.marks[a["choice"]] = MARKS["fate"]
            elif a["type"] == "move":
                self.marks.setdefault(self._piece_city(a["pieces"][0]), MARKS["move"])
        self.layout()
        self.dirty = True

    def _piece_city(self, p: str) -> str | None:
        v = self.view
        return (v["generals"].get(p) or v["trains"].get(p) or {}).get("city")

    def layout(self) -> None:
        b = [
            W.Button(
                pygame.Rect(1300, 8, 110, 40),
                "Seats",
                self.seats,
                True,
                "seats",
                18,
                "Who plays each role: hand a seat to the computer or take one over, at any time.",
            ),
            W.Button(
                pygame.Rect(1420, 8, 110, 40),
                "Save",
                self.save,
                True,
                "save",
                18,
                "Save this FRIEDRICH game under a name (the Load screen opens it).",
            ),
            W.Button(
                pygame.Rect(1540, 8, 110, 40),
                "Rules",
                self.rules,
                True,
                "rules",
                18,
                "FRIEDRICH's rules, section by section (F1).",
            ),
            W.Button(
                pygame.Rect(1660, 8, 110, 40),
                "Undo",
                self.undo,
                any(a["type"] == "undo" for a in self.legal),
                "undo",
                18,
                "Take back your last move (Ctrl+Z) while the rules allow it.",
            ),
            W.Button(
                pygame.Rect(1780, 8, 130, 40),
                "Title",
                self.title,
                True,
                "title",
                18,
                "Leave this game for the title screen.",
            ),
        ]
        b += self.map_controls()
        acts = [a for a in self.legal if a["type"] != "undo"]
        every_reserve = [a for a in acts if a["type"] == "play_card" and "value" in a]
        # two Reserves in hand play alike: each value is offered once (the first Reserve's)
        seen: set[str] = set()
        reserves = [
            a
            for a in every_reserve
            if not (action_label(a, self.view, self.board) in seen or seen.add(action_label(a, self.view, self.board)))
        ]
        plain = [a for a in acts if a not in every_reserve and not (a["type"] in MAP_TYPES and len(acts) > 12)]
        # the same card from two decks ("Play 4♦" twice) plays alike: one button
        plain = [
            a
            for a in plain
            if a["type"] != "play_card"
            or not (action_label(a, self.view, self.board) in seen or seen.add(action_label(a, self.view, self.board)))
        ]
        # the decisions only the prompt offers first; moves (also on the map) last, "More…" if need be
        plain.sort(key=lambda a: ORDER.index(a["type"]) if a["type"] in ORDER else len(ORDER))
        items = [(action_label(a, self.view, self.board), self._send(a), ("act", i)) for i, a in enumerate(plain)]
        items_acts: list = list(plain)
        if reserves:
            items.append(("Play a Reserve…", self._choices("Play a Reserve as", reserves), ("act", "reserve")))
            items_acts.append(None)
        self.more = []
        placed: list[tuple[int, W.Button]] = []
        prompt = self.prompt_rect()
        x, y, row = prompt.x + 10, prompt.y + 40, 0
        for k, (label, fn, key) in enumerate(items):
            w = max(110, W.text(label, 17, W.INK, "sans_bold").get_width() + 24)
            if x + w > prompt.right - 10:
                row += 1
                x, y = prompt.x + 10, y + 46
            if row >= 2:
                # no room: the last buttons of the second row give way to "More…" with the rest
                while placed and placed[-1][1].rect.right + 8 + 110 > prompt.right - 10:
                    placed.pop()
                first = placed[-1][0] + 1 if placed else 0
                rest = [items_acts[i] for i in range(first, len(items)) if items_acts[i] is not None]
                x0 = placed[-1][1].rect.right + 8 if placed else prompt.x + 10
                more = W.Button(
                    pygame.Rect(x0, placed[-1][1].rect.y if placed else y, 110, 40),
                    "More…",
                    self._choices("Choose", rest + (reserves if first <= len(plain) else [])),
                    True,
                    ("act", "more"),
                    17,
                )
                placed.append((len(items), more))
                break
            placed.append((k, W.Button(pygame.Rect(x, y, w, 40), label, fn, True, key, 17)))
            x += w + 8
        b += [bt for _, bt in placed]
        self.buttons = b

    def prompt_rect(self) -> pygame.Rect:
        """The prompt's panel in the layout's prompt area."""
        return self.lay.prompt.inflate(-16, -12)

    def map_controls(self) -> list[W.Button]:
        """The board screen's row of the map's controls (board_layout): zoom, fit, the legend."""
        bs = control_buttons(
            self.lay.controls,
            [
                ("+", lambda: self._zoom(1), "zoom_in"),
                ("−", lambda: self._zoom(-1), "zoom_out"),
                ("Fit", self.fit, "zoom_fit"),
                ("Legend (L)", self.toggle_legend, "legend"),
            ],
        )
        tips = {
            "zoom_in": "Zoom in (mouse wheel, +). Drag with the right button to pan.",
            "zoom_out": "Zoom out (mouse wheel, -).",
            "zoom_fit": "The whole map, as large as its area allows.",
            "legend": "What every mark of the map means (L).",
        }
        for b in bs:
            b.tip = tips[b.key]
            b.selected = b.key == "legend" and self.legend_shown
        return bs

    def fit(self) -> None:
        self.map.fit_view()
        self.dirty = True

    def button(self, key) -> W.Button | None:
        return next((b for b in self.buttons if b.key == key), None)

    def button_for(self, action: dict) -> W.Button | None:
        for b in self.buttons:
            if (
                isinstance(b.key, tuple)
                and b.key[0] == "act"
                and b.label == action_label(action, self.view, self.board)
            ):
                return b
        return None

    # --- acting -----------------------------------------------------------------------------------
    def send(self, action: dict, quiet: bool = False) -> str:
        """Send `action` for the seated role through the door; the refusal's reason, or ""."""
        if self.seat is None:
            return "Nobody is seated."
        try:
            self.session.apply(self.seat, action)
        except IllegalAction as exc:
            if not quiet:
                self.message = str(exc)
                self.dirty = True
            return str(exc)
        self.message = ""
        self.after_change()
        return ""

    def _send(self, a: dict):
        def f():
            if a["type"] == "allocate":
                self.app.push(AllocateDialog(self.app, self.scene, self.seat, a))
            elif a["type"] == "recruit":
                self.app.push(RecruitDialog(self.app, self.scene, self.seat, a))
            else:
                self.send(a)

        return f

    def _choices(self, title: str, acts: list[dict]):
        def f():
            self.app.push(ChoiceDialog(self.app, self.scene, title, acts))

        return f

    def undo(self) -> None:
        self.send({"type": "undo"})

    def after_change(self) -> None:
        """A new position: seat the right human (with a hand-off when it changes), redraw; a Card
        of Fate just drawn is shown to the humans."""
        s = self.session
        drawn = s.state["fate"]["drawn"]
        if drawn != self.fate_seen:
            self.fate_seen = drawn
            text = last_fate(s.view(None))
            if text and s.humans() and drawn:
                self.app.push(FateScene(self.app, text))
        if s.state.get("result") is not None:
            self.refresh()
            self.autosave()
            return
        humans = s.humans()
        act = [r for r in s.active() if not s.is_computer(r)]
        if not humans:
            self.seat = None  # a demo: the public board
        elif len(humans) == 1:
            self.seat = humans[0]
        elif act and self.seat not in act:
            nxt = act[0]
            self.autosave()  # as MARIA's board: at each hand-off
            if self.app.settings.handoff_screens:
                self.seat = None  # nothing private while the screen changes hands
                self.refresh()
                if not any(isinstance(x, FHandoffScene) for x in self.app.scenes):
                    self.scene.hand_off(nxt)
                return
            self.seat = nxt
        self.refresh()
        s.autosave_at_stage_end()  # a solo game has no hand-offs: every stage's end

    def seat_role(self, role: str) -> None:
        self.seat = role
        self.refresh()

    # --- the loop -----------------------------------------------------------------------------
    def notice_rect(self) -> pygame.Rect | None:
        # under the zoom buttons
        return W.notice_rect(self.notice, (self.map.rect.right - 12, self.map.rect.y + 12))

    def game_over(self, top: bool) -> None:
        if not self.over_shown and top:
            self.over_shown = True
            self.app.push(FGameOverScene(self.app, self.scene))

    def handoff_scene(self, role: str):
        """The "Pass to …" screen with what happened since `role` last looked."""
        return FHandoffScene(self.app, role, self.scene)

    def computer_failed(self) -> None:
        report_computer_failure(self.app, self.scene, levels=computer_levels(), name=role_label)

    def demo_changed(self) -> None:
        self.after_change()  # a seat taken over or given back: seat its player
        self.dirty = True

    def computer_turns(self, dt: float) -> None:
        """The computer seats act for at most `budget` seconds a frame (the window stays live)."""
        s = self.session
        if self.demo is not None:
            self.demo_step(dt)
            return
        end = time.perf_counter() + self.budget
        changed = False
        while time.perf_counter() < end:
            role = s.computer_to_act()
            if role is None:
                break
            t = s.think(role)
            t.thread.join(max(0.0, end - time.perf_counter()))
            if not t.done:
                break
            if s.finish_thinking() is None:
                break
            changed = True
            if s.state.get("result") is not None:
                break
        if changed:
            self.after_change()

    def demo_step(self, dt: float) -> None:
        """The demo's pace: one computer action per DemoControl.delay() seconds, none while paused
        (the next decision is thought meanwhile, in its worker thread)."""
        s = self.session
        if self.demo.paused:
            return
        self.demo_timer += dt
        role = s.computer_to_act()
        if role is None:
            return
        t = s.think(role)
        self.dirty = True
        if t.done and self.demo_timer >= self.demo.delay():
            self.demo_timer = 0.0
            if s.finish_thinking() is not None:
                self.after_change()

    def handle(self, e) -> None:
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for b in list(self.buttons):
                if b.hit(e.pos):
                    b.action()
                    self.dirty = True
                    return
            if self.legend_shown:  # a click anywhere closes the legend
                self.toggle_legend()
                return
            if self.click_card(e.pos):
                return
            if self.map.rect.collidepoint(e.pos) and not self.press_piece(e.pos):
                self.click_map(e.pos)
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1 and self.drag is not None:
            self.release_piece(e.pos)
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1 and self.drag_from is not None:
            city = self.map.city_at(e.pos)
            start, self.drag_from = self.drag_from, None
            if (
                city
                and city != start
                and city in self.marks
                and any(a["type"] == "step" and a["to"] == city for a in self.legal)
            ):
                self.send({"type": "step", "to": city})
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button in (2, 3):
            self.panning = True
        elif e.type == pygame.MOUSEBUTTONUP and e.button in (2, 3):
            self.panning = False
        elif e.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                self.drag_motion(e.pos)
            if self.panning:
                self.map.pan(*e.rel)
            self.dirty = True
        elif e.type == pygame.MOUSEWHEEL:
            self._zoom(1 if e.y > 0 else -1, self.app.mouse_pos())
        elif e.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: (60, 0), pygame.K_RIGHT: (-60, 0), pygame.K_UP: (0, 60), pygame.K_DOWN: (0, -60)}
            if e.key in keys:
                self.map.pan(*keys[e.key])
                self.dirty = True
            elif e.unicode in ("+", "="):
                self._zoom(1)
            elif e.unicode == "-":
                self._zoom(-1)
            elif e.unicode == "0":
                self.fit()
            elif e.key == pygame.K_l:
                self.toggle_legend()
            elif e.key == pygame.K_z and e.mod & pygame.KMOD_CTRL:
                self.undo()
            elif e.key == pygame.K_ESCAPE:
                self.toggle_legend() if self.legend_shown else self.app.push(GameMenuScene(self.app, self.scene))

    def _zoom(self, d: int, at=None) -> None:
        if self.map.zoom(d, at):
            self.dirty = True

    def click_map(self, pos) -> None:
        """A city clicked: a highlighted destination takes that action; a piece of the seated
        role starts its move; anything else is sent to the door, whose refusal is shown."""
        # a lit destination first: the city nearest the click, even where a neighbour's piece is
        # drawn over it (the discs sit beside their cities)
        for city in (self.map.city_at(pos), self.map.piece_at(pos, self.view)):
            for a in self.legal:
                if a["type"] in ("step", "retreat", "attack") and a["to"] == city and city is not None:
                    self.send(a)
                    return
                if a["type"] == "fate" and a["choice"] == city and city is not None:
                    self.send(a)
                    return
        city, moves = self.moves_at(pos)  # the piece under the click and its moves (maria.ui.friedrich_drag)
        if city is None:
            return
        if moves:
            self.drag_from = city
            self.send(moves[0])
            return
        gens = self.view["city_generals"].get(city) or []
        train = self.view["city_train"].get(city)
        if self.map.train_at(pos, self.view) is not None and self.map.disc_at(pos, self.view) is None:
            gens = []  # the train's square: the door says why the train cannot move
        if self.seat is None or self.session.is_computer(self.seat):
            self.message = "Wait: it is not your turn to act."
        elif not self.legal:
            self.message = (
                f"{role_label(self.seat)} has nothing to do now: waiting for "
                + ", ".join(role_label(r) for r in self.session.active())
                + "."
            )
        elif gens or train:
            self.send({"type": "move", "pieces": list(gens) or [train]})
        elif self.view["flow"][-1]["name"] == "moving":
            self.send({"type": "step", "to": city})
        else:
            self.message = f"{self.board.cities[city].name}: no action of yours there now."
        self.dirty = True

    def keeps_on_quit(self) -> bool:
        """Only a game in progress is kept in its autosave."""
        return bool(self.session.record.actions) and self.session.state.get("result") is None

    # --- screens ------------------------------------------------------------------------------
    def toggle_legend(self) -> None:
        self.legend_shown = not self.legend_shown
        self.layout()
        self.dirty = True

    def seats(self) -> None:
        self.app.push(self.seats_scene())

    def seats_scene(self):
        """Who plays each role (also the game menu's Seats)."""
        return SeatsScene(self.app, self.scene, computer_levels(), role_label)

    def rules_scene(self):
        from maria.ui.friedrich_panels import FRulesScene

        return FRulesScene(self.app)

    def save(self) -> None:
        self.app.push(self.app.open_screen("save_load", "save", self.scene))

    def rules(self) -> None:
        self.app.push(self.rules_scene())

    def title(self) -> None:
        leave_for_title(self.app, self.scene)

    def hover_tip(self, pos):
        tip = self.card_tip(pos)
        if tip:
            return tip
        if self.map.rect.collidepoint(pos) and not self.legend_shown:
            disc = self.map.disc_at(pos, self.view)
            if disc is not None:
                return general_info(self.view, disc)
            city = self.map.piece_at(pos, self.view)
            if city:
                return city_info(self.view, self.board, city)
        return self.button_tip(pos)

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        surf.fill((232, 220, 192))
        v, lay, m = self.view, self.lay, self.map.rect
        frame = v["flow"][-1] if v["flow"] else {}
        sel = self._piece_city(frame["pieces"][0]) if frame.get("name") == "moving" else None
        self.map.draw(surf, v, self.marks, sel, frame.get("path") if frame.get("name") == "moving" else None)
        pygame.draw.rect(surf, W.FRAME, m, 2)
        top = self.header_text()
        W.blit_text(surf, top, (14, 12), 24, W.INK, "serif_bold")
        seat = role_label(self.seat) if self.seat else "nobody (spectator)"
        acting = ", ".join(role_label(r) for r in self.session.active()) or "—"
        W.blit_text(surf, f"Seated: {seat} · to act: " + acting, (620, 6), 18, (90, 75, 55))
        saved = self.session.autosave_text()
        if saved:  # when the game was last kept (Continue last game)
            colour = (150, 40, 30) if self.session.autosave_problem else (90, 75, 55)
            W.blit_text(surf, saved, (620, 30), 15, colour)
        mine = self.session.state["roles"].get(self.seat, []) if self.seat else []
        # the side column: the Clock of Fate, the hand as cards, the army sheet, the log
        side = lay.side.inflate(-12, 0)
        fate_r = pygame.Rect(side.x, side.y + 4, side.w, 150)
        draw_fate(surf, fate_r, v)
        mouse = None if self.covered else self.app.mouse_pos()  # a layer above: nothing lit here
        hands_h = hands_height(v, mine, side.w)  # a large hand takes more rows from the log
        hands_r = pygame.Rect(side.x, fate_r.bottom + 6, side.w, hands_h)
        self.card_zones = draw_hands(surf, hands_r, v, mine, mouse, self.playable_cards())
        # under a large hand the army sheet gives way first, the log keeps a few lines
        room = lay.side.bottom - 6 - hands_r.bottom - 6
        armies_r = pygame.Rect(side.x, hands_r.bottom + 6, side.w, max(120, min(240, room - 140)))
        draw_armies(surf, armies_r, v, mine)
        draw_log(surf, pygame.Rect(side.x, armies_r.bottom + 6, side.w, lay.side.bottom - 6 - armies_r.bottom - 6), v)
        draw_controls(surf, lay.controls, True)
        if frame.get("name") == "duel":
            # over the half of the map away from the battle, which stays visible
            low = self.map.to_screen(frame["def_city"])[1] > m.centery
            y = m.y + 10 if low else m.bottom - 236
            draw_duel(surf, pygame.Rect(m.centerx - 450, y, 900, 226), v, self.board)
            for c in (frame["att_city"], frame["def_city"]):
                pygame.draw.circle(surf, (220, 40, 30), self.map.to_screen(c), 18, 4)
        self.draw_drag(surf)
        if self.legend_shown:
            draw_legend(surf, m.inflate(-60, -60), friedrich_legend.entries(MARKS), friedrich_legend.NOTE)
        prompt = self.prompt_rect()
        W.panel(surf, prompt, W.PAPER, W.FRAME, 6, 2)
        W.blit_text(
            surf,
            self.prompt_text(),
            (prompt.x + 12, prompt.y + 8),
            19,
            W.ACCENT if self.message else W.INK,
            "sans_bold",
        )
        for b in self.buttons:
            b.draw(surf, mouse is not None and b.rect.collidepoint(mouse))
        if self.demo is not None and not self.covered:
            self.demo.draw(surf, pygame.Rect(m.x + 8, m.bottom - 48, min(1140, m.w - 16), 40))
        r = self.notice_rect()
        if r is not None and not self.covered:
            W.draw_notice(surf, self.notice, r)

    def header_text(self) -> str:
        """ "FRIEDRICH · turn 3 · Prussia · movement": the parts there are (no nation during the
        set-up, whose phase reads "set-up")."""
        v = self.view
        phase = {"setup": "set-up"}.get(v.get("phase") or "", (v.get("phase") or "").replace("_", " "))
        parts = ["FRIEDRICH", f"turn {v['turn']}", nation_label(v["nation"]) if v.get("nation") else "", phase]
        return " · ".join(p for p in parts if p)

    def prompt_text(self) -> str:
        if self.message:
            return self.message[:150]
        s = self.session
        if s.state.get("result") is not None:
            return "The game is over."
        if self.seat is None or not self.legal:
            who = ", ".join(role_label(r) for r in s.active())
            comp = any(s.is_computer(r) for r in s.active())
            return f"Waiting for {who}" + (" (the computer is thinking)…" if comp else ".")
        frame = self.view["flow"][-1]["name"]
        hints = {
            "moving": "Click a highlighted city to step there, or Stop.",
            "movement": "Drag one of your pieces (green rings) to a city; click it to go step by step.",
            "allocation": "Share your armies among your generals (§6).",
            "duel": "Combat: play a card of your sector's suit, or stop (§7).",
            "retreat": "Choose where the beaten enemy retreats (orange rings, §8).",
            "combat": "Choose the next attack (§7).",
            "tc": "France discards one of the cards drawn (§3).",
            "fate_choice": "The Card of Fate leaves you a choice (§11).",
        }
        return f"{role_label(self.seat)}: " + hints.get(frame, "your decision.")

    def fate_text(self) -> str | None:
        return last_fate(self.view)
