"""FRIEDRICH 2005 rules that no other test pins down, one test per printed sentence, on the shipped
board (boards/friedrich/) wherever the board decides the answer, else on the small test board."""

from __future__ import annotations

from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules.cards import income
from maria.games.friedrich.rules.state import info_of
from tests.friedrich.conftest import act, actions, armies, clear_map, hand, new, passive, put, shipped, to_phase


def _walk(s, pieces, path):
    s = act(s, {"type": "move", "pieces": pieces})
    for c in path:
        s = act(s, {"type": "step", "to": c})
    if s["flow"][-1]["name"] == "moving":
        s = act(s, {"type": "stop"})
    return s


# --- the player aid ("AIDES DE JEU") and §1-§3 ----------------------------------------------------


def test_F3_the_player_aid_table_generals_trains_armies_cards_and_objectives_of_each_nation():
    # « 1. Prusse 8 2 32 4+3 14 / 2. Hanovre 2 1 12 1+1 - / 3. Russie 4 2 16 4 10 / 4. Suède 1 1 4 1
    # 5+5 / 5. Autriche 5 2 30 4+1 12+4 / 6. Armée Impériale 1 1 6 1 5+5 / 7. France 3 2 20 4-1 10 »
    aid = {
        "prussia": (8, 2, 32, 7, (14, 0)),
        "hanover": (2, 1, 12, 2, None),
        "russia": (4, 2, 16, 4, (10, 0)),
        "sweden": (1, 1, 4, 1, (5, 5)),
        "austria": (5, 2, 30, 5, (12, 4)),
        "imperial_army": (1, 1, 6, 1, (5, 5)),
        "france": (3, 2, 20, 4, (10, 0)),
    }
    s = shipped()
    board = info_of(s).board
    assert T.NATIONS == tuple(aid)  # the table's order is the turn order
    for n, (gens, trains, total, cards, objectives) in aid.items():
        assert sum(g["nation"] == n for g in s["generals"].values()) == gens, n
        assert sum(t["nation"] == n for t in s["trains"].values()) == trains, n
        assert board.armies[n] == total, n
        assert income(s, n)[0] == cards, n
        if objectives is None:
            assert not board.objectives_of(n, None), n
        else:
            first = len(board.objectives_of(n, 1))
            assert (first, len(board.objectives_of(n, None)) - first) == objectives, n
    assert income(s, "france") == (4, 1)  # « 4-1 »: draws 4, discards one


def test_F3_an_exhausted_draw_pile_is_followed_by_the_next_deck_then_the_two_fullest_discard_piles():
    # « Si le premier paquet de CT est épuisé, on utilise le second, ensuite le troisième et si le
    # quatrième est épuisé on utilise les deux paquets qui se sont le plus reconstitués. »
    s = new()
    cards = s["cards"]
    cards["draw"] = ["1:S9"]
    s = to_phase(s, "hanover")  # Hanover draws 2
    assert "1:S9" in s["cards"]["hands"]["hanover"]
    assert [c.split(":")[0] for c in s["cards"]["hands"]["hanover"]] == ["1", "2"]
    assert len(s["cards"]["aside"]) == 2 and len(s["cards"]["draw"]) == 49
    s = to_phase(s, "prussia", turn=2)
    cards = s["cards"]
    cards["draw"], cards["aside"] = [], []
    cards["discards"] = {"1": ["1:S2", "1:S3", "1:S4"], "2": ["2:S2"], "3": ["3:S2", "3:S3"], "4": []}
    s = to_phase(s, "hanover", turn=2)
    assert s["cards"]["discards"]["2"] == ["2:S2"] and s["cards"]["discards"]["4"] == []
    assert s["cards"]["discards"]["1"] == [] and s["cards"]["discards"]["3"] == []
    got = s["cards"]["hands"]["hanover"][-2:]
    assert set(got) <= {"1:S2", "1:S3", "1:S4", "3:S2", "3:S3"} and len(s["cards"]["draw"]) == 3


def test_F3_the_imperial_army_never_uses_austria_s_cards():
    # « Les CT de nations différentes ne peuvent jamais être mélangées ni échangées » (the same
    # player commands Austria and the Imperials)
    s = to_phase(clear_map(new()), "imperial_army")
    put(s, hild="c4", fritz="b4")  # both sectors hearts
    armies(s, hild=2, fritz=5)
    hand(s, "imperial_army", [])
    hand(s, "austria", ["1:H9", "1:R1"])
    assert not any(a["type"] == "recruit" for a in actions(s))  # nothing to pay with
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "c4", "to": "b4"})
    assert actions(s) == [{"type": "stop"}]  # -3 and no card of its own


# --- §5 conquest -------------------------------------------------------------------------------


def test_F5_hanover_s_generals_protect_hanover_s_objectives_prussia_s_do_not():
    # « La Prusse NE PEUT PAS défendre d'objectif dans le Hanovre ! »: Richelieu passes Hannover
    # (a French objective in Hanover) two cities from a general of Hanover, then of Prussia
    s = clear_map(shipped(nation="france"))
    put(s, richelieu="wunstorf", cumberland="hildesheim")
    armies(s, richelieu=5, cumberland=3)
    s = _walk(s, ["richelieu"], ["hannover", "celle"])
    assert s["conquered"] == {} and s["candidates"] == [["hannover", "france"]]
    s = clear_map(shipped(nation="france"))
    put(s, richelieu="wunstorf", seydlitz="hildesheim")
    armies(s, richelieu=5, seydlitz=3)
    s = _walk(s, ["richelieu"], ["hannover", "celle"])
    assert s["conquered"] == {"hannover": "france"}


def test_F5_prussia_defends_magdeburg_and_hanover_does_not():
    # « Le Hanovre NE PEUT PAS défendre d'objectif en Prusse ! »: Magdeburg, a French objective in
    # Prussia, two cities from a general of Prussia, then of Hanover
    s = clear_map(shipped(nation="france"))
    put(s, richelieu="burg", seydlitz="haldensleben")
    armies(s, richelieu=5, seydlitz=3)
    s = _walk(s, ["richelieu"], ["magdeburg", "wolmirstedt"])
    assert s["conquered"] == {} and s["candidates"] == [["magdeburg", "france"]]
    s = clear_map(shipped(nation="france"))
    put(s, richelieu="burg", cumberland="haldensleben")
    armies(s, richelieu=5, cumberland=3)
    s = _walk(s, ["richelieu"], ["magdeburg", "wolmirstedt"])
    assert s["conquered"] == {"magdeburg": "france"}


def test_F5_the_defenders_of_saxony_hanover_and_magdeburg_on_the_shipped_board():
    # « Toutes les nations défendent leurs propres provinces … De plus, la Prusse défend la Saxe
    # occupée. »
    board = info_of(shipped()).board
    by_home = {}
    for c, o in board.objectives.items():
        by_home.setdefault(board.home_of(c), set()).add(o.defender)
    assert by_home["saxony"] == {"prussia"} and by_home["hanover"] == {"hanover"}
    assert by_home["prussia"] == {"prussia"} and by_home["austria"] == {"austria"}
    assert board.objectives["magdeburg"].defender == "prussia"
    assert board.objectives["hannover"].defender == "hanover"
    assert board.objectives["dresden"].defender == "prussia"


def test_F5_a_general_may_conquer_several_objectives_in_one_move():
    # « Un général peut conquérir plus d'un objectif lors d'un seul déplacement. »
    s = clear_map(to_phase(new(objectives={"russia": {"first": ["b3", "b4"], "defender": "prussia"}}), "russia"))
    put(s, saltikov="b5")
    s = _walk(s, ["saltikov"], ["b4", "b3", "b2"])
    assert s["conquered"] == {"b3": "russia", "b4": "russia"}


# --- §7 combat, §8 retreat ----------------------------------------------------------------------


def test_F7_a_general_who_retreated_is_not_attacked_again_in_that_combat_phase():
    # « Un général qui a battu en retraite ne peut pas attaquer et ne peut pas être attaqué durant
    # cette même phase des combats. »  Saltikov (a0) between Friedrich (a1) and Heinrich (c0), the
    # dead end b0 behind him: beaten by Friedrich he retreats 2, a0 -> b0 -> a0, back next to
    # Heinrich, who must not attack him
    s = clear_map(new(extra_roads=[("a0", "c0")], cut=[("b0", "b1"), ("b0", "c0"), ("c0", "c1")]))
    put(s, saltikov="a0", fritz="a1", heinrich="c0")
    armies(s, saltikov=4, fritz=6, heinrich=1)
    hand(s, "prussia", [])
    hand(s, "russia", [])
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "a1", "to": "a0"})
    s = act(s, {"type": "stop"}, "elisabeth")
    s = act(s, {"type": "retreat", "to": "a0"}, "frederick")
    assert (s["generals"]["saltikov"]["city"], s["generals"]["saltikov"]["armies"]) == ("a0", 2)
    assert s["flow"][-1]["name"] != "duel" and not any(a["type"] == "attack" for a in actions(s))
    assert sum(" attacks " in e["text"] for e in s["log"]) == 1


def test_F7_allies_never_fight_each_other_and_a_supply_train_never_fights():
    # §1 the aggressors are allies; §9 « Un train de ravitaillement ne peut pas combattre »
    s = clear_map(to_phase(new(), "russia"))
    put(s, saltikov="b3", daun="b4", ehren="a3", p_train="b2", i_train="c3")
    s = act(s, {"type": "end_movement"})
    assert s["flow"][-1].get("nation") != "russia" or s["flow"][-1]["name"] not in ("combat", "duel")
    assert not any(" attacks " in e["text"] for e in s["log"])


def _beaten_saltikov(**where):
    """Friedrich (b2, 6) beats Saltikov (b3, 5): Saltikov loses 1 and retreats 1 city."""
    s = clear_map(new())
    put(s, fritz="b2", saltikov="b3", **where)
    armies(s, fritz=6, saltikov=5)
    hand(s, "prussia", [])
    hand(s, "russia", [])
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "b2", "to": "b3"})
    return act(s, {"type": "stop"}, "elisabeth")


def test_F8_a_retreat_never_joins_a_friendly_general_nor_enters_a_supply_train_s_city():
    # « on ne peut pas éliminer un train de ravitaillement ; on ne peut pas passer par dessus un
    # autre pion ; on ne peut pas aller former une pile avec un autre général de son camp »; b3's
    # other roads: a3 (an ally), c3 (his own train), b4 (an enemy train)
    s = _beaten_saltikov(ehren="a3", r_train="c3", p_train="b4")
    assert s["generals"]["saltikov"]["city"] is None  # cannot retreat: every army lost
    assert s["trains"]["p_train"]["city"] == "b4"
    s = _beaten_saltikov(ehren="a3", r_train="c3")
    assert s["flow"][-1]["name"] == "retreat" and sorted(s["flow"][-1]["ends"]) == ["b4"]


def test_F8_no_conquest_during_a_retreat():
    # « Lors d'une retraite … on ne peut pas conquérir d'objectif »: Saltikov retreats from b3 and
    # through b4, Russian objectives that nobody protects (Hanover defends them, no Hanoverian near)
    obj = {"russia": {"first": ["b3", "b4"], "defender": "hanover"}}
    s = clear_map(new(objectives=obj))
    put(s, fritz="b2", saltikov="b3", ehren="a3", r_train="c3", daun="a4", hild="c4")
    armies(s, fritz=7, saltikov=5)
    hand(s, "prussia", [])
    hand(s, "russia", [])
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "b2", "to": "b3"})
    s = act(s, {"type": "stop"}, "elisabeth")
    assert s["flow"][-1]["ends"]["b5"] == ["b3", "b4", "b5"]
    s = act(s, {"type": "retreat", "to": "b5"}, "frederick")
    assert s["generals"]["saltikov"]["city"] == "b5"
    s = to_phase(s, "russia")
    assert s["conquered"] == {}


# --- §9 supply ----------------------------------------------------------------------------------


def _russian_supply(**where):
    """Saltikov at a0, whose only road (a0-b0 cut) leads to a1; Russia's supply phase."""
    s = clear_map(to_phase(new(cut=[("a0", "b0")]), "russia"))
    put(s, saltikov="a0", **where)
    s = act(s, {"type": "end_movement"})
    return to_phase(s, "sweden")


def test_F9_an_enemy_supply_train_blocks_a_supply_path_an_allied_one_does_not():
    # « Le chemin peut passer à travers des pions amis, mais pas à travers des généraux ennemis ou
    # des trains de ravitaillement ennemis. »
    assert _russian_supply(r_train="a2", p_train="a1")["generals"]["saltikov"]["face_down"]
    assert not _russian_supply(r_train="a2", i_train="a1")["generals"]["saltikov"]["face_down"]
    assert not _russian_supply(r_train="a2")["generals"]["saltikov"]["face_down"]


def test_F9_a_supply_train_supplies_the_generals_of_its_own_nation_only():
    # « Un train de ravitaillement peut subvenir au besoin d'un nombre illimité de généraux,
    # uniquement de sa propre couleur. »
    assert _russian_supply(i_train="a1")["generals"]["saltikov"]["face_down"]
    assert not _russian_supply(r_train="a1")["generals"]["saltikov"]["face_down"]


# --- §10 re-entry -------------------------------------------------------------------------------


def test_F10_no_piece_comes_back_on_a_depot_held_by_an_enemy_piece():
    # Russia's depots: Sierpc and Warszawa.  A Prussian general on Warszawa: only Sierpc is open;
    # a Prussian train on Sierpc as well: every depot enemy-held, the substitute area opens
    s = clear_map(shipped(nation="russia"))
    put(s, saltikov="torun", seydlitz="warszawa")
    armies(s, saltikov=2, fermor=0)
    hand(s, "russia", ["1:S13"])
    t = next(a for a in actions(s) if a["type"] == "recruit")
    assert t["entry"]["fermor"] == ["sierpc"] and t["price"] == 6
    put(s, prussia_train_1="sierpc")
    t = next(a for a in actions(s) if a["type"] == "recruit")
    assert "sierpc" not in t["entry"]["fermor"] and "warszawa" not in t["entry"]["fermor"]
    assert t["price"] == 8 and set(t["entry"]["fermor"]) <= set(info_of(s).board.reentry_areas["russia"])


# --- §12 the end --------------------------------------------------------------------------------


def test_F12_two_nations_meeting_their_condition_at_once_both_win():
    # « Si deux nations ou plus remplissent simultanément leur condition de victoire, les deux
    # emportent la victoire. Tous les autres joueurs, alliés et ennemis, ont perdus. »
    s = new(
        objectives={
            "russia": {"first": ["b3"], "defender": "prussia"},
            "france": {"first": ["c3"], "defender": "prussia"},
        }
    )
    s = to_phase(s, "france")
    s["conquered"] = {"b3": "russia", "c3": "france"}
    while s["result"] is None:
        s = passive(s)
    assert s["result"]["nations"] == ["russia", "france"]
    assert s["result"]["winners"] == ["elisabeth", "pompadour"] and s["turn"] == 1


# --- §11 the Fate sheet, spades 7 -------------------------------------------------------------


def test_F11_card_7_next_turn_frederick_destroys_no_supply_train():
    # ♠7 « Frédéric … n'a pas le droit d'attaquer ni de détruire un train de ravitaillement »
    # (Next turn Frederick may not attack nor destroy a supply train)
    from tests.friedrich.test_fate_cards import _draw

    s = clear_map(to_phase(_draw("7"), "prussia", turn=7))
    put(s, fritz="b3", heinrich="a0", r_train="b4", i_train="a1")
    s = act(s, {"type": "move", "pieces": ["fritz"]})
    assert {"type": "step", "to": "b4"} not in actions(s)
    s = act(s, {"type": "stop"})
    s = act(s, {"type": "move", "pieces": ["heinrich"]})
    assert {"type": "step", "to": "a1"} in actions(s)  # his other generals still may
