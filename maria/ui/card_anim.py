"""A tactical card flying into the battle panel (R11): the played card slides from its player's
side (the card in the seated player's own hand bar; for anyone else, whose hand stays hidden, from
beyond the panel's edge on that power's side) into its slot in the combat panel, growing and
fading in.

Only the played card is ever drawn; the board scene shows the panel as it was before the play
(score, right to play, the cards already down) until the card lands.
"""

from __future__ import annotations

import pygame

BASE_DURATION = 0.4  # seconds at the normal computer pace (0.3 s between two actions)
MIN_DURATION, MAX_DURATION = 0.06, 0.5
OWN_DURATION = 0.2  # the seated player's own play: a short slide from the hand


def duration(delay: float, own: bool = False) -> float:
    """The flight time for a computer pace of `delay` seconds between actions (0: no animation)."""
    if delay <= 0:
        return 0.0
    d = max(MIN_DURATION, min(MAX_DURATION, BASE_DURATION * delay / 0.3))
    return min(OWN_DURATION, d * 0.5) if own else d


def ease_out(f: float) -> float:
    f = max(0.0, min(1.0, f))
    return 1 - (1 - f) ** 2


class CardFlight:
    """One card on its way from `start` (a rect) to `end` (the panel slot)."""

    kind = "card"

    def __init__(
        self, card_img: pygame.Surface, start: pygame.Rect, end: pygame.Rect, dur: float, fade: bool, info: dict
    ):
        self.img = card_img  # the card face at its final size (SRCALPHA)
        self.start, self.end = pygame.Rect(start), pygame.Rect(end)
        self.t, self.dur = 0.0, max(0.01, dur)
        self.fade = fade  # fade in (from a hidden hand) or not (from the hand bar)
        self.info = info  # side, card, value, power, display frame, log length…
        self.last_rect: pygame.Rect | None = None

    @property
    def done(self) -> bool:
        return self.t >= self.dur

    def progress(self) -> float:
        return min(1.0, self.t / self.dur)

    def rect_at(self, f: float | None = None) -> pygame.Rect:
        k = ease_out(self.progress() if f is None else f)
        a, b = self.start, self.end
        w = round(a.w + (b.w - a.w) * k)
        h = round(a.h + (b.h - a.h) * k)
        cx = a.centerx + (b.centerx - a.centerx) * k
        cy = a.centery + (b.centery - a.centery) * k
        # a slight arc: the card rises a little on its way, as if lifted off the table
        cy -= 40 * 4 * k * (1 - k)
        r = pygame.Rect(0, 0, max(4, w), max(4, h))
        r.center = (round(cx), round(cy))
        return r

    def alpha(self) -> int:
        if not self.fade:
            return 255
        return round(90 + 165 * min(1.0, self.progress() / 0.45))

    def draw(self, surf: pygame.Surface) -> pygame.Rect:
        r = self.rect_at()
        img = self.img if r.size == self.img.get_size() else pygame.transform.smoothscale(self.img, r.size)
        a = self.alpha()
        shadow = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, a * 70 // 255), shadow.get_rect(), border_radius=6)
        surf.blit(shadow, r.move(5, 6))
        if a < 255:
            img = img.copy()
            img.set_alpha(a)
        surf.blit(img, r)
        self.last_rect = r
        return r
