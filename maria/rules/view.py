"""What one role may see (R6.5, R8.4): the only place hidden information is filtered."""

from __future__ import annotations

from maria.rules import roles as R
from maria.rules.state import troops_total

PUBLIC_FRAME_KEYS = {"name", "powers", "score", "right", "att", "def", "att_city", "def_city",
                     "att_power", "def_power", "att_suit", "def_suit", "played", "distance", "city",
                     "winner_city", "winner_power", "power", "amount", "purpose", "piece", "mode",
                     "path", "moved", "pending", "order", "idx", "costs", "placed"}


def view(state: dict, role: str) -> dict:
    mine = set(R.powers_of(state, role))
    gens = {}
    for gid, g in state["generals"].items():
        v = {k: g[k] for k in ("power", "name", "rank", "city", "face_up", "in_play")}
        v["troops"] = g["troops"] if g["power"] in mine else g["known"]
        gens[gid] = v
    powers = sorted({g["power"] for g in state["generals"].values()})
    c = state["cards"]
    hands = {p: (list(h) if p in mine else len(h)) for p, h in c["hands"].items()}
    flow = [{k: v for k, v in f.items() if k in PUBLIC_FRAME_KEYS} for f in state["flow"]]
    return {
        "role": role, "variant": state["variant"], "players": state["players"],
        "turn": state["turn"], "stage": state["stage"], "phase": state["phase"],
        "roles": {r: list(ps) for r, ps in state["roles"].items()},
        "generals": gens,
        "troop_totals": {p: troops_total(state, p) for p in powers},
        "trains": {t: dict(v) for t, v in state["trains"].items()},
        "hussars": dict(state["hussars"]),
        "markers": dict(state["markers"]), "qmarks": dict(state["qmarks"]),
        "hands": hands,
        "draw_deck": len(c["draw"]), "aside_decks": [len(d) for d in c["aside"]],
        "discards": {d: list(v) for d, v in c["discards"].items()},
        "flow": flow, "log": list(state["log"]), "result": state["result"],
    }
