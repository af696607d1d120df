"""Every action FRIEDRICH's door offers is reachable on its board screen: a game of human seats
chosen at random is played to its end through the screen's own paths, never the door directly:
buttons (and "More…", "Play a Reserve…"), the allocation and recruitment dialogs, clicks on the
map, a piece held and dropped on a city (a whole move, "which way" answered when asked) and cards
clicked in the hand."""

from __future__ import annotations

import random

from maria.players.friedrich.random_moves import choose
from maria.ui.friedrich_panels import AllocateDialog, ChoiceDialog, RecruitDialog, action_label
from maria.ui.friedrich_session import ROLES, FSession
from tests.ui.friedrich_helpers import general_disc, open_board


def _pick(board, dialog: ChoiceDialog, action: dict) -> None:
    label = action_label(action, board.view, board.board)
    i = next(i for i, a in enumerate(dialog.actions) if action_label(a, board.view, board.board) == label)
    dialog.button(("choice", i)).action()


def _by_button(board, a: dict) -> bool:
    """The prompt's button for `a`, else "More…" or "Play a Reserve…" and the choice in it."""
    b = board.button_for(a)
    if b is not None:
        b.action()
        return True
    for key in (("act", "more"), ("act", "reserve")):
        b = board.button(key)
        if b is None:
            continue
        b.action()
        dlg = board.app.top
        if isinstance(dlg, ChoiceDialog) and any(
            action_label(x, board.view, board.board) == action_label(a, board.view, board.board) for x in dlg.actions
        ):
            _pick(board, dlg, a)
            return True
        board.app.pop(dlg)
    return False


def _drag(board, s, pieces, rnd) -> bool:
    """Hold the piece (its disc; a train: its city) and drop it where one of its whole moves ends."""
    p0 = pieces[0]
    if p0 in s.state["generals"]:
        stack = sorted(
            s.state["city_generals"][s.state["generals"][p0]["city"]], key=lambda g: s.state["generals"][g]["rank"]
        )
        if sorted(pieces) == sorted(stack):
            at = general_disc(board, stack[0])
        elif len(pieces) == 1:
            at = general_disc(board, p0)
        else:
            return False  # two of a stack of three: the prompt's button
    else:
        at = board.map.to_screen(s.state["trains"][p0]["city"])
    if not board.press_piece(at) or board.drag["pieces"] != pieces or not board.drag["moves"]:
        board.drag = None
        return False
    m = rnd.choice(board.drag["moves"])
    end = board.map.to_screen(m["path"][-1])
    if board.map.city_at(end) != m["path"][-1]:
        board.drag = None
        return False
    board.drag_motion(end)
    board.release_piece(end)
    if isinstance(board.app.top, ChoiceDialog):
        _pick(board, board.app.top, m)
    return True


def _through_screen(board, s, a: dict, rnd) -> None:
    t = a["type"]
    if t in ("allocate", "recruit"):
        template = next(x for x in board.legal if x["type"] == t and x["nation"] == a["nation"])
        assert _by_button(board, template), a
        dlg = board.app.top
        if t == "allocate":
            assert isinstance(dlg, AllocateDialog)
            dlg.counts = dict(a["armies"])
        else:
            assert isinstance(dlg, RecruitDialog)
            dlg.armies.update(a["armies"])
            dlg.enter.update(a["enter"])
            dlg.paid = list(a["cards"])
        dlg.layout()
        dlg.button("confirm").action()
        return
    if t == "move" and rnd.random() < 0.6 and _drag(board, s, a["pieces"], rnd):
        return
    card = a.get("card") or a.get("choice")
    if isinstance(card, str) and ":" in card and rnd.random() < 0.6:
        board.draw(board.app.canvas)  # the hand as it is now on screen
        board.click_card(next(r.center for r, c in board.card_zones if c == card))
        if isinstance(board.app.top, ChoiceDialog):
            _pick(board, board.app.top, a)
        return
    city = a.get("to") or a.get("choice")
    on_map = t in ("step", "retreat", "attack", "fate") and city in board.board.cities
    if on_map and rnd.random() < 0.5 or not _by_button(board, a):
        assert on_map, a
        board.click_map(board.map.to_screen(city))


def test_a_random_game_of_human_seats_is_played_to_its_end_through_the_screen(ui, monkeypatch):
    ui.app.settings.handoff_screens = False
    s = FSession.new(3, 7, {r: {"kind": "human", "level": "random"} for r in ROLES[3]})
    for name in ("autosave", "autosave_soon"):  # the autosaves have tests of their own
        monkeypatch.setattr(s, name, lambda *a, **k: None)
    board = open_board(ui, s)
    rnd = random.Random(7)
    for _ in range(6000):
        if s.state["result"] is not None:
            break
        while ui.top is not board:  # a Card of Fate shown: read, closed
            ui.app.pop(ui.top)
        role = board.seat if board.seat in s.active() else s.active()[0]
        if board.seat != role:
            board.seat_role(role)
        n = len(s.record.actions)
        a = choose(s.state, role, rnd)
        _through_screen(board, s, a, rnd)
        assert len(s.record.actions) == n + 1, (a, board.message)
    assert s.state["result"] is not None
