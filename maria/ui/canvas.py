"""The logical canvas (1920×1080) scaled to the window, letter-boxed, and the mouse mapping."""

from __future__ import annotations

from dataclasses import dataclass

LOGICAL = (1920, 1080)


@dataclass
class CanvasMap:
    """Maps between window pixels and logical canvas pixels (uniform scale, centred)."""

    window: tuple[int, int]
    logical: tuple[int, int] = LOGICAL

    @property
    def scale(self) -> float:
        return min(self.window[0] / self.logical[0], self.window[1] / self.logical[1])

    @property
    def offset(self) -> tuple[int, int]:
        s = self.scale
        return (round((self.window[0] - self.logical[0] * s) / 2), round((self.window[1] - self.logical[1] * s) / 2))

    @property
    def dest_size(self) -> tuple[int, int]:
        s = self.scale
        return max(1, round(self.logical[0] * s)), max(1, round(self.logical[1] * s))

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        s = self.scale
        ox, oy = self.offset
        return int((pos[0] - ox) / s), int((pos[1] - oy) / s)

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        s = self.scale
        ox, oy = self.offset
        return round(pos[0] * s + ox), round(pos[1] * s + oy)

    def rel_to_logical(self, rel: tuple[float, float]) -> tuple[int, int]:
        s = self.scale
        return round(rel[0] / s), round(rel[1] / s)

    def inside(self, pos: tuple[float, float]) -> bool:
        x, y = self.to_logical(pos)
        return 0 <= x < self.logical[0] and 0 <= y < self.logical[1]
