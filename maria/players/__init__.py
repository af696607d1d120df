"""Computer players for every decision of the rules (R4-R25).  One interface:

    player = make_player(level, seed)            # level in LEVELS
    action = player.choose(obs, legal_actions, role, rng=None)

`obs` is `maria.games.maria.rules.resample.observe(state, role)` — the door's view of that role plus
non-secret bookkeeping — never the full state; `legal_actions` is `door.legal_actions(state, role)`
(templated actions are filled by the player).  `decide(state, role, player)` does both calls.
"""

from __future__ import annotations

import math

from maria.games.maria.rules import door
from maria.players.resample import observe

LEVELS = ("random", "easy", "normal", "hard")
BUDGETS = {"normal": 0.2, "hard": 1.5}
# Session 11: `hard` searches a fixed number of play-outs per decision (whole samples), so a seed
# gives the same game on a busy or an idle machine; the wall-clock budget becomes a ceiling
# (HARD_CAP, under goal 5's 5 s worst).  PLAYOUTS: every role with the stage horizon (4 samples of
# the 6 candidates); REPLY: a role in REPLY_ROLES, whose play-outs run through both enemy stages
# (0.2-0.4 s each on the shared machine against 0.02-0.14 s): 2 samples of 4 candidates, the least
# the paired test can judge.  COUNTED = False restores session 10's wall-clock search.  Session 15:
# 16 reply play-outs (4 samples) for Maria Theresa doubled her decision times (median 1.3 s) and
# won 2 of 31 all-hard games where 8 won 3 on the same seeds (docs/balance.md): 8 stays.
# Session 28 (trial X, exploratory): 72 play-outs in the advanced game, where 24 use at most about
# 1 s: hard Maria Theresa alone against easy won 40 against 37 of 120 paired games (p = 0.36), her
# decisions three times slower (worst 3.5 s): 24 stays.
COUNTED = True
PLAYOUTS = {"hard": 24}
REPLY_PLAYOUTS = {"hard": 8}
REPLY_CANDIDATES = {"hard": 4}
HARD_CAP = 4.5
# Per variant, the roles whose search play-outs run on through the enemy stages to their own next
# action stage (SearchPlayer.reply_roles).  Maria Theresa acts last in the turn (R5.1), so what her
# move risks shows only in the stages after hers.  Measured in session 7 (docs/balance.md): in the
# introductory game it lifts hard Maria Theresa clearly; in the advanced game it made no
# difference in the games tried and costs twice the time, so it stays off there.  Session 17: with
# all three roles of the introductory game here, hard won 36 of 60 mixed-seating games against
# normal where the shipped hard won 31 on the same seeds (goal 4's second rung, 60%; 62.1% of 95
# with fresh seeds), the gain in the attackers' seats; not significant (12 games gained, 7 lost).
# Session 18 measured goal 1 with it (hard alone against easy, the 60 seeds of each attacker's seat
# of 143000-143179): Louis XV 46 against 45 for the shipped hard, Frederick 28 against 31; all
# hard, 18 seeds of 142000-142089: Maria Theresa 2 against 3.  No gain where the goals are
# measured, so the attackers stay off (docs/balance.md, "Session 18").
# Only `hard` (normal's 0.2 s would buy too few of these long play-outs; not measured).
# Session 22 (docs/balance.md): with an "advanced" entry for Maria Theresa, hard alone against
# easy won 25 of the 150 games of her seat of 157002-157449 where the shipped hard won 38 (13
# gained, 26 lost): off for good.  Her intro play-outs through the enemy stages only for the
# decisions of her own stage and the hussars (the cards she plays when attacked searched like an
# attacker's, to the end of that stage): 12 against 10 of 90 all-hard games (142000-142089), and
# 12 against 10 with 24 long play-outs in her own stage: no gain.
REPLY_ROLES: dict[str, tuple[str, ...]] = {"intro": ("maria_theresa",)}
# Per variant, the roles for which `hard` uses the session-10 setting (SearchPlayer.plan_roles):
# the movement phase chosen as a whole-stage plan (generals united against an invader, scored by
# plan.defence_score), one winter recruitment that keeps 20 points of cards, long play-outs cut
# by the deadline never compared.  Measured in session 10 (docs/balance.md) with
# {"intro": ("maria_theresa",)}: against hard attackers 0 wins of 12 (shipped: 0 of 5, 0 of 45
# in session 5), games about a turn longer; against easy attackers 1 of 11 against 2 of 11 for
# the shipped setting on the same seeds.  No measurable gain, so it stays off.
PLAN_ROLES: dict[str, tuple[str, ...]] = {}
# Per variant, the roles for which `hard` recruits once per winter keeping search.WINTER_KEEP
# points of cards (SearchPlayer._winter; in session 10 only a part of PLAN_ROLES).  The rules of
# thumb recruit again and again until the hand is nearly empty, and Austria, acting last (R5.1),
# then meets the French and Prussian stages of the next turn without a card: the loser of a
# combat loses the whole final score in troops (R11.4).  Measured in session 11 with the other
# defender settings of that session (plan.URGENCY): no gain, so it ships off (docs/balance.md).
# Session 29 (trial K0, rule written before its games), alone and with the plan search: all hard
# on G's 180 seeds, Louis XV won 93 against 99 (30 fewer, 24 more: p = 0.25), she 48 against 43,
# Frederick 39 against 38: the rule asked p <= 0.10, so it stays off.
WINTER_ROLES: dict[str, tuple[str, ...]] = {}
# Per variant, the roles whose combat cards `hard` keeps by easy.CAREFUL_DEFENDER's rule (a deficit
# fought only when her suited cards cover it and the enemy's expected answer), in its own choices
# and in its play-outs; easy keeps the plain rule.  Measured in session 15 with WINTER_ROLES for
# Maria Theresa (all hard, introductory 3 players, 22 seeds of 142000-142089): she won 0 where
# the shipped hard won 2 on the same seeds (docs/balance.md), so it ships off.
CAREFUL_ROLES: dict[str, tuple[str, ...]] = {}
# Per variant, the roles whose `hard` play-outs end with the trained evaluation (maria.players.learned,
# weights fitted to self-play outcomes by maria.lab.train_eval) instead of the heuristic one.
# Measured in session 16 for Maria Theresa (all hard, introductory 3 players, 32 seeds of
# 142000-142089, weights from 600 all-easy games): she won 2 where the shipped hard won 3 on the
# same seeds (docs/balance.md), so it ships off.  In 2 players ({"intro-2": ...}) her coalition
# opponents scored 60.0% against 70.0% on the first 75 paired seeds (t = 1.96, session 16), but
# 61.9% against 52.4% on the next 21 (session 17): 60.4% against 66.1% on all 96 (t = 1.27), no
# measurable gain, so it ships off.  Session 19, the advanced game (maria.players.features_advanced,
# weights from 1500 / 1200 all-easy games): hard as the coalition in 2 players, alone against easy,
# won 57 of the 60 games of its seats of 151000-151119 where the shipped hard won 53 (5 gained, 1
# lost) and 38 of 40 fresh games (152000, 152002, ...): 95 of 100, goal 1's 90% met, so it ships on
# for that seat.  Hard Maria Theresa (11 against 14 of 60) and Frederick (13 against 14 of 60) in
# 3 players gained nothing with it: off (docs/balance.md, session 19).
# Session 27 (trial G, with Frederick's plan search above): on for her in the 3-player introductory
# game, the session-16 model (600 all-easy games), which predicted 32 held-out all-hard games of G's
# attackers better than a refit on 128 of them (log loss 0.777 against 0.791; prior 0.974).
# Session 28 (trial H, rule written before its games): Frederick's plan search scored by the same
# model too: all hard on G's 180 seeds Louis XV won 95 against 99 (42 fewer, 38 more: p = 0.37), she
# 45 against 43, he 40 against 38: no measurable change, so his play-outs keep the heuristic one.
LEARNED_ROLES: dict[str, tuple[str, ...]] = {"advanced-2": ("coalition",), "intro-3": ("maria_theresa",)}
# Per variant (or "advanced-3"), the roles whose `hard` planner weighs what each general's end
# city risks in the enemy stages before the role moves again (plan.Planner.exposure: the strongest
# enemy stack that can reach him, the troops it would take, the general removed), in its own
# choices, candidates and play-outs (plan.EXPOSED).  In the advanced game a general removed in
# combat costs his power a VP (R16.1).  Measured in session 19 (docs/balance.md), hard alone
# against two easy players: Frederick won 21 of the 60 games of his seat of 150000-150179 against
# 14 without (13 gained, 6 lost) and 17 of 60 fresh ones (153001, 153004, ...) against 14 (9, 6):
# 38 of 120 = 31.7%, goal 1's 30% met; on.  Maria Theresa won 18 against 14 of 60 and 9 against 9
# of 40 fresh games: no measurable gain, off.
EXPOSED_ROLES: dict[str, tuple[str, ...]] = {"advanced-3": ("frederick",)}
# Per variant (or variant and player count), the roles whose `hard` movement phase is chosen once as
# a whole plan compared by play-outs through the enemy stages (maria.players.plan_search: the
# rules-of-thumb plan, one general's move changed, one general staying, two generals in one
# stack), the move-by-move search kept when no plan clearly beats the rules-of-thumb plan
# (search.MOVE_BY_MOVE).  Session 23 (docs/balance.md), Maria Theresa in the 3-player
# introductory game, rules written before the games: all hard, she won 22 of 90 (142000-142089)
# where the shipped hard won 10 (17 gained, 5 lost, p = 0.008), and 16 of 90 fresh games: 21.1%
# of 180, goal 2's 20% on the point estimate; alone against easy 65 of 120 (54.2%; goal 1's
# 41.8% met); the ladder's hard vs normal 61.7% (60%).  Without MOVE_BY_MOVE she won 21 of 90 all
# hard but only 5 of 18 against easy attackers.  The advanced game (all hard, 5 against 3 of 60)
# gained nothing, nor did it alone against easy (session 24: 31 against 37 of 120) or in the
# 2-player advanced ladder (7 against 6 of 30): off there.  Session 24, the 2-player introductory
# game (R24: her play-outs run through the coalition's stages), rules written before the games:
# the ladder's hard vs normal in her 30 games of 179000-179059 scored 21 of 30 against session
# 22's 15 (12 better, 4 worse, p = 0.038; the ladder 62.5%, goal 4's 60% met), all hard the
# coalition's score stayed 55.7% (34 of 61; goal 3's 35-65%), alone against easy she won 31 of 60
# (29 before; goal 1's 41.8%): on there.
# Session 27 (docs/balance.md, trial G, rule written before its games): Frederick too in the 3-player
# introductory game, with her play-outs scored by the trained evaluation (LEARNED_ROLES "intro-3").
# His plan search alone (session 26's F; 160 fresh all-hard games 210000-210159 in session 27) lifted
# him to 23.8% but took her to 17.5%; with the trained evaluation for her, all hard on 120 fresh
# seeds (211000-211119): Louis XV 51.7%, Maria Theresa 25.0%, Frederick 23.3%; with 60 more games of
# the shipped code, 180 in all: 55.0 / 23.9 / 21.1 (shipped before: 58.3 / 26.2 / 15.4 of 240).
PLAN_SEARCH_ROLES: dict[str, tuple[str, ...]] = {"intro-3": ("maria_theresa", "frederick"),
                                                 "intro-2": ("maria_theresa",)}

# Per variant (or variant and player count), the roles whose `hard` planner weighs her cover and
# retakes by how near each attacker is to his victory (plan.Planner.urgency, plan.URGENT) for the
# length of its own decisions: its rules of thumb, candidates and, in its play-outs, its own
# generals (the urgency weighs only the defender's values).  Session 25's trial with plan.PACE.
URGENT_ROLES: dict[str, tuple[str, ...]] = {}
# Per variant (or variant and player count), the roles whose `hard` winter recruitment (R13) is
# chosen by play-outs through the enemy stages among the rules of thumb's and recruitments of fewer
# troops paid to keep the suits where her generals stand (maria.players.winter_search).  Session 29
# (trial K, rule written before its games; docs/balance.md): with {"intro-3": ("maria_theresa",)},
# all hard on G's seeds, the search changed her recruitment in most winters (its play-outs valued
# keeping cards 10-40 points of the trained evaluation higher), but Louis XV won 43 of 90 paired
# games against 42 for the shipped code and she 28 against 27: stopped by its futility rule, off.
WINTER_SEARCH_ROLES: dict[str, tuple[str, ...]] = {}


def make_player(level: str, seed: int = 0, budget: float | None = None, clock: bool = True):
    """A computer player of `level`.  `budget`: the seconds a searched decision may take (for
    `hard`, the ceiling of its fixed count of play-outs, HARD_CAP by default).  `clock=False`
    (tournaments, benchmarks, tests; session 26): a counted level (`hard`) has no wall-clock
    ceiling at all, so its counts alone bound each decision and a seed plays the same game on any
    machine under any load.  With the ceiling (the window's players) the same holds wherever the
    ceiling is not reached: on this machine the counts end hard's searches first (worst decision
    about 3 s of HARD_CAP's 4.5 s, docs/balance.md, session 26), on a slower machine the ceiling
    keeps the window answering.  `normal` searches by the wall clock (BUDGETS) either way."""
    if level == "random":
        from maria.players.random_player import RandomPlayer
        return RandomPlayer(seed)
    if level == "easy":
        from maria.players.easy import EasyPlayer
        return EasyPlayer(seed)
    if level in ("normal", "hard"):
        from maria.players.search import PLAN_BUDGET, SearchPlayer
        counted = COUNTED and level in PLAYOUTS
        if budget is not None:
            b = budget
        elif counted:
            b = HARD_CAP if clock else math.inf
        else:
            b = BUDGETS[level]
        return SearchPlayer(level, seed, budget=b, candidates=3 if level == "normal" else 6,
                            horizon=80, stage_horizon=True, samples=4 if level == "normal" else 10,
                            reply_roles=REPLY_ROLES if level == "hard" else None,
                            plan_roles=PLAN_ROLES if level == "hard" else None,
                            winter_roles=WINTER_ROLES if level == "hard" else None,
                            careful_roles=CAREFUL_ROLES if level == "hard" else None,
                            learned_roles=LEARNED_ROLES if level == "hard" else None,
                            exposed_roles=EXPOSED_ROLES if level == "hard" else None,
                            urgent_roles=URGENT_ROLES if level == "hard" else None,
                            plan_search_roles=PLAN_SEARCH_ROLES if level == "hard" else None,
                            winter_search_roles=WINTER_SEARCH_ROLES if level == "hard" else None,
                            playouts=PLAYOUTS[level] if counted else None,
                            reply_playouts=REPLY_PLAYOUTS[level] if counted else None,
                            reply_candidates=REPLY_CANDIDATES[level] if counted else None,
                            # no ceiling at all (clock=False) for the whole-plan choice of PLAN_ROLES either
                            plan_budget=PLAN_BUDGET if math.isfinite(b) else math.inf)
    raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")


def decide(state: dict, role: str, player) -> dict:
    """The player's action for `role` at `state`, given only what that role may see."""
    return player.choose(observe(state, role), door.legal_actions(state, role), role)
