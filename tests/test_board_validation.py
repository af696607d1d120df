"""The board loader and validator: the shipped boards pass, broken boards are reported exactly."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from maria.games.maria.board import CHECKS, BoardDataError, load_board, read_board, run_checks
from maria.cli import main
from maria.paths import boards_dir
from tests import yamlc


@pytest.fixture()
def boards(tmp_path: Path) -> Path:
    """A private copy of the shipped boards folder, to break."""
    dest = tmp_path / "boards"
    shutil.copytree(boards_dir(), dest)
    return dest


def edit(path: Path, fn) -> None:
    data = yamlc.load(path.read_text(encoding="utf-8"))
    fn(data)
    path.write_text(yamlc.dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def all_problems(folder: Path) -> list[str]:
    board, problems = read_board(folder)
    if board is not None:
        problems = problems + [p for r in run_checks(board) for p in r.problems]
    return [str(p) for p in problems]


def city_index(data: dict, city_id: str) -> int:
    return next(i for i, c in enumerate(data["cities"]) if c["id"] == city_id)


# --- the shipped boards ---------------------------------------------------------------------


def test_shipped_boards_pass_every_check():
    board = load_board(boards_dir())
    assert len(board.cities) >= 280
    assert all(r.ok for r in run_checks(board))


def test_check_boards_names_every_check_and_exits_0(capsys):
    assert main(["check-boards"]) == 0
    out = capsys.readouterr().out
    for name, _description, _fn in CHECKS:
        assert f"ok  {name}:" in out
    from maria.games.friedrich.checks import CHECKS as FRIEDRICH_CHECKS

    # both games: MARIA's checks and FRIEDRICH's, each with its files-and-schema line
    assert out.strip().splitlines()[-1] == f"{len(CHECKS) + 1 + len(FRIEDRICH_CHECKS) + 1} checks, all passed"


def test_check_boards_distances_prints_the_calibration_pairs(capsys):
    assert main(["check-boards", "--distances"]) == 0
    out = capsys.readouterr().out
    assert "dresden–prag:" in out and "bruessel–maastricht:" in out
    assert "BAD" not in out


def test_road_graph_is_symmetric_and_paths_match_distances():
    board = load_board(boards_dir())
    for a, nbrs in board.roads.items():
        for b, main_road in nbrs.items():
            assert board.roads[b][a] == main_road
    path = board.shortest_path("dresden", "prag")
    assert path[0] == "dresden" and path[-1] == "prag"
    assert len(path) - 1 == board.distance("dresden", "prag")


def test_every_city_has_a_sector_suit_and_a_grid_code():
    board = load_board(boards_dir())
    for cid in board.cities:
        assert board.suit_of(cid) in ("hearts", "diamonds", "clubs", "spades")
    assert board.grid.cell_of(board.cities["dresden"].pos)[0] in "GHIJKLMN"


# --- broken boards: each problem named with its file and entry -------------------------------


def test_bad_yaml_is_reported_with_its_line(boards: Path, capsys):
    (boards / "bohemia.yaml").write_text("map: bohemia\ncities: [\n  - {id: prag, name: Prag\n", encoding="utf-8")
    problems = all_problems(boards)
    assert any(p.startswith("boards/bohemia.yaml: line ") and "not valid YAML" in p for p in problems)
    assert main(["check-boards", "--dir", str(boards)]) == 1
    out = capsys.readouterr().out
    assert "BAD files-and-schema" in out and "not valid YAML" in out
    assert out.strip().splitlines()[-1].endswith("problem(s)")


def test_unsafe_yaml_tags_are_refused(boards: Path):
    (boards / "setup.yaml").write_text("generals: !!python/object/apply:os.system ['echo hi']\n", encoding="utf-8")
    problems = all_problems(boards)
    assert any(p.startswith("boards/setup.yaml") and "not valid YAML" in p for p in problems)


def test_duplicate_city_id(boards: Path):
    def dup(data):
        i = city_index(data, "bruessel")
        data["cities"].append(dict(data["cities"][i], pos=[0.5, 0.5]))

    edit(boards / "flanders.yaml", dup)
    problems = all_problems(boards)
    assert any(
        "boards/flanders.yaml: cities[" in p and "'bruessel'" in p and "duplicate city id 'bruessel'" in p
        for p in problems
    )


def test_duplicate_city_id_across_the_maps(boards: Path):
    def dup(data):
        i = city_index(data, "prag")
        data["cities"].append(dict(data["cities"][i], id="lille", name="Lille II", pos=[13.5, 0.5]))

    edit(boards / "bohemia.yaml", dup)
    assert any(
        "boards/bohemia.yaml" in p and "duplicate city id 'lille' (also in flanders)" in p for p in all_problems(boards)
    )


def test_road_to_unknown_city(boards: Path):
    edit(boards / "bohemia.yaml", lambda d: d["roads"].append(["prag", "atlantis"]))
    problems = all_problems(boards)
    assert any(
        p.startswith("boards/bohemia.yaml: roads[") and "prag–atlantis" in p and "road to unknown city 'atlantis'" in p
        for p in problems
    )


def test_city_outside_every_sector(boards: Path):
    board = load_board(boards_dir())
    prag_sector = board.sector_of("prag").id
    edit(boards / "board.yaml", lambda d: d.update(sectors=[s for s in d["sectors"] if s["cells"] != prag_sector]))
    problems = all_problems(boards)
    assert any(p.startswith("boards/bohemia.yaml: city 'prag'") and "lies in no sector" in p for p in problems)
    assert any("there must be 44 sectors, found 43" in p for p in problems)


def test_city_outside_the_board(boards: Path):
    def move(data):
        data["cities"][city_index(data, "prag")]["pos"] = [10.0, 13.5]

    edit(boards / "bohemia.yaml", move)
    assert any("'prag'" in p and "outside the board" in p for p in all_problems(boards))


def test_city_on_the_wrong_map(boards: Path):
    def move(data):
        data["cities"][city_index(data, "prag")]["pos"] = [3.0, 5.0]

    edit(boards / "bohemia.yaml", move)
    assert any("'prag'" in p and "outside the bohemia map" in p for p in all_problems(boards))


def test_unknown_territory(boards: Path):
    def bad(data):
        data["cities"][city_index(data, "brieg")]["territory"] = "narnia"

    edit(boards / "bohemia.yaml", bad)
    assert any(
        p.startswith("boards/bohemia.yaml: cities[") and "'brieg'" in p and "unknown territory 'narnia'" in p
        for p in all_problems(boards)
    )


def test_missing_setup_piece(boards: Path):
    edit(boards / "setup.yaml", lambda d: d["generals"].pop("neipperg"))
    assert "boards/setup.yaml: generals: general 'neipperg' has no set-up place" in all_problems(boards)


def test_setup_piece_in_an_unknown_city(boards: Path):
    edit(boards / "setup.yaml", lambda d: d["generals"].update(neipperg="eldorado"))
    assert "boards/setup.yaml: generals.neipperg: unknown city 'eldorado'" in all_problems(boards)


def test_disconnected_map(boards: Path):
    def cut(data):
        for key in ("roads", "main_roads"):
            data[key] = [r for r in data.get(key) or [] if "cosel" not in r]

    edit(boards / "bohemia.yaml", cut)
    problems = all_problems(boards)
    assert "boards/bohemia.yaml: roads: the map is not connected: 1 cities cut off (cosel)" in problems
    assert "boards/bohemia.yaml: city 'cosel': has no road" in problems


def test_silesia_needs_exactly_seven_fortresses(boards: Path):
    def demote(data):
        data["cities"][city_index(data, "neisse")]["fortress"] = "none"

    edit(boards / "bohemia.yaml", demote)
    problems = all_problems(boards)
    assert any("Silesia must have exactly 7 fortresses, found 6" in p for p in problems)
    assert "boards/bohemia.yaml: city 'neisse': must be a fortress in Silesia" in problems


def test_elector_flag_required(boards: Path):
    def unflag(data):
        data["cities"][city_index(data, "mainz")]["elector"] = False

    edit(boards / "flanders.yaml", unflag)
    assert "boards/flanders.yaml: city 'mainz': must be an elector (elector: true)" in all_problems(boards)


def test_wrong_types_are_named(boards: Path):
    def spoil(data):
        data["cities"][city_index(data, "wien")]["pos"] = "east"
        data["cities"][city_index(data, "linz")]["fortress"] = "huge"

    edit(boards / "bohemia.yaml", spoil)
    edit(boards / "armies.yaml", lambda d: d["powers"]["prussia"].update(troops="many"))
    problems = all_problems(boards)
    assert any("'wien'" in p and "'pos' must be a list of 2 numbers" in p for p in problems)
    assert any("'linz'" in p and "'fortress' must be none, minor or major, not 'huge'" in p for p in problems)
    assert any(
        p.startswith("boards/armies.yaml: powers.prussia") and "'troops' must be a whole number" in p for p in problems
    )


def test_map_link_in_the_north_is_refused(boards: Path):
    edit(boards / "board.yaml", lambda d: d["map_links"]["roads"].append(["hannover", "berlin"]))
    problems = all_problems(boards)
    assert any("map_links hannover–berlin" in p and "southern edges" in p for p in problems)


def test_road_across_the_map_is_drawn_wrong(boards: Path):
    edit(boards / "flanders.yaml", lambda d: d["roads"].append(["lille", "hannover"]))
    problems = all_problems(boards)
    assert any("road" in p and "lille" in p and ("crosses" in p or "passes over" in p) for p in problems)


def test_stack_not_in_the_rulebook(boards: Path):
    def move(data):
        data["generals"]["neipperg"] = data["generals"]["traun"]

    edit(boards / "setup.yaml", move)
    assert any("neipperg and traun start stacked" in p for p in all_problems(boards))


def test_missing_file(boards: Path):
    (boards / "armies.yaml").unlink()
    problems = all_problems(boards)
    assert "boards/armies.yaml: file is missing" in problems


def test_load_board_raises_with_every_problem(boards: Path):
    edit(boards / "bohemia.yaml", lambda d: d["roads"].append(["prag", "atlantis"]))
    edit(boards / "setup.yaml", lambda d: d["generals"].pop("neipperg"))
    with pytest.raises(BoardDataError) as info:
        load_board(boards)
    text = str(info.value)
    assert "atlantis" in text and "neipperg" in text


def test_random_damage_never_crashes(boards: Path):
    """Randomly delete keys, swap types and drop list entries: problems, never an exception."""
    rng = random.Random(1741)
    originals = {f.name: f.read_text(encoding="utf-8") for f in boards.glob("*.yaml")}
    junk = [None, 7, "x", [], {}, [1, 2, 3], {"a": 1}, True, -3.5]

    def damage(node, depth=0):
        if isinstance(node, dict) and node:
            key = rng.choice(list(node))
            roll = rng.random()
            if roll < 0.3:
                del node[key]
            elif roll < 0.6 or depth > 4:
                node[key] = rng.choice(junk)
            else:
                damage(node[key], depth + 1)
        elif isinstance(node, list) and node:
            i = rng.randrange(len(node))
            if rng.random() < 0.4:
                node[i] = rng.choice(junk)
            else:
                damage(node[i], depth + 1)

    noticed = 0
    for _ in range(16):
        name = rng.choice(sorted(originals))
        data = yamlc.load(originals[name])
        for _ in range(rng.randint(1, 3)):
            damage(data)
        (boards / name).write_text(yamlc.dump(data, allow_unicode=True), encoding="utf-8")
        problems = all_problems(boards)  # must not raise
        noticed += bool(problems)  # some damage is harmless (an optional note, a false flag)
        (boards / name).write_text(originals[name], encoding="utf-8")
    assert noticed >= 12


def test_drawing_check_names_a_city_under_a_road_and_two_roads_that_cross(boards: Path):
    """The drawing check (cities apart, roads that neither cross nor run over a city) finds a city
    moved onto the middle of a road it is not on, and a new road drawn across others."""

    def damage(data):
        pos = {c["id"]: c["pos"] for c in data["cities"]}
        aachen = data["cities"][city_index(data, "aachen")]
        aachen["pos"] = [
            round((pos["koeln"][0] + pos["neuss"][0]) / 2, 3),
            round((pos["koeln"][1] + pos["neuss"][1]) / 2, 3),
        ]
        data["roads"].append(["neuss", "wetzlar"])

    edit(boards / "flanders.yaml", damage)
    problems = all_problems(boards)
    assert any("koeln" in p and "neuss" in p and "passes over the city 'aachen'" in p for p in problems), problems
    assert any("road neuss–wetzlar: crosses the road bonn–siegen" in p for p in problems), problems
