"""MARIA's presenter on the board screen (maria.ui.board_scene): the map through a zoom/pan View,
the pieces of the seated player's view, the prompt bar with the legal non-spatial actions, the hand,
the army sheet, the combat panel, the log.

Everything drawn comes from door.view(state, seat); everything done is one of
door.legal_actions(state, seat) (templates filled here), applied through the session's record.
"""

from __future__ import annotations

import pygame

from maria.render import pieces
from maria.render.geometry import View, board_size
from maria.render.map_layer import ScaledLayer, get_map_layer
from maria.games.maria.rules import door
from maria.games.maria.rules.state import IllegalAction, board_info
from maria.ui import sound
from maria.ui import hand as HAND
from maria.ui import widgets as W
from maria.ui.board_combat import CombatPart
from maria.ui.board_dialogs import DialogsPart
from maria.ui.board_modal import ModalPart
from maria.ui.board_input import InputPart
from maria.ui.board_layout import (
    STRIP_W,
    FLASH_DUR,
    LIT_NORMAL,
    LIT_FORCE,
    LIT_HUSSAR,
    LIT_ATTACK,
    LIT_RETREAT,
    PUBLIC_TYPES,
    FORCED_TYPES,
    SUIT_CHAR,
    CARD_W,
    layout_for,
)
from maria.ui.board_map import MapPart
from maria.ui.board_panels import PanelsPart, card_label
from maria.ui.moves import reach
from maria.ui.overlays import ComputerFailedScene, HandoffScene
from maria.ui.presenter import Presenter
from maria.ui.game_menu import GameOverScene
from maria.ui.rules_text import phase_rule, rule_for_reason
from maria.ui.session import role_name


def pronouns(role: str) -> tuple[str, str]:
    """(object, possessive) for a role as the texts speak of it: Maria Theresa is "her", the
    2-player Coalition "it", Frederick and Louis XV "him"/"his"."""
    return {"maria_theresa": ("her", "her"), "coalition": ("it", "its")}.get(role, ("him", "his"))


def _card_text(card: str) -> str:
    value, suit = card_label(card)
    return value + SUIT_CHAR.get(suit or "", "")


class MariaPresenter(InputPart, DialogsPart, ModalPart, MapPart, PanelsPart, CombatPart, Presenter):
    """MARIA on the board screen.  This class owns MARIA's screen state (set up in __init__) and the
    flow of the table (who is seated, hand-offs, forced and public decisions, the computers' turns);
    its parts are mixins in their own modules: input (board_input), dialogs and buttons
    (board_dialogs), the map (board_map), the frame around it (board_panels), the combat panel and
    animations (board_combat); the layout constants are in board_layout."""

    def __init__(self, scene):
        super().__init__(scene)
        session = self.session
        self.board = self.app.get_board()
        self.info = board_info(session.state)
        self.layer = get_map_layer(self.board)
        self.scaled = ScaledLayer(self.layer.surface)
        self._all_city_px = {cid: self.board.grid.to_px(c.pos) for cid, c in self.board.cities.items()}
        # R14.1: the introductory game does not use the Flanders map; it is collapsed to a strip
        # (key F or the map's "Flanders" button shows it) and Bohemia gets the board area
        self.flanders_unused = not any(self.board.cities[c].map == "flanders" for c in self.info.playable)
        self.show_flanders = not self.flanders_unused
        bw, bh = board_size(self.board.grid)
        self.view = View((bw, bh), (1, 1))
        self._city_px: dict[str, tuple[float, float]] = {}
        self._shown_cities()
        # the screen is laid out for the maps in play: the map area is the board at its fitted
        # scale, the side panel has the rest (a peek at the unused Flanders fits in the same area)
        _x, _y, w, h = self.view.bounds or (0, 0, bw, bh)
        self.base_lay = self.lay = layout_for(w, h, STRIP_W if self.flanders_unused else 0)
        self.view.screen_size = self.lay.map.size
        self._shown_cities()
        self.view.fit()
        self.seat: str = session.next_role(forced=FORCED_TYPES) or "observer"
        self.private = True  # the seated role's hand and secrets are shown (False: a public decision)
        self.auto_lines: list[str] = []  # decisions the program made for human seats since the last look
        self.replay: list[dict] = []  # "show me": log entries to play back on the map, in order
        if session.is_computer(self.seat):
            humans = session.humans()
            self.seat = humans[0] if humans else "observer"
        self.message = ""
        self.message_rule: str | None = None
        self.hover_city: str | None = None
        self.hover_log: list[str] = []
        self.selected: str | None = None
        self.reach = None
        self.drag = None  # {"piece", "start", "pos", "moved", "pan"}
        self.path_choice = None  # {"city", "options"}
        self.reserve_pick = None  # card id awaiting a value
        self.confirm = None  # {"action", "question", "yes"}: a phase-ending action asked about first
        self.end_refused: str | None = None  # why the movement phase cannot end yet (_end_refusal)
        self.pay_sel: list[str] = []
        self.alloc: dict | None = None
        self.recruit: dict | None = None
        self.log_scroll = 0
        self.computer_timer = 0.0
        self.anim = None  # {"path": [cities], "t", "dur"}: a gliding piece, or a card_anim.CardFlight
        self.flash = None  # {"rect", "t"}: the glow of a card that just landed (never blocks play)
        self.computer_line = ""  # the log line of the last computer action
        self.hover_card: str | None = None
        self.hand_dirty = False  # only the hand bar needs redrawing (a hover over the cards)
        self.buttons: list[W.Button] = []
        self.panel: str | None = None  # an overlay over the map: "politics" | "victory" | "notes"
        self.note_draft = ""
        self.note_focus = False
        self.map_cache = pygame.Surface(self.lay.map.size)
        self.static = pygame.Surface((1920, 1080))
        self.map_dirty = True
        self.static_dirty = True
        self._piece_rects: dict[str, pygame.Rect] = {}
        self._card_rects: list[tuple[pygame.Rect, str]] = []  # as drawn, in draw order
        self._card_zones: list[tuple[pygame.Rect, str]] = []  # what the mouse hits (hand.zones)
        self._hand_groups_drawn: list[HAND.Group] = []  # the hands as last laid out (rows, steps)
        self._log_rows: list[tuple[pygame.Rect, list[str]]] = []
        self._victory_rows: list[tuple[pygame.Rect, list[str]]] = []  # the tracker's lines, for hover
        self._outlook: tuple = (None, {})  # (key, the engine's supply outlook for the selected general)
        self.hover_victory: int | None = None
        self.shift_held = False  # Shift: dragging pins waypoints of the route
        self._sound_mark: int | None = None  # log length already sounded (None: nothing yet)
        self.battle_closed: int | None = None  # the log index of the battle whose result was put away
        self.show_supply = False  # key S: every train's supply range and the unsupplied generals
        self._supply_map: tuple = (None, {})
        self.refresh()

    # ------------------------------------------------------------------------------ state sync
    def refresh(self) -> None:
        """Re-read view and legal actions after a change of state or seat."""
        st = self.session.state
        self.v = door.view(st, self.seat if self.private else "observer")
        self.seen_log[self.seat] = len(st["log"])
        # a hand bar in the side column takes a second row when the hands need it
        rows = HAND.rows(self._hand_groups(), self.base_lay.hand.w - 2 * HAND.PAD, CARD_W) if self.base_lay.tall else []
        self.lay = self.base_lay.with_hand_rows(len(rows))
        self._sounds_for(st)
        self.acts = door.legal_actions(st, self.seat) if self.seat in door.active_roles(st) else []
        self.frame = self.v["flow"][-1] if self.v["flow"] else {"name": "game"}
        self.end_refused = self._end_refusal(st)
        self.selected = None if self.selected not in self._movable() else self.selected
        self.reach = reach(st, self.selected) if self.selected else None
        self.path_choice = None
        self.reserve_pick = None
        self.confirm = None
        self.pay_sel = [c for c in self.pay_sel if c in self._my_cards()]
        self._setup_alloc()
        self._setup_recruit()
        self._auto_select_moving()
        self.map_dirty = self.static_dirty = self.dirty = True

    def _end_refusal(self, st: dict) -> str | None:
        """Why this seat's movement phase cannot end yet, in the door's words (an agreement in
        force, R21: a general promised to leave a territory has not moved), so that "End
        movement" stays on the bar with its reason instead of vanishing; None when it can end."""
        if self.frame.get("name") != "movement_phase" or not self.acts or any(a["type"] == "done" for a in self.acts):
            return None
        try:
            door.apply(st, self.seat, {"type": "done"})  # a copy: the session's state is never changed
        except IllegalAction as exc:
            return str(exc)
        return None

    def _my_cards(self) -> list[str]:
        out = []
        for p in self.v["roles"].get(self.seat, []):
            h = self.v["hands"].get(p)
            if isinstance(h, list):
                out += h
        return out

    def _acts(self, t: str) -> list[dict]:
        return [a for a in self.acts if a["type"] == t]

    def _movable(self) -> set[str]:
        out = {a["piece"] for a in self.acts if a["type"] in ("move", "force_march")}
        if self.frame.get("name") == "moving":
            out.add(self.frame.get("piece"))
        return out

    def _setup_alloc(self) -> None:
        tpl = self._acts("allocate")
        if not tpl:
            self.alloc = None
            return
        t = tpl[0]
        if self.alloc and self.alloc["power"] == t["power"]:
            return
        self.alloc = {"power": t["power"], "template": t, "troops": {g: lim["min"] for g, lim in t["generals"].items()}}

    def _setup_recruit(self) -> None:
        tpl = self._acts("recruit") or self._acts("troops")
        if not tpl:
            self.recruit = None
            return
        t = tpl[0]
        if self.recruit and self.recruit["power"] == t["power"]:
            return
        gens = list(t["on_map"]) + list(t["sites"])
        self.recruit = {
            "power": t["power"],
            "template": t,
            "assign": {g: 0 for g in gens},
            "site": {g: (s[0] if s else None) for g, s in t["sites"].items()},
        }

    def _auto_select_moving(self) -> None:
        if self.frame.get("name") == "moving" and self.acts:
            self.selected = self.frame["piece"]

    def apply(self, action: dict) -> bool:
        role = self.seat
        card_play = self.frame.get("name") == "combat" and action.get("type") == "play_card"
        origin = self._card_rect(action.get("card")) if card_play else None
        n_log = len(self.session.state["log"])
        try:
            self.session.apply(self.seat, action)
        except IllegalAction as exc:
            self.refuse(str(exc))
            return False
        self.seen_log[role] = len(self.session.state["log"])  # the player saw his own action
        self._land_now()  # a player's action lands whatever is still in flight
        self.message = ""
        self.message_rule = None
        self.selected = None
        self.alloc = self.recruit = None
        self.pay_sel = []
        self.after_change()
        if card_play:
            self._start_card_flight(role, origin, n_log)
        return True

    def phase_rule(self) -> str | None:
        st = self.session.state
        return phase_rule(self.frame.get("name"), st["variant"], st["players"])

    def refuse(self, reason: str) -> None:
        self.message = reason
        self.message_rule = rule_for_reason(reason) or self.phase_rule()
        self.static_dirty = self.dirty = True

    def after_change(self) -> None:
        """Decide who sits at the table now: hand-off screens, computers, game over."""
        s = self.session
        if door.is_over(s.state):
            self.refresh()
            self.autosave()
            if not isinstance(self.app.top, GameOverScene):
                self.app.push(GameOverScene(self.app, self.scene))
            return
        if self._auto_forced():
            self.after_change()
            return
        nxt = s.next_role(prefer=self.seat, forced=FORCED_TYPES)
        hot = self.app.settings.handoff_screens and len(s.humans()) > 1
        if nxt and not s.is_computer(nxt) and nxt != self.seat:
            self.autosave()
            self.seat = nxt
            if hot and self.public_decision(nxt):
                self.private = False  # nothing private is needed: no "Pass to …" screen
            elif hot:
                self.private = True
                self.scene.hand_off(nxt)
            else:
                self.private = True
        elif nxt == self.seat and not self.private and not self.public_decision(nxt):
            # the player at the screen goes on with a decision of his own; the others may have
            # watched the public step, so in hot-seat play the screen changes hands first
            self.private = True
            if hot:
                self.scene.hand_off(nxt)
        self.refresh()
        s.autosave_at_stage_end()  # a solo game has no hand-offs: every stage's end

    def handoff_scene(self, role: str):
        """The "Pass to …" screen with what happened since `role` last looked (maria.ui.overlays)."""
        return HandoffScene(self.app, role, self.scene)

    def computer_failed(self) -> None:
        """A computer player raised: a crash report and an emergency save as for any crash, then
        the player chooses how to go on (another level, or taking the seat)."""
        from maria.record import crash

        role, exc = self.session.computer_failure
        self.session.computer_failure = None
        report, save = crash.write_crash_report(exc, record=self.session.record)
        self.app.push(ComputerFailedScene(self.app, self.scene, role, report, save))

    def public_decision(self, role: str) -> bool:
        """`role`'s decision needs nothing private on the screen (see PUBLIC_TYPES)."""
        acts = [a for a in door.legal_actions(self.session.state, role) if a["type"] not in ("undo", "transfer")]
        return bool(acts) and all(a["type"] in PUBLIC_TYPES for a in acts)

    def forced_action(self, role: str) -> dict | None:
        """The only answer `role` has, when there is nothing else to do and nothing to take back."""
        acts = door.legal_actions(self.session.state, role)
        if any(a["type"] == "undo" for a in acts):
            return None
        # transfers (R6.6) and proposals to cancel a subsidy (R20) are offered "at any time": side
        # options, not an answer to the question asked
        rest = [a for a in acts if a["type"] not in ("transfer", "cancel_subsidy", "offer_agreement")]
        if len(rest) == 1 and rest[0]["type"] in FORCED_TYPES:
            return rest[0]
        # R11.5: at a score of 0 a side holding a card of its suit must play one; with a single such
        # card (and no Reserve, which is never forced) the card is chosen by the rules, not by him
        if len(rest) == 1 and rest[0]["type"] == "play_card" and "value" not in rest[0]:
            return rest[0]
        return None

    def _auto_forced(self) -> bool:
        """Make a human seat's forced decision for it (no screen, no click); True if one was made."""
        s = self.session
        if door.is_over(s.state):
            return False
        nxt = s.next_role(prefer=self.seat, forced=FORCED_TYPES)
        if not nxt or s.is_computer(nxt):
            return False
        a = self.forced_action(nxt)
        if a is None:
            return False
        step = str(s.state["phase"] or s.state["stage"] or "step").replace("_", " ")
        s.apply(nxt, a)
        him, his = pronouns(nxt)
        what = {
            "accept_defeat": "has no card to play and accepts the defeat (R11.3)",
            "accept_tie": "has no card of the suit and accepts the tie (R11.5)",
            "done": f"has nothing to do in this {step}",
            "play_card": f"must play {his} only card of the suit, "
            f"{_card_text(a['card']) if a['type'] == 'play_card' else ''} (R11.5)",
        }
        self.auto_lines.append(f"{role_name(nxt)} {what[a['type']]}: done for {him}.")
        self.computer_line = self.auto_lines[-1]
        return True

    def on_top(self) -> None:
        self.map_dirty = self.static_dirty = True

    def on_covered(self) -> None:
        """A screen opens over the board (a dialog, the menu, a hand-off): what the mouse pointed at
        is forgotten, so no city tooltip or lit button of this layer outlives it."""
        self.hover_city = self.hover_card = self.hover_victory = None
        self.hover_log = []
        self.map_dirty = self.static_dirty = True

    def _sounds_for(self, st: dict) -> None:
        """A short sound for what just happened (the new log lines since the last look)."""
        n = len(st["log"])
        if self._sound_mark is not None and n > self._sound_mark:
            cfg = self.app.settings
            for name in sound.effects_for(st["log"][self._sound_mark :], door.is_over(st)):
                sound.play(name, cfg.volume, cfg.muted)
        self._sound_mark = n

    # ------------------------------------------------------------------------------ update
    def pace(self) -> float:
        """Seconds between two computer actions: the demo speed, else the animation setting."""
        return self.demo.delay() if self.demo is not None else self.app.settings.computer_delay()

    def tick(self, dt: float, top: bool) -> None:
        """Animations run while the board is seen (a hand-off screen holds them: the next player
        sees the other side's card arrive) and freeze while the demo is paused."""
        paused = self.demo is not None and self.demo.paused
        if self.anim is not None and top and not paused:
            self._advance_anim(dt)
        if self.flash is not None and top:
            self.flash["t"] += dt
            self.dirty = True
            if self.flash["t"] >= FLASH_DUR:
                self.flash = None

    def is_over(self) -> bool:
        return door.is_over(self.session.state)

    def redraw(self) -> None:
        self.static_dirty = self.dirty = True

    def demo_changed(self) -> None:
        # the demo bar (pause, speed, who holds each seat) is drawn each frame: show the change
        # now, also while paused (nothing else would ask for a redraw then)
        self.static_dirty = self.dirty = True

    def computer_turns(self, dt: float) -> None:
        s = self.session
        nxt = s.next_role(prefer=self.seat, forced=FORCED_TYPES)
        if nxt and s.is_computer(nxt):
            # the decision runs in a worker thread: this frame returns at once (no freeze)
            t = s.think(nxt)
            self.dirty = True
            self.computer_timer += dt  # (a card's landing restarts it: the new score is seen)
            delay = self.pace()
            if t.done and self.computer_timer >= delay and self.anim is None:
                self.computer_timer = 0.0
                before = s.state
                a = s.finish_thinking()
                if a is not None:
                    self._animate(before, nxt, a, delay)
                    self.after_change()
                    if a.get("type") == "play_card" and before["flow"][-1].get("name") == "combat":
                        self._start_card_flight(nxt, None, len(before["log"]))
        elif nxt and nxt != self.seat:
            self.after_change()
        elif self.replay and self.anim is None:
            self._next_replay()

    def hover_tip(self, pos) -> str | None:
        """Buttons, then the board's furniture (a city's own tooltip is drawn by the map)."""
        return self.button_tip(pos) or self.furniture_tip(pos)

    # ------------------------------------------------------------------------------ geometry
    def _shown_cities(self) -> None:
        """The cities drawn, hovered and clicked: all, or Bohemia's while Flanders is collapsed."""
        hide = not self.show_flanders
        self._city_px = {
            c: p for c, p in self._all_city_px.items() if not (hide and self.board.cities[c].map == "flanders")
        }
        cols = self.board.map_columns.get("flanders")
        if hide and cols:
            # the view keeps to Bohemia, centred; the collapsed Flanders strip lies along its edge
            left = (cols[1] + 1) * self.board.grid.cell_px[0]
            bw, bh = board_size(self.board.grid)
            self.view.bounds = (left, 0.0, bw - left, float(bh))
            self.view.inset_left = STRIP_W
        else:
            self.view.bounds = None
            self.view.inset_left = 0
        self.view.clamp()

    def toggle_flanders(self) -> None:
        if not self.flanders_unused:
            return
        self.show_flanders = not self.show_flanders
        self._shown_cities()
        self.view.fit()
        self.map_dirty = self.static_dirty = self.dirty = True

    def to_screen(self, city: str) -> tuple[float, float]:
        x, y = self.view.to_screen(self._all_city_px[city])
        return x + self.lay.map.x, y + self.lay.map.y

    def city_at(self, pos, radius: float = 16) -> str | None:
        m = self.lay.map
        if not m.collidepoint(pos):
            return None
        bx, by = self.view.to_board((pos[0] - m.x, pos[1] - m.y))
        lim = radius / max(self.view.zoom, 0.2)
        best, bd = None, lim * lim
        for cid, (x, y) in self._city_px.items():
            d = (x - bx) ** 2 + (y - by) ** 2
            if d < bd:
                best, bd = cid, d
        return best

    def piece_radius(self) -> int:
        return int(max(10, min(30, pieces.GENERAL_RADIUS * self.view.zoom * 1.5)))

    def piece_at(self, pos) -> str | None:
        for pid, r in reversed(list(self._piece_rects.items())):
            if r.collidepoint(pos):
                return pid
        return None

    # ------------------------------------------------------------------------------ lit cities
    def lit(self) -> dict[str, tuple]:
        """City -> colour of every city the seated player can act on now."""
        out: dict[str, tuple] = {}
        name = self.frame.get("name")
        if self.frame.get("name") == "moving" and self.acts:
            for a in self._acts("step"):
                out[a["to"]] = LIT_FORCE if self.frame.get("mode") == "force" else LIT_NORMAL
        elif self.reach is not None:
            for c in self.reach.force:
                out[c] = LIT_FORCE
            for c in self.reach.normal:
                out[c] = LIT_NORMAL
        for a in self._acts("place_hussar") + self._acts("relocate") + self._acts("place_train"):
            out[a["city"]] = LIT_HUSSAR
        for a in self._acts("attack"):
            out[a["target"]] = LIT_ATTACK
        for a in self._acts("retreat"):
            out[a["path"][-1]] = LIT_RETREAT
        if name == "movement_phase" and self.selected in self.v["trains"]:
            for a in self._acts("reenter_train"):
                if a["train"] == self.selected:
                    out[a["city"]] = LIT_HUSSAR
        return out

    # ------------------------------------------------------------------------------ test helpers
    def button(self, key) -> W.Button | None:
        if self.static_dirty:
            self.build_buttons()
        for b in self.buttons:
            if b.key == key:
                return b
        return None
