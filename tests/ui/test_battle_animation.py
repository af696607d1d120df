"""A card played in a combat flies into the battle panel (through the real loop, events posted every
frame): a computer's card from its power's row (its hand stays hidden), the seated player's own card
from the hand bar (shorter), the other side's card in hot-seat once the next player sits down. The
panel keeps its score until the card lands, and no computer acts while a card is in flight."""

from __future__ import annotations

import pygame

from maria.ui import card_anim as CA
from maria.ui.moves import reach
from maria.ui.overlays import HandoffScene

from tests.ui.test_play import _open, _position_before_contact


class _CardPlayer:
    """The easy computer player, kept to playing a card while it holds one in a combat (so these
    tests do not depend on how the players weigh a card against accepting a defeat)."""

    level = "easy"

    def __init__(self, seed=0):
        from maria.players import make_player

        self.inner = make_player("easy", seed)

    def choose(self, obs, legal, role, rng=None):
        a = self.inner.choose(obs, legal, role)
        cards = [x for x in legal if x["type"] == "play_card" and "value" not in x]
        return a if a["type"] == "play_card" or not cards else cards[0]


def _combat(seed=3, computers=(), level="easy"):
    """Seed 3: Austria attacks Prussia at -2 and has the right to play."""
    session, gid, target = _position_before_contact(seed)
    path = reach(session.state, gid, ("normal",)).options(target)[0][1]
    session.apply("maria_theresa", {"type": "move", "piece": gid, "path": path, "force_march": False})
    session.apply("maria_theresa", {"type": "done"})
    f = session.state["flow"][-1]
    assert f["name"] == "combat" and f["right"] == "att" and f["att_power"] == "austria"
    for i, role in enumerate(computers):
        session.set_seat(role, "computer", level)
        session.players[role] = _CardPlayer(i)
    return session


def _frame(ui, board, i):
    """One frame of the loop with a mouse event posted; True if the board handled it."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=ui.win((600 + i % 40, 600)), rel=(1, 0), buttons=(0, 0, 0))
    )
    before = board.events
    ui.app.step(1 / 60)
    return board.events > before


def _wait_thinker(board):
    t = board.session.thinker
    if t is not None:
        t.thread.join(5)


def _pixel(ui, pos):
    return tuple(ui.app.canvas.get_at(pos))[:3]


def test_computer_card_flies_into_the_panel_and_holds_the_next_action(ui):
    ui.app.settings.animation = "normal"  # 0.3 s between computer actions
    session = _combat(computers=("maria_theresa", "frederick"))
    board = _open(ui, session, "louis_xv")  # Louis XV watches the combat
    rec = session.record
    n0 = len(rec.actions)
    old_score = session.state["flow"][-1]["score"]
    slot = board._combat_slot("att", 0)
    corner = (slot.right - 8, slot.y + 8)
    assert _pixel(ui, corner) != (252, 250, 244)  # the slot is empty: panel paper
    seen = []
    flight = None
    for i in range(200):
        _wait_thinker(board)
        seen.append(_frame(ui, board, i))
        flight = board.card_flight()
        if flight is not None:
            break
    assert flight is not None, "the computer's card was never animated"
    assert len(rec.actions) == n0 + 1
    played = rec.actions[-1]
    assert played["role"] == "maria_theresa" and played["action"]["type"] == "play_card"
    card = played["action"]["card"]
    assert flight.info["card"] == card and flight.info["side"] == "att" and not flight.info["own"]
    # from beyond the attacker's (left) edge of the panel: the hand itself is never drawn
    assert flight.start.right < board.lay.combat.x and flight.start.centery == slot.centery
    assert flight.end == slot
    shown = {c for _, c in board._card_rects}
    assert shown <= set(session.state["cards"]["hands"]["france"] + session.state["cards"]["hands"]["bavaria"])
    assert not shown & set(session.state["cards"]["hands"]["austria"])
    assert abs(flight.dur - CA.duration(0.3)) < 1e-9 and 0.3 <= flight.dur <= 0.5
    new_score = session.state["flow"][-1]["score"]
    assert new_score != old_score

    rects, dists = [], []
    frames_in_flight = 0
    while board.card_flight() is flight:
        _wait_thinker(board)  # Prussia's decision is ready at once…
        # …but nothing is applied while the card is in flight, and the panel keeps the old score
        assert len(rec.actions) == n0 + 1
        assert board._combat_shown()["score"] == old_score
        assert board.frame["score"] == new_score
        seen.append(_frame(ui, board, frames_in_flight))
        frames_in_flight += 1
        if flight.last_rect is not None and board.card_flight() is flight:
            r = pygame.Rect(flight.last_rect)
            rects.append(r)
            dists.append(abs(r.centerx - slot.centerx) + abs(r.centery - slot.centery))
            assert ui.app.canvas.get_rect().contains(r)
        assert frames_in_flight < 120
    assert 0.3 * 60 - 2 <= frames_in_flight <= 0.5 * 60 + 2  # ~0.4 s at 60 frames a second
    assert len({r.center for r in rects}) >= 10  # drawn moving, frame after frame
    assert all(b <= a for a, b in zip(dists, dists[1:])) and dists[-1] < dists[0] / 5
    assert rects[-1].w > rects[0].w  # and growing to its slot's size
    # landed: the panel shows the card and the new score, with a glow
    assert board.anim is None and board.flash is not None
    assert board._combat_shown() is board.frame
    ui.app.step(1 / 60)
    assert _pixel(ui, corner) == (252, 250, 244)  # the card's face in its slot
    assert len(rec.actions) == n0 + 1  # the pause after the landing…
    for i in range(120):
        _wait_thinker(board)
        seen.append(_frame(ui, board, i))
        if len(rec.actions) > n0 + 1:
            break
    assert len(rec.actions) == n0 + 2  # …then Prussia acts
    assert i + 1 >= 0.3 * 60 - 2
    assert all(seen), "a frame did not process its events"


def test_own_card_slides_from_the_hand_and_the_computer_answers_after_it(ui):
    ui.app.settings.animation = "normal"
    session = _combat(computers=("frederick",))
    board = _open(ui, session, "maria_theresa")
    rec = session.record
    card = next(a["card"] for a in board.acts if a["type"] == "play_card" and "value" not in a)
    start = board._card_rect(card)
    ui.click(board.card_point(card), frames=1)
    assert rec.actions[-1]["action"] == {"type": "play_card", "card": card}  # applied at once
    flight = board.card_flight()
    assert flight is not None and flight.info["own"] and flight.info["card"] == card
    assert flight.start == start and not flight.fade
    assert flight.dur == CA.duration(0.3, own=True) <= 0.2
    assert card not in {c for _, c in board._card_rects}  # left the hand
    n = len(rec.actions)
    for i in range(40):
        _wait_thinker(board)
        assert _frame(ui, board, i)
        if board.card_flight() is None:
            break
        assert len(rec.actions) == n
    assert board.card_flight() is None and i <= 0.2 * 60 + 1
    # the computer's answer (Prussia) then flies in from the defender's (right) side
    for i in range(200):
        _wait_thinker(board)
        _frame(ui, board, i)
        if len(rec.actions) > n:
            break
    last = rec.actions[-1]
    assert last["role"] == "frederick"
    if last["action"]["type"] == "play_card":
        fl = board.card_flight()
        assert fl is not None and fl.info["side"] == "def" and fl.fade
        assert fl.start.x > board.lay.combat.right


def test_a_player_action_lands_the_card_in_flight(ui):
    ui.app.settings.animation = "slow"
    session = _combat(computers=("maria_theresa",))
    board = _open(ui, session, "frederick")
    for i in range(200):
        _wait_thinker(board)
        _frame(ui, board, i)
        if board.card_flight() is not None:
            break
    flight = board.card_flight()
    assert flight is not None and flight.dur == CA.MAX_DURATION
    ui.frames(3)
    assert board.card_flight() is flight  # still in flight: Frederick answers at once
    a = next(a for a in board.acts if a["type"] in ("play_card", "accept_defeat") and "value" not in a)
    if a["type"] == "play_card":
        ui.click(board.card_point(a["card"]), frames=1)
        assert board.card_flight() is not flight and board.card_flight().info["own"]
    else:
        ui.press("accept_defeat", frames=1)
        assert board.card_flight() is None
    assert session.record.actions[-1]["role"] == "frederick"


def test_hot_seat_the_other_sides_card_arrives_once_the_next_player_sits(ui):
    ui.app.settings.animation = "normal"
    assert ui.app.settings.handoff_screens
    session = _combat()  # every seat human
    board = _open(ui, session, "maria_theresa")
    card = next(a["card"] for a in board.acts if a["type"] == "play_card" and "value" not in a)
    ui.click(board.card_point(card), frames=5)
    assert isinstance(ui.top, HandoffScene) and ui.top.role == "frederick"
    flight = board.card_flight()
    assert flight is not None and not flight.info["own"] and flight.t == 0.0  # held behind the screen
    ui.press("ready", frames=1)
    assert ui.top is board and board.seat == "frederick"
    assert flight.start.right < board.lay.combat.x and flight.fade
    ts = []
    for i in range(60):
        ts.append(flight.t)
        _frame(ui, board, i)
        if board.card_flight() is None:
            break
    assert board.card_flight() is None and ts[-1] > ts[1] > 0


def test_no_card_animation_when_animation_is_off(ui):
    assert ui.app.settings.animation == "off"
    session = _combat(computers=("maria_theresa",))
    board = _open(ui, session, "frederick")
    n0 = len(session.record.actions)
    for i in range(100):
        _wait_thinker(board)
        _frame(ui, board, i)
        assert board.card_flight() is None
        if len(session.record.actions) > n0:
            break
    assert session.record.actions[-1]["action"]["type"] == "play_card"
    assert board._combat_shown() is board.frame and board.anim is None
