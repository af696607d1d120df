"""Maria Theresa's cards in combat (R11.3-R11.4): she draws least and acts last (R5.1), so a
deficit is fought only when her suited cards can cover it and what the enemy can still be
expected to play (maria.players.easy, on_combat, CAREFUL_DEFENDER).  Position from a hard-vs-hard
game (session 11, seed 101000, turn 2): Friedrich + Schwerin (12) attack Karl (4) at Zuckmantel;
Austria holds 3, 5 and 9 of diamonds, Prussia 15 cards.  The old rules played all three and Karl
lost his 4 troops all the same."""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from maria.players import make_player
from maria.players.easy import Rules, playable
from maria.players.resample import observe
from maria.rules import door


def _karl_attacked() -> dict:
    return yaml.safe_load((Path(__file__).parent / "fixtures" /
                           "intro3p_turn2_karl_against_friedrich_schwerin.yaml").read_text(encoding="utf-8"))


def test_R11_4_maria_theresa_keeps_her_cards_when_the_defeat_takes_all_troops_anyway():
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


def test_R11_3_maria_theresa_still_fights_an_enemy_without_cards():
    s = _karl_attacked()
    s["cards"]["hands"]["prussia"] = []
    a = Rules(s, "maria_theresa", random.Random(1)).decide(playable(door.legal_actions(s, "maria_theresa")))
    assert a["type"] == "play_card"
