"""Winter recruitment chosen by play-outs (maria.players.winter_search, issue 21's "decisions that
are not searched today"; R13 winter, R8.7 minimal payments, R11.2 the sector's suit, R8.4 hidden
hands): the challengers are legal recruitments that keep cards of the suits where her generals
stand, and the search, like every decision path, reads only its role's view."""

from __future__ import annotations

import copy
import random

import pytest

from maria.players import decide, make_player, winter_search
from maria.players.easy import TROOP_COST, Rules
from maria.players.resample import observe
from maria.games.maria.rules import cards, door


def _her_winter(seed: int = 3) -> dict:
    """An all-easy introductory 3-player game at Maria Theresa's first winter decision (seed 3:
    the winter after turn 3, Karl and Traun removed, 10 cards worth 51 points)."""
    st = door.new_game(variant="intro", players=3, seed=seed)
    ps = {r: make_player("easy", 1) for r in door.ROLES[3]}
    while not door.is_over(st):
        r = door.active_roles(st)[0]
        if st["flow"][-1]["name"] == "winter" and r == "maria_theresa":
            return st
        st = door.apply(st, r, decide(st, r, ps[r]))
    raise AssertionError("no winter")


@pytest.fixture(scope="module")
def winter() -> dict:
    return _her_winter()


def _recruit(st: dict) -> dict:
    return next(a for a in door.legal_actions(st, "maria_theresa") if a["type"] == "recruit")


def test_R8_7_R11_2_the_payment_is_minimal_and_keeps_the_suits_where_her_generals_stand():
    hand = ["1:D6", "1:H7", "1:D7", "1:D8", "1:D2", "2:H4", "2:D4", "2:C3"]
    pay = winter_search.kept_suit_payment(hand, 12, {"diamonds"})
    assert pay is not None and cards.minimal_payment_ok(pay, 12)
    assert all(cards.suit_of(c) != "diamonds" for c in pay)         # hearts and clubs cover 12: 7+4+3 = 14
    kept = [c for c in hand if c not in pay]
    assert sorted(kept) == sorted(c for c in hand if cards.suit_of(c) == "diamonds")
    # more than the other suits can pay: the lowest diamonds go too, still a minimal payment
    pay = winter_search.kept_suit_payment(hand, 20, {"diamonds"})
    assert cards.minimal_payment_ok(pay, 20) and "1:D8" not in pay
    assert winter_search.kept_suit_payment(hand, 100, {"diamonds"}) is None


def test_R13_the_challengers_are_legal_recruitments_of_fewer_troops_removed_generals_first(winter):
    st = winter
    rec = _recruit(st)
    assert set(rec["sites"]) == {"karl", "traun"}            # removed: they re-enter first (R13)
    acts = door.legal_actions(st, "maria_theresa")
    easy = Rules(st, "maria_theresa", random.Random(1)).decide(acts)
    cands = winter_search.candidates(st, "maria_theresa", acts, easy, Rules(st, "maria_theresa", random.Random(1)))
    assert cands[0] == [easy]                                 # the rules of thumb first
    counts = [sum(c[0]["assign"].values()) for c in cands[1:]]
    full = min(rec["max_troops"], (cards.hand_value(st, "austria") - 6) // TROOP_COST)
    assert counts[0] == full and counts == sorted(set(counts), reverse=True)
    assert counts[-1] == 2                                     # share 0: only the two re-entries
    for seq in cands[1:]:
        assert seq[0]["type"] == "recruit" and set(seq[0]["reenter"]) == {"karl", "traun"}
        after = door.apply(st, "maria_theresa", seq[0])       # legal: the door accepts it
        after = door.apply(after, "maria_theresa", seq[1])    # ... and "done" ends her winter
        hand = after["cards"]["hands"]["austria"]
        assert cards.hand_value(after, "austria") == cards.hand_value(st, "austria") - \
            sum(cards.value_of(c) for c in seq[0]["cards"])
        assert len(hand) < len(st["cards"]["hands"]["austria"])


def test_R8_4_the_winter_search_reads_only_her_view(monkeypatch, winter):
    """Issue 21: a new decision path sees only its role's view.  Two positions that differ only in
    which cards France and Prussia hold (R8.4: hidden from Austria) give her the same view and the
    same recruitment, and the winter search made it."""
    a = winter
    b = copy.deepcopy(a)
    hf, hp = b["cards"]["hands"]["france"], b["cards"]["hands"]["prussia"]
    k = min(len(hf), len(hp))
    assert k >= 1
    hf[:k], hp[:k] = hp[:k], hf[:k]
    assert hf != a["cards"]["hands"]["france"]
    assert observe(a, "maria_theresa") == observe(b, "maria_theresa")
    calls = []
    orig = winter_search.search_winter
    monkeypatch.setattr(winter_search, "search_winter", lambda *x, **kw: calls.append(x[2]) or orig(*x, **kw))
    monkeypatch.setattr(winter_search, "PLAYOUTS", 20)   # fewer play-outs: the same view, the same choice
    chosen = []
    for s in (a, b):
        p = make_player("hard", 5, clock=False)
        p.winter_search_roles = {"intro-3": ("maria_theresa",)}
        chosen.append(p.choose(observe(s, "maria_theresa"), door.legal_actions(s, "maria_theresa"), "maria_theresa"))
        # the rest of her winter follows the choice
        nxt = door.apply(s, "maria_theresa", chosen[-1])
        if "maria_theresa" in door.active_roles(nxt) and nxt["flow"][-1]["name"] == "winter":
            follow = p.choose(observe(nxt, "maria_theresa"), door.legal_actions(nxt, "maria_theresa"),
                              "maria_theresa")
            if p._winter_chosen[(s["turn"], "austria")] is not None or follow["type"] == "done":
                assert follow["type"] == "done"
    assert calls == ["maria_theresa", "maria_theresa"]
    assert chosen[0] == chosen[1]


def test_the_winter_search_ships_off_and_reaches_only_hard():
    """Session 29's trial K (docs/balance.md): no measurable change in the games, so no role
    searches its winter in the shipped players; the setting reaches hard alone."""
    import maria.players as players
    assert players.WINTER_SEARCH_ROLES == {}
    try:
        players.WINTER_SEARCH_ROLES = {"intro-3": ("maria_theresa",)}
        assert make_player("hard", 1).winter_search_roles == {"intro-3": ("maria_theresa",)}
        assert make_player("normal", 1).winter_search_roles == {}
    finally:
        players.WINTER_SEARCH_ROLES = {}
