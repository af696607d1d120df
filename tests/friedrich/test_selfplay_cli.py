"""`python -m maria selfplay --game friedrich` (the random self-play with the rules invariants)
and `tournament --game friedrich`: the command lines run and exit 0; MARIA's commands refuse 4
players."""

from __future__ import annotations

import pytest

from maria.cli import main


@pytest.mark.slow
def test_selfplay_friedrich_two_games_exit_0(capsys):
    assert main(["selfplay", "--game", "friedrich", "--players", "4", "--games", "2", "--seed", "5"]) == 0
    assert "2 games (4 players), 0 errors" in capsys.readouterr().out


@pytest.mark.slow
def test_selfplay_friedrich_one_game_exits_0(capsys):
    assert main(["selfplay", "--game", "friedrich", "--players", "3", "--games", "1", "--seed", "3"]) == 0
    assert "1 games (3 players), 0 errors" in capsys.readouterr().out


def test_maria_commands_refuse_four_players(capsys):
    assert main(["selfplay", "--players", "4", "--games", "1"]) == 2
    assert main(["tournament", "--players", "4", "--games", "1"]) == 2


def test_selfplay_friedrich_reports_each_game_and_fails_on_an_error(capsys, monkeypatch):
    """The command's wiring with the games stubbed (a real game takes 5-10 s: see the slow tests):
    one line per seed, the summary, exit 1 when a game breaks a rule."""
    from maria.lab import friedrich_selfplay

    def fake(players, seed, board=None):
        if seed == 2:
            raise AssertionError("broken invariant")
        return {
            "state": {"result": {"winners": ["frederick"], "reason": "the Clock stops"}, "turn": 20},
            "steps": 100,
            "duels": 3,
        }

    monkeypatch.setattr(friedrich_selfplay, "random_game", fake)
    assert (
        main(["selfplay", "--game", "friedrich", "--players", "4", "--games", "2", "--seed", "0", "--jobs", "1"]) == 0
    )
    out = capsys.readouterr().out
    assert "seed 0: winners frederick" in out and "2 games (4 players), 0 errors" in out
    assert main(["selfplay", "--game", "friedrich", "--games", "3", "--seed", "0", "--jobs", "1"]) == 1
    assert "seed 2: ERROR AssertionError: broken invariant" in capsys.readouterr().out


def test_tournament_friedrich_seats_a_in_the_one_role_asked_with_the_code_of_conduct(capsys, monkeypatch):
    """`--seat ROLE`: level a plays that role in every game, b the others; the games are played with
    the code of conduct on (§5), as the window sets it when a computer plays, unless
    `--no-conduct`; the wins of every role are counted.  The games are stubbed (see the next test
    for a real one)."""
    from maria.players.friedrich import tournament

    seen = []

    def fake(players, seed, seats, times=None, searched=None, max_actions=30000, options=None, actions=None):
        seen.append((dict(seats), dict(options or {})))
        winners = ["elisabeth"] if seed % 2 else ["frederick"]
        return {"result": {"winners": winners}, "turn": 12}

    monkeypatch.setattr(tournament, "play_game", fake)
    args = ["tournament", "--game", "friedrich", "--players", "4", "--a", "hard", "--b", "easy", "--games", "3"]
    assert main([*args, "--seat", "elisabeth", "--seed", "1"]) == 0
    assert [s for s, _ in seen] == [
        {"elisabeth": "hard", "frederick": "easy", "maria_theresa": "easy", "pompadour": "easy"}
    ] * 3
    assert all(o == {"code_of_conduct": True} for _, o in seen)
    out = capsys.readouterr().out
    assert "seat elisabeth, code of conduct on" in out and "hard scores 2 of 3" in out
    assert "elisabeth wins 2 of 3" in out and "frederick wins 1 of 3" in out
    seen.clear()
    assert main([*args, "--seat", "pompadour", "--no-conduct"]) == 0
    assert all(s["pompadour"] == "hard" and o == {} for s, o in seen)
    assert main([*args, "--seat", "pompadour_elisabeth"]) == 2
    assert "--seat must be one of elisabeth, frederick, maria_theresa, pompadour" in capsys.readouterr().out


def test_tournament_friedrich_out_writes_each_game_as_a_save(tmp_path, capsys):
    """`--out DIR`: every game of the series is written as a FRIEDRICH save that loads (its log
    replayed through the rules) with the game over."""
    from maria.record import friedrich_saves

    args = ["tournament", "--game", "friedrich", "--players", "3", "--a", "hard", "--b", "easy"]
    assert main([*args, "--seat", "frederick", "--games", "1", "--seed", "4", "--out", str(tmp_path)]) == 0
    (path,) = tmp_path.glob("*.yaml")
    rec = friedrich_saves.load(path)
    assert rec.state["result"]["winners"] and rec.options == {"code_of_conduct": True}
    assert rec.seats["frederick"] == {"kind": "computer", "level": "hard"}
