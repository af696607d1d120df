"""A player reads the printed rulebook's section numbers (English v2.1), not the digest's R-numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from maria.ui import widgets as W
from maria.ui.citations import printed, section


def test_R_numbers_become_the_printed_sections_that_hold_them():
    assert (
        printed("Only clubs may be played in this sector (R11.2).")
        == "Only clubs may be played in this sector (§11.1)."
    )
    assert section("11.14") == "11.2"  # the retreat rules are printed under 11.2 Retreat
    assert section("17.6.4") == "17.5"  # "Execution of Political Cards" closes the printed 17.5
    assert section("10.5") == "10.1" and section("10.16") == "10.3"
    assert printed("(R11.3/R11.5)") == "(§11.1)"
    assert printed("RUL-06 and no rule") == "RUL-06 and no rule"


def test_text_on_screen_is_converted():
    lines = W.wrap("A force march covers at most 8 cities (R10.5).", 2000, 18)
    assert lines == ["A force march covers at most 8 cities (§10.1)."]


def test_the_shipped_table_matches_the_digest():
    digest = Path(__file__).resolve().parents[3] / "shared" / "rules" / "digest.md"
    if not digest.exists():
        pytest.skip("the rules digest is not beside this checkout")
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    from printed_sections import table
    from maria.ui.citations import _table

    assert table(digest.read_text(encoding="utf-8")) == _table()
