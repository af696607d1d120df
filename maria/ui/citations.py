"""What a player reads: the printed section numbers of the English rules v2.1, never our R-numbers.

The engine and the program cite rules by the implementers' digest numbers (R11.2, R17.6.4); the
rulebook in a player's hands has sections (11.1 Combat, 17.5 Select Political Cards).  Every text
drawn on screen passes through `printed`, which turns each "R…" into "§…" of the section that holds
it (maria/games/maria/data/printed_sections.yaml, generated from the digest by tools/printed_sections.py).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from maria import yamlio

DATA = Path(__file__).resolve().parents[1] / "games" / "maria" / "data" / "printed_sections.yaml"
_CITE = re.compile(r"\bR(\d+(?:\.\d+)*)[a-z]?\b")
_REPEAT = re.compile(r"§([\d.]+)((?:,| and|/) ?§\1\b)+")


@lru_cache(maxsize=2)
def _load(part: str) -> dict[str, str]:
    try:
        data = yamlio.load_file(DATA)
        table = data.get(part, {}) if isinstance(data, dict) else {}
        return {str(k): str(v) for k, v in table.items()}
    except Exception:  # a missing or damaged table: the chapter number still helps
        return {}


def _table() -> dict[str, str]:
    return _load("sections")


def title(sec: str) -> str:
    """The printed title of section `sec` ("10.1" -> "Movement"), else its chapter's, else ""."""
    t = _load("titles")
    return t.get(sec) or t.get(sec.split(".")[0], "")


def cite(rnum: str) -> str:
    """A digest rule as a player looks it up: "R10.5" -> "§10.1 Movement"."""
    sec = section(rnum.lstrip("R"))
    return f"§{sec} {title(sec)}".strip()


@lru_cache(maxsize=2048)  # a static table: the same R-number always gives the same section
def section(rnum: str) -> str:
    """The printed section holding digest rule `rnum` ("11.2" -> "11.1"); its chapter if unknown."""
    t = _table()
    below = sorted(v for k, v in t.items() if k.startswith(rnum + "."))
    if rnum not in t and below:  # "R19.1" for the rules R19.1.1, R19.1.2, …
        return below[0]
    parts = rnum.split(".")
    while parts:
        key = ".".join(parts)
        if key in t:
            return t[key]
        parts.pop()
    return rnum.split(".")[0]


@lru_cache(maxsize=8192)  # every text on screen passes here, every time it is drawn
def printed(text: str) -> str:
    """`text` with every R-number replaced by its printed section ("see R11.2" -> "see §11.1")."""
    if "R" not in text:
        return text
    out = _CITE.sub(lambda m: "§" + section(m.group(1)), text)
    return _REPEAT.sub(lambda m: "§" + m.group(1), out)
