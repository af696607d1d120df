"""The advanced game's defenders (session 13, docs/balance.md): France's pool of victory markers
empties mostly by conquests (R15.2, R15.3), three in four of them of fortresses no general
protected (R10.12, R10.13), while Austria's generals marched towards their own targets.
Position: Maria Theresa's movement in turn 2 of an easy-vs-easy 3-player game (seed 130004):
Toerring (5) at Ried, 3 cities from Enns; Khevenhueller (6) and Batthyany (2) at Stockerau, 5
cities from Enns."""

from __future__ import annotations

from pathlib import Path

import yaml

from maria.players import decide, make_player
from maria.games.maria.rules import door
from maria.games.maria.rules.state import board_info


def _position() -> dict:
    return yaml.safe_load((Path(__file__).parent / "fixtures" /
                           "adv3p_turn2_maria_theresa_movement.yaml").read_text(encoding="utf-8"))


def _protected_after_her_move(s: dict, city: str, role: str = "maria_theresa", seed: int = 1) -> bool:
    """Whether an Austrian or PA general stands 1-3 cities from `city` (R10.13) once the role's
    rules of thumb have ended its movement."""
    p = make_player("easy", seed)
    for _ in range(40):
        if s["flow"][-1]["name"] != "movement_phase" or role not in door.active_roles(s):
            break
        s = door.apply(s, role, decide(s, role, p))
    d = board_info(s).dist_from(city)
    return any(1 <= d.get(g["city"], 99) <= 3 for g in s["generals"].values()
               if g["city"] and g["power"] in ("austria", "pragmatic_army"))


def test_R10_13_R10_12_maria_theresa_protects_enns_against_the_bavarian_within_reach(monkeypatch):
    """Enns (Upper Austria) is unprotected and Toerring stands 3 cities off: passing through or
    leaving it conquers it (R10.12) unless an Austrian general stands within 3 cities (R10.13).
    With plan_threats.ADV_COVER off (shipped: no measured gain) her generals leave it so; on, one
    of them protects it."""
    from maria.players import plan_threats
    s = _position()
    assert s["turn"] == 2 and s["generals"]["toerring"]["city"] == "ried"
    monkeypatch.setattr(plan_threats, "ADV_COVER", False)
    assert not _protected_after_her_move(s, "enns")
    monkeypatch.setattr(plan_threats, "ADV_COVER", True)
    assert _protected_after_her_move(s, "enns")


def test_R10_13_R15_3_the_pragmatic_army_protects_namur_against_noailles(monkeypatch):
    """Seed 130006, turn 2, the PA's movement (Frederick's, 3 players): Noailles (3) at Bastogne,
    3 cities from Namur, which Arenberg at Oudenaarde (4 off) no longer protects; a conquest there
    spends a French VM (R15.3).  With ADV_COVER for the PA alone (COVER_POWERS) one of its
    generals ends within 3 cities of Namur (R10.13); off, none does."""
    from maria.players import plan_threats
    s = yaml.safe_load((Path(__file__).parent / "fixtures" /
                        "adv3p_turn2_pragmatic_army_movement_namur.yaml").read_text(encoding="utf-8"))
    assert s["generals"]["noailles"]["city"] == "bastogne"
    monkeypatch.setattr(plan_threats, "COVER_POWERS", ("pragmatic_army",))
    monkeypatch.setattr(plan_threats, "ADV_COVER", False)
    assert not _protected_after_her_move(s, "namur", "frederick", 7)
    monkeypatch.setattr(plan_threats, "ADV_COVER", True)
    assert _protected_after_her_move(s, "namur", "frederick", 7)
