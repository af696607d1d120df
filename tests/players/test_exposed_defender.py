"""Hard's exposure setting (players.EXPOSED_ROLES, plan.EXPOSED; issue 21, session 19): in the
advanced game a general removed in combat costs his power a VP (R16.1), so the planner of a role
named there weighs what each general's end city risks in the enemy stages before the role moves
again (R5.1).  Shipped for Frederick in the 3-player advanced game; measured and off for Maria
Theresa.  Only while a hard player decides: easy keeps the plain rule."""

from __future__ import annotations

from pathlib import Path

import yaml

import maria.players as players
from maria.players import make_player, plan
from maria.players.plan import EXPOSED, EXPOSE_REMOVED, Planner
from maria.players.resample import observe
from maria.games.maria.rules import door
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.state import board_info

FIXTURES = Path(__file__).parent / "fixtures"


def _state() -> dict:
    return yaml.safe_load((FIXTURES / "adv3p_turn2_maria_theresa_movement.yaml").read_text(encoding="utf-8"))


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
            cards = pl.hand_strength(pl.card_power(gid, city), city)      # as combat_value counts them
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
        pr = next(g for g, x in sorted(st["generals"].items()) if x["power"] == "prussia" and x["in_play"]
                  and x["city"] in board_info(st).playable)
        pc = st["generals"][pr]["city"]
        fred_on = Planner(st, board_info(st), "frederick").combat_value(pr, pc)
    finally:
        EXPOSED.reset(token)
    assert on < off - 1.0
    assert fred_on == Planner(st, board_info(st), "frederick").combat_value(pr, pc)
    assert R.major_of(st, st["generals"][gid]["power"]) == "austria"


def test_only_hard_sets_the_exposure_and_only_while_it_decides(monkeypatch):
    monkeypatch.setattr(players, "EXPOSED_ROLES", {"advanced-3": ("maria_theresa",)})
    st = _state()
    seen = []
    orig = Planner.exposure

    def spy(self, *a, **k):
        seen.append((self.role, EXPOSED.get()))
        return orig(self, *a, **k)
    monkeypatch.setattr(Planner, "exposure", spy)
    legal = door.legal_actions(st, "maria_theresa")
    make_player("easy", 3).choose(observe(st, "maria_theresa"), legal, "maria_theresa")
    assert seen == []                                   # easy keeps the plain rule
    hard = make_player("hard", 3)
    assert hard.exposed_roles == {"advanced-3": ("maria_theresa",)}
    hard.choose(observe(st, "maria_theresa"), legal, "maria_theresa")
    assert seen and all(r == "maria_theresa" and e == frozenset({"maria_theresa"}) for r, e in seen)
    assert EXPOSED.get() == frozenset()                 # reset when the decision is made
    assert plan.EXPOSURE is False                       # the introductory switch stays off


def test_the_setting_names_a_variant_and_player_count(monkeypatch):
    """{"advanced-3": ...} is the 3-player advanced game only; {"advanced": ...} both counts."""
    from maria.players.search import SearchPlayer
    monkeypatch.setattr(SearchPlayer, "_choose", lambda self, obs, legal, role, rng=None: EXPOSED.get())
    three = SearchPlayer("hard", 1, exposed_roles={"advanced-3": ("maria_theresa",)})
    assert three.choose({"variant": "advanced", "players": 3}, [], "maria_theresa") == {"maria_theresa"}
    assert three.choose({"variant": "advanced", "players": 2}, [], "maria_theresa") == frozenset()
    # another role's decision: its play-outs model her with the plain rules
    assert three.choose({"variant": "advanced", "players": 3}, [], "louis_xv") == frozenset()
    assert three.choose({"variant": "intro", "players": 3}, [], "maria_theresa") == frozenset()
    both = SearchPlayer("hard", 1, exposed_roles={"advanced": ("maria_theresa",)})
    assert both.choose({"variant": "advanced", "players": 2}, [], "maria_theresa") == {"maria_theresa"}
    assert EXPOSED.get() == frozenset()


def test_the_shipped_setting_is_frederick_in_the_three_player_advanced_game():
    assert players.EXPOSED_ROLES == {"advanced-3": ("frederick",)}
    assert make_player("hard", 1).exposed_roles == players.EXPOSED_ROLES
    assert make_player("normal", 1).exposed_roles == {}


def test_R16_1_hard_frederick_weighs_a_prussian_general_left_within_reach_of_a_stronger_stack():
    """Every power of the role: a Prussian general ending next to where Austria's bigger stack can
    reach him before Prussia's next stage is worth less to hard Frederick's planner."""
    st = _state()
    info = board_info(st)
    karl = st["generals"]["karl"]
    pr = next(g for g, x in sorted(st["generals"].items()) if x["power"] == "prussia" and x["in_play"]
              and x["city"] in info.playable)
    pl = Planner(st, info, "frederick")
    st["generals"][pr]["troops"] = 1                    # a lone weak general ...
    city = next(c for c, k in sorted(info.dist_from(karl["city"]).items())
                if k == 3 and not st["city_generals"].get(c))      # ... three cities from Karl
    off = Planner(st, info, "frederick").combat_value(pr, city)
    token = EXPOSED.set(frozenset({"frederick"}))
    try:
        on = Planner(st, info, "frederick").combat_value(pr, city)
    finally:
        EXPOSED.reset(token)
    assert karl["troops"] > 1 and pl.enemy_of("austria", "prussia")
    assert on < off - 1.0


def test_R8_4_hard_frederick_with_the_exposure_reads_only_his_view(monkeypatch):
    """Issue 21: a new decision path sees only its role's view.  Two games that differ only in
    which cards Austria holds and which lie in the draw deck (R8.4: hidden from Frederick) give
    hard Frederick the same view and the same choice for the Pragmatic Army, with the exposure
    rule doing part of the planning."""
    import copy
    st = yaml.safe_load((FIXTURES / "adv3p_turn1_pragmatic_army_movement.yaml").read_text(encoding="utf-8"))
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
