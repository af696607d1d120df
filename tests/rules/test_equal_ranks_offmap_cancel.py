"""Rules-audit items: equal-rank stacks (R6.2), the return from an off-map box (R17.6.7) and
cancelling subsidy contracts at any time (R20).  Played through the door; each test is named after
the printed rule it checks."""

from __future__ import annotations

import pytest

from maria.games.maria.rules import active_roles, apply, flow, legal_actions, view
from maria.games.maria.rules.combat import loss_groups
from maria.games.maria.rules.state import board_info, commander, rebuild_index, stack_of
from maria.games.maria.invariants import check_state
from tests.rules.helpers import advance_to, allocated_game, place
from tests.rules.test_advanced import adv_game


def _acts(s, role):
    return [a for a in legal_actions(s, role) if a["type"] not in ("transfer", "undo")]


# --- R6.2: two generals of the same rank: the creator of the stack names the commander ------------


def _prussia_saxony_position():
    """Prussia's movement phase: Friedrich (Prussia 1) alone at c25, Rutowski (Saxony 1) next to him."""
    s = advance_to(allocated_game(), "movement_phase")
    s["flow"][-1]["powers"] = ["prussia", "saxony"]
    place(s, "schwerin", "c02")
    place(s, "rutowski", "c35")
    return s


def test_R6_2_equal_ranks_the_player_creating_the_stack_chooses_the_supreme_commander():
    s = _prussia_saxony_position()
    s = apply(s, "frederick", {"type": "move", "piece": "rutowski", "path": ["c35", "c25"]})
    assert s["flow"][-1]["name"] == "choose_commander" and active_roles(s) == ["frederick"]
    assert _acts(s, "frederick") == [
        {"type": "commander", "city": "c25", "general": "friedrich"},
        {"type": "commander", "city": "c25", "general": "rutowski"},
    ]
    s = apply(s, "frederick", {"type": "commander", "city": "c25", "general": "rutowski"})
    assert s["flow"][-1]["name"] == "movement_phase"
    assert commander(s, "c25") == "rutowski" and stack_of(s, "friedrich")[0] == "rutowski"
    # R11.9: the commander's cards fight, the other power loses first
    assert loss_groups(s, ["friedrich", "rutowski"]) == [["friedrich"], ["rutowski"]]
    assert view(s, "louis_xv")["commanders"]["c25"] == "rutowski"  # drawn on top
    assert check_state(s, undo_snapshots=False) == []


def test_R6_2_equal_ranks_the_choice_can_be_undone_and_holds_until_the_stack_breaks():
    s = _prussia_saxony_position()
    s1 = apply(s, "frederick", {"type": "move", "piece": "rutowski", "path": ["c35", "c25"]})
    assert {"type": "undo"} in legal_actions(s1, "frederick")  # the move itself
    s2 = apply(s1, "frederick", {"type": "commander", "city": "c25", "general": "rutowski"})
    back = apply(s2, "frederick", {"type": "undo"})  # back to the choice
    assert back["flow"][-1]["name"] == "choose_commander"
    s2 = apply(back, "frederick", {"type": "commander", "city": "c25", "general": "friedrich"})
    assert commander(s2, "c25") == "friedrich"
    s3 = apply(s1, "frederick", {"type": "commander", "city": "c25", "general": "rutowski"})
    assert s3["commanders"] == {"friedrich|rutowski": "rutowski"}
    # the stack breaks (Friedrich moves away): the choice is forgotten
    s3["flow"][-1]["moved"] = []
    s4 = apply(s3, "frederick", {"type": "move", "piece": "friedrich", "path": ["c25", "c24"]})
    assert s4["commanders"] == {}


def test_R6_2_a_stack_of_different_ranks_costs_no_click():
    s = advance_to(allocated_game(), "movement_phase")
    s = apply(s, "louis_xv", {"type": "move", "piece": "broglie", "path": ["c10", "c11", "c21"]})
    assert s["flow"][-1]["name"] == "movement_phase" and commander(s, "c21") == "toerring"


def test_R6_2_R13_4_winter_reentry_onto_an_equal_rank_general_asks_for_the_commander():
    s = allocated_game()
    place(s, "toerring", None)
    s["generals"]["toerring"]["troops"] = 0
    place(s, "moritz", "c11")  # France 1 on München
    s["generals"]["moritz"]["in_play"] = True
    s["cards"]["hands"]["bavaria"] = ["1:H4"]
    s["flow"].append({"name": "winter", "order": ["bavaria"], "idx": 0})
    info = board_info(s)
    from maria.games.maria.rules.winter import reentry_sites

    assert "c11" in reentry_sites(s, info, "toerring")
    s = apply(
        s,
        "louis_xv",
        {
            "type": "recruit",
            "power": "bavaria",
            "cards": ["1:H4"],
            "assign": {"toerring": 1},
            "reenter": {"toerring": "c11"},
        },
    )
    assert s["flow"][-1]["name"] == "choose_commander"
    s = apply(s, "louis_xv", {"type": "commander", "city": "c11", "general": "toerring"})
    assert commander(s, "c11") == "toerring" and s["flow"][-1]["name"] == "winter"


def _austria_pa_position(players=3):
    s = adv_game(players=players)
    for gid, city in (("karl", "loewen"), ("george", "tienen"), ("arenberg", None)):
        s["generals"][gid]["city"] = city
    s["generals"]["arenberg"]["troops"] = 0
    rebuild_index(s)
    s["generals"]["karl"]["troops"], s["generals"]["george"]["troops"] = 4, 3
    s["flow"].append({"name": "movement_phase", "powers": ["austria", "pragmatic_army"]})
    flow.run(s, board_info(s))
    return s


def test_R6_2_R10_7_austria_1_and_pa_1_the_commander_is_part_of_the_consent():
    s = _austria_pa_position()
    s = apply(s, "frederick", {"type": "move", "piece": "george"})
    s = apply(s, "frederick", {"type": "step", "to": "loewen"})
    assert s["flow"][-1]["name"] == "choose_commander" and active_roles(s) == ["frederick"]
    s = apply(s, "frederick", {"type": "commander", "city": "loewen", "general": "george"})
    top = s["flow"][-1]
    assert top["name"] == "stack_consent" and top["commander"] == "george" and active_roles(s) == ["maria_theresa"]
    s = apply(s, "maria_theresa", {"type": "stack_consent", "accept": True})
    assert s["generals"]["george"]["city"] == "loewen" and commander(s, "loewen") == "george"
    assert s["flow"][-1]["name"] == "movement_phase"  # no second question
    # the id order used to decide it ("george" < "karl"): the other proposal now commands
    s = _austria_pa_position()
    s = apply(s, "frederick", {"type": "move", "piece": "george"})
    s = apply(s, "frederick", {"type": "step", "to": "loewen"})
    s = apply(s, "frederick", {"type": "commander", "city": "loewen", "general": "karl"})
    s = apply(s, "maria_theresa", {"type": "stack_consent", "accept": True})
    assert commander(s, "loewen") == "karl"


def test_R6_2_austria_1_and_pa_1_one_player_chooses_directly():
    s = _austria_pa_position(players=2)
    s = apply(s, "maria_theresa", {"type": "move", "piece": "george", "path": ["tienen", "loewen"]})
    assert s["flow"][-1]["name"] == "choose_commander"
    s = apply(s, "maria_theresa", {"type": "commander", "city": "loewen", "general": "karl"})
    assert commander(s, "loewen") == "karl"


# --- R17.6.7: the general returns "as soon as" the penalty ends; the blocker is moved ------------


def _ostpreussen_blocked(*others):
    from maria.games.maria.rules.advanced import politics

    s = adv_game()
    gid = s["adv"]["expedition"]["russia"]["prussia"]  # the Ostpreussen general
    for g, city in (("neipperg", "landsberg"),) + others:  # an Austrian on the arrow's city
        s["generals"][g]["city"], s["generals"][g]["in_play"] = city, True
        s["generals"][g]["troops"] = max(2, s["generals"][g]["troops"])
    rebuild_index(s)
    politics.apply_shifts(s, board_info(s), {"russia": 1})  # the penalty ends
    flow.run(s, board_info(s))
    return s, gid


def test_R17_6_7_blocker_with_no_free_neighbour_goes_to_the_nearest_free_city_and_the_general_returns():
    s, gid = _ostpreussen_blocked(("friedrich", "meseritz"), ("schwerin", "soldin"))  # enemies next door
    assert s["flow"][-1]["name"] == "relocate" and active_roles(s) == ["maria_theresa"]
    sites = sorted(a["city"] for a in _acts(s, "maria_theresa") if a["type"] == "relocate")
    assert sites == ["graetz", "kuestrin", "neudamm", "reppen"]  # 2 steps away (RUL-A15)
    s = apply(s, "maria_theresa", {"type": "relocate", "piece": "neipperg", "city": "reppen"})
    assert s["generals"]["neipperg"]["city"] == "reppen"
    assert s["generals"][gid]["city"] == "landsberg" and s["generals"][gid]["in_play"]
    assert not s["adv"]["expedition"].get("waiting")
    assert check_state(s, undo_snapshots=False) == []


def test_R17_6_7_a_general_left_waiting_returns_as_soon_as_he_can():
    s = adv_game()
    gid = s["adv"]["expedition"]["russia"].pop("prussia")
    s["adv"]["expedition"]["waiting"] = {"prussia": gid}  # penalty over, he could not leave
    assert s["generals"][gid]["city"] == "box:ostpreussen"
    s["flow"].append({"name": "action_stage", "powers": ["france", "bavaria"], "step": 0})
    flow.run(s, board_info(s))  # the next phase begins
    assert s["generals"][gid]["city"] == "landsberg" and s["generals"][gid]["in_play"]
    assert s["adv"]["expedition"]["waiting"] == {}
    assert check_state(s, undo_snapshots=False) == []


# --- R20: "Subsidy contracts may be cancelled at any time provided both powers agree" -------------


def _contract_in_prussian_movement(players=3):
    from maria.games.maria.rules.advanced import subsidy

    s = adv_game(players=players)
    giver, recipient = ("france", "prussia") if players == 3 else ("france", "saxony")
    subsidy.make(s, giver, recipient, 3)
    s["flow"].append({"name": "movement_phase", "powers": ["prussia", "saxony"]})
    s["stage"], s["phase"] = "prussia+saxony", "movement"
    flow.run(s, board_info(s))
    return s, f"{giver}>{recipient}"


def test_R20_a_subsidy_contract_may_be_cancelled_at_any_time_if_both_powers_agree():
    s, cid = _contract_in_prussian_movement()
    prop = {"type": "cancel_subsidy", "contract": cid}
    assert prop in legal_actions(s, "frederick")  # in his movement phase
    assert {"type": "cancel_subsidy", "contract": "france>bavaria"} not in legal_actions(s, "louis_xv")
    s2 = apply(s, "frederick", prop)
    top = s2["flow"][-1]
    assert top["name"] == "subsidy_answer" and top["kind"] == "cancel" and active_roles(s2) == ["louis_xv"]
    s3 = apply(s2, "louis_xv", {"type": "answer_subsidy", "accept": True})
    assert cid not in s3["adv"]["contracts"] and "france>bavaria" in s3["adv"]["contracts"]
    assert s3["flow"][-1]["name"] == "movement_phase" and active_roles(s3) == ["frederick"]
    assert check_state(s3, undo_snapshots=False) == []
    # refused: the contract runs on, and the proposal waits for another phase
    s4 = apply(s2, "louis_xv", {"type": "answer_subsidy", "accept": False})
    assert cid in s4["adv"]["contracts"] and s4["flow"][-1]["name"] == "movement_phase"
    assert prop not in legal_actions(s4, "frederick")
    with pytest.raises(Exception):
        apply(s4, "frederick", prop)
    s4["phase"] = "combat"
    assert prop in legal_actions(s4, "frederick")


def test_R20_cancelling_between_two_powers_of_one_player_needs_no_question():
    s, cid = _contract_in_prussian_movement(players=2)
    s = apply(s, "coalition", {"type": "cancel_subsidy", "contract": cid})
    assert cid not in s["adv"]["contracts"] and s["flow"][-1]["name"] == "movement_phase"


# --- every computer level answers the new decisions with a legal action ---------------------------


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_R6_2_R20_computer_players_answer_the_new_decisions(level):
    from maria.players import decide, make_player

    p = make_player(level, 3, budget=0.05)
    s = _prussia_saxony_position()
    s = apply(s, "frederick", {"type": "move", "piece": "rutowski", "path": ["c35", "c25"]})
    a = decide(s, "frederick", p)  # choose_commander
    assert a["type"] == "commander" and a in legal_actions(s, "frederick")
    s, cid = _contract_in_prussian_movement()
    a = decide(s, "frederick", p)
    apply(s, "frederick", a)  # legal (a whole move, maybe)
    if level != "random":  # not proposed at every step
        assert a["type"] != "cancel_subsidy"
    s = apply(s, "frederick", {"type": "cancel_subsidy", "contract": cid})
    a = decide(s, "louis_xv", p)  # the answer
    assert a["type"] == "answer_subsidy" and a in legal_actions(s, "louis_xv")
    if level == "easy":
        assert a["accept"] is True  # France is the giver: agrees (easy's rule)


def test_R6_2_a_relocation_never_forms_an_equal_rank_stack_so_no_commander_is_asked():
    """R19.1.2 / R19.3.3 / R17.6.7 relocations put a general only where he "may legally stand"
    (RUL-A30: empty, or onto a single general of his OWN power).  Ranks are distinct within a power
    (the army sheets), so such a stack never has two generals of the same rank: the commander is the
    higher rank (R6.2) and there is nobody to ask.  Fails if either half of that changes."""
    from maria.games.maria.rules.advanced.expeditions import may_stand

    s = adv_game()
    info = board_info(s)
    gens = s["generals"]
    by_power: dict[str, list[int]] = {}
    for g in gens.values():
        by_power.setdefault(g["power"], []).append(g["rank"])
    assert all(len(r) == len(set(r)) for r in by_power.values()), by_power
    # a lone general of each power on a free city; every other general tried onto him
    free = [c for c in sorted(info.playable) if not s["city_generals"].get(c) and c not in s["city_train"]]
    for host in sorted(gens):
        hg = gens[host]
        if not hg["in_play"] or hg["city"] is None:
            continue
        c = free[0]
        t = {**s, "generals": {k: dict(v) for k, v in gens.items()}, "city_generals": {}, "city_train": {}}
        for gid, g in t["generals"].items():
            g["city"] = None
            g["troops"] = min(g["troops"] or 1, 8)
        t["generals"][host]["city"] = c
        rebuild_index(t)
        for gid, g in sorted(t["generals"].items()):
            if gid == host:
                continue
            ok = may_stand(t, gid, c)
            if g["rank"] == hg["rank"]:
                assert not ok, (gid, host)  # equal ranks: never stacked by a relocation
            if g["power"] != hg["power"]:
                assert not ok, (gid, host)
