"""The Game interface (maria.engine.game) and the registry of games (maria.games): every game plays
through the interface, offers its part in each room above it, and nothing outside the registry
dispatches on a game's name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from maria import games
from maria.lab import fuzz
from maria.record import files

MARIA_PKG = Path(__file__).resolve().parents[1] / "maria"

# what each room's module of a game offers (docs/architecture.md, "The Game interface")
ROOM_ENTRIES = {
    "random": ("RandomMoves",),
    "record": (
        "MAX_BYTES",
        "MAX_VALUES",
        "MAX_ACTIONS",
        "read",
        "write",
        "peek_header",
        "peek_document",
        "save_name",
        "kind_text",
        "progress_text",
    ),
    "players": ("LEVELS", "make_player", "decide"),
    "series": ("command",),
    "lab": ("play_one", "selfplay_options", "summary", "TURN_TEXT", "replay_file", "bench"),
    "render": ("render_preview",),
    "ui": (
        "TITLE",
        "SUBTITLE",
        "BLURB",
        "TIP",
        "HAS_LESSONS",
        "new_game",
        "demo",
        "last_autosave",
        "open_save",
        "replay_board",
        "rules_scene",
        "presenter",
    ),
}


@pytest.mark.parametrize("name", games.names())
def test_every_game_plays_through_the_interface(name):
    game = games.get(name)
    assert game.name == name and game.default_players in game.player_counts
    state = game.new_game(seed=7, players=game.default_players)
    assert set(game.active_roles(state)) <= set(game.roles(game.default_players))
    moves = game.room("random").RandomMoves(7)
    for _ in range(40):
        role = moves.pick_role(game.active_roles(state))
        assert game.legal_actions(state, role)
        state = game.apply(state, role, moves.action(state, role))
        assert game.problems(state) == []
    for role in game.roles(game.default_players):
        assert isinstance(game.view(state, role), dict) and game.role_name(role)
    assert not game.is_over(state) and game.result(state) is None


@pytest.mark.parametrize("name", games.names())
def test_every_game_offers_its_part_in_every_room(name):
    game = games.get(name)
    assert set(game.rooms) == set(ROOM_ENTRIES)
    missing = {room: [e for e in entries if not hasattr(game.room(room), e)] for room, entries in ROOM_ENTRIES.items()}
    assert {r: m for r, m in missing.items() if m} == {}
    assert game.levels == tuple(game.room("players").LEVELS)


@pytest.mark.parametrize("name", games.names())
def test_every_game_reads_its_shipped_board(name):
    game = games.get(name)
    board, problems = game.read_board(MARIA_PKG.parent / "boards")
    assert board is not None and problems == []
    assert all(r.ok for r in game.run_checks(board)) and game.board_summary(board)


def test_the_registry_refuses_an_unknown_game_naming_the_known_ones():
    with pytest.raises(ValueError, match="maria, friedrich"):
        games.get("chess")
    assert games.get(None).name == games.DEFAULT
    assert games.of_state({"game": "friedrich"}).name == "friedrich" and games.of_state({}).name == "maria"


def _record(name: str):
    if name == "maria":
        from maria.record.game import GameRecord

        return GameRecord.new("intro", 3, 11)
    from maria.record.friedrich_saves import FRecord

    return FRecord.new(4, 11)


@pytest.mark.parametrize("name", games.names())
def test_save_files_of_every_game_are_written_listed_and_read_once(name, tmp_path):
    rec = _record(name)
    game = games.get(name)
    role = game.active_roles(rec.state)[0]
    rec.apply(role, game.room("random").RandomMoves(3).action(rec.state, role))
    path = tmp_path / "a.yaml"
    files.save(path, rec)
    assert files.game_of(path) == name
    entry = files.peek(path)
    assert entry["game"] == name and entry["players"] == rec.players
    assert [p for p, why in files.list_saves(tmp_path) if why is None] == [path]
    assert files.load(path).state == rec.state


@pytest.mark.parametrize("name", games.names())
def test_the_fuzzer_is_one_loop_for_every_game(name):
    game = games.get(name)
    seen = []

    def check(state, n):
        assert game.problems(state) == []
        seen.append(n)

    with pytest.raises(RuntimeError, match="runaway"):
        fuzz.random_game(game, 5, game.default_players, check=check, max_actions=60)
    assert seen == list(range(1, 61))


# a comparison with a game's name: `game == "friedrich"`, `"maria" != x`, `in ("maria", "friedrich")`
DISPATCH = re.compile(
    r"""(==|!=)\s*["'](maria|friedrich)["']|["'](maria|friedrich)["']\s*(==|!=)"""
    r"""|in\s*\(\s*["'](maria|friedrich)["']"""
)


def test_no_module_outside_the_registry_dispatches_on_a_game_name():
    own = {str(MARIA_PKG / "games")}
    found = []
    for p in sorted(MARIA_PKG.rglob("*.py")):
        if any(str(p).startswith(o) for o in own):
            continue  # the registry and the games' own packages
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            if DISPATCH.search(line):
                found.append(f"{p.relative_to(MARIA_PKG.parent)}:{i}")
    assert found == []


def test_the_dispatch_check_can_fail():
    assert DISPATCH.search('if game == "friedrich":')
    assert DISPATCH.search("if 'maria' != g:")
    assert DISPATCH.search('x in ("maria", "friedrich")')
    assert not DISPATCH.search('games.get("friedrich")')
