"""Advanced game: rules divergences closed after an independent audit (politics, election, Saxony,
Silesia, victory).  Each test is named after the printed rule (EN v2.1 section) it checks."""

from __future__ import annotations

from maria.games.maria.rules.advanced import markers as A
from maria.games.maria.rules import apply, flow, legal_actions
from maria.games.maria.rules.advanced import politics
from maria.games.maria.rules.advanced import display as pol_display
from maria.games.maria.rules.advanced import polcards as pol_cards
from maria.games.maria.rules.advanced import poldata
from maria.games.maria.rules.advanced import saxony as pol_saxony
from maria.games.maria.rules.state import board_info, rebuild_index

from tests.rules.test_advanced import adv_game


def _start_election(s):
    s["adv"]["election"] = "pending"
    s["flow"].append({"name": "election"})
    flow.run(s, board_info(s))
    return s


def _vote_until(s, elector):
    """Cast every asked vote for Charles until `elector`'s vote is the one asked."""
    for _ in range(12):
        todo = s["flow"][-1].get("todo") if s["flow"][-1]["name"] == "election" else None
        assert todo, f"{elector} was never asked"
        c, p = todo[0]
        if c == elector:
            return s
        role = next(r for r, ps in s["roles"].items() if p in ps)
        s = apply(s, role, {"type": "vote", "elector": c, "for": "charles"})
    raise AssertionError(elector)


def test_R18_5_neutral_prussia_votes_freely():
    """§18.5: only Austria's and the PA's votes are forced; a neutral Prussia (after the Silesian
    peace, §19.1 step 6) still chooses its Berlin vote."""
    s = adv_game()
    s["adv"]["prussia_neutral_until"] = s["turn"] + 2
    assert pol_saxony.neutral(s, "prussia")
    s = _start_election(s)
    s = _vote_until(s, "berlin")
    assert s["flow"][-1]["todo"][0] == ["berlin", "prussia"]
    assert {a["for"] for a in legal_actions(s, "frederick") if a["type"] == "vote"} == {"charles", "francis"}
    s = apply(s, "frederick", {"type": "vote", "elector": "berlin", "for": "charles"})
    assert s["adv"]["emperor_elected"] == "charles"


def test_R18_5_saxony_vote_cast_by_whoever_plays_saxony():
    """§18.5 NOTE: the player currently playing Saxony decides the Dresden vote: Maria Theresa once
    Saxony is Austria's ally (a free choice, not forced); a neutral Saxony votes Francis only under
    the ES/FR option (VD-16)."""
    s = adv_game()
    info = board_info(s)
    pol_cards.execute_instruction(s, info, "quadruple", "austria", True)
    s["flow"] = [f for f in s["flow"] if f["name"] != "pol_troops"]
    s = _start_election(s)
    assert s["flow"][-1]["todo"][0] == ["dresden", "saxony"]
    assert {a["for"] for a in legal_actions(s, "maria_theresa") if a["type"] == "vote"} == {"charles", "francis"}
    for opt, asked in ((True, False), (False, True)):
        s = adv_game(neutral_saxony_votes_francis=opt)
        politics.apply_shifts(s, board_info(s), {"saxony": 1})
        s["flow"] = [f for f in s["flow"] if f["name"] in ("politics",)] or s["flow"][:1]
        assert pol_display.saxony_state(s) == "neutral"
        s = _start_election(s)
        todo = [c for c, p in s["flow"][-1]["todo"]]
        assert ("dresden" in todo) == asked


def test_R10_16c_R19_1_silesia_always_marked_after_annexation():
    """§10.16 (c): "Fortresses in Silesia are ALWAYS marked".  After the annexation (§19.1 step 1,
    Silesia Prussian home country) an Austrian conquest of Breslau is marked, and Prussia's
    re-conquest marks it again with a marker from Prussia's pool."""
    from maria.games.maria.rules.conquest import conquer

    s = adv_game()
    info = board_info(s)
    s["adv"]["silesia_annexed"] = s["turn"]
    conquer(s, info, "austria", "breslau")
    assert s["markers"]["breslau"] == "austria"
    before = s["adv"]["pools"]["prussia"]
    conquer(s, info, "prussia", "breslau")
    assert s["markers"].get("breslau") == "prussia"
    assert s["adv"]["pools"]["prussia"] == before - 1
    for p, n in A.POOL_SIZES.items():
        assert A.pool_total(s, p) == n


def _clear_relocations(s):
    """Drop the relocation steps a neutral Saxony queues (R19.3.3): not what these tests look at."""
    s["flow"] = [f for f in s["flow"] if f["name"] not in ("relocate",)]
    return s


def test_R19_3_saxony_shifts_for_prussian_vp_losses_whatever_its_status():
    """§19.3: the Saxony marker moves 1 box right for each victory marker Prussia has to remove,
    also when Saxony is already neutral (here in the "S" box after the Silesian peace); Austria
    may decline (the question is asked)."""
    s = adv_game()
    info = board_info(s)
    s["adv"]["silesia_annexed"] = s["turn"]
    politics.apply_shifts(s, info, {"saxony": 2})  # the "S" box: neutral
    s = _clear_relocations(s)
    assert pol_display.saxony_state(s) == "neutral" and s["adv"]["tracks"]["saxony"] == 3
    A.lose_vp(s, "prussia", 1, "battle@bohemia")
    pol_saxony.flush_saxony(s, info)
    assert s["flow"][-1]["name"] == "saxony_shift"
    assert {a["accept"] for a in legal_actions(s, "maria_theresa") if a["type"] == "saxony_shift"} == {True, False}
    s = apply(s, "maria_theresa", {"type": "saxony_shift", "accept": True})
    assert s["adv"]["tracks"]["saxony"] == 4
    # two more lost VPs: Saxony becomes Austria's ally (§19.3, "Austrian ally" box)
    A.lose_vp(s, "prussia", 2, "lack of supply@bohemia")
    pol_saxony.flush_saxony(s, info)
    s = apply(s, "maria_theresa", {"type": "saxony_shift", "accept": True})
    assert pol_display.saxony_state(s) == "austrian_ally"
    # in the last box nothing can move: no question
    A.lose_vp(s, "prussia", 1, "battle@bohemia")
    pol_saxony.flush_saxony(s, info)
    assert s["flow"][-1]["name"] != "saxony_shift"


def test_R23_2_three_electors_box_counted_once_with_an_empty_pool():
    """§23.2: "the power ... that could have played the most additional markers": France, its pool
    empty, holding 3 Rhine electorates could have played one marker into the 3-Electors box, not
    one more at every later change of control."""
    s = adv_game()
    info = board_info(s)
    s["adv"]["pools"]["france"] = 0
    for c in ("koeln", "mannheim", "mainz"):
        s["adv"]["electors"][c] = "france"
    for _ in range(4):
        A.after_control_change(s, info)
    assert s["adv"]["overflow"]["france"] == 1 and s["adv"]["electors3"] is None
    s["adv"]["electors"]["mainz"] = "austria"  # lost again: not counted
    A.after_control_change(s, info)
    assert s["adv"]["overflow"]["france"] == 0


def test_R23_2_qmark_with_empty_pool_then_conquered_counted_once():
    """§23.2 with §10.15 / §12: a "?" placed with an empty pool and then conquered in the
    retroactive phase is one marker the power could have played, not two."""
    from maria.games.maria.rules.conquest import conquer

    s = adv_game()
    info = board_info(s)
    s["adv"]["pools"]["prussia"] = 0
    A.place_qmark(s, "prussia", "bruenn")
    assert s["adv"]["overflow"]["prussia"] == 1
    conquer(s, info, "prussia", "bruenn")  # the retroactive conquest
    assert s["adv"]["overflow"]["prussia"] == 1
    s2 = adv_game()
    s2["adv"]["pools"]["prussia"] = 0
    A.place_qmark(s2, "prussia", "bruenn")
    A.drop_qmark(s2, "bruenn")  # still protected: it goes
    assert s2["adv"]["overflow"]["prussia"] == 0


def test_R23_2_battle_boxes_counted_at_most_twice_with_an_empty_pool():
    """§16.3 / §23.2: a power has 2 battle boxes; with an empty pool, VPs won beyond them are not
    markers it could have played."""
    s = adv_game()
    s["adv"]["pools"]["austria"] = 0
    A.gain_vp(s, "austria", 3)
    A.gain_vp(s, "austria", 2)
    assert s["adv"]["overflow"]["austria"] == 2
    A.lose_vp(s, "austria", 1, "battle")
    assert s["adv"]["overflow"]["austria"] == 1 and s["adv"]["pools"]["austria"] == 0


def test_R17_6_political_cards_follow_their_printed_texts():
    """§17.5-17.6 with the FR/ES compendium texts: Separate Peace (1744) is Sardinia staying loyal
    to Maria Theresa (an Italy card, towards Habsburg Italy), Alexei Bestuzhev holds out his hand to
    Vienna, Berlin and Versailles (Austria, Prussia, France), France (1743) is war in Italy and the
    Netherlands (no Saxony arrow)."""
    from maria.games.maria.rules.advanced import poldata

    c = poldata.cards()
    sp = c["1744_separate_peace"]
    assert [(a["track"], a["dir"]) for a in sp["arrows"]] == [("italy", "right")]
    assert "austria" in sp["arms"] and "prussia" not in sp["arms"]
    assert set(c["1743_alexei_bestuzhev"]["arms"]) == {"austria", "prussia", "france"}
    assert [a["track"] for a in c["1743_france"]["arrows"]] == ["italy"]


def give_hand(s, power, hand):
    """`power`'s hand becomes `hand` (cards taken from wherever they are; its old cards go back into
    the draw deck), so that every card stays in exactly one place."""
    c = s["cards"]
    c["draw"] += [x for x in c["hands"][power] if x not in hand]
    places = [c["draw"]] + list(c["hands"].values()) + list(c["discards"].values()) + list(c["aside"])
    for x in hand:
        for pl in places:
            if x in pl:
                pl.remove(x)
    c["hands"][power] = list(hand)


def _join_austria(s):
    """Move the Saxony marker to the "Austrian ally" box and run the flow."""
    info = board_info(s)
    last = len(poldata.display()["tracks"]["saxony"]["boxes"]) - 1
    politics.apply_shifts(s, info, {"saxony": last - s["adv"]["tracks"]["saxony"]})
    flow.run(s, info)
    assert pol_display.saxony_state(s) == "austrian_ally"
    return s


def _saxony_joins_with_rutowski_off_board(hand):
    """An advanced game in which Saxony joins Austria while Rutowski is off the board, Saxony
    holding `hand`."""
    s = adv_game()
    s["generals"]["rutowski"].update(city=None, troops=0)
    rebuild_index(s)
    give_hand(s, "saxony", hand)
    return _join_austria(s)


def _rutowski_stacked_where_cities_tie(s, info):
    """Stack Rutowski with Schwerin in the first empty Bohemian city from which two or more empty
    cities are equally close (R19.3); the city, or None (nothing moved)."""
    for c in sorted(info.playable):
        if info.board.cities[c].map != "bohemia" or s["city_generals"].get(c) or s["city_train"].get(c):
            continue
        keep = dict(s["generals"]["rutowski"]), dict(s["generals"]["schwerin"])
        s["generals"]["rutowski"]["city"] = s["generals"]["schwerin"]["city"] = c
        rebuild_index(s)
        if len(pol_saxony.closest_empty_cities(s, info, "rutowski")) >= 2:
            return c
        s["generals"]["rutowski"].update(keep[0])
        s["generals"]["schwerin"].update(keep[1])
        rebuild_index(s)
    return None


def test_R19_3_off_board_saxon_general_may_reenter_when_saxony_joins_austria():
    """§19.3 (Austrian ally): "If Saxony's general is not on the board, he may re-enter immediately
    with newly recruited troops, as per the recruitment rules (see section 13)": Maria Theresa is
    offered a recruitment for him (Saxony's TCs, 4 points a troop, a Saxon major fortress), or may
    decline."""
    s = _saxony_joins_with_rutowski_off_board(["1:H5", "1:S4", "1:C3"])
    assert s["flow"][-1]["name"] == "saxony_reenter"
    acts = legal_actions(s, "maria_theresa")
    tpl = next(a for a in acts if a["type"] == "recruit")
    assert {"type": "done"} in acts and tpl["power"] == "saxony" and tpl["on_map"] == []
    assert "dresden" in tpl["sites"]["rutowski"] and tpl["max_troops"] == 3
    s = apply(
        s,
        "maria_theresa",
        {
            "type": "recruit",
            "power": "saxony",
            "cards": ["1:H5", "1:S4"],
            "assign": {"rutowski": 2},
            "reenter": {"rutowski": "dresden"},
        },
    )
    g = s["generals"]["rutowski"]
    assert g["city"] == "dresden" and g["troops"] == 2 and s["cards"]["hands"]["saxony"] == ["1:C3"]
    assert s["flow"][-1]["name"] != "saxony_reenter"
    # declining is allowed too
    s = _saxony_joins_with_rutowski_off_board(["1:H5"])
    s = apply(s, "maria_theresa", {"type": "done"})
    assert s["generals"]["rutowski"]["city"] is None and s["flow"][-1]["name"] != "saxony_reenter"


def test_R19_3_maria_theresa_chooses_among_equally_close_empty_cities():
    """§19.3: "If the Saxon general is in a stack, player Maria Theresa moves the general to the
    closest empty city": with several equally close empty cities, she chooses."""
    s = adv_game()
    info = board_info(s)
    found = _rutowski_stacked_where_cities_tie(s, info)
    assert found
    choices = pol_saxony.closest_empty_cities(s, info, "rutowski")
    s = _join_austria(s)
    assert s["flow"][-1]["name"] == "relocate" and s["flow"][-1]["cause"] == "saxony_ally"
    acts = [a for a in legal_actions(s, "maria_theresa") if a["type"] == "relocate"]
    assert sorted(a["city"] for a in acts) == sorted(choices)
    s = apply(s, "maria_theresa", {"type": "relocate", "piece": "rutowski", "city": choices[-1]})
    assert s["generals"]["rutowski"]["city"] == choices[-1]
    assert s["generals"]["schwerin"]["city"] == found


def test_R19_3_positions_pass_the_statecheck():
    """The two new decision points are positions the statecheck accepts (saves, fuzz)."""
    from maria.games.maria.invariants import check_state
    from tests.players.test_saxony_joins_players import _reenter_position, _stack_position

    for pos in (_reenter_position, _stack_position):
        assert check_state(pos()) == []


def test_R19_3_quadruple_alliance_order_stack_then_troops_then_recruitment():
    """§19.3 with the Quadruple Alliance (R17.6.6): the stacked Saxon general leaves the stack before
    the card's 2 troops are given (RUL-A36)."""
    from tests.players.test_saxony_joins_players import _stack_position

    s = _stack_position()  # only used to find a city with a tie
    city = s["generals"]["schwerin"]["city"]
    s = adv_game()
    info = board_info(s)
    s["generals"]["rutowski"]["city"] = s["generals"]["schwerin"]["city"] = city
    rebuild_index(s)
    pol_cards.execute_instruction(s, info, "quadruple", "austria", True)
    assert [f["name"] for f in s["flow"][-2:]] == ["pol_troops", "relocate"]
