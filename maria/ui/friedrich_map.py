"""The FRIEDRICH map on the board screen: the preview's procedural drawing
(maria.render.friedrich_preview, without its set-up pieces and legend) as the background, with the
pieces of the current view on top: generals (nation colour, rank, army count when the view shows
it, a stack side by side), supply trains, highlighted cities (the destinations the door's legal
actions give), pan (right or middle drag, arrow keys) and zoom (wheel, +/-), fit to its rectangle."""

from __future__ import annotations

import math

import pygame

from maria.render import fonts, palette as pal
from maria.render.friedrich_preview import NATION_COLOURS, NATION_INK, PAD, render_surface

_BASE: dict = {}  # (board id, scale) -> Surface: drawn once per process (about a second)
ZOOMS = (1.0, 1.5, 2.0)


def base_surface(board, scale: float) -> pygame.Surface:
    key = (id(board), round(scale, 3))
    if key not in _BASE:
        _BASE[key] = (
            render_surface(board, scale, pieces=False, legend=False).convert()
            if pygame.display.get_surface() is not None
            else render_surface(board, scale, pieces=False, legend=False)
        )
    return _BASE[key]


def fit_scale(board, rect: pygame.Rect) -> float:
    """The scale (px per map unit) at which the whole map, its PAD px frame included, fits `rect`."""
    map_h = max(c.y for c in board.cities.values())
    return min((rect.w - 2 * PAD) / 1000, (rect.h - 2 * PAD) / map_h)


class FMap:
    """Map geometry and drawing inside `rect` (canvas px)."""

    def __init__(self, board, rect: pygame.Rect):
        self.board, self.rect = board, pygame.Rect(rect)
        self.fit = fit_scale(board, self.rect)
        self.zoom_i = 0
        self.offset = [0.0, 0.0]  # top-left of the view inside the zoomed map (px)
        self._centre()

    def fit_view(self) -> None:
        """The whole map, as large as the area allows (the zoom of "Fit")."""
        self.zoom_i = 0
        self._centre()

    @property
    def scale(self) -> float:
        return self.fit * ZOOMS[self.zoom_i]

    def surface(self) -> pygame.Surface:
        return base_surface(self.board, self.scale)

    def _centre(self) -> None:
        w, h = self.surface().get_size()
        self.offset = [(w - self.rect.w) / 2, (h - self.rect.h) / 2]
        self._clamp()

    def _clamp(self) -> None:
        w, h = self.surface().get_size()
        for i, (size, view) in enumerate(((w, self.rect.w), (h, self.rect.h))):
            if size <= view:
                self.offset[i] = (size - view) / 2
            else:
                self.offset[i] = max(0.0, min(size - view, self.offset[i]))

    def pan(self, dx: float, dy: float) -> None:
        self.offset[0] -= dx
        self.offset[1] -= dy
        self._clamp()

    def zoom(self, d: int, at: tuple[int, int] | None = None) -> bool:
        i = max(0, min(len(ZOOMS) - 1, self.zoom_i + d))
        if i == self.zoom_i:
            return False
        at = at or self.rect.center
        mx = (at[0] - self.rect.x + self.offset[0]) / self.scale
        my = (at[1] - self.rect.y + self.offset[1]) / self.scale
        self.zoom_i = i
        self.offset = [mx * self.scale - (at[0] - self.rect.x), my * self.scale - (at[1] - self.rect.y)]
        self._clamp()
        return True

    # --- geometry -----------------------------------------------------------------------------
    def to_screen(self, city: str) -> tuple[int, int]:
        c = self.board.cities[city]
        return (
            round(self.rect.x + PAD + c.x * self.scale - self.offset[0]),
            round(self.rect.y + PAD + c.y * self.scale - self.offset[1]),
        )

    def visible(self, city: str) -> bool:
        return self.rect.collidepoint(self.to_screen(city))

    def city_at(self, pos, radius: float = 14) -> str | None:
        if not self.rect.collidepoint(pos):
            return None
        best, bd = None, radius * max(1.0, ZOOMS[self.zoom_i] ** 0.5)
        for cid in self.board.cities:
            x, y = self.to_screen(cid)
            d = math.hypot(x - pos[0], y - pos[1])
            if d <= bd:
                best, bd = cid, d
        return best

    def discs_at(self, pos, view: dict) -> list[str]:
        """The generals whose discs are under `pos`, the one drawn on top first (a stack's discs
        side by side in rank order; a neighbouring city's stack may lie over them)."""
        out = []
        for city, gids in view["city_generals"].items():
            if not gids:
                continue
            x, y = self.to_screen(city)
            for k, g in enumerate(sorted(gids, key=lambda g: view["generals"][g]["rank"])):
                if math.hypot(x + 13 + 15 * k - pos[0], y - 14 - pos[1]) <= 8:
                    out.append(g)
        return out[::-1]

    def disc_at(self, pos, view: dict) -> str | None:
        """The general whose disc is drawn on top under `pos`."""
        found = self.discs_at(pos, view)
        return found[0] if found else None

    def train_at(self, pos, view: dict) -> str | None:
        """The supply train whose square is under `pos` (it sits left of its city, above it)."""
        for city, tid in view["city_train"].items():
            x, y = self.to_screen(city)
            if abs(x - 16 - pos[0]) <= 10 and abs(y - 13 - pos[1]) <= 8:
                return tid
        return None

    def piece_at(self, pos, view: dict) -> str | None:
        """The city of the general or train drawn under `pos` (the discs sit beside the city)."""
        for city, gids in view["city_generals"].items():
            if not gids:
                continue
            x, y = self.to_screen(city)
            for k in range(len(gids)):
                if math.hypot(x + 13 + 15 * k - pos[0], y - 14 - pos[1]) <= 11:
                    return city
        for city in view["city_train"]:
            x, y = self.to_screen(city)
            if abs(x - 16 - pos[0]) <= 10 and abs(y - 13 - pos[1]) <= 8:
                return city
        return self.city_at(pos)

    # --- drawing ------------------------------------------------------------------------------
    def draw(
        self,
        surf: pygame.Surface,
        view: dict,
        marks: dict[str, tuple],
        selected: str | None = None,
        path: list[str] | None = None,
    ) -> None:
        """The map, then `marks` {city: colour} (legal destinations…), the pieces, the selection."""
        old = surf.get_clip()
        surf.set_clip(self.rect)
        surf.fill(pal.PARCHMENT, self.rect)
        surf.blit(
            self.surface(),
            self.rect.topleft,
            pygame.Rect(round(self.offset[0]), round(self.offset[1]), self.rect.w, self.rect.h),
        )
        if path and len(path) > 1:
            pts = [self.to_screen(c) for c in path]
            pygame.draw.lines(surf, (200, 40, 30), False, pts, 4)
        for city, colour in marks.items():
            x, y = self.to_screen(city)
            pygame.draw.circle(surf, (20, 16, 12), (x, y), 15, 4)
            pygame.draw.circle(surf, colour, (x, y), 14, 3)
        for city, gids in view["city_generals"].items():
            self._stack(surf, city, [view["generals"][g] for g in gids], city == selected)
        for m in view.get("mods", []):  # §11: a Fate effect in force on a general
            g = view["generals"].get(m.get("general", ""))
            if m.get("turn") == view["turn"] and g and g.get("city"):
                x, y = self.to_screen(g["city"])
                img = fonts.halo_text("★", 18, (150, 30, 160), "sans_bold")
                surf.blit(img, img.get_rect(center=(x + 6, y - 32)))
        for city, tid in view["city_train"].items():
            self._train(surf, city, view["trains"][tid]["nation"], city == selected)
        surf.set_clip(old)

    def _stack(self, surf, city: str, gens: list[dict], selected: bool) -> None:
        if not gens:
            return
        x, y = self.to_screen(city)
        total = [g["armies"] for g in gens]
        for k, g in enumerate(sorted(gens, key=lambda g: g["rank"])):
            cx, cy = x + 13 + 15 * k, y - 14
            col = NATION_COLOURS[g["nation"]]
            pygame.draw.circle(surf, (20, 16, 12), (cx + 1, cy + 2), 11)
            pygame.draw.circle(surf, col, (cx, cy), 10)
            pygame.draw.circle(
                surf,
                (90, 90, 90) if g.get("face_down") else pal.CITY_OUTLINE,
                (cx, cy),
                10,
                3 if g.get("face_down") else 1,
            )
            t = fonts.text(str(g["rank"]), 15, NATION_INK[g["nation"]], "serif_bold")
            surf.blit(t, t.get_rect(center=(cx, cy)))
        if all(a is not None for a in total) and sum(total):  # 0 before the §6 allocation
            n = sum(total)
            img = fonts.halo_text(str(n), 13, (120, 20, 16), "sans_bold")
            surf.blit(img, img.get_rect(midleft=(x + 13 + 15 * len(gens) - 3, y - 14)))
        if selected:
            r = pygame.Rect(x + 1, y - 27, 15 * len(gens) + 10, 26)
            pygame.draw.rect(surf, (255, 214, 90), r, 3, border_radius=8)

    def _train(self, surf, city: str, nation: str, selected: bool) -> None:
        x, y = self.to_screen(city)
        r = pygame.Rect(0, 0, 18, 14)
        r.center = (x - 16, y - 13)
        pygame.draw.rect(surf, pal.CITY_OUTLINE, r.inflate(2, 2))
        pygame.draw.rect(surf, NATION_COLOURS[nation], r)
        img = fonts.text("T", 12, NATION_INK[nation], "serif_bold")
        surf.blit(img, img.get_rect(center=r.center))
        if selected:
            pygame.draw.rect(surf, (255, 214, 90), r.inflate(8, 8), 3, border_radius=4)
