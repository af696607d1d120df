"""Advanced game, second part: the Silesian peace and neutral Prussia (R19.1, R19.4), subsidy
contracts (R20, R24.2.2), the Flanders move-order dispute (R10.8), Austria/PA stacking consent
(R6.8, R10.7), the advanced §10.3 example (R10.15/R10.16 with pools) and Arenberg (R22)."""

from __future__ import annotations

from maria.games.maria.rules.advanced import markers as A
from maria.games.maria.rules import active_roles, apply, flow, legal_actions, view
from maria.games.maria.rules.advanced import peace
from maria.games.maria.rules.advanced import display as pol_display
from maria.games.maria.rules.advanced import polcards as pol_cards
from maria.games.maria.rules.advanced import saxony as pol_saxony
from maria.games.maria.rules.advanced import subsidy
from maria.games.maria.rules.combat import _units
from maria.games.maria.rules.movement import step_refusal
from maria.games.maria.rules.state import board_info, controller, home_of, rebuild_index
from maria.games.maria.rules.supply import supply_status
from tests.rules.test_advanced import adv_game

SILESIA = ["breslau", "brieg", "cosel", "glatz", "glogau", "liegnitz", "neisse"]


def _place(s, gid, city):
    s["generals"][gid]["city"] = city
    rebuild_index(s)


def _prussian_silesia(s):
    """Prussia controls every Silesian fortress (the Austrian markers replaced by Prussian ones)."""
    for c in SILESIA:
        if s["markers"].get(c) == "austria":
            A.remove_vm(s, c)
            A.place_vm(s, "prussia", c)


def _acts(s, role):
    return [a for a in legal_actions(s, role) if a["type"] not in ("transfer", "undo")]


def _peace_position(turn=5):
    """The end of Prussia's action stage of `turn`, Prussia holding all of Silesia."""
    s = adv_game()
    s["turn"] = turn
    s["stage"], s["phase"] = "prussia+saxony", "retro"
    _prussian_silesia(s)
    _place(s, "neipperg", None)
    s["generals"]["neipperg"]["troops"] = 0
    s["flow"] = [
        {"name": "game"},
        {"name": "turn", "step": 4, "diplomacy_done": True},
        {"name": "action_stage", "powers": ["prussia", "saxony"], "step": 5},
    ]
    flow.run(s, board_info(s))
    return s


def _peace_made(s):
    """Frederick offers peace, Maria Theresa accepts, and every choice of the peace (R19.1.2) is
    the first one offered."""
    s = apply(s, "frederick", {"type": "peace_offer", "offer": True})
    s = apply(s, "maria_theresa", {"type": "peace_answer", "accept": True})
    while s["flow"][-1]["name"] in ("peace_offer", "relocate"):
        role = active_roles(s)[0]
        s = apply(s, role, _acts(s, role)[0])
    return s


# --- R19.1 Prussia annexes Silesia -------------------------------------------------------------


def test_R19_1_1_offer_only_when_prussia_controls_all_silesia():
    s = adv_game()
    assert not peace.may_offer(s, board_info(s))  # 5 Austrian fortresses
    _prussian_silesia(s)
    assert peace.may_offer(s, board_info(s))
    s = _peace_position()
    assert s["flow"][-1]["name"] == "peace_offer"
    assert _acts(s, "frederick") == [{"type": "peace_offer", "offer": True}, {"type": "peace_offer", "offer": False}]


def test_R19_1_1_refused_peace_changes_nothing_and_may_be_offered_again():
    s = _peace_position()
    s = apply(s, "frederick", {"type": "peace_offer", "offer": True})
    assert active_roles(s) == ["maria_theresa"]
    s = apply(s, "maria_theresa", {"type": "peace_answer", "accept": False})
    assert s["adv"]["silesia_annexed"] is None and not pol_saxony.neutral(s, "prussia")
    assert peace.may_offer(s, board_info(s))  # again at a later stage


def test_R19_1_2_steps_1_to_7():
    s = _peace_position()
    info = board_info(s)
    # an Austrian VM in Prussia, 3 Prussian VMs in Austria, an Austrian general in Silesia,
    # a Prussian general in Bohemia
    A.place_vm(s, "austria", "magdeburg")
    for c in ("prag", "olmuetz", "bruenn"):
        A.place_vm(s, "prussia", c)
    s["generals"]["neipperg"]["troops"] = 4
    _place(s, "neipperg", "neisse")
    _place(s, "leopold", "koeniggraetz")
    pools = dict(s["adv"]["pools"])
    s = apply(s, "frederick", {"type": "peace_offer", "offer": True})
    s = apply(s, "maria_theresa", {"type": "peace_answer", "accept": True})
    # owner's choice among the nearest legal cities (step 4), then the train (step 5)
    for _ in range(10):
        if s["flow"][-1]["name"] not in ("peace_offer", "relocate"):
            break
        role = active_roles(s)[0]
        s = apply(s, role, _acts(s, role)[0])
    a = s["adv"]
    # step 1: Silesia is Prussian home country; Breslau a Prussian re-entry site
    assert a["silesia_annexed"] == 5 and all(home_of(s, info, c) == "prussia" for c in SILESIA)
    assert home_of(s, info, "breslau") == "prussia"
    # step 2: Saxony in the S box, neutral (R19.3)
    assert pol_display.saxony_state(s) == "neutral"
    assert poldata_label(s) == "S"
    # step 3: the Austrian VM back to Austria's pool; 2 of 3 Prussian VMs in Austria set aside
    assert "magdeburg" not in s["markers"] and a["pools"]["austria"] == pools["austria"] + 1
    assert a["set_aside"]["prussia"] == 2 and not any(s["markers"].get(c) for c in ("prag", "olmuetz", "bruenn"))
    # the Silesian markers stay on their fortresses (Silesia is always marked, R10.16c)
    assert all(s["markers"][c] == "prussia" for c in SILESIA)
    # step 4: Neipperg out of Silesia into Austria; Leopold back in Prussia
    assert home_of(s, info, s["generals"]["neipperg"]["city"]) == "austria"
    assert home_of(s, info, s["generals"]["leopold"]["city"]) == "prussia"
    # step 5: 1 VM into the Silesia box; the second train on a Prussian major fortress
    assert a["silesia_box"] == 1
    t2 = s["trains"]["prussia_t2"]
    assert t2["in_play"] and t2["city"] in ("berlin", "magdeburg", "breslau")
    assert a["pools"]["prussia"] == pools["prussia"] + 1 - 1  # 1 of 3 back, 1 to the Silesia box
    for p, n in A.POOL_SIZES.items():
        assert A.pool_total(s, p) == n
    # step 6: neutral until the start of Prussia's action stage of turn 7
    assert a["prussia_neutral_until"] == 7 and pol_saxony.neutral(s, "prussia")
    # R19.1.1: accepted only once
    _prussian_silesia(s)
    assert not peace.may_offer(s, info)
    # step 7: a Prussian piece leaving Prussia brings the set-aside markers back
    a["prussia_neutral_until"] = None
    _place(s, "leopold", "koeniggraetz")
    peace.prussian_piece_left(s, info)
    assert a["set_aside"]["prussia"] == 0 and a["pools"]["prussia"] == pools["prussia"] + 2
    for p, n in A.POOL_SIZES.items():
        assert A.pool_total(s, p) == n


def poldata_label(s):
    from maria.games.maria.rules.advanced import poldata

    return poldata.display()["tracks"]["saxony"]["boxes"][s["adv"]["tracks"]["saxony"]].get("label")


def test_R19_1_2_step5_train_choice_includes_breslau_and_R19_1_3():
    s = _peace_position()
    info = board_info(s)
    assert not any(
        a["type"] == "reenter_train" and a["train"] == "prussia_t2" for a in legal_actions(s, "frederick")
    )  # R19.1.3 / R10.9
    s = apply(s, "frederick", {"type": "peace_offer", "offer": True})
    s = apply(s, "maria_theresa", {"type": "peace_answer", "accept": True})
    while s["flow"][-1]["name"] == "relocate":
        role = active_roles(s)[0]
        s = apply(s, role, _acts(s, role)[0])
    acts = _acts(s, "frederick")
    assert {"type": "place_train", "train": "prussia_t2", "city": "breslau"} in acts
    s = apply(s, "frederick", {"type": "place_train", "train": "prussia_t2", "city": "breslau"})
    assert s["trains"]["prussia_t2"]["city"] == "breslau"
    assert "breslau" not in peace.train_sites(s, info)  # now occupied


def test_R19_1_2_example_peace_turn5_neutral_until_prussian_stage_of_turn7():
    """Peace at the end of the Prussian action stage of turn 5: Prussia is neutral until the
    beginning of Prussia's action stage of turn 7 (no entry, no combat, no supply through it)."""
    s = _peace_made(_peace_position(turn=5))
    info = board_info(s)
    seen = []
    for _ in range(6000):
        if s["result"] is not None:
            break
        prussian_stage = "prussia" in (s["stage"] or "").split("+")
        neutral = pol_saxony.neutral(s, "prussia")
        seen.append((s["turn"], prussian_stage, neutral))
        if s["turn"] < 7 or (s["turn"] == 7 and not prussian_stage):
            assert neutral, (s["turn"], s["stage"])
            _check_neutral_prussia(s, info)
        elif s["turn"] == 7:
            assert not neutral
            break
        role = active_roles(s)[0]
        acts = _acts(s, role)
        pref = [a for a in acts if a["type"] in ("done", "accept_defeat", "accept_tie", "save")]
        a = pref[0] if pref else acts[0]
        if any(v == "choose" for v in a.values()):
            from maria.lab.selfplay import fill

            a = fill(a, s, {"rng": 7})
        s = apply(s, role, a)
    assert (6, True, True) in seen and (7, False, True) in seen and (7, True, False) in seen
    assert any("neutrality ends" in e["text"] for e in s["log"])


def _check_neutral_prussia(s, info):
    for g in s["generals"].values():
        if g["in_play"] and g["city"] in info.playable:
            inside = home_of(s, info, g["city"]) == "prussia"
            assert inside == (g["power"] == "prussia"), (g["name"], g["city"])


def test_R19_4_neutral_prussia_no_entry_no_combat_no_supply_path():
    s = _peace_made(_peace_position())
    info = board_info(s)
    # R19.4.3: an Austrian general next to Silesia may not step in
    _place(s, "karl", "troppau" if "troppau" in info.playable else "olmuetz")
    start = s["generals"]["karl"]["city"]
    into = [n for n in info.nbrs[start] if home_of(s, info, n) == "prussia"]
    assert into, start
    why = step_refusal(s, info, {"piece": "karl", "mode": "normal", "path": [start], "main": True}, into[0])
    assert why and "neutral" in why
    # R19.4.1: a Prussian general may not step out
    g = s["generals"]["friedrich"]["city"]
    out = [n for n in info.nbrs[g] if home_of(s, info, n) != "prussia"]
    if out:
        why = step_refusal(s, info, {"piece": "friedrich", "mode": "normal", "path": [g], "main": True}, out[0])
        assert why and "neutral" in why
    # R19.4.2: no combat with a Prussian general, even when adjacent
    pairs = [
        (c, n)
        for c in SILESIA
        for n in sorted(info.nbrs[c])
        if info.home_of(n) == "austria" and n not in s["city_generals"] and n not in s["city_train"]
    ]
    sil, aus = next((c, n) for c, n in pairs if c not in s["city_train"])
    for g in list(s["city_generals"].get(sil, [])):
        _place(s, g, None)
    _place(s, "friedrich", sil)
    _place(s, "karl", aus)
    assert [aus, sil] not in _units(s, info, ["austria"])
    s["adv"]["prussia_neutral_until"] = None
    assert [aus, sil] in _units(s, info, ["austria"])
    s["adv"]["prussia_neutral_until"] = 7
    assert "breslau" in pol_saxony.forbidden(s, info, "france")
    assert "breslau" in pol_saxony.forbidden(s, info, "austria")
    assert "prag" in pol_saxony.forbidden(s, info, "prussia")


def test_R19_4_supply_path_blocked_by_neutral_territory():
    """An Austrian general in Poland supplied across Silesia before the peace is cut off once
    Silesia is neutral Prussian territory (R19.4.3)."""
    s = adv_game()
    info = board_info(s)
    _no_austrian_trains(s)
    for g in list(s["generals"]):
        if (
            g != "neipperg"
            and s["generals"][g]["city"] in info.playable
            and info.board.cities[s["generals"][g]["city"]].map == "bohemia"
        ):
            _place(s, g, None)
    found = False
    poland = [c for c in sorted(info.playable) if info.board.cities[c].territory == "poland"]
    austrian = [
        c for c in sorted(info.playable) if info.home_of(c) == "austria" and info.board.cities[c].map == "bohemia"
    ]
    for p in poland:
        for t in austrian:
            if not 2 <= info.dist(p, t) <= 6:
                continue
            _place(s, "neipperg", p)
            s["trains"]["austria_t1"]["city"] = t
            rebuild_index(s)
            s["adv"]["silesia_annexed"] = s["adv"]["prussia_neutral_until"] = None
            before = supply_status(s, info, "neipperg")[0]
            s["adv"]["silesia_annexed"], s["adv"]["prussia_neutral_until"] = 5, 7
            after = supply_status(s, info, "neipperg")[0]
            if before == "free" and after == "none":
                found = True
                break
        if found:
            break
    assert found


# --- R20 subsidy contracts -----------------------------------------------------------------------


def test_R20_1_givers_major_recipients_allied_and_R24_2_2():
    s = adv_game()
    assert subsidy.may_contract(s, "france", "prussia")
    assert not subsidy.may_contract(s, "france", "austria")  # enemies
    assert not subsidy.may_contract(s, "bavaria", "france")  # minor giver
    assert subsidy.may_contract(s, "pragmatic_army", "austria")
    s2 = adv_game(players=2)
    assert not subsidy.may_contract(s2, "france", "prussia")  # 2p: minors only
    assert subsidy.may_contract(s2, "prussia", "saxony")


def test_R20_worked_example_france_prussia_three_turns():
    s = adv_game(diplomacy=True)
    assert s["flow"][-1]["name"] == "diplomacy"
    offer = {"type": "offer_subsidy", "giver": "france", "recipient": "prussia", "turns": 3}
    assert offer in _acts(s, "louis_xv")
    s = apply(s, "louis_xv", offer)
    assert active_roles(s) == ["frederick"]
    s = apply(s, "frederick", {"type": "answer_subsidy", "accept": True})
    c = s["adv"]["contracts"]["france>prussia"]
    assert c["s"] == 3  # 3 S markers
    assert not any(
        a["type"] == "offer_subsidy" and {a["giver"], a["recipient"]} == {"france", "prussia"}
        for r in ("louis_xv", "frederick")
        for a in _acts(s, r)
    )  # one per pair
    info = board_info(s)
    for turn in (1, 2, 3, 4):
        s["turn"] = turn
        fr, pr, bav = (len(s["cards"]["hands"][p]) for p in ("france", "prussia", "bavaria"))
        top = s["cards"]["draw"][-1]
        subsidy.tc_phase(s, info, {"powers": ["france", "bavaria"], "subsidy": True})
        got_p = len(s["cards"]["hands"]["prussia"]) - pr
        if turn <= 3:
            assert got_p == 1 and len(s["cards"]["hands"]["france"]) - fr == 3  # 5 - 1 - 1
            assert len(s["cards"]["hands"]["bavaria"]) - bav == 2  # 1 + subsidy
            assert top in s["cards"]["hands"]["bavaria"] or top in s["cards"]["hands"]["prussia"]
        else:
            assert got_p == 0 and "france>prussia" not in s["adv"]["contracts"]
            assert len(s["cards"]["hands"]["france"]) - fr == 4
        if turn <= 3:
            assert s["adv"]["contracts"].get("france>prussia", {"s": 0})["s"] == 3 - turn


def test_R20_3_subsidy_card_is_the_first_card_drawn_before_looking():
    s = adv_game()
    s["adv"]["contracts"]["pragmatic_army>austria"] = {
        "giver": "pragmatic_army",
        "recipient": "austria",
        "s": 2,
        "initial": False,
        "paid_turn": None,
    }
    top = s["cards"]["draw"][-1]
    subsidy.tc_phase(s, board_info(s), {"powers": ["austria", "pragmatic_army"]})
    assert top not in s["cards"]["hands"]["pragmatic_army"]
    assert s["adv"]["contracts"]["pragmatic_army>austria"]["s"] == 1


def test_R20_2_cancellation_needs_both_players_and_initial_contract_cannot_be_cancelled():
    s = adv_game(diplomacy=True)
    s = apply(s, "louis_xv", {"type": "offer_subsidy", "giver": "france", "recipient": "prussia", "turns": 2})
    s = apply(s, "frederick", {"type": "answer_subsidy", "accept": True})
    assert not any(
        a["type"] == "cancel_subsidy" and a["contract"] == subsidy.INITIAL
        for r in ("louis_xv", "frederick")
        for a in _acts(s, r)
    )
    s = apply(s, "frederick", {"type": "cancel_subsidy", "contract": "france>prussia"})
    assert active_roles(s) == ["louis_xv"]
    s2 = apply(s, "louis_xv", {"type": "answer_subsidy", "accept": False})
    assert "france>prussia" in s2["adv"]["contracts"]
    s3 = apply(s, "louis_xv", {"type": "answer_subsidy", "accept": True})
    assert "france>prussia" not in s3["adv"]["contracts"]
    assert subsidy.INITIAL in s3["adv"]["contracts"]
    assert view(s3, "maria_theresa")["advanced"]["contracts"][subsidy.INITIAL]["giver"] == "france"


def test_R20_refused_offer_makes_no_contract():
    s = adv_game(diplomacy=True)
    s = apply(s, "frederick", {"type": "offer_subsidy", "giver": "pragmatic_army", "recipient": "austria", "turns": 1})
    s = apply(s, "maria_theresa", {"type": "answer_subsidy", "accept": False})
    assert "pragmatic_army>austria" not in s["adv"]["contracts"]
    assert s["flow"][-1]["name"] == "diplomacy"


def test_R8_2_R20_initial_contract_compulsory_then_frances_choice():
    s = adv_game()
    info = board_info(s)
    s["turn"] = 4
    fr, bav = len(s["cards"]["hands"]["france"]), len(s["cards"]["hands"]["bavaria"])
    subsidy.tc_phase(s, info, {"powers": ["france", "bavaria"], "subsidy": False})
    assert len(s["cards"]["hands"]["france"]) - fr == 5 and len(s["cards"]["hands"]["bavaria"]) - bav == 1
    assert subsidy.INITIAL in s["adv"]["contracts"]  # not cancelled by skipping


def test_R20_contract_lapses_when_saxony_leaves_the_alliance():
    s = adv_game()
    subsidy.make(s, "prussia", "saxony", 3)
    pol_cards.execute_instruction(s, board_info(s), "quadruple", "austria", True)
    subsidy.lapse(s)
    assert "prussia>saxony" not in s["adv"]["contracts"]


# --- R10.8 dispute over the order of moves on the Flanders map ------------------------------------


def _austrian_movement(s):
    s["flow"].append({"name": "movement_phase", "powers": ["austria", "pragmatic_army"]})
    flow.run(s, board_info(s))
    return s


def test_R10_8_dispute_alternates_flanders_moves_pa_first():
    s = _austrian_movement(adv_game())
    assert {"type": "dispute"} in _acts(s, "maria_theresa") and {"type": "dispute"} in _acts(s, "frederick")
    s = apply(s, "maria_theresa", {"type": "dispute"})
    mt = _acts(s, "maria_theresa")
    assert not any(a.get("piece") == "arenberg" for a in mt)  # the PA moves first there
    assert any(a.get("piece") == "traun" for a in mt)  # Bohemia: free
    fr = _acts(s, "frederick")
    pa = next(a for a in fr if a["type"] == "move" and a["piece"] == "stair")
    s = apply(s, "frederick", pa)
    s = apply(s, "frederick", _acts(s, "frederick")[0])  # one step
    if s["flow"][-1]["name"] == "moving":
        s = apply(s, "frederick", {"type": "stop"})
    assert any(a.get("piece") == "arenberg" for a in _acts(s, "maria_theresa"))
    assert not any(a.get("piece") in ("george", "cumberland") for a in _acts(s, "frederick"))
    # Austria passes on Flanders: the PA moves freely again
    s = apply(s, "maria_theresa", {"type": "flanders_pass", "power": "austria"})
    assert any(a.get("piece") in ("george", "cumberland") for a in _acts(s, "frederick"))
    assert not any(a.get("piece") == "arenberg" for a in _acts(s, "maria_theresa"))


def test_R10_8_no_dispute_in_the_two_player_game():
    s = _austrian_movement(adv_game(players=2))
    assert {"type": "dispute"} not in _acts(s, "maria_theresa")


# --- R6.8 / R10.7 stacking consent ----------------------------------------------------------------


def _stack_position(**opt):
    s = adv_game(**opt)
    _place(s, "stair", "tienen")
    s["generals"]["stair"]["troops"] = 2
    s["generals"]["arenberg"]["troops"] = 4
    return _austrian_movement(s)


def test_R10_7_consent_asked_and_given():
    s = _stack_position()
    s = apply(s, "frederick", {"type": "move", "piece": "stair"})
    s = apply(s, "frederick", {"type": "step", "to": "loewen"})
    assert s["flow"][-1]["name"] == "stack_consent" and active_roles(s) == ["maria_theresa"]
    s = apply(s, "maria_theresa", {"type": "stack_consent", "accept": True})
    assert s["generals"]["stair"]["city"] == "loewen" and s["flow"][-1]["name"] == "movement_phase"


def test_R10_7_consent_refused_the_move_goes_on_elsewhere():
    s = _stack_position()
    s = apply(s, "frederick", {"type": "move", "piece": "stair"})
    s = apply(s, "frederick", {"type": "step", "to": "loewen"})
    s = apply(s, "maria_theresa", {"type": "stack_consent", "accept": False})
    assert s["generals"]["stair"]["city"] == "tienen" and s["flow"][-1]["name"] == "moving"
    acts = _acts(s, "frederick")
    assert {"type": "step", "to": "loewen"} not in acts and {"type": "stop"} in acts


def test_R10_7_option_always_and_never():
    s = _stack_position(pa_austria_stacking_consent="always")
    s = apply(s, "frederick", {"type": "move", "piece": "stair"})
    s = apply(s, "frederick", {"type": "step", "to": "loewen"})
    assert s["generals"]["stair"]["city"] == "loewen"
    s = _stack_position(pa_austria_stacking_consent="never")
    s = apply(s, "frederick", {"type": "move", "piece": "stair"})
    assert {"type": "step", "to": "loewen"} not in _acts(s, "frederick")
    s2 = _stack_position(players=2)  # one player: no question
    s2 = apply(s2, "maria_theresa", {"type": "move", "piece": "stair"})
    s2 = apply(s2, "maria_theresa", {"type": "step", "to": "loewen"})
    assert s2["generals"]["stair"]["city"] == "loewen"


# --- R10.15 / R10.16 with pools: the advanced part of the §10.3 example --------------------------


def _example_position():
    s = adv_game()
    _place(s, "arenberg", None)  # nobody else protects
    s["generals"]["arenberg"]["troops"] = 0
    _place(s, "maillebois", "tournai")
    s["generals"]["maillebois"]["troops"] = 4
    _place(s, "stair", "tienen")  # protects Brüssel only
    s["flow"].append({"name": "movement_phase", "powers": ["france", "bavaria"]})
    flow.run(s, board_info(s))
    return s


def test_R10_15_R10_16_example_tournai_conquered_bruessel_question_mark_from_the_pool():
    s = _example_position()
    info = board_info(s)
    pool = s["adv"]["pools"]["france"]
    s = apply(
        s,
        "louis_xv",
        {"type": "move", "piece": "maillebois", "path": ["tournai", "ath", "enghien", "bruessel", "loewen"]},
    )
    # Tournai (unprotected): conquered, a French VM from the pool (enemy home country, R10.16c);
    # Ath, a fortress on the same road of the reconstructed map, falls the same way
    assert s["markers"]["tournai"] == "france" and controller(s, info, "tournai") == "france"
    assert s["markers"]["ath"] == "france"
    # Brüssel (protected by the PA general): a "?" taken from the French pool
    assert s["qmarks"]["bruessel"] == "france" and s["adv"]["q_pool"]["bruessel"] == "france"
    assert s["adv"]["pools"]["france"] == pool - 3
    # combat: the PA general retreats out of range (placed as his retreat would leave him)
    _place(s, "stair", "amsterdam")
    s["flow"].append({"name": "retro_phase"})
    flow.run(s, board_info(s))
    # Brüssel falls retroactively: the "?" goes back, a French VM comes out: net one marker
    assert s["markers"]["bruessel"] == "france" and "bruessel" not in s["qmarks"]
    assert "bruessel" not in s["adv"]["q_pool"] and s["adv"]["pools"]["france"] == pool - 3
    for p, n in A.POOL_SIZES.items():
        assert A.pool_total(s, p) == n


def test_R10_15_still_protected_question_mark_returns_to_the_pool():
    s = _example_position()
    pool = s["adv"]["pools"]["france"]
    s = apply(
        s,
        "louis_xv",
        {"type": "move", "piece": "maillebois", "path": ["tournai", "ath", "enghien", "bruessel", "loewen"]},
    )
    s["flow"].append({"name": "retro_phase"})
    flow.run(s, board_info(s))
    assert "bruessel" not in s["markers"] and "bruessel" not in s["qmarks"]
    assert s["adv"]["pools"]["france"] == pool - 2  # only Tournai's and Ath's


# --- R22 Arenberg -----------------------------------------------------------------------------------


def _no_austrian_trains(s):
    for t in s["trains"].values():
        if t["power"] == "austria":
            t["city"] = None
    rebuild_index(s)


def test_R22_1_arenberg_always_in_supply_in_the_netherlands():
    s = adv_game()
    info = board_info(s)
    _no_austrian_trains(s)
    s["trains"]["pragmatic_army_t1"]["city"] = None
    rebuild_index(s)
    _place(s, "arenberg", "breda")  # Dutch Republic
    assert info.board.cities["breda"].territory == "dutch_republic"
    assert supply_status(s, info, "arenberg") == ("home", 0)
    _place(s, "traun", "eindhoven")  # another Austrian: not
    assert supply_status(s, info, "traun")[0] == "none"


def test_R22_1_arenberg_supplied_by_the_pa_train_others_not():
    s, info, near = _arenberg_near_the_pa_train()
    kind, n = supply_status(s, info, "arenberg")
    assert kind == "free" and n == info.dist(near, "hertogenbosch")
    _place(s, "arenberg", None)
    _place(s, "traun", near)
    assert supply_status(s, info, "traun")[0] == "none"


def _arenberg_near_the_pa_train():
    """An advanced game without Austrian trains, Arenberg 2-5 cities from the Pragmatic Army's train
    at 's-Hertogenbosch, outside the Netherlands: (state, board info, his city)."""
    s = adv_game()
    info = board_info(s)
    _no_austrian_trains(s)
    near = _outside_netherlands_near_pa_train(s, info)
    _place(s, "arenberg", near)
    return s, info, near


def _outside_netherlands_near_pa_train(s, info):
    return next(
        c
        for c, d in sorted(info.dist_from("hertogenbosch").items(), key=lambda x: (x[1], x[0]))
        if 2 <= d <= 5
        and info.board.cities[c].territory not in ("dutch_republic", "austrian_netherlands")
        and info.board.cities[c].map == "flanders"
        and c not in s["city_generals"]
        and c not in s["city_train"]
    )


def test_R22_1_arenberg_pa_train_path_blocked_by_enemy_pieces():
    s, info, near = _arenberg_near_the_pa_train()
    assert supply_status(s, info, "arenberg")[0] == "free"
    french = ["moritz", "belle_isle", "broglie", "noailles", "maillebois"]
    for n in sorted(info.nbrs["hertogenbosch"]):  # R9.3: enemy pieces block
        assert n not in s["city_generals"]
        _place(s, french.pop(), n)
    assert supply_status(s, info, "arenberg")[0] == "none"
