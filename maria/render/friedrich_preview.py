"""`render_friedrich(board, out, width)`: the FRIEDRICH map drawn procedurally, as a PNG (headless).

Drawn in the MARIA board's style with its helpers (palette inks, Voronoi land cells, suit
symbols, halo labels, the label placer): land tinted by country (the provinces of 2005 rules
section 2), ordinary and main roads, each city with its sector suit, objectives ringed in the
colour of the nation that conquers them (1st order solid, 2nd order dashed), depots marked, and the
set-up generals (rank numbers) and supply trains.  A preview of the data, not the printed board.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

from maria.games.friedrich.board import NATIONS, FBoard

SCALE = 2.4  # px per map unit (the map is 1000 units wide)
PAD = 40  # px around the map
LEGEND_H = 120
CELL_RADIUS = 25.0  # map units: how far a city's land reaches where no other city is nearer

NATION_COLOURS = {  # 2005 rules section 1 and the player aid; Russia dark, Sweden light green
    "prussia": (34, 62, 140),
    "hanover": (96, 160, 222),
    "russia": (24, 112, 58),
    "sweden": (156, 196, 60),
    "austria": (246, 244, 236),
    "imperial_army": (230, 190, 30),
    "france": (196, 38, 36),
}
OBJECTIVE_COLOURS = dict(NATION_COLOURS, austria=(128, 128, 128))  # Austria's objectives are grey
NATION_INK = {
    "prussia": (250, 248, 240),
    "hanover": (20, 20, 30),
    "russia": (250, 248, 240),
    "sweden": (20, 20, 30),
    "austria": (30, 26, 22),
    "imperial_army": (30, 26, 22),
    "france": (250, 248, 240),
}
NATION_LABELS = {
    "prussia": "Prussia",
    "hanover": "Hanover",
    "russia": "Russia",
    "sweden": "Sweden",
    "austria": "Austria",
    "imperial_army": "Imperial Army",
    "france": "France",
}
COUNTRY_TINTS = {
    "prussia": (176, 192, 226),
    "hanover": (200, 224, 244),
    "saxony": (240, 222, 150),
    "empire": (244, 234, 190),
    "austria": (252, 250, 243),
    "poland": (232, 220, 194),
    "sweden": (206, 228, 176),
}
COUNTRY_BANDS = {
    "prussia": (100, 126, 190),
    "hanover": (120, 170, 220),
    "saxony": (214, 182, 70),
    "empire": (214, 196, 130),
    "austria": (200, 194, 176),
    "poland": (200, 184, 150),
    "sweden": (140, 190, 100),
}
COUNTRY_NAMES = {
    "prussia": "PREUSSEN",
    "hanover": "HANNOVER",
    "saxony": "SACHSEN",
    "empire": "REICH",
    "austria": "ÖSTERREICH",
    "poland": "POLEN",
    "sweden": "SCHWEDEN",
}


last_skipped = 0  # city names left out by the last drawing (no free place)


def render_surface(board: FBoard, scale: float = SCALE, pieces: bool = True, legend: bool = True):
    """The whole preview as a new Surface, `scale` px per map unit; without `pieces` (the set-up
    generals and trains) and `legend` it is the in-game map's background (maria.ui.friedrich_map)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from maria.render import fonts, palette as pal
    from maria.render.cells import build_cells
    from maria.render.labels import Placer

    if not pygame.font.get_init():
        pygame.font.init()
    map_h = max(c.y for c in board.cities.values())
    W = round(1000 * scale + 2 * PAD)
    legend_h = LEGEND_H if legend else 0
    H = round(map_h * scale + 2 * PAD + legend_h)
    surf = pygame.Surface((W, H))
    surf.fill(pal.PARCHMENT)
    frame = (PAD / 2, PAD / 2, W - PAD, H - PAD - legend_h)

    # land: each city's Voronoi cell tinted by its country, a band where countries meet
    sites = {cid: (PAD + c.x * scale, PAD + c.y * scale) for cid, c in board.cities.items()}
    cells = build_cells(sites, frame, CELL_RADIUS * scale)
    for cid, cell in cells.items():
        pygame.draw.polygon(surf, COUNTRY_TINTS.get(board.cities[cid].country, pal.PARCHMENT), cell.points)
    for cid, cell in cells.items():
        mine = board.cities[cid].country
        for a, b, tag in cell.edges():
            other = board.cities.get(tag)
            if other is None and tag.startswith("~"):
                pygame.draw.line(surf, pal.PARCHMENT_DARK, a, b, 2)
            elif other is not None and other.country != mine:
                pygame.draw.line(surf, COUNTRY_BANDS.get(mine, pal.BORDER_INK), a, b, 5)
    for cid, cell in cells.items():
        mine = board.cities[cid].country
        for a, b, tag in cell.edges():
            other = board.cities.get(tag)
            if other is not None and other.country != mine:
                pygame.draw.line(surf, pal.BORDER_INK, a, b, 1)
    pygame.draw.rect(surf, pal.FRAME, pygame.Rect(*map(round, frame)), 3)

    placer = Placer(pygame.Rect(0, 0, W, H - legend_h))
    # country names at the centre of each country's cities (large, faint)
    for country, name in COUNTRY_NAMES.items():
        pts = [sites[c] for c, city in board.cities.items() if city.country == country]
        if not pts:
            continue
        img = fonts.spaced_text(name, 30, pal.TERRITORY_NAME_INK, "serif_bold")
        img.set_alpha(120)
        cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        surf.blit(img, img.get_rect(center=(cx, cy)))

    # roads: ordinary thin, main roads thick with a casing
    edges = {frozenset((a, b)): m for a, nbs in board.roads.items() for b, m in nbs.items()}
    for e, main in edges.items():
        a, b = (sites[c] for c in e)
        placer.add_segment(a, b)
        if not main:
            pygame.draw.line(surf, pal.ROAD, a, b)
    for e, main in edges.items():
        if main:
            a, b = (sites[c] for c in e)
            _thick(surf, pal.MAIN_ROAD_CASING, a, b, 6)
    for e, main in edges.items():
        if main:
            a, b = (sites[c] for c in e)
            _thick(surf, pal.MAIN_ROAD_FILL, a, b, 3)

    # cities: a disc in the country's colour with the sector suit; objectives ringed, depots boxed
    for cid, c in board.cities.items():
        x, y = sites[cid]
        o = board.objectives.get(cid)
        if o is not None:
            col = OBJECTIVE_COLOURS[o.nation]
            if o.order == 1:
                pygame.draw.circle(surf, pal.CITY_OUTLINE, (x, y), 14)
                pygame.draw.circle(surf, col, (x, y), 13)
            else:
                for k in range(12):
                    a0 = 2 * math.pi * k / 12
                    pygame.draw.arc(surf, col, pygame.Rect(x - 13, y - 13, 26, 26), a0, a0 + math.pi / 9, 5)
        depot_of = next((n for n, cs in board.depots.items() if cid in cs), None)
        if depot_of is not None:
            r = pygame.Rect(0, 0, 26, 26)
            r.center = (round(x), round(y))
            pygame.draw.rect(surf, pal.CITY_OUTLINE, r.inflate(4, 4), border_radius=3)
            pygame.draw.rect(surf, NATION_COLOURS[depot_of], r, border_radius=3)
        pygame.draw.circle(surf, pal.CITY_OUTLINE, (x, y), 8)
        pygame.draw.circle(surf, pal.CITY_FILL, (x, y), 7)
        sym = _suit(c.suit)
        surf.blit(sym, sym.get_rect(center=(x, y)))
        placer.block(pygame.Rect(x - 9, y - 9, 18, 18))

    # set-up pieces: generals (rank number, stacked side by side) and trains ("T")
    stacks: dict[str, list] = {}
    for g in sorted(board.generals.values() if pieces else (), key=lambda g: (g.nation, g.rank)):
        stacks.setdefault(g.city, []).append(g)
    for city, gens in stacks.items():
        x, y = sites[city]
        for k, g in enumerate(gens):
            cx, cy = x + 13 + 15 * k, y - 14
            pygame.draw.circle(surf, (20, 16, 12), (cx + 1, cy + 2), 11)
            pygame.draw.circle(surf, NATION_COLOURS[g.nation], (cx, cy), 10)
            pygame.draw.circle(surf, pal.CITY_OUTLINE, (cx, cy), 10, 1)
            t = fonts.text(str(g.rank), 15, NATION_INK[g.nation], "serif_bold")
            surf.blit(t, t.get_rect(center=(cx, cy)))
            placer.block(pygame.Rect(cx - 11, cy - 11, 22, 22))
        name = " + ".join(g.name for g in gens)
        img = fonts.halo_text(name, 14, pal.INK, "serif_bold")
        r = img.get_rect(midleft=(x + 4, y - 33))
        surf.blit(img, r)
        placer.block(r)
    for t in board.trains.values() if pieces else ():
        x, y = sites[t.city]
        r = pygame.Rect(0, 0, 18, 14)
        r.center = (round(x - 16), round(y - 13))
        pygame.draw.rect(surf, pal.CITY_OUTLINE, r.inflate(2, 2))
        pygame.draw.rect(surf, NATION_COLOURS[t.nation], r)
        img = fonts.text("T", 12, NATION_INK[t.nation], "serif_bold")
        surf.blit(img, img.get_rect(center=r.center))
        placer.block(r.inflate(2, 2))

    # names: important cities first, each at the first free spot around it
    def weight(cid: str) -> tuple:
        o = board.objectives.get(cid)
        return (
            0
            if any(cid in cs for cs in board.depots.values())
            else 1
            if o and o.order == 1
            else 2
            if o
            else 3
            if cid in stacks
            else 4,
            cid,
        )

    skipped = 0
    for cid in sorted(board.cities, key=weight):
        x, y = sites[cid]
        important = weight(cid)[0] < 3
        small = 12 if scale >= 2.2 else 11
        img = fonts.halo_text(
            board.cities[cid].name,
            15 if important else small,
            pal.INK,
            "serif_bold" if important else "serif",
            radius=2 if important else 1,
        )
        w, h = img.get_size()
        offsets = [
            (10, -h / 2),
            (-w - 10, -h / 2),
            (-w / 2, 8),
            (-w / 2, -h - 8),
            (10, 1),
            (-w - 10, 1),
            (10, -h + 1),
            (-w - 10, -h + 1),
            (-w / 2 + 12, 8),
            (-w / 2 - 12, 8),
            (-w / 2 + 12, -h - 8),
            (-w / 2 - 12, -h - 8),
            (16, -h / 2),
            (-w - 16, -h / 2),
        ]
        cands = [pygame.Rect(round(x + dx), round(y + dy), w, h) for dx, dy in offsets]
        r, status = placer.place(cands, road_weight=30)
        if status == "overlap" and not important:
            skipped += 1
            continue
        surf.blit(img, r)
    global last_skipped
    last_skipped = skipped

    if legend:
        _legend(surf, pygame.Rect(PAD / 2, H - LEGEND_H, W - PAD, LEGEND_H - 10), board)
    return surf


def _suit(suit: str):
    from maria.render import symbols

    return symbols.suit_symbol(suit, 10)


def _thick(surf, colour, p, q, width: float) -> None:
    import pygame

    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy) or 1.0
    ox, oy = -dy / n * width / 2, dx / n * width / 2
    pygame.draw.polygon(
        surf, colour, [(p[0] + ox, p[1] + oy), (q[0] + ox, q[1] + oy), (q[0] - ox, q[1] - oy), (p[0] - ox, p[1] - oy)]
    )
    pygame.draw.circle(surf, colour, p, width / 2)
    pygame.draw.circle(surf, colour, q, width / 2)


def _legend(surf, r, board: FBoard) -> None:
    import pygame

    from maria.render import fonts, palette as pal

    pygame.draw.rect(surf, pal.BOX_FILL, r, border_radius=6)
    pygame.draw.rect(surf, pal.FRAME, r, 2, border_radius=6)
    title = fonts.text(
        "FRIEDRICH — the board data (cities from real geography; not the printed map)", 20, pal.INK, "serif_bold"
    )
    surf.blit(title, (r.x + 14, r.y + 8))
    x, y = r.x + 14, r.y + 42
    for n in NATIONS:
        pygame.draw.circle(surf, NATION_COLOURS[n], (x + 10, y + 10), 10)
        pygame.draw.circle(surf, pal.CITY_OUTLINE, (x + 10, y + 10), 10, 1)
        t = fonts.text(NATION_LABELS[n], 16, pal.INK)
        surf.blit(t, (x + 26, y + 1))
        x += 44 + t.get_width()
    x, y = r.x + 14, r.y + 78
    items = [
        ("objective, 1st order (ring: conquering nation; Austria grey)", "obj1"),
        ("2nd order", "obj2"),
        ("depot", "depot"),
        ("general (rank)", "gen"),
        ("supply train", "train"),
        ("main road", "main"),
    ]
    for label, kind in items:
        cx, cy = x + 14, y + 10
        if kind == "obj1":
            pygame.draw.circle(surf, pal.CITY_OUTLINE, (cx, cy), 12)
            pygame.draw.circle(surf, NATION_COLOURS["russia"], (cx, cy), 11)
            pygame.draw.circle(surf, pal.CITY_FILL, (cx, cy), 6)
        elif kind == "obj2":
            for k in range(12):
                a0 = 2 * math.pi * k / 12
                pygame.draw.arc(
                    surf, NATION_COLOURS["sweden"], pygame.Rect(cx - 11, cy - 11, 22, 22), a0, a0 + math.pi / 9, 4
                )
            pygame.draw.circle(surf, pal.CITY_FILL, (cx, cy), 6)
        elif kind == "depot":
            pygame.draw.rect(surf, NATION_COLOURS["prussia"], pygame.Rect(cx - 11, cy - 11, 22, 22), border_radius=3)
            pygame.draw.circle(surf, pal.CITY_FILL, (cx, cy), 6)
        elif kind == "gen":
            pygame.draw.circle(surf, NATION_COLOURS["france"], (cx, cy), 10)
            t = fonts.text("1", 14, (250, 248, 240), "serif_bold")
            surf.blit(t, t.get_rect(center=(cx, cy)))
        elif kind == "train":
            box = pygame.Rect(0, 0, 18, 14)
            box.center = (cx, cy)
            pygame.draw.rect(surf, NATION_COLOURS["austria"], box)
            pygame.draw.rect(surf, pal.CITY_OUTLINE, box, 1)
            t = fonts.text("T", 12, (30, 26, 22), "serif_bold")
            surf.blit(t, t.get_rect(center=box.center))
        else:
            _thick(surf, pal.MAIN_ROAD_CASING, (cx - 14, cy), (cx + 14, cy), 6)
            _thick(surf, pal.MAIN_ROAD_FILL, (cx - 14, cy), (cx + 14, cy), 3)
        t = fonts.text(label, 15, pal.INK)
        surf.blit(t, (x + 32, y + 2))
        x += 52 + t.get_width()
    credit = fonts.text(
        "Suit of each city's sector inside its disc.  Town positions: GeoNames, CC BY 4.0.", 14, pal.INK_SOFT
    )
    surf.blit(credit, (r.right - credit.get_width() - 14, r.y + 14))


def render_friedrich(board: FBoard, out: Path, width: int = 0) -> Path:
    """Draw the FRIEDRICH board with its set-up and save it as PNG; `width` > 0 draws the map at
    that width (drawn, not scaled: a scaled image's soft edges make the PNG twice as large)."""
    import pygame

    surf = render_surface(board, (width - 2 * PAD) / 1000 if width > 400 else SCALE)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(out))
    return out


render_preview = render_friedrich  # the render room's common entry (maria.games: the Game's "render" room)
