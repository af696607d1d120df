"""The board's modal dialogs (a part of MARIA's presenter, maria.ui.maria_presenter): where the dialog sits,
its buttons (payment, allocation, recruitment, the Reserve's value, notes) and its drawing; the
door's pending choice decides which dialog is open."""

from __future__ import annotations

from __future__ import annotations
import pygame
from maria.games.maria.rules import cards as C
from maria.ui import widgets as W
from maria.ui.board_layout import RESERVE_ROW_H, COMBAT_RESERVE_Y
from maria.ui.session import power_name, role_name

NOTES_FULL = "The notes are full: a game keeps its first 1,000 notes (§21)."


class ModalPart:
    def _modal_rect(self) -> pygame.Rect | None:
        if self.panel:
            return None
        if self.alloc:
            n = len(self.alloc["template"]["generals"])
            return pygame.Rect(self.lay.map.centerx - 330, self.lay.map.y + 60, 660, 150 + 56 * n)
        if self.recruit:
            n = len(self.recruit["assign"])
            return pygame.Rect(self.lay.map.centerx - 380, self.lay.map.y + 40, 760, 170 + 56 * n)
        if self.frame.get("name") == "combat":
            return (
                self.lay.combat.inflate(0, RESERVE_ROW_H).move(0, RESERVE_ROW_H // 2)
                if self.reserve_pick
                else self.lay.combat
            )
        if self.path_choice:
            return pygame.Rect(
                self.lay.map.centerx - 360, self.lay.map.y + 40, 720, 90 + 50 * len(self.path_choice["options"])
            )
        if self._dialog_actions():
            return self.lay.map.inflate(-24, -20)
        return None

    def _modal_buttons(self) -> list[W.Button]:
        r = self._modal_rect()
        out = []
        if self.panel:
            pr = self._panel_rect()
            out.append(
                W.Button(
                    pygame.Rect(pr.right - 150, pr.y + 12, 130, 40),
                    "Close (Esc)",
                    self._toggle_panel(self.panel),
                    True,
                    "close_panel",
                    16,
                )
            )
            if self.panel == "notes":
                ir = self._notes_input_rect()
                out.append(
                    W.Button(
                        pygame.Rect(ir.right + 12, ir.y, 150, ir.h),
                        "Add note",
                        self._add_note,
                        bool(self.note_draft.strip()),
                        "add_note",
                        18,
                    )
                )
            return out
        if r is None:
            return out
        if self.alloc:
            tpl = self.alloc["template"]
            y = r.y + 80
            for gid, lim in tpl["generals"].items():
                n = self.alloc["troops"][gid]
                out.append(
                    W.Button(
                        pygame.Rect(r.right - 190, y, 44, 40),
                        "−",
                        self._stepper("alloc", gid, -1),
                        n > lim["min"],
                        ("minus", gid),
                    )
                )
                out.append(
                    W.Button(
                        pygame.Rect(r.right - 80, y, 44, 40),
                        "+",
                        self._stepper("alloc", gid, 1),
                        n < lim["max"] and sum(self.alloc["troops"].values()) < tpl["total"],
                        ("plus", gid),
                    )
                )
                y += 56
            ok = sum(self.alloc["troops"].values()) == tpl["total"]
            out.append(
                W.Button(
                    pygame.Rect(r.right - 200, r.bottom - 58, 180, 44), "Confirm", self._confirm_alloc, ok, "confirm"
                )
            )
            out.append(
                W.Button(pygame.Rect(r.x + 20, r.bottom - 58, 160, 44), "Spread", self._spread_alloc, True, "spread")
            )
        elif self.recruit:
            t = self.recruit["template"]
            y = r.y + 80
            gens = self.v["generals"]
            for gid in self.recruit["assign"]:
                n = self.recruit["assign"][gid]
                room = 8 - (gens[gid]["troops"] or 0)
                out.append(
                    W.Button(
                        pygame.Rect(r.right - 190, y, 44, 40),
                        "−",
                        self._stepper("recruit", gid, -1),
                        n > 0,
                        ("minus", gid),
                    )
                )
                out.append(
                    W.Button(
                        pygame.Rect(r.right - 80, y, 44, 40),
                        "+",
                        self._stepper("recruit", gid, 1),
                        n < room and sum(self.recruit["assign"].values()) < t["max_troops"],
                        ("plus", gid),
                    )
                )
                sites = t["sites"].get(gid)
                if sites:
                    cur = self.recruit["site"][gid]
                    out.append(
                        W.Button(
                            pygame.Rect(r.x + 330, y, 200, 40),
                            f"at {self.board.cities[cur].name}",
                            self._cycle_site(gid),
                            True,
                            ("site", gid),
                            16,
                        )
                    )
                y += 56
            total = sum(self.recruit["assign"].values())
            paid = C.pay_value(self.pay_sel)
            if t["type"] == "troops":
                out.append(
                    W.Button(
                        pygame.Rect(r.right - 240, r.bottom - 58, 220, 44),
                        f"Take {W.count(total, 'troop')}",
                        self._confirm_recruit,
                        total > 0,
                        "recruit",
                    )
                )
            else:
                out.append(
                    W.Button(
                        pygame.Rect(r.right - 240, r.bottom - 58, 220, 44),
                        f"Recruit {total} ({paid}/{4 * total})",
                        self._confirm_recruit,
                        total > 0 and paid >= 4 * total,
                        "recruit",
                    )
                )
                out.append(
                    W.Button(
                        pygame.Rect(r.x + 20, r.bottom - 58, 200, 44),
                        "Suggest cards",
                        self._suggest_recruit,
                        total > 0,
                        "suggest",
                    )
                )
        elif self.frame.get("name") == "combat":
            if self.reserve_pick:
                for v in range(1, 9):
                    out.append(
                        W.Button(
                            pygame.Rect(r.x + 40 + (v - 1) * 95, r.y + COMBAT_RESERVE_Y + 30, 80, 50),
                            str(v),
                            self._play_reserve(v),
                            True,
                            ("reserve", v),
                        )
                    )
        elif self._dialog_actions():
            acts = self._dialog_actions()
            col = pygame.Rect(r.right - 400, r.y + 70, 380, r.h - 90)
            if self._acts("offer_subsidy"):
                top = max(a["turns"] for a in self._acts("offer_subsidy"))
                out.append(
                    W.Button(pygame.Rect(col.x, col.y, 50, 40), "−", self._sub_step(-1), self.sub_turns > 1, "sub-", 20)
                )
                out.append(
                    W.Button(
                        pygame.Rect(col.x + 60, col.y, 260, 40),
                        f"for {self.sub_turns} turn(s)",
                        (lambda: None),
                        True,
                        "sub_turns",
                        16,
                    )
                )
                out.append(
                    W.Button(
                        pygame.Rect(col.x + 330, col.y, 50, 40),
                        "+",
                        self._sub_step(1),
                        self.sub_turns < top,
                        "sub+",
                        20,
                    )
                )
                col = pygame.Rect(col.x, col.y + 50, col.w, col.h - 50)
            step = max(30, min(50, (col.h - 10) // max(1, len(acts))))
            y = col.y
            for i, a in enumerate(acts):
                out.append(
                    W.Button(
                        pygame.Rect(col.x, y, col.w, step - 6),
                        self._action_label(a),
                        (lambda a=a: self.ask_or_apply(a)),
                        True,
                        ("choice", i),
                        16 if step > 40 else 14,
                    )
                )
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
                out.append(
                    W.Button(
                        pygame.Rect(r.x + 20, y, r.w - 40, 42),
                        label,
                        (lambda m=mode, p=path: self._do_move(self.path_choice["piece"], m, p)),
                        True,
                        ("path", i),
                        16,
                    )
                )
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
        if not self.session.add_note(role_name(self.seat), self.note_draft):
            self.refuse(NOTES_FULL)
            return
        self.note_draft = ""
        self.static_dirty = self.dirty = True

    def _confirm_recruit(self):
        t = self.recruit["template"]
        assign = {g: n for g, n in self.recruit["assign"].items() if n > 0}
        reenter = {g: self.recruit["site"][g] for g in assign if g in t["sites"]}
        if t["type"] == "troops":
            self.apply(
                {
                    "type": "troops",
                    "power": t["power"],
                    "max_troops": t["max_troops"],
                    "assign": assign,
                    "reenter": reenter,
                    "on_map": t["on_map"],
                    "sites": t["sites"],
                }
            )
            return
        self.apply(
            {"type": "recruit", "power": t["power"], "cards": list(self.pay_sel), "assign": assign, "reenter": reenter}
        )

    def _play_reserve(self, v):
        def f():
            self.apply({"type": "play_card", "card": self.reserve_pick, "value": v})

        return f

    def _draw_modal(self, s) -> None:
        r = self._modal_rect()
        if r is None:
            return
        shade = pygame.Surface(self.lay.map.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        s.blit(shade, self.lay.map.topleft)
        W.panel(s, r, W.PAPER, W.FRAME, 10, 3)
        if self.alloc:
            tpl = self.alloc["template"]
            W.blit_text(
                s, f"Army sheet — {power_name(tpl['power'])} (secret)", (r.x + 20, r.y + 14), 26, W.INK, "serif_bold"
            )
            tot = sum(self.alloc["troops"].values())
            # under the title, not beside it: "Pragmatic Army (secret)" fills the line
            W.blit_text(
                s,
                f"{tot} / {tpl['total']} troops",
                (r.right - 20, r.y + 50),
                20,
                W.GOOD if tot == tpl["total"] else W.ACCENT,
                "sans_bold",
                "topright",
            )
            y = r.y + 80
            for gid, lim in tpl["generals"].items():
                g = self.v["generals"][gid]
                W.blit_text(s, f"#{g['rank']} {g['name']}", (r.x + 24, y + 8), 20)
                W.blit_text(s, f"min {lim['min']}, max {lim['max']}", (r.x + 330, y + 10), 16, (100, 90, 70))
                W.blit_text(
                    s, str(self.alloc["troops"][gid]), (r.right - 113, y + 20), 24, W.INK, "sans_bold", "center"
                )
                y += 56
        elif self.recruit:
            t = self.recruit["template"]
            if t["type"] == "troops":
                W.blit_text(s, f"New troops — {power_name(t['power'])}", (r.x + 20, r.y + 14), 26, W.INK, "serif_bold")
                W.blit_text(
                    s,
                    f"Free troops from a political card: at most {t['max_troops']} (fewer is allowed)",
                    (r.x + 20, r.y + 50),
                    16,
                    (100, 90, 70),
                )
            elif self.frame.get("name") == "saxony_reenter":
                W.blit_text(
                    s,
                    "Saxony joins Austria — re-entry with new troops (R19.3)",
                    (r.x + 20, r.y + 14),
                    26,
                    W.INK,
                    "serif_bold",
                )
                W.blit_text(
                    s,
                    f"4 points per troop, at most {t['max_troops']}; select Saxon cards in the hand to pay",
                    (r.x + 20, r.y + 50),
                    16,
                    (100, 90, 70),
                )
            else:
                W.blit_text(
                    s, f"Winter recruitment — {power_name(t['power'])}", (r.x + 20, r.y + 14), 26, W.INK, "serif_bold"
                )
                W.blit_text(
                    s,
                    f"4 points per troop, at most {t['max_troops']}; select cards in the hand to pay",
                    (r.x + 20, r.y + 50),
                    16,
                    (100, 90, 70),
                )
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
            W.blit_text(
                s,
                f"Which way to {self.board.cities[self.path_choice['city']].name}?",
                (r.x + 20, r.y + 16),
                24,
                W.INK,
                "serif_bold",
            )
