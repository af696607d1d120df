"""The hand bar's layout: every card of the seated player's powers fits in the bar.

Cards sit side by side while there is room; when the hands are too large (the 2-player Coalition
holds four powers' hands, and an advanced game can reach 17+ cards in one hand) they overlap, all
with the same step, so each card keeps a visible strip on its left (value and suit pip) and the
card under the mouse is lifted and drawn whole on top of its neighbours.  A bar with room for more
rows (the hand in the side column beside the introductory map) puts the later hands in a second or
third row when one row would leave the cards' strips too narrow to read.

`layout()` places the groups; `zones()` gives each card the strip of the resting layout that
answers the mouse, so sweeping along the bar reaches every card in turn whichever card is lifted;
`hit()` finds the card under a point; `card_face()` draws a card, the same for both games (their
tactical cards share the rules core's ids, maria.engine.deck).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from maria.engine import deck
from maria.render import palette as pal, symbols
from maria.ui import widgets as W

CARD_GAP = 6  # between two cards side by side
GROUP_GAP = 30  # between the hands of two powers
PAD = 14  # left and right margin of the bar
ROW_H = 120  # a second row of hands lies this far below the first (its headers, its cards)
READABLE_STEP = 30  # a narrower strip shows the value and the suit only just: a second row, if there is room


@dataclass
class Group:
    power: str
    cards: list[str]
    header_w: int
    x: int = 0  # left edge of the group (header and first card)
    y: int = 0  # top of its row (the header's line)
    step: int = 0  # x distance between two cards
    rects: list[pygame.Rect] = field(default_factory=list)

    def width(self, card_w: int, step: int) -> int:
        n = len(self.cards)
        cards = card_w + (n - 1) * step if n else 0
        return max(self.header_w, cards)


def fit_step(groups: list[Group], avail: int, card_w: int) -> int:
    """The largest step (at most card_w + CARD_GAP) with which every group fits in `avail` pixels."""
    full = card_w + CARD_GAP

    def total(step: int) -> int:
        return sum(g.width(card_w, step) for g in groups) + GROUP_GAP * max(0, len(groups) - 1)

    if total(full) <= avail:
        return full
    lo, hi = 1, full  # total() grows with the step: binary search
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if total(mid) <= avail:
            lo = mid
        else:
            hi = mid - 1
    return lo


def rows(groups: list[Group], avail: int, card_w: int, most: int = 3) -> list[list[Group]]:
    """The groups in rows, in order: the fewest rows (at most `most`) whose strips are all at least
    READABLE_STEP wide, or else the split whose narrowest strip is widest."""

    def splits(gs: list[Group], n: int):
        if n == 1:
            yield [gs]
            return
        for k in range(1, len(gs) - n + 2):
            for rest in splits(gs[k:], n - 1):
                yield [gs[:k]] + rest

    def narrowest(split: list[list[Group]]) -> int:
        return min(fit_step(row, avail, card_w) for row in split)

    best = [groups]
    for n in range(2, min(most, len(groups)) + 1):
        if narrowest(best) >= READABLE_STEP:
            break
        cand = max(splits(groups, n), key=narrowest)
        if narrowest(cand) > narrowest(best):
            best = cand
    return best


def layout(groups: list[Group], area: pygame.Rect, card_w: int, card_h: int, top: int) -> int:
    """Place the groups left to right in `area` (cards' top at area.y + top), in more rows below
    the first if the area has room for them and needs them; returns the narrowest step."""
    avail = area.w - 2 * PAD
    most = 1 + max(0, (area.h - top - card_h) // ROW_H)
    steps = []
    for i, row in enumerate(rows(groups, avail, card_w, most)):
        step = fit_step(row, avail, card_w)
        steps.append(step)
        x, y = area.x + PAD, area.y + i * ROW_H
        for g in row:
            g.x, g.y, g.step = x, y, step
            g.rects = [pygame.Rect(x + k * step, y + top, card_w, card_h) for k in range(len(g.cards))]
            x += g.width(card_w, step) + GROUP_GAP
    return min(steps, default=card_w + CARD_GAP)


def zones(groups: list[Group], card_w: int, lift: int) -> list[tuple[pygame.Rect, str]]:
    """Each card's hover/click zone: its own strip of the resting layout (the whole card for the
    last of a group), from the height of a lifted card down to the bottom of a resting one. Zones
    never overlap, so the card under the mouse never depends on which card is lifted."""
    out = []
    for g in groups:
        for i, (r, card) in enumerate(zip(g.rects, g.cards)):
            w = card_w if i == len(g.rects) - 1 else min(card_w, g.step)
            out.append((pygame.Rect(r.x, r.y - lift, w, r.h + lift), card))
    return out


def hit(zones_: list[tuple[pygame.Rect, str]], pos) -> str | None:
    """The card whose zone holds `pos`."""
    for r, card in zones_:
        if r.collidepoint(pos):
            return card
    return None


def zone_point(zones_: list[tuple[pygame.Rect, str]], card: str) -> tuple[int, int] | None:
    """The middle of the card's zone (tests and tools point there)."""
    for r, c in zones_:
        if c == card:
            return r.center
    return None


def card_label(card: str) -> tuple[str, str | None]:
    if deck.is_reserve(card):
        return "Reserve", None
    return str(deck.value_of(card)), deck.suit_of(card)


_faces: dict[tuple, pygame.Surface] = {}


def card_face(card: str, size: tuple[int, int], hi: bool) -> pygame.Surface:
    """A tactical card's face (transparent corners), cached: value and corner pip top left (they
    stay readable when the card is overlapped), the suit in the middle; a Reserve says so."""
    face = card.split(":", 1)[-1]  # the same face whichever deck it comes from
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
