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
