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
    return next(b for b in scene.buttons if isinstance(b.key, tuple) and b.key[0] == "file"
                and fragment in b.key[1])


@posix
def test_load_screen_lists_non_utf8_file_name_and_opens_it(ui, dirs):
    s = Session.new("intro", 2, 4)
    saves_dir().mkdir(parents=True, exist_ok=True)
    good = saves_dir() / "x.yaml"
    s.save(good)
    raw = os.path.join(os.fsencode(saves_dir()), b"Spiel-M\xfcller.yaml")     # Latin-1, from an archive
    os.rename(good, raw)
    ui.press("load")
    lst = ui.top
    assert isinstance(lst, SaveLoadScene)
    ui.frames(5)                                         # drawn (the name reaches the font renderer)
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
    p.write_text(p.read_text(encoding="utf-8").replace("format: maria-save", 'format: maria-save\ngame: "ma\\0ria"', 1),
                 encoding="utf-8")
    ui.press("load")
    ui.press(("file", "nul.yaml"))
    ui.settle()
    ui.frames(3)
    assert isinstance(ui.top, MessageScene) and "nul.yaml" in ui.top.text
