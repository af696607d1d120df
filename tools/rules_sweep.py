"""A random-design sweep of one role's rules-of-thumb constants: in every
all-easy game each constant of the chosen role gets a level drawn at random (the other roles keep
the shipped values), so a few thousand games measure every constant's effect on that role's wins
at once (a least-squares fit of "the role won" on the levels, `fit`).

    python3 tools/rules_sweep.py play OUT.jsonl --variant intro --role maria_theresa --first 300000 --games 4000
    python3 tools/rules_sweep.py play OUT.jsonl --variant intro --role frederick --set attacker \
        --first 320000 --games 4000
    python3 tools/rules_sweep.py fit OUT.jsonl --role maria_theresa
    (--default plays the shipped values: the same games as `python -m maria.lab.series run
    ... --seats all:easy`)

An experiment runner, not part of the game: it wraps the planner's methods of this code version
(maria.players.plan, plan_threats, easy) and swaps their module constants while the chosen role
plans.  The constants:
  defender  cover (x the defence_value cover weights 1.6 / 0.8), retake (x 0.35 a city), hunt
            (x 0.05 a city), apull (plan.AUSTRIAN_PULL), keep (TC points kept before a winter
            recruitment, easy.fill_recruit: 6), expose (the planner's exposure rule, plan.EXPOSED),
            tpull (a placebo for Austria: it moves only attackers)
  attacker  tpull (plan.TARGET_PULL), guard (plan.GUARD), spread (plan.SPREAD), detour
            (plan.PROTECTED_DETOUR), farpull (plan.FAR_PULL), keep, expose
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SETS = {  # (the order and the one-level entries fix the random draws: a seed plays the same game)
    "defender": {
        "cover": [0.5, 1, 2],
        "retake": [0.5, 1, 2],
        "hunt": [0, 1, 4],
        "apull": [0, 0.6, 1.2],
        "keep": [3, 6, 9],
        "expose": [0, 1],
        "tpull": [0.6, 1.2, 1.8],
    },  # the attackers' pull: no effect on Austria (a placebo)
    "attacker": {
        "cover": [1],
        "retake": [1],
        "hunt": [1],
        "apull": [0.6],
        "keep": [3, 6, 9],
        "expose": [0, 1],
        "tpull": [0.6, 1.2, 1.8],
        "guard": [0, 1.5, 3],
        "spread": [0, 2, 4],
        "detour": [0.5, 1, 2],
        "farpull": [0, 0.3, 0.6],
    },
}
SHIPPED = {
    "cover": 1,
    "retake": 1,
    "hunt": 1,
    "apull": 0.6,
    "keep": 6,
    "expose": 0,
    "tpull": 1.2,
    "guard": 1.5,
    "spread": 2.0,
    "detour": 1.0,
    "farpull": 0.3,
}

P: dict = {}  # the levels of the game being played
ROLE = [""]


@contextmanager
def installed():
    """Wrap the planner so that the chosen role plans with the levels in P (undone on exit)."""
    from maria.players import easy, plan, plan_threats
    from maria.games.maria.rules import cards

    saved = [
        (plan_threats.Threats, "defence_value"),
        (plan.Planner, "position_value"),
        (plan.Planner, "combat_value"),
        (easy.Rules, "fill_recruit"),
    ]
    saved = [(cls, name, cls.__dict__[name]) for cls, name in saved]

    def lv(name):
        return P.get(name, SHIPPED[name])

    def defence_value(self, gid, city):
        d = self.info.dist_from(city)
        cover, retake, enemies, front = self._defence_facts(gid)
        mine = self.role == ROLE[0]
        sc, sr, sh = (lv("cover"), lv("retake"), lv("hunt")) if mine else (1, 1, 1)
        v = 0.0
        for c, w in cover:
            if 1 <= d.get(c, 99) <= 3:
                v += w * sc
        if front:
            v -= plan_threats.FRONT_PULL * min(min(d.get(c, 99) for c, _ in cover), plan_threats.FRONT_FAR)
        if retake:
            v -= sr * 0.35 * min(min(d.get(c, 99) for c, _ in retake), front or 12)
        if enemies:
            v -= sh * 0.05 * min(min(d.get(e, 99) for e in enemies), 12)
        return v

    plan_threats.Threats.defence_value = defence_value

    pv = plan.Planner.position_value

    def position_value(self, gid, city, taken=frozenset(), stack_extra=0):
        if self.role != ROLE[0]:
            return pv(self, gid, city, taken, stack_extra)
        old = (
            plan.AUSTRIAN_PULL,
            dict(plan.TARGET_PULL),
            plan.GUARD,
            plan.SPREAD,
            plan.PROTECTED_DETOUR,
            plan.FAR_PULL,
        )
        plan.AUSTRIAN_PULL = lv("apull")
        plan.TARGET_PULL[2] = plan.TARGET_PULL[3] = lv("tpull")
        plan.GUARD, plan.SPREAD, plan.PROTECTED_DETOUR, plan.FAR_PULL = (
            lv("guard"),
            lv("spread"),
            lv("detour"),
            lv("farpull"),
        )
        try:
            return pv(self, gid, city, taken, stack_extra)
        finally:
            plan.AUSTRIAN_PULL, tp, plan.GUARD, plan.SPREAD, plan.PROTECTED_DETOUR, plan.FAR_PULL = old
            plan.TARGET_PULL.update(tp)

    plan.Planner.position_value = position_value

    cv = plan.Planner.combat_value

    def combat_value(self, gid, city, stack_extra=0):
        if self.role == ROLE[0] and lv("expose"):
            tok = plan.EXPOSED.set(frozenset({ROLE[0]}))
            try:
                return cv(self, gid, city, stack_extra)
            finally:
                plan.EXPOSED.reset(tok)
        return cv(self, gid, city, stack_extra)

    plan.Planner.combat_value = combat_value

    def fill_recruit(self, a):
        st = self.state
        p = a["power"]
        hv = cards.hand_value(st, p)
        keep = lv("keep") if self.role == ROLE[0] else 6
        n = max(1, min(a["max_troops"], (hv - keep) // easy.TROOP_COST))
        assign, reenter = self.share_new_troops(n, a["sites"], a["on_map"])
        if not sum(assign.values()):
            return {"type": "done"}
        out = {k: v for k, v in a.items() if k not in ("max_troops", "on_map", "sites")}
        out["assign"], out["reenter"] = assign, reenter
        out["cards"] = easy.cheap_payment(st["cards"]["hands"][p], easy.TROOP_COST * sum(assign.values()))
        return out

    easy.Rules.fill_recruit = fill_recruit
    try:
        yield
    finally:
        for cls, name, fn in saved:
            setattr(cls, name, fn)


def fit(rows: list[dict], role: str) -> list[str]:
    """Least squares of "role won" on the levels (dummies against each constant's middle level)."""
    rows = [r for r in rows if not r.get("error")]
    names = [n for n in rows[0]["P"] if len({r["P"][n] for r in rows}) > 1]
    cols, labels = [[1.0] * len(rows)], ["const"]
    for n in names:
        levels = sorted({r["P"][n] for r in rows})
        base = levels[len(levels) // 2] if len(levels) == 3 else levels[0]
        for x in levels:
            if x != base:
                cols.append([1.0 if r["P"][n] == x else 0.0 for r in rows])
                labels.append(f"{n}={x} (against {base})")
    y = [1.0 if r["winner"] == role else 0.0 for r in rows]
    from maria.lab.train_setup import _solve

    k = len(cols)
    xtx = [[sum(a * b for a, b in zip(cols[i], cols[j])) for j in range(k)] for i in range(k)]
    xty = [sum(a * b for a, b in zip(cols[i], y)) for i in range(k)]
    beta = _solve(xtx, xty)
    res = [yy - sum(beta[i] * cols[i][t] for i in range(k)) for t, yy in enumerate(y)]
    s2 = sum(e * e for e in res) / max(1, len(y) - k)
    out = [f"{len(rows)} games, {role} won {sum(y) / len(y):.1%}; points of the win rate (s.e.):"]
    for i, lab in enumerate(labels[1:], 1):
        se = math.sqrt(max(0.0, s2 * _solve(xtx, [1.0 if j == i else 0.0 for j in range(k)])[i]))
        out.append(f"  {lab:<30} {100 * beta[i]:+5.1f} ({100 * se:.1f})")
    for n in names:
        c = defaultdict(lambda: [0, 0])
        for r, yy in zip(rows, y):
            c[r["P"][n]][0] += 1
            c[r["P"][n]][1] += int(yy)
        out.append(f"  {n:<10} " + "  ".join(f"{x}: {w}/{t}" for x, (t, w) in sorted(c.items())))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("out")
    p.add_argument("--variant", choices=("intro", "advanced"), default="intro")
    p.add_argument("--role", required=True, choices=("maria_theresa", "frederick", "louis_xv"))
    p.add_argument("--set", choices=sorted(SETS), default="defender")
    p.add_argument("--first", type=int, required=True)
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--default", action="store_true", help="the shipped values in every game")
    p.add_argument("--levels", help="fixed levels in every game instead of random ones: retake=2,keep=9")
    f = sub.add_parser("fit")
    f.add_argument("data", nargs="+")
    f.add_argument("--role", required=True)
    a = ap.parse_args(argv)
    if a.cmd == "fit":
        print("\n".join(fit([json.loads(x) for path in a.data for x in open(path, encoding="utf-8")], a.role)))
        return 0
    with installed():
        for seed in range(a.first, a.first + a.games):
            line = play_one(a.variant, a.role, a.set, seed, a.default, _levels(a.levels))
            with open(a.out, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(line) + "\n")
    return 0


def _levels(text: str | None) -> dict | None:
    if not text:
        return None
    out = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        if name not in SHIPPED:
            raise SystemExit(f"--levels: unknown constant {name!r} (one of {', '.join(SHIPPED)})")
        x = float(value)
        out[name] = int(x) if x.is_integer() else x  # as the random levels: troop counts whole
    return out


def play_one(variant: str, role: str, which: str, seed: int, default: bool = False, levels: dict | None = None) -> dict:
    """One all-easy game with random levels of `role`'s constants (inside `installed()`); with
    `levels` those fixed levels, with `default` the shipped ones."""
    from maria.players.tournament import play_game

    ROLE[0] = role
    rng = random.Random(seed * 31 + 7)
    P.clear()
    if levels:
        P.update(levels)
    elif not default:
        P.update({n: rng.choice(v) for n, v in SETS[which].items()})
    try:
        rec = play_game(variant, 3, seed, {r: "easy" for r in ("maria_theresa", "frederick", "louis_xv")})
        w, err = rec.state["result"]["winner"], None
    except Exception as e:  # counted, never hidden
        w, err = None, f"{type(e).__name__}: {e}"
    return {"seed": seed, "winner": w, "P": dict(P), "error": err}


if __name__ == "__main__":
    sys.exit(main())
