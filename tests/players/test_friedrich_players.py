"""FRIEDRICH's computer players: every level answers every kind of
decision with a legal action, decides from its role's view only (the hidden hands and army
allocations of the other nations change nothing), the easy set-up concentrates the armies
(§6), and whole games between computer players end (§12)."""

from __future__ import annotations

import random

import pytest

from maria.lab.friedrich_selfplay import random_step
from maria.engine.state import copy_state
from maria.games.friedrich.rules import door
from maria.players.friedrich import EXTRA_LEVELS, LEVELS, decide, make_player
from maria.players.friedrich.resample import resample
from maria.players.friedrich.tournament import play_game


def _positions(players: int, seed: int, steps: int, every: int) -> list[dict]:
    """Positions of a random game where some role must decide."""
    s = door.new_game(players, seed)
    rnd = random.Random(seed)
    out = []
    for i in range(steps):
        if s["result"] is not None:
            break
        if i % every == 0 or s["flow"][-1]["name"] in ("combat", "duel", "retreat", "fate_choice"):
            out.append(s)
        s = random_step(s, rnd)
    return out


_CACHE: dict = {}


def positions() -> list[dict]:
    if "p" not in _CACHE:
        _CACHE["p"] = _positions(4, 21, 700, 4) + _positions(3, 22, 500, 4)
    return _CACHE["p"]


def _legal_for(state: dict, role: str, action: dict) -> None:
    door.apply(state, role, action)  # IllegalAction (with its reason) if not legal


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_fast_levels_return_a_legal_action_in_every_kind_of_decision(level):
    kinds = set()
    for i, s in enumerate(positions()):
        for role in door.active_roles(s):
            p = make_player(level, i)
            _legal_for(s, role, decide(s, role, p))
            kinds.add(s["flow"][-1]["name"])
    assert {"allocation", "tc", "movement", "moving", "combat", "duel"} <= kinds, kinds
    assert len(positions()) >= 250


@pytest.mark.parametrize("level", ["normal-search", "hard-search"])
def test_searching_levels_return_a_legal_action_in_every_kind_of_decision(level):
    kinds = set()
    searched = 0
    for i, s in enumerate(positions()):
        name = s["flow"][-1]["name"]
        if name == "movement":
            # the searched decision (about 0.1-2 s each): a few of them, the rest are the rules of thumb's
            if searched >= (3 if level == "hard-search" else 6) or i % 5:
                continue
            searched += 1
        for role in door.active_roles(s):
            _legal_for(s, role, decide(s, role, make_player(level, i)))
            kinds.add(name)
    assert {"allocation", "tc", "movement", "moving", "combat", "duel"} <= kinds, kinds


def _hide_differently(s: dict, role: str, seed: int) -> dict:
    """The same position with other hidden information: the other nations' hands dealt again
    from their cards and the draw pile, and their armies split again over their generals."""
    t = copy_state(s)
    rnd = random.Random(seed)
    mine = set(s["roles"][role])
    others = [n for n in t["cards"]["hands"] if n not in mine]
    pool = list(t["cards"]["draw"]) + [c for n in others for c in t["cards"]["hands"][n]]
    rnd.shuffle(pool)
    for n in others:
        k = len(t["cards"]["hands"][n])
        t["cards"]["hands"][n], pool = pool[:k], pool[k:]
    t["cards"]["draw"] = pool
    for n in {g["nation"] for g in t["generals"].values()} - mine:
        on = sorted(g for g, p in t["generals"].items() if p["nation"] == n and p["city"] is not None)
        total = sum(t["generals"][g]["armies"] for g in on)
        if len(on) < 2:
            continue
        counts = [1] * len(on)
        for _ in range(total - len(on)):
            counts[rnd.choice([i for i in range(len(on)) if counts[i] < 8])] += 1
        for g, v in zip(on, counts):
            t["generals"][g]["armies"] = v
    return t


def _player(level: str):
    p = make_player(level, 7)
    if hasattr(p, "cap"):
        p.cap = None  # the count budget alone (the wall-clock ceiling binds only on a busy machine)
    return p


def test_a_decision_depends_only_on_the_role_s_view():
    """Two states equal in the role's view but with other hidden hands and allocations: the same
    decision, for every level and the same seed (the search resamples what it cannot see)."""
    quota = {"movement": 3, "moving": 5, "duel": 5, "combat": 3}
    done = {k: 0 for k in quota}
    for i, s in enumerate(positions()):
        name = s["flow"][-1]["name"]
        if done.get(name, 99) >= quota.get(name, 0):
            continue
        role = door.active_roles(s)[0]
        t = _hide_differently(s, role, i)
        if all(s["cards"]["hands"][n] == t["cards"]["hands"][n] for n in s["cards"]["hands"]) and all(
            s["generals"][g]["armies"] == t["generals"][g]["armies"] for g in s["generals"]
        ):
            continue  # nothing hidden differs yet
        assert door.view(s, role) == door.view(t, role)
        # hard-search searches the movement phase (about 1-2 s a decision): once; the others every time
        levels = LEVELS + EXTRA_LEVELS if name != "movement" or done["movement"] == 0 else LEVELS
        for level in levels:
            assert decide(s, role, _player(level)) == decide(t, role, _player(level)), (level, name)
        done[name] += 1
    assert done["movement"] >= 2 and done["moving"] >= 3 and done["duel"] >= 2, done


def test_resampled_states_look_the_same_from_the_role_s_seat():
    for i, s in enumerate(positions()[::15]):
        for role in s["roles"]:
            v = door.view(s, role)
            w = resample(v, role, i)
            assert door.view(w, role) == v
            assert (
                sum(g["armies"] for g in w["generals"].values() if g["nation"] == "prussia" and g["city"])
                == v["army_totals"]["prussia"]
            )


def test_easy_allocation_is_legal_and_concentrated_on_the_highest_ranks():
    """§6: 1-8 per general, the nation's whole total; the easy player fills the stack leaders
    (highest rank) first."""
    s = door.new_game(4, 3)
    p = make_player("easy", 0)
    while s["flow"][-1]["name"] == "allocation":
        role = door.active_roles(s)[0]
        a = decide(s, role, p)
        assert a["type"] == "allocate"
        ranked = sorted(a["armies"], key=lambda g: s["generals"][g]["rank"])
        counts = [a["armies"][g] for g in ranked]
        assert counts == sorted(counts, reverse=True)
        assert counts[0] == min(8, sum(counts) - (len(counts) - 1))
        s = door.apply(s, role, a)
    assert s["allocated"]
    for g in s["generals"].values():
        assert 1 <= g["armies"] <= 8


def test_whole_game_between_easy_players_ends_without_error():
    s = play_game(3, 4, {"frederick": "easy", "elisabeth_pompadour": "easy", "maria_theresa": "easy"})
    assert s["result"]["winners"]
    assert s["turn"] <= 24


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_player("grandmaster")


def test_hard_out_of_time_keeps_the_rules_of_thumb_move():
    """The wall-clock ceiling: with no time left only the first candidate, the rules of thumb's
    own move, is judged, so it is the one played (never an untried candidate)."""
    from maria.players.friedrich import easy

    n = 0
    for s in positions():
        if s["flow"][-1]["name"] != "movement" or s["turn"] < 2:
            continue
        role = door.active_roles(s)[0]
        hard = make_player("hard-search", 3)
        hard.cap = 0.0
        v = door.view(s, role)
        legal = door.legal_actions(s, role)
        assert hard.choose(v, legal, role) == easy.choose(v, legal, role)
        n += 1
        if n == 6:
            break
    assert n == 6


def _rare_positions() -> list[dict]:
    """Decisions random early play seldom reaches, set up on the rules tests' small board: a
    retreat (§8, the winner chooses) and two Fate choices (§11 cards 6 and 8)."""
    from tests.friedrich.conftest import act, armies, clear_map, put
    from tests.friedrich.test_combat import _fritz_attacks_saltikov
    from tests.friedrich.test_fate_cards import _draw

    s = _fritz_attacks_saltikov(5, 6, ["1:S4"])
    s = act(s, {"type": "play_card", "card": "1:S4"})
    retreat = act(s, {"type": "stop"}, "elisabeth")
    laudon = _draw("6", lambda s: (clear_map(s), put(s, laudon="b5", daun="b5")))
    army = _draw(
        "8",
        lambda s: (
            clear_map(s),
            put(s, fritz="b1", heinrich="b2"),
            armies(s, fritz=3, heinrich=2, keith=0, lehwaldt=0),
        ),
    )
    return [retreat, laudon, army]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_retreats_and_fate_choices_legally(level):
    kinds = []
    for s in _rare_positions():
        kinds.append(s["flow"][-1]["name"])
        for role in door.active_roles(s):
            _legal_for(s, role, decide(s, role, make_player(level, 1)))
    assert kinds == ["retreat", "fate_choice", "fate_choice"]


def test_F10_easy_brings_back_one_piece_when_every_depot_is_lost():
    """§10: with every depot lost, pieces come back on the one substitute city, so a recruitment
    brings back one piece at most (the engine refuses two substitute cities)."""
    from maria.games.friedrich.rules import door as fdoor
    from maria.games.friedrich.rules import tables as T
    from maria.players.friedrich.easy import recruitment

    s = fdoor.new_game(4, 1)
    gens = sorted(g for g, p in s["generals"].items() if p["nation"] == "austria")[:2]
    for g in gens:
        s["generals"][g]["city"] = None
    s["cards"]["hands"]["austria"] = [c for c in s["cards"]["draw"] if not c.endswith("R")][:6]
    for price, most in ((T.PRICE_DEPOTS_LOST, 1), (T.ARMY_PRICE, 2)):
        action = {
            "type": "recruit",
            "nation": "austria",
            "armies": "choose",
            "enter": "choose",
            "cards": "choose",
            "price": price,
            "room": 10,
            "generals": {},
            "entry": {g: ["x1", "x2", "x3"] for g in gens},
        }
        got = recruitment(s, action, keep=0)
        assert got is not None and len(got["enter"]) == most, (price, got)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_tuned_decision_depends_only_on_the_role_s_view(level):
    """The normal and hard levels' own path (tuned.py: open and protected objectives, the
    protectors, the battle margins with hidden hands and allocations estimated): the same decision
    in two states equal in the role's view, over many movement-phase decisions."""
    done = 0
    for i, s in enumerate(positions()):
        if s["flow"][-1]["name"] not in ("movement", "moving", "combat"):
            continue
        role = door.active_roles(s)[0]
        t = _hide_differently(s, role, i)
        assert door.view(s, role) == door.view(t, role)
        assert decide(s, role, make_player(level, 1)) == decide(t, role, make_player(level, 1)), i
        done += 1
    assert done >= 40, done


def test_S5_hard_values_moving_through_an_open_objective_above_a_protected_one():
    """§5: moving through an objective of one's colour conquers it only when no defender general
    stands within 3 cities; the hard level scores the open one far higher and counts the
    protector as a target of battle."""
    from maria.games.friedrich.rules.state import info_of
    from maria.players.friedrich.tuned import OPEN_BONUS, TunedCtx
    from tests.friedrich.conftest import clear_map, put

    s = door.new_game(4, 1)
    while s["flow"][-1]["name"] == "allocation":
        role = door.active_roles(s)[0]
        s = door.apply(s, role, decide(s, role, make_player("easy", 0)))
    info = info_of(s)
    aus = sorted(g for g, p in s["generals"].items() if p["nation"] == "austria")[0]
    pru = sorted(g for g, p in s["generals"].items() if p["nation"] == "prussia")[0]
    target = info.board.objectives_of("austria")[0]
    before, beyond = sorted(info.graph.nbrs[target])[:2]
    d = info.graph.dist_from(target)
    d_beyond, d_before = info.graph.dist_from(beyond), info.graph.dist_from(before)
    guard = sorted(c for c in d if d[c] == 3 and d_beyond.get(c, 99) > 2 and d_before.get(c, 99) > 2)[0]
    clear_map(s, keep=())
    put(s, **{aus: before})
    path = [before, target, beyond]
    open_ctx = TunedCtx(s, "austria")
    assert target in open_ctx.open
    open_score = open_ctx.general_score(beyond, before, 5, path, set())
    put(s, **{pru: guard})
    prot_ctx = TunedCtx(s, "austria")
    assert target not in prot_ctx.open and guard in prot_ctx.protector_cities
    prot_score = prot_ctx.general_score(beyond, before, 5, path, set())
    assert open_score - prot_score >= OPEN_BONUS / 2, (open_score, prot_score)
