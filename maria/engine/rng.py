"""A tiny deterministic PRNG (xorshift64*) whose whole state is one int kept in the game state
(every shuffle and random draw of the rules).

Never use the global `random` module in the rules: same seed + same actions => same game.
"""

from __future__ import annotations

MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """A non-zero 64-bit state from any int seed (splitmix64 scramble)."""
    z = (int(seed) + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    z ^= z >> 31
    return z or 0x2545F4914F6CDD1D


def next_u64(state: dict) -> int:
    """Advance state['rng'] and return the next 64-bit output."""
    x = state["rng"]
    x ^= x >> 12
    x ^= (x << 25) & MASK
    x ^= x >> 27
    state["rng"] = x
    return (x * 0x2545F4914F6CDD1D) & MASK


def randbelow(state: dict, n: int) -> int:
    """Uniform int in [0, n) (rejection sampling, no modulo bias)."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = MASK - (MASK % n)
    while True:
        v = next_u64(state)
        if v < limit:
            return v % n


def shuffle(state: dict, items: list) -> None:
    """Fisher-Yates shuffle in place, driven by state['rng']."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]
