"""FRIEDRICH's searching computer players ("normal-search" and "hard-search"; the movement
phase, §4-§5): the rules of thumb (easy.py) propose the few best candidates at the decisions that shape the game
(which stack moves where, or ending the movement phase); each candidate is tried in sampled worlds, full states
drawn from the role's view with the hidden parts resampled (resample.py, as MARIA's hard player does),
and played out with the rules of thumb for every role for a few nation turns; the candidate with
the best mean score (evaluate.py) is chosen.  The worlds are the same for every candidate
(common random numbers), and the budget is a count of play-outs, not a time, so one seed always
gives one game.  Other decisions (steps of a chosen move, combat cards, retreats, set-up) follow
the rules of thumb, the steps along the path of the chosen move.
"""

from __future__ import annotations

import time
import zlib

from maria.games.friedrich.rules import door
from maria.players.friedrich import easy
from maria.players.friedrich.evaluate import score
from maria.players.friedrich.resample import resample


def decision_seed(seed: int, view: dict, role: str) -> int:
    """A seed for one decision from the player's seed and public facts only (so two states equal
    in the role's view give the same decision)."""
    key = f"{seed}|{role}|{view['turn']}|{len(view['log'])}|{view['flow'][-1]['name']}|{view.get('seq')}"
    return zlib.crc32(key.encode())


def playout(state: dict, nation_turns: int, max_actions: int) -> dict:
    """Everyone plays the rules of thumb until `nation_turns` more nation turns have begun (or
    the game ends, or `max_actions` actions)."""
    seen = 0
    last = (state["turn"], state.get("nation"))
    for _ in range(max_actions):
        if state["result"] is not None:
            break
        roles = door.active_roles(state)
        if not roles:
            break
        r = roles[0]
        a = easy.choose(state, door.legal_actions(state, r), r)
        state = door.apply(state, r, a)
        now = (state["turn"], state.get("nation"))
        if now != last:
            last = now
            seen += 1
            if seen >= nation_turns:
                break
    return state


class SearchPlayer:
    def __init__(
        self,
        level: str,
        seed: int = 0,
        candidates: int = 4,
        samples: int = 3,
        nation_turns: int = 2,
        max_actions: int = 160,
        cap: float | None = None,
    ):
        self.level = level
        self.seed = seed
        self.candidates = candidates
        self.samples = samples
        self.nation_turns = nation_turns
        self.max_actions = max_actions
        # a wall-clock ceiling (seconds): no further sample of worlds is started that the last one
        # shows would end after it; past it, no further candidate is tried (the rules of thumb's
        # choice is always tried first); one seed, one game unless it binds
        self.cap = cap
        self.plan: tuple[list[str], list[str]] | None = None  # (pieces, path) of the chosen move

    # -- candidates -----------------------------------------------------------------------------
    def _candidates(self, view: dict, legal: list[dict]) -> list[tuple[dict, list[str] | None]]:
        """(move start, path) pairs: the rules of thumb's choice first, then the best other stacks'
        best destinations, then ending the movement phase."""
        frame = view["flow"][-1]
        nation = frame["nation"]
        ctx = easy.Ctx(view, nation)
        by_city: dict[str, dict] = {}
        for a in legal:
            if a["type"] != "move":
                continue
            p0 = a["pieces"][0]
            city = (view["trains"][p0] if p0 in view["trains"] else view["generals"][p0])["city"]
            if city not in by_city or len(a["pieces"]) > len(by_city[city]["pieces"]):
                by_city[city] = a
        scored = []
        for city in sorted(by_city):
            a = by_city[city]
            gain, best = easy.move_gain(ctx, view, a["pieces"])
            if best is None or best == city:
                continue
            scored.append((gain, city, a, best))
        scored.sort(key=lambda x: (-x[0], x[1]))
        out: list[tuple[dict, list[str] | None]] = []
        for gain, city, a, best in scored[: self.candidates - 1]:
            p0 = a["pieces"][0]
            is_train = p0 in view["trains"]
            from maria.games.friedrich.rules import tables as T

            ends = easy.reachable(
                view,
                ctx.info,
                nation,
                city,
                len(a["pieces"]),
                T.TRAIN_RANGE if is_train else T.GENERAL_RANGE,
                True,
                is_train,
            )
            out.append((a, ends.get(best)))
        out.append(({"type": "end_movement"}, None))
        return out

    # -- one candidate in one world ---------------------------------------------------------------
    def _try(self, world: dict, role: str, cand: tuple[dict, list[str] | None]) -> float:
        action, path = cand
        try:
            s = door.apply(world, role, action)
            if path is not None:
                for c in path[1:]:
                    if s["flow"][-1]["name"] != "moving":
                        break
                    s = door.apply(s, role, {"type": "step", "to": c})
                if s["flow"][-1]["name"] == "moving":
                    s = door.apply(s, role, {"type": "stop"})
        except Exception:  # a path the sampled world does not allow: judge as is
            return -1.0
        s = playout(s, self.nation_turns, self.max_actions)
        return score(s, role)

    def choose(self, view: dict, legal: list[dict], role: str) -> dict:
        frame = view["flow"][-1]
        if frame["name"] == "moving" and self.plan is not None:
            pieces, path = self.plan
            if frame["pieces"] == pieces and path[: len(frame["path"])] == frame["path"]:
                k = len(frame["path"])
                if k < len(path):
                    step = {"type": "step", "to": path[k]}
                    if step in legal:
                        return step
                self.plan = None
                if {"type": "stop"} in legal:
                    return {"type": "stop"}
            self.plan = None
        if frame["name"] != "movement":
            return easy.choose(view, legal, role)
        base = easy.choose(view, legal, role)
        if base["type"] not in ("move", "end_movement"):
            return base  # recruitment first: the rules of thumb decide
        cands = self._candidates(view, legal)
        if len(cands) <= 1:
            return base
        # the rules of thumb's own choice is tried first (kept when time runs out)
        first = [c for c in cands if c[0] == base]
        if not first:
            return base
        cands = first[:1] + [c for c in cands if c[0] != base]
        seed = decision_seed(self.seed, view, role)
        totals = [0.0] * len(cands)
        t0 = time.perf_counter()
        tried = len(cands)  # candidates judged on every sample kept
        for i in range(self.samples):
            spent = time.perf_counter() - t0
            if i and self.cap is not None and spent + spent / i > self.cap:
                break
            world = resample(view, role, seed + 7919 * i)
            row = []
            for j, c in enumerate(cands):
                done = i * len(cands) + j  # play-outs so far: the next one is expected to cost their mean
                spent = time.perf_counter() - t0
                if self.cap is not None and done and spent + spent / done > self.cap:
                    break  # out of time: this sample is only kept if it is the first
                row.append(self._try(world, role, c))
            if len(row) < len(cands) and i:
                break
            tried = len(row)
            for j, v in enumerate(row):
                totals[j] += v
        best = max(range(tried), key=lambda j: (totals[j], -j))
        action, path = cands[best]
        if action["type"] == "move" and path is not None:
            self.plan = (list(action["pieces"]), list(path))
        return action
