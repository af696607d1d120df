"""Series that use the machine (maria.players.tournament.run): games played in parallel processes
are the same games as one after the other, each finished game is written to a results file as it
ends, and a stopped series resumes where it stopped, its summary counting every game."""

from __future__ import annotations

import json

import pytest

from maria.players import tournament as T

SERIES = dict(variant="intro", players=2, games=4, a="random", b="easy", seed=515)


def _games(res_path) -> list[tuple]:
    _, games = T.read_results(res_path)
    return sorted((d["g"], d["seed"], d["group"], d["winner"], d["turn"], d["actions"]) for d in games)


@pytest.fixture(scope="module")
def one_after_the_other(tmp_path_factory):
    """SERIES played once, one game after the other, for the tests below: (its summary, its results
    file, its progress lines)."""
    full = tmp_path_factory.mktemp("series") / "serial.jsonl"
    seen = []
    whole = T.run(**SERIES, jobs=1, results=str(full), echo=lambda *_: None, progress=seen.append)
    return whole, full, seen


def test_parallel_games_are_the_same_games_as_one_after_the_other(tmp_path, one_after_the_other):
    serial, serial_path, _ = one_after_the_other
    parallel = T.run(**SERIES, jobs=2, results=str(tmp_path / "parallel.jsonl"), echo=lambda *_: None)
    assert _games(serial_path) == _games(tmp_path / "parallel.jsonl")
    assert len(_games(serial_path)) == 4
    assert serial["wins"] == parallel["wins"] and serial["won_by"] == parallel["won_by"]


def test_a_stopped_series_resumes_with_the_games_it_lacks(tmp_path, monkeypatch, one_after_the_other):
    whole, full, _ = one_after_the_other
    lines = full.read_text(encoding="utf-8").splitlines()
    part = tmp_path / "part.jsonl"
    # the header, two finished games, and a third cut short when the run was stopped
    part.write_text("\n".join(lines[:3]) + "\n" + lines[3][:40], encoding="utf-8")
    played = []
    orig = T._play_one

    def counted(job):
        played.append(job["g"])
        return orig(job)

    monkeypatch.setattr(T, "_play_one", counted)
    said = []
    resumed = T.run(**SERIES, jobs=1, results=str(part), echo=said.append)
    done_before = {json.loads(x)["g"] for x in lines[1:3]}
    assert sorted(played) == sorted(set(range(4)) - done_before)
    assert resumed["wins"] == whole["wins"] and resumed["won_by"] == whole["won_by"]
    assert _games(part) == _games(full)
    # the summary can be re-read from the file alone
    header, games = T.read_results(part)
    again = T.summarize(
        games,
        header["variant"],
        header["players"],
        header["games"],
        header["a"],
        header["b"],
        header["seating"],
        echo=lambda *_: None,
    )
    assert again["wins"] == whole["wins"]


def test_a_results_file_of_another_series_is_refused(tmp_path):
    f = tmp_path / "r.jsonl"
    T.run(**{**SERIES, "games": 1}, jobs=1, results=str(f), echo=lambda *_: None)
    with pytest.raises(ValueError, match="another series"):
        T.run(**{**SERIES, "games": 1, "seed": 9}, jobs=1, results=str(f), echo=lambda *_: None)


def test_the_progress_line_counts_the_games_and_the_wins_so_far(one_after_the_other):
    _, _, seen = one_after_the_other
    assert len(seen) == 4 and seen[-1].startswith("4/4 games, random wins")
    assert "min left" in seen[0] and "[" in seen[0]


def test_selfplay_in_parallel_plays_the_same_games(capsys):
    import re

    from maria.cli import main

    def outcomes(jobs: int) -> list[str]:
        assert main(["selfplay", "--games", "3", "--seed", "21", "--jobs", str(jobs)]) == 0
        out = capsys.readouterr().out.splitlines()
        return [re.sub(r", [0-9.]+ s$", "", x) for x in out if x.startswith("seed ")]

    one, two = outcomes(1), outcomes(2)
    assert len(one) == 3 and one == two
