"""The FRIEDRICH board screen's panels and small screens: action labels, the seated role's hands
and army sheet, the log, the Clock of Fate, the combat duel, the dialogs that fill the door's
templated actions (§6 army allocation, §10 recruitment), the "Pass to …" hand-off, the rules
panel (maria/games/friedrich/data/rules.yaml) and the game-over screen.  They show what the door's
view and legal actions say; no rule is computed here."""

from __future__ import annotations

from pathlib import Path

import pygame

from maria import yamlio
from maria.engine import deck
from maria.render.friedrich_preview import NATION_COLOURS
from maria.ui import hand as HAND
from maria.ui import widgets as W
from maria.ui.board_layout import CARD_H, CARD_W
from maria.ui.hand import card_face
from maria.ui.game_menu import GameOverScene, LeaveGameScene
from maria.ui.overlays import ButtonScene, HandoffScene, MessageScene, RulesScene, _title_bg, modal
from maria.ui.friedrich_session import nation_label, role_label

SUIT_MARK = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
DUEL_CARD = (44, 62)  # a card played in the combat panel
HANDS_H = 200  # the hands panel with one row of cards
ROW_GAP = 6
READABLE_STEP = 18  # px of each overlapped card that show its value and suit
HAND_LIFT = 12  # the card under the mouse rises whole above its neighbours
RULES_YAML = Path(__file__).resolve().parents[1] / "games" / "friedrich" / "data" / "rules.yaml"


def card_label(c: str) -> str:
    if deck.is_reserve(c):
        return "Reserve"
    v, s = deck.value_of(c), deck.suit_of(c)
    return f"{v}{SUIT_MARK.get(s or '', '')}"


def gname(view: dict, g: str) -> str:
    return view["generals"].get(g, {}).get("name", g)


def cname(board, c: str) -> str:
    return board.cities[c].name if c in board.cities else str(c)


def action_label(a: dict, view: dict, board) -> str:
    t = a["type"]
    if t == "move":
        who = "Move " + " + ".join(gname(view, p) if p in view["generals"] else "supply train" for p in a["pieces"])
        if "path" in a:  # a whole move: its route
            return who + ": " + " → ".join(cname(board, c) for c in a["path"])
        return who
    if t == "step":
        return f"→ {cname(board, a['to'])}"
    if t == "stop":
        return "Stop" if view["flow"][-1]["name"] != "duel" else "Stop (accept the result)"
    if t == "end_movement":
        return "End movement"
    if t == "transfer":
        return f"Transfer an army {gname(view, a['from'])} → {gname(view, a['to'])}"
    if t == "attack":
        return f"Attack {cname(board, a['from'])} → {cname(board, a['to'])}"
    if t == "play_card":
        if "value" in a:
            return f"Reserve as {a['value']}"
        return f"Play {card_label(a['card'])}" + (" (Seydlitz: double)" if a.get("double") else "")
    if t == "retreat":
        return f"Retreat to {cname(board, a['to'])}"
    if t == "discard":
        return f"Discard {card_label(a['card'])}"
    if t == "fate":
        c = a["choice"]
        words = {"stay": "Stay", "none": "None", "keep": "Keep my cards", "fight": "Fight"}  # §11, §13
        if c in words:
            return words[c]
        if ":" in c:
            return card_label(c)  # §13 Fate cards giving or swapping a TC
        return gname(view, c) if c in view["generals"] else cname(board, c)
    if t == "offensive_option":
        return "No Offensive Option" if a["card"] == "none" else f"Offensive Option: lay out {card_label(a['card'])}"
    if t == "retake":
        return "Retake " + " and ".join(cname(board, c) for c in a["cities"])
    if t == "allocate":
        return f"Allocate {nation_label(a['nation'])}'s {a['total']} armies…"
    if t == "recruit":
        return f"Recruit for {nation_label(a['nation'])}…"
    if t == "undo":
        return "Undo"
    return t


# --- panels -----------------------------------------------------------------------------------


def header(surf, r, title: str) -> int:
    W.panel(surf, r, W.PAPER, W.FRAME, 6, 2)
    W.blit_text(surf, title, (r.x + 10, r.y + 6), 18, W.ACCENT, "sans_bold")
    return r.y + 32


def _hand_groups(view: dict, nations: list[str]) -> list[tuple[str, list[str], pygame.Surface]]:
    hands = view["cards"]["hands"]
    out = []
    for n in nations:
        if n not in view.get("left", []):
            cards = sorted(hands.get(n, []), key=lambda c: (deck.suit_of(c) or "z", deck.value_of(c)))
            out.append((n, cards, W.text(f"{nation_label(n)} ({len(cards)})", 15, W.INK, "sans_bold")))
    return out


def _chunks(cards: list[str], rows: int) -> list[list[str]]:
    k = -(-len(cards) // rows) if cards else 0
    return [cards[i * k : (i + 1) * k] for i in range(rows)]


def hand_rows(view: dict, nations: list[str], width: int) -> int:
    """Rows of cards the hands need (1-3) so that each card shows its value and suit (a large
    hand, 30 cards and more, overlaps too much in one row)."""
    groups = _hand_groups(view, nations)
    for rows in (1, 2):
        gs = [HAND.Group(n, _chunks(cards, rows)[0], head.get_width() + 22) for n, cards, head in groups]
        if HAND.fit_step(gs, width - 2 * HAND.PAD, CARD_W) >= READABLE_STEP:
            return rows
    return 3


def hands_height(view: dict, nations: list[str], width: int) -> int:
    return HANDS_H + (hand_rows(view, nations, width) - 1) * (CARD_H + ROW_GAP)


def draw_hands(surf, r, view: dict, nations: list[str], hover=None, playable=frozenset()) -> list:
    """Only the seated role's nations' cards (the view holds no other hand), drawn as cards (the
    hand bar's faces and layout, maria.ui.hand; a large hand in more rows): a card the door lets
    him play now is framed, the card under the mouse `hover` rises whole; others: counts.
    Returns the cards' mouse zones."""
    y = header(surf, r, "Tactical cards (§3)")
    counts = view["cards"]["hand_counts"]
    rows = hand_rows(view, nations, r.w)
    named = _hand_groups(view, nations)
    first = [HAND.Group(n, _chunks(cards, rows)[0], head.get_width() + 22) for n, cards, head in named]
    HAND.layout(first, pygame.Rect(r.x, y, r.w, CARD_H), CARD_W, CARD_H, 22)
    groups = list(first)
    for k in range(1, rows):  # the next rows under the first, with its steps
        for g0, (n, cards, _) in zip(first, named):
            chunk = _chunks(cards, rows)[k]
            top = y + 22 + k * (CARD_H + ROW_GAP)
            groups.append(
                HAND.Group(
                    n,
                    chunk,
                    0,
                    x=g0.x,
                    y=top,
                    step=g0.step,
                    rects=[pygame.Rect(g0.x + i * g0.step, top, CARD_W, CARD_H) for i in range(len(chunk))],
                )
            )
    zones = HAND.zones(groups, CARD_W, HAND_LIFT)
    over = HAND.hit(zones, hover) if hover is not None else None
    for g0, (n, cards, head) in zip(first, named):
        pygame.draw.circle(surf, (30, 26, 22), (g0.x + 8, y + 9), 8)
        pygame.draw.circle(surf, NATION_COLOURS[n], (g0.x + 8, y + 9), 7)
        surf.blit(head, (g0.x + 20, y))
        if not cards:
            W.blit_text(surf, "no card", (g0.x + 4, y + 26), 15, (100, 85, 60))
    for g in groups:
        for c, cr in zip(g.cards, g.rects):
            if c != over:
                surf.blit(card_face(c, cr.size, c in playable), cr)
    for g in groups:
        for c, cr in zip(g.cards, g.rects):
            if c == over:
                surf.blit(card_face(c, cr.size, c in playable), cr.move(0, -HAND_LIFT))
    y += 22 + rows * (CARD_H + ROW_GAP)
    others = [n for n in counts if n not in nations and n not in view.get("left", [])]
    if others:
        txt = "Others hold (cards): " + ", ".join(f"{nation_label(n)} {counts[n]}" for n in others)
        for line in W.wrap(txt, r.w - 20, 14)[:2]:
            W.blit_text(surf, line, (r.x + 10, y), 14, (100, 85, 60))
            y += 18
    return zones


def draw_armies(surf, r, view: dict, nations: list[str]) -> None:
    """The army sheet: the seated nations' generals with their armies; other nations' totals."""
    y = header(surf, r, "Army sheet (§6)")
    for n in nations:
        if n in view.get("left", []):
            continue
        gens = sorted((g for g in view["generals"].values() if g["nation"] == n), key=lambda g: g["rank"])
        parts = []
        for g in gens:
            where = "out" if g.get("out") or g["city"] is None else str(g["armies"] if g["armies"] is not None else "?")
            parts.append(f"{g['name']} {where}")
        txt = f"{nation_label(n)} ({view['army_totals'].get(n, 0)}): " + ", ".join(parts)
        for line in W.wrap(txt, r.w - 20, 15)[:3]:
            W.blit_text(surf, line, (r.x + 10, y), 15, W.INK)
            y += 19
    others = [n for n in view["army_totals"] if n not in nations and n not in view.get("left", [])]
    if others and y < r.bottom - 18:
        txt = "Armies of the others (totals): " + ", ".join(
            f"{nation_label(n)} {view['army_totals'][n]}" for n in others
        )
        for line in W.wrap(txt, r.w - 20, 14)[:3]:
            W.blit_text(surf, line, (r.x + 10, y + 2), 14, (100, 85, 60))
            y += 18


def last_fate(view: dict) -> str | None:
    for e in reversed(view["log"]):
        if e["text"].startswith("The Clock of Fate: "):
            return e["text"][len("The Clock of Fate: ") :]
    return None


def draw_fate(surf, r, view: dict) -> None:
    y = header(surf, r, f"Clock of Fate (§11) · {view['fate'].get('drawn', 0)} drawn")
    text = last_fate(view)
    for line in W.wrap(text or "No card drawn yet: the Clock starts with the 6th turn.", r.w - 20, 15)[:4]:
        W.blit_text(surf, line, (r.x + 10, y), 15, W.INK)
        y += 19
    mods = mods_in_force(view)
    if mods:
        txt = "In force this turn (★ on the map): " + "; ".join(mod_label(view, m) for m in mods)
        for line in W.wrap(txt, r.w - 20, 14)[:2]:
            W.blit_text(surf, line, (r.x + 10, y + 2), 14, (150, 40, 30), "sans_bold")
            y += 18


MOD_TEXTS = {
    "no_attack": "{g} may not attack",
    "no_train_kill": "{g} destroys no supply train",
    "range": "{g} moves at most {v} cities",
    "seydlitz": "Prussia may play the spades 11 at double value",
    "first_card_plus": "{n}'s first card in combat +1",
    "recruits_no_attack": "{n}'s recruits may not attack",
}


def mod_label(view: dict, m: dict) -> str:
    """A Fate effect in force, in words (the kinds the engine's fate.py writes)."""
    g = gname(view, m["general"]) if "general" in m else ""
    n = nation_label(m["nation"]) if "nation" in m else ""
    return MOD_TEXTS.get(m["kind"], m["kind"].replace("_", " ") + " {g}{n}").format(g=g, n=n, v=m.get("value", ""))


def general_info(view: dict, gid: str) -> str:
    """A general under the mouse: nation and rank, his armies where the view shows them (§6),
    face-down (§9), moved this turn (§4), a Fate effect on him (§11)."""
    g = view["generals"][gid]
    parts = [
        f"{g['name']} ({nation_label(g['nation'])}), rank {g['rank']}",
        f"{g['armies']} armies" if g.get("armies") is not None else "armies hidden (§6)",
    ]
    if g.get("face_down"):
        parts.append("face-down: out of supply once (§9)")
    if gid in view.get("moved", []):
        parts.append("has moved this turn (§4)")
    parts += [mod_label(view, m) + " (§11)" for m in mods_in_force(view) if m.get("general") == gid]
    return " · ".join(parts)


def city_info(view: dict, board, city: str) -> str:
    """A city under the mouse: its sector's suit (§7), objective (§5), depot (§10), its pieces."""
    parts = [f"{cname(board, city)}: sector of {board.suit_of(city)} {SUIT_MARK.get(board.suit_of(city), '')} (§7)"]
    o = board.objectives.get(city)
    if o is not None:
        held = view.get("conquered", {}).get(city)
        parts.append(
            f"objective of {nation_label(o.nation)}, {'1st' if o.order == 1 else '2nd'} order"
            + (f", held by {nation_label(held)}" if held else "")
            + " (§5)"
        )
    depot = next((n for n, cs in board.depots.items() if city in cs), None)
    if depot:
        parts.append(f"depot of {nation_label(depot)} (§10)")
    gens = view["city_generals"].get(city) or []
    if gens:
        parts.append(", ".join(f"{gname(view, g)} ({nation_label(view['generals'][g]['nation'])})" for g in gens))
    t = view["city_train"].get(city)
    if t:
        parts.append(f"{nation_label(view['trains'][t]['nation'])} supply train (§9)")
    return " · ".join(parts)


def mods_in_force(view: dict) -> list[dict]:
    """The Fate effects the view lists for this turn (§11: a numbered card acts the next turn)."""
    return [m for m in view.get("mods", []) if m.get("turn") == view["turn"]]


class FateScene(MessageScene):
    """A Card of Fate just drawn (§11), its text as the log gives it (maria/games/friedrich/data/fate.yaml)."""

    OK_Y = 700

    def __init__(self, app, text: str):
        super().__init__(app, "The Clock of Fate", text)

    def draw(self, surf) -> None:
        r = modal(
            surf,
            pygame.Rect(960 - 330, 250, 660, 540),
            self.title,
            size=38,
            top=34,
            fill=(250, 244, 228),
            frame=(60, 50, 40),
            radius=16,
            width=4,
            ink=(110, 30, 24),
        )
        pygame.draw.rect(surf, (150, 40, 30), r.inflate(-24, -24), 2, border_radius=12)
        W.blit_text(surf, "§11", (960, r.y + 84), 18, (100, 85, 60), "sans", "midtop")
        title, _, body = self.text.partition(": ")
        y = r.y + 130
        for line in W.wrap(title, 580, 30, "serif_bold")[:2]:
            W.blit_text(surf, line, (960, y), 30, W.INK, "serif_bold", "midtop")
            y += 40
        y += 10
        for line in W.wrap(body, 580, 22)[:9]:
            W.blit_text(surf, line, (960, y), 22, W.INK, "sans", "midtop")
            y += 30
        self.draw_buttons(surf)


def draw_log(surf, r, view: dict) -> None:
    y = header(surf, r, "Log")
    lines = []
    for e in view["log"][-14:]:
        lines += W.wrap("• " + e["text"], r.w - 20, 14)
    room = (r.bottom - y - 6) // 18
    for line in lines[-room:]:
        W.blit_text(surf, line, (r.x + 10, y), 14, W.INK)
        y += 18


def draw_duel(surf, r, view: dict, board) -> None:
    """The combat on screen (§7): both sides, the score, the cards played."""
    f = view["flow"][-1]
    W.panel(surf, r, (255, 246, 222), W.ACCENT, 10, 3)
    W.blit_text(surf, "Combat (§7)", (r.centerx, r.y + 8), 24, W.ACCENT, "serif_bold", "midtop")
    for i, side in enumerate(("att", "def")):
        x = r.x + 20 + i * (r.w // 2)
        n = f[side + "_nation"]
        pygame.draw.circle(surf, (30, 26, 22), (x + 10, r.y + 58), 11)
        pygame.draw.circle(surf, NATION_COLOURS[n], (x + 10, r.y + 58), 10)
        W.blit_text(
            surf,
            ("Attacker: " if side == "att" else "Defender: ") + nation_label(n),
            (x + 26, r.y + 48),
            18,
            W.INK,
            "sans_bold",
        )
        W.blit_text(
            surf,
            ", ".join(gname(view, g) for g in f[side]) + f" at {cname(board, f[side + '_city'])}",
            (x, r.y + 74),
            15,
            W.INK,
        )
        W.blit_text(
            surf,
            f"suit of the sector: {f[side + '_suit']} {SUIT_MARK.get(f[side + '_suit'], '')}",
            (x, r.y + 94),
            15,
            (100, 85, 60),
        )
    score = f["score"]
    lead = f["att_nation"] if score > 0 else f["def_nation"] if score < 0 else None
    # the log's convention: a signed score from the named side's point of view, here the side ahead
    W.blit_text(
        surf,
        (f"Score +{abs(score)} for {nation_label(lead)}" if lead else "Score 0, level")
        + f" · to play: {nation_label(f[f['right'] + '_nation'])}",
        (r.centerx, r.y + 120),
        20,
        W.INK,
        "sans_bold",
        "midtop",
    )
    for i, side in enumerate(("att", "def")):  # the cards each side played, as cards
        cards = [p for p in f.get("played", []) if p["side"] == side]
        x0, room = r.x + 20 + i * (r.w // 2), r.w // 2 - 40
        step = min(DUEL_CARD[0] + 6, max(12, (room - DUEL_CARD[0]) // max(1, len(cards) - 1)))
        for k, p in enumerate(cards):
            cr = pygame.Rect(x0 + k * step, r.y + 150, *DUEL_CARD)
            surf.blit(card_face(p["card"], DUEL_CARD, False), cr)
            if deck.is_reserve(p["card"]) or p["value"] != deck.value_of(p["card"]):  # what it counted for
                W.blit_text(
                    surf, f"={p['value']}", (cr.right - 2, cr.bottom - 2), 14, W.ACCENT, "sans_bold", "bottomright"
                )


# --- dialogs ----------------------------------------------------------------------------------


class AllocateDialog(ButtonScene):
    """§6: share a nation's armies among its generals (min..max each, the total exactly)."""

    opaque = False

    def __init__(self, app, board_scene, role: str, action: dict):
        self.bs, self.role, self.action = board_scene, role, action
        n = len(action["generals"])
        base, extra = divmod(action["total"], n)
        self.counts = {g: min(action["max"], base + (1 if i < extra else 0)) for i, g in enumerate(action["generals"])}
        super().__init__(app)

    def layout(self) -> None:
        b = []
        for i, g in enumerate(self.action["generals"]):
            y = 300 + 52 * i
            b.append(
                W.Button(
                    pygame.Rect(1060, y, 48, 42),
                    "−",
                    self._add(g, -1),
                    self.counts[g] > self.action["min"],
                    ("minus", g),
                )
            )
            b.append(
                W.Button(
                    pygame.Rect(1180, y, 48, 42), "+", self._add(g, 1), self.counts[g] < self.action["max"], ("plus", g)
                )
            )
        b.append(W.Button(pygame.Rect(760, 860, 180, 54), "Cancel", self.back, True, "cancel", 20))
        b.append(
            W.Button(
                pygame.Rect(980, 860, 180, 54),
                "Confirm",
                self.confirm,
                sum(self.counts.values()) == self.action["total"],
                "confirm",
                20,
            )
        )
        self.buttons = b

    def _add(self, g, d):
        def f():
            self.counts[g] += d

        return f

    def confirm(self):
        self.app.pop(self)
        self.bs.send({"type": "allocate", "nation": self.action["nation"], "armies": dict(self.counts)})

    def draw(self, surf) -> None:
        a = self.action
        modal(
            surf,
            pygame.Rect(560, 160, 800, 780),
            f"{nation_label(a['nation'])}: share {a['total']} armies (§6)",
            shade=0,
            size=28,
            top=20,
        )
        left = a["total"] - sum(self.counts.values())
        W.blit_text(
            surf, f"{a['min']}-{a['max']} per general · still to place: {left}", (960, 230), 18, W.INK, "sans", "midtop"
        )
        for i, g in enumerate(a["generals"]):
            y = 300 + 52 * i
            W.blit_text(surf, gname(self.bs.view, g), (620, y + 8), 20, W.INK, "sans_bold")
            W.blit_text(surf, str(self.counts[g]), (1144, y + 21), 22, W.INK, "sans_bold", "center")
        self.draw_buttons(surf)


class RecruitDialog(ButtonScene):
    """§10: buy armies for generals on the map, bring removed pieces back at an entry city, pay
    with tactical cards.  The door checks it all and says why a choice is refused."""

    opaque = False
    TOP, ROW = 220, 36

    def __init__(self, app, board_scene, role: str, action: dict):
        self.bs, self.role, self.action = board_scene, role, action
        self.armies = {g: 0 for g in action["generals"]}
        self.enter: dict[str, str | None] = {p: None for p in action["entry"]}
        self.paid: list[str] = []
        self.error = ""
        super().__init__(app)

    def layout(self) -> None:
        b, y = [], self.TOP
        for g in sorted(self.armies):
            b.append(W.Button(pygame.Rect(900, y, 44, 32), "−", self._arm(g, -1), self.armies[g] > 0, ("minus", g), 18))
            b.append(
                W.Button(
                    pygame.Rect(1000, y, 44, 32),
                    "+",
                    self._arm(g, 1),
                    self.armies[g] < self.action["generals"][g],
                    ("plus", g),
                    18,
                )
            )
            y += self.ROW
        for p in sorted(self.enter):
            where = self.enter[p]
            label = cname(self.bs.board, where) if where else "stays out"
            b.append(W.Button(pygame.Rect(900, y, 300, 32), label, self._cycle(p), True, ("enter", p), 16))
            y += self.ROW
        hand = sorted(
            self.bs.view["cards"]["hands"].get(self.action["nation"], []),
            key=lambda c: (deck.is_reserve(c), deck.value_of(c)),
            reverse=True,
        )
        for i, c in enumerate(hand[:48]):  # 4 rows of 12 (a hand is rarely half that)
            b.append(
                W.Button(
                    pygame.Rect(470 + 82 * (i % 12), 640 + 42 * (i // 12), 76, 36),
                    card_label(c),
                    self._pay(c),
                    True,
                    ("card", c),
                    16,
                    selected=c in self.paid,
                )
            )
        b.append(W.Button(pygame.Rect(760, 870, 180, 54), "Cancel", self.back, True, "cancel", 20))
        b.append(W.Button(pygame.Rect(980, 870, 180, 54), "Recruit", self.confirm, True, "confirm", 20))
        self.buttons = b

    def _arm(self, g, d):
        def f():
            self.armies[g] += d

        return f

    def _cycle(self, p):
        def f():
            opts = [None] + list(self.action["entry"][p])
            self.enter[p] = opts[(opts.index(self.enter[p]) + 1) % len(opts)]

        return f

    def _pay(self, c):
        def f():
            self.paid.remove(c) if c in self.paid else self.paid.append(c)

        return f

    def confirm(self):
        enter = {p: c for p, c in self.enter.items() if c}
        armies = {g: n for g, n in self.armies.items() if n}
        for p in enter:
            if p in self.bs.view["generals"]:
                armies[p] = max(1, armies.get(p, 0))
        act = {
            "type": "recruit",
            "nation": self.action["nation"],
            "armies": armies,
            "enter": enter,
            "cards": list(self.paid),
        }
        why = self.bs.send(act, quiet=True)
        if why:
            self.error = why
        else:
            self.app.pop(self)

    def draw(self, surf) -> None:
        a = self.action
        modal(
            surf,
            pygame.Rect(440, 140, 1040, 800),
            f"{nation_label(a['nation'])}: recruit (§10) · {a['price']} per army or train, at most {a['room']} armies",
            shade=0,
            size=24,
            top=30,
        )
        y = self.TOP
        for g in sorted(self.armies):
            W.blit_text(surf, f"{gname(self.bs.view, g)}: armies to add", (480, y + 5), 18, W.INK)
            W.blit_text(surf, str(self.armies[g]), (972, y + 16), 20, W.INK, "sans_bold", "center")
            y += self.ROW
        for p in sorted(self.enter):
            nm = gname(self.bs.view, p) if p in self.bs.view["generals"] else "supply train"
            W.blit_text(surf, f"{nm} re-enters at", (480, y + 5), 18, W.INK)
            y += self.ROW
        W.blit_text(
            surf,
            f"Pay with (click cards) · chosen: {' '.join(card_label(c) for c in self.paid) or 'none'}",
            (470, 610),
            18,
            W.INK,
            "sans_bold",
        )
        if self.error:
            for i, line in enumerate(W.wrap(self.error, 980, 16)[:2]):
                W.blit_text(surf, line, (960, 815 + 20 * i), 16, W.ACCENT, "sans_bold", "midtop")
        self.draw_buttons(surf)


class ChoiceDialog(ButtonScene):
    """A long list of the door's legal actions (e.g. a Reserve's values) as buttons."""

    opaque = False

    def __init__(self, app, board_scene, title: str, actions: list[dict]):
        self.bs, self.title = board_scene, title
        labels: set[str] = set()  # two actions that read the same (two Reserves as 5) are one
        self.actions = [
            a
            for a in actions
            if not (
                action_label(a, board_scene.view, board_scene.board) in labels
                or labels.add(action_label(a, board_scene.view, board_scene.board))
            )
        ]
        super().__init__(app)

    def layout(self) -> None:
        b = []
        for i, a in enumerate(self.actions[:40]):
            b.append(
                W.Button(
                    pygame.Rect(430 + 268 * (i % 4), 260 + 56 * (i // 4), 256, 48),
                    action_label(a, self.bs.view, self.bs.board),
                    self._pick(a),
                    True,
                    ("choice", i),
                    18,
                )
            )
        b.append(W.Button(pygame.Rect(860, 860, 200, 54), "Cancel", self.back, True, "cancel", 20))
        self.buttons = b

    def _pick(self, a):
        def f():
            self.app.pop(self)
            self.bs.send(a)

        return f

    def draw(self, surf) -> None:
        modal(surf, pygame.Rect(410, 180, 1100, 760), self.title, shade=0, size=26, top=20)
        self.draw_buttons(surf)


class FHandoffScene(HandoffScene):
    """'Pass to <role>' (MARIA's hand-off screen, with FRIEDRICH's nations): covers everything,
    nothing of the game is drawn behind it; under it, what the others did since this player last
    looked (the public log)."""

    def __init__(self, app, role: str, board_scene):
        self.bs = board_scene
        super().__init__(app, role, board_scene)

    def name(self, role: str) -> str:
        return role_label(role)

    def part(self, nation: str) -> str:
        return nation_label(nation)

    def colour(self, nation: str) -> tuple:
        return NATION_COLOURS.get(nation, (200, 200, 200))

    def ready(self):
        self.bs.seat_role(self.role)
        self.app.pop(self)


def rules_sections() -> list[dict]:
    return yamlio.load_file(RULES_YAML)["sections"]


class FRulesScene(RulesScene):
    """FRIEDRICH's rules, one short text per section of the 2005 rules (data, not code), in MARIA's
    rules panel: type to search, wheel or arrows to scroll, Esc or F1 to close."""

    TITLE = "FRIEDRICH — the rules (2005 edition)"
    NOTE = "§ = the section of the printed rules (revised edition, January 2005)."

    def __init__(self, app, focus: str | None = None):
        self.sections = rules_sections()
        super().__init__(app, None)
        self.focus = focus

    def entries(self) -> list[tuple[str, str, str]]:
        words = self.query.lower().split()
        out = [(str(s["section"]), s["title"], s["text"]) for s in self.sections]
        return [e for e in out if all(w.lstrip("§") in f"{e[0]} {e[1]} {e[2]}".lower() for w in words)]

    def label(self, num: str, title: str) -> str:
        return f"§{num}  ·  {title}"


LeaveScene = LeaveGameScene  # leaving for the title asks as MARIA's board does (overlays)


class FGameOverScene(GameOverScene):
    """Who won and why (§12), as the door's result says; watch the game again, or the title."""

    def __init__(self, app, board_scene):
        self.bs = board_scene
        super().__init__(app, board_scene)

    def layout(self) -> None:
        self.buttons = [
            W.Button(pygame.Rect(960 - 470, 880, 280, 64), "Look at the board", self.back, True, "board", 22),
            W.Button(pygame.Rect(960 - 170, 880, 340, 64), "Watch the game again", self._watch, True, "watch", 22),
            W.Button(pygame.Rect(960 + 190, 880, 280, 64), "Title screen", self.title, True, "title", 22),
        ]

    def draw(self, surf) -> None:
        _title_bg(surf)
        res = self.bs.session.state.get("result") or {}
        W.blit_text(surf, "The game is over", (960, 120), 72, (110, 30, 24), "serif_bold", "midtop")
        winners = ", ".join(role_label(r) for r in res.get("winners", [])) or "nobody"
        W.blit_text(
            surf,
            f"{winners} win{'s' if len(res.get('winners', [])) == 1 else ''}",
            (960, 260),
            56,
            W.INK,
            "serif_bold",
            "midtop",
        )
        nations = res.get("nations", [])
        for i, n in enumerate(nations):
            x = 960 + (i - (len(nations) - 1) / 2) * 220
            pygame.draw.circle(surf, (20, 16, 12), (round(x), 400), 32)
            pygame.draw.circle(surf, NATION_COLOURS.get(n, (200, 200, 200)), (round(x), 400), 29)
            W.blit_text(surf, nation_label(n), (round(x), 440), 22, W.INK, "sans_bold", "midtop")
        y = 520
        turn = res.get("turn", self.bs.session.state["turn"])
        for line in W.wrap(f"Why: {res.get('reason', '')} (§12) — turn {turn}.", 1400, 26):
            W.blit_text(surf, line, (960, y), 26, W.INK, "sans", "midtop")
            y += 36
        y += 20
        for e in self.bs.session.state["log"][-6:]:
            for line in W.wrap(e["text"], 1400, 18)[:2]:
                W.blit_text(surf, line, (960, y), 18, (90, 75, 55), "sans", "midtop")
                y += 24
        self.draw_buttons(surf)
