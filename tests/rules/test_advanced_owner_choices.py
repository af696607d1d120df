"""Advanced game: the choices the rulebook gives to a piece's owner or the paying power (RUL-A14,
RUL-A15, RUL-A18), played through the door.  Tests named after the rule numbers they check."""

from __future__ import annotations

import pytest

from maria.games.maria.rules import apply, active_roles, legal_actions
from maria.games.maria.rules.advanced import politics
from maria.games.maria.rules.advanced import display as pol_display
from maria.games.maria.rules import flow
from maria.games.maria.rules.state import IllegalAction, board_info, home_of, rebuild_index
from maria.games.maria.invariants import check_state
from tests.rules.test_advanced import adv_game


def _put(s, pid, city):
    p = s["generals"].get(pid) or s["trains"][pid]
    p["city"] = city
    p["in_play"] = True
    if pid in s["generals"] and p["troops"] == 0 and city is not None:
        p["troops"] = 2
    rebuild_index(s)


def _settle(s):
    flow.run(s, board_info(s))
    assert check_state(s, undo_snapshots=False) == []
    return s


# --- RUL-A14: the 8 TC points for an off-board general (R17.6.4, R8.7) -------------------------


def _expedition_with_offboard_karl():
    s = adv_game()
    info = board_info(s)
    g = s["generals"]["karl"]
    g["city"], g["troops"], g["face_up"], g["known"] = None, 0, True, None  # removed (R6.7)
    rebuild_index(s)
    s["cards"]["hands"]["austria"] = ["1:S8", "1:C9", "1:C8", "1:R1", "1:C7"]
    politics.apply_shifts(s, info, {"italy": -2})  # box 1: Austrian expedition icon
    assert s["flow"][-1]["name"] == "expedition"
    return s


def test_R17_6_4_offboard_general_paid_with_the_powers_own_cards():
    s = _expedition_with_offboard_karl()
    assert {"type": "expedition", "general": "karl"} in legal_actions(s, "maria_theresa")
    s = apply(s, "maria_theresa", {"type": "expedition", "general": "karl"})
    top = s["flow"][-1]
    assert top["name"] == "pay" and top["amount"] == 8 and top["power"] == "austria"
    acts = legal_actions(s, "maria_theresa")
    assert {"type": "pay", "power": "austria", "cards": "choose", "amount": 8} in acts
    assert {"type": "cancel"} in acts
    # R8.7: enough, and no card that is not needed
    for bad in (["1:C7"], ["1:C8", "1:C7"], ["1:S9"]):
        with pytest.raises(IllegalAction):
            apply(s, "maria_theresa", {"type": "pay", "power": "austria", "cards": bad, "amount": 8})
    # the engine's own suggestion would be the 9; Austria pays with the 8 of clubs
    s = apply(s, "maria_theresa", {"type": "pay", "power": "austria", "cards": ["1:C8"], "amount": 8})
    g = s["generals"]["karl"]
    assert g["city"] == "box:italien" and g["troops"] == 2 and not g["in_play"]
    assert s["cards"]["hands"]["austria"] == ["1:S8", "1:C9", "1:R1", "1:C7"]
    assert "1:C8" in s["cards"]["discards"]["1"]
    assert s["adv"]["expedition"]["italy"]["austria"] == "karl"
    assert s["flow"][-1]["name"] != "expedition"
    assert check_state(s, undo_snapshots=False) == []


def test_R17_6_4_cancel_the_payment_returns_to_the_choice():
    s = _expedition_with_offboard_karl()
    s = apply(s, "maria_theresa", {"type": "expedition", "general": "karl"})
    s = apply(s, "maria_theresa", {"type": "cancel"})
    assert s["flow"][-1]["name"] == "expedition"
    assert len(s["cards"]["hands"]["austria"]) == 5
    s = apply(s, "maria_theresa", {"type": "expedition", "general": "traun"})  # an on-map general: free
    assert s["generals"]["traun"]["city"] == "box:italien" and len(s["cards"]["hands"]["austria"]) == 5


def test_R17_6_4_offboard_general_not_offered_without_8_points():
    s = _expedition_with_offboard_karl()
    s["cards"]["hands"]["austria"] = ["1:C7"]
    assert {"type": "expedition", "general": "karl"} not in legal_actions(s, "maria_theresa")


# --- RUL-A15: the blocker of an off-map return moves by its owner's choice (R17.6.7) ------------


def test_R17_6_7_blocker_moved_by_its_owner_to_an_adjacent_city():
    s = adv_game()
    info = board_info(s)
    gid = s["adv"]["expedition"]["russia"]["prussia"]  # the Ostpreussen general
    _put(s, "neipperg", "landsberg")  # an Austrian on the arrow's city
    politics.apply_shifts(s, info, {"russia": 1})
    s = _settle(s)
    top = s["flow"][-1]
    assert top["name"] == "relocate" and top["cause"] == "offmap"
    assert active_roles(s) == ["maria_theresa"]  # the blocker's owner, not Prussia
    acts = [a for a in legal_actions(s, "maria_theresa") if a["type"] == "relocate"]
    assert sorted(a["city"] for a in acts) == ["meseritz", "soldin"]
    assert s["generals"][gid]["city"] == "box:ostpreussen"  # waits until the city is free
    with pytest.raises(IllegalAction):
        apply(s, "maria_theresa", {"type": "relocate", "piece": "neipperg", "city": "landsberg"})
    s = apply(s, "maria_theresa", {"type": "relocate", "piece": "neipperg", "city": "soldin"})
    assert s["generals"]["neipperg"]["city"] == "soldin"  # not the alphabetical first
    assert s["generals"][gid]["city"] == "landsberg" and s["generals"][gid]["in_play"]
    assert s["flow"][-1]["name"] != "relocate"
    assert check_state(s, undo_snapshots=False) == []


def test_R17_6_7_single_free_city_is_automatic_and_the_blocker_may_join_its_own_general():
    s = adv_game()
    info = board_info(s)
    gid = s["adv"]["expedition"]["russia"]["prussia"]
    _put(s, "neipperg", "landsberg")
    _put(s, "friedrich", "meseritz")  # an enemy: no stack there
    politics.apply_shifts(s, info, {"russia": 1})
    s = _settle(s)
    assert s["generals"]["neipperg"]["city"] == "soldin" and s["generals"][gid]["city"] == "landsberg"
    # no empty neighbour: a general may stack with one of his own power's there (RUL-A15, as RUL-A30)
    s = adv_game()
    info = board_info(s)
    gid = s["adv"]["expedition"]["russia"]["prussia"]
    _put(s, "neipperg", "landsberg")
    _put(s, "traun", "meseritz")
    _put(s, "karl", "soldin")
    politics.apply_shifts(s, info, {"russia": 1})
    s = _settle(s)
    acts = [a for a in legal_actions(s, "maria_theresa") if a["type"] == "relocate"]
    assert sorted(a["city"] for a in acts) == ["meseritz", "soldin"]
    s = apply(s, "maria_theresa", {"type": "relocate", "piece": "neipperg", "city": "meseritz"})
    assert s["city_generals"]["meseritz"] == ["traun", "neipperg"] and s["generals"][gid]["city"] == "landsberg"


# --- RUL-A18: pieces leaving / returning to neutral Saxony (R19.3.3) ----------------------------


def test_R19_3_3_foreign_pieces_leave_neutral_saxony_by_their_owners_choice():
    s = adv_game()
    info = board_info(s)
    _put(s, "neipperg", "zittau")  # Austria: Leipa and Reichenberg are both 1 step away
    _put(s, "leopold", "guben")  # Prussia: Cottbus, Frankfurt/Oder (Crossen holds a train)
    politics.apply_shifts(s, info, {"saxony": 1})
    s = _settle(s)
    assert pol_display.saxony_state(s) == "neutral"
    top = s["flow"][-1]
    assert top["name"] == "relocate" and top["cause"] == "neutral"
    assert active_roles(s) == ["frederick"]  # pieces in id order: leopold first
    acts = [a for a in legal_actions(s, "frederick") if a["type"] == "relocate"]
    assert acts == [{"type": "relocate", "piece": "leopold", "city": c} for c in ("cottbus", "frankfurt_oder")]
    s = apply(s, "frederick", {"type": "relocate", "piece": "leopold", "city": "frankfurt_oder"})
    assert active_roles(s) == ["maria_theresa"]
    acts = [a for a in legal_actions(s, "maria_theresa") if a["type"] == "relocate"]
    assert sorted(a["city"] for a in acts) == ["leipa", "reichenberg"]
    s = apply(s, "maria_theresa", {"type": "relocate", "piece": "neipperg", "city": "reichenberg"})
    assert s["generals"]["leopold"]["city"] == "frankfurt_oder"
    assert s["generals"]["neipperg"]["city"] == "reichenberg"
    assert s["flow"][-1]["name"] == "politics"
    for g in s["generals"].values():
        if g["in_play"] and g["city"] in info.playable:
            assert (home_of(s, info, g["city"]) == "saxony") == (g["power"] == "saxony"), g
    assert check_state(s, undo_snapshots=False) == []


def test_R19_3_3_saxon_pieces_home_setup_city_occupied_owner_chooses():
    s = adv_game()
    info = board_info(s)
    _put(s, "rutowski", "torgau")
    _put(s, "saxony_t1", "wurzen")  # the train goes back to Leipzig by itself
    _put(s, "neipperg", "dresden")  # Rutowski's set-up city is occupied
    politics.apply_shifts(s, info, {"saxony": 1})
    s = _settle(s)
    assert active_roles(s) == ["maria_theresa"]  # Saxony is Maria Theresa's now
    acts = [a for a in legal_actions(s, "maria_theresa") if a["type"] == "relocate"]
    assert sorted(a["city"] for a in acts) == ["bischofswerda", "dippoldiswalde", "freiberg", "meissen", "pirna"]
    s = apply(s, "maria_theresa", {"type": "relocate", "piece": "rutowski", "city": "meissen"})
    assert s["generals"]["rutowski"]["city"] == "meissen"
    assert s["trains"]["saxony_t1"]["city"] == "leipzig"
    s = _settle(s)
    assert home_of(s, info, s["generals"]["neipperg"]["city"]) == "austria"  # then he leaves
    assert s["flow"][-1]["name"] == "politics"
    assert check_state(s, undo_snapshots=False) == []


def test_R19_3_3_saxon_general_setup_city_free_goes_home_automatically():
    s = adv_game()
    info = board_info(s)
    _put(s, "rutowski", "torgau")
    politics.apply_shifts(s, info, {"saxony": 1})
    s = _settle(s)
    assert s["generals"]["rutowski"]["city"] == "dresden"
    assert s["flow"][-1]["name"] == "politics"
