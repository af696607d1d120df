"""The board screen: one screen for every game, the game's part behind its presenter.

The screen is what both games share: the scene in the window's stack (covered, on top, quit), the
loop of a frame (the presenter's animations, the end of a background autosave said, the quiet
notice's time, the game over, a computer player's failure, the computers' turns while the board is
seen and the demo runs), the demo's controls, the autosave with its failure said on the board, the
game record a crash report saves, the hot-seat hand-off (the presenter's "Pass to …" screen) with
who last saw which log line (its summary), the quiet notice and the hover tips.  The game's part
is its presenter (maria.ui.presenter): MARIA's (maria.ui.maria_presenter) and FRIEDRICH's
(maria.ui.friedrich_presenter) draw the board and its pieces, hit-test them, light the whole-move
destinations of a dragged piece from the door's legal actions, draw the side panels, the hand as
cards and the battle, and open the decisions' dialogs.  The presenter comes from the game's window
front (`presenter(scene)` of the Game's "ui" room), so this screen never names a game.
"""

from __future__ import annotations

import sys

from maria import games
from maria.ui.app import Scene

NOTICE_SECONDS = 4.0  # how long a quiet confirmation stays


def presenter_of(state: dict):
    """The presenter factory of the game `state` belongs to (its window front's `presenter`)."""
    return games.of_state(state).room("ui").presenter


class BoardScene(Scene):
    """The board screen of any game.  `presenter` (a callable taking the screen) replaces the
    game's own presenter: the guided game's and the replay viewer's."""

    def __init__(self, app, session, presenter=None):
        super().__init__(app)
        self.session = session
        self.game = games.of_state(session.state).name  # the registry's name (F1 opens its rules)
        self.demo = None  # maria.ui.demo.DemoControl when the demo mode runs this board
        self.notice = None  # a quiet confirmation on the map ("Saved as …"): {"text", "t"}
        self.seen_log: dict[str, int] = {}  # role -> log length when that player last saw the board
        self.frames = 0  # frames updated (the demo test checks events every frame)
        self.events = 0  # events handled (the animation tests check they keep coming)
        self._shown_autosave: tuple | None = None  # the autosave whose end was last said
        (presenter or presenter_of(session.state))(self)  # it sets self.presenter

    # --- the screen and its presenter read as one object (maria.ui.presenter) --------------------
    def __getattr__(self, name: str):
        p = self.__dict__.get("presenter")
        if p is None:
            raise AttributeError(name)
        try:
            return object.__getattribute__(p, name)
        except AttributeError:
            raise AttributeError(f"the board screen has no {name!r}") from None

    def __setattr__(self, name: str, value) -> None:
        p = self.__dict__.get("presenter")
        if p is not None and name not in self.__dict__ and self._presenters(p, name):
            setattr(p, name, value)
        else:
            object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        p = self.__dict__.get("presenter")
        if p is not None and name not in self.__dict__ and name in p.__dict__:
            delattr(p, name)
        else:
            object.__delattr__(self, name)

    @staticmethod
    def _presenters(p, name: str) -> bool:
        return name in p.__dict__ or hasattr(type(p), name)

    # --- the window's stack -------------------------------------------------------------------
    def on_top(self) -> None:
        super().on_top()
        self.presenter.on_top()

    def on_covered(self) -> None:
        """A screen opens over the board (a dialog, the menu, a hand-off): what the mouse pointed at
        is forgotten, so no tooltip or lit button of this layer outlives it."""
        super().on_covered()
        self.presenter.on_covered()

    def game_record(self):
        """What a crash report saves (an emergency save of the game)."""
        return self.presenter.game_record()

    def on_quit(self) -> None:
        """The program closes: a game in progress is kept in its autosave (Continue last game)."""
        if self.presenter.keeps_on_quit() and self.session.autosave() is None and self.session.autosave_problem:
            print(f"{games.of_state(self.session.state).title}: {self.session.autosave_problem}", file=sys.stderr)

    def autosave(self) -> None:
        """Autosave; a failure (full or read-only disk) is said on the board at once."""
        if self.session.autosave() is None and self.session.autosave_problem:
            self.presenter.refuse(self.session.autosave_problem)

    def since_last_look(self, role: str) -> list[dict]:
        """The log entries since `role` last saw the board (the hand-off screen's summary; the log
        is public: each game's view passes it whole to every role)."""
        log = self.session.state["log"]
        return log[self.seen_log.get(role, len(log)) :]

    def hand_off(self, role: str) -> None:
        """Hot seat: the screen passes to `role`'s player; the presenter's "Pass to …" screen, with
        what happened since that player last looked (since_last_look), covers the board."""
        self.app.push(self.presenter.handoff_scene(role))

    def notify(self, text: str) -> None:
        """A quiet confirmation ("Saved as …") at the map's top right corner (the presenter's
        notice_rect), gone by itself after a few seconds: nothing to click."""
        self.notice = {"text": text, "t": 0.0}
        self.dirty = True

    def hover_tip(self, pos) -> str | None:
        return self.presenter.hover_tip(pos)

    # --- the loop -----------------------------------------------------------------------------
    def handle(self, e) -> None:
        self.events += 1
        if self.demo is not None and self.demo.handle(e):
            self.presenter.demo_changed()
            return
        self.presenter.handle(e)

    def update(self, dt: float) -> None:
        self.frames += 1
        s, p = self.session, self.presenter
        top = self.app.top is self
        p.tick(dt, top)
        if p.holds():
            return  # the presenter holds the game (a lesson being read, the replay viewer)
        shown = self._shown_autosave
        if (s.autosaved_at, s.autosave_problem) != shown:
            # an autosave written in the background has ended: say when (or why it failed)
            if s.autosave_problem and s.autosave_problem != (shown or (0, 0))[1]:
                p.refuse(s.autosave_problem)
            self._shown_autosave = (s.autosaved_at, s.autosave_problem)
            p.redraw()
        if self.notice and top:
            self.notice["t"] += dt
            if self.notice["t"] >= NOTICE_SECONDS:
                self.notice = None
                self.dirty = True
        if p.is_over():
            p.game_over(top)
            return
        if not top or (self.demo is not None and self.demo.paused):
            return
        if s.computer_failure is not None:
            p.computer_failed()
            return
        p.computer_turns(dt)

    def draw(self, surf) -> None:
        self.presenter.draw(surf)
