"""What a series of advanced games was made of, read from its replays (the games of
`python -m maria tournament ... --out DIR`, or several such folders):

    python tools/war_stats.py DIR [DIR ...] [--seeds FIRST LAST]

Per series: games, the winners by role with Wilson 95% intervals, the median last turn, the
conquests and the share of them that were retroactive (a fortress whose protector was beaten in
the same action stage, R10.15 / R12.1: its "is no longer protected" line comes first), the
Austrian generals removed per game (R11.4, R13.3), the supply trains eliminated per game by their
power (R10.4), and the victory markers each major power took out of its pool per own action stage
(R15.2, R16).  `--paired OTHER_DIR` compares two series on the seeds both played (games won by
each role in each, and the seeds whose winner changed).
"""

from __future__ import annotations

import argparse
import glob
import math
import os
import re
import statistics
import sys
from collections import Counter

from maria.record.saves import load_game

CONQUEST = re.compile(r"^(\w[\w ]*?) conquers (.+?) from ")
UNPROTECTED = re.compile(r"^(.+?) is no longer protected\.")
TRAIN_LOST = re.compile(r"^.+? eliminates the ([\w ]+?) supply train")


def wilson(w: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = w / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def game_stats(path: str) -> dict:
    stage_pools: dict = {}

    def on_state(st):
        if st.get("variant") == "advanced" and st.get("adv"):
            key = (st["turn"], st.get("stage"))
            stage_pools.setdefault(key, dict(st["adv"]["pools"]))

    rec = load_game(path, replay=True, on_state=on_state)
    st = rec.state
    res = st.get("result") or {}
    conquests = retro = fr_conquests = fr_retro = 0
    aus_removed = 0
    trains_lost: Counter = Counter()
    unprot: set = set()
    last_stage = None
    for e in st["log"]:
        stage = (e["turn"], e.get("stage"))
        if stage != last_stage:
            unprot, last_stage = set(), stage
        t = e["text"]
        m = UNPROTECTED.match(t)
        if m:
            unprot.add(m.group(1))
            continue
        m = CONQUEST.match(t)
        if m:
            r = m.group(2) in unprot
            conquests += 1
            retro += r
            if m.group(1) in ("France", "Bavaria"):
                fr_conquests += 1
                fr_retro += r
            continue
        if "removed from the board" in t and e.get("power") == "austria":
            aus_removed += 1
            continue
        m = TRAIN_LOST.match(t)
        if m:
            trains_lost[m.group(1)] += 1
    # markers out of each pool per own action stage: the pools at the start of each stage
    keys = sorted(stage_pools, key=lambda k: (k[0], str(k[1])))
    placed: dict[str, list[int]] = {}
    order = [k for k in stage_pools]  # in the order the stages began
    for a, b in zip(order, order[1:] + [None]):
        if not a[1] or "+" not in str(a[1]) and a[1] not in ("austria", "pragmatic_army", "prussia", "france"):
            continue
        after = stage_pools[b] if b else st["adv"]["pools"]
        for p in str(a[1]).split("+"):
            if p in stage_pools[a]:
                placed.setdefault(p, []).append(stage_pools[a][p] - after[p])
    del keys
    return {
        "seed": st["seed"],
        "winner": res.get("winner"),
        "turn": st["turn"],
        "conquests": conquests,
        "retro": retro,
        "fr_conquests": fr_conquests,
        "fr_retro": fr_retro,
        "aus_removed": aus_removed,
        "trains_lost": trains_lost,
        "placed": placed,
    }


def read_series(dirs: list[str], seeds: tuple[int, int] | None) -> dict[int, dict]:
    out = {}
    for d in dirs:
        for f in sorted(glob.glob(os.path.join(d, "*.yaml"))):
            g = game_stats(f)
            if seeds and not seeds[0] <= g["seed"] <= seeds[1]:
                continue
            out[g["seed"]] = g
    return out


def report(games: dict[int, dict], name: str) -> None:
    n = len(games)
    print(f"{name}: {n} games, seeds {min(games) if games else '-'}-{max(games) if games else '-'}")
    if not n:
        return
    won: dict = {}
    for g in games.values():
        won[g["winner"]] = won.get(g["winner"], 0) + 1
    for r in ("louis_xv", "frederick", "maria_theresa", "coalition", None):
        if r in won:
            lo, hi = wilson(won[r], n)
            print(f"  {r}: {won[r]}/{n} = {won[r] / n:.1%} [{lo:.1%}, {hi:.1%}]")
    turns = [g["turn"] for g in games.values()]
    print(
        f"  last turn: median {statistics.median(turns)}, mean {statistics.mean(turns):.2f}, "
        f"range {min(turns)}-{max(turns)}"
    )
    c = sum(g["conquests"] for g in games.values())
    r = sum(g["retro"] for g in games.values())
    fc = sum(g["fr_conquests"] for g in games.values())
    fr = sum(g["fr_retro"] for g in games.values())
    lo, hi = wilson(r, c)
    print(
        f"  conquests {c} ({c / n:.1f} a game), retroactive {r} = {r / c if c else 0:.1%} [{lo:.1%}, {hi:.1%}]; "
        f"French and Bavarian {fc}, retroactive {fr} = {fr / fc if fc else 0:.1%}"
    )
    a = [g["aus_removed"] for g in games.values()]
    sd = statistics.stdev(a) if n > 1 else 0.0
    print(
        f"  Austrian generals removed per game: {statistics.mean(a):.2f} "
        f"(95% interval of the mean +- {1.96 * sd / math.sqrt(n):.2f})"
    )
    lost: Counter = sum((g["trains_lost"] for g in games.values()), Counter())
    print(
        "  supply trains eliminated per game (R10.4), by their power: "
        + (", ".join(f"{p} {k / n:.2f}" for p, k in sorted(lost.items())) or "none")
    )
    per: dict[str, list[int]] = {}
    for g in games.values():
        for p, xs in g["placed"].items():
            per.setdefault(p, []).extend(xs)
    print(
        "  markers out of the pool per own action stage: "
        + ", ".join(f"{p} {statistics.mean(xs):.2f} (n={len(xs)})" for p, xs in sorted(per.items()))
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--seeds", nargs=2, type=int, default=None)
    ap.add_argument("--paired", nargs="+", default=None, help="the other series' replay folders")
    args = ap.parse_args()
    games = read_series(args.dirs, tuple(args.seeds) if args.seeds else None)
    if not args.paired:
        report(games, "series")
        return 0
    other = read_series(args.paired, tuple(args.seeds) if args.seeds else None)
    common = sorted(set(games) & set(other))
    report({s: games[s] for s in common}, "first")
    report({s: other[s] for s in common}, "second")
    changed = [(s, games[s]["winner"], other[s]["winner"]) for s in common if games[s]["winner"] != other[s]["winner"]]
    print(
        f"paired on {len(common)} seeds: winner changed on {len(changed)}: "
        + ", ".join(f"{s} {a}->{b}" for s, a, b in changed)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
