"""Learn the set-up troop allocations (R4.9) from self-play (the troop allocation at set-up,
searched or learned); the chosen ones go to maria/players/data/learned_setup.yaml, which
maria.players.learned_setup loads (safely, validated).

    python -m maria.lab.train_setup play OUT.jsonl --variant advanced --players 3 \
        --first 210000 --games 2500 --powers austria prussia pragmatic_army
    python -m maria.lab.train_setup fit OUT.jsonl [MORE.jsonl ...] --power austria \
        --role maria_theresa
    python -m maria.lab.train_setup try OUT.jsonl --variant advanced --players 3 \
        --first 150000 --games 1000 --alloc austria:karl=3,traun=3,khevenhueller=6,...

`play`: all-easy games in which each named power's troops are spread at random over its
generals (each troop to a general drawn uniformly among those below their maximum, after the
minimums), one JSON line per game (seed, winner, the allocations), so a run can be stopped and
continued.  `fit`: a least-squares fit of "the role won" on each general's troops (the last
general is the reference: the numbers are what a troop moved from him to each other general is
worth, in points of the role's win rate, with standard errors), and the win rate by troop count of
each general.  `try`: the same all-easy games as `python -m maria.lab.series run ... --seats
all:easy` with one candidate allocation (every other decision the rules of thumb'), to be read
with `python -m maria.lab.series summary OUT --base BASE` against the plain series of the
same seeds.  Pure Python (no numpy).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import defaultdict

from maria.players import learned_setup
from maria.games.maria.rules import roles as R


def random_allocation(frame: dict, rng: random.Random) -> dict[str, int]:
    """The minimums, then each remaining troop to a general drawn among those below their maximum."""
    lim = frame["generals"]
    t = {g: v["min"] for g, v in lim.items()}
    left = frame["total"] - sum(t.values())
    while left > 0:
        open_ = [g for g in t if t[g] < lim[g]["max"]]
        if not open_:
            break
        g = rng.choice(open_)
        t[g] += 1
        left -= 1
    return t


def setup_frames(variant: str, players: int, seed: int) -> dict[str, dict]:
    """Each power's allocate template of a new game (the limits do not depend on the seed)."""
    from maria.players import decide, make_player
    from maria.games.maria.rules import door

    st = door.new_game(variant, players, seed)
    roles = R.ROLES_3P if players == 3 else R.ROLES_2P
    ps = {r: make_player("easy", seed * 1009 + i) for i, r in enumerate(sorted(roles))}
    out = {}
    while st["stage"] == "setup" and not door.is_over(st):
        r = door.active_roles(st)[0]
        for a in door.legal_actions(st, r):
            if a.get("type") == "allocate":
                out[a["power"]] = a
        st = door.look_ahead(st, r, decide(st, r, ps[r]), in_place=True)
    return out


def play_one(variant: str, players: int, seed: int, alloc: dict[str, dict[str, int]]) -> dict:
    """One all-easy game with the allocations `alloc` (power -> troops; others: the rules)."""
    from maria.players.tournament import play_game

    roles = R.ROLES_3P if players == 3 else R.ROLES_2P
    token = learned_setup.TRIAL.set(alloc)
    try:
        rec = play_game(variant, players, seed, {r: "easy" for r in roles})
    finally:
        learned_setup.TRIAL.reset(token)
    return {
        "seed": seed,
        "variant": variant,
        "players": players,
        "winner": rec.state["result"]["winner"],
        "turn": rec.state["turn"],
        "alloc": alloc,
    }


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small, well-posed system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            raise ValueError("the allocations do not vary enough to fit")
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows: list[dict], power: str, role: str) -> dict:
    """Least squares of `role` won on the troops of `power`'s generals (the last one the
    reference), with standard errors; and the win rate by troop count of each general."""
    rows = [r for r in rows if (r.get("alloc") or {}).get(power)]
    if not rows:
        raise ValueError(f"no game with a random allocation of {power}")
    gens = list(rows[0]["alloc"][power])
    xs = [[float(r["alloc"][power][g]) for g in gens[:-1]] + [1.0] for r in rows]
    ys = [1.0 if r["winner"] == role else 0.0 for r in rows]
    k = len(xs[0])
    xtx = [[sum(x[i] * x[j] for x in xs) for j in range(k)] for i in range(k)]
    xty = [sum(x[i] * y for x, y in zip(xs, ys)) for i in range(k)]
    beta = _solve(xtx, xty)
    res = [y - sum(b * v for b, v in zip(beta, x)) for x, y in zip(xs, ys)]
    s2 = sum(e * e for e in res) / max(1, len(ys) - k)
    se = [math.sqrt(max(0.0, s2 * _solve(xtx, [1.0 if j == i else 0.0 for j in range(k)])[i])) for i in range(k)]
    by_count: dict[str, dict[int, list[int]]] = {g: defaultdict(lambda: [0, 0]) for g in gens}
    for r, y in zip(rows, ys):
        for g in gens:
            c = by_count[g][r["alloc"][power][g]]
            c[0] += 1
            c[1] += int(y)
    return {
        "games": len(rows),
        "rate": sum(ys) / len(ys),
        "reference": gens[-1],
        "per_troop": {g: (beta[i], se[i]) for i, g in enumerate(gens[:-1])},
        "by_count": {g: dict(sorted(v.items())) for g, v in by_count.items()},
    }


def parse_alloc(text: str) -> dict[str, dict[str, int]]:
    """ "austria:karl=3,traun=3;prussia:..." -> {power: {general: troops}}."""
    out = {}
    for part in filter(None, text.split(";")):
        power, _, rest = part.partition(":")
        out[power.strip()] = {g.strip(): int(n) for g, n in (x.split("=") for x in rest.split(","))}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m maria.lab.train_setup", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name, what in (
        ("play", "all-easy games with random allocations of --powers"),
        ("try", "all-easy games with one candidate allocation (--alloc)"),
    ):
        p = sub.add_parser(name, help=what)
        p.add_argument("out")
        p.add_argument("--variant", choices=("intro", "advanced"), default="advanced")
        p.add_argument("--players", type=int, choices=(2, 3), default=3)
        p.add_argument("--first", type=int, required=True)
        p.add_argument("--games", type=int, required=True)
        if name == "play":
            p.add_argument("--powers", nargs="+", required=True, choices=sorted(R.MAJOR + R.MINOR))
        else:
            p.add_argument("--alloc", required=True, help="power:general=troops,...;power:...")
    f = sub.add_parser("fit", help="what a troop on each general is worth to a role")
    f.add_argument("data", nargs="+")
    f.add_argument("--power", required=True)
    f.add_argument("--role", required=True)
    a = ap.parse_args(argv)
    if a.cmd == "fit":
        rows = [json.loads(line) for path in a.data for line in open(path, encoding="utf-8")]
        got = fit(rows, a.power, a.role)
        print(
            f"{got['games']} games, {a.role} won {got['rate']:.1%}; a troop moved from "
            f"{got['reference']} to ... (points of the win rate, s.e.):"
        )
        for g, (b, s) in got["per_troop"].items():
            print(f"  {g:<16} {100 * b:+5.1f} ({100 * s:.1f})")
        for g, counts in got["by_count"].items():
            print(f"  {g:<16} " + "  ".join(f"{t}: {w}/{n}" for t, (n, w) in counts.items()))
        return 0
    frames = setup_frames(a.variant, a.players, a.first)
    fixed = parse_alloc(a.alloc) if a.cmd == "try" else {}
    for power, troops in fixed.items():
        frame = frames.get(power)
        if frame is None or learned_setup.fits(frame, troops) is not True:
            print(f"--alloc {power}: {learned_setup.fits(frame, troops) if frame else 'no such power'}")
            return 2
    for seed in range(a.first, a.first + a.games):
        if a.cmd == "play":
            rng = random.Random(seed)
            alloc = {p: random_allocation(frames[p], rng) for p in a.powers}
        else:
            alloc = fixed
        g = play_one(a.variant, a.players, seed, alloc)
        with open(a.out, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(g) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
