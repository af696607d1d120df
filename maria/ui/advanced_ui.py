"""The advanced game's panels: the political display (three tracks, the TC spaces, the revealed
political cards, the trump), the victory display (pools, battle boxes, 3 Electors, Emperor, Italy,
Silesia, set-aside markers), the Electoral College, the off-map boxes, the winter scores, the
shared notes, and readable labels for every action the door may offer (also unknown ones).

Everything drawn comes from door.view(state, seat)["advanced"]; nothing here knows a rule.
"""

from __future__ import annotations

import pygame

from maria.render import palette as pal, pieces, symbols
from maria.render.furniture import elector_box_rects, pool_rects, victory_box_rects
from maria.games.maria.rules import cards as C
from maria.games.maria.rules.advanced import poldata
from maria.games.maria.rules.roles import role_name
from maria.ui import widgets as W

MAJOR = ("austria", "prussia", "france", "pragmatic_army")
TRACKS = ("italy", "russia", "saxony")
TRACK_TITLES = {"italy": "Italy", "russia": "Russia", "saxony": "Saxony"}
TRACK_ENDS = {
    "italy": ("Bourbon", "Habsburg"),
    "russia": ("hostile to Prussia", "friendly to Prussia"),
    "saxony": ("Prussia", "Austria"),
}
ICON_TEXT = {"tc_minus": "−1 TC", "tc_plus": "+1 TC", "expedition": "Corps", "vp": "VP"}
SAXONY_STATE = {"prussian_ally": "Prussia's ally", "neutral": "Neutral", "austrian_ally": "Austria's ally"}
SUITS = ("hearts", "diamonds", "clubs", "spades")
SUIT_CHAR = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
# The printed instructions (Appendix A, FR/ES compendia), in a sentence each.
INSTRUCTION_TEXT = {
    "charles_emmanuel": "Savoy changes sides: the Saxony arrow may only be used as the variant says.",
    "jenkins": "France draws 1 TC fewer this turn (the war at sea with Spain).",
    "denmark": "The Pragmatic Army receives 1 TC and 3 troops (Danish troops in British pay).",
    "hessian": "The executing power receives 3 troops (Hessian mercenaries).",
    "palatinate": "Mannheim comes under French control; France receives 1 TC and 3 troops.",
    "frankfurt": "France or Bavaria (executor's choice) receives 2 troops.",
    "quadruple": "Saxony joins Austria (Saxony marker to the last box) and receives 2 troops.",
    "carnatic": "The Pragmatic Army or France (executor's choice) receives 1 TC and 2 troops.",
    "jacobite": "The Pragmatic Army sends a general to England for good; its TC income drops by 1.",
}
FRAME_TITLES = {
    "politics": "Political stage",
    "pol_exec": "Execute a political card",
    "pol_troops": "New troops from a political card",
    "expedition": "Expeditionary corps",
    "election": "Imperial election",
    "saxony_shift": "Saxony's track",
    "reduce_objectives": "Reduce the objectives",
    "peace_offer": "Silesian peace (R19.1)",
    "diplomacy": "Subsidy contracts (R20)",
    "subsidy_answer": "A subsidy contract: your answer (R20)",
    "agreement_answer": "An agreement: your answer (§21)",
}
ADV_FRAMES = frozenset(FRAME_TITLES)


def pname(p) -> str:
    if p is None:
        return "nobody"
    return {"pragmatic_army": "Pragmatic Army"}.get(p, str(p).replace("_", " ").title())


def card_name(cid) -> str:
    d = poldata.cards().get(cid)
    return d["name"] if d else str(cid)


def arrows_text(card: dict) -> str:
    out = []
    for ar in card.get("arrows", []):
        d = {"left": "←", "right": "→", "either": "←/→"}[ar["dir"]]
        out.append(f"{TRACK_TITLES[ar['track']]} {d}{ar['n']}")
    return ", ".join(out)


def card_lines(cid) -> list[str]:
    """Name line, arms, arrows, instruction: a revealed political card as text."""
    d = poldata.cards().get(cid, {})
    lines = [f"{d.get('name', cid)} ({d.get('year', '?')})"]
    if d.get("arms"):
        lines.append("Arms: " + ", ".join(pname(p) for p in d["arms"]))
    if d.get("arrows"):
        lines.append("Arrows: " + arrows_text(d))
    if d.get("instruction"):
        lines.append(INSTRUCTION_TEXT.get(d["instruction"], d["instruction"]))
    return lines


# --- action labels ---------------------------------------------------------------------------------


def _value_text(v, board, generals) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if v is None:
        return "none"
    if isinstance(v, str):
        if v in board.cities:
            return board.cities[v].name
        if v in generals:
            return generals[v]["name"]
        if v in poldata.cards():
            return card_name(v)
        if ":" in v and v.split(":")[0].isdigit():
            val = "Reserve" if C.is_reserve(v) else f"{C.value_of(v)}{SUIT_CHAR.get(C.suit_of(v), '')}"
            return val
        return pname(v) if v in pal.POWER_COLOURS else v.replace("_", " ")
    if isinstance(v, dict):
        return ", ".join(f"{_value_text(k, board, generals)} {_value_text(x, board, generals)}" for k, x in v.items())
    if isinstance(v, (list, tuple)):
        return ", ".join(_value_text(x, board, generals) for x in v)
    return str(v)


def shifts_text(sh: dict) -> str:
    return ", ".join(f"{TRACK_TITLES.get(t, t)} {'→' if d > 0 else '←'}{abs(d)}" for t, d in sh.items())


def action_label(a: dict, v: dict, board) -> str:
    """A readable label for any action (the advanced ones by name, unknown ones generically)."""
    t = a.get("type", "?")
    gens = v.get("generals", {})
    if t == "place" and "card" in a:
        if a.get("card") is None:
            return "Place no TC"
        return f"Place {_value_text(a['card'], board, gens)} face-down"
    if t == "select" and "card" in a:
        return f"Select {card_name(a['card'])}"
    if t == "save":
        return "Save my TCs (select nothing)"
    if t == "trump" and "suit" in a:
        return f"Trump: {a['suit']} {SUIT_CHAR.get(a['suit'], '')}"
    if t == "discard_card":
        return "Discard without effect"
    if t == "execute":
        parts = []
        frame = v["flow"][-1] if v.get("flow") else {}
        ins = a.get("instruction")
        if ins is not None:
            card = poldata.cards().get(frame.get("card"), {})
            parts.append(
                "instruction" + (f" ({pname(ins)})" if isinstance(ins, str) else "")
                if card.get("instruction")
                else "instruction"
            )
        if a.get("shifts"):
            parts.append(shifts_text(a["shifts"]))
        return "Execute: " + (" + ".join(parts) if parts else "nothing")
    if t == "vote" and {"elector", "for"} <= set(a):
        who = {"charles": "Charles Albert", "francis": "Francis Stephen"}.get(a["for"], a["for"])
        return f"{_value_text(a['elector'], board, gens)}'s vote for {who}"
    if t == "expedition" and "general" in a:
        g = gens.get(a["general"], {})
        off = " (off the board: 2 troops for 8 TC)" if g.get("city") is None else ""
        return f"Send {g.get('name', a['general'])}{off}"
    if t == "saxony_shift" and "accept" in a:
        return "Accept the Saxony shift" if a["accept"] else "Decline the shift"
    if t == "reduce_objectives" and "reduce" in a:
        return "Reduce the objectives" if a["reduce"] else "Keep the objectives"
    if t == "peace_offer" and "offer" in a:
        return "Offer Austria a temporary peace" if a["offer"] else "Make no peace offer"
    if t == "peace_answer" and "accept" in a:
        return "Accept Prussia's peace" if a["accept"] else "Refuse the peace"
    if t in ("relocate", "place_train") and "city" in a:
        what = a.get("piece") or a.get("train")
        return f"{_value_text(what, board, gens)} to {_value_text(a['city'], board, gens)}"
    if t == "offer_subsidy" and {"giver", "recipient", "turns"} <= set(a):
        return (
            f"Offer: {pname(a['giver'])} pays {pname(a['recipient'])} 1 TC/turn for {a['turns']} "
            f"turn{'s' if a['turns'] != 1 else ''}"
        )
    if t == "offer_agreement" and a.get("to") in v.get("roles", {}):
        return f"Offer {role_name(a['to'])} an agreement…"
    if t == "answer_agreement" and "accept" in a:
        return "Accept the agreement" if a["accept"] else "Refuse the agreement"
    if t == "cancel_subsidy" and "contract" in a:
        # short: it shares the prompt bar with the phase's own buttons and the prompt's text
        giver, _, recipient = str(a["contract"]).partition(">")
        short = {"pragmatic_army": "PA"}
        return f"Cancel subsidy {short.get(giver, pname(giver))} → {short.get(recipient, pname(recipient))}…"
    if t == "commander" and "general" in a:
        g = gens.get(a["general"], {})
        return f"{g.get('name', a['general'])} ({pname(g.get('power'))}) commands"
    if t == "stack_consent" and "accept" in a:
        return "Agree to the stack" if a["accept"] else "Refuse the stack"
    if t == "answer_subsidy" and "accept" in a:
        frame = v["flow"][-1] if v.get("flow") else {}
        if frame.get("kind") == "cancel":
            return "Agree to cancel the contract" if a["accept"] else "Keep the contract"
        return "Accept the subsidy contract" if a["accept"] else "Refuse the contract"
    if t == "done":
        return "Done"
    rest = []
    for k, x in a.items():
        if k == "type" or x == "choose" or (isinstance(x, (dict, list)) and len(str(x)) > 60):
            continue
        rest.append(f"{k.replace('_', ' ')} {_value_text(x, board, gens)}")
    label = t.replace("_", " ").capitalize()
    if rest:
        label += ": " + "; ".join(rest)
    if any(x == "choose" for x in a.values()):
        label += " (choose…)"
    return label[:90]


# --- drawing helpers ---------------------------------------------------------------------------


def disc(surf, centre, power, r=9) -> None:
    pieces.draw_marker(surf, centre, power, "victory", r * 2)


def stacked_discs(surf, x, y, power, n, r=8, per_col=6, gap=4) -> int:
    """`n` markers drawn as short stacks (each disc 4 px above the last); returns the width used."""
    cols = (n + per_col - 1) // per_col
    for i in range(n):
        col, k = divmod(i, per_col)
        disc(surf, (x + r + col * (2 * r + gap), y - k * 5), power, r)
    return cols * (2 * r + gap)


def small_card(surf, rect, card, face_up=True, known=False) -> None:
    """A TC as placed on the political display: face-down (back) or face-up (value and suit).  A
    face-down card the viewer knows (his own, or one everybody saw revealed, RUL-A35) is drawn
    greyed with a "face-down" label."""
    if card is None or not face_up and not known:
        W.panel(surf, rect, (96, 40, 36), (40, 20, 18), 5, 2)
        inner = rect.inflate(-8, -8)
        pygame.draw.rect(surf, (150, 70, 60), inner, 1, border_radius=3)
        pygame.draw.line(surf, (150, 70, 60), inner.topleft, inner.bottomright)
        pygame.draw.line(surf, (150, 70, 60), inner.topright, inner.bottomleft)
        return
    W.panel(surf, rect, (252, 250, 244) if face_up else (222, 216, 204), (90, 80, 60), 5, 2)
    if C.is_reserve(card):
        W.blit_text(surf, "R", (rect.x + 5, rect.y + 3), 18, (120, 60, 140), "sans_bold")
    else:
        suit = C.suit_of(card)
        W.blit_text(
            surf, str(C.value_of(card)), (rect.x + 5, rect.y + 3), 18, pal.SUIT_COLOURS.get(suit, W.INK), "sans_bold"
        )
        img = symbols.suit_symbol(suit, 22)
        surf.blit(img, img.get_rect(center=(rect.centerx, rect.centery + 10)))
    if not face_up:
        W.blit_text(surf, "face-down", (rect.centerx, rect.bottom + 1), 11, (110, 30, 24), "sans_bold", "midtop")


def _icon(surf, r, b: dict) -> None:
    if "icon" in b:
        col = pal.POWER_COLOURS.get(b.get("power"), (200, 200, 200))
        ink = pal.POWER_INK.get(b.get("power"), W.INK)
        chip = pygame.Rect(0, 0, r.w - 10, 22)
        chip.midbottom = (r.centerx, r.bottom - 5)
        pygame.draw.rect(surf, col, chip, border_radius=4)
        pygame.draw.rect(surf, W.INK, chip, 1, border_radius=4)
        W.blit_text(surf, ICON_TEXT.get(b["icon"], b["icon"]), chip.center, 14, ink, "sans_bold", "center")
    if "state" in b:
        lab = SAXONY_STATE.get(b["state"], b["state"])
        if b.get("label"):
            lab += f" ({b['label']})"
        for i, line in enumerate(W.wrap(lab, r.w - 8, 13)[:2]):
            W.blit_text(surf, line, (r.centerx, r.bottom - 36 + 15 * i), 13, W.INK, "sans", "midtop")
        if b.get("income"):
            W.blit_text(surf, f"+{b['income']} TC", (r.centerx, r.y + 4), 13, W.GOOD, "sans_bold", "midtop")


def draw_tracks(surf, rect, adv) -> pygame.Rect:
    """The three tracks with their boxes, icons, the star and the marker; returns the used rect."""
    disp = poldata.display()
    y = rect.y
    for t in TRACKS:
        tr = disp["tracks"][t]
        boxes = tr["boxes"]
        W.blit_text(surf, TRACK_TITLES[t], (rect.x, y + 24), 22, W.INK, "serif_bold")
        left, right = TRACK_ENDS[t]
        W.blit_text(surf, "← " + left, (rect.x, y + 52), 13, (100, 85, 60))
        W.blit_text(surf, right + " →", (rect.x, y + 68), 13, (100, 85, 60))
        x0 = rect.x + 150
        bw = min(110, (rect.right - x0) // len(boxes) - 6)
        cur = adv["tracks"].get(t)
        for i, b in enumerate(boxes):
            r = pygame.Rect(x0 + i * (bw + 6), y, bw, 86)
            fill = (255, 250, 232) if i != tr["star"] else (250, 236, 190)
            W.panel(surf, r, fill, W.FRAME, 6, 2)
            if i == tr["star"]:
                img = W.text("★", 20, (170, 120, 20), "sans_bold")
                surf.blit(img, img.get_rect(topright=(r.right - 4, r.y + 1)))
            _icon(surf, r, b)
            if i == cur:
                c = (r.x + 22, r.y + 24)
                pygame.draw.circle(surf, W.INK, c, 15)
                pygame.draw.circle(surf, (250, 210, 80), c, 13)
                W.blit_text(surf, t[0].upper(), c, 15, W.INK, "sans_bold", "center")
        y += 96
    if adv.get("saxony_state"):
        W.blit_text(
            surf,
            f"Saxony is {SAXONY_STATE.get(adv['saxony_state'], adv['saxony_state'])}.",
            (rect.x, y),
            16,
            W.ACCENT,
            "sans_bold",
        )
    return pygame.Rect(rect.x, rect.y, rect.w, y - rect.y + 20)


def draw_political_cards(surf, rect, adv, frame=None) -> None:
    """The revealed political cards with their arms, arrows and instruction."""
    pol = adv["political"]
    faceup = list(pol["faceup"])
    if frame and frame.get("name") == "pol_exec" and frame.get("card") and frame["card"] not in faceup:
        faceup.append(frame["card"])
    selected = (frame or {}).get("selected") or {}
    if not faceup:
        W.blit_text(surf, "No political card is face up.", (rect.x, rect.y + 10), 16, (100, 85, 60))
        return
    w = min(360, (rect.w - 12 * (len(faceup) - 1)) // max(1, len(faceup)))
    for i, cid in enumerate(faceup):
        r = pygame.Rect(rect.x + i * (w + 12), rect.y, w, rect.h)
        busy = frame and frame.get("name") == "pol_exec" and frame.get("card") == cid
        W.panel(surf, r, (255, 252, 240), W.HILITE if busy else (110, 30, 24), 8, 3)
        d = poldata.cards().get(cid, {})
        W.blit_text(surf, str(d.get("year", "")), (r.right - 10, r.y + 8), 14, (100, 85, 60), "sans", "topright")
        y = r.y + 8
        for line in W.wrap(d.get("name", cid), r.w - 70, 20, "serif_bold")[:2]:
            W.blit_text(surf, line, (r.x + 10, y), 20, W.INK, "serif_bold")
            y += 24
        x = r.x + 10
        for p in d.get("arms", []):
            pygame.draw.circle(surf, W.INK, (x + 10, y + 12), 10)
            pygame.draw.circle(surf, pal.POWER_COLOURS[p], (x + 10, y + 12), 8)
            x += 24
        W.blit_text(surf, ", ".join(pname(p) for p in d.get("arms", [])), (x + 4, y + 4), 13, W.INK)
        y += 30
        if d.get("arrows"):
            W.blit_text(surf, "Arrows: " + arrows_text(d), (r.x + 10, y), 15, W.ACCENT, "sans_bold")
            y += 22
        if d.get("instruction"):
            for line in W.wrap(INSTRUCTION_TEXT.get(d["instruction"], d["instruction"]), r.w - 20, 14)[:4]:
                W.blit_text(surf, line, (r.x + 10, y), 14, W.INK)
                y += 18
        if cid in selected:
            W.blit_text(
                surf,
                f"selected by {pname(selected[cid])}",
                (r.centerx, r.bottom - 6),
                14,
                W.GOOD,
                "sans_bold",
                "midbottom",
            )


def draw_tc_spaces(surf, rect, adv, mine: set) -> None:
    """The four TC spaces of the political display, in placement order."""
    order = poldata.display()["placement_order"]
    disp = adv["political"]["display"]
    w = rect.w // len(order)
    for i, p in enumerate(order):
        r = pygame.Rect(rect.x + i * w, rect.y, w - 10, rect.h)
        W.panel(surf, r, (248, 242, 226), W.FRAME, 6, 1)
        band = pygame.Rect(r.x + 1, r.y + 1, r.w - 2, 22)
        pygame.draw.rect(surf, pal.POWER_COLOURS[p], band, border_top_left_radius=6, border_top_right_radius=6)
        W.blit_text(surf, pname(p), band.center, 15, pal.POWER_INK[p], "sans_bold", "center")
        ents = disp.get(p, [])
        x = r.x + 8
        for e in ents[:6]:
            cr = pygame.Rect(x, r.y + 30, 44, 62)
            small_card(surf, cr, e["card"], e["up"], known=e["card"] is not None)
            x += 48
        if not ents:
            W.blit_text(surf, "no TC", (r.centerx, r.y + 56), 14, (120, 105, 80), "sans", "midtop")
        up = sum(1 for e in ents if e["up"])
        W.blit_text(
            surf, f"{len(ents)} TC, {up} face-up", (r.centerx, r.bottom - 4), 12, (100, 85, 60), "sans", "midbottom"
        )


def draw_political_display(surf, rect, v, mine: set, frame=None) -> None:
    adv = v["advanced"]
    pol = adv["political"]
    W.panel(surf, rect, W.PAPER, W.FRAME, 10, 3)
    W.blit_text(surf, "Political display", (rect.x + 20, rect.y + 12), 28, W.INK, "serif_bold")
    x = rect.x + 300
    x = W.blit_text(surf, f"Political deck {W.count(pol['deck'], 'card')}", (x, rect.y + 20), 17, W.INK).right + 30
    trump = pol.get("trump")
    tr = W.blit_text(surf, "Trump:", (x, rect.y + 20), 17, W.INK, "sans_bold")
    if trump:
        img = symbols.suit_symbol(trump, 26)
        surf.blit(img, img.get_rect(midleft=(tr.right + 8, tr.centery)))
        W.blit_text(surf, trump, (tr.right + 40, rect.y + 20), 17, W.INK)
    else:
        W.blit_text(surf, "not chosen yet", (tr.right + 8, rect.y + 20), 17, (120, 105, 80))
    el = adv.get("election")
    if el == "pending":
        W.blit_text(
            surf,
            "Imperial election at the end of this turn",
            (rect.right - 20, rect.y + 20),
            16,
            W.ACCENT,
            "sans_bold",
            "topright",
        )
    elif adv.get("emperor_elected"):
        who = {"charles": "Charles Albert", "francis": "Francis Stephen"}.get(adv["emperor_elected"])
        W.blit_text(surf, f"Emperor: {who}", (rect.right - 20, rect.y + 20), 16, W.INK, "sans_bold", "topright")
    draw_tracks(surf, pygame.Rect(rect.x + 20, rect.y + 60, rect.w - 40, 300), adv)
    W.blit_text(surf, "Revealed political cards", (rect.x + 20, rect.y + 380), 18, W.INK, "serif_bold")
    draw_political_cards(surf, pygame.Rect(rect.x + 20, rect.y + 406, min(760, rect.w - 40), 170), adv, frame)
    W.blit_text(surf, "TC spaces (placement order)", (rect.x + 20, rect.y + 590), 18, W.INK, "serif_bold")
    draw_tc_spaces(surf, pygame.Rect(rect.x + 20, rect.y + 614, min(1040, rect.w - 40), 118), adv, mine)
    if adv.get("agreements") and rect.w >= 1120:  # R21: beside the revealed cards
        from maria.ui.agreements_ui import draw_in_force

        draw_in_force(surf, pygame.Rect(rect.x + 800, rect.y + 380, rect.w - 820, 200), v)


# --- the victory display ------------------------------------------------------------------------


def draw_victory_display(surf, rect, v, board) -> None:
    """Pools (count + stacked discs), battle boxes, 3 Electors, Emperor, Italy, Silesia, set aside,
    the Electoral College, the off-map boxes, and the winter scores (counts until the end)."""
    adv = v["advanced"]
    W.panel(surf, rect, W.PAPER, W.FRAME, 10, 3)
    W.blit_text(surf, "Victory display", (rect.x + 20, rect.y + 12), 28, W.INK, "serif_bold")
    y = rect.y + 60
    W.blit_text(surf, "Victory-marker pools", (rect.x + 20, y), 18, W.INK, "serif_bold")
    y += 28
    for i, p in enumerate(MAJOR):
        r = pygame.Rect(rect.x + 20 + i * 260, y, 248, 110)
        W.panel(surf, r, (250, 246, 232), W.FRAME, 6, 1)
        band = pygame.Rect(r.x + 1, r.y + 1, r.w - 2, 22)
        pygame.draw.rect(surf, pal.POWER_COLOURS[p], band, border_top_left_radius=6, border_top_right_radius=6)
        W.blit_text(surf, pname(p), band.center, 15, pal.POWER_INK[p], "sans_bold", "center")
        n = adv["pools"].get(p, 0)
        W.blit_text(surf, str(n), (r.x + 12, r.y + 34), 40, W.INK, "sans_bold")
        stacked_discs(surf, r.x + 70, r.bottom - 22, p, n, 9, 5, 3)
        extra = []
        if adv["set_aside"].get(p):
            extra.append(f"{adv['set_aside'][p]} set aside")
        if extra:
            W.blit_text(surf, ", ".join(extra), (r.right - 8, r.y + 28), 13, W.ACCENT, "sans", "topright")
    y += 124
    W.blit_text(surf, "Victory boxes", (rect.x + 20, y), 18, W.INK, "serif_bold")
    y += 28
    x = rect.x + 20
    for p in MAJOR:
        r = pygame.Rect(x, y, 160, 84)
        W.panel(surf, r, (250, 246, 232), W.FRAME, 6, 1)
        W.blit_text(surf, pname(p), (r.centerx, r.y + 4), 13, W.INK, "sans_bold", "midtop")
        W.blit_text(surf, "battle boxes", (r.centerx, r.bottom - 4), 11, (100, 85, 60), "sans", "midbottom")
        n = adv["battle_boxes"].get(p, 0)
        for k in range(2):
            c = (r.x + 50 + k * 60, r.y + 50)
            pygame.draw.circle(surf, (200, 190, 170), c, 18, 1)
            if k < n:
                disc(surf, c, p, 14)
        x += 170
    boxes = [
        ("3 Electors", [adv.get("three_electors")] if adv.get("three_electors") else []),
        ("Emperor", [adv.get("emperor")] if adv.get("emperor") else []),
        ("Italy", list(adv.get("italy") or [])),
        ("Silesia", ["prussia"] * int(adv.get("silesia_box") or 0)),
    ]
    for name, ms in boxes:
        r = pygame.Rect(x, y, 110, 84)
        W.panel(surf, r, (250, 246, 232), W.FRAME, 6, 1)
        W.blit_text(surf, name, (r.centerx, r.y + 4), 14, W.INK, "sans_bold", "midtop")
        for k, p in enumerate(ms[:4]):
            disc(surf, (r.x + 24 + k * 24, r.y + 50), p, 11)
        if not ms:
            W.blit_text(surf, "empty", (r.centerx, r.y + 44), 13, (140, 125, 100), "sans", "midtop")
        x += 118
    y += 100
    # Electoral College
    W.blit_text(surf, "Electoral College", (rect.x + 20, y), 18, W.INK, "serif_bold")
    y += 28
    col = adv.get("college", {})
    for i, (cid, p) in enumerate(sorted(col.items(), key=lambda kv: _elector_key(kv[0]))):
        r = pygame.Rect(rect.x + 20 + i * 112, y, 104, 64)
        W.panel(surf, r, (250, 246, 232), W.FRAME, 6, 1)
        name = board.cities[cid].name if cid in board.cities else cid
        W.blit_text(surf, name, (r.centerx, r.y + 4), 14, W.INK, "serif_bold", "midtop")
        pieces.draw_marker(surf, (r.centerx, r.y + 40), p, "elector", 22)
        W.blit_text(surf, pname(p)[:10], (r.centerx, r.bottom - 2), 11, W.INK, "sans", "midbottom")
    y += 72
    rh = adv.get("electors", {})
    if rh:
        W.blit_text(
            surf,
            "Rhine elector markers: "
            + ", ".join(
                f"{board.cities[c].name if c in board.cities else c} {pname(p)}" for c, p in sorted(rh.items())
            ),
            (rect.x + 20, y),
            15,
            W.INK,
        )
        y += 26
    # off-map boxes
    W.blit_text(surf, "Off-map boxes", (rect.x + 20, y), 18, W.INK, "serif_bold")
    y += 28
    x = rect.x + 20
    for bid, b in board.boxes.items():
        if bid == "silesia":
            continue
        r = pygame.Rect(x, y, 250, 70)
        W.panel(surf, r, (250, 246, 232), W.FRAME, 6, 1)
        W.blit_text(surf, f"{b.name} ({pname(b.power)})", (r.x + 8, r.y + 4), 14, W.INK, "sans_bold")
        inbox = [g for g in v["generals"].values() if g["city"] == "box:" + bid]
        gx = r.x + 22
        for g in inbox:
            pieces.draw_general(surf, (gx, r.y + 44), g["power"], g["rank"], 14)
            W.blit_text(surf, g["name"], (gx + 18, r.y + 36), 13, W.INK)
            gx += 110
        if not inbox:
            W.blit_text(surf, "empty", (r.x + 8, r.y + 36), 13, (140, 125, 100))
        x += 260
    y += 84
    ws = adv.get("winter_scores", {})
    if any(isinstance(s, list) for s in ws.values()):
        txt = "Winter scores: " + "; ".join(f"{pname(p)} {', '.join(map(str, s))}" for p, s in ws.items())
    else:
        txt = (
            "Winter scores are secret until the end ("
            + ", ".join(f"{pname(p)} {n}" for p, n in ws.items())
            + " recorded)."
        )
    W.blit_text(surf, txt, (rect.x + 20, y), 15, (100, 85, 60))


def _elector_key(cid):
    from maria.render.furniture import ELECTOR_ORDER

    return ELECTOR_ORDER.index(cid) if cid in ELECTOR_ORDER else 99


# --- markers on the board's own furniture ---------------------------------------------------------


def draw_on_map(m, view, v, board, zoom: float) -> None:
    """Pools, victory boxes, the college, Rhine elector markers and off-map generals, on the map."""
    adv = v.get("advanced")
    if not adv:
        return

    def sc(pt):
        return view.to_screen(pt)

    size = max(8, round(26 * zoom))
    for p, r in pool_rects(board).items():
        n = adv["pools"].get(p, 0)
        x, y = sc((r.x + 14, r.bottom - 14))
        step = max(2, round(5 * zoom))
        for k in range(min(n, 13)):
            pieces.draw_marker(m, (x, y - k * step), p, "victory", size)
        img = W.text(str(n), max(11, round(30 * zoom)), W.INK, "sans_bold")
        cx, cy = sc((r.right - 10, r.bottom - 8))
        m.blit(img, img.get_rect(bottomright=(cx, cy)))
    vb = victory_box_rects(board)
    for p in MAJOR:
        for k in range(adv["battle_boxes"].get(p, 0)):
            r = vb.get(f"battle_{p}_{k + 1}")
            if r:
                pieces.draw_marker(m, sc(r.center), p, "victory", size)
    for key, ms in (
        ("electors", [adv.get("three_electors")]),
        ("emperor", [adv.get("emperor")]),
        ("italy", adv.get("italy") or []),
        ("silesia", ["prussia"] * int(adv.get("silesia_box") or 0)),
    ):
        r = vb.get(key)
        if not r:
            continue
        for k, p in enumerate([x for x in ms if x]):
            pieces.draw_marker(m, sc((r.x + 16 + k * 18, r.bottom - 14)), p, "victory", size)
    er = elector_box_rects(board)
    for cid, p in adv.get("college", {}).items():
        r = er.get(cid)
        if r:
            pieces.draw_marker(m, sc((r.right - 10, r.top + 10)), p, "elector", max(8, round(18 * zoom)))
    for cid, p in adv.get("electors", {}).items():
        c = board.cities.get(cid)
        if c:
            x, y = sc(board.grid.to_px(c.pos))
            pieces.draw_marker(
                m, (x - 16 * max(zoom, 0.6), y - 16 * max(zoom, 0.6)), p, "elector", max(9, round(16 * zoom))
            )
    gr = max(8, round(18 * zoom))
    for bid, b in board.boxes.items():
        inbox = [g for g in v["generals"].values() if g["city"] == "box:" + bid]
        if not inbox:
            continue
        from maria.render.geometry import rect_to_px

        r = pygame.Rect(rect_to_px(board.grid, b.rect))
        for k, g in enumerate(inbox):
            x, y = sc((r.x + 22 + k * 40, r.bottom - 22))
            pieces.draw_general(m, (x, y), g["power"], g["rank"], gr)


# --- the game-over winter table -----------------------------------------------------------------


def draw_winter_scores(surf, rect, adv) -> None:
    ws = adv.get("winter_scores") or {}
    W.panel(surf, rect, (252, 248, 236))
    W.blit_text(surf, "Winter scores", (rect.centerx, rect.y + 10), 22, W.INK, "sans_bold", "midtop")
    n = max([len(s) for s in ws.values() if isinstance(s, list)] + [0])
    y = rect.y + 48
    W.blit_text(surf, "Power", (rect.x + 16, y), 16, W.INK, "sans_bold")
    for k in range(n):
        W.blit_text(surf, f"Winter {k + 1}", (rect.x + 200 + k * 90, y), 16, W.INK, "sans_bold")
    W.blit_text(surf, "Total", (rect.x + 200 + n * 90, y), 16, W.ACCENT, "sans_bold")
    y += 30
    for p, s in ws.items():
        col = pal.POWER_COLOURS.get(p, (200, 200, 200))
        pygame.draw.circle(surf, W.INK, (rect.x + 24, y + 10), 9)
        pygame.draw.circle(surf, col, (rect.x + 24, y + 10), 7)
        W.blit_text(surf, pname(p), (rect.x + 40, y), 17, W.INK)
        if isinstance(s, list):
            for k, x in enumerate(s):
                W.blit_text(surf, str(x), (rect.x + 230 + k * 90, y), 17, W.INK, "sans", "topright")
            W.blit_text(surf, str(sum(s)), (rect.x + 230 + n * 90, y), 17, W.ACCENT, "sans_bold", "topright")
        else:
            W.blit_text(surf, "hidden", (rect.x + 200, y), 17, (120, 105, 80))
        y += 28
    if n == 0:
        W.blit_text(surf, "The game ended before the first winter.", (rect.x + 16, y + 4), 16, (100, 85, 60))


# --- the shared notes ------------------------------------------------------------------------------


def draw_notes(surf, rect, notes: list, draft: str, focused: bool) -> None:
    W.panel(surf, rect, W.PAPER, W.FRAME, 10, 3)
    W.blit_text(surf, "Shared notes", (rect.x + 20, rect.y + 12), 28, W.INK, "serif_bold")
    W.blit_text(
        surf,
        "Negotiations are free and not binding (R21): everything written here is visible to every "
        "player and saved with the game.",
        (rect.x + 20, rect.y + 52),
        15,
        (100, 85, 60),
    )
    y = rect.y + 84
    lines = []
    for n in notes:
        head = f"Turn {n.get('turn', '?')} · {n.get('who', '?')}: "
        for i, line in enumerate(W.wrap(head + n.get("text", ""), rect.w - 50, 17)):
            lines.append(("   " if i else "") + line)
    room = (rect.bottom - 80 - y) // 24
    for line in lines[-room:] if room > 0 else []:
        W.blit_text(surf, line, (rect.x + 24, y), 17, W.INK)
        y += 24
    if not notes:
        W.blit_text(surf, "No notes yet.", (rect.x + 24, y), 17, (120, 105, 80))
    box = pygame.Rect(rect.x + 20, rect.bottom - 64, rect.w - 200, 44)
    W.panel(surf, box, (255, 252, 240), W.HILITE if focused else W.FRAME, 6, 2)
    shown = draft + ("|" if focused else "")
    img = W.text(
        shown or "Click here and type a note; Enter adds it", 17, W.INK if draft or focused else (130, 115, 90)
    )
    if img.get_width() > box.w - 16:
        surf.blit(img, (box.right - 8 - img.get_width(), box.y + 12), area=None)
        pygame.draw.rect(surf, (255, 252, 240), (box.x + 2, box.y + 2, 8, box.h - 4))
    else:
        surf.blit(img, (box.x + 8, box.y + 12))


def draw_election(surf, rect, v, board, voting: str | None) -> None:
    """The Electoral College during the imperial election; the elector now voting is lit."""
    adv = v["advanced"]
    W.panel(surf, rect, W.PAPER, W.FRAME, 10, 3)
    W.blit_text(surf, "Imperial election", (rect.x + 20, rect.y + 12), 28, W.INK, "serif_bold")
    W.blit_text(
        surf,
        "Charles Albert (Bavaria, France's candidate) against Francis Stephen (Maria Theresa's "
        "husband). Five votes elect.",
        (rect.x + 20, rect.y + 52),
        15,
        (100, 85, 60),
    )
    W.blit_text(
        surf,
        "Austria's and the Pragmatic Army's votes go to Francis, cast automatically (R18.5); "
        "every other vote is free (Saxony's: whoever plays Saxony).",
        (rect.x + 20, rect.y + 72),
        15,
        (100, 85, 60),
    )
    col = adv.get("college", {})
    items = sorted(col.items(), key=lambda kv: _elector_key(kv[0]))
    for i, (cid, p) in enumerate(items):
        row, k = divmod(i, 5)
        r = pygame.Rect(rect.x + 20 + k * 204, rect.y + 100 + row * 150, 192, 136)
        lit = cid == voting
        W.panel(surf, r, (255, 246, 210) if lit else (250, 246, 232), W.HILITE if lit else W.FRAME, 8, 4 if lit else 1)
        name = board.cities[cid].name if cid in board.cities else cid
        W.blit_text(surf, name, (r.centerx, r.y + 8), 20, W.INK, "serif_bold", "midtop")
        pieces.draw_marker(surf, (r.centerx, r.y + 70), p, "elector", 40)
        W.blit_text(surf, pname(p), (r.centerx, r.bottom - 8), 15, W.INK, "sans", "midbottom")
    y = rect.y + 420
    votes = [e["text"] for e in v.get("log", []) if e.get("turn") == v.get("turn") and "vote for" in e.get("text", "")]
    W.blit_text(surf, "Votes cast by the players this turn", (rect.x + 20, y), 18, W.INK, "serif_bold")
    y += 28
    for t in votes[-8:]:
        W.blit_text(surf, "• " + t, (rect.x + 24, y), 16, W.INK)
        y += 22
    if not votes:
        W.blit_text(surf, "none yet", (rect.x + 24, y), 16, (120, 105, 80))


def draw_generic(surf, rect, title: str, text: str) -> None:
    W.panel(surf, rect, W.PAPER, W.FRAME, 10, 3)
    W.blit_text(surf, title, (rect.x + 20, rect.y + 12), 28, W.INK, "serif_bold")
    y = rect.y + 60
    for line in W.wrap(text, rect.w - 460, 18)[:10]:
        W.blit_text(surf, line, (rect.x + 20, y), 18, W.INK)
        y += 24
