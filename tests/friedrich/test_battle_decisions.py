"""FRIEDRICH 2005 rules §7: a combat's "stop" (a tie at zero, or a defeat accepted) is a battle
decision and stands: it is never taken back, although the movement's "stop" (ending a move, §4)
is.  Saves written while a battle's stop could be taken back still open."""

from __future__ import annotations

import dataclasses

import pytest

from maria.engine.state import IllegalAction
from maria.record import friedrich_saves as saves
from maria.games.friedrich.rules import door
from tests.friedrich.conftest import act, actions, armies, clear_map, hand, new, put
from tests import yamlc

OLD_RULES = dataclasses.replace(door.DOOR, reversible_in=None)  # a battle's stop could be undone


def _before_the_battle() -> dict:
    """Prussia's movement phase: Friedrich (3) next to Saltikov (3) and to Daun, nobody holding a
    card, so Prussia, attacking Saltikov at zero, may stop for a tie (§7), and attacks Daun next."""
    s = clear_map(new())
    put(s, fritz="b2", saltikov="b3", daun="a2")
    armies(s, fritz=3, saltikov=3, daun=1)
    hand(s, "prussia", [])
    hand(s, "russia", [])
    return s


BATTLE = [
    ("frederick", {"type": "end_movement"}),
    ("frederick", {"type": "attack", "from": "b2", "to": "b3"}),
    ("frederick", {"type": "stop"}),
]


def test_F7_a_tie_accepted_in_a_combat_cannot_be_undone():
    s = _before_the_battle()
    for role, a in BATTLE:
        s = act(s, a, role)
    assert actions(s) == [{"type": "attack", "from": "b2", "to": "a2"}]  # the same player acts next
    assert {"type": "undo"} not in actions(s)
    with pytest.raises(IllegalAction):
        act(s, {"type": "undo"})


def test_F4_ending_a_move_with_stop_can_still_be_undone():
    s = _before_the_battle()
    s = act(s, {"type": "move", "pieces": ["fritz"]})
    s = act(s, {"type": "step", "to": "c2"})
    s = act(s, {"type": "stop"})
    assert {"type": "undo"} in actions(s)
    s = act(s, {"type": "undo"})
    assert s["flow"][-1]["name"] == "moving"


def _old_save(tmp_path, monkeypatch, log):
    """A save written by rules under which a battle's stop could be taken back (its log and its
    saved undo snapshots); the game starts from _before_the_battle."""
    start = _before_the_battle()
    monkeypatch.setattr(saves.door, "new_game", lambda players, seed, options=None: start)
    rec = saves.FRecord(4, 1, {}, [], start, {}, "2026-01-01T00:00:00Z")
    for role, a in log:
        rec.state = OLD_RULES.apply(rec.state, role, a)
        rec.actions.append({"role": role, "action": a})
    return saves.save(tmp_path / "old.fsave", rec), rec


def test_a_save_holding_the_snapshot_of_a_battle_s_stop_still_opens(tmp_path, monkeypatch):
    path, old = _old_save(tmp_path, monkeypatch, BATTLE)
    assert old.state["undo"]  # the older rules kept a snapshot
    rec = saves.load(path)
    assert rec.state["undo"] == [] and rec.state["generals"] == old.state["generals"]


def test_a_save_whose_log_undid_a_battle_s_stop_still_opens(tmp_path, monkeypatch):
    path, old = _old_save(tmp_path, monkeypatch, BATTLE + [("frederick", {"type": "undo"})])
    assert old.state["flow"][-1]["name"] == "duel"
    rec = saves.load(path)
    assert rec.state["flow"][-1]["name"] == "duel" and len(rec.actions) == 4


def test_a_save_whose_log_is_refused_by_the_rules_says_which_action(tmp_path, monkeypatch):
    path, _ = _old_save(tmp_path, monkeypatch, BATTLE)
    doc = saves.read_document(path)
    doc["actions"].append({"role": "frederick", "action": {"type": "attack", "from": "a0", "to": "a1"}})
    doc["actions"].append({"role": "frederick", "action": {"type": "undo"}})
    doc["log_digest"] = saves.digest(doc["actions"])

    (tmp_path / "bad.fsave").write_text(yamlc.dump(doc, allow_unicode=True), encoding="utf-8")
    with pytest.raises(saves.FSaveError, match="action 4 of its log is refused"):
        saves.load(tmp_path / "bad.fsave")


def test_F9_the_log_names_the_imperial_army_s_destroyed_train_once():
    s = clear_map(new())
    put(s, fritz="b2", i_train="b3")
    s = act(s, {"type": "move", "pieces": ["fritz"]})
    s = act(s, {"type": "step", "to": "b3"})
    text = s["log"][-2]["text"] if "moves to" in s["log"][-1]["text"] else s["log"][-1]["text"]
    assert "destroys the Imperial Army's supply train" in text and "the the" not in text
