"""The code's habits that the linter cannot check itself: every `# noqa` names the rules it silences
and says why, beside it (ruff, run by .ci/run, reports a marker that silences nothing)."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("main.py", "maria", "tests", "tools")
# the marker, its rule codes ("E402,F401"), then a reason in words ("(why)" or "- why")
NOQA = re.compile(r"#\s*noqa\b(?P<codes>:\s*[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*)?(?P<reason>.*)", re.IGNORECASE)


def python_files() -> list[Path]:
    out = []
    for name in SOURCES:
        p = ROOT / name
        out += [p] if p.is_file() else sorted(p.rglob("*.py"))
    return out


def unexplained_noqa(text: str) -> list[int]:
    """The lines of `text` (Python source) whose `# noqa` comment names no rule or gives no reason."""
    bad = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type != tokenize.COMMENT:
            continue
        m = NOQA.search(tok.string)
        if m is None:
            continue
        reason = re.sub(r"^[\s(\-–—:]+", "", m.group("reason"))
        if not m.group("codes") or not re.search(r"[A-Za-z]{3,}", reason):
            bad.append(tok.start[0])
    return bad


def test_unexplained_noqa_is_recognised():
    src = (
        "import os  # noqa: F401\n"
        "import re  # noqa\n"
        "import sys  # noqa: F401 -\n"
        "import io  # noqa: F401  (re-exported)\n"
        "import re  # noqa: E402,F401  (imported to register their states)\n"
        "x = '# noqa in a string is no comment'\n"
    )
    assert unexplained_noqa(src) == [1, 2, 3]


def test_every_noqa_names_its_rules_and_says_why():
    bad = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in python_files()
        for line in unexplained_noqa(path.read_text(encoding="utf-8"))
    ]
    assert not bad, "a '# noqa' without its rule codes and a reason beside it: " + ", ".join(bad)
