"""Undo (craft: a snapshot stack of the acting role's own reversible steps) and its barriers:
cleared when a card is drawn, hidden information is revealed (combat), a payment is made, or the
active role changes; never offered to another role."""

import pytest

from maria.games.maria.rules import IllegalAction, active_roles, apply, legal_actions
from tests.rules.helpers import advance_to, allocated_game, place

UNDO = {"type": "undo"}


def _movement():
    return advance_to(allocated_game(), "movement_phase")  # France+Bavaria, turn 1


def test_undo_steps_back_one_reversible_action_at_a_time():
    s0 = _movement()
    s1 = apply(s0, "louis_xv", {"type": "move", "piece": "broglie"})
    s2 = apply(s1, "louis_xv", {"type": "step", "to": "c11"})
    assert s2["generals"]["broglie"]["city"] == "c11"
    assert UNDO in legal_actions(s2, "louis_xv")
    back1 = apply(s2, "louis_xv", UNDO)
    assert back1["generals"] == s1["generals"] and back1["flow"] == s1["flow"]
    back0 = apply(back1, "louis_xv", UNDO)
    assert back0["generals"] == s0["generals"] and back0["flow"] == s0["flow"]
    assert back0["log"] == s0["log"]
    assert UNDO not in legal_actions(back0, "louis_xv")


def test_undo_is_never_offered_to_another_role():
    s = apply(_movement(), "louis_xv", {"type": "move", "piece": "broglie"})
    assert UNDO in legal_actions(s, "louis_xv")
    for role in ("frederick", "maria_theresa"):
        assert UNDO not in legal_actions(s, role)
        with pytest.raises(IllegalAction):
            apply(s, role, UNDO)


def test_undo_cleared_when_the_active_role_changes():
    s = apply(_movement(), "louis_xv", {"type": "move", "piece": "broglie"})
    s = apply(s, "louis_xv", {"type": "step", "to": "c11"})
    for _ in range(50):  # finish France+Bavaria's stage
        if active_roles(s) != ["louis_xv"]:
            break
        acts = legal_actions(s, "louis_xv")
        assert UNDO in acts  # still louis_xv's own reversible steps
        done = [a for a in acts if a["type"] in ("stop", "done", "accept_defeat", "accept_tie")]
        s = apply(s, "louis_xv", done[0])
    assert active_roles(s) != ["louis_xv"]
    assert s["undo"] == [] and all(UNDO not in legal_actions(s, r) for r in s["roles"])


def test_undo_cleared_by_a_card_draw():
    s = apply(_movement(), "louis_xv", {"type": "move", "piece": "broglie"})
    assert s["undo"]
    from maria.games.maria.rules import cards

    cards.draw(s, "france", 1)
    assert s["undo"] == []


def test_undo_cleared_when_combat_reveals_troops():
    s = advance_to(allocated_game(), "movement_phase")
    place(s, "broglie", "c11")
    place(s, "karl", "c12")
    s = advance_to(s, "combat")
    assert s["undo"] == [] and UNDO not in legal_actions(s, active_roles(s)[0])
    assert s["generals"]["broglie"]["known"] is not None  # R6.5: revealed in combat


def _without_undo(state):
    return {k: v for k, v in state.items() if k != "undo"}


def test_look_ahead_is_apply_without_the_undo_snapshots():
    """The computer players' door (their speed): the same state as apply, the caller's
    state untouched (or, in place, become the state after), no snapshot to take back, no undo."""
    from maria.engine.state import copy_state
    from maria.games.maria.rules import door

    s0 = _movement()
    before = copy_state(s0)
    for a in ({"type": "move", "piece": "broglie"},):
        applied = apply(s0, "louis_xv", a)
        looked = door.look_ahead(s0, "louis_xv", a)
        assert s0 == before  # the caller's state is never changed
        assert _without_undo(looked) == _without_undo(applied)
        assert len(looked["undo"]) == len(applied["undo"]) == 1 and looked["undo"] == [None]
        step = {"type": "step", "to": "c11"}
        in_place = door.look_ahead(looked, "louis_xv", step, in_place=True)
        assert in_place is looked
        assert _without_undo(in_place) == _without_undo(apply(applied, "louis_xv", step))
        with pytest.raises(IllegalAction, match="cannot undo"):
            door.look_ahead(in_place, "louis_xv", UNDO)
        with pytest.raises(IllegalAction):
            door.look_ahead(in_place, "frederick", step)  # the same checks as apply
