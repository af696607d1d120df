"""The game series of the measurements (maria.lab.series): one JSON line per game,
resumable, the same games as the tournament's, and the goal-1 threshold."""

from maria.lab import series
from maria.players import tournament


def test_a_series_keeps_a_line_per_game_resumes_and_plays_the_tournaments_games(tmp_path):
    out = tmp_path / "s.jsonl"
    first = series.run(out, "intro", 2, 5000, 1, "all:easy", echo=lambda *_: None)
    assert len(first) == 1 and len(series.read(out)) == 1 and first[0]["error"] is None
    # resumed: the seed already played is not played again, the next one is
    again = series.run(out, "intro", 2, 5000, 2, "all:easy", echo=lambda *_: None)
    assert [x["seed"] for x in again] == [5001] and len(series.read(out)) == 2
    rec = tournament.play_game("intro", 2, 5000, {"coalition": "easy", "maria_theresa": "easy"})
    assert first[0]["winner"] == rec.state["result"]["winner"] and first[0]["turn"] == rec.state["turn"]
    # every decision is timed, under the role that made it
    assert set(first[0]["times"]) == {"coalition", "maria_theresa"}
    assert sum(t["n"] for t in first[0]["times"].values()) == len(rec.actions)
    text = "\n".join(series.summary(series.read(out)))
    assert "all easy:" in text and "games 2, errors 0" in text


def test_the_one_seat_rotation_and_goal_1_threshold():
    roles = ["frederick", "louis_xv", "maria_theresa"]
    assert [series.seats_for("rot:hard:easy", roles, s) for s in (3, 4)] == [
        {"frederick": "hard", "louis_xv": "easy", "maria_theresa": "easy"},
        {"frederick": "easy", "louis_xv": "hard", "maria_theresa": "easy"},
    ]
    # the Hard-alone goal: min(90%, max(1.5 r, r + 15 points))
    assert abs(series.stronger_than_easy_threshold(0.078) - 0.228) < 1e-9
    assert abs(series.stronger_than_easy_threshold(0.35) - 0.525) < 1e-9
    assert series.stronger_than_easy_threshold(0.7) == 0.9


def test_a_two_player_one_seat_series_is_summed_up_by_the_seat_of_the_tested_level():
    """Two players: each level holds one seat, so the level under test comes from the series'
    mode (rot:LEVEL:BASE), kept in every line; a line without it counts the stronger level's seat."""

    def line(seed, seats, winner, mode="rot:hard:easy"):
        return {"seed": seed, "seats": seats, "winner": winner, "error": None, "secs": 1.0, "times": {}, "mode": mode}

    a = {"coalition": "hard", "maria_theresa": "easy"}
    b = {"coalition": "easy", "maria_theresa": "hard"}
    lines = [line(1, a, "coalition"), line(2, b, "maria_theresa"), line(3, b, "coalition"), line(4, a, None)]
    text = "\n".join(series.summary(lines))
    assert "coalition (one seat): 1/2 = 50.0%" in text and "maria_theresa (one seat): 1/2 = 50.0%" in text
    for x in lines:
        del x["mode"]
    assert "\n".join(series.summary(lines)) == text
    # random tested against easy: the mode decides
    r = [line(5, {"coalition": "random", "maria_theresa": "easy"}, "maria_theresa", "rot:random:easy")]
    assert "coalition (one seat): 0/1" in "\n".join(series.summary(r))


def test_the_summary_reads_a_tournaments_results_file(tmp_path):
    """A tournament's results file (header line, then one line per game) is summed up like a
    series of its own: docs/balance.md reads both kinds with `series summary`."""
    res = tmp_path / "t.jsonl"
    tournament.run("intro", 2, 1, "easy", "easy", seed=5000, results=str(res), jobs=1, echo=lambda *_: None)
    games = series.read(res)
    assert len(games) == 1 and games[0]["seed"] == 5000
    text = "\n".join(series.summary(games))
    assert "all easy:" in text and "games 1, errors 0" in text


def test_the_summary_reads_a_mixed_seating_tournament_as_the_first_levels_share(tmp_path):
    """A mixed-seating tournament's results file is summed up as the first level's score, in one
    seat and in two (as its kept file in docs/balance.md is), not as each role's wins."""
    res = tmp_path / "t.jsonl"
    tournament.run(
        "intro", 3, 2, "easy", "random", seed=5000, seating="mixed", results=str(res), jobs=1, echo=lambda *_: None
    )
    games = series.read(res)
    assert {g["mode"] for g in games} == {"mix:easy:random"}
    (line, _) = series.summary(games)
    assert line.startswith("easy vs random, mixed seating: ") and "/2 = " in line and "in 1 seat" in line
