"""The structured, append-only game log (no rule section; names powers and places, never "you")."""

from __future__ import annotations

from typing import Any


def log(state: dict, text: str, power: str | None = None, places: list[str] | None = None) -> None:
    state["log"].append(
        {
            "turn": state["turn"],
            "stage": state.get("stage"),
            "phase": state.get("phase"),
            "power": power,
            "text": text,
            "places": list(places or []),
        }
    )


def name(state: dict, piece_id: str) -> str:
    g = state["generals"].get(piece_id)
    if g is not None:
        return g["name"]
    t = state["trains"].get(piece_id)
    if t is not None:
        return f"the {t['power'].replace('_', ' ').title()} supply train"
    return piece_id


def city_name(info: Any, city: str) -> str:
    return info.board.cities[city].name


def power_name(power: str) -> str:
    return power.replace("_", " ").title()
