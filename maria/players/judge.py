"""Judge a searching level's departures from the rules of thumb by playing them out to the end
(to the game's end, R14 / R23; no rule of its own).

`python -m maria judge --players 2 --role coalition --seeds 40000:40006` plays easy-against-easy
games; at every `every`-th non-trivial decision of `role` in a searched flow state it asks the
searching level (hard by default) for its choice, and where that differs from the easy choice it
plays both to the end of the game `rollouts` times with easy players for every seat, from states
sampled from `role`'s own view (maria.games.maria.rules.resample), with paired seeds.  The score is 1 for a
win, 1/2 for a tie, 0 for a loss; the report gives, per kind of decision, how many departures and
their mean score difference (search minus rules of thumb).

This is slow (seconds per departure) and only a diagnostic: it tells whether the search's
stage-end evaluation leads it astray somewhere (such as choosing to end the movement phase
early, which this judge found to cost 0.09 points each time).
"""

from __future__ import annotations

import random
from collections import defaultdict

from maria.games.maria.rules import door
from maria.players.resample import observe, resample

from maria.players import make_player
from maria.players.easy import EasyPlayer
from maria.players.search import SEARCHED, plain_choices


def score(state: dict, role: str) -> float:
    winner = state["result"]["winner"]
    return 1.0 if winner == role else (0.5 if winner is None else 0.0)


def play_out(state: dict, seed: int, max_actions: int = 20000) -> dict:
    """Play to the end with an easy player in every seat."""
    players: dict[str, EasyPlayer] = {}
    for _ in range(max_actions):
        if door.is_over(state):
            return state
        r = door.active_roles(state)[0]
        p = players.setdefault(r, EasyPlayer(seed * 7 + len(players)))
        state = door.apply(state, r, p.choose(observe(state, r), door.legal_actions(state, r), r))
    raise RuntimeError(f"runaway play-out (seed {seed})")


def departures(variant: str, players: int, seed: int, role: str, searcher, every: int = 3):
    """Yield (state, easy action, searched action, flow state name) along one easy-vs-easy game."""
    state = door.new_game(variant, players, seed, {})
    seats = {r: EasyPlayer(seed * 13 + i) for i, r in enumerate(door.ROLES[players])}
    k = 0
    while not door.is_over(state):
        r = door.active_roles(state)[0]
        legal = door.legal_actions(state, r)
        obs = observe(state, r)
        a = seats[r].choose(obs, legal, r)
        frame = state["flow"][-1]["name"]
        if r == role and frame in SEARCHED and len(plain_choices(legal)) > 1:
            k += 1
            if k % every == 0:
                b = searcher.choose(obs, legal, r)
                if b != a:
                    yield state, a, b, frame
        state = door.apply(state, r, a)


def judge(
    variant: str,
    players: int,
    role: str,
    seeds: range,
    level: str = "hard",
    every: int = 3,
    rollouts: int = 12,
    echo=print,
) -> dict[str, list[float]]:
    searcher = make_player(level, 1)
    by_kind: dict[str, list[float]] = defaultdict(list)
    for seed in seeds:
        for state, a, b, frame in departures(variant, players, seed, role, searcher, every):
            diffs = []
            for j in range(rollouts):
                base = resample(observe(state, role), role, random.Random(seed * 1000 + j).getrandbits(32))
                diffs.append(
                    score(play_out(door.apply(base, role, b), j), role)
                    - score(play_out(door.apply(base, role, a), j), role)
                )
            m = sum(diffs) / len(diffs)
            by_kind[frame].append(m)
            echo(f"seed {seed} turn {state['turn']} {frame:<15} easy {a} | {level} {b} -> {m:+.3f}")
    total = [m for ms in by_kind.values() for m in ms]
    for frame, ms in sorted(by_kind.items()):
        echo(f"{frame:<15} departures {len(ms):>4}  mean {level} - easy {sum(ms) / len(ms):+.3f}")
    echo(
        f"{'all':<15} departures {len(total):>4}  mean {level} - easy "
        f"{(sum(total) / len(total) if total else 0.0):+.3f}"
    )
    return dict(by_kind)
