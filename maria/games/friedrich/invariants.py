"""FRIEDRICH's rules invariants, checked after every action by the fuzzer and `python -m maria
check-save` (§6: 1-8 armies per general on the map, stacks of at most 3 of one nation, nation totals
within the starting numbers; 200 cards; every role's view hides the other nations' hands and army
allocations)."""

from __future__ import annotations

from maria.games.friedrich.rules import advanced, door
from maria.games.friedrich.rules.state import info_of


def check_invariants(s: dict) -> None:
    caps = info_of(s).board.armies
    if not s["allocated"]:  # the sheets are being filled in
        return
    totals: dict[str, int] = {}
    for gid, g in s["generals"].items():
        if g["city"] is None:
            assert g["armies"] == 0, gid
        else:
            assert 1 <= g["armies"] <= 8, (gid, g["armies"])
            totals[g["nation"]] = totals.get(g["nation"], 0) + g["armies"]
    for n, t in totals.items():
        assert t <= caps[n], (n, t)
    for city, gs in s["city_generals"].items():
        assert len(gs) <= 3 and len({s["generals"][g]["nation"] for g in gs}) == 1, city
        assert city not in s["city_train"], city
    for n in s["left"]:
        assert all(g["city"] is None for g in s["generals"].values() if g["nation"] == n)
    cards = s["cards"]
    n_cards = (
        len(cards["draw"])
        + sum(len(d) for d in cards["aside"])
        + sum(len(d) for d in cards["discards"].values())
        + sum(len(h) for h in cards["hands"].values())
        + advanced.check_cards(s)
    )  # §13: the OO card laid out face-up
    assert n_cards == 200


def check_views(s: dict) -> None:
    for role in s["roles"]:
        v = door.view(s, role)
        mine = set(s["roles"][role])
        assert set(v["cards"]["hands"]) <= mine
        for gid, g in v["generals"].items():
            assert (g["armies"] is None) == (g["nation"] not in mine), gid
