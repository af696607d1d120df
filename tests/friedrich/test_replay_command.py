"""`python -m maria replay FILE` on a FRIEDRICH save: the save's own `game:` field (or `--game
friedrich`) sends it to FRIEDRICH's loader, which replays the log to the saved position; the log is
replayed again with the rules invariants checked; an edited save is refused with the reason."""

from __future__ import annotations


from maria import cli
from maria.record import friedrich_saves as fsaves
from maria.players.friedrich.random_moves import RandomPlayer
from tests import yamlc


def _save(path, actions: int = 120):
    rec = fsaves.FRecord.new(3, 11)
    rnd = RandomPlayer(2)
    from maria.games.friedrich.rules import door

    for _ in range(actions):
        role = door.active_roles(rec.state)[0]
        rec.apply(role, rnd.decide(rec.state, role))
    fsaves.save(path, rec)
    return rec


def test_replay_reads_the_saves_game_field(tmp_path, capsys):
    rec = _save(tmp_path / "f.yaml")
    assert cli.main(["replay", str(tmp_path / "f.yaml")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "f.yaml: FRIEDRICH, 3 players, seed 11, 120 actions"
    assert out[1] == f"digest: sha256 {fsaves.digest(rec.state)}" and out[-1] == "ok"
    assert cli.main(["replay", "--game", "friedrich", str(tmp_path / "f.yaml")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "ok"


def test_replay_refuses_an_edited_friedrich_save(tmp_path, capsys):
    _save(tmp_path / "f.yaml", 60)
    doc = yamlc.load((tmp_path / "f.yaml").read_text(encoding="utf-8"))
    doc["actions"] = doc["actions"][:-1]
    (tmp_path / "f.yaml").write_text(yamlc.dump(doc), encoding="utf-8")
    assert cli.main(["replay", str(tmp_path / "f.yaml")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("digest: -") and "changed since it was saved" in out[1]


def test_a_maria_save_named_friedrich_is_refused_by_friedrichs_loader(capsys):
    from maria.paths import resource_root

    sample = resource_root() / "saves" / "intro-3p-finished.yaml"
    assert cli.main(["replay", "--game", "friedrich", str(sample)]) == 1
    assert "not a FRIEDRICH save" in capsys.readouterr().out
    assert cli.main(["replay", str(sample)]) == 0  # its own field: MARIA's replay
