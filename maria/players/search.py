"""The `normal` and `hard` levels: determinised flat Monte Carlo over the role's observation.

For a decision that is not trivial (more than one legal action, not a template), the player
  1. ranks the candidate actions with the rules of thumb (maria.players.easy) and keeps the best few
     (plus the easy choice itself);
  2. repeatedly samples a full state consistent with what its role knows (maria.rules.resample),
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
from collections.abc import Mapping

from maria.rules import door
from maria.players.resample import resample

from maria.players.easy import Rules, is_template, playable
from maria.players.evaluate import evaluate

ROUND = 4            # samples per live candidate per halving round
FINAL_ROUNDS = 1     # extra rounds for the last challenger against the rules-of-thumb choice
CONFIDENCE = 1.0     # standard errors by which a challenger must beat the rules-of-thumb choice
SEARCHED = frozenset({"movement_phase", "moving", "combat", "combat_phase", "retreat", "hussars"})


def plain_choices(legal: list[dict]) -> list[dict]:
    """The actions the search chooses among (templates are filled by the rules of thumb)."""
    return [a for a in playable(legal) if not is_template(a)]


class SearchPlayer:
    def __init__(self, level: str, seed: int = 0, budget: float = 1.0, candidates: int = 4,
                 horizon: int = 60, stage_horizon: bool = False, samples: int = ROUND,
                 reply_roles: Mapping[str, tuple[str, ...]] | None = None, reply_horizon: int = 250):
        self.level = level
        self.rng = random.Random(seed)
        self.budget = budget
        self.candidates = candidates
        self.horizon = horizon
        self.stage_horizon = stage_horizon
        self.samples = samples           # sampled states per live candidate per halving round
        # variant -> the roles whose playouts run on to their next action stage
        self.reply_roles = dict(reply_roles or {})
        self.reply_horizon = reply_horizon
        self.progress = 0.0              # 0..1 while thinking (read by the UI's indicator)
        self.cancelled = False

    def choose(self, obs: dict, legal: list[dict], role: str, rng: random.Random | None = None) -> dict:
        rng = rng or self.rng
        t0 = time.perf_counter()
        self.progress = 0.0
        frame_name = obs["public"]["flow"][-1]["name"] if obs["public"]["flow"] else ""
        acts = playable(legal, frame_name == "diplomacy")
        state = resample(obs, role, rng.getrandbits(32))
        easy = Rules(state, role, rng).decide(acts)
        plain = plain_choices(legal)
        if len(plain) <= 1 or frame_name not in SEARCHED or is_template(easy):
            self.progress = 1.0
            return easy
        cands = self._candidates(state, role, plain, easy, rng)
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
        rounds_final = 0
        while live and rounds_final < FINAL_ROUNDS and time.perf_counter() < deadline and not self.cancelled:
            for _ in range(self.samples):
                st = resample(obs, role, rng.getrandbits(32))
                seed = rng.getrandbits(32)
                for k in [0] + live:
                    try:
                        after = door.apply(st, role, cands[k])
                        v = self._playout(after, role, random.Random(seed), deadline)
                    except Exception:
                        v = -1e6
                    vals[k].append(v)
                if time.perf_counter() >= deadline:
                    break
            self.progress = min(1.0, (time.perf_counter() - t0) / self.budget)
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

    def _candidates(self, state, role, plain, easy, rng) -> list[dict]:
        if state["flow"][-1]["name"] == "movement_phase":
            return self._move_candidates(state, role, plain, easy)
        out = [easy]
        scored = []
        r = Rules(state, role, rng, fast=True)
        for a in plain:
            if a == easy:
                continue
            st = r.after(a)
            scored.append((evaluate(st, role) if st is not None else -1e9, rng.random(), a))
        scored.sort(key=lambda x: (-x[0], x[1]))
        out += [a for _, _, a in scored[: self.candidates - 1]]
        return out

    def _move_candidates(self, state, role, plain, easy) -> list[dict]:
        """Movement phase: the planner's best whole moves of each piece (ranked by their gain over
        staying put; for generals the best few end cities), instead of the one-step move openers."""
        from maria.players.plan import Planner
        from maria.rules.state import board_info
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
        return [easy] + [a for _, _, a in scored[: self.candidates - 1]]

    def _playout(self, st: dict, role: str, rng: random.Random, deadline: float = 1e18) -> float:
        """Play on with the rules of thumb for every role, then evaluate for `role`.  With the
        "stage" horizon the playout ends with the current action stage (the candidate's own moves,
        combats, retreats and retroactive conquests: what it decides), else after `horizon`
        decisions or at the end of the next turn.  For a role in `reply_roles[variant]` it runs on
        until that role's next action stage begins (at most `reply_horizon` decisions), so the
        enemy stages in between show what its choice risks."""
        start_turn, start_stage = st["turn"], _stage_key(st)
        reply = role in self.reply_roles.get(st["variant"], ())
        for _ in range(self.reply_horizon if reply else self.horizon):
            if door.is_over(st) or time.perf_counter() > deadline:
                break
            roles = door.active_roles(st)
            if not roles:
                break
            r = roles[0]
            acts = playable(door.legal_actions(st, r), st["flow"][-1]["name"] == "diplomacy")
            a = Rules(st, r, rng, fast=True).decide(acts)
            st = door.apply(st, r, a)
            if reply:
                # the defender's position is tested by the enemy stages that follow its own
                # (R5.1: Austria acts last): stop when its next action stage begins
                key = _stage_key(st)
                if key[0] > start_turn and (key[1] or 0) >= (start_stage[1] or 0):
                    break
            elif self.stage_horizon and _stage_key(st) != start_stage:
                break
            if st["turn"] > start_turn + 1:
                break
        return evaluate(st, role)


def _stage_key(st: dict):
    """Which action stage of which turn the game is in (the turn frame's step)."""
    f = st["flow"]
    return (st["turn"], f[1].get("step") if len(f) > 1 else None)


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else -1e9


def _confident_gain(chal: list[float], base: list[float]) -> bool:
    """The challenger's mean advantage over the base, paired sample by sample (a live challenger
    has seen exactly the base's samples), exceeds CONFIDENCE standard errors."""
    d = [a - b for a, b in zip(chal, base)]
    n = len(d)
    if n == 0:
        return False
    m = sum(d) / n
    if n < 2:
        return m > 0
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return m > 0 and m > CONFIDENCE * (var / n) ** 0.5
