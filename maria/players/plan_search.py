"""Whole movement-phase plans chosen by play-outs (R10 movement, R11 combat, R5.1 the order of
the stages).

A role in its level's `plan_search_roles` (maria.players.levels) chooses its movement phase once, as a whole plan (every
general's and train's move and the end of the phase), at the phase's first decision:
  1. candidate plans (`candidate_plans`): the rules-of-thumb plan, that plan with one general's
     move changed to another of his best end cities, with one general staying where he stands, and
     concentration plans (two generals ending in one stack): maria.players.stage_plans plus the
     stays;
  2. each plan is played on sampled states (maria.players.resample: what the role knows) and the
     game played on with the rules of thumb for every role through the enemy stages to the role's
     next action stage, whatever the level's `reply_roles` say (R5.1: Austria acts last, so what
     her stand risks shows only there);
  3. successive halving over the plans on common sampled states; the last challenger replaces the
     rules-of-thumb plan only if its paired advantage is clearly more than the noise
     (maria.players.paired).

The search plays only on states resampled from the role's observation: it never sees more than its
role's view (tests/players/test_plan_search.py).  Rules of the game are the door's (maria.games.maria.rules.door).
"""

from __future__ import annotations

import random
import time

from maria.players.paired import common_sample, confident_gain, mean
from maria.players.stage_plans import candidate_plans as _stage_candidates, plan_key, play_plan

ROUND = 2  # sampled states per live plan per halving round
FINAL = 4  # sampled states for the last challenger against the rules-of-thumb plan
PLAYOUTS = 96  # play-outs per plan choice at most (whole samples)
# per variant: plans with one general's move changed, with two generals in one stack, with one
# general staying where he is (besides the rules-of-thumb plan).  The advanced game's play-outs
# through the enemy stages cost 3-4 times the introductory game's, so it compares fewer plans
# with as many samples each.
SIZES = {"intro": (6, 8, 5), "advanced": (2, 2, 1)}
MIN_PAIRED = 4  # sampled states a challenger needs beside the rules-of-thumb plan to replace it


def candidate_plans(state: dict, role: str, rng: random.Random, deadline: float) -> list[list[dict]]:
    """The plans the search compares, the rules-of-thumb plan first (see the module's docstring)."""
    n_swaps, n_pairs, n_stays = SIZES.get(state["variant"], SIZES["intro"])
    plans = _stage_candidates(state, role, rng, deadline, n_swaps, n_pairs)
    if not plans:
        return plans
    base = plans[0]
    seen = {plan_key(p) for p in plans}
    stays = 0
    for a in base:
        if stays >= n_stays:
            break
        if a["type"] in ("move", "force_march") and a.get("piece") in state["generals"]:
            plan = [b for b in base if b is not a]
            k = plan_key(plan)
            if k not in seen:
                seen.add(k)
                plans.append(plan)
                stays += 1
    return plans


def search_plans(
    player, obs: dict, role: str, plans: list[list[dict]], rng: random.Random, deadline: float, limit: int = PLAYOUTS
) -> int:
    """The index of the plan to play (0, the rules-of-thumb plan, unless another is clearly
    better on the same sampled states)."""
    if len(plans) < 2:
        return 0
    vals: list[list[float]] = [[] for _ in plans]
    player._step = player._tail = 0.0  # the clock's estimates, timed afresh in this search
    live = list(range(1, len(plans)))
    done = 0
    last = 0.0  # wall clock of the last whole sample
    final = 0
    while live and not player.cancelled:
        per = ROUND if len(live) > 1 else FINAL
        if len(live) == 1 and final:
            break
        for _ in range(per):
            if done + 1 + len(live) > limit or time.perf_counter() + last > deadline:
                break
            t = time.perf_counter()

            def start(st, k):
                _, after = play_plan(st, role, plans[k])
                return after, after is not st

            # the play-outs run through the enemy stages to the role's next action stage: where
            # its generals stand at the end of the phase is judged by the enemy's answer
            got = common_sample(player, obs, role, rng, deadline, [0] + live, start, True)
            if got is None:
                break  # a sample cut short by the deadline is never compared
            for k, v in got:
                vals[k].append(v)
            done += len(got)
            last = time.perf_counter() - t
            player.progress = min(1.0, done / limit)  # the window's thinking indicator
            if player.cancelled:
                break
        else:
            if len(live) > 1:
                live.sort(key=lambda k: -mean(vals[k]))
                live = live[: max(1, len(live) // 2)]
            else:
                final = 1
            continue
        break
    player.progress = 1.0
    seen = [k for k in range(1, len(plans)) if vals[k] and len(vals[k]) == len(vals[0])]
    if not seen:
        player.last_plan_choice = (0, len(vals[0]), len(plans))
        return 0
    best = max(seen, key=lambda k: mean(vals[k]))
    # a search the ceiling cut short (a loaded machine, the advanced game's long play-outs) has
    # too few paired samples to tell a plan from noise: the rules-of-thumb plan then stays
    chosen = best if len(vals[0]) >= MIN_PAIRED and confident_gain(vals[best], vals[0]) else 0
    # read by the tests and diagnostics
    player.last_plan_values = [mean(v) for v in vals]
    player.last_plan_choice = (chosen, len(vals[0]), len(plans))
    return chosen
