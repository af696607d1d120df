"""Hand-offs only where privacy needs one (issue "nothing is lost", fewer hand-offs): a card the
rules choose is played by the program (R11.5), and simultaneous secret decisions are ordered so
the player who decides next keeps the screen."""

from __future__ import annotations

from maria.games.maria.rules import door
from maria.ui.board_layout import FORCED_TYPES
from maria.ui.board_scene import BoardScene
from maria.ui.overlays import HandoffScene
from maria.ui.session import Seat, Session

from tests.ui.test_battle_animation import _combat


def _swap_in(state, power, card, out):
    """Put `card` (from a set-aside deck) into `power`'s hand in place of `out` (cards conserved)."""
    hand = state["cards"]["hands"][power]
    deck = next(d for d in state["cards"]["aside"] if card in d)
    deck[deck.index(card)] = out
    hand[hand.index(out)] = card


def _r11_5_position():
    """Austria attacks Prussia at -2 (clubs against spades) and holds the 2 of clubs; Prussia holds
    exactly one spade (the 6) and no Reserve."""
    session = _combat()
    st = session.state
    _swap_in(st, "austria", "2:C2", "1:C8")
    spare = iter(["2:H5", "2:H6", "2:D3", "2:D4", "2:H8"])
    for c in ("1:S10", "1:R2", "1:S9", "1:S2", "1:S8"):
        _swap_in(st, "prussia", next(spare), c)
    assert [c for c in st["cards"]["hands"]["prussia"] if c.split(":")[1][0] in "SR"] == ["1:S6"]
    return session


def _hot_seat_board(ui, session, seat):
    for r in door.ROLES[3]:
        session.set_seat(r, "human")
    board = BoardScene(ui.app, session)
    ui.app.scenes = [ui.app.scenes[0], board]
    board.seat, board.private = seat, True
    board.refresh()
    ui.frames(1)
    return board


def test_R11_5_a_single_card_of_the_suit_at_a_score_of_0_is_played_without_a_hand_off(ui):
    session = _r11_5_position()
    board = _hot_seat_board(ui, session, "maria_theresa")
    assert board.apply({"type": "play_card", "card": "2:C2"})  # -2 + 2 = 0: Prussia's right
    acts = session.record.actions
    # Prussia had to play its only spade (R11.5); the program played it, nobody was called
    assert acts[-2]["action"] == {"type": "play_card", "card": "2:C2"}
    assert acts[-1]["role"] == "frederick" and acts[-1]["action"] == {"type": "play_card", "card": "1:S6"}
    assert "only card of the suit, 6♠ (R11.5)" in board.computer_line
    # Austria (-6 now) answers at once: she is still at the screen, no "Pass to" in between
    assert not isinstance(ui.app.top, HandoffScene) and board.seat == "maria_theresa"


def test_R11_5_with_a_choice_of_cards_the_player_is_called(ui):
    session = _r11_5_position()
    _swap_in(session.state, "prussia", "2:S3", "2:H5")  # now two spades: a choice
    board = _hot_seat_board(ui, session, "maria_theresa")
    assert board.apply({"type": "play_card", "card": "2:C2"})
    assert session.record.actions[-1]["action"] == {"type": "play_card", "card": "2:C2"}
    assert isinstance(ui.app.top, HandoffScene) and ui.app.top.role == "frederick"


def test_R5_2_the_player_who_decides_after_the_secret_allocation_allocates_last():
    """The set-up allocation is secret and simultaneous; Maria Theresa places the hussars next, so
    she allocates last and stays at the screen."""
    for variant, players in (("intro", 3), ("advanced", 3), ("intro", 2)):
        s = Session.new(variant, players, 2, [Seat(r, "human") for r in door.ROLES[players]])
        act = s.active()
        assert len(act) == players and door.legal_actions(s.state, act[0])[0]["type"] == "allocate"
        after = s._first_after_simultaneous(act, FORCED_TYPES)
        order = []
        while s.state["flow"][-1]["name"] == "allocation":
            r = s.next_role(prefer=order[-1] if order else None, forced=FORCED_TYPES)
            order.append(r)
            a = dict(door.legal_actions(s.state, r)[0])
            from maria.lab import selfplay
            from maria.engine import rng

            s.apply(r, selfplay.fill(a, s.state, {"rng": rng.seed_state(5)}))
            while r in s.active() and s.state["flow"][-1]["name"] == "allocation":
                a = dict(door.legal_actions(s.state, r)[0])
                s.apply(r, selfplay.fill(a, s.state, {"rng": rng.seed_state(5)}))
        assert order[-1] == after, (variant, players, order)
        assert door.active_roles(s.state)[0] == after
