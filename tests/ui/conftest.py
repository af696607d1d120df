"""Headless UI driving: the real App loop, events posted as a player would make them."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # the sound effects stay silent in tests
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

WINDOW = (1280, 720)  # not the logical size: every click goes through the canvas mapping


@pytest.fixture()
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("MARIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("MARIA_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


@pytest.fixture()
def app(dirs):
    from tests.ui.headless import headless_app

    yield headless_app(WINDOW, frames=2)
    pygame.quit()


class Driver:
    def __init__(self, app):
        self.app = app

    def frames(self, n=3):
        self.app.run(max_frames=n)
        self.lists_read()

    def lists_read(self):
        """A save list reads its folder and previews off the window's thread (maria.ui.save_index):
        let what it asked for arrive, as a player waits a moment, and draw it."""
        for _ in range(10):
            top = self.app.top
            if not hasattr(top, "reading") or not top.reading():
                return
            top.index.wait()
            self.app.run(max_frames=1)

    def win(self, pos):
        return self.app.map.to_window(pos)

    def click(self, pos, button=1, frames=3):
        w = self.win(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=w))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=w))
        self.frames(frames)

    def drag(self, a, b, steps=8, frames=3):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=self.win(a)))
        self.frames(1)
        last = self.win(a)
        for i in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
            w = self.win(p)
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(w[0] - last[0], w[1] - last[1]), buttons=(1, 0, 0))
            )
            last = w
            self.frames(1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=self.win(b)))
        self.frames(frames)

    def key(self, key, unicode="", mod=0, frames=2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
        self.frames(frames)

    def type(self, text):
        for ch in text:
            self.key(pygame.key.key_code(ch) if ch.isalnum() else 0, ch, frames=1)

    def settle(self, frames=2):
        """Let a game being opened off the window's thread (maria.ui.loading) arrive."""
        from maria.ui.loading import LoadingScene

        for _ in range(20):
            loading = next((s for s in self.app.scenes if isinstance(s, LoadingScene)), None)
            if loading is None:
                return
            loading.finish()
            self.frames(frames)
        raise AssertionError("a load never finished")

    def press(self, key, scene=None, frames=3):
        """Click the button with this key on the top scene (or the given scene)."""
        scene = scene or self.app.top
        b = scene.button(key)
        assert b is not None, f"no button {key!r} on {type(scene).__name__}"
        assert b.enabled, f"button {key!r} is disabled"
        self.click(b.rect.center, frames=frames)

    def watch(self, name):
        """Title → Load → "Watch" on the save `name`: the replay viewer, once its file is read."""
        from maria.ui.save_load import SaveLoadScene

        self.press("load")
        assert isinstance(self.top, SaveLoadScene)
        self.press(("watch", name))
        self.settle()
        return self.top

    @property
    def top(self):
        return self.app.top


@pytest.fixture()
def ui(app):
    return Driver(app)
