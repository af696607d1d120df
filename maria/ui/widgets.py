"""Small drawing helpers and widgets for the scenes (all in logical canvas pixels)."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable

import pygame

from maria.render import fonts
from maria.ui.citations import printed

INK = (34, 28, 22)
PAPER = (244, 236, 216)
PAPER_DARK = (226, 214, 186)
FRAME = (120, 96, 64)
BG = (38, 34, 30)
ACCENT = (150, 40, 30)
DISABLED = (160, 150, 134)
HILITE = (255, 214, 90)
GOOD = (40, 130, 60)
FORCE = (200, 110, 20)
WHITE = (255, 255, 255)


def count(n: int, word: str, plural: str | None = None) -> str:
    """ "1 card", "2 cards" (the word's plural is word + "s" unless given)."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def text(s: str, size: int = 20, colour=INK, style: str = "sans") -> pygame.Surface:
    # every text on screen cites the printed rulebook's sections, not the digest's R-numbers
    return fonts.text(printed(s), size, colour, style)


def blit_text(surf, s, pos, size=20, colour=INK, style="sans", anchor="topleft") -> pygame.Rect:
    img = text(s, size, colour, style)
    r = img.get_rect(**{anchor: pos})
    surf.blit(img, r)
    return r


_WRAPPED: "OrderedDict[tuple, tuple[str, ...]]" = OrderedDict()
MAX_WRAPPED = 2000  # the log, prompts and panels of a screen; least recently used out first


def wrap(s: str, width: int, size: int = 18, style: str = "sans") -> list[str]:
    """`s` in lines of at most `width` px (cached: the log re-wraps the same lines every redraw)."""
    key = (s, width, size, style)
    got = _WRAPPED.get(key)
    if got is not None:
        _WRAPPED.move_to_end(key)
        return list(got)
    out = _wrap(s, width, size, style)
    _WRAPPED[key] = tuple(out)
    while len(_WRAPPED) > MAX_WRAPPED:
        _WRAPPED.popitem(last=False)
    return out


def _wrap(s: str, width: int, size: int, style: str) -> list[str]:
    s = printed(s)
    out = []
    for para in s.split("\n"):
        line = ""
        for w in para.split(" "):
            t = (line + " " + w).strip()
            if fonts.size(t, size, style)[0] <= width or not line:
                line = t
            else:
                out.append(line)
                line = w
        out.append(line)
    return out


def panel(surf, rect, fill=PAPER, border=FRAME, radius=6, width=2) -> None:
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    pygame.draw.rect(surf, border, rect, width, border_radius=radius)


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    action: Callable[[], None] | None = None
    enabled: bool = True
    key: object = None  # for tests and lookups
    size: int = 20
    tip: str = ""
    selected: bool = False

    def draw(self, surf, hover: bool = False) -> None:
        if not self.enabled:
            fill, ink = PAPER_DARK, DISABLED
        elif self.selected:
            fill, ink = (120, 40, 30), WHITE
        elif hover:
            fill, ink = (255, 246, 222), INK
        else:
            fill, ink = PAPER, INK
        panel(surf, self.rect, fill, FRAME if self.enabled else DISABLED, 6, 2)
        img = text(self.label, self.size, ink, "sans_bold")
        if img.get_width() > self.rect.w - 12:
            img = text(self.label, max(12, self.size - 4), ink, "sans_bold")
        surf.blit(img, img.get_rect(center=self.rect.center))

    def hit(self, pos) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


def button_row(labels_actions, x, y, h=44, gap=10, size=20, min_w=110, right_to_left=False) -> list[Button]:
    out = []
    for item in labels_actions:
        label, action = item[0], item[1]
        key = item[2] if len(item) > 2 else label
        enabled = item[3] if len(item) > 3 else True
        w = max(min_w, text(label, size, INK, "sans_bold").get_width() + 28)
        if right_to_left:
            x -= w
            r = pygame.Rect(x, y, w, h)
            x -= gap
        else:
            r = pygame.Rect(x, y, w, h)
            x += w + gap
        out.append(Button(r, label, action, enabled, key, size))
    return out


def notice_rect(notice: dict | None, top_right: tuple[int, int]) -> pygame.Rect | None:
    """Where a quiet confirmation ("Saved as …") stands, its top right corner given; None: none."""
    if not notice:
        return None
    w = text(notice["text"], 16, INK, "sans_bold").get_width() + 24
    return pygame.Rect(top_right[0] - w, top_right[1], w, 36)


def draw_notice(surf, notice: dict, r: pygame.Rect) -> None:
    panel(surf, r, (236, 246, 228), GOOD, 6, 2)
    blit_text(surf, notice["text"], (r.x + 12, r.y + 9), 16, GOOD, "sans_bold")
