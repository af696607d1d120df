"""One test per rule of the introductory game (named after its R-number or the rulebook example it
reproduces).  Synthetic board (tests/testboard.py, a 6x6 grid "c<x><y>") unless the name says
real board.  Grid reminders: Bavaria x<=2,y<=1 and x<=1,y=2; Saxony x<=1,y=3..4; Prussia y=5,x<=2;
Silesia the rest of y>=4; Austria the rest.  Main roads: rows 2 and 4, columns 2 and 4."""

from __future__ import annotations

import pytest

from maria.games.maria.board import load_board
from maria.paths import boards_dir
from maria.games.maria.rules import IllegalAction, active_roles, apply, flow, legal_actions, new_game, view
from tests import testboard
from maria.games.maria.rules import cards
from maria.games.maria.rules.combat import loss_groups, take_losses
from maria.games.maria.rules.conquest import conquer, protected
from maria.games.maria.rules.hussars import hussar_cities
from maria.games.maria.rules.retreat import retreat_paths
from maria.games.maria.rules.state import board_info, commander, controller, rebuild_index
from maria.games.maria.rules.supply import supply_status
from maria.games.maria.rules.victory import check_instant, counts, end_of_game
from maria.games.maria.rules.winter import reentry_sites as general_sites
from tests.rules.helpers import advance_to, allocated_game, info, place, r11_example, start_combat_now

AUSTRIANS = ("karl", "traun", "khevenhueller", "batthyany", "neipperg")


def clear(s, *gids, trains=()):
    for g in gids:
        s["generals"][g]["city"] = None
    for t in trains:
        s["trains"][t]["city"] = None
    rebuild_index(s)


def put_train(s, tid, city):
    s["trains"][tid]["city"] = city
    rebuild_index(s)


def isolate(s, frame):
    """Run one flow state on its own: an allocation frame still waiting sits under it as a stop."""
    s["flow"] = [{"name": "game"}, {"name": "allocation", "pending": ["pragmatic_army"]}, frame]
    flow.run(s, board_info(s))
    return s


def drive_done(s, until=lambda s: False, limit=3000):
    """Always choose done / accept / the first action; record (turn, stage, phase) changes."""
    seen = []
    for _ in range(limit):
        if s["result"] is not None or until(s):
            return s, seen
        key = (s["turn"], s["stage"], s["phase"])
        if not seen or seen[-1] != key:
            seen.append(key)
        role = active_roles(s)[0]
        acts = [a for a in legal_actions(s, role) if a["type"] != "transfer"]
        pref = [a for a in acts if a["type"] in ("done", "accept_tie", "accept_defeat", "subsidy")]
        a = pref[0] if pref else acts[0]
        if any(v == "choose" for v in a.values()):
            from maria.lab.selfplay import fill

            a = fill(a, s, {"rng": 1})
        s = apply(s, role, a)
    raise AssertionError("did not finish")


# --- set-up (R4) on the real board ---------------------------------------------------------------

REAL = load_board(boards_dir())


def test_R4_9_real_board_secret_allocation_minimums_and_1_to_8():
    s = new_game(board=REAL)
    assert set(active_roles(s)) == {"louis_xv", "frederick", "maria_theresa"}
    t = {a["power"]: a for r in active_roles(s) for a in legal_actions(s, r)}
    assert set(t) == {"france", "bavaria", "prussia", "saxony", "austria"}  # no PA (RUL-04)
    assert t["prussia"]["total"] == 22 and t["austria"]["total"] == 28 and t["france"]["total"] == 26
    assert all(v["max"] == 8 and v["min"] >= 1 for a in t.values() for v in a["generals"].values())
    assert t["prussia"]["generals"]["dessauer"]["min"] == 6  # sheet minimum
    bad = {g: 8 for g in t["prussia"]["generals"]}
    with pytest.raises(IllegalAction, match="exactly 22"):
        apply(s, "frederick", {"type": "allocate", "power": "prussia", "troops": bad})
    s2 = apply(
        s,
        "frederick",
        {
            "type": "allocate",
            "power": "prussia",
            "troops": {"friedrich": 8, "schwerin": 4, "leopold": 4, "dessauer": 6},
        },
    )
    # the allocation stays secret: other roles and the observer see no troop numbers
    for role in ("louis_xv", "maria_theresa", "observer"):
        assert view(s2, role)["generals"]["friedrich"]["troops"] is None
    assert view(s2, "frederick")["generals"]["friedrich"]["troops"] == 8


def test_R4_8_real_board_initial_hands_and_R4_6_one_deck_drawn():
    s = new_game(board=REAL)
    assert {p: len(h) for p, h in s["cards"]["hands"].items()} == {
        "france": 2,
        "bavaria": 5,
        "prussia": 9,
        "saxony": 3,
        "austria": 5,
    }
    assert len(s["cards"]["aside"]) == 3 and len(s["cards"]["draw"]) == 38 - 24
    assert all(c.startswith("1:") for h in s["cards"]["hands"].values() for c in h)


def test_R4_7_real_board_silesian_markers():
    s = new_game(board=REAL)
    i = board_info(s)
    assert {c for c, p in s["markers"].items() if p == "prussia"} == {"liegnitz", "glogau"}
    assert {c for c, p in s["markers"].items() if p == "austria"} == {"breslau", "neisse", "cosel", "brieg", "glatz"}
    assert controller(s, i, "glogau") == "prussia" and controller(s, i, "breslau") == "austria"
    assert counts(s, i) == {"france": 0, "prussia": 2}  # R14.3 note: 2 at start


def test_R14_1_real_board_pieces_that_sit_out():
    s = new_game(board=REAL)
    g, t, i = s["generals"], s["trains"], board_info(s)
    for gid in ("moritz", "maillebois", "noailles", "arenberg", "george", "cumberland", "stair"):
        assert not g[gid]["in_play"], gid  # Flanders map / PA
    assert not g["dessauer"]["in_play"] and g["dessauer"]["city"] == "box:ostpreussen"
    assert not t["prussia_t2"]["in_play"] and t["prussia_t2"]["city"] == "box:silesia"
    assert not t["austria_t1"]["in_play"] and not t["pragmatic_army_t1"]["in_play"]
    assert all(i.board.cities[c].map == "bohemia" for c in i.playable)
    assert g["friedrich"]["in_play"] and g["karl"]["in_play"] and g["belle_isle"]["in_play"]
    assert "pragmatic_army" not in {p for ps in s["roles"].values() for p in ps}


# --- turn sequence (R5) --------------------------------------------------------------------------


def test_R5_1_R5_2_R5_4_turn_sequence_five_phases_and_winter_after_turn_3():
    s = allocated_game(options={"last_turn": 4})
    s, seen = drive_done(s)
    phases = ["tc", "supply", "movement", "combat", "retro"]
    turn1 = [(st, ph) for t, st, ph in seen if t == 1]
    expected = [("hussars", None)] + [
        (st, ph) for st in ("france+bavaria", "prussia+saxony", "austria") for ph in phases
    ]
    # phases in which nobody has to decide pass unseen; the order of what is seen must match
    assert [x for x in expected if x in turn1] == turn1
    assert ("austria", "movement") in turn1 and ("france+bavaria", "movement") in turn1
    stages = [st for _, st, _ in seen]
    assert "pragmatic_army" not in "".join(stages)  # R14.2: no PA stage
    winters = [t for t, st, _ in seen if st == "winter"]
    assert winters and set(winters) == {3}  # R5.4: after turn 3 only
    assert s["result"]["winner"] == "maria_theresa"  # R14.3 at the last turn


# --- tactical cards (R8) -------------------------------------------------------------------------


def test_R8_6_deck_cycles_through_the_4_decks():
    s = allocated_game()
    c = s["cards"]
    first_aside = list(c["aside"][0])
    c["hands"]["austria"] += c["draw"]
    c["draw"] = []
    got = cards.draw(s, "austria", 1)
    assert got[0] in first_aside and len(c["aside"]) == 2 and len(c["draw"]) == 37
    assert cards.total_cards(s) == 4 * 38


def test_R8_6_fourth_deck_used_up_reshuffle_the_two_fullest_discard_piles():
    s = allocated_game()
    c = s["cards"]
    everything = c["draw"] + [x for d in c["aside"] for x in d]
    c["draw"], c["aside"] = [], []
    piles = {"1": 5, "2": 12, "3": 3, "4": 9}
    for d, n in piles.items():
        mine = [x for x in everything if x.startswith(d + ":")][:n]
        c["discards"][d] = mine
        for x in mine:
            everything.remove(x)
    c["hands"]["austria"] += everything
    assert cards.total_cards(s) == 4 * 38
    got = cards.draw(s, "prussia", 2)
    assert all(x.split(":")[0] in ("2", "4") for x in got)  # the two fullest: 12 and 9
    assert c["discards"]["2"] == [] and c["discards"]["4"] == [] and len(c["draw"]) == 12 + 9 - 2
    assert len(c["discards"]["1"]) == 5 and len(c["discards"]["3"]) == 3
    assert cards.total_cards(s) == 4 * 38


def test_R8_6_decks_run_out_during_play_and_the_game_goes_on():
    s = allocated_game()
    c = s["cards"]
    for d in c["aside"]:
        c["discards"][d[0].split(":")[0]] += d
    c["aside"] = []
    c["discards"]["1"] += c["draw"][2:]
    c["draw"] = c["draw"][:2]
    s = advance_to(s, "movement_phase")  # France 2 + Bavaria 2 drawn
    assert cards.total_cards(s) == 4 * 38 and len(s["cards"]["draw"]) == 2 * 38 - 2


def test_R8_2_subsidy_compulsory_in_turns_1_to_3():
    s = allocated_game()
    s = advance_to(s, "movement_phase")
    assert not any(a["type"] == "subsidy" for r in ("louis_xv",) for a in legal_actions(s, r))
    assert len(s["cards"]["hands"]["france"]) == 2 + 2 and len(s["cards"]["hands"]["bavaria"]) == 5 + 2


@pytest.mark.parametrize("give,fr,bav", [(True, 2, 2), (False, 3, 1)])
def test_R8_2_R14_2_from_turn_4_france_chooses_the_subsidy(give, fr, bav):
    s = allocated_game()
    s["turn"] = 4
    isolate(s, {"name": "tc_phase", "powers": ["france", "bavaria"]})
    assert active_roles(s) == ["louis_xv"]
    assert legal_actions(s, "louis_xv") == [{"type": "subsidy", "give": True}, {"type": "subsidy", "give": False}]
    s2 = apply(s, "louis_xv", {"type": "subsidy", "give": give})
    assert len(s2["cards"]["hands"]["france"]) == 2 + fr and len(s2["cards"]["hands"]["bavaria"]) == 5 + bav


def test_R8_1_income_prussia_3_saxony_1_austria_5():
    s = allocated_game()
    for powers, want in ((["prussia", "saxony"], {"prussia": 12, "saxony": 4}), (["austria"], {"austria": 10})):
        isolate(s, {"name": "tc_phase", "powers": powers})
        assert {p: len(s["cards"]["hands"][p]) for p in want} == want


def test_R8_3_no_cards_for_a_minor_power_whose_major_fortress_is_enemy_held():
    s = allocated_game()
    s["markers"]["c11"] = "austria"  # München
    s["markers"]["c04"] = "austria"  # Dresden
    s["turn"] = 5
    isolate(s, {"name": "tc_phase", "powers": ["france", "bavaria"]})  # no subsidy choice offered
    assert len(s["cards"]["hands"]["bavaria"]) == 5 and len(s["cards"]["hands"]["france"]) == 2 + 3
    isolate(s, {"name": "tc_phase", "powers": ["prussia", "saxony"]})
    assert len(s["cards"]["hands"]["saxony"]) == 3 and len(s["cards"]["hands"]["prussia"]) == 12


def test_R8_7_paying_counts_values_only_and_gives_no_change():
    assert cards.minimal_payment_ok(["1:H5"], 4)  # a 5 pays 4, no change
    assert cards.minimal_payment_ok(["1:H2", "2:S2"], 4)  # any suits
    assert not cards.minimal_payment_ok(["1:H5", "1:D2"], 4)  # the 2 is not needed
    assert not cards.minimal_payment_ok(["1:H3"], 4)
    assert cards.minimal_payment_ok(["1:R1"], 8) and cards.value_of("1:R1") == 8  # RUL-02


# --- supply (R9) ---------------------------------------------------------------------------------


def test_R9_2_real_board_generals_at_home_are_supplied():
    s = new_game(board=REAL)
    i = board_info(s)
    assert supply_status(s, i, "karl") == ("home", 0) and supply_status(s, i, "toerring") == ("home", 0)
    assert supply_status(s, i, "friedrich")[0] == "free"  # Glogau (Silesia) -> Crossen


def test_R9_3_supply_path_at_most_6_cities_to_an_own_train():
    s = allocated_game()
    clear(s, *AUSTRIANS, trains=("austria_t2", "austria_t3"))
    i = info(s)
    put_train(s, "france_t2", "c00")
    place(s, "broglie", "c51")  # 5 + 1 = 6 road steps
    assert supply_status(s, i, "broglie") == ("free", 6)
    place(s, "broglie", "c52")  # 7
    assert supply_status(s, i, "broglie") == ("none", 0)
    place(s, "broglie", "c32")
    put_train(s, "bavaria_t1", "c22")  # only its OWN colour counts
    assert supply_status(s, i, "broglie") == ("free", 5)  # not 1 to the Bavarian train


def test_R9_3_path_blocked_by_enemy_pieces_not_by_friendly_ones():
    s = allocated_game()
    clear(s, *AUSTRIANS, "toerring", trains=("austria_t2", "austria_t3", "bavaria_t1"))
    i = info(s)
    put_train(s, "france_t2", "c00")
    place(s, "broglie", "c20")  # c20-c10-c00
    place(s, "belle_isle", "c10")
    assert supply_status(s, i, "broglie") == ("free", 2)  # through a friendly general
    place(s, "karl", "c10")
    place(s, "belle_isle", None)
    assert supply_status(s, i, "broglie") == ("free", 4)  # detour round the enemy
    place(s, "traun", "c21")
    place(s, "neipperg", "c30")
    assert supply_status(s, i, "broglie") == ("none", 0)  # every way blocked
    s["generals"]["karl"]["city"] = None
    rebuild_index(s)
    put_train(s, "austria_t2", "c10")  # an enemy train blocks too
    assert supply_status(s, i, "broglie") == ("none", 0)


def test_R9_4_supply_phase_flips_face_down_loses_troops_and_recovers():
    s = allocated_game()
    clear(s, trains=("france_t2",))
    place(s, "broglie", "c33")
    s["generals"]["broglie"]["troops"] = 5
    isolate(s, {"name": "supply_phase", "powers": ["france", "bavaria"]})
    g = s["generals"]["broglie"]
    assert not g["face_up"] and g["troops"] == 4  # face-down, -1
    isolate(s, {"name": "supply_phase", "powers": ["france", "bavaria"]})
    assert not g["face_up"] and s["generals"]["broglie"]["troops"] == 2  # already face-down: -2
    put_train(s, "france_t2", "c23")
    isolate(s, {"name": "supply_phase", "powers": ["france", "bavaria"]})
    assert s["generals"]["broglie"]["face_up"] and s["generals"]["broglie"]["troops"] == 2  # recovered
    assert s["generals"]["toerring"]["face_up"]  # at home


def _hussar_position(hand):
    """FR diagram: two French generals, each 4 cities from the train, every path through a hussar."""
    s = allocated_game()
    clear(s, *AUSTRIANS, "belle_isle", trains=("austria_t2", "austria_t3", "france_t2"))
    put_train(s, "france_t2", "c00")
    place(s, "broglie", "c22")
    place(s, "belle_isle", "c31")
    place(s, "karl", "c53")  # far away: Austria in play
    s["hussars"] = {"hussar1": "c10", "hussar2": "c01"}
    s["cards"]["hands"]["france"] = list(hand)
    return isolate(s, {"name": "supply_phase", "powers": ["france", "bavaria"]})


def test_R9_6_FR_diagram_hussar_tax_4_cities_x_2_generals_is_8_points():
    s = _hussar_position(["1:H5", "1:D3", "1:C2"])
    assert s["flow"][-1]["name"] == "hussar_tax" and s["flow"][-1]["costs"] == {"belle_isle": 4, "broglie": 4}
    assert legal_actions(s, "louis_xv") == [{"type": "pay", "power": "france", "cards": "choose", "amount": 8}]
    with pytest.raises(IllegalAction, match="hussar tax is 8"):
        apply(s, "louis_xv", {"type": "pay", "power": "france", "cards": ["1:H5", "1:D3", "1:C2"]})
    s = apply(s, "louis_xv", {"type": "pay", "power": "france", "cards": ["1:H5", "1:D3"]})
    assert s["cards"]["hands"]["france"] == ["1:C2"]
    assert s["generals"]["broglie"]["face_up"] and s["generals"]["belle_isle"]["face_up"]


def test_R9_6_cannot_pay_all_pay_every_card_and_owner_chooses_the_unpaid_general():
    s = _hussar_position(["1:H5"])
    acts = legal_actions(s, "louis_xv")
    assert {"type": "pay_all", "supplied": ["belle_isle"]} in acts
    assert {"type": "pay_all", "supplied": ["broglie"]} in acts and len(acts) == 2
    s = apply(s, "louis_xv", {"type": "pay_all", "supplied": ["belle_isle"]})
    assert s["cards"]["hands"]["france"] == []  # all its TCs
    assert s["generals"]["belle_isle"]["face_up"] and not s["generals"]["broglie"]["face_up"]


def test_R9_6_hussar_free_path_is_used_free_and_austria_pays_no_tax():
    s = _hussar_position(["1:H5"])
    i = info(s)
    s["hussars"] = {"hussar1": "c10", "hussar2": None}
    assert supply_status(s, i, "broglie") == ("free", 4)  # round by c01
    put_train(s, "austria_t2", "c00")
    s["trains"]["france_t2"]["city"] = None
    rebuild_index(s)
    place(s, "karl", "c20")  # Bavaria: not his home
    s["hussars"] = {"hussar1": "c10", "hussar2": "c01"}
    assert supply_status(s, i, "karl") == ("free", 2)  # hussars never tax Austria


# --- hussars (R7) --------------------------------------------------------------------------------


def test_R7_1_hussar_placement_bohemia_within_4_of_an_austrian_general_on_a_free_city():
    s = allocated_game()
    clear(s, *AUSTRIANS)
    place(s, "karl", "c01")
    i = info(s)
    cities = hussar_cities(s, i)
    occupied = set(s["city_generals"]) | set(s["city_train"])
    want = {c for c, d in i.dist_from("c01").items() if d <= 4} - occupied
    assert "c05" not in want and "c12" in want and "c32" in want and "c33" not in want
    assert set(cities) == want  # pieces' cities excluded
    assert not any(c.startswith("f") for c in cities)  # never Flanders (R14.1)


def test_R7_2_R7_3_hussar_stays_is_driven_off_by_a_passing_piece_and_is_placed_again():
    s = allocated_game()
    assert s["flow"][-1]["name"] == "hussars"
    s = apply(s, "maria_theresa", {"type": "place_hussar", "hussar": "hussar1", "city": "c12"})
    s = apply(s, "maria_theresa", {"type": "done"})
    s = advance_to(s, "movement_phase")
    s = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c10", "c11", "c12", "c02"]})
    assert s["hussars"]["hussar1"] is None  # passed through: removed
    s["hussars"]["hussar2"] = "c40"
    s, _ = drive_done(s, until=lambda x: x["turn"] == 2 and x["flow"][-1]["name"] == "hussars")
    assert s["hussars"]["hussar2"] == "c40"  # may stay where it is
    acts = legal_actions(s, "maria_theresa")
    assert {"type": "place_hussar", "hussar": "hussar1", "city": "c12"} in acts  # placed again
    assert {"type": "place_hussar", "hussar": "hussar2", "city": "c41"} in acts  # or anew


# --- movement (R10.1-R10.5), stacks and troops (R6) ---------------------------------------------


def test_R10_1_a_piece_moves_once_and_finishes_before_another_starts():
    s = advance_to(allocated_game(), "movement_phase")
    s1 = apply(s, "louis_xv", {"type": "move", "piece": "broglie"})
    assert all(a["type"] in ("step", "stop", "undo", "transfer") for a in legal_actions(s1, "louis_xv"))
    s2 = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c10", "c11"]})
    assert {"type": "move", "piece": "broglie"} not in legal_actions(s2, "louis_xv")


def test_R10_3_supply_train_moves_2_or_3_on_main_roads():
    s = advance_to(allocated_game(), "movement_phase")
    put_train(s, "france_t2", "c02")
    s2 = apply(s, "louis_xv", {"type": "move", "piece": "france_t2", "path": ["c02", "c12", "c22", "c32"]})
    assert s2["trains"]["france_t2"]["city"] == "c32"
    with pytest.raises(IllegalAction, match="supply train moves 2 cities, 3 only"):
        apply(s, "louis_xv", {"type": "move", "piece": "france_t2", "path": ["c02", "c12", "c11", "c01"]})
    acts = legal_actions(s, "louis_xv")
    assert {"type": "force_march", "piece": "france_t2"} not in acts  # trains never force march


def _force_board():
    roads_main = None
    b = testboard.build()
    roads_main = {frozenset((a, n)) for a, ns in b.roads.items() for n in ns}
    s = allocated_game(testboard.build(main_roads=roads_main))
    s = advance_to(s, "movement_phase")
    clear(
        s,
        *AUSTRIANS,
        "belle_isle",
        "rutowski",
        "toerring",
        trains=("austria_t2", "austria_t3", "france_t2", "saxony_t1", "bavaria_t1"),
    )
    place(s, "karl", "c55")
    return s


def _force_march(s, path):
    """Broglie force-marches along `path` (Louis XV)."""
    return apply(s, "louis_xv", {"type": "move", "piece": "broglie", "force_march": True, "path": path})


def _force_march_refused(s, path, match):
    with pytest.raises(IllegalAction, match=match):
        _force_march(s, path)


def test_R10_5_force_march_up_to_8_cities():
    s = _force_board()
    path = ["c10", "c00", "c01", "c02", "c03", "c04", "c14", "c13", "c12"]
    s2 = _force_march(s, path)
    assert s2["generals"]["broglie"]["city"] == "c12"
    _force_march_refused(s, path + ["c11"], "at most 8")


def test_R10_5_force_march_entirely_on_main_roads():
    s = advance_to(allocated_game(), "movement_phase")
    place(s, "broglie", "c12")
    s = apply(s, "louis_xv", {"type": "force_march", "piece": "broglie"})
    assert [a["to"] for a in legal_actions(s, "louis_xv") if a["type"] == "step"] == ["c02"]
    with pytest.raises(IllegalAction, match="main roads only"):
        apply(s, "louis_xv", {"type": "step", "to": "c11"})


def test_R10_5_force_march_never_enters_an_enemy_controlled_fortress():
    _force_march_refused(_force_board(), ["c10", "c20", "c30"], "enemy-controlled fortress")


def test_R10_5_force_march_never_enters_a_city_adjacent_to_an_enemy_piece():
    s = _force_board()
    put_train(s, "austria_t2", "c02")
    _force_march_refused(s, ["c10", "c00", "c01"], "adjacent to an enemy piece")


def test_R10_5_R10_14_force_march_from_an_enemy_fortress_never_conquers_it():
    s = _force_board()
    place(s, "broglie", "c22")
    s2 = _force_march(s, ["c22", "c12", "c02"])
    assert controller(s2, info(s2), "c22") == "austria" and s2["qmarks"] == {}
    s3 = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c22", "c12", "c02"]})
    assert controller(s3, info(s3), "c22") == "france"  # a normal move does


def test_R6_1_R10_4_one_piece_per_city_no_jumping_and_no_stack_with_a_non_cooperating_ally():
    s = advance_to(allocated_game(), "movement_phase")
    place(s, "broglie", "c14")
    with pytest.raises(IllegalAction, match="occupied by Erbprinz Leopold"):
        apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c14", "c15"]})
    with pytest.raises(IllegalAction, match="supply train"):
        apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c14", "c13", "c12"]})


def test_R6_2_R10_4_stacking_ends_both_moves_and_the_lower_rank_commands():
    s = advance_to(allocated_game(), "movement_phase")
    with pytest.raises(IllegalAction, match="already ended before c22"):
        apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c10", "c11", "c21", "c22"]})
    s = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c10", "c11", "c21"]})
    assert s["generals"]["broglie"]["city"] == "c21"  # the move ended on stacking
    assert s["flow"][-1]["name"] == "movement_phase"
    acts = legal_actions(s, "louis_xv")
    assert {"type": "move", "piece": "toerring"} not in acts  # the stationary one is done too
    assert commander(s, "c21") == "toerring"  # Bavaria 1 over France 3
    place(s, "rutowski", "c25")  # Prussia 1 + Saxony 1: RUL-06
    assert commander(s, "c25") == "friedrich"


def test_R6_4_a_stack_never_exceeds_16_troops():
    s = advance_to(allocated_game(), "movement_phase")
    s["generals"]["broglie"]["troops"], s["generals"]["toerring"]["troops"] = 8, 8
    place(s, "belle_isle", "c20")
    s["trains"]["bavaria_t1"]["city"] = None
    rebuild_index(s)
    s = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c10", "c11", "c21"]})
    assert s["generals"]["broglie"]["city"] == "c21"
    with pytest.raises(IllegalAction, match="at most 16"):
        apply(s, "louis_xv", {"type": "move", "piece": "belle_isle", "path": ["c20", "c21"]})


def test_R6_6_rulebook_example_friedrich_4_schwerin_5_transfer_to_7_and_2():
    s = allocated_game()
    s["generals"]["friedrich"]["troops"], s["generals"]["schwerin"]["troops"] = 4, 5
    s = advance_to(s, "movement_phase")
    s = apply(s, "louis_xv", {"type": "done"})
    s = advance_to(s, "movement_phase")  # Prussia's movement phase
    assert {"type": "transfer", "from": "schwerin", "to": "friedrich", "troops": 3} in legal_actions(s, "frederick")
    s = apply(s, "frederick", {"type": "transfer", "from": "schwerin", "to": "friedrich", "troops": 3})
    assert (s["generals"]["friedrich"]["troops"], s["generals"]["schwerin"]["troops"]) == (7, 2)
    with pytest.raises(IllegalAction, match="each keeping between 1 and 8"):
        apply(s, "frederick", {"type": "transfer", "from": "schwerin", "to": "friedrich", "troops": 2})
    # never between different powers (a mixed stack) nor for another role
    assert not [a for a in legal_actions(s, "frederick") if a["type"] == "transfer" and "rutowski" in a.values()]


def test_R6_6_transfer_offered_in_another_players_stage_when_the_owner_has_a_decision():
    s = _combat_position()  # Austria attacks Friedrich+Schwerin
    s = apply(s, "maria_theresa", {"type": "play_card", "card": "1:D10"})
    acts = legal_actions(s, "frederick")  # Prussia must answer
    assert {"type": "transfer", "from": "friedrich", "to": "schwerin", "troops": 1} in acts
    s = apply(s, "frederick", {"type": "transfer", "from": "friedrich", "to": "schwerin", "troops": 1})
    assert s["flow"][-1]["name"] == "combat" and s["flow"][-1]["score"] == 8  # totals unchanged


@pytest.mark.parametrize("lost,fr,sch", [(8, 1, None), (7, 1, 1)])
def test_R6_7_rulebook_examples_mandatory_transfer(lost, fr, sch):
    s = allocated_game()
    s["generals"]["friedrich"]["troops"], s["generals"]["schwerin"]["troops"] = 4, 5
    removed = take_losses(s, info(s), loss_groups(s, ["friedrich", "schwerin"]), lost)
    assert s["generals"]["friedrich"]["troops"] == fr
    if sch is None:
        assert removed == ["schwerin"] and s["generals"]["schwerin"]["city"] is None
    else:
        assert s["generals"]["schwerin"]["troops"] == 1 and not removed


def test_R10_4_general_eliminates_an_enemy_train_and_moves_on_but_a_train_cannot():
    s = advance_to(allocated_game(), "movement_phase")
    put_train(s, "austria_t3", "c11")
    s2 = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c10", "c11", "c12"]})
    assert s2["trains"]["austria_t3"]["city"] is None and s2["generals"]["broglie"]["city"] == "c12"
    put_train(s, "france_t2", "c01")
    with pytest.raises(IllegalAction, match="only a general"):
        apply(s, "louis_xv", {"type": "move", "piece": "france_t2", "path": ["c01", "c11"]})


# --- supply-train re-entry (R10.9, R10.10) -------------------------------------------------------


def test_R10_10_rulebook_example_france_reenters_a_train_in_muenchen_paying_a_single_5():
    s = advance_to(allocated_game(), "movement_phase")
    clear(s, trains=("france_t2",))
    s["cards"]["hands"]["france"] = ["1:H5", "1:D3"]
    acts = legal_actions(s, "louis_xv")
    assert {"type": "reenter_train", "train": "france_t2", "city": "c11"} in acts  # München
    s = apply(s, "louis_xv", {"type": "reenter_train", "train": "france_t2", "city": "c11"})
    with pytest.raises(IllegalAction, match="no change"):
        apply(s, "louis_xv", {"type": "pay", "power": "france", "cards": ["1:H5", "1:D3"]})
    s = apply(s, "louis_xv", {"type": "pay", "power": "france", "cards": ["1:H5"]})
    assert s["trains"]["france_t2"]["city"] == "c11" and s["cards"]["hands"]["france"] == ["1:D3"]
    assert "1:H5" in s["cards"]["discards"]["1"]
    assert {"type": "move", "piece": "france_t2"} not in legal_actions(s, "louis_xv")  # no move


def test_R10_9_voluntary_reentry_needs_an_empty_friendly_major_fortress_and_4_points():
    s = advance_to(allocated_game(), "movement_phase")
    s["cards"]["hands"]["bavaria"] = ["1:H4"]
    acts = legal_actions(s, "louis_xv")
    assert {"type": "reenter_train", "train": "bavaria_t1", "city": "c11"} in acts  # on the map: (b)
    assert not [a for a in acts if a["type"] == "reenter_train" and a["city"] != "c11"]
    s["markers"]["c11"] = "austria"  # München enemy-held
    assert not [a for a in legal_actions(s, "louis_xv") if a["type"] == "reenter_train"]
    del s["markers"]["c11"]
    place(s, "broglie", "c11")  # not empty
    assert not [a for a in legal_actions(s, "louis_xv") if a["type"] == "reenter_train"]
    place(s, "broglie", "c10")
    s["cards"]["hands"]["bavaria"], s["cards"]["hands"]["france"] = ["1:H3"], ["1:S3"]
    assert not [a for a in legal_actions(s, "louis_xv") if a["type"] == "reenter_train"]  # < 4


# --- conquest (R10.11-R10.16, R12) ---------------------------------------------------------------


def test_R10_11_face_down_general_cannot_conquer():
    s = advance_to(allocated_game(), "movement_phase")
    clear(s, *AUSTRIANS)
    place(s, "broglie", "c22")
    s["generals"]["broglie"]["face_up"] = False
    s = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c22", "c12"]})
    assert controller(s, info(s), "c22") == "austria" and s["qmarks"] == {}


def test_R10_11_only_enemy_controlled_fortresses_are_conquered():
    s = advance_to(allocated_game(), "movement_phase")
    place(s, "broglie", "c35")  # Liegnitz: Prussian
    clear(s, "friedrich", "schwerin", "leopold")
    s = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c35", "c25"]})
    assert controller(s, info(s), "c35") == "prussia"


def test_R10_12_R10_14_several_fortresses_in_one_move_and_entered_after():
    s = advance_to(allocated_game(), "movement_phase")
    clear(s, *AUSTRIANS, trains=("austria_t3",))
    place(s, "broglie", "c22")
    s = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c22", "c23", "c33", "c32"]})
    i = info(s)
    assert controller(s, i, "c22") == controller(s, i, "c23") == "france"
    assert controller(s, i, "c32") == "austria"  # ended there: not left


def test_R10_13_protection_within_3_by_the_controller_or_a_cooperating_power():
    s = allocated_game()
    clear(s, *AUSTRIANS)
    i = info(s)
    place(s, "karl", "c53")
    assert protected(s, i, "c32") and not protected(s, i, "c22")  # 3 and 4 road steps
    s["markers"]["c31"] = "france"
    clear(s, "toerring", "broglie", "belle_isle")
    assert not protected(s, i, "c31")
    place(s, "leopold", "c21")  # Prussia: allied, not co-operating
    assert not protected(s, i, "c31")
    place(s, "toerring", "c11")  # Bavaria co-operates with France
    assert protected(s, i, "c31")


def _tournai_bruessel(end):
    """Rulebook R10.15 example structure: a French general moves through an unprotected fortress
    (Tournai = c22) and a protected one (Brüssel = Prag c32, protected by Karl at c53); in the combat
    phase of the same stage Karl is beaten and retreated."""
    s = advance_to(allocated_game(), "movement_phase")
    clear(s, *AUSTRIANS, trains=("austria_t2", "austria_t3"))
    place(s, "karl", "c53")
    place(s, "toerring", "c52")
    place(s, "belle_isle", "c52")
    g = s["generals"]
    g["karl"]["troops"], g["toerring"]["troops"], g["belle_isle"]["troops"] = 8, 5, 6
    place(s, "broglie", "c22")
    s = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c22", "c32", "c42"]})
    i = info(s)
    assert controller(s, i, "c22") == "france" and s["markers"]["c22"] == "france"  # Tournai
    assert s["qmarks"] == {"c32": "france"} and controller(s, i, "c32") == "austria"  # Brüssel: '?'
    s = apply(s, "louis_xv", {"type": "done"})
    c = s["flow"][-1]
    assert c["name"] == "combat" and c["score"] == 3 and active_roles(s) == ["maria_theresa"]
    s = apply(s, "maria_theresa", {"type": "accept_defeat"})  # loses 3, retreats 3
    paths = [a["path"] for a in legal_actions(s, "louis_xv") if a["type"] == "retreat"]
    assert {p[-1] for p in paths} == {"c45", "c34", "c23"}  # 4 from c52, the farthest
    path = next(p for p in paths if p[-1] == end)
    return apply(s, "louis_xv", {"type": "retreat", "path": path})


def test_R10_15_rulebook_example_tournai_bruessel_retroactive_conquest():
    s = _tournai_bruessel("c45")
    assert s["generals"]["karl"]["city"] == "c45" and s["generals"]["karl"]["troops"] == 5
    assert controller(s, info(s), "c32") == "france" and s["qmarks"] == {}  # retroactively
    assert any("no longer protected" in e["text"] for e in s["log"])


def test_R12_1_question_mark_removed_when_still_protected():
    s = _tournai_bruessel("c34")
    assert controller(s, info(s), "c32") == "austria" and s["qmarks"] == {}


def test_R10_16_rulebook_examples_a_b_c_and_rules_c_d_e():
    s = allocated_game()
    i = info(s)
    conquer(s, i, "austria", "c00")  # a) Austria takes a Bavarian fortress
    assert s["markers"]["c00"] == "austria"
    conquer(s, i, "bavaria", "c00")  # b) Bavaria retakes it: French VM
    assert s["markers"]["c00"] == "france" and controller(s, i, "c00") == "france"
    s["markers"]["c31"] = "france"  # c) PA retakes a French-held fortress
    conquer(s, i, "pragmatic_army", "c31")  #    in friendly major home country
    assert "c31" not in s["markers"] and controller(s, i, "c31") == "austria"
    s["markers"]["c22"] = "france"  # (d) Austria re-conquers its own
    conquer(s, i, "austria", "c22")
    assert "c22" not in s["markers"]
    conquer(s, i, "saxony", "c23")  # (e) minor marks with its major
    assert s["markers"]["c23"] == "prussia"
    s["markers"]["c04"] = "austria"  # (c) friendly minor home: marked
    conquer(s, i, "prussia", "c04")
    assert s["markers"]["c04"] == "prussia"
    conquer(s, i, "austria", "c35")  # (c) Silesia is always marked
    assert s["markers"]["c35"] == "austria"


# --- combat (R11) --------------------------------------------------------------------------------


def _combat_position():
    return r11_example(["1:D10", "1:D9", "1:D7", "1:R1", "1:S8"], ["1:S5", "1:S4", "2:S4", "1:S3", "1:D2"])


def test_R11_2_R8_5_only_cards_of_the_own_sector_suit_and_reserve_as_1_to_8():
    s = _combat_position()
    acts = [a for a in legal_actions(s, "maria_theresa") if a["type"] == "play_card"]
    assert {a["card"] for a in acts} == {"1:D10", "1:D9", "1:D7", "1:R1"}  # not the spade
    assert sorted(a["value"] for a in acts if a["card"] == "1:R1") == list(range(1, 9))
    s = apply(s, "maria_theresa", {"type": "play_card", "card": "1:R1", "value": 5})
    assert s["flow"][-1]["score"] == 3
    assert {a["card"] for a in legal_actions(s, "frederick") if a["type"] == "play_card"} == {
        "1:S5",
        "1:S4",
        "2:S4",
        "1:S3",
    }  # Prussia's suit is spades


def test_R11_3_a_side_may_decline_at_once_and_R11_4_losses_capped_at_its_troops():
    s = _combat_position()
    s = apply(s, "maria_theresa", {"type": "accept_defeat"})  # -2, Neipperg has 2
    assert s["generals"]["neipperg"]["city"] is None  # all lost: removed
    assert s["cards"]["hands"]["austria"] == ["1:D10", "1:D9", "1:D7", "1:R1", "1:S8"]
    s = _combat_position()
    s = apply(s, "maria_theresa", {"type": "play_card", "card": "1:D10"})
    s = apply(s, "frederick", {"type": "play_card", "card": "1:S3"})  # -5
    s = apply(s, "frederick", {"type": "accept_defeat"})  # loses 4 (all), not 5
    assert s["generals"]["friedrich"]["city"] is None and s["generals"]["schwerin"]["city"] is None


def test_R11_9_mixed_stack_commander_cards_other_power_loses_first():
    board = testboard.build(suits={"c22": "clubs", "c32": "hearts"})
    s = allocated_game(board)
    clear(s, *AUSTRIANS, trains=("austria_t3",))
    place(s, "broglie", "c22")
    place(s, "toerring", "c22")
    place(s, "karl", "c32")
    g = s["generals"]
    g["broglie"]["troops"], g["toerring"]["troops"], g["karl"]["troops"] = 2, 5, 8
    s["cards"]["hands"]["bavaria"] = ["1:C2"]
    s["cards"]["hands"]["france"] = ["1:C9"]
    s["cards"]["hands"]["austria"] = []
    start_combat_now(s, "austria", "c32", "c22")
    assert s["flow"][-1]["def_power"] == "bavaria" and s["flow"][-1]["score"] == 1  # Törring (1) commands
    acts = legal_actions(s, "louis_xv")
    assert [a["card"] for a in acts if a["type"] == "play_card"] == ["1:C2"]  # not France's C9
    s1 = apply(s, "louis_xv", {"type": "play_card", "card": "1:C2"})  # +1 for Bavaria
    s1 = apply(s1, "maria_theresa", {"type": "accept_defeat"})
    assert s1["generals"]["karl"]["troops"] == 7
    s2 = apply(s, "louis_xv", {"type": "accept_defeat"})  # -1: the French general pays
    assert s2["generals"]["broglie"]["troops"] == 1 and s2["generals"]["toerring"]["troops"] == 5


def test_R11_9_mixed_stack_losses_beyond_the_other_power_fall_on_the_commander():
    s = allocated_game()
    place(s, "broglie", "c21")  # with Törring
    g = s["generals"]
    g["broglie"]["troops"], g["toerring"]["troops"] = 2, 5
    take_losses(s, info(s), loss_groups(s, ["toerring", "broglie"]), 4)
    assert g["broglie"]["city"] is None and g["toerring"]["troops"] == 3  # 2 French, then 2 Bavarian


def test_R11_1_must_attack_every_adjacent_enemy_in_the_attackers_order_and_R11_11():
    s = advance_to(allocated_game(), "movement_phase")
    clear(s, *AUSTRIANS, trains=("austria_t2", "austria_t3"))
    place(s, "karl", "c32")
    place(s, "traun", "c33")
    place(s, "broglie", "c22")
    place(s, "belle_isle", "c23")
    g = s["generals"]
    g["karl"]["troops"], g["traun"]["troops"], g["broglie"]["troops"], g["belle_isle"]["troops"] = 1, 1, 8, 8
    s = apply(s, "louis_xv", {"type": "done"})
    acts = legal_actions(s, "louis_xv")
    assert s["flow"][-1]["name"] == "combat_phase"
    want = {("c22", "c32"), ("c23", "c33")}
    assert {(a["from"], a["target"]) for a in acts if a["type"] == "attack"} == want
    assert not [a for a in acts if a["type"] == "done"]  # attacking is compulsory
    # c32 is adjacent to c22 only among French cities? c23 is adjacent to c33 only; Belle-Isle is
    # also adjacent to nobody else.  Attack c22->c32 first: Karl (1) is beaten and removed.
    s = apply(s, "louis_xv", {"type": "attack", "from": "c22", "target": "c32"})
    s = apply(s, "maria_theresa", {"type": "accept_defeat"})
    assert g["karl"]["city"] == "c32"  # (the caller's copy)
    assert s["generals"]["karl"]["city"] is None
    # the remaining attack starts by itself (RUL-19)
    assert s["flow"][-1]["name"] == "combat" and s["flow"][-1]["def_city"] == "c33"


def test_R11_11_a_retreated_general_is_not_attacked_again():
    s = advance_to(allocated_game(), "movement_phase")
    clear(s, *AUSTRIANS, trains=("austria_t2", "austria_t3"))
    place(s, "karl", "c32")
    place(s, "broglie", "c22")
    place(s, "belle_isle", "c33")
    g = s["generals"]
    g["karl"]["troops"], g["broglie"]["troops"], g["belle_isle"]["troops"] = 6, 7, 7
    s = apply(s, "louis_xv", {"type": "done"})
    s = apply(s, "louis_xv", {"type": "attack", "from": "c22", "target": "c32"})
    s = apply(s, "maria_theresa", {"type": "accept_defeat"})  # -1: retreat 1
    paths = [a["path"] for a in legal_actions(s, "louis_xv") if a["type"] == "retreat"]
    s = apply(s, "louis_xv", {"type": "retreat", "path": paths[0]})
    assert s["generals"]["karl"]["troops"] == 5
    assert s["flow"][-1]["name"] != "combat"  # Belle-Isle's attack is skipped


def _brute_ends(s, i, start, d):
    ends = set()

    def dfs(x, seen, k):
        if k == d:
            ends.add(x)
            return
        for y in i.nbrs[x]:
            if y not in seen and not s["city_generals"].get(y) and y not in s["city_train"]:
                dfs(y, seen | {y}, k + 1)

    dfs(start, {start}, 0)
    return ends


@pytest.mark.parametrize(
    "start,d,winner", [("c23", 3, "c24"), ("c32", 5, "c42"), ("c21", 7, "c20"), ("c33", 9, "c43"), ("c12", 4, "c11")]
)
def test_R11_14_retreat_full_distance_farthest_from_winner_exact(start, d, winner):
    s = allocated_game()
    i = info(s)
    frame = {"city": start, "distance": d, "winner_city": winner}
    place(s, "traun", start)
    ends = _brute_ends(s, i, start, d)
    far = i.dist_from(winner)
    best = max(far[e] for e in ends)
    paths = retreat_paths(s, i, frame)
    assert {p[-1] for p in paths} == {e for e in ends if far[e] == best}
    for p in paths:
        assert len(p) == d + 1 and len(set(p)) == len(p) and p[0] == start
        assert all(not s["city_generals"].get(c) and c not in s["city_train"] for c in p[1:])


def test_R11_14_real_board_retreat_of_16_is_fast_and_exact(request):
    import time

    s = new_game(board=REAL)
    i = board_info(s)
    t0 = time.perf_counter()
    paths = retreat_paths(s, i, {"city": "prag", "distance": 16, "winner_city": "pilsen"})
    assert paths
    if request.config.getoption("--runslow"):  # the speed itself depends on the load: --runslow
        assert time.perf_counter() - t0 < 2.0
    assert all(len(p) == 17 and len(set(p)) == 17 for p in paths)


def test_R11_16_retreat_impossible_means_elimination_and_winner_chooses_path():
    s = _combat_position()
    s = apply(s, "maria_theresa", {"type": "play_card", "card": "1:D10"})
    s = apply(s, "frederick", {"type": "accept_defeat"})  # -8: loses all 4
    assert s["generals"]["friedrich"]["city"] is None
    s = _combat_position()
    s = apply(s, "maria_theresa", {"type": "play_card", "card": "1:D7"})  # +5
    s = apply(s, "frederick", {"type": "play_card", "card": "1:S4"})  # -1
    s = apply(s, "frederick", {"type": "accept_defeat"})
    assert (s["generals"]["friedrich"]["troops"], s["generals"]["schwerin"]["troops"]) == (2, 1)
    assert active_roles(s) == ["maria_theresa"] and s["flow"][-1]["distance"] == 1  # winner picks


# --- winter (R13) --------------------------------------------------------------------------------


def _winter(power_order=("austria",)):
    s = allocated_game()
    s["turn"] = 3
    isolate(s, {"name": "winter", "order": list(power_order), "idx": 0})
    return s


def test_R13_2_R13_3_winter_recruit_4_points_per_troop_and_free_reentry_with_a_new_troop():
    s = _winter()
    clear(s, "karl")
    s["generals"]["karl"]["troops"] = 0
    s["cards"]["hands"]["austria"] = ["1:H10", "1:D2", "1:C7"]
    t = next(a for a in legal_actions(s, "maria_theresa") if a["type"] == "recruit")
    assert t["max_troops"] == 4 and "c32" in t["sites"]["karl"]
    with pytest.raises(IllegalAction, match="at least 1 new troop"):
        apply(
            s,
            "maria_theresa",
            {
                "type": "recruit",
                "power": "austria",
                "cards": ["1:H10"],
                "assign": {"traun": 2},
                "reenter": {"karl": "c32"},
            },
        )
    with pytest.raises(IllegalAction, match="cost 12"):
        apply(
            s,
            "maria_theresa",
            {
                "type": "recruit",
                "power": "austria",
                "cards": ["1:H10", "1:D2", "1:C7"],
                "assign": {"karl": 1, "traun": 2},
                "reenter": {"karl": "c32"},
            },
        )
    s2 = apply(
        s,
        "maria_theresa",
        {
            "type": "recruit",
            "power": "austria",
            "cards": ["1:H10", "1:D2"],
            "assign": {"karl": 1, "traun": 2},
            "reenter": {"karl": "c32"},
        },
    )
    g = s2["generals"]
    assert g["karl"]["city"] == "c32" and g["karl"]["troops"] == 1 and g["karl"]["face_up"]
    assert g["traun"]["troops"] == s["generals"]["traun"]["troops"] + 2
    assert s2["cards"]["hands"]["austria"] == ["1:C7"]
    # declared count public, allocation secret
    assert any("recruits 3 troops" in e["text"] for e in s2["log"])
    assert view(s2, "louis_xv")["generals"]["traun"]["troops"] is None
    assert view(s2, "louis_xv")["troop_totals"]["austria"] == sum(
        x["troops"] for x in g.values() if x["power"] == "austria" and x["in_play"] and x["city"]
    )


def test_R13_4_reentry_on_a_friendly_major_fortress_at_home_and_the_intro_muenchen_exception():
    s = _winter(("france", "bavaria", "austria"))
    i = info(s)
    clear(s, "broglie", "toerring", "karl")
    assert general_sites(s, i, "broglie") == ["c11"]  # French: München (intro)
    assert general_sites(s, i, "toerring") == ["c11"]
    assert "c11" not in general_sites(s, i, "karl") and "c32" in general_sites(s, i, "karl")
    s["markers"]["c32"] = "prussia"  # enemy-held: not a site
    assert "c32" not in general_sites(s, i, "karl")
    place(s, "broglie", "c11")  # a co-operating general: stack ok
    assert general_sites(s, i, "toerring") == ["c11"]
    place(s, "broglie", None)
    put_train(s, "bavaria_t1", "c11")  # a friendly train blocks (RUL-13)
    assert general_sites(s, i, "toerring") == []


def test_R13_5_an_enemy_train_on_the_reentry_fortress_is_eliminated():
    s = _winter()
    clear(s, "karl")
    s["generals"]["karl"]["troops"] = 0
    put_train(s, "prussia_t1", "c32")
    s["cards"]["hands"]["austria"] = ["1:H4"]
    s = apply(
        s,
        "maria_theresa",
        {"type": "recruit", "power": "austria", "cards": ["1:H4"], "assign": {"karl": 1}, "reenter": {"karl": "c32"}},
    )
    assert s["trains"]["prussia_t1"]["city"] is None and s["generals"]["karl"]["city"] == "c32"


# --- victory (R14.3, R24.1) ----------------------------------------------------------------------

AUSTRIAN_FORTS = ["c30", "c31", "c51", "c53", "c50", "c42", "c43", "c23", "c32", "c22"]


def test_R14_3_louis_xv_wins_the_moment_france_holds_9_fortresses_in_austria():
    s = advance_to(allocated_game(), "movement_phase")
    clear(s, *AUSTRIANS)
    for c in AUSTRIAN_FORTS[:8]:
        s["markers"][c] = "france"
    place(s, "broglie", "c22")
    s = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c22", "c12", "c02"]})
    assert s["result"]["winner"] == "louis_xv" and "9" in s["result"]["reason"]
    assert s["generals"]["broglie"]["city"] == "c22"  # the game ended as he left
    assert active_roles(s) == [] and legal_actions(s, "louis_xv") == []
    with pytest.raises(IllegalAction, match="over"):
        apply(s, "louis_xv", {"type": "done"})


def test_R14_3_frederick_wins_with_12_in_austria_and_silesia_even_by_a_retroactive_conquest():
    s = allocated_game()
    i = info(s)
    for c in ["c24", "c34", "c44", "c54", "c55"] + AUSTRIAN_FORTS[:4]:
        s["markers"][c] = "prussia"
    assert counts(s, i)["prussia"] == 11
    s["qmarks"]["c32"] = "saxony"  # a Saxon '?': marks for Prussia
    clear(s, *AUSTRIANS)
    isolate(s, {"name": "retro_phase", "powers": ["prussia", "saxony"]})
    assert s["result"]["winner"] == "frederick" and s["markers"]["c32"] == "prussia"


def test_R14_3_maria_theresa_wins_at_the_end_of_the_last_turn():
    s = allocated_game(options={"last_turn": 1})
    s, _ = drive_done(s)
    assert s["result"]["winner"] == "maria_theresa" and s["turn"] == 2


@pytest.mark.parametrize("players,winner", [(3, "louis_xv"), (2, None)])
def test_R24_1_2_france_alone_wins_for_louis_xv_but_not_for_the_2p_coalition(players, winner):
    s = new_game(board=testboard.build(), players=players)
    i = board_info(s)
    for c in AUSTRIAN_FORTS[:9]:
        s["markers"][c] = "france"
    for c in ["c24", "c34", "c44", "c54", "c55"]:
        s["markers"][c] = "prussia"
    assert counts(s, i) == {"france": 9, "prussia": 7}
    check_instant(s, i)
    assert (s["result"] or {}).get("winner") == winner


def test_R24_1_2_coalition_wins_when_both_conditions_hold():
    # (the synthetic board has 10 + 7 fortresses, too few for 9 + 12 at once: the counts are stubbed)
    s = new_game(board=testboard.build(), players=2)
    i = board_info(s)
    import maria.games.maria.rules.victory as V

    real = V.counts
    try:
        V.counts = lambda st, inf: {"france": 9, "prussia": 12}
        check_instant(s, i)
    finally:
        V.counts = real
    assert s["result"]["winner"] == "coalition"


@pytest.mark.parametrize("fr,pr,winner", [(0, 2, "maria_theresa"), (9, 2, None), (0, 12, None)])
def test_R24_1_3_4_end_of_two_player_game_b_wins_or_tie(fr, pr, winner):
    s = new_game(board=testboard.build(), players=2)
    i = board_info(s)
    import maria.games.maria.rules.victory as V

    real = V.counts
    try:
        V.counts = lambda st, inf: {"france": fr, "prussia": pr}
        end_of_game(s, i)
    finally:
        V.counts = real
    assert s["result"]["winner"] == winner
    assert ("tie" in s["result"]["reason"]) == (winner is None)


def test_R24_1_2_real_board_coalition_wins_the_moment_both_conditions_hold():
    s = new_game(board=REAL, players=2)
    i = board_info(s)
    core = sorted(c for c in i.fortresses() if i.home_of(c) == "austria")
    silesia = sorted(c for c in i.fortresses() if i.in_silesia(c))
    assert len(core) == 17 and len(silesia) == 7
    for c in core[:9]:
        s["markers"][c] = "france"
    for c in silesia + core[9:13]:
        s["markers"][c] = "prussia"
    assert counts(s, i) == {"france": 9, "prussia": 11}
    check_instant(s, i)
    assert s["result"] is None
    conquer(s, i, "saxony", core[13])  # a Saxon conquest counts for Prussia
    assert s["result"]["winner"] == "coalition" and s["flow"] == [{"name": "game"}]


def test_RUL21_R7_3_a_reentering_piece_drives_the_hussar_off():
    s = _winter()
    clear(s, "karl")
    s["generals"]["karl"]["troops"] = 0
    s["hussars"]["hussar1"] = "c32"
    s["cards"]["hands"]["austria"] = ["1:H4"]
    s = apply(
        s,
        "maria_theresa",
        {"type": "recruit", "power": "austria", "cards": ["1:H4"], "assign": {"karl": 1}, "reenter": {"karl": "c32"}},
    )
    assert s["hussars"]["hussar1"] is None and s["generals"]["karl"]["city"] == "c32"


def test_RUL23_R9_4_R6_7_unsupplied_general_in_a_stack_keeps_his_last_troop_by_transfer():
    from maria.games.maria.rules.supply import apply_supply

    s = allocated_game()
    clear(s, trains=("austria_t3",))
    place(s, "belle_isle", "c33")
    place(s, "broglie", "c33")
    s["generals"]["broglie"]["troops"], s["generals"]["belle_isle"]["troops"] = 1, 5
    apply_supply(s, info(s), "broglie", False)
    assert s["generals"]["broglie"]["troops"] == 1 and s["generals"]["belle_isle"]["troops"] == 4
    assert s["generals"]["broglie"]["city"] == "c33"
