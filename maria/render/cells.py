"""Territory regions as radius-limited Voronoi cells around the cities (pure Python, no pygame).

Each city owns the part of its map closer to it than to any other city of the same map, cut to a
disc of `radius` px (so empty land and sea stay background) and to its map's frame. Every edge of
a cell remembers what lies beyond it: another city's cell, open country (the disc) or the frame,
so territory borders are exactly the edges between cells of different territories.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]
OUTSIDE = "~outside"  # edge on the limiting disc
FRAME = "~frame"  # edge on the map frame


@dataclass
class Cell:
    city: str
    centre: Point
    points: list[Point]
    tags: list[str]  # tags[k] = what lies beyond the edge points[k] -> points[k+1]

    def edges(self):
        n = len(self.points)
        for k in range(n):
            yield self.points[k], self.points[(k + 1) % n], self.tags[k]

    def area(self) -> float:
        return abs(_signed_area(self.points))

    def centroid(self) -> Point:
        return polygon_centroid(self.points)


def _signed_area(pts: list[Point]) -> float:
    s = 0.0
    for k in range(len(pts)):
        x0, y0 = pts[k]
        x1, y1 = pts[(k + 1) % len(pts)]
        s += x0 * y1 - x1 * y0
    return s / 2


def polygon_centroid(pts: list[Point]) -> Point:
    a = _signed_area(pts)
    if abs(a) < 1e-9:
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
    cx = cy = 0.0
    for k in range(len(pts)):
        x0, y0 = pts[k]
        x1, y1 = pts[(k + 1) % len(pts)]
        f = x0 * y1 - x1 * y0
        cx += (x0 + x1) * f
        cy += (y0 + y1) * f
    return cx / (6 * a), cy / (6 * a)


def clip_halfplane(
    pts: list[Point], tags: list[str], a: float, b: float, c: float, tag: str
) -> tuple[list[Point], list[str]]:
    """Keep the part of the polygon where a*x + b*y <= c; the new edge gets `tag`."""
    out: list[Point] = []
    otags: list[str] = []
    n = len(pts)
    for k in range(n):
        p, q, t = pts[k], pts[(k + 1) % n], tags[k]
        fp = a * p[0] + b * p[1] - c
        fq = a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
            otags.append(t)
            if fq > 0:
                s = fp / (fp - fq)
                out.append((p[0] + (q[0] - p[0]) * s, p[1] + (q[1] - p[1]) * s))
                otags.append(tag)
        elif fq <= 0:
            s = fp / (fp - fq)
            out.append((p[0] + (q[0] - p[0]) * s, p[1] + (q[1] - p[1]) * s))
            otags.append(t)
    return out, otags


def clip_convex(subject: list[Point], clip: list[Point]) -> list[Point]:
    """Subject polygon cut to a convex clip polygon (any orientation)."""
    orient = 1.0 if _signed_area(clip) > 0 else -1.0
    pts, tags = list(subject), [""] * len(subject)
    n = len(clip)
    for k in range(n):
        (x0, y0), (x1, y1) = clip[k], clip[(k + 1) % n]
        # inside = left of the edge for counter-clockwise (in y-down px: positive area) polygons
        a, b = (y1 - y0) * orient, -(x1 - x0) * orient
        c = a * x0 + b * y0
        pts, tags = clip_halfplane(pts, tags, a, b, c, "")
        if len(pts) < 3:
            return []
    return pts


def build_cells(
    sites: dict[str, Point], frame: tuple[float, float, float, float], radius: float, sides: int = 40
) -> dict[str, Cell]:
    """Radius-limited Voronoi cells of `sites` inside `frame` (left, top, width, height)."""
    fx, fy, fw, fh = frame
    bucket = radius * 2
    grid: dict[tuple[int, int], list[str]] = {}
    for cid, (x, y) in sites.items():
        grid.setdefault((int(x // bucket), int(y // bucket)), []).append(cid)
    cells: dict[str, Cell] = {}
    for cid, (x, y) in sites.items():
        pts = [
            (x + radius * math.cos(2 * math.pi * i / sides), y + radius * math.sin(2 * math.pi * i / sides))
            for i in range(sides)
        ]
        tags = [OUTSIDE] * sides
        for a, b, c in ((-1, 0, -fx), (1, 0, fx + fw), (0, -1, -fy), (0, 1, fy + fh)):
            pts, tags = clip_halfplane(pts, tags, a, b, c, FRAME)
        gx, gy = int(x // bucket), int(y // bucket)
        near = []
        for i in (-1, 0, 1):
            for j in (-1, 0, 1):
                for other in grid.get((gx + i, gy + j), ()):
                    if other != cid:
                        ox, oy = sites[other]
                        d2 = (ox - x) ** 2 + (oy - y) ** 2
                        if d2 < 4 * radius * radius:
                            near.append((d2, other))
        for _d2, other in sorted(near):
            ox, oy = sites[other]
            if (ox, oy) == (x, y):
                continue
            a, b = ox - x, oy - y
            c = a * (x + ox) / 2 + b * (y + oy) / 2
            pts, tags = clip_halfplane(pts, tags, a, b, c, other)
            if len(pts) < 3:
                break
        if len(pts) >= 3:
            cells[cid] = Cell(cid, (x, y), pts, tags)
    return cells
