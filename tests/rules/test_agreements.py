"""Binding agreements (R21, RUL-A38 to RUL-A42) through the door: the rulebook's two examples (§21),
an election-vote promise (R18), the save format with an agreement in force, and the end of an
agreement that its parties can no longer keep."""

from __future__ import annotations

import pytest

from maria.engine import rng
from maria.games.maria.rules import active_roles, apply, door, flow, legal_actions
from maria.games.maria.rules.advanced import agreements as AG
from maria.games.maria.rules.advanced import display as pol_display
from maria.games.maria.rules.advanced import polcards as pol_cards
from maria.games.maria.rules.advanced import politics
from maria.games.maria.rules.state import IllegalAction, board_info, controller, rebuild_index
from maria.lab.selfplay import fill
from tests.rules.test_advanced import adv_game

LEAVE_SILESIA = {"kind": "leave", "power": "austria", "territory": "silesia"}
PA_SUBSIDY = {"kind": "subsidy", "power": "pragmatic_army", "recipient": "austria", "turns": 2}
NO_ATTACK = {"kind": "no_attack", "power": "prussia", "target": "austria", "map": None}
KEEP_AWAY = {"kind": "keep_away", "power": "austria", "fortresses": ["neisse", "cosel"]}


def _place(s, gid, city):
    s["generals"][gid]["city"] = city
    rebuild_index(s)


def _offer(s, by, to, terms, turns=2):
    return apply(s, by, {"type": "offer_agreement", "to": to, "terms": terms, "turns": turns})


def _agreed(s, by, to, terms, turns=2):
    s = _offer(s, by, to, terms, turns)
    assert s["flow"][-1]["name"] == "agreement_answer" and active_roles(s) == [to]
    return apply(s, to, {"type": "answer_agreement", "accept": True})


def _movement(s, powers):
    s["flow"].append({"name": "movement_phase", "powers": powers, "moved": []})
    flow.run(s, board_info(s))
    return s


def _refused(s, role, action, name):
    """`action` is not among the legal ones and apply refuses it naming agreement `name`."""
    assert action not in legal_actions(s, role)
    with pytest.raises(IllegalAction, match=f"Agreement {name} "):
        apply(s, role, action)


def _pass_to_turn(s, turn):
    """Everyone passes (the first legal action otherwise) until the turn track reaches `turn`."""
    ch = {"rng": rng.seed_state(5)}
    while s["turn"] < turn and s["result"] is None:
        role = active_roles(s)[0]
        acts = [
            a
            for a in legal_actions(s, role)
            if a["type"] not in ("offer_agreement", "cancel_subsidy", "transfer", "undo")
        ]
        done = [a for a in acts if a["type"] in ("done", "accept_tie", "accept_defeat")]
        a = done[0] if done else acts[0]
        s = apply(s, role, fill(a, s, ch) if "choose" in a.values() else a)
    return s


def test_R21_5_example_pa_subsidy_if_austria_leaves_silesia_as_fast_as_possible():
    s = adv_game(diplomacy=True, agreements=True)
    assert {"type": "offer_agreement", "to": "maria_theresa", "terms": "choose", "turns": "choose"} in legal_actions(
        s, "frederick"
    )
    s = _agreed(s, "frederick", "maria_theresa", {"frederick": [PA_SUBSIDY], "maria_theresa": [LEAVE_SILESIA]})
    (a,) = s["adv"]["agreements"]
    assert a["until"] == 3 and "pragmatic_army>austria" in s["adv"]["contracts"]
    assert s["adv"]["contracts"]["pragmatic_army>austria"]["s"] == 2
    assert any("Agreement 1 (Frederick - Maria Theresa, until turn 3) is made" in e["text"] for e in s["log"])

    m = _movement(s, ["austria", "pragmatic_army"])  # Neipperg stands in Glatz, one road from Bohemia
    assert m["generals"]["neipperg"]["city"] == "glatz"
    _refused(m, "maria_theresa", {"type": "done"}, 1)  # he has not left yet
    m = apply(m, "maria_theresa", {"type": "move", "piece": "neipperg"})
    _refused(m, "maria_theresa", {"type": "step", "to": "muensterberg"}, 1)  # deeper into Silesia
    _refused(m, "maria_theresa", {"type": "step", "to": "habelschwert"}, 1)
    m = apply(m, "maria_theresa", {"type": "step", "to": "nachod"})  # out, into Bohemia
    _refused(m, "maria_theresa", {"type": "step", "to": "glatz"}, 1)  # and not back
    m = apply(m, "maria_theresa", {"type": "stop"})
    assert m["generals"]["neipperg"]["city"] == "nachod"

    s = _pass_to_turn(s, 3)
    assert s["adv"]["agreements"] == []
    assert any("Agreement 1 " in e["text"] and "ends: its turns have run out" in e["text"] for e in s["log"])


def test_R21_5_example_prussia_no_attack_if_austria_keeps_out_of_protecting_distance_of_neisse_and_cosel():
    s = adv_game(diplomacy=True, agreements=True)
    s = _agreed(s, "frederick", "maria_theresa", {"frederick": [NO_ATTACK], "maria_theresa": [KEEP_AWAY]})
    info = board_info(s)
    assert s["adv"]["agreements"][0]["until"] == 3

    # Austria: no step into the 3 cities around Neisse or Cosel (R10.13)
    _place(s, "karl", "ostrau")  # 2 roads from Cosel
    m = _movement(s, ["austria", "pragmatic_army"])
    m = apply(m, "maria_theresa", {"type": "move", "piece": "karl"})
    near = [n for n in info.nbrs["ostrau"] if info.dist_from("cosel").get(n, 9) < 2]
    assert near
    for n in near:
        _refused(m, "maria_theresa", {"type": "step", "to": n}, 1)
    # the board's drag offers only the paths that keep it (door.move_paths)
    paths = door.move_paths(s, "karl")["normal"]
    assert paths and not any(c in near for ps in paths.values() for p in ps for c in p)

    # Prussia: no step next to an Austrian general (R11.1 would make it an attack) nor into a
    # fortress Austria holds
    start = s["generals"]["leopold"]["city"]
    mid, far = next(
        (n, x)
        for n in sorted(info.nbrs[start])
        for x in sorted(info.nbrs[n])
        if x != start and x not in info.nbrs[start] and not s["city_generals"].get(x) and not s["city_generals"].get(n)
    )
    _place(s, "neipperg", far)
    m = _movement(s, ["prussia", "saxony"])
    m = apply(m, "frederick", {"type": "move", "piece": "leopold"})
    _refused(m, "frederick", {"type": "step", "to": mid}, 1)
    fort = next(c for c in ("liegnitz", "breslau", "brieg") if controller(s, info, c) == "austria")
    _place(s, "neipperg", "wien")  # far from Silesia
    _place(s, "schwerin", next(c for c in sorted(info.nbrs[fort]) if not s["city_generals"].get(c)))
    m = _movement(s, ["prussia", "saxony"])
    m = apply(m, "frederick", {"type": "move", "piece": "schwerin"})
    _refused(m, "frederick", {"type": "step", "to": fort}, 1)  # a fortress Austria holds
    s = _pass_to_turn(s, 2)
    assert s["adv"]["agreements"]  # still in force in turn 2
    s = _pass_to_turn(s, 3)
    assert s["adv"]["agreements"] == []


def test_R21_R18_election_vote_promise_kept_at_the_election():
    s = adv_game(diplomacy=True, agreements=True)
    vote = {"kind": "vote", "power": "prussia", "for": "francis"}
    s = _agreed(s, "frederick", "maria_theresa", {"frederick": [vote]}, turns=1)
    el = [c for c, p in s["adv"]["college"].items() if p == "prussia"]
    assert el
    s["flow"].append({"name": "election"})
    flow.run(s, board_info(s))
    while s["flow"][-1]["name"] == "election" and s["flow"][-1]["todo"][0][1] != "prussia":
        role = active_roles(s)[0]
        s = apply(s, role, legal_actions(s, role)[0])
    c = s["flow"][-1]["todo"][0][0]
    _refused(s, "frederick", {"type": "vote", "elector": c, "for": "charles"}, 1)
    s = apply(s, "frederick", {"type": "vote", "elector": c, "for": "francis"})
    assert any("Berlin vote for Francis Stephen" in e["text"] for e in s["log"])


def test_R21_refused_offer_makes_nothing_and_is_not_repeated_in_the_phase():
    s = adv_game(diplomacy=True, agreements=True)
    s = _offer(s, "frederick", "maria_theresa", {"frederick": [NO_ATTACK]})
    s = apply(s, "maria_theresa", {"type": "answer_agreement", "accept": False})
    assert s["adv"].get("agreements", []) == []
    assert not [
        a for a in legal_actions(s, "frederick") if a["type"] == "offer_agreement" and a["to"] == "maria_theresa"
    ]
    with pytest.raises(IllegalAction, match="RUL-A39"):
        _offer(s, "frederick", "maria_theresa", {"frederick": [NO_ATTACK]})


def test_R21_offer_at_any_decision_answered_at_once():
    s = adv_game(agreements=True)
    m = _movement(s, ["austria", "pragmatic_army"])
    offer = {"type": "offer_agreement", "to": "frederick", "terms": "choose", "turns": "choose"}
    assert offer in legal_actions(m, "maria_theresa")
    no_attack = {"kind": "no_attack", "power": "austria", "target": "prussia", "map": None}
    m = _offer(m, "maria_theresa", "frederick", {"maria_theresa": [no_attack]}, turns=1)
    assert m["flow"][-1]["name"] == "agreement_answer"
    m = apply(m, "frederick", {"type": "answer_agreement", "accept": True})
    assert m["flow"][-1]["name"] == "movement_phase" and m["adv"]["agreements"][0]["until"] == m["turn"] + 1


def test_R21_3_R21_4_offer_cannot_trade_cards_or_peace():
    s = adv_game(diplomacy=True, agreements=True)
    for bad in (
        {"kind": "cards", "power": "prussia", "n": 2},
        {"kind": "peace", "power": "prussia"},
        {"kind": "subsidy", "power": "prussia", "recipient": "austria", "turns": 2},  # enemies (R20.1)
        {"kind": "no_attack", "power": "austria", "target": "prussia", "map": None},  # not Frederick's power
    ):
        with pytest.raises(IllegalAction):
            _offer(s, "frederick", "maria_theresa", {"frederick": [bad]})


def test_R21_agreement_ends_when_a_party_can_no_longer_keep_it_alliance_change():
    s = adv_game(diplomacy=True, agreements=True)
    no_attack = {"kind": "no_attack", "power": "saxony", "target": "austria", "map": None}
    s = _agreed(s, "frederick", "maria_theresa", {"frederick": [no_attack]}, turns=4)
    pol_cards.execute_instruction(s, board_info(s), "quadruple", "austria", True)  # Saxony changes sides
    role = active_roles(s)[0]
    s = apply(s, role, {"type": "done"})  # the next action: the review follows it
    assert s["adv"]["agreements"] == []
    assert any("has changed (R21.4)" in e["text"] for e in s["log"])


def test_R11_1_R21_4_agreement_ends_when_the_protected_powers_general_comes_next():
    s = adv_game(agreements=True)
    s = _agreed(s, "frederick", "maria_theresa", {"frederick": [NO_ATTACK]}, turns=3)
    _place(s, "leopold", "hirschberg")
    m = _movement(s, ["austria", "pragmatic_army"])
    info = board_info(m)
    n = next(c for c in info.nbrs["hirschberg"] if c in info.nbrs and not m["city_generals"].get(c))
    _place(m, "neipperg", next(c for c in info.nbrs[n] if c != "hirschberg" and not m["city_generals"].get(c)))
    m = apply(m, "maria_theresa", {"type": "move", "piece": "neipperg"})
    m = apply(m, "maria_theresa", {"type": "step", "to": n})
    assert m["adv"]["agreements"] == []
    assert any("must attack them (R11.1" in e["text"] for e in m["log"])


def test_save_and_load_keep_an_agreement_in_force(tmp_path):
    from maria.record.game import GameRecord
    from maria.record.saves import load_game, save_game

    rec = GameRecord.new("advanced", 3, 0, {"agreements": True})
    ch = {"rng": rng.seed_state(99)}
    while rec.state["flow"][-1]["name"] == "allocation":
        role = rec.active_roles()[0]
        rec.apply(role, fill(rec.legal_actions(role)[0], rec.state, ch))
    terms = {"frederick": [NO_ATTACK], "maria_theresa": [KEEP_AWAY]}
    rec.apply("frederick", {"type": "offer_agreement", "to": "maria_theresa", "terms": terms, "turns": 2})
    rec.apply("maria_theresa", {"type": "answer_agreement", "accept": True})
    path = tmp_path / "agreement.yaml"
    save_game(path, rec)
    back = load_game(path, replay=True)
    assert back.state == rec.state and back.state["adv"]["agreements"][0]["terms"] == terms
    old = GameRecord.new("advanced", 3, 0)  # a game set up without the option loads as before
    save_game(path, old)
    assert "agreements" not in load_game(path, replay=True).state["options"]


def test_R21_malformed_offers_are_refused_with_a_reason():
    s = adv_game(diplomacy=True, agreements=True)
    for bad in (
        {"type": "offer_agreement", "to": ["maria_theresa"], "terms": {}, "turns": 1},
        {"type": "offer_agreement", "to": "maria_theresa", "terms": "everything", "turns": 1},
        {"type": "offer_agreement", "to": "maria_theresa", "terms": {"frederick": [NO_ATTACK]}, "turns": 9},
        {"type": "offer_agreement", "to": "maria_theresa", "terms": {"frederick": [[1]]}, "turns": 1},
        {"type": "offer_agreement", "to": "maria_theresa", "terms": {}, "turns": 1},
        {"type": "offer_agreement", "to": "frederick", "terms": {}, "turns": 1},
    ):
        with pytest.raises(IllegalAction):
            apply(s, "frederick", bad)
    off = adv_game(diplomacy=True)  # the game without agreements
    assert not [a for a in legal_actions(off, "frederick") if a["type"] == "offer_agreement"]
    with pytest.raises(IllegalAction, match="without agreements"):
        _offer(off, "frederick", "maria_theresa", {"frederick": [NO_ATTACK]})


def test_R19_4_R21_a_neutral_saxony_is_named_in_no_promise():
    """An agreement naming a neutral power ends as soon as it is made (RUL-A41), so a neutral
    Saxony (R19.4) is offered in no promise, neither promising nor protected, and an offer naming
    it is refused with the reason; the other powers' truce is still open."""
    s = adv_game(diplomacy=True, agreements=True)
    politics.apply_shifts(s, board_info(s), {"saxony": 1})  # Prussia's first lost battle point
    assert pol_display.saxony_state(s) == "neutral"
    info = board_info(s)
    fred = AG.term_choices(s, info, "frederick", "maria_theresa")
    mt = AG.term_choices(s, info, "maria_theresa", "frederick")
    assert not [t for t in fred + mt if t["kind"] != "subsidy" and "saxony" in (t["power"], t.get("target"))]
    assert {"kind": "no_attack", "power": "prussia", "target": "austria", "map": None} in fred
    # Maria Theresa is to act (the neutral Saxons go home, R19.4): an offer at any decision
    assert active_roles(s) == ["maria_theresa"]
    # the neutral Saxony is now with Maria Theresa's powers (as the game's roles table has it)
    assert "saxony" in s["roles"]["maria_theresa"]
    saxon = {"kind": "no_attack", "power": "saxony", "target": "prussia", "map": None}
    with pytest.raises(IllegalAction, match="Saxony is neutral"):
        _offer(s, "maria_theresa", "frederick", {"maria_theresa": [saxon]})
    spare = {"kind": "no_attack", "power": "prussia", "target": "saxony", "map": None}
    with pytest.raises(IllegalAction, match="Saxony is neutral"):
        _offer(s, "maria_theresa", "frederick", {"frederick": [spare]})
    truce = {"kind": "no_attack", "power": "prussia", "target": "austria", "map": None}
    assert _offer(s, "maria_theresa", "frederick", {"frederick": [truce]})["flow"][-1]["name"] == "agreement_answer"
