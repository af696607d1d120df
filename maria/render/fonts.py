"""Bundled fonts (assets/fonts, OFL / Bitstream Vera licences) and a cache of rendered text.

Every rendered text is cached by (text, size, colour, style[, halo]) so drawing the same label
every frame costs one dictionary lookup and one blit.  The cache is bounded (least recently used
out first, MAX_TEXTS surfaces): texts that change every frame (timers, log lines, a day of demo
mode) would otherwise grow it without end.  If a font file is missing the pygame default font is
used instead.

Every text reaches pygame's renderer through `clean` (in `text`, `spaced_text` and `size`): a
text from a file (a save's header, a notes line, a file name that is not UTF-8) may hold a NUL,
which pygame refuses with an exception, a lone surrogate (the undecodable bytes of a file name),
which it cannot encode, or other control characters, which draw as boxes.  They become U+FFFD.
"""

from __future__ import annotations

import re
from collections import OrderedDict

import pygame

from maria.paths import assets_dir
from maria.render.palette import HALO, Colour

FONT_FILES = {
    "serif": "EBGaramond12-Regular.ttf",
    "serif_italic": "EBGaramond12-Italic.ttf",
    "serif_bold": "DejaVuSerifCondensed-Bold.ttf",
    "sans": "DejaVuSansCondensed.ttf",
    "sans_bold": "DejaVuSansCondensed-Bold.ttf",
}

_fonts: dict[tuple[str, int], pygame.font.Font] = {}
MAX_TEXTS = 4000  # a board frame uses a few hundred; far more than one screen needs
# ... and at most this many bytes of pixels: 4,000 log lines of a long demo day are 4,000 surfaces
# of ~30 KB each, which would hold ~120 MB; a screenful of text is a few MB
MAX_TEXT_BYTES = 24 * 1024 * 1024
_texts: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_bytes = [0]


# C0 controls but the line break, DEL, C1 controls, and lone surrogates (os.fsdecode's escapes)
_UNDRAWABLE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def clean(s: str) -> str:
    """`s` with every character pygame cannot draw (or would draw as a box) replaced by U+FFFD;
    a tab becomes a space."""
    s = s if isinstance(s, str) else str(s)
    if _UNDRAWABLE.search(s) is None:
        return s
    return _UNDRAWABLE.sub(lambda m: " " if m.group() == "\t" else "\ufffd", s)


def size(s: str, size_px: int, style: str = "serif") -> tuple[int, int]:
    """The size `s` takes when rendered (cleaned as it would be)."""
    return get_font(style, size_px).size(clean(s))


def _size(surf: pygame.Surface) -> int:
    w, h = surf.get_size()
    return w * h * surf.get_bytesize()


def _cached(key: tuple) -> pygame.Surface | None:
    surf = _texts.get(key)
    if surf is not None:
        _texts.move_to_end(key)
    return surf


def _store(key: tuple, surf: pygame.Surface) -> None:
    old = _texts.get(key)
    if old is not None:
        _bytes[0] -= _size(old)
    _texts[key] = surf
    _bytes[0] += _size(surf)
    _texts.move_to_end(key)
    while len(_texts) > 1 and (len(_texts) > MAX_TEXTS or _bytes[0] > MAX_TEXT_BYTES):
        _, gone = _texts.popitem(last=False)
        _bytes[0] -= _size(gone)


def _ensure_init() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


def font_path(style: str):
    path = assets_dir() / "fonts" / FONT_FILES.get(style, FONT_FILES["serif"])
    return path if path.is_file() else None


def get_font(style: str, size: int) -> pygame.font.Font:
    key = (style, size)
    f = _fonts.get(key)
    if f is not None:
        try:
            f.get_height()
        except pygame.error:  # pygame.font was quit and re-initialised since
            _fonts.clear()
            f = None
    if f is None:
        _ensure_init()
        path = font_path(style)
        f = pygame.font.Font(str(path) if path else None, size)
        if path is None and style.endswith("bold"):
            f.bold = True
        _fonts[key] = f
    return f


def text(s: str, size: int, colour: Colour, style: str = "serif") -> pygame.Surface:
    """The text rendered antialiased on a transparent surface (cached)."""
    key = ("t", s, size, tuple(colour), style)
    surf = _cached(key)
    if surf is None:
        s = clean(s)
        try:
            surf = get_font(style, size).render(s, True, colour)
        except pygame.error:  # the font module was quit and re-initialised: reopen
            _fonts.clear()
            _ensure_init()
            surf = get_font(style, size).render(s, True, colour)
        _store(key, surf)
    return surf


def _with_halo(inner: pygame.Surface, halo_src: pygame.Surface, radius: int) -> pygame.Surface:
    w, h = inner.get_size()
    out = pygame.Surface((w + 2 * radius, h + 2 * radius), pygame.SRCALPHA)
    offsets = [
        (dx, dy)
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
        if dx * dx + dy * dy <= radius * radius + radius
    ]
    for dx, dy in offsets:
        out.blit(halo_src, (radius + dx, radius + dy))
    out.blit(inner, (radius, radius))
    return out


def halo_text(
    s: str, size: int, colour: Colour, style: str = "serif", halo: Colour = HALO, radius: int = 2
) -> pygame.Surface:
    """Text with a light halo around the letters, so it stays legible over lines (cached)."""
    key = ("h", s, size, tuple(colour), style, tuple(halo), radius)
    surf = _cached(key)
    if surf is None:
        surf = _with_halo(text(s, size, colour, style), text(s, size, halo, style), radius)
        _store(key, surf)
    return surf


def spaced_text(
    s: str, size: int, colour: Colour, style: str = "serif", spacing: float = 0.35, halo: Colour | None = None
) -> pygame.Surface:
    """Letter-spaced text (spacing as a fraction of the size), e.g. territory names in capitals."""
    key = ("s", s, size, tuple(colour), style, spacing, halo)
    surf = _cached(key)
    if surf is None:
        s = clean(s)
        f = get_font(style, size)
        gap = round(size * spacing)
        glyphs = [f.render(ch, True, colour) for ch in s]
        xs, x = [], 0
        for ch, g in zip(s, glyphs):
            xs.append(x)
            x += g.get_width() + (gap if ch != " " else gap * 2)
        width = xs[-1] + glyphs[-1].get_width() if glyphs else 1
        surf = pygame.Surface((max(1, width), f.get_height()), pygame.SRCALPHA)
        for x, g in zip(xs, glyphs):
            surf.blit(g, (x, 0))
        if halo is not None:
            back = spaced_text(s, size, halo, style, spacing)
            surf = _with_halo(surf, back, 2)
        _store(key, surf)
    return surf


def cache_size() -> int:
    return len(_texts)


def cache_bytes() -> int:
    """The pixels held by the text cache (bounded by MAX_TEXT_BYTES)."""
    return _bytes[0]


def clear_cache() -> None:
    _texts.clear()
    _bytes[0] = 0
