"""The trained evaluation: how likely each role is to win from a state, by a softmax
regression whose weights were fitted to self-play outcomes (maria.lab.train_eval) and ship as
data in maria/players/data/learned_eval.yaml.  One model per variant and player count: the introductory
game's read maria.players.features (R14.3; R24.1 in 2 players, where a tie is possible), the
advanced game's maria.players.features_advanced (R23.1: the race of the pools; R24.2.6: no tie in
2 players, Maria Theresa wins it).

The file is read with the guarded YAML loader and checked before use: every model must name the
same features, in the same order, as its variant's feature module's NAMES, its classes must be the roles
of its player count (and "tie" in 2 players, R24.1.4), and every weight a finite number.  A
problem names the file, the model and what is wrong (LearnedDataError).

`value(state, role)` is on the heuristic evaluation's scale (maria.players.evaluate: a win is
worth WIN = 100): 100 x (the role's chance of winning - the chance of the others').
"""

from __future__ import annotations

import math
from pathlib import Path

import yaml

from maria import yamlio
from maria.players import features as intro_features
from maria.players import features_advanced
from maria.games.maria.rules import roles as R

DATA = Path(__file__).resolve().parent / "data" / "learned_eval.yaml"
WIN = 100.0


class LearnedDataError(ValueError):
    pass


_MODELS: dict = {}


KEYS = ("intro-2", "intro-3", "advanced-2", "advanced-3")


def classes(players: int, variant: str = "intro") -> list[str]:
    """The outcomes a model tells apart: the roles, and in the 2-player introductory game the tie
    (R24.1.4; the advanced game has none, R24.2.6)."""
    roles = sorted(R.ROLES_3P if players == 3 else R.ROLES_2P)
    return roles + (["tie"] if players == 2 and variant == "intro" else [])


def feature_module(variant: str):
    """The features a model of `variant` reads (the same module feeds the training script)."""
    return features_advanced if variant == "advanced" else intro_features


def names(variant: str) -> tuple[str, ...]:
    return feature_module(variant).NAMES


def validate(data, name: str = DATA.name) -> list[str]:
    """Problems of a loaded learned_eval.yaml, each naming the file and the model."""
    if not isinstance(data, dict) or not isinstance(data.get("models"), dict):
        return [f"{name}: the top level must be a mapping with 'models'"]
    out = []
    for key, m in data["models"].items():
        where = f"{name}: model {key!r}"
        if key not in KEYS:
            out.append(f"{where}: unknown model (one of {', '.join(KEYS)})")
            continue
        variant, players = key.rsplit("-", 1)
        want_names = names(variant)
        if not isinstance(m, dict):
            out.append(f"{where}: must be a mapping")
            continue
        if m.get("features") != list(want_names):
            out.append(f"{where}: features must be exactly {list(want_names)} ({feature_module(variant).__name__})")
        want = classes(int(players), variant)
        if m.get("classes") != want:
            out.append(f"{where}: classes must be {want}, not {m.get('classes')!r}")
        ws = m.get("weights")
        if not isinstance(ws, dict) or sorted(ws) != sorted(want):
            out.append(f"{where}: weights must give one list per class {want}")
            continue
        for c, row in ws.items():
            if (
                not isinstance(row, list)
                or len(row) != len(want_names)
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in row)
            ):
                out.append(f"{where}: weights of {c!r} must be {len(want_names)} finite numbers")
    return out


def load(path: Path | None = None) -> dict:
    """The models by key (KEYS), cached per file."""
    path = Path(path) if path else DATA
    got = _MODELS.get(path)
    if got is None:
        data = yamlio.load_checked(path, 1024 * 1024, validate, LearnedDataError)
        got = _MODELS[path] = data["models"]
    return got


def model_for(state: dict) -> dict | None:
    if state.get("variant") not in ("intro", "advanced"):
        return None
    return load().get(f"{state['variant']}-{state['players']}")


def probabilities(model: dict, row: list[float]) -> list[float]:
    """Each class's chance (in model["classes"] order) for one feature row."""
    z = [sum(w * x for w, x in zip(model["weights"][c], row)) for c in model["classes"]]
    top = max(z)
    e = [math.exp(v - top) for v in z]
    s = sum(e)
    return [v / s for v in e]


def value(state: dict, role: str) -> float | None:
    """The role's chance of winning minus the others', times WIN; None for a finished game or
    without a model for the state's variant and player count (the caller then uses the heuristic
    evaluation, maria.players.evaluate)."""
    if state.get("result") is not None:
        return None  # a finished game: the caller's WIN / -WIN / 0
    model = model_for(state)
    if model is None:
        return None
    p = dict(zip(model["classes"], probabilities(model, feature_module(state["variant"]).features(state))))
    mine = p.get(role, 0.0)
    others = sum(v for c, v in p.items() if c not in (role, "tie"))
    return WIN * (mine - others)


def store(key: str, model: dict, path: Path | None = None) -> None:
    """Write (atomically) one model into the data file, keeping the others."""
    path = Path(path) if path else DATA
    try:
        data = yamlio.load_file(path, 1024 * 1024) if path.exists() else None
    except (OSError, yaml.YAMLError):
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("models"), dict):
        data = {"models": {}}
    data["models"][key] = model
    problems = validate(data, path.name)
    if problems:
        raise LearnedDataError("\n".join(problems))
    head = (
        "# The trained evaluation's weights (maria.players.learned), written by\n"
        "# `python -m maria.lab.train_eval fit ... --write`; see docs/balance.md.\n"
    )
    yamlio.write_atomic(path, head + yaml.safe_dump(data, sort_keys=False, width=120))
    _MODELS.pop(path, None)
