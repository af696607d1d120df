"""FRIEDRICH 2005 rules §7 (combat, the card duel, losses), §8 (retreat) and §6 (generals removed
from the bottom of a stack)."""

from tests.friedrich.conftest import act, actions, armies, clear_map, hand, new, put, to_phase


def _prussian_combat(**kw):
    s = clear_map(new(**kw))
    return s


def _fight(s, a, d):
    s = act(s, {"type": "end_movement"})
    assert {"type": "attack", "from": a, "to": d} in actions(s)
    return act(s, {"type": "attack", "from": a, "to": d})


def _fritz_attacks_saltikov(fritz: int, saltikov: int, prussia_hand: list[str]):
    """Friedrich (b2, `fritz` armies) attacks Saltikov (b3, `saltikov` armies); Russia holds no card."""
    s = _prussian_combat()
    put(s, fritz="b2", saltikov="b3")
    armies(s, fritz=fritz, saltikov=saltikov)
    hand(s, "prussia", prussia_hand)
    hand(s, "russia", [])
    return _fight(s, "b2", "b3")


def test_F7_the_rulebook_example_heinrich_against_richelieu_and_soubise():
    s = _prussian_combat(suits={"b3": "diamonds", "b4": "spades"})
    put(s, heinrich="b3", richelieu="b4", soubise="b4")
    armies(s, heinrich=2, richelieu=2, soubise=2)
    hand(s, "prussia", ["1:D10", "1:D9", "1:D7", "1:R1"])
    hand(s, "france", ["1:S5", "1:S4", "2:S4", "1:S3"])
    s = _fight(s, "b3", "b4")
    assert s["flow"][-1]["score"] == -2 and s["flow"][-1]["right"] == "att"
    s = act(s, {"type": "play_card", "card": "1:D10"})
    assert s["flow"][-1]["score"] == 8 and s["flow"][-1]["right"] == "def"
    s = act(s, {"type": "play_card", "card": "1:S5"})
    s = act(s, {"type": "play_card", "card": "1:S3"})
    assert s["flow"][-1]["score"] == 0 and s["flow"][-1]["right"] == "att"
    # at zero Prussia still holds diamonds: it must play one, it may not stop
    assert {"type": "stop"} not in actions(s)
    s = act(s, {"type": "play_card", "card": "1:D7"})
    s = act(s, {"type": "play_card", "card": "1:S4"})
    assert s["flow"][-1]["score"] == 3
    s = act(s, {"type": "stop"})
    # France loses 3 of 4: one army left, so Soubise (the lower rank) is removed; Richelieu retreats 3
    assert s["generals"]["soubise"]["city"] is None
    assert s["generals"]["richelieu"]["armies"] == 1
    assert s["flow"][-1]["name"] == "retreat" and s["flow"][-1]["distance"] == 3
    assert s["generals"]["heinrich"]["armies"] == 2  # the winner loses nothing


def test_F7_adjacent_generals_must_attack_the_phase_offers_nothing_else():
    s = _prussian_combat()
    put(s, fritz="b2", saltikov="b3", daun="a2")
    s = act(s, {"type": "end_movement"})
    acts = actions(s)
    assert sorted((a["type"], a["to"]) for a in acts) == [("attack", "a2"), ("attack", "b3")]


def test_F7_at_zero_with_only_reserves_a_side_may_stop_for_a_tie():
    s = _prussian_combat()
    put(s, fritz="b2", saltikov="b3")
    armies(s, fritz=3, saltikov=3)
    hand(s, "prussia", ["1:R1"])
    s = _fight(s, "b2", "b3")
    acts = actions(s)
    assert {"type": "stop"} in acts
    assert sorted(a["value"] for a in acts if a.get("card") == "1:R1") == list(range(1, 11))
    s = act(s, {"type": "stop"})
    assert s["generals"]["fritz"]["armies"] == 3 and s["generals"]["saltikov"]["armies"] == 3
    assert s["generals"]["saltikov"]["city"] == "b3"


def test_F7_each_side_plays_the_suit_of_its_own_sector():
    s = _prussian_combat()
    put(s, fritz="b3", saltikov="b4")  # b3 spades, b4 hearts
    armies(s, fritz=1, saltikov=3)
    hand(s, "prussia", ["1:S5", "1:H9"])
    s = _fight(s, "b3", "b4")
    cards = [a["card"] for a in actions(s) if a["type"] == "play_card"]
    assert cards == ["1:S5"]


def test_F7_the_loser_loses_the_final_negative_score_but_never_more_than_it_has():
    s = _fritz_attacks_saltikov(8, 4, [])
    s = act(s, {"type": "stop"}, "elisabeth")  # Russia at -4 stops: loses 4 (all)
    assert s["generals"]["saltikov"]["city"] is None  # lost everything: nothing retreats
    s = _fritz_attacks_saltikov(5, 7, ["1:S9"])
    s = act(s, {"type": "play_card", "card": "1:S9"})  # 5-7+9 = +7
    assert s["flow"][-1]["score"] == 7
    s = act(s, {"type": "stop"}, "elisabeth")
    assert s["generals"]["saltikov"]["city"] is None  # 7 lost of 7


def test_F8_retreat_distance_equals_the_armies_lost_and_ends_farthest_from_the_winner():
    s = _fritz_attacks_saltikov(5, 6, ["1:S4"])
    s = act(s, {"type": "play_card", "card": "1:S4"})  # 5-6+4 = +3
    s = act(s, {"type": "stop"}, "elisabeth")
    frame = s["flow"][-1]
    assert frame["name"] == "retreat" and frame["distance"] == 3
    assert s["generals"]["saltikov"]["armies"] == 3
    ends = sorted(a["to"] for a in actions(s, "frederick"))
    # brute force: every end of a 3-city path from b3 avoiding b2 and repeated cities
    from maria.games.friedrich.rules.state import info_of

    g = info_of(s).graph

    def walk(path, left):
        if left == 0:
            yield path[-1]
            return
        for n in g.nbrs[path[-1]]:
            if n not in path and n != "b2":
                yield from walk(path + [n], left - 1)

    all_ends = set(walk(["b3"], 3))
    best = max(g.dist("b2", e) for e in all_ends)
    assert ends == sorted(e for e in all_ends if g.dist("b2", e) == best)
    s = act(s, {"type": "retreat", "to": ends[0]}, "frederick")
    assert s["generals"]["saltikov"]["city"] == ends[0]


def test_F8_a_general_that_cannot_retreat_the_whole_way_loses_every_army():
    s = _prussian_combat()
    put(s, fritz="a1", heinrich="b0", saltikov="a0")  # a0's only roads: a1 and b0
    armies(s, fritz=5, heinrich=1, saltikov=4)
    hand(s, "prussia", [])
    hand(s, "russia", [])
    s = _fight(s, "a1", "a0")
    s = act(s, {"type": "stop"}, "elisabeth")  # loses 1, cannot retreat 1
    assert s["generals"]["saltikov"]["city"] is None and s["generals"]["saltikov"]["armies"] == 0


def _france_beaten_by_fritz(richelieu: int, soubise: int, chevert: int):
    """Friedrich (b2, 8 armies) attacks the French stack at b3 with these armies, no card in hand
    on either side, and France stops at once (§7)."""
    s = _prussian_combat()
    put(s, richelieu="b3", soubise="b3", chevert="b3", fritz="b2")
    armies(s, richelieu=richelieu, soubise=soubise, chevert=chevert, fritz=8)
    hand(s, "prussia", [])
    hand(s, "france", [])
    s = _fight(s, "b2", "b3")
    return act(s, {"type": "stop"}, "pompadour")


def test_F6_losses_remove_generals_from_the_bottom_of_the_stack():
    s = _france_beaten_by_fritz(2, 2, 2)  # 6 vs 8: France loses 2, keeps 4
    assert s["generals"]["chevert"]["city"] == "b3" and s["generals"]["soubise"]["city"] == "b3"
    s = _france_beaten_by_fritz(1, 1, 3)  # 5 vs 8: loses 3, 2 left for 3 generals
    assert s["generals"]["chevert"]["city"] is None  # the bottom general goes
    assert [s["generals"][g]["armies"] for g in ("richelieu", "soubise")] == [1, 1]
    assert s["flow"][-1]["name"] == "retreat" and s["flow"][-1]["gids"] == ["richelieu", "soubise"]


def _example_opening(prussian_hand):
    # §7 example: Heinrich (2 armies, ♦ sector) attacks Richelieu + Soubise (4 armies, ♠ sector)
    s = _prussian_combat(suits={"b3": "diamonds", "b4": "spades"})
    put(s, heinrich="b3", richelieu="b4", soubise="b4")
    armies(s, heinrich=2, richelieu=2, soubise=2)
    hand(s, "prussia", prussian_hand)
    hand(s, "france", ["1:S5", "1:S4", "1:S3"])
    return _fight(s, "b3", "b4")


def test_F7_rulebook_example_heinrich_may_instead_give_up_at_once_and_lose_2_armies():
    # "Heinrich peut tout aussi bien battre en retraite et perdre immédiatement 2 armées": at -2 he
    # may stop before playing; he loses 2 armies, all he has, so he leaves the map (§6: no general
    # without armies) instead of retreating
    s = _example_opening(["1:D10", "1:D9", "1:D7", "1:R1"])
    assert {"type": "stop"} in actions(s)
    s = act(s, {"type": "stop"})
    assert s["generals"]["heinrich"]["city"] is None
    assert s["generals"]["richelieu"]["armies"] + s["generals"]["soubise"]["armies"] == 4


def test_F7_rulebook_example_with_only_the_reserve_left_at_zero_prussia_may_stop_for_a_tie():
    # "Si elle n'avait eu que la Réserve, alors elle aurait pu continuer le combat ou l'arrêter (le
    # combat se serait alors terminé par une égalité)."
    s = _example_opening(["1:D10", "1:R1"])
    s = act(s, {"type": "play_card", "card": "1:D10"})
    s = act(s, {"type": "play_card", "card": "1:S5"})
    s = act(s, {"type": "play_card", "card": "1:S3"})
    assert s["flow"][-1]["score"] == 0 and s["flow"][-1]["right"] == "att"
    acts = actions(s)
    assert {"type": "stop"} in acts and any(a.get("card") == "1:R1" for a in acts)
    s = act(s, {"type": "stop"})
    assert s["flow"][-1]["name"] != "retreat"
    assert (s["generals"]["heinrich"]["city"], s["generals"]["heinrich"]["armies"]) == ("b3", 2)
    assert s["generals"]["richelieu"]["city"] == "b4" and s["generals"]["soubise"]["city"] == "b4"
    assert s["generals"]["richelieu"]["armies"] + s["generals"]["soubise"]["armies"] == 4


def test_F8_a_retreat_may_pass_back_once_through_the_city_it_starts_from():
    # « Lors d'une retraite, on ne peut pas pénétrer deux fois dans une cité »: the retreat never
    # entered the city it starts from, so it may enter it once.  W (a1) - S (a0); S - x (b0) and
    # S - y (c0) are dead ends.  Daun (8) at W beats Heinrich (5) at S: Heinrich keeps 2 armies
    # and retreats 3 cities, S -> x -> S -> y (or S -> y -> S -> x)
    s = to_phase(clear_map(new(extra_roads=[("a0", "c0")], cut=[("b0", "b1"), ("b0", "c0"), ("c0", "c1")])), "austria")
    put(s, daun="a1", heinrich="a0")
    armies(s, daun=8, heinrich=5)
    hand(s, "austria", [])
    hand(s, "prussia", [])
    s = _fight(s, "a1", "a0")
    s = act(s, {"type": "stop"}, "frederick")
    assert s["generals"]["heinrich"]["armies"] == 2
    frame = s["flow"][-1]
    assert frame["name"] == "retreat" and frame["distance"] == 3
    assert sorted(frame["ends"]) == ["b0", "c0"]
    assert frame["ends"]["c0"] == ["a0", "b0", "a0", "c0"]
    s = act(s, {"type": "retreat", "to": "c0"}, "maria_theresa")
    assert (s["generals"]["heinrich"]["city"], s["generals"]["heinrich"]["armies"]) == ("c0", 2)


def test_F8_a_retreat_still_enters_no_other_city_twice():
    # the same dead ends, a retreat of 4: S -> x -> S -> y -> ? has no fifth city, so Heinrich
    # cannot retreat the whole way and loses every army
    s = to_phase(clear_map(new(extra_roads=[("a0", "c0")], cut=[("b0", "b1"), ("b0", "c0"), ("c0", "c1")])), "austria")
    put(s, daun="a1", heinrich="a0")
    armies(s, daun=8, heinrich=4)
    hand(s, "austria", [])
    hand(s, "prussia", [])
    s = _fight(s, "a1", "a0")
    s = act(s, {"type": "stop"}, "frederick")
    assert s["generals"]["heinrich"]["city"] is None
