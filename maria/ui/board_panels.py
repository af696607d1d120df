"""The board screen's frame around the map: the top bar, the side panel (hands and troops, log),
the prompt line and the hand bar."""

from __future__ import annotations

import re

import pygame

from maria.render import palette as pal
from maria.games.maria.rules import cards as C
from maria.games.maria.rules import door
from maria.games.maria.rules.state import controller
from maria.ui import advanced_ui as ADV
from maria.ui import hand as HAND
from maria.ui.hand import card_face, card_label  # noqa: F401  (the board's parts import them from here)
from maria.ui import widgets as W
from maria.ui.citations import printed
from maria.ui.legend import draw_legend
from maria.ui.board_layout import (
    draw_controls,
    FORCED_TYPES,
    TOP_H,
    INFO_H,
    HAND_CARD_TOP,
    HOVER_LIFT,
    SELECT_LIFT,
    SUIT_CHAR,
    CARD_W,
    CARD_H,
)
from maria.ui.session import power_name, role_name


# the phases of an action stage as the header names them (R5)
PHASE_NAMES = {
    "tc": "Tactical Cards",
    "supply": "Supply",
    "movement": "Movement",
    "combat": "Combat",
    "retro": "Retroactive conquest",
}


def _cites(text: str, rule: str) -> bool:
    """`text` already cites `rule`'s printed section (R13 and §13 are the same citation)."""
    sec = printed(rule)
    return bool(re.search(re.escape(sec) + r"(?![\d.])", printed(text)))


def end_refusal_prompt(why: str) -> str:
    """The prompt bar's short form of the door's refusal of "End movement" under an agreement
    ("Agreement 1 (...): <term> - Neipperg has not moved yet (R21.2)."): the agreement and what is
    missing; the whole refusal is the greyed button's tip."""
    m = re.match(r"(Agreement \d+) \(.*\): .* - (.+?) \(R[\d.]+\)\.$", why)
    if not m:
        return why
    return f"{m.group(1)} holds the end of the movement: {m.group(2)}."


class PanelsPart:
    """Methods of MARIA's presenter (maria.ui.maria_presenter), which owns its screen state."""

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
            if self.end_refused:
                return end_refusal_prompt(self.end_refused)
            return (
                "Drag a piece (or click it, then a lit city) — green: normal move, orange: force "
                "march only. Done when finished."
            )
        if name == "moving":
            return "Continue the move: click a lit city, or stop here."
        if name == "pay":
            return (
                f"{power_name(self.frame['power'])} pays {self.frame['amount']} for "
                f"{self.frame.get('purpose', '')}: select cards in the hand."
            )
        if name == "hussar_tax":
            return (
                f"Hussar tax for {power_name(self.frame['power'])}: select cards to pay, or choose who goes unsupplied."
            )
        if name == "combat_phase":
            return "Choose the next attack: click a lit enemy general (red)."
        if name == "combat":
            return "Combat: play a card of your sector's suit (click it in the hand), or give up."
        if name == "retreat":
            return (
                f"Choose the end of the defeated side's {self.frame['distance']}-city retreat "
                "(purple cities; hover to see the path)."
            )
        if name == "winter":
            return "Winter: recruit troops on the army sheet (4 points each), or Done."
        if name == "politics":
            step = self.frame.get("step")
            if step == "trump":
                return "Political stage: as the last winner of a combat, choose the political trump suit (R17.2)."
            if step == "place":
                return (
                    f"Political stage: {power_name(self.frame.get('power') or self._acts('place')[0]['power'])} "
                    "places one TC face-down (click a card in the hand) or none (R17.3)."
                )
            return "Political stage: select one of the revealed political cards, or save your TCs (R17.5)."
        if name == "pol_exec":
            return (
                f"Execute {ADV.card_name(self.frame.get('card'))}: all of it, a part (instruction and/or each "
                "arrow), or discard it without effect (R17.6)."
            )
        if name == "pol_troops":
            return f"{power_name(self.frame.get('power'))} receives up to {self.frame.get('n')} new troops (R17.6.6)."
        if name == "expedition":
            return (
                f"{power_name(self.frame.get('power'))} sends a general to its off-map box "
                f"(the {str(self.frame.get('track', '')).title()} track, R17.6.4)."
            )
        if name == "election":
            return "Imperial election: cast this elector's vote (R18)."
        if name == "saxony_reenter":
            return (
                "Saxony has joined Austria: its general off the board may re-enter at once on a Saxon "
                "major fortress with newly recruited troops (4 points each, Saxony's cards), or "
                "leave him off the board (R19.3)."
            )
        if name == "saxony_shift":
            return f"Austria: accept the Saxony marker's shift of {self.frame.get('n')} box(es) to the right? (R19.3.1)"
        if name == "peace_offer" and (self._acts("relocate") or self._acts("place_train")):
            return "Silesian peace: click a lit city to place the piece (R19.1)."
        if name == "relocate" and self._acts("relocate"):
            pid = self._acts("relocate")[0]["piece"]
            who = (v["generals"].get(pid) or {}).get(
                "name"
            ) or f"the {power_name((v['trains'].get(pid) or {}).get('power', ''))} supply train"
            cause = self.frame.get("cause")
            if cause == "saxony_ally":
                return (
                    f"Saxony has joined Austria: {who} must leave the stack. Click one of the lit "
                    "cities, the closest empty ones, to move him there (R19.3)."
                )
            if cause == "offmap":
                return (
                    f"A general returns from his off-map box: click a lit city (next to it if there is one) "
                    f"to move {who} out of his way (R17.6.7)."
                )
            if cause == "neutral":
                if pid in (self.frame.get("home") or {}):
                    return f"{who}'s set-up city is occupied: click a lit city to place him (R19.3.3)."
                return (
                    f"{power_name(self.frame.get('power', 'saxony'))} is neutral: click a lit city of "
                    f"your home country for {who} (R19.3.3)."
                )
            return f"Silesian peace: click a lit city to place {who} (R19.1)."
        if name == "choose_commander":
            city = self.board.cities[self.frame["cities"][0]].name if self.frame.get("cities") else ""
            what = "Propose" if self.frame.get("then") == "consent" else "Choose"
            return (
                f"Equal ranks at {city}: {what.lower()} the supreme commander (R6.2). "
                "His cards fight; the other power loses first."
            )
        if name == "stack_consent":
            mover = (v["generals"].get(self.frame.get("piece")) or {}).get("name", "")
            other = (v["generals"].get(self.frame.get("general")) or {}).get("name", "")
            cmd = (v["generals"].get(self.frame.get("commander")) or {}).get("name")
            return (
                f"{mover} asks to stack with {other}"
                + (f", {cmd} in supreme command" if cmd else "")
                + ". Do you agree? (R10.7)"
            )
        if name == "subsidy_answer":
            f = self.frame
            deal = f"{power_name(f.get('giver', ''))} pays {power_name(f.get('recipient', ''))}"
            if f.get("kind") == "cancel":
                asker = f.get("giver") if f.get("power") == f.get("recipient") else f.get("recipient")
                return (
                    f"{power_name(f.get('power', ''))}: {power_name(asker or '')} proposes to cancel the subsidy "
                    f"contract ({deal} 1 TC per turn). Agree? Both powers must agree (R20)."
                )
            return (
                f"{power_name(f.get('power', ''))}: {deal} 1 TC per turn for {f.get('turns')} turn(s) is "
                "offered. Accept? (R20)"
            )
        if name == "diplomacy":
            if any(a["type"] == "offer_agreement" for a in self.acts):
                return (
                    "Diplomacy: offer a subsidy contract or an agreement, ask to cancel a contract, or Done (R20, §21)."
                )
            return "Subsidy contracts: offer one (choose the number of turns), ask to cancel one, or Done (R20)."
        if name == "agreement_answer":
            return "An agreement is offered to you: accept it or refuse it. Once made, the program keeps it (§21)."
        if name == "reduce_objectives":
            return "Reduce the objectives? (R23)"
        return f"{str(name).replace('_', ' ').capitalize()}: choose an action."

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
            self._draw_hand(self.static)  # a hover in the hand: only the hand bar changes
        self.hand_dirty = False
        surf.blit(self.static, (0, 0))
        self._draw_overlay(surf)
        self._draw_computer(surf)

    def _draw_static(self) -> None:
        s = self.static
        s.fill(W.BG)
        s.blit(self.map_cache, self.lay.map.topleft)
        self._draw_top(s)
        self._draw_side(s)
        self._draw_prompt(s)
        self._draw_hand(s)
        self._draw_modal(s)
        self._draw_panel(s)
        self._draw_battle(s)
        mouse = None if self.covered else self.app.mouse_pos()  # a layer above: no hover lit
        for b in self.buttons:
            b.draw(s, mouse is not None and b.rect.collidepoint(mouse))

    def _draw_panel(self, s) -> None:
        if not self.panel:
            return
        shade = pygame.Surface(self.lay.map.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        s.blit(shade, self.lay.map.topleft)
        r = self._panel_rect()
        if self.panel == "politics" and self.v.get("advanced"):
            ADV.draw_political_display(s, r, self.v, set(self.v["roles"].get(self.seat, [])), self.frame)
        elif self.panel == "victory" and self.v.get("advanced"):
            ADV.draw_victory_display(s, r, self.v, self.board)
        elif self.panel == "notes":
            ADV.draw_notes(s, r, self.session.notes, self.note_draft, self.note_focus)
        elif self.panel == "legend":
            draw_legend(s, r)

    def header_parts(self) -> list[tuple[str, int, tuple, str]]:
        """The top bar's texts (text, size, colour, style): turn, stage and phase, who acts, who
        is seated."""
        v = self.v
        last = self.session.state.get("options", {}).get("last_turn", 12) if v.get("advanced") else 9
        stage = " + ".join(
            power_name(p) if p in v["hands"] else p.replace("_", " ").title()
            for p in (v["stage"] or "").split("+")
            if p
        )
        phase = PHASE_NAMES.get(v["phase"] or "", (v["phase"] or "").replace("_", " ").capitalize())
        return [
            (f"Turn {v['turn']} of {last}", 24, (250, 236, 200), "serif_bold"),
            (f"{stage}{' — ' + phase if phase else ''}", 20, (240, 228, 200), "sans_bold"),
            (f"To act: {self.acting_text()}", 18, (230, 220, 190), "sans"),
            (f"Seated: {role_name(self.seat)}", 18, (255, 214, 120), "sans_bold"),
        ]

    def header_room(self) -> int:
        """Where the top bar's buttons begin: the header ends before them."""
        xs = [b.rect.x for b in self.buttons if b.rect.y < TOP_H and b.rect.x > 400]
        return (min(xs) if xs else 1910) - 16

    def _draw_top(self, s) -> None:
        pygame.draw.rect(s, (58, 48, 38), (0, 0, 1920, TOP_H))
        parts = self.header_parts()
        room = self.header_room() - 14
        gap = 24
        # too long for the room left by the buttons: smaller gaps and letters, then "To act" gives way
        for gap, shrink in ((24, 0), (16, 2), (12, 3)):
            widths = [W.text(t, size - shrink, col, st).get_width() for t, size, col, st in parts]
            if sum(widths) + gap * 3 <= room:
                break
        over = sum(widths) + gap * 3 - room
        x = 14
        for i, (t, size, col, st) in enumerate(parts):
            if i == 2 and over > 0:
                t = self._clip(t, size - shrink, st, max(60, widths[i] - over))
            y = 12 if i == 0 else (15 if i == 1 else 16)
            self.header_drawn = W.blit_text(s, t, (x, y), size - shrink, col, st)
            x = self.header_drawn.right + gap

    @staticmethod
    def _clip(text: str, size: int, style: str, width: int) -> str:
        """`text` cut with "…" to fit `width` px."""
        while len(text) > 1 and W.text(text + "…", size, W.INK, style).get_width() > width:
            text = text[:-1]
        return text.rstrip(" ,(") + "…"

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
        first = self.session.next_role(prefer=self.seat, forced=FORCED_TYPES)
        if first in act and len(act) > 1:
            rest = [r for r in act if r != first]
            return f"{role_name(first)} (then {', '.join(role_name(r) for r in rest)})"
        return ", ".join(role_name(r) for r in act)

    def _draw_side(self, s) -> None:
        r = self.lay.side
        pygame.draw.rect(s, W.PAPER, r)
        pygame.draw.line(s, W.FRAME, r.topleft, r.bottomleft, 2)
        self._draw_info(s, pygame.Rect(r.x + 12, r.y + 8, r.w - 24, INFO_H - 16))
        pygame.draw.line(s, W.FRAME, (r.x, r.y + INFO_H), (r.right, r.y + INFO_H), 1)
        self._draw_log(s, pygame.Rect(r.x + 12, r.y + INFO_H + 6, r.w - 24, r.h - INFO_H - 12))
        # the row of the map's controls under the log (none while a panel covers the map)
        draw_controls(s, self.lay.controls, any(b.key == "zoom_fit" for b in self.buttons))

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
        self._draw_victory(s, pygame.Rect(r.x, y + 24, r.w, r.bottom - y - 24))
        saved = self.session.autosave_text()
        if saved:  # when the game was last kept on disk (Continue last game)
            bad = bool(self.session.autosave_problem)
            W.blit_text(s, saved, (r.right, y), 15, (150, 40, 30) if bad else (90, 80, 60), anchor="topright")
        self._shown_autosave = (self.session.autosaved_at, self.session.autosave_problem)

    def victory_lines(self) -> list[tuple[str, list[str]]]:
        """The victory tracker: (line, what it counts — shown on hover), from the engine's figures
        (view "victory", maria.games.maria.rules.victory.status)."""
        vic = self.v.get("victory") or {}
        names = self.board.cities
        turn = f"Turn {vic.get('turn')} of {vic.get('last_turn')}"
        if vic.get("variant") == "intro":
            fr = [names[c].name for c in vic["france_forts"]]
            pr = [names[c].name for c in vic["prussia_forts"]]
            fr_tip = ["French-controlled fortresses in Austria (§14):"] + (fr or ["none yet"])
            pr_tip = ["Prussian-controlled fortresses in Austria and Silesia (§14):"] + (pr or ["none yet"])
            if vic.get("players") == 2:
                return [
                    (
                        f"Coalition: France {vic['france']}/{vic['france_target']} and Prussia "
                        f"{vic['prussia']}/{vic['prussia_target']} — both needed",
                        fr_tip + [""] + pr_tip,
                    ),
                    (
                        f"{turn} · neither met at the end: Maria Theresa wins",
                        ["§24: the coalition needs both conditions at once; one alone at the end is a tie."],
                    ),
                ]
            return [
                (f"Louis XV: {vic['france']} of {vic['france_target']} fortresses in Austria", fr_tip),
                (f"Frederick: {vic['prussia']} of {vic['prussia_target']} in Austria and Silesia", pr_tip),
                (
                    f"{turn} · otherwise Maria Theresa wins at the end",
                    ["§14: Louis XV or Frederick wins at once on reaching his count."],
                ),
            ]
        pools = vic.get("pools") or {}
        short = {"prussia": "Prussia", "france": "France", "pragmatic_army": "PA", "austria": "Austria"}
        line = "Markers left: " + " · ".join(f"{short.get(p, p)} {n}" for p, n in pools.items())
        nxt = vic.get("next_winter")
        return [
            (
                line,
                [
                    "§23: a major power whose victory-marker pool is empty wins at once",
                    "(at the end of an action or political stage, or after the election).",
                ],
            ),
            (
                f"{turn}" + (f" · next winter after turn {nxt}" if nxt else ""),
                [
                    "§13: winters follow turns 3, 6, 9 and 12; after the fourth, the lowest",
                    "total of the winter scores wins (§23).",
                ],
            ),
        ]

    def _draw_victory(self, s, r) -> None:
        W.blit_text(s, "Victory", (r.x, r.y), 16, W.INK, "serif_bold")
        y = r.y + 22
        self._victory_rows = []
        for line, tip in self.victory_lines():
            rect = W.blit_text(s, line, (r.x, y), 15, W.INK)
            self._victory_rows.append((rect, tip))
            y += 20

    def city_lines(self, city: str) -> list[str]:
        lines = self._city_lines(city)
        if self.selected in self.v["trains"] and self.reach is not None and city in self.reach.cities():
            lost = door.train_outlook(self.session.state, self.seat, self.selected, city)
            names = ", ".join(self.v["generals"][g]["name"] for g in lost)
            lines.append(
                f"The train here would stop supplying: {names} (§9)"
                if lost
                else "The train here keeps every general it supplies in supply (§9)"
            )
        o = self.supply_preview().get(city) if self.selected else None
        if o:
            name = self.v["generals"][self.selected]["name"]
            lines.append(
                {
                    "home": f"{name} here: in supply (home country, §9)",
                    "free": f"{name} here: in supply (§9)",
                    "tax": f"{name} here: in supply only through hussars — tax {o['tax']} TC (§9)",
                    "none": f"{name} here: OUT of supply — face-down, −{o['loss']} troop"
                    f"{'s' if o['loss'] > 1 else ''} (§9)",
                }[o["status"]]
            )
        return lines

    def _city_lines(self, city: str) -> list[str]:
        b = self.board
        c = b.cities[city]
        terr = b.territories.get(c.territory)
        kind = {"none": "town", "minor": "minor fortress", "major": "major fortress"}[c.fortress]
        lines = [
            c.name,
            f"{terr.name if terr else c.territory}"
            + (f" (home of {power_name(terr.home_of)})" if terr and terr.home_of else ""),
            kind,
        ]
        if c.fortress != "none":
            ctl = controller(self.v, self.info, city)
            lines.append(f"controlled by {power_name(ctl) if ctl else 'nobody'}")
            if city in (self.v.get("victory") or {}).get("targets", []):
                who = "Frederick" if self.info.in_silesia(city) else "Louis XV and Frederick"
                lines.append(f"counts for {who}'s victory (§14)")
        suit = b.suit_of(city)
        lines.append(f"sector {b.sector_of(city).id}: {suit} {SUIT_CHAR.get(suit, '')}")
        for gid, g in self.v["generals"].items():
            if g["city"] == city:
                t = "?" if g["troops"] is None else g["troops"]
                lines.append(
                    f"{g['name']} ({power_name(g['power'])} #{g['rank']}), {t} troop{'' if t == 1 else 's'}"
                    + ("" if g["face_up"] else ", face-down")
                    + (", moved this stage" if gid in self.moved_this_stage() else "")
                )
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
        if self.card_flight() is not None:  # the card's log line appears when it lands
            log = log[: self.anim.info["n_log"]]
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
        for kind, t, places in rows[start : start + n]:
            if kind == "h":
                W.blit_text(s, t, (r.x, y), 15, W.ACCENT, "sans_bold")
            else:
                rr = W.blit_text(s, t, (r.x + 4, y), 15, W.INK)
                if places:
                    self._log_rows.append((pygame.Rect(r.x, y, r.w, lh), places))
                    del rr
            y += lh

    def _draw_prompt(self, s) -> None:
        pr = self.lay.prompt
        pygame.draw.rect(s, (250, 242, 222), pr)
        pygame.draw.line(s, W.FRAME, pr.topleft, pr.topright, 2)
        if self.lay.tall:
            pygame.draw.line(s, W.FRAME, pr.topleft, pr.bottomleft, 2)
        x = pr.x + 14
        # in the side column its buttons are below the text; under the map, on its right
        right = [b.rect.x for b in self.buttons if pr.contains(b.rect)]
        room = pr.w - 28 if self.lay.tall else max(480, min(right, default=pr.right) - x - 16)
        if self.message:
            lines = W.wrap("⚠ " + self.prompt_message(), room, 17, "sans_bold")
            for i, line in enumerate(lines[:2]):
                W.blit_text(s, line, (x, pr.y + 8 + 22 * i), 17, W.ACCENT, "sans_bold")
        else:
            lines = W.wrap(self.prompt_line(), room, 18, "sans_bold")
            for i, line in enumerate(lines[:2]):
                W.blit_text(s, line, (x, pr.y + 8 + 22 * i), 18, W.INK, "sans_bold")

    def prompt_line(self) -> str:
        """The prompt as the bar shows it: the question and the rule of the moment, cited once
        (a question that already names its section gets no second citation)."""
        text, rule = self.prompt_text(), self.phase_rule()
        return text + (f"  ({rule})" if rule and not _cites(text, rule) else "")

    def prompt_message(self) -> str:
        """A refusal as the bar shows it, with where to read more (once)."""
        rule = self.message_rule
        if not rule:
            return self.message
        return self.message + ("  (F1: the rules)" if _cites(self.message, rule) else f"  (see {rule}, F1)")

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
        hr = self.lay.hand
        pygame.draw.rect(s, (70, 58, 44), hr)
        self._card_rects = []
        self._card_zones = []
        self._hand_groups_drawn = []
        playable = {a["card"] for a in self._acts("play_card")} | {a["card"] for a in self._acts("place") if a["card"]}
        groups = self._hand_groups()
        if not groups:
            text, y, col = (
                (
                    f"{role_name(self.seat)} decides in public: this needs nothing secret, so no hand is "
                    "shown and nobody has to look away.",
                    40,
                    (240, 228, 200),
                )
                if not self.private
                else ("No hand is shown: the seated player's cards appear here.", 50, (220, 210, 190))
            )
            lines = W.wrap(text, hr.w - 28, 18)
            for i, line in enumerate(lines[:3]):
                W.blit_text(s, line, (hr.x + 14, hr.y + y - 11 * (len(lines[:3]) - 1) + 24 * i), 18, col)
            return
        HAND.layout(groups, hr, CARD_W, CARD_H, HAND_CARD_TOP)
        self._hand_groups_drawn = groups
        self._card_zones = HAND.zones(groups, CARD_W, HOVER_LIFT + 2)
        hovered = None
        for g in groups:
            W.blit_text(s, self._hand_header(g.power, g.cards), (g.x, g.y + 6), 16, (250, 236, 200), "sans_bold")
            for rect, card in zip(g.rects, g.cards):
                sel = card in self.pay_sel or card == self.reserve_pick
                lift = SELECT_LIFT if sel else 0
                if card == self.hover_card and hovered is None:
                    hovered = (rect.move(0, -max(lift, HOVER_LIFT) - (2 if sel else 0)), card)
                    if g.step < CARD_W:  # overlapped: its place stays filled (no hole in the row)
                        s.blit(card_face(card, rect.size, False), rect.move(0, -lift))
                    continue
                rect = rect.move(0, -lift)
                self._draw_card(s, rect, card, card in self.pay_sel or card in playable)
                self._card_rects.append((rect, card))
        if hovered is not None:  # drawn last: whole, above its neighbours
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
