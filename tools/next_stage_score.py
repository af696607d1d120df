"""Score the next-enemy-stage model (maria.players.next_stage) offline on recorded games.

Two steps, both deterministic (hard without the clock plays the same game for a seed on any
machine, maria.players.make_player):

    # 1. record all-hard advanced 3-player games, one after another on one core (each game's action
    #    log as one file; a game already recorded is skipped, so a stopped run resumes).  The
    #    figures are measured on seeds 230000-230028 (29 games, 338 action stages; about an hour);
    #    those 29 games are kept in tools/data/next-stage/, so step 2 alone reproduces the figures
    python tools/next_stage_score.py record --first 230000 --count 29 --out DATA
    # 2. replay them, and at the start of every action stage ask the model, for each role that
    #    plays none of the stage's powers, what those powers can take; compare with what they took
    #    by the stage's end (the model was built looking at 230000-230005 only: --first 230006
    #    --count 23 gives the games it never saw)
    python tools/next_stage_score.py score --data tools/data/next-stage --first 230000 --count 29

An action stage (R5.1) is seen at its first decision: France's subsidy choice in its TC phase
(R8.2, from turn 4), otherwise the movement phase's start, after the TC draw and the supply check
(R8, R9); either way before any piece moves.  Each role that plays none of the stage's powers
observes it (in 3 players Frederick plays the Pragmatic Army, so Austria's stage is observed by
Louis XV only); an ally's stage counts too (France and Prussia race for the same fortresses).
What was taken is the set of fortresses whose controller changed from a power outside the acting
side to one co-operating with an acting power between that moment and the start of the next stage,
conquests by move (R10.12) and retroactive ones (R12.1) alike.  A fortress is flagged at risk when
the model gives it at least --threshold (0.3); recall is the share of the fortresses taken that
were flagged, precision the share of flags that were taken.  The expected victory markers of each
acting major are compared with the markers its pool lost in the stage.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from maria.games.maria.rules import door

ROLES3 = ("louis_xv", "frederick", "maria_theresa")
SWEEP = (0.2, 0.25, 0.3, 0.4, 0.5, 0.6)


def record(first: int, count: int, out: Path) -> None:
    from maria.players.tournament import play_game

    out.mkdir(parents=True, exist_ok=True)
    for seed in range(first, first + count):
        path = out / f"game-{seed}.json.gz"
        if path.exists():
            continue
        t0 = time.perf_counter()
        rec = play_game("advanced", 3, seed, {r: "hard" for r in ROLES3})
        data = {
            "variant": rec.variant,
            "players": rec.players,
            "seed": rec.seed,
            "options": rec.options,
            "actions": rec.actions,
            "winner": rec.state["result"]["winner"],
            "turn": rec.state["turn"],
        }
        tmp = path.with_suffix(".tmp")
        with gzip.open(tmp, "wt") as f:
            json.dump(data, f)
        os.replace(tmp, path)
        print(
            f"seed {seed}: {len(rec.actions)} actions, turn {rec.state['turn']}, "
            f"winner {data['winner']}, {time.perf_counter() - t0:.0f} s",
            flush=True,
        )


def _controllers(state) -> dict[str, str | None]:
    from maria.games.maria.rules.state import board_info, controller

    info = board_info(state)
    return {c: controller(state, info, c) for c in info.fortresses()}


def _pools(state) -> dict[str, int]:
    return dict(state["adv"]["pools"]) if state.get("adv") else {}


def extract(path: Path) -> list[dict]:
    """Every action stage of one recorded game: the view of each role that takes no part in it, at
    the first decision of the stage (module docstring), and what the stage's powers took by its
    end."""
    from maria.players.resample import observe
    from maria.games.maria.rules import roles as R

    with gzip.open(path, "rt") as f:
        g = json.load(f)
    state = door.new_game(g["variant"], g["players"], g["seed"], g["options"])
    run = door.replayer(state)
    out: list[dict] = []
    open_: dict | None = None

    def close(st):
        if open_ is None:
            return
        after = _controllers(st)
        side = open_["powers"]
        taken = sorted(
            c
            for c, was in open_["before"].items()
            if after[c] is not None
            and any(R.cooperating(st, after[c], p) for p in side)
            and not (was is not None and any(R.cooperating(st, was, p) for p in side))
        )
        pools = _pools(st)
        for o in open_["obs"]:
            out.append(
                {
                    "seed": g["seed"],
                    "turn": open_["turn"],
                    "stage": open_["stage"],
                    "role": o[0],
                    "obs": o[1],
                    "taken": taken,
                    "vm": {m: open_["pools"].get(m, 0) - pools.get(m, 0) for m in pools},
                    "winner": g["winner"],
                }
            )

    for entry in g["actions"]:
        st = state
        key = (st["turn"], st["stage"])
        acting = st["stage"] in {"+".join(x) for x in R.action_stages(st)}
        if acting and (open_ is None or open_["key"] != key):
            close(st)
            powers = st["stage"].split("+")
            observers = [r for r in st["roles"] if not any(p in powers for p in R.powers_of(st, r))]
            open_ = {
                "key": key,
                "turn": st["turn"],
                "stage": st["stage"],
                "powers": powers,
                "before": _controllers(st),
                "pools": _pools(st),
                "obs": [(r, observe(st, r)) for r in observers],
            }
        elif not acting and open_ is not None:
            close(st)
            open_ = None
        state = run.step(entry["role"], entry["action"])
    state = run.finish()
    close(state)
    return out


def load_stages(data: Path, seeds: range | None = None) -> list[dict]:
    """The extracted stages of the recorded games in `data` (those of `seeds`, or all; cached beside
    each game)."""
    import pickle

    stages = []
    for path in sorted(data.glob("game-*.json.gz")):
        if seeds is not None and int(path.name.split("-")[1].split(".")[0]) not in seeds:
            continue
        cache = path.with_name(path.name.replace(".json.gz", ".stages.pkl"))
        if cache.exists() and cache.stat().st_mtime >= path.stat().st_mtime:
            with open(cache, "rb") as f:
                part = pickle.load(f)
        else:
            part = extract(path)
            with open(cache, "wb") as f:
                pickle.dump(part, f)
        stages += part
    return stages


def score(data: Path, threshold: float, seeds: range | None = None, echo=print) -> dict:
    from maria.players.next_stage import assess

    stages = load_stages(data, seeds)
    tot = {"tp": 0, "lost": 0, "flag": 0}
    per: dict[tuple, dict] = {}
    vm_err = []
    sweep = {t: [0, 0, 0] for t in SWEEP}
    t0 = time.perf_counter()
    for s in stages:
        risk = assess(s["obs"], s["role"])
        for t, v in sweep.items():
            f = risk.flagged(t)
            v[0] += len(f & set(s["taken"]))
            v[1] += len(s["taken"])
            v[2] += len(f)
        flagged = risk.flagged(threshold)
        lost = set(s["taken"])
        tp = len(flagged & lost)
        for k in (("role", s["role"]), ("enemy", s["stage"]), ("role/enemy", s["role"] + " / " + s["stage"])):
            d = per.setdefault(k, {"tp": 0, "lost": 0, "flag": 0, "n": 0})
            d["tp"] += tp
            d["lost"] += len(lost)
            d["flag"] += len(flagged)
            d["n"] += 1
        tot["tp"] += tp
        tot["lost"] += len(lost)
        tot["flag"] += len(flagged)
        if s["obs"].get("advanced") is not None:
            for m in {
                p
                if p in ("france", "prussia", "austria", "pragmatic_army")
                else {"bavaria": "france", "saxony": "prussia"}[p]
                for p in risk.enemies
            }:
                vm_err.append((risk.expected_vm.get(m, 0.0), s["vm"].get(m, 0)))
    dt = time.perf_counter() - t0
    games = len({s["seed"] for s in stages})
    distinct = len({(s["seed"], s["turn"], s["stage"]) for s in stages})

    def line(name, d):
        rec = d["tp"] / d["lost"] if d["lost"] else float("nan")
        pre = d["tp"] / d["flag"] if d["flag"] else float("nan")
        return (
            f"  {name:<44} stages {d.get('n', len(stages)):>4}  lost {d['lost']:>4}  flagged "
            f"{d['flag']:>4}  recall {rec:6.1%}  precision {pre:6.1%}"
        )

    echo(
        f"{games} games, {distinct} enemy action stages, {len(stages)} (stage, observing role) pairs, "
        f"threshold {threshold}; model {dt / max(1, len(stages)) * 1000:.0f} ms a view"
    )
    echo(line("all", tot))
    for k in sorted(per):
        echo(line(f"{k[0]} {k[1]}", per[k]))
    echo(
        "  other thresholds: "
        + "; ".join(
            f"{t}: recall {v[0] / max(1, v[1]):.1%} precision {v[0] / max(1, v[2]):.1%}" for t, v in sweep.items()
        )
    )
    if vm_err:
        mae = sum(abs(a - b) for a, b in vm_err) / len(vm_err)
        echo(
            f"  expected VMs per enemy major and stage: mean predicted "
            f"{sum(a for a, _ in vm_err) / len(vm_err):.2f}, "
            f"mean placed {sum(b for _, b in vm_err) / len(vm_err):.2f}, "
            f"mean absolute error {mae:.2f} ({len(vm_err)} pairs)"
        )
    return {"total": tot, "per": per}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("--first", type=int, default=230000)
    r.add_argument("--count", type=int, default=40)
    r.add_argument("--out", default="/work/data-model")
    s = sub.add_parser("score")
    s.add_argument("--data", default="/work/data-model")
    s.add_argument("--threshold", type=float, default=0.3)
    s.add_argument("--first", type=int, default=None, help="score only the games of seeds first..")
    s.add_argument("--count", type=int, default=None)
    a = ap.parse_args(argv)
    if a.cmd == "record":
        record(a.first, a.count, Path(a.out))
    else:
        seeds = None
        if a.first is not None:
            seeds = range(a.first, a.first + (a.count if a.count is not None else 10**6))
        score(Path(a.data), a.threshold, seeds)


if __name__ == "__main__":
    main()
