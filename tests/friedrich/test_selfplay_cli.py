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


def test_selfplay_friedrich_one_game_exits_0(capsys):
    assert main(["selfplay", "--game", "friedrich", "--players", "3", "--games", "1", "--seed", "3"]) == 0
    assert "1 games (3 players), 0 errors" in capsys.readouterr().out


def test_maria_commands_refuse_four_players(capsys):
    assert main(["selfplay", "--players", "4", "--games", "1"]) == 2
    assert main(["tournament", "--players", "4", "--games", "1"]) == 2
