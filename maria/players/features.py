"""What the trained evaluation (maria.players.learned) reads of a state: a fixed list of numbers
about the introductory game's race (R14.3, R24.1: each attacker's fortresses against his target,
the turns left), the armies (R6: troops on the map), the hands (R8: the tactical cards' value) and
supply (R9).  The same function feeds the training script (maria.lab.train_eval) and the
players, so a weight means the same thing in both.

A player computes these on a resampled state (maria.players.resample): its own view with the
hidden hands filled in by guesses, never the real hands of the others.
"""

from __future__ import annotations

from maria.games.maria.rules import cards
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.state import board_info
from maria.games.maria.rules.victory import TARGETS, counts

LAST_TURN = 9  # R14.3: Maria Theresa wins after turn 9
SIDES = ("france", "prussia", "austria")  # a minor power counts with its major

NAMES: tuple[str, ...] = (
    "bias",
    "turns_left",  # 9 - turn + the stage's share of a turn
    "france_held",
    "prussia_held",  # fortresses counting for the victory / target
    "france_held_sq",
    "prussia_held_sq",
    "france_pace",
    "prussia_pace",  # fortresses still lacking per turn left
    "france_threat",
    "prussia_threat",  # attackers near open fortresses (evaluate.progress)
    "france_troops",
    "prussia_troops",
    "austria_troops",  # troops on the map / 10
    "france_cards",
    "prussia_cards",
    "austria_cards",  # hand value / 10
    "france_unsupplied",
    "prussia_unsupplied",
    "austria_unsupplied",  # troops out of supply / 10
    "stage_france",
    "stage_prussia",
    "stage_austria",  # whose action stage comes next (R5.1)
)


def stage_of(state: dict) -> int:
    """The turn frame's step: 1 hussars, 2 France's stage, 3 Prussia's, 4 Austria's (R5.1); 0
    before the first turn or after the last."""
    f = state["flow"]
    step = f[1].get("step") if len(f) > 1 and f[1].get("name") == "turn" else None
    return step if isinstance(step, int) else 0


def side_totals(state: dict, info, sides: tuple[str, ...]) -> tuple[dict, dict, dict]:
    """Per side (a minor counted with its co-operating major, R10.16e): troops on the map, troops
    out of supply abroad (R9), and the hands' value (R8).  A general in an off-map box (R17.6.4)
    or of a power with no side (a neutral minor, R19.4) counts for nobody.  Shared with
    maria.players.features_advanced."""
    from maria.players.evaluate import supply_status_of

    troops = dict.fromkeys(sides, 0.0)
    unsup = dict.fromkeys(sides, 0.0)
    for g in state["generals"].values():
        if not (g["in_play"] and g["city"] is not None) or str(g["city"]).startswith("box:"):
            continue
        side = R.major_of(state, g["power"])
        if side not in troops:
            continue
        troops[side] += g["troops"]
        if (
            g["city"] in info.playable
            and info.home_of(g["city"]) != g["power"]
            and supply_status_of(state, info, g) == "none"
        ):
            unsup[side] += g["troops"]
    hand = dict.fromkeys(sides, 0.0)
    for p, h in state["cards"]["hands"].items():
        side = R.major_of(state, p)
        if side in hand:
            hand[side] += cards.pay_value(h)
    return troops, unsup, hand


def features(state: dict) -> list[float]:
    """The numbers named by NAMES, for the introductory game (2 or 3 players)."""
    from maria.players.evaluate import progress

    info = board_info(state)
    n = counts(state, info)
    step = stage_of(state)
    turns_left = max(LAST_TURN - state["turn"] + (1.0 - 0.25 * max(step - 1, 0)), 0.25)
    held = {m: n[m] / TARGETS[m] for m in TARGETS}
    threat = {m: max(progress(state, info, m) - held[m], 0.0) for m in TARGETS}
    troops, unsup, hand = side_totals(state, info, SIDES)
    out = [1.0, turns_left / LAST_TURN]
    out += [held["france"], held["prussia"], held["france"] ** 2, held["prussia"] ** 2]
    out += [min((TARGETS[m] - n[m]) / turns_left, 12.0) / 4 for m in ("france", "prussia")]
    out += [threat["france"], threat["prussia"]]
    out += [troops[s] / 10 for s in SIDES]
    out += [hand[s] / 10 for s in SIDES]
    out += [unsup[s] / 10 for s in SIDES]
    out += [1.0 if step == k else 0.0 for k in (2, 3, 4)]
    return out
