"""Random play through FRIEDRICH's door for the tests: a random legal action for a role, with
the templates (army allocation, recruitment) filled in at random but legally.  The code lives in
maria.analysis.friedrich_selfplay (shared with `python -m maria selfplay --game friedrich`)."""

from __future__ import annotations

from maria.analysis.friedrich_selfplay import fill, random_step  # noqa: F401
