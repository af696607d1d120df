"""What the trained evaluation (maria.players.learned) reads of an advanced-game state: a fixed
list of numbers about the race of the victory-marker pools (R15, R23.1: a major power wins when
its pool is empty), the armies (R6), the hands (R8), supply (R9), the political display (R17.6.4
income icons, R18 a pending election, R19.3 Saxony's track) and whose stage comes next (R5.1).

The advanced game's counterpart of maria.players.features: the same training script
(maria.lab.train_eval) and the same players read it, so a weight means the same in both.  A
player computes it on a resampled state (maria.players.resample): its own view with the hidden
hands filled in by guesses.  Pools, display and elector fortresses are public.
"""

from __future__ import annotations

from maria.players.features import side_totals, stage_of  # stage_of: the training script reads it here
from maria.games.maria.rules.state import board_info

LAST_TURN = 12  # R23.3: the game ends after turn 12
SIDES = ("france", "prussia", "austria", "pragmatic_army")
K = 3.0  # closeness K / (pool + K), as evaluate_advanced

NAMES: tuple[str, ...] = (
    "bias",
    "turns_left",  # 12 - turn + the stage's share of a turn
    "france_close",
    "prussia_close",
    "austria_close",
    "pa_close",  # K / (pool + K), R23.1
    "france_pool",
    "prussia_pool",
    "austria_pool",
    "pa_pool",  # markers left / 10
    "france_threat",
    "prussia_threat",  # attackers near open fortresses (evaluate.progress)
    "france_troops",
    "prussia_troops",
    "austria_troops",
    "pa_troops",  # troops on the map / 10
    "france_cards",
    "prussia_cards",
    "austria_cards",
    "pa_cards",  # hand value / 10
    "france_unsupplied",
    "prussia_unsupplied",
    "austria_unsupplied",
    "pa_unsupplied",
    "france_income",
    "prussia_income",
    "austria_income",  # TC icons under the track markers (R17.6.4)
    "emperor",  # a pending election: +1 Francis, -1 Charles (R18)
    "saxony",  # the Saxony marker, 0 Prussian ally .. 1 Austrian (R19.3)
    "stage_france",
    "stage_prussia",
    "stage_austria",  # whose action stage comes next (R5.1)
)

# the turn frame's steps in the advanced game: 1 politics, 2 hussars, 3 France, 4 Prussia, 5 Austria
_STAGE_STEPS = (3, 4, 5)
_SIDE_KEY = {"pragmatic_army": "pa"}


def features(state: dict) -> list[float]:
    """The numbers named by NAMES, for the advanced game (2 or 3 players)."""
    from maria.players.evaluate import progress
    from maria.players import evaluate_advanced as EA

    info = board_info(state)
    step = stage_of(state)
    last = state["options"].get("last_turn", LAST_TURN)
    turns_left = max(last - state["turn"] + (1.0 - 0.2 * max(step - 1, 0)), 0.2)
    pools = EA.effective_pools(state)
    for p in SIDES:
        pools.setdefault(p, float(state["adv"]["pools"].get(p, 0)))
    troops, unsup, hand = side_totals(state, info, SIDES)  # a neutral minor counts for nobody (R19.4)
    income = {"france": 0.0, "prussia": 0.0, "austria": 0.0}
    pos = EA.track_positions(state)
    tracks = EA._tracks()
    for t in ("italy", "russia"):
        b = tracks[t]["boxes"][pos[t]]
        if b.get("icon") in ("tc_minus", "tc_plus") and b.get("power") in income:
            income[b["power"]] += 1.0 if b["icon"] == "tc_plus" else -1.0
    emperor = 0.0
    a = state["adv"]
    if a.get("election") == "pending" and a.get("emperor") is None:
        who = EA.likely_emperor(state)
        emperor = 1.0 if who == "austria" else -1.0 if who == "france" else 0.0
    n_sax = len(tracks["saxony"]["boxes"]) - 1
    out = [1.0, turns_left / last]
    out += [EA.closeness(pools[p]) for p in SIDES]
    out += [max(pools[p], 0.0) / 10 for p in SIDES]
    out += [progress(state, info, m) for m in ("france", "prussia")]
    out += [troops[s] / 10 for s in SIDES]
    out += [hand[s] / 10 for s in SIDES]
    out += [unsup[s] / 10 for s in SIDES]
    out += [income["france"], income["prussia"], income["austria"]]
    out += [emperor, pos["saxony"] / n_sax if n_sax else 0.0]
    out += [1.0 if step == k else 0.0 for k in _STAGE_STEPS]
    return out
