"""The `easy` player's rules of thumb for the advanced game's own decisions (maria.players.easy_politics)
and the advanced evaluation terms (maria.players.evaluate_advanced).

Every test builds a real position (door.new_game + the rules' own steps), asks the player for a
decision and checks that it is legal (the door accepts it) and the sensible one; the contrasting
position next to it must give the other answer, so each rule of thumb can fail."""

from __future__ import annotations

import random
import statistics
import time

import pytest

from maria.players import evaluate_advanced as EA
from maria.players.easy import Rules
from maria.games.maria.rules.advanced import markers as A
from maria.games.maria.rules import active_roles, apply, flow, legal_actions
from maria.games.maria.rules.advanced import saxony as pol_saxony
from maria.games.maria.rules.state import board_info, rebuild_index
from tests.rules.test_advanced import _to_influence, adv_game
from tests.rules.test_advanced_peace_subsidy import _peace_position, _stack_position

# --- helpers ---------------------------------------------------------------------------------------


def _acts(s, role):
    return [a for a in legal_actions(s, role) if a["type"] not in ("undo", "transfer")]


def decide(s, role=None):
    """The easy rules' decision on the full state; checked legal by applying it."""
    role = role or active_roles(s)[0]
    a = Rules(s, role, random.Random(0)).decide(_acts(s, role))
    apply(s, role, a)  # raises IllegalAction if illegal
    return a


def _take(s, card):
    """Take a TC out of wherever it is (hands, draw deck, set-aside decks, discards)."""
    cs = s["cards"]
    for h in cs["hands"].values():
        if card in h:
            h.remove(card)
            return
    for pile in [cs["draw"]] + list(cs["aside"]) + list(cs["discards"].values()):
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError(f"{card} not found")


def set_hand(s, power, hand):
    for c in s["cards"]["hands"].get(power, []):
        s["cards"]["discards"][c.split(":")[0]].append(c)
    s["cards"]["hands"][power] = []
    for c in hand:
        _take(s, c)
    s["cards"]["hands"][power] = list(hand)


def set_faceup(s, pcs):
    pol = s["adv"]["pol"]
    for c in pcs:
        if c in pol["deck"]:
            pol["deck"].remove(c)
    pol["discard"] += [c for c in pol["faceup"] if c not in pcs]
    pol["faceup"] = list(pcs)


def place(s, gid, city, troops=None):
    s["generals"][gid]["city"] = city
    s["generals"][gid]["in_play"] = True
    if troops is not None:
        s["generals"][gid]["troops"] = troops
    rebuild_index(s)


# --- R17.2 trump -------------------------------------------------------------------------------------


def test_R17_2_1_trump_is_the_suit_of_the_roles_best_cards():
    s = adv_game(diplomacy=True)
    s["adv"]["last_winner"] = "frederick"
    while s["flow"][-1]["name"] == "diplomacy":
        s = apply(s, active_roles(s)[0], {"type": "done"})
    assert s["flow"][-1]["step"] == "trump" and active_roles(s) == ["frederick"]
    set_hand(s, "prussia", ["2:S10", "2:S9", "2:H2", "2:D4"])
    set_hand(s, "pragmatic_army", ["2:S5", "2:D3"])
    assert decide(s) == {"type": "trump", "suit": "spades"}
    set_hand(s, "prussia", ["2:S2", "2:H10", "2:H9", "2:D4"])
    assert decide(s) == {"type": "trump", "suit": "hearts"}


# --- R17.3 placing a TC ------------------------------------------------------------------------------


def _place_position():
    """Prussia places first; Military Aid (Russia either way: Prussia frees the Dessauer) is face-up."""
    s = adv_game()
    fr = s["flow"][-1]
    assert fr["name"] == "politics" and fr["step"] == "place" and fr["placing"][0] == "prussia"
    s["adv"]["pol"]["trump"] = "hearts"
    set_faceup(s, ["1741_military_aid", "1742_spain"])
    return s


def test_R17_3_place_the_smallest_trump_that_beats_the_rivals():
    s = _place_position()
    set_hand(s, "prussia", ["2:H2", "2:H7", "2:H10", "2:S9", "2:D8"])
    # Austria (arms on Military Aid) places later and wins ties (further right): 5 + 1 needed
    assert decide(s) == {"type": "place", "power": "prussia", "card": "2:H7"}


def test_R17_3_a_saved_rival_influence_needs_a_bigger_trump():
    s = _place_position()
    set_hand(s, "prussia", ["2:H2", "2:H7", "2:H10", "2:S9", "2:D8"])
    _take(s, "3:H3")
    s["adv"]["pol"]["display"]["austria"] = [{"card": "3:H3", "up": True, "new": False}]
    assert decide(s) == {"type": "place", "power": "prussia", "card": "2:H10"}


def test_R17_3_no_bluff_and_nothing_for_a_card_without_own_arms():
    s = _place_position()
    set_hand(s, "prussia", ["2:S9", "2:D8", "2:C7"])  # no heart: no bluff
    assert decide(s) == {"type": "place", "power": "prussia", "card": None}
    s = _place_position()
    set_faceup(s, ["1742_spain", "1744_genoa"])  # France-only cards
    set_hand(s, "prussia", ["2:H2", "2:H7", "2:H10"])
    assert decide(s) == {"type": "place", "power": "prussia", "card": None}


# --- R17.5 selecting ----------------------------------------------------------------------------------


def test_R17_5_select_a_useful_card():
    s = adv_game()
    s = _to_influence(s, {"austria": ["2:H9"]}, ["1742_sardinia_piedmont", "1742_spain"])
    fr = s["flow"][-1]
    assert fr["step"] == "select" and fr["order"][fr["idx"]] == "austria"
    a = decide(s)
    assert a == {"type": "select", "power": "austria", "card": "1742_sardinia_piedmont"}
    s = apply(s, "maria_theresa", a)
    assert s["flow"][-1]["name"] == "pol_exec"
    # R17.6: Italy towards the Habsburg end (France's TC penalty box), not a discard
    assert decide(s) == {"type": "execute", "instruction": None, "shifts": {"italy": 1}}


def test_R17_5_save_when_the_card_is_worth_nothing_block_when_a_rival_would_use_it():
    s = adv_game()
    s = _to_influence(s, {"austria": ["2:H3"]}, ["1741_military_aid", "1742_spain"])
    assert decide(s) == {"type": "save", "power": "austria"}  # nobody else can take it
    s = adv_game()
    s = _to_influence(s, {"austria": ["2:H9"], "prussia": ["2:H3"]}, ["1741_military_aid", "1742_spain"])
    a = decide(s)  # Prussia would free the Dessauer
    assert a == {"type": "select", "power": "austria", "card": "1741_military_aid"}
    s = apply(s, "maria_theresa", a)
    ex = decide(s)
    assert ex["type"] == "discard_card" or ex["shifts"].get("russia", 0) < 0


def test_R17_6_1_execute_the_direction_that_helps():
    s = adv_game()
    s = _to_influence(s, {"prussia": ["2:H9"]}, ["1741_military_aid", "1742_spain"])
    a = decide(s)
    assert a == {"type": "select", "power": "prussia", "card": "1741_military_aid"}
    s = apply(s, "frederick", a)
    assert decide(s) == {"type": "execute", "instruction": None, "shifts": {"russia": 1}}


def test_R17_6_6_troops_from_a_card_all_taken_within_the_limits():
    s = adv_game()
    s["flow"].append({"name": "pol_troops", "power": "pragmatic_army", "n": 3})
    a = decide(s, "frederick")
    assert a["type"] == "troops" and sum(a["assign"].values()) == 3
    s2 = apply(s, "frederick", a)
    assert all(g["troops"] <= 8 for g in s2["generals"].values())
    assert (
        sum(g["troops"] for g in s2["generals"].values() if g["power"] == "pragmatic_army")
        == sum(g["troops"] for g in s["generals"].values() if g["power"] == "pragmatic_army") + 3
    )


# --- R18 the imperial election ------------------------------------------------------------------------


def _election(players=3):
    s = adv_game(players)
    s["adv"]["election"] = "pending"
    s["flow"].append({"name": "election"})
    flow.run(s, board_info(s))
    return s


def test_R18_5_vote_for_the_own_sides_candidate():
    s = _election()
    assert s["flow"][-1]["todo"][0] == ["dresden", "saxony"]
    assert decide(s, "frederick")["for"] == "charles"  # France's pool is far from empty
    s = apply(s, "frederick", {"type": "vote", "elector": "dresden", "for": "charles"})
    assert decide(s, "louis_xv")["for"] == "charles"
    s2 = _election(players=2)
    assert decide(s2, "coalition")["for"] == "charles"


def test_R18_5_frederick_denies_the_rival_closer_to_victory():
    s = _election()
    a = s["adv"]
    a["pools"]["austria"] -= 2  # Austria 1 marker from victory
    a["battle"]["austria"] = 2
    assert decide(s, "frederick")["for"] == "charles"
    s = _election()
    a = s["adv"]
    a["pools"]["austria"] += 4  # Austria far; France 1 from victory
    a["pools"]["france"] = 1
    assert decide(s, "frederick")["for"] == "francis"


# --- R19.1 the Silesian peace ---------------------------------------------------------------------------


def test_R19_1_1_prussia_offers_peace_under_pressure():
    s = _peace_position()
    assert s["flow"][-1]["name"] == "peace_offer"
    place(s, "khevenhueller", "koeniggraetz", 8)
    place(s, "batthyany", "koeniggraetz", 8)
    place(s, "neipperg", "olmuetz", 8)
    s["generals"]["friedrich"]["troops"] = 2
    s["generals"]["schwerin"]["troops"] = 1
    assert decide(s) == {"type": "peace_offer", "offer": True}


def test_R19_1_1_prussia_fights_on_when_silesia_is_safe():
    s = _peace_position()
    for c in ("prag", "olmuetz", "bruenn"):  # the peace would cost these
        A.place_vm(s, "prussia", c)
    assert decide(s) == {"type": "peace_offer", "offer": False}


def test_R19_1_2_austria_accepts_when_prussia_is_strong_not_when_it_would_win():
    s = _peace_position()
    s = apply(s, "frederick", {"type": "peace_offer", "offer": True})
    assert active_roles(s) == ["maria_theresa"]
    place(s, "leopold", "koeniggraetz", 8)
    place(s, "schwerin", "olmuetz", 8)
    place(s, "rutowski", "prag", 8)
    assert decide(s) == {"type": "peace_answer", "accept": True}
    a = s["adv"]
    moved = a["pools"]["prussia"] - 1  # Prussia 1 marker from victory:
    a["pools"]["prussia"] = 1  # the Silesia box would empty it
    a["battle"]["prussia"] += moved
    assert decide(s) == {"type": "peace_answer", "accept": False}


def test_R19_1_2_austria_refuses_when_prussia_is_weak_and_france_far():
    s = _peace_position()
    s = apply(s, "frederick", {"type": "peace_offer", "offer": True})
    for g in ("friedrich", "schwerin", "leopold"):
        s["generals"][g]["troops"] = 1
    assert decide(s) == {"type": "peace_answer", "accept": False}


# --- R20 subsidies ------------------------------------------------------------------------------------


def _diplomacy(players=3):
    s = adv_game(players, diplomacy=True)
    assert s["flow"][-1]["name"] == "diplomacy"
    return s


def test_R20_subsidy_from_own_rich_power_to_own_short_power():
    s = _diplomacy()
    set_hand(s, "prussia", ["2:H10", "2:S10", "2:D9", "2:C8"])
    set_hand(s, "saxony", ["2:H2"])
    a = decide(s, "frederick")
    assert a["type"] == "offer_subsidy" and (a["giver"], a["recipient"]) == ("prussia", "saxony")
    assert a["turns"] <= 2
    set_hand(s, "saxony", ["2:H7", "2:S7", "2:C2"])  # Saxony has enough
    assert decide(s, "frederick") == {"type": "done"}


def test_R20_no_subsidy_for_another_players_power():
    s = _diplomacy()
    set_hand(s, "france", ["2:H10", "2:S10", "2:D9", "2:C8"])
    set_hand(s, "prussia", ["2:H2"])
    assert decide(s, "louis_xv") == {"type": "done"}
    set_hand(s, "pragmatic_army", ["2:H10", "2:S10", "2:D9", "2:C8"])
    set_hand(s, "austria", ["2:H2"])
    assert decide(s, "frederick")["type"] in ("done", "offer_subsidy")
    assert decide(s, "frederick").get("recipient") != "austria"


def test_R20_accept_offers_agree_to_cancel_only_as_giver():
    s = _diplomacy()
    s = apply(s, "louis_xv", {"type": "offer_subsidy", "giver": "france", "recipient": "prussia", "turns": 2})
    assert decide(s, "frederick") == {"type": "answer_subsidy", "accept": True}
    s = apply(s, "frederick", {"type": "answer_subsidy", "accept": True})
    s1 = apply(s, "louis_xv", {"type": "cancel_subsidy", "contract": "france>prussia"})
    assert decide(s1, "frederick") == {"type": "answer_subsidy", "accept": False}  # the recipient
    s2 = apply(s, "frederick", {"type": "cancel_subsidy", "contract": "france>prussia"})
    assert decide(s2, "louis_xv") == {"type": "answer_subsidy", "accept": True}  # the giver


# --- R10.7 stacking consent ----------------------------------------------------------------------------


def test_R10_7_consent_refused_without_need_given_under_threat():
    """Stair (PA, rank 3) would command Arenberg's stack: Maria Theresa refuses, unless a French
    army next door outnumbers Arenberg and the two together can face it."""
    s = _stack_position()
    s = apply(s, "frederick", {"type": "move", "piece": "stair"})
    s = apply(s, "frederick", {"type": "step", "to": "loewen"})
    assert s["flow"][-1]["name"] == "stack_consent" and active_roles(s) == ["maria_theresa"]
    assert decide(s, "maria_theresa") == {"type": "stack_consent", "accept": False}
    place(s, "moritz", "bruessel", 6)
    assert decide(s, "maria_theresa") == {"type": "stack_consent", "accept": True}
    s["generals"]["stair"]["rank"], s["generals"]["arenberg"]["rank"] = 7, 2  # Arenberg commands
    place(s, "moritz", None)
    assert decide(s, "maria_theresa") == {"type": "stack_consent", "accept": True}


# --- R19.3.1 Saxony shift ------------------------------------------------------------------------------


def _shift_position(players=3):
    s = adv_game(players)
    s["adv"]["saxony_pending"] = 1
    pol_saxony.flush_saxony(s, board_info(s))
    assert s["flow"][-1]["name"] == "saxony_shift"
    return s


def test_R19_3_1_austria_accepts_a_shift_that_neutralises_saxony():
    s = _shift_position()
    assert decide(s, "maria_theresa") == {"type": "saxony_shift", "accept": True}


def test_R19_3_1_austria_declines_a_shift_that_costs_its_saxon_markers():
    """Neutral Saxony sends the markers on its fortresses back to the pools (R19.3.3): with two of
    them Austria is one marker from victory and keeps them; one is worth giving up."""
    s = _shift_position()
    for c in ("dresden", "leipzig"):
        A.place_vm(s, "austria", c)
    assert s["adv"]["pools"]["austria"] == 1
    assert decide(s, "maria_theresa") == {"type": "saxony_shift", "accept": False}
    s = _shift_position()
    A.place_vm(s, "austria", "leipzig")
    assert decide(s, "maria_theresa") == {"type": "saxony_shift", "accept": True}


# --- R19.2 France reduces its objectives ---------------------------------------------------------------


def _reduce_position(threat: bool, french_in_bohemia: bool):
    s = adv_game()
    info = board_info(s)
    core = [c for c in info.fortresses() if A._core_austria(info, c)]
    cities = ["olmuetz", "bruenn", "iglau"] if all(c in core for c in ("olmuetz", "bruenn", "iglau")) else core[:3]
    for c in cities:
        A.place_vm(s, "france", c)
    for gid, g in s["generals"].items():
        if (
            g["power"] in ("france", "bavaria")
            and g["city"] in info.playable
            and info.board.cities[g["city"]].map == "bohemia"
        ):
            place(s, gid, None)
    if french_in_bohemia:
        place(s, "moritz", "muenchen", 6)
    if not threat:
        for gid, g in s["generals"].items():
            if g["power"] == "austria" and g["city"] in info.playable and info.board.cities[g["city"]].map == "bohemia":
                place(s, gid, None)
    else:
        place(s, "karl", cities[0], 6)
        place(s, "traun", cities[1], 6)
    s["flow"].append({"name": "reduce_objectives"})
    assert A.france_may_reduce(s, info)
    return s


def test_R19_2_france_reduces_when_its_core_austria_markers_are_lost_anyway():
    assert decide(_reduce_position(True, False), "louis_xv") == {"type": "reduce_objectives", "reduce": True}


def test_R19_2_france_keeps_its_markers_when_safe_or_fighting_in_bohemia():
    assert decide(_reduce_position(False, False), "louis_xv") == {"type": "reduce_objectives", "reduce": False}
    assert decide(_reduce_position(True, True), "louis_xv") == {"type": "reduce_objectives", "reduce": False}


# --- the advanced evaluation terms ------------------------------------------------------------------------


def test_advanced_value_pools_each_role_wants_its_own_pool_empty():
    s = adv_game()
    info = board_info(s)
    base = {r: EA.advanced_value(s, info, r, set()) for r in s["roles"]}
    s["adv"]["pools"]["france"] -= 3
    s["adv"]["battle"]["france"] = 2
    after = {r: EA.advanced_value(s, info, r, set()) for r in s["roles"]}
    assert after["louis_xv"] > base["louis_xv"]
    assert after["maria_theresa"] < base["maria_theresa"] and after["frederick"] < base["frederick"]
    s["adv"]["pools"]["france"] = 0  # an empty pool dominates
    assert EA.advanced_value(s, info, "louis_xv", set()) > after["louis_xv"] + 1.0


def test_advanced_value_counts_announced_shifts_and_a_pending_election():
    s = adv_game()
    s = _to_influence(s, {"prussia": ["2:H9"]}, ["1741_military_aid", "1742_spain"])
    info = board_info(s)
    before = EA.advanced_value(s, info, "frederick", set())
    s["flow"][-1]["shifts"] = {"russia": 1}  # the Dessauer will come back
    assert EA.advanced_value(s, info, "frederick", set()) > before + 0.05
    s = adv_game()
    before = EA.advanced_value(s, info, "louis_xv", set())
    s["adv"]["election"] = "pending"  # Charles has 5 of 9 electors
    assert EA.likely_emperor(s) == "france"
    assert EA.advanced_value(s, info, "louis_xv", set()) > before


@pytest.mark.slow
def test_advanced_value_is_cheap():
    """A speed check (behind --runslow: its outcome depends on the machine's load)."""
    s = adv_game()
    info = board_info(s)
    t = time.perf_counter()
    for _ in range(200):
        EA.advanced_value(s, info, "frederick", set())
    assert (time.perf_counter() - t) / 200 < 0.001


# --- whole games: every advanced decision legal and fast ---------------------------------------------------

ADV_FRAMES = (
    "politics",
    "pol_exec",
    "pol_troops",
    "election",
    "peace_offer",
    "diplomacy",
    "subsidy_answer",
    "stack_consent",
    "saxony_shift",
    "reduce_objectives",
)


def _easy_advanced_game(players: int, seed: int) -> list:
    """A whole advanced game of easy players; the seconds of each decision of the advanced frames."""
    from maria.players import decide as player_decide, make_player
    from maria.games.maria.rules import door

    st = door.new_game("advanced", players, seed)
    ps = {r: make_player("easy", seed) for r in door.ROLES[players]}
    times, seen = [], set()
    n = 0
    while not door.is_over(st) and n < 8000:
        r = door.active_roles(st)[0]
        name = st["flow"][-1]["name"]
        t = time.perf_counter()
        a = player_decide(st, r, ps[r])
        if name in ADV_FRAMES:
            times.append(time.perf_counter() - t)
            seen.add(name)
        st = door.apply(st, r, a)
        n += 1
    assert door.is_over(st)
    assert {"politics", "diplomacy"} <= seen
    return times


@pytest.mark.parametrize("players,seed", [(3, 11), (2, 12)])
def test_easy_plays_the_advanced_decisions_legally(players, seed):
    _easy_advanced_game(players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players,seed", [(3, 11), (2, 12)])
def test_easy_plays_the_advanced_decisions_fast(players, seed):
    """A speed check (behind --runslow: its outcome depends on the machine's load)."""
    assert statistics.median(_easy_advanced_game(players, seed)) < 0.02
