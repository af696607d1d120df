"""The static map layer: parchment, territories, sectors, roads, cities and names on one Surface.

Build it once (a second or two), then blit `layer.surface` every frame and draw only the pieces
on top. `ScaledLayer` keeps one scaled copy for the current zoom so a zoomed view costs one blit.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

import pygame

from maria.games.maria.board.model import Board, City
from maria.render import fonts, furniture, palette as pal, symbols
from maria.render.cells import FRAME, OUTSIDE, Cell, build_cells, clip_convex
from maria.render.geometry import View, board_size, rect_to_px
from maria.render.labels import Placer

VORONOI_RADIUS = 125  # px: how far a city's land reaches where no other city is nearer
MAP_GAP = 10  # px of parchment between the two maps
EDGE_STRIP = 18  # px along the board edges for the column letters / row numbers

CITY_FONT = ("serif", 17)
MINOR_FONT = ("serif_bold", 14)
MAJOR_FONT = ("serif_bold", 16)
LABEL_INK = pal.INK


@dataclass
class MapLayer:
    board: Board
    surface: pygame.Surface
    cells: dict[str, Cell]
    label_rects: dict[str, pygame.Rect]  # city id -> its name's rect (board px)
    symbol_rects: dict[str, pygame.Rect]  # city id -> its symbol's rect
    territory_label_rects: dict[str, pygame.Rect]
    unplaced: list[str] = field(default_factory=list)  # names that overlap another name or symbol
    build_seconds: float = 0.0

    def city_px(self, city_id: str) -> tuple[float, float]:
        return self.board.grid.to_px(self.board.cities[city_id].pos)


_layers: dict[int, MapLayer] = {}


def get_map_layer(board: Board) -> MapLayer:
    """The board's map layer, built on first use and cached for the board object."""
    layer = _layers.get(id(board))
    if layer is None or layer.board is not board:
        layer = build_map_layer(board)
        _layers[id(board)] = layer
    return layer


def build_map_layer(board: Board) -> MapLayer:
    t0 = time.perf_counter()
    if not pygame.font.get_init():
        pygame.font.init()
    grid = board.grid
    W, H = board_size(grid)
    surf = pygame.Surface((W, H))
    _parchment(surf)

    cells: dict[str, Cell] = {}
    frames = _map_frames(board)
    for map_id, frame in frames.items():
        sites = {c.id: grid.to_px(c.pos) for c in board.cities_on(map_id)}
        cells.update(build_cells(sites, frame, VORONOI_RADIUS))
    _territories(surf, board, cells)
    _cell_ticks(surf, board)
    _sectors(surf, board)
    placer = Placer(pygame.Rect(0, 0, W, H))
    furn_rects = furniture.furniture_rects_px(board)
    for r in furn_rects:
        placer.block(r.inflate(6, 6))
    _map_frames_draw(surf, board, frames)
    for map_id, (x, y, w, h) in frames.items():  # keep names off the gap between the maps
        placer.block(pygame.Rect(round(x) - MAP_GAP - 2, 0, MAP_GAP + 6, H))
        placer.block(pygame.Rect(round(x + w) - 4, 0, MAP_GAP + 6, H))
    _edge_labels(surf, board, placer, furn_rects)

    # city symbols and roads are obstacles for every name and tag
    symbol_rects: dict[str, pygame.Rect] = {}
    for c in board.cities.values():
        x, y = grid.to_px(c.pos)
        r = symbols.symbol_radius(c.fortress, c.elector)
        rect = pygame.Rect(round(x - r), round(y - r), 2 * r + 1, 2 * r + 1)
        if c.elector:
            rect.top -= 5
            rect.height += 5
        symbol_rects[c.id] = rect
        placer.block(rect)
    for a, b, _main in board.edges():
        placer.add_segment(grid.to_px(board.cities[a].pos), grid.to_px(board.cities[b].pos))

    tags = _place_sector_tags(board, placer, furn_rects)
    labels, unplaced = _place_city_labels(board, placer)
    terr_rects = _territory_names(surf, board, cells, placer, frames)
    _roads(surf, board)
    furniture.draw_arrows(surf, board)
    for c in board.cities.values():
        symbols.draw_city(surf, grid.to_px(c.pos), c.fortress, c.elector)
    _draw_sector_tags(surf, board, tags)
    label_rects = {}
    for cid, (img, pos, rect) in labels.items():
        surf.blit(img, pos)
        label_rects[cid] = rect
    furniture.draw_furniture(surf, board)
    layer = MapLayer(board, surf, cells, label_rects, symbol_rects, terr_rects, unplaced)
    layer.build_seconds = time.perf_counter() - t0
    return layer


# --- background -----------------------------------------------------------------------------------


def _noise(size: tuple[int, int], rng: random.Random, base, amp: int) -> pygame.Surface:
    s = pygame.Surface(size)
    for x in range(size[0]):
        for y in range(size[1]):
            d = rng.randint(-amp, amp)
            s.set_at(
                (x, y),
                (max(0, min(255, base[0] + d)), max(0, min(255, base[1] + d)), max(0, min(255, base[2] + d - 2))),
            )
    return s


def _parchment(surf: pygame.Surface) -> None:
    W, H = surf.get_size()
    rng = random.Random(1741)
    coarse = _noise((max(2, W // 60), max(2, H // 60)), rng, pal.PARCHMENT, 9)
    surf.blit(pygame.transform.smoothscale(coarse, (W, H)), (0, 0))
    fine = _noise((max(2, W // 6), max(2, H // 6)), rng, (16, 16, 16), 10)
    fine = pygame.transform.smoothscale(fine, (W, H))
    surf.blit(fine, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    surf.fill((14, 14, 14), special_flags=pygame.BLEND_RGB_ADD)
    # darker edges, as on old paper
    shade = pygame.Surface((W, H), pygame.SRCALPHA)
    for i in range(24):
        a = int(40 * (1 - i / 24) ** 2)
        pygame.draw.rect(shade, (120, 90, 50, a), (i * 2, i * 2, W - i * 4, H - i * 4), 2)
    surf.blit(shade, (0, 0))


def _map_frames(board: Board) -> dict[str, tuple[float, float, float, float]]:
    """Each map's frame in board px (left, top, width, height), shrunk by half the gap at joins."""
    out = {}
    cw = board.grid.cell_px[0]
    H = board.grid.rows * board.grid.cell_px[1]
    last = board.grid.width - 1
    for map_id, (c0, c1) in board.map_columns.items():
        left, right = c0 * cw, (c1 + 1) * cw
        if c0 > 0:
            left += MAP_GAP / 2
        if c1 < last:
            right -= MAP_GAP / 2
        out[map_id] = (left, 0.0, right - left, float(H))
    return out


# --- territories --------------------------------------------------------------------------------


def _territory_of(board: Board, city_id: str):
    t = board.territories.get(board.cities[city_id].territory)
    return t


def _terr_key(board: Board, city_id: str) -> str:
    return board.cities[city_id].territory


def _tint(board: Board, city_id: str):
    t = _territory_of(board, city_id)
    return pal.territory_tint(t.home_of if t else None, t.id if t else "")


def _band(board: Board, city_id: str):
    t = _territory_of(board, city_id)
    return pal.territory_band(t.home_of if t else None, t.id if t else "")


def _territories(surf: pygame.Surface, board: Board, cells: dict[str, Cell]) -> None:
    for cid, cell in cells.items():
        pygame.draw.polygon(surf, _tint(board, cid), cell.points)
    # colour bands along the inside of every border (stronger near the line)
    for cid, cell in cells.items():
        tint, band = _tint(board, cid), _band(board, cid)
        cx, cy = cell.centre
        for width, t in ((13, 0.38), (6, 0.75)):
            colour = pal.mix(tint, band, t)
            for p, q, tag in cell.edges():
                if tag == FRAME or (tag not in (OUTSIDE,) and _terr_key(board, tag) == _terr_key(board, cid)):
                    continue
                w = width * (0.6 if tag == OUTSIDE else 1.0)
                nx, ny = q[1] - p[1], -(q[0] - p[0])
                ln = math.hypot(nx, ny) or 1.0
                nx, ny = nx / ln, ny / ln
                mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
                if (cx - mx) * nx + (cy - my) * ny < 0:
                    nx, ny = -nx, -ny
                quad = [p, q, (q[0] + nx * w, q[1] + ny * w), (p[0] + nx * w, p[1] + ny * w)]
                clipped = clip_convex(quad, cell.points)
                if len(clipped) >= 3:
                    pygame.draw.polygon(surf, colour, clipped)
    # border lines: between territories (dark, double-weight) and along open country (soft)
    for cid, cell in cells.items():
        for p, q, tag in cell.edges():
            if tag == OUTSIDE:
                pygame.draw.aaline(surf, pal.mix(_band(board, cid), pal.PARCHMENT_DARK, 0.5), p, q)
            elif tag != FRAME and cid < tag and _terr_key(board, tag) != _terr_key(board, cid):
                pygame.draw.aaline(surf, pal.BORDER_INK, p, q, 3)


def _territory_names(
    surf: pygame.Surface, board: Board, cells: dict[str, Cell], placer: Placer, frames: dict
) -> dict[str, pygame.Rect]:
    """Thin, letter-spaced capitals in the emptiest spot near the middle of each territory, clear
    of city symbols, names and sector tags, and inside the territory as far as possible."""
    by_terr: dict[str, list[str]] = {}
    for cid in cells:
        by_terr.setdefault(board.cities[cid].territory, []).append(cid)
    bucket = VORONOI_RADIUS
    sites: dict[tuple[int, int], list[Cell]] = {}
    for cell in cells.values():
        sites.setdefault((int(cell.centre[0] // bucket), int(cell.centre[1] // bucket)), []).append(cell)

    def owner_at(x: float, y: float) -> str | None:
        best, bd = None, VORONOI_RADIUS**2
        gx, gy = int(x // bucket), int(y // bucket)
        for i in (-1, 0, 1):
            for j in (-1, 0, 1):
                for cell in sites.get((gx + i, gy + j), ()):
                    d = (cell.centre[0] - x) ** 2 + (cell.centre[1] - y) ** 2
                    if d < bd:
                        best, bd = cell.city, d
        return board.cities[best].territory if best else None

    placed: dict[str, pygame.Rect] = {}
    for tid, members in sorted(by_terr.items(), key=lambda kv: -len(kv[1])):
        terr = board.territories.get(tid)
        if terr is None:
            continue
        fx, fy, fw, fh = frames[board.cities[members[0]].map]
        frame = pygame.Rect(round(fx) + 12, round(fy) + 12, round(fw) - 24, round(fh) - 24)
        area = sum(cells[m].area() for m in members)
        size = int(max(15, min(28, math.sqrt(area) / 22)))
        name = terr.name.upper()
        img = fonts.spaced_text(name, size, pal.TERRITORY_NAME_INK, "serif", 0.45)
        while img.get_width() > math.sqrt(area) * 1.6 and size > 14:
            size -= 2
            img = fonts.spaced_text(name, size, pal.TERRITORY_NAME_INK, "serif", 0.45)
        tx = sum(cells[m].centroid()[0] * cells[m].area() for m in members) / area
        ty = sum(cells[m].centroid()[1] * cells[m].area() for m in members) / area
        cands = [(tx, ty)] + [cells[m].centroid() for m in members]
        cands += [
            ((cells[a].centre[0] + cells[b].centre[0]) / 2, (cells[a].centre[1] + cells[b].centre[1]) / 2)
            for a in members
            for b in members
            if a < b
            and (cells[a].centre[0] - cells[b].centre[0]) ** 2 + (cells[a].centre[1] - cells[b].centre[1]) ** 2 < 220**2
        ]
        w, h = img.get_size()
        best, best_score = None, None
        for x, y in cands:
            for dy in (0, -h * 0.7, h * 0.7):
                r = pygame.Rect(round(x - w / 2), round(y + dy - h / 2), w, h)
                if not frame.contains(r):
                    continue
                core = r.inflate(-6, -h // 3)
                covered = placer.overlap(core) / max(1, core.w * core.h)
                samples = [(r.left + r.w * i / 6, r.top + r.h * j / 2) for i in range(7) for j in range(3)]
                outside = sum(1 for sx, sy in samples if owner_at(sx, sy) != tid) / len(samples)
                score = (
                    covered * 25 + placer.crossings(core) * 0.35 + outside * 10 + math.hypot(x - tx, y + dy - ty) / 150
                )
                if best_score is None or score < best_score:
                    best, best_score = r, score
        if best is None:
            continue
        surf.blit(img, best)
        placer.block(best.inflate(-6, -h // 3))
        placed[tid] = best
    return placed


# --- grid, sectors, frames -----------------------------------------------------------------------


def _cell_ticks(surf: pygame.Surface, board: Board) -> None:
    cw, ch = board.grid.cell_px
    col = pal.mix(pal.PARCHMENT_DARK, pal.INK_SOFT, 0.3)
    for i in range(1, board.grid.width):
        for j in range(1, board.grid.rows):
            x, y = i * cw, j * ch
            pygame.draw.line(surf, col, (x - 5, y), (x + 5, y))
            pygame.draw.line(surf, col, (x, y - 5), (x, y + 5))


def _sectors(surf: pygame.Surface, board: Board) -> None:
    grid = board.grid
    overlay = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    colour = (*pal.SECTOR_LINE, 200)
    for s in board.sectors:
        x, y, w, h = rect_to_px(grid, (s.col0, s.row0, s.col1 - s.col0 + 1, s.row1 - s.row0 + 1))
        _dashed_rect(overlay, colour, pygame.Rect(x, y, w, h))
    surf.blit(overlay, (0, 0))


def _dashed_rect(surf: pygame.Surface, colour, r: pygame.Rect, dash: int = 14, gap: int = 6) -> None:
    for (x0, y0), (x1, y1) in (
        ((r.left, r.top), (r.right, r.top)),
        ((r.left, r.bottom), (r.right, r.bottom)),
        ((r.left, r.top), (r.left, r.bottom)),
        ((r.right, r.top), (r.right, r.bottom)),
    ):
        length = math.hypot(x1 - x0, y1 - y0)
        t = 0.0
        while t < length:
            t1 = min(length, t + dash)
            a = (x0 + (x1 - x0) * t / length, y0 + (y1 - y0) * t / length)
            b = (x0 + (x1 - x0) * t1 / length, y0 + (y1 - y0) * t1 / length)
            pygame.draw.line(surf, colour, a, b, 2)
            t = t1 + gap


def _sector_tag_images(s):
    code = fonts.text(s.id.replace(":", "–"), 13, pal.SECTOR_LINE, "sans_bold")
    sym = symbols.suit_symbol(s.suit, 22, outline=pal.HALO)
    return sym, code


def _place_sector_tags(board: Board, placer: Placer, furn_rects: list[pygame.Rect]) -> dict[str, pygame.Rect]:
    """A free corner of each sector for its suit symbol and code."""
    grid = board.grid
    out = {}
    for s in board.sectors:
        x, y, w, h = rect_to_px(grid, (s.col0, s.row0, s.col1 - s.col0 + 1, s.row1 - s.row0 + 1))
        sym, code = _sector_tag_images(s)
        tw = sym.get_width() + 4 + code.get_width() + 10
        th = max(sym.get_height(), code.get_height()) + 6
        # keep clear of the letters and numbers along the board edges and the maps' join
        starts = {c0 for c0, _c1 in board.map_columns.values()}
        ends = {c1 for _c0, c1 in board.map_columns.values()}
        il = 30 if s.col0 in starts else 8
        ir = 30 if s.col1 in ends else 8
        it = 28 if s.row1 == grid.rows - 1 else 10
        ib = 28 if s.row0 == 0 else 8
        corners = []
        for dy in (0, 24, 48):
            corners += [
                pygame.Rect(x + il, y + it + dy, tw, th),
                pygame.Rect(x + w - ir - tw, y + it + dy, tw, th),
                pygame.Rect(x + il, y + h - ib - th - dy, tw, th),
                pygame.Rect(x + w - ir - tw, y + h - ib - th - dy, tw, th),
            ]
        corners = [r for r in corners if not any(r.colliderect(f.inflate(8, 8)) for f in furn_rects)]
        if not corners:
            continue
        r, _status = placer.place(corners, road_weight=150)
        out[s.id] = r
    return out


def _draw_sector_tags(surf: pygame.Surface, board: Board, tags: dict[str, pygame.Rect]) -> None:
    for s in board.sectors:
        r = tags.get(s.id)
        if r is None:
            continue
        sym, code = _sector_tag_images(s)
        plate = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (*pal.HALO, 215), plate.get_rect(), border_radius=6)
        pygame.draw.rect(plate, (*pal.SECTOR_LINE, 170), plate.get_rect(), 1, border_radius=6)
        surf.blit(plate, r)
        surf.blit(sym, (r.left + 5, r.centery - sym.get_height() // 2))
        surf.blit(code, (r.left + 5 + sym.get_width() + 4, r.centery - code.get_height() // 2))


def _map_frames_draw(surf: pygame.Surface, board: Board, frames) -> None:
    W, H = surf.get_size()
    for map_id, (x, y, w, h) in frames.items():
        r = pygame.Rect(round(x), round(y), round(w), round(h))
        # the parchment gap between the maps
        if r.left > 0:
            pygame.draw.rect(surf, pal.PARCHMENT, (r.left - MAP_GAP, 0, MAP_GAP, H))
        pygame.draw.rect(surf, pal.FRAME, r, 3)
        pygame.draw.rect(surf, pal.FRAME, r.inflate(-10, -10), 1)
    pygame.draw.rect(surf, pal.FRAME, (0, 0, W, H), 2)


def _edge_labels(surf: pygame.Surface, board: Board, placer: Placer, furn_rects: list[pygame.Rect]) -> None:
    """Column letters along the top and bottom, row numbers along the left and right edges of
    both maps."""
    grid = board.grid
    cw, ch = grid.cell_px
    W, H = surf.get_size()
    ink = pal.FRAME

    def put(label: str, cx: float, cy: float) -> None:
        img = fonts.halo_text(label, 15, ink, "sans_bold", pal.PARCHMENT, 2)
        r = img.get_rect(center=(round(cx), round(cy)))
        if any(r.colliderect(f) for f in furn_rects):
            return
        surf.blit(img, r)
        placer.block(r)

    for i, col in enumerate(grid.columns):
        put(col, (i + 0.5) * cw, 14)
        put(col, (i + 0.5) * cw, H - 14)
    xs = [14.0, W - 14.0]
    for c0, c1 in board.map_columns.values():
        if c0 > 0:
            xs.append(c0 * cw + MAP_GAP / 2 + 13)
        if c1 < grid.width - 1:
            xs.append((c1 + 1) * cw - MAP_GAP / 2 - 13)
    for j in range(grid.rows):
        for x in xs:
            put(str(j + 1), x, H - (j + 0.5) * ch)


# --- roads and cities ------------------------------------------------------------------------------


def _roads(surf: pygame.Surface, board: Board) -> None:
    grid = board.grid
    links = {tuple(sorted((a, b))) for a, b, _m in board.map_links}
    plain, main, link = [], [], []
    for a, b, is_main in board.edges():
        p, q = grid.to_px(board.cities[a].pos), grid.to_px(board.cities[b].pos)
        if tuple(sorted((a, b))) in links or board.cities[a].map != board.cities[b].map:
            link.append((p, q, is_main))
        elif is_main:
            main.append((p, q))
        else:
            plain.append((p, q))
    for p, q in plain:
        pygame.draw.aaline(surf, pal.ROAD, p, q, 2)
    for p, q in main:
        _thick(surf, pal.MAIN_ROAD_CASING, p, q, 7)
    for p, q in main:
        _thick(surf, pal.MAIN_ROAD_FILL, p, q, 3)
    for p, q, is_main in link:
        _dashed(surf, pal.LINK_ROAD, p, q, 5 if is_main else 3, 12, 7)


def _thick(surf: pygame.Surface, colour, p, q, width: float) -> None:
    """An antialiased thick line with round ends."""
    pygame.draw.aaline(surf, colour, p, q, int(width))
    r = width / 2 - 0.3
    pygame.draw.circle(surf, colour, p, r)
    pygame.draw.circle(surf, colour, q, r)


def _dashed(surf: pygame.Surface, colour, p, q, width: int, dash: float, gap: float) -> None:
    length = math.hypot(q[0] - p[0], q[1] - p[1]) or 1.0
    t = 0.0
    while t < length:
        t1 = min(length, t + dash)
        a = (p[0] + (q[0] - p[0]) * t / length, p[1] + (q[1] - p[1]) * t / length)
        b = (p[0] + (q[0] - p[0]) * t1 / length, p[1] + (q[1] - p[1]) * t1 / length)
        _thick(surf, colour, a, b, width)
        t = t1 + gap


def city_label_image(c: City) -> pygame.Surface:
    style, size = {"major": MAJOR_FONT, "minor": MINOR_FONT}.get(c.fortress, CITY_FONT)
    if c.elector:
        style, size = MAJOR_FONT
    return fonts.halo_text(c.name, size, LABEL_INK, style, pal.HALO, 2)


def _label_candidates(x: float, y: float, r: int, w: int, h: int) -> list[pygame.Rect]:
    g = 1  # gap between symbol and text (the halo adds 2 more)
    d = r * 0.72
    out = [
        (x + r + g, y - h / 2),  # right
        (x - r - g - w, y - h / 2),  # left
        (x - w / 2, y - r - g - h + 3),  # above
        (x - w / 2, y + r + g - 2),  # below
        (x + d, y - d - h + 4),  # upper right
        (x + d, y + d - 4),  # lower right
        (x - d - w, y - d - h + 4),  # upper left
        (x - d - w, y + d - 4),  # lower left
    ]
    for far in (r + 10, r + 22):
        fd = far * 0.72
        out += [
            (x + far, y - h / 2),
            (x - far - w, y - h / 2),
            (x - w / 2, y - far - h),
            (x - w / 2, y + far),
            (x + fd, y - fd - h),
            (x + fd, y + fd),
            (x - fd - w, y - fd - h),
            (x - fd - w, y + fd),
        ]
    return [pygame.Rect(round(a), round(b), w, h) for a, b in out]


def _place_city_labels(board: Board, placer: Placer):
    """Each city's name: the first free spot among right, left, above, below, the diagonals and
    a little farther out; fortresses and electors choose first."""
    grid = board.grid
    order = sorted(
        board.cities.values(),
        key=lambda c: (not c.elector, {"major": 0, "minor": 1}.get(c.fortress, 2), c.pos[1], c.pos[0]),
    )
    out, unplaced = {}, []
    for c in order:
        img = city_label_image(c)
        x, y = grid.to_px(c.pos)
        r = symbols.symbol_radius(c.fortress, c.elector)
        w, h = img.get_size()
        # collide on the letters, not on the halo's or the font's empty margins
        tight = (w - 2, h - 8)
        rect, status = placer.place(_label_candidates(x, y, r, *tight))
        out[c.id] = (img, (rect.left - (w - tight[0]) // 2, rect.top - (h - tight[1]) // 2), rect)
        if status == "overlap":
            unplaced.append(c.id)
    return out, unplaced


# --- zoomed blitting for the game UI ----------------------------------------------------------------


class ScaledLayer:
    """Blits a layer through a View, rescaling the layer only when the zoom changes."""

    def __init__(self, layer: pygame.Surface):
        self.layer = layer
        self._zoom = None
        self._scaled = layer

    def scaled(self, zoom: float) -> pygame.Surface:
        if zoom != self._zoom:
            if abs(zoom - 1.0) < 1e-6:
                self._scaled = self.layer
            else:
                w, h = self.layer.get_size()
                size = (max(1, round(w * zoom)), max(1, round(h * zoom)))
                self._scaled = pygame.transform.smoothscale(self.layer, size)
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                self._scaled = self._scaled.convert()  # same pixel format as the screen: fastest blit
            self._zoom = zoom
        return self._scaled

    def blit(self, screen: pygame.Surface, view: View, dest: tuple[int, int] = (0, 0)) -> None:
        s = self.scaled(view.zoom)
        sx, sy = (round(v) for v in view.to_screen((0, 0)))
        area = pygame.Rect(-sx, -sy, *view.screen_size).clip(s.get_rect())
        screen.blit(s, (dest[0] + area.left + sx, dest[1] + area.top + sy), area)
