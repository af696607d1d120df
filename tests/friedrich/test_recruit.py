"""FRIEDRICH 2005 rules §10 (recruitment, re-entry; the army caps of §6)."""

import pytest

from maria.engine.state import IllegalAction
from tests.friedrich.conftest import act, actions, armies, clear_map, hand, new, put


def _rec(armies_=None, enter=None, cards=()):
    return {"type": "recruit", "nation": "prussia", "armies": armies_ or {}, "enter": enter or {}, "cards": list(cards)}


def _prussia():
    s = clear_map(new())
    put(s, fritz="b2")
    armies(s, fritz=2, heinrich=0, keith=0, lehwaldt=0)
    return s


def test_F10_an_army_costs_6_points_of_any_suit_and_no_change_is_given():
    s = _prussia()
    hand(s, "prussia", ["1:S13", "1:H2", "1:D3"])
    t = [a for a in actions(s) if a["type"] == "recruit"][0]
    assert t["price"] == 6 and t["armies"] == "choose"
    s2 = act(s, _rec({"fritz": 2}, cards=["1:S13"]))
    assert s2["generals"]["fritz"]["armies"] == 4 and s2["cards"]["hands"]["prussia"] == ["1:H2", "1:D3"]
    with pytest.raises(IllegalAction, match="6"):
        act(s, _rec({"fritz": 1}, cards=["1:H2", "1:D3"]))  # 5 points
    with pytest.raises(IllegalAction, match="no card that is"):
        act(s, _rec({"fritz": 1}, cards=["1:S13", "1:H2"]))  # the 2 is not needed


def test_F10_a_reserve_pays_10():
    s = _prussia()
    hand(s, "prussia", ["1:R1", "1:H2"])
    s = act(s, _rec({"fritz": 2}, cards=["1:R1", "1:H2"]))
    assert s["generals"]["fritz"]["armies"] == 4


def test_F10_a_general_comes_back_free_with_one_new_army_on_a_depot_and_may_not_move():
    s = _prussia()
    hand(s, "prussia", ["1:S6"])
    with pytest.raises(IllegalAction, match="at least one new army"):
        act(s, _rec({}, {"keith": "c0"}, ["1:S6"]))
    with pytest.raises(IllegalAction, match="coming back"):
        act(s, _rec({"keith": 1}, {}, ["1:S6"]))  # armies for a general left off the map
    s = act(s, _rec({"keith": 1}, {"keith": "c0"}, ["1:S6"]))
    assert s["generals"]["keith"]["city"] == "c0" and s["generals"]["keith"]["armies"] == 1
    assert not any(a["type"] == "move" and "keith" in a["pieces"] for a in actions(s))


def test_F10_a_destroyed_train_comes_back_for_6_points():
    s = _prussia()
    hand(s, "prussia", ["1:S6"])
    s = act(s, _rec({}, {"p_train": "c0"}, ["1:S6"]))
    assert s["trains"]["p_train"]["city"] == "c0"


def test_F10_no_more_armies_than_the_nation_started_with():
    s = clear_map(new(caps={"prussia": 12}))
    put(s, fritz="b2", heinrich="a0")
    armies(s, fritz=5, heinrich=6, keith=0, lehwaldt=0)  # 11 of 12
    hand(s, "prussia", ["1:S13"])
    with pytest.raises(IllegalAction, match="12"):
        act(s, _rec({"heinrich": 1, "fritz": 1}, cards=["1:S13"]))
    s = act(s, _rec({"fritz": 1}, cards=["1:S13"]))
    assert sum(g["armies"] for g in s["generals"].values() if g["nation"] == "prussia") == 12
    assert not any(a["type"] == "recruit" for a in actions(s))


def test_F10_a_general_never_has_more_than_8_armies():
    s = _prussia()
    armies(s, fritz=7)
    hand(s, "prussia", ["1:S13"])
    with pytest.raises(IllegalAction, match="8 armies"):
        act(s, _rec({"fritz": 2}, cards=["1:S13"]))


def test_F10_with_every_depot_enemy_held_a_substitute_city_and_8_points():
    s = clear_map(new(areas={"prussia": ["a0", "a1"]}))
    put(s, fritz="b2", saltikov="c0")  # the only Prussian depot
    armies(s, fritz=2, keith=0)
    hand(s, "prussia", ["1:S7", "1:S2"])
    t = [a for a in actions(s) if a["type"] == "recruit"][0]
    assert t["price"] == 8 and t["entry"]["keith"] == ["a0", "a1"]
    with pytest.raises(IllegalAction, match="8"):
        act(s, _rec({"keith": 1}, {"keith": "a1"}, ["1:S7"]))
    s = act(s, _rec({"keith": 1}, {"keith": "a1"}, ["1:S7", "1:S2"]))
    assert s["generals"]["keith"]["city"] == "a1" and s["substitute"] == {"prussia": "a1"}


def test_F10_a_general_back_this_turn_cannot_move_but_must_attack_an_adjacent_enemy():
    s = _prussia()
    put(s, saltikov="b0")  # next to the Prussian depot c0
    hand(s, "prussia", ["1:S6"])
    s = act(s, _rec({"keith": 1}, {"keith": "c0"}, ["1:S6"]))
    s = act(s, {"type": "end_movement"})
    assert {"type": "attack", "from": "c0", "to": "b0"} in actions(s)


def test_F10_rulebook_example_france_never_has_more_than_20_armies():
    # §10 "(Par exemple, la France ne peut jamais avoir plus de 20 armées)."
    from tests.friedrich.conftest import to_phase

    s = clear_map(to_phase(new(), "france"))
    put(s, richelieu="a6", soubise="b6", chevert="a4")
    armies(s, richelieu=7, soubise=5, chevert=7)  # 19 of 20
    hand(s, "france", ["1:S13", "1:H13"])
    rec = {"type": "recruit", "nation": "france", "enter": {}}
    with pytest.raises(IllegalAction, match="20"):
        act(s, {**rec, "armies": {"soubise": 2}, "cards": ["1:S13", "1:H13"]})
    s = act(s, {**rec, "armies": {"soubise": 1}, "cards": ["1:S13"]})
    assert sum(g["armies"] for g in s["generals"].values() if g["nation"] == "france") == 20
    assert not any(a["type"] == "recruit" for a in actions(s))


def _berlin(**where):
    """The shipped board, Prussia's movement phase; only the named pieces on the map, Winterfeldt
    removed and Prussia holding 12 points of cards."""
    from tests.friedrich.conftest import shipped

    s = clear_map(shipped())
    put(s, **where)
    armies(s, winterfeldt=0)
    hand(s, "prussia", ["1:S6", "1:H6"])
    return s


def test_F10_a_general_comes_back_onto_his_own_generals_standing_on_the_depot():
    # §10 « Les pions reviennent en jeu à partir des CITES ENTREPOTS »; §4 allows a stack of up to
    # 3 generals of one nation: Berlin (Prussia's only depot) holds Friedrich, Winterfeldt comes
    # back onto him
    s = _berlin(friedrich="berlin")
    t = [a for a in actions(s) if a["type"] == "recruit"][0]
    assert t["entry"]["winterfeldt"] == ["berlin"]
    s = act(s, _rec({"winterfeldt": 1}, {"winterfeldt": "berlin"}, ["1:S6"]))
    assert s["city_generals"]["berlin"] == ["friedrich", "winterfeldt"]
    assert not any(a["type"] == "move" and "winterfeldt" in a["pieces"] for a in actions(s))
    assert {"type": "move", "pieces": ["friedrich"]} in actions(s)


def test_F10_no_general_comes_back_onto_a_full_stack_and_no_train_onto_any_piece():
    s = _berlin(friedrich="berlin", heinrich="berlin", keith="berlin", prussia_train_1=None, prussia_train_2=None)
    t = [a for a in actions(s) if a["type"] == "recruit"][0]
    assert t["entry"] == {}
    with pytest.raises(IllegalAction, match="room"):
        act(s, _rec({"winterfeldt": 1}, {"winterfeldt": "berlin"}, ["1:S6"]))
    s = _berlin(friedrich="berlin", prussia_train_1=None)
    t = [a for a in actions(s) if a["type"] == "recruit"][0]
    assert t["entry"]["winterfeldt"] == ["berlin"] and "prussia_train_1" not in t["entry"]
    with pytest.raises(IllegalAction, match="room"):
        act(s, _rec({}, {"prussia_train_1": "berlin"}, ["1:S6"]))


def test_F10_a_general_coming_back_onto_a_face_down_general_is_face_down():
    # §9 « A chaque fois qu'un général face visible et un autre face cachée se réunissent au sein
    # d'une pile, les deux sont … faces cachées »
    s = _berlin(friedrich="berlin")
    s["generals"]["friedrich"]["face_down"] = True
    s = act(s, _rec({"winterfeldt": 1}, {"winterfeldt": "berlin"}, ["1:S6"]))
    assert s["generals"]["winterfeldt"]["face_down"] is True


def test_F10_the_refusal_when_no_depot_has_room_names_the_depot_not_a_fate_card():
    # Berlin holds a Prussian train (one piece per city, §4): Winterfeldt cannot come back, and no
    # Fate card is in play
    s = _berlin(prussia_train_1="berlin", friedrich="jueterbog")
    armies(s, friedrich=2)
    assert s["mods"] == []
    with pytest.raises(IllegalAction) as e:
        act(s, _rec({"winterfeldt": 1}, {"winterfeldt": "berlin"}, ["1:S6"]))
    assert "Fate" not in str(e.value) and "no depot city of Prussia has room" in str(e.value)
