"""The fuzzer, written once for every game of the family: a whole game of random legal actions
through the game's door (maria.games: its Game), each state checked by a callback, the actions
kept so that a failure replays.  The random player is the game's own (its Game's "random" room: a
RandomMoves(seed) choosing the role that acts and its action)."""

from __future__ import annotations

import time

from maria.engine.game import Game


def random_game(
    game: Game,
    seed: int,
    players: int,
    *,
    variant: str | None = None,
    options: dict | None = None,
    board=None,
    check=None,
    max_actions: int = 20000,
    trace: list | None = None,
    on_runaway: type[Exception] = RuntimeError,
) -> dict:
    """Play one game; returns {"state", "actions", "actions_list", "seconds"}.  `check(state, n)`
    sees every state after the n-th action (it raises to stop the game); `trace`, if given,
    receives the [role, action] pairs as they are played (so a failing check can report them).
    A game that runs over `max_actions` raises `on_runaway`."""
    moves = game.room("random").RandomMoves(seed)
    state = game.new_game(seed=seed, players=players, variant=variant, options=options, board=board)
    played = trace if trace is not None else []
    n = 0
    t0 = time.perf_counter()
    while not game.is_over(state):
        roles = game.active_roles(state)
        if not roles:
            raise RuntimeError(f"dead end: no active role (seed {seed}, flow {state['flow']})")
        role = moves.pick_role(roles)
        action = moves.action(state, role)
        state = game.apply(state, role, action)
        played.append([role, action])
        n += 1
        if check is not None:
            check(state, n)
        if n >= max_actions:
            raise on_runaway(f"runaway game (seed {seed})")
    return {"state": state, "actions": n, "actions_list": played, "seconds": time.perf_counter() - t0}
