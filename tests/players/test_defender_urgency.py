"""Maria Theresa's planner weighs each attacker's threat by how near he is to his victory (R14.3:
Louis XV needs 9 Austrian fortresses, Frederick 12 in Austria and/or Silesia; maria.players.plan,
Planner.urgency).  Seen in hard-vs-hard games (docs/balance.md, session 10, seed 101001): her
generals went to retake Silesia from a Prussia far from his 12 while France walked to its 9.
The setting ships off (plan.URGENCY, no measured gain in session 11, docs/balance.md): the tests
switch it on."""

from __future__ import annotations

from maria.players import plan, plan_threats
from maria.players.plan import Planner
from maria.games.maria.rules.state import board_info, rebuild_index
from maria.games.maria.rules.victory import counts

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


def _open_danube_covered_silesia() -> dict:
    """_two_fronts with France at 3 of its 9 (Budweis, St. Poelten, Prag) and Prussia at 6 of its
    12 (Glatz, Neisse, Brieg): both 6 short.  Broglie at Wels stands 1 and 2 cities from Linz and
    Enns, which no Austrian general protects; Neipperg (6) at Policka protects Koeniggraetz and
    Olmuetz, the fortresses Friedrich at Habelschwerdt could reach."""
    s = _two_fronts()
    for c in ("pilsen", "eger", "linz", "enns", "krems"):
        del s["markers"][c]
    for c in ("glatz", "neisse", "brieg"):
        s["markers"][c] = "prussia"
    g = s["generals"]["neipperg"]
    g["city"], g["troops"], g["in_play"], g["face_up"] = "policka", 6, True, True
    rebuild_index(s)
    return s


def test_R14_3_R10_13_the_pace_counts_the_open_fortresses_an_attacker_can_take_next_move(monkeypatch):
    monkeypatch.setattr(plan, "URGENCY", True)
    s = _open_danube_covered_silesia()
    info = board_info(s)
    assert counts(s, info) == {"france": 3, "prussia": 6}
    monkeypatch.setattr(plan_threats, "PACE", False)
    assert Planner(s, info, "maria_theresa").urgency() == {"france": 1.0, "prussia": 1.0}
    monkeypatch.setattr(plan_threats, "PACE", True)
    pl = Planner(s, info, "maria_theresa")
    # Linz and Enns are open to Broglie's next move (R10.12: leaving an unprotected fortress takes
    # it); Neipperg protects what Friedrich could reach (R10.13)
    assert pl.pace_counts() == {"france": 5, "prussia": 6}
    u = pl.urgency()
    assert u["france"] > 1 > u["prussia"]


def test_R10_2_the_pace_counts_at_most_pace_each_fortresses_a_general(monkeypatch):
    monkeypatch.setattr(plan_threats, "PACE", True)
    monkeypatch.setattr(plan_threats, "PACE_EACH", 1)
    s = _open_danube_covered_silesia()
    assert Planner(s, board_info(s), "maria_theresa").pace_counts()["france"] == 4


def test_the_hard_player_weighs_urgency_only_for_its_urgent_roles_and_only_while_it_decides(monkeypatch):
    import maria.players as P
    from maria.players.search import SearchPlayer
    from maria.players.resample import observe
    from maria.games.maria.rules import door

    seen = []

    def spy(self, obs, legal, role, rng=None):
        seen.append((role, plan.URGENT.get()))
        return legal[0]

    monkeypatch.setattr(SearchPlayer, "_choose", spy)
    monkeypatch.setattr(P, "URGENT_ROLES", {"intro-3": ("maria_theresa",)})
    s = _two_fronts()
    player = P.make_player("hard", 1)
    for role in ("maria_theresa", "louis_xv"):
        player.choose(observe(s, role), door.legal_actions(s, role) or [{"type": "pass"}], role)
    assert seen == [("maria_theresa", True), ("louis_xv", False)]
    assert plan.URGENT.get() is False                  # reset after the decision
    monkeypatch.setattr(P, "URGENT_ROLES", {"intro-2": ("maria_theresa",)})
    P.make_player("hard", 1).choose(observe(s, "maria_theresa"), [{"type": "pass"}], "maria_theresa")
    assert seen[-1] == ("maria_theresa", False)        # another player count: not urgent


def _saxon_raid_or_danube() -> dict:
    """_two_fronts with France at 6 of its 9 (Pilsen, Eger, Krems, St. Poelten, Budweis, Prag) and
    Broglie at Wels, 1 and 2 cities from Linz and Enns that nobody protects; Friedrich off the
    board; Karl (6) at Leitmeritz, 2 cities from the Saxon supply train at Meissen."""
    s = _two_fronts()
    for c in ("linz", "enns"):
        del s["markers"][c]
    s["generals"]["friedrich"]["city"], s["generals"]["friedrich"]["in_play"] = None, False
    s["generals"]["karl"]["city"] = "leitmeritz"
    rebuild_index(s)
    return s


def test_R14_3_R9_2_with_march_she_turns_to_the_open_front_of_the_attacker_nearer_victory(monkeypatch):

    monkeypatch.setattr(plan, "URGENCY", True)
    monkeypatch.setattr(plan_threats, "PACE", True)
    s = _saxon_raid_or_danube()
    info = board_info(s)
    assert s["trains"]["saxony_t1"]["city"] == "meissen" and counts(s, info)["france"] == 6

    def karls_end():
        _, move = Planner(s, info, "maria_theresa").best_general_move("karl", force_ok=False)
        return move["path"][-1]

    # without MARCH she raids the Saxon train (RAID: the nearest enemy train, whoever's it is)
    monkeypatch.setattr(plan_threats, "MARCH", False)
    assert info.dist_from(karls_end())["meissen"] <= 1
    # with it, France 6 of 9 with two open fortresses next to Broglie outweighs Saxony's train:
    # she marches south, nearer to Linz and Enns (R10.13: within 3 cities protects them)
    monkeypatch.setattr(plan_threats, "MARCH", True)
    end = karls_end()
    d = info.dist_from(end)
    assert d["linz"] < info.dist_from("leitmeritz")["linz"]
    assert d["meissen"] > 2


def test_march_without_urgency_changes_nothing(monkeypatch):

    monkeypatch.setattr(plan, "URGENCY", False)
    s = _saxon_raid_or_danube()
    info = board_info(s)
    ends = []
    for on in (False, True):
        monkeypatch.setattr(plan_threats, "MARCH", on)
        ends.append(Planner(s, info, "maria_theresa").best_general_move("karl", force_ok=False)[1]["path"])
    assert ends[0] == ends[1]


def test_R14_3_her_plan_scores_count_the_pace_only_under_the_urgency_weighting(monkeypatch):
    """defence.defence_score weighs each threatened fortress by the danger of the attacker who could
    take it; with PACE that danger counts what his next move can take, but only while the urgency
    weighting is on (a hard player's URGENT_ROLES): the 2-player game's plan search, which has no
    such setting, keeps the plain counts."""
    from maria.players.defence import defence_score
    s = _open_danube_covered_silesia()
    info = board_info(s)
    scores = {}
    for urgency in (False, True):
        for pace in (False, True):
            monkeypatch.setattr(plan, "URGENCY", urgency)
            monkeypatch.setattr(plan_threats, "PACE", pace)
            scores[urgency, pace] = defence_score(s, info, "maria_theresa")
    assert scores[False, True] == scores[False, False] == scores[True, False]
    # France's danger rises from 3 of 9 to 5 of 9 with Linz and Enns open to Broglie (Prussia's
    # stays 6 of 12), so what her stacks cover against France weighs more
    assert scores[True, True] > scores[True, False]
