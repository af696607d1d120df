"""Starting a FRIEDRICH game: the new-game set-up (3 or 4 players, each role human or computer,
the seed; 2005 rules §1) and opening a FRIEDRICH save (maria.record.friedrich_saves) from the Load screen."""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from maria.ui import widgets as W
from maria.ui.friedrich_panels import FRulesScene
from maria.ui.board_scene import BoardScene
from maria.ui.friedrich_presenter import shipped_board
from maria.ui.friedrich_session import ROLES, FSession, computer_levels, nation_label, new_seed, role_label
from maria.ui.loading import LoadingScene, swap_in_game
from maria.ui.overlays import MessageScene, SetupBase, _title_bg

ROLE_NATIONS = {
    "frederick": ["prussia", "hanover"],
    "elisabeth": ["russia", "sweden"],
    "maria_theresa": ["austria", "imperial_army"],
    "pompadour": ["france"],
    "elisabeth_pompadour": ["russia", "sweden", "france"],
}


def start(app, session: FSession) -> BoardScene:
    """Put the FRIEDRICH board on screen over the title (hand-off first when 2+ humans share it)."""
    shipped_board()
    board = BoardScene(app, session)  # built before the running game is replaced
    swap_in_game(app, board)
    board.after_change()
    return board


def open_friedrich_save(app, path: Path, on_fail=None) -> bool:
    """Load a FRIEDRICH save off the window's thread (the log is replayed and checked)."""
    path = Path(path)

    def failed(exc: BaseException) -> None:
        app.push(MessageScene(app, "This game cannot be loaded", str(exc)))
        if on_fail is not None:
            on_fail()

    app.push(LoadingScene(app, f"Opening {path.name}", lambda: FSession.load(path), lambda s: start(app, s), failed))
    return True


# the advanced rules of the 2005 rulebook (§13), each an option of the game (off: the standard game)
ADVANCED = {"fate_by_sector": "Fate by sector", "east_prussia": "East Prussia", "offensive_option": "Offensive Option"}
CONDUCT = "code_of_conduct"  # §5 « Code de bonne conduite », enforced: on when a computer plays
# §2 « Les nations sont tirées au sort par les joueurs en utilisant les Cartes Tactiques suivantes :
# ♠13, ♦13, ♥13 et ♣13 »: the cards in the text's order stand for the roles in §1's order
THIRTEENS = {
    "frederick": "♠13",
    "elisabeth": "♦13",
    "elisabeth_pompadour": "♦13",
    "maria_theresa": "♥13",
    "pompadour": "♣13",
}


def deal_roles(roles: list[str], rnd: random.Random) -> dict[int, str]:
    """The players at the table (1, 2, …) each draw one 13: which role each one plays."""
    cards = list(roles)
    rnd.shuffle(cards)
    return {i + 1: r for i, r in enumerate(cards)}


class FSetupScene(SetupBase):
    def __init__(self, app):
        self.players = 4
        self.levels = computer_levels()
        self.seats = {r: {"kind": "human", "level": self.levels[0]} for r in ROLES[4]}
        self.seed = new_seed()
        self.seed_text: str | None = None
        self.options: dict[str, bool] = {k: False for k in ADVANCED}  # §13, all off: the standard game
        self.conduct: bool | None = None  # §5 code of conduct; None: on when a computer plays
        self.dealing = True  # hot-seat: the roles are dealt (§2), or chosen
        self.deal: dict[int, str] = {}
        self._remembered(app.settings.new_game.get("friedrich"))
        self.deal_again()
        super().__init__(app)

    def humans(self) -> list[str]:
        return [r for r, seat in self.seats.items() if seat["kind"] == "human"]

    def deal_again(self) -> None:
        """A fresh draw of the 13s among the human seats (hot-seat: two humans or more)."""
        humans = self.humans()
        self.deal = deal_roles(humans, random.Random()) if self.dealing and len(humans) > 1 else {}

    def _deal_again(self):
        self.dealing = True
        self.deal_again()

    def _choose_seats(self):
        self.dealing = False
        self.deal_again()

    def _remembered(self, last) -> None:
        """The choices of the last FRIEDRICH game started here (the settings file), where they
        still make sense; a new seed each time."""
        if not isinstance(last, dict):
            return
        if last.get("players") in (3, 4):
            self.players = last["players"]
            self.seats = {r: {"kind": "human", "level": self.levels[0]} for r in ROLES[self.players]}
        seats = last.get("seats")
        for role in list(self.seats):
            seat = seats.get(role) if isinstance(seats, dict) else None
            if (
                isinstance(seat, dict)
                and seat.get("kind") in ("human", "computer")
                and seat.get("level") in self.levels
            ):
                self.seats[role] = {"kind": seat["kind"], "level": seat["level"]}
        opts = last.get("options")
        for key in ADVANCED:
            if isinstance(opts, dict) and isinstance(opts.get(key), bool):
                self.options[key] = opts[key]

    def _remember(self) -> None:
        self.app.settings.new_game["friedrich"] = {
            "players": self.players,
            "seats": {r: dict(s) for r, s in self.seats.items()},
            "options": dict(self.options),
        }
        self.app.settings.save()

    def layout(self) -> None:
        b = []
        for i, n in enumerate((3, 4)):
            b.append(
                W.Button(
                    pygame.Rect(700 + i * 280, 200, 260, 52),
                    f"{n} players",
                    self._players(n),
                    True,
                    ("players", n),
                    20,
                    selected=self.players == n,
                )
            )
        if len(self.humans()) > 1:  # hot-seat: deal the roles (§2) or let the table choose
            b.append(
                W.Button(
                    pygame.Rect(1300, 200, 240, 52),
                    "Deal the roles",
                    self._deal_again,
                    True,
                    "deal",
                    18,
                    selected=bool(self.deal),
                )
            )
            b.append(
                W.Button(
                    pygame.Rect(1560, 200, 240, 52),
                    "Choose seats",
                    self._choose_seats,
                    True,
                    "choose_seats",
                    18,
                    selected=not self.deal,
                )
            )
        y = 300
        for role, seat in self.seats.items():
            b += self.seat_row(
                role, y, seat["kind"] == "human", seat["level"], self.levels, 190, lambda lvl: f"Computer ({lvl})"
            )
            y += 72
        b += self.seed_row(640)
        b.append(W.Button(pygame.Rect(1240, 640, 160, 48), "Rules", self.rules, True, "rules", 18))
        for i, (key, label) in enumerate(ADVANCED.items()):
            b.append(
                W.Button(
                    pygame.Rect(700 + i * 280, 770, 260, 48),
                    label,
                    self._option(key),
                    True,
                    ("option", key),
                    18,
                    selected=self.options[key],
                )
            )
        b.append(
            W.Button(
                pygame.Rect(1540, 770, 280, 48),
                "Code of conduct (§5)",
                self._conduct,
                True,
                ("option", CONDUCT),
                18,
                selected=self.conduct_on(),
            )
        )
        self.buttons = b + self.back_start()

    def conduct_on(self) -> bool:
        if self.conduct is not None:
            return self.conduct
        return any(seat["kind"] == "computer" for seat in self.seats.values())

    def _conduct(self):
        self.conduct = not self.conduct_on()

    def _players(self, n):
        def f():
            self.players = n
            self.seats = {r: {"kind": "human", "level": self.levels[0]} for r in ROLES[n]}
            self.deal_again()

        return f

    def _kind(self, role, kind, level=None):
        def f():
            was = self.seats[role]["kind"]
            self.seats[role] = {"kind": kind, "level": level or self.levels[0]}
            if kind != was:
                self.deal_again()

        return f

    def _option(self, key):
        def f():
            self.options[key] = not self.options[key]

        return f

    def rules(self):
        self.app.push(FRulesScene(self.app))

    def start(self):
        self._remember()
        options = {k: True for k, on in self.options.items() if on}
        if self.conduct_on():
            options[CONDUCT] = True
        start(self.app, FSession.new(self.players, self.seed, dict(self.seats), options))

    def draw(self, surf) -> None:
        _title_bg(surf)
        W.blit_text(surf, "New game of FRIEDRICH", (960, 80), 60, (110, 30, 24), "serif_bold", "midtop")
        W.blit_text(surf, "Players", (660, 212), 24, W.INK, "sans_bold", "topright")
        W.blit_text(
            surf,
            "The 2005 standard rules. With 3 players one player takes Elisabeth and Pompadour (§1).",
            (700, 262),
            16,
            (100, 85, 60),
        )
        y = 300
        player = {r: i for i, r in self.deal.items()}
        for role in self.seats:
            if role in player:
                W.blit_text(
                    surf,
                    f"Player {player[role]}  {THIRTEENS[role]}",
                    (420, y + 10),
                    22,
                    (110, 30, 24),
                    "sans_bold",
                    "topright",
                )
            W.blit_text(surf, role_label(role), (660, y + 2), 24, W.INK, "serif_bold", "topright")
            W.blit_text(
                surf,
                ", ".join(nation_label(n) for n in ROLE_NATIONS[role]),
                (660, y + 30),
                15,
                (100, 85, 60),
                "sans",
                "topright",
            )
            y += 72
        self.draw_seed(surf, 640)
        W.blit_text(
            surf, "Computer seats see only what a human in their seat would see.", (700, 712), 16, (100, 85, 60)
        )
        W.blit_text(surf, "Advanced (§13)", (660, 782), 24, W.INK, "sans_bold", "topright")
        W.blit_text(
            surf,
            "Code of conduct: no piece ends its move on an ally's objective (on when a computer plays).",
            (700, 828),
            16,
            (100, 85, 60),
        )
        self.draw_buttons(surf)
