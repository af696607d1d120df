"""The board scene: the map through a zoom/pan View, the pieces of the seated player's view, the
prompt bar with the legal non-spatial actions, the hand, the army sheet, the combat panel, the log.

Everything drawn comes from door.view(state, seat); everything done is one of
door.legal_actions(state, seat) (templates filled here), applied through the session's record.
"""

from __future__ import annotations

import sys

import pygame

from maria.render import palette as pal, pieces, symbols
from maria.render.furniture import turn_box_rects
from maria.render.geometry import View, board_size
from maria.render.map_layer import ScaledLayer, get_map_layer
from maria.rules import cards as C
from maria.rules import door
from maria.rules.state import IllegalAction, board_info, controller
from maria.rules.state import home_of as state_home_of
from maria.ui import advanced_ui as ADV
from maria.ui import card_anim as CA
from maria.ui import hand as HAND
from maria.ui import widgets as W
from maria.ui.app import Scene
from maria.ui.overlays import GameMenuScene, GameOverScene, HandoffScene, RulesScene, SaveLoadScene
from maria.ui.moves import reach
from maria.ui.rules_text import phase_rule, rule_for_reason
from maria.ui.session import Session, power_name, role_name

TOP_H = 52
PROMPT_H = 60
HAND_H = 132
SIDE_W = 420
MAP_RECT = pygame.Rect(0, TOP_H, 1920 - SIDE_W, 1080 - TOP_H - PROMPT_H - HAND_H)
PROMPT_RECT = pygame.Rect(0, MAP_RECT.bottom, 1920, PROMPT_H)
HAND_RECT = pygame.Rect(0, PROMPT_RECT.bottom, 1920, HAND_H)
SIDE_RECT = pygame.Rect(MAP_RECT.right, TOP_H, SIDE_W, MAP_RECT.h)
INFO_H = 250
COMBAT_RECT = pygame.Rect(MAP_RECT.centerx - 420, MAP_RECT.y + 30, 840, 420)
RESERVE_ROW_H = 96              # the panel grows by this while a Reserve awaits its value
COMBAT_SCORE_Y = 330             # the score line, then who has the right to play (y from the panel's top)
COMBAT_RESERVE_Y = 420           # the Reserve's value row, below both (never over the score line)
CARD_W, CARD_H = 62, 88
SLOT_W, SLOT_H = 52, 74          # a card in the combat panel
HAND_CARD_TOP = 38               # the cards' top in the hand bar (the powers' headers above them)
HOVER_LIFT = 12                  # the card under the mouse rises (whole, on top of its neighbours)
SELECT_LIFT = 10                 # a card selected to pay (or a Reserve awaiting its value)
FLASH_DUR = 0.45                 # the glow around a card that just landed in the combat panel
WHEEL_STEP = 1.15
KEY_PAN = 80
DRAG_THRESHOLD = 6
LIT_NORMAL = (40, 150, 60)
LIT_FORCE = (225, 120, 20)
LIT_HUSSAR = (40, 110, 200)
LIT_ATTACK = (200, 30, 30)
LIT_RETREAT = (130, 50, 170)
INTRO_FRAMES = frozenset({"allocation", "hussars", "tc_phase", "movement_phase", "moving", "pay", "hussar_tax",
                          "combat_phase", "combat", "retreat", "winter", "game", "supply_phase", "retro_phase"})
SUIT_CHAR = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
# Decisions that need nothing private on the screen (no hand, no army sheet, no face-down troops):
# in hot-seat the player makes them on the public board, without a "Pass to …" screen.
PUBLIC_TYPES = frozenset({"done", "stop", "stack_consent", "commander", "saxony_shift", "reduce_objectives",
                          "peace_offer", "peace_answer", "answer_subsidy", "offer_subsidy", "cancel_subsidy",
                          "vote", "relocate", "place_train", "expedition", "execute", "dispute", "flanders_pass",
                          "retreat", "attack", "accept_defeat", "accept_tie", "cancel", "select", "save",
                          "place_hussar"})
# A decision with one answer and nothing to take back is made by the program (R11.3/R11.5: a side
# with no card to play accepts the defeat or the tie; an empty step is done).
FORCED_TYPES = frozenset({"done", "accept_defeat", "accept_tie"})
TYPE_LABELS = {"done": "Done", "stop": "Stop here", "cancel": "Cancel", "accept_defeat": "Accept defeat",
               "accept_tie": "Accept the tie", "undo": "Undo"}


def card_label(card: str) -> tuple[str, str | None]:
    if C.is_reserve(card):
        return "Reserve", None
    return str(C.value_of(card)), C.suit_of(card)


_faces: dict[tuple, pygame.Surface] = {}


def card_face(card: str, size: tuple[int, int], hi: bool) -> pygame.Surface:
    """A tactical card's face (transparent corners), cached: value and corner pip top left (they
    stay readable when the card is overlapped), the suit in the middle; a Reserve says so."""
    face = card.split(":", 1)[-1]                 # the same face whichever deck it comes from
    key = (face, tuple(size), hi)
    img = _faces.get(key)
    if img is not None:
        return img
    img = pygame.Surface(size, pygame.SRCALPHA)
    rect = img.get_rect()
    W.panel(img, rect, (252, 250, 244), W.HILITE if hi else (90, 80, 60), 6, 3 if hi else 1)
    val, suit = card_label(card)
    if suit:
        col = pal.SUIT_COLOURS.get(suit, W.INK)
        v = W.blit_text(img, val, (rect.x + 6, rect.y + 4), 22, col, "sans_bold")
        pip = symbols.suit_symbol(suit, 13)
        img.blit(pip, pip.get_rect(midtop=(v.centerx, v.bottom)))
        big = symbols.suit_symbol(suit, 30)
        img.blit(big, big.get_rect(center=(rect.centerx + 4, rect.centery + 14)))
    else:
        W.blit_text(img, "R", (rect.x + 6, rect.y + 4), 22, (120, 60, 140), "sans_bold")
        W.blit_text(img, "Reserve", (rect.centerx, rect.centery + 14), 13, (120, 60, 140), "sans_bold", "center")
    if len(_faces) > 400:
        _faces.clear()
    _faces[key] = img
    return img


class BoardScene(Scene):
    def __init__(self, app, session: Session):
        super().__init__(app)
        self.session = session
        self.board = app.get_board()
        self.info = board_info(session.state)
        self.layer = get_map_layer(self.board)
        self.scaled = ScaledLayer(self.layer.surface)
        self.view = View(board_size(self.board.grid), MAP_RECT.size)
        self._fit_playable()
        self._city_px = {cid: self.board.grid.to_px(c.pos) for cid, c in self.board.cities.items()
                         if cid in self.info.playable or True}
        self.seat: str = session.next_role() or "observer"
        self.private = True          # the seated role's hand and secrets are shown (False: a public decision)
        self.auto_lines: list[str] = []   # decisions the program made for human seats since the last look
        self.seen_log: dict[str, int] = {}   # role -> log length when that player last saw the board
        self.replay: list[dict] = []      # "show me": log entries to play back on the map, in order
        if session.is_computer(self.seat):
            humans = session.humans()
            self.seat = humans[0] if humans else "observer"
        self.message = ""
        self.message_rule: str | None = None
        self.hover_city: str | None = None
        self.hover_log: list[str] = []
        self.selected: str | None = None
        self.reach = None
        self.drag = None             # {"piece", "start", "pos", "moved", "pan"}
        self.path_choice = None      # {"city", "options"}
        self.reserve_pick = None     # card id awaiting a value
        self.confirm = None          # {"action", "question", "yes"}: a phase-ending action asked about first
        self.pay_sel: list[str] = []
        self.alloc: dict | None = None
        self.recruit: dict | None = None
        self.log_scroll = 0
        self.computer_timer = 0.0
        self.demo = None             # maria.ui.demo.DemoControl when the demo mode runs this board
        self.anim = None             # {"path": [cities], "t", "dur"}: a gliding piece, or a card_anim.CardFlight
        self.flash = None            # {"rect", "t"}: the glow of a card that just landed (never blocks play)
        self.computer_line = ""      # the log line of the last computer action
        self.frames = 0              # frames updated (the demo test checks events every frame)
        self.events = 0              # events handled (the animation tests check they keep coming)
        self.hover_card: str | None = None
        self.hand_dirty = False      # only the hand bar needs redrawing (a hover over the cards)
        self.buttons: list[W.Button] = []
        self.panel: str | None = None     # an overlay over the map: "politics" | "victory" | "notes"
        self.note_draft = ""
        self.note_focus = False
        self.map_cache = pygame.Surface(MAP_RECT.size)
        self.static = pygame.Surface((1920, 1080))
        self.map_dirty = True
        self.static_dirty = True
        self._piece_rects: dict[str, pygame.Rect] = {}
        self._card_rects: list[tuple[pygame.Rect, str]] = []     # as drawn, in draw order
        self._card_zones: list[tuple[pygame.Rect, str]] = []     # what the mouse hits (hand.zones)
        self._log_rows: list[tuple[pygame.Rect, list[str]]] = []
        self.refresh()

    def _fit_playable(self) -> None:
        """Zoom to the maps in play (the introductory game uses Bohemia only)."""
        pts = [self.board.grid.to_px(self.board.cities[c].pos) for c in self.info.playable]
        if not pts:
            self.view.fit()
            return
        x0, x1 = min(p[0] for p in pts) - 60, max(p[0] for p in pts) + 60
        y0, y1 = min(p[1] for p in pts) - 60, max(p[1] for p in pts) + 60
        self.view.fit()
        self.view.set_zoom(min(MAP_RECT.w / (x1 - x0), MAP_RECT.h / (y1 - y0)))
        self.view.centre_on(((x0 + x1) / 2, (y0 + y1) / 2))

    # ------------------------------------------------------------------------------ state sync
    def refresh(self) -> None:
        """Re-read view and legal actions after a change of state or seat."""
        st = self.session.state
        self.v = door.view(st, self.seat if self.private else "observer")
        self.seen_log[self.seat] = len(st["log"])
        self.acts = door.legal_actions(st, self.seat) if self.seat in door.active_roles(st) else []
        self.frame = self.v["flow"][-1] if self.v["flow"] else {"name": "game"}
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
        self.alloc = {"power": t["power"], "template": t,
                      "troops": {g: lim["min"] for g, lim in t["generals"].items()}}

    def _setup_recruit(self) -> None:
        tpl = self._acts("recruit") or self._acts("troops")
        if not tpl:
            self.recruit = None
            return
        t = tpl[0]
        if self.recruit and self.recruit["power"] == t["power"]:
            return
        gens = list(t["on_map"]) + list(t["sites"])
        self.recruit = {"power": t["power"], "template": t, "assign": {g: 0 for g in gens},
                        "site": {g: (s[0] if s else None) for g, s in t["sites"].items()}}

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
        self.seen_log[role] = len(self.session.state["log"])   # the player saw his own action
        self._land_now()                # a player's action lands whatever is still in flight
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

    def autosave(self) -> None:
        """Autosave; a failure (full or read-only disk) is said on the board at once."""
        if self.session.autosave() is None and self.session.autosave_problem:
            self.refuse(self.session.autosave_problem)

    def after_change(self) -> None:
        """Decide who sits at the table now: hand-off screens, computers, game over."""
        s = self.session
        if door.is_over(s.state):
            self.refresh()
            self.autosave()
            if not isinstance(self.app.top, GameOverScene):
                self.app.push(GameOverScene(self.app, self))
            return
        if self._auto_forced():
            self.after_change()
            return
        nxt = s.next_role(prefer=self.seat)
        hot = self.app.settings.handoff_screens and len(s.humans()) > 1
        if nxt and not s.is_computer(nxt) and nxt != self.seat:
            self.autosave()
            self.seat = nxt
            if hot and self.public_decision(nxt):
                self.private = False          # nothing private is needed: no "Pass to …" screen
            elif hot:
                self.private = True
                self.app.push(HandoffScene(self.app, nxt, self))
            else:
                self.private = True
        elif nxt == self.seat and not self.private and not self.public_decision(nxt):
            self.private = True               # the player at the screen goes on with a decision of his own
        self.refresh()

    def public_decision(self, role: str) -> bool:
        """`role`'s decision needs nothing private on the screen (see PUBLIC_TYPES)."""
        acts = [a for a in door.legal_actions(self.session.state, role) if a["type"] not in ("undo", "transfer")]
        return bool(acts) and all(a["type"] in PUBLIC_TYPES for a in acts)

    def forced_action(self, role: str) -> dict | None:
        """The only answer `role` has, when there is nothing else to do and nothing to take back."""
        acts = door.legal_actions(self.session.state, role)
        if any(a["type"] == "undo" for a in acts):
            return None
        rest = [a for a in acts if a["type"] != "transfer"]
        if len(rest) == 1 and rest[0]["type"] in FORCED_TYPES:
            return rest[0]
        return None

    def _auto_forced(self) -> bool:
        """Make a human seat's forced decision for it (no screen, no click); True if one was made."""
        s = self.session
        if door.is_over(s.state):
            return False
        nxt = s.next_role(prefer=self.seat)
        if not nxt or s.is_computer(nxt):
            return False
        a = self.forced_action(nxt)
        if a is None:
            return False
        step = str(s.state["phase"] or s.state["stage"] or "step").replace("_", " ")
        s.apply(nxt, a)
        what = {"accept_defeat": "has no card to play and accepts the defeat (R11.3)",
                "accept_tie": "has no card of its suit and accepts the tie (R11.5)",
                "done": f"has nothing to do in this {step}"}
        self.auto_lines.append(f"{role_name(nxt)} {what[a['type']]}: done for him.")
        self.computer_line = self.auto_lines[-1]
        return True

    def on_top(self) -> None:
        super().on_top()
        self.map_dirty = self.static_dirty = True

    def game_record(self):
        return self.session.record

    def on_quit(self) -> None:
        if self.session.autosave() is None and self.session.autosave_problem:
            print(f"MARIA: {self.session.autosave_problem}", file=sys.stderr)

    # ------------------------------------------------------------------------------ update
    def pace(self) -> float:
        """Seconds between two computer actions: the demo speed, else the animation setting."""
        return self.demo.delay() if self.demo is not None else self.app.settings.computer_delay()

    def update(self, dt: float) -> None:
        self.frames += 1
        s = self.session
        top = self.app.top is self
        paused = self.demo is not None and self.demo.paused
        # animations run while the board is seen (a hand-off screen holds them: the next player
        # sees the other side's card arrive) and freeze while the demo is paused
        if self.anim is not None and top and not paused:
            self._advance_anim(dt)
        if self.flash is not None and top:
            self.flash["t"] += dt
            self.dirty = True
            if self.flash["t"] >= FLASH_DUR:
                self.flash = None
        if door.is_over(s.state) or not top:
            return
        if paused:
            return
        nxt = s.next_role(prefer=self.seat)
        if nxt and s.is_computer(nxt):
            # the decision runs in a worker thread: this frame returns at once (no freeze)
            t = s.think(nxt)
            self.dirty = True
            self.computer_timer += dt       # (a card's landing restarts it: the new score is seen)
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

    # ------------------------------------------------------------------------------ hand-off summary
    def since_last_look(self, role: str) -> list[dict]:
        """The log entries since `role` last saw the board (the log is public: R-none, every line
        names powers and places only)."""
        log = self.session.state["log"]
        return log[self.seen_log.get(role, len(log)):]

    def show_me(self, entries: list[dict]) -> None:
        """Play back moves, retreats and battles of `entries` on the map before play goes on."""
        self.replay = [e for e in entries if len([c for c in e.get("places", []) if c in self._city_px]) >= 1
                       and (len(e.get("places", [])) > 1 or "attacks" in e.get("text", ""))]
        self.anim = None
        self._next_replay()

    def _next_replay(self) -> None:
        while self.replay:
            e = self.replay.pop(0)
            places = [c for c in e.get("places", []) if c in self._city_px]
            self.computer_line = e["text"]
            if "attacks" in e["text"] or len(places) < 2:
                self.anim = {"battle": places[-1], "t": 0.0, "dur": 0.9}
            else:
                self.anim = {"path": places, "t": 0.0, "dur": max(0.3, min(0.35 * (len(places) - 1), 2.0))}
            self.dirty = self.static_dirty = True
            return

    # ------------------------------------------------------------------------------ animations
    def _advance_anim(self, dt: float) -> None:
        a = self.anim
        self.dirty = True
        if isinstance(a, CA.CardFlight):
            a.t += dt
            if a.done:
                self._land_card(flash=True)
        else:
            a["t"] += dt
            if a["t"] >= a["dur"]:
                self.anim = None

    def _land_card(self, flash: bool) -> None:
        """The card reaches its slot: the panel shows it with the new score (one static redraw)."""
        a, self.anim = self.anim, None
        if a.info.get("line"):
            self.computer_line = a.info["line"]
        if flash:
            self.flash = {"rect": pygame.Rect(a.end), "t": 0.0}
        self.computer_timer = 0.0
        self.static_dirty = self.dirty = True

    def _land_now(self) -> None:
        if isinstance(self.anim, CA.CardFlight):
            self._land_card(flash=False)
        else:
            self.anim = None

    def _start_card_flight(self, role: str, origin: pygame.Rect | None, n_log: int) -> None:
        """The card just played in the combat flies into its slot (nothing else of a hand is shown).

        `origin`: the card's rect in the hand bar when the seated player played it from there; a
        card of anyone else (a computer, the other side in hot-seat) slides in from its side of the
        panel and fades in. The panel keeps its previous score until the card lands."""
        f = self.frame
        if f.get("name") != "combat" or not f.get("played"):
            return
        own = origin is not None and self.seat == role
        dur = CA.duration(self.pace(), own)
        if dur <= 0:
            return
        p = f["played"][-1]
        side, v = p["side"], p["value"]
        display = dict(f)
        display["played"] = list(f["played"][:-1])
        display["score"] = f["score"] - (v if side == "att" else -v)
        display["right"] = side
        power = f[side + "_power"]
        k = sum(1 for q in display["played"] if q["side"] == side)
        end = self._combat_slot(side, k)
        start = pygame.Rect(origin) if own else self._hand_origin(side, end)
        img = card_face(p["card"], (SLOT_W, SLOT_H), False)
        line, self.computer_line = self.computer_line, ""      # the log line shows when the card lands
        self.anim = CA.CardFlight(img, start, end, dur, not own,
                                  {"side": side, "card": p["card"], "value": v, "power": power, "role": role,
                                   "display": display, "n_log": n_log, "line": line, "own": own})
        self.static_dirty = self.dirty = True

    @staticmethod
    def _hand_origin(side: str, slot: pygame.Rect) -> pygame.Rect:
        """Where a hidden hand's card comes from: beyond the outer edge of the panel on its side
        (the attacker's on the left, the defender's on the right), at the height of its slot."""
        r = pygame.Rect(0, 0, SLOT_W * 2 // 3, SLOT_H * 2 // 3)
        c = COMBAT_RECT
        r.center = (c.x - 70, slot.centery) if side == "att" else (c.right + 70, slot.centery)
        return r

    def _combat_slot(self, side: str, k: int) -> pygame.Rect:
        """The k-th card slot of a side in the combat panel."""
        r = COMBAT_RECT
        x = r.x + 30 if side == "att" else r.centerx + 30
        return pygame.Rect(x + k * (SLOT_W + 6), r.y + 230, SLOT_W, SLOT_H)

    def _combat_shown(self) -> dict:
        """The combat frame as the panel shows it: before the play while a card is in flight."""
        if isinstance(self.anim, CA.CardFlight) and self.frame.get("name") == "combat":
            return self.anim.info["display"]
        return self.frame

    def card_flight(self) -> CA.CardFlight | None:
        return self.anim if isinstance(self.anim, CA.CardFlight) else None

    def _animate(self, before: dict, role: str, a: dict, delay: float) -> None:
        """A computer action: one readable log line, and its piece glides along its path."""
        self.computer_line = self.action_line(before, role)
        frame = before["flow"][-1]
        path = None
        if a.get("type") == "step" and frame.get("path"):
            path = [frame["path"][-1], a["to"]]
        elif a.get("type") == "retreat":
            path = list(a["path"])
        if path and len(path) > 1 and all(c in self._city_px for c in path) and delay > 0:
            self.anim = {"path": path, "t": 0.0, "dur": max(0.15, min(0.8, delay * 0.9) * (len(path) - 1))}

    def action_line(self, before: dict, role: str) -> str:
        """The log line that tells what `role` just did: the last new line of one of its own powers
        (the automatic steps after an action, such as the next power drawing its cards, log lines
        of other powers that are not this role's doing), else the first new line."""
        new = self.session.state["log"][len(before["log"]):]
        if not new:
            return ""
        mine = set(self.session.state["roles"].get(role, []))
        own = [e for e in new if e.get("power") in mine]
        return f"{role_name(role)}: " + (own[-1] if own else new[0])["text"]

    def _draw_computer(self, surf) -> None:
        """The gliding piece or flying card, the thinking indicator (with progress), the demo controls."""
        combat_seen = self.frame.get("name") == "combat" and not self.panel
        if isinstance(self.anim, CA.CardFlight):
            if combat_seen:
                self.anim.draw(surf)
        elif self.anim is not None and "battle" in self.anim:
            f = self.anim["t"] / self.anim["dur"]
            x, y = self.to_screen(self.anim["battle"])
            rad = self.piece_radius() + 6 + int(14 * abs(((f * 3) % 1) - 0.5))
            pygame.draw.circle(surf, LIT_ATTACK, (int(x), int(y)), rad, 5)
        elif self.anim is not None:
            path, f = self.anim["path"], min(1.0, self.anim["t"] / self.anim["dur"])
            k = f * (len(path) - 1)
            i = min(int(k), len(path) - 2)
            (x0, y0), (x1, y1) = self.to_screen(path[i]), self.to_screen(path[i + 1])
            x, y = x0 + (x1 - x0) * (k - i), y0 + (y1 - y0) * (k - i)
            pygame.draw.circle(surf, (250, 240, 200), (int(x), int(y)), self.piece_radius() + 4)
            pygame.draw.circle(surf, (120, 30, 20), (int(x), int(y)), self.piece_radius() + 4, 3)
        if self.flash is not None and combat_seen:
            k = 1 - min(1.0, self.flash["t"] / FLASH_DUR)
            glow = pygame.Surface(self.flash["rect"].inflate(20, 20).size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (*W.HILITE, round(230 * k)), glow.get_rect(), 5, border_radius=10)
            surf.blit(glow, self.flash["rect"].inflate(20, 20))
        s = self.session
        t = s.thinker
        r = pygame.Rect(MAP_RECT.x + 12, MAP_RECT.y + 12, 460, 64)
        if combat_seen:                     # under the combat panel, never over it
            r.y = COMBAT_RECT.bottom + 12
        if t is not None and not t.done and not door.is_over(s.state):
            W.panel(surf, r, (255, 250, 232))
            seat = s.seats.get(t.role)
            W.blit_text(surf, f"{role_name(t.role)} ({seat.label if seat else 'Computer'}) is thinking…",
                        (r.x + 12, r.y + 8), 18, W.INK, "sans_bold")
            bar = pygame.Rect(r.x + 12, r.y + 38, r.w - 24, 14)
            pygame.draw.rect(surf, (220, 210, 190), bar)
            pygame.draw.rect(surf, (110, 30, 24), (bar.x, bar.y, int(bar.w * t.progress), bar.h))
        elif self.computer_line:
            img = W.text(self.computer_line[:110], 16, W.INK, "sans")
            W.panel(surf, pygame.Rect(r.x, r.y, min(900, img.get_width() + 20), 36), (255, 250, 232))
            surf.blit(img, (r.x + 10, r.y + 8))
        if self.demo is not None:
            self.demo.draw(surf, pygame.Rect(MAP_RECT.x + 12, MAP_RECT.bottom - 52, 900, 40))

    # ------------------------------------------------------------------------------ geometry
    def to_screen(self, city: str) -> tuple[float, float]:
        x, y = self.view.to_screen(self._city_px[city])
        return x + MAP_RECT.x, y + MAP_RECT.y

    def city_at(self, pos, radius: float = 16) -> str | None:
        if not MAP_RECT.collidepoint(pos):
            return None
        bx, by = self.view.to_board((pos[0] - MAP_RECT.x, pos[1] - MAP_RECT.y))
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

    # ------------------------------------------------------------------------------ events
    def handle(self, e) -> None:
        self.events += 1
        if self.demo is not None and self.demo.handle(e):
            # the demo bar (pause, speed, who holds each seat) is drawn each frame: show the change
            # now, also while paused (nothing else would ask for a redraw then)
            self.static_dirty = self.dirty = True
            return
        if e.type == pygame.KEYDOWN:
            self._key(e)
        elif e.type == pygame.MOUSEWHEEL:
            pos = self.app.mouse_pos()
            if SIDE_RECT.collidepoint(pos) and pos[1] > SIDE_RECT.y + INFO_H:
                self.log_scroll = max(0, self.log_scroll + e.y * 2)
                self.static_dirty = self.dirty = True
            else:
                anchor = (pos[0] - MAP_RECT.x, pos[1] - MAP_RECT.y) if MAP_RECT.collidepoint(pos) else None
                self.view.zoom_by(WHEEL_STEP ** e.y, anchor)
                self.map_dirty = self.static_dirty = self.dirty = True
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            self._down(e.pos)
        elif e.type == pygame.MOUSEMOTION:
            self._motion(e)
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            self._up(e.pos)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 3:
            self.selected = self.reach = None
            self.path_choice = None
            self.map_dirty = self.static_dirty = self.dirty = True

    def _key(self, e) -> None:
        if self.panel == "notes" and self.note_focus:
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.session.add_note(role_name(self.seat), self.note_draft)
                self.note_draft = ""
            elif e.key == pygame.K_BACKSPACE:
                self.note_draft = self.note_draft[:-1]
            elif e.key == pygame.K_ESCAPE:
                self.note_focus = False
            elif e.unicode and e.unicode.isprintable() and len(self.note_draft) < 300:
                self.note_draft += e.unicode
            self.static_dirty = self.dirty = True
            return
        if self.v.get("advanced") and not (e.mod & pygame.KMOD_CTRL):
            toggles = {pygame.K_p: "politics", pygame.K_v: "victory", pygame.K_n: "notes"}
            if e.key in toggles:
                self._toggle_panel(toggles[e.key])()
                self.static_dirty = self.dirty = True
                return
        elif e.key == pygame.K_n and not (e.mod & pygame.KMOD_CTRL):
            self._toggle_panel("notes")()
            self.static_dirty = self.dirty = True
            return
        pans = {pygame.K_LEFT: (KEY_PAN, 0), pygame.K_RIGHT: (-KEY_PAN, 0),
                pygame.K_UP: (0, KEY_PAN), pygame.K_DOWN: (0, -KEY_PAN)}
        if e.key in pans:
            self.view.pan_by(*pans[e.key])
        elif e.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.view.zoom_by(WHEEL_STEP)
        elif e.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.view.zoom_by(1 / WHEEL_STEP)
        elif e.key == pygame.K_0:
            self.view.fit()
        elif e.key == pygame.K_z and (e.mod & pygame.KMOD_CTRL):
            if {"type": "undo"} in self.acts and not self.pending_choice():
                self.apply({"type": "undo"})
            return
        elif e.key == pygame.K_ESCAPE:
            if self.panel:
                self.panel = None
            elif self.selected or self.pending_choice():
                self.selected = self.reach = self.path_choice = self.reserve_pick = self.confirm = None
            else:
                self.app.push(GameMenuScene(self.app, self))
                return
        elif e.key == pygame.K_s and (e.mod & pygame.KMOD_CTRL):
            self.app.push(SaveLoadScene(self.app, "save", self))
            return
        else:
            return
        self.map_dirty = self.static_dirty = self.dirty = True

    def _down(self, pos) -> None:
        for b in self.buttons:
            if b.hit(pos):
                b.action()
                self.dirty = self.static_dirty = True
                return
        if any(b.rect.collidepoint(pos) for b in self.buttons):
            return                      # a disabled button swallows the click
        if self.panel == "notes":
            self.note_focus = self._notes_input_rect().collidepoint(pos)
            self.static_dirty = self.dirty = True
        card = HAND.hit(self._card_zones, pos)
        if card is not None:
            self._card_clicked(card)
            return
        if self.panel and MAP_RECT.collidepoint(pos):
            return
        if self._modal_rect() and self._modal_rect().collidepoint(pos):
            return
        if SIDE_RECT.collidepoint(pos):
            return
        if not MAP_RECT.collidepoint(pos):
            return
        pid = self.piece_at(pos)
        if pid and pid in self._movable() and self.frame.get("name") == "movement_phase":
            self.drag = {"piece": pid, "start": pos, "pos": pos, "moved": False, "pan": False}
            if self.selected != pid:
                self.selected = pid
                self.reach = reach(self.session.state, pid)
                self.map_dirty = True
        else:
            self.drag = {"piece": None, "start": pos, "pos": pos, "moved": False, "pan": True,
                         "click_piece": pid}
        self.static_dirty = self.dirty = True

    def _motion(self, e) -> None:
        pos = e.pos
        if self.drag:
            d = self.drag
            if not d["moved"] and (abs(pos[0] - d["start"][0]) + abs(pos[1] - d["start"][1]) > DRAG_THRESHOLD):
                d["moved"] = True
            if d["pan"] and d["moved"]:
                self.view.pan_by(pos[0] - d["pos"][0], pos[1] - d["pos"][1])
                self.map_dirty = self.static_dirty = True
            d["pos"] = pos
            self.dirty = True
        hc = self.city_at(pos)
        if hc != self.hover_city:
            self.hover_city = hc
            self.dirty = True
            if self.frame.get("name") == "retreat" or self.path_choice:
                self.static_dirty = True
        card = HAND.hit(self._card_zones, pos)
        if card != self.hover_card:
            self.hover_card = card
            self.hand_dirty = self.dirty = True
        hl = []
        for r, places in self._log_rows:
            if r.collidepoint(pos):
                hl = places
        if hl != self.hover_log:
            self.hover_log = hl
            self.dirty = True

    def _up(self, pos) -> None:
        d, self.drag = self.drag, None
        if d is None:
            return
        self.dirty = self.static_dirty = True
        if d["pan"]:
            if not d["moved"]:
                self._click_map(pos, d.get("click_piece"))
            return
        if not d["moved"]:
            return                  # a click on a movable piece: it stays selected
        city = self.city_at(pos, 24)
        self._try_move_to(d["piece"], city)

    def _click_map(self, pos, piece) -> None:
        city = self.city_at(pos)
        if piece and city is None:
            city = self._piece_city(piece)
        name = self.frame.get("name")
        if self.path_choice:
            self.path_choice = None
        if name == "moving" and self.acts and city:
            a = {"type": "step", "to": city}
            if a in self.acts:
                self.apply(a)
            else:
                self._refuse_step(city)
            return
        if self.selected and city and name == "movement_phase":
            if self.selected in self.v["trains"]:
                a = {"type": "reenter_train", "train": self.selected, "city": city}
                if a in self.acts:
                    self.apply(a)
                    return
            if city == self._piece_city(self.selected):
                self.selected = self.reach = None
                self.map_dirty = True
                return
            self._try_move_to(self.selected, city)
            return
        if name == "movement_phase" and piece and piece in self.v["trains"] and \
                any(a["train"] == piece for a in self._acts("reenter_train")):
            self.selected, self.reach = piece, None
            self.map_dirty = True
            return
        if not city:
            return
        for a in self._acts("place_hussar") + self._acts("relocate") + self._acts("place_train"):
            if a["city"] == city:
                self.apply(a)
                return
        for a in self._acts("attack"):
            if a["target"] == city or a["from"] == city:
                self.apply(a)
                return
        for a in self._acts("retreat"):
            if a["path"][-1] == city:
                self.apply(a)
                return
        if self._acts("place_hussar"):
            self.refuse(f"A hussar cannot go to {self.board.cities[city].name}: it must be an empty city "
                        "of the Bohemia map within 4 cities of an Austrian general (R7.1).")
        elif self._acts("retreat"):
            self.refuse("The retreat must end on one of the lit cities: the full distance, as far as "
                        "possible from the winner, through empty cities only.")

    def _piece_city(self, pid) -> str | None:
        p = self.v["generals"].get(pid) or self.v["trains"].get(pid)
        return p["city"] if p else None

    def _refuse_step(self, city) -> None:
        try:                        # the engine gives the reason
            door.apply(self.session.state, self.seat, {"type": "step", "to": city})
        except IllegalAction as exc:
            self.refuse(str(exc))

    def _try_move_to(self, pid, city) -> None:
        if city is None or city == self._piece_city(pid):
            if city is None:
                self.refuse("Drop the piece on a lit city to move it.")
            return
        if self.frame.get("name") == "moving":
            self._click_map(self.to_screen(city), None)
            return
        r = self.reach if self.reach and self.reach.piece == pid else reach(self.session.state, pid)
        opts = r.options(city)
        if not opts:
            self.refuse(self._engine_reason(pid, city))
            return
        if len(opts) == 1:
            self._do_move(pid, *opts[0])
        else:
            self.path_choice = {"piece": pid, "city": city, "options": opts}

    def _do_move(self, pid, mode, path) -> None:
        self.apply({"type": "move", "piece": pid, "path": path, "force_march": mode == "force"})

    def _engine_reason(self, pid, city) -> str:
        """Ask the engine why a move to `city` is refused (shortest road path)."""
        start = self._piece_city(pid)
        info = self.info
        prev = {start: None}
        q = [start]
        while q:
            x = q.pop(0)
            if x == city:
                break
            for n in sorted(info.nbrs.get(x, {})):
                if n not in prev:
                    prev[n] = x
                    q.append(n)
        if city not in prev:
            return f"{self.board.cities[city].name} cannot be reached by road from here."
        path, x = [], city
        while x is not None:
            path.append(x)
            x = prev[x]
        path.reverse()
        reason = "That move is not possible now."
        for fm in (False, True):
            try:
                door.apply(self.session.state, self.seat, {"type": "move", "piece": pid, "path": path,
                                                           "force_march": fm})
            except IllegalAction as exc:
                if not fm:
                    reason = str(exc)
                continue
        return reason

    def _card_clicked(self, card: str) -> None:
        name = self.frame.get("name")
        if name == "politics" and self.frame.get("step") == "place":
            for a in self._acts("place"):
                if a["card"] == card:
                    self.apply(a)
                    return
            self.refuse("That card cannot be placed on the political display now.")
            return
        if name == "combat" and not self._acts("play_card"):
            right = self.frame.get(self.frame.get("right", "att") + "_power")
            self.refuse(f"It is {power_name(right)}'s turn to play in this battle (R11.2)." if right
                        else "No card can be played in this battle now.")
            return
        if name == "combat" and self._acts("play_card"):
            owner = self._card_owner(card)
            side = self.frame.get("right", "att")
            fighting = self.frame.get(side + "_power")
            if owner and fighting and owner != fighting:
                self.refuse(f"That card is {power_name(owner)}'s: only {power_name(fighting)}'s cards fight "
                            "in this battle (R11.2).")
                return
            if C.is_reserve(card):
                if any(a.get("card") == card for a in self._acts("play_card")):
                    # the value row is a button row of the static layer: redraw it now
                    self.reserve_pick = None if self.reserve_pick == card else card
                    self.static_dirty = self.dirty = True
                else:
                    self.refuse("That Reserve cannot be played now.")
            else:
                a = {"type": "play_card", "card": card}
                if a in self.acts:
                    self.apply(a)
                else:
                    suit = self.frame.get(self.frame.get("right", "att") + "_suit")
                    self.refuse(f"Only {suit} (or a Reserve) may be played in this sector (R11.2).")
            return
        if self._paying() is not None or self.recruit:
            if card in self.pay_sel:
                self.pay_sel.remove(card)
            else:
                self.pay_sel.append(card)
            self.static_dirty = self.dirty = True
            return
        self.refuse("No card is played now: Tactical Cards fight in battles (R11) and pay for supply "
                    "trains, recruits and the hussar tax when the program asks for a payment (R8.7).")

    def _card_owner(self, card: str) -> str | None:
        for p, h in self.v["hands"].items():
            if isinstance(h, list) and card in h:
                return p
        return None

    def _paying(self) -> dict | None:
        p = self._acts("pay")
        return p[0] if p else None

    # ------------------------------------------------------------------------------ prompt
    def prompt_text(self) -> str:
        name = self.frame.get("name")
        v = self.v
        if self.confirm:
            return self.confirm["question"]
        if door.is_over(self.session.state):
            return "The game is over: " + (v["result"] or {}).get("reason", "")
        if not self.acts:
            who = ", ".join(role_name(r) for r in v["active_roles"])
            return f"Waiting for {who}."
        if name == "allocation":
            return f"Allocate {power_name(self.alloc['power'])}'s troops on the army sheet (secret)."
        if name == "hussars":
            free = {a.get("hussar") for a in self._acts("place_hussar")}
            if not free:
                return "Austria: the hussars are placed — Done to end the hussar stage (or Undo)."
            if self.frame.get("placed"):
                return "Austria: click a lit city to place the other hussar, or Done."
            return "Austria: click a lit city to place a hussar, or Done."
        if name == "tc_phase":
            return "France: pay the Bavarian subsidy this turn?"
        if name == "movement_phase":
            return ("Drag a piece (or click it, then a lit city) — green: normal move, orange: force "
                    "march only. Done when finished.")
        if name == "moving":
            return "Continue the move: click a lit city, or stop here."
        if name == "pay":
            return (f"{power_name(self.frame['power'])} pays {self.frame['amount']} for "
                    f"{self.frame.get('purpose', '')}: select cards in the hand.")
        if name == "hussar_tax":
            return f"Hussar tax for {power_name(self.frame['power'])}: select cards to pay, or choose who goes unsupplied."
        if name == "combat_phase":
            return "Choose the next attack: click a lit enemy general (red)."
        if name == "combat":
            return "Combat: play a card of your sector's suit (click it in the hand), or give up."
        if name == "retreat":
            return (f"Choose the end of the defeated side's {self.frame['distance']}-city retreat "
                    "(purple cities; hover to see the path).")
        if name == "winter":
            return "Winter: recruit troops on the army sheet (4 points each), or Done."
        if name == "politics":
            step = self.frame.get("step")
            if step == "trump":
                return "Political stage: as the last winner of a combat, choose the political trump suit (R17.2)."
            if step == "place":
                return (f"Political stage: {power_name(self.frame.get('power') or self._acts('place')[0]['power'])} "
                        "places one TC face-down (click a card in the hand) or none (R17.3).")
            return "Political stage: select one of the revealed political cards, or save your TCs (R17.5)."
        if name == "pol_exec":
            return (f"Execute {ADV.card_name(self.frame.get('card'))}: all of it, a part (instruction and/or each "
                    "arrow), or discard it without effect (R17.6).")
        if name == "pol_troops":
            return f"{power_name(self.frame.get('power'))} receives up to {self.frame.get('n')} new troops (R17.6.6)."
        if name == "expedition":
            return (f"{power_name(self.frame.get('power'))} sends a general to its off-map box "
                    f"(the {str(self.frame.get('track', '')).title()} track, R17.6.4).")
        if name == "election":
            return "Imperial election: cast this elector's vote (R18)."
        if name == "saxony_reenter":
            return ("Saxony has joined Austria: its general off the board may re-enter at once on a Saxon "
                    "major fortress with newly recruited troops (4 points each, Saxony's cards), or "
                    "leave him off the board (R19.3).")
        if name == "saxony_shift":
            return f"Austria: accept the Saxony marker's shift of {self.frame.get('n')} box(es) to the right? (R19.3.1)"
        if name == "peace_offer" and (self._acts("relocate") or self._acts("place_train")):
            return "Silesian peace: click a lit city to place the piece (R19.1)."
        if name == "relocate" and self._acts("relocate"):
            pid = self._acts("relocate")[0]["piece"]
            who = (v["generals"].get(pid) or {}).get("name") or \
                f"the {power_name((v['trains'].get(pid) or {}).get('power', ''))} supply train"
            cause = self.frame.get("cause")
            if cause == "saxony_ally":
                return (f"Saxony has joined Austria: {who} must leave the stack. Click one of the lit "
                        "cities, the closest empty ones, to move him there (R19.3).")
            if cause == "offmap":
                return (f"A general returns from his off-map box: click a lit city (next to it if there is one) "
                        f"to move {who} out of his way (R17.6.7).")
            if cause == "neutral":
                if pid in (self.frame.get("home") or {}):
                    return f"{who}'s set-up city is occupied: click a lit city to place him (R19.3.3)."
                return (f"{power_name(self.frame.get('power', 'saxony'))} is neutral: click a lit city of "
                        f"your home country for {who} (R19.3.3).")
            return f"Silesian peace: click a lit city to place {who} (R19.1)."
        if name == "choose_commander":
            city = self.board.cities[self.frame["cities"][0]].name if self.frame.get("cities") else ""
            what = "Propose" if self.frame.get("then") == "consent" else "Choose"
            return (f"Equal ranks at {city}: {what.lower()} the supreme commander (R6.2). "
                    "His cards fight; the other power loses first.")
        if name == "stack_consent":
            mover = (v["generals"].get(self.frame.get("piece")) or {}).get("name", "")
            other = (v["generals"].get(self.frame.get("general")) or {}).get("name", "")
            cmd = (v["generals"].get(self.frame.get("commander")) or {}).get("name")
            return (f"{mover} asks to stack with {other}" + (f", {cmd} in supreme command" if cmd else "")
                    + ". Do you agree? (R10.7)")
        if name == "subsidy_answer":
            f = self.frame
            deal = f"{power_name(f.get('giver', ''))} pays {power_name(f.get('recipient', ''))}"
            if f.get("kind") == "cancel":
                asker = f.get("giver") if f.get("power") == f.get("recipient") else f.get("recipient")
                return (f"{power_name(f.get('power', ''))}: {power_name(asker or '')} proposes to cancel the subsidy "
                        f"contract ({deal} 1 TC per turn). Agree? Both powers must agree (R20).")
            return (f"{power_name(f.get('power', ''))}: {deal} 1 TC per turn for {f.get('turns')} turn(s) is "
                    "offered. Accept? (R20)")
        if name == "diplomacy":
            return "Subsidy contracts: offer one (choose the number of turns), ask to cancel one, or Done (R20)."
        if name == "reduce_objectives":
            return "Reduce the objectives? (R23)"
        return f"{str(name).replace('_', ' ').capitalize()}: choose an action."

    def _action_label(self, a: dict) -> str:
        t = a["type"]
        if self.frame.get("name") not in INTRO_FRAMES or t not in TYPE_LABELS and t not in (
                "done", "subsidy", "pay_all", "reenter_train", "transfer", "attack"):
            if t != "done":
                return ADV.action_label(a, self.v, self.board)
        if t == "done":
            return {"movement_phase": "End movement", "hussars": "Done with hussars",
                    "winter": "No (more) recruits",
                    "saxony_reenter": "Leave him off the board"}.get(self.frame.get("name"), "Done")
        if t == "subsidy":
            return "Pay the subsidy" if a["give"] else "Refuse the subsidy"
        if t == "pay_all":
            names = ", ".join(self.v["generals"][g]["name"] for g in a["supplied"]) or "nobody"
            return f"Pay all cards; supplied: {names}"
        if t == "reenter_train":
            return f"Train re-enters at {self.board.cities[a['city']].name} (4)"
        if t == "transfer":
            return f"{a['troops']} troop{'s' if a['troops'] > 1 else ''} {self.v['generals'][a['from']]['name']} → {self.v['generals'][a['to']]['name']}"
        if t == "attack":
            return f"Attack {self.board.cities[a['target']].name} from {self.board.cities[a['from']].name}"
        return TYPE_LABELS.get(t, t.replace("_", " ").capitalize())

    def build_buttons(self) -> None:
        bs: list[W.Button] = []
        right = []
        spatial = {"move", "force_march", "step", "place_hussar", "retreat", "allocate", "recruit",
                   "pay", "play_card", "undo", "attack", "reenter_train", "transfer"}
        in_dialog = self._dialog_actions()
        dialog_types = {a["type"] for a in in_dialog}
        for a in self.acts:
            if a["type"] not in spatial and a["type"] not in dialog_types and a["type"] != "troops":
                right.append((self._action_label(a), (lambda a=a: self.ask_or_apply(a)), a["type"]))
        if self._paying() is not None:
            p = self._paying()
            total = C.pay_value(self.pay_sel)
            right.insert(0, (f"Pay {total}/{p['amount']}", self._pay, "pay", total >= p["amount"]))
            right.insert(1, ("Suggest", self._suggest_pay, "suggest"))
        if self.selected and self.selected in self.v["trains"]:
            for a in self._acts("reenter_train"):
                if a["train"] == self.selected:
                    right.append((self._action_label(a), (lambda a=a: self.apply(a)), "reenter"))
        if self.selected:
            city = self._piece_city(self.selected)
            for a in self._acts("transfer"):
                if self._piece_city(a["from"]) == city and a["troops"] == 1:
                    right.append((self._action_label(a), (lambda a=a: self.apply(a)), "transfer"))
        right.append(("Undo", lambda: self.apply({"type": "undo"}), "undo", {"type": "undo"} in self.acts))
        if not self.private and self.seat in self.session.humans():
            right.append(("Show my hand", self._show_my_hand, "show_hand"))
        if self.confirm:
            # the question replaces the bar: answer it first (Esc or "Keep playing" takes it back)
            right = [(self.confirm["yes"], self._confirmed, "confirm_yes"),
                     ("Keep playing", self.cancel_choice, "confirm_no")]
        elif self.pending_choice():
            # a half-made decision (the route of a move, a Reserve's value) is open: nothing in the
            # prompt bar may end the phase under it; the dialog is finished or cancelled first
            right = [(lbl, fn, key, False) for lbl, fn, key, *_ in right]
            right.insert(0, ("Cancel (Esc)", self.cancel_choice, "cancel_choice"))
        bs += W.button_row(right, PROMPT_RECT.right - 10, PROMPT_RECT.y + 8, h=44, right_to_left=True, size=18)
        # top bar
        top = [("Menu", self._menu, "menu"), ("Rules (F1)", self._rules, "rules"),
               ("Load", self._load, "load"), ("Save", self._save, "save"),
               ("Notes (N)" + (f" {len(self.session.notes)}" if self.session.notes else ""),
                self._toggle_panel("notes"), "notes")]
        if self.v.get("advanced"):
            top += [("Victory (V)", self._toggle_panel("victory"), "victory"),
                    ("Politics (P)", self._toggle_panel("politics"), "politics")]
        bs += W.button_row(top, 1910, 6, h=40, right_to_left=True, size=16, min_w=80)
        # modal panels
        bs += self._modal_buttons()
        self.buttons = bs

    def _show_my_hand(self) -> None:
        """A public decision, but the player wants his cards: the others look away first."""
        self.app.push(HandoffScene(self.app, self.seat, self))

    def pending_choice(self) -> bool:
        """A dialog of the player's own is open: the route of a move, the value of a Reserve, or a
        question before an action that ends the phase."""
        return bool(self.path_choice or self.reserve_pick or self.confirm)

    def cancel_choice(self) -> None:
        self.path_choice = self.reserve_pick = self.confirm = None
        self.map_dirty = self.static_dirty = self.dirty = True

    def confirm_question(self, a: dict) -> str | None:
        """The question to ask before `a`, when it ends a phase or gives up a battle although the
        player still has something else to do there (not the only sensible choice); else None."""
        name, t = self.frame.get("name"), a["type"]
        gens = self.v["generals"]
        if t == "done" and name == "movement_phase":
            idle = sorted({x["piece"] for x in self.acts if x["type"] in ("move", "force_march")
                           and x["piece"] in gens})
            if idle:
                names = ", ".join(gens[g]["name"] for g in idle[:4]) + (" …" if len(idle) > 4 else "")
                return (f"End movement? {len(idle)} general{'s' if len(idle) > 1 else ''} could still move "
                        f"({names}).")
        if t == "accept_defeat" and self._acts("play_card"):
            return "Accept defeat although you can still play a card? Your side loses the battle (R11.3)."
        if t == "done" and name == "hussars" and self._acts("place_hussar"):
            return "Done with hussars? A hussar can still be placed (R7.1)."
        if t == "done" and name == "winter" and self._acts("recruit"):
            return "No recruits this winter? You could still recruit troops (R13)."
        return None

    def ask_or_apply(self, a: dict) -> None:
        q = self.confirm_question(a)
        if q is None:
            self.apply(a)
            return
        self.confirm = {"action": a, "question": q, "yes": self._action_label(a)}
        self.static_dirty = self.dirty = True

    def _confirmed(self) -> None:
        a, self.confirm = self.confirm["action"], None
        self.apply(a)

    def _toggle_panel(self, name):
        def f():
            self.panel = None if self.panel == name else name
            self.note_focus = self.panel == "notes"
            self.map_dirty = True
        return f

    def _notes_input_rect(self) -> pygame.Rect:
        r = self._panel_rect()
        return pygame.Rect(r.x + 20, r.bottom - 64, r.w - 200, 44)

    def _panel_rect(self) -> pygame.Rect:
        if self.panel == "notes":
            return pygame.Rect(MAP_RECT.x + 150, MAP_RECT.y + 40, 1200, 700)
        return MAP_RECT.inflate(-24, -20)

    def _dialog_actions(self) -> list[dict]:
        """The actions shown in the advanced/generic dialog instead of the prompt bar."""
        name = self.frame.get("name")
        spatial_t = {"transfer", "undo", "troops", "pay", "move", "force_march", "step", "play_card",
                     "recruit", "allocate", "place_hussar", "retreat", "attack", "reenter_train",
                     "relocate", "place_train"}
        acts = [a for a in self.acts if a["type"] not in spatial_t]
        offers = [a for a in acts if a["type"] == "offer_subsidy"]
        if offers:                                # one button per pair; the turns come from a stepper
            pairs, out = set(), []
            top = max(a["turns"] for a in offers)
            self.sub_turns = max(1, min(getattr(self, "sub_turns", 1), top))
            for a in acts:
                if a["type"] != "offer_subsidy":
                    out.append(a)
                elif (a["giver"], a["recipient"]) not in pairs:
                    pairs.add((a["giver"], a["recipient"]))
                    pick = next((x for x in offers if x["giver"] == a["giver"] and x["recipient"] == a["recipient"]
                                 and x["turns"] == self.sub_turns), None)
                    if pick is not None:
                        out.append(pick)
            acts = out
        if name in ADV.ADV_FRAMES and name != "pol_troops":
            return acts
        if name not in INTRO_FRAMES and len(acts) > 4:
            return acts                      # an unknown frame with many choices: the generic dialog
        return []

    def _menu(self):
        self.app.push(GameMenuScene(self.app, self))

    def _rules(self):
        self.app.push(RulesScene(self.app, self.phase_rule()))

    def _save(self):
        self.app.push(SaveLoadScene(self.app, "save", self))

    def _load(self):
        self.app.push(SaveLoadScene(self.app, "load", self))

    def _pay(self):
        p = self._paying()
        a = dict(p)
        a.pop("amount", None)
        a["cards"] = list(self.pay_sel)
        if self.frame.get("name") == "pay":
            a["amount"] = p["amount"]
        self.apply(a)

    def _suggest_pay(self):
        p = self._paying()
        hand = self.v["hands"].get(p["power"], [])
        self.pay_sel = C.suggest_payment(hand, p["amount"]) or []
        self.static_dirty = self.dirty = True

    # ------------------------------------------------------------------------------ modal panels
    def _modal_rect(self) -> pygame.Rect | None:
        if self.panel:
            return None
        if self.alloc:
            n = len(self.alloc["template"]["generals"])
            return pygame.Rect(MAP_RECT.centerx - 330, MAP_RECT.y + 60, 660, 150 + 56 * n)
        if self.recruit:
            n = len(self.recruit["assign"])
            return pygame.Rect(MAP_RECT.centerx - 380, MAP_RECT.y + 40, 760, 170 + 56 * n)
        if self.frame.get("name") == "combat":
            return COMBAT_RECT.inflate(0, RESERVE_ROW_H).move(0, RESERVE_ROW_H // 2) if self.reserve_pick \
                else pygame.Rect(COMBAT_RECT)
        if self.path_choice:
            return pygame.Rect(MAP_RECT.centerx - 360, MAP_RECT.y + 40, 720, 90 + 50 * len(self.path_choice["options"]))
        if self._dialog_actions():
            return MAP_RECT.inflate(-24, -20)
        return None

    def _modal_buttons(self) -> list[W.Button]:
        r = self._modal_rect()
        out = []
        if self.panel:
            pr = self._panel_rect()
            out.append(W.Button(pygame.Rect(pr.right - 150, pr.y + 12, 130, 40), "Close (Esc)",
                                self._toggle_panel(self.panel), True, "close_panel", 16))
            if self.panel == "notes":
                ir = self._notes_input_rect()
                out.append(W.Button(pygame.Rect(ir.right + 12, ir.y, 150, ir.h), "Add note", self._add_note,
                                    bool(self.note_draft.strip()), "add_note", 18))
            return out
        if r is None:
            return out
        if self.alloc:
            tpl = self.alloc["template"]
            y = r.y + 80
            for gid, lim in tpl["generals"].items():
                n = self.alloc["troops"][gid]
                out.append(W.Button(pygame.Rect(r.right - 190, y, 44, 40), "−", self._stepper("alloc", gid, -1),
                                    n > lim["min"], ("minus", gid)))
                out.append(W.Button(pygame.Rect(r.right - 80, y, 44, 40), "+", self._stepper("alloc", gid, 1),
                                    n < lim["max"] and sum(self.alloc["troops"].values()) < tpl["total"], ("plus", gid)))
                y += 56
            ok = sum(self.alloc["troops"].values()) == tpl["total"]
            out.append(W.Button(pygame.Rect(r.right - 200, r.bottom - 58, 180, 44), "Confirm", self._confirm_alloc,
                                ok, "confirm"))
            out.append(W.Button(pygame.Rect(r.x + 20, r.bottom - 58, 160, 44), "Spread", self._spread_alloc,
                                True, "spread"))
        elif self.recruit:
            t = self.recruit["template"]
            y = r.y + 80
            gens = self.v["generals"]
            for gid in self.recruit["assign"]:
                n = self.recruit["assign"][gid]
                room = 8 - (gens[gid]["troops"] or 0)
                out.append(W.Button(pygame.Rect(r.right - 190, y, 44, 40), "−", self._stepper("recruit", gid, -1),
                                    n > 0, ("minus", gid)))
                out.append(W.Button(pygame.Rect(r.right - 80, y, 44, 40), "+", self._stepper("recruit", gid, 1),
                                    n < room and sum(self.recruit["assign"].values()) < t["max_troops"], ("plus", gid)))
                sites = t["sites"].get(gid)
                if sites:
                    cur = self.recruit["site"][gid]
                    out.append(W.Button(pygame.Rect(r.x + 330, y, 200, 40), f"at {self.board.cities[cur].name}",
                                        self._cycle_site(gid), True, ("site", gid), 16))
                y += 56
            total = sum(self.recruit["assign"].values())
            paid = C.pay_value(self.pay_sel)
            if t["type"] == "troops":
                out.append(W.Button(pygame.Rect(r.right - 240, r.bottom - 58, 220, 44), f"Take {W.count(total, 'troop')}",
                                    self._confirm_recruit, total > 0, "recruit"))
            else:
                out.append(W.Button(pygame.Rect(r.right - 240, r.bottom - 58, 220, 44),
                                    f"Recruit {total} ({paid}/{4 * total})",
                                    self._confirm_recruit, total > 0 and paid >= 4 * total, "recruit"))
                out.append(W.Button(pygame.Rect(r.x + 20, r.bottom - 58, 200, 44), "Suggest cards",
                                    self._suggest_recruit, total > 0, "suggest"))
        elif self.frame.get("name") == "combat":
            if self.reserve_pick:
                for v in range(1, 9):
                    out.append(W.Button(pygame.Rect(r.x + 40 + (v - 1) * 95, r.y + COMBAT_RESERVE_Y + 30, 80, 50),
                                        str(v), self._play_reserve(v), True, ("reserve", v)))
        elif self._dialog_actions():
            acts = self._dialog_actions()
            col = pygame.Rect(r.right - 400, r.y + 70, 380, r.h - 90)
            if self._acts("offer_subsidy"):
                top = max(a["turns"] for a in self._acts("offer_subsidy"))
                out.append(W.Button(pygame.Rect(col.x, col.y, 50, 40), "−", self._sub_step(-1), self.sub_turns > 1,
                                    "sub-", 20))
                out.append(W.Button(pygame.Rect(col.x + 60, col.y, 260, 40), f"for {self.sub_turns} turn(s)", (lambda: None),
                                    True, "sub_turns", 16))
                out.append(W.Button(pygame.Rect(col.x + 330, col.y, 50, 40), "+", self._sub_step(1),
                                    self.sub_turns < top, "sub+", 20))
                col = pygame.Rect(col.x, col.y + 50, col.w, col.h - 50)
            step = max(30, min(50, (col.h - 10) // max(1, len(acts))))
            y = col.y
            for i, a in enumerate(acts):
                out.append(W.Button(pygame.Rect(col.x, y, col.w, step - 6), self._action_label(a),
                                    (lambda a=a: self.apply(a)), True, ("choice", i), 16 if step > 40 else 14))
                y += step
        elif self.path_choice:
            y = r.y + 70
            opts = self.path_choice["options"]
            both = {m for m, _ in opts} == {"normal", "force"}
            for i, (mode, path) in enumerate(opts):
                via = ", ".join(self.board.cities[c].name for c in path[1:-1]) or "direct"
                label = f"{'Force march' if mode == 'force' else 'Normal move'} via {via}"
                if mode == "force" and both:
                    label += " (conquers nothing, R10.5)"
                out.append(W.Button(pygame.Rect(r.x + 20, y, r.w - 40, 42), label,
                                    (lambda m=mode, p=path: self._do_move(self.path_choice["piece"], m, p)),
                                    True, ("path", i), 16))
                y += 50
        return out

    def _stepper(self, which, gid, d):
        def f():
            tgt = self.alloc["troops"] if which == "alloc" else self.recruit["assign"]
            tgt[gid] += d
            self.static_dirty = self.dirty = True
        return f

    def _cycle_site(self, gid):
        def f():
            sites = self.recruit["template"]["sites"][gid]
            i = sites.index(self.recruit["site"][gid])
            self.recruit["site"][gid] = sites[(i + 1) % len(sites)]
        return f

    def _spread_alloc(self):
        tpl = self.alloc["template"]
        troops = {g: lim["min"] for g, lim in tpl["generals"].items()}
        left = tpl["total"] - sum(troops.values())
        while left > 0:
            progressed = False
            for g, lim in sorted(tpl["generals"].items(), key=lambda kv: troops[kv[0]]):
                if left and troops[g] < lim["max"]:
                    troops[g] += 1
                    left -= 1
                    progressed = True
            if not progressed:
                break
        self.alloc["troops"] = troops

    def _confirm_alloc(self):
        a = dict(self.alloc["template"])
        a.pop("generals")
        a.pop("total")
        a["troops"] = dict(self.alloc["troops"])
        self.apply(a)

    def _suggest_recruit(self):
        total = sum(self.recruit["assign"].values())
        self.pay_sel = C.suggest_payment(self.v["hands"].get(self.recruit["power"], []), 4 * total) or []

    def _sub_step(self, d):
        def f():
            self.sub_turns = max(1, self.sub_turns + d)
            self.static_dirty = self.dirty = True
        return f

    def _add_note(self):
        self.session.add_note(role_name(self.seat), self.note_draft)
        self.note_draft = ""
        self.static_dirty = self.dirty = True

    def _confirm_recruit(self):
        t = self.recruit["template"]
        assign = {g: n for g, n in self.recruit["assign"].items() if n > 0}
        reenter = {g: self.recruit["site"][g] for g in assign if g in t["sites"]}
        if t["type"] == "troops":
            self.apply({"type": "troops", "power": t["power"], "max_troops": t["max_troops"],
                        "assign": assign, "reenter": reenter, "on_map": t["on_map"], "sites": t["sites"]})
            return
        self.apply({"type": "recruit", "power": t["power"], "cards": list(self.pay_sel),
                    "assign": assign, "reenter": reenter})

    def _play_reserve(self, v):
        def f():
            self.apply({"type": "play_card", "card": self.reserve_pick, "value": v})
        return f

    # ------------------------------------------------------------------------------ drawing
    def draw(self, surf) -> None:
        if self.map_dirty:
            self._draw_map()
            self.map_dirty = False
            self.static_dirty = True
        if self.static_dirty:
            self.build_buttons()
            self._draw_static()
            self.static_dirty = False
        elif self.hand_dirty:
            self._draw_hand(self.static)        # a hover in the hand: only the hand bar changes
        self.hand_dirty = False
        surf.blit(self.static, (0, 0))
        self._draw_overlay(surf)
        self._draw_computer(surf)

    def _draw_map(self) -> None:
        m = self.map_cache
        m.fill(W.BG)
        self.scaled.blit(m, self.view)
        v = self.v
        zoom = self.view.zoom
        off = (MAP_RECT.x, MAP_RECT.y)

        def sc(city):
            x, y = self.view.to_screen(self._city_px[city])
            return x, y
        # turn marker on the turn track
        boxes = turn_box_rects(self.board)
        if v["turn"] in boxes:
            b = boxes[v["turn"]]
            x, y = self.view.to_screen((b.centerx, b.centery))
            rad = max(8, round(min(b.w, b.h) * zoom * 0.4))
            pygame.draw.circle(m, (30, 30, 30), (round(x), round(y)), rad + 2)
            pygame.draw.circle(m, (250, 210, 80), (round(x), round(y)), rad)
        # neutral territory (R19.4): hatched, under the pieces
        regions = self.neutral_regions()
        if regions:
            obstacles = [sc(c) for c in self._city_px]
            obstacles += [sc(p["city"]) for p in list(v["generals"].values()) + list(v["trains"].values())
                          if p.get("city") in self._city_px] * 3           # pieces count more
            ADV.draw_neutral(m, self.view, self.layer.cells, regions, zoom, obstacles)
        # lit cities
        lit = self.lit()
        r = self.piece_radius()
        for city, col in lit.items():
            if city in self._city_px:
                x, y = sc(city)
                pygame.draw.circle(m, col, (round(x), round(y)), r + 7, 4)
        # markers
        for city, power in v["markers"].items():
            if city in self._city_px:
                x, y = sc(city)
                pieces.draw_marker(m, (x + r * 0.9, y - r * 0.9), power, "victory", max(12, round(r * 0.8)))
        for city, power in v["qmarks"].items():
            if city in self._city_px:
                x, y = sc(city)
                c = (round(x - r * 0.9), round(y - r * 0.9))
                pygame.draw.circle(m, (250, 220, 70), c, max(8, r // 2))
                pygame.draw.circle(m, W.INK, c, max(8, r // 2), 2)
                img = W.text("?", max(12, r - 2), W.INK, "sans_bold")
                m.blit(img, img.get_rect(center=c))
        # pieces
        self._piece_rects = {}
        at: dict[str, list[str]] = {}
        for gid, g in v["generals"].items():
            if g["city"] and g["city"] in self._city_px:
                at.setdefault(g["city"], []).append(gid)
        dragging = self.drag["piece"] if self.drag and not self.drag["pan"] else None
        for city, gids in at.items():
            x, y = sc(city)
            cmd = (v.get("commanders") or {}).get(city)         # R6.2: the commander is on top
            gids = sorted(gids, key=lambda g: (g != cmd, v["generals"][g]["rank"]))
            if len(gids) > 1:
                for i, gid in enumerate(reversed(gids)):
                    k = len(gids) - 1 - i
                    self._draw_general(m, gid, (x + k * 0.75 * r, y - k * 0.6 * r), r, off)
            else:
                self._draw_general(m, gids[0], (x, y), r, off)
        for tid, t in v["trains"].items():
            if t["city"] and t["city"] in self._city_px:
                x, y = sc(t["city"])
                rect = pieces.draw_train(m, (x, y), t["power"], max(14, round(r * 1.3)))
                self._piece_rects[tid] = rect.move(off)
        for h, city in v["hussars"].items():
            if city and city in self._city_px:
                x, y = sc(city)
                pieces.draw_hussar(m, (x, y), max(14, round(r * 1.2)))
        # generals that went out of supply in this stage's supply phase (R9.4)
        for city in self.unsupplied_cities():
            if city in self._city_px:
                x, y = sc(city)
                pygame.draw.circle(m, (190, 30, 30), (round(x), round(y)), r + 6, 3)
                img = W.text("no supply", max(11, round(r * 0.6)), (255, 255, 255), "sans_bold")
                box = img.get_rect(midtop=(round(x), round(y) + r + 5)).inflate(8, 2)
                pygame.draw.rect(m, (170, 30, 30), box, border_radius=4)
                m.blit(img, img.get_rect(center=box.center))
        ADV.draw_on_map(m, self.view, v, self.board, zoom)
        # selection
        if self.selected and self._piece_city(self.selected) in self._city_px:
            x, y = sc(self._piece_city(self.selected))
            pygame.draw.circle(m, W.HILITE, (round(x), round(y)), r + 4, 3)
        del dragging

    def neutral_regions(self) -> dict[str, list[str]]:
        """Neutral power -> the cities of its home country (Silesia with Prussia once annexed)."""
        adv = self.v.get("advanced") or {}
        out = {}
        for p in adv.get("neutral") or []:
            out[p] = sorted(c for c in self.info.playable
                            if state_home_of({"adv": adv}, self.info, c) == p)
        return out

    def unsupplied_cities(self) -> set[str]:
        """Cities of face-down generals that the current stage's supply phase found unsupplied."""
        v = self.v
        log = v.get("log") or []
        if not log:
            return set()
        stage = log[-1].get("stage")
        out = set()
        for e in reversed(log):
            if e.get("turn") != v["turn"] or e.get("stage") != stage:
                break
            if e.get("phase") == "supply" and "out of supply" in e.get("text", "") and e.get("places"):
                out.add(e["places"][0])
        down = {g["city"] for g in v["generals"].values() if g.get("city") and not g["face_up"]}
        return out & down

    def _draw_general(self, m, gid, centre, r, off) -> None:
        g = self.v["generals"][gid]
        rect = pieces.draw_general(m, centre, g["power"], g["rank"], r)
        if not g["face_up"]:
            # face-down (out of supply): a dark veil and a hatched rim
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.circle(veil, (20, 20, 20, 120), (r + 1, r + 1), r)
            m.blit(veil, rect)
            pygame.draw.circle(m, (240, 240, 240), (round(centre[0]), round(centre[1])), r, 2)
            for k in range(-r, r, max(4, r // 3)):
                pygame.draw.line(m, (230, 230, 230), (centre[0] + k, centre[1] + r * 0.6),
                                 (centre[0] + k + r * 0.5, centre[1] - r * 0.6), 1)
        if gid in self.moved_this_stage():
            # moved in this movement phase: a small gold chevron at the top left
            cx, cy = rect.x + 2, rect.y + 2
            k = max(4, r // 3)
            pygame.draw.circle(m, (30, 26, 22), (cx, cy), k + 2)
            pygame.draw.circle(m, (240, 190, 40), (cx, cy), k)
            pygame.draw.lines(m, (30, 26, 22), False, [(cx - k // 2, cy - k // 2), (cx + k // 3, cy),
                                                        (cx - k // 2, cy + k // 2)], 2)
        t = g["troops"]
        label = "?" if t is None else str(t)
        img = W.text(label, max(12, round(r * 0.75)), (255, 255, 255), "sans_bold")
        box = img.get_rect(midleft=(rect.right - 4, rect.bottom - 6)).inflate(6, 0)
        pygame.draw.rect(m, (30, 26, 22), box, border_radius=4)
        m.blit(img, img.get_rect(center=box.center))
        self._piece_rects[gid] = rect.move(off)

    def moved_this_stage(self) -> set[str]:
        """Pieces that moved in the current movement phase (the engine's own list, public)."""
        for f in reversed(self.v["flow"]):
            if f.get("name") == "movement_phase":
                return set(f.get("moved") or [])
        return set()

    def _draw_static(self) -> None:
        s = self.static
        s.fill(W.BG)
        s.blit(self.map_cache, MAP_RECT.topleft)
        self._draw_top(s)
        self._draw_side(s)
        self._draw_prompt(s)
        self._draw_hand(s)
        self._draw_modal(s)
        self._draw_panel(s)
        mouse = self.app.mouse_pos()
        for b in self.buttons:
            b.draw(s, b.rect.collidepoint(mouse))

    def _draw_panel(self, s) -> None:
        if not self.panel:
            return
        shade = pygame.Surface(MAP_RECT.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        s.blit(shade, MAP_RECT.topleft)
        r = self._panel_rect()
        if self.panel == "politics" and self.v.get("advanced"):
            ADV.draw_political_display(s, r, self.v, set(self.v["roles"].get(self.seat, [])), self.frame)
        elif self.panel == "victory" and self.v.get("advanced"):
            ADV.draw_victory_display(s, r, self.v, self.board)
        elif self.panel == "notes":
            ADV.draw_notes(s, r, self.session.notes, self.note_draft, self.note_focus)

    def _draw_top(self, s) -> None:
        pygame.draw.rect(s, (58, 48, 38), (0, 0, 1920, TOP_H))
        v = self.v
        stage = (v["stage"] or "").replace("+", " + ").replace("_", " ").title()
        phase = (v["phase"] or "").title()
        x = 14
        last = self.session.state.get("options", {}).get("last_turn", 12) if v.get("advanced") else 9
        x = W.blit_text(s, f"Turn {v['turn']} of {last}", (x, 12), 24, (250, 236, 200), "serif_bold").right + 24
        x = W.blit_text(s, f"{stage}{' — ' + phase if phase else ''}", (x, 15), 20, (240, 228, 200), "sans_bold").right + 24
        act = self.acting_text()
        x = W.blit_text(s, f"To act: {act}", (x, 16), 18, (230, 220, 190)).right + 24
        W.blit_text(s, f"Seated: {role_name(self.seat)}", (x, 16), 18, (255, 214, 120), "sans_bold")

    def acting_text(self) -> str:
        """Who acts now, as the header says it.  While a card flies into the combat panel the panel
        still shows the moment before it landed, so the header names the player who played it;
        when several roles may act (the secret set-up) the one the program waits for comes first."""
        flight = self.card_flight()
        if flight is not None and self.frame.get("name") == "combat":
            return role_name(flight.info["role"])
        act = list(self.v["active_roles"])
        if not act:
            return "—"
        first = self.session.next_role()
        if first in act and len(act) > 1:
            rest = [r for r in act if r != first]
            return f"{role_name(first)} (then {', '.join(role_name(r) for r in rest)})"
        return ", ".join(role_name(r) for r in act)

    def _draw_side(self, s) -> None:
        r = SIDE_RECT
        pygame.draw.rect(s, W.PAPER, r)
        pygame.draw.line(s, W.FRAME, r.topleft, r.bottomleft, 2)
        self._draw_info(s, pygame.Rect(r.x + 12, r.y + 8, r.w - 24, INFO_H - 16))
        pygame.draw.line(s, W.FRAME, (r.x, r.y + INFO_H), (r.right, r.y + INFO_H), 1)
        self._draw_log(s, pygame.Rect(r.x + 12, r.y + INFO_H + 6, r.w - 24, r.h - INFO_H - 12))

    def _draw_info(self, s, r) -> None:
        v = self.v
        y = r.y
        W.blit_text(s, "Hands and troops", (r.x, y), 18, W.INK, "serif_bold")
        y += 26
        for role, powers in v["roles"].items():
            for p in powers:
                h = v["hands"].get(p)
                n = len(h) if isinstance(h, list) else h
                col = pal.POWER_COLOURS.get(p, (200, 200, 200))
                pygame.draw.circle(s, W.INK, (r.x + 9, y + 10), 8)
                pygame.draw.circle(s, col, (r.x + 9, y + 10), 6)
                W.blit_text(s, f"{power_name(p)} ({role_name(role)})", (r.x + 24, y), 16)
                W.blit_text(s, W.count(n, "card"), (r.right - 100, y), 16, anchor="topright")
                W.blit_text(s, W.count(v["troop_totals"].get(p, 0), "troop"), (r.right, y), 16, anchor="topright")
                y += 22
        y += 6
        W.blit_text(s, f"Draw deck {W.count(v['draw_deck'], 'card')}", (r.x, y), 15, (90, 80, 60))

    def city_lines(self, city: str) -> list[str]:
        b = self.board
        c = b.cities[city]
        terr = b.territories.get(c.territory)
        kind = {"none": "town", "minor": "minor fortress", "major": "major fortress"}[c.fortress]
        lines = [c.name, f"{terr.name if terr else c.territory}"
                 + (f" (home of {power_name(terr.home_of)})" if terr and terr.home_of else ""), kind]
        if c.fortress != "none":
            ctl = controller(self.v, self.info, city)
            lines.append(f"controlled by {power_name(ctl) if ctl else 'nobody'}")
        suit = b.suit_of(city)
        lines.append(f"sector {b.sector_of(city).id}: {suit} {SUIT_CHAR.get(suit, '')}")
        for gid, g in self.v["generals"].items():
            if g["city"] == city:
                t = "?" if g["troops"] is None else g["troops"]
                lines.append(f"{g['name']} ({power_name(g['power'])} #{g['rank']}), {t} troop{'' if t == 1 else 's'}"
                             + ("" if g["face_up"] else ", face-down")
                             + (", moved this stage" if gid in self.moved_this_stage() else ""))
        for tid, t in self.v["trains"].items():
            if t["city"] == city:
                lines.append(f"{power_name(t['power'])} supply train")
        if city in self.v["hussars"].values():
            lines.append("Austrian hussar")
        if city in self.v["qmarks"]:
            lines.append(f"'?' marker ({power_name(self.v['qmarks'][city])})")
        return lines

    def _draw_log(self, s, r) -> None:
        W.blit_text(s, "Log", (r.x, r.y), 18, W.INK, "serif_bold")
        W.blit_text(s, "hover a line to see it on the map", (r.right, r.y + 3), 14, (120, 105, 80), "sans", "topright")
        rows = []
        last = None
        log = self.v["log"]
        if self.card_flight() is not None:       # the card's log line appears when it lands
            log = log[:self.anim.info["n_log"]]
        for e in log:
            key = (e["turn"], e["stage"])
            if key != last:
                stage = (e["stage"] or "").replace("+", " + ").replace("_", " ").title()
                rows.append(("h", f"Turn {e['turn']} · {stage}", []))
                last = key
            for i, line in enumerate(W.wrap(e["text"], r.w - 16, 15)):
                rows.append(("l", ("   " if i else "• ") + line, e["places"]))
        lh = 19
        n = (r.h - 28) // lh
        self.log_scroll = min(self.log_scroll, max(0, len(rows) - n))
        start = max(0, len(rows) - n - self.log_scroll)
        y = r.y + 26
        self._log_rows = []
        for kind, t, places in rows[start:start + n]:
            if kind == "h":
                W.blit_text(s, t, (r.x, y), 15, W.ACCENT, "sans_bold")
            else:
                rr = W.blit_text(s, t, (r.x + 4, y), 15, W.INK)
                if places:
                    self._log_rows.append((pygame.Rect(r.x, y, r.w, lh), places))
                    del rr
            y += lh

    def _draw_prompt(self, s) -> None:
        pygame.draw.rect(s, (250, 242, 222), PROMPT_RECT)
        pygame.draw.line(s, W.FRAME, PROMPT_RECT.topleft, PROMPT_RECT.topright, 2)
        x = PROMPT_RECT.x + 14
        if self.message:
            lines = W.wrap("⚠ " + self.message + (f"  (see {self.message_rule}, F1)" if self.message_rule else ""),
                           1000, 17)
            for i, line in enumerate(lines[:2]):
                W.blit_text(s, line, (x, PROMPT_RECT.y + 8 + 22 * i), 17, W.ACCENT, "sans_bold")
        else:
            rule = self.phase_rule()
            lines = W.wrap(self.prompt_text() + (f"  ({rule})" if rule else ""), 1000, 18)
            for i, line in enumerate(lines[:2]):
                W.blit_text(s, line, (x, PROMPT_RECT.y + 8 + 22 * i), 18, W.INK, "sans_bold")

    def _hand_groups(self) -> list[HAND.Group]:
        out = []
        for p in self.v["roles"].get(self.seat, []):
            hand = self.v["hands"].get(p)
            if not isinstance(hand, list):
                continue
            cards = sorted(hand, key=lambda c: (C.is_reserve(c), C.suit_of(c) or "", C.value_of(c)))
            head = W.text(self._hand_header(p, hand), 16, (250, 236, 200), "sans_bold")
            out.append(HAND.Group(p, cards, head.get_width()))
        return out

    @staticmethod
    def _hand_header(power: str, hand: list[str]) -> str:
        return f"{power_name(power)} — {W.count(len(hand), 'card')}, {W.count(C.pay_value(hand), 'point')}"

    def _draw_hand(self, s) -> None:
        """The seated player's hands; too many cards overlap (each keeps its value and suit visible)
        and the card under the mouse rises whole above the others."""
        pygame.draw.rect(s, (70, 58, 44), HAND_RECT)
        self._card_rects = []
        self._card_zones = []
        playable = {a["card"] for a in self._acts("play_card")} | {a["card"] for a in self._acts("place") if a["card"]}
        groups = self._hand_groups()
        if not groups and not self.private:
            W.blit_text(s, f"{role_name(self.seat)} decides in public: this needs nothing secret, so no hand is "
                           "shown and nobody has to look away.", (HAND_RECT.x + 14, HAND_RECT.y + 40), 18,
                        (240, 228, 200))
            return
        if not groups:
            W.blit_text(s, "No hand is shown: the seated player's cards appear here.",
                        (HAND_RECT.x + 14, HAND_RECT.y + 50), 18, (220, 210, 190))
            return
        HAND.layout(groups, HAND_RECT, CARD_W, CARD_H, HAND_CARD_TOP)
        self._card_zones = HAND.zones(groups, CARD_W, HOVER_LIFT + 2)
        hovered = None
        for g in groups:
            W.blit_text(s, self._hand_header(g.power, g.cards), (g.x, HAND_RECT.y + 6), 16,
                        (250, 236, 200), "sans_bold")
            for rect, card in zip(g.rects, g.cards):
                sel = card in self.pay_sel or card == self.reserve_pick
                lift = SELECT_LIFT if sel else 0
                if card == self.hover_card and hovered is None:
                    hovered = (rect.move(0, -max(lift, HOVER_LIFT) - (2 if sel else 0)), card)
                    if g.step < CARD_W:     # overlapped: its place stays filled (no hole in the row)
                        s.blit(card_face(card, rect.size, False), rect.move(0, -lift))
                    continue
                rect = rect.move(0, -lift)
                self._draw_card(s, rect, card, card in self.pay_sel or card in playable)
                self._card_rects.append((rect, card))
        if hovered is not None:                 # drawn last: whole, above its neighbours
            rect, card = hovered
            shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 80), shadow.get_rect(), border_radius=6)
            s.blit(shadow, rect.move(4, 5))
            self._draw_card(s, rect, card, card in self.pay_sel or card in playable)
            self._card_rects.append((rect, card))

    def _card_rect(self, card: str | None) -> pygame.Rect | None:
        """The card's rect in the hand bar as last drawn (None if it is not shown)."""
        for r, c in reversed(self._card_rects):
            if c == card:
                return pygame.Rect(r)
        return None

    def card_point(self, card: str) -> tuple[int, int] | None:
        """The middle of the card's zone in the hand bar (where the mouse reaches it)."""
        if self.static_dirty or self.hand_dirty:
            self.draw(self.app.canvas)
        return HAND.zone_point(self._card_zones, card)

    def _draw_card(self, s, rect, card, hi) -> None:
        s.blit(card_face(card, rect.size, hi), rect)


    def _draw_modal(self, s) -> None:
        r = self._modal_rect()
        if r is None:
            return
        shade = pygame.Surface(MAP_RECT.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        s.blit(shade, MAP_RECT.topleft)
        W.panel(s, r, W.PAPER, W.FRAME, 10, 3)
        if self.alloc:
            tpl = self.alloc["template"]
            W.blit_text(s, f"Army sheet — {power_name(tpl['power'])} (secret)", (r.x + 20, r.y + 14), 26, W.INK, "serif_bold")
            tot = sum(self.alloc["troops"].values())
            # under the title, not beside it: "Pragmatic Army (secret)" fills the line
            W.blit_text(s, f"{tot} / {tpl['total']} troops", (r.right - 20, r.y + 50), 20,
                        W.GOOD if tot == tpl["total"] else W.ACCENT, "sans_bold", "topright")
            y = r.y + 80
            for gid, lim in tpl["generals"].items():
                g = self.v["generals"][gid]
                W.blit_text(s, f"#{g['rank']} {g['name']}", (r.x + 24, y + 8), 20)
                W.blit_text(s, f"min {lim['min']}, max {lim['max']}", (r.x + 330, y + 10), 16, (100, 90, 70))
                W.blit_text(s, str(self.alloc["troops"][gid]), (r.right - 113, y + 20), 24, W.INK, "sans_bold", "center")
                y += 56
        elif self.recruit:
            t = self.recruit["template"]
            if t["type"] == "troops":
                W.blit_text(s, f"New troops — {power_name(t['power'])}", (r.x + 20, r.y + 14), 26, W.INK, "serif_bold")
                W.blit_text(s, f"Free troops from a political card: at most {t['max_troops']} (fewer is allowed)",
                            (r.x + 20, r.y + 50), 16, (100, 90, 70))
            elif self.frame.get("name") == "saxony_reenter":
                W.blit_text(s, "Saxony joins Austria — re-entry with new troops (R19.3)", (r.x + 20, r.y + 14),
                            26, W.INK, "serif_bold")
                W.blit_text(s, f"4 points per troop, at most {t['max_troops']}; select Saxon cards in the hand to pay",
                            (r.x + 20, r.y + 50), 16, (100, 90, 70))
            else:
                W.blit_text(s, f"Winter recruitment — {power_name(t['power'])}", (r.x + 20, r.y + 14), 26, W.INK,
                            "serif_bold")
                W.blit_text(s, f"4 points per troop, at most {t['max_troops']}; select cards in the hand to pay",
                            (r.x + 20, r.y + 50), 16, (100, 90, 70))
            y = r.y + 80
            for gid, n in self.recruit["assign"].items():
                g = self.v["generals"][gid]
                off = " (off the board)" if g["city"] is None else ""
                W.blit_text(s, f"#{g['rank']} {g['name']}: {g['troops']}{off}", (r.x + 24, y + 8), 18)
                W.blit_text(s, f"+{n}", (r.right - 113, y + 20), 24, W.INK, "sans_bold", "center")
                y += 56
        elif self.frame.get("name") == "combat":
            self._draw_combat(s, r)
        elif self._dialog_actions():
            self._draw_dialog(s, r)
        elif self.path_choice:
            W.blit_text(s, f"Which way to {self.board.cities[self.path_choice['city']].name}?",
                        (r.x + 20, r.y + 16), 24, W.INK, "serif_bold")

    def _draw_dialog(self, s, r) -> None:
        """An advanced-game decision: its context on the left, the choices in a column on the right."""
        name = self.frame.get("name")
        mine = set(self.v["roles"].get(self.seat, []))
        if name == "election":
            el = self._dialog_actions()[0].get("elector")
            ADV.draw_election(s, r, self.v, self.board, el)
        elif name in ADV.ADV_FRAMES and self.v.get("advanced"):
            ADV.draw_political_display(s, r, self.v, mine, self.frame)
        else:
            ADV.draw_generic(s, r, ADV.FRAME_TITLES.get(name, str(name).replace("_", " ").capitalize()),
                             self.prompt_text())
        col = pygame.Rect(r.right - 410, r.y + 10, 400, r.h - 20)
        W.panel(s, col, (250, 242, 222), W.FRAME, 8, 2)
        W.blit_text(s, ADV.FRAME_TITLES.get(name, "Your choice"), (col.x + 10, col.y + 8), 20, W.ACCENT, "serif_bold")
        who = self.frame.get("power") or next((a.get("power") for a in self.acts if a.get("power")), None)
        W.blit_text(s, f"{role_name(self.seat)}" + (f" for {power_name(who)}" if who else ""),
                    (col.x + 10, col.y + 34), 15, W.INK)
        if name == "politics" and self.frame.get("step") == "place":
            W.blit_text(s, "…or click a card in your hand below", (col.x + 10, col.bottom - 24), 14, (100, 85, 60))

    def _draw_combat(self, s, r) -> None:
        f = self._combat_shown()
        v = self.v
        W.blit_text(s, "Combat", (r.centerx, r.y + 12), 30, W.INK, "serif_bold", "midtop")
        for side, x in (("att", r.x + 30), ("def", r.centerx + 30)):
            power = f[side + "_power"]
            city = f[side + "_city"]
            suit = f[side + "_suit"]
            W.blit_text(s, ("Attacker: " if side == "att" else "Defender: ") + power_name(power),
                        (x, r.y + 60), 22, W.INK, "sans_bold")
            W.blit_text(s, f"at {self.board.cities[city].name}, sector suit {suit}", (x, r.y + 90), 17)
            img = symbols.suit_symbol(suit, 34)
            s.blit(img, (x + 330, r.y + 62))
            y = r.y + 120
            tot = 0
            for gid in f[side]:
                g = v["generals"][gid]
                t = g["troops"]
                tot += t or 0
                pieces.draw_general(s, (x + 18, y + 16), g["power"], g["rank"], 16)
                W.blit_text(s, f"{g['name']}: " + ("? troops" if t is None else W.count(t, "troop")), (x + 44, y + 6), 18)
                y += 40
            played = [p for p in f.get("played", []) if p["side"] == side]
            for k, p in enumerate(played):
                rect = self._combat_slot(side, k)
                self._draw_card(s, rect, p["card"], False)
                if C.is_reserve(p["card"]):
                    W.blit_text(s, f"as {p['value']}", (rect.centerx, rect.bottom + 2), 14, W.INK, "sans", "midtop")
        sc = f["score"]
        lead = f["att_power"] if sc > 0 else f["def_power"] if sc < 0 else None
        txt = f"Score {sc:+d} for the attacker" + (f" — {power_name(lead)} leads" if lead else " — level")
        W.blit_text(s, txt, (r.centerx, r.y + COMBAT_SCORE_Y), 22, W.ACCENT, "sans_bold", "midtop")
        right = f[f["right"] + "_power"]
        W.blit_text(s, f"{power_name(right)} has the right to play", (r.centerx, r.y + COMBAT_SCORE_Y + 32), 18,
                    W.INK, "sans", "midtop")
        if self.reserve_pick:
            W.blit_text(s, "Reserve: choose its value (it takes your sector's suit)", (r.centerx, r.y + COMBAT_RESERVE_Y),
                        16, W.INK, "sans_bold", "midtop")

    @staticmethod
    def combat_score_rect() -> pygame.Rect:
        """Where the score and the right to play are written (nothing else may cover them)."""
        r = COMBAT_RECT
        return pygame.Rect(r.x + 20, r.y + COMBAT_SCORE_Y, r.w - 40, 56)

    def _draw_overlay(self, surf) -> None:
        """What changes every frame: the dragged piece, path previews, hover tips."""
        r = self.piece_radius()
        surf.set_clip(MAP_RECT)
        for city in self.hover_log:
            if city in self._city_px:
                x, y = self.to_screen(city)
                pygame.draw.circle(surf, (230, 40, 200), (round(x), round(y)), r + 10, 4)
        path = None
        if self.drag and not self.drag["pan"] and self.drag["moved"]:
            pid = self.drag["piece"]
            city = self.city_at(self.drag["pos"], 24)
            if city and self.reach:
                opts = self.reach.options(city)
                if opts:
                    path = (opts[0][1], LIT_FORCE if opts[0][0] == "force" else LIT_NORMAL)
            if path:
                self._draw_path(surf, *path)
            p = self.v["generals"].get(pid)
            pos = self.drag["pos"]
            if p:
                pieces.draw_general(surf, pos, p["power"], p["rank"], r + 2)
            else:
                pieces.draw_train(surf, pos, self.v["trains"][pid]["power"], max(14, round(r * 1.3)))
        elif self.hover_city:
            for a in self._acts("retreat"):
                if a["path"][-1] == self.hover_city:
                    self._draw_path(surf, a["path"], LIT_RETREAT)
            if self.selected and self.reach and not self.path_choice:
                opts = self.reach.options(self.hover_city)
                if opts:
                    self._draw_path(surf, opts[0][1], LIT_FORCE if opts[0][0] == "force" else LIT_NORMAL)
        if self.path_choice:
            mouse = self.app.mouse_pos()
            for b in self.buttons:
                if isinstance(b.key, tuple) and b.key[0] == "path" and b.rect.collidepoint(mouse):
                    mode, p = self.path_choice["options"][b.key[1]]
                    self._draw_path(surf, p, LIT_FORCE if mode == "force" else LIT_NORMAL)
        surf.set_clip(None)
        if self.hover_city and not self.drag and not self._map_covered(self.app.mouse_pos()):
            self._draw_tip(surf, self.hover_city)

    def _map_covered(self, pos) -> bool:
        """The point is on a dialog, a panel or a button drawn over the map: no map tooltip there."""
        modal = self._modal_rect()
        if self.panel or (modal is not None and modal.collidepoint(pos)):
            return True
        return any(b.rect.collidepoint(pos) for b in self.buttons)

    def _draw_path(self, surf, path, colour) -> None:
        pts = [self.to_screen(c) for c in path if c in self._city_px]
        if len(pts) > 1:
            pygame.draw.lines(surf, (20, 20, 20), False, pts, 9)
            pygame.draw.lines(surf, colour, False, pts, 5)
            for p in pts[1:]:
                pygame.draw.circle(surf, colour, (round(p[0]), round(p[1])), 7)

    def _draw_tip(self, surf, city) -> None:
        lines = self.city_lines(city)
        imgs = [W.text(t, 18 if i == 0 else 15, W.INK, "serif_bold" if i == 0 else "sans") for i, t in enumerate(lines)]
        w = max(i.get_width() for i in imgs) + 16
        h = sum(i.get_height() for i in imgs) + 12
        x, y = self.to_screen(city)
        x = min(max(MAP_RECT.x + 4, round(x) + 22), MAP_RECT.right - w - 4)
        y = min(max(MAP_RECT.y + 4, round(y) + 22), MAP_RECT.bottom - h - 4)
        box = pygame.Rect(x, y, w, h)
        W.panel(surf, box, (250, 244, 228), (90, 70, 50), 4, 1)
        ty = y + 6
        for im in imgs:
            surf.blit(im, (x + 8, ty))
            ty += im.get_height()

    # ------------------------------------------------------------------------------ test helpers
    def button(self, key) -> W.Button | None:
        if self.static_dirty:
            self.build_buttons()
        for b in self.buttons:
            if b.key == key:
                return b
        return None
