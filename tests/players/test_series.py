"""The game series of issue 21's measurements (maria.analysis.series): one JSON line per game,
resumable, the same games as the tournament's, and the goal-1 threshold."""

from maria.analysis import series
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
        {"frederick": "easy", "louis_xv": "hard", "maria_theresa": "easy"}]
    # issue 21 goal 1: min(90%, max(1.5 r, r + 15 points))
    assert abs(series.goal1_threshold(0.078) - 0.228) < 1e-9
    assert abs(series.goal1_threshold(0.35) - 0.525) < 1e-9
    assert series.goal1_threshold(0.7) == 0.9
