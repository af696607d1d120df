"""The model of the next enemy action stage (maria.players.next_stage) follows the rules it
reproduces: reach by moves and force marches (R10.2, R10.5), conquest on leaving an unprotected
fortress (R10.12, R10.13), no conquest out of reach, retroactive conquest once the lone protector
is beaten (R10.15, R12.1); and it reads only the role's view."""

from __future__ import annotations

import pytest

from maria.players.next_stage import assess
from maria.players.resample import observe
from maria.games.maria.rules import door
from maria.games.maria.rules.state import board_info, controller, copy_state, rebuild_index


@pytest.fixture(scope="module")
def french_movement() -> dict:
    """An introductory game at France's first movement phase: every power's troops allocated (the
    set-up minimums first), hussars placed where first offered."""
    s = door.new_game("intro", 3, 3)
    for _ in range(40):
        if s["flow"][-1]["name"] == "movement_phase" and "louis_xv" in door.active_roles(s):
            return s
        r = door.active_roles(s)[0]
        a = door.legal_actions(s, r)[0]
        if a.get("troops") == "choose":
            alloc = {g: v["min"] for g, v in a["generals"].items()}
            left = a["total"] - sum(alloc.values())
            for g, v in a["generals"].items():
                add = min(left, v["max"] - alloc[g])
                alloc[g] += add
                left -= add
            a = dict(a, troops=alloc)
        s = door.apply(s, r, a)
    raise AssertionError("France never moved")


def _only(s, keep: dict[str, tuple[str, int]]) -> dict:
    """`s` with only the generals of `keep` on the board (id -> (city, troops)), face up, and no
    supply trains or hussars: nothing else protects, blocks or fights."""
    s = copy_state(s)
    for gid, g in s["generals"].items():
        if gid in keep:
            g.update(city=keep[gid][0], troops=keep[gid][1], face_up=True, in_play=True)
        else:
            g.update(city=None, in_play=False)
    for t in s["trains"].values():
        t.update(city=None, in_play=False)
    s["hussars"] = {h: None for h in s["hussars"]}
    rebuild_index(s)
    return s


def _risk(s, role="maria_theresa"):
    return assess(observe(s, role), role)


def test_R10_12_an_unprotected_fortress_in_reach_is_flagged(french_movement):
    s = _only(french_movement, {"belle_isle": ("klattau", 8), "traun": ("wien", 4)})
    info = board_info(s)
    assert info.dist("klattau", "pilsen") == 1 and controller(s, info, "pilsen") == "austria"
    risk = _risk(s)
    assert risk.enemies == ["france", "bavaria"]
    assert "pilsen" in risk.flagged(0.5)
    assert ("pilsen", "france") in {(f, p) for f, p, _ in risk.at_risk}


def test_R10_2_a_fortress_out_of_reach_is_not_flagged(french_movement):
    # five road steps from Pilsen: no move of 3 (4 on main roads) leaves it (R10.2)
    info = board_info(french_movement)
    d = info.dist_from("pilsen")
    start = next(c for c in sorted(d) if d[c] == 5 and not info.is_fortress(c))
    s = _only(french_movement, {"belle_isle": (start, 8), "traun": ("wien", 4)})
    risk = _risk(s)
    assert risk.risk_of("pilsen") == 0.0
    assert all(info.dist(start, f) <= 4 for f, _, _ in risk.at_risk)
    near = _only(french_movement, {"belle_isle": ("klattau", 8), "traun": ("wien", 4)})
    assert _risk(near).risk_of("pilsen") > 0.5  # the same general, in reach


def test_R10_5_reach_counts_force_marches_of_up_to_8_main_road_cities_that_conquer_nothing(french_movement):
    s = _only(french_movement, {"belle_isle": ("loebau", 8), "traun": ("wien", 4)})
    info = board_info(s)
    risk = _risk(s)
    d = info.dist_from("loebau")
    far = {c for c in risk.reach["belle_isle"] if d[c] >= 5}
    assert far  # beyond any plain move (R10.2)
    assert not any(f in far for f, _, _ in risk.at_risk)  # R10.14: a force march takes nothing


def test_R10_15_retroactive_conquest_when_the_lone_protector_is_beaten(french_movement):
    # Pilsen protected by Traun alone, two cities off; a French stack of 16 beside Pilsen can leave
    # it (a "?") and end next to Traun: beaten and driven away, Traun no longer protects it
    info = board_info(french_movement)
    d = info.dist_from("pilsen")
    guard = next(c for c in sorted(d) if d[c] == 2 and not info.is_fortress(c))
    weak = _only(french_movement, {"belle_isle": ("klattau", 8), "broglie": ("klattau", 8), "traun": (guard, 1)})
    risk = _risk(weak)
    assert risk.beaten["traun"] > 0.9
    assert risk.risk_of("pilsen") > 0.5
    strong = _only(french_movement, {"belle_isle": ("klattau", 1), "traun": (guard, 8), "karl": (guard, 8)})
    assert _risk(strong).risk_of("pilsen") < 0.3  # a protector it cannot beat holds it


def test_the_model_reads_only_the_roles_view(french_movement):
    s = _only(
        french_movement,
        {"belle_isle": ("klattau", 6), "broglie": ("klattau", 4), "traun": ("pilsen", 4), "karl": ("budweis", 3)},
    )
    hidden = copy_state(s)
    # what Maria Theresa cannot see: France's split of its troops (R6.5) and the hands of France
    # and Prussia (R8.4), exchanged with the draw deck
    hidden["generals"]["belle_isle"]["troops"], hidden["generals"]["broglie"]["troops"] = 2, 8
    hands, deck = hidden["cards"]["hands"], hidden["cards"]["draw"]
    for power in ("france", "prussia"):
        n = len(hands[power])
        hands[power], deck[:n] = list(deck[:n]), list(hands[power])
    assert observe(hidden, "maria_theresa")["hands"] == observe(s, "maria_theresa")["hands"]
    assert hidden["cards"]["hands"]["france"] != s["cards"]["hands"]["france"]
    a, b = _risk(s), _risk(hidden)
    assert (a.at_risk, a.beaten, a.reach, a.expected_vm) == (b.at_risk, b.beaten, b.reach, b.expected_vm)


def test_R9_5_a_general_out_of_supply_when_his_stage_begins_conquers_nothing(french_movement):
    # Klattau is outside France's home country and France has no supply train on the board: at
    # the supply phase still to come Belle-Isle turns face-down (R9.3, R9.4) and cannot conquer
    s = _only(french_movement, {"belle_isle": ("klattau", 8), "traun": ("wien", 4)})
    before = copy_state(s)
    before["phase"] = "tc"
    assert _risk(before).risk_of("pilsen") == 0.0
    assert _risk(s).risk_of("pilsen") > 0.5  # after the supply phase: still face-up


def test_R11_2_the_protectors_cards_of_his_sectors_suit_count_in_the_battle(french_movement):
    from maria.games.maria.rules import cards

    info = board_info(french_movement)
    d = info.dist_from("pilsen")
    guard = next(c for c in sorted(d) if d[c] == 2 and not info.is_fortress(c))
    keep = {"belle_isle": ("klattau", 6), "traun": (guard, 4)}
    bare = _only(french_movement, keep)
    bare["cards"]["hands"]["austria"] = []
    armed = _only(french_movement, keep)
    suit = info.suit(guard)
    armed["cards"]["hands"]["austria"] = [
        c
        for deck in range(1, 5)
        for c in cards.deck_cards(deck)
        if cards.suit_of(c) == suit and cards.value_of(c) == 10
    ]
    assert _risk(armed).beaten["traun"] < 0.5 < _risk(bare).beaten["traun"]
