"""The whole-move planner follows the movement and conquest rules it relies on: doubling back
(R10.2), conquest on leaving (R10.12), protection (R10.13), "?" passes (R10.15), the last turn of the
introductory game (R14.3); and the search player's halving stays inside its budget."""

from __future__ import annotations

import random
from tests import yamlc


from maria.players.plan import Planner
from maria.players.plan_threats import RACING
from maria.players.levels import Level
from maria.players.search import SearchPlayer
from maria.games.maria.rules import door
from maria.games.maria.rules import roles as R
from maria.players.resample import observe
from maria.games.maria.rules.state import board_info, controller, copy_state, rebuild_index


def _first_movement(role: str, seed: int = 3, variant: str = "intro", players: int = 3) -> dict:
    """A game (3 players unless said) at `role`'s first movement phase (easy players)."""
    from maria.players import decide, make_player

    s = door.new_game(variant, players, seed)
    p = make_player("easy", seed)
    for _ in range(800):
        if s["flow"][-1]["name"] == "movement_phase" and role in door.active_roles(s):
            return s
        r = door.active_roles(s)[0]
        s = door.apply(s, r, decide(s, r, p))
    raise AssertionError(f"{role} never moved")


def _stage_step(s: dict) -> int:
    """The turn frame's step: which stage of the turn (R5.1) the game is in."""
    return s["flow"][1]["step"]


def _french_movement(seed: int = 3) -> dict:
    return _first_movement("louis_xv", seed)


def _clear_around(s, info, city, keep):
    """Send every other general off the board within 4 cities of `city` (no protection, no combat)."""
    d = info.dist_from(city)
    for gid, g in s["generals"].items():
        if gid != keep and g["in_play"] and g["city"] is not None and d.get(g["city"], 99) <= 4:
            g["city"], g["in_play"] = None, False
    rebuild_index(s)


def test_R10_2_planner_doubles_back_through_an_enemy_fortress_and_the_engine_agrees():
    s = _french_movement()
    info = board_info(s)
    fort = "pilsen"
    assert controller(s, info, fort) == "austria"
    start = next(n for n in info.nbrs[fort] if not info.is_fortress(n))
    s["generals"]["belle_isle"].update(city=start, face_up=True, troops=8)
    _clear_around(s, info, fort, "belle_isle")
    for t in s["trains"].values():
        if t["city"] in info.nbrs[fort] or t["city"] == fort or t["city"] == start:
            t["city"], t["in_play"] = None, False
    rebuild_index(s)
    pl = Planner(s, info, "louis_xv")
    paths = pl.paths("belle_isle")
    assert [start, fort, start] in paths
    value, taken = pl.conquest_value("belle_isle", [start, fort, start])
    assert taken == {fort} and value > 0  # R10.12: leaving it takes it
    after = door.apply(
        s, "louis_xv", {"type": "move", "piece": "belle_isle", "path": [start, fort, start], "force_march": False}
    )
    assert controller(after, info, fort) == "france"
    assert after["generals"]["belle_isle"]["city"] == start


def test_R10_13_a_protected_fortress_passed_is_worth_little_unless_the_protector_can_be_beaten():
    s = _french_movement()
    info = board_info(s)
    fort = "pilsen"
    start = next(n for n in info.nbrs[fort] if not info.is_fortress(n))
    _clear_around(s, info, fort, "belle_isle")
    s["generals"]["belle_isle"].update(city=start, face_up=True, troops=8, in_play=True)
    beyond = [n for n in info.nbrs[fort] if n != start and not s["city_generals"].get(n)]
    assert beyond
    end = beyond[0]
    guard_city = next(
        (
            n
            for n in info.nbrs[end]
            if n not in (fort, start) and 1 <= info.dist_from(fort).get(n, 99) <= 3 and not s["city_generals"].get(n)
        ),
        None,
    )
    assert guard_city is not None
    s["generals"]["karl"].update(city=guard_city, in_play=True, troops=2, face_up=True)
    rebuild_index(s)
    s["cards"]["hands"]["austria"] = []
    pl = Planner(s, info, "louis_xv")
    assert pl.is_prot(fort)
    weak, _ = pl.conquest_value("belle_isle", [start, fort, end])
    s["generals"]["karl"]["troops"] = 8
    s["cards"]["hands"]["austria"] = ["1:H10", "1:D10", "1:C10", "1:S10", "1:R1"]
    strong, _ = Planner(s, info, "louis_xv").conquest_value("belle_isle", [start, fort, end])
    assert weak > strong > 0  # R10.15: beating a weak protector next to the end makes the "?" count


def test_R14_3_on_the_last_turn_the_attackers_end_city_counts_only_for_its_combats():
    s = _french_movement()
    info = board_info(s)
    pl = Planner(s, info, "louis_xv")
    gid = "belle_isle"
    here = s["generals"][gid]["city"]
    far = [c for c, k in info.dist_from(here).items() if k == 6 and not s["city_generals"].get(c)]
    early = {c: pl.position_value(gid, c) - pl.supply_value(gid, c) - pl.combat_value(gid, c) for c in far[:8]}
    assert len(set(round(v, 6) for v in early.values())) > 1  # before: nearness to targets counts
    s["turn"] = s["options"]["last_turn"]
    pl = Planner(s, info, "louis_xv")
    late = {c: pl.position_value(gid, c) - pl.supply_value(gid, c) - pl.combat_value(gid, c) for c in far[:8]}
    assert set(round(v, 6) for v in late.values()) == {0.0}


def test_hard_search_halves_candidates_and_stays_within_its_budget(monkeypatch):
    """A wall-clock search on a virtual clock (every rules-of-thumb decision costs 20 ms, every
    evaluation 5 ms): it ends within its budget with a legal whole move."""
    from tests.players.test_counted_budget import _slow_machine, _VirtualClock

    s = _french_movement(5)
    role = "louis_xv"
    p = SearchPlayer(Level(name="hard", candidates=6, samples=4, budget=0.4), 1)
    legal = door.legal_actions(s, role)
    clock = _VirtualClock(step=0.02, tail=0.005)
    _slow_machine(monkeypatch, clock)
    t0 = clock.now
    a = p.choose(observe(s, role), legal, role, random.Random(2))
    assert clock.now - t0 <= 0.4
    door.apply(s, role, a)  # a legal whole move (or done)


def test_hard_search_keeps_the_rules_of_thumb_choice_unless_a_challenger_is_clearly_better():
    """Pure noise never makes the search leave the rules-of-thumb move; a real paired gain does."""
    from maria.players import search
    from maria.players.easy import Rules

    assert not search._confident_gain([1.0, 2.0, 3.0], [1.0, 2.0, 3.0])
    assert search._confident_gain([1.1, 2.1, 3.1], [1.0, 2.0, 3.0])
    assert not search._confident_gain([1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0])
    s = _french_movement(5)
    role = "louis_xv"
    legal = door.legal_actions(s, role)
    easy = Rules(s, role, random.Random(3)).decide(legal)
    noise = random.Random(7)

    class Noisy(SearchPlayer):
        def _playout(self, st, role, rng, deadline=1e18):
            return noise.gauss(0.0, 1.0)

    # counted play-outs and no ceiling: the outcome never depends on the machine's load
    p = Noisy(Level(name="hard", candidates=6, samples=10, budget=float("inf"), playouts=60), 1)
    picks = [p.choose(observe(s, role), legal, role, random.Random(k)) for k in range(6)]
    assert sum(a == easy for a in picks) >= 5  # the sampled state may change easy's own pick


def test_hard_search_never_offers_ending_the_movement_phase_as_a_challenger():
    """Ending the phase freezes every general not yet moved; full-game rollouts showed the
    stage-end evaluation prefers it wrongly, so only the rules of thumb may end it."""
    s = _french_movement(5)
    role = "louis_xv"
    legal = door.legal_actions(s, role)
    assert any(a["type"] == "done" for a in legal)
    p = SearchPlayer(Level(name="hard", candidates=6, samples=4, budget=1.0), 1)
    plain = [a for a in legal if a["type"] not in ("undo", "transfer")]
    moving = next(a for a in plain if a["type"] == "move")
    cands = p._move_candidates(s, role, plain, moving)
    assert len(cands) > 1 and all(a["type"] != "done" for a in cands)
    done = next(a for a in plain if a["type"] == "done")
    assert p._move_candidates(s, role, plain, done)[0] == done  # easy's own choice stays


def _fixture(name: str) -> dict:
    from pathlib import Path

    return yamlc.load((Path(__file__).parent / "fixtures" / name).read_text(encoding="utf-8"))


def test_R10_15_R11_4_two_french_generals_split_to_complete_a_question_pass_and_win():
    """2-player game 30058, turn 9 (easy coalition against random Austria; recorded when the easy
    player still lost this game): Belle-Isle and Broglie stand stacked at Melk, France holds 7
    fortresses, Prussia 13.  Wien and St. Poelten are protected by Khevenhueller (4, Hollabrunn) and
    Karl + Batthyany (9, Bruck a.d. Leitha).  The winning plan: one general leaves both fortresses
    with a "?" and ends next to Khevenhueller, the other ends next to Bruck (a path that does not
    pass the first one's end city, where stacking would stop him, R10.4); both must win by enough
    that the protectors are removed or retreat out of protection range (R11.4, R10.13), and the two
    "?" become conquests after the combats (R12.1): France 9, the coalition wins (R24.1.2)."""
    from maria.players.easy import Rules
    from maria.games.maria.rules.victory import counts

    s = _fixture("intro2p_turn9_french_movement.yaml")
    info = board_info(s)
    assert counts(s, info) == {"france": 7, "prussia": 13}
    pl = Planner(s, info, "coalition")
    assert pl.protectors("wien") == ["bruck_leitha", "hollabrunn"]
    first = Rules(s, "coalition", random.Random(1)).decide(door.legal_actions(s, "coalition"))
    assert first["type"] == "move" and {"wien", "st_poelten"} <= set(first["path"][:-1])
    assert "hollabrunn" in info.nbrs[first["path"][-1]]  # he takes the far protector
    s = door.apply(s, "coalition", first)
    assert set(s["qmarks"]) == {"wien", "st_poelten"}
    second = Rules(s, "coalition", random.Random(1)).decide(door.legal_actions(s, "coalition"))
    assert second["type"] == "move" and "bruck_leitha" in info.nbrs[second["path"][-1]]
    # play the rest of France's action stage with the rules of thumb on both sides
    for _ in range(300):
        if door.is_over(s) or "prussia" in s["flow"][-1].get("powers", []):
            break
        r = door.active_roles(s)[0]
        s = door.apply(s, r, Rules(s, r, random.Random(2)).decide(door.legal_actions(s, r)))
    assert s["result"] is not None and s["result"]["winner"] == "coalition"
    assert counts(s, info)["france"] == 9


def test_R10_1_a_general_far_from_every_target_still_marches_towards_the_nearest():
    """2-player game 20003, turn 8 (easy coalition against random Austria; recorded with an
    earlier player, who tied this game): Belle-Isle (8) stands at Beraun, deep in conquered
    Bohemia; France holds 8 fortresses and its last targets (Bruenn, St. Poelten, Wien) are 9-10
    cities away.  The pull towards a target used to stop at 8 cities, so every move scored the same
    as staying and he stood there from turn 5 to the end.  Now he marches towards them."""
    from maria.players.easy import Rules

    s = _fixture("intro2p_turn8_belle_isle_far_from_targets.yaml")
    info = board_info(s)
    g = s["generals"]["belle_isle"]
    assert g["city"] == "beraun"
    pl = Planner(s, info, "coalition")
    targets = pl.targets("france")
    assert set(targets) == {"bruenn", "st_poelten", "wien"}

    def near(city: str) -> int:
        return min(info.dist_from(city)[t] for t in targets)

    assert near("beraun") == 9
    gain, move = pl.best_general_move("belle_isle")
    assert move is not None and gain > 0.5
    assert near(move["path"][-1]) < near("beraun")
    # and the rules-of-thumb player moves him (he is the only general far from the front)
    moved = set()
    for _ in range(12):
        a = Rules(s, "coalition", random.Random(1)).decide(door.legal_actions(s, "coalition"))
        if a["type"] != "move":
            break
        moved.add(a["piece"])
        s = door.apply(s, "coalition", a)
    assert "belle_isle" in moved and near(s["generals"]["belle_isle"]["city"]) < 9


def test_R11_4_a_rich_hand_plays_the_card_that_wins_big():
    """At -1 with a big hand, the easy player plays a card that leaves the enemy a big defeat (loss
    and retreat = the final score, R11.4), not the cheapest card that reaches 0."""
    from maria.players.easy import RICH_HAND, Rules

    s = _fixture("intro2p_turn9_french_movement.yaml")
    assert len(s["cards"]["hands"]["france"]) >= RICH_HAND
    frame = {
        "name": "combat",
        "right": "att",
        "score": -1,
        "att_power": "france",
        "def_power": "austria",
        "att": ["broglie"],
        "def": ["karl", "batthyany"],
    }
    hand = [c for c in s["cards"]["hands"]["france"] if c]
    from maria.games.maria.rules import cards

    acts = [
        {"type": "play_card", "card": c}
        for c in hand
        if not cards.is_reserve(c) and cards.suit_of(c) == cards.suit_of(hand[0])
    ]
    acts.append({"type": "accept_defeat"})
    a = Rules(s, "coalition", random.Random(1)).on_combat(acts, frame)
    values = sorted(cards.value_of(x["card"]) for x in acts if x["type"] == "play_card")
    assert a["type"] == "play_card"
    v = cards.value_of(a["card"])
    want = 1 + min(s["generals"]["karl"]["troops"] + s["generals"]["batthyany"]["troops"], 6)
    assert v == min((x for x in values if x >= want), default=values[-1])
    assert v > values[0]  # not the cheapest card
    # a poor hand keeps its cards: the cheapest card that reaches 0
    s["cards"]["hands"]["france"] = hand[:5]
    a = Rules(s, "coalition", random.Random(1)).on_combat(acts, frame)
    assert cards.value_of(a["card"]) == values[0]


def test_R10_4_a_supply_train_does_not_sit_on_a_fortress_its_generals_must_take():
    """A train on an enemy fortress blocks the side's own generals from entering it (R10.4: no
    piece enters a city holding another piece), so the planner moves it off and never parks it
    there (game 20070 of the 3-player tests: the French train sat on Austrian Pilsen for three
    turns while Belle-Isle and Toerring waited next to it)."""
    s = _french_movement()
    info = board_info(s)
    fort = "pilsen"
    assert controller(s, info, fort) == "austria"
    tid = next(k for k, t in s["trains"].items() if t["power"] == "france" and t["in_play"])
    _clear_around(s, info, fort, None)
    s["trains"][tid]["city"] = fort
    start = next(n for n in info.nbrs[fort] if not info.is_fortress(n))
    s["generals"]["belle_isle"].update(city=start, face_up=True, troops=8, in_play=True)
    rebuild_index(s)
    pl = Planner(s, info, "louis_xv")
    assert fort in pl.targets("france")
    assert pl.paths("belle_isle") and not any(fort in p for p in pl.paths("belle_isle"))
    gain, move = pl.best_train_move(tid)
    assert move is not None and move["path"][-1] != fort
    assert pl.train_value(tid, fort) < pl.train_value(tid, move["path"][-1]) - 5
    # the same city held by France is no obstacle: only the blocking costs
    held = {**s, "markers": {**s["markers"], fort: "france"}}
    assert Planner(held, info, "louis_xv").train_value(tid, fort) >= pl.train_value(tid, fort) + 5


def test_R11_9_a_stack_fights_with_its_supreme_commanders_cards():
    """Toerring (Bavaria, rank 1) commands any stack he joins, so the planner counts Bavaria's
    hand, not France's, for Belle-Isle stacked with him (R6.2, R11.9)."""
    s = _french_movement()
    info = board_info(s)
    city = s["generals"]["toerring"]["city"]
    s["generals"]["belle_isle"]["city"] = city
    rebuild_index(s)
    pl = Planner(s, info, "louis_xv")
    assert pl.card_power("belle_isle", city) == "bavaria"
    assert pl.card_power("toerring", city) == "bavaria"
    alone = next(n for n in info.nbrs[city] if n not in s["city_generals"])
    assert pl.card_power("belle_isle", alone) == "france"


def test_R8_2_easy_pays_the_bavarian_subsidy_only_when_bavaria_is_short_of_cards():
    from maria.players.easy import Rules

    s = _french_movement()
    acts = [{"type": "subsidy", "give": True}, {"type": "subsidy", "give": False}]
    hands = s["cards"]["hands"]
    pool = hands["france"] + hands["bavaria"] + hands.get("austria", [])
    hands["france"], hands["bavaria"] = pool[:10], pool[10:11]
    assert Rules(s, "louis_xv", random.Random(1)).on_tc_phase(acts, {})["give"] is True
    hands["france"], hands["bavaria"] = pool[:6], pool[6:11]
    assert Rules(s, "louis_xv", random.Random(1)).on_tc_phase(acts, {})["give"] is False


def test_R24_1_2_two_player_coalition_keeps_each_allys_share_for_it():
    """Two players: the coalition needs France 9 AND Prussia 12 at once (R24.1.2), and an ally's
    fortress is lost to the other, so the shares are kept: Prussia takes Silesia, Moravia and
    Koeniggraetz (and Leitmeritz if it comes first), France the rest; France with its 9 leaves
    Prussia's share alone."""
    s = door.new_game("intro", 2, 4)
    info = board_info(s)
    pl = Planner(s, info, "coalition")
    assert pl.weight("france", "prag") >= 5 and pl.weight("prussia", "olmuetz") >= 5
    assert pl.weight("prussia", "leitmeritz") >= 5 and pl.weight("france", "leitmeritz") >= 5
    assert pl.weight("france", "breslau") < 0  # Silesia is Prussia's
    assert pl.weight("prussia", "prag") < 0
    assert 0 < pl.weight("france", "olmuetz") < 5
    for c in ["eger", "pilsen", "prag", "budweis", "tabor", "linz", "enns", "krems", "st_poelten"]:
        s["markers"][c] = "france"
    pl = Planner(s, info, "coalition")
    assert pl.counts()["france"] == 9
    assert pl.weight("france", "olmuetz") < 0 and pl.weight("france", "leitmeritz") < 0
    assert pl.weight("france", "wien") > 0


def test_R10_4_R10_12_two_player_prussians_do_not_park_on_frances_fortresses():
    """Game 10072 (2 players): Leopold and Rutowski stood on Austrian Wien for the last turns; they
    blocked Belle-Isle (R10.4) and leaving would have given Wien to Prussia (R10.12), which France
    needed.  Ending a move on the ally's needed fortress now costs as much as taking it."""
    s = door.new_game("intro", 2, 4)
    info = board_info(s)
    pl = Planner(s, info, "coalition")
    assert pl.spoil_value("leopold", "wien") < -5
    assert pl.spoil_value("leopold", "olmuetz") == 0.0  # Prussia's own target
    assert pl.spoil_value("belle_isle", "wien") == 0.0


def test_R24_1_2_the_evaluation_counts_a_fortress_taken_from_the_allys_share_as_lost():
    """The search judges positions with evaluate(): in the 2-player game a Moravian fortress taken
    by France (while Prussia still needs it) is a loss for the coalition, not a gain."""
    from maria.players.evaluate import evaluate, spoiled

    s = door.new_game("intro", 2, 4)
    info = board_info(s)
    assert spoiled(s, info) == 0
    own, theirs = copy_state(s), copy_state(s)
    own["markers"]["prag"] = "france"  # France's share
    theirs["markers"]["olmuetz"] = "france"  # Prussia's share
    assert spoiled(theirs, info) == 1 and spoiled(own, info) == 0
    assert evaluate(own, "coalition") > evaluate(theirs, "coalition")
    assert evaluate(theirs, "coalition") < evaluate(s, "coalition") + 0.05


def test_R5_1_the_defenders_playouts_run_through_the_enemy_stages_that_follow_its_own(monkeypatch):
    """Austria acts last in the turn (R5.1): what its move risks shows in the French and Prussian
    stages of the next turn, so the shipped hard player's playouts for Maria Theresa in the
    introductory game stop when her own next stage begins; an attacker's, and hers in the advanced
    game, stop at the end of the current stage."""
    from maria.players import make_player

    seen = []
    p = make_player("hard", 1)
    # the end of every play-out, whichever evaluation scores it (her 3-player one is the trained
    # evaluation: learned_roles)
    monkeypatch.setattr(p, "_evaluate", lambda st, role: seen.append(st) or 0.0)
    s = _first_movement("maria_theresa", 3)
    p._playout(s, "maria_theresa", random.Random(1))
    end = seen[-1]
    assert end["turn"] == s["turn"] + 1 and end["stage"] == "austria" or door.is_over(end)
    assert any(e["turn"] == s["turn"] + 1 and e["stage"] == "prussia+saxony" for e in end["log"])
    f = _french_movement(3)
    p._playout(f, "louis_xv", random.Random(1))
    assert seen[-1]["turn"] == f["turn"] and seen[-1]["stage"] != "france+bavaria"
    a = _first_movement("maria_theresa", 3, "advanced")
    p._playout(a, "maria_theresa", random.Random(1))
    end = seen[-1]
    assert end["turn"] == a["turn"] + 1 and _stage_step(end) < _stage_step(a)
    assert not any(e["turn"] == a["turn"] + 1 and e["stage"].startswith(("france", "prussia")) for e in end["log"])
    assert dict(make_player("normal", 1).config.reply_roles) == {}


def test_R10_16c_R15_2_advanced_austria_takes_a_bavarian_fortress_that_spends_one_of_her_vms():
    """In the advanced game Austria's pool holds only 3 VMs (B.2) and taking a fortress in an
    enemy home country puts one of them on it (R10.16c), so the planner counts such fortresses as
    targets for her and takes an unprotected one in passing; in the introductory game they are not
    her business (R14.3: she wins by holding out)."""
    s = _first_movement("maria_theresa", variant="advanced")
    info = board_info(s)
    g = s["generals"]["khevenhueller"]
    assert g["face_up"]
    _clear_around(s, info, "braunau", keep="khevenhueller")
    start = next(
        c
        for c in info.nbrs["braunau"]
        if not s["city_generals"].get(c) and not s["city_train"].get(c) and info.home_of(c) != "bavaria"
    )
    s["city_generals"].get(g["city"], []).remove("khevenhueller")
    g["city"] = start
    rebuild_index(s)
    assert controller(s, info, "braunau") == "bavaria" and not Planner(s, info, "maria_theresa").is_prot("braunau")
    pl = Planner(s, info, "maria_theresa")
    assert "braunau" in pl.targets("austria")
    assert "passau" not in pl.targets("austria")  # not a fortress
    assert not any(c in pl.targets("austria") for c in ("koeln", "mainz", "trier", "mannheim"))  # R10.16b
    gain, move = pl.best_general_move("khevenhueller")
    assert move is not None and "braunau" in move["path"][1:-1]
    pool = s["adv"]["pools"]["austria"]
    after = door.apply(s, "maria_theresa", move)
    assert controller(after, info, "braunau") == "austria"
    assert after["adv"]["pools"]["austria"] == pool - 1

    intro = _first_movement("maria_theresa", variant="intro")
    assert "braunau" not in Planner(intro, board_info(intro), "maria_theresa").targets("austria")


def _austrian_raid_position(variant: str = "intro"):
    """Austria's first movement phase with Karl two cities from the French supply train (at a town
    off every fortress), no other general within 4 cities of it."""
    s = _first_movement("maria_theresa", 3, variant)
    info = board_info(s)
    tid = next(
        k for k, t in s["trains"].items() if t["power"] == "france" and t["in_play"] and t["city"] in info.playable
    )
    town = s["trains"][tid]["city"]
    _clear_around(s, info, town, None)
    d = info.dist_from(town)
    start = next(
        c
        for c, k in sorted(d.items())
        if k == 2 and not info.is_fortress(c) and not s["city_generals"].get(c) and c not in s["city_train"]
    )
    s["generals"]["karl"].update(city=start, face_up=True, troops=6, in_play=True)
    rebuild_index(s)
    return s, info, tid, town, start


def test_R10_4_R9_3_austria_raids_an_enemy_supply_train_on_her_way():
    """An Austrian general who enters the city of an enemy train eliminates it and may move on
    (R10.4); the attackers' generals abroad are then out of supply (R9.3, R9.4: face-down, troops
    lost, R9.5: no conquest) until 4 TC points bring it back (R10.10).  The defender's planner
    values it at RAID_VALUE (everyone else at TRAIN_VALUE), chooses the raid, and the engine
    eliminates the train."""
    from maria.players import plan_trains as T

    s, info, tid, town, start = _austrian_raid_position()
    pl = Planner(s, info, "maria_theresa")
    assert pl.raids("austria") and not pl.raids("france")
    through = next(p for p in pl.paths("karl") if town in p)
    value, _ = pl.conquest_value("karl", through)
    without = {**s, "city_train": {c: t for c, t in s["city_train"].items() if c != town}}
    plain, _ = Planner(without, info, "maria_theresa").conquest_value("karl", through)
    assert value - plain == T.RAID_VALUE > T.TRAIN_VALUE
    gain, move = pl.best_general_move("karl")
    assert move is not None and town in move["path"]
    after = door.apply(s, "maria_theresa", move)
    assert not after["trains"][tid]["in_play"] or after["trains"][tid]["city"] is None


def test_R9_3_the_raid_pull_draws_austria_towards_the_nearest_enemy_train(monkeypatch):
    """RAID_PULL a city towards the nearest enemy train, capped at RAID_NEAR cities; nothing
    for a power that does not raid (RAID off)."""
    from maria.players import plan_trains as T

    s, info, tid, town, start = _austrian_raid_position()
    pl = Planner(s, info, "maria_theresa")
    d = info.dist_from(town)
    near = next(c for c in info.nbrs[start] if d.get(c) == 1)
    far = max(info.playable, key=lambda c: d.get(c, -1))
    assert pl.raid_distance("austria", near) == T.RAID_PULL * 1
    assert pl.raid_distance("austria", start) == T.RAID_PULL * 2
    assert pl.raid_distance("austria", far) == T.RAID_PULL * T.RAID_NEAR
    assert pl.position_value("karl", near) - pl.position_value("karl", start) > 0
    on = pl.position_value("karl", start)
    monkeypatch.setattr(T, "RAID", {})
    off = Planner(s, info, "maria_theresa")
    assert not off.raids("austria")
    assert on == off.position_value("karl", start) - T.RAID_PULL * 2


def test_R2_1_R2_3_a_raider_never_raids_a_train_of_its_own_player(monkeypatch):
    """In 3 players Frederick plays Prussia and the Pragmatic Army, enemies by R2.3 but his own
    powers (R2.1): a PA that raided (RAID set for it) would draw towards French trains only."""
    from maria.players import plan_trains as T

    monkeypatch.setattr(T, "RAID", {"advanced": ("pragmatic_army",)})
    s = _first_movement("frederick", 3, "advanced")
    info = board_info(s)
    pl = Planner(s, info, "frederick")
    assert pl.raids("pragmatic_army")
    assert "_raid_trains" not in pl.__dict__
    pl.raid_distance("pragmatic_army", "hannover")
    raided = set(pl.__dict__["_raid_trains"]["pragmatic_army"])
    mine = set(R.powers_of(s, "frederick"))
    prussian = {
        t["city"]
        for t in s["trains"].values()
        if t["power"] == "prussia" and t["in_play"] and t["city"] in info.playable
    }
    assert "prussia" in mine and R.enemies(s, "pragmatic_army", "prussia") and prussian
    assert raided == {
        t["city"]
        for t in s["trains"].values()
        if t["in_play"]
        and t["city"] in info.playable
        and R.enemies(s, "pragmatic_army", t["power"])
        and t["power"] not in mine
    }
    assert raided and not raided & prussian


def test_R23_1_hard_austria_fights_the_rival_closer_to_an_empty_pool():
    """Austria cannot hold every front against France and Prussia at once: hard's planner for
    Maria Theresa (Level.race_roles, plan_threats.RACING) weighs each rival's threats and the
    fortresses to retake from it by its race to an empty pool (R23.1).  With France two markers
    from victory and Prussia ten, a fortress Prussia took is no longer a target for her while one
    France took is, and a fortress only Prussia threatens is hardly worth covering, though it is
    when the two are as many action stages from victory.  The rules of thumb keep every enemy
    alike."""
    s = _first_movement("maria_theresa", variant="advanced")
    info = board_info(s)
    s["markers"].update(olmuetz="prussia", budweis="france")
    s["adv"]["pools"].update(france=2, prussia=10)
    assert Planner(s, info, "maria_theresa").race_weights() == {}  # easy: no race
    token = RACING.set(frozenset({"maria_theresa"}))
    try:
        s["adv"]["pools"].update(france=5, prussia=3)  # as many action stages from victory (leader.PACE)
        even = Planner(s, info, "maria_theresa")
        assert "olmuetz" in even.targets("austria") and "budweis" in even.targets("austria")

        s["adv"]["pools"].update(france=2, prussia=10)
        pl = Planner(s, info, "maria_theresa")
        race = pl.race_weights()
        assert race["france"] == 1.0 and race["prussia"] < 0.01
        assert "budweis" in pl.targets("austria") and "olmuetz" not in pl.targets("austria")

        def cover(planner):
            return dict(planner._defence_facts("neipperg")[0])

        prussian_only = [
            c
            for c, w in cover(even).items()
            if min(
                info.dist_from(c).get(g["city"], 99)
                for g in s["generals"].values()
                if g["in_play"] and g["city"] in info.playable and g["power"] in ("france", "bavaria")
            )
            > 6
        ]
        assert prussian_only
        for c in prussian_only:
            assert cover(pl)[c] == race["prussia"] * cover(even)[c]

        # the other variants and the 2-player game keep every enemy alike
        intro = _first_movement("maria_theresa", variant="intro")
        assert Planner(intro, board_info(intro), "maria_theresa").race_weights() == {}
    finally:
        RACING.reset(token)


def test_R23_1_hard_sets_the_race_for_maria_theresa_only():
    """The race setting is hard's, for Maria Theresa in the advanced 3-player game, and lasts only
    while the hard player decides."""
    from maria.players.levels import HARD, NORMAL

    adv3 = {"variant": "advanced", "players": 3}
    assert HARD.roles(HARD.race_roles, adv3) == ("maria_theresa",)
    assert HARD.roles(HARD.race_roles, {"variant": "advanced", "players": 2}) == ()
    assert HARD.roles(HARD.race_roles, {"variant": "intro", "players": 3}) == ()
    assert NORMAL.roles(NORMAL.race_roles, adv3) == ()

    s = _first_movement("maria_theresa", variant="advanced")
    seen = {}
    for role in ("maria_theresa", "louis_xv"):
        p = SearchPlayer(HARD, seed=1)
        p._choose = lambda obs, legal, r, rng: seen.setdefault(r, RACING.get())
        p._leaders = lambda obs, r: ()
        p.choose(s, [], role)
    assert seen == {"maria_theresa": frozenset({"maria_theresa"}), "louis_xv": frozenset()}
    assert RACING.get() == frozenset()
