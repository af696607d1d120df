"""The title screen, the new-game set-up and opening a saved game: the screens that start a game
(they create the board screen; the overlays they open live in maria.ui.overlays)."""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from maria.ui import widgets as W
from maria.ui.overlays import ButtonScene, HandoffScene, MessageScene, SettingsScene, SetupBase, _title_bg
from maria.ui.save_load import SaveLoadScene
from maria.ui.seats_scene import SeatsScene
from maria.ui.session import SaveError, Seat, Session, default_seats, power_name, role_name
from maria.ui.board_layout import FORCED_TYPES
from maria.ui.loading import LoadingScene, swap_in_game

# The board screen and the screens built on it (demo, lessons, replay, story) are imported where a
# game starts, not here: the title screen then shows in about half the time (`main.py --bench-ui`).


def front(game: str | None):
    """The window's part of the game called `game` (its Game's "ui" room: maria.ui.maria_front,
    maria.ui.friedrich_front), imported when first asked for."""
    from maria import games

    return games.get(game).room("ui")


def open_saved_game(app, path: Path, seats: dict | None = None, on_fail=None) -> bool:
    """Load a game of either game off the window's thread (maria.ui.loading); on failure show the
    message, call `on_fail` and leave whatever is open untouched.  Returns True: the load has
    started.  A save names its game (maria.record.files.game_of)."""
    from maria.record.files import game_of

    return front(game_of(Path(path))).open_save(app, Path(path), seats, on_fail)


def open_maria_save(app, path: Path, seats: dict | None = None, on_fail=None) -> bool:
    """Load a MARIA save (open_saved_game through MARIA's front)."""
    path = Path(path)

    def failed(exc: BaseException) -> None:
        why = str(exc) if isinstance(exc, SaveError) else f"{path.name}: {exc}"  # never a crash
        app.push(MessageScene(app, "This game cannot be loaded", why))
        if on_fail is not None:
            on_fail()

    def done(session: Session) -> None:
        from maria.ui.board_scene import BoardScene

        # the new board is built before anything is replaced: if building it fails, the game being
        # played is still on the stack (and a crash's emergency save keeps it)
        board = BoardScene(app, session)
        if not (app.scenes and isinstance(app.scenes[0], TitleScene)):
            app.scenes.insert(0, TitleScene(app))
        swap_in_game(app, board)
        board.after_change()
        if (
            app.top is board
            and len(session.humans()) > 1
            and app.settings.handoff_screens
            and not session.is_computer(board.seat)
        ):
            app.push(HandoffScene(app, board.seat, board))  # nothing private before the hand-off

    app.push(LoadingScene(app, f"Opening {path.name}", lambda: Session.load(path, seats), done, failed))
    return True


def wire(app) -> None:
    """Install the screens that lower layers open by name (App.open_screen): the rules panel (F1)
    and opening a saved game (the load screen)."""
    app.screens.setdefault("rules", _rules_panel)
    app.screens.setdefault("saved_game", open_saved_game)
    app.screens.setdefault("save_load", lambda a, mode, board: SaveLoadScene(a, mode, board))
    app.screens.setdefault("replay", open_replay)
    app.screens.setdefault("story", _open_story)
    app.screens.setdefault("seats", lambda a, board, levels: SeatsScene(a, board, levels))


def game_on_screen(app) -> str:
    """The game being played or watched (the highest screen that belongs to a game), else the one
    the title offers."""
    for s in reversed(app.scenes):
        g = getattr(s, "game", None)
        if isinstance(g, str) and not isinstance(s, TitleScene):
            return g
    return getattr(app, "game_choice", "maria")


def _rules_panel(app, *args):
    """F1: the rules of the game on screen."""
    return front(game_on_screen(app)).rules_scene(app, *args)


def _open_story(app, record):
    from maria.ui.story_scene import StoryScene

    return app.push(StoryScene(app, record))


def open_replay(app, source) -> bool:
    """Watch a game (a saved file or a game record, either game's) in the replay viewer; a file is
    read off the window's thread, and one that cannot be loaded says why and nothing else changes."""
    from maria.record.files import SaveFileError, game_of, load

    if not isinstance(source, (str, Path)):
        app.push(front(getattr(source, "game", None)).replay_board(app, source))
        return True
    game = game_of(source)  # a save names its game

    def failed(exc: BaseException) -> None:
        why = str(exc) if isinstance(exc, SaveFileError) else f"{Path(source).name}: {exc}"
        app.push(MessageScene(app, "This game cannot be watched", why))

    app.push(
        LoadingScene(
            app,
            f"Opening {Path(source).name}",
            lambda: load(source),
            lambda record: app.push(front(game).replay_board(app, record)),
            failed,
        )
    )
    return True


class TitleScene(ButtonScene):
    """The root of every screen stack: it also wires the app's named screens."""

    def __init__(self, app):
        wire(app)
        super().__init__(app)

    @property
    def game(self) -> str:
        """The game the title offers (the registry's name; maria.games)."""
        return getattr(self.app, "game_choice", "maria")

    def layout(self) -> None:
        from maria import games

        shown = front(self.game)
        has_auto = shown.last_autosave() is not None
        items = [
            ("Learn to play", self.learn, "learn", shown.HAS_LESSONS),
            ("New game", self.new_game, "new"),
            ("Continue last game", self.cont, "continue", has_auto),
            ("Load", self.load, "load"),
            ("Demo", self.demo, "demo"),
            ("Settings", self.settings, "settings"),
            ("Rules", self.rules, "rules"),
            ("Quit", self.app.quit, "quit"),
        ]
        names = games.names()
        width = 200
        x0 = 960 - (len(names) * (width + 10) - 10) // 2
        self.buttons = [
            W.Button(
                pygame.Rect(x0 + i * (width + 10), 404, width, 46),
                front(g).TITLE,
                self._choose(g),
                True,
                ("game", g),
                20,
                tip=front(g).TIP,
                selected=g == self.game,
            )
            for i, g in enumerate(names)
        ]
        y = 466
        for it in items:
            enabled = it[3] if len(it) > 3 else True
            self.buttons.append(W.Button(pygame.Rect(960 - 200, y, 400, 56), it[0], it[1], enabled, it[2], 26))
            y += 66

    def _choose(self, game: str):
        def f():
            self.app.game_choice = game

        return f

    def demo(self):
        """The demo of the game chosen on the title (every seat a computer player)."""
        front(self.game).demo(self.app)

    def learn(self):
        from maria.ui.lesson_scene import start_lessons

        start_lessons(self.app)

    def new_game(self):
        front(self.game).new_game(self.app)

    def cont(self):
        last = front(self.game).last_autosave()
        if last is not None:
            open_saved_game(self.app, last)

    def load(self):
        self.app.push(SaveLoadScene(self.app, "load", None))

    def settings(self):
        self.app.push(SettingsScene(self.app))

    def rules(self):
        self.app.push(_rules_panel(self.app))

    def back(self):
        pass

    def on_top(self):
        super().on_top()
        self.layout()

    def draw(self, surf) -> None:
        _title_bg(surf)
        shown = front(self.game)
        W.blit_text(surf, shown.TITLE, (960, 150), 130, (110, 30, 24), "serif_bold", "midtop")
        W.blit_text(surf, shown.SUBTITLE, (960, 300), 34, W.INK, "serif", "midtop")
        W.blit_text(surf, shown.BLURB, (960, 350), 22, (90, 75, 55), "sans", "midtop")
        self.draw_buttons(surf)
        W.blit_text(surf, "F1 rules · F11 fullscreen · Esc back", (960, 1030), 18, (90, 75, 55), "sans", "midbottom")


class SetupScene(SetupBase):
    def __init__(self, app):
        self.players = 3
        self.variant = "intro"
        self.political_rule = True  # R25, the optional political rule (default on)
        self.agreements = True  # R21 binding agreements: on in a game with a human seat (RUL-A38)
        self.seats = {s.role: s for s in default_seats(3)}
        self.seed = random.randrange(1, 100000)
        self.seed_text = None
        self._remembered(app.settings.new_game.get("maria"))
        super().__init__(app)

    def _remembered(self, last) -> None:
        """The choices of the last game started here (the settings file), where they still make
        sense; a new seed each time."""
        if not isinstance(last, dict):
            return
        if last.get("variant") in ("intro", "advanced"):
            self.variant = last["variant"]
        if isinstance(last.get("political_rule"), bool):
            self.political_rule = last["political_rule"]
        if isinstance(last.get("agreements"), bool):
            self.agreements = last["agreements"]
        if last.get("players") in (2, 3):
            self.players = last["players"]
            self.seats = {s.role: s for s in default_seats(self.players)}
        seats = last.get("seats")
        for role in list(self.seats):
            seat = seats.get(role) if isinstance(seats, dict) else None
            if (
                isinstance(seat, dict)
                and seat.get("kind") in ("human", "computer")
                and seat.get("level") in ("easy", "normal", "hard", "random")
            ):
                self.seats[role] = Seat(role, seat["kind"], seat["level"])

    def _remember(self) -> None:
        self.app.settings.new_game["maria"] = {
            "variant": self.variant,
            "players": self.players,
            "political_rule": self.political_rule,
            "agreements": self.agreements,
            "seats": {r: {"kind": s.kind, "level": s.level} for r, s in self.seats.items()},
        }
        self.app.settings.save()

    def layout(self) -> None:
        b = []
        b.append(
            W.Button(
                pygame.Rect(700, 180, 260, 52),
                "Introductory",
                self._variant("intro"),
                True,
                "intro",
                20,
                selected=self.variant == "intro",
            )
        )
        b.append(
            W.Button(
                pygame.Rect(980, 180, 260, 52),
                "Advanced",
                self._variant("advanced"),
                True,
                "advanced",
                20,
                selected=self.variant == "advanced",
            )
        )
        if self.variant == "advanced":
            mark = "☑" if self.political_rule else "☐"
            b.append(
                W.Button(
                    pygame.Rect(1260, 180, 420, 52),
                    f"{mark} Optional political rule (R25)",
                    self._toggle_political,
                    True,
                    "political_rule",
                    18,
                )
            )
            mark = "☑" if self.agreements else "☐"
            b.append(
                W.Button(
                    pygame.Rect(1260, 236, 420, 48),
                    f"{mark} Binding agreements (§21)",
                    self._toggle_agreements,
                    True,
                    "agreements",
                    18,
                )
            )
        for i, n in enumerate((2, 3)):
            b.append(
                W.Button(
                    pygame.Rect(700 + i * 280, 290, 260, 52),
                    f"{n} players",
                    self._players(n),
                    True,
                    ("players", n),
                    20,
                    selected=self.players == n,
                )
            )
        y = 390
        for role in self.seats:
            seat = self.seats[role]
            b += self.seat_row(
                role, y, seat.kind == "human", seat.level, ("easy", "normal", "hard", "random"), 150, str.title
            )
            y += 64
        self.buttons = b + self.seed_row(620) + self.back_start()

    def _variant(self, v):
        def f():
            self.variant = v

        return f

    def _toggle_political(self):
        self.political_rule = not self.political_rule

    def _toggle_agreements(self):
        self.agreements = not self.agreements

    def _players(self, n):
        def f():
            self.players = n
            self.seats = {s.role: s for s in default_seats(n)}

        return f

    def _kind(self, role, kind, level="easy"):
        def f():
            self.seats[role] = Seat(role, kind, level)

        return f

    def start(self):
        self._remember()
        opts = None
        if self.variant == "advanced":
            human = any(s.kind == "human" for s in self.seats.values())
            opts = {"optional_political_rule": self.political_rule}
            if self.agreements and human:  # R21 (RUL-A38)
                opts["agreements"] = True
        session = Session.new(self.variant, self.players, self.seed, list(self.seats.values()), opts)
        self.app.scenes = [self.app.scenes[0]]
        from maria.ui.board_scene import BoardScene

        board = self.app.push(BoardScene(self.app, session))
        if session.humans():
            first = session.next_role(forced=FORCED_TYPES)
            if (
                first
                and not session.is_computer(first)
                and len(session.humans()) > 1
                and self.app.settings.handoff_screens
            ):
                board.seat = first
                board.refresh()
                self.app.push(HandoffScene(self.app, first, board))

    def draw(self, surf) -> None:
        _title_bg(surf)
        W.blit_text(surf, "New game", (960, 80), 60, (110, 30, 24), "serif_bold", "midtop")
        W.blit_text(surf, "Rules", (660, 192), 24, W.INK, "sans_bold", "topright")
        W.blit_text(
            surf,
            "Introductory: 9 turns on the Bohemia map.   Advanced: 12 turns on both maps, politics, "
            "the imperial election, winter scores.",
            (700, 240),
            16,
            (100, 85, 60),
        )
        W.blit_text(surf, "Players", (660, 302), 24, W.INK, "sans_bold", "topright")
        y = 390
        for role, seat in self.seats.items():
            powers = ", ".join(power_name(p) for p in _powers(role, self.players, self.variant))
            W.blit_text(surf, role_name(role), (660, y + 2), 24, W.INK, "serif_bold", "topright")
            W.blit_text(surf, powers, (660, y + 30), 15, (100, 85, 60), "sans", "topright")
            y += 64
        self.draw_seed(surf, 620)
        W.blit_text(surf, "type digits to edit", (1240, 634), 16, (100, 85, 60))
        W.blit_text(
            surf,
            "Computer seats see only what a human in their seat would see. Random and Easy are quick; "
            "Hard thinks ~1.5 s a move.",
            (960, 720),
            18,
            (100, 85, 60),
            "sans",
            "midtop",
        )
        self.draw_buttons(surf)


def _powers(role, players, variant="intro"):
    from maria.games.maria.rules.roles import role_table

    return role_table(players, variant).get(role, [])
