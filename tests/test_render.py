"""Headless tests of the board renderer (maria.render)."""

from __future__ import annotations

import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from maria.games.maria.board.model import ArmySheet, Board, Box, City, General, Grid, Sector, Setup, Territory
from maria.paths import boards_dir
from maria.render import fonts, palette as pal
from maria.render.geometry import View, board_size, rect_to_px
from maria.render.map_layer import ScaledLayer, build_map_layer
from maria.render.preview import render_preview, render_surface

ROOT = Path(__file__).resolve().parent.parent


def synthetic_board() -> Board:
    """A small complete board: two maps, a few territories, cities of every kind, furniture."""
    grid = Grid(tuple("ABCDEFGHIJKLMN"), 12, (180, 120))
    sectors = tuple(
        Sector(
            f"{grid.columns[c]}{r + 1}:{grid.columns[c + 1]}{r + 2}",
            c,
            r,
            c + 1,
            r + 1,
            ("hearts", "diamonds", "clubs", "spades")[(c // 2 + r // 2) % 4],
        )
        for c in range(0, 14, 2)
        for r in range(0, 12, 2)
    )
    terr = {
        t.id: t
        for t in (
            Territory("france", "Frankreich", "flanders", "france"),
            Territory("netherlands", "Österr. Niederlande", "flanders", "austria"),
            Territory("bohemia", "Böhmen", "bohemia", "austria", True),
            Territory("silesia", "Schlesien", "bohemia", None),
            Territory("brandenburg", "Brandenburg", "bohemia", "prussia"),
            Territory("saxony", "Sachsen", "bohemia", "saxony"),
        )
    }
    spec = [
        ("lille", "Lille", "flanders", (1.5, 5.5), "france", "major", False),
        ("tournai", "Tournai", "flanders", (2.3, 6.2), "netherlands", "minor", False),
        ("bruessel", "Brüssel", "flanders", (3.0, 7.0), "netherlands", "major", False),
        ("koeln", "Köln", "flanders", (5.0, 7.5), "netherlands", "major", True),
        ("arras", "Arras", "flanders", (1.2, 4.6), "france", "none", False),
        ("strassburg", "Strassburg", "flanders", (5.6, 1.2), "france", "major", False),
        ("prag", "Prag", "bohemia", (10.4, 5.6), "bohemia", "major", True),
        ("kolin", "Kolin", "bohemia", (11.0, 5.4), "bohemia", "none", False),
        ("breslau", "Breslau", "bohemia", (12.5, 7.4), "silesia", "major", False),
        ("glogau", "Glogau", "bohemia", (11.8, 8.6), "silesia", "minor", False),
        ("liegnitz", "Liegnitz", "bohemia", (11.9, 7.9), "silesia", "minor", False),
        ("berlin", "Berlin", "bohemia", (10.2, 10.2), "brandenburg", "major", True),
        ("dresden", "Dresden", "bohemia", (9.6, 7.6), "saxony", "major", True),
        ("ulm", "Ulm", "bohemia", (6.5, 1.3), "bohemia", "none", False),
    ]
    cities = {cid: City(cid, name, m, pos, t, f, e) for cid, name, m, pos, t, f, e in spec}
    pairs = [
        ("lille", "tournai", True),
        ("tournai", "bruessel", True),
        ("bruessel", "koeln", False),
        ("lille", "arras", False),
        ("arras", "strassburg", False),
        ("prag", "kolin", True),
        ("kolin", "breslau", False),
        ("breslau", "liegnitz", True),
        ("liegnitz", "glogau", False),
        ("glogau", "berlin", False),
        ("prag", "dresden", True),
        ("dresden", "berlin", False),
        ("prag", "ulm", False),
        ("strassburg", "ulm", False),
    ]
    roads: dict[str, dict[str, bool]] = {c: {} for c in cities}
    for a, b, main in pairs:
        roads[a][b] = roads[b][a] = main
    boxes = {
        "ostpreussen": Box("ostpreussen", "Ostpreussen", "prussia", (12.9, 10.4, 1.0, 0.75), "berlin"),
        "england": Box("england", "England", "pragmatic_army", (0.1, 7.6, 1.0, 0.75), "bruessel"),
        "silesia": Box("silesia", "Silesia", "prussia", (0.1, 10.0, 0.8, 0.6)),
    }
    furniture = {
        "victory_display": (0.0, 9.2, 2.6, 2.8),
        "turn_track": (11.3, 11.35, 2.7, 0.65),
        "electoral_college": (2.2, 0.0, 3.6, 0.55),
        "pool_austria": (2.7, 11.35, 0.8, 0.6),
        "pool_prussia": (3.55, 11.35, 0.8, 0.6),
        "pool_france": (2.7, 10.7, 0.8, 0.6),
        "pool_pragmatic_army": (3.55, 10.7, 0.8, 0.6),
    }
    armies = {
        "prussia": ArmySheet(
            "prussia",
            22,
            2,
            ("K10", "A11"),
            (
                General("friedrich", "Friedrich", "prussia", 1, 1, "L9"),
                General("schwerin", "Schwerin", "prussia", 2, 1, "L9"),
                General("dessauer", "Der Alte Dessauer", "prussia", 4, 6, "K12"),
            ),
        ),
        "austria": ArmySheet(
            "austria", 28, 1, ("K6",), (General("neipperg", "Neipperg", "austria", 5, 1, "K6"),), hussars=2
        ),
        "france": ArmySheet("france", 26, 1, ("B4",), (General("moritz", "Moritz", "france", 1, 7, "A5"),)),
    }
    setup = Setup(
        generals={
            "friedrich": "glogau",
            "schwerin": "glogau",
            "dessauer": "box:ostpreussen",
            "neipperg": "prag",
            "moritz": "lille",
        },
        trains={"prussia": ("berlin", "box:silesia"), "austria": ("kolin",), "france": ("arras",)},
        victory_markers={"prussia": ("liegnitz", "glogau")},
        elector_markers={"france": ("koeln",)},
        exceptions={},
    )
    return Board(
        grid=grid,
        map_columns={"flanders": (0, 5), "bohemia": (6, 13)},
        sectors=sectors,
        territories=terr,
        cities=cities,
        roads=roads,
        map_links=(("strassburg", "ulm", False),),
        boxes=boxes,
        furniture=furniture,
        armies=armies,
        setup=setup,
    )


def shipped_board() -> Board:
    """The game's own board (it must load: the validator's tests say why if it does not)."""
    from maria.games.maria.board import load_board

    return load_board(boards_dir())


@pytest.fixture(scope="module")
def synth():
    pygame.font.init()
    board = synthetic_board()
    return board, build_map_layer(board)


@pytest.fixture(scope="module")
def shipped():
    board = shipped_board()
    pygame.font.init()
    return board, build_map_layer(board)


def _close(c1, c2, tol: int = 6) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c1[:3], c2[:3]))


# --- the layer --------------------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["synth", "shipped"])
def test_layer_renders_full_board(which, request):
    board, layer = request.getfixturevalue(which)
    assert layer.surface.get_size() == board_size(board.grid) == (2520, 1440)
    assert set(layer.label_rects) == set(board.cities)


@pytest.mark.slow
@pytest.mark.parametrize("which", ["synth", "shipped"])
def test_layer_builds_within_20_seconds(which, request):
    """A speed check (behind --runslow: its outcome depends on the machine's load)."""
    _board, layer = request.getfixturevalue(which)
    assert layer.build_seconds < 20


@pytest.mark.parametrize("which", ["synth", "shipped"])
def test_city_symbols_have_their_colours(which, request):
    board, layer = request.getfixturevalue(which)
    checked = 0
    for c in board.cities.values():
        x, y = board.grid.to_px(c.pos)
        colour = layer.surface.get_at((round(x), round(y)))
        if c.fortress in ("major", "minor"):
            assert _close(colour, pal.FORTRESS_FILL), (c.id, colour)
        else:
            assert _close(colour, pal.CITY_FILL), (c.id, colour)
        checked += 1
    assert checked == len(board.cities)


@pytest.mark.parametrize("which", ["synth", "shipped"])
def test_few_names_collide(which, request):
    board, layer = request.getfixturevalue(which)
    assert len(layer.unplaced) <= max(2, len(board.cities) // 20), layer.unplaced


def test_territory_tint_around_a_city(synth):
    board, layer = synth
    # a point 40 px below Prag (inside its Voronoi cell, clear of labels) shows Austria's tint or band
    x, y = board.grid.to_px(board.cities["kolin"].pos)
    col = layer.surface.get_at((round(x) + 30, round(y) + 40))
    tint, band = pal.territory_tint("austria"), pal.territory_band("austria")
    assert _close(col, tint, 20) or _close(col, band, 30), col


def test_background_stays_parchment_far_from_cities(synth):
    board, layer = synth
    col = layer.surface.get_at((1940, 1290))  # bohemia, far south-east: no city, line or tag there
    assert _close(col, pal.PARCHMENT, 40), col


def test_preview_png_scaled(tmp_path):
    board = synthetic_board()
    out = render_preview(board, tmp_path / "b.png", width=630)
    img = pygame.image.load(str(out))
    assert img.get_size() == (630, 360)


def test_setup_pieces_are_drawn(synth):
    board, layer = synth
    surf = render_surface(board)
    x, y = board.grid.to_px(board.cities["prag"].pos)
    # Neipperg (Austria, white disc) now covers Prag's fortress symbol
    assert surf.get_at((round(x), round(y) - 8))[:3] != layer.surface.get_at((round(x), round(y) - 8))[:3]
    x, y = board.grid.to_px(board.cities["lille"].pos)
    assert _close(surf.get_at((round(x) - 8, round(y) + 4)), pal.POWER_COLOURS["france"], 30)


# --- view transform -----------------------------------------------------------------------------------


@pytest.mark.parametrize("zoom", [0.3, 0.5, 1.0, 1.7, 3.0])
def test_view_round_trip(zoom):
    view = View((2520, 1440), (1280, 800))
    view.set_zoom(zoom, anchor=(300, 200))
    for p in [(0, 0), (1260.5, 720.25), (2519, 1439), (77.7, 1001.1)]:
        s = view.to_screen(p)
        b = view.to_board(s)
        assert b == pytest.approx(p, abs=1e-9)
    for s in [(0, 0), (640, 400), (1279, 799)]:
        assert view.to_screen(view.to_board(s)) == pytest.approx(s, abs=1e-9)


def test_zoom_keeps_anchor_fixed():
    view = View((2520, 1440), (1280, 800), max_zoom=4)
    view.set_zoom(1.0)
    anchor = (500.0, 300.0)
    before = view.to_board(anchor)
    view.zoom_by(1.5, anchor)
    assert view.to_board(anchor) == pytest.approx(before, abs=1e-6)


def test_fit_shows_whole_board():
    view = View((2520, 1440), (1280, 800))
    view.fit()
    x, y, w, h = view.visible_board_rect()
    assert (x, y) == pytest.approx((0, 0)) and (w, h) == pytest.approx((2520, 1440))


def test_rect_to_px_is_y_down():
    grid = Grid(tuple("ABCDEFGHIJKLMN"), 12, (180, 120))
    assert rect_to_px(grid, (0, 11, 1, 1)) == (0, 0, 180, 120)  # cell A12: top-left
    assert rect_to_px(grid, (13, 0, 1, 1)) == (2340, 1320, 180, 120)  # cell N1: bottom-right


def test_scaled_layer_rescales_only_when_the_zoom_changes(synth, monkeypatch):
    from maria.render import map_layer

    _board, layer = synth
    screen = pygame.Surface((1280, 800))
    view = View((2520, 1440), (1280, 800))
    view.set_zoom(0.8)
    scaled = ScaledLayer(layer.surface)
    calls = []
    orig = pygame.transform.smoothscale
    monkeypatch.setattr(map_layer.pygame.transform, "smoothscale", lambda *a: calls.append(a[1]) or orig(*a))
    scaled.blit(screen, view)  # first blit scales once
    for _ in range(20):
        view.pan_by(5, 3)
        scaled.blit(screen, view)
    assert len(calls) == 1
    view.set_zoom(0.6)
    scaled.blit(screen, view)
    scaled.blit(screen, view)
    assert len(calls) == 2


@pytest.mark.slow
def test_scaled_layer_blit_is_cheap(synth):
    """A speed check (behind --runslow: its outcome depends on the machine's load)."""
    import time

    _board, layer = synth
    screen = pygame.Surface((1280, 800))
    view = View((2520, 1440), (1280, 800))
    view.set_zoom(0.8)
    scaled = ScaledLayer(layer.surface)
    scaled.blit(screen, view)  # first blit scales once
    t = time.perf_counter()
    for _ in range(20):
        view.pan_by(5, 3)
        scaled.blit(screen, view)
    per_frame = (time.perf_counter() - t) / 20
    assert per_frame < 0.02


# --- text cache ------------------------------------------------------------------------------------------


def test_text_cache_returns_same_surface():
    a = fonts.text("München", 16, (0, 0, 0))
    b = fonts.text("München", 16, (0, 0, 0))
    assert a is b
    assert fonts.halo_text("Brüssel", 15, (0, 0, 0)) is fonts.halo_text("Brüssel", 15, (0, 0, 0))
    assert fonts.text("München", 17, (0, 0, 0)) is not a


def test_bundled_fonts_have_umlauts():
    for style in ("serif", "serif_bold", "sans_bold"):
        path = fonts.font_path(style)
        assert path is not None and path.is_file(), style
        f = fonts.get_font(style, 20)
        notdef = f.metrics("\uffff")[0]
        for ch in "äöüÄÖÜß":
            assert f.metrics(ch)[0] != notdef, (style, ch)
    assert (ROOT / "assets" / "fonts" / "EBGaramond-OFL.txt").is_file()


def test_no_pygame_outside_render_and_ui():
    bad = []
    for path in (ROOT / "maria").rglob("*.py"):
        rel = path.relative_to(ROOT / "maria").parts
        if rel[0] in ("render", "ui"):
            continue
        # the rules and the board never touch pygame; elsewhere (selftest, crash dialog) only a
        # lazy import inside a function is allowed, so importing the module needs no pygame
        pattern = r"^\s*(import|from)\s+pygame" if rel[0] in ("rules", "board") else r"^(import|from)\s+pygame"
        if re.search(pattern, path.read_text(encoding="utf-8"), re.M):
            bad.append(str(path))
    assert not bad


def test_every_piece_kind_draws():
    from maria.render import pieces

    surf = pygame.Surface((200, 100))
    surf.fill((0, 0, 0))
    pieces.draw_general(surf, (20, 20), "prussia", 1)
    pieces.draw_stack(surf, (60, 20), [("austria", 3), ("austria", 4)])
    pieces.draw_train(surf, (100, 20), "saxony")
    pieces.draw_hussar(surf, (140, 20))
    pieces.draw_marker(surf, (170, 20), "france", "victory")
    pieces.draw_marker(surf, (170, 60), "bavaria", "elector")
    assert _close(surf.get_at((20 - 8, 20 + 6)), pal.POWER_COLOURS["prussia"], 30)
    assert _close(surf.get_at((100 - 6, 20 + 3)), pal.POWER_COLOURS["saxony"], 30)
