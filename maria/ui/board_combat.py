"""The board screen's combat panel and animations: the card duel, cards flying into the panel,
gliding pieces, the computer's "thinking" line and the hand-off's "show me" replay."""

from __future__ import annotations

import pygame

from maria.render import pieces, symbols
from maria.games.maria.rules import cards as C
from maria.games.maria.rules import door
from maria.ui import card_anim as CA
from maria.ui import widgets as W
from maria.ui.board_layout import COMBAT_SCORE_Y, COMBAT_RESERVE_Y, FLASH_DUR, LIT_ATTACK, SLOT_W, SLOT_H
from maria.ui.board_panels import card_face
from maria.ui.session import LEVEL_NAMES, power_name, role_name


class CombatPart:
    """Methods of MARIA's presenter (maria.ui.maria_presenter), which owns its screen state."""

    # ------------------------------------------------------------------------------ hand-off summary
    def show_me(self, entries: list[dict]) -> None:
        """Play back moves, retreats and battles of `entries` on the map before play goes on."""
        self.replay = [
            e
            for e in entries
            if len([c for c in e.get("places", []) if c in self._city_px]) >= 1
            and (len(e.get("places", [])) > 1 or "attacks" in e.get("text", ""))
        ]
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
        line, self.computer_line = self.computer_line, ""  # the log line shows when the card lands
        self.anim = CA.CardFlight(
            img,
            start,
            end,
            dur,
            not own,
            {
                "side": side,
                "card": p["card"],
                "value": v,
                "power": power,
                "role": role,
                "display": display,
                "n_log": n_log,
                "line": line,
                "own": own,
            },
        )
        self.static_dirty = self.dirty = True

    def _hand_origin(self, side: str, slot: pygame.Rect) -> pygame.Rect:
        """Where a hidden hand's card comes from: beyond the outer edge of the panel on its side
        (the attacker's on the left, the defender's on the right), at the height of its slot."""
        r = pygame.Rect(0, 0, SLOT_W * 2 // 3, SLOT_H * 2 // 3)
        c = self.lay.combat
        r.center = (c.x - 70, slot.centery) if side == "att" else (c.right + 70, slot.centery)
        return r

    def _combat_slot(self, side: str, k: int) -> pygame.Rect:
        """The k-th card slot of a side in the combat panel."""
        r = self.lay.combat
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
        new = self.session.state["log"][len(before["log"]) :]
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
        if self.covered:
            return  # pop-ups and the demo bar belong to the top layer only
        s = self.session
        t = s.thinker
        r = self.popup_rect()
        if r is None:
            pass
        elif t is not None and not t.done and not door.is_over(s.state):
            W.panel(surf, r, (255, 250, 232))
            W.blit_text(surf, self.thinking_text(t.role), (r.x + 12, r.y + 8), 18, W.INK, "sans_bold")
            bar = pygame.Rect(r.x + 12, r.y + 38, r.w - 24, 14)
            pygame.draw.rect(surf, (220, 210, 190), bar)
            pygame.draw.rect(surf, (110, 30, 24), (bar.x, bar.y, int(bar.w * t.progress), bar.h))
        elif self.computer_line:
            img = W.text(self.computer_line[:110], 16, W.INK, "sans")
            W.panel(surf, r, (255, 250, 232))
            surf.blit(img, (r.x + 10, r.y + 8))
        self._draw_notice(surf)
        if self.demo is not None:
            m = self.lay.map
            self.demo.draw(surf, pygame.Rect(m.x + 12, m.bottom - 52, min(900, m.w - 24), 40))

    def thinking_text(self, role: str) -> str:
        seat = self.session.seats.get(role)
        level = LEVEL_NAMES.get(seat.level, seat.level) if seat else ""
        return f"{role_name(role)} (computer{', ' + level if level else ''}) is thinking…"

    def popup_rect(self) -> pygame.Rect | None:
        """Where the computer's "thinking" line or the last action's line stands: the map's top left
        corner, below a dialog that covers it (the combat panel with its Reserve row), never over a
        panel (the legend, the displays: nothing shows over them) or the quiet notice; None: not
        shown now."""
        if self.panel:
            return None
        t = self.session.thinker
        if t is not None and not t.done and not door.is_over(self.session.state):
            r = pygame.Rect(self.lay.map.x + 12, self.lay.map.y + 12, 460, 64)
        elif self.computer_line:
            w = W.text(self.computer_line[:110], 16, W.INK, "sans").get_width() + 20
            r = pygame.Rect(self.lay.map.x + 12, self.lay.map.y + 12, min(900, self.lay.map.w - 24, w), 36)
        else:
            return None
        modal = self._modal_rect()
        if modal is not None and modal.colliderect(r):
            r.y = modal.bottom + 12
        notice = self.notice_rect()
        if notice is not None and notice.colliderect(r):
            r.w = max(40, notice.x - 12 - r.x)
        return r

    def notice_rect(self) -> pygame.Rect | None:
        return W.notice_rect(self.notice, (self.lay.map.right - 12, self.lay.map.y + 12))

    def _draw_notice(self, surf) -> None:
        r = self.notice_rect()
        if r is not None:
            W.draw_notice(surf, self.notice, r)

    # ------------------------------------------------------------------------------ battle result
    # after the line that ends a battle, the lines that still belong to it (losses taken, the
    # retreat, victory points): the public log's words
    _AFTERMATH = ("removed from the board", "retreat", "troops are lost", " VP", "battle box")

    def last_battle(self) -> dict | None:
        """The last battle fought, once it is decided (the public log): where, who fought, the
        final score, the losses, the retreat and the points; None while one is being fought or
        when none has been."""
        log = self.v["log"]
        start = next(
            (
                i
                for i in range(len(log) - 1, -1, -1)
                if " attacks " in log[i]["text"] and "initial score" in log[i]["text"]
            ),
            None,
        )
        if start is None or self.frame.get("name") == "combat":
            return None
        entries = log[start:]
        end = next(
            (k for k, e in enumerate(entries) if " defeated and lose" in e["text"] or "ends in a tie" in e["text"]),
            None,
        )
        if end is None:
            return None
        head, _, opening = entries[0]["text"].partition(": ")
        score = opening.replace("initial ", "", 1)
        for e in entries[1:end]:
            if " plays the " in e["text"] and ": score " in e["text"]:
                score = e["text"].rsplit(": ", 1)[1]
        lines = [head + ".", "Final " + score.rstrip(".") + "."]
        for e in entries[end:]:
            if e is entries[end] or any(k in e["text"] for k in self._AFTERMATH):
                lines.append(e["text"])
            else:
                break
        places = entries[0].get("places") or []
        city = self.board.cities[places[-1]].name if places and places[-1] in self.board.cities else ""
        return {"start": start, "title": f"Battle at {city}" if city else "Battle", "lines": lines}

    def battle_shown(self) -> dict | None:
        """The last battle's result while the player has not closed it (and no dialog or panel
        is over the map)."""
        b = self.last_battle()
        if b is None or b["start"] == self.battle_closed or self.panel or self._modal_rect() is not None:
            return None
        return b

    def battle_rect(self, b: dict) -> pygame.Rect:
        """The map's bottom left corner, or its top right one (under the quiet notice) when a city
        the player may have to click (lit now) lies under the first."""
        rows = sum(len(W.wrap(t, 640, 16)) for t in b["lines"])
        h = 48 + 21 * rows + 10
        m = self.lay.map
        bottom = m.bottom - 12 - (52 if self.demo is not None else 0)
        spots = [pygame.Rect(m.x + 12, bottom - h, 680, h), pygame.Rect(m.right - 692, m.y + 60, 680, h)]
        lit = [self.to_screen(c) for c in self.lit() if c in self._city_px]

        def under(r):
            return sum(1 for p in lit if r.inflate(24, 24).collidepoint(p))

        return min(spots, key=under)

    def close_battle(self) -> None:
        b = self.last_battle()
        self.battle_closed = b["start"] if b else self.battle_closed
        self.static_dirty = self.dirty = True

    def battle_buttons(self) -> list[W.Button]:
        b = self.battle_shown()
        if b is None:
            return []
        r = self.battle_rect(b)
        return [
            W.Button(
                pygame.Rect(r.right - 106, r.y + 8, 96, 32),
                "Close",
                self.close_battle,
                True,
                "close_battle",
                15,
                "Put the battle's result away (the log keeps it).",
            )
        ]

    def _draw_battle(self, s) -> None:
        b = self.battle_shown()
        if b is None:
            return
        r = self.battle_rect(b)
        W.panel(s, r, (255, 250, 232), W.FRAME, 8, 2)
        W.blit_text(s, b["title"], (r.x + 14, r.y + 10), 20, W.ACCENT, "serif_bold")
        y = r.y + 44
        for t in b["lines"]:
            for line in W.wrap(t, 640, 16):
                W.blit_text(s, line, (r.x + 14, y), 16, W.INK)
                y += 21

    def _draw_combat(self, s, r) -> None:
        f = self._combat_shown()
        v = self.v
        W.blit_text(s, "Combat", (r.centerx, r.y + 12), 30, W.INK, "serif_bold", "midtop")
        for side, x in (("att", r.x + 30), ("def", r.centerx + 30)):
            power = f[side + "_power"]
            city = f[side + "_city"]
            suit = f[side + "_suit"]
            W.blit_text(
                s,
                ("Attacker: " if side == "att" else "Defender: ") + power_name(power),
                (x, r.y + 60),
                22,
                W.INK,
                "sans_bold",
            )
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
                W.blit_text(
                    s, f"{g['name']}: " + ("? troops" if t is None else W.count(t, "troop")), (x + 44, y + 6), 18
                )
                y += 40
            played = [p for p in f.get("played", []) if p["side"] == side]
            for k, p in enumerate(played):
                rect = self._combat_slot(side, k)
                self._draw_card(s, rect, p["card"], False)
                if C.is_reserve(p["card"]):
                    W.blit_text(s, f"as {p['value']}", (rect.centerx, rect.bottom + 2), 14, W.INK, "sans", "midtop")
        sc = f["score"]
        lead = f["att_power"] if sc > 0 else f["def_power"] if sc < 0 else None
        # the log's convention ("score -5 for Austria": signed, from the named power's point of view),
        # named here for the side ahead
        txt = f"Score +{abs(sc)} for {power_name(lead)}" if lead else "Score 0, level"
        W.blit_text(s, txt, (r.centerx, r.y + COMBAT_SCORE_Y), 22, W.ACCENT, "sans_bold", "midtop")
        right = f[f["right"] + "_power"]
        W.blit_text(
            s,
            f"{power_name(right)} has the right to play",
            (r.centerx, r.y + COMBAT_SCORE_Y + 32),
            18,
            W.INK,
            "sans",
            "midtop",
        )
        if self.reserve_pick:
            W.blit_text(
                s,
                "Reserve: choose its value (it takes your sector's suit)",
                (r.centerx, r.y + COMBAT_RESERVE_Y),
                16,
                W.INK,
                "sans_bold",
                "midtop",
            )

    def combat_score_rect(self) -> pygame.Rect:
        """Where the score and the right to play are written (nothing else may cover them)."""
        r = self.lay.combat
        return pygame.Rect(r.x + 20, r.y + COMBAT_SCORE_Y, r.w - 40, 56)
