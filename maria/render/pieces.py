"""Pieces drawn on top of the map layer: generals (discs in their power's colour with the rank),
stacks (two overlapping discs), supply trains (a small wagon with 'T'), hussars, and victory and
elector markers; `draw_setup` puts the set-up position of board.setup on a surface."""

from __future__ import annotations

import pygame

from maria.games.maria.board.model import Board
from maria.render import fonts, palette as pal, symbols
from maria.render.furniture import elector_box_rects
from maria.render.geometry import rect_to_px

SS = 4
GENERAL_RADIUS = 15
_cache: dict[tuple, pygame.Surface] = {}


def _shadowed(key: tuple, size: tuple[int, int], draw) -> pygame.Surface:
    """A supersampled piece image with a soft drop shadow (cached)."""
    surf = _cache.get(key)
    if surf is None:
        w, h = size
        big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        draw(big, SS)
        shadow = big.copy()
        shadow.fill((40, 25, 10, 110), special_flags=pygame.BLEND_RGBA_MULT)
        shadow.fill((40, 25, 10, 0), special_flags=pygame.BLEND_RGB_MIN)
        out = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        out.blit(shadow, (2 * SS, 3 * SS))
        out.blit(big, (0, 0))
        surf = pygame.transform.smoothscale(out, (w, h))
        _cache[key] = surf
    return surf


def general_image(power: str, rank: int, r: int = GENERAL_RADIUS) -> pygame.Surface:
    size = 2 * r + 6
    colour = pal.POWER_COLOURS.get(power, (200, 200, 200))
    ink = pal.POWER_INK.get(power, pal.INK)

    def draw(big: pygame.Surface, k: int) -> None:
        c = (r + 1) * k
        pygame.draw.circle(big, pal.INK, (c, c), r * k)
        pygame.draw.circle(big, colour, (c, c), (r - 1.6) * k)
        # Austria's white needs a dark inner ring to stand out on the pale Bohemia map
        inner = pal.INK if power == "austria" else pal.mix(colour, ink, 0.45)
        pygame.draw.circle(big, inner, (c, c), (r - 3.5) * k, max(1, int((1.3 if power == "austria" else 0.8) * k)))

    surf = _shadowed(("general", power, r, colour), (size, size), draw).copy()
    num = fonts.text(str(rank), round(r * 1.0), ink, "sans_bold")
    surf.blit(num, num.get_rect(center=(r + 1, round(r * 0.86))))
    # the power's letter under the rank: a cue that does not depend on colour
    letter = fonts.text(pal.POWER_LETTERS.get(power, "?"), max(7, round(r * 0.5)), ink, "sans_bold")
    surf.blit(letter, letter.get_rect(center=(r + 1, round(r * 1.55))))
    return surf


def clear_cache() -> None:
    """Forget the drawn pieces (after a change of palette)."""
    _cache.clear()


def draw_general(
    surf: pygame.Surface, centre: tuple[float, float], power: str, rank: int, r: int = GENERAL_RADIUS
) -> pygame.Rect:
    img = _cached_general(power, rank, r)
    rect = img.get_rect(topleft=(round(centre[0]) - r - 1, round(centre[1]) - r - 1))
    surf.blit(img, rect)
    return rect


def _cached_general(power: str, rank: int, r: int) -> pygame.Surface:
    key = ("g", power, rank, r, pal.POWER_COLOURS.get(power))
    img = _cache.get(key)
    if img is None:
        img = general_image(power, rank, r)
        _cache[key] = img
    return img


def draw_stack(
    surf: pygame.Surface, centre: tuple[float, float], generals: list[tuple[str, int]], r: int = GENERAL_RADIUS
) -> pygame.Rect:
    """Two (or more) generals on one city: overlapping discs, the senior in front."""
    ordered = sorted(generals, key=lambda g: g[1])
    n = len(ordered)
    rect = pygame.Rect(round(centre[0]), round(centre[1]), 0, 0)
    for i, (power, rank) in enumerate(reversed(ordered)):
        k = n - 1 - i  # 0 = front
        off = (k * 0.75 * r, -k * 0.6 * r)
        rect.union_ip(draw_general(surf, (centre[0] - 0.2 * r + off[0], centre[1] + 0.2 * r + off[1]), power, rank, r))
    return rect


def train_image(power: str, size: int = 20) -> pygame.Surface:
    colour = pal.POWER_COLOURS.get(power, (200, 200, 200))
    ink = pal.POWER_INK.get(power, pal.INK)
    w, h = size + 6, size + 6

    def draw(big: pygame.Surface, k: int) -> None:
        body = pygame.Rect(1 * k, 1 * k, size * k, (size - 5) * k)
        pygame.draw.rect(big, pal.INK, body, border_radius=3 * k)
        pygame.draw.rect(big, colour, body.inflate(-3 * k, -3 * k), border_radius=2 * k)
        for x in (body.left + size * 0.27 * k, body.right - size * 0.27 * k):
            pygame.draw.circle(big, pal.INK, (x, body.bottom + 1 * k), 3.2 * k)
            pygame.draw.circle(big, pal.mix(colour, (255, 255, 255), 0.3), (x, body.bottom + 1 * k), 1.6 * k)

    img = _shadowed(("train", power, size), (w, h), draw).copy()
    t = fonts.text("T", round(size * 0.62), ink, "sans_bold")
    img.blit(t, t.get_rect(center=(1 + size // 2, 1 + (size - 5) // 2)))
    return img


def draw_train(surf: pygame.Surface, centre: tuple[float, float], power: str, size: int = 20) -> pygame.Rect:
    key = ("t", power, size)
    img = _cache.get(key)
    if img is None:
        img = _cache[key] = train_image(power, size)
    rect = img.get_rect(topleft=(round(centre[0] - 1 - size / 2), round(centre[1] - 1 - (size - 5) / 2)))
    surf.blit(img, rect)
    return rect


def draw_hussar(surf: pygame.Surface, centre: tuple[float, float], size: int = 18) -> pygame.Rect:
    """An Austrian hussar marker: a white pennant-shaped diamond with 'H'."""
    key = ("h", size)
    img = _cache.get(key)
    if img is None:

        def draw(big: pygame.Surface, k: int) -> None:
            c = (size / 2 + 1) * k
            pts = [(c, 1 * k), (c + size / 2 * k, c), (c, (size + 1) * k), (c - size / 2 * k, c)]
            pygame.draw.polygon(big, pal.INK, pts)
            inner = [(c, 3.2 * k), (c + (size / 2 - 2.2) * k, c), (c, (size - 1.2) * k), (c - (size / 2 - 2.2) * k, c)]
            pygame.draw.polygon(big, pal.POWER_COLOURS["austria"], inner)

        img = _shadowed(("hussar", size), (size + 6, size + 6), draw).copy()
        t = fonts.text("H", round(size * 0.5), pal.INK, "sans_bold")
        img.blit(t, t.get_rect(center=(size // 2 + 1, size // 2 + 1)))
        _cache[key] = img
    rect = img.get_rect(topleft=(round(centre[0] - size / 2 - 1), round(centre[1] - size / 2 - 1)))
    surf.blit(img, rect)
    return rect


def draw_marker(
    surf: pygame.Surface, centre: tuple[float, float], power: str, kind: str = "victory", size: int = 14
) -> pygame.Rect:
    """A victory marker (octagon with a dot) or an elector marker (square with a crown)."""
    key = ("m", power, kind, size)
    img = _cache.get(key)
    if img is None:
        colour = pal.POWER_COLOURS.get(power, (200, 200, 200))
        ink = pal.POWER_INK.get(power, pal.INK)

        def draw(big: pygame.Surface, k: int) -> None:
            c = (size / 2 + 1) * k
            if kind == "victory":
                pts = symbols._star(c, c, size / 2 * k, size / 2 * 0.924 * k, 8, rot=0.3927)
                pygame.draw.polygon(big, pal.INK, pts)
                pts = symbols._star(c, c, (size / 2 - 1.5) * k, (size / 2 - 1.5) * 0.924 * k, 8, rot=0.3927)
                pygame.draw.polygon(big, colour, pts)
                pygame.draw.circle(big, ink, (c, c), size * 0.16 * k)
            else:
                r = pygame.Rect(1 * k, 1 * k, size * k, size * k)
                pygame.draw.rect(big, pal.INK, r, border_radius=2 * k)
                pygame.draw.rect(big, colour, r.inflate(-3 * k, -3 * k), border_radius=2 * k)
                w = size * 0.3 * k
                y0, y1 = c + size * 0.2 * k, c - size * 0.22 * k
                crown = [
                    (c - w, y0),
                    (c - w, y1),
                    (c - w / 2, c),
                    (c, y1 - 1 * k),
                    (c + w / 2, c),
                    (c + w, y1),
                    (c + w, y0),
                ]
                pygame.draw.polygon(big, pal.ELECTOR_GOLD if power != "bavaria" else pal.INK, crown)

        img = _cache[key] = _shadowed(("mk", power, kind, size), (size + 6, size + 6), draw)
    rect = img.get_rect(topleft=(round(centre[0] - size / 2 - 1), round(centre[1] - size / 2 - 1)))
    surf.blit(img, rect)
    return rect


# --- the set-up position ------------------------------------------------------------------------------


def _box_slots(rect: pygame.Rect, n: int, step: int) -> list[tuple[float, float]]:
    """Centres for `n` pieces in a row (wrapping) in the lower part of a box."""
    per_row = max(1, (rect.w - 8) // step)
    rows = (n + per_row - 1) // per_row
    out = []
    for i in range(n):
        row, col = divmod(i, per_row)
        in_row = min(per_row, n - row * per_row)
        x = rect.centerx + (col - (in_row - 1) / 2) * step
        y = rect.bottom - 6 - step / 2 - (rows - 1 - row) * step
        out.append((x, y))
    return out


def draw_setup(surf: pygame.Surface, board: Board) -> None:
    grid = board.grid
    generals = board.generals
    at_city: dict[str, list[tuple[str, int]]] = {}
    in_box: dict[str, list[tuple[str, str, int]]] = {}
    for gid, place in board.setup.generals.items():
        g = generals.get(gid)
        if g is None:
            continue
        if place.startswith("box:"):
            in_box.setdefault(place[4:], []).append(("general", g.power, g.rank))
        else:
            at_city.setdefault(place, []).append((g.power, g.rank))
    trains_at: dict[str, list[str]] = {}
    for power, places in board.setup.trains.items():
        for place in places:
            if place.startswith("box:"):
                in_box.setdefault(place[4:], []).append(("train", power, 0))
            else:
                trains_at.setdefault(place, []).append(power)

    # markers first, pieces over them
    for power, cities in board.setup.victory_markers.items():
        for cid in cities:
            c = board.cities[cid]
            x, y = grid.to_px(c.pos)
            r = symbols.symbol_radius(c.fortress, c.elector)
            draw_marker(surf, (x + r + 1, y - r - 1), power, "victory")
    college = elector_box_rects(board)
    for power, cities in board.setup.elector_markers.items():
        for cid in cities:
            c = board.cities[cid]
            x, y = grid.to_px(c.pos)
            r = symbols.symbol_radius(c.fortress, c.elector)
            draw_marker(surf, (x - r - 1, y - r - 1), power, "elector")
            if cid in college:
                br = college[cid]
                draw_marker(surf, (br.right - 10, br.top + 10), power, "elector")

    for cid, gens in at_city.items():
        centre = grid.to_px(board.cities[cid].pos)
        if len(gens) == 1:
            draw_general(surf, centre, *gens[0])
        else:
            draw_stack(surf, centre, gens)
    for cid, powers in trains_at.items():
        x, y = grid.to_px(board.cities[cid].pos)
        for i, power in enumerate(powers):
            dx = 0 if cid not in at_city else GENERAL_RADIUS + 8
            draw_train(surf, (x + dx + i * 24, y), power)
    for box_id, pieces in in_box.items():
        box = board.boxes.get(box_id)
        if box is None:
            continue
        r = pygame.Rect(rect_to_px(grid, box.rect))
        for (kind, power, rank), c in zip(pieces, _box_slots(r, len(pieces), 2 * GENERAL_RADIUS + 6)):
            if kind == "general":
                draw_general(surf, c, power, rank)
            else:
                draw_train(surf, c, power)
    # hussars start off the board (they are placed by card play): the UI draws them with draw_hussar
