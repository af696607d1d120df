"""Saved games: round trips, atomic writes, and every kind of damaged file refused cleanly."""

import copy
import os
import random

import pytest
import yaml

from maria import yamlio

from maria.record import saves
from maria.lab.bench import record_from
from maria.record.game import GameRecord
from maria.record.replay import state_digest
from maria.games.maria.rules import IllegalAction
from maria.lab import selfplay
from maria.record.saves import SaveError, load_game, save_game


@pytest.fixture(scope="module")
def games():
    """Two random games per player count: (seed, players, [(role, action)...])."""
    out = []
    for players, seeds in ((3, (2, 3)), (2, (1, 2))):
        for seed in seeds:
            pairs = []
            selfplay.play_random_game(seed, players, trace=pairs)
            out.append((seed, players, pairs))
    return out


@pytest.fixture(scope="module")
def finished(games):
    seed, players, pairs = games[0]
    return record_from(seed, players, pairs)


def _same(a: GameRecord, b: GameRecord):
    for f in ("variant", "players", "seed", "options", "actions", "state", "created"):
        assert getattr(a, f) == getattr(b, f), f


def test_new_record_and_apply():
    rec = GameRecord.new("intro", 2, 4)
    assert (rec.variant, rec.players, rec.seed, rec.options, rec.actions) == ("intro", 2, 4, {}, [])
    assert rec.created.endswith("Z")
    role = rec.active_roles()[0]
    tpl = rec.legal_actions(role)[0]
    action = selfplay.fill(tpl, rec.state, {"rng": 1})
    before = rec.state
    rec.apply(role, action)
    assert rec.actions == [{"role": role, "action": action}] and rec.state is not before


def test_illegal_action_leaves_the_record_alone():
    rec = GameRecord.new("intro", 3, 1)
    snap = copy.deepcopy(rec)
    with pytest.raises(IllegalAction):
        rec.apply("maria_theresa", {"type": "conquer_vienna"})
    with pytest.raises(IllegalAction):
        rec.apply("nobody", {"type": "done"})
    _same(rec, snap)


def test_round_trip_at_random_points(games, tmp_path):
    rnd = random.Random(42)
    path = tmp_path / "game.yaml"
    for seed, players, pairs in games:
        cuts = set(rnd.sample(range(len(pairs)), 3)) | {len(pairs) - 1}
        rec = GameRecord.new("intro", players, seed)
        for i, (role, action) in enumerate(pairs):
            rec.apply(role, action)
            if i in cuts:
                save_game(path, rec)
                back = load_game(path)
                _same(rec, back)
                assert state_digest(back.state) == state_digest(rec.state)
        assert rec.state["result"] is not None
    back = load_game(path, replay=True)  # the full check on one of them
    assert back.state == rec.state
    assert not [p for p in os.listdir(tmp_path) if p != "game.yaml"]


def test_save_file_layout(finished, tmp_path):
    path = tmp_path / "g.yaml"
    save_game(path, finished)
    doc = yamlio.load_file(path)
    assert list(doc)[:5] == ["format", "schema", "rules_version", "variant", "players"]
    assert doc["format"] == "maria-save" and doc["schema"] == saves.SAVE_SCHEMA
    assert doc["digest"] == state_digest(finished.state) and doc["end"] == "maria-save"
    assert "&id" not in path.read_text() and "*id" not in path.read_text()  # no YAML references
    assert oct(os.stat(path).st_mode & 0o777) == oct(0o644)


# --- atomic writing -------------------------------------------------------------------------


def test_failed_save_keeps_the_old_file(finished, tmp_path, monkeypatch):
    path = tmp_path / "g.yaml"
    save_game(path, GameRecord.new("intro", 3, 9))
    old = path.read_bytes()

    def broken_dump(*a, **k):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(saves.yaml, "dump", broken_dump)
    with pytest.raises(RuntimeError):
        save_game(path, finished)
    monkeypatch.undo()
    assert path.read_bytes() == old and os.listdir(tmp_path) == ["g.yaml"]

    real_replace = os.replace

    def broken_replace(src, dst):  # fails after the temp file is full
        assert os.path.getsize(src) > len(old)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(yamlio.os, "replace", broken_replace)
    with pytest.raises(SaveError, match="cannot be saved"):
        save_game(path, finished)
    monkeypatch.setattr(yamlio.os, "replace", real_replace)
    assert path.read_bytes() == old and os.listdir(tmp_path) == ["g.yaml"]
    save_game(path, finished)  # and a good save replaces it
    _same(load_game(path), finished)


# --- damaged files --------------------------------------------------------------------------


def _doc(finished):
    return yaml.load(saves.dump_save(finished), Loader=yaml.CSafeLoader)


def _write(path, doc, fix=True):
    if fix:
        try:
            doc["digest"] = state_digest(doc["state"])
            doc["log_digest"] = saves._log_digest(doc["actions"])
        except TypeError:  # not plain data: no code can be made
            pass
    path.write_text(yaml.dump(doc, Dumper=yamlio.Dumper, sort_keys=False), encoding="utf-8")


def _refused(path, record, match, **kw):
    before = path.read_bytes() if path.exists() else None
    mtime = os.stat(path).st_mtime_ns if path.exists() else None
    listing = sorted(os.listdir(path.parent))
    mem = copy.deepcopy(record)
    with pytest.raises(SaveError, match=match) as err:
        load_game(path, **kw)
    if before is not None:
        assert path.read_bytes() == before and os.stat(path).st_mtime_ns == mtime
    assert sorted(os.listdir(path.parent)) == listing
    _same(record, mem)
    return str(err.value)


def _first_general(doc):
    st = doc["state"]
    return next(g for g, v in sorted(st["generals"].items()) if v["in_play"] and v["city"])


def test_missing_empty_and_huge_files(finished, tmp_path, monkeypatch):
    _refused(tmp_path / "nope.yaml", finished, "There is no saved game")
    p = tmp_path / "empty.yaml"
    p.write_bytes(b"")
    _refused(p, finished, "is empty")
    p = tmp_path / "big.yaml"
    save_game(p, finished)
    monkeypatch.setattr(saves, "MAX_BYTES", 1000)
    _refused(p, finished, r"is not a MARIA save: it is .* MB")


@pytest.mark.parametrize("cut", [0.1, 0.5, 0.9, 0.999])
def test_truncated_file(finished, tmp_path, cut):
    p = tmp_path / "t.yaml"
    save_game(p, finished)
    data = p.read_bytes()
    p.write_bytes(data[: int(len(data) * cut)])
    msg = _refused(p, finished, "damaged|incomplete")
    assert "t.yaml" in msg


def test_not_a_save(finished, tmp_path):
    p = tmp_path / "x.yaml"
    p.write_bytes(bytes(range(256)) * 4)
    _refused(p, finished, "not a text file|damaged")
    p.write_text("shopping: [eggs, milk]\n")
    _refused(p, finished, "is not a MARIA save")
    p.write_text("format: maria-save\nschema: 1\nrules_version: 0.1.0\nstate: [unclosed\n")
    _refused(p, finished, "is damaged: it cannot be read as a save near line")
    p.write_text("!!python/object/apply:os.system ['echo owned']\n")
    _refused(p, finished, "damaged|not a MARIA save")


def test_newer_versions_refused(finished, tmp_path):
    p = tmp_path / "n.yaml"
    doc = _doc(finished)
    doc["schema"] = saves.SAVE_SCHEMA + 1
    _write(p, doc)
    _refused(p, finished, "newer version of MARIA \\(save format 2\\)")
    doc = _doc(finished)
    doc["rules_version"] = "99.0.0"
    _write(p, doc)
    _refused(p, finished, "newer version of MARIA \\(99.0.0\\)")
    doc["rules_version"] = "banana"
    _write(p, doc)
    _refused(p, finished, "does not say which version")


@pytest.mark.parametrize(
    "edit,match",
    [
        (lambda d: d.update(players="three"), "'players' should be 2 or 3, not str"),
        (lambda d: d.update(seed=1.5), "'seed' should be a whole number"),
        (lambda d: d.update(actions={"a": 1}), "'actions' should be a list of actions"),
        (lambda d: d.pop("state"), "'state' is missing"),
        (lambda d: d["actions"].__setitem__(3, {"role": "austria"}), "action 3 of the log is not a role"),
        (lambda d: d.update(players=2), "the header says players 2 but the saved position has 3"),
        (lambda d: d["actions"][0].update(role="napoleon"), "action 0 of the log is taken by 'napoleon'"),
        (lambda d: d["state"].update(created=__import__("datetime").date(2024, 1, 1)), "holds a date"),
    ],
)
def test_wrong_types_and_fields(finished, tmp_path, edit, match):
    p = tmp_path / "w.yaml"
    doc = _doc(finished)
    edit(doc)
    _write(p, doc, fix="state" in doc and "actions" in doc and isinstance(doc["actions"], list))
    _refused(p, finished, match)


def test_impossible_positions(finished, tmp_path):
    p = tmp_path / "bad.yaml"
    doc = _doc(finished)
    gid = _first_general(doc)
    doc["state"]["generals"][gid]["city"] = "atlantis"
    _write(p, doc)
    msg = _refused(p, finished, "holds an impossible position: .*unknown city 'atlantis'")
    assert "bad.yaml" in msg

    doc = _doc(finished)
    doc["state"]["generals"][gid]["troops"] = 9
    _write(p, doc, fix=False)  # even with a stale check code: the named problem
    _refused(p, finished, f"generals.{gid}.troops: 9 troops")

    doc = _doc(finished)
    hands = doc["state"]["cards"]["hands"]
    a, b = [k for k in hands if hands[k]][:2]
    hands[b].append(hands[a][0])
    _write(p, doc)
    _refused(p, finished, f"{hands[a][0]} is both in")


def test_edited_files_fail_their_check_codes(finished, tmp_path):
    p = tmp_path / "e.yaml"
    doc = _doc(finished)
    doc["state"]["log"][0]["text"] = "Louis XV wins at once."  # still a consistent position
    _write(p, doc, fix=False)
    _refused(p, finished, "changed since it was saved: the position does not match")
    doc = _doc(finished)
    doc["actions"][0]["action"]["power"] = "austria"
    _write(p, doc, fix=False)
    _refused(p, finished, "the action log does not match its check code")


def test_log_that_does_not_replay(finished, tmp_path):
    p = tmp_path / "r.yaml"
    doc = _doc(finished)
    doc["actions"] = doc["actions"][:5] + doc["actions"][6:]  # one action dropped, codes recomputed
    _write(p, doc)
    # every load replays the log now (a save is its log): the plain load refuses it too
    _refused(p, finished, "does not replay to the saved position: .*first difference")
    _refused(p, finished, "does not replay to the saved position: .*first difference", replay=True)
    doc = _doc(finished)
    doc["actions"][10] = {"role": "maria_theresa", "action": {"type": "conquer_vienna"}}
    _write(p, doc)
    _refused(p, finished, "action 10 \\(maria_theresa: conquer_vienna\\) is refused", replay=True)


def test_yaml_references_refused(finished, tmp_path):
    p = tmp_path / "bomb.yaml"
    p.write_text(
        "format: maria-save\nschema: 1\nrules_version: 0.1.0\nend: maria-save\n"
        "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n"
        "c: [*b, *b, *b, *b, *b, *b, *b, *b]\n"
    )
    _refused(p, finished, "YAML references")


def test_a_save_of_an_older_version_told_in_older_words_opens_in_this_versions_words():
    """A save of MARIA 0.1.0 (its log words a move "moves 3 cities."; 0.2.0 names the route's
    ends): its moves lead to the same position, told in older words, so nothing is lost: it opens,
    with today's log."""
    from pathlib import Path

    old = Path(__file__).resolve().parent / "data" / "saved-by-0.1.0.yaml"
    doc = yaml.load(old.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    rec = load_game(old)
    assert doc["rules_version"] == "0.1.0" and len(rec.actions) == len(doc["actions"])
    assert [e["text"] for e in rec.state["log"]] != [e["text"] for e in doc["state"]["log"]]
    assert "→" in rec.state["log"][-1]["text"] and "→" not in doc["state"]["log"][-1]["text"]


def test_a_save_of_an_older_version_whose_moves_lead_elsewhere_names_that_version(tmp_path, finished):
    """An older version's save whose log no longer reaches its position (a rules correction, not
    only other words) is refused, naming the version that wrote it (not "damaged")."""
    doc = _doc(finished)
    doc["rules_version"] = "0.1.0"
    g = next(iter(doc["state"]["generals"].values()))
    g["troops"] = g.get("troops", 1) % 8 + 1  # what an older rule would have left
    p = tmp_path / "old.yaml"
    _write(p, doc)
    msg = _refused(p, finished, "saved by MARIA 0.1.0")
    assert "Open it with MARIA 0.1.0" in msg
