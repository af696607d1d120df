"""Opening a saved game off the window's thread: reading and replaying a save takes from a tenth of
a second to about a second (saves are bounded, maria.record.saves.MAX_BYTES), and the window keeps
drawing and answering meanwhile, with a Cancel (issue "hostile files and faults", item 6)."""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

import pygame

from maria.ui import widgets as W
from maria.ui.overlays import ButtonScene, modal


class _Work(threading.Thread):
    """Runs `job` once; keeps its result or the exception it raised (a daemon: a cancelled load
    never holds the program open)."""

    def __init__(self, job: Callable[[], Any]):
        super().__init__(daemon=True, name="maria-load")
        self.job = job
        self.result: Any = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.result = self.job()
        except BaseException as exc:  # handed to the window's thread, which reports it
            self.error = exc


class LoadingScene(ButtonScene):
    """'Opening <name> …' over the screen below while `job` runs on its own thread; then `done`
    (with the result) or `failed` (with the exception) runs on the window's thread, with this
    scene already gone.  Cancel (or Esc) drops the result."""

    opaque = False

    def __init__(
        self,
        app,
        title: str,
        job: Callable[[], Any],
        done: Callable[[Any], None],
        failed: Callable[[BaseException], None],
    ):
        self.title, self.done, self.failed = title, done, failed
        self.started = time.perf_counter()
        self.cancelled = False
        super().__init__(app)
        self.work = _Work(job)
        self.work.start()

    def layout(self) -> None:
        self.buttons = [W.Button(pygame.Rect(960 - 90, 600, 180, 52), "Cancel", self.cancel, True, "cancel_load", 20)]

    def cancel(self) -> None:
        self.cancelled = True
        self.app.pop(self)

    def handle(self, e) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.cancel()
            return
        super().handle(e)

    def update(self, dt: float) -> None:
        if self.cancelled:
            return
        if self.work.is_alive():
            self.dirty = True  # the elapsed time
            return
        self.app.pop(self)
        if self.work.error is not None:
            self.failed(self.work.error)
        else:
            self.done(self.work.result)

    def finish(self, timeout: float = 30.0) -> None:
        """Wait for the work and hand over its outcome now (tests, a start-up `--load`)."""
        self.work.join(timeout)
        self.update(0.0)

    def draw(self, surf) -> None:
        r = modal(surf, pygame.Rect(960 - 420, 420, 840, 260), self.title, shade=110, size=28, top=30)
        secs = time.perf_counter() - self.started
        dots = "." * (1 + int(secs * 3) % 3)
        W.blit_text(
            surf,
            f"Reading the file and replaying its moves{dots}  {secs:0.1f} s",
            (960, r.y + 92),
            20,
            W.INK,
            "sans",
            "midtop",
        )
        self.draw_buttons(surf)


def swap_in_game(app, board) -> None:
    """Put a newly opened game's board on screen over the title screen (the stack's first scene);
    the game it replaces, if any, is autosaved first: opening another game never loses the one
    being played."""
    for scene in app.scenes:
        session = getattr(scene, "session", None)
        if session is not None and session is not board.session and hasattr(session, "autosave"):
            session.autosave()  # never raises; demos and viewers save nothing
    app.scenes = app.scenes[:1]
    app.push(board)
