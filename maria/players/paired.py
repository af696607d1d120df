"""The search's paired test (maria.players.search; no rule of its own): a challenger replaces the
rules-of-thumb choice only when its advantage, sample by sample on the same sampled states (common
random numbers), is clearly more than the noise."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

CONFIDENCE = 1.0  # standard errors by which a challenger must beat the rules-of-thumb choice


def mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else -1e9


def confident_gain(chal: list[float], base: list[float]) -> bool:
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


def common_sample(
    player,
    obs: dict,
    role: str,
    rng: random.Random,
    deadline: float,
    keys: Sequence,
    start: Callable[[dict, object], tuple[dict, bool]],
    reply,
) -> list[tuple[object, float]] | None:
    """One sample of the whole-stage searches (maria.players.plan_search): one state
    drawn from the role's view (maria.players.resample) and one play-out seed for every candidate
    in `keys`; `start(state, key)` plays the candidate's own actions and returns (state after,
    whether the play-out may change it in place); a candidate that raises scores -1e6.  None when
    a play-out was cut short by the deadline: such a sample is never compared."""
    from maria.players.resample import resample

    st = resample(obs, role, rng.getrandbits(32))
    seed = rng.getrandbits(32)
    got = []
    for k in keys:
        try:
            after, own = start(st, k)
            player._cut = False
            v = player._playout(after, role, random.Random(seed), deadline, own=own, reply=reply)
        except Exception:
            v = -1e6
        if player._cut:
            return None
        got.append((k, v))
    return got
