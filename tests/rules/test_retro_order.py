"""R12.1: the order in which the '?' fortresses are checked changes nothing (RUL-A37), also with an
empty pool (R23.2, RUL-A04) and a Rhine electorate among them (R10.16b, R16.4)."""

from __future__ import annotations

import copy

from maria.games.maria.rules import conquest, flow
from maria.games.maria.rules.advanced import markers as A
from maria.games.maria.rules.state import board_info, rebuild_index
from tests.rules.test_advanced import adv_game

FLANDERS_DEFENDERS = ("arenberg", "george", "cumberland", "stair")


def _position():
    """France's '?' on four Austrian fortresses of the Netherlands and Trier (an Austrian Rhine
    electorate), its pool holding one marker when they were placed, every protector gone."""
    s = adv_game()
    for gid in FLANDERS_DEFENDERS:
        s["generals"][gid]["city"] = None
    rebuild_index(s)
    s["adv"]["overflow"]["france"] = 0
    moved = s["adv"]["pools"]["france"] - 1
    s["adv"]["pools"]["france"] = 1
    s["adv"]["set_aside"]["france"] += moved  # conservation: the markers are elsewhere
    for city in ("bruessel", "mons", "namur", "trier", "antwerpen"):
        A.place_qmark(s, "france", city)
    s["flow"].append({"name": "retro_phase"})
    return s


def test_R12_1_the_order_of_the_question_mark_checks_changes_nothing(monkeypatch):
    s = _position()
    assert s["adv"]["pools"]["france"] == 0 and s["adv"]["overflow"]["france"] == 4
    forward = copy.deepcopy(s)
    flow.run(forward, board_info(forward))
    monkeypatch.setattr(conquest, "retro_order", lambda st: sorted(st["qmarks"], reverse=True))
    backward = copy.deepcopy(s)
    flow.run(backward, board_info(backward))
    # every fortress was conquered (with an empty pool a home fortress keeps no marker: RUL-A04),
    # in one order and in the other
    for st in (forward, backward):
        assert not st["qmarks"]
        assert sum("conquers" in e["text"] for e in st["log"]) == 5
    first = [e["text"] for e in forward["log"] if "conquers" in e["text"]]
    assert first != [e["text"] for e in backward["log"] if "conquers" in e["text"]]
    for st in (forward, backward):
        st.pop("log")
    assert forward == backward
