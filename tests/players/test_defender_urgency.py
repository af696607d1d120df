"""Maria Theresa's planner weighs each attacker's threat by how near he is to his victory (R14.3:
Louis XV needs 9 Austrian fortresses, Frederick 12 in Austria and/or Silesia; maria.players.plan,
Planner.urgency).  Seen in hard-vs-hard games (docs/balance.md, session 10, seed 101001): her
generals went to retake Silesia from a Prussia far from his 12 while France walked to its 9.
The setting ships off (plan.URGENCY, no measured gain in session 11, docs/balance.md): the tests
switch it on."""

from __future__ import annotations

from maria.players import plan
from maria.players.plan import Planner
from maria.rules.state import board_info, rebuild_index
from maria.rules.victory import counts

from tests.players.test_planner_rules import _first_movement


def _two_fronts() -> dict:
    """Maria Theresa's movement phase: Karl (6) at Iglau between two invaders, Broglie (8) at Wels
    (France holds 8 Austrian fortresses: one more wins, R14.3) and Friedrich (8) at Habelschwerdt
    (Prussia holds 3 of its 12); every other general off the board, every hand empty."""
    s = _first_movement("maria_theresa", 3)
    info = board_info(s)
    keep = {"karl": ("iglau", 6), "broglie": ("wels", 8), "friedrich": ("habelschwert", 8)}
    for gid, g in s["generals"].items():
        if gid in keep:
            g["city"], g["troops"] = keep[gid]
            g["in_play"] = g["face_up"] = True
        elif g["city"] in info.playable:
            g["city"], g["in_play"] = None, False
    for c in ("pilsen", "eger", "linz", "enns", "krems", "st_poelten", "budweis", "prag"):
        s["markers"][c] = "france"
    for p in s["cards"]["hands"]:
        s["cards"]["hands"][p] = []
    rebuild_index(s)
    return s


def test_R14_3_maria_theresa_covers_against_the_attacker_one_fortress_from_victory(monkeypatch):
    monkeypatch.setattr(plan, "URGENCY", True)
    s = _two_fronts()
    info = board_info(s)
    assert counts(s, info) == {"france": 8, "prussia": 3}
    pl = Planner(s, info, "maria_theresa")
    u = pl.urgency()
    assert u["france"] > 1 > u["prussia"]
    _, move = pl.best_general_move("karl", force_ok=False)
    assert move is not None
    end = move["path"][-1]
    d = info.dist_from(end)
    # covering Tabor or Wien (R10.13: 1-3 cities away), which the French general could take, and
    # beyond the Prussian's next move; the old planner went to Policka, 2 cities from
    # Habelschwerdt and 5 from Tabor, covering the Prussian front
    assert any(1 <= d[c] <= 3 for c in ("tabor", "wien"))
    assert d["habelschwert"] > 4


def test_R14_3_equal_shortfalls_weigh_both_attackers_alike(monkeypatch):
    monkeypatch.setattr(plan, "URGENCY", True)
    s = _two_fronts()
    info = board_info(s)
    for c in ("pilsen", "eger", "linz", "enns", "krems"):
        del s["markers"][c]                    # France 3 of 9 (6 short), Prussia 3 of 12 (9 short)
    for c in ("glatz", "neisse", "brieg"):
        s["markers"][c] = "prussia"            # Prussia 6 of 12 (6 short)
    assert counts(s, info) == {"france": 3, "prussia": 6}
    assert Planner(s, info, "maria_theresa").urgency() == {"france": 1.0, "prussia": 1.0}


def test_urgency_is_behind_its_switch(monkeypatch):
    s = _two_fronts()
    info = board_info(s)
    monkeypatch.setattr(plan, "URGENCY", False)
    assert Planner(s, info, "maria_theresa").urgency() == {}
