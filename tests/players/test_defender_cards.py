"""Maria Theresa's cards in combat (R11.3-R11.4): she draws least and acts last (R5.1), so a
deficit is fought only when her suited cards can cover it and what the enemy can still be
expected to play (maria.players.easy, on_combat, CAREFUL_DEFENDER).  Position from a hard-vs-hard
game (session 11, seed 101000, turn 2): Friedrich + Schwerin (12) attack Karl (4) at Zuckmantel;
Austria holds 3, 5 and 9 of diamonds, Prussia 15 cards.  The old rules played all three and Karl
lost his 4 troops all the same.  These settings ship off (easy.CAREFUL_DEFENDER, plan.EXPOSURE:
no measured gain in session 11, docs/balance.md): the tests switch them on."""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from maria.players import make_player
from maria.players.easy import Rules, playable
from maria.players.resample import observe
from maria.games.maria.rules import door


def _karl_attacked() -> dict:
    return yaml.safe_load((Path(__file__).parent / "fixtures" /
                           "intro3p_turn2_karl_against_friedrich_schwerin.yaml").read_text(encoding="utf-8"))


def test_R11_4_maria_theresa_keeps_her_cards_when_the_defeat_takes_all_troops_anyway(monkeypatch):
    from maria.players import easy
    monkeypatch.setattr(easy, "CAREFUL_DEFENDER", True)
    s = _karl_attacked()
    f = s["flow"][-1]
    assert f["name"] == "combat" and f["def"] == ["karl"] and f["score"] == 8
    assert s["generals"]["karl"]["troops"] == 4 and len(s["cards"]["hands"]["prussia"]) == 15
    acts = door.legal_actions(s, "maria_theresa")
    assert any(a["type"] == "play_card" for a in acts)
    a = Rules(s, "maria_theresa", random.Random(1)).decide(playable(acts))
    assert a["type"] == "accept_defeat"
    hard = make_player("hard", 3).choose(observe(s, "maria_theresa"), acts, "maria_theresa")
    assert hard["type"] == "accept_defeat"


def test_R11_3_maria_theresa_still_fights_an_enemy_without_cards(monkeypatch):
    from maria.players import easy
    monkeypatch.setattr(easy, "CAREFUL_DEFENDER", True)
    s = _karl_attacked()
    s["cards"]["hands"]["prussia"] = []
    a = Rules(s, "maria_theresa", random.Random(1)).decide(playable(door.legal_actions(s, "maria_theresa")))
    assert a["type"] == "play_card"


def test_R11_4_R13_3_maria_theresa_keeps_a_lone_general_out_of_reach_of_a_stronger_stack(monkeypatch):
    """Same game, Austria's first movement (turn 1): Friedrich + Schwerin (12) stand at Ohlau.  The
    old planner force-marched Karl (4) from Bruenn to Zuckmantel, 4 cities from them (a general
    moves 3, 4 on main roads, R10.2, and then attacks, R11.1), where they removed him in turn 2
    (R11.4: all his troops).  Now he ends beyond their reach (maria.players.plan, EXPOSURE)."""
    from maria.players import plan, plan_trains
    from maria.players.plan import Planner
    from maria.games.maria.rules.state import board_info
    monkeypatch.setattr(plan, "EXPOSURE", True)
    # the exposure rule alone: the raid's pull (plan_trains.RAID, session 21) is another rule; with
    # it Karl heads for the Prussian train at Glogau and ends at Habelschwert, 4 from Ohlau
    monkeypatch.setattr(plan_trains, "RAID", {})
    s = yaml.safe_load((Path(__file__).parent / "fixtures" /
                        "intro3p_turn1_austrian_movement.yaml").read_text(encoding="utf-8"))
    info = board_info(s)
    assert s["generals"]["karl"]["city"] == "bruenn" and s["generals"]["karl"]["troops"] == 4
    assert s["city_generals"]["ohlau"] == ["friedrich", "schwerin"]
    _, move = Planner(s, info, "maria_theresa").best_general_move("karl", True)
    end = move["path"][-1] if move else "bruenn"
    assert info.dist_from(end)["ohlau"] > 4


def test_R6_1_the_rules_of_thumb_unite_two_generals_the_invader_would_beat_one_by_one(monkeypatch):
    """Session 10's position (tests/players/test_defence_plans.py): Karl (7) at Bruenn and
    Neipperg (7) at Troppau, Friedrich + Schwerin (12) at Neisse, hands empty.  The rules of thumb
    sent each general on his own within the Prussians' reach; with EXPOSURE they end in one stack
    (R6.1) that the 12 cannot beat."""
    from maria.players import plan, plan_trains
    from maria.players.stage_plans import rules_plan as _rules_plan
    from tests.players.test_defence_plans import _moravian_position
    monkeypatch.setattr(plan, "EXPOSURE", True)
    # the exposure rule alone: with the raid's pull (plan_trains.RAID, session 21) the two head
    # for the Prussian train on their own (Habelschwert and Zuckmantel)
    monkeypatch.setattr(plan_trains, "RAID", {})
    s = _moravian_position()
    _, end = _rules_plan(s, "maria_theresa", random.Random(1))
    assert end["generals"]["karl"]["city"] == end["generals"]["neipperg"]["city"]


def test_R11_4_hard_keeps_maria_theresas_cards_by_its_own_setting_while_easy_fights(monkeypatch):
    """The careful rule as a setting of the level (players.CAREFUL_ROLES for hard): easy's rules
    of thumb are left as they are (they play the cards: the old behaviour), hard's own choice and
    the rules of thumb it is built on keep them."""
    import maria.players as players
    monkeypatch.setattr(players, "CAREFUL_ROLES", {"intro": ("maria_theresa",)})
    s = _karl_attacked()
    acts = door.legal_actions(s, "maria_theresa")
    plain = Rules(s, "maria_theresa", random.Random(1)).decide(playable(acts))
    assert plain["type"] == "play_card"
    careful = Rules(s, "maria_theresa", random.Random(1), careful=True).decide(playable(acts))
    assert careful["type"] == "accept_defeat"
    assert make_player("easy", 3).choose(observe(s, "maria_theresa"), acts, "maria_theresa")["type"] == "play_card"
    hard = make_player("hard", 3)
    assert hard.careful_roles == {"intro": ("maria_theresa",)}
    assert hard.choose(observe(s, "maria_theresa"), acts, "maria_theresa")["type"] == "accept_defeat"


def test_the_careful_rule_reads_only_maria_theresas_view(monkeypatch):
    """Issue 21: a new decision path sees only its role's view.  The careful rule counts the
    enemy's cards (a public number, R8.4: cards are hidden until played); two games that differ
    only in which cards Prussia holds give Maria Theresa the same view and hard the same choice,
    and a Prussian hand of another size gives another view."""
    import maria.players as players
    monkeypatch.setattr(players, "CAREFUL_ROLES", {"intro": ("maria_theresa",)})
    a, b = _karl_attacked(), _karl_attacked()
    hand = list(a["cards"]["hands"]["prussia"])
    draw = b["cards"]["draw"]
    assert len(draw) >= len(hand)
    # Prussia's cards swapped with as many of the (hidden) draw deck's: every card still once
    b["cards"]["hands"]["prussia"], b["cards"]["draw"] = draw[: len(hand)], hand + draw[len(hand):]
    assert b["cards"]["hands"]["prussia"] != hand
    va, vb = observe(a, "maria_theresa"), observe(b, "maria_theresa")
    assert va == vb
    acts = door.legal_actions(a, "maria_theresa")
    assert acts == door.legal_actions(b, "maria_theresa")
    ca = make_player("hard", 5).choose(va, acts, "maria_theresa")
    cb = make_player("hard", 5).choose(vb, acts, "maria_theresa")
    assert ca == cb and ca["type"] == "accept_defeat"
    b["cards"]["hands"]["prussia"] = hand[:3]
    assert observe(b, "maria_theresa") != va
