"""The board's supply foresight (issue "see the war"): for every destination of a general, the
engine's outlook (maria.games.maria.rules.door.supply_outlook) is what the supply check of R9 finds with the
general standing there and the rest of the board as it stands — in random positions of both
variants."""

from __future__ import annotations

import pytest

from maria.lab import selfplay
from maria.games.maria.rules import door
from maria.engine import rng
from maria.games.maria.rules.state import board_info, copy_state, set_general_city, set_train_city
from maria.games.maria.rules.supply import supply_status


@pytest.mark.parametrize("variant,players", [("intro", 3), ("intro", 2), ("advanced", 3), ("advanced", 2)])
def test_R9_supply_outlook_agrees_with_the_supply_check_at_each_destination(variant, players):
    checked = 0
    for seed in range(2):
        st = door.new_game(variant, players, seed)
        ch = {"rng": rng.seed_state(seed)}
        for step in range(400):
            if door.is_over(st):
                break
            role = door.active_roles(st)[0]
            if step % 80 == 79:  # a position: every general of the role
                info = board_info(st)
                for gid, g in st["generals"].items():
                    if not g["in_play"] or not g["city"] or g["power"] not in st["roles"][role]:
                        continue
                    cities = sorted(c for c in info.playable if not st["city_generals"].get(c))[::13]
                    out = door.supply_outlook(st, role, gid, cities)
                    for c in cities:
                        moved = copy_state(st)
                        set_general_city(moved, gid, c)
                        status, n = supply_status(moved, info, gid)
                        o = out[c]
                        assert o["status"] == status, (variant, seed, gid, c)
                        assert o["tax"] == (n if status == "tax" else 0)
                        assert o["loss"] == ((1 if g["face_up"] else 2) if status == "none" else 0)
                        checked += 1
            a = selfplay.random_action(st, role, ch)
            if a["type"] != "undo":
                st = door.apply(st, role, a)
    assert checked > 40


def test_R9_supply_outlook_is_only_for_the_roles_own_generals():
    st = door.new_game("intro", 3, 1)
    assert door.supply_outlook(st, "maria_theresa", "belle_isle", ["pilsen"]) == {}
    assert door.supply_outlook(st, "louis_xv", "belle_isle", ["pilsen"])["pilsen"]["status"] == "none"


def _random_position(variant: str, seed: int, steps: int = 150) -> dict:
    """A 3-player position some way into a seeded random game."""
    st = door.new_game(variant, 3, seed)
    ch = {"rng": rng.seed_state(seed)}
    for _ in range(steps):
        role = door.active_roles(st)[0]
        a = selfplay.random_action(st, role, ch)
        if a["type"] != "undo":
            st = door.apply(st, role, a)
    return st


@pytest.mark.parametrize("variant", ["intro", "advanced"])
def test_R9_3_the_supply_map_is_the_supply_check(variant):
    """A city is in a power's range exactly when one of its generals standing there (outside his
    home country) reaches a train of his own within 6 cities, enemy pieces blocking (R9.3, R9.6)."""
    st = _random_position(variant, 2)
    info = board_info(st)
    m = door.supply_map(st)
    checked = 0
    for gid, g in st["generals"].items():
        if not g["in_play"] or not g["city"] or g["power"] not in m["ranges"] or gid == "arenberg":
            continue
        rng_cities = set(m["ranges"][g["power"]])
        for c in sorted(info.playable)[::9]:
            if st["city_generals"].get(c) or st["city_train"].get(c) or info.home_of(c) == g["power"]:
                continue
            status, _ = supply_status(st, info, gid, at=c)
            if variant == "intro":  # (advanced: neutral territory may also block)
                assert (status != "none") == (c in rng_cities), (gid, c, status)
            elif status != "none":
                assert c in rng_cities, (gid, c, status)
            checked += 1
    assert checked > 20
    assert set(m["out_of_supply"]) == {
        gid
        for gid, g in st["generals"].items()
        if g["in_play"] and g["city"] in info.playable and supply_status(st, info, gid)[0] == "none"
    }


def test_R9_3_a_train_moved_away_says_which_generals_it_stops_supplying():
    st = _random_position("intro", 2)
    info = board_info(st)
    checked = 0
    for tid, t in st["trains"].items():
        if not t["in_play"] or t["city"] not in info.playable:
            continue
        role = next(r for r, ps in st["roles"].items() if t["power"] in ps)
        for c in sorted(info.playable)[::25]:
            if st["city_generals"].get(c) or st["city_train"].get(c):
                continue
            lost = door.train_outlook(st, role, tid, c)
            moved = copy_state(st)

            set_train_city(moved, tid, c)
            for gid, g in st["generals"].items():
                if g["power"] != t["power"] or not g["in_play"] or g["city"] not in info.playable:
                    continue
                was = supply_status(st, info, gid)[0] != "none"
                now = supply_status(moved, info, gid)[0] != "none"
                assert (gid in lost) == (was and not now)
                checked += 1
    assert checked > 20
