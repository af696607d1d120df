"""The board's supply foresight (issue "see the war"): for every destination of a general, the
engine's outlook (maria.rules.door.supply_outlook) is what the supply check of R9 finds with the
general standing there and the rest of the board as it stands — in random positions of both
variants."""

from __future__ import annotations

import pytest

from maria.analysis import selfplay
from maria.rules import door, rng
from maria.rules.state import board_info, copy_state, set_general_city
from maria.rules.supply import supply_status


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
            if step % 80 == 79:                       # a position: every general of the role
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
