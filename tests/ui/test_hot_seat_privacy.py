"""A whole hot-seat game through the real loop: every frame shows the private side (hand, army
sheet, face-down troops) of the seated role only, and only to the player who took the seat through
a "Pass to …" screen; public and forced decisions need no hand-off (issue "nothing is lost")."""

from __future__ import annotations

from maria.players import decide, make_player
from maria.games.maria.rules import door
from maria.ui.board_scene import BoardScene
from maria.ui.overlays import HandoffScene
from maria.ui.session import Seat, Session


def _no_autosave_files(monkeypatch):
    """The autosave at each stage's end is kept and its line drawn; only the file is not written (it is
    no screen, and writing it was a third of these games' time: test_solo_resume.py's files)."""
    monkeypatch.setattr(Session, "_write_autosave", lambda self, path, rec, notes, count: None)


def _walk(ui, variant, seed, max_turn, check):
    session = Session.new(variant, 3, seed, [Seat(r, "human") for r in door.ROLES[3]])
    board = BoardScene(ui.app, session)
    ui.app.scenes = [ui.app.scenes[0], board]
    board.after_change()
    deciders = {r: make_player("easy", seed + i) for i, r in enumerate(door.ROLES[3])}
    at_screen = {"who": board.seat}  # the player in front of the screen
    handoffs = []
    real_draw = board._draw_static

    def draw_checked():
        check(board, at_screen["who"])
        real_draw()

    board._draw_static = draw_checked
    for _ in range(6000):
        ui.app.run(max_frames=1)
        if door.is_over(session.state) or session.state["turn"] > max_turn:
            break
        top = ui.app.top
        if isinstance(top, HandoffScene):
            handoffs.append(top.role)
            top.ready()
            at_screen["who"] = top.role
            continue
        assert top is board
        role = board.seat
        if role not in door.active_roles(session.state):
            board.after_change()
            continue
        if not board.private:
            at_screen["who"] = role  # a public decision: the player steps up, nothing hidden shown
        assert board.apply(decide(session.state, role, deciders[role])), board.message
    return session, handoffs


def _check(board, who):
    v = board.v
    if board.private:
        assert board.seat == who, f"{board.seat}'s secrets shown to {who}"
        assert v["role"] == board.seat
        mine = set(v["roles"][board.seat])
        assert {g.power for g in board._hand_groups()} <= mine
        if board.alloc:
            assert board.alloc["power"] in mine
    else:
        assert v["role"] == "observer" and not board._hand_groups() and board.alloc is None
        # nothing private in the view: no hand, no hidden troop count
        assert all(not isinstance(h, list) for h in v["hands"].values())


def test_a_whole_hot_seat_game_never_shows_a_secret_to_another_player(ui, monkeypatch):
    _no_autosave_files(monkeypatch)
    session, handoffs = _walk(ui, "intro", 1, 9, _check)
    assert door.is_over(session.state) or session.state["turn"] > 9
    assert len(handoffs) > 5


def test_the_first_advanced_turn_needs_fewer_hand_offs(ui, monkeypatch):
    """Seed 1, turn 1 of the advanced game, 3 players: 28 hand-offs if every decision were private
    (see tools/count_handoffs.py), 18 with public and forced decisions told apart: every one left is
    a change of player between two private decisions, or a private decision after a public one
    that the others may have watched (the screen changes hands again)."""
    _no_autosave_files(monkeypatch)
    session, handoffs = _walk(ui, "advanced", 1, 1, _check)
    assert 0 < len(handoffs) <= 18


def test_a_public_decision_shows_no_hand_until_the_player_asks_through_a_hand_off(ui):
    session = Session.new("advanced", 3, 1, [Seat(r, "human") for r in door.ROLES[3]])
    board = BoardScene(ui.app, session)
    ui.app.scenes = [ui.app.scenes[0], board]
    board.after_change()
    deciders = {r: make_player("easy", 1 + i) for i, r in enumerate(door.ROLES[3])}
    for _ in range(400):
        ui.app.run(max_frames=1)
        top = ui.app.top
        if isinstance(top, HandoffScene):
            top.ready()
            continue
        if not board.private and board.seat in door.active_roles(session.state):
            break
        board.apply(decide(session.state, board.seat, deciders[board.seat]))
    assert not board.private, "no public decision met"
    ui.frames(2)
    assert not board._hand_groups() and not board._card_rects
    ui.press("show_hand")
    assert isinstance(ui.top, HandoffScene) and ui.top.role == board.seat
    ui.press("ready")
    assert board.private and board._hand_groups()
