"""Set-up troop allocations found by self-play (R4.9: the troop allocation at set-up is a
strategic decision, made once from a position that is the same in every game).

A power's allocation is one decision made once, before any card is drawn, from a position that
is the same in every game: a table fits it better than a search.  maria/players/data/learned_setup.yaml
holds, per variant and player count ("advanced-3", ...) and power, the troops of each general.
The entries were chosen by self-play (maria.lab.train_setup: random allocations in all-easy
games, a regression of the role's wins on each general's troops, then paired series of the
candidates against the rules of thumb).  A power without an entry
keeps the rules of thumb (maria.players.easy.Rules.fill_allocate).

The file is read with the guarded YAML loader and checked before use: known keys and powers,
general names that are words, whole numbers.  A problem names the file, the entry and what is
wrong (SetupDataError).  An entry that does not fit the game's own limits (an edited
boards/armies.yaml: other generals, totals or minimums) is not used: `allocation` returns None and
the rules of thumb allocate, so an edited board never meets an illegal action.
"""

from __future__ import annotations

from contextvars import ContextVar
from pathlib import Path

from maria import yamlio
from maria.games.maria.rules import roles as R

DATA = Path(__file__).resolve().parent / "data" / "learned_setup.yaml"
KEYS = ("intro-2", "intro-3", "advanced-2", "advanced-3")
POWERS = tuple(R.MAJOR) + tuple(R.MINOR)


class SetupDataError(ValueError):
    pass


# The training script's candidate allocations ({power: {general: troops}}), consulted before the table
# while it plays its games (maria.lab.train_setup); empty in every other game.
TRIAL: ContextVar[dict] = ContextVar("setup_trial", default={})


_TABLES: dict = {}


def validate(data, name: str = DATA.name) -> list[str]:
    """Problems of a loaded learned_setup.yaml, each naming the file and the entry."""
    if not isinstance(data, dict) or not isinstance(data.get("allocations"), dict):
        return [f"{name}: the top level must be a mapping with 'allocations'"]
    out = []
    for key, powers in data["allocations"].items():
        where = f"{name}: allocations {key!r}"
        if key not in KEYS:
            out.append(f"{where}: unknown game (one of {', '.join(KEYS)})")
            continue
        if not isinstance(powers, dict):
            out.append(f"{where}: must map powers to allocations")
            continue
        for power, troops in powers.items():
            at = f"{where}, {power!r}"
            if power not in POWERS:
                out.append(f"{at}: unknown power (one of {', '.join(POWERS)})")
                continue
            if not isinstance(troops, dict) or not troops:
                out.append(f"{at}: must map each general to his troops")
                continue
            for g, n in troops.items():
                if not isinstance(g, str) or not g.isidentifier():
                    out.append(f"{at}: {g!r} is not a general's id")
                elif isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 16:
                    out.append(f"{at}, {g}: troops must be a whole number 0-16, not {n!r}")
    return out


def load(path: Path | None = None) -> dict:
    """The allocations by key (KEYS) and power, cached per file."""
    path = Path(path) if path else DATA
    got = _TABLES.get(path)
    if got is None:
        data = yamlio.load_checked(path, 256 * 1024, validate, SetupDataError)
        got = _TABLES[path] = data["allocations"]
    return got


def fits(frame: dict, troops: dict) -> bool | str:
    """True if `troops` is a legal allocation for the allocate template `frame` (its generals,
    its total, each general's min / max), else the reason."""
    lim = frame.get("generals") or {}
    if set(troops) != set(lim):
        return f"the generals must be {', '.join(sorted(lim))}"
    if sum(troops.values()) != frame.get("total"):
        return f"the troops must add up to {frame.get('total')}, not {sum(troops.values())}"
    for g, n in troops.items():
        if not lim[g]["min"] <= n <= lim[g]["max"]:
            return f"{g} must have {lim[g]['min']}-{lim[g]['max']} troops, not {n}"
    return True


def allocation(state: dict, frame: dict, path: Path | None = None) -> dict[str, int] | None:
    """The troops for the allocate action `frame` (the legal template: power, total and each
    general's min / max): the training script's trial, else the table's entry for this game and
    power; None when there is none or it does not fit the limits (then the rules of thumb)."""
    power = frame.get("power")
    want = TRIAL.get().get(power)
    if not want:
        want = load(path).get(f"{state.get('variant')}-{state.get('players')}", {}).get(power)
    if not want or fits(frame, want) is not True:
        return None
    return dict(want)
