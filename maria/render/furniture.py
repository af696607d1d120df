"""Board furniture: the victory box display (8 battle boxes, 3 Electors, Emperor, Italy, Silesia),
the four victory-marker pools, the turn track (1–12, winter after 3, 6, 9, 12), the Electoral
College with its nine electors, and the off-map boxes with an arrow to their city.

The `*_rects` functions give the board-px rectangles of every box so the UI can put markers in
them; `draw_furniture` draws them all. No rules here: only where things are and how they look.
"""

from __future__ import annotations

import math

import pygame

from maria.games.maria.board.model import MAJOR_POWERS, Board
from maria.render import fonts, palette as pal, symbols
from maria.render.geometry import rect_to_px

# Traditional order of the college: the three spiritual electors first.
ELECTOR_ORDER = ("mainz", "trier", "koeln", "prag", "mannheim", "dresden", "berlin", "muenchen", "hannover")
WINTER_AFTER = (3, 6, 9, 12)
TURNS = 12
POWER_LABEL = {
    "austria": "Austria",
    "prussia": "Prussia",
    "france": "France",
    "pragmatic_army": "Pragmatic Army",
    "saxony": "Saxony",
    "bavaria": "Bavaria",
}


def _px(board: Board, rect) -> pygame.Rect:
    return pygame.Rect(rect_to_px(board.grid, rect))


def furniture_rect_px(board: Board, key: str | None, rect=None) -> pygame.Rect | None:
    """A piece of furniture's rect in board px (`rect`: a grid rect given directly), or None."""
    if rect is None:
        entry = board.furniture.get(key)
        if entry is None:
            return None
        rect = entry
    return _px(board, rect)


def furniture_rects_px(board: Board) -> list[pygame.Rect]:
    out = [_px(board, r) for k, r in board.furniture.items() if k != "silesia_box"]
    out += [_px(board, b.rect) for b in board.boxes.values() if b.id != "silesia"]
    return out


# --- layouts ---------------------------------------------------------------------------------------


def _grid_slots(area: pygame.Rect, n: int, avoid: pygame.Rect | None, gap: int = 6) -> list[pygame.Rect]:
    """`n` equal boxes filling `area` row by row, skipping slots that would overlap `avoid`."""
    best = None
    for cols in range(2, 7):
        for rows in range(1, 7):
            w = (area.w - gap * (cols - 1)) / cols
            h = (area.h - gap * (rows - 1)) / rows
            slots = []
            for j in range(rows):
                for i in range(cols):
                    r = pygame.Rect(
                        round(area.left + i * (w + gap)), round(area.top + j * (h + gap)), round(w), round(h)
                    )
                    if avoid is None or not r.colliderect(avoid.inflate(gap, gap)):
                        slots.append(r)
            if len(slots) >= n:
                score = abs(math.log((w / max(h, 1)) / 1.5)) + (len(slots) - n) * 0.3
                if best is None or score < best[0]:
                    best = (score, slots[:n])
                break
    return best[1] if best else []


def victory_box_rects(board: Board) -> dict[str, pygame.Rect]:
    """battle_<power>_1/_2 for the four major powers, electors, emperor, italy, silesia."""
    vd = board.furniture.get("victory_display")
    if vd is None:
        return {}
    outer = _px(board, vd)
    silesia = board.boxes.get("silesia")
    sil = _px(board, silesia.rect) if silesia else None
    area = pygame.Rect(outer.left + 8, outer.top + 30, outer.w - 16, outer.h - 38)
    keys = [f"battle_{p}_{i}" for p in MAJOR_POWERS for i in (1, 2)] + ["electors", "emperor", "italy"]
    if sil is None:
        keys.append("silesia")
    out = dict(zip(keys, _grid_slots(area, len(keys), sil)))
    if sil is not None:
        out["silesia"] = sil
    return out


def pool_rects(board: Board) -> dict[str, pygame.Rect]:
    return {p: _px(board, board.furniture[f"pool_{p}"]) for p in MAJOR_POWERS if f"pool_{p}" in board.furniture}


def turn_box_rects(board: Board) -> dict[int, pygame.Rect]:
    """Boxes 1..12 of the turn track (winter marks sit after 3, 6, 9 and 12)."""
    tt = board.furniture.get("turn_track")
    if tt is None:
        return {}
    r = _px(board, tt)
    inner = pygame.Rect(r.left + 6, r.top + 24, r.w - 12, r.h - 30)
    winter_w = 0.55
    units = TURNS + winter_w * len(WINTER_AFTER)
    rows = 1 if inner.w / units >= inner.h * 0.6 else 2
    per_row = math.ceil(TURNS / rows)
    h = (inner.h - 4 * (rows - 1)) / rows
    row_units = per_row + winter_w * len([t for t in WINTER_AFTER if t <= per_row])
    u = inner.w / row_units
    out = {}
    for row in range(rows):
        x = inner.left
        for t in range(row * per_row + 1, min(TURNS, (row + 1) * per_row) + 1):
            out[t] = pygame.Rect(round(x + 2), round(inner.top + row * (h + 4)), round(u - 4), round(h))
            x += u + (winter_w * u if t in WINTER_AFTER else 0)
    return out


def elector_box_rects(board: Board) -> dict[str, pygame.Rect]:
    """One box per elector city, in the traditional order of the college."""
    ec = board.furniture.get("electoral_college")
    if ec is None:
        return {}
    r = _px(board, ec)
    electors = [c.id for c in board.cities.values() if c.elector]
    electors.sort(key=lambda c: (ELECTOR_ORDER.index(c) if c in ELECTOR_ORDER else 99, c))
    if not electors:
        return {}
    inner = pygame.Rect(r.left + 6, r.top + 24, r.w - 12, r.h - 30)
    n = len(electors)
    rows = 1 if inner.w / n >= 70 else 2
    per_row = math.ceil(n / rows)
    w = inner.w / per_row
    h = (inner.h - 4 * (rows - 1)) / rows
    out = {}
    for k, cid in enumerate(electors):
        i, j = k % per_row, k // per_row
        out[cid] = pygame.Rect(round(inner.left + i * w + 2), round(inner.top + j * (h + 4)), round(w - 4), round(h))
    return out


# --- drawing -----------------------------------------------------------------------------------------


def _panel(surf: pygame.Surface, r: pygame.Rect, title: str | None = None, size: int = 17) -> None:
    shadow = pygame.Surface((r.w, r.h), pygame.SRCALPHA)
    shadow.fill((60, 40, 20, 70))
    surf.blit(shadow, (r.left + 4, r.top + 4))
    pygame.draw.rect(surf, pal.BOX_FILL, r)
    pygame.draw.rect(surf, pal.FRAME, r, 2)
    pygame.draw.rect(surf, pal.mix(pal.FRAME, pal.BOX_FILL, 0.5), r.inflate(-6, -6), 1)
    if title:
        img = fonts.spaced_text(title.upper(), size, pal.FRAME, "serif", 0.18)
        surf.blit(img, img.get_rect(midtop=(r.centerx, r.top + 4)))


def _box(surf: pygame.Surface, r: pygame.Rect, fill, border=pal.FRAME, width: int = 1, radius: int = 4) -> None:
    pygame.draw.rect(surf, fill, r, border_radius=radius)
    pygame.draw.rect(surf, border, r, width, border_radius=radius)


def _fit_text(s: str, max_w: int, size: int, colour, style: str = "serif") -> pygame.Surface:
    img = fonts.text(s, size, colour, style)
    while img.get_width() > max_w and size > 9:
        size -= 1
        img = fonts.text(s, size, colour, style)
    return img


def _power_box(surf: pygame.Surface, r: pygame.Rect, power: str | None, label: str, sub: str = "") -> None:
    _box(surf, r, pal.mix(pal.BOX_FILL, (255, 255, 255), 0.4))
    if power:
        band = pygame.Rect(r.left + 1, r.top + 1, r.w - 2, max(14, r.h // 4))
        pygame.draw.rect(surf, pal.POWER_COLOURS[power], band, border_top_left_radius=4, border_top_right_radius=4)
        pygame.draw.line(surf, pal.FRAME, band.bottomleft, band.bottomright)
        t = _fit_text(label, band.w - 6, 14, pal.POWER_INK[power], "sans_bold")
        surf.blit(t, t.get_rect(center=band.center))
        if sub:
            s = _fit_text(sub, r.w - 6, 15, pal.INK_SOFT, "serif_italic")
            surf.blit(s, s.get_rect(center=(r.centerx, (band.bottom + r.bottom) // 2)))
    else:
        t = _fit_text(label, r.w - 6, 17, pal.INK, "serif")
        surf.blit(t, t.get_rect(midtop=(r.centerx, r.top + 3)))


def _snowflake(surf: pygame.Surface, c: tuple[float, float], r: float, colour) -> None:
    for k in range(3):
        a = k * math.pi / 3
        dx, dy = r * math.cos(a), r * math.sin(a)
        pygame.draw.aaline(surf, colour, (c[0] - dx, c[1] - dy), (c[0] + dx, c[1] + dy), 2)
        for sgn in (-1, 1):
            tip = (c[0] + sgn * dx * 0.65, c[1] + sgn * dy * 0.65)
            for b in (a + math.pi / 4 * 3, a - math.pi / 4 * 3):
                e = (tip[0] + sgn * r * 0.3 * math.cos(b), tip[1] + sgn * r * 0.3 * math.sin(b))
                pygame.draw.aaline(surf, colour, tip, e)


def _arrow(surf: pygame.Surface, a: tuple[float, float], b: tuple[float, float], colour, width: int = 4) -> None:
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    head = 16
    base = (b[0] - head * math.cos(ang), b[1] - head * math.sin(ang))
    for w, col in ((width + 3, pal.HALO), (width, colour)):
        pygame.draw.line(surf, col, a, base, w)
    left = (base[0] + 9 * math.cos(ang + math.pi / 2), base[1] + 9 * math.sin(ang + math.pi / 2))
    right = (base[0] + 9 * math.cos(ang - math.pi / 2), base[1] + 9 * math.sin(ang - math.pi / 2))
    pygame.draw.polygon(surf, colour, [b, left, right])
    pygame.draw.aalines(surf, colour, True, [b, left, right])


def _edge_point(r: pygame.Rect, target: tuple[float, float]) -> tuple[float, float]:
    """Where the line from the rect's centre to `target` leaves the rect."""
    cx, cy = r.center
    dx, dy = target[0] - cx, target[1] - cy
    if dx == dy == 0:
        return cx, cy
    tx = (r.w / 2) / abs(dx) if dx else math.inf
    ty = (r.h / 2) / abs(dy) if dy else math.inf
    t = min(tx, ty)
    return cx + dx * t, cy + dy * t


def draw_arrows(surf: pygame.Surface, board: Board) -> None:
    """The arrows from the off-map boxes to their cities (drawn under the cities and names)."""
    grid = board.grid
    for box in board.boxes.values():
        if box.id == "silesia" or not box.arrow_to or box.arrow_to not in board.cities:
            continue
        r = _px(board, box.rect)
        c = board.cities[box.arrow_to]
        target = grid.to_px(c.pos)
        rad = symbols.symbol_radius(c.fortress, c.elector) + 4
        start = _edge_point(r, target)
        d = math.hypot(target[0] - start[0], target[1] - start[1]) or 1
        end = (target[0] - (target[0] - start[0]) * rad / d, target[1] - (target[1] - start[1]) * rad / d)
        colour = pal.POWER_COLOURS.get(box.power, pal.INK) if box.power != "austria" else pal.INK
        _arrow(surf, start, end, colour)


def draw_furniture(surf: pygame.Surface, board: Board) -> None:
    """Every box of the furniture and the off-map boxes (their arrows: `draw_arrows`)."""
    for box in board.boxes.values():
        if box.id == "silesia":
            continue
        r = _px(board, box.rect)
        _panel(surf, r)
        _power_box(surf, r.inflate(-10, -10), box.power, box.name, "off-map box")

    vd = board.furniture.get("victory_display")
    if vd:
        r = _px(board, vd)
        _panel(surf, r, "Victory boxes")
        for key, br in victory_box_rects(board).items():
            if key.startswith("battle_"):
                power = key[len("battle_") : -2]
                _power_box(surf, br, power, POWER_LABEL[power] if power != "pragmatic_army" else "Pragmatic", "Battle")
            else:
                label = {"electors": "3 Electors", "emperor": "Emperor", "italy": "Italy", "silesia": "Silesia"}[key]
                _box(surf, br, pal.mix(pal.BOX_FILL, (255, 255, 255), 0.4))
                t = _fit_text(label, br.w - 6, 17, pal.INK, "serif")
                surf.blit(t, t.get_rect(midtop=(br.centerx, br.top + 2)))
                if key == "electors":
                    crown = symbols.city_symbol("none", True)
                    surf.blit(crown, crown.get_rect(center=(br.centerx, br.centery + 9)))
                if key == "silesia":
                    pygame.draw.rect(surf, pal.SILESIA_BAND, br.inflate(-4, -4), 2, border_radius=4)

    for power, r in pool_rects(board).items():
        _panel(surf, r)
        _power_box(
            surf, r.inflate(-8, -8), power, POWER_LABEL[power] if power != "pragmatic_army" else "Pragmatic", "VM pool"
        )

    tt = board.furniture.get("turn_track")
    if tt:
        r = _px(board, tt)
        _panel(surf, r, "Turn")
        boxes = turn_box_rects(board)
        for t, br in boxes.items():
            _box(surf, br, pal.mix(pal.BOX_FILL, (255, 255, 255), 0.5))
            img = fonts.text(str(t), min(22, max(12, br.h - 8)), pal.INK, "serif")
            surf.blit(img, img.get_rect(center=br.center))
            if t in WINTER_AFTER:
                gap_w = boxes[t].w * 0.55
                c = (br.right + 2 + gap_w / 2, br.centery)
                _snowflake(surf, c, min(gap_w, br.h) * 0.42, (60, 100, 160))

    ec = board.furniture.get("electoral_college")
    if ec:
        r = _px(board, ec)
        _panel(surf, r, "Electoral College")
        for cid, br in elector_box_rects(board).items():
            _box(surf, br, pal.mix(pal.BOX_FILL, (255, 255, 255), 0.5))
            name = board.cities[cid].name
            # leave room on the right for the elector marker (drawn with the pieces)
            t = _fit_text(name, br.w - 26, 16, pal.INK, "serif")
            surf.blit(t, t.get_rect(bottomleft=(br.left + 4, br.bottom - 1)))
            crown = symbols.city_symbol("none", True)
            if br.h - t.get_height() > 14:
                surf.blit(crown, crown.get_rect(center=(br.centerx, br.top + (br.h - t.get_height()) / 2 + 3)))
