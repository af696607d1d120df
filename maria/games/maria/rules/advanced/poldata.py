"""The political cards and the political display as data (R17, R18, Appendix A;
maria/games/maria/data/*.yaml, reconstructed; see docs/political-cards.md).  Loaded with the safe
loader and validated: every problem names the file, the entry and what is wrong."""

from __future__ import annotations

from pathlib import Path

import yaml

from maria import yamlio
from maria.games.maria.rules import roles as R

DATA = Path(__file__).resolve().parents[2] / "data"
TRACKS = ("italy", "russia", "saxony")
ICONS = ("tc_minus", "tc_plus", "expedition", "vp")
SAXONY_STATES = ("prussian_ally", "neutral", "austrian_ally")
INSTRUCTIONS = (
    "charles_emmanuel",
    "jenkins",
    "denmark",
    "hessian",
    "palatinate",
    "frankfurt",
    "quadruple",
    "carnatic",
    "jacobite",
)


class DataError(ValueError):
    pass


_CACHE: dict = {}


def _load(name: str, root: Path) -> dict:
    path = root / name
    try:
        data = yamlio.load_file(path, 1024 * 1024)  # the guarded loader (depth, size, FIFOs)
    except (OSError, yaml.YAMLError) as e:
        raise DataError(f"{name}: cannot be read: {e}") from None
    if not isinstance(data, dict):
        raise DataError(f"{name}: the top level must be a mapping")
    return data


def validate_display(d: dict, name: str = "political_display.yaml") -> list[str]:
    out = []
    order = d.get("placement_order")
    if not isinstance(order, list) or sorted(order) != sorted(R.MAJOR):
        out.append(f"{name}: placement_order: must list the four major powers once each, not {order!r}")
    tracks = d.get("tracks")
    if not isinstance(tracks, dict) or set(tracks) != set(TRACKS):
        return out + [f"{name}: tracks: must be exactly {', '.join(TRACKS)}"]
    for t in TRACKS:
        tr = tracks[t]
        boxes = tr.get("boxes") if isinstance(tr, dict) else None
        if not isinstance(boxes, list) or len(boxes) < 3:
            out.append(f"{name}: tracks.{t}: needs a list 'boxes' of at least 3 boxes")
            continue
        star = tr.get("star")
        if not isinstance(star, int) or not 0 <= star < len(boxes):
            out.append(f"{name}: tracks.{t}.star: must be a box index 0..{len(boxes) - 1}, not {star!r}")
        for i, b in enumerate(boxes):
            where = f"{name}: tracks.{t}.boxes[{i}]"
            if not isinstance(b, dict):
                out.append(f"{where}: must be a mapping")
                continue
            if "icon" in b:
                if b["icon"] not in ICONS:
                    out.append(f"{where}: unknown icon {b['icon']!r} (known: {', '.join(ICONS)})")
                if b.get("power") not in R.MAJOR:
                    out.append(f"{where}: an icon needs the major power of its colour, not {b.get('power')!r}")
                if b.get("icon") == "vp" and (t != "italy" or b.get("power") not in ("austria", "france")):
                    out.append(f"{where}: victory-point icons are on the Italy track, for Austria or France (R16.6)")
            if t == "saxony" and b.get("state") not in SAXONY_STATES:
                out.append(f"{where}: a Saxony box needs a state among {', '.join(SAXONY_STATES)}")
    return out


def validate_cards(d: dict, name: str = "political_cards.yaml") -> list[str]:
    out = []
    cards = d.get("cards")
    if not isinstance(cards, list):
        return [f"{name}: cards: must be a list"]
    seen = set()
    years: dict = {}
    for i, c in enumerate(cards):
        where = f"{name}: cards[{i}]" + (f" ({c.get('id')})" if isinstance(c, dict) else "")
        if not isinstance(c, dict):
            out.append(f"{where}: must be a mapping")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or cid in seen:
            out.append(f"{where}: id must be a unique string")
        seen.add(cid)
        if c.get("year") not in (1741, 1742, 1743, 1744):
            out.append(f"{where}: year must be 1741..1744")
        if c.get("special") == "election":
            continue
        years[c.get("year")] = years.get(c.get("year"), 0) + 1
        arms = c.get("arms")
        if not isinstance(arms, list) or not arms or any(a not in R.MAJOR for a in arms):
            out.append(f"{where}: arms must list major powers, not {arms!r}")
        for j, a in enumerate(c.get("arrows") or []):
            if (
                not isinstance(a, dict)
                or a.get("track") not in TRACKS
                or a.get("dir") not in ("left", "right", "either")
                or not isinstance(a.get("n"), int)
                or not 1 <= a["n"] <= 3
            ):
                out.append(f"{where}: arrows[{j}]: needs track (italy/russia/saxony), dir (left/right/either), n 1..3")
        ins = c.get("instruction")
        if ins is not None and ins not in INSTRUCTIONS:
            out.append(f"{where}: unknown instruction {ins!r}")
    if years != {1741: 6, 1742: 6, 1743: 6, 1744: 6}:
        out.append(f"{name}: every year needs 6 real cards, got {years}")
    if sum(1 for c in cards if isinstance(c, dict) and c.get("special") == "election") != 1:
        out.append(f"{name}: exactly one Imperial Election card (special: election) is needed")
    return out


def load(root: Path | None = None) -> tuple[dict, dict]:
    """(cards by id, display) — cached per directory."""
    root = Path(root) if root else DATA
    got = _CACHE.get(root)
    if got is None:
        cards = _load("political_cards.yaml", root)
        disp = _load("political_display.yaml", root)
        problems = validate_cards(cards) + validate_display(disp)
        if problems:
            raise DataError("\n".join(problems))
        got = _CACHE[root] = ({c["id"]: c for c in cards["cards"]}, disp)
    return got


def cards() -> dict:
    return load()[0]


def display() -> dict:
    return load()[1]
