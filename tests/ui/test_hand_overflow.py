"""Very large hands fit in the hand bar (through the real loop): the cards overlap, each keeps a
visible strip, the card under the mouse rises whole above its neighbours, and hovering or clicking
any card reaches that very card."""

from __future__ import annotations

from pathlib import Path

import pygame

from maria.games.maria.rules import cards as C
from maria.ui import hand as HAND
from maria.ui.board_layout import HAND_CARD_TOP, HAND_H, HOVER_LIFT
from maria.ui.session import Session

from tests.ui.positions import play_until
from tests.ui.test_play import _open

SAVES = Path(__file__).resolve().parents[2] / "saves"


def _spare_cards(state, n):
    """n card ids held by nobody (from the decks set aside, then the draw deck)."""
    held = {c for h in state["cards"]["hands"].values() for c in h}
    pool = [c for d in range(2, C.DECKS + 1) for c in C.deck_cards(d)] + C.deck_cards(1)
    return [c for c in pool if c not in held][:n]


def _move(ui, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=ui.win(pos), rel=(1, 0), buttons=(0, 0, 0)))
    ui.frames(1)


def _check_fits(board, expect):
    placed = board._card_rects
    assert sorted(c for _, c in placed) == sorted(expect)  # every card, once
    canvas = pygame.Rect(0, 0, 1920, 1080)
    for r, c in placed:
        assert board.lay.hand.contains(r) and canvas.contains(r), (c, r)
    steps = []
    for y in {r.y for r, _ in placed}:  # each row of the bar
        xs = sorted(r.x for r, _ in placed if r.y == y)
        steps += [b - a for a, b in zip(xs, xs[1:]) if b > a]
    return min(steps)


def _hover_every_card(ui, board, clicked):
    cards = [c for _, c in board._card_rects]
    for card in cards:
        pt = board.card_point(card)
        assert pt is not None, f"{card} is covered everywhere"
        _move(ui, pt)
        assert board.hover_card == card
        top_rect, top_card = board._card_rects[-1]
        assert top_card == card  # drawn last: whole, on top
        assert board.lay.hand.contains(top_rect) and top_rect.collidepoint(pt)
        assert HAND.hit(board._card_zones, pt) == card
        group = next(g for g in board._hand_groups_drawn if card in g.cards)
        assert top_rect.y <= group.y + HAND_CARD_TOP - HOVER_LIFT  # lifted
        ui.click(pt, frames=1)
        assert clicked[-1] == card, f"clicked {clicked[-1]} instead of {card}"
    assert len(clicked) == len(cards)


def test_coalition_hands_with_a_24_card_prussian_hand_fit_and_every_card_answers(ui):
    session = Session.load(SAVES / "intro-2p-midgame.yaml")
    st = session.state
    assert st["roles"]["coalition"] == ["france", "bavaria", "prussia", "saxony"]
    st["cards"]["hands"]["prussia"] = _spare_cards(st, 24)
    total = [c for p in st["roles"]["coalition"] for c in st["cards"]["hands"][p]]
    assert len(total) >= 50
    board = _open(ui, session, "coalition")
    clicked = []
    board._card_clicked = clicked.append  # which card each click reaches
    step = _check_fits(board, total)
    assert step >= 24, f"the visible strips are too narrow ({step}px)"  # value and suit stay readable
    # the four hands in their own groups, left to right, each with its header
    groups = board._hand_groups()
    assert [g.power for g in groups] == st["roles"]["coalition"]
    _hover_every_card(ui, board, clicked)
    # sweeping the mouse along each row of the bar lifts every card in turn, in the order they lie
    order = [c for _, c in board._card_zones]
    visited = []
    bar = board.lay.hand
    for row in sorted({g.y for g in board._hand_groups_drawn}):
        for x in range(bar.x, bar.right, 4):
            _move(ui, (x, row + HAND_CARD_TOP + 44))
            if board.hover_card is not None and (not visited or visited[-1] != board.hover_card):
                visited.append(board.hover_card)
    assert visited == order
    # the mouse leaves the bar: nothing is lifted any more
    _move(ui, (900, 500))
    assert board.hover_card is None
    _check_fits(board, total)


def _pay_position(seed=0, chooser=1):
    """Seeded random play up to Austria paying (a supply train's re-entry): cards are selected."""
    return play_until(
        lambda st, role: st["flow"][-1]["name"] == "pay" and role == "maria_theresa", seed, chooser, what="payment"
    )[0]


def test_a_30_card_hand_fits_and_clicking_each_card_selects_it(ui):
    session = _pay_position()
    st = session.state
    st["cards"]["hands"]["austria"] = _spare_cards(st, 30)
    hand = list(st["cards"]["hands"]["austria"])
    board = _open(ui, session, "maria_theresa")
    assert board._paying() is not None
    _check_fits(board, hand)
    chosen = []
    for card in [c for _, c in board._card_rects]:
        pt = board.card_point(card)
        _move(ui, pt)
        assert board.hover_card == card
        ui.click(pt, frames=1)
        chosen.append(card)
        assert board.pay_sel == chosen  # exactly the cards clicked, in order
    assert sorted(board.pay_sel) == sorted(hand)
    _check_fits(board, hand)  # selected (lifted) cards still fit
    # a click on a selected card deselects it
    card = chosen[7]
    ui.click(board.card_point(card), frames=1)
    assert card not in board.pay_sel and len(board.pay_sel) == len(hand) - 1
    assert board.button("pay").enabled  # 30 cards pay the amount


HAND_BAR = pygame.Rect(0, 948, 1920, HAND_H)  # the bar along the bottom, under both maps


def test_a_small_hand_is_laid_out_side_by_side():
    groups = [HAND.Group("austria", [f"1:H{v}" for v in range(2, 11)], 200)]
    step = HAND.layout(groups, HAND_BAR, 62, 88, HAND_CARD_TOP)
    assert step == 62 + HAND.CARD_GAP  # no overlap while there is room
    big = [
        HAND.Group(p, [f"{d}:S{v}" for d in (1, 2) for v in range(2, 11)], 260)
        for p in ("france", "bavaria", "prussia")
    ]
    step = HAND.layout(big, HAND_BAR, 62, 88, HAND_CARD_TOP)
    assert step < 62
    assert max(r.right for g in big for r in g.rects) <= HAND_BAR.right - HAND.PAD
