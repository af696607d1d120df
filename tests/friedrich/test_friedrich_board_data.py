"""The FRIEDRICH board files (boards/friedrich): the shipped data loads and passes every named check,
broken copies are refused with the file and the entry named, the positions come from geography
(not from the reference picture's pixels), and the preview draws (digest §3-§5, §13)."""

from __future__ import annotations

import math
import shutil
import sys
from pathlib import Path

import pytest
import yaml

from maria.engine.board_problems import BoardDataError
from maria.cli import main
from maria.games.friedrich.board_loader import default_folder, load_board, read_board
from maria.games.friedrich.checks import CHECKS, run_checks

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT.parent / "shared" / "reference" / "friedrich-board.yaml"


@pytest.fixture(scope="module")
def board():
    return load_board()


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    """A private copy of boards/friedrich, to break."""
    dest = tmp_path / "friedrich"
    shutil.copytree(default_folder(), dest)
    return dest


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def edit(path: Path, fn) -> None:
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    fn(data)
    path.write_text(yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False), encoding="utf-8")


def refusal(folder: Path) -> list[str]:
    with pytest.raises(BoardDataError) as err:
        load_board(folder)
    return [str(p) for p in err.value.problems]


# --- the shipped files ------------------------------------------------------------------------


def test_loader_loads_the_shipped_files(board):
    assert len(board.cities) == 672
    assert board.neighbours("berlin")["spandau"] is True  # a main road
    assert board.neighbours("berlin")["potsdam"] is False
    assert board.home_of("dresden") == "saxony" and board.home_of("prag") == "austria"
    assert board.suit_of("berlin") == "spades"
    assert len(board.objectives_of("russia")) == 10
    assert board.objectives_of("sweden", 2) == sorted(["neuruppin", "pritzwalk", "prenzlau", "angermuende", "schwedt"])
    assert board.objectives["magdeburg"].defender == "prussia"
    assert board.objectives["hannover"].defender == "hanover"
    assert board.objectives["prag"].defender == "austria"
    assert board.depots["france"] == ["koblenz", "gemuenden"]
    assert board.generals["friedrich"].city == board.generals["winterfeldt"].city == "oschatz"
    assert "GeoNames" in board.meta["credit"]


def test_same_named_cities_get_told_apart(board):
    assert board.cities["frankfurt_oder"].name == board.cities["frankfurt_main"].name == "Frankfurt"
    assert board.objectives["koenigsberg"].nation == "russia"  # the East Prussian one
    assert board.cities["koenigsberg_neumark"].name == "Königsberg"
    assert board.objectives["friedland_boehmen"].nation == "prussia"


@pytest.mark.parametrize("name", [name for name, _d, _f in CHECKS])
def test_each_named_check_passes_on_the_shipped_data(board, name):
    result = next(r for r in run_checks(board) if r.name == name)
    assert result.ok, result.problems


def test_check_boards_prints_every_friedrich_check(capsys):
    assert main(["check-boards", "--game", "friedrich"]) == 0
    out = capsys.readouterr().out
    for name, _d, _f in CHECKS:
        assert f"ok  {name}:" in out
    assert out.strip().splitlines()[-1] == f"{len(CHECKS) + 1} checks, all passed"


def test_the_map_is_geographically_right(board):
    c = board.cities
    assert c["berlin"].y < c["dresden"].y < c["prag"].y  # north up
    assert c["hannover"].x < c["magdeburg"].x < c["berlin"].x < c["breslau"].x < c["koenigsberg"].x
    assert c["koenigsberg"].x > c["berlin"].x + 400 and c["koenigsberg"].y < c["stralsund"].y
    assert abs(c["warszawa"].x - c["koenigsberg"].x) < 60  # Warszawa 21.0°E, Königsberg 20.5°E
    assert c["stralsund"].y < c["berlin"].y and c["breslau"].x > c["dresden"].x


# --- positions are not the reference picture's pixels -----------------------------------------


def _affine_residual(src, dst) -> float:
    """RMS distance between dst and the best affine map of src (least squares, pure Python)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from friedrich_board import fit_affine
    finally:
        sys.path.pop(0)
    f = fit_affine(src, dst)
    return math.sqrt(sum(math.dist(f(p), q) ** 2 for p, q in zip(src, dst)) / len(src))


@pytest.mark.skipif(not REFERENCE.is_file(), reason="the shared reference data is not beside the project")
def test_positions_are_no_affine_copy_of_the_reference_pixels(board):
    ref = yaml.load(REFERENCE.read_text(encoding="utf-8"), Loader=_LOADER)["cities"]
    by_name: dict[str, list] = {}
    for c in board.cities.values():
        by_name.setdefault(c.name, []).append(c)
    pairs = [
        ((r["x"], r["y"]), (by_name[r["name"]][0].x, by_name[r["name"]][0].y))
        for r in ref
        if len(by_name.get(r["name"], ())) == 1
    ]
    assert len(pairs) > 640
    assert not any(p == q for p, q in pairs)  # no city sits at its own pixel position
    rms = _affine_residual([p for p, _ in pairs], [q for _, q in pairs])
    assert rms > 8.0, f"positions are within {rms:.1f} units of an affine map of the pixels"
    # the test can fail: an affine copy of the pixels has no residual
    assert _affine_residual([p for p, _ in pairs], [(0.4 * x + 3, 0.41 * y - 7) for (x, y), _ in pairs]) < 1e-6


# --- broken copies ----------------------------------------------------------------------------


def test_a_road_to_a_missing_city_is_refused(folder: Path):
    edit(folder / "board.yaml", lambda d: d["roads"].append(["berlin", "atlantis"]))
    problems = refusal(folder)
    assert any(
        p.startswith("friedrich/board.yaml: roads[") and "atlantis" in p and "does not exist" in p for p in problems
    ), problems


def test_an_asymmetric_road_is_refused(folder: Path):
    # berlin-potsdam is an ordinary road; listing potsdam-berlin as a main road would make the
    # two directions differ
    edit(folder / "board.yaml", lambda d: d["main_roads"].append(["potsdam", "berlin"]))
    problems = refusal(folder)
    assert any(
        p.startswith("friedrich/board.yaml: ") and "berlin–potsdam" in p and "both as a main road and as a road" in p
        for p in problems
    ), problems


def test_the_roads_check_finds_a_one_way_road(board):
    from maria.games.friedrich.board import FBoard
    from maria.games.friedrich.checks import check_roads

    roads = {c: dict(n) for c, n in board.roads.items()}
    del roads["potsdam"]["berlin"]
    broken = FBoard(
        board.cities,
        roads,
        board.objectives,
        board.depots,
        board.reentry_areas,
        board.generals,
        board.trains,
        board.armies,
        board.meta,
    )
    problems = [str(p) for p in check_roads(broken)]
    assert problems == ["friedrich/board.yaml: road berlin–potsdam: leads from berlin to potsdam but not back"]


def test_a_missing_objective_city_is_refused(folder: Path):
    edit(folder / "board.yaml", lambda d: d["objectives"]["russia"]["first"].append("atlantis"))
    problems = refusal(folder)
    assert "friedrich/board.yaml: objectives.russia.first: city 'atlantis' does not exist" in problems


def test_a_removed_objective_city_is_refused_everywhere_it_is_named(folder: Path):
    def drop(d):
        del d["cities"]["kuestrin"]

    edit(folder / "board.yaml", drop)
    problems = refusal(folder)
    assert "friedrich/board.yaml: objectives.russia.first: city 'kuestrin' does not exist" in problems
    assert any(p.startswith("friedrich/board.yaml: roads[") and "kuestrin" in p for p in problems)


def test_a_general_next_to_an_enemy_is_refused(folder: Path, board):
    target = next(n for n in board.neighbours("stade") if not any(g.city == n for g in board.generals.values()))
    edit(folder / "setup.yaml", lambda d: d["generals"]["soubise"].update(city=target))
    problems = refusal(folder)
    assert any(
        p.startswith("friedrich/setup.yaml: generals '")
        and "next to the enemy" in p
        and "soubise" in p
        and "ferdinand" in p
        for p in problems
    ), problems


def test_a_general_out_of_supply_and_a_stack_of_four_are_refused(folder: Path):
    def change(d):
        d["generals"]["soubise"]["city"] = "kalisz"  # France: no provinces, trains far west
        d["generals"]["heinrich"]["city"] = "oschatz"  # Friedrich, Winterfeldt ... and two more
        d["generals"]["seydlitz"]["city"] = "oschatz"

    edit(folder / "setup.yaml", change)
    problems = refusal(folder)
    assert (
        "friedrich/setup.yaml: generals 'soubise': is out of supply at kalisz: not in its provinces, "
        "not on a depot, no own train within 6 cities" in problems
    )
    assert any(p.startswith("friedrich/setup.yaml: city 'oschatz': stacks 4 generals") for p in problems)


def test_a_deeply_nested_board_file_is_refused(folder: Path):
    (folder / "board.yaml").write_text("cities: " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    problems = refusal(folder)
    assert any(p.startswith("friedrich/board.yaml: refused: nested deeper than") for p in problems), problems


def test_a_huge_integer_is_refused(folder: Path):
    text = (folder / "setup.yaml").read_text(encoding="utf-8")
    (folder / "setup.yaml").write_text(text.replace("prussia: 32", "prussia: " + "9" * 6000), encoding="utf-8")
    problems = refusal(folder)
    assert any(p.startswith("friedrich/setup.yaml: refused:") and "number too long" in p for p in problems), problems


def test_a_wrong_count_is_named(folder: Path):
    edit(folder / "setup.yaml", lambda d: d["armies"].update(prussia=31))
    problems = refusal(folder)
    assert "friedrich/setup.yaml: armies.prussia: 32 armies expected, found 31" in problems


def test_check_boards_reports_a_broken_copy(folder: Path, capsys):
    edit(folder / "board.yaml", lambda d: d["roads"].append(["berlin", "atlantis"]))
    assert main(["check-boards", "--game", "friedrich", "--dir", str(folder.parent)]) == 1
    out = capsys.readouterr().out
    assert "BAD files-and-schema" in out and "atlantis" in out


def test_read_board_never_raises_on_a_missing_folder(tmp_path: Path):
    board, problems = read_board(tmp_path / "nowhere")
    assert board is None and any("file is missing" in str(p) for p in problems)


def test_a_folder_in_place_of_a_board_file_is_named_as_maria_names_it(folder: Path):
    """The two games read their board folders with one reader (maria.engine.board_folder): a file that
    is not a regular file gets MARIA's sentence ("it is not a regular file")."""
    (folder / "setup.yaml").unlink()
    (folder / "setup.yaml").mkdir()
    problems = refusal(folder)
    assert "friedrich/setup.yaml: cannot be read: it is not a regular file (a folder)" in problems, problems


# --- the preview --------------------------------------------------------------------------------


def test_the_preview_draws_headless(board, tmp_path: Path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from maria.render.friedrich_preview import render_friedrich

    out = render_friedrich(board, tmp_path / "f.png", width=800)
    import pygame

    img = pygame.image.load(str(out))
    assert img.get_width() == 800 and img.get_height() > 400


@pytest.mark.skipif(not REFERENCE.is_file(), reason="the shared reference data is not beside the project")
def test_every_city_road_objective_and_depot_of_the_reference_appears(board):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from friedrich_board import SAME_NAMES, slug
    finally:
        sys.path.pop(0)
    ref = yaml.load(REFERENCE.read_text(encoding="utf-8"), Loader=_LOADER)
    ids = {
        c["index"]: SAME_NAMES[c["index"]][0] if c["index"] in SAME_NAMES else slug(c["name"]) for c in ref["cities"]
    }
    for c in ref["cities"]:
        mine = board.cities[ids[c["index"]]]
        assert (mine.name, mine.suit, mine.country) == (c["name"], c["suit"], c["country"].lower())
        for key, main_road in (("roads", False), ("main_roads", True)):
            for j in c[key]:
                assert board.roads[ids[c["index"]]][ids[j]] is main_road
    for kind, entries in ref["types"].items():
        for e in entries:
            cid = ids[e["index"]]
            if kind == "depot":
                assert any(cid in cs for cs in board.depots.values())
            else:
                assert board.objectives[cid].order == (2 if kind.startswith("objective2") else 1)


def test_a_city_moved_across_the_map_is_reported_by_the_drawing_check(folder: Path):
    def move(d):
        d["cities"]["berlin"].update(x=d["cities"]["dresden"]["x"] + 30, y=d["cities"]["dresden"]["y"])

    edit(folder / "board.yaml", move)
    problems = refusal(folder)
    assert any(p.startswith("friedrich/board.yaml: road berlin–") and "crosses the road" in p for p in problems)
