"""Colour-vision-deficiency simulation (Machado, Oliveira and Fernandes 2009, severity 1.0), used to
check that the pieces stay apart for red-green colour-blind players (docs/accessibility.md,
tools/cvd_screenshot.py).  Plain Python: no NumPy."""

from __future__ import annotations

import pygame

# Machado et al. 2009, full severity, applied to linear RGB.
MATRICES = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
}


def _lin(v: float) -> float:
    v /= 255.0
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _srgb(v: float) -> int:
    v = min(1.0, max(0.0, v))
    v = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(v * 255)


def simulate(colour: tuple[int, int, int], kind: str) -> tuple[int, int, int]:
    """How `colour` looks to a viewer with `kind` ("deuteranopia" or "protanopia")."""
    m = MATRICES[kind]
    lin = [_lin(c) for c in colour[:3]]
    return tuple(_srgb(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))  # type: ignore[return-value]


def distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


def simulate_surface(surf: pygame.Surface, kind: str) -> pygame.Surface:
    """A copy of `surf` as seen with `kind` (per pixel, cached per colour)."""
    out = surf.copy()
    cache: dict[int, tuple] = {}
    w, h = out.get_size()
    px = pygame.PixelArray(out)
    try:
        for x in range(w):
            col = px[x]
            for y in range(h):
                v = col[y]
                got = cache.get(v)
                if got is None:
                    r, g, b, a = out.unmap_rgb(v)
                    got = cache[v] = out.map_rgb((*simulate((r, g, b), kind), a))
                col[y] = got
    finally:
        px.close()
    return out
