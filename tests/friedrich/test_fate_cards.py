"""FRIEDRICH 2005 rules §11, the numbered Cards of Fate in the standard game (spades versions,
"Feuille du destin"): immediate effects and those of "next turn"."""

from tests.friedrich.conftest import act, actions, armies, clear_map, hand, new, passive, put, to_phase


def _draw(card, prepare=None, s=None):
    """Reach France's turn 6, let `prepare` set the board, put `card` on top, end the turn."""
    s = to_phase(s or new(), "france", turn=6)
    if prepare:
        prepare(s)
    s["fate"]["deck"].remove(card)
    s["fate"]["deck"].insert(0, card)
    s = act(s, {"type": "end_movement"})
    while s["turn"] == 6 and s["flow"][-1]["name"] != "fate_choice":
        s = passive(s)
    return s


def _france_turn_7(s, **where):
    s = clear_map(to_phase(s, "france", turn=7))
    put(s, **where)
    return s


def test_F11_card_4_next_turn_france_s_first_card_counts_one_more():
    s = _france_turn_7(_draw("4"), richelieu="b4", fritz="b3")
    armies(s, richelieu=3, fritz=3)
    hand(s, "france", ["1:H5", "1:H6"])
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "b4", "to": "b3"})
    s = act(s, {"type": "play_card", "card": "1:H5"})
    assert s["flow"][-1]["score"] == 6
    hand(s, "prussia", ["1:S7"])
    s = act(s, {"type": "play_card", "card": "1:S7"}, "frederick")
    s = act(s, {"type": "play_card", "card": "1:H6"})
    assert s["flow"][-1]["score"] == 5  # only the first card: 6 - 7 + 6


def test_F11_card_5_next_turn_soubise_neither_attacks_nor_destroys_a_train():
    s = _france_turn_7(_draw("5"), soubise="b4", fritz="b3", p_train="b5")
    s = act(s, {"type": "move", "pieces": ["soubise"]})
    assert {"type": "step", "to": "b5"} not in actions(s)
    s = act(s, {"type": "stop"})
    s = act(s, {"type": "end_movement"})
    assert not any("attacks" in e["text"] for e in s["log"] if e["turn"] == 7)


def test_F11_card_7_next_turn_frederick_may_not_attack():
    s = clear_map(to_phase(_draw("7"), "prussia", turn=7))
    put(s, fritz="b3", heinrich="a0", saltikov="b4", daun="a1")
    s = act(s, {"type": "end_movement"})
    assert [a["from"] for a in actions(s)] == ["a0"]  # Heinrich must still attack; Friedrich may not


def test_F11_card_6_austria_may_move_laudon_one_city_at_once():
    s = _draw("6", lambda s: (clear_map(s), put(s, laudon="b5", daun="b5")))
    assert s["flow"][-1]["name"] == "fate_choice"
    opts = sorted(a["choice"] for a in actions(s, "maria_theresa"))
    assert opts == ["a5", "b4", "b6", "c5", "stay"]
    s = act(s, {"type": "fate", "choice": "c5"}, "maria_theresa")
    assert s["generals"]["laudon"]["city"] == "c5" and s["generals"]["daun"]["city"] == "b5"


def test_F11_card_8_one_prussian_general_gains_a_free_army():
    s = _draw(
        "8",
        lambda s: (
            clear_map(s),
            put(s, fritz="b1", heinrich="b2"),
            armies(s, fritz=3, heinrich=8, keith=0, lehwaldt=0),
        ),
    )
    assert sorted(a["choice"] for a in actions(s, "frederick")) == ["fritz"]  # Heinrich has 8
    s = act(s, {"type": "fate", "choice": "fritz"}, "frederick")
    assert s["generals"]["fritz"]["armies"] == 4


def test_F11_card_9_russians_5_or_6_cities_from_their_train_turn_face_down():
    s = _draw("9", lambda s: (clear_map(s), put(s, saltikov="b0", r_train="b5")))
    assert s["generals"]["saltikov"]["face_down"]
    s = _draw("9", lambda s: (clear_map(s), put(s, saltikov="b1", r_train="b5")))
    assert not s["generals"]["saltikov"]["face_down"]  # 4 cities


def test_F11_card_10_a_prussian_general_given_new_armies_next_turn_may_not_attack():
    s = clear_map(to_phase(_draw("10"), "prussia", turn=7))
    put(s, fritz="b3", heinrich="a0", saltikov="b4", daun="a1")
    armies(s, fritz=2, heinrich=2)
    hand(s, "prussia", ["1:S6"])
    s = act(s, {"type": "recruit", "nation": "prussia", "armies": {"fritz": 1}, "enter": {}, "cards": ["1:S6"]})
    s = act(s, {"type": "end_movement"})
    assert [a["from"] for a in actions(s)] == ["a0"]


def test_F11_card_11_prussia_may_play_the_spades_11_once_at_double_value():
    s = clear_map(to_phase(_draw("11"), "prussia", turn=7))
    put(s, fritz="b3", saltikov="b2")
    armies(s, fritz=1, saltikov=8)
    hand(s, "prussia", ["1:S11", "2:S11"])
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "b3", "to": "b2"})
    assert {"type": "play_card", "card": "1:S11", "double": True} in actions(s)
    s = act(s, {"type": "play_card", "card": "1:S11", "double": True})
    assert s["flow"][-1]["score"] == -7 + 22
    hand(s, "russia", ["1:S13", "1:S4"])
    s = act(s, {"type": "play_card", "card": "1:S13"}, "elisabeth")
    s = act(s, {"type": "play_card", "card": "1:S4"}, "elisabeth")
    assert s["flow"][-1]["right"] == "att"
    assert [a for a in actions(s, "frederick") if a["type"] == "play_card"] == [
        {"type": "play_card", "card": "2:S11"}
    ]  # once only
