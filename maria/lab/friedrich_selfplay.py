"""FRIEDRICH random self-play through the door only (used by tests/friedrich/test_self_play.py and
`python -m maria selfplay --game friedrich`): random legal actions (templates such as army
allocation and recruitment filled in at random but legally) and the rules invariants checked
after every action (§6: 1-8 armies per general on the map, stacks of at most 3 of one nation,
nation totals within the starting numbers; 200 cards; every role's view hides the other nations'
hands and army allocations)."""

from __future__ import annotations

import random

from maria import games, yamlio
from maria.lab import fuzz
from maria.games.friedrich.invariants import check_invariants, check_views
from maria.players.friedrich.random_moves import fill, random_step
from maria.games.friedrich.rules import door


def round_trip(s: dict) -> dict:
    """The state written as YAML and read back, as a save does (the program's guarded loader)."""
    return yamlio.load_text(yamlio.dump_text(s), max_values=10**7)


def random_game(players: int, seed: int, board=None, max_steps: int = 20000, options: dict | None = None) -> dict:
    """A whole random game with every check (the fuzzer, maria.lab.fuzz); returns {"state",
    "steps", "duels"}.  Raises (AssertionError or the engine's exception) at the first broken rule.
    `options`: the game's options (e.g. {"advanced": True}: the three advanced rules of §13)."""
    duels = [0]

    def check(s: dict, steps: int) -> None:
        if s["flow"][-1]["name"] == "duel":
            duels[0] += 1
        check_invariants(s)
        if steps % 97 == 0:
            check_views(s)
        if steps % 499 == 0:
            assert round_trip(s) == s, "the state does not round-trip through YAML"

    out = fuzz.random_game(
        games.get("friedrich"),
        seed,
        players,
        options=options,
        board=board,
        check=check,
        max_actions=max_steps,
        on_runaway=AssertionError,
    )
    s = out["state"]
    assert round_trip(s) == s, "the final state does not round-trip through YAML"
    assert s["turn"] <= 24, "§11: the game ends at the latest when all 18 cards are out"
    assert s["result"]["winners"], "a finished game has winners"
    return {"state": s, "steps": out["actions"], "duels": duels[0]}


def run_bench(games: int = 3, players: int = 4, print_fn=print) -> dict:
    """`python -m maria bench --game friedrich`: a whole random game (no checks), then every
    action of those games replayed with legal_actions and apply timed; medians on this machine."""
    import statistics
    import time

    game_s, legal_ms, apply_ms, n_actions = [], [], [], []
    for seed in range(games):
        rnd = random.Random(seed)
        t0 = time.perf_counter()
        s = door.new_game(players, seed)
        log, steps = [], 0
        while s["result"] is None:
            if steps % 7 == 0:
                log.append(s)  # a spread of positions of the game
            s = random_step(s, rnd)
            steps += 1
        game_s.append(time.perf_counter() - t0)
        n_actions.append(steps)
        for st in log:
            for role in door.active_roles(st):
                t0 = time.perf_counter()
                acts = door.legal_actions(st, role)
                legal_ms.append(1000 * (time.perf_counter() - t0))
                a = fill(st, next(x for x in acts if x["type"] != "undo"), rnd)
                if a is None:
                    continue
                t0 = time.perf_counter()
                door.apply(st, role, a)
                apply_ms.append(1000 * (time.perf_counter() - t0))

    def p95(xs: list[float]) -> float:
        return sorted(xs)[int(0.95 * (len(xs) - 1))]

    print_fn(f"FRIEDRICH benchmark: {players}-player random games, medians on this machine")
    print_fn(
        f"  one complete random game   {statistics.median(game_s):8.3f} s  (median of {games}; "
        f"{statistics.mean(n_actions):.0f} actions per game)"
    )
    print_fn(
        f"  legal_actions              {statistics.median(legal_ms):8.3f} ms (median of {len(legal_ms)} calls; "
        f"95th percentile {p95(legal_ms):.3f} ms)"
    )
    print_fn(
        f"  apply                      {statistics.median(apply_ms):8.3f} ms (median of {len(apply_ms)} calls; "
        f"95th percentile {p95(apply_ms):.3f} ms)"
    )
    return {
        "game": statistics.median(game_s),
        "legal_actions": statistics.median(legal_ms),
        "apply": statistics.median(apply_ms),
    }
