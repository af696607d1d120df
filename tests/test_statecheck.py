"""maria.games.maria.invariants: real positions pass; each kind of damage is named."""

import copy

import pytest

from maria.lab.bench import record_from
from maria.games.maria.rules import door
from maria.lab import selfplay
from maria.games.maria.rules.state import board_info, rebuild_index
from maria.games.maria.invariants import check_state


@pytest.fixture(scope="module")
def game():
    """A 3-player random game on the real board: its states after set-up, mid-game and at the end."""
    pairs = []
    summary = selfplay.play_random_game(2, 3, trace=pairs)
    mid = record_from(2, 3, pairs[: len(pairs) // 2]).state
    return {"start": door.new_game("intro", 3, 2), "mid": mid, "end": summary["state"], "pairs": pairs}


@pytest.fixture
def mid(game):
    return copy.deepcopy(game["mid"])


def _on_map(state):
    return sorted(g for g, v in state["generals"].items() if v["in_play"] and v["city"] is not None)


def _free_city(state, fortress=None):
    info = board_info(state)
    for c in sorted(info.playable):
        if c in state["city_generals"] or c in state["city_train"] or c in state["hussars"].values():
            continue
        if fortress is None or info.is_fortress(c) == fortress:
            return c
    raise AssertionError("no free city")


def _move(state, gid, city):
    state["generals"][gid]["city"] = city
    rebuild_index(state)


def test_real_positions_are_consistent(game):
    for players in (2, 3):
        assert check_state(door.new_game("intro", players, 5)) == []
    assert check_state(game["mid"]) == []
    assert check_state(game["end"]) == []


def test_every_state_of_a_random_game_is_consistent(game):
    state = door.new_game("intro", 3, 2)
    for i, (role, action) in enumerate(game["pairs"]):
        state = door.apply(state, role, action)
        if i % 7 == 0:
            assert check_state(state, play_rules=False) == [], i


def _problems(state, **kw):
    out = check_state(state, **kw)
    assert out, "the damage was not noticed"
    return " | ".join(out)


def test_unknown_city(mid):
    gid = _on_map(mid)[0]
    mid["generals"][gid]["city"] = "atlantis"
    assert "unknown city 'atlantis'" in _problems(mid)


def test_nine_troops_on_a_general(mid):
    gid = _on_map(mid)[0]
    mid["generals"][gid]["troops"] = 9
    assert f"generals.{gid}.troops: 9 troops (a general has at most 8)" in _problems(mid)


def test_general_on_the_map_without_troops(mid):
    gid = _on_map(mid)[0]
    mid["generals"][gid]["troops"] = 0
    assert "a general on the map has 1 to 8 troops, not 0" in _problems(mid)


def test_zero_troops_allowed_during_allocation_and_for_removed_generals(game):
    start = copy.deepcopy(game["start"])
    assert any(g["troops"] == 0 for g in start["generals"].values())
    assert check_state(start) == []
    s = copy.deepcopy(game["mid"])
    gid = _on_map(s)[0]
    s["generals"][gid].update(city=None, troops=0)  # removed from the board (R6.7)
    rebuild_index(s)
    assert check_state(s) == []
    s["generals"][gid]["troops"] = 3
    assert "removed from the board has 0 troops" in _problems(s)


def test_three_generals_in_one_city(mid):
    city = _free_city(mid)
    austrians = [g for g in _on_map(mid) if mid["generals"][g]["power"] == "austria"][:3]
    for g in austrians:
        _move(mid, g, city)
    assert f"{city}: 3 generals in one city (a stack has at most 2)" in _problems(mid)


def test_stack_of_enemies_and_too_many_troops(mid):
    city = _free_city(mid)
    a = next(g for g in _on_map(mid) if mid["generals"][g]["power"] == "austria")
    p = next(g for g in _on_map(mid) if mid["generals"][g]["power"] == "prussia")
    _move(mid, a, city)
    _move(mid, p, city)
    assert "do not co-operate" in _problems(mid)
    mid["generals"][a]["troops"] = 9
    mid["generals"][p]["troops"] = 8
    assert f"{city}: 17 troops in one stack (at most 16)" in _problems(mid)


def test_train_sharing_a_city_with_a_general(mid):
    tid = next(t for t, v in mid["trains"].items() if v["in_play"] and v["city"])
    gid = _on_map(mid)[0]
    _move(mid, gid, mid["trains"][tid]["city"])
    assert f"the supply train {tid} shares the city" in _problems(mid)


def test_card_in_two_hands(mid):
    hands = mid["cards"]["hands"]
    a, b = [p for p in hands if hands[p]][:2]
    card = hands[a][0]
    hands[b].append(card)
    assert f"cards: {card} is both in" in _problems(mid)


def test_card_missing_and_unknown_card(mid):
    hand = next(h for h in mid["cards"]["hands"].values() if h)
    gone = hand.pop()
    assert f"1 card(s) are nowhere (e.g. {gone})" in _problems(mid)
    hand.append("5:H7")
    assert "unknown card '5:H7'" in _problems(mid)


def test_discard_in_the_wrong_pile(mid):
    hand = next(h for h in mid["cards"]["hands"].values() if h)
    card = hand.pop()
    other = "2" if card.startswith("1:") else "1"
    mid["cards"]["discards"][other].append(card)
    assert f"cards.discards.{other}: holds a card of another deck" in _problems(mid)


@pytest.mark.parametrize(
    "field,value,expected",
    [
        ("troops", "5", "troops: should be a whole number"),
        ("troops", True, "troops: should be a whole number"),
        ("in_play", "yes", "in_play: should be true or false"),
        ("power", "spain", "is a general of"),
        ("known", 12, "known: should be empty or 0 to 8 troops"),
    ],
)
def test_general_field_types(mid, field, value, expected):
    gid = _on_map(mid)[0]
    mid["generals"][gid][field] = value
    assert expected in _problems(mid)


@pytest.mark.parametrize(
    "key,value,expected",
    [
        ("turn", 13, "turn: 13 is outside the game"),
        ("turn", 0, "turn: 0 is outside the game"),
        ("turn", "3", "turn: should be a whole number"),
        ("players", 4, "players: MARIA is for 2 or 3 players"),
        ("variant", "grand", "variant: unknown variant"),
        ("board", "elsewhere", "board: the board 'elsewhere' is not known"),
        ("rng", 0, "rng: the random-number state"),
        ("generals", [], "generals: should be a mapping"),
        ("undo_role", "napoleon", "undo_role: unknown role"),
        ("result", {"winner": "napoleon", "reason": "x"}, "result: should name the winning role"),
    ],
)
def test_top_level_fields(mid, key, value, expected):
    mid[key] = value
    assert expected in _problems(mid)


def test_missing_field_and_unknown_fields_tolerated(mid):
    extra = copy.deepcopy(mid)
    extra["elections"] = {"emperor": None}  # a field the rules may add later
    extra["generals"][_on_map(extra)[0]]["wounded"] = False
    assert check_state(extra) == []
    del mid["cards"]
    assert "cards: missing from the game state" in _problems(mid)


def test_unknown_general_train_hussar_power(mid):
    mid["generals"]["napoleon"] = dict(mid["generals"][_on_map(mid)[0]])
    mid["trains"]["spain_t1"] = {"power": "spain", "city": None, "in_play": False}
    mid["hussars"]["hussar9"] = None
    mid["roles"]["louis_xv"] = mid["roles"]["louis_xv"] + ["spain"]
    text = _problems(mid)
    for expected in (
        "unknown general 'napoleon'",
        "unknown supply train 'spain_t1'",
        "unknown hussar 'hussar9'",
        "roles.louis_xv: unknown power 'spain'",
    ):
        assert expected in text


def test_markers_on_fortresses_only(mid):
    city = _free_city(mid, fortress=False)
    mid["markers"][city] = "austria"
    assert f"markers.{city}: a victory marker can only lie on a fortress" in _problems(mid)


def test_flow(mid):
    mid["flow"].append({"name": "banquet"})
    assert "unknown state of play 'banquet'" in _problems(mid)
    mid["flow"] = []
    assert "flow: the flow of play is empty" in _problems(mid)


def test_city_index_must_match_the_pieces(mid):
    gid = _on_map(mid)[0]
    mid["generals"][gid]["city"] = _free_city(mid)  # moved without updating the index
    assert "the city index does not match the pieces" in _problems(mid)


def test_hussar_sharing_a_city_is_a_play_rule_problem(mid):
    gid = _on_map(mid)[0]
    city = mid["generals"][gid]["city"]
    h = sorted(mid["hussars"])[0]
    for other in mid["hussars"]:
        mid["hussars"][other] = None
    mid["hussars"][h] = city
    assert f"{city}: a hussar shares the city with a piece" in _problems(mid)
    assert check_state(mid, play_rules=False) == []


def test_not_a_state():
    assert check_state(None) == ["state: the game state is not a mapping"]
    assert check_state([]) == ["state: the game state is not a mapping"]


def test_political_cards_are_conserved_R4_12_R17_5():
    """Every political card is in the deck, the face-up row or the discard, exactly once."""
    s = door.new_game("advanced", 3, 5)
    assert not [p for p in check_state(s) if "political" in p]
    lost = copy.deepcopy(s)
    gone = lost["adv"]["pol"]["deck"].pop()
    assert any("missing" in p and gone in p for p in check_state(lost))
    twice = copy.deepcopy(s)
    twice["adv"]["pol"]["discard"].append(twice["adv"]["pol"]["deck"][-1])
    assert any("both in the deck and the discard" in p for p in check_state(twice))
    fake = copy.deepcopy(s)
    fake["adv"]["pol"]["faceup"].append("no_such_card")
    assert any("unknown political card 'no_such_card'" in p for p in check_state(fake))
