"""Hard's exposure setting (levels.HARD.exposed_roles, plan.EXPOSED): in the advanced game a general
removed in combat costs his power a VP (R16.1), so the planner of a role named there weighs what
each general's end city risks in the enemy stages before the role moves again (R5.1).  Hard uses
it for Frederick in the 3-player advanced game.  Only while a hard player decides: easy keeps the
plain rule."""

from __future__ import annotations

from pathlib import Path

import dataclasses
import random


from maria.players import levels, make_player
from maria.players.levels import HARD
from maria.players.plan import EXPOSED, EXPOSE_REMOVED, Planner
from maria.players.resample import observe
from maria.games.maria.rules import door
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.state import board_info
from tests import yamlc

FIXTURES = Path(__file__).parent / "fixtures"


def _state() -> dict:
    return yamlc.load((FIXTURES / "adv3p_turn2_maria_theresa_movement.yaml").read_text(encoding="utf-8"))


def _exposed_end(st) -> tuple[str, str]:
    """An Austrian general and a city near him where a stronger enemy stack could reach and
    remove him before Maria Theresa moves again."""
    info = board_info(st)
    pl = Planner(st, info, "maria_theresa")
    for gid, g in sorted(pl.gens.items()):
        if g["power"] != "austria":
            continue
        for city, k in sorted(info.dist_from(g["city"]).items()):
            if not 1 <= k <= 3 or st["city_generals"].get(city):
                continue
            cards = pl.hand_strength(pl.card_power(gid, city), city)  # as combat_value counts them
            if pl.exposure(gid, city, g["troops"], cards, set()) >= EXPOSE_REMOVED:
                return gid, city
    raise AssertionError("no exposed end city in the fixture")


def test_R16_1_hard_maria_theresa_weighs_a_general_left_within_reach_of_a_stronger_stack():
    st = _state()
    gid, city = _exposed_end(st)
    off = Planner(st, board_info(st), "maria_theresa").combat_value(gid, city)
    token = EXPOSED.set(frozenset({"maria_theresa"}))
    try:
        on = Planner(st, board_info(st), "maria_theresa").combat_value(gid, city)
        # another role's planner is untouched by her setting
        pr = next(
            g
            for g, x in sorted(st["generals"].items())
            if x["power"] == "prussia" and x["in_play"] and x["city"] in board_info(st).playable
        )
        pc = st["generals"][pr]["city"]
        fred_on = Planner(st, board_info(st), "frederick").combat_value(pr, pc)
    finally:
        EXPOSED.reset(token)
    assert on < off - 1.0
    assert fred_on == Planner(st, board_info(st), "frederick").combat_value(pr, pc)
    assert R.major_of(st, st["generals"][gid]["power"]) == "austria"


def _exposed_for(*roles: str):
    """A context in which the planners of `roles` use the exposure rule (as hard sets it)."""
    import contextlib

    @contextlib.contextmanager
    def ctx():
        token = EXPOSED.set(frozenset(roles))
        try:
            yield
        finally:
            EXPOSED.reset(token)

    return ctx()


def test_only_hard_sets_the_exposure_and_only_while_it_decides(monkeypatch):
    monkeypatch.setitem(
        levels.SEARCHED_LEVELS, "hard", dataclasses.replace(HARD, exposed_roles={"advanced-3": ("maria_theresa",)})
    )
    st = _state()
    seen = []
    orig = Planner.exposure

    def spy(self, *a, **k):
        seen.append((self.role, EXPOSED.get()))
        return orig(self, *a, **k)

    monkeypatch.setattr(Planner, "exposure", spy)
    legal = door.legal_actions(st, "maria_theresa")
    make_player("easy", 3).choose(observe(st, "maria_theresa"), legal, "maria_theresa")
    assert seen == []  # easy keeps the plain rule
    hard = make_player("hard", 3)
    hard.choose(observe(st, "maria_theresa"), legal, "maria_theresa")
    assert seen and all(r == "maria_theresa" and e == frozenset({"maria_theresa"}) for r, e in seen)
    assert EXPOSED.get() == frozenset()  # reset when the decision is made


def test_the_setting_names_a_variant_and_player_count(monkeypatch):
    """{"advanced-3": ...} is the 3-player advanced game only; {"advanced": ...} both counts."""
    from maria.players.search import SearchPlayer

    monkeypatch.setattr(SearchPlayer, "_choose", lambda self, obs, legal, role, rng=None: EXPOSED.get())
    # (no leader measure: these observations hold only the game's variant and player count)
    three = SearchPlayer(
        dataclasses.replace(HARD, exposed_roles={"advanced-3": ("maria_theresa",)}, leader_roles={}), 1
    )
    assert three.choose({"variant": "advanced", "players": 3}, [], "maria_theresa") == {"maria_theresa"}
    assert three.choose({"variant": "advanced", "players": 2}, [], "maria_theresa") == frozenset()
    # another role's decision: its play-outs model her with the plain rules
    assert three.choose({"variant": "advanced", "players": 3}, [], "louis_xv") == frozenset()
    assert three.choose({"variant": "intro", "players": 3}, [], "maria_theresa") == frozenset()
    both = SearchPlayer(dataclasses.replace(HARD, exposed_roles={"advanced": ("maria_theresa",)}, leader_roles={}), 1)
    assert both.choose({"variant": "advanced", "players": 2}, [], "maria_theresa") == {"maria_theresa"}
    assert EXPOSED.get() == frozenset()


def test_the_shipped_setting_is_frederick_in_the_three_player_advanced_game():
    assert dict(HARD.exposed_roles) == {"advanced-3": ("frederick",)}
    assert make_player("hard", 1).config is HARD
    assert dict(make_player("normal", 1).config.exposed_roles) == {}


def test_R16_1_hard_frederick_weighs_a_prussian_general_left_within_reach_of_a_stronger_stack():
    """Every power of the role: a Prussian general ending next to where Austria's bigger stack can
    reach him before Prussia's next stage is worth less to hard Frederick's planner."""
    st = _state()
    info = board_info(st)
    karl = st["generals"]["karl"]
    pr = next(
        g
        for g, x in sorted(st["generals"].items())
        if x["power"] == "prussia" and x["in_play"] and x["city"] in info.playable
    )
    pl = Planner(st, info, "frederick")
    st["generals"][pr]["troops"] = 1  # a lone weak general ...
    city = next(
        c for c, k in sorted(info.dist_from(karl["city"]).items()) if k == 3 and not st["city_generals"].get(c)
    )  # ... three cities from Karl
    off = Planner(st, info, "frederick").combat_value(pr, city)
    token = EXPOSED.set(frozenset({"frederick"}))
    try:
        on = Planner(st, info, "frederick").combat_value(pr, city)
    finally:
        EXPOSED.reset(token)
    assert karl["troops"] > 1 and pl.enemy_of("austria", "prussia")
    assert on < off - 1.0


def test_R8_4_hard_frederick_with_the_exposure_reads_only_his_view(monkeypatch):
    """A new decision path sees only its role's view.  Two games that differ only in
    which cards Austria holds and which lie in the draw deck (R8.4: hidden from Frederick) give
    hard Frederick the same view and the same choice for the Pragmatic Army, with the exposure
    rule doing part of the planning."""
    import copy

    st = yamlc.load((FIXTURES / "adv3p_turn1_pragmatic_army_movement.yaml").read_text(encoding="utf-8"))
    other = copy.deepcopy(st)
    hand, draw = other["cards"]["hands"]["austria"], other["cards"]["draw"]
    k = min(len(hand), len(draw), 3)
    hand[:k], draw[:k] = draw[:k], hand[:k]
    assert k and hand != st["cards"]["hands"]["austria"]
    assert observe(st, "frederick") == observe(other, "frederick")
    legal = door.legal_actions(st, "frederick")
    assert legal == door.legal_actions(other, "frederick") and len(legal) > 1
    seen = []
    orig = Planner.exposure
    monkeypatch.setattr(Planner, "exposure", lambda self, *a: seen.append(self.role) or orig(self, *a))
    a = make_player("hard", 7).choose(observe(st, "frederick"), legal, "frederick")
    b = make_player("hard", 7).choose(observe(other, "frederick"), legal, "frederick")
    assert a == b and "frederick" in seen


def test_R11_4_R13_3_maria_theresa_keeps_a_lone_general_out_of_reach_of_a_stronger_stack(monkeypatch):
    """Introductory game, Austria's first movement: Friedrich + Schwerin (12) stand at Ohlau.  The
    plain rule force-marches Karl (4) from Bruenn to Zuckmantel, 4 cities from them (a general
    moves 3, 4 on main roads, R10.2, and then attacks, R11.1), where they remove him in turn 2
    (R11.4: all his troops).  With the exposure rule he ends beyond their reach."""
    from maria.players import plan_trains

    # the exposure rule alone: with the raid's pull (plan_trains.RAID) Karl heads for the
    # Prussian train at Glogau and ends at Habelschwert, 4 from Ohlau
    monkeypatch.setattr(plan_trains, "RAID", {})
    s = yamlc.load((FIXTURES / "intro3p_turn1_austrian_movement.yaml").read_text(encoding="utf-8"))
    info = board_info(s)
    assert s["generals"]["karl"]["city"] == "bruenn" and s["generals"]["karl"]["troops"] == 4
    assert s["city_generals"]["ohlau"] == ["friedrich", "schwerin"]
    _, plain = Planner(s, info, "maria_theresa").best_general_move("karl", True)
    with _exposed_for("maria_theresa"):
        _, move = Planner(s, info, "maria_theresa").best_general_move("karl", True)
    end = move["path"][-1] if move else "bruenn"
    assert info.dist_from(plain["path"][-1])["ohlau"] <= 4
    assert info.dist_from(end)["ohlau"] > 4


def test_R6_1_the_rules_of_thumb_with_the_exposure_unite_two_generals_the_invader_would_beat_one_by_one(monkeypatch):
    """Karl (7) at Bruenn and Neipperg (7) at Troppau, Friedrich + Schwerin (12) at Neisse, hands
    empty.  The plain rules of thumb send each general on his own within the Prussians' reach;
    with the exposure rule they end in one stack (R6.1) that the 12 cannot beat."""
    from maria.players import plan_trains
    from maria.players.stage_plans import rules_plan
    from tests.players.test_defence_plans import _moravian_position

    # the exposure rule alone: with the raid's pull the two head for the Prussian train
    monkeypatch.setattr(plan_trains, "RAID", {})
    _, plain = rules_plan(_moravian_position(), "maria_theresa", random.Random(1))
    with _exposed_for("maria_theresa"):
        _, end = rules_plan(_moravian_position(), "maria_theresa", random.Random(1))
    assert plain["generals"]["karl"]["city"] != plain["generals"]["neipperg"]["city"]
    assert end["generals"]["karl"]["city"] == end["generals"]["neipperg"]["city"]
