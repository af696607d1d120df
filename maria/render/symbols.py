"""Map symbols drawn as shapes (font glyphs for ♥♦♣♠ are unreliable): suits, city, fortress and
elector marks. Each is drawn 4× larger and smoothed down, and cached by its parameters."""

from __future__ import annotations

import math

import pygame

from maria.render import palette as pal
from maria.render.palette import Colour

SS = 4  # supersampling factor
_cache: dict[tuple, pygame.Surface] = {}


def _smooth(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size)


def _star(cx: float, cy: float, r_out: float, r_in: float, n: int, rot: float = -math.pi / 2):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = rot + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


# --- suits --------------------------------------------------------------------------------------


def _draw_suit(s: pygame.Surface, suit: str, c: Colour, size: float) -> None:
    cx = cy = size / 2
    if suit == "diamonds":
        pygame.draw.polygon(
            s, c, [(cx, cy - 0.5 * size), (cx + 0.38 * size, cy), (cx, cy + 0.5 * size), (cx - 0.38 * size, cy)]
        )
    elif suit == "hearts":
        r = 0.255 * size
        for sx in (-1, 1):
            pygame.draw.circle(s, c, (cx + sx * 0.235 * size, cy - 0.16 * size), r)
        pygame.draw.polygon(
            s, c, [(cx - 0.485 * size, cy - 0.1 * size), (cx + 0.485 * size, cy - 0.1 * size), (cx, cy + 0.46 * size)]
        )
        pygame.draw.polygon(
            s, c, [(cx - 0.2 * size, cy - 0.2 * size), (cx + 0.2 * size, cy - 0.2 * size), (cx, cy + 0.1 * size)]
        )
    elif suit == "spades":
        r = 0.24 * size
        for sx in (-1, 1):
            pygame.draw.circle(s, c, (cx + sx * 0.22 * size, cy + 0.1 * size), r)
        pygame.draw.polygon(
            s, c, [(cx - 0.46 * size, cy + 0.05 * size), (cx + 0.46 * size, cy + 0.05 * size), (cx, cy - 0.48 * size)]
        )
        pygame.draw.polygon(
            s, c, [(cx, cy + 0.1 * size), (cx - 0.16 * size, cy + 0.49 * size), (cx + 0.16 * size, cy + 0.49 * size)]
        )
    elif suit == "clubs":
        r = 0.2 * size
        pygame.draw.circle(s, c, (cx, cy - 0.25 * size), r)
        pygame.draw.circle(s, c, (cx - 0.24 * size, cy + 0.07 * size), r)
        pygame.draw.circle(s, c, (cx + 0.24 * size, cy + 0.07 * size), r)
        pygame.draw.circle(s, c, (cx, cy - 0.02 * size), 0.12 * size)
        pygame.draw.polygon(
            s, c, [(cx, cy), (cx - 0.15 * size, cy + 0.49 * size), (cx + 0.15 * size, cy + 0.49 * size)]
        )


def suit_symbol(suit: str, size: int, colour: Colour | None = None, outline: Colour | None = None) -> pygame.Surface:
    """A suit symbol `size` px high on a transparent surface; optional light outline."""
    colour = colour or pal.SUIT_COLOURS.get(suit, pal.INK)
    key = ("suit", suit, size, colour, outline)
    surf = _cache.get(key)
    if surf is None:
        pad = 2 if outline else 0
        big = pygame.Surface(((size + 2 * pad) * SS, (size + 2 * pad) * SS), pygame.SRCALPHA)
        if outline:
            shape = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
            _draw_suit(shape, suit, outline, size * SS)
            for dx in range(0, 2 * pad * SS + 1, SS):
                for dy in range(0, 2 * pad * SS + 1, SS):
                    big.blit(shape, (dx, dy))
        inner = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
        _draw_suit(inner, suit, colour, size * SS)
        big.blit(inner, (pad * SS, pad * SS))
        surf = _smooth(big, (size + 2 * pad, size + 2 * pad))
        _cache[key] = surf
    return surf


# --- cities -------------------------------------------------------------------------------------

CITY_RADIUS = 5
MINOR_RADIUS = 8
MAJOR_RADIUS = 12


def symbol_radius(fortress: str, elector: bool = False) -> int:
    r = {"minor": MINOR_RADIUS, "major": MAJOR_RADIUS}.get(fortress, CITY_RADIUS)
    return r + (5 if elector else 0)


def city_symbol(fortress: str, elector: bool = False) -> pygame.Surface:
    """The city's mark, centred on its surface: circle, bastioned square or star fort; electors
    get a gold ring with a small crown."""
    key = ("city", fortress, elector)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    R = symbol_radius(fortress, elector) + 6  # room for the crown
    size = 2 * R + 1
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    c = R * SS + SS / 2
    k = SS
    if elector:
        rr = (symbol_radius(fortress) + 3.2) * k
        pygame.draw.circle(big, pal.FORTRESS_OUTLINE, (c, c), rr + 2.2 * k)
        pygame.draw.circle(big, pal.ELECTOR_GOLD, (c, c), rr + 1.2 * k)
        pygame.draw.circle(big, pal.FORTRESS_OUTLINE, (c, c), rr - 0.6 * k)
        pygame.draw.circle(big, pal.CITY_FILL, (c, c), rr - 1.5 * k)
        # crown on top of the ring
        top = c - rr - 1.8 * k
        w = 5.5 * k
        crown = [
            (c - w, top),
            (c - w, top - 3 * k),
            (c - w / 2, top - 1.6 * k),
            (c, top - 4.2 * k),
            (c + w / 2, top - 1.6 * k),
            (c + w, top - 3 * k),
            (c + w, top),
        ]
        pygame.draw.polygon(big, pal.ELECTOR_GOLD, crown)
        pygame.draw.polygon(big, pal.FORTRESS_OUTLINE, crown, max(1, int(1.1 * k)))
    if fortress == "major":
        r = MAJOR_RADIUS * k
        pygame.draw.polygon(big, pal.FORTRESS_OUTLINE, _star(c, c, r, 0.62 * r, 5))
        pygame.draw.polygon(big, pal.FORTRESS_FILL, _star(c, c, r - 2.4 * k, 0.62 * r - 1.6 * k, 5))
        pygame.draw.circle(big, pal.CITY_FILL, (c, c), 3.0 * k)
        pygame.draw.circle(big, pal.FORTRESS_FILL, (c, c), 1.6 * k)
    elif fortress == "minor":
        # a square fort with four pointed bastions
        r = MINOR_RADIUS * k
        pygame.draw.polygon(big, pal.FORTRESS_OUTLINE, _star(c, c, r, 0.56 * r, 4, rot=-math.pi / 4))
        pygame.draw.polygon(big, pal.FORTRESS_FILL, _star(c, c, r - 2.4 * k, 0.56 * r - 1.5 * k, 4, rot=-math.pi / 4))
    else:
        r = CITY_RADIUS * k
        pygame.draw.circle(big, pal.CITY_OUTLINE, (c, c), r)
        pygame.draw.circle(big, pal.CITY_FILL, (c, c), r - 1.7 * k)
    surf = _smooth(big, (size, size))
    _cache[key] = surf
    return surf


def draw_city(target: pygame.Surface, centre: tuple[float, float], fortress: str, elector: bool = False) -> pygame.Rect:
    s = city_symbol(fortress, elector)
    rect = s.get_rect(center=(round(centre[0]), round(centre[1])))
    target.blit(s, rect)
    return rect
