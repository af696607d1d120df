"""tools/rules_sweep.py: the random-design sweep of one role's rules-of-thumb
constants plays, with the shipped values, exactly the series' all-easy game; a drawn level reaches
the chosen role's planner only; the fit recovers a planted effect; the wrapping is undone."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

from maria.players import easy, plan, plan_threats
from maria.players.tournament import play_game

_spec = importlib.util.spec_from_file_location(
    "rules_sweep", Path(__file__).resolve().parents[2] / "tools" / "rules_sweep.py"
)
sweep = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sweep)


def test_the_shipped_values_play_the_plain_all_easy_game_and_the_wrapping_is_undone():
    before = (
        plan_threats.Threats.defence_value,
        plan.Planner.position_value,
        plan.Planner.combat_value,
        easy.Rules.fill_recruit,
    )
    plain = play_game("intro", 3, 240003, {r: "easy" for r in ("maria_theresa", "frederick", "louis_xv")})
    with sweep.installed():
        got = sweep.play_one("intro", "maria_theresa", "defender", 240003, default=True)
        drawn = sweep.play_one("intro", "maria_theresa", "defender", 300001)
    assert got["winner"] == plain.state["result"]["winner"] and got["P"] == {} and got["error"] is None
    assert drawn["error"] is None and set(drawn["P"]) == set(sweep.SETS["defender"])
    assert (
        plan_threats.Threats.defence_value,
        plan.Planner.position_value,
        plan.Planner.combat_value,
        easy.Rules.fill_recruit,
    ) == before


def test_the_fit_recovers_a_planted_effect_and_not_a_placebo():
    rows = []
    for seed in range(600):
        rng = random.Random(seed)
        p = {n: rng.choice(v) for n, v in sweep.SETS["defender"].items()}
        won = p["cover"] == 2 or rng.random() < 0.1
        rows.append({"seed": seed, "winner": "maria_theresa" if won else "louis_xv", "P": p, "error": None})
    text = "\n".join(sweep.fit(rows, "maria_theresa"))
    line = next(x for x in text.splitlines() if "cover=2" in x)
    assert float(line.split()[-2]) > 50
    placebo = [x for x in text.splitlines() if "tpull=" in x]
    assert placebo and all(abs(float(x.split()[-2])) < 10 for x in placebo)
