"""The search's paired test (maria.players.search; no rule of its own): a challenger replaces the
rules-of-thumb choice only when its advantage, sample by sample on the same sampled states (common
random numbers), is clearly more than the noise."""

from __future__ import annotations

CONFIDENCE = 1.0     # standard errors by which a challenger must beat the rules-of-thumb choice


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
