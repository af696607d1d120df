"""The repository describes the program as it is: docs/ holds documents, not experiment output;
docs/balance.md is a table of the current figures, each reproduced by the games kept for it; no
file tells the project's work history (a numbered work session or a lettered trial)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from maria.lab import series

ROOT = Path(__file__).resolve().parents[1]
BALANCE = ROOT / "docs" / "balance.md"
KEPT = ROOT / "tools" / "data" / "balance"
DOC_TEXT_LIMIT = 64 * 1024  # the largest document today is about half of it
BALANCE_LINES = 300
# Not yet checked: each is rewritten in the present tense on its own branch; drop an entry once
# its files pass.
NOT_YET_CHECKED: tuple[str, ...] = ()
SESSION_NUMBER = re.compile(r"\bsessions?\s+\d+", re.IGNORECASE)
TRIAL_LETTER = re.compile(r"\b[Tt]rials?\s+[A-Z][A-Z0-9]?\b(?![\w-])")


def _tracked(*paths: str) -> list[str]:
    """The repository's files under `paths` (git's list; outside a git checkout, every file but
    the virtual environment's, caches and build output)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--", *paths], cwd=ROOT, capture_output=True, check=True)
        return [p for p in out.stdout.decode("utf-8").split("\0") if p]
    except (OSError, subprocess.CalledProcessError):
        skip = {".git", ".venv", "__pycache__", ".pytest_cache", "build", "dist"}
        return [
            f.relative_to(ROOT).as_posix()
            for base in paths
            for f in sorted((ROOT / base).rglob("*"))
            if f.is_file() and not skip & set(f.relative_to(ROOT).parts)
        ]


def test_docs_hold_documents_and_images_only_no_file_of_text_over_64_kb():
    big = [
        (p, (ROOT / p).stat().st_size)
        for p in _tracked("docs")
        if not p.endswith(".png") and (ROOT / p).stat().st_size > DOC_TEXT_LIMIT
    ]
    assert big == []


def test_balance_md_is_a_table_of_at_most_300_lines():
    assert len(BALANCE.read_text(encoding="utf-8").splitlines()) <= BALANCE_LINES


def test_every_kept_series_gives_the_figures_balance_md_prints():
    text = BALANCE.read_text(encoding="utf-8")
    files = sorted(KEPT.glob("*.jsonl.gz"))
    assert files
    for f in files:
        assert f.name in text, f"{f.name} is kept but docs/balance.md does not name it"
        for line in series.summary(series.read(f)):
            for pct in re.findall(r"= (\d+\.\d)%", line):
                assert f"{pct}%" in text, (f.name, line)


def test_no_tracked_file_tells_the_work_history_by_session_number_or_trial_letter():
    hits = []
    for p in _tracked("."):
        if p.startswith(NOT_YET_CHECKED) or p == "tests/test_repository.py":
            continue
        try:
            text = (ROOT / p).read_text(encoding="utf-8")
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue  # images, fonts, archives
        for n, line in enumerate(text.splitlines(), 1):
            m = SESSION_NUMBER.search(line) or TRIAL_LETTER.search(line)
            if m:
                hits.append(f"{p}:{n}: {m.group(0)}")
    assert hits == []


def test_the_suite_keeps_the_players_folders_out_of_reach():
    """A test that does not choose its own folders writes into a temporary one (tests/conftest.py),
    never into the player's saves, settings or logs."""
    import tempfile

    from maria import userdirs

    tmp = Path(tempfile.gettempdir()).resolve()
    for d in (userdirs.saves_dir(), userdirs.config_dir(), userdirs.log_dir()):
        assert tmp in d.resolve().parents
