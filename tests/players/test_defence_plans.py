"""Whole movement-phase plans (maria.players.stage_plans) and the Moravian position the plan tests
share: the defender must unite generals against an invader who would beat each alone (R6.1
stacks, R11 combat strength, R10.13 protection), which the rules of thumb, planning each general
on his own, do not see."""

from __future__ import annotations

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
    keep = {"karl": ("bruenn", 7), "neipperg": ("troppau", 7), "friedrich": ("neisse", 6), "schwerin": ("neisse", 6)}
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
    plan = [
        {"type": "move", "piece": "karl", "path": through, "force_march": False},
        {"type": "move", "piece": "khevenhueller", "path": away, "force_march": False},
        {"type": "done"},
    ]
    out = _playable_plan(s, "maria_theresa", plan)
    assert out == plan[1:]
    for a in out:  # each one legal in its turn
        s = door.apply(s, "maria_theresa", a)
