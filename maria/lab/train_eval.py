"""Train the evaluation's weights from self-play outcomes (an evaluation that knows the
game): play computer-only games, note maria.players.features at the start of every stage of every
turn, and fit, for each variant and player count, a softmax regression from those numbers to who
won the game.  The weights go to maria/players/data/learned_eval.yaml, which maria.players.learned loads
(safely, validated).

    python -m maria.lab.train_eval play OUT.jsonl --players 3 --first 160000 --games 600
    python -m maria.lab.train_eval fit OUT.jsonl [MORE.jsonl ...] --players 3 --write
    (--variant advanced for the advanced game: maria.players.features_advanced, rows at the
    first decision of every stage of a turn, its diplomacy and politics included)

`play` appends one JSON line per game (seed, winner, the feature rows), so a run can be stopped
and continued; `fit` holds out every fifth game (seed % 5 == 0) to report the log loss and the
share of winners it names against a model that knows only how often each role wins.
Pure Python (no numpy): a few tens of thousands of rows of 22 numbers fit in about a minute.
"""

from __future__ import annotations

import argparse
import json
import math
import sys

from maria.players import learned
from maria.games.maria.rules import roles as R

L2 = 1e-2  # weight decay (the features are standardised before the fit)
EPOCHS = 400
RATE = 0.05  # Adam's step


def play_one(variant: str, players: int, seed: int, seats: dict[str, str]) -> dict:
    """One computer-only game: the features at the first decision of every (turn, stage)."""
    from maria.players import decide, make_player
    from maria.games.maria.rules import door

    fm = learned.feature_module(variant)
    st = door.new_game(variant, players, seed)
    # without the clock: a hard seat's counts alone bound its searches, so the rows
    # of a seed are the same on any machine under any load and a training set can be remade
    ps = {r: make_player(lvl, seed * 1009 + i, clock=False) for i, (r, lvl) in enumerate(sorted(seats.items()))}
    rows, last, n = [], None, 0
    first = 2 if variant == "intro" else 0  # the advanced game: diplomacy and politics too
    while not door.is_over(st):
        key = (st["turn"], fm.stage_of(st))
        in_turn = len(st["flow"]) > 1 and st["flow"][1].get("name") == "turn"
        if key != last and key[1] >= first and in_turn:
            rows.append([round(x, 5) for x in fm.features(st)])
        last = key
        r = door.active_roles(st)[0]
        st = door.look_ahead(st, r, decide(st, r, ps[r]), in_place=True)
        n += 1
        if n > 20000:
            raise RuntimeError(f"runaway game (seed {seed})")
    w = st["result"].get("winner")
    return {
        "seed": seed,
        "variant": variant,
        "players": players,
        "seats": seats,
        "winner": w if w is not None else "tie",
        "turn": st["turn"],
        "rows": rows,
    }


def _read(paths: list[str], players: int, variant: str = "intro") -> list[dict]:
    out = []
    for p in paths:
        for line in open(p, encoding="utf-8"):
            g = json.loads(line)
            if g["players"] == players and g["variant"] == variant:
                out.append(g)
    return out


def _softmax(z: list[float]) -> list[float]:
    m = max(z)
    e = [math.exp(v - m) for v in z]
    s = sum(e)
    return [v / s for v in e]


def fit(games: list[dict], players: int, epochs: int = EPOCHS, variant: str = "intro") -> dict:
    """A softmax regression (Adam on the mean log loss plus L2) on standardised features; the
    weights are returned for the raw features.  Held out: the games with seed % 5 == 0."""
    cls = learned.classes(players, variant)
    NAMES = learned.names(variant)
    k, d = len(cls), len(NAMES)
    train = [(row, cls.index(g["winner"])) for g in games if g["seed"] % 5 for row in g["rows"]]
    test = [(row, cls.index(g["winner"])) for g in games if not g["seed"] % 5 for row in g["rows"]]
    if not train:
        raise ValueError("no games to fit")
    mean = [sum(r[j] for r, _ in train) / len(train) for j in range(d)]
    sd = [math.sqrt(sum((r[j] - mean[j]) ** 2 for r, _ in train) / len(train)) or 1.0 for j in range(d)]
    mean[0], sd[0] = 0.0, 1.0  # the bias stays a bias
    xs = [([(r[j] - mean[j]) / sd[j] for j in range(d)], y) for r, y in train]
    w = [[0.0] * d for _ in range(k)]
    m1 = [[0.0] * d for _ in range(k)]
    m2 = [[0.0] * d for _ in range(k)]
    for t in range(1, epochs + 1):
        grad = [[0.0] * d for _ in range(k)]
        for x, y in xs:
            p = _softmax([sum(wc[j] * x[j] for j in range(d)) for wc in w])
            for c in range(k):
                e = p[c] - (c == y)
                if e:
                    gc = grad[c]
                    for j in range(d):
                        gc[j] += e * x[j]
        for c in range(k):
            for j in range(d):
                g = grad[c][j] / len(xs) + (L2 * w[c][j] if j else 0.0)
                m1[c][j] = 0.9 * m1[c][j] + 0.1 * g
                m2[c][j] = 0.999 * m2[c][j] + 0.001 * g * g
                w[c][j] -= RATE * (m1[c][j] / (1 - 0.9**t)) / (math.sqrt(m2[c][j] / (1 - 0.999**t)) + 1e-8)
    # back to raw features: w·(x - mean)/sd = (w/sd)·x - w·mean/sd
    raw = []
    for wc in w:
        r = [wc[j] / sd[j] for j in range(d)]
        r[0] = wc[0] - sum(wc[j] * mean[j] / sd[j] for j in range(1, d))
        raw.append(r)
    model = {
        "classes": cls,
        "features": list(NAMES),
        "weights": {c: [round(v, 6) for v in raw[i]] for i, c in enumerate(cls)},
    }
    prior = [sum(1 for _, y in train if y == c) / len(train) for c in range(k)]
    model["fit"] = {
        "games": len(games),
        "rows_train": len(train),
        "rows_test": len(test),
        "test": _score(model, test, prior),
        "train": _score(model, train, prior),
    }
    return model


def _score(model: dict, rows: list, prior: list[float]) -> dict:
    if not rows:
        return {}
    ll = ll0 = 0.0
    right = 0
    for r, y in rows:
        p = learned.probabilities(model, r)
        ll -= math.log(max(p[y], 1e-12))
        ll0 -= math.log(max(prior[y], 1e-12))
        right += max(range(len(p)), key=p.__getitem__) == y
    return {
        "log_loss": round(ll / len(rows), 4),
        "prior_log_loss": round(ll0 / len(rows), 4),
        "named": round(right / len(rows), 4),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m maria.lab.train_eval", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play computer-only games and append their feature rows")
    p.add_argument("out")
    p.add_argument("--players", type=int, choices=(2, 3), default=3)
    p.add_argument("--first", type=int, required=True)
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--level", default="easy", help="the level in every seat")
    p.add_argument("--variant", choices=("intro", "advanced"), default="intro")
    f = sub.add_parser("fit", help="fit the weights from played games")
    f.add_argument("data", nargs="+")
    f.add_argument("--players", type=int, choices=(2, 3), default=3)
    f.add_argument("--epochs", type=int, default=EPOCHS)
    f.add_argument("--variant", choices=("intro", "advanced"), default="intro")
    f.add_argument("--write", action="store_true", help=f"store the model in {learned.DATA.name}")
    a = ap.parse_args(argv)
    if a.cmd == "play":
        roles = R.ROLES_3P if a.players == 3 else R.ROLES_2P
        for seed in range(a.first, a.first + a.games):
            g = play_one(a.variant, a.players, seed, {r: a.level for r in roles})
            with open(a.out, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(g) + "\n")
        return 0
    model = fit(_read(a.data, a.players, a.variant), a.players, a.epochs, a.variant)
    NAMES = learned.names(a.variant)
    print(json.dumps(model["fit"], indent=1))
    for c in model["classes"]:
        print(c, " ".join(f"{n}={v:+.2f}" for n, v in zip(NAMES, model["weights"][c])))
    if a.write:
        learned.store(f"{a.variant}-{a.players}", model)
        print(f"written to {learned.DATA}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
