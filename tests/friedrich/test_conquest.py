"""FRIEDRICH 2005 rules §5: conquest by moving through or away from an objective of one's own
colour, protection within 3 cities by the defending nation, reconquest, retroactive conquest."""

from tests.friedrich.conftest import act, actions, armies, clear_map, hand, new, put, shipped, to_phase

RUSSIAN_B3 = {"russia": {"first": ["b3"], "defender": "prussia"}}


def _russia(objectives=RUSSIAN_B3):
    s = to_phase(new(objectives=objectives), "russia")
    return clear_map(s)


def _walk(s, pieces, path, stop=False):
    s = act(s, {"type": "move", "pieces": pieces})
    for c in path:
        s = act(s, {"type": "step", "to": c})
    if stop and s["flow"][-1]["name"] == "moving":
        s = act(s, {"type": "stop"})
    return s


def test_F5_moving_through_an_unprotected_objective_conquers_it():
    s = _russia()
    put(s, saltikov="b4", fritz="a0")  # Friedrich 4 cities away: no protection
    s = _walk(s, ["saltikov"], ["b3", "b2"], stop=True)
    assert s["conquered"] == {"b3": "russia"}


def test_F5_stopping_on_an_objective_does_not_conquer_it_leaving_it_later_does():
    s = _russia()
    put(s, saltikov="b4")
    s = _walk(s, ["saltikov"], ["b3"], stop=True)
    assert s["conquered"] == {}
    s = to_phase(s, "russia", turn=2)
    s = _walk(s, ["saltikov"], ["c3"], stop=True)
    assert s["conquered"] == {"b3": "russia"}


def test_F5_a_defending_general_within_three_cities_protects_whatever_stands_between():
    s = _russia()
    put(s, saltikov="b4", fritz="a1", daun="a2", ehren="b2")  # road distance b3-a1 is 3
    s = _walk(s, ["saltikov"], ["b3", "c3"], stop=True)
    assert s["conquered"] == {} and s["candidates"] == [["b3", "russia"]]


def test_F5_only_the_nation_of_the_objective_s_colour_conquers_it():
    s = to_phase(new(objectives=RUSSIAN_B3), "austria")
    clear_map(s)
    put(s, daun="b4")
    s = _walk(s, ["daun"], ["b3", "b2"], stop=True)
    assert s["conquered"] == {}


def test_F5_reconquest_only_by_the_original_defender_and_only_the_conqueror_protects():
    s = clear_map(new(objectives=RUSSIAN_B3))
    s["conquered"] = {"b3": "russia"}
    put(s, fritz="b4", daun="a4")  # an Austrian ally of Russia does not protect it
    s = _walk(s, ["fritz"], ["b3", "b2"], stop=True)
    assert s["conquered"] == {}
    s2 = clear_map(new(objectives=RUSSIAN_B3))
    s2["conquered"] = {"b3": "russia"}
    put(s2, fritz="b4", saltikov="a5")  # a Russian 3 cities away protects
    s2 = _walk(s2, ["fritz"], ["b3", "b2"], stop=True)
    assert s2["conquered"] == {"b3": "russia"}


def test_F5_the_imperial_supply_train_protects_like_a_general():
    obj = {"imperial_army": {"first": ["b3"], "defender": "prussia"}}
    s = clear_map(new(objectives=obj))
    s["conquered"] = {"b3": "imperial_army"}
    put(s, fritz="b4", i_train="b6")  # the train is 3 cities from b3
    s = _walk(s, ["fritz"], ["b3", "b2"], stop=True)
    assert s["conquered"] == {"b3": "imperial_army"}
    s2 = clear_map(new(objectives=obj))
    s2["conquered"] = {"b3": "imperial_army"}
    put(s2, fritz="b4", r_train="b6")  # any other train does not
    s2 = _walk(s2, ["fritz"], ["b3", "b2"], stop=True)
    assert s2["conquered"] == {}


def test_F5_retroactive_conquest_once_the_protector_is_gone_in_the_same_turn():
    s = _russia()
    put(s, saltikov="b4", heinrich="b1", r_train="b5")
    armies(s, saltikov=8, heinrich=1)
    hand(s, "prussia", [])
    s = _walk(s, ["saltikov"], ["b3", "b2"], stop=True)
    assert s["conquered"] == {}  # Heinrich protects b3 (2 cities)
    s = act(s, {"type": "end_movement"})
    assert actions(s) == [{"type": "attack", "from": "b2", "to": "b1"}]
    s = act(s, {"type": "attack", "from": "b2", "to": "b1"})
    s = act(s, {"type": "stop"})  # Prussia at -7 without cards: defeat
    assert s["generals"]["heinrich"]["city"] is None
    assert s["conquered"] == {"b3": "russia"}  # phase 4


def test_F5_no_retroactive_conquest_while_a_protector_remains():
    s = _russia()
    put(s, saltikov="b4", heinrich="b1", fritz="a1", r_train="b5")
    armies(s, saltikov=8, heinrich=1, fritz=3)
    hand(s, "prussia", [])
    s = _walk(s, ["saltikov"], ["b3", "b2"], stop=True)
    s = act(s, {"type": "end_movement"})
    while s["flow"][-1]["name"] in ("combat", "duel", "retreat"):
        a = actions(s)
        s = act(s, next((x for x in a if x["type"] in ("stop", "retreat")), a[0]))
    assert s["generals"]["fritz"]["city"] is not None
    assert s["conquered"] == {}


def test_F5_hanover_does_not_protect_an_objective_prussia_defends():
    s = _russia()
    put(s, saltikov="b4", cumberland="b2")  # 1 city from b3, but Hanoverian
    s = _walk(s, ["saltikov"], ["b3", "c3"], stop=True)
    assert s["conquered"] == {"b3": "russia"}


def test_F9_a_face_down_general_still_moves_and_conquers():
    s = _russia()
    put(s, saltikov="b4")
    s["generals"]["saltikov"]["face_down"] = True
    s = _walk(s, ["saltikov"], ["b3", "c3"], stop=True)
    assert s["conquered"] == {"b3": "russia"}


def test_F5_retroactive_conquest_only_through_the_combat_phase_not_a_train_destroyed_while_moving():
    # §5: a protected objective passed through "peut être conquis rétroactivement pendant la phase
    # des combats qui suit (uniquement)": the Imperial train protecting it, destroyed later in the
    # same movement phase, does not make it conquered in phase 4
    obj = {"imperial_army": {"first": ["b3"], "defender": "prussia"}}
    s = clear_map(new(objectives=obj))
    s["conquered"] = {"b3": "imperial_army"}
    put(s, fritz="a3", heinrich="a6", i_train="b5")  # the Imperial train 2 cities from b3
    armies(s, fritz=2, heinrich=2)
    s = _walk(s, ["fritz"], ["b3", "b2"], stop=True)
    assert s["conquered"] == {"b3": "imperial_army"} and s["candidates"] == [["b3", "prussia"]]
    s = _walk(s, ["heinrich"], ["b6", "b5"])  # destroys the train: the move ends
    assert s["trains"]["i_train"]["city"] is None
    s = act(s, {"type": "end_movement"})
    assert s["conquered"] == {"b3": "imperial_army"}  # still Imperial after phase 4


FRENCH_B3 = {"france": {"first": ["b3"], "defender": "hanover"}}


def test_F5_rulebook_example_only_hanover_retakes_its_objectives_only_french_generals_protect_them():
    # §5 "Exemple : Seul le Hanovre peut reconquérir les objectifs dans le Hanovre et seuls les
    # généraux français sont capables de les protéger."
    def french_b3(nation):
        s = clear_map(to_phase(new(objectives=FRENCH_B3), nation))
        s["conquered"] = {"b3": "france"}
        return s

    s = french_b3("prussia")
    put(s, fritz="b4")  # Prussia cannot retake a Hanoverian city
    s = _walk(s, ["fritz"], ["b3", "b2"], stop=True)
    assert s["conquered"] == {"b3": "france"}
    s = french_b3("hanover")
    put(s, cumberland="b4", daun="a3")  # an Austrian ally of France does not protect
    s = _walk(s, ["cumberland"], ["b3", "b2"], stop=True)
    assert s["conquered"] == {}
    s = french_b3("hanover")
    put(s, cumberland="b4", richelieu="a5")  # a French general 3 cities away protects
    s = _walk(s, ["cumberland"], ["b3", "b2"], stop=True)
    assert s["conquered"] == {"b3": "france"} and s["candidates"] == [["b3", "hanover"]]


def test_F5_leaving_an_objective_into_the_city_of_the_train_protecting_it_does_not_take_it():
    # « L'objectif N'EST PAS PROTEGE à ce moment-là »: as Schwerin leaves Leipzig (Imperial) for
    # Eilenburg, the Imperial train there still protects it; entering destroys the train (§9), and
    # a protection lost during the movement phase gives no retroactive conquest (« pendant la
    # phase des combats qui suit (uniquement) »): Leipzig stays Imperial
    s = clear_map(shipped())
    s["conquered"] = {"leipzig": "imperial_army"}
    put(s, schwerin="borna", imperial_army_train_1="eilenburg")
    s = _walk(s, ["schwerin"], ["leipzig", "eilenburg"])
    assert s["trains"]["imperial_army_train_1"]["city"] is None
    assert s["generals"]["schwerin"]["city"] == "eilenburg"
    assert s["conquered"] == {"leipzig": "imperial_army"}
    assert s["candidates"] == [["leipzig", "prussia"]]
    s = act(s, {"type": "end_movement"})
    assert s["conquered"] == {"leipzig": "imperial_army"} and s["candidates"] == []
