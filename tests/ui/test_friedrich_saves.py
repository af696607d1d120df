"""Saves name their game: a FRIEDRICH save is `game: friedrich` YAML with its
players, seed, options, action log and final state with check codes; saved from the board screen,
loaded from the title's Load screen with the same position; MARIA saves (no `game` field) still
load as MARIA."""

from __future__ import annotations

import pygame
import pytest

from maria.record import friedrich_saves as fsaves
from maria.ui.board_scene import BoardScene
from tests.ui.friedrich_helpers import advance, frederick_moves, open_board, session
from tests import yamlc


def _played(n: int = 120):
    s = session(humans=("frederick",))
    return advance(s, lambda s: len(s.record.actions) >= n)


def test_save_from_the_board_then_load_from_the_title_gives_the_same_position(ui, dirs):
    from maria.ui.settings import saves_dir

    s = advance(session(humans=("frederick",)), frederick_moves)  # the computers wait for him
    board = open_board(ui, s)
    ui.press("save", scene=board)
    for _ in range(12):
        ui.key(pygame.K_BACKSPACE, frames=1)
    ui.type("fgame")
    ui.key(pygame.K_RETURN)
    path = saves_dir() / "fgame.yaml"
    doc = yamlc.load(path.read_text(encoding="utf-8"))
    assert doc["game"] == "friedrich" and doc["players"] == 4 and doc["seed"] == 3
    assert len(doc["actions"]) == len(s.record.actions) and doc["digest"] == fsaves.digest(s.state)
    ui.app.scenes = [ui.app.scenes[0]]
    ui.app.top.on_top()
    ui.frames(1)
    ui.press("load")
    row = ui.top.button(("file", "fgame.yaml"))
    assert "FRIEDRICH, 4 players" in row.tip
    assert ui.top.button(("watch", "fgame.yaml")) is not None  # the replay viewer opens either game's save
    ui.press(("file", "fgame.yaml"))
    ui.settle()
    loaded = ui.app.find(BoardScene)
    assert loaded is not None and loaded is not board
    assert fsaves.digest(loaded.session.state) == fsaves.digest(s.state)
    assert loaded.session.seats == s.seats


def test_an_edited_friedrich_save_is_refused_with_a_reason(dirs, tmp_path):
    s = _played(60)
    p = tmp_path / "f.yaml"
    fsaves.save(p, s.record)
    assert fsaves.digest(fsaves.load(p).state) == fsaves.digest(s.state)
    head, mark, state = p.read_text(encoding="utf-8").partition("\nstate:")
    p.write_text(head + mark + state.replace("turn: 1\n", "turn: 2\n", 1), encoding="utf-8")
    with pytest.raises(fsaves.FSaveError, match="changed since it was saved"):
        fsaves.load(p)


def test_a_maria_save_without_a_game_field_still_loads_as_maria(ui, monkeypatch):
    from maria.paths import resource_root
    from maria.record.files import game_of

    sample = resource_root() / "saves" / "intro-2p-midgame.yaml"
    assert "game" not in yamlc.load(sample.read_text(encoding="utf-8"))
    assert game_of(sample) == "maria"
    ui.press("load")
    row = ui.top.button(("file", sample.name))
    assert "MARIA introductory" in row.tip
    # MARIA's board screen itself is tested elsewhere (it takes seconds to draw its map the first
    # time): here a stand-in records what the Load screen opened
    from maria.ui import app as app_mod, board_scene
    from maria.ui.session import Session

    opened = []

    class Stand(app_mod.Scene):
        def __init__(self, app, session):
            super().__init__(app)
            self.session, self.seat = session, None
            opened.append(session)

        def after_change(self):
            pass

        def since_last_look(self, role):
            return []

    monkeypatch.setattr(board_scene, "BoardScene", Stand)
    ui.app.settings.handoff_screens = False
    ui.press(("file", sample.name))
    ui.settle()
    assert len(opened) == 1 and isinstance(opened[0], Session)
    assert opened[0].record.players == 2 and opened[0].state["turn"] >= 1


def test_maria_refuses_a_friedrich_save_naming_its_game(tmp_path):
    from maria.record.saves import SaveError, load_game

    p = tmp_path / "f.yaml"
    fsaves.save(p, _played(10).record)
    with pytest.raises(SaveError, match="FRIEDRICH save"):
        load_game(p)


def test_closing_the_program_keeps_a_friedrich_game_in_progress(ui):
    from maria.ui.settings import saves_dir

    s = advance(session(humans=("frederick",)), frederick_moves)
    open_board(ui, s)
    ui.app.quit()
    assert s.autosave_file is not None and s.autosave_file.parent == saves_dir()
    doc = yamlc.load(s.autosave_file.read_text(encoding="utf-8"))
    assert doc["game"] == "friedrich" and doc["digest"] == fsaves.digest(s.state)
    # the next time: the title's "Continue last game" (FRIEDRICH chosen) opens it
    from maria.ui.scenes import TitleScene

    ui.app.running = True
    ui.app.scenes = [TitleScene(ui.app)]
    ui.frames(1)
    ui.press(("game", "friedrich"))
    ui.press("continue")
    ui.settle()
    board = ui.app.find(BoardScene)
    assert board is not None and fsaves.digest(board.session.state) == doc["digest"]
