"""A saved game is read off the window's thread: the window keeps drawing and answering while a
save is read and replayed, and Cancel drops the load (issue "hostile files and faults", item 6)."""

from __future__ import annotations

import threading

from maria.ui.board_scene import BoardScene
from maria.ui.loading import LoadingScene
from maria.ui.overlays import MessageScene
from maria.ui.save_load import SaveLoadScene
from maria.ui.session import Session
from maria.ui.settings import saves_dir


def _slow_load(monkeypatch):
    gate = threading.Event()
    real = Session.load.__func__

    def slow(cls, path, seats=None):
        assert threading.current_thread() is not threading.main_thread()  # never on the window's thread
        gate.wait(10)
        return real(cls, path, seats)

    monkeypatch.setattr(Session, "load", classmethod(slow))
    return gate


def _save_one():
    s = Session.new("intro", 3, 4)
    s.save(saves_dir() / "slow.yaml")
    return s


def test_the_window_keeps_answering_while_a_save_loads(ui, dirs, monkeypatch):
    _save_one()
    gate = _slow_load(monkeypatch)
    ui.press("load")
    ui.press(("file", "slow.yaml"))
    loading = ui.top
    assert isinstance(loading, LoadingScene) and "slow.yaml" in loading.title
    frames = ui.app.frames
    ui.frames(10)  # the loop runs: frames are drawn meanwhile
    assert ui.app.frames >= frames + 10 and ui.top is loading
    gate.set()
    ui.settle()
    assert isinstance(ui.top, BoardScene) or ui.app.find(BoardScene) is not None


def test_cancel_drops_the_load_and_changes_nothing(ui, dirs, monkeypatch):
    _save_one()
    gate = _slow_load(monkeypatch)
    ui.press("load")
    lst = ui.top
    ui.press(("file", "slow.yaml"))
    assert isinstance(ui.top, LoadingScene)
    ui.press("cancel_load")
    assert ui.top is lst  # back on the list, nothing opened
    gate.set()
    ui.frames(5)
    assert ui.top is lst and ui.app.find(BoardScene) is None


def test_a_failed_load_off_the_thread_says_why_and_keeps_the_list(ui, dirs):
    saves_dir().mkdir(parents=True, exist_ok=True)
    (saves_dir() / "bad.yaml").write_text("format: maria-save\nschema: 1\n", encoding="utf-8")
    ui.press("load")
    lst = ui.top
    ui.press(("file", "bad.yaml"))
    ui.settle()
    assert isinstance(ui.top, MessageScene) and "bad.yaml" in ui.top.text
    ui.press("ok")
    assert ui.top is lst and isinstance(lst, SaveLoadScene) and "could not be loaded" in lst.error
