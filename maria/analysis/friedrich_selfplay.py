"""FRIEDRICH random self-play through the door only (used by tests/friedrich/test_self_play.py and
`python -m maria selfplay --game friedrich`): random legal actions (templates such as army
allocation and recruitment filled in at random but legally) and the rules invariants checked
after every action (§6: 1-8 armies per general on the map, stacks of at most 3 of one nation,
nation totals within the starting numbers; 200 cards; every role's view hides the other nations'
hands and army allocations)."""

from __future__ import annotations

import random

from maria import yamlio
from maria.friedrich.randomplay import fill, random_step  # the random legal player
#   lives with the game: the program's "random" computer seats use it too
from maria.friedrich.rules import advanced, door
from maria.friedrich.rules.state import info_of


def check_invariants(s: dict) -> None:
    caps = info_of(s).board.armies
    if not s["allocated"]:                      # the sheets are being filled in
        return
    totals: dict[str, int] = {}
    for gid, g in s["generals"].items():
        if g["city"] is None:
            assert g["armies"] == 0, gid
        else:
            assert 1 <= g["armies"] <= 8, (gid, g["armies"])
            totals[g["nation"]] = totals.get(g["nation"], 0) + g["armies"]
    for n, t in totals.items():
        assert t <= caps[n], (n, t)
    for city, gs in s["city_generals"].items():
        assert len(gs) <= 3 and len({s["generals"][g]["nation"] for g in gs}) == 1, city
        assert city not in s["city_train"], city
    for n in s["left"]:
        assert all(g["city"] is None for g in s["generals"].values() if g["nation"] == n)
    cards = s["cards"]
    n_cards = (len(cards["draw"]) + sum(len(d) for d in cards["aside"])
               + sum(len(d) for d in cards["discards"].values()) + sum(len(h) for h in cards["hands"].values())
               + advanced.check_cards(s))                # §13: the OO card laid out face-up
    assert n_cards == 200


def check_views(s: dict) -> None:
    for role in s["roles"]:
        v = door.view(s, role)
        mine = set(s["roles"][role])
        assert set(v["cards"]["hands"]) <= mine
        for gid, g in v["generals"].items():
            assert (g["armies"] is None) == (g["nation"] not in mine), gid


def round_trip(s: dict) -> dict:
    """The state written as YAML and read back, as a save does (the program's guarded loader)."""
    return yamlio.load_text(yamlio.dump_text(s), max_values=10**7)


def random_game(players: int, seed: int, board=None, max_steps: int = 20000, options: dict | None = None) -> dict:
    """A whole random game with every check; returns {"state", "steps", "duels"}.  Raises
    (AssertionError or the engine's exception) at the first broken rule.  `options`: the game's
    options (e.g. {"advanced": True}: the three advanced rules of §13)."""
    s = door.new_game(players, seed, board=board, options=options)
    rnd = random.Random(seed)
    steps = duels = 0
    while s["result"] is None:
        s = random_step(s, rnd)
        steps += 1
        if s["flow"][-1]["name"] == "duel":
            duels += 1
        check_invariants(s)
        if steps % 97 == 0:
            check_views(s)
        if steps % 499 == 0:
            assert round_trip(s) == s, "the state does not round-trip through YAML"
        assert steps < max_steps, "the game does not end"
    assert round_trip(s) == s, "the final state does not round-trip through YAML"
    assert s["turn"] <= 24, "§11: the game ends at the latest when all 18 cards are out"
    assert s["result"]["winners"], "a finished game has winners"
    return {"state": s, "steps": steps, "duels": duels}


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
                log.append(s)                               # a spread of positions of the game
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
    print_fn(f"  one complete random game   {statistics.median(game_s):8.3f} s  (median of {games}; "
             f"{statistics.mean(n_actions):.0f} actions per game)")
    print_fn(f"  legal_actions              {statistics.median(legal_ms):8.3f} ms (median of {len(legal_ms)} calls; "
             f"95th percentile {p95(legal_ms):.3f} ms)")
    print_fn(f"  apply                      {statistics.median(apply_ms):8.3f} ms (median of {len(apply_ms)} calls; "
             f"95th percentile {p95(apply_ms):.3f} ms)")
    return {"game": statistics.median(game_s), "legal_actions": statistics.median(legal_ms),
            "apply": statistics.median(apply_ms)}
