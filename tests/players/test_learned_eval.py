"""The trained evaluation: features of a state
(maria.players.features), weights fitted to self-play outcomes (maria.lab.train_eval) and
shipped as data (maria/players/data/learned_eval.yaml), loaded with the guarded loader and validated
(maria.players.learned), used by hard for the roles in its learned_roles (maria.players.levels)."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from maria.lab import train_eval
from maria.players import learned, make_player
from maria.players.features import NAMES, features
from maria.players.resample import observe
from maria.games.maria.rules import door
from maria.games.maria.rules.state import board_info
from maria.games.maria.rules.victory import FREDERICK_TARGET, LOUIS_TARGET, counts
from tests import yamlc

FIXTURES = Path(__file__).parent / "fixtures"


def _austrian_fortresses(state) -> list[str]:
    info = board_info(state)
    return [c for c in info.fortresses() if info.home_of(c) == "austria"]


def _turn1() -> dict:
    return yamlc.load((FIXTURES / "intro3p_turn1_austrian_movement.yaml").read_text(encoding="utf-8"))


def _turn1_with_hidden_hands_changed() -> tuple[dict, dict]:
    """Two copies of the turn-1 position; in the second, four of Prussia's cards are swapped with
    France's four (R8.4: hidden from Austria): the same hand sizes, other cards."""
    a, b = _turn1(), _turn1()
    hp, hf = b["cards"]["hands"]["prussia"], b["cards"]["hands"]["france"]
    hp[:4], hf[:] = list(hf), hp[:4]
    assert hp != a["cards"]["hands"]["prussia"] and sorted(hp + hf) == sorted(
        a["cards"]["hands"]["prussia"] + a["cards"]["hands"]["france"]
    )
    return a, b


def test_every_feature_is_named_and_turn_1_starts_with_the_fortresses_the_victory_check_counts():
    s = _turn1()
    row = features(s)
    assert len(row) == len(NAMES) and all(math.isfinite(x) for x in row)
    f = dict(zip(NAMES, row))
    n = counts(s, board_info(s))  # R14.3, as the victory check counts
    assert f["bias"] == 1.0 and f["france_held"] == 0 == n["france"]
    assert f["prussia_held"] == pytest.approx(n["prussia"] / FREDERICK_TARGET)
    assert f["austria_troops"] > 0 and f["france_troops"] > 0 and f["prussia_troops"] > 0
    assert f["stage_austria"] == 1.0 and f["stage_france"] == f["stage_prussia"] == 0.0
    assert f["turns_left"] == pytest.approx((9 - 1 + 0.25) / 9)  # Austria acts last (R5.1)


def test_R14_3_a_fortress_france_takes_counts_in_its_held_share():
    s = _turn1()
    before = dict(zip(NAMES, features(s)))
    for c in _austrian_fortresses(s)[:3]:
        s["markers"][c] = "france"
    f = dict(zip(NAMES, features(s)))
    assert f["france_held"] == pytest.approx(3 / LOUIS_TARGET)
    assert f["prussia_held"] == before["prussia_held"]


def test_the_shipped_weights_load_and_name_the_features_in_order():
    models = learned.load()
    assert set(models) == {"intro-2", "intro-3", "advanced-2", "advanced-3"}
    for key, m in models.items():
        assert m["features"] == list(learned.names(key.rsplit("-", 1)[0]))
        assert m["fit"]["test"]["log_loss"] < m["fit"]["test"]["prior_log_loss"], key
    assert models["intro-3"]["features"] == list(NAMES)


def test_R14_3_the_trained_model_rates_france_near_its_nine_as_louis_xvs_game():
    s = _turn1()
    before = {r: learned.value(s, r) for r in ("louis_xv", "maria_theresa")}
    for c in _austrian_fortresses(s)[: LOUIS_TARGET - 1]:
        s["markers"][c] = "france"
    after = {r: learned.value(s, r) for r in ("louis_xv", "maria_theresa")}
    assert after["louis_xv"] > before["louis_xv"] + 20
    assert after["maria_theresa"] < before["maria_theresa"]


def test_a_finished_game_falls_back_to_the_heuristic_evaluation_and_each_variant_has_its_model():
    s = door.new_game("intro", 3, 7)
    s["result"] = {"winner": "frederick", "reason": "test"}
    assert learned.value(s, "frederick") is None
    assert learned.model_for(door.new_game("advanced", 3, 7)) is learned.load()["advanced-3"]
    assert learned.model_for(door.new_game("intro", 2, 7)) is learned.load()["intro-2"]


def _write(tmp_path, data) -> Path:
    p = tmp_path / "learned_eval.yaml"
    p.write_text(yamlc.dump(data), encoding="utf-8")
    return p


@pytest.mark.parametrize(
    "spoil, words",
    [
        (lambda m: m["features"].reverse(), "features must be exactly"),
        (lambda m: m["weights"]["frederick"].__setitem__(3, float("nan")), "weights of 'frederick' must be"),
        (lambda m: m["classes"].append("tie"), "classes must be"),
        (lambda m: m["weights"].pop("louis_xv"), "one list per class"),
    ],
)
def test_a_tampered_weights_file_is_refused_naming_the_file_and_the_model(tmp_path, spoil, words):
    data = {"models": {"intro-3": dict(learned.load()["intro-3"])}}
    m = data["models"]["intro-3"] = yamlc.load(yamlc.dump(data["models"]["intro-3"]))
    spoil(m)
    with pytest.raises(learned.LearnedDataError) as e:
        learned.load(_write(tmp_path, data))
    assert "learned_eval.yaml: model 'intro-3'" in str(e.value) and words in str(e.value)


def test_a_weights_file_that_is_not_yaml_is_refused_with_its_name(tmp_path):
    p = tmp_path / "learned_eval.yaml"
    p.write_text("models: [unclosed", encoding="utf-8")
    with pytest.raises(learned.LearnedDataError, match="learned_eval.yaml: cannot be read"):
        learned.load(p)


def test_the_fit_finds_who_wins_from_the_numbers_that_decide_it():
    """Synthetic games: Louis XV wins when France holds more than half its target, Frederick when
    Prussia does, else Maria Theresa.  The fitted model must name them on held-out rows."""
    rng = random.Random(3)
    games = []
    for seed in range(300):
        rows = []
        for _ in range(4):
            row = [rng.random() for _ in NAMES]
            row[0] = 1.0
            rows.append(row)
        fh, ph = rows[-1][NAMES.index("france_held")], rows[-1][NAMES.index("prussia_held")]
        w = "louis_xv" if fh > 0.5 and fh >= ph else "frederick" if ph > 0.5 else "maria_theresa"
        for row in rows:  # every row of the game tells the same story
            row[NAMES.index("france_held")], row[NAMES.index("prussia_held")] = fh, ph
        games.append({"seed": seed, "winner": w, "rows": rows})
    model = train_eval.fit(games, 3, epochs=150)
    assert model["fit"]["test"]["named"] > 0.8
    assert model["fit"]["test"]["log_loss"] < model["fit"]["test"]["prior_log_loss"] - 0.3


def test_the_store_writes_a_model_that_loads_back(tmp_path):
    p = tmp_path / "learned_eval.yaml"
    learned.store("intro-3", learned.load()["intro-3"], p)
    assert learned.load(p)["intro-3"]["weights"] == learned.load()["intro-3"]["weights"]


def test_the_trained_evaluation_reads_only_maria_theresas_view(monkeypatch):
    """A decision path sees only its role's view.  Hard with the trained evaluation
    for Maria Theresa scores resampled states built from her view: two games that differ only in
    which cards Prussia and France hold (R8.4: hidden) give her the same view and the same
    choice."""
    import dataclasses

    from maria.players import levels

    # the move-by-move search only: the whole-plan search (plan_search_roles) can be cut by the
    # wall clock on a loaded test machine, and its own view test is in test_plan_search.py
    monkeypatch.setitem(
        levels.SEARCHED_LEVELS,
        "hard",
        dataclasses.replace(levels.HARD, learned_roles={"intro": ("maria_theresa",)}, plan_search_roles={}),
    )
    a, b = _turn1_with_hidden_hands_changed()
    va, vb = observe(a, "maria_theresa"), observe(b, "maria_theresa")
    assert va == vb
    acts = door.legal_actions(a, "maria_theresa")
    assert acts == door.legal_actions(b, "maria_theresa") and len(acts) > 1
    pa, pb = make_player("hard", 5, clock=False), make_player("hard", 5, clock=False)  # the counts alone
    calls = []
    orig = learned.value
    monkeypatch.setattr(learned, "value", lambda st, r: calls.append(r) or orig(st, r))
    assert pa.choose(va, acts, "maria_theresa") == pb.choose(vb, acts, "maria_theresa")
    assert calls and set(calls) == {"maria_theresa"}  # the trained evaluation did the scoring


def test_a_setting_for_one_player_count_leaves_the_other_on_the_heuristic(monkeypatch):
    """learned_roles may name "intro-2" (2 players only) as well as "intro" (both)."""
    import dataclasses

    from maria.players.evaluate import evaluate
    from maria.players.levels import HARD
    from maria.players.search import SearchPlayer

    two = yamlc.load((FIXTURES / "intro2p_turn9_french_movement.yaml").read_text(encoding="utf-8"))
    three = _turn1()
    p = SearchPlayer(dataclasses.replace(HARD, learned_roles={"intro-2": ("maria_theresa",)}), 1)
    assert p._evaluate(two, "maria_theresa") == pytest.approx(learned.value(two, "maria_theresa"))
    assert p._evaluate(three, "maria_theresa") == pytest.approx(evaluate(three, "maria_theresa"))
    assert p._evaluate(two, "coalition") == pytest.approx(evaluate(two, "coalition"))
    both = SearchPlayer(dataclasses.replace(HARD, learned_roles={"intro": ("maria_theresa",)}), 1)
    assert both._evaluate(three, "maria_theresa") == pytest.approx(learned.value(three, "maria_theresa"))
    assert learned.value(three, "maria_theresa") != pytest.approx(evaluate(three, "maria_theresa"))


def test_the_training_games_are_played_without_the_clock_so_a_seed_remakes_its_rows(monkeypatch):
    """train_eval.play_one's players are made with clock=False: a hard seat is then
    bound by its counts alone and the rows of a seed do not depend on the machine's load."""
    import maria.players as P

    made = []
    real = P.make_player

    def spy(level, seed=0, budget=None, clock=True):
        made.append((level, clock))
        return real(level, seed, budget, clock)

    monkeypatch.setattr(P, "make_player", spy)
    g = train_eval.play_one("intro", 3, 5, {"maria_theresa": "easy", "frederick": "easy", "louis_xv": "easy"})
    assert made == [("easy", False)] * 3
    assert g["rows"] and all(len(r) == len(NAMES) for r in g["rows"])


def test_her_whole_plan_search_scores_its_play_outs_with_the_trained_evaluation_from_her_view(monkeypatch):
    """Hard's learned_roles "intro-3" with its plan_search_roles: her whole-plan search in the 3-player
    introductory game ends its play-outs with the trained
    evaluation, for her alone, on states resampled from her view: two games that differ only in
    hidden hands (R8.4) give the same plan.  Without the clock, so the counts end the search."""
    from maria.players import plan_search
    from maria.players.levels import HARD

    assert HARD.learned_roles.get("intro-3") == ("maria_theresa",)
    a, b = _turn1_with_hidden_hands_changed()
    assert observe(a, "maria_theresa") == observe(b, "maria_theresa")
    calls, searched = [], []
    orig, orig_search = learned.value, plan_search.search_plans
    monkeypatch.setattr(learned, "value", lambda st, r: calls.append(r) or orig(st, r))
    monkeypatch.setattr(plan_search, "search_plans", lambda *x, **kw: searched.append(x[2]) or orig_search(*x, **kw))
    # fewer plans (a swap, a stack, a stay beside the rules-of-thumb plan; their halving ends the
    # search sooner): the same view, the same plan
    monkeypatch.setattr(plan_search, "SIZES", {"intro": (1, 1, 1)})
    choices = []
    for s in (a, b):
        p = make_player("hard", 5, clock=False)
        choices.append(p.choose(observe(s, "maria_theresa"), door.legal_actions(s, "maria_theresa"), "maria_theresa"))
    assert choices[0] == choices[1]
    assert searched == ["maria_theresa", "maria_theresa"]
    assert calls and set(calls) == {"maria_theresa"}
