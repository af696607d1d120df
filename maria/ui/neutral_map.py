"""Neutral territory on the map (R19.4, the advanced game): a hatch over the neutral power's home
cities and its name set where it hides the fewest cities and pieces."""

from __future__ import annotations

import pygame

from maria.ui import widgets as W

NEUTRAL_TINT = (235, 232, 220, 95)  # a pale veil over the neutral country
NEUTRAL_HATCH = (70, 70, 90, 120)  # diagonal hatching
NEUTRAL_EDGE = (60, 60, 80)
HATCH_GAP = 11


def draw_neutral(m, view, cells: dict, regions: dict[str, list[str]], zoom: float, obstacles=()) -> None:
    """A translucent hatched overlay over every neutral power's home-country cities (their
    territory cells), outlined, with a "NEUTRAL" label placed where it hides the fewest of the
    `obstacles` (screen points: cities, pieces).  `regions`: power -> its cities."""
    from maria.engine.log import power_name

    W_, H_ = m.get_size()
    for power, cities in sorted(regions.items()):
        polys = []
        members = set(cities)
        edges = []
        weight, cx, cy = 0.0, 0.0, 0.0
        for c in cities:
            cell = cells.get(c)
            if cell is None:
                continue
            pts = [view.to_screen(p) for p in cell.points]
            polys.append(pts)
            a = cell.area()
            ox, oy = view.to_screen(cell.centroid())
            weight, cx, cy = weight + a, cx + a * ox, cy + a * oy
            for p, q, tag in cell.edges():
                if tag not in members:
                    edges.append((view.to_screen(p), view.to_screen(q)))
        if not polys:
            continue
        xs = [x for pts in polys for x, _ in pts]
        ys = [y for pts in polys for _, y in pts]
        box = pygame.Rect(int(min(xs)) - 2, int(min(ys)) - 2, int(max(xs) - min(xs)) + 5, int(max(ys) - min(ys)) + 5)
        box = box.clip(pygame.Rect(0, 0, W_, H_))
        if box.w <= 0 or box.h <= 0:
            continue
        ox, oy = box.topleft
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        mask = pygame.Surface(box.size, pygame.SRCALPHA)
        for pts in polys:
            local = [(x - ox, y - oy) for x, y in pts]
            pygame.draw.polygon(shade, NEUTRAL_TINT, local)
            pygame.draw.polygon(mask, (255, 255, 255, 255), local)
        for k in range(-box.h, box.w, HATCH_GAP):  # "/" lines, a fixed screen spacing
            pygame.draw.line(shade, NEUTRAL_HATCH, (k, box.h), (k + box.h, 0), 2)
        shade.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        m.blit(shade, box.topleft)
        for p, q in edges:  # the neutral border
            pygame.draw.line(m, NEUTRAL_EDGE, p, q, 3)
        if weight > 0:
            size = max(13, min(24, round(26 * zoom)))
            img = W.text(f"NEUTRAL {power_name(power).upper()}", size, (255, 255, 255), "sans_bold")
            centre = _label_spot(
                img.get_rect().inflate(16, 6), (cx / weight, cy / weight), cities, cells, view, mask, box, obstacles
            )
            r = img.get_rect(center=centre).inflate(16, 6)
            pill = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(pill, (50, 50, 70, 190), pill.get_rect(), border_radius=r.h // 2)
            m.blit(pill, r.topleft)
            m.blit(img, img.get_rect(center=r.center))


def _label_spot(rect, centroid, cities, cells, view, mask, box, obstacles):
    """The candidate centre (cell centres and midpoints between neighbouring cells of the region)
    whose label rect covers the fewest obstacles and stays inside the region, nearest the centroid."""
    members = set(cities)
    cands = [centroid]
    for c in cities:
        cell = cells.get(c)
        if cell is None:
            continue
        a = view.to_screen(cell.centre)
        cands.append(a)
        for _p, _q, tag in cell.edges():
            if tag in members and tag > c and tag in cells:
                b = view.to_screen(cells[tag].centre)
                cands.append(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    near = [p for p in obstacles if box.inflate(rect.w, rect.h).collidepoint(p)]
    best, best_key = centroid, None
    for x, y in cands:
        r = rect.copy()
        r.center = (round(x), round(y))
        hits = sum(1 for p in near if r.inflate(8, 8).collidepoint(p))
        out = 0
        for px, py in (
            r.topleft,
            r.topright,
            r.bottomleft,
            r.bottomright,
            r.midtop,
            r.midbottom,
            r.midleft,
            r.midright,
        ):
            lx, ly = px - box.x, py - box.y
            if not (0 <= lx < box.w and 0 <= ly < box.h) or mask.get_at((lx, ly)).a == 0:
                out += 1
        key = (hits + 2 * out, (x - centroid[0]) ** 2 + (y - centroid[1]) ** 2)
        if best_key is None or key < best_key:
            best, best_key = (round(x), round(y)), key
    return best
