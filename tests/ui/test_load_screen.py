"""The Load screen facing a hostile saves folder: file names that are not UTF-8, texts with control
characters, thousands of saves, saves of either game up to the largest each game writes."""

from __future__ import annotations

import os

import pytest

from maria.ui.board_scene import BoardScene
from maria.ui.overlays import MessageScene
from maria.ui.save_load import SaveLoadScene
from maria.ui.session import Session
from maria.ui.settings import saves_dir

posix = pytest.mark.skipif(os.name == "nt", reason="file names of raw bytes are POSIX")


def _file_button(scene, fragment):
    return next(b for b in scene.buttons if isinstance(b.key, tuple) and b.key[0] == "file" and fragment in b.key[1])


@posix
def test_load_screen_lists_non_utf8_file_name_and_opens_it(ui, dirs):
    s = Session.new("intro", 2, 4)
    saves_dir().mkdir(parents=True, exist_ok=True)
    good = saves_dir() / "x.yaml"
    s.save(good)
    raw = os.path.join(os.fsencode(saves_dir()), b"Spiel-M\xfcller.yaml")  # Latin-1, from an archive
    os.rename(good, raw)
    ui.press("load")
    lst = ui.top
    assert isinstance(lst, SaveLoadScene)
    ui.frames(5)  # drawn (the name reaches the font renderer)
    b = _file_button(lst, "Spiel-M")
    assert b.enabled and "Spiel-M\ufffdller" in b.tip.split("\n")[0].replace("\udcfc", "\ufffd")
    ui.click(b.rect.center)
    ui.settle()
    assert isinstance(ui.top, BoardScene) or ui.app.find(BoardScene) is not None


def test_a_nul_in_a_save_header_is_refused_with_a_message_that_draws(ui, dirs):
    s = Session.new("intro", 2, 4)
    saves_dir().mkdir(parents=True, exist_ok=True)
    p = saves_dir() / "nul.yaml"
    s.save(p)
    p.write_text(
        p.read_text(encoding="utf-8").replace("format: maria-save", 'format: maria-save\ngame: "ma\\0ria"', 1),
        encoding="utf-8",
    )
    ui.press("load")
    ui.press(("file", "nul.yaml"))
    ui.settle()
    ui.frames(3)
    assert isinstance(ui.top, MessageScene) and "nul.yaml" in ui.top.text


def _many_saves(n: int, prefix: str = "game") -> list:
    """`n` saves in the saves folder (hard links of one: the folder costs one file's space)."""
    saves_dir().mkdir(parents=True, exist_ok=True)
    first = saves_dir() / f"{prefix}-000.yaml"
    Session.new("intro", 2, 4).save(first)
    out = [first]
    for i in range(1, n):
        p = saves_dir() / f"{prefix}-{i:03d}.yaml"
        os.link(first, p)
        out.append(p)
    return out


def _on_window_thread(monkeypatch, module, name):
    """Record each call of module.name made on the window's (main) thread."""
    import threading

    calls = []
    real = getattr(module, name)

    def spy(*a, **k):
        if threading.current_thread() is threading.main_thread():
            calls.append(a[:1])
        return real(*a, **k)

    monkeypatch.setattr(module, name, spy)
    return calls


def test_the_load_screen_never_lists_or_reads_files_on_the_window_thread(ui, dirs, monkeypatch):
    from maria import yamlio
    from maria.record import files

    _many_saves(25)
    listed = _on_window_thread(monkeypatch, os, "scandir")
    stats = _on_window_thread(monkeypatch, files, "scan_saves")
    reads = _on_window_thread(monkeypatch, yamlio, "read_text")
    heads = _on_window_thread(monkeypatch, yamlio, "read_start")
    lst = ui.app.push(SaveLoadScene(ui.app, "load", None))  # (the title screen lists its autosaves)
    ui.frames(3)
    assert isinstance(lst, SaveLoadScene) and len(lst.entries()) >= 25
    assert "turn 1" in _file_button(lst, "game-000").tip  # the previews arrived
    pygame = __import__("pygame")
    for i in range(30):  # redraws: the mouse moves
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=ui.win((400 + i, 500)), rel=(1, 0), buttons=(0, 0, 0))
        )
        ui.frames(1)
    ui.press("next")
    ui.type("game-02")
    assert listed == [] and stats == [] and reads == [] and heads == []


def test_opening_a_save_reads_only_its_header_on_the_window_thread(ui, dirs, monkeypatch):
    from maria import yamlio

    _many_saves(1)
    ui.press("load")
    reads = _on_window_thread(monkeypatch, yamlio, "read_text")
    ui.press(("file", "game-000.yaml"))
    ui.settle()
    assert reads == [] and ui.app.find(BoardScene) is not None


def test_typing_on_the_load_screen_searches_the_names(ui, dirs):
    _many_saves(12, "spring")
    _many_saves(14, "autumn")
    ui.press("load")
    lst = ui.top
    assert lst.button("next") is not None  # 26 saves and the samples: pages
    ui.type("autumn-01")
    names = sorted(b.key[1] for b in lst.buttons if isinstance(b.key, tuple) and b.key[0] == "file")
    assert names == [f"autumn-{i:03d}.yaml" for i in range(10, 14)] and lst.button("next") is None
    ui.key(pygame_key("backspace"), frames=2)
    assert len([b for b in lst.buttons if isinstance(b.key, tuple) and b.key[0] == "file"]) == 10
    ui.key(pygame_key("escape"), frames=2)  # Esc clears the search first
    assert ui.top is lst and lst.query == ""
    ui.key(pygame_key("escape"), frames=2)
    assert ui.top is not lst


def pygame_key(name):
    import pygame

    return pygame.key.key_code(name)


def test_a_nul_in_a_notes_file_draws_in_the_notes_panel(ui, dirs):
    import pygame

    from maria.games.maria.rules import door
    from maria.ui.session import notes_path
    from tests.ui.test_play import _open

    s = Session.new("intro", 2, 3)
    saves_dir().mkdir(parents=True, exist_ok=True)
    p = saves_dir() / "n.yaml"
    s.save(p)
    notes_path(p).write_text(
        'notes:\n- {turn: 1, who: "Fre\\0derick", text: "Sile\\0sia \\x1b[2J"}\n', encoding="utf-8"
    )
    again = Session.load(p)
    assert "\0" in again.notes[0]["text"]  # kept as written: only drawing cleans it
    board = _open(ui, again, door.active_roles(again.state)[0])
    ui.key(pygame.K_n, "n")
    ui.frames(3)
    assert board.panel == "notes"


# The largest save each game wrote in long random games (`python tools/save_bounds.py --games 4`:
# every set-up of each game, undo snapshots kept as in a game saved mid-turn): the game, its
# set-up and the number of actions after which its save is largest.
LARGEST = {"maria": (("advanced", 2), 1, 923), "friedrich": (({"advanced": True}, 4), 2, 208)}


def _largest_save(game: str, path) -> None:
    (setup, players), seed, n = LARGEST[game]
    if game == "maria":
        from maria.lab import selfplay
        from maria.engine import rng
        from maria.record.game import GameRecord
        from maria.record.saves import save_game

        rec = GameRecord.new(variant=setup, players=players, seed=seed)
        chooser = {"rng": rng.seed_state(seed)}
        for _ in range(n):
            role = rec.active_roles()[0]
            rec.apply(role, selfplay.random_action(rec.state, role, chooser))
        save_game(path, rec)
    else:
        from maria.record import friedrich_saves as fsaves
        from maria.players.friedrich.random_moves import RandomPlayer
        from maria.games.friedrich.rules import door

        rec = fsaves.FRecord.new(players, seed, setup)
        rnd = RandomPlayer(seed)
        for _ in range(n):
            role = door.active_roles(rec.state)[0]
            rec.apply(role, rnd.decide(rec.state, role))
        fsaves.save(path, rec)


@pytest.mark.parametrize("game", ["maria", "friedrich"])
def test_the_largest_save_each_game_writes_opens_from_the_load_screen(ui, dirs, game):
    from maria.record.files import bounds_of

    saves_dir().mkdir(parents=True, exist_ok=True)
    p = saves_dir() / "largest.yaml"
    _largest_save(game, p)
    text = p.read_text(encoding="utf-8")
    bounds = bounds_of(game)
    # each game's bounds keep a margin of two over the largest save measured (maria.record.saves)
    assert len(text.encode()) * 2 <= bounds.MAX_BYTES
    assert (text.count("\n") + text.count(",")) * 2 <= bounds.MAX_VALUES
    ui.press("load")
    row = _file_button(ui.top, "largest")
    assert row.enabled and "turn" in row.tip and "not readable" not in row.tip, row.tip
    ui.click(row.rect.center)
    ui.settle()
    assert ui.app.find(BoardScene) is not None
