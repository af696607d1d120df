"""The advanced game's trained evaluation: the
numbers it reads of a state (maria.players.features_advanced: the race of the victory-marker pools,
R23.1), the models keyed "advanced-2" / "advanced-3" in maria/players/data/learned_eval.yaml, validated
like the introductory game's, and hard's use of them only through its role's view."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from maria.lab import train_eval
from maria.players import features_advanced as FA
from maria.players import learned
from maria.games.maria.rules import door
from tests import yamlc

FIXTURES = Path(__file__).parent / "fixtures"


def _turn2() -> dict:
    return yamlc.load((FIXTURES / "adv3p_turn2_maria_theresa_movement.yaml").read_text(encoding="utf-8"))


def test_every_advanced_feature_is_named_finite_and_reads_the_pools_of_R4_5():
    s = _turn2()
    f = dict(zip(FA.NAMES, FA.features(s)))
    assert len(f) == len(FA.NAMES) and all(math.isfinite(x) for x in f.values())
    pools = s["adv"]["pools"]
    assert f["france_pool"] == pytest.approx(pools["france"] / 10, abs=0.2)
    assert f["austria_close"] == pytest.approx(3 / (pools["austria"] + 3), abs=0.1)
    assert f["stage_austria"] == 1.0 and f["stage_france"] == f["stage_prussia"] == 0.0
    assert f["austria_troops"] > 0 and f["france_troops"] > 0 and f["prussia_troops"] > 0


def test_R23_1_a_marker_out_of_frances_pool_brings_its_closeness_up():
    s = _turn2()
    before = dict(zip(FA.NAMES, FA.features(s)))
    s["adv"]["pools"]["france"] -= 2
    s["adv"]["battle"]["france"] += 2  # R16.3: the markers are in its battle boxes
    after = dict(zip(FA.NAMES, FA.features(s)))
    assert after["france_close"] > before["france_close"]
    assert after["france_pool"] == pytest.approx(before["france_pool"] - 0.2)
    assert after["austria_close"] == before["austria_close"]


def test_R24_2_6_an_advanced_two_player_model_has_no_tie_class():
    assert learned.classes(2, "advanced") == ["coalition", "maria_theresa"]
    assert learned.classes(2, "intro")[-1] == "tie"
    assert learned.names("advanced") == FA.NAMES


def _synthetic(n: int, seed: int) -> list[dict]:
    """Games in which the power whose pool is nearest empty at the end wins (R23.1)."""
    rng = random.Random(seed)
    i = {k: FA.NAMES.index(k) for k in ("france_close", "prussia_close", "austria_close")}
    who = {"france_close": "louis_xv", "prussia_close": "frederick", "austria_close": "maria_theresa"}
    games = []
    for g in range(n):
        rows = []
        for _ in range(4):
            row = [rng.random() for _ in FA.NAMES]
            row[0] = 1.0
            rows.append(row)
        best = max(i, key=lambda k: rows[-1][i[k]])
        for row in rows:
            for k, j in i.items():
                row[j] = rows[-1][j]
        games.append({"seed": g, "winner": who[best], "rows": rows})
    return games


def test_the_fit_names_the_winner_of_the_pool_race_on_held_out_games():
    model = train_eval.fit(_synthetic(300, 4), 3, epochs=150, variant="advanced")
    assert model["features"] == list(FA.NAMES)
    assert model["fit"]["test"]["named"] > 0.8
    assert model["fit"]["test"]["log_loss"] < model["fit"]["test"]["prior_log_loss"] - 0.3


def test_an_advanced_model_stores_loads_and_scores_an_advanced_state(tmp_path):
    p = tmp_path / "learned_eval.yaml"
    model = train_eval.fit(_synthetic(120, 5), 3, epochs=60, variant="advanced")
    learned.store("advanced-3", model, p)
    got = learned.load(p)["advanced-3"]
    assert got["weights"] == model["weights"]
    s = _turn2()
    row = FA.features(s)
    probs = learned.probabilities(got, row)
    assert len(probs) == 3 and sum(probs) == pytest.approx(1.0)


@pytest.mark.parametrize(
    "spoil, words",
    [
        (lambda m: m["features"].reverse(), "features must be exactly"),
        (lambda m: m["weights"]["frederick"].append(1.0), "weights of 'frederick' must be"),
        (lambda m: m["classes"].append("tie"), "classes must be"),
    ],
)
def test_a_tampered_advanced_model_is_refused_naming_the_file_and_the_model(tmp_path, spoil, words):
    model = yamlc.load(yamlc.dump(train_eval.fit(_synthetic(60, 6), 3, epochs=5, variant="advanced")))
    spoil(model)
    p = tmp_path / "learned_eval.yaml"
    p.write_text(yamlc.dump({"models": {"advanced-3": model}}), encoding="utf-8")
    with pytest.raises(learned.LearnedDataError) as e:
        learned.load(p)
    assert "learned_eval.yaml: model 'advanced-3'" in str(e.value) and words in str(e.value)


def test_the_advanced_training_rows_are_taken_at_every_stage_of_a_turn():
    g = train_eval.play_one("advanced", 3, 11, {r: "easy" for r in ("maria_theresa", "frederick", "louis_xv")})
    assert g["rows"] and all(len(r) == len(FA.NAMES) for r in g["rows"])
    stages = {tuple(r[-3:]) for r in g["rows"]}
    assert (1.0, 0.0, 0.0) in stages and (0.0, 0.0, 1.0) in stages and (0.0, 0.0, 0.0) in stages
    assert g["winner"] in ("maria_theresa", "frederick", "louis_xv")
    assert door.new_game("advanced", 3, 11)["variant"] == "advanced"


def _coalition_movement(seed: int = 3) -> dict:
    """An advanced 2-player game played by easy players up to the coalition's first movement
    decision with a real choice (several moves that are not templates)."""
    from maria.players import decide, make_player
    from maria.players.search import plain_choices

    st = door.new_game("advanced", 2, seed)
    ps = {r: make_player("easy", seed + i) for i, r in enumerate(("coalition", "maria_theresa"))}
    for _ in range(3000):
        r = door.active_roles(st)[0]
        if (
            r == "coalition"
            and st["flow"][-1]["name"] == "movement_phase"
            and len(plain_choices(door.legal_actions(st, r))) > 3
        ):
            return st
        st = door.look_ahead(st, r, decide(st, r, ps[r]), in_place=True)
    raise AssertionError("no coalition movement decision")


def test_R8_4_hard_coalition_with_the_trained_evaluation_reads_only_its_view(monkeypatch):
    """A decision path sees only its role's view.  Hard as the coalition (the
    2-player advanced game, hard's learned_roles) scores resampled states built from its view: two
    games that differ only in which cards Austria holds and which lie in the draw deck (R8.4:
    hidden) give it the same view and the same choice, and the trained evaluation did the scoring."""
    import copy

    from maria.players import make_player
    from maria.players.levels import HARD
    from maria.players.resample import observe

    assert dict(HARD.learned_roles).get("advanced-2") == ("coalition",)
    a = _coalition_movement()
    b = copy.deepcopy(a)
    hand, draw = b["cards"]["hands"]["austria"], b["cards"]["draw"]
    k = min(len(hand), len(draw), 3)
    assert k > 0
    hand[:k], draw[:k] = draw[:k], hand[:k]
    assert hand != a["cards"]["hands"]["austria"]
    assert observe(a, "coalition") == observe(b, "coalition")
    acts = door.legal_actions(a, "coalition")
    assert acts == door.legal_actions(b, "coalition")
    pa, pb = make_player("hard", 5, clock=False), make_player("hard", 5, clock=False)  # the counts alone
    calls = []
    orig = learned.value
    monkeypatch.setattr(learned, "value", lambda st, r: calls.append(r) or orig(st, r))
    assert pa.choose(observe(a, "coalition"), acts, "coalition") == pb.choose(
        observe(b, "coalition"), acts, "coalition"
    )
    assert calls and set(calls) == {"coalition"}
