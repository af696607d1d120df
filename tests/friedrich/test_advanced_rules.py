"""FRIEDRICH 2005 rules §13 ("Règles avancées"), each an option of the game: the Fate version by
the sector of the last victorious general (every clubs, hearts and diamonds effect of the "Feuille
du destin"), the East Prussia garrison and the Prussian Offensive Option.  Rulings F13-* in
docs/friedrich-rulings.md."""

from __future__ import annotations

import pytest

from maria import yamlio
from maria.engine.state import IllegalAction
from maria.games.friedrich.board import FCity, FGeneral, FTrain
from maria.games.friedrich.rules import advanced, door, fate
from tests.friedrich.conftest import (
    act,
    actions,
    allocate_all,
    armies,
    clear_map,
    hand,
    passive,
    put,
    small_board,
    to_phase,
)

FATE = {"fate_by_sector": True}
SUIT_CITY = {"spades": "a0", "hearts": "a6", "clubs": "c2", "diamonds": "c3"}


def adv_board():
    """The tests' small board with the generals the Fate cards name, a Swedish train, map
    positions (column = x, row = y), two regions and objectives for East Prussia and the OO."""
    objectives = {
        "russia": {"first": ["a0", "a1", "a2", "c2"], "second": [], "defender": "prussia"},
        "prussia": {"first": ["b5", "b6"], "second": [], "defender": "austria"},
        "austria": {"first": ["b3", "a4", "c1", "b1"], "second": [], "defender": "prussia"},
    }
    b = small_board(
        objectives=objectives,
        countries={"b3": "saxony", "b4": "austria", "b5": "austria"},
        suits={"c2": "clubs", "c3": "diamonds"},
        caps={"russia": 24, "hanover": 16},
    )
    for cid, c in list(b.cities.items()):
        b.cities[cid] = FCity(cid, c.name, c.suit, c.country, float(int(cid[1]) * 10), float("abc".index(cid[0]) * 10))
    b.generals.update(
        {
            "fermor": FGeneral("fermor", "Fermor", "russia", 2, "c6"),
            "apraxin": FGeneral("apraxin", "Apraxin", "russia", 3, "c6"),
            "tottleben": FGeneral("tottleben", "Tottleben", "russia", 4, "a4"),
            "karl": FGeneral("karl", "Karl", "austria", 3, "c5"),
            "ferdinand": FGeneral("ferdinand", "Ferdinand", "hanover", 1, "b1"),
        }
    )
    b.trains["s_train"] = FTrain("s_train", "sweden", "a2")
    b.regions = {"east_prussia": ["a0", "a1", "a2"], "south_of_line_5": ["c0", "c1", "c2", "c3", "c4", "c5", "c6"]}
    return b


def new_adv(options, seed: int = 1) -> dict:
    s = door.new_game(4, seed, board=adv_board(), options=options)
    return to_phase(allocate_all(s), "prussia")


def draw(card: str, suit: str, prepare=None, options=FATE) -> dict:
    """France's movement in turn 6 (the turn set directly), `prepare` sets the board, the last
    battle was won in a sector of `suit`, `card` on top of the Clock; France ends its turn."""
    s = to_phase(new_adv(options), "france")
    s["turn"] = 6
    if prepare:
        prepare(s)
    s["adv"]["last_win"] = {"general": "nobody", "city": SUIT_CITY[suit]}
    s["fate"]["deck"].remove(card)
    s["fate"]["deck"].insert(0, card)
    s = act(s, {"type": "end_movement"})
    while s["turn"] == 6 and s["flow"][-1]["name"] not in ("fate_choice", "adv_choice"):
        s = passive(s)
    return s


def read(s: dict) -> str:
    return next(e["text"] for e in reversed(s["log"]) if e["text"].startswith("The Clock of Fate"))


def next_turn(s: dict, nation: str, phase: str = "movement", **where) -> dict:
    s = clear_map(to_phase(s, nation, phase, turn=7))
    put(s, **where)
    return s


def choices(s: dict, who: str | None = None) -> list:
    return sorted(a["choice"] for a in actions(s, who))


# --- the Fate version ---------------------------------------------------------------------------


def test_F13_fate_version_is_the_suit_of_the_sector_of_the_last_victorious_general():
    s = draw("2", "hearts", lambda s: (clear_map(s), put(s, apraxin="b6"), armies(s, apraxin=3)))
    assert "Fate 2 (hearts)" in read(s) and s["generals"]["apraxin"]["armies"] == 2


def test_F13_fate_version_where_the_winner_stands_now_and_spades_before_any_battle_won():
    s = to_phase(new_adv(FATE), "france")
    s["adv"]["last_win"] = None
    assert advanced.fate_version(s, door.info_of(s)) == "spades"  # ruling F13-1
    s["adv"]["last_win"] = {"general": "daun", "city": "a0"}
    put(s, daun="c3")
    assert advanced.fate_version(s, door.info_of(s)) == "diamonds"  # where he stands now


def test_F13_fate_version_is_recorded_when_a_battle_is_won():
    s = to_phase(new_adv(FATE), "prussia")
    clear_map(s)
    put(s, fritz="c2", saltikov="c3")
    armies(s, fritz=5, saltikov=2)
    hand(s, "russia", [])
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "c2", "to": "c3"})
    while s["flow"][-1]["name"] == "duel":
        s = passive(s)
    assert s["adv"]["last_win"] == {"general": "fritz", "city": "c2"}
    assert "saltikov" in s["adv"]["lost"]


def test_F13_standard_game_reads_spades_whoever_won_last():
    s = draw(
        "2",
        "hearts",
        lambda s: (clear_map(s), put(s, apraxin="b6"), armies(s, apraxin=3)),
        options={"east_prussia": True},
    )
    assert "Fate 2 (spades)" in read(s) and s["generals"]["apraxin"]["armies"] == 3


# --- the clubs, hearts and diamonds effects ------------------------------------------------------


def test_F13_fate_1_clubs_every_russian_general_gains_a_free_army_if_possible():
    def prep(s):
        clear_map(s)
        put(s, saltikov="c6", fermor="b6", apraxin="a6")
        armies(s, saltikov=2, fermor=8, apraxin=1)

    s = draw("1", "clubs", prep)
    g = s["generals"]
    assert (g["saltikov"]["armies"], g["fermor"]["armies"], g["apraxin"]["armies"]) == (3, 8, 2)


def test_F13_fate_1_hearts_austria_and_russia_may_swap_one_tc():
    def prep(s):
        hand(s, "austria", ["1:H2"])
        hand(s, "russia", ["1:S9"])

    s = draw("1", "hearts", prep)
    assert choices(s, "maria_theresa") == ["1:H2", "none"]
    s = act(s, {"type": "fate", "choice": "1:H2"}, "maria_theresa")
    v = door.view(s, "elisabeth")
    assert v["flow"][-1]["offered"] == "hidden"  # Austria's card stays hidden
    s = act(s, {"type": "fate", "choice": "1:S9"}, "elisabeth")
    assert s["cards"]["hands"]["austria"] == ["1:S9"] and s["cards"]["hands"]["russia"] == ["1:H2"]


def test_F13_fate_1_diamonds_tottleben_gains_a_free_army():
    s = draw("1", "diamonds", lambda s: (clear_map(s), put(s, tottleben="a4"), armies(s, tottleben=1)))
    assert s["generals"]["tottleben"]["armies"] == 2


def test_F13_fate_2_clubs_fermor_starting_next_to_kuestrin_may_not_move(monkeypatch):
    monkeypatch.setitem(fate.cards_data()["numbered"][2]["clubs"], "city", "b3")
    s = next_turn(draw("2", "clubs"), "russia", fermor="b4", saltikov="c6")
    starts = [a["pieces"] for a in actions(s) if a["type"] == "move"]
    assert ["saltikov"] in starts and not any("fermor" in p for p in starts)


def test_F13_fate_2_hearts_apraxin_loses_an_army_unless_that_would_remove_him():
    s = draw("2", "hearts", lambda s: (clear_map(s), put(s, apraxin="b6"), armies(s, apraxin=1)))
    assert s["generals"]["apraxin"]["armies"] == 1 and s["generals"]["apraxin"]["city"] == "b6"


def test_F13_fate_2_diamonds_saltikov_moves_at_most_two_cities():
    s = next_turn(draw("2", "diamonds"), "russia", saltikov="b6")
    s = act(s, {"type": "move", "pieces": ["saltikov"]})
    s = act(s, {"type": "step", "to": "b5"})
    s = act(s, {"type": "step", "to": "b4"})
    assert s["flow"][-1]["name"] == "movement"  # two cities, no more


def test_F13_fate_3_clubs_no_tc_of_10_or_more_between_prussia_and_france():
    s = next_turn(draw("3", "clubs"), "france", "movement", richelieu="b4", fritz="b3")
    armies(s, richelieu=2, fritz=3)
    hand(s, "france", ["1:H10", "1:H9", "1:R1"])
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "b4", "to": "b3"})
    plays = actions(s)
    assert {"type": "play_card", "card": "1:H9"} in plays and {"type": "play_card", "card": "1:H10"} not in plays
    assert max(a["value"] for a in plays if a.get("card") == "1:R1") == 9


def test_F13_fate_3_hearts_soubise_and_hildburghausen_not_with_the_same_suit():
    s = next_turn(draw("3", "hearts"), "imperial_army", hild="b5", fritz="b4", soubise="a5", heinrich="a4")
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "b5", "to": "b4"})  # hearts sector
    while s["flow"][-1]["name"] != "movement" or s["flow"][-1]["nation"] != "france":
        s = passive(s)
    put(s, soubise="a5", heinrich="a4")
    s = act(s, {"type": "end_movement"})
    assert not any(a["type"] == "attack" for a in actions(s))  # a5 is hearts too


def test_F13_fate_3_diamonds_nobody_attacks_into_or_out_of_halle(monkeypatch):
    monkeypatch.setitem(fate.cards_data()["numbered"][3]["diamonds"], "city", "b3")
    s = next_turn(
        draw("3", "diamonds"), "prussia", fritz="b3", saltikov="b4", heinrich="a0", ehren="a1", r_train="c3", keith="c2"
    )
    s = act(s, {"type": "end_movement"})
    assert [a["from"] for a in actions(s) if a["type"] == "attack"] == ["a0"]


def test_F13_fate_3_diamonds_no_train_destroyed_at_halle(monkeypatch):
    monkeypatch.setitem(fate.cards_data()["numbered"][3]["diamonds"], "city", "c3")
    s = next_turn(draw("3", "diamonds"), "prussia", keith="c1", r_train="c3")
    s = act(s, {"type": "move", "pieces": ["keith"]})
    s = act(s, {"type": "step", "to": "c2"})
    assert {"type": "step", "to": "c3"} not in actions(s)


def test_F13_fate_4_hearts_france_may_discard_one_tc_and_draw_a_new_one():
    s = draw("4", "hearts", lambda s: hand(s, "france", ["1:C2"]))
    assert choices(s, "pompadour") == ["1:C2", "keep"]
    s = act(s, {"type": "fate", "choice": "1:C2"}, "pompadour")
    h = s["cards"]["hands"]["france"]
    assert len(h) == 1 and "1:C2" not in h


def test_F13_fate_4_diamonds_cumberland_takes_part_in_no_attack():
    s = next_turn(draw("4", "diamonds"), "hanover", cumberland="b3", saltikov="b4")
    s = act(s, {"type": "end_movement"})
    assert not any(a["type"] == "attack" for a in actions(s))


def test_F13_fate_5_hearts_richelieu_moves_at_most_two_cities():
    s = next_turn(draw("5", "hearts"), "france", richelieu="b6")
    s = act(s, {"type": "move", "pieces": ["richelieu"]})
    s = act(s, {"type": "step", "to": "b5"})
    s = act(s, {"type": "step", "to": "b4"})
    assert s["flow"][-1]["name"] == "movement"


def test_F13_fate_5_diamonds_chevert_cannot_leave_his_stack():
    s = next_turn(draw("5", "diamonds"), "france", richelieu="b6", chevert="b6")
    starts = [sorted(a["pieces"]) for a in actions(s) if a["type"] == "move"]
    assert starts == [["chevert", "richelieu"]]


def test_F13_fate_6_clubs_daun_gains_a_free_army():
    s = draw("6", "clubs", lambda s: (clear_map(s), put(s, daun="c5"), armies(s, daun=4)))
    assert s["generals"]["daun"]["armies"] == 5


def test_F13_fate_6_diamonds_austria_may_turn_a_prussian_stack_in_austria_or_saxony_face_down():
    s = draw("6", "diamonds", lambda s: (clear_map(s), put(s, fritz="b3", heinrich="b3", keith="a0")))
    assert choices(s, "maria_theresa") == ["b3", "none"]  # a0 is not in Austria or Saxony
    s = act(s, {"type": "fate", "choice": "b3"}, "maria_theresa")
    assert s["generals"]["fritz"]["face_down"] and s["generals"]["heinrich"]["face_down"]


def test_F13_fate_7_hearts_frederick_receives_no_new_armies():
    s = next_turn(draw("7", "hearts"), "prussia", fritz="b3", heinrich="b2")
    armies(s, fritz=2, heinrich=2)
    hand(s, "prussia", ["1:S13", "1:H13"])
    t = next(a for a in actions(s) if a["type"] == "recruit")
    assert "fritz" not in t["generals"] and "heinrich" in t["generals"]


def test_F13_fate_7_hearts_frederick_off_the_map_cannot_come_back_and_the_refusal_says_why():
    s = next_turn(draw("7", "hearts"), "prussia", fritz=None, heinrich="b2")
    armies(s, fritz=0, heinrich=2)
    hand(s, "prussia", ["1:S13", "1:H13"])
    with pytest.raises(IllegalAction, match=r"may not receive new armies this turn \(Fate\)"):
        act(
            s,
            {
                "type": "recruit",
                "nation": "prussia",
                "armies": {"fritz": 1},
                "enter": {"fritz": "c0"},
                "cards": ["1:S13"],
            },
        )


def test_F13_fate_7_diamonds_frederick_must_reach_a_positive_score_once():
    s = next_turn(draw("7", "diamonds"), "prussia", fritz="b3", saltikov="b4")
    armies(s, fritz=2, saltikov=5)
    hand(s, "prussia", ["1:S2"])
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "b3", "to": "b4"})
    assert {"type": "stop"} not in actions(s)  # -3: he must play on
    s = act(s, {"type": "play_card", "card": "1:S2"})
    assert actions(s) == [{"type": "stop"}]  # nothing left to play: he may stop


def test_F13_fate_8_clubs_a_prussian_attacked_by_daun_may_first_retreat_one_city():
    s = next_turn(draw("8", "clubs"), "austria", daun="b5", fritz="b4")
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "b5", "to": "b4"})
    assert s["flow"][-1]["name"] == "evade" and "fight" in choices(s, "frederick")
    s = act(s, {"type": "fate", "choice": "b3"}, "frederick")
    assert s["generals"]["fritz"]["city"] == "b3" and s["flow"][-1]["name"] != "duel"


def test_F13_fate_8_diamonds_karl_loses_an_army():
    s = draw("8", "diamonds", lambda s: (clear_map(s), put(s, karl="c5"), armies(s, karl=3)))
    assert s["generals"]["karl"]["armies"] == 2


def test_F13_fate_9_clubs_frederick_moves_four_cities_even_in_a_stack():
    s = next_turn(draw("9", "clubs"), "prussia", fritz="b0", heinrich="b0")
    s = act(s, {"type": "move", "pieces": ["fritz", "heinrich"]})
    for to in ("b1", "b2", "b3"):
        s = act(s, {"type": "step", "to": to})
    assert {"type": "step", "to": "b4"} in actions(s)


def test_F13_fate_9_diamonds_prussia_gives_austria_a_tc_and_draws_one_at_random():
    def prep(s):
        hand(s, "prussia", ["1:S2"])
        hand(s, "austria", ["1:H13"])

    s = draw("9", "diamonds", prep)
    assert choices(s, "frederick") == ["1:S2", "none"]
    s = act(s, {"type": "fate", "choice": "1:S2"}, "frederick")  # (then turn 7: Prussia draws 7)
    austria = s["cards"]["hands"]["austria"]
    assert len(austria) == 1 and ({"1:S2", "1:H13"} - set(austria)) <= set(s["cards"]["hands"]["prussia"])


def test_F13_fate_10_clubs_one_prussian_general_loses_an_army_prussia_choosing():
    s = draw("10", "clubs", lambda s: (clear_map(s), put(s, fritz="a0", heinrich="b0"), armies(s, fritz=1, heinrich=3)))
    assert choices(s, "frederick") == ["heinrich"]
    s = act(s, {"type": "fate", "choice": "heinrich"}, "frederick")
    assert s["generals"]["heinrich"]["armies"] == 2


def test_F13_fate_10_hearts_frederick_attacked_first_tc_counts_zero():
    s = next_turn(draw("10", "hearts"), "russia", saltikov="b4", fritz="b3")
    armies(s, saltikov=4, fritz=2)
    hand(s, "prussia", ["1:S5", "1:S6"])
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "b4", "to": "b3"})
    s = act(s, {"type": "play_card", "card": "1:S5"}, "frederick")
    assert s["flow"][-1]["score"] == 2
    s = act(s, {"type": "play_card", "card": "1:S6"}, "frederick")
    assert s["flow"][-1]["score"] == -4


def test_F13_fate_11_clubs_one_hanoverian_general_gains_an_army():
    s = draw(
        "11",
        "clubs",
        lambda s: (clear_map(s), put(s, cumberland="b1", ferdinand="c1"), armies(s, cumberland=2, ferdinand=2)),
    )
    s = act(s, {"type": "fate", "choice": "ferdinand"}, "frederick")
    assert s["generals"]["ferdinand"]["armies"] == 3


def test_F13_fate_11_hearts_heinrich_protects_up_to_four_cities():
    s = next_turn(draw("11", "hearts"), "russia", heinrich="a6", saltikov="b2")
    s = act(s, {"type": "move", "pieces": ["saltikov"]})
    s = act(s, {"type": "step", "to": "a2"})
    s = act(s, {"type": "step", "to": "a1"})  # leaves a2, 4 cities from Heinrich
    assert "a2" not in s["conquered"] and ["a2", "russia"] in s["candidates"]


def test_F13_fate_12_clubs_ehrensvaerd_5_or_6_cities_from_his_train_turns_face_down():
    s = draw("12", "clubs", lambda s: (clear_map(s), put(s, ehren="a0", s_train="a5")))
    assert s["generals"]["ehren"]["face_down"]


def test_F13_fate_12_hearts_prussia_may_move_a_beaten_hildburghausen_two_cities_west():
    def prep(s):
        clear_map(s)
        put(s, hild="b4")
        s["adv"]["lost"] = ["hild"]

    s = draw("12", "hearts", prep)
    assert choices(s, "frederick") == ["a3", "b2", "c3", "none"]  # not a5, c5 (east), a4/c4 (1 city)
    s = act(s, {"type": "fate", "choice": "b2"}, "frederick")
    assert s["generals"]["hild"]["city"] == "b2"


# --- East Prussia ---------------------------------------------------------------------------------

EP = {"east_prussia": True}


def _russia_holds_east_prussia(s):
    for c in ("a0", "a1", "a2"):
        s["conquered"][c] = "russia"


def _east_prussia_left_empty() -> dict:
    """Russia holds East Prussia's objectives, ends its movement with no general there, and the
    game stops at the garrison check (Prussia's retake)."""
    s = to_phase(new_adv(EP), "russia")
    clear_map(s)
    put(s, saltikov="c6", r_train="c5")
    _russia_holds_east_prussia(s)
    s = act(s, {"type": "end_movement"})
    while s["flow"][-1]["name"] != "ep_check":
        s = passive(s)
    return s


def test_F13_east_prussia_prussia_retakes_two_objectives_when_no_russian_general_remains():
    s = _east_prussia_left_empty()
    assert sorted(tuple(a["cities"]) for a in actions(s, "frederick")) == [("a0", "a1"), ("a0", "a2"), ("a1", "a2")]
    s = act(s, {"type": "retake", "cities": ["a0", "a2"]}, "frederick")
    assert s["conquered"] == {"a1": "russia"}


def test_F13_east_prussia_a_russian_general_there_keeps_the_objectives():
    s = to_phase(new_adv(EP), "russia")
    clear_map(s)
    put(s, saltikov="a1", r_train="a3")
    _russia_holds_east_prussia(s)
    s = act(s, {"type": "end_movement"})
    s = to_phase(s, "sweden")
    assert all(s["conquered"][c] == "russia" for c in ("a0", "a1", "a2"))
    put(s, saltikov="b3")
    assert advanced.east_prussia_breach(s, door.info_of(s))  # none there any more


# --- the Offensive Option ------------------------------------------------------------------------

OO = {"offensive_option": True}


def _turn_3(options=OO, cards=("1:S10", "1:H9", "1:R1")):
    s = new_adv(options)
    s["turn"] = 2
    while s["flow"][-1]["name"] != "oo_decision":
        s = passive(s)
    assert s["turn"] == 3
    hand(s, "prussia", list(cards))
    return s


def test_F13_offensive_option_prussia_lays_out_a_tc_of_10_or_more_in_turn_3_before_moving():
    s = _turn_3()
    offered = sorted(a["card"] for a in actions(s))
    assert "1:S10" in offered and "1:R1" in offered and "1:H9" not in offered and "none" in offered
    assert not any(a["type"] == "move" for a in actions(s))
    s = act(s, {"type": "offensive_option", "card": "1:S10"})
    assert s["adv"]["oo"] == "taken" and s["adv"]["oo_card"] == "1:S10"
    assert "1:S10" not in s["cards"]["hands"]["prussia"]
    assert door.view(s, "maria_theresa")["adv"]["oo_card"] == "1:S10"  # face-up


def _oo_taken(s):
    s["adv"]["oo"], s["adv"]["oo_card"] = "taken", "1:S12"
    s["cards"]["hands"]["prussia"] = [c for c in s["cards"]["hands"]["prussia"] if c != "1:S12"]
    for src in list(s["cards"]["hands"].values()) + [s["cards"]["draw"]]:
        if "1:S12" in src:
            src.remove("1:S12")


def test_F13_offensive_option_austria_takes_the_card_when_prussia_loses_at_minus_3():
    s = to_phase(new_adv(OO), "austria")
    _oo_taken(s)
    clear_map(s)
    put(s, daun="b5", fritz="b4")
    armies(s, daun=6, fritz=3)
    hand(s, "prussia", [])
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "b5", "to": "b4"})
    s = act(s, {"type": "stop"}, "frederick")
    assert s["adv"]["oo_claimed"] and "1:S12" in s["cards"]["hands"]["austria"]


def test_F13_offensive_option_austria_takes_the_card_when_a_prussian_starves_south_of_line_5():
    s = to_phase(new_adv(OO), "prussia")
    _oo_taken(s)
    clear_map(s)
    put(s, keith="c3")
    s["generals"]["keith"]["face_down"] = True
    s = act(s, {"type": "end_movement"})
    s = to_phase(s, "hanover")
    assert s["generals"]["keith"]["city"] is None and s["adv"]["oo_claimed"]


def test_F13_offensive_option_without_it_prussia_conquers_nothing_after_turn_3():
    s = to_phase(new_adv(OO), "prussia")
    clear_map(s)
    put(s, keith="b5")
    s["turn"], s["adv"]["oo"] = 4, "declined"
    s = act(s, {"type": "move", "pieces": ["keith"]})
    s = act(s, {"type": "step", "to": "b4"})
    assert "b5" not in s["conquered"]
    s2 = to_phase(new_adv(OO), "prussia")
    clear_map(s2)
    put(s2, keith="b5")
    s2 = act(s2, {"type": "move", "pieces": ["keith"]})
    s2 = act(s2, {"type": "step", "to": "b4"})
    assert s2["conquered"]["b5"] == "prussia"  # turns 1-3: it may


def test_F13_offensive_option_prussia_wins_holding_every_bohemian_objective():
    s = to_phase(new_adv(OO), "france")
    _oo_taken(s)
    s["conquered"].update({"b5": "prussia", "b6": "prussia"})
    s = act(s, {"type": "end_movement"})
    while s["result"] is None and s["turn"] == 1:
        s = passive(s)
    assert s["result"]["nations"] == ["prussia"] and s["result"]["winners"] == ["frederick"]


def test_F13_offensive_option_fails_after_a_subsidy_cut_with_austria_holding_the_card():
    s = to_phase(new_adv(OO), "prussia")
    _oo_taken(s)
    s["turn"] = 8
    clear_map(s)
    put(s, keith="b5")
    s["adv"]["oo_claimed"] = True
    s["fate"]["subsidy_cuts"] = 1
    s = act(s, {"type": "move", "pieces": ["keith"]})
    s = act(s, {"type": "step", "to": "b4"})
    assert "b5" not in s["conquered"]  # no more conquest in Bohemia
    s["conquered"].update({"b5": "prussia", "b6": "prussia"})
    assert advanced.victory_extra(s, door.info_of(s)) == []


def test_F13_offensive_option_austria_may_declare_four_objectives_one_saxon_really_conquered():
    from maria.games.friedrich.rules.victory import winners

    s = to_phase(new_adv(OO), "france")
    info = door.info_of(s)
    assert winners(s, info) == []
    _oo_taken(s)
    assert winners(s, info) == []  # the Saxon b3 is not conquered
    s["conquered"]["b3"] = "austria"
    assert winners(s, info) == ["austria"]  # a4, c1, b1 declared


# --- options in the state, the view and saves ------------------------------------------------------


def test_F13_options_live_in_the_state_and_round_trip_through_yaml():
    s = door.new_game(4, 3, options={"advanced": True})
    assert s["options"] == {"fate_by_sector": True, "east_prussia": True, "offensive_option": True}
    assert s["adv"]["oo"] is None
    assert yamlio.load_text(yamlio.dump_text(s), max_values=10**7) == s
    std = door.new_game(4, 3)
    assert "adv" not in std and std["options"] == {}


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_F13_a_whole_random_game_with_every_advanced_rule(players):
    from maria.lab.friedrich_selfplay import random_game

    out = random_game(players, 11, options={"advanced": True})
    assert out["state"]["result"]["winners"]
