"""FRIEDRICH's hard level (maria/players/friedrich/tuned.py) in situations set up on the shipped
board: each test is a decision the tuned rules get right and easy's scoring of destinations got
wrong."""

from __future__ import annotations

from maria.games.friedrich.rules import door
from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules.state import CONDUCT_OPTION
from maria.players.friedrich import easy, make_player, tuned
from tests.friedrich.conftest import act, allocate_all, armies, clear_map, hand, put, shipped, to_phase


def _russia_to_move(options: dict | None = None) -> dict:
    s = to_phase(allocate_all(door.new_game(4, 1, options=options)), "russia")
    clear_map(s)
    hand(s, "russia", [])  # no recruitment: the decision is a move
    return s


def _hard(s: dict) -> dict:
    role = door.active_roles(s)[0]
    return make_player("hard", 1).choose(door.view(s, role), door.legal_actions(s, role), role)


def test_S5_hard_leaves_the_last_objective_of_a_region_to_conquer_it():
    """§5: moving away from an unprotected objective of one's colour conquers it.  A Russian stack
    on Königsberg, the other Russian objectives far off in Pomerania: leaving takes the city, so
    hard moves off it (staying next to the objective for ever scored higher when the distance to
    the next objective jumped after taking it)."""
    s = _russia_to_move()
    put(s, saltikov="koenigsberg", fermor="koenigsberg", russia_train_1="braniewo")
    armies(s, saltikov=8, fermor=6)
    for c in ("ortelsburg", "rastenburg", "riesenburg"):  # the rest of East Prussia is held
        s["conquered"][c] = "russia"
    a = _hard(s)
    assert a["type"] == "move" and "saltikov" in a["pieces"], a


def test_S9_a_train_that_has_not_moved_supplies_the_cities_it_can_reach():
    """§9 supply is checked after the moves (§4): a Russian train still to move keeps a general
    7 or 8 cities away in supply (it follows, 2 cities), so hard marches on the open objective
    Küstrin beyond its train's present reach; once the train has moved it no longer does."""
    s = _russia_to_move()
    put(s, saltikov="woldenberg", russia_train_1="naklo")
    armies(s, saltikov=8)
    info = tuned.TunedCtx(s, "russia").info
    for c, o in info.board.objectives.items():
        if o.nation == "russia" and c != "kuestrin":
            s["conquered"][c] = "russia"  # Küstrin is the one left
    assert info.graph.dist_from("naklo")["kuestrin"] > easy.SUPPLY
    assert tuned.TunedCtx(s, "russia").supplied("kuestrin")
    a = _hard(s)
    assert a["type"] == "move" and a["pieces"] == ["saltikov"], a
    ctx = tuned.TunedCtx(s, "russia")
    assert easy.move_gain(ctx, s, ["saltikov"])[1] in ("kuestrin", *info.graph.nbrs["kuestrin"])
    s["moved"].append("russia_train_1")
    assert not tuned.TunedCtx(s, "russia").supplied("kuestrin")


def _stargard(options: dict | None) -> dict:
    """A Russian stack at Stargard with diamonds in hand, Heinrich at Stettin protecting the last
    Pomeranian objectives; Greifenhagen, next to both, is a Swedish objective (diamonds)."""
    s = _russia_to_move(options)
    hand(s, "russia", ["1:D10", "1:D12", "1:D9"])
    hand(s, "prussia", [])
    for c, o in tuned.TunedCtx(s, "russia").info.board.objectives.items():
        if o.nation == "russia" and c not in ("kuestrin", "pyritz", "stargard"):
            s["conquered"][c] = "russia"
    put(s, saltikov="stargard", fermor="stargard", heinrich="stettin", dohna="koenigsberg_neumark")
    put(s, russia_train_1="naklo")
    armies(s, saltikov=8, fermor=2, heinrich=8, dohna=1)
    return s


def test_S5_code_of_conduct_hard_plans_no_move_ending_on_an_ally_s_objective():
    """§5 « Code de bonne conduite » (on in games with a computer): no move ends on an objective an
    ally may still conquer.  Without the code hard's stack at Stargard ends next to Heinrich on
    Greifenhagen, a Swedish objective; with it hard picks another end (the engine would refuse
    the stop there and the move would end elsewhere by chance)."""
    free = _stargard(None)
    assert easy.move_gain(tuned.TunedCtx(free, "russia"), free, ["saltikov", "fermor"])[1] == "greifenhagen"
    s = _stargard({CONDUCT_OPTION: True})
    ctx = tuned.TunedCtx(s, "russia")
    gain, end = easy.move_gain(ctx, s, ["saltikov", "fermor"])
    assert end != "greifenhagen" and gain > 0, (end, gain)
    assert "greifenhagen" in ctx.no_stop and end not in ctx.no_stop


def test_S6_hard_russia_gives_the_generals_that_start_alone_three_armies():
    """§6: Russia opens on two fronts (Apraxin and Tottleben alone, Saltikov and Fermor stacked);
    a one-army general dies in its first lost battle, so hard gives the lone ones 3 armies each and
    the rest to the highest ranks (8 at most)."""
    s = door.new_game(4, 1)
    while s["flow"][-1]["name"] == "allocation":
        role = door.active_roles(s)[0]
        legal = door.legal_actions(s, role)
        a = make_player("hard", 0).choose(door.view(s, role), legal, role)
        if a["nation"] == "russia":
            assert a["armies"] == {"saltikov": 8, "fermor": 2, "apraxin": 3, "tottleben": 3}, a
        else:
            assert a == easy.allocation(next(x for x in legal if x["type"] == "allocate")), a
        s = door.apply(s, role, a)


def test_S7_hard_cuts_its_loss_with_cards_when_it_cannot_win_the_battle():
    """§7: the side to play that cannot reach zero may still play cards before it stops; it loses
    as many armies as the final score (all it has at most) and retreats as far.  Friedrich (8)
    attacks Daun, Browne and Karl (24) at -16 holding the ♦10 and ♦4 of his sector: easy stops
    at once and loses all 8; hard plays the 10 (then the 4) and loses 2."""
    s = shipped(4, 1, "prussia")
    clear_map(s)
    put(s, friedrich="dresden", daun="pirna", browne="pirna", karl="pirna")
    armies(s, friedrich=8, daun=8, browne=8, karl=8)
    hand(s, "prussia", ["1:D10", "1:D4", "1:S9"])
    hand(s, "austria", [])
    s = act(s, {"type": "end_movement"})
    s = act(s, {"type": "attack", "from": "dresden", "to": "pirna"})
    assert s["flow"][-1]["name"] == "duel" and s["flow"][-1]["score"] == -16
    role = door.active_roles(s)[0]
    assert easy.choose(door.view(s, role), door.legal_actions(s, role), role) == {"type": "stop"}
    a = _hard(s)
    assert a["type"] == "play_card" and a["card"] == "1:D10", a
    s = act(s, a)
    a = _hard(s)
    assert a["type"] == "play_card" and a["card"] == "1:D4", a
    s = act(s, a)
    assert _hard(s) == {"type": "stop"}
    s = act(s, {"type": "stop"})
    assert s["generals"]["friedrich"]["armies"] == 6


def test_S5_hard_prussia_retakes_the_open_lost_objective_not_the_protected_one():
    """§5 reconquest: Prussia retakes an objective Austria holds by moving through it, but only
    when no Austrian general stands within 3 cities.  Schwerin at Breslau, Brieg (protected by
    Daun at Beuthen) and Oels (open) lost: hard marches through Oels and retakes it, where easy's
    rules, blind to protection, went through Brieg for nothing."""
    s = shipped(4, 1, "prussia")
    clear_map(s)
    hand(s, "prussia", [])
    s["conquered"].update(brieg="austria", oels="austria")
    put(s, schwerin="breslau", daun="beuthen")
    armies(s, schwerin=8, daun=8)
    role = door.active_roles(s)[0]
    assert easy.choose(door.view(s, role), door.legal_actions(s, role), role)["pieces"] == ["schwerin"]
    while s["flow"][-1]["name"] in ("movement", "moving") and "schwerin" not in s["moved"]:
        s = act(s, _hard(s))
    assert s["conquered"].get("oels") != "austria" and s["conquered"].get("brieg") == "austria"


def _sweden_to_move() -> dict:
    s = to_phase(allocate_all(door.new_game(4, 1)), "sweden")
    clear_map(s)
    return s


def test_S10_hard_moves_its_train_off_the_only_depot_so_the_general_can_come_back():
    """§10: a removed general comes back on a depot city of its nation that no other piece holds
    (§4: one piece a city).  Sweden's only depot is Stralsund; with Ehrensvärd off the map and the
    Swedish train standing there, hard moves the train away first (it stayed for the rest of the
    game, the Swedish cards piling up), and then brings Ehrensvärd back."""
    s = _sweden_to_move()
    put(s, sweden_train_1="stralsund", heinrich="magdeburg")
    armies(s, ehrensvaerd=0, heinrich=8)
    hand(s, "sweden", ["1:S7", "1:C8"])
    assert not [a for a in door.legal_actions(s, "elisabeth") if a["type"] == "recruit"]
    a = _hard(s)
    assert a["type"] == "move" and a["pieces"] == ["sweden_train_1"], a
    while s["flow"][-1]["name"] == "moving" or a["type"] == "move":
        s = act(s, a)
        a = _hard(s)
        if s["flow"][-1]["name"] == "movement":
            break
    assert s["trains"]["sweden_train_1"]["city"] != "stralsund"
    assert a["type"] == "recruit" and a["enter"] == {"ehrensvaerd": "stralsund"}, a


def test_S11_relaxed_victory_hard_sweden_marches_on_its_first_order_objectives_only():
    """§11 ELISABETH: once Russia has left, Sweden wins with its five first-order objectives (Anklam,
    Cammin, Greifenhagen, Malchin, Stettin).  Hard's Sweden then counts only those as targets:
    Ehrensvärd at Prenzlau, Stettin and the second-order Angermünde and Schwedt open around
    him, he heads for Stettin (before, Angermünde on the way to nothing he needs)."""
    s = _sweden_to_move()
    put(s, ehrensvaerd="prenzlau", sweden_train_1="pasewalk", heinrich="magdeburg")
    armies(s, ehrensvaerd=4, heinrich=8)
    hand(s, "sweden", [])
    for c in ("anklam", "cammin", "greifenhagen", "malchin", "neuruppin", "pritzwalk"):
        s["conquered"][c] = "sweden"
    ctx = tuned.TunedCtx(s, "sweden")
    assert "angermuende" in ctx.targets and "schwedt" in ctx.targets
    s["left"].append("russia")
    ctx = tuned.TunedCtx(s, "sweden")
    assert ctx.targets == ["stettin"]
    _, end = easy.move_gain(ctx, s, ["ehrensvaerd"])
    assert ctx.info.graph.dist_from(end)["stettin"] < ctx.info.graph.dist_from("prenzlau")["stettin"], end


def test_S7_hard_sweden_keeps_out_of_reach_of_a_prussian_stack_that_would_beat_it():
    """§3, §7, §10: Sweden draws one card a turn and an army costs 6 points, so Ehrensvärd's four
    armies are its whole war; a Prussian stack that can reach a city next to him in its move (3
    cities) and expects to win attacks.  Ehrensvärd at Malchin, Friedrich + Winterfeldt (16) at
    Neubrandenburg: hard's Sweden ends more than 4 cities from them (it went to Anklam, 2 cities
    from them, to be beaten next turn)."""
    s = _sweden_to_move()
    put(s, ehrensvaerd="malchin", sweden_train_1="stralsund", friedrich="neubrandenburg", winterfeldt="neubrandenburg")
    armies(s, ehrensvaerd=4, friedrich=8, winterfeldt=8)
    hand(s, "sweden", [])
    hand(s, "prussia", ["1:S13", "1:D13", "1:C13", "1:H13"])
    ctx = tuned.TunedCtx(s, "sweden")
    _, end = easy.move_gain(ctx, s, ["ehrensvaerd"])
    assert ctx.info.graph.dist_from(end)["neubrandenburg"] > 4, end


def test_S7_hard_russia_keeps_out_of_reach_of_a_prussian_stack_that_would_beat_it():
    """§7: the side that moves next to the other chooses the battle, its hand in view, and Prussia
    draws 7 cards a turn against Russia's 4.  Saltikov (6) at Nakło, Friedrich + Winterfeldt (16)
    at Woldenberg: hard's Russia ends more than 4 cities from them (it went to Neu Stettin, an
    objective 2 cities from them, to be attacked there)."""
    s = _russia_to_move()
    put(s, saltikov="naklo", russia_train_1="torun", friedrich="woldenberg", winterfeldt="woldenberg")
    armies(s, saltikov=6, friedrich=8, winterfeldt=8)
    hand(s, "prussia", ["1:S13", "1:D13", "1:C13", "1:H13"])
    ctx = tuned.TunedCtx(s, "russia")
    _, end = easy.move_gain(ctx, s, ["saltikov"])
    assert ctx.info.graph.dist_from(end)["woldenberg"] > 4, end


def _prussia_before_the_imperial_sweep() -> dict:
    """The position of a game (4 players, hard Frederick, easy elsewhere) at Prussia's movement
    in turn 6: the Imperials hold 5 of their 10 objectives (Saxony, §12) with one 6-army stack at
    Borna and no Prussian general in Saxony; Prussia's main army (16) at Szamotuły faces the
    Russian 14 at Woldenberg; Austria holds 8 of its 16."""
    s = shipped(4, 1, "prussia")
    clear_map(s)
    hands = {  # the real hands (the others' are only counted in Prussia's view)
        "prussia": "2:H4 2:D3 2:H3 2:D6 3:S6 3:C5 3:H13 3:H3 3:D12 3:C7 3:H7",
        "hanover": "1:H2 2:H2 3:D4",
        "russia": "1:S4 1:S13 1:C11 1:C12 1:D2 2:D4 2:D5 2:C13 2:S12 2:D13 2:C11 3:D11 3:S12 3:D5 3:S9",
        "sweden": "2:C2",
        "austria": "1:C10 1:C4 1:S9 1:S12 1:S10 2:C5 2:D12 2:C8 2:C12 2:H5 2:D8 2:D2 2:S2 2:C10 3:H9 3:C3 3:S13"
        " 3:R1 3:S8",
        "imperial_army": "1:C9 1:H11 2:H6 2:R1 3:H2",
        "france": "1:S7 1:H9 1:H4 1:C7 1:D3 2:H10 2:S9 2:H11 2:S8 2:S4 2:D7 3:C4 3:D9 3:S10",
    }
    for n, cards in hands.items():
        hand(s, n, cards.split())
    where = {
        "friedrich": ("szamotuly", 8),
        "winterfeldt": ("szamotuly", 8),
        "heinrich": ("pritzwalk", 8),
        "keith": ("rosenberg", 1),
        "schwerin": ("rosenberg", 2),
        "dohna": ("berlin", 1),
        "lehwaldt": ("belzig", 1),
        "seydlitz": ("stettin", 1),
        "cumberland": ("uelzen", 1),
        "ferdinand": ("stade", 1),
        "browne": ("oels", 8),
        "karl": ("oels", 8),
        "daun": ("oppeln", 8),
        "lacy": ("oppeln", 1),
        "laudon": ("oppeln", 5),
        "hildburghausen": ("borna", 6),
        "saltikov": ("woldenberg", 8),
        "fermor": ("woldenberg", 6),
        "apraxin": ("lidzbark_warminski", 1),
        "tottleben": ("biskupiec", 1),
        "ehrensvaerd": ("demmin", 2),
        "richelieu": ("hannover", 8),
        "soubise": ("hannover", 8),
        "chevert": ("hannover", 4),
    }
    put(s, **{g: c for g, (c, _) in where.items()})
    armies(s, **{g: n for g, (_, n) in where.items()})
    put(
        s,
        austria_train_1="waldenburg",
        austria_train_2="breslau",
        france_train_1="muenden",
        france_train_2="pyrmont",
        hanover_train_1="braunschweig",
        imperial_army_train_1="erlangen",
        prussia_train_1="frankfurt_oder",
        prussia_train_2="sorau",
        russia_train_1="bydgoszcz",
        russia_train_2="solec",
        sweden_train_1="wismar",
    )
    for c in ("neu_stettin", "ortelsburg", "riesenburg"):
        s["conquered"][c] = "russia"
    for c in ("zittau", "goerlitz", "glatz", "neisse", "bunzlau", "schweidnitz", "breslau", "liegnitz"):
        s["conquered"][c] = "austria"
    for c in ("naumburg", "leipzig", "zwickau", "chemnitz", "rochlitz"):
        s["conquered"][c] = "imperial_army"
    for c in ("goettingen", "hameln"):
        s["conquered"][c] = "france"
    return s


def test_S12_hard_prussia_makes_a_last_stand_where_an_aggressor_nears_victory():
    """§12: an aggressor wins holding every objective of its colour.  The Imperials lack 5 (Torgau,
    Bitterfeld, Meißen, Dresden, Pirna); Lehwaldt's single army, sent to Torgau, is no cover
    against their 6-army stack, so hard also sends Dohna from Berlin to within 3 cities of Torgau
    and Bitterfeld (§5 protection) and keeps the main army from marching away north.  Treating
    every threatened objective alike sent Dohna to Freienwalde and the main army to Piła (and in
    the game the Imperials took Saxony)."""
    s = _prussia_before_the_imperial_sweep()
    info = tuned.TunedCtx(s, "prussia").info
    start = info.graph.dist_from("szamotuly")["torgau"]
    while s["flow"][-1]["name"] in ("movement", "moving") and s["flow"][-1].get("nation") == "prussia":
        s = act(s, _hard(s))
    dohna = info.graph.dist_from(s["generals"]["dohna"]["city"])
    assert dohna["torgau"] <= 3 and dohna["bitterfeld"] <= 3, s["generals"]["dohna"]["city"]
    assert info.graph.dist_from(s["generals"]["friedrich"]["city"])["torgau"] <= start, s["generals"]["friedrich"]


def _russia_at_zlotow(prussian_cards: int) -> dict:
    """The position of an all-hard game at Russia's movement in turn 7 (Prussia's armies hidden
    from Russia, §6, so estimated from its public total): the Saltikov-Fermor stack (9) at Złotów,
    Heinrich and Seydlitz (13) at Woldenberg; Russia holds Königsberg, Ortelsburg, Rastenburg,
    Neu Stettin and Colberg and 17 cards; Prussia `prussian_cards` cards."""
    s = _russia_to_move()
    hand(
        s,
        "russia",
        "1:S2 1:D8 2:D4 2:S5 2:D9 2:H4 2:S6 2:H8 3:D3 3:H7 3:H8 3:S10 3:S3 4:H5 4:C3 4:S4 4:D3".split(),
    )
    prussia = "1:D3 2:D2 2:C7 2:D10 2:C8 3:D8 3:C6 3:D6 3:D5 3:D10 3:S9 3:C4 3:D12 3:D9 3:S7 3:S12 1:H2 1:H3"
    hand(s, "prussia", prussia.split()[:prussian_cards])
    where = {
        "saltikov": ("zlotow", 8),
        "fermor": ("zlotow", 1),
        "apraxin": ("mohrungen", 4),
        "tottleben": ("mohrungen", 3),
        "heinrich": ("woldenberg", 8),
        "seydlitz": ("woldenberg", 5),
        "friedrich": ("halle", 8),
        "winterfeldt": ("halle", 8),
        "lehwaldt": ("halle", 1),
        "keith": ("reppen", 1),
        "schwerin": ("berlin", 1),
        "ehrensvaerd": ("drossen", 4),
        "cumberland": ("stade", 1),
        "ferdinand": ("soltau", 2),
        "browne": ("glogau", 8),
        "daun": ("glogau", 8),
        "karl": ("glogau", 8),
        "laudon": ("breslau", 5),
        "lacy": ("breslau", 1),
        "hildburghausen": ("hildburghausen", 1),
        "richelieu": ("celle", 8),
        "chevert": ("celle", 4),
        "soubise": ("braunschweig", 8),
    }
    put(s, **{g: c for g, (c, _) in where.items()}, russia_train_1="solec", russia_train_2="fordon")
    armies(s, **{g: n for g, (_, n) in where.items()})
    for c in ("koenigsberg", "ortelsburg", "rastenburg", "neu_stettin", "colberg"):
        s["conquered"][c] = "russia"
    return s


def test_S7_hard_russia_holding_the_bigger_hand_stands_within_reach_of_prussia():
    """§7: the side that moves next to the other chooses the battle, and a battle's cards go on
    while a side can answer, so Russia keeps out of reach of a Prussian stack that expects to beat
    it only while Prussia holds at least as many cards (hand sizes are public, §3).  Heinrich and
    Seydlitz (13) at Woldenberg, Russia's 9 at Złotów: holding 17 cards against Prussia's 16 hard
    marches on to Neu Stettin, within their reach; against 18 it stays out of it."""
    info = tuned.TunedCtx(_russia_at_zlotow(16), "russia").info
    reach = T.GENERAL_RANGE + 1

    def end(prussian_cards: int) -> str:
        s = _russia_at_zlotow(prussian_cards)
        while s["flow"][-1]["name"] in ("movement", "moving") and s["flow"][-1].get("nation") == "russia":
            s = act(s, _hard(s))
        return s["generals"]["saltikov"]["city"]

    bold, wary = end(16), end(18)
    assert info.graph.dist_from(bold)["woldenberg"] <= reach, bold
    assert info.graph.dist_from(wary)["woldenberg"] > reach, wary


def _prussia_facing_three_aggressors() -> dict:
    """The position of an all-hard game at Prussia's movement in turn 8: the Imperials lack 6
    objectives (Saxony), Russia 6 (Pomerania, the Neumark), France 5 (Magdeburg, Halberstadt and
    three of Hanover's); Friedrich and Winterfeldt (16) at Meißen, Heinrich (8) at Brandenburg."""
    s = shipped(4, 1, "prussia")
    clear_map(s)
    hands = {
        "prussia": "1:H2 1:H4 1:H7 1:H5 2:H3 2:H7 2:H6 3:H7 3:C4 3:C8 3:H5 4:H2 4:C9 4:C2 4:D2",
        "hanover": "1:D3 2:S2 3:C5",
        "russia": "1:S9 1:S2 1:S6 1:D9 2:D3 2:H11 2:S6 2:C2 2:D11 2:C3 3:H13 3:S9 3:D8 3:C2 3:H3 3:R2 3:C12 3:C9"
        " 4:H8 4:D3 4:D12 4:H3",
        "sweden": "2:S9 3:H9",
        "austria": "1:H3 1:H10 1:H9 2:H2 2:R1 2:C8 2:H4 3:H8 3:H6 3:C7 3:H10 3:H12 3:C3 4:S4 4:S8 4:S7 4:C8 4:C12",
        "imperial_army": "1:C6 3:S7 4:H5",
        "france": "1:R2 1:D13 1:C9 1:S11 1:H12 2:R2 2:C7 2:D9 2:C11 2:D4 2:H5 3:D4 3:H4 3:D12 3:C10 3:H11 3:S13"
        " 4:S11 4:S12 4:H12",
    }
    for n, cards in hands.items():
        hand(s, n, cards.split())
    where = {
        "friedrich": ("meissen", 8),
        "winterfeldt": ("meissen", 8),
        "heinrich": ("brandenburg", 8),
        "schwerin": ("steinau", 4),
        "keith": ("berlin", 1),
        "dohna": ("finsterwalde", 1),
        "lehwaldt": ("borna", 1),
        "seydlitz": ("borna", 1),
        "chevert": ("fallingbostel", 4),
        "richelieu": ("fallingbostel", 8),
        "soubise": ("winsen", 8),
        "apraxin": ("pelplin", 4),
        "tottleben": ("pelplin", 3),
        "saltikov": ("naklo", 8),
        "fermor": ("naklo", 1),
        "ehrensvaerd": ("anklam", 4),
        "browne": ("goerlitz", 8),
        "karl": ("goerlitz", 8),
        "daun": ("ohlau", 8),
        "lacy": ("ohlau", 1),
        "laudon": ("oels", 5),
        "hildburghausen": ("oelsnitz", 6),
    }
    put(s, **{g: c for g, (c, _) in where.items()})
    armies(s, **{g: n for g, (_, n) in where.items()})
    put(
        s,
        austria_train_1="glatz",
        austria_train_2="lauban",
        france_train_1="hameln",
        france_train_2="hildesheim",
        hanover_train_1="braunschweig",
        imperial_army_train_1="erlangen",
        prussia_train_1="torgau",
        prussia_train_2="wurzen",
        russia_train_1="fordon",
        russia_train_2="deutsch_eylau",
        sweden_train_1="wismar",
    )
    for c in ("koenigsberg", "ortelsburg", "rastenburg", "riesenburg"):
        s["conquered"][c] = "russia"
    for c in ("bunzlau", "goerlitz", "cosel", "muskau", "brieg", "lublinitz", "oels", "zittau"):
        s["conquered"][c] = "austria"
    for c in ("leipzig", "zwickau", "chemnitz", "rochlitz"):
        s["conquered"][c] = "imperial_army"
    for c in ("kassel", "hameln", "goettingen", "hannover", "minden"):
        s["conquered"][c] = "france"
    return s


def test_S11_hard_prussia_makes_its_last_stand_against_the_aggressors_that_never_leave():
    """§11: Russia, Sweden and France each leave the war on a Card of Fate, and Frederick wins
    once all three have left; Austria and the Imperials never leave.  Time fights the first three
    for Prussia, so hard's last stand (§12: an aggressor lacking at most 6 objectives) is made
    against Austria and the Imperials only: here against the Imperials' 6 Saxon objectives, not
    Russia's 6 nor France's 5.  The main army stays on Meißen, in Saxony; standing against every
    aggressor alike it marched west to Döbeln, towards France's Magdeburg and Halberstadt."""
    s = _prussia_facing_three_aggressors()
    info = tuned.TunedCtx(s, "prussia").info
    stand = tuned.last_stand(s, info, "prussia")
    assert set(stand) == {"bitterfeld", "dresden", "meissen", "naumburg", "pirna", "torgau"}, stand
    while s["flow"][-1]["name"] in ("movement", "moving") and s["flow"][-1].get("nation") == "prussia":
        s = act(s, _hard(s))
    assert s["generals"]["friedrich"]["city"] == "meissen", s["generals"]["friedrich"]
