"""Whole movement-phase plans (R10: every piece's move and the end of the phase, in order): the
rules of thumb's plan, candidate plans built from it (one general's move changed, two generals in
one stack, R6.1), and plans played on a state (a move an earlier one made impossible left out,
R10.4).  Used by the search (maria.players.search, maria.players.plan_search); no search here."""

from __future__ import annotations

import random
import time

from maria.players.easy import Rules, is_template, playable
from maria.games.maria.rules import door
from maria.games.maria.rules import roles as R

PLAN_PAIRS = 8  # concentration plans (two generals end their moves in one stack) tried
PLAN_SWAPS = 6  # plans that change one general's move of the rules-of-thumb plan


def phase_powers(state: dict, role: str) -> set[str]:
    """The role's powers that move in the current movement phase (R5.1: in the Austria and
    Pragmatic Army stage Frederick moves only the Pragmatic Army)."""
    frame = state["flow"][-1]
    powers = set(R.powers_of(state, role))
    if frame.get("name") == "movement_phase" and frame.get("powers"):
        return powers & set(frame["powers"])
    return powers


def rules_plan(state: dict, role: str, rng: random.Random, limit: int = 30) -> tuple[list[dict], dict]:
    """The rules of thumb's plan for the rest of `role`'s movement phase: their decisions, one
    after another, until they end it (the actions and the state after them)."""
    out = []
    st = state
    for _ in range(limit):
        if door.is_over(st) or st["flow"][-1]["name"] != "movement_phase" or role not in door.active_roles(st):
            break
        a = Rules(st, role, rng).decide(playable(door.legal_actions(st, role)))
        if is_template(a):
            break
        try:
            st = door.apply(st, role, a)
        except Exception:
            break
        out.append(a)
        if a["type"] == "done":
            break
    return out, st


def play_plan(state: dict, role: str, plan: list[dict]) -> tuple[list[dict], dict]:
    """The plan's actions played one after the other from `state` while the role's movement phase
    lasts; a move that is no longer possible (a sampled hidden fact, an earlier move in its way) is
    left out.  Returns the actions played and the state after them."""
    out = []
    st = state
    for a in plan:
        if st["flow"][-1]["name"] != "movement_phase" or role not in door.active_roles(st):
            break
        try:
            st = door.apply(st, role, a)
        except Exception:
            continue
        out.append(a)
    return out, st


def playable_plan(state: dict, role: str, plan: list[dict]) -> list[dict]:
    """The plan's actions that can be played one after the other from `state`."""
    return play_plan(state, role, plan)[0]


def apply_plan(state: dict, role: str, plan: list[dict]) -> dict | None:
    """`state` after the plan's playable actions."""
    return play_plan(state, role, plan)[1]


def plan_key(plan: list[dict]) -> tuple:
    """Plans that end with every piece in the same city are the same plan."""
    return tuple(
        sorted((a.get("piece", a.get("train", "")), a["path"][-1] if "path" in a else a["type"]) for a in plan)
    )


def shortest_paths(pl, gid) -> dict[str, dict]:
    """End city -> the shortest normal move of general `gid` that ends there."""
    out: dict[str, list] = {}
    for p in pl.paths(gid, "normal"):
        end = p[-1]
        if end not in out or len(p) < len(out[end]):
            out[end] = p
    return {end: {"type": "move", "piece": gid, "path": p, "force_march": False} for end, p in out.items()}


def candidate_plans(
    state: dict,
    role: str,
    rng: random.Random,
    deadline: float,
    swaps_kept: int = PLAN_SWAPS,
    pairs_kept: int = PLAN_PAIRS,
    clock=None,
) -> list[list[dict]]:
    """Candidate plans for the rest of the movement phase, as lists of actions ending with
    "done": first the rules-of-thumb plan (move after move, re-planned each time); then that
    plan with one general's move changed to his next best end city; then concentration plans:
    two generals that end their moves in one stack (or one joins another who stays), chosen
    by the planner's value of the stack's end city for both, the others as in the first plan.
    `clock`: the caller's clock for `deadline` (default: the wall clock)."""
    now = clock or time.perf_counter
    from maria.players.plan import Planner
    from maria.games.maria.rules.state import board_info

    base, _ = rules_plan(state, role, rng)
    if not base:
        return []
    out = [base]
    moves = [a for a in base if a["type"] in ("move", "force_march") and a["piece"] in state["generals"]]
    info = board_info(state)
    pl = Planner(state, info, role)
    moving = phase_powers(state, role)
    mine = [
        gid for gid, g in state["generals"].items() if gid in pl.gens and g["power"] in moving and gid not in pl.moved()
    ]
    seen = {plan_key(base)}

    def offer(plan):
        k = plan_key(plan)
        if k not in seen:
            seen.add(k)
            out.append(plan)

    def with_moves(first: list[dict], skip: set) -> list[dict]:
        rest = [a for a in base if a.get("piece") not in skip]
        return first + rest

    # one general's move changed (his next best end cities)
    swaps = []
    for gid in mine:
        planned = next((a for a in moves if a["piece"] == gid), None)
        for rank, (gain, a) in enumerate(pl.ranked_general_moves(gid, False, 3)):
            if planned is not None and a["path"][-1] == planned["path"][-1]:
                continue
            swaps.append((gain - 0.5 * rank, gid, a))
        if now() > deadline:
            break
    swaps.sort(key=lambda x: (-x[0], x[1]))
    for _, gid, a in swaps[:swaps_kept]:
        offer(with_moves([a], {gid}))
    # concentration: two generals in one stack
    pairs = []
    value = {}
    for gid in mine:
        value[gid] = pl.position_value(gid, state["generals"][gid]["city"])
    reach = {gid: shortest_paths(pl, gid) for gid in mine}
    for i, a_id in enumerate(mine):
        ga = state["generals"][a_id]
        for b_id in mine[i + 1 :]:
            gb = state["generals"][b_id]
            if ga["city"] == gb["city"] or ga["troops"] + gb["troops"] > 16:
                continue
            # one joins the other where he stands, or both march to a city both reach
            ends = set(reach[a_id]) & (set(reach[b_id]) | {gb["city"]})
            ends |= {ga["city"]} & set(reach[b_id])
            for x in ends:
                if state["city_generals"].get(x) and x not in (ga["city"], gb["city"]):
                    continue
                v = (
                    pl.position_value(a_id, x, stack_extra=gb["troops"])
                    - value[a_id]
                    + pl.position_value(b_id, x, stack_extra=ga["troops"])
                    - value[b_id]
                )
                pairs.append((v, a_id, b_id, x))
        if now() > deadline:
            break
    pairs.sort(key=lambda x: (-x[0], x[1], x[2], x[3]))
    used = 0
    for v, a_id, b_id, x in pairs:
        if used >= pairs_kept:
            break
        first = []
        for gid in (a_id, b_id):
            if state["generals"][gid]["city"] != x:
                first.append(reach[gid][x])
        # the one who marches into the other's city moves last (stacking ends a move, R10.4)
        first.sort(key=lambda m: m["path"][-1] in (state["generals"][a_id]["city"], state["generals"][b_id]["city"]))
        plan = with_moves(first, {a_id, b_id})
        k = plan_key(plan)
        if k not in seen:
            seen.add(k)
            out.append(plan)
            used += 1
    return out


def replace_move(plan: list[dict], gid: str, move: dict) -> list[dict] | None:
    """The plan with general `gid`'s move replaced by `move` (added before the end of the phase
    if he did not move); None if it is the same plan."""
    out = [a for a in plan if a.get("piece") != gid]
    old = next((a for a in plan if a.get("piece") == gid), None)
    if old is not None and old.get("path", [None])[-1] == move["path"][-1]:
        return None
    # a move into a city another general of the plan ends in goes after his move (a stack)
    k = len(out) - 1 if out and out[-1]["type"] == "done" else len(out)
    out.insert(k, move)
    return out
