"""FRIEDRICH's computer players for every decision of the 2005 rules (§1-§12; issue 25 build
item 4), one interface like MARIA's (maria.players):

    player = make_player(level, seed)            # level in LEVELS
    action = player.choose(view, legal_actions, role)

`view` is FRIEDRICH's `door.view(state, role)`, never the full state; `legal_actions` is
`door.legal_actions(state, role)` (templated actions, army allocation and recruitment, are filled
by the player).  `decide(state, role, player)` does both calls.

Levels: random (any legal action), easy (rules of thumb, easy.py), normal (easy + a short search:
3 candidates x 1 sampled world, play-outs to the end of the nation turn), hard (sampled play-outs
with easy as the play-out policy over the best candidate moves: a fixed count, so one seed gives
one game)."""

from __future__ import annotations

from maria.friedrich.rules import door

LEVELS = ("random", "easy", "normal", "hard")
# The search budgets are counts (one seed, one game); `cap` is only a wall-clock ceiling (seconds)
# under the 5 s worst case of the issue, binding on a busy machine.
SEARCH = {"normal": dict(candidates=3, samples=1, nation_turns=1, max_actions=80),
          "hard": dict(candidates=4, samples=2, nation_turns=2, max_actions=160, cap=4.5)}


def make_player(level: str, seed: int = 0):
    if level == "random":
        from maria.players.friedrich.random_player import RandomPlayer
        return RandomPlayer(seed)
    if level == "easy":
        from maria.players.friedrich.easy import EasyPlayer
        return EasyPlayer(seed)
    if level in SEARCH:
        from maria.players.friedrich.search import SearchPlayer
        return SearchPlayer(level, seed, **SEARCH[level])
    raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")


def decide(state: dict, role: str, player) -> dict:
    """The player's action for `role` at `state`, given only what that role may see."""
    return player.choose(door.view(state, role), door.legal_actions(state, role), role)
