"""MARIA — a digital edition of Richard Sivél's card-driven wargame (2009)."""

__version__ = "0.2.2"
