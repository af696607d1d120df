"""FRIEDRICH 2005 rules §11 (the Clock of Fate, standard game: spades versions; nations leaving,
the Imperials' change of controller, relaxed conditions) and §12 (victory at the end of a turn,
Frederick's win)."""

from maria.games.friedrich.rules.fate import HISTORICAL, cards_data
from tests.friedrich.conftest import act, actions, clear_map, new, passive, put, to_phase


def _end_of_turn(s, turn, top=None, conquered=None):
    """Play passively to the last nation turn of `turn`, set the Fate deck's top (and the
    conquests), finish the turn."""
    s = to_phase(s, "france", turn=turn)
    if conquered is not None:
        s["conquered"] = dict(conquered)
    if top:
        s["fate"]["deck"].remove(top)
        s["fate"]["deck"].insert(0, top)
    while s["result"] is None and s["turn"] == turn:
        s = passive(s)
    return s


def test_F11_the_fate_data_holds_the_18_cards_with_a_spades_version_of_each_numbered_one():
    d = cards_data()
    assert set(d["historical"]) == set(HISTORICAL) and sorted(d["numbered"]) == list(range(1, 13))
    assert all("effect" in d["numbered"][n]["spades"] for n in range(1, 13))
    assert [n for n in range(1, 13) if d["numbered"][n]["spades"]["effect"] == "none"] == [1, 2, 3]


def test_F11_the_first_fate_card_is_drawn_at_the_end_of_turn_6():
    s = _end_of_turn(new(), 5)
    assert s["fate"]["drawn"] == 0 and s["turn"] == 6
    s = _end_of_turn(s, 6, "1")
    assert s["fate"]["drawn"] == 1 and s["fate"]["deck"][-1] == "1"  # put under the deck


def test_F11_elisabeth_russia_leaves_and_lehwaldt_is_removed_for_good():
    s = _end_of_turn(new(), 6, "elisabeth")
    assert "russia" in s["left"] and s["generals"]["lehwaldt"]["out"]
    assert s["generals"]["saltikov"]["city"] is None and s["cards"]["hands"]["russia"] == []
    s = to_phase(s, "austria", turn=7)
    assert not any(e["text"] == "Turn 7: Russia's turn." for e in s["log"])


def test_F11_india_then_america_france_leaves_cumberland_goes_the_imperials_change_hands():
    s = _end_of_turn(new(), 6, "india")
    assert s["fate"]["colonies"] == 1 and "france" not in s["left"]
    s = _end_of_turn(s, 7, "america")
    assert "france" in s["left"] and s["generals"]["cumberland"]["out"]
    assert "imperial_army" in s["roles"]["pompadour"] and s["fate"]["imperial_changed"]


def test_F11_sweden_leaves_and_prussia_removes_a_general_other_than_frederick():
    s = to_phase(new(), "france", turn=6)
    s["fate"]["deck"].remove("sweden")
    s["fate"]["deck"].insert(0, "sweden")
    while s["flow"][-1]["name"] != "fate_choice":
        s = passive(s)
    opts = [a["choice"] for a in actions(s, "frederick")]
    assert "fritz" not in opts and "heinrich" in opts
    s = act(s, {"type": "fate", "choice": "heinrich"}, "frederick")
    assert s["generals"]["heinrich"]["out"] and "sweden" in s["left"]


def test_F11_lord_bute_and_poems_cut_prussia_s_cards():
    s = _end_of_turn(new(), 6, "lord_bute")
    s = to_phase(s, "prussia", turn=7)
    assert "Prussia draws 5 Tactical Cards." in [e["text"] for e in s["log"] if e["turn"] == 7]


def test_F11_numbered_card_12_daun_moves_at_most_2_next_turn():
    s = _end_of_turn(new(), 6, "12")
    s = clear_map(to_phase(s, "austria", turn=7))
    put(s, daun="b0")
    s = act(s, {"type": "move", "pieces": ["daun"]})
    s = act(s, {"type": "step", "to": "b1"})
    s = act(s, {"type": "step", "to": "b2"})
    assert s["flow"][-1]["name"] == "movement"  # 2 cities, the move is over


def test_F12_an_aggressor_holding_all_its_objectives_wins_at_the_end_of_the_turn_without_a_fate_draw():
    s = new(objectives={"russia": {"first": ["b3", "c3"], "defender": "prussia"}})
    s = _end_of_turn(s, 6, conquered={"b3": "russia", "c3": "russia"})
    assert s["result"]["winners"] == ["elisabeth"] and s["result"]["nations"] == ["russia"]
    assert s["fate"]["drawn"] == 0
    assert door_over(s)


def door_over(s):
    from maria.games.friedrich.rules import door

    return door.is_over(s) and door.active_roles(s) == [] and door.legal_actions(s, "frederick") == []


def test_F12_holding_only_part_of_the_objectives_is_not_a_win():
    s = new(objectives={"russia": {"first": ["b3", "c3"], "defender": "prussia"}})
    s["conquered"] = {"b3": "russia"}
    s = _end_of_turn(s, 1)
    assert s["result"] is None


def test_F11_after_russia_leaves_sweden_needs_only_its_first_order_objectives():
    obj = {"sweden": {"first": ["b3"], "second": ["c3"], "defender": "prussia"}}
    s = new(objectives=obj)
    s = _end_of_turn(s, 6, "1", conquered={"b3": "sweden"})
    assert s["result"] is None  # Russia still plays
    s = new(objectives=obj)
    s = _end_of_turn(s, 6, "elisabeth", conquered={"b3": "sweden"})
    assert s["result"]["nations"] == ["sweden"] and s["result"]["winners"] == ["elisabeth"]


def test_F12_frederick_wins_once_russia_sweden_and_france_have_left():
    s = to_phase(new(), "france", turn=8)
    s["left"] += ["russia", "sweden"]
    s["fate"]["colonies"] = 1
    s["fate"]["seen"].append("india")
    s = _end_of_turn(s, 8, "america")
    assert s["result"]["winners"] == ["frederick"] and s["result"]["nations"] == ["prussia", "hanover"]


def test_F11_three_players_the_imperials_pass_to_the_combined_player_when_france_leaves():
    from maria.games.friedrich.rules import door
    from tests.friedrich.conftest import allocate_all, small_board

    s = to_phase(allocate_all(door.new_game(3, 5, board=small_board())), "prussia")
    s["fate"]["colonies"] = 1
    s["fate"]["seen"].append("india")
    s = _end_of_turn(s, 6, "america")
    assert s["roles"]["elisabeth_pompadour"] == ["russia", "sweden", "france", "imperial_army"]
    assert s["roles"]["maria_theresa"] == ["austria"]
    s = to_phase(s, "imperial_army", turn=7)
    assert door.active_roles(s) == ["elisabeth_pompadour"]
