"""Whole movement-phase plans chosen against the enemy's next stages (R5.1 the order of the stages,
R10 movement, R11 combat, R12 retroactive conquest, R16 victory markers): the defender's reading of
the war in the advanced game.

The play-outs of the search (maria.players.search) end with the current action stage, so they
score a stand before the enemy has answered it: a lone general left protecting three fortresses
next to a French stack of twelve looks as good as one who falls back onto a friend.  A role in its
level's `model_plan_roles` (maria.players.levels) therefore chooses its movement phase once, at
the phase's first decision, by what the next-stage model (maria.players.next_stage) expects the
enemy to take after it:

  1. candidate plans: the rules-of-thumb plan, that plan with one general's move changed, two
     generals ending in one stack (maria.players.stage_plans), and for each general the model
     sees beaten where he stands, the plan where he falls back to the best city no stronger enemy
     stack can reach, or joins a friend;
  2. each plan is played on the state sampled from the role's view and the position after it is
     valued in victory markers (R15):
        the markers the plan itself places or sends back (its conquests, R10.16)
      + the forced attacks of its end cities (R11.1): the chance of winning times the markers a
        won battle brings (R16.1), less the chance of losing times what a lost one costs
      - the markers each enemy major is expected to place in the next two enemy action stages
        (the leader's weighed most: maria.players.leader)
      - each own general's chance of being beaten there times the troops it costs;
  3. the rules-of-thumb plan is kept unless another is better by MARGIN markers.

It reads only the role's observation (the model and the sampled state are built from it).
"""

from __future__ import annotations

import math
import random
import time

from maria.games.maria.rules import cards
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.state import board_info
from maria.players.leader import LEADERS
from maria.players.next_stage import COMBAT_SCALE, StageRisk, _estimated_troops, _Hands, assess
from maria.players.resample import observe
from maria.players.stage_plans import apply_plan, candidate_plans, phase_powers, plan_key, replace_move, shortest_paths

# the rules-of-thumb plan stays unless another plan is better by this many victory markers
MARGIN = 0.3
# how much each enemy's expected markers count: the rival the leader measure names first (or, with
# no measure, every rival) in full, the other rival at this share
OTHER_RIVAL = 0.5
# a troop of one's own lost in a battle, in victory markers (16 troops at most in a stack, and a
# stack that has lost half of them no longer holds its front)
TROOP_VM = 0.12
# candidate plans: one general's move changed, two generals in one stack, and fall-back plans
SWAPS = 8
PAIRS = 8
FALLBACKS = 4
BEATEN = 0.4  # a general the model sees beaten at least this likely gets a fall-back plan
IMPROVE_GENERALS = 4  # the generals the improvement pass tries other moves for, most at risk first
IMPROVE_MOVES = 3  # ... each with his best moves by the rules of thumb, and no move


def _weights(obs: dict, role: str, powers) -> dict[str, float]:
    """Each enemy major's weight: the leader measure's first rival counts in full."""
    order = [r for r in LEADERS.get() if r != role]
    first = order[0] if order else None
    table = {"alliances": obs["public"]["alliances"]}
    out = {}
    for p in powers:
        major = R.major_of(table, p)
        owner = next((r for r, ps in obs["roles"].items() if major in ps), None)
        out[major] = 1.0 if first is None or owner == first else OTHER_RIVAL
    return out


def enemy_stages(obs: dict, role: str) -> list[list[str]]:
    """The powers of the next two action stages with an enemy of `role` in them (R5.1, R5.5:
    the stages after the current one, in their order; R2.3: an ally's powers race for the same
    fortresses but are not counted here), the next first."""
    stages = [list(s) for s in (obs["public"].get("adv", {}).get("bookkeeping", {}).get("stages") or R.ACTION_STAGES)]
    names = ["+".join(s) for s in stages]
    i = names.index(obs["stage"]) if obs["stage"] in names else -1
    mine = set(obs["roles"][role])
    table = {"alliances": obs["public"]["alliances"]}
    out = []
    for s in stages[i + 1 :] + stages[: i + 1]:
        foes = [p for p in s if p not in mine and any(R.enemies(table, p, m) for m in mine)]
        if foes:
            out.append(foes)
        if len(out) == 2:
            break
    return out


def _stage_threat(obs: dict, role: str, likely: dict | None = None) -> tuple[float, StageRisk | None]:
    """The weighted markers the enemies of the next two enemy action stages are expected to place,
    and the first stage's risk (for its beaten generals)."""
    total = 0.0
    first = None
    for powers in enemy_stages(obs, role):
        risk = assess(obs, role, powers, likely)
        w = _weights(obs, role, powers)
        total += sum(w.get(m, 1.0) * v for m, v in risk.expected_vm.items())
        first = first or risk
    return total, first


def _attack_value(after: dict, obs: dict, role: str) -> float:
    """The forced attacks of the role's stacks after the plan (R11.1), in victory markers: won,
    a marker per 3 troops eliminated, at least one with a general removed (R16.1); lost, the same
    for the enemy and the troops."""
    info = board_info(after)
    mine = set(R.powers_of(after, role))
    troops = _estimated_troops(obs)
    hands = _Hands(obs, after)
    gens = after["generals"]
    v = 0.0
    seen = set()
    for city, ids in after["city_generals"].items():
        ids = [g for g in ids if gens[g]["in_play"] and gens[g]["power"] in mine and gens[g]["face_up"]]
        if not ids or city in seen:
            continue
        seen.add(city)
        own = min(16, sum(gens[g]["troops"] for g in ids))
        power = gens[min(ids, key=lambda g: gens[g]["rank"])]["power"]
        for n in info.nbrs[city]:
            theirs = [g for g in after["city_generals"].get(n, ()) if gens[g]["in_play"]]
            if not theirs or not R.enemies(after, gens[theirs[0]]["power"], power):
                continue
            their = sum(troops.get(g, gens[g]["troops"]) for g in theirs)
            their_power = gens[min(theirs, key=lambda g: gens[g]["rank"])]["power"]
            suit = info.suit(n)
            h = after["cards"]["hands"].get(power, [])
            own_cards = sum(cards.value_of(c) for c in h if cards.suit_of(c) == suit) + 5 * sum(
                1 for c in h if cards.is_reserve(c)
            )
            margin = own + own_cards - their - hands.points(their_power, suit)
            p = 1.0 / (1.0 + math.exp(-margin / COMBAT_SCALE))
            gain = max(1.0, min(2.0, abs(margin) // 3))
            v += p * gain - (1.0 - p) * (gain + TROOP_VM * min(own, max(1.0, abs(margin))))
    return v


def plan_value(
    state: dict, role: str, plan: list[dict], pools_before: dict[str, int], likely: dict | None = None
) -> float:
    """The position after `plan`, in victory markers, as `role` reads it (module docstring).
    `likely`: the enemy generals' ranked moves shared by the plans of one phase (next_stage.assess)."""
    return _plan_value(state, role, plan, pools_before, likely)[0]


def _plan_value(state, role, plan, pools_before, likely=None) -> tuple[float, StageRisk | None]:
    after = apply_plan(state, role, plan)
    if after is None:
        return -1e9, None
    obs = observe(after, role)
    mine = set(R.powers_of(after, role))
    pools = after["adv"]["pools"]
    threat, risk = _stage_threat(obs, role, likely)
    weights = _weights(obs, role, [p for p in pools if p not in mine])
    v = -threat
    for p, before in pools_before.items():
        if p in mine:
            v += before - pools[p]  # markers the plan's conquests placed
        elif p in pools:
            v += weights.get(p, OTHER_RIVAL) * (pools[p] - before)  # markers sent back to a rival
    v += _attack_value(after, obs, role)
    if risk is not None:
        for gid, p in risk.beaten.items():
            g = after["generals"][gid]
            if g["power"] in mine:
                v -= p * TROOP_VM * min(g["troops"], 4)
    return v, risk


def fallback_plans(state: dict, role: str, base: list[dict], risk: StageRisk) -> list[list[dict]]:
    """For each general the model sees beaten where the rules-of-thumb plan leaves him: the plan
    with his move changed to the best city (by the planner's value) that no enemy stack stronger
    than his can reach, or to a friend's city within his reach (a stack)."""
    from maria.players.plan import Planner

    info = board_info(state)
    pl = Planner(state, info, role)
    mine = phase_powers(state, role)
    ends = {a["piece"]: a["path"][-1] for a in base if a.get("type") in ("move", "force_march") and "piece" in a}
    out = []
    seen = {plan_key(base)}
    weak = sorted(
        (
            (p, gid)
            for gid, p in risk.beaten.items()
            if p >= BEATEN and state["generals"][gid]["power"] in mine and gid in pl.gens and gid not in pl.moved()
        ),
        reverse=True,
    )
    strength = {}
    for gid in risk.reach:
        c = state["generals"][gid]["city"]
        strength[gid] = sum(state["generals"][o]["troops"] for o in state["city_generals"].get(c, ()))
    for _, gid in weak[:FALLBACKS]:
        g = state["generals"][gid]
        here = g["city"]
        own = sum(state["generals"][o]["troops"] for o in state["city_generals"].get(here, ()))
        danger = set()
        for eg, cities in risk.reach.items():
            if strength.get(eg, 0) > own:
                for c in cities:
                    danger.add(c)
                    danger.update(info.nbrs[c])
        moves = shortest_paths(pl, gid)
        best = None
        for end, m in moves.items():
            friend = any(
                o != gid and state["generals"][o]["power"] in mine for o in state["city_generals"].get(end, ())
            )
            if end in danger and not friend:
                continue
            val = pl.position_value(gid, end) + (2.0 if friend else 0.0)
            if best is None or val > best[0]:
                best = (val, m)
        if best is None or ends.get(gid) == best[1]["path"][-1]:
            continue
        plan = [a for a in base if a.get("piece") != gid]
        k = len(plan) - 1 if plan and plan[-1]["type"] == "done" else len(plan)
        plan.insert(k, best[1])
        key = plan_key(plan)
        if key not in seen:
            seen.add(key)
            out.append(plan)
    return out


def choose_plan(obs: dict, role: str, state: dict, rng: random.Random, deadline: float, clock=None) -> tuple[int, list]:
    """The candidate plans and the index of the one to play (0: the rules-of-thumb plan).  The best
    of the candidates is then improved general by general: the generals the model sees most at
    risk first, each given his next best moves or no move, a change kept when it scores better.
    `clock`: the deciding player's clock for `deadline` (default: the wall clock)."""
    from maria.players.plan import Planner

    now = clock or time.perf_counter
    plans = candidate_plans(state, role, rng, deadline, SWAPS, PAIRS, now)
    if not plans or not plans[0]:
        return 0, plans
    likely: dict = {}
    pools_before = dict(state["adv"]["pools"])
    v0, risk = _plan_value(state, role, plans[0], pools_before, likely)
    vals = [v0]
    if risk is not None:
        plans += fallback_plans(state, role, plans[0], risk)
    for p in plans[1:]:
        if now() > deadline:
            break
        vals.append(_plan_value(state, role, p, pools_before, likely)[0])
    plans = plans[: len(vals)]
    best = max(range(len(vals)), key=lambda k: vals[k])
    cur, cur_v = plans[best], vals[best]
    info = board_info(state)
    pl = Planner(state, info, role)
    mine = phase_powers(state, role)
    beaten = risk.beaten if risk is not None else {}
    movers = sorted(
        (gid for gid in pl.gens if state["generals"][gid]["power"] in mine and gid not in pl.moved()),
        key=lambda g: (-beaten.get(g, 0.0), -state["generals"][g]["troops"], g),
    )[:IMPROVE_GENERALS]
    seen = {plan_key(p) for p in plans}
    for gid in movers:
        alts = [a for _, a in pl.ranked_general_moves(gid, False, IMPROVE_MOVES)] + [None]
        for alt in alts:
            if now() > deadline:
                break
            if alt is None:
                cand = [a for a in cur if a.get("piece") != gid]
            else:
                cand = replace_move(cur, gid, alt)
            if cand is None or plan_key(cand) in seen:
                continue
            seen.add(plan_key(cand))
            v = _plan_value(state, role, cand, pools_before, likely)[0]
            if v > cur_v + 1e-9:
                cur, cur_v = cand, v
    if plan_key(cur) != plan_key(plans[best]):
        plans.append(cur)
        vals.append(cur_v)
        best = len(plans) - 1
    return (best if vals[best] > vals[0] + MARGIN else 0), plans
