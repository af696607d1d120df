"""A game's presenter on the one board screen (maria.ui.board_scene.BoardScene).

The board screen is one class for every game; what differs between the games (drawing the board
and its pieces, hit-testing them, the whole-move destinations of a dragged piece read from the
door's legal actions, the side panels, the decisions' dialogs, hover texts, the hand-off summary)
is the presenter's, chosen from the game's window front (`presenter(scene)` of the Game's "ui"
room).  The screen and its presenter read as one object: a name the presenter does not hold is
the screen's (its app, session, dirty flag, demo control, quiet notice, who saw which log line),
and a name the screen does not hold is the presenter's, so the presenter's code writes
`self.dirty = True` or `self.app.push(...)` and a dialog given the screen reads the presenter's
state.  What a presenter hands to another screen is always the board screen (`self.scene`)."""

from __future__ import annotations

from maria.ui.app import Scene


class Presenter:
    """The base of each game's presenter: the forwarding to the screen and the hooks the screen
    calls that a game may leave as they are."""

    def __init__(self, scene) -> None:
        object.__setattr__(self, "scene", scene)
        scene.__dict__["presenter"] = self  # reachable from the screen while it is being set up

    def __getattr__(self, name: str):
        # only for names the presenter does not hold: the screen's
        scene = self.__dict__.get("scene")
        if scene is None:
            raise AttributeError(name)
        return getattr(scene, name)

    def __setattr__(self, name: str, value) -> None:
        scene = self.__dict__.get("scene")
        if scene is not None and name in scene.__dict__:
            setattr(scene, name, value)  # the screen's own state stays the screen's
        else:
            object.__setattr__(self, name, value)

    # --- what each game's presenter gives --------------------------------------------------------
    def refresh(self) -> None:
        """Read the door's view and legal actions again (a new position or seat)."""
        raise NotImplementedError

    def draw(self, surf) -> None:
        """The whole board screen: the board and its pieces, the panels, the prompt, the hand."""
        raise NotImplementedError

    def handle(self, e) -> None:
        """An event of the window (the demo's bar has had it first)."""
        raise NotImplementedError

    def handoff_scene(self, role: str):
        """The "Pass to …" screen for `role` (the screen's hand_off pushes it)."""
        raise NotImplementedError

    def rules_scene(self):
        """The game's rules (the game menu's Rules)."""
        raise NotImplementedError

    def seats_scene(self):
        """Who plays each role (the game menu's Seats)."""
        raise NotImplementedError

    # --- hooks of the screen's loop (maria.ui.board_scene) -----------------------------------------
    def button_tip(self, pos) -> str | None:
        """The tooltip of the screen's button under `pos`."""
        return Scene.hover_tip(self.scene, pos)

    def on_top(self) -> None:
        """The board is on top again."""

    def on_covered(self) -> None:
        """A screen opens over the board: forget what the mouse pointed at."""

    def game_record(self):
        """What a crash report saves."""
        return self.session.record

    def keeps_on_quit(self) -> bool:
        """The program closes: is the game kept in its autosave?"""
        return True

    def redraw(self) -> None:
        """Something shown changed."""
        self.dirty = True

    def demo_changed(self) -> None:
        """The demo's bar took an event (pause, speed, a seat taken over or given back)."""
        self.redraw()

    def hover_tip(self, pos) -> str | None:
        return self.button_tip(pos)

    def tick(self, dt: float, top: bool) -> None:
        """Every frame, before the computers' turns: the presenter's animations."""

    def holds(self) -> bool:
        """The presenter holds the game this frame: nothing else of the loop runs."""
        return False

    def is_over(self) -> bool:
        return self.session.state.get("result") is not None

    def refuse(self, reason: str) -> None:
        """Say on the board why something was not done (a refusal, a failed autosave)."""
        self.message = reason
        self.dirty = True

    def game_over(self, top: bool) -> None:
        """Every frame once the game is over."""

    def computer_failed(self) -> None:
        """A computer player raised (the session's computer_failure)."""

    def computer_turns(self, dt: float) -> None:
        """The board is on top and the game goes on: let the computer seats act."""
