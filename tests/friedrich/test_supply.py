"""FRIEDRICH 2005 rules §9: supply checked in the nation's own supply phase (last phase, §2):
provinces, depots for Russia and France, a path of at most 6 cities to an own train not through
enemy pieces; face-down at the first failure, every army lost at the second."""

from tests.friedrich.conftest import act, clear_map, new, put, to_phase


def _russia(**kw):
    return clear_map(to_phase(new(**kw), "russia"))


def _end_russia_turn(s):
    return to_phase(act(s, {"type": "end_movement"}), "sweden")


def test_F9_out_of_supply_first_face_down_then_every_army_lost():
    s = _russia()
    put(s, saltikov="a0")  # no train, no province: out of supply
    s = _end_russia_turn(s)
    assert s["generals"]["saltikov"]["face_down"] and s["generals"]["saltikov"]["city"] == "a0"
    s = to_phase(s, "russia", turn=2)
    s = _end_russia_turn(s)
    assert s["generals"]["saltikov"]["city"] is None and s["generals"]["saltikov"]["armies"] == 0


def test_F9_a_supplied_face_down_general_turns_face_up():
    s = _russia()
    put(s, saltikov="a0", r_train="a6")  # a0-a6 is 6 cities
    s["generals"]["saltikov"]["face_down"] = True
    s = _end_russia_turn(s)
    assert not s["generals"]["saltikov"]["face_down"]


def test_F9_the_supply_path_is_at_most_6_cities():
    s = _russia()
    put(s, saltikov="b0", r_train="a6")  # 7 cities
    s = _end_russia_turn(s)
    assert s["generals"]["saltikov"]["face_down"]


def test_F9_the_path_passes_friendly_pieces_but_not_enemy_generals():
    s = _russia()
    put(s, saltikov="b0", r_train="b4", daun="a2", laudon="b2", hild="c2")  # allies: a wall that lets through
    s = _end_russia_turn(s)
    assert not s["generals"]["saltikov"]["face_down"]
    s = _russia()
    put(s, saltikov="b0", r_train="b4", fritz="a2", heinrich="b2", keith="c2")  # enemies: cut
    s = _end_russia_turn(s)
    assert s["generals"]["saltikov"]["face_down"]


def test_F9_russia_is_supplied_on_its_own_depot_cities():
    s = _russia()
    put(s, saltikov="c6")  # the Russian depot of the small board
    s = _end_russia_turn(s)
    assert not s["generals"]["saltikov"]["face_down"]


def test_F9_a_general_in_its_own_provinces_is_always_supplied():
    s = clear_map(new(countries={"a0": "prussia"}))
    put(s, fritz="a0", heinrich="b0")  # b0 is Polish in the small board
    s = to_phase(act(s, {"type": "end_movement"}), "hanover")
    assert not s["generals"]["fritz"]["face_down"] and s["generals"]["heinrich"]["face_down"]


def test_F9_supply_is_checked_only_for_the_active_nation():
    s = _russia()
    put(s, saltikov="c6", fritz="a3")  # Friedrich is out of supply, but not checked now
    s = _end_russia_turn(s)
    assert not s["generals"]["fritz"]["face_down"]
