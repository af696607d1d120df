"""§19.3 (Saxony joins Austria) in the desktop program: Maria Theresa is asked, with a clear prompt,
whether the off-board Saxon general re-enters with recruited troops (the recruitment panel), and
where a stacked Saxon general goes among equally close empty cities (lit cities)."""

from __future__ import annotations

from maria.record.game import GameRecord
from maria.ui.session import Session

from tests.players.test_saxony_joins_players import _reenter_position, _stack_position
from tests.ui.test_advanced import _press_label
from tests.ui.test_play import _open


def _session(state) -> Session:
    s = Session.new("advanced", 3, 0)
    s.record = GameRecord(
        variant="advanced", players=3, seed=0, options=dict(state["options"]), actions=[], state=state, created=""
    )
    return s


def test_R19_3_reentry_offered_in_the_recruitment_panel(ui):
    s = _session(_reenter_position())
    board = _open(ui, s, "maria_theresa")
    assert "re-enter" in board.prompt_text() and "R19.3" in board.prompt_text()
    assert board.recruit is not None and board.recruit["template"]["power"] == "saxony"
    board.build_buttons()
    labels = [b.label for b in board.buttons]
    assert "Leave him off the board" in labels
    _press_label(ui, board, "Leave him off the board")
    assert s.state["flow"][-1]["name"] != "saxony_reenter"
    assert s.state["generals"]["rutowski"]["city"] is None


def test_R19_3_stacked_saxon_general_placed_by_clicking_a_lit_city(ui):
    s = _session(_stack_position())
    board = _open(ui, s, "maria_theresa")
    assert "closest empty" in board.prompt_text()
    lit = set(board.lit())
    choices = sorted(a["city"] for a in s.record.legal_actions("maria_theresa") if a["type"] == "relocate")
    assert len(choices) >= 2 and set(choices) <= lit
    target = choices[-1]
    board.view.centre_on(board._city_px[target])
    board.map_dirty = True
    ui.frames(2)
    ui.click(board.to_screen(target))
    assert s.state["generals"]["rutowski"]["city"] == target
