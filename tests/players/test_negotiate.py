"""The computer players at the negotiating table (R21, RUL-A42): they answer offers of agreement
from their own view (who leads, what a truce frees) and offer a truce between the trailing
players in the diplomacy window."""

from __future__ import annotations

from pathlib import Path


from maria.games.maria.rules import apply, legal_actions
from maria.games.maria.rules.state import board_info, copy_state
from maria.players import negotiate
from maria.players.easy import EasyPlayer
from maria.players.leader import PACE
from maria.players.next_stage import assess
from maria.players.resample import observe
from tests.rules.test_advanced import adv_game
from tests import yamlc


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


FIXTURES = Path(__file__).parent / "fixtures"


def _turn2_offer() -> dict:
    """Turn 2's diplomacy window of an all-hard game (seed 250001): Maria Theresa has offered
    Frederick a 2-turn truce (Austria spares Prussia and Saxony, they spare Austria); Prussia
    stands before Breslau and Brieg, which carry Austrian markers; Louis XV leads."""
    return yamlc.load((FIXTURES / "adv3p_turn2_truce_offered_to_frederick.yaml").read_text(encoding="utf-8"))


def _mt_truce_offer(s):
    """Maria Theresa's truce to Frederick in the opening's diplomacy window: Austria spares Prussia
    and Saxony, they spare Austria, 2 turns."""
    return apply(
        s, "maria_theresa", _truce("maria_theresa", "frederick", [("austria", "prussia"), ("austria", "saxony")])
    )


def test_R21_a_trailing_frederick_refuses_a_truce_that_costs_him_more_silesian_markers_than_it_saves():
    s = _turn2_offer()
    assert negotiate.leader(s, "frederick") == "louis_xv"  # Frederick trails
    obs = observe(s, "frederick")
    info = board_info(s)
    # what he gives up: Prussia's conquests of Breslau and Brieg in its coming stage (its markers
    # placed, Austria's back in Austria's pool, R10.16, R15.3) ...
    gives = assess(obs, "frederick", enemies=["prussia", "saxony"], victims=["austria"])
    silesia = {c for c, p, q in gives.at_risk if info.in_silesia(c) and q >= 0.5}
    assert silesia == {"breslau", "brieg"}
    assert gives.lost_vm["austria"] > 1.5
    # ... is more than what Austria's attack on him would take
    spared = assess(obs, "frederick", enemies=["austria"], victims=["prussia", "saxony"])
    given_up = sum(gives.expected_vm.values()) + sum(gives.lost_vm.values())
    assert given_up > sum(spared.expected_vm.values()) + sum(spared.lost_vm.values())
    assert negotiate.worth(s, "frederick", s["flow"][-1]["offer"], "louis_xv") < 0.0
    assert _choose(s, "frederick") == {"type": "answer_agreement", "accept": False}


def test_R21_a_trailing_frederick_refuses_a_truce_that_costs_him_a_conquest_and_saves_him_nothing():
    s = _mt_truce_offer(adv_game(diplomacy=True, agreements=True))
    assert negotiate.leader(s, "frederick") == "louis_xv"
    obs = observe(s, "frederick")
    gives = assess(obs, "frederick", enemies=["prussia", "saxony"], victims=["austria"])
    assert gives.expected_vm.get("prussia", 0.0) > 0.5  # Saxony takes Leitmeritz for Prussia's markers
    spared = assess(obs, "frederick", enemies=["austria"], victims=["prussia", "saxony"])
    assert sum(spared.expected_vm.values()) + sum(spared.lost_vm.values()) == 0.0
    assert _choose(s, "frederick") == {"type": "answer_agreement", "accept": False}


def test_R21_negotiating_reads_only_the_deciding_roles_view():
    s = _turn2_offer()
    hidden = copy_state(s)
    # what Frederick cannot see: Maria Theresa's hand (R8.4), exchanged with the draw deck; her
    # cards would count in the battles Prussia may fight for Silesia
    hand, deck = hidden["cards"]["hands"]["austria"], hidden["cards"]["draw"]
    n = len(hand)
    hidden["cards"]["hands"]["austria"], deck[:n] = list(deck[:n]), list(hand)
    assert observe(hidden, "frederick") == observe(s, "frederick")
    assert hidden["cards"]["hands"]["austria"] != s["cards"]["hands"]["austria"]
    offer = s["flow"][-1]["offer"]
    assert negotiate.worth(s, "frederick", offer, "louis_xv") == negotiate.worth(hidden, "frederick", offer, "louis_xv")
    assert negotiate.accept(s, "frederick", offer) == negotiate.accept(hidden, "frederick", offer)
    # and the offer a trailing player makes: Maria Theresa's, whatever Frederick's hands hold
    s = adv_game(diplomacy=True, agreements=True)
    hidden = copy_state(s)
    deck = hidden["cards"]["draw"]
    for power in ("prussia", "saxony", "pragmatic_army"):
        hand = hidden["cards"]["hands"][power]
        n = len(hand)
        hidden["cards"]["hands"][power], deck[:n] = list(deck[:n]), list(hand)
    assert observe(hidden, "maria_theresa") == observe(s, "maria_theresa")
    legal = legal_actions(s, "maria_theresa")
    assert legal == legal_actions(hidden, "maria_theresa")
    assert negotiate.truce_offer(s, "maria_theresa", legal) == negotiate.truce_offer(hidden, "maria_theresa", legal)


def test_R21_a_truce_binds_for_all_its_turns_frederick_refuses_two_turns_of_silesia_for_one_stage_of_safety():
    """Turn 3 of an all-hard game (seed 250058): Maria Theresa offers Frederick a 2-turn truce.
    In Prussia's coming stage its armies take little from Austria, and Austria's would take a
    marker from him: for one turn the truce would be worth it; but it binds him for a second turn,
    in which Prussia would go on taking Austria's Silesian fortresses at its usual pace."""
    s = yamlc.load((FIXTURES / "adv3p_turn3_truce_offered_to_frederick.yaml").read_text(encoding="utf-8"))
    offer = s["flow"][-1]["offer"]
    assert offer["turns"] == 2 and negotiate.leader(s, "frederick") == "louis_xv"
    # most fortresses Prussia and Saxony may conquer are Austria's (the others the Pragmatic
    # Army's, their enemy too): the second turn costs most of Prussia's pace
    pace = negotiate._pace_against(s, ["prussia", "saxony"], ["austria"])
    assert set(pace) == {"prussia"} and 0.5 * PACE["prussia"] < pace["prussia"] < PACE["prussia"]
    one_turn = dict(offer, turns=1)
    assert negotiate.worth(s, "frederick", one_turn, "louis_xv") > 0.0
    assert negotiate.worth(s, "frederick", offer, "louis_xv") < 0.0
    assert _choose(s, "frederick") == {"type": "answer_agreement", "accept": False}
