"""Binding agreements (§21) in MARIA's board screen: the offer dialog (the other player, the
promises of each side from the program's vocabulary, the turns), the answer's context (the terms
offered) and the list of the agreements in force (drawn in the political display, P).

The promises come from the door (door.agreement_terms: what each side may promise now) and the
offer is made through the board's own apply, so a refused offer is explained like any other."""

from __future__ import annotations

import pygame

from maria.games.maria.rules import door
from maria.games.maria.rules.roles import role_name
from maria.ui import widgets as W
from maria.ui.overlays import ButtonScene, modal

KINDS = (
    ("no_attack", "No attack"),
    ("keep_away", "Out of protecting distance"),
    ("keep_out", "Out of a territory"),
    ("leave", "Leave a territory"),
    ("vote", "Election votes"),
    ("subsidy", "Subsidy"),
)
PER_SIDE = 12  # promises of one kind listed for each side
ROW = 36  # their spacing
MAX_TURNS = 4  # as the rules (RUL-A38)
PANEL = pygame.Rect(200, 90, 1520, 900)


def is_offer_template(a: dict) -> bool:
    return a.get("type") == "offer_agreement" and a.get("terms") == "choose"


def _near_first(state: dict, role: str, terms: list[dict]) -> list[dict]:
    """Places nearest the promising power's generals first (the promises that matter)."""
    info = door.board_info(state)

    def dist(t: dict) -> int:
        gens = [g["city"] for g in state["generals"].values() if g["power"] == t["power"] and g["in_play"]]
        gens = [c for c in gens if c in info.playable]
        if t["kind"] == "keep_away":
            places = list(t["fortresses"])
        elif t["kind"] in ("keep_out", "leave"):
            places = [c for c in info.playable if info.board.cities[c].territory == t["territory"]]
        else:
            return 0
        return min((info.dist_from(g).get(c, 99) for g in gens for c in places), default=99)

    return sorted(terms, key=dist)


class AgreementOfferScene(ButtonScene):
    """The offer of an agreement: to whom, each side's promises, for how many turns."""

    opaque = False

    def __init__(self, app, board, to: str):
        self.board = board
        self.by = board.seat
        self.to = to
        self.kind = "no_attack"
        self.turns = 2
        self.chosen: dict[str, list[dict]] = {}
        super().__init__(app)

    @property
    def state(self) -> dict:
        return self.board.session.state

    def others(self) -> list[str]:
        return [a["to"] for a in door.legal_actions(self.state, self.by) if is_offer_template(a)]

    def listed(self, side: str) -> list[dict]:
        other = self.to if side == self.by else self.by
        terms = [t for t in door.agreement_terms(self.state, side, other) if t["kind"] == self.kind]
        return _near_first(self.state, side, terms)[:PER_SIDE]

    def text(self, t: dict) -> str:
        return door.agreement_term_text(self.state, t)

    def action(self) -> dict:
        return {
            "type": "offer_agreement",
            "to": self.to,
            "terms": {r: list(self.chosen.get(r, [])) for r in (self.by, self.to)},
            "turns": self.turns,
        }

    # --- buttons ---------------------------------------------------------------------------------
    def layout(self) -> None:
        r = PANEL
        b: list[W.Button] = []
        x = r.x + 120
        for o in self.others():
            b.append(
                W.Button(
                    pygame.Rect(x, r.y + 70, 240, 44),
                    role_name(o),
                    self._to(o),
                    True,
                    ("to", o),
                    18,
                    selected=o == self.to,
                )
            )
            x += 250
        x = r.x + 30
        for k, label in KINDS:
            w = W.text(label, 16, W.INK, "sans_bold").get_width() + 30
            b.append(
                W.Button(
                    pygame.Rect(x, r.y + 130, w, 40),
                    label,
                    self._kind(k),
                    True,
                    ("kind", k),
                    16,
                    selected=k == self.kind,
                )
            )
            x += w + 8
        for col, side in enumerate((self.by, self.to)):
            cx = r.x + 30 + col * 740
            for i, t in enumerate(self.listed(side)):
                on = t in self.chosen.get(side, [])
                b.append(
                    W.Button(
                        pygame.Rect(cx, r.y + 230 + i * ROW, 710, ROW - 5),
                        self.text(t),
                        self._toggle(side, t),
                        True,
                        ("term", side, i),
                        14,
                        selected=on,
                    )
                )
        y = r.bottom - 70
        b.append(W.Button(pygame.Rect(r.x + 30, y, 50, 48), "−", self._turns(-1), self.turns > 1, "turns-", 22))
        b.append(
            W.Button(
                pygame.Rect(r.x + 90, y, 170, 48),
                f"{self.turns} turn{'s' if self.turns != 1 else ''}",
                (lambda: None),
                True,
                "turns",
                18,
            )
        )
        b.append(W.Button(pygame.Rect(r.x + 270, y, 50, 48), "+", self._turns(1), self.turns < MAX_TURNS, "turns+", 22))
        some = any(self.chosen.get(s) for s in (self.by, self.to))
        b.append(W.Button(pygame.Rect(r.right - 470, y, 260, 48), "Make the offer", self._offer, some, "offer", 20))
        b.append(W.Button(pygame.Rect(r.right - 200, y, 170, 48), "Cancel", self.back, True, "cancel", 20))
        self.buttons = b

    def _to(self, o):
        def f():
            if o != self.to:
                self.to, self.chosen = o, {}

        return f

    def _kind(self, k):
        def f():
            self.kind = k

        return f

    def _toggle(self, side, t):
        def f():
            mine = self.chosen.setdefault(side, [])
            if t in mine:
                mine.remove(t)
            elif len(mine) < 6:
                mine.append(t)

        return f

    def _turns(self, d):
        def f():
            self.turns = max(1, min(MAX_TURNS, self.turns + d))

        return f

    def _offer(self):
        a = self.action()
        self.app.pop(self)
        self.board.apply(a)

    def back(self) -> None:
        self.app.pop(self)

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        r = modal(surf, PANEL, "Offer an agreement (§21)", size=30, top=16)
        W.blit_text(surf, "To:", (r.x + 30, r.y + 80), 20, W.INK, "sans_bold")
        W.blit_text(
            surf,
            "Offers are public (§21). Each side's promises are kept by the program while the agreement runs.",
            (r.right - 30, r.y + 80),
            15,
            (100, 85, 60),
            anchor="topright",
        )
        for col, side in enumerate((self.by, self.to)):
            who = f"You promise ({role_name(side)})" if side == self.by else f"{role_name(side)} promises"
            W.blit_text(surf, who, (r.x + 30 + col * 740, r.y + 192), 19, W.ACCENT, "serif_bold")
            if not self.listed(side):
                W.blit_text(surf, "nothing of this kind", (r.x + 30 + col * 740, r.y + 232), 15, (120, 105, 80))
        y = r.y + 230 + PER_SIDE * ROW + 4
        lines = [f"{role_name(s)}: {self.text(t)}" for s in (self.by, self.to) for t in self.chosen.get(s, [])] or [
            "Choose at least one promise (click it; click again to take it back)."
        ]
        W.blit_text(surf, "The offer:", (r.x + 30, y), 17, W.INK, "sans_bold")
        for i, line in enumerate(lines[:12]):  # two columns of 6
            W.blit_text(surf, line, (r.x + 50 + (i // 6) * 720, y + 24 + (i % 6) * 21), 15, W.INK)
        self.draw_buttons(surf)


def draw_offer(surf, rect, frame: dict) -> None:
    """The answer's context: who offers what, for how long (the choices stand on the right)."""
    offer = frame["offer"]
    W.panel(surf, rect, W.PAPER, W.FRAME, 10, 3)
    W.blit_text(
        surf, f"{role_name(offer['by'])} offers an agreement", (rect.x + 20, rect.y + 12), 28, W.INK, "serif_bold"
    )
    n = offer["turns"]
    W.blit_text(
        surf,
        f"for {n} turn{'s' if n != 1 else ''} (this turn counts as the first); binding, kept by the program (§21)",
        (rect.x + 20, rect.y + 56),
        17,
        (100, 85, 60),
    )
    y = rect.y + 100
    quiet = [role_name(r) for r in (offer["by"], offer["to"]) if not offer["terms"].get(r)]
    for line in offer.get("text", [])[:12] + [f"{q} promises nothing in return" for q in quiet]:
        for part in W.wrap(line, rect.w - 480, 18)[:2]:
            W.blit_text(surf, part, (rect.x + 30, y), 18, W.INK)
            y += 26
        y += 4


def draw_in_force(surf, rect, v: dict) -> None:
    """The agreements in force, from the view (the political display's corner)."""
    W.blit_text(surf, "Agreements in force (§21)", (rect.x, rect.y), 18, W.INK, "serif_bold")
    ags = (v.get("advanced") or {}).get("agreements", [])
    y = rect.y + 28
    if not ags:
        W.blit_text(surf, "none", (rect.x + 4, y), 15, (120, 105, 80))
        return
    for a in ags:
        head = f"{role_name(a['by'])} – {role_name(a['to'])}, until turn {a['until']}"
        W.blit_text(surf, head, (rect.x + 4, y), 15, W.ACCENT, "sans_bold")
        y += 22
        for line in a.get("text", []):
            for part in W.wrap(line, rect.w - 20, 14)[:2]:
                if y > rect.bottom - 18:
                    return
                W.blit_text(surf, part, (rect.x + 14, y), 14, W.INK)
                y += 19
        y += 6
