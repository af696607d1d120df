"""The computer players at the negotiating table (R21, RUL-A42): they answer offers of agreement
from their own view (who leads, what a truce frees) and offer a truce between the trailing
players in the diplomacy window."""

from __future__ import annotations

from maria.games.maria.rules import apply, legal_actions
from maria.players import negotiate
from maria.players.easy import EasyPlayer
from maria.players.resample import observe
from tests.rules.test_advanced import adv_game


def _choose(s, role):
    return EasyPlayer(3).choose(observe(s, role), legal_actions(s, role), role)


def _truce(by, to, pairs):
    terms = {by: [], to: []}
    for p, q in pairs:
        terms[by].append({"kind": "no_attack", "power": p, "target": q, "map": None})
        terms[to].append({"kind": "no_attack", "power": q, "target": p, "map": None})
    return {"type": "offer_agreement", "to": to, "terms": terms, "turns": 2}


def test_R21_the_leader_at_the_start_is_louis_xv_from_every_view():
    s = adv_game(diplomacy=True, agreements=True)
    assert {negotiate.leader(s, r) for r in s["roles"]} == {"louis_xv"}


def test_R21_computer_accepts_a_truce_with_a_non_leader_that_frees_it_against_the_leader():
    s = adv_game(diplomacy=True, agreements=True)
    s = apply(s, "frederick", _truce("frederick", "maria_theresa", [("prussia", "austria"), ("saxony", "austria")]))
    assert _choose(s, "maria_theresa") == {"type": "answer_agreement", "accept": True}


def test_R21_computer_refuses_a_truce_offered_by_the_leader():
    s = adv_game(diplomacy=True, agreements=True)
    s = apply(s, "louis_xv", _truce("louis_xv", "maria_theresa", [("france", "austria"), ("bavaria", "austria")]))
    assert _choose(s, "maria_theresa") == {"type": "answer_agreement", "accept": False}


def test_R21_a_trailing_computer_offers_the_other_trailing_player_a_truce_in_the_diplomacy_window():
    s = adv_game(diplomacy=True, agreements=True)
    a = _choose(s, "maria_theresa")
    assert a["type"] == "offer_agreement" and a["to"] == "frederick" and a["turns"] == 2
    assert {t["kind"] for side in a["terms"].values() for t in side} == {"no_attack"}
    s = apply(s, "maria_theresa", a)  # a legal offer
    assert s["flow"][-1]["name"] == "agreement_answer"
    off = adv_game(diplomacy=True)  # without the option: no offer
    assert _choose(off, "maria_theresa")["type"] != "offer_agreement"


def test_tournament_plays_with_or_without_agreements():
    from maria.cli import build_parser
    from maria.players import tournament

    args = build_parser().parse_args(["tournament", "--variant", "advanced", "--agreements", "on"])
    assert args.agreements == "on"
    seats = {r: "random" for r in ("maria_theresa", "frederick", "louis_xv")}
    rec = tournament.play_game("advanced", 3, 4, seats, agreements=True)
    assert rec.state["options"]["agreements"] is True
    assert not tournament.play_game("advanced", 3, 4, seats).state["options"].get("agreements")
    key = dict(variant="advanced", players=3, games=2, a="easy", b="easy", budget=None, seed=0, seating="solo")
    assert "agreements" not in tournament._series_key(clock=False, **key)  # the files of old series
    assert tournament._series_key(clock=False, agreements=True, **key)["agreements"] is True
