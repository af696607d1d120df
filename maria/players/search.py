"""The `normal` and `hard` levels: determinised flat Monte Carlo over the role's observation (every
decision of R4-R25; hidden information R6.5, R8.4).

For a decision that is not trivial (more than one legal action, not a template), the player
  1. ranks the candidate actions with the rules of thumb (maria.players.easy) and keeps the best few
     (plus the easy choice itself);
  2. repeatedly samples a full state consistent with what its role knows (maria.games.maria.rules.resample),
     applies each candidate there and plays a truncated playout with the fast rules-of-thumb player
     for every role, then scores the end with the heuristic evaluation (maria.players.evaluate);
  3. drops the worse half of the challengers after every round of samples (successive halving,
     common random numbers) and plays the last one only if it beats the rules-of-thumb choice by
     more than the noise (a paired test), else the rules-of-thumb choice; the time budget is a
     ceiling.
Templates (allocation, payments, recruitment) are filled by the rules of thumb without searching.
"""

from __future__ import annotations

import random
import time

from maria.players.resample import resample
from maria.games.maria.rules import door

from maria.players.easy import Rules, is_template, playable
from maria.players import leader, learned
from maria.players.leader import LEADERS
from maria.players.evaluate import evaluate
from maria.players.levels import Level
from maria.players.plan import EXPOSED
from maria.players.plan_threats import RACING
from maria.players.stage_plans import playable_plan
from maria.players.paired import confident_gain as _confident_gain, mean as _mean

FINAL_ROUNDS = 1  # extra rounds for the last challenger against the rules-of-thumb choice
SEARCHED = frozenset({"movement_phase", "moving", "combat", "combat_phase", "retreat", "hussars"})
# The wall clock is a ceiling, held closely: the search keeps the longest play-out step and closing
# evaluation it has timed in this decision and starts none that would end after the deadline,
# drops a sample cut short (its values were judged at another point of the game than the
# others'), and stops scoring candidates at CANDIDATE_SHARE of the budget; the rules-of-thumb
# choice made before the search (timed) is the first estimate of a play-out step, and when that
# choice and the candidates took PRE_SHARE of the budget (a badly overloaded machine) the search
# is skipped.  Where the counts end the search first, none of this changes a decision.
CANDIDATE_SHARE = 0.25
PRE_SHARE = 0.5  # no search when its preparation alone took this share of the budget
# plan_search_roles: the share of the decision's ceiling the whole-plan search may take; the rest
# is left to the move-by-move search of the same decision when no plan beats the rules-of-thumb
# plan.  0.9 of the window's ceiling lets the plan search finish its count on an ordinary machine.
PLAN_SEARCH_SHARE = 0.9


def plain_choices(legal: list[dict]) -> list[dict]:
    """The actions the search chooses among (templates are filled by the rules of thumb)."""
    return [a for a in playable(legal) if not is_template(a)]


class SearchPlayer:
    """A searched level (maria.players.levels): `level` says how much it searches and which
    per-role settings it uses; `budget` overrides the level's seconds per decision (math.inf: no
    wall-clock ceiling at all, the counts alone bound each decision)."""

    def __init__(self, level: Level, seed: int = 0, budget: float | None = None):
        self.config = level
        self.level = level.name
        self.rng = random.Random(seed)
        self.budget = level.budget if budget is None else budget
        self._plan: tuple | None = None  # (stage key, the chosen plan's actions still to play)
        self._leader_at: tuple | None = None  # (turn, stage, role), the leader order read there
        self.progress = 0.0  # 0..1 while thinking (read by the UI's indicator)
        self.cancelled = False
        self._step = 0.0  # the longest play-out step timed in this decision (seconds)
        self._tail = 0.0  # the longest closing evaluation timed
        self._cut = False  # the last play-out stopped for the deadline

    def _roles(self, setting, state) -> tuple[str, ...]:
        return self.config.roles(setting, state)

    def choose(self, obs: dict, legal: list[dict], role: str, rng: random.Random | None = None) -> dict:
        # the deciding role's own exposure setting only: its model of the other roles stays the
        # plain rules of thumb
        roles = frozenset(self._roles(self.config.exposed_roles, obs)) & {role}
        racing = frozenset(self._roles(self.config.race_roles, obs)) & {role}
        leaders = (
            self._leaders(obs, role)
            if role in self._roles(self.config.leader_roles, obs) and obs.get("variant") == "advanced"
            else ()
        )
        token = EXPOSED.set(roles)  # only while this player decides (see plan.EXPOSED)
        t_race = RACING.set(racing)
        t_lead = LEADERS.set(leaders)
        try:
            return self._choose(obs, legal, role, rng)
        finally:
            LEADERS.reset(t_lead)
            RACING.reset(t_race)
            EXPOSED.reset(token)

    def _leaders(self, obs: dict, role: str) -> tuple[str, ...]:
        """The leader measure from `role`'s view, read once per action stage (the next-stage model
        costs a few tenths of a second)."""
        key = (obs.get("turn"), obs.get("stage"), role)
        if self._leader_at is None or self._leader_at[0] != key:
            self._leader_at = (key, leader_order(obs, role))
        return self._leader_at[1]

    def _choose(self, obs: dict, legal: list[dict], role: str, rng: random.Random | None = None) -> dict:
        cfg = self.config
        rng = rng or self.rng
        t0 = time.perf_counter()
        self.progress = 0.0
        frame_name = obs["public"]["flow"][-1]["name"] if obs["public"]["flow"] else ""
        acts = playable(legal, frame_name == "diplomacy")
        state = resample(obs, role, rng.getrandbits(32))
        t_easy = time.perf_counter()
        easy = self._rules(state, role, rng).decide(acts)
        t_easy = time.perf_counter() - t_easy
        plain = plain_choices(legal)
        if len(plain) <= 1 or frame_name not in SEARCHED or is_template(easy):
            self.progress = 1.0
            return easy
        t_pre = t0  # the preparation of the search below starts
        if frame_name == "movement_phase" and role in self._roles(cfg.model_plan_roles, state):
            a = self._plan_move(obs, role, state, rng, t0, by_model=True)
            if a is not None:
                self.progress = 1.0
                return a
        elif frame_name == "movement_phase" and role in self._roles(cfg.plan_search_roles, state):
            a = self._plan_move(obs, role, state, rng, t0)
            if a is not None:
                self.progress = 1.0
                return a
            # the plan search kept the rules-of-thumb plan: this phase is searched move by move,
            # in what is left of the decision's ceiling (the plan search took at most
            # PLAN_SEARCH_SHARE of it)
            t_pre = time.perf_counter()
        reply = role in self._roles(cfg.reply_roles, state)
        # one play-out step is a rules-of-thumb decision like the one just timed (cheaper:
        # `fast`), the first step's estimate until a step has been timed
        self._step, self._tail = t_easy, 0.0
        self._cut = False
        if time.perf_counter() - t_pre > PRE_SHARE * self.budget:
            self.progress = 1.0
            return easy  # so slow a machine that the search would buy nothing
        cands = self._candidates(state, role, plain, easy, rng, t_pre + CANDIDATE_SHARE * self.budget)
        if time.perf_counter() - t_pre > PRE_SHARE * self.budget:
            self.progress = 1.0
            return easy
        if reply and cfg.reply_candidates:
            cands = cands[: cfg.reply_candidates]
        if len(cands) == 1:
            self.progress = 1.0
            return cands[0]
        # successive halving of the challengers against the rules-of-thumb choice `easy` (cands[0],
        # always evaluated): every round each live candidate gets `samples` more sampled states
        # (common random numbers: the same sampled states and playout seeds for all), then the
        # worse half of the challengers is dropped.  The last challenger replaces `easy` only if
        # its paired advantage is clearly more than noise (CONFIDENCE standard errors): a noisy
        # search must not undo good rules of thumb.  The budget is a ceiling.
        vals: list[list[float]] = [[] for _ in cands]
        live = list(range(1, len(cands)))
        deadline = t0 + self.budget
        limit = cfg.reply_playouts if reply and cfg.reply_playouts else cfg.playouts
        done = 0
        last = 0.0  # wall clock of the last whole sample
        rounds_final = 0
        stop = False  # a sample was cut short: the search ends
        while (
            live and rounds_final < FINAL_ROUNDS and time.perf_counter() < deadline and not self.cancelled and not stop
        ):
            if limit is not None and done + 1 + len(live) > limit:
                break
            for _ in range(cfg.samples):
                if limit is not None and done + 1 + len(live) > limit:
                    break  # the count is spent (whole samples only)
                if limit is not None and done and time.perf_counter() + last > deadline:
                    break  # the ceiling: no sample that would not end before it
                done += 1 + len(live)
                t_sample = time.perf_counter()
                st = resample(obs, role, rng.getrandbits(32))
                seed = rng.getrandbits(32)
                got = []
                cut = False
                for k in [0] + live:
                    if time.perf_counter() + self._step + self._tail > deadline:
                        cut = True  # this candidate's play-out would overrun
                        break
                    self._cut = False
                    try:
                        after = door.look_ahead(st, role, cands[k])  # a copy: `st` serves every candidate
                        v = self._playout(after, role, random.Random(seed), deadline, own=True)
                    except Exception:
                        v = -1e6
                    got.append((k, v))
                    if self._cut:
                        cut = True
                        break
                if cut:
                    stop = True
                    break  # a sample cut short is never compared
                for k, v in got:
                    vals[k].append(v)
                last = time.perf_counter() - t_sample
                if time.perf_counter() >= deadline:
                    break
            self.progress = min(1.0, max((time.perf_counter() - t0) / self.budget, done / limit if limit else 0.0))
            if len(live) > 1:
                live.sort(key=lambda k: -_mean(vals[k]))
                live = live[: max(1, len(live) // 2)]
            else:
                rounds_final += 1
        self.progress = 1.0
        if not live:
            return easy
        best = max(live, key=lambda k: _mean(vals[k]))
        return cands[best] if _confident_gain(vals[best], vals[0]) else easy

    def _evaluate(self, st: dict, role: str) -> float:
        """The end of a play-out, scored for `role`: by the trained evaluation for a role in
        `learned_roles` (while the game goes on and a model exists), else by the heuristic one."""
        if role in self._roles(self.config.learned_roles, st):
            v = learned.value(st, role)
            if v is not None:
                return v
        return evaluate(st, role)

    def _rules(self, state: dict, role: str, rng: random.Random, fast: bool = False) -> Rules:
        """The rules of thumb for `role`."""
        return Rules(state, role, rng, fast=fast)

    # --- whole movement-phase plans --------------------------------------------------------------
    def _plan_move(self, obs, role, state, rng, t0, by_model: bool = False) -> dict | None:
        """A role in `plan_search_roles` chooses its movement phase as a whole plan (every piece's
        move and the end of the phase) by play-outs (maria.players.plan_search): a single move
        cannot show what two generals ending in one stack do against an invader, and each move's
        play-outs would assume the rules of thumb for the rest of the phase.  The plan is chosen
        at the phase's first decision (or when the stored plan no longer applies) and then played
        move by move.  None: no plan beats the rules-of-thumb plan, and the phase is searched move
        by move."""
        key = (state["turn"], _stage_key(state)[1], role)
        if self._plan is not None and self._plan[0] == key and self._plan[1] is None:
            return None  # the rules-of-thumb plan was kept: move by move
        if self._plan is not None and self._plan[0] == key and self._plan[1]:
            nxt = self._plan[1][0]
            try:
                door.apply(state, role, nxt)
            except Exception:
                nxt = None
            if nxt is not None:
                self._plan[1].pop(0)
                return nxt
        self._plan = None
        if by_model:
            # the plans compared by the next enemy stages' model (maria.players.model_plans)
            from maria.players import model_plans

            best, plans = model_plans.choose_plan(
                obs, role, state, rng, t0 + PLAN_SEARCH_SHARE * self.budget, time.perf_counter
            )
            if not plans or not plans[0]:
                return None
        else:
            # the plans compared by play-outs, within the decision's ceiling
            from maria.players import plan_search

            plans = plan_search.candidate_plans(state, role, rng, t0 + CANDIDATE_SHARE * self.budget)
            if not plans or not plans[0]:
                return None
            best = plan_search.search_plans(self, obs, role, plans, rng, t0 + PLAN_SEARCH_SHARE * self.budget)
        if best == 0:
            # no plan clearly beats the rules-of-thumb plan: the phase is searched move by move
            # (each move's challengers against the rules of thumb)
            self._plan = (key, None)
            return None
        # only the actions that can be played in their order (a changed plan can hold a move
        # whose path an earlier move of the old plan cleared; it was left out when it was scored)
        plan = playable_plan(state, role, plans[best])
        if not plan:
            return None
        self._plan = (key, plan[1:])
        return plan[0]

    def _candidates(self, state, role, plain, easy, rng, deadline: float = 1e18) -> list[dict]:
        if state["flow"][-1]["name"] == "movement_phase":
            return self._move_candidates(state, role, plain, easy)
        out = [easy]
        scored = []
        r = self._rules(state, role, rng, fast=True)
        for a in plain:
            if a == easy:
                continue
            if scored and time.perf_counter() > deadline:
                break  # the clock: the actions scored so far compete
            st = r.after(a)
            scored.append((self._evaluate(st, role) if st is not None else -1e9, rng.random(), a))
        scored.sort(key=lambda x: (-x[0], x[1]))
        out += [a for _, _, a in scored[: self.config.candidates - 1]]
        return out

    def _move_candidates(self, state, role, plain, easy) -> list[dict]:
        """Movement phase: the planner's best whole moves of each piece (ranked by their gain over
        staying put; for generals the best few end cities), instead of the one-step move openers."""
        from maria.players.plan import Planner
        from maria.games.maria.rules.state import board_info

        pl = Planner(state, board_info(state), role)
        moves = [a for a in plain if a["type"] in ("move", "force_march")]
        force = {a["piece"] for a in moves if a["type"] == "force_march"}
        scored = []
        for pid in sorted({a["piece"] for a in moves}):
            if pid in state["generals"]:
                for rank, (gain, a) in enumerate(pl.ranked_general_moves(pid, pid in force, 3)):
                    if a != easy:
                        scored.append((gain - 0.5 * rank, pid, a))
            else:
                gain, a = pl.best_train_move(pid, margin=-1e9)
                if a is not None and a != easy:
                    scored.append((gain, pid, a))
        scored.sort(key=lambda x: (-x[0], x[1]))
        # Ending the phase is never a challenger: it freezes every piece not yet moved, and the
        # stage-end evaluation undervalues the march that pays off a turn later (full-game
        # rollouts from 2-player positions: ending early cost 0.09 points a time on average).
        return [easy] + [a for _, _, a in scored[: self.config.candidates - 1]]

    def _playout(
        self,
        st: dict,
        role: str,
        rng: random.Random,
        deadline: float = 1e18,
        own: bool = False,
        reply: bool | None = None,
    ) -> float:
        """Play on with the rules of thumb for every role, then evaluate for `role`.  With the
        "stage" horizon the playout ends with the current action stage (the candidate's own moves,
        combats, retreats and retroactive conquests: what it decides), else after `horizon`
        decisions or at the end of the next turn.  For a role in the level's `reply_roles` it runs on
        (or when `reply` says so) until that role's next action stage begins (at most
        `reply_horizon` decisions), so the enemy stages in between show what its choice risks.
        `st` is left as it was unless `own` (the caller's own copy, which the play-out may then
        change in place)."""
        cfg = self.config
        start_turn, start_stage = st["turn"], _stage_key(st)
        if reply is None:
            reply = role in self._roles(cfg.reply_roles, st)
        fine = deadline < 1e17
        for _ in range(cfg.reply_horizon if reply else cfg.horizon):
            if door.is_over(st):
                break
            t_step = time.perf_counter()
            if t_step > deadline or (fine and t_step + self._step + self._tail > deadline):
                self._cut = True  # no step that would end after the deadline
                break
            roles = door.active_roles(st)
            if not roles:
                break
            r = roles[0]
            acts = playable(door.legal_actions(st, r), st["flow"][-1]["name"] == "diplomacy")
            rules = self._rules(st, r, rng, fast=True)
            a = rules.decide(acts)
            # the state after `a` as the rules of thumb already computed it, else `a` applied here
            # (copied once, then changed in place)
            after = rules.taken(a)
            st = after if after is not None else door.look_ahead(st, r, a, in_place=own)
            own = True
            if fine:
                self._step = max(self._step, time.perf_counter() - t_step)
            if reply:
                # the defender's position is tested by the enemy stages that follow its own
                # (R5.1: Austria acts last): stop when its next action stage begins
                key = _stage_key(st)
                if key[0] > start_turn and (key[1] or 0) >= (start_stage[1] or 0):
                    break
            elif cfg.stage_horizon and _stage_key(st) != start_stage:
                break
            if st["turn"] > start_turn + 1:
                break
        if not fine:
            return self._evaluate(st, role)
        if self._cut:
            return 0.0  # its sample is dropped, never compared
        t_eval = time.perf_counter()
        v = self._evaluate(st, role)
        self._tail = max(self._tail, time.perf_counter() - t_eval)
        return v


def _stage_key(st: dict):
    """Which action stage of which turn the game is in (the turn frame's step)."""
    f = st["flow"]
    return (st["turn"], f[1].get("step") if len(f) > 1 else None)


def leader_order(obs: dict, role: str) -> tuple[str, ...]:
    """The leader measure from `role`'s view (maria.players.leader): the pools (public, R15) and
    the next enemy stage's expected markers (maria.players.next_stage, which reads only the view)."""
    from maria.players.evaluate_advanced import effective_pools
    from maria.players.next_stage import assess

    st = resample(obs, role, 0)
    return leader.role_order(st, effective_pools(st), dict(assess(obs, role).expected_vm))
