"""Do the computer players decide exactly as a recorded run did?  The check behind a change of the
players' code that must not change a single decision (a restructuring, a removed dead setting).

    python tools/decision_identity.py record OUT.json [--only CASE ...]
    python tools/decision_identity.py compare OUT.json [--only CASE ...]

Each case plays one game from its seed with every seat at one level, the players made as the
tournaments make them (`make_player(level, seed * 1009 + i, clock=False)`, i the role's index in
sorted order), and keeps the (role, action) list of its first `actions` decisions (None: the whole
game).  `normal` searches by the wall clock, so here it gets no ceiling at all (budget=inf): its
successive halving then ends by itself and a seed gives the same decisions on any machine.
`compare` plays the cases again and prints, per case, "identical" or the first decision that
differs; exit status 1 on any difference.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from maria.players import make_player
from maria.players.resample import observe
from maria.games.maria.rules import door

# name: (variant, players, seed, level, actions)
CASES = {
    "intro-3-hard-4242": ("intro", 3, 4242, "hard", None),
    "advanced-3-hard-230001": ("advanced", 3, 230001, "hard", 210),
    "intro-2-hard-4243": ("intro", 2, 4243, "hard", 80),
    "advanced-2-hard-230002": ("advanced", 2, 230002, "hard", 80),
    "intro-3-normal-4242": ("intro", 3, 4242, "normal", 100),
    "advanced-3-normal-230001": ("advanced", 3, 230001, "normal", 100),
    "intro-3-easy-4242": ("intro", 3, 4242, "easy", None),
    "advanced-3-easy-230001": ("advanced", 3, 230001, "easy", None),
}


def play(variant: str, players: int, seed: int, level: str, actions: int | None) -> list:
    from maria.record.game import GameRecord

    rec = GameRecord.new(variant=variant, players=players, seed=seed)
    budget = math.inf if level == "normal" else None
    ps = {
        r: make_player(level, seed * 1009 + i, budget=budget, clock=False)
        for i, r in enumerate(sorted(door.ROLES[players]))
    }
    out = []
    while (actions is None or len(out) < actions) and not door.is_over(rec.state):
        r = door.active_roles(rec.state)[0]
        a = ps[r].choose(observe(rec.state, r), door.legal_actions(rec.state, r), r)
        rec.apply(r, a)
        out.append([r, a])
    return json.loads(json.dumps(out))  # the recorded form (tuples become lists)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("record", "compare"))
    ap.add_argument("path")
    ap.add_argument("--only", nargs="*", default=None, help="case names (default: every case)")
    args = ap.parse_args()
    names = args.only or list(CASES)
    if args.mode == "record":
        try:
            with open(args.path, encoding="utf-8") as f:
                data = json.load(f)
        except FileNotFoundError:
            data = {}
        for name in names:
            t0 = time.perf_counter()
            data[name] = play(*CASES[name])
            print(f"{name}: {len(data[name])} actions recorded ({time.perf_counter() - t0:.0f} s)", flush=True)
            with open(args.path, "w", encoding="utf-8") as f:
                json.dump(data, f)
        return 0
    with open(args.path, encoding="utf-8") as f:
        data = json.load(f)
    bad = 0
    for name in names:
        if name not in data:
            print(f"{name}: not recorded")
            bad += 1
            continue
        t0 = time.perf_counter()
        got = play(*CASES[name])
        want = data[name]
        took = time.perf_counter() - t0
        if got == want:
            print(f"{name}: identical, {len(got)} actions ({took:.0f} s)", flush=True)
            continue
        bad += 1
        k = next((i for i, (x, y) in enumerate(zip(got, want)) if x != y), min(len(got), len(want)))
        print(f"{name}: DIFFERS at decision {k} of {len(want)} recorded / {len(got)} played:", flush=True)
        print(f"  recorded {want[k] if k < len(want) else None}")
        print(f"  played   {got[k] if k < len(got) else None}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
