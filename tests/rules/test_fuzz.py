"""Random-play fuzzing through the door (seeded): invariants after every action."""

import pytest
import yaml

from maria.rules import cards, view
from maria.rules import roles as R
from maria.rules import testboard
from maria.rules.selfplay import play_random_game

BOARD = testboard.build()
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def check(state):
    assert cards.total_cards(state) == 4 * 38                       # card conservation
    per_city = {}
    for gid, g in state["generals"].items():
        if g["in_play"] and g["city"] is not None:
            if state["flow"][-1]["name"] != "allocation":
                assert 1 <= g["troops"] <= 8, gid                        # R6.3
            per_city.setdefault(g["city"], []).append(g)
    for city, gens in per_city.items():
        assert len(gens) <= 2                                        # R6.1
        assert sum(g["troops"] for g in gens) <= 16                  # R6.4
        if len(gens) == 2:
            assert R.cooperating(state, gens[0]["power"], gens[1]["power"])
        assert city not in state["city_train"]                       # a train never shares a city
    trains = [t["city"] for t in state["trains"].values() if t["city"] and not t["city"].startswith("box:")]
    assert len(trains) == len(set(trains))
    if len(state["log"]) % 5:
        return
    for role in state["roles"]:
        v = view(state, role)
        for p, h in v["hands"].items():
            assert isinstance(h, list) == (p in state["roles"][role])


@pytest.mark.parametrize("players", [3, 2])
def test_fuzz_random_games_keep_invariants(players):
    games = 36 if players == 3 else 16
    for seed in range(games):
        last = {}

        def chk(s):
            check(s)
            last["s"] = s
        summary = play_random_game(seed, players, board=BOARD, check=chk)
        assert summary["result"] is not None
        s = summary["state"]
        assert yaml.load(yaml.safe_dump(s), Loader=LOADER) == s      # YAML round trip


def test_fuzz_same_seed_same_game():
    a = play_random_game(3, 3, board=BOARD)
    b = play_random_game(3, 3, board=BOARD)
    assert a["state"] == b["state"] and a["actions"] == b["actions"]
