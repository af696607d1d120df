"""Random-play fuzzing through the door (seeded) on the REAL board: invariants after every action.

A failing game writes its seed and the [role, action] list to a YAML file under the pytest tmp dir
and prints the path, so the game can be replayed through door.apply.
"""

from __future__ import annotations

import collections

import pytest
import yaml

from maria.games.maria.rules import active_roles, cards, legal_actions, view
from maria.games.maria.rules import roles as R
from tests import testboard
from maria.lab.selfplay import play_random_game
from maria.games.maria.invariants import check_state
from tests import yamlc

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
MAX_ACTIONS = 5000  # no runaway: a real-board game takes ~300-900 actions


def _roundtrip(state):
    assert yaml.load(yaml.dump(state, Dumper=DUMPER), Loader=LOADER) == state


def check_views(state):
    """No role (nor the observer) sees another role's hand, troop allocation or the deck order."""
    hands = state["cards"]["hands"]
    for role in list(state["roles"]) + [R.OBSERVER]:
        mine = set(state["roles"].get(role, []))
        v = view(state, role)
        for p, h in v["hands"].items():
            assert isinstance(h, list) == (p in mine), (role, p)
        for gid, g in v["generals"].items():
            real = state["generals"][gid]
            if real["power"] not in mine:
                assert g["troops"] in (None, real["known"]), (role, gid)
        assert isinstance(v["draw_deck"], int)
        text = repr({k: x for k, x in v.items() if k != "log"})
        for p, h in hands.items():
            if p not in mine:
                public = state["cards"].get("known", {}).get(p, [])  # everybody saw these go in
                for c in h:
                    if c not in public:
                        assert repr(c) not in text, (role, p, c)


def check(state, n):
    assert cards.total_cards(state) == 4 * 38  # card conservation (R8.6)
    per_city = {}
    for gid, g in state["generals"].items():
        if g["in_play"] and g["city"] is not None:
            if state["flow"][-1]["name"] != "allocation":
                assert 1 <= g["troops"] <= 8, gid  # R6.3
            per_city.setdefault(g["city"], []).append(g)
    for city, gens in per_city.items():
        assert len(gens) <= 2  # R6.1
        if state["flow"][-1]["name"] != "allocation":
            assert 2 <= sum(g["troops"] for g in gens) <= 16 or len(gens) == 1  # R6.4
        if len(gens) == 2:
            assert R.cooperating(state, gens[0]["power"], gens[1]["power"])
        assert city not in state["city_train"]  # a train never shares a city
    trains = [t["city"] for t in state["trains"].values() if t["city"] and not t["city"].startswith("box:")]
    assert len(trains) == len(set(trains))
    if state["result"] is None:  # no dead end
        roles = active_roles(state)
        assert roles and all(legal_actions(state, r) for r in roles)
    if n % 7 == 0:
        check_views(state)
    if n % 40 == 0:
        assert check_state(state) == []


def run_games(seeds, players, tmp_path, board=None, stats=None):
    for seed in seeds:
        trace, count = [], [0]

        at = 20 + (seed * 7919) % 400  # YAML round trip at a random step

        def chk(s):
            count[0] += 1
            check(s, count[0])
            if count[0] == at:
                _roundtrip(s)

        try:
            summary = play_random_game(seed, players, board=board, check=chk, trace=trace, max_actions=MAX_ACTIONS)
            assert summary["result"] is not None
            if seed % 10 == 0:
                _roundtrip(summary["state"])
        except Exception:
            path = tmp_path / f"fuzz_failure_{players}p_seed{seed}.yaml"
            path.write_text(
                yamlc.dump(
                    {
                        "seed": seed,
                        "players": players,
                        "board": "real" if board is None else "synthetic",
                        "actions": trace,
                    }
                )
            )
            print(f"FUZZ FAILURE: seed {seed}, {players} players; actions written to {path}")
            raise
        if stats is not None:
            for k, v in summary["stats"].items():
                stats[k] += v
            stats["victory " + summary["victory"]] += 1


COVERED = (
    "combats",
    "retreats",
    "conquests",
    "winter_reentries",
    "retroactive_conquests",
    "hussar_taxes",
    "generals_removed",
)


# Per player count, a seed whose game alone reaches every path of COVERED (3 players: 10, 2 players:
# 11) and a second game (3 players: 6, the first that ends in an instant victory); further seeds
# only if a path is still missing
FIRST = {3: [10, 6], 2: [11, 1]}


@pytest.mark.parametrize("players", [3, 2])
def test_fuzz_real_board_until_every_rule_path_is_met(players, tmp_path):
    """Two random games, and on until the purposeful random player has reached every rule path
    that matters (at most 100 games; the 100-game run and longer ones: --runslow)."""
    stats = collections.Counter()
    run_games(FIRST[players], players, tmp_path, stats=stats)
    more = iter(s for s in range(100) if s not in FIRST[players])
    while not all(stats[k] for k in COVERED):
        seed = next(more, None)
        assert seed is not None, {k: stats[k] for k in COVERED}
        run_games([seed], players, tmp_path, stats=stats)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 2])
def test_fuzz_real_board_100_games_each(players, tmp_path):
    stats = collections.Counter()
    run_games(range(100), players, tmp_path, stats=stats)
    # the purposeful random player reaches the rule paths that matter
    assert all(stats[k] for k in COVERED), stats


SYNTHETIC_PATHS = (
    "combats",
    "retreats",
    "no_retreat_eliminations",
    "generals_removed",
    "conquests",
    "retroactive_conquests",
    "question_marks",
    "hussar_taxes",
    "out_of_supply",
    "winter_reentries",
    "train_reentries",
    "trains_eliminated",
    "recruitments",
    "transfers",
    "commanders_chosen",
)


def test_fuzz_synthetic_board_short_run(tmp_path):
    """Three games on the synthetic board whose seeds reach every path above between them (3
    players: 1 and 4, the only hussar tax of the first six; 2 players: 0, a game without a winner)."""
    board = testboard.build()
    stats = collections.Counter()
    run_games([1, 4], 3, tmp_path, board=board, stats=stats)
    run_games([0], 2, tmp_path, board=board, stats=stats)
    assert all(stats[k] for k in SYNTHETIC_PATHS), {k: stats[k] for k in SYNTHETIC_PATHS}
    assert stats["victory None:turn9"] and stats["victory maria_theresa:turn9"], stats


def test_fuzz_same_seed_same_game():
    a = play_random_game(3, 3)
    b = play_random_game(3, 3)
    assert a["state"] == b["state"] and a["actions_list"] == b["actions_list"]


def test_fuzz_some_instant_victories_occur():
    """Within 40 random games, at least one attacker wins at once (R14); stops at the first."""
    wins = collections.Counter()
    for s in [6, *range(40)]:  # seed 6 is the first game with an instant victory
        wins[play_random_game(s, 3)["victory"]] += 1
        if wins["frederick:instant"] + wins["louis_xv:instant"]:
            break
    assert wins["frederick:instant"] + wins["louis_xv:instant"] >= 1, wins


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 2])
def test_fuzz_real_board_long_run(players, tmp_path):
    run_games(range(1000, 2000), players, tmp_path)
