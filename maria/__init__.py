"""MARIA — a digital edition of Richard Sivél's card-driven wargame (2009)."""

__version__ = "0.2.2"


def version_tuple(v: str) -> tuple[int, ...] | None:
    """(major, minor, patch) of a version text such as "0.2.1" (None if it is not one): what a
    save's `rules_version` is compared by."""
    import re

    m = re.match(r"^(\d+)\.(\d+)(?:\.(\d+))?", v)
    return tuple(int(x or 0) for x in m.groups()) if m else None
