"""The advanced game (R15-R25): tests named after the rule numbers they check."""

from __future__ import annotations


from maria.games.maria.rules.advanced import markers as A
from maria.games.maria.rules import apply, active_roles, legal_actions, new_game, view
from maria.games.maria.rules.advanced import poldata
from maria.games.maria.rules.advanced import politics
from maria.games.maria.rules.advanced import display as pol_display
from maria.games.maria.rules.advanced import polcards as pol_cards
from maria.games.maria.rules.advanced import saxony as pol_saxony
from maria.games.maria.rules import flow
from maria.engine import rng
from maria.lab.selfplay import fill
from maria.games.maria.rules.state import board_info, rebuild_index


def adv_game(players=3, seed=0, diplomacy=False, **options):
    """A game past the allocation (and, unless `diplomacy`, past turn 1's diplomacy window)."""
    s = new_game("advanced", players, seed, options=options)
    ch = {"rng": rng.seed_state(99)}
    while s["flow"][-1]["name"] == "allocation":
        role = active_roles(s)[0]
        s = apply(s, role, fill(legal_actions(s, role)[0], s, ch))
    while not diplomacy and s["flow"][-1]["name"] == "diplomacy":
        s = apply(s, active_roles(s)[0], {"type": "done"})
    return s


def test_R4_5_R4_7_pools_at_start_and_R15_conservation():
    s = adv_game()
    assert s["adv"]["pools"] == {"prussia": 11, "france": 11, "pragmatic_army": 8, "austria": 3}
    for p, n in A.POOL_SIZES.items():
        assert A.pool_total(s, p) == n
    assert s["flow"][-1]["name"] == "politics"  # R5.1 stage 1
    assert adv_game(diplomacy=True)["flow"][-1]["name"] == "diplomacy"  # RUL-A34 before it
    assert s["options"]["last_turn"] == 12 and s["options"]["optional_political_rule"] is True


def test_R16_1_battle_vp_values():
    assert A.battle_vp(10, 2) == 3 and A.battle_vp(9, 0) == 3 and A.battle_vp(8, 0) == 2
    assert A.battle_vp(2, 1) == 1 and A.battle_vp(2, 0) == 0 and A.battle_vp(1, 2) == 1


def test_R16_3_worked_example_bavaria_beats_austria_10_troops():
    """Bavaria wins at +1, Austria cannot retreat and loses all 10 troops: 3 VP; France fills both
    battle boxes (the third VP is wasted); Austria returns the 1 VM it had in a battle box."""
    s = adv_game()
    a = s["adv"]
    a["pools"]["austria"] -= 1
    a["battle"]["austria"] = 1
    A.settle_battle(s, board_info(s), {"winner": "bavaria", "loser": "austria", "troops": 10, "generals": 2})
    assert a["battle"]["france"] == 2 and a["pools"]["france"] == 9
    assert a["battle"]["austria"] == 0 and a["pools"]["austria"] == 3
    for p, n in A.POOL_SIZES.items():
        assert A.pool_total(s, p) == n


def test_R16_2_supply_loss_and_R19_3_1_saxony_shift():
    s = adv_game()
    A.lose_vp(s, "prussia", 1, "lack of supply@bohemia")  # boxes empty: nothing moves
    assert s["adv"]["pools"]["prussia"] == 11
    assert s["adv"]["saxony_pending"] == 1  # ... but Saxony shifts


def test_R16_4_three_electors_box():
    s = adv_game()
    info = board_info(s)
    s["adv"]["electors"]["mainz"] = "france"
    A.after_control_change(s, info)
    assert s["adv"]["electors3"] == "france" and s["adv"]["pools"]["france"] == 10
    s["adv"]["electors"]["mainz"] = "austria"
    s["adv"]["electors"]["mannheim"] = "austria"
    A.after_control_change(s, info)
    assert s["adv"]["electors3"] == "pragmatic_army" and s["adv"]["pools"]["france"] == 11
    assert s["adv"]["pools"]["pragmatic_army"] == 7


def test_R10_16b_rhine_elector_flips_never_a_vm():
    s = adv_game()
    info = board_info(s)
    from maria.games.maria.rules.conquest import conquer

    conquer(s, info, "pragmatic_army", "koeln")
    assert "koeln" not in s["markers"] and s["adv"]["electors"]["koeln"] == "austria"
    assert s["adv"]["college"]["koeln"] == "austria"  # R18.4 kept in step


def test_R15_3_conquest_takes_from_pool_and_returns():
    s = adv_game()
    info = board_info(s)
    from maria.games.maria.rules.conquest import conquer

    conquer(s, info, "prussia", "breslau")  # Austrian VM back, Prussian VM out
    assert s["markers"]["breslau"] == "prussia"
    assert s["adv"]["pools"]["austria"] == 4 and s["adv"]["pools"]["prussia"] == 10


def _to_influence(s, display, faceup, trump="hearts"):
    """Put the politics frame at its influence step with the given TCs placed."""
    pol = s["adv"]["pol"]
    fr = s["flow"][-1]
    assert fr["name"] == "politics"
    for c in faceup:
        if c in pol["deck"]:
            pol["deck"].remove(c)
    pol["faceup"] = list(faceup)
    pol["trump"] = trump
    for p, cs in display.items():
        for c in cs:
            for h in s["cards"]["hands"].values():
                if c in h:
                    h.remove(c)
            if c in s["cards"]["draw"]:
                s["cards"]["draw"].remove(c)
            for d in s["cards"]["aside"]:
                if c in d:
                    d.remove(c)
        pol["display"][p] = [{"card": c, "up": False, "new": True} for c in cs]
    fr["step"] = "influence"
    flow.run(s, board_info(s))
    return s


def test_R17_4_R17_5_6_worked_example_influence_and_selection():
    s = adv_game(optional_political_rule=False)
    s = _to_influence(
        s,
        {"prussia": ["1:H9"], "austria": ["1:H3"], "france": ["2:H3"], "pragmatic_army": ["1:H2"]},
        ["1741_denmark", "1742_spain"],
    )
    fr = s["flow"][-1]
    assert [pol_display.influence(s, p) for p in fr["order"]] == [9, 3, 3, 2]
    assert fr["order"] == ["prussia", "austria", "france", "pragmatic_army"]  # tie to the right
    # Prussia selects one card and discards it without effect
    s = apply(s, "frederick", {"type": "select", "power": "prussia", "card": "1741_denmark"})
    s = apply(s, "frederick", {"type": "discard_card"})
    assert "1:H9" in s["cards"]["discards"]["1"]
    # Austria: no Austrian arms on Spain -> saves automatically; France takes it and executes it
    assert s["adv"]["pol"]["display"]["austria"][0]["card"] == "1:H3"
    s = apply(s, "louis_xv", {"type": "select", "power": "france", "card": "1742_spain"})
    s = apply(s, "louis_xv", {"type": "execute", "instruction": None, "shifts": {"italy": -2}})
    # both cards taken: the PA gets its TC back; the shift is carried out after the selection
    assert "1:H2" in s["cards"]["hands"]["pragmatic_army"]
    assert s["adv"]["pol"]["display"]["austria"][0]["card"] == "1:H3"  # Austria saved: stays
    assert s["adv"]["tracks"]["italy"] == 1
    assert s["flow"][-1]["name"] != "politics"


def test_R17_5_6_variant_france_and_pa_save_card_discarded():
    s = adv_game(optional_political_rule=False)
    s = _to_influence(
        s,
        {"prussia": ["1:H9"], "austria": ["1:H3"], "france": ["2:H3"], "pragmatic_army": ["1:H2"]},
        ["1741_denmark", "1742_spain"],
    )
    s = apply(s, "frederick", {"type": "select", "power": "prussia", "card": "1741_denmark"})
    s = apply(s, "frederick", {"type": "discard_card"})
    s = apply(s, "louis_xv", {"type": "save", "power": "france"})
    # the PA has no arms on Spain: it must save (R17.5.2)
    assert "1742_spain" in s["adv"]["pol"]["discard"]
    assert s["adv"]["pol"]["display"]["pragmatic_army"][0]["card"] == "1:H2"  # saved
    assert s["adv"]["tracks"]["italy"] == 3


def test_R17_4_2_reserve_counts_16_and_R17_4_1_non_trump_returns():
    s = adv_game(optional_political_rule=False)
    s = _to_influence(s, {"prussia": ["1:S9"], "austria": ["1:R1"], "france": ["2:H3"]}, ["1741_denmark", "1742_spain"])
    assert pol_display.influence(s, "austria") == 16 and pol_display.influence(s, "prussia") == 0
    assert "1:S9" in s["cards"]["hands"]["prussia"]


def test_R25_3_optional_rule_bluff_stays_face_down_and_R25_1_returns():
    s = adv_game(optional_political_rule=True)
    s = _to_influence(s, {"prussia": ["1:S9"], "france": ["2:H3"]}, ["1741_denmark", "1742_spain"])
    ent = s["adv"]["pol"]["display"]["prussia"]
    assert ent and not ent[0]["up"] and "1:S9" not in s["cards"]["hands"]["prussia"]
    # everybody saw it revealed (R17.4) before it was turned face-down again: remembered, not hidden
    seen = view(s, "louis_xv")["advanced"]["political"]["display"]["prussia"][0]
    assert seen["card"] == "1:S9" and not seen["up"] and seen["seen"]
    assert view(s, "frederick")["advanced"]["political"]["display"]["prussia"][0]["card"] == "1:S9"


def test_R17_6_4_italy_vp_icon_and_return_on_star():
    s = adv_game()
    info = board_info(s)
    politics.apply_shifts(s, info, {"italy": -3})
    assert s["adv"]["italy"] == ["france"] and s["adv"]["pools"]["france"] == 10
    politics.apply_shifts(s, info, {"italy": 3})
    assert s["adv"]["italy"] == [] and s["adv"]["pools"]["france"] == 11


def test_R17_6_4_income_icons_R8_8():
    s = adv_game()
    from maria.games.maria.rules import cards

    base = cards.income(s, "prussia", True)
    s["adv"]["tracks"]["russia"] = 0
    assert cards.income(s, "prussia", True) == base - 1
    s["adv"]["tracks"]["russia"] = 4
    assert cards.income(s, "prussia", True) == base + 1


def test_R17_6_8_ostpreussen_general_returns_when_russia_shifts():
    s = adv_game()
    info = board_info(s)
    gid = s["adv"]["expedition"]["russia"]["prussia"]
    assert s["generals"][gid]["city"] == "box:ostpreussen" and not s["generals"][gid]["in_play"]
    politics.apply_shifts(s, info, {"russia": 1})
    assert s["generals"][gid]["in_play"] and s["generals"][gid]["city"] is not None
    assert not s["generals"][gid]["city"].startswith("box:")


def test_R17_6_4_expedition_corps_sends_a_general():
    s = adv_game()
    info = board_info(s)
    politics.apply_shifts(s, info, {"italy": -2})  # box 1: Austrian expedition icon
    assert s["flow"][-1]["name"] == "expedition"
    acts = legal_actions(s, "maria_theresa")
    s = apply(s, "maria_theresa", acts[0])
    assert s["generals"][acts[0]["general"]]["city"] == "box:italien"


def test_R18_imperial_election_votes_and_emperor_box():
    s = adv_game()
    s["adv"]["election"] = "pending"
    s["flow"].append({"name": "election"})
    flow.run(s, board_info(s))
    # Austria (Prag, Mainz, Trier) and the PA (Hannover) are forced for Francis; Dresden is next
    assert s["flow"][-1]["todo"][0] == ["dresden", "saxony"]
    s = apply(s, "frederick", {"type": "vote", "elector": "dresden", "for": "charles"})
    s = apply(s, "louis_xv", {"type": "vote", "elector": "muenchen", "for": "charles"})
    s = apply(s, "louis_xv", {"type": "vote", "elector": "koeln", "for": "charles"})
    s = apply(s, "louis_xv", {"type": "vote", "elector": "mannheim", "for": "charles"})
    s = apply(s, "frederick", {"type": "vote", "elector": "berlin", "for": "charles"})
    assert s["adv"]["emperor_elected"] == "charles" and s["adv"]["emperor"] == "france"
    assert s["adv"]["pools"]["france"] == 10


def test_R10_6_R11_15_only_french_and_austrian_pieces_cross_maps():
    s = adv_game()
    info = board_info(s)
    from maria.games.maria.rules.movement import step_refusal

    for gid, ok in (("stair", False), ("maillebois", True)):
        s["generals"][gid]["city"] = "ulm"
        rebuild_index(s)
        why = step_refusal(s, info, {"piece": gid, "mode": "normal", "path": ["ulm"], "main": True}, "donauwoerth")
        assert (why is None) == ok or (ok and "occupied" in (why or "")), why
        s["generals"][gid]["city"] = None
        rebuild_index(s)
    from maria.games.maria.rules.retreat import no_entry

    s["generals"]["stair"]["city"] = "ulm"
    rebuild_index(s)
    assert "donauwoerth" in no_entry(s, info, "ulm")


def test_R19_2_france_reduces_objectives_and_markers_return():
    s = adv_game()
    info = board_info(s)
    cities = [c for c in info.fortresses() if A._core_austria(info, c)][:3]
    for c in cities:
        s["markers"][c] = "france"
        s["adv"]["pools"]["france"] -= 1
    for g in s["generals"].values():
        if g["power"] == "france" and g["city"] in info.playable and A._core_austria(info, g["city"]):
            g["city"] = None
    rebuild_index(s)
    assert A.france_may_reduce(s, info)
    A.reduce_objectives(s, info)
    assert s["adv"]["set_aside"]["france"] == 2 and s["adv"]["pools"]["france"] == 9
    assert not A.france_may_reduce(s, info)  # only once
    A.france_conquered_bohemia(s, info, "bavaria", "dresden")
    assert s["adv"]["set_aside"]["france"] == 0 and s["adv"]["pools"]["france"] == 11


def test_R19_3_4_quadruple_alliance_saxony_joins_austria():
    s = adv_game()
    info = board_info(s)
    pol_cards.execute_instruction(s, info, "quadruple", "austria", True)
    assert "saxony" in s["roles"]["maria_theresa"] and "saxony" not in s["roles"]["frederick"]
    from maria.games.maria.rules import roles as R, cards

    assert R.cooperating(s, "austria", "saxony") and R.enemies(s, "saxony", "prussia")
    assert cards.income(s, "saxony", True) == 2  # R19.3.8
    assert "saxony" in R.action_stages(s)[2]  # R19.3.9


def test_R19_3_3_saxony_neutral_pieces_home_markers_returned():
    s = adv_game()
    info = board_info(s)
    from maria.games.maria.rules.conquest import conquer

    conquer(s, info, "austria", "dresden")
    assert s["markers"]["dresden"] == "austria"
    politics.apply_shifts(s, info, {"saxony": 1})
    assert pol_display.saxony_state(s) == "neutral" and "dresden" not in s["markers"]
    assert s["adv"]["pools"]["austria"] == 3
    assert pol_saxony.forbidden(s, info, "austria") and "dresden" in pol_saxony.forbidden(s, info, "prussia")


def test_R23_1_empty_pool_wins_and_R23_2_ties():
    s = adv_game()
    info = board_info(s)
    s["adv"]["pools"]["prussia"] = 0
    s["adv"]["battle"]["prussia"] = 11
    A.check_pools(s, info, "an action stage")
    assert s["result"]["winner"] == "frederick"
    s = adv_game()
    assert A._tie_winner(s, ["austria", "france"]) == "maria_theresa"
    assert A._tie_winner(s, ["france", "prussia"]) == "frederick"
    s2 = adv_game(players=2)
    assert A._tie_winner(s2, ["france", "pragmatic_army"]) == "maria_theresa"  # R24.2.6


def test_R13_6_winter_scores_hidden_until_the_end():
    s = adv_game()
    A.winter_scoring(s)
    assert view(s, "frederick")["advanced"]["winter_scores"]["prussia"] == 1  # only a count
    assert s["adv"]["winter"]["prussia"] == [11]


def test_R23_3_lowest_total_wins_after_fourth_winter():
    s = adv_game()
    s["adv"]["winter"] = {
        "prussia": [5, 5, 5, 5],
        "france": [4, 4, 4, 4],
        "pragmatic_army": [8] * 4,
        "austria": [4, 4, 4, 4],
    }
    A.end_of_game(s, board_info(s))
    assert s["result"]["winner"] == "maria_theresa"  # tie France/Austria


def test_R24_2_3_two_player_one_executed_card_per_turn():
    s = adv_game(players=2, optional_political_rule=False)
    s = _to_influence(s, {"prussia": ["1:H9"], "france": ["2:H8"]}, ["1741_denmark", "1742_spain"])
    s = apply(s, "coalition", {"type": "select", "power": "prussia", "card": "1741_denmark"})
    s = apply(s, "coalition", {"type": "execute", "instruction": True, "shifts": {}})
    while s["flow"][-1]["name"] == "pol_troops":
        s = apply(s, "maria_theresa", {"type": "done"})
    s = apply(s, "coalition", {"type": "select", "power": "france", "card": "1742_spain"})
    assert [a for a in legal_actions(s, "coalition") if a["type"] != "transfer"] == [{"type": "discard_card"}]


def test_R17_5_2_data_every_major_can_select_and_tracks_reach_icons():
    """Every year's deck has a card for every major; every icon box of every track is reachable
    from the star with the printed arrows (static reachability over one game's shifts)."""
    cards_, disp = poldata.load()
    for year in (1741, 1742, 1743, 1744):
        for p in ("austria", "prussia", "france", "pragmatic_army"):
            assert any(p in c["arms"] for c in cards_.values() if c["year"] == year and not c.get("special")), (year, p)
    for t, tr in disp["tracks"].items():
        steps = {
            d * a["n"]
            for c in cards_.values()
            for a in c.get("arrows", [])
            if a["track"] == t
            for d in ({"left": [-1], "right": [1], "either": [-1, 1]}[a["dir"]])
        }
        n = len(tr["boxes"])
        seen, todo = {tr["star"]}, [tr["star"]]
        while todo:
            x = todo.pop()
            for d in steps:
                y = max(0, min(n - 1, x + d))
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        assert seen == set(range(n)), (t, seen)


def test_poldata_validation_names_file_entry_problem():
    bad = {"cards": [{"id": "x", "year": 1741, "arms": ["spain"], "arrows": [{"track": "moon"}]}]}
    msgs = poldata.validate_cards(bad)
    assert any("political_cards.yaml: cards[0] (x): arms" in m for m in msgs)
    assert any("arrows[0]" in m for m in msgs)
    msgs = poldata.validate_display({"placement_order": ["prussia"], "tracks": {}})
    assert any(m.startswith("political_display.yaml: placement_order") for m in msgs)
