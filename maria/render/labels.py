"""Label placement: try candidate positions around a point, keep the first that is free.

Obstacles are rectangles kept in a coarse spatial hash; roads are segments whose crossings
count as a soft penalty (a label may cross a road, but a free spot is preferred).
"""

from __future__ import annotations

import pygame

Seg = tuple[float, float, float, float]


class Placer:
    def __init__(self, bounds: pygame.Rect, bucket: int = 96):
        self.bounds = bounds
        self.bucket = bucket
        self.rects: dict[tuple[int, int], list[pygame.Rect]] = {}
        self.segs: dict[tuple[int, int], list[Seg]] = {}

    def _keys(self, r: pygame.Rect):
        b = self.bucket
        for i in range(r.left // b, r.right // b + 1):
            for j in range(r.top // b, r.bottom // b + 1):
                yield i, j

    def block(self, r: pygame.Rect) -> None:
        r = pygame.Rect(r)
        for k in self._keys(r):
            self.rects.setdefault(k, []).append(r)

    def add_segment(self, a: tuple[float, float], b: tuple[float, float]) -> None:
        seg = (a[0], a[1], b[0], b[1])
        r = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]) + 1, abs(a[1] - b[1]) + 1)
        for k in self._keys(r):
            self.segs.setdefault(k, []).append(seg)

    def overlap(self, r: pygame.Rect) -> int:
        """Area of `r` covered by obstacles (counted per obstacle) plus what lies off the bounds."""
        seen: set[int] = set()
        area = 0
        for k in self._keys(r):
            for o in self.rects.get(k, ()):
                if id(o) in seen:
                    continue
                seen.add(id(o))
                c = r.clip(o)
                area += c.w * c.h
        inside = r.clip(self.bounds)
        area += (r.w * r.h - inside.w * inside.h) * 4
        return area

    def crossings(self, r: pygame.Rect) -> int:
        seen: set[Seg] = set()
        n = 0
        for k in self._keys(r):
            for s in self.segs.get(k, ()):
                if s in seen:
                    continue
                seen.add(s)
                if r.clipline(s[0], s[1], s[2], s[3]):
                    n += 1
        return n

    def place(self, candidates: list[pygame.Rect], road_weight: int = 60) -> tuple[pygame.Rect, str]:
        """The first candidate free of obstacles and roads, else the least bad; it is blocked.
        Returns the rect and 'free', 'road' (crosses a road only) or 'overlap'."""
        best, best_score, status = None, None, "overlap"
        for order, r in enumerate(candidates):
            hard = self.overlap(r)
            soft = self.crossings(r)
            if hard == 0 and soft == 0:
                best, status = r, "free"
                break
            score = (hard > 0, hard + soft * road_weight + order * 8)
            if best_score is None or score < best_score:
                best, best_score = r, score
                status = "road" if hard == 0 else "overlap"
        assert best is not None
        self.block(best)
        return best, status
