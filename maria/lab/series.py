"""A long series of computer-only games (the figures of docs/balance.md), one JSON line per finished game, so
a series stopped at any point keeps every game played and resumes where it stopped:

    python -m maria.lab.series run OUT --variant intro --players 3 --first 143000 --games 180 \
        --seats rot:hard:easy
    python -m maria.lab.series summary OUT [--base BASE]

Seats: `all:LEVEL` (every seat LEVEL), or `rot:LEVEL:BASE` (LEVEL in one seat, BASE in the
others; the seat rotates with the seed: roles[seed % n] in the door's order of roles, so each seat
gets every n-th seed).  A game is `maria.players.tournament.play_game(variant, players, seed,
seats)`, the same game the tournament command plays for that seed and seating: without the wall
clock, so `hard`'s counts alone bound its searches and a seed plays the same game on any machine
under any load (`normal` alone still searches by the wall clock).

Each line: seed, variant, players, seats, winner (None: a tie, R24.1.4), reason, turn, error (the
exception's text; the game is counted as an error, never hidden), seconds, and per role the
decision times (wall clock of observation + legal actions + choice).

`summary` prints per role the wins with Wilson 95% intervals; with `--base` (an all-easy series on
the same seeds) it also prints for a one-seat series the threshold min(90%, max(1.5 r,
r + 15 points)), r the base rate of that role, and the games the level changed for better or worse
against the base game of the same seed.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections import Counter, defaultdict
from pathlib import Path

from maria.players import LEVELS, tournament
from maria.games.maria.rules import door


def seats_for(mode: str, roles: list[str], seed: int) -> dict[str, str]:
    """The seats of the game of `seed` under `mode` (see the module's docstring)."""
    if mode.startswith("all:"):
        return {r: mode[4:] for r in roles}
    kind, level, base = mode.split(":")
    if kind != "rot":
        raise ValueError(f"unknown seats {mode!r} (all:LEVEL or rot:LEVEL:BASE)")
    seats = {r: base for r in roles}
    seats[roles[seed % len(roles)]] = level
    return seats


def play_one(variant: str, players: int, seed: int, seats: dict[str, str], mode: str | None = None) -> dict:
    """One game as a JSON-ready line (`mode`: the series' seats, kept in the line)."""
    per: dict[str, list[float]] = {}
    t0 = time.time()
    try:
        rec = tournament.play_game(variant, players, seed, seats, role_times=per)
        res, err, turn = rec.state["result"], None, rec.state["turn"]
    except Exception as exc:  # counted and reported as an error
        res, err, turn = None, f"{type(exc).__name__}: {exc}", None
    return {
        "seed": seed,
        "variant": variant,
        "players": players,
        "seats": seats,
        "mode": mode,
        "winner": (res or {}).get("winner"),
        "reason": (res or {}).get("reason"),
        "turn": turn,
        "error": err,
        "secs": round(time.time() - t0, 1),
        "times": {
            r: {
                "n": len(v),
                "median": round(statistics.median(v), 3),
                "max": round(max(v), 3),
                "all": [round(x, 3) for x in v],
            }
            for r, v in per.items()
        },
    }


def read(path: Path) -> list[dict]:
    """A series' game lines; a file named `.gz` is read compressed (the kept series of
    docs/balance.md, tools/data/balance/).  A tournament's results file (`--results`) is read
    too: its header line (the series it belongs to) is not a game and is left out, and its game
    lines are given this module's form (an `error` of None when there was none; its decision
    times, kept per level rather than per role, are left to the tournament's own summary; a mixed
    seating's games the mode `mix:A:B`, summed up as the first level's share)."""
    if not path.exists():
        return []
    if path.suffix == ".gz":
        import gzip

        text = gzip.decompress(path.read_bytes()).decode("utf-8")
    else:
        text = path.read_text()
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    head = next((x["series"] for x in lines if "series" in x), {})
    games = [x for x in lines if "seed" in x]
    for x in games:
        if "g" in x:  # a tournament's line (maria.players.tournament.play_one)
            x.setdefault("error", None)
            x["times"] = {}
            if head.get("seating") == "mixed":  # the first level in one seat or two (mixed seating)
                x.setdefault("mode", f"mix:{head['a']}:{head['b']}")
    return games


def run(out: Path, variant: str, players: int, first: int, games: int, mode: str, echo=print) -> list[dict]:
    """Play the seeds first .. first + games - 1 not yet in `out`, appending a line per game."""
    roles = list(door.ROLES[players])
    done = {x["seed"] for x in read(out)}
    lines = []
    for seed in range(first, first + games):
        if seed in done:
            continue
        line = play_one(variant, players, seed, seats_for(mode, roles, seed), mode)
        with out.open("a") as f:  # one whole line per game: a stopped series keeps them
            f.write(json.dumps(line) + "\n")
        lines.append(line)
        echo(f"seed {seed}: {line['winner'] or line['error'] or 'tie'} (turn {line['turn']}, {line['secs']} s)")
    return lines


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    return tournament.wilson(wins, n, z)


def stronger_than_easy_threshold(r: float) -> float:
    """What one hard seat must win against easy players to be clearly stronger than easy in that
    seat, from easy's rate r there (all-easy games): half as much again, at least 15 points more,
    at most 90%."""
    return min(0.9, max(1.5 * r, r + 0.15))


def _odd_level(line: dict, lv: Counter) -> str:
    """The level a one-seat series tests: LEVEL of its `rot:LEVEL:BASE` mode; for a line written
    without its mode, the level in fewer seats, and with two players (one seat each) the stronger
    of the two (such a series tests a stronger level against easy)."""
    mode = line.get("mode") or ""
    if mode.startswith("rot:"):
        return mode.split(":")[1]
    return min(lv, key=lambda k: (lv[k], -LEVELS.index(k) if k in LEVELS else 0))


def _mixed_line(mode: str, xs: list[dict]) -> str:
    """A `mix:LEVEL:BASE` series (the tournament's mixed seating): LEVEL's score, a game won when
    the winner sits in one of LEVEL's seats, a tie (R24.1.4) half, also by LEVEL's number of seats."""
    level = mode.split(":")[1]

    def score(x: dict) -> float:
        if x["error"]:
            return 0.0
        if x["winner"] is None:
            return 0.5
        return 1.0 if x["seats"].get(x["winner"]) == level else 0.0

    n, w = len(xs), sum(score(x) for x in xs)
    lo, hi = wilson(w, n)
    parts = []
    for k in sorted({sum(v == level for v in x["seats"].values()) for x in xs}):
        ys = [x for x in xs if sum(v == level for v in x["seats"].values()) == k]
        parts.append(f"in {k} seat{'s' if k > 1 else ''} {sum(score(y) for y in ys):g}/{len(ys)}")
    return (
        f"{level} vs {mode.split(':')[2]}, mixed seating: {w:g}/{n} = {w / n:.1%} "
        f"[{lo:.1%}, {hi:.1%}] ({', '.join(parts)})"
    )


def summary(lines: list[dict], base: list[dict] | None = None) -> list[str]:
    """Text lines: per role wins (all-LEVEL series) or per seat (one-seat series), see the module."""
    out = []
    by_seed = {x["seed"]: x for x in base or []}
    groups: dict[str, list[dict]] = defaultdict(list)
    mixed = [x for x in lines if (x.get("mode") or "").startswith("mix:")]
    for mode in sorted({x["mode"] for x in mixed}):
        out.append(_mixed_line(mode, [x for x in mixed if x["mode"] == mode]))
    for x in lines:
        if x in mixed:
            continue
        lv = Counter(x["seats"].values())
        if len(lv) == 1:
            groups["all " + next(iter(lv))].append(x)
        else:
            odd = _odd_level(x, lv)
            groups[next(r for r, v in x["seats"].items() if v == odd)].append(x)
    for key, xs in sorted(groups.items()):
        n = len(xs)
        if key.startswith("all "):
            won = Counter(x["winner"] for x in xs if not x["error"])
            parts = []
            for r in sorted(won, key=str):
                lo, hi = wilson(won[r], n)
                parts.append(f"{r or 'tie'} {won[r]}/{n} = {won[r] / n:.1%} [{lo:.1%}, {hi:.1%}]")
            out.append(f"{key}: " + "; ".join(parts))
            continue
        w = sum(1 for x in xs if x["winner"] == key)
        lo, hi = wilson(w, n)
        text = f"{key} (one seat): {w}/{n} = {w / n:.1%} [{lo:.1%}, {hi:.1%}]"
        if by_seed:
            r = sum(1 for x in by_seed.values() if x["winner"] == key) / len(by_seed)
            better = sum(
                1 for x in xs if x["seed"] in by_seed and x["winner"] == key and by_seed[x["seed"]]["winner"] != key
            )
            worse = sum(
                1 for x in xs if x["seed"] in by_seed and x["winner"] != key and by_seed[x["seed"]]["winner"] == key
            )
            text += (
                f"; base rate r {r:.1%} of {len(by_seed)}, hard should win >= {stronger_than_easy_threshold(r):.1%}; "
                f"against the base game of the same seed: better {better}, worse {worse}"
            )
        out.append(text)
    for lvl in sorted({v for x in lines for v in x["seats"].values()}):
        for role in [None] + sorted({r for x in lines for r in x["times"]}):
            ts = sorted(
                t
                for x in lines
                for r, d in x["times"].items()
                if x["seats"][r] == lvl and role in (None, r)
                for t in d.get("all", ())
            )
            if ts:
                out.append(
                    f"decision times {lvl}{' as ' + role if role else ''}: n={len(ts)} median "
                    f"{statistics.median(ts):.3f} s, 95th percentile "
                    f"{ts[math.floor(0.95 * (len(ts) - 1))]:.3f} s, worst {ts[-1]:.3f} s"
                )
    if lines:
        text = f"games {len(lines)}, errors {sum(1 for x in lines if x['error'])}"
        turns = [x["turn"] for x in lines if not x["error"] and x.get("turn") is not None]
        if turns:
            text += f", last turn median {statistics.median(turns):g} ({min(turns)}-{max(turns)})"
        secs = [x["secs"] for x in lines if "secs" in x]
        if secs:
            text += f", seconds a game median {statistics.median(secs):.1f}"
        if any("agreements" in x for x in lines):
            text += f", agreements {sum(x.get('agreements', 0) for x in lines)}"
        out.append(text)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m maria.lab.series", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("run")
    p.add_argument("out")
    p.add_argument("--variant", choices=("intro", "advanced"), default="intro")
    p.add_argument("--players", type=int, choices=(2, 3), default=3)
    p.add_argument("--first", type=int, required=True)
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--seats", default="all:hard")
    s = sub.add_parser("summary")
    s.add_argument("out")
    s.add_argument("--base", default=None)
    a = ap.parse_args(argv)
    if a.cmd == "run":
        lines = run(Path(a.out), a.variant, a.players, a.first, a.games, a.seats)
        return 1 if any(x["error"] for x in lines) else 0
    for line in summary(read(Path(a.out)), read(Path(a.base)) if a.base else None):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
