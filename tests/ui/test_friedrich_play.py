"""FRIEDRICH in the program: the title's choice of game, the set-up, moves by
clicking, refusals explained, a whole game of computer seats through the window's loop."""

from __future__ import annotations


import pygame

from maria.ui.friedrich_panels import FGameOverScene, FHandoffScene
from maria.ui.board_scene import BoardScene
from maria.ui.friedrich_presenter import FriedrichPresenter
from maria.ui.friedrich_setup import FSetupScene
from tests.ui.friedrich_helpers import advance, frederick_moves, general_disc, open_board, session


def test_the_title_offers_friedrich_and_starts_a_game(ui):
    ui.press(("game", "friedrich"))
    assert ui.top.button(("game", "friedrich")).selected
    ui.press("new")
    assert isinstance(ui.top, FSetupScene)
    ui.press(("players", 3))
    ui.press(("computer", "maria_theresa"))
    ui.type("4242")
    ui.press("start")
    board = ui.app.find(BoardScene)
    assert board is not None and board.session.record.players == 3 and board.session.record.seed == 4242
    assert board.session.seats["maria_theresa"]["kind"] == "computer"
    # two human seats: the screen is handed to the first human before anything private shows
    assert isinstance(ui.top, FHandoffScene) and board.seat is None
    ui.press("ready")
    assert ui.top is board and board.seat == "frederick"
    assert any(a["type"] == "allocate" for a in board.legal)


def test_maria_stays_the_default_game_of_the_title(ui):
    assert ui.top.button(("game", "maria")).selected
    ui.press("new")
    assert type(ui.top).__name__ == "SetupScene"  # MARIA's own set-up, unchanged


def test_a_general_moves_by_clicking_it_then_a_highlighted_city(ui):
    s = advance(session(humans=("frederick",)), frederick_moves)
    board = open_board(ui, s)
    gid = next(
        a["pieces"][0]
        for a in board.legal
        if a["type"] == "move" and len(a["pieces"]) == 1 and a["pieces"][0] in s.state["generals"]
    )
    start = s.state["generals"][gid]["city"]
    ui.click(general_disc(board, gid))
    steps = [a["to"] for a in board.legal if a["type"] == "step"]
    assert steps and set(steps) <= set(board.marks), "the destinations are highlighted"
    ui.click(board.map.to_screen(steps[0]))
    assert s.state["generals"][gid]["city"] == steps[0] != start
    assert s.record.actions[-1]["action"] == {"type": "step", "to": steps[0]}


def test_an_illegal_click_is_explained_by_the_rules(ui):
    s = advance(session(humans=("frederick",)), frederick_moves)
    board = open_board(ui, s)
    enemy = next(g for g, v in s.state["generals"].items() if v["nation"] == "austria" and v["city"])
    before = len(s.record.actions)
    ui.click(general_disc(board, enemy))
    assert "cannot move now" in board.message and len(s.record.actions) == before
    gid = next(a["pieces"][0] for a in board.legal if a["type"] == "move")
    ui.click(general_disc(board, gid))
    far = next(
        c for c in ("koenigsberg", "brunn", "koblenz", "warszawa") if c in board.board.cities and c not in board.marks
    )
    ui.click(board.map.to_screen(far))
    assert "adjacent city" in board.message, board.message
    assert board.message in board.prompt_text()


def test_a_whole_game_of_computer_seats_plays_through_the_loop_to_game_over(ui, monkeypatch):
    """Every seat the random computer player, the whole game played by the window's loop (the
    decisions in worker threads), up to 0.1 s of play per frame."""
    monkeypatch.setattr(FriedrichPresenter, "budget", 0.1)
    s = session(players=3, seed=7, humans=())
    board = open_board(ui, s)
    for _ in range(60000):  # a bound on frames, not on seconds
        if isinstance(ui.top, FGameOverScene):
            break
        ui.frames(1)
    assert isinstance(ui.top, FGameOverScene), "the game never ended"
    res = s.state["result"]
    assert res and res["winners"] and board.seat is None
    assert len(s.record.actions) > 500  # a whole game, not a shortcut
    over = ui.top
    ui.frames(1)
    assert over.bs is board
    ui.press("title")
    assert type(ui.top).__name__ == "TitleScene"


def test_hot_seat_never_draws_another_roles_hand(ui, monkeypatch):
    from maria.ui import friedrich_panels as P

    s = advance(
        session(humans=("frederick", "maria_theresa")),
        lambda s: (
            s.state["turn"] >= 2
            and s.state["cards"]["hands"]["austria"]
            and s.state["cards"]["hands"]["prussia"]
            and "frederick" in s.active()
        ),
    )
    board = open_board(ui, s)
    if isinstance(ui.top, FHandoffScene):
        ui.press("ready")
    assert board.seat == "frederick"
    drawn = []
    real = P.card_face
    monkeypatch.setattr(P, "card_face", lambda c, *a: drawn.append(c) or real(c, *a))
    board.dirty = True
    ui.frames(2)
    mine = set(s.state["cards"]["hands"]["prussia"]) | set(s.state["cards"]["hands"]["hanover"])
    assert drawn and set(drawn) <= mine
    assert set(board.view["cards"]["hands"]) <= {"prussia", "hanover"}
    # the next human decision is Maria Theresa's: the hand-off screen comes first, nothing private behind
    advance(s, lambda s: "maria_theresa" in s.active() and "frederick" not in s.active())
    board.after_change()
    ui.frames(1)
    assert isinstance(ui.top, FHandoffScene) and board.seat is None
    drawn.clear()
    ui.press("ready")
    assert board.seat == "maria_theresa"
    board.dirty = True
    ui.frames(2)
    theirs = set(s.state["cards"]["hands"]["austria"]) | set(s.state["cards"]["hands"]["imperial_army"])
    assert set(drawn) <= theirs
    assert not (set(drawn) & mine - theirs)
    _ = pygame
