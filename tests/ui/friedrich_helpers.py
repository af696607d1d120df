"""Helpers for the FRIEDRICH screen tests: positions reached through the door, the board opened
in the running App."""

from __future__ import annotations

from maria.players.friedrich.random_moves import RandomPlayer
from maria.ui.friedrich_session import ROLES, FSession


def session(players: int = 4, seed: int = 3, humans: tuple = ("frederick",)) -> FSession:
    seats = {r: {"kind": "human" if r in humans else "computer", "level": "random"} for r in ROLES[players]}
    return FSession.new(players, seed, seats)


def advance(s: FSession, until, limit: int = 3000) -> FSession:
    """Play every role (humans too, at random) through the door until `until(s)` holds."""
    rnd = RandomPlayer(1)
    for _ in range(limit):
        if until(s):
            return s
        role = s.active()[0]
        s.apply(role, rnd.decide(s.state, role))
    raise AssertionError("position not reached")


def frederick_moves(s: FSession) -> bool:
    return (
        s.state["phase"] == "movement"
        and "frederick" in s.active()
        and any(
            a["type"] == "move" and len(a["pieces"]) == 1 and a["pieces"][0] in s.state["generals"]
            for a in s.legal("frederick")
        )
        and s.state["flow"][-1]["name"] == "movement"
    )


def open_board(ui, s: FSession):
    from maria.ui.friedrich_setup import start

    board = start(ui.app, s)
    ui.frames(3)
    return board


def general_disc(board, gid: str) -> tuple[int, int]:
    """Where the general's disc is drawn (canvas px): beside its city, in rank order."""
    city = board.view["generals"][gid]["city"]
    stack = sorted(board.view["city_generals"][city], key=lambda g: board.view["generals"][g]["rank"])
    x, y = board.map.to_screen(city)
    return x + 13 + 15 * stack.index(gid), y - 14
