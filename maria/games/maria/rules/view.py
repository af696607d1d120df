"""What one role may see (R6.5, R8.4): the only place hidden information is filtered."""

from __future__ import annotations

from typing import Collection

from maria.games.maria.rules import hooks
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.state import board_info, commander, troops_total
from maria.games.maria.rules.victory import status as victory_status

PUBLIC_FRAME_KEYS = {
    "name",
    "powers",
    "score",
    "right",
    "att",
    "def",
    "att_city",
    "def_city",
    "att_power",
    "def_power",
    "att_suit",
    "def_suit",
    "played",
    "distance",
    "city",
    "winner_city",
    "winner_power",
    "power",
    "amount",
    "purpose",
    "piece",
    "mode",
    "path",
    "moved",
    "pending",
    "order",
    "idx",
    "costs",
    "placed",
    "step",
    "card",
    "n",
    "track",
    "selected",
    "shifts",
    # advanced, second part: diplomacy / subsidies, peace, dispute, consent
    "done",
    "offered",
    "cancel_asked",
    "kind",
    "giver",
    "recipient",
    "turns",
    "contract",
    "pieces",
    "dispute",
    "flanders_done",
    "done_roles",
    "to",
    "general",
    "consented",
    "refused",
    "cause",
    "home",  # relocations (R17.6.7, R19.1, R19.3.3)
    "cities",
    "generals",
    "then",
    "commander",
    "proposed",  # R6.2 equal ranks
    "offer",  # R21: an agreement offered is public (R21.2)
    "by",
}


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
        "role": role,
        "variant": state["variant"],
        "players": state["players"],
        "turn": state["turn"],
        "stage": state["stage"],
        "phase": state["phase"],
        "roles": {r: list(ps) for r, ps in state["roles"].items()},
        "generals": gens,
        "troop_totals": {p: troops_total(state, p) for p in powers},
        "trains": {t: dict(v) for t, v in state["trains"].items()},
        "hussars": dict(state["hussars"]),
        "markers": dict(state["markers"]),
        "qmarks": dict(state["qmarks"]),
        "hands": hands,
        "known_cards": {p: list(k) for p, k in sorted(c.get("known", {}).items()) if k},
        "draw_deck": len(c["draw"]),
        "aside_decks": [len(d) for d in c["aside"]],
        "discards": {d: list(v) for d, v in c["discards"].items()},
        "flow": flow,
        "log": list(state["log"]),
        "result": state["result"],
        "advanced": _adv_view(state, mine),
        "victory": victory_status(state, board_info(state)),  # public: the tracker's figures
        # R6.2: each stack's supreme commander (public: he is the piece on top)
        "commanders": {c: commander(state, c) for c, gs in sorted(state["city_generals"].items()) if len(gs) > 1},
    }


def _adv_view(state: dict, mine: Collection[str]) -> dict | None:
    """The advanced game's public boards; hidden: the winter scores until the end (R13.6), the
    face-down political TCs of others (R17.3, R25.3), the order of the political deck."""
    a = state.get("adv")
    if a is None:
        return None
    pol = a["pol"]
    disp = {}
    for p, ents in pol["display"].items():
        # a face-down card of another power is a card back unless everybody saw it when the
        # display was revealed (R17.4, R25.3: turned face-down again, remembered); "new" (placed
        # this turn) is public
        disp[p] = [
            {
                "card": e["card"] if (e["up"] or p in mine or e.get("seen")) else None,
                "up": e["up"],
                "new": bool(e.get("new")),
                "seen": bool(e.get("seen")),
            }
            for e in ents
        ]
    over = state["result"] is not None
    return {
        "pools": dict(a["pools"]),
        "battle_boxes": dict(a["battle"]),
        "three_electors": a["electors3"],
        "emperor": a["emperor"],
        "italy": list(a["italy"]),
        "silesia_box": a["silesia_box"],
        "electors": dict(a["electors"]),
        "college": dict(a["college"]),
        "tracks": dict(a["tracks"]),
        "saxony_state": a.get("saxony_state"),
        "set_aside": dict(a["set_aside"]),
        "winter_scores": {p: list(v) for p, v in a["winter"].items()}
        if over
        else {p: len(v) for p, v in a["winter"].items()},
        "political": {
            "deck": len(pol["deck"]),
            "faceup": list(pol["faceup"]),
            "trump": pol["trump"],
            "discard": list(pol["discard"]),
            "display": disp,
        },
        "election": a["election"],
        "emperor_elected": a["emperor_elected"],
        "contracts": {k: dict(v) for k, v in a.get("contracts", {}).items()},  # R20
        "agreements": [dict(x) for x in a.get("agreements", [])],  # R21: public (R21.2)
        "silesia_annexed": a.get("silesia_annexed"),  # R19.1
        "prussia_neutral_until": a.get("prussia_neutral_until"),  # R19.1.2 step 6
        "neutral": hooks.call("neutral_powers", state),  # R19.4
    }
