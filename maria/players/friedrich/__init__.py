"""FRIEDRICH's computer players for every decision of the 2005 rules (§1-§12),
one interface like MARIA's (maria.players):

    player = make_player(level, seed)            # level in LEVELS
    action = player.choose(view, legal_actions, role)

`view` is FRIEDRICH's `door.view(state, role)`, never the full state; `legal_actions` is
`door.legal_actions(state, role)` (templated actions, army allocation and recruitment, are filled
by the player).  `decide(state, role, player)` does both calls.

Levels: random (any legal action), easy (rules of thumb, easy.py), hard (the tuned rules of thumb,
tuned.py: easy's rules with open objectives told from protected ones, battles sought with the
protectors, and a lost battle's loss cut with cards), normal (the tuned rules in about half of
its nation turns, easy's in the others).  The search levels (sampled play-outs over easy's
candidate moves, search.py) score about as easy or below at 0.2-1 s a decision, while the tuned
rules decide in about a millisecond (docs/balance.md); they stay available, not in the UI, as
"normal-search" and "hard-search" (EXTRA_LEVELS), for comparison."""

from __future__ import annotations

from maria.games.friedrich.rules import door

LEVELS = ("random", "easy", "normal", "hard")
EXTRA_LEVELS = ("normal-search", "hard-search")  # not offered in the UI: the search levels, for comparison
# The search budgets are counts (one seed, one game); `cap` is only a wall-clock ceiling (seconds)
# under the 5 s worst case of the issue, binding on a busy machine.
SEARCH = {
    "normal-search": dict(candidates=3, samples=1, nation_turns=1, max_actions=80),
    "hard-search": dict(candidates=4, samples=2, nation_turns=2, max_actions=160, cap=4.5),
}


def make_player(level: str, seed: int = 0):
    if level == "random":
        from maria.players.friedrich.random_player import RandomPlayer

        return RandomPlayer(seed)
    if level == "easy":
        from maria.players.friedrich.easy import EasyPlayer

        return EasyPlayer(seed)
    if level in ("normal", "hard"):
        from maria.players.friedrich.tuned import TunedPlayer

        return TunedPlayer(seed, level)
    if level in SEARCH:
        from maria.players.friedrich.search import SearchPlayer

        return SearchPlayer(level, seed, **SEARCH[level])
    raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")


def decide(state: dict, role: str, player) -> dict:
    """The player's action for `role` at `state`, given only what that role may see."""
    return player.choose(door.view(state, role), door.legal_actions(state, role), role)
