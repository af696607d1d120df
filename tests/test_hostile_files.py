"""Hostile files: every file MARIA reads (saves, boards, settings, notes) either loads or is refused
with a message naming the problem -- never a traceback, a segmentation fault or a hang.

The deep-nesting probes run in a subprocess with a 1 MB stack (`ulimit -s 1024`): before the
guarded loader (maria.yamlio) libyaml crashed there from ~4,000 levels, with no message.  The fuzz
test generates a few hundred damaged files per run; `--runslow` runs ten times more.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import random
import re
import shutil
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
import yaml

from maria import yamlio
from maria.games.maria.board import read_board
from maria.record.game import GameRecord
from maria.record.replay import state_digest
from maria.record.saves import SaveError, _log_digest, dump_save, load_game, save_game
from tests import yamlc

REPO = Path(__file__).resolve().parents[1]
_yload = yamlc.load  # tests' own, trusted documents: fast
_ydump = yamlc.dump


BOARDS = REPO / "boards"
DEEP = 100_000  # far beyond the ~25,000 levels that crashed with the default 8 MB stack
posix = pytest.mark.skipif(os.name == "nt", reason="FIFOs, symbolic links, rlimits and folder fsync are POSIX")


# --- what to throw at the loaders ---------------------------------------------------------------


def deep_texts(n: int) -> dict[str, str]:
    """Documents nested `n` levels deep, in every way YAML allows cheaply."""
    return {
        "flow-seq": "[" * n + "]" * n,
        "flow-map": "{a: " * n + "1" + "}" * n,
        "flow-unclosed": "[" * n,
        "block-seq": "- " * n + "x\n",
        "complex-key": "? " * n + "x\n",
        "mixed": "a:\n  " + "[{b: " * (n // 2) + "1" + "}]" * (n // 2) + "\n",
        "indented": "".join(" " * i + "- \n" for i in range(0, min(n, 600) * 2, 2)),
    }


WRONG_VALUES = [
    None,
    True,
    False,
    0,
    -1,
    7.5,
    float("inf"),
    "",
    "x" * 300,
    [],
    {},
    [1, [2, [3]]],
    {"a": {"b": {"c": None}}},
    "2026-13-45",
    "\u202e\u0000"[:1],
    10**30,
    -(10**30),
]
TEXT_DAMAGE = [
    "truncate",
    "bytes",
    "nul",
    "digits",
    "deep",
    "deep-line",
    "alias",
    "tag",
    "bom",
    "dupkey",
    "unhashable",
    "tab",
    "crlf",
    "control",
    "empty",
    "spaces",
]


def damage_text(text: str, how: str, rnd: random.Random) -> bytes:
    """`text` damaged in one way, as the bytes of a file."""
    lines = text.splitlines(keepends=True) or ["\n"]
    i = rnd.randrange(len(lines))
    if how == "truncate":
        return text.encode()[: rnd.randrange(max(1, len(text)))]
    if how == "bytes":
        raw = bytearray(text.encode())
        for _ in range(rnd.randint(1, 8)):
            raw[rnd.randrange(len(raw))] = rnd.choice([0xFF, 0xC3, 0x80, 0xFE, 0x00])
        return bytes(raw)
    if how == "nul":
        return text.encode().replace(b"\n", b"\x00\n", 1)
    if how == "digits":
        return re.sub(
            r"(?<=: )\d+\b", lambda m: "9" * rnd.choice([4301, 5000, 20000]), text, count=rnd.randint(1, 3)
        ).encode()
    if how == "deep":
        kind = rnd.choice(sorted(deep_texts(3)))
        depth = rnd.choice([201, 4000, 30000])
        key = re.match(r"\s*([\w-]+):", lines[i])
        body = deep_texts(depth)[kind].replace("\n", " ") if kind.startswith("flow") else "[" * depth + "]" * depth
        if key:
            lines[i] = lines[i][: lines[i].index(":") + 1] + " " + body + "\n"
        else:
            lines.insert(i, "zz: " + body + "\n")
        return "".join(lines).encode()
    if how == "deep-line":
        return ("".join(lines[:i]) + deep_texts(rnd.choice([300, 30000]))["block-seq"] + "".join(lines[i:])).encode()
    if how == "alias":
        return (
            text
            + "\nbomb0: &a0 [x, x, x, x, x, x, x, x, x]\n"
            + "".join(f"bomb{k}: &a{k} [{', '.join([f'*a{k - 1}'] * 9)}]\n" for k in range(1, 9))
        ).encode()
    if how == "tag":
        lines.insert(
            i,
            rnd.choice(
                [
                    "x: !!python/object/apply:os.system ['true']\n",
                    "x: !!binary aGVsbG8=\n",
                    "x: !!set {a, b}\n",
                    "x: 2026-11-27\n",
                    "x: !custom 3\n",
                    "x: !!float nan\n",
                ]
            ),
        )
        return "".join(lines).encode()
    if how == "bom":
        return b"\xef\xbb\xbf" + text.encode()
    if how == "dupkey":
        return (text + "\n" + lines[i]).encode()
    if how == "unhashable":
        return ("? [a, b]\n: c\n" + text).encode()
    if how == "tab":
        return text.replace("  ", "\t", rnd.randint(1, 5)).encode()
    if how == "crlf":
        return text.replace("\n", rnd.choice(["\r\n", "\r", "\u2028", "\x85"])).encode()
    if how == "control":
        return text.replace(":", ":\x07", 1).encode()
    if how == "empty":
        return b""
    if how == "spaces":
        return b"  \n\n   "
    raise AssertionError(how)


def mutate_doc(doc, rnd: random.Random):
    """A copy of `doc` with one value somewhere replaced by a value of another type."""
    doc = copy.deepcopy(doc)
    node, path = doc, []
    for _ in range(rnd.randint(1, 6)):
        if isinstance(node, dict) and node:
            k = rnd.choice(list(node))
        elif isinstance(node, list) and node:
            k = rnd.randrange(len(node))
        else:
            break
        path.append((node, k))
        node = node[k]
    if path:
        parent, k = path[-1]
        parent[k] = copy.deepcopy(rnd.choice(WRONG_VALUES))
    return doc


def special_files(tmp: Path, name: str) -> dict[str, Path]:
    """A FIFO, a dangling link, a folder, a link loop and a link to a device, all named `name`."""
    out = {}
    d = tmp / "special"
    for kind in ("fifo", "dangling", "folder", "loop", "device"):
        p = d / kind / name
        p.parent.mkdir(parents=True, exist_ok=True)
        if kind == "fifo":
            os.mkfifo(p)
        elif kind == "dangling":
            p.symlink_to(d / "nowhere.yaml")
        elif kind == "folder":
            p.mkdir()
        elif kind == "loop":
            p.symlink_to(p)
        else:
            p.symlink_to("/dev/zero")
        out[kind] = p
    return out


# --- how each kind of file is loaded, and what counts as a clean refusal -------------------------


def small_save_text(seed: int = 1) -> str:
    return dump_save(GameRecord.new(variant="intro", players=2, seed=seed))


def probe_save(path: Path) -> str:
    try:
        load_game(path)
    except SaveError as exc:
        msg = str(exc)
        assert msg and "Traceback" not in msg
        return "refused: " + msg
    return "loaded"


def probe_board(folder: Path) -> str:
    board, problems = read_board(folder)
    for p in problems:
        assert str(p) and p.message
    if problems:
        return "refused: " + str(problems[0])
    assert board is not None
    return "loaded"


def probe_settings(path: Path, capsys) -> str:
    from maria.ui.settings import ANIMATION_SPEEDS, Settings

    s = Settings.load()
    assert isinstance(s.window_w, int) and not isinstance(s.window_w, bool) and 640 <= s.window_w <= 7680
    assert isinstance(s.window_h, int) and 360 <= s.window_h <= 4320
    assert isinstance(s.fullscreen, bool) and isinstance(s.handoff_screens, bool)
    assert s.animation in ANIMATION_SPEEDS
    s.computer_delay()
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err
    if err:
        assert len(err.splitlines()) == 1 and "settings" in err
        return "refused: " + err
    return "loaded"


def probe_notes(save_path: Path, capsys) -> str:
    from maria.ui.session import load_notes

    notes = load_notes(save_path)
    for n in notes:
        assert isinstance(n["text"], str) and isinstance(n["who"], str)
        assert isinstance(n["turn"], (int, str)) and not isinstance(n["turn"], bool)
        f"{n['turn']} {n['who']}: {n['text']}"  # what the notes panel shows
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err
    if err:
        assert len(err.splitlines()) == 1 and "notes" in err
        return "refused: " + err
    return "loaded"


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MARIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("MARIA_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "config").mkdir()
    return tmp_path


def _fresh_board_copy(tmp: Path) -> Path:
    d = tmp / "boards"
    if d.exists():
        shutil.rmtree(d)
    shutil.copytree(BOARDS, d)
    return d


# --- item 1: deep nesting, in a subprocess with a 1 MB stack -------------------------------------

_PROBE = textwrap.dedent("""
    import json, os, sys
    from pathlib import Path
    results = []
    for kind, path in json.load(sys.stdin):
        try:
            if kind == "save":
                from maria.record.saves import SaveError, load_game
                try:
                    load_game(path); r = "loaded"
                except SaveError as e:
                    r = "refused: " + str(e)
            elif kind == "board":
                from maria.games.maria.board import read_board
                b, problems = read_board(path)
                r = "refused: " + str(problems[0]) if problems else "loaded"
            elif kind == "settings":
                os.environ["MARIA_CONFIG_DIR"] = path
                from maria.ui.settings import Settings
                Settings.load(); r = "loaded"
            elif kind == "notes":
                from maria.ui.session import load_notes
                r = "notes %d" % len(load_notes(path))
            elif kind == "poldata":
                from maria.games.maria.rules.advanced import poldata
                try:
                    poldata._load("political_cards.yaml", Path(path)); r = "loaded"
                except poldata.DataError as e:
                    r = "refused: " + str(e)
            else:
                from maria import yamlio
                try:
                    yamlio.load_file(path); r = "loaded"
                except Exception as e:
                    r = "refused: %s: %s" % (type(e).__name__, e)
        except BaseException as e:
            r = "CRASH %s: %s" % (type(e).__name__, e)
        results.append(r)
        print(json.dumps([kind, path, r]), flush=True)
""")


def _small_stack() -> None:
    import resource  # (POSIX only)

    resource.setrlimit(resource.RLIMIT_STACK, (1024 * 1024, resource.getrlimit(resource.RLIMIT_STACK)[1]))


def run_small_stack(jobs: list[tuple[str, str]], timeout: float = 120) -> list[tuple[str, str, str]]:
    """Run the probes in `python -c` with `ulimit -s 1024`; a segfault fails here, loudly."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE],
        input=json.dumps(jobs),
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=_small_stack,
        env=env,
        cwd=str(REPO),
    )
    done = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("[")]
    assert proc.returncode == 0, (
        f"the loader process died (return code {proc.returncode}: "
        f"{-proc.returncode if proc.returncode < 0 else ''} is the signal; "
        f"SIGSEGV is 11) after {len(done)} of {len(jobs)} files; the next "
        f"was {jobs[len(done)] if len(done) < len(jobs) else '-'}\n{proc.stderr[-2000:]}"
    )
    return [tuple(d) for d in done]


def _deep_jobs(tmp: Path, depths) -> list[tuple[str, str]]:
    jobs = []
    save = small_save_text()
    for depth in depths:
        for kind, body in deep_texts(depth).items():
            tag = f"{kind}-{depth}"
            p = tmp / f"raw-{tag}.yaml"
            p.write_text(body)
            jobs.append(("yaml", str(p)))
            s = tmp / f"save-{tag}.yaml"
            # a flow document inside a real save's header; a block one as the whole file
            s.write_text(save.replace("options: {}", "options: " + body) if kind.startswith("flow") else body)
            jobs.append(("save", str(s)))
            b = tmp / f"board-{tag}"
            b.mkdir()
            for f in BOARDS.glob("*.yaml"):
                (b / f.name).write_bytes(f.read_bytes())
            (b / ("bohemia.yaml" if depth % 2 else "board.yaml")).write_text(body)
            jobs.append(("board", str(b)))
            c = tmp / f"config-{tag}"
            c.mkdir()
            (c / "settings.yaml").write_text(body)
            jobs.append(("settings", str(c)))
            g = tmp / f"game-{tag}.yaml"
            g.write_text(save)
            (tmp / f"game-{tag}.notes.yml").write_text(body)
            jobs.append(("notes", str(g)))
            d = tmp / f"data-{tag}"
            d.mkdir()
            (d / "political_cards.yaml").write_text(body)
            jobs.append(("poldata", str(d)))
    return jobs


@posix
def test_deep_nesting_is_refused_without_a_crash_even_with_a_1MB_stack(tmp_path):
    """Item 1: 201, 4,000 (crashed with ulimit -s 1024) and 100,000 levels (crashed with any
    stack), in every file kind and in every nesting style: refused, naming the depth.  (The
    wall clock of the refusals: test_fuzz_hostile_files_long, behind --runslow.)"""
    jobs = _deep_jobs(tmp_path, [201, 4000, DEEP])
    results = run_small_stack(jobs)
    assert len(results) == len(jobs)
    for kind, path, r in results:
        assert not r.startswith("CRASH"), (kind, path, r)
        if kind in ("yaml", "poldata", "save"):
            assert "nested deeper than 200 levels" in r or "not a MARIA save" in r, (kind, path, r)
        elif kind == "board":
            assert r.startswith("refused") and ("nested deeper than 200 levels" in r), (kind, path, r)
        elif kind == "notes":
            assert r == "notes 0"


def test_nesting_at_the_limit_still_loads():
    for kind, body in deep_texts(100).items():
        if kind == "flow-unclosed":
            continue  # not YAML at any depth
        yamlio.check_text(body)
        if kind != "complex-key":  # (mapping keys: unhashable in Python)
            yamlio.load_text(body)  # 100 (or 200 for the mixed one) levels: fine
    with pytest.raises(yamlio.YAMLRefused, match="nested deeper than 200 levels"):
        yamlio.load_text("[" * 201 + "]" * 201)
    yamlio.load_text("[" * 200 + "]" * 200)


def test_too_many_values_and_aliases_are_refused():
    with pytest.raises(yamlio.YAMLRefused, match="too many values"):
        yamlio.load_text("- 1\n" * 1_100_000)
    with pytest.raises(yamlio.YAMLRefused, match="YAML references"):
        yamlio.load_text("a: &x [1, 2]\nb: *x\n")
    assert yamlio.load_text("- 1\n" * 1000) == [1] * 1000


def test_the_pre_scan_never_calls_libyaml_for_a_refused_document(monkeypatch):
    def boom(*a, **k):
        raise AssertionError("libyaml was reached")

    monkeypatch.setattr(yamlio, "_SafeLoader", type("L", (), {"__init__": boom}))
    for body in deep_texts(DEEP).values():
        with pytest.raises(yamlio.YAMLRefused, match="nested deeper than 200 levels"):
            yamlio.load_text(body)


def test_every_yaml_read_in_the_program_goes_through_the_guarded_loader():
    """Item 1: no yaml.load / yaml.safe_load / SafeLoader / yaml.parse outside maria/yamlio.py."""
    pattern = re.compile(
        r"yaml\.(safe_load|load|full_load|unsafe_load|parse|compose|load_all|"
        r"safe_load_all)\(|SafeLoader|CLoader|FullLoader"
    )
    offenders = []
    for f in sorted((REPO / "maria").rglob("*.py")):
        if f.name == "yamlio.py":
            continue
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{f.relative_to(REPO)}:{n}: {line.strip()}")
    assert offenders == []


def test_the_fast_bound_never_underestimates_the_depth():
    """The pre-scan's fast path clears a document only when its proven bound is within the limit;
    check the bound against libyaml's own depth on random YAML-like texts (small: no risk)."""
    block = [
        "- ",
        "? ",
        ": ",
        "a: ",
        "b:",
        "\n",
        "\n  ",
        "\n    ",
        "\n ",
        "  ",
        "[]",
        "{}",
        "x",
        "'q'",
        '"d"',
        "&a ",
        "!!seq ",
        "!t ",
        "--- ",
        "|\n",
        ">\n",
        "\t",
        "#c",
        "-",
        " ",
        "\r",
        "\u2028",
        "\x85",
        "k: |\n",
        "- - ",
        "? - ",
    ]
    flow = [
        "[",
        "[",
        "{",
        "[",
        "]",
        "{",
        "}",
        ", ",
        ",",
        ": ",
        ":",
        "a",
        "b c",
        "-",
        "- ",
        "#",
        " #x",
        '"',
        "'",
        '"q]"',
        "'s['",
        '"e\\"["',
        "''",
        "\n",
        "\n  ",
        "\n- ",
        "k: ",
        "?",
        "&a ",
        "*a",
        "!t ",
        "|",
        ">",
        "---",
        "...",
        "\t",
        " ",
        "\\",
        "x:y",
        "-1",
        "%",
    ]
    rnd = random.Random(7)
    checked = 0
    for i in range(8000):
        frags = block if i % 2 else flow
        t = "".join(rnd.choice(frags) for _ in range(rnd.randint(1, 40)))
        bound = yamlio._fast_depth_bound(t)
        if bound is None:
            continue
        try:
            depth = deepest = 0
            for ev in yaml.parse(t, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
                if isinstance(ev, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                    depth += 1
                    deepest = max(deepest, depth)
                elif isinstance(ev, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                    depth -= 1
        except yaml.YAMLError:
            pass  # the depth reached before the error counts too (libyaml recursed)
        checked += 1
        assert deepest <= bound, repr(t)
    assert checked > 1000


# --- item 2: numbers too long for Python ---------------------------------------------------------


def test_a_5000_digit_number_is_refused_with_a_message(tmp_path):
    p = tmp_path / "g.yaml"
    p.write_text(small_save_text().replace("seed: 1\n", "seed: " + "7" * 5000 + "\n"))
    with pytest.raises(SaveError, match="number too long"):
        load_game(p)
    d = _fresh_board_copy(tmp_path)
    text = (d / "board.yaml").read_text()
    (d / "board.yaml").write_text(re.sub(r"rows: \d+", "rows: " + "9" * 5000, text))
    board, problems = read_board(d)
    assert board is None and "number too long" in str(problems[0]) and "board.yaml" in str(problems[0])


# --- item 4: FIFOs, dangling links and other special files ---------------------------------------


@posix
def test_a_fifo_save_is_refused_by_the_cli_without_hanging(tmp_path):
    fifo = tmp_path / "x.yaml"
    os.mkfifo(fifo)
    proc = subprocess.run(
        [sys.executable, "-m", "maria", "replay", str(fifo)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=str(REPO),
        env=dict(os.environ, PYTHONPATH=str(REPO)),
    )
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "x.yaml is not a MARIA save: it is not a regular file (a FIFO)" in proc.stdout


@posix
def test_special_files_are_refused_everywhere(tmp_path, home, capsys):
    for kind, p in special_files(tmp_path, "x.yaml").items():
        with pytest.raises(SaveError) as err:
            load_game(p)
        assert "x.yaml" in str(err.value) and (
            "regular file" in str(err.value) or "link" in str(err.value) or "cannot be read" in str(err.value)
        ), (kind, str(err.value))
    for kind, p in special_files(tmp_path / "b", "setup.yaml").items():
        d = _fresh_board_copy(tmp_path)
        (d / "setup.yaml").unlink()
        os.rename(p, d / "setup.yaml") if kind != "dangling" else (d / "setup.yaml").symlink_to(tmp_path / "nope")
        board, problems = read_board(d)
        assert any(
            pr.file.endswith("setup.yaml") and ("cannot be read" in pr.message or "refused" in pr.message)
            for pr in problems
        ), (kind, [str(x) for x in problems])


@posix
def test_the_load_screen_lists_a_fifo_and_a_dangling_link_as_unreadable(home):
    import pygame

    pygame.display.init()
    pygame.font.init()
    try:
        from maria.ui.app import App
        from maria.ui.scenes import TitleScene
        from maria.ui.save_load import SaveLoadScene
        from maria.ui.settings import Settings, saves_dir

        folder = saves_dir()
        folder.mkdir(parents=True)
        os.mkfifo(folder / "pipe.yaml")
        (folder / "gone.yaml").symlink_to(folder / "nowhere.yaml")
        save_game(folder / "good.yaml", GameRecord.new(variant="intro", players=2, seed=3))
        app = App(Settings(), (1280, 720))
        app.push(TitleScene(app))
        scene = app.push(SaveLoadScene(app, "load", None))
        while scene.reading():  # the listing and the previews arrive off the window's thread
            scene.index.wait()
            app.run(max_frames=1)
        # each save's row: its name (and why it cannot be opened) is written on the file button
        labels = {b.key[1]: b for b in scene.buttons if isinstance(b.key, tuple) and b.key[0] == "file"}
        assert not labels["pipe.yaml"].enabled and "unreadable: not a regular file (a FIFO)" in labels["pipe.yaml"].tip
        assert (
            not labels["gone.yaml"].enabled
            and "unreadable: a link to a file that does not exist" in labels["gone.yaml"].tip
        )
        assert labels["good.yaml"].enabled and labels["good.yaml"].tip.split("\n")[0] == "good"
    finally:
        pygame.quit()


# --- item 5: damaged settings and notes ----------------------------------------------------------


@pytest.mark.parametrize(
    "content, problem",
    [
        (b"window_w: \xff\xfe 1600\n", "not UTF-8"),
        (("a: " + "[" * 30000 + "]" * 30000).encode(), "nested deeper than 200 levels"),
        (b"window_w: " + b"9" * 5000 + b"\n", "number too long"),
        (b"window_w: wide\nfullscreen: 3\nanimation: [fast]\n", "wrong value for window_w, fullscreen, animation"),
        (b"- just\n- a list\n", "not a list of 'name: value' lines"),
        (b"window_w: [unclosed\n", "not valid YAML"),
    ],
    ids=["not-utf8", "deep", "long-number", "wrong-types", "a-list", "not-yaml"],
)
def test_a_damaged_settings_file_falls_back_to_defaults_with_one_line(home, capsys, content, problem):
    from maria.ui.settings import Settings

    p = Settings.path()
    p.write_bytes(content)
    s = Settings.load()
    assert (s.window_w, s.window_h, s.fullscreen, s.animation) == (1280, 720, False, "normal")
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and problem in err and "using the defaults" in err
    kept = list(p.parent.glob("settings.yaml.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content and not p.exists()
    s.save()
    assert Settings.load().window_w == 1280 and capsys.readouterr().err == ""


@posix
def test_a_settings_fifo_does_not_block_the_start(home, capsys):
    from maria.ui.settings import Settings

    os.mkfifo(Settings.path())
    assert Settings.load().window_w == 1280
    assert "a FIFO" in capsys.readouterr().err


@pytest.mark.parametrize(
    "notes",
    [
        b"notes: \xff\n",
        ("notes: " + "[" * 30000).encode(),
        b"notes:\n- {turn: " + b"1" * 5000 + b", who: x, text: y}\n",
        b"notes: 5\n",
        b"notes:\n- {turn: [1], who: {a: 1}, text: fine}\n",
    ],
    ids=["not-utf8", "deep", "long-number", "not-a-list", "wrong-types"],
)
def test_a_damaged_notes_file_never_makes_the_save_unloadable(tmp_path, capsys, notes):
    from maria.ui.session import Session, notes_path

    p = tmp_path / "g.yaml"
    save_game(p, GameRecord.new(variant="intro", players=2, seed=3))
    notes_path(p).write_bytes(notes)
    s = Session.load(p)
    assert s.state["players"] == 2
    for n in s.notes:
        assert isinstance(n["turn"], (int, str)) and isinstance(n["who"], str) and n["text"] == "fine"
    if not s.notes:
        assert "notes" in capsys.readouterr().err


# --- item 7: board files stay inside their folder ------------------------------------------------


@posix
@pytest.mark.parametrize("target", ["/etc/passwd", "../boards-outside/bohemia.yaml", "sub/../../x.yaml", "link.yaml"])
def test_board_files_name_files_inside_their_own_folder_only(tmp_path, target):
    d = _fresh_board_copy(tmp_path)
    outside = tmp_path / "boards-outside"
    outside.mkdir()
    shutil.copy(d / "bohemia.yaml", outside / "bohemia.yaml")
    (d / "link.yaml").symlink_to(outside / "bohemia.yaml")
    text = (d / "board.yaml").read_text()
    assert "file: bohemia.yaml" in text
    (d / "board.yaml").write_text(text.replace("file: bohemia.yaml", f"file: {target!r}"))
    board, problems = read_board(d)
    hits = [p for p in problems if p.file.endswith("board.yaml") and p.entry == "maps.bohemia"]
    assert hits and "inside the board folder" in hits[0].message and target in hits[0].message, [
        str(p) for p in problems
    ]


# --- item 11: interrupted saves -----------------------------------------------------------------


def test_stale_temporaries_of_an_interrupted_save_are_cleaned_at_start(home):
    from maria.ui.app import clean_stale_temporaries
    from maria.ui.settings import config_dir, saves_dir

    folder = saves_dir()
    folder.mkdir(parents=True)
    old = folder / ".autosave.yaml.k2j4_a9z.tmp"
    fresh = folder / ".game.yaml.abcdefgh.tmp"
    other = folder / ".hidden.tmp"
    cfg = config_dir() / ".settings.yaml.zzzzzzzz.tmp"
    for f in (old, fresh, other, cfg):
        f.write_text("half a sa")
    hour_ago = time.time() - 3600
    for f in (old, other, cfg):
        os.utime(f, (hour_ago, hour_ago))
    removed = clean_stale_temporaries()
    assert sorted(removed) == sorted([old.name, cfg.name])
    assert not old.exists() and not cfg.exists() and fresh.exists() and other.exists()


@posix
def test_the_folder_is_fsynced_after_the_rename(tmp_path, monkeypatch):
    synced = []
    real = os.fsync

    def spy(fd):
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        return real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    yamlio.write_atomic(tmp_path / "g.yaml", "a: 1\n")
    assert synced == [False, True]  # the file's data, then the folder's entry


# --- item 12: the text cache is bounded --------------------------------------------------------


def test_the_text_cache_stays_bounded_after_many_distinct_strings():
    import pygame

    from maria.render import fonts

    pygame.font.init()
    try:
        fonts.clear_cache()
        for i in range(9000):  # a timer, log lines...: a new text every frame
            fonts.text(f"turn {i}", 12, (0, 0, 0), "sans")
            if i % 3 == 0:
                fonts.halo_text(f"{i}", 10, (0, 0, 0), "sans")
        assert fonts.cache_size() <= 5000
        keep = fonts.text("Wien", 14, (0, 0, 0))
        for i in range(3000):  # a recently used text stays cached
            fonts.text(f"x{i}", 12, (0, 0, 0), "sans")
            assert fonts.text("Wien", 14, (0, 0, 0)) is keep
    finally:
        fonts.clear_cache()


def test_the_text_cache_holds_a_bounded_number_of_bytes_of_long_lines():
    """Item 12: 4,000 long log lines (a demo day) would hold ~120 MB as surfaces; the cache keeps its
    pixels under MAX_TEXT_BYTES and its count of bytes exact."""
    import pygame

    from maria.render import fonts

    pygame.font.init()
    try:
        fonts.clear_cache()
        line = "Belle-Isle moves Auerbach → Tirschenreuth (3 cities), then conquers Eger from Austria"
        for i in range(3000):
            fonts.text(f"{i} {line}", 15, (0, 0, 0), "sans")
            assert fonts.cache_bytes() <= fonts.MAX_TEXT_BYTES
        assert fonts.cache_size() < 3000  # the byte bound evicted some
        held = sum(s.get_width() * s.get_height() * s.get_bytesize() for s in fonts._texts.values())
        assert held == fonts.cache_bytes()
    finally:
        fonts.clear_cache()
    assert fonts.cache_bytes() == 0


# --- the fuzz test --------------------------------------------------------------------------------


def _fuzz(tmp: Path, rounds: int, seed: int, capsys) -> dict[str, dict[str, int]]:
    """`rounds` damaged files of each kind; returns {kind: {"loaded": n, "refused": n}}."""
    tmp.mkdir(parents=True, exist_ok=True)
    rnd = random.Random(seed)
    counts: dict[str, dict[str, int]] = {k: {"loaded": 0, "refused": 0} for k in ("save", "board", "settings", "notes")}

    def note(kind, result):
        counts[kind]["loaded" if result == "loaded" else "refused"] += 1

    base = small_save_text(seed)
    base_doc = _yload(base)
    save_path = tmp / "s.yaml"
    for i in range(rounds):
        if rnd.random() < 0.5:
            raw = damage_text(base, rnd.choice(TEXT_DAMAGE), rnd)
        else:
            doc = mutate_doc(base_doc, rnd)
            if rnd.random() < 0.7 and isinstance(doc, dict) and isinstance(doc.get("state"), dict):
                doc["digest"] = state_digest(doc["state"])  # a careful editor recomputes the codes
                if isinstance(doc.get("actions"), list):
                    doc["log_digest"] = _log_digest(doc["actions"])
            raw = _ydump(doc, sort_keys=False).encode()
        save_path.write_bytes(raw)
        note("save", probe_save(save_path))

    board_docs = {n: _yload((BOARDS / n).read_text()) for n in ("board.yaml", "setup.yaml", "armies.yaml")}
    d = _fresh_board_copy(tmp)
    originals = {f.name: f.read_bytes() for f in d.glob("*.yaml")}
    for i in range(max(1, rounds // 4)):
        name = rnd.choice(sorted(board_docs)) if rnd.random() < 0.85 else rnd.choice(sorted(originals))
        if rnd.random() < 0.5 or name not in board_docs:
            raw = damage_text(originals[name].decode(), rnd.choice(TEXT_DAMAGE), rnd)
        else:
            raw = _ydump(mutate_doc(board_docs[name], rnd), sort_keys=False).encode()
        (d / name).write_bytes(raw)
        note("board", probe_board(d))
        (d / name).write_bytes(originals[name])

    from maria.ui.settings import Settings

    good = _ydump(
        {"window_w": 1600, "window_h": 900, "fullscreen": False, "animation": "fast", "handoff_screens": True}
    )
    for i in range(rounds):
        for f in Settings.path().parent.glob("settings.yaml*"):
            f.unlink()
        if rnd.random() < 0.5:
            raw = damage_text(good, rnd.choice(TEXT_DAMAGE), rnd)
        else:
            raw = _ydump(mutate_doc(_yload(good), rnd)).encode()
        Settings.path().write_bytes(raw)
        note("settings", probe_settings(Settings.path(), capsys))

    from maria.ui.session import notes_path

    notes_good = _ydump(
        {
            "notes": [
                {"turn": 1, "who": "Frederick", "text": "Silesia is mine"},
                {"turn": 2, "who": "Maria Theresa", "text": "Never."},
            ]
        }
    )
    for i in range(rounds):
        if rnd.random() < 0.5:
            raw = damage_text(notes_good, rnd.choice(TEXT_DAMAGE), rnd)
        else:
            raw = _ydump(mutate_doc(_yload(notes_good), rnd)).encode()
        notes_path(save_path).write_bytes(raw)
        note("notes", probe_notes(save_path, capsys))

    for kind, p in special_files(tmp / "sp", "s.yaml").items():
        note("save", probe_save(p))
    return counts


@posix
def test_fuzz_hostile_files(tmp_path, home, capsys):
    counts = _fuzz(tmp_path, 90, 1, capsys)
    total = sum(sum(c.values()) for c in counts.values())
    assert total >= 250
    for kind, c in counts.items():
        assert c["refused"] > 0, (kind, c)


@posix
@pytest.mark.slow
def test_hostile_files_are_refused_within_a_minute(tmp_path, home, capsys):
    """The default runs' damaged files and deep documents, timed (behind --runslow: the outcome
    of a timing depends on the machine's load)."""
    t0 = time.perf_counter()
    _fuzz(tmp_path / "fuzz", 90, 1, capsys)
    assert time.perf_counter() - t0 < 60
    (tmp_path / "deep").mkdir()
    jobs = _deep_jobs(tmp_path / "deep", [201, 4000, DEEP])
    t0 = time.perf_counter()
    assert len(run_small_stack(jobs)) == len(jobs)
    assert time.perf_counter() - t0 < 60


@posix
@pytest.mark.slow
def test_fuzz_hostile_files_long(tmp_path, home, capsys):
    t0 = time.perf_counter()
    counts = {}
    for seed in range(2, 7):
        for kind, c in _fuzz(tmp_path / str(seed), 200, seed, capsys).items():
            for k, v in c.items():
                counts.setdefault(kind, {}).setdefault(k, 0)
                counts[kind][k] += v
    (tmp_path / "deep").mkdir()
    jobs = _deep_jobs(tmp_path / "deep", [201, 1000, 4000, 25000, DEEP, 300_000])
    results = run_small_stack(jobs, timeout=600)
    assert len(results) == len(jobs) and not any(r.startswith("CRASH") for _, _, r in results)
    with capsys.disabled():
        print(
            f"\nhostile-file fuzz (seeds 2-6): {counts}; deep probes with a 1 MB stack: "
            f"{len(results)} files; {time.perf_counter() - t0:.1f} s"
        )


# --- item 3: a save is its log -----------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _played_record(seed: int = 5, n: int = 40) -> GameRecord:  # (read only: shared by tests)
    from maria.engine import rng
    from maria.lab import selfplay

    rec = GameRecord.new(variant="intro", players=2, seed=seed)
    chooser = {"rng": rng.seed_state(seed)}
    for _ in range(n):
        roles = rec.active_roles()
        if not roles:
            break
        a = selfplay.random_action(rec.state, roles[0], chooser)
        if a["type"] == "undo":
            continue
        rec.apply(roles[0], a)
    return rec


def _rewrite(path: Path, doc: dict, fix: bool = True) -> None:
    if fix:
        doc["digest"] = state_digest(doc["state"])
        doc["log_digest"] = _log_digest(doc["actions"])
    path.write_text(_ydump(doc, sort_keys=False))


def test_a_state_edited_to_a_wrong_type_is_a_save_error(tmp_path):
    """Item 3: wrong types deep in the state (found by fuzzing the old loader, where each raised
    TypeError out of the consistency checks), with and without new check codes."""
    rec = _played_record()
    p = tmp_path / "g.yaml"

    def edits(st):
        yield lambda: st.__setitem__("undo_role", {"a": 1})
        train = sorted(st["trains"])[0]
        yield lambda: st["trains"][train].__setitem__("city", ["x"])
        yield lambda: st["alliances"]["blocs"][1].__setitem__(0, {"a": 1})
        yield lambda: st.__setitem__("turn", "nine")

    n = len(list(edits(_yload(dump_save(rec))["state"])))
    for fix in (False, True):
        for i in range(n):
            doc = _yload(dump_save(rec))
            list(edits(doc["state"]))[i]()
            _rewrite(p, doc, fix)
            with pytest.raises(SaveError, match="g.yaml"):
                load_game(p)


def test_an_edited_position_that_passes_the_checks_is_refused_by_the_log(tmp_path):
    """The position is the log's: an edit the consistency checks cannot see (here the log text of
    the position, with new check codes) no longer loads."""
    rec = _played_record()
    p = tmp_path / "g.yaml"
    save_game(p, rec)
    load_game(p)
    doc = _yload(p.read_text())
    doc["state"]["log"][-1]["text"] = "Louis XV wins at once."
    _rewrite(p, doc)
    with pytest.raises(SaveError, match="does not replay to the saved position"):
        load_game(p)


@pytest.mark.parametrize(
    "options, problem",
    [
        ({"last_turn": "nine"}, "option 'last_turn' has a wrong value"),
        ({"last_turn": 10**6}, "option 'last_turn' has a wrong value"),
        ({"force_march_may_take_train": 1}, "option 'force_march_may_take_train' has a wrong value"),
        ({"charles_emmanuel_rule": "de"}, "option 'charles_emmanuel_rule' has a wrong value"),
        ({"cheat": True}, "unknown option 'cheat'"),
    ],
    ids=["text-turn", "huge-turn", "int-for-bool", "unknown-value", "unknown-option"],
)
def test_header_options_are_checked(tmp_path, options, problem):
    rec = _played_record(n=5)
    p = tmp_path / "g.yaml"
    doc = _yload(dump_save(rec))
    doc["options"] = options
    _rewrite(p, doc)
    with pytest.raises(SaveError, match=re.escape(problem)):
        load_game(p)


# --- item 8: a failed autosave is said at once ---------------------------------------------------


def test_a_failed_autosave_is_shown_on_the_board_and_retried_at_the_next_hand_off(home):
    import pygame

    pygame.display.init()
    pygame.font.init()
    try:
        from maria.ui.app import App
        from maria.ui.board_scene import BoardScene
        from maria.ui.scenes import TitleScene
        from maria.ui.session import Session
        from maria.ui.settings import Settings

        data = home / "data"
        data.write_text("a file where the saves folder should be: every save fails")
        app = App(Settings(), (1280, 720))
        app.push(TitleScene(app))
        board = app.push(BoardScene(app, Session.new("intro", 2, 4)))
        board.seat = "observer"  # the next human takes the seat: a hand-off
        board.after_change()
        assert "Autosave failed" in board.message and "tried again at the next autosave" in board.message
        assert board.session.autosave_problem
        data.unlink()  # room again
        board.seat = "observer"
        board.after_change()
        assert board.session.autosave_problem is None and board.session.autosave_file.is_file()
    finally:
        pygame.quit()


def test_the_shipped_files_take_the_fast_path():
    """Saves and the big board files are cleared by the proven bound, without the slow exact scan
    (only board.yaml, with its 'A1:B2' flow texts, and small files need it)."""
    for f in [
        *sorted((REPO / "saves").glob("*.yaml")),
        BOARDS / "bohemia.yaml",
        BOARDS / "flanders.yaml",
        BOARDS / "setup.yaml",
        BOARDS / "armies.yaml",
    ]:
        bound = yamlio._fast_depth_bound(f.read_text(encoding="utf-8"))
        assert bound is not None and bound <= yamlio.MAX_DEPTH, f


def test_a_board_value_of_an_unexpected_kind_is_a_problem_not_a_crash(tmp_path):
    """Found by the long fuzz run: a mapping where setup.yaml wants a city id."""
    d = _fresh_board_copy(tmp_path)
    doc = _yload((d / "setup.yaml").read_text())
    power = sorted(doc["markers"]["victory"])[0]
    doc["markers"]["victory"][power] = [{"a": 1}]
    (d / "setup.yaml").write_text(_ydump(doc, sort_keys=False))
    board, problems = read_board(d)
    assert any(p.file.endswith("setup.yaml") and "unknown city" in p.message for p in problems)


# --- item 6: what a save may cost -------------------------------------------------------------------


def _longest_recorded_game() -> GameRecord:
    """The longest of the 200 recorded games (1,779 actions, advanced, 2 players)."""
    import gzip

    games = json.loads(gzip.decompress((Path(__file__).parent / "data" / "equivalence_games.json.gz").read_bytes()))
    g = max(games, key=lambda x: len(x["actions"]))
    rec = GameRecord.new(variant=g["variant"], players=g["players"], seed=g["seed"])
    for e in g["actions"]:
        role, action = (e["role"], e["action"]) if isinstance(e, dict) else e
        rec.apply(role, action)
    return rec


def test_the_longest_real_game_loads_well_inside_the_save_bounds(tmp_path):
    from maria.record import saves

    rec = _longest_recorded_game()
    path = tmp_path / "long.yaml"
    save_game(path, rec)
    text = path.read_text(encoding="utf-8")
    assert len(text.encode()) * 3 < saves.MAX_BYTES
    assert (text.count("\n") + text.count(",")) * 6 < saves.MAX_VALUES
    assert len(rec.actions) * 5 < saves.MAX_ACTIONS
    assert load_game(path).state == rec.state


def test_a_save_with_too_many_values_is_refused_before_the_parser_builds_it(tmp_path, monkeypatch):
    from maria.record import saves

    path = tmp_path / "padded.yaml"
    save_game(path, _played_record())
    head, _, tail = path.read_text(encoding="utf-8").partition("actions:\n")
    path.write_text(head + "actions:\n" + "- 1\n" * (saves.MAX_VALUES + 10) + tail, encoding="utf-8")
    assert path.stat().st_size < saves.MAX_BYTES  # small enough in bytes: the count refuses it
    monkeypatch.setattr(yamlio, "_SafeLoader", type("L", (), {"__init__": lambda *a, **k: 1 / 0}))
    with pytest.raises(SaveError, match="too many values"):
        load_game(path)


def test_a_save_with_an_endless_log_is_refused_before_its_replay(tmp_path, monkeypatch):
    from maria.record import saves

    path = tmp_path / "endless.yaml"
    rec = _played_record()
    save_game(path, rec)
    head, _, tail = path.read_text(encoding="utf-8").partition("actions:\n")
    undo = "- {role: frederick, action: {type: undo}}\n"
    monkeypatch.setattr(saves, "MAX_ACTIONS", 100)  # (the real bound: 10,000 — same code path)
    path.write_text(head + "actions:\n" + undo * 150 + tail, encoding="utf-8")
    monkeypatch.setattr(saves, "replay_record", lambda *a, **k: 1 / 0)
    with pytest.raises(SaveError, match=f"holds {150 + len(rec.actions)} actions"):
        load_game(path)


def test_a_save_over_the_size_bound_is_refused_with_the_bound_named(tmp_path):
    from maria.record import saves

    path = tmp_path / "huge.yaml"
    path.write_text("format: maria-save\n" + "# padding\n" * (saves.MAX_BYTES // 10 + 10), encoding="utf-8")
    with pytest.raises(SaveError, match=f"never larger than {saves.MAX_BYTES // 1024:,} KB"):
        load_game(path)


# --- duplicate keys, and a game that is not a game --------------------------------------------------


def test_a_duplicate_key_in_a_save_is_refused_with_both_lines(tmp_path):
    p = tmp_path / "g.yaml"
    save_game(p, _played_record(n=5))
    text = p.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("digest:"))
    p.write_text("".join(lines[: at + 1] + ["digest: " + "0" * 64 + "\n"] + lines[at + 1 :]), encoding="utf-8")
    with pytest.raises(
        SaveError,
        match=rf"g.yaml is damaged: the key 'digest' appears twice \(lines {at + 1} "
        rf"and {at + 2}\)",
    ):
        load_game(p)


def test_a_duplicate_end_line_does_not_hide_a_file_cut_short(tmp_path):
    p = tmp_path / "g.yaml"
    save_game(p, _played_record(n=5))
    text = p.read_text(encoding="utf-8")
    p.write_text(text.replace("actions:\n", "end: maria-save\nactions:\n", 1), encoding="utf-8")
    with pytest.raises(SaveError, match="the key 'end' appears twice"):
        load_game(p)


def test_a_duplicate_key_in_a_board_file_is_a_problem_with_its_line(tmp_path):
    d = _fresh_board_copy(tmp_path)
    text = (d / "setup.yaml").read_text(encoding="utf-8")
    (d / "setup.yaml").write_text(text + "\nmarkers: {}\n", encoding="utf-8")
    board, problems = read_board(d)
    assert any(p.file.endswith("setup.yaml") and "the key 'markers' appears twice" in p.message for p in problems), [
        str(p) for p in problems
    ]


@pytest.mark.parametrize("value", ["[friedrich]", "5", '"ma\\0ria"', "{a: 1}"])
def test_a_game_field_that_names_no_game_is_refused_as_such(tmp_path, value):
    p = tmp_path / "g.yaml"
    save_game(p, _played_record(n=5))
    text = p.read_text(encoding="utf-8")
    p.write_text(text.replace("format: maria-save\n", f"format: maria-save\ngame: {value}\n", 1), encoding="utf-8")
    with pytest.raises(SaveError, match="its 'game' should be maria or friedrich"):
        load_game(p)


# --- equal values of another type ---------------------------------------------------------------------


def _int_leaves(node, path=()):
    """The paths of every whole number (not true/false) in a document."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _int_leaves(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _int_leaves(v, path + (i,))
    elif isinstance(node, int) and not isinstance(node, bool):
        yield path


def _retyped(doc: dict, path: tuple, how: str) -> dict:
    doc = copy.deepcopy(doc)
    node = doc
    for k in path[:-1]:
        node = node[k]
    v = node[path[-1]]
    node[path[-1]] = float(v) if how == "float" else bool(v)
    return doc


def test_an_integer_of_the_state_edited_to_an_equal_float_or_bool_is_refused(tmp_path):
    """0 == 0.0 == False: the replay check compares types as well as values, so no edit of this
    kind (with new check codes) loads, and none keeps its wrong type into the game."""
    rec = _played_record()
    base = _yload(dump_save(rec))
    leaves = list(_int_leaves(base["state"]))
    rnd = random.Random(3)
    picks = rnd.sample(leaves, 12)
    p = tmp_path / "g.yaml"
    accepted = []
    for path in picks:
        for how in ("float", "bool"):
            v = functools.reduce(lambda n, k: n[k], path, base["state"])
            if how == "bool" and v not in (0, 1):
                continue
            doc = {**base, "state": _retyped(base["state"], path, how)}
            _rewrite(p, doc)
            try:
                load_game(p)
            except SaveError:
                continue
            accepted.append((how, path))
    assert accepted == []


def test_a_friedrich_state_edited_to_an_equal_float_is_refused(tmp_path):
    from maria.record.friedrich_saves import FSaveError, digest, load
    from tests.friedrich.test_replay_command import _save

    p = tmp_path / "f.yaml"
    _save(p, 20)
    doc = _yload(p.read_text(encoding="utf-8"))
    path = next(_int_leaves(doc["state"]))
    doc["state"] = _retyped(doc["state"], path, "float")
    doc["digest"] = digest(doc["state"])
    p.write_text(_ydump(doc, sort_keys=False), encoding="utf-8")
    with pytest.raises(FSaveError):
        load(p)


# --- absurd numbers in boards ------------------------------------------------------------------------


def _check_boards(folder: Path, game: str) -> subprocess.CompletedProcess:
    """`python -m maria check-boards` in a process that may not take more than 1 GB (a board that
    builds billions of cells is killed there instead of exhausting the machine)."""

    def limit():
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, resource.getrlimit(resource.RLIMIT_AS)[1]))

    return subprocess.run(
        [sys.executable, "-m", "maria", "check-boards", "--dir", str(folder), "--game", game],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=str(REPO),
        preexec_fn=limit,
        env=dict(os.environ, PYTHONPATH=str(REPO)),
    )


@posix
@pytest.mark.parametrize(
    "edit, problem",
    [
        (("board.yaml", r"rows: \d+", "rows: 1000000000"), "grid.rows: the number 1000000000 is out of range"),
        (("board.yaml", r"rows: \d+", "rows: 5000"), "'rows' must be 1..100, not 5000"),
        (("armies.yaml", r"troops: 26", "troops: 99999"), "'troops' must be 0..1000, not 99999"),
        (("armies.yaml", r"supply_trains: 2", "supply_trains: 1000000000000"), "out of range"),
        (("bohemia.yaml", r"pos: \[([\d.]+),", r"pos: [1.0e+300,"), "out of range"),
        (("bohemia.yaml", r"pos: \[([\d.]+),", r"pos: [.nan,"), "out of range"),
    ],
    ids=["rows", "rows-in-bound", "troops", "trains", "huge-coordinate", "nan"],
)
def test_an_absurd_number_in_a_maria_board_is_refused_with_its_range(tmp_path, edit, problem):
    d = _fresh_board_copy(tmp_path)
    name, pattern, repl = edit
    text = (d / name).read_text(encoding="utf-8")
    new = re.sub(pattern, repl, text, count=1)
    assert new != text
    (d / name).write_text(new, encoding="utf-8")
    board, problems = read_board(d)
    assert any(p.file.endswith(name) and problem in str(p) for p in problems), [str(p) for p in problems]
    proc = _check_boards(d, "maria")
    assert proc.returncode == 1 and problem in proc.stdout and "Traceback" not in proc.stderr


@posix
def test_an_absurd_number_in_a_friedrich_board_is_refused(tmp_path):
    from maria.games.friedrich.board_loader import read_board as fread

    d = _fresh_board_copy(tmp_path) / "friedrich"
    text = (d / "board.yaml").read_text(encoding="utf-8")
    (d / "board.yaml").write_text(text.replace("width: 1000.0", "width: 1.0e+12", 1), encoding="utf-8")
    board, problems = fread(d)
    assert board is None and any("out of range" in p.message for p in problems), [str(p) for p in problems]
    proc = _check_boards(d.parent, "friedrich")
    assert proc.returncode == 1 and "out of range" in proc.stdout and "Traceback" not in proc.stderr


# --- settings: numbers out of range, a window larger than the screen --------------------------------


@pytest.mark.parametrize(
    "content, problem",
    [
        (b"window_w: 100000\nwindow_h: 100000\n", "wrong value for window_w, window_h"),
        (b"volume: -5\n", "wrong value for volume"),
        (b"volume: 1000\n", "wrong value for volume"),
    ],
    ids=["huge-window", "negative-volume", "loud-volume"],
)
def test_a_settings_number_out_of_range_is_reported_not_changed_silently(home, capsys, content, problem):
    from maria.ui.settings import Settings

    Settings.path().write_bytes(content)
    s = Settings.load()
    assert (s.window_w, s.window_h, s.volume) == (1280, 720, 60)
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and problem in err


def test_a_window_larger_than_its_screen_opens_fitted_and_says_so(home, capsys):
    import pygame

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    try:
        from maria.ui.launch import start
        from maria.ui.overlays import MessageScene
        from maria.ui.settings import Settings

        screen = tuple(pygame.display.get_desktop_sizes()[0])
        Settings.path().write_text(f"window_w: {screen[0] + 900}\nwindow_h: {screen[1] + 500}\n")
        app = start()
        assert app.window.get_size() == screen and app.settings.window_size == screen
        assert isinstance(app.top, MessageScene) and "larger than this screen" in app.top.text
        app.run(max_frames=2)
        assert f"the window opens at {screen[0]}×{screen[1]}" in capsys.readouterr().err
        app.settings.save()  # what is written back on quit: the fitted size
        assert Settings.load().window_size == screen
    finally:
        pygame.quit()


# --- FRIEDRICH's header, checked as MARIA's ------------------------------------------------------------


def _friedrich_save_with(tmp_path, **header):
    from tests.friedrich.test_replay_command import _save

    p = tmp_path / "f.yaml"
    _save(p, 10)
    doc = _yload(p.read_text(encoding="utf-8"))
    doc.update(header)
    p.write_text(_ydump(doc, sort_keys=False), encoding="utf-8")
    return p


@pytest.mark.parametrize(
    "header, problem",
    [
        ({"rules_version": "9.9.9"}, "was written by a newer version of MARIA ('9.9.9'); this is"),
        ({"schema": 2}, "newer version of MARIA (save format 2)"),
        ({"rules_version": ["0.1"]}, "does not say which version of MARIA wrote it"),
        ({"options": {"advanced": "no"}}, "option 'advanced' should be true or false, not 'no'"),
        ({"options": {"cheat": True}}, "unknown option 'cheat'"),
        ({"options": {"\0": True}}, "unknown option '\\x00'"),
        ({"options": {"east_prussia": "x" * 500_000}}, "option 'east_prussia' should be true or false, not 'xxx"),
        ({"seed": True}, "'seed' should be a whole number"),
    ],
    ids=[
        "newer-version",
        "newer-schema",
        "no-version",
        "advanced-no",
        "unknown-option",
        "nul-key",
        "huge-text",
        "bool-seed",
    ],
)
def test_a_friedrich_header_is_checked_as_marias(tmp_path, header, problem):
    from maria.record.friedrich_saves import FSaveError, load

    p = _friedrich_save_with(tmp_path, **header)
    with pytest.raises(FSaveError) as err:
        load(p)
    assert problem in str(err.value) and len(str(err.value)) < 400
    if "newer" in problem:
        assert "Update the program to open it" in str(err.value)


def test_a_friedrich_game_set_up_with_a_mistyped_option_does_not_load(tmp_path):
    """{advanced: "no"} is not "no advanced rules": it would switch all three §13 rules on."""
    from maria.record.friedrich_saves import FRecord, FSaveError, load, save

    p = tmp_path / "f.yaml"
    save(p, FRecord.new(3, 5, {"advanced": "no"}))
    with pytest.raises(FSaveError, match="option 'advanced' should be true or false"):
        load(p)


# --- the fuzz, second round: names, control characters, retyped values, absurd numbers, headers ------

CONTROL_TEXTS = [
    "\0",
    "a\0b",
    "\x1b[2J",
    "\x07\x08\x7f",
    "\u0085x",
    "\ud800",
    "tab\there",
    "\r\n",
    "\x9b",
    "x" * 5000 + "\0",
]
ABSURD_NUMBERS = [10**9, -(10**9), 1e300, float("nan"), float("inf"), 10**15]


def _text_paths(node, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _text_paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _text_paths(v, path + (i,))
    elif isinstance(node, str):
        yield path


def _number_paths(node, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _number_paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _number_paths(v, path + (i,))
    elif isinstance(node, (int, float)) and not isinstance(node, bool):
        yield path


def _set(doc, path, value):
    doc = copy.deepcopy(doc)
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return doc


def _drawn(text: str) -> None:
    """What the window would do with a message or a name: wrap it and render each line."""
    from maria.ui import widgets as W

    for line in W.wrap(text, 900, 18):
        W.text(line, 18)


@posix
@pytest.mark.parametrize("scale", [pytest.param(1, id="default"), pytest.param(4, id="long", marks=pytest.mark.slow)])
def test_fuzz_hostile_files_names_texts_types_numbers_and_headers(tmp_path, home, scale):
    import pygame

    from maria.record.friedrich_saves import FSaveError, load as fload
    from maria.record.files import peek, scan_saves
    from tests.friedrich.test_replay_command import _save as friedrich_save

    pygame.font.init()
    rnd = random.Random(11)
    counts = {k: 0 for k in ("names", "texts", "retyped", "numbers", "friedrich headers")}
    # file names: bytes that are not UTF-8, control characters, long names -- listed, previewed, drawn
    folder = tmp_path / "names"
    folder.mkdir()
    good = small_save_text(2).encode()
    for i in range(12 * scale):
        raw = bytes(rnd.choice([0xFC, 0xE9, 0xFF, 0x80, 0x01, 0x1B, 0x0A, 0x7F]) for _ in range(rnd.randint(1, 6)))
        name = b"s" + raw + str(i).encode() + b".yaml"
        with open(os.path.join(os.fsencode(folder), name), "wb") as fh:
            fh.write(good)
    for p, why, _ in scan_saves(folder):
        assert why is None and peek(p) is not None
        _drawn(p.stem)
        probe_save(p)
        counts["names"] += 1
    # control characters in every text field of a save: refused or loaded, and the message draws
    base = _yload(small_save_text(3))
    texts = list(_text_paths(base))
    for i in range(12 * scale):
        bad = rnd.choice(CONTROL_TEXTS)
        # a lone surrogate cannot be dumped: it is written as the escape a hand could type
        doc = _set(base, rnd.choice(texts), "\x07SURROGATE" if bad == "\ud800" else bad)
        if bad != "\ud800":
            doc["digest"] = state_digest(doc["state"])  # a careful editor's new check code
        p = tmp_path / "t.yaml"
        p.write_text(_ydump(doc, sort_keys=False, allow_unicode=True).replace("SURROGATE", "\\uD800"), encoding="utf-8")
        _drawn(probe_save(p))
        counts["texts"] += 1
    # an integer changed to an equal float or true/false, check codes recomputed: never accepted
    rec = _played_record()
    base = _yload(dump_save(rec))
    ints = [pth for pth in _int_leaves(base["state"])]
    for i in range(10 * scale):
        pth = rnd.choice(ints)
        v = functools.reduce(lambda n, k: n[k], pth, base["state"])
        new = bool(v) if v in (0, 1) and rnd.random() < 0.5 else float(v)
        doc = {**base, "state": _set(base["state"], pth, new)}
        p = tmp_path / "r.yaml"
        _rewrite(p, doc)
        assert probe_save(p).startswith("refused"), pth
        counts["retyped"] += 1
    # absurd numbers anywhere in the board files: refused with a problem, never built
    d = _fresh_board_copy(tmp_path)
    originals = {f.name: f.read_text(encoding="utf-8") for f in d.glob("*.yaml")}
    for i in range(4 * scale):
        name = rnd.choice(["board.yaml", "armies.yaml", "bohemia.yaml", "flanders.yaml"])
        doc = _yload(originals[name])
        doc = _set(doc, rnd.choice(list(_number_paths(doc))), rnd.choice(ABSURD_NUMBERS))
        (d / name).write_text(_ydump(doc, sort_keys=False), encoding="utf-8")
        assert probe_board(d).startswith("refused")
        (d / name).write_text(originals[name], encoding="utf-8")
        counts["numbers"] += 1
    # FRIEDRICH's header and options: a wrong value is a FSaveError with a message that draws
    fp = tmp_path / "f.yaml"
    friedrich_save(fp, 6)
    fbase = _yload(fp.read_text(encoding="utf-8"))
    for i in range(12 * scale):
        key = rnd.choice(["options", "rules_version", "schema", "players", "seed", "created", "options"])
        value = rnd.choice(WRONG_VALUES + [{"advanced": "no"}, {"\0": True}, {"east_prussia": 1}, "99.0.0"])
        fp.write_text(_ydump({**fbase, key: value}, sort_keys=False), encoding="utf-8")
        try:
            fload(fp)
        except FSaveError as exc:
            _drawn(str(exc))
        counts["friedrich headers"] += 1
    # seats that are not seats, in both games: refused at load with a message that draws, never
    # loaded to crash when that seat is to act
    seat_values = WRONG_VALUES + [
        "grandmaster",
        "human",
        5,
        {"kind": "robot"},
        {"level": "hard", "x": 1},
        {"kind": "computer", "level": "\0"},
        {"kind": "computer", "level": "h" * 100_000},
    ]
    mbase = _yload(dump_save(rec))
    for i in range(10 * scale):
        value = rnd.choice(seat_values)
        role = rnd.choice(["maria_theresa", "frederick", "louis_xv", "nobody"])
        doc = {**mbase, "seats": value if rnd.random() < 0.2 else {role: value}}
        p = tmp_path / "seats.yaml"
        _rewrite(p, doc)
        _drawn(probe_save(p))
        assert probe_save(p).startswith("refused") or all(
            isinstance(x, dict) and x.get("kind") in ("human", "computer") for x in load_game(p).seats.values()
        )
        fseat = {**fbase, "seats": {rnd.choice(["frederick", "maria_theresa"]): value}}
        fp.write_text(_ydump(fseat, sort_keys=False), encoding="utf-8")
        try:
            fload(fp)
        except FSaveError as exc:
            _drawn(str(exc))
        counts["seats"] = counts.get("seats", 0) + 1
    assert all(counts.values()), counts


def test_a_log_number_edited_into_an_equal_float_with_the_state_to_match_is_refused(tmp_path):
    """A transfer of 4.0 troops passes the rules' == and carries the float into the position; an
    editor who also writes that position (new check codes) is refused by the log's own check."""
    rec = _played_record()
    i, entry = next(
        (i, e)
        for i, e in enumerate(rec.actions)
        if any(isinstance(v, int) and not isinstance(v, bool) for v in e["action"].values())
    )
    key = next(k for k, v in entry["action"].items() if isinstance(v, int) and not isinstance(v, bool))
    edited = copy.deepcopy(rec.actions)
    edited[i]["action"][key] = float(entry["action"][key])
    from maria.record.replay import replay

    state = replay(
        GameRecord(
            variant=rec.variant,
            players=rec.players,
            seed=rec.seed,
            options=rec.options,
            actions=edited,
            state=rec.state,
        ),
        check=False,
        compare=False,
    )
    doc = {**_yload(dump_save(rec)), "actions": edited, "state": state}
    p = tmp_path / "g.yaml"
    _rewrite(p, doc)
    with pytest.raises(SaveError, match=rf"action {i} of the log holds the number .*decimal point"):
        load_game(p)


def test_a_friedrich_log_number_edited_into_an_equal_float_is_refused(tmp_path):
    from maria.record.friedrich_saves import FSaveError, digest, load

    p = _friedrich_save_with(tmp_path)
    doc = _yload(p.read_text(encoding="utf-8"))
    path = next(_int_leaves(doc["actions"]))  # a whole number somewhere in the log
    doc["actions"] = _retyped(doc["actions"], path, "float")
    doc["log_digest"] = digest(doc["actions"])
    p.write_text(_ydump(doc, sort_keys=False), encoding="utf-8")
    with pytest.raises(FSaveError, match=f"action {path[0]} of the log holds the number .*decimal point"):
        load(p)


def test_the_game_of_a_save_rewritten_with_sorted_keys_is_still_found(tmp_path):
    from maria.record.files import game_of
    from tests.friedrich.test_replay_command import _save

    p = tmp_path / "f.yaml"
    _save(p, 5)
    p.write_text(yamlc.dump(_yload(p.read_text(encoding="utf-8"))), encoding="utf-8")  # `actions:` first
    assert p.read_text(encoding="utf-8").startswith("actions:")
    assert game_of(p) == "friedrich"
