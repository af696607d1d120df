"""Hard Maria Theresa searches her movement phase as whole plans (maria.players.search, plan_roles):
the defender must unite generals against an invader who would beat each alone (R6.1 stacks,
R11 combat strength, R10.13 protection), which the rules of thumb, planning each general on his
own, do not see."""

from __future__ import annotations

import random

from maria.players import make_player
from maria.players.defence import defence_score
from maria.players.stage_plans import rules_plan as _rules_plan
from maria.games.maria.rules import door
from maria.players.resample import observe
from maria.games.maria.rules.state import board_info, rebuild_index

from tests.players.test_planner_rules import _first_movement


def _moravian_position() -> dict:
    """Maria Theresa's first movement phase with only four generals on the board: Karl (7) at
    Bruenn and Neipperg (7) at Troppau, Friedrich and Schwerin (12 together) at Neisse, 3 cities
    from Olmuetz; every hand empty, so troops alone decide a combat."""
    return _only_the_moravian_generals(_first_movement("maria_theresa", 3))


def _only_the_moravian_generals(s: dict) -> dict:
    """`s` with only Karl (7) at Bruenn, Neipperg (7) at Troppau and Friedrich and Schwerin (12
    together) at Neisse on the board, and every hand empty (shared with the 2-player position of
    test_plan_search)."""
    info = board_info(s)
    keep = {"karl": ("bruenn", 7), "neipperg": ("troppau", 7),
            "friedrich": ("neisse", 6), "schwerin": ("neisse", 6)}
    for gid, g in s["generals"].items():
        if gid in keep:
            g["city"], g["troops"] = keep[gid]
            g["in_play"] = True
        elif g["city"] in info.playable:
            g["city"], g["in_play"] = None, False
    for p in s["cards"]["hands"]:
        s["cards"]["hands"][p] = []
    rebuild_index(s)
    return s


def _planner_player(seed: int = 1):
    """Hard with Maria Theresa's session-10 setting on (whole-stage plans, the winter rule: the
    `plan_roles` of SearchPlayer), whatever maria.players.PLAN_ROLES ships."""
    p = make_player("hard", seed, clock=False)       # the counts alone: never the machine's load
    p.plan_roles = {"intro": ("maria_theresa",)}
    p.plan_search_roles = {}            # session 23's plan search (shipped) would take precedence
    return p


def _play_while(s: dict, player, name: str, role: str = "maria_theresa", limit: int = 30) -> dict:
    """`player` plays `role` while the flow state `name` waits for it."""
    for _ in range(limit):
        if s["flow"][-1]["name"] != name or role not in door.active_roles(s):
            break
        a = player.choose(observe(s, role), door.legal_actions(s, role), role)
        s = door.apply(s, role, a)
    return s


def _play_movement(s: dict, player, role: str = "maria_theresa") -> dict:
    return _play_while(s, player, "movement_phase", role)


def test_R6_1_R11_hard_maria_theresa_unites_two_generals_the_invader_would_beat_one_by_one(monkeypatch):
    # the plan search against session 10's rules of thumb: since session 11 (plan.EXPOSURE) the
    # rules of thumb unite these two themselves (see test_defender_cards.py)
    from maria.players import plan as plan_mod
    monkeypatch.setattr(plan_mod, "EXPOSURE", False)
    s = _moravian_position()
    info = board_info(s)
    # the rules of thumb send each general on his own, within reach of the 12 Prussians
    _, alone = _rules_plan(s, "maria_theresa", random.Random(1))
    assert alone["generals"]["karl"]["city"] != alone["generals"]["neipperg"]["city"]
    end = _play_movement(s, _planner_player())
    karl, neipperg = end["generals"]["karl"], end["generals"]["neipperg"]
    assert karl["city"] == neipperg["city"]                           # one stack of 14 troops
    assert 1 <= info.dist_from("olmuetz").get(karl["city"], 99) <= 3   # protecting Olmuetz (R10.13)
    assert defence_score(end, info, "maria_theresa") > defence_score(alone, info, "maria_theresa")


def test_the_chosen_plan_is_played_move_by_move_without_searching_again(monkeypatch):
    from tests.players.test_counted_budget import _count_playouts
    s = _moravian_position()
    p = _planner_player()
    role = "maria_theresa"
    first = p.choose(observe(s, role), door.legal_actions(s, role), role)
    s = door.apply(s, role, first)
    calls = _count_playouts(monkeypatch)
    s = _play_movement(s, p)
    assert calls == []                            # the plan's moves are played, not searched again
    assert s["flow"][-1]["name"] != "movement_phase" or role not in door.active_roles(s)


def test_defence_score_counts_a_stack_the_invader_can_beat_as_exposed():
    s = _moravian_position()
    info = board_info(s)
    base = defence_score(s, info, "maria_theresa")
    s["generals"]["friedrich"]["troops"] = 1                           # 7 Prussians: no threat
    assert defence_score(s, info, "maria_theresa") > base


def _austrian_winter(seed: int = 3) -> dict:
    """An easy-vs-easy game at Austria's first winter recruitment (R13)."""
    from maria.players import decide
    s = door.new_game("intro", 3, seed)
    p = make_player("easy", seed)
    for _ in range(4000):
        f = s["flow"][-1]
        if f["name"] == "winter" and "maria_theresa" in door.active_roles(s):
            return s
        r = door.active_roles(s)[0]
        s = door.apply(s, r, decide(s, r, p))
    raise AssertionError("no Austrian winter")


def _recruits_once_and_keeps_cards(player) -> None:
    """`player` plays Maria Theresa's winter with ten high cards: one recruitment, and at least
    WINTER_KEEP points kept in hand."""
    from maria.players.search import WINTER_KEEP
    from maria.games.maria.rules import cards
    s = _austrian_winter()
    s["cards"]["hands"]["austria"] = ["1:S10", "1:S9", "1:H10", "1:H9", "1:D10", "1:D9", "1:C10",
                                      "1:C9", "1:S8", "1:H8"]
    s = _play_while(s, player, "winter", limit=10)
    recruits = [e for e in s["log"] if e.get("text", "").startswith("Austria recruits")]
    assert len(recruits) == 1
    assert cards.hand_value(s, "austria") >= WINTER_KEEP


def test_R13_R8_1_hard_maria_theresa_recruits_once_and_keeps_cards_for_the_enemy_stages():
    """The winter is followed by the French and Prussian stages before Austria draws again (R5.1,
    R8.1): hard recruits once and keeps WINTER_KEEP points; the rules of thumb top up one troop
    at a time until the hand is nearly empty."""
    _recruits_once_and_keeps_cards(_planner_player())


def test_R10_4_a_changed_plan_never_sends_a_move_through_a_general_still_standing_in_the_way():
    """Improving a plan moves a general's move to the end of the plan; a move of another general
    that passed through the city he had left would now pass through him (R10.4): it is left out
    of the plan that is played, never sent to the rules."""
    from maria.players.plan import Planner
    from maria.players.stage_plans import playable_plan as _playable_plan
    s = _moravian_position()
    info = board_info(s)
    through = next(p for p in Planner(s, info, "maria_theresa").paths("karl") if len(p) == 4)
    s["generals"]["khevenhueller"].update(city=through[1], troops=2, in_play=True)
    rebuild_index(s)
    away = next(p for p in Planner(s, info, "maria_theresa").paths("khevenhueller") if through[1] not in p[1:])
    plan = [{"type": "move", "piece": "karl", "path": through, "force_march": False},
            {"type": "move", "piece": "khevenhueller", "path": away, "force_march": False},
            {"type": "done"}]
    out = _playable_plan(s, "maria_theresa", plan)
    assert out == plan[1:]
    for a in out:                                            # each one legal in its turn
        s = door.apply(s, "maria_theresa", a)


def test_R13_R11_4_hard_maria_theresa_keeps_cards_through_the_winter_without_plans(monkeypatch):
    """Session 11: the winter rule is its own setting (players.WINTER_ROLES, shipped off after no
    measured gain, docs/balance.md), which works with the whole-stage plans off."""
    import maria.players as players
    monkeypatch.setattr(players, "WINTER_ROLES", {"intro": ("maria_theresa",)})
    monkeypatch.setattr(players, "PLAN_ROLES", {})
    p = players.make_player("hard", 1)
    assert not p.plan_roles
    _recruits_once_and_keeps_cards(p)
