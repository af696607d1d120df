"""The Clock of Fate (2005 rules §11, standard game: the spades version of every numbered card):
the 18 Cards of Fate (texts and effects as data in maria/games/friedrich/data/fate.yaml), drawn from
the end of turn 6, one per turn, each put back under the deck; the historical cards (nations
leave the game, generals removed for good, income cuts), the Imperials' change of controller and
the temporary modifiers of the numbered cards ("next turn" = the game turn after the draw).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from maria import yamlio
from maria.engine import deck, rng
from maria.engine.log import log
from maria.games.friedrich.rules import hooks
from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules.conquest import leave_city
from maria.games.friedrich.rules.machine import Handler, pop, push, register, waiting_nation
from maria.games.friedrich.rules.state import (
    IllegalAction,
    armies_total,
    generals_at,
    general_by_rank,
    generals_of,
    nation_title,
    place_general,
    place_train,
    remove_general,
)
from maria.games.friedrich.rules.state import Info
from maria.games.friedrich.rules.supply import train_distance

DATA = Path(__file__).resolve().parents[1] / "data" / "fate.yaml"
HISTORICAL = ("elisabeth", "india", "america", "sweden", "lord_bute", "poems")


@lru_cache(maxsize=1)
def cards_data() -> dict:
    """The Fate cards, read once with the program's guarded loader (size, depth, plain data)."""
    data = yamlio.load_file(DATA, 256 * 1024)
    if (
        not isinstance(data, dict)
        or set(data["historical"]) != set(HISTORICAL)
        or set(data["numbered"]) != set(range(1, 13))
    ):
        raise ValueError("fate.yaml must hold the 6 historical and the 12 numbered cards")
    return data


def new_fate(state: dict) -> dict:
    """Set-up: the 18 cards shuffled face-down (§1 "Commencer")."""
    ids = list(HISTORICAL) + [str(n) for n in range(1, 13)]
    rng.shuffle(state, ids)
    return {
        "deck": ids,
        "drawn": 0,
        "subsidy_cuts": 0,
        "colonies": 0,
        "imperial_changed": False,
        "seen": [],
        "used": [],
    }


def text_of(card: str, version: str = "spades") -> str:
    d = cards_data()
    if card in d["historical"]:
        return d["historical"][card]["title"] + ": " + d["historical"][card]["text"]
    return f"Fate {card} ({version}): " + d["numbered"][int(card)][version]["text"]


def _gen(state: dict, ref: dict) -> str | None:
    return general_by_rank(state, ref["nation"], int(ref["rank"]))


def draw_fate(state: dict, info: Info) -> None:
    """Draw the top card, apply it (it may ask a player to choose), put it under the deck."""
    fate = state["fate"]
    card = fate["deck"].pop(0)
    fate["deck"].append(card)
    fate["drawn"] += 1
    first_time = card not in fate["seen"]
    if first_time:
        fate["seen"].append(card)
    version = "spades" if card in HISTORICAL else hooks.call("fate_version", state, info)
    log(state, "The Clock of Fate: " + text_of(card, version))
    d = cards_data()
    nxt = state["turn"] + 1
    if card in d["historical"]:
        if first_time:
            _historical(state, info, card)
        return
    spec = d["numbered"][int(card)][version]
    eff = spec.get("effect", "none")
    if eff == "first_card_plus" or eff == "recruits_no_attack":
        state["mods"].append({"kind": eff, "nation": spec["nation"], "turn": nxt})
    elif eff == "idle":
        g = _gen(state, spec["general"])
        if g:
            state["mods"].append({"kind": "no_attack", "general": g, "turn": nxt})
            state["mods"].append({"kind": "no_train_kill", "general": g, "turn": nxt})
    elif eff == "range":
        g = _gen(state, spec["general"])
        if g:
            state["mods"].append({"kind": "range", "general": g, "value": int(spec["value"]), "turn": nxt})
    elif eff == "seydlitz":
        state["mods"].append({"kind": "seydlitz", "nation": "prussia", "turn": nxt})
    elif eff == "russian_supply":
        for g in generals_of(state, "russia"):
            dist = train_distance(state, info, "russia", state["generals"][g]["city"])
            if dist in (5, 6):
                state["generals"][g]["face_down"] = True
                log(state, f"{state['generals'][g]['name']} is out of supply and turns face-down (Fate 9).", "russia")
    elif eff == "general_supply":  # §13 Fate 12 clubs: as 9 spades, one general
        g = _gen(state, spec["general"])
        if g and state["generals"][g]["city"] is not None:
            dist = train_distance(state, info, spec["general"]["nation"], state["generals"][g]["city"])
            if dist in (5, 6):
                state["generals"][g]["face_down"] = True
                log(
                    state,
                    f"{state['generals'][g]['name']} is out of supply and turns face-down (Fate 12).",
                    spec["general"]["nation"],
                )
    elif eff == "prussian_army":
        room = T.ARMIES_MAX
        opts = [g for g in generals_of(state, "prussia") if state["generals"][g]["armies"] < room]
        if opts and armies_total(state, "prussia") < int(info.board.armies.get("prussia", 0)):
            push(state, {"name": "fate_choice", "kind": "prussian_army", "nation": "prussia", "options": opts})
    elif eff == "laudon_moves":
        g = _gen(state, spec["general"])
        if g and state["generals"][g]["city"] is not None and "austria" not in state["left"]:
            city = state["generals"][g]["city"]
            opts = []
            for n in sorted(info.graph.nbrs[city]):
                gs = generals_at(state, n)
                if (not gs and n not in state["city_train"]) or (
                    gs and state["generals"][gs[0]]["nation"] == "austria" and len(gs) < T.STACK_MAX
                ):
                    opts.append(n)
            if opts:
                push(
                    state,
                    {
                        "name": "fate_choice",
                        "kind": "laudon",
                        "nation": "austria",
                        "general": g,
                        "options": opts + ["stay"],
                    },
                )
    elif eff != "none":
        hooks.call("fate_effect", state, info, spec, eff, nxt)  # §13: the clubs, hearts, diamonds versions


def leave(state: dict, nation: str) -> None:
    """A nation leaves the game (§11): ruling: its pieces leave the map, its cards go to the
    discards and its conquests no longer count (they return to their defenders)."""
    if nation in state["left"]:
        return
    state["left"].append(nation)
    for gid, g in state["generals"].items():
        if g["nation"] == nation:
            remove_general(state, gid, for_good=True)
    for tid, t in state["trains"].items():
        if t["nation"] == nation:
            t["out"] = True
            place_train(state, tid, None)
    hand = list(state["cards"]["hands"].get(nation, []))
    if hand:
        deck.discard(state, nation, hand)
    for city in [c for c, n in state["conquered"].items() if n == nation]:
        del state["conquered"][city]
    log(state, f"{nation_title(nation)} leaves the game (§11).", nation)
    _controller_change(state)


def _controller_change(state: dict) -> None:
    """§11: the Imperials go to Elisabeth's player once Russia and Sweden have left, to
    Pompadour's once France has left (only the first change can matter before the game ends)."""
    fate = state["fate"]
    if fate["imperial_changed"] or "imperial_army" in state["left"]:
        return
    new = None
    roles = state["roles"]
    if "russia" in state["left"] and "sweden" in state["left"]:
        new = next(r for r, ns in roles.items() if "russia" in ns)
    elif "france" in state["left"]:
        new = next(r for r, ns in roles.items() if "france" in ns)
    if new is None:
        return
    for r in roles:
        if "imperial_army" in roles[r]:
            roles[r].remove("imperial_army")
    roles[new].append("imperial_army")
    fate["imperial_changed"] = True
    log(
        state,
        f"The Imperial Army changes controller: now played by {new.replace('_', ' ').title()} (§11).",
        "imperial_army",
    )


def _remove_named(state: dict, ref: dict) -> None:
    g = _gen(state, ref)
    if g is not None and not state["generals"][g]["out"]:
        remove_general(state, g, for_good=True)
        log(state, f"{state['generals'][g]['name']} is removed for good (§11).", ref["nation"])


def _historical(state: dict, info: Info, card: str) -> None:
    d = cards_data()
    fate = state["fate"]
    if card == "elisabeth":
        _remove_named(state, d["lehwaldt"])
        leave(state, "russia")
    elif card in ("india", "america"):
        fate["colonies"] += 1
        if fate["colonies"] >= 2:
            _remove_named(state, d["cumberland"])
            leave(state, "france")
    elif card == "sweden":
        leave(state, "sweden")
        frederick = _gen(state, d["frederick"])
        opts = [
            g
            for g, p in sorted(state["generals"].items())
            if p["nation"] == "prussia" and not p["out"] and g != frederick
        ]
        if opts:
            push(state, {"name": "fate_choice", "kind": "remove_general", "nation": "prussia", "options": opts})
    elif card in ("lord_bute", "poems"):
        fate["subsidy_cuts"] += 1
        hooks.call("subsidy_cut", state)


@register("fate_choice")
class FateChoice(Handler):
    """A choice a Fate card leaves to a nation: which Prussian general is removed for good
    (SWEDEN), which gains a free army (8), where Laudon moves (6)."""

    @staticmethod
    def waiting(state: dict, info: Info, frame: dict) -> list[str]:
        return waiting_nation(state, frame["nation"])

    @staticmethod
    def prompt(state: dict, info: Info, frame: dict, role: str) -> list[dict]:
        if role not in FateChoice.waiting(state, info, frame):
            return []
        return [{"type": "fate", "choice": c} for c in frame["options"]]

    @staticmethod
    def act(state: dict, info: Info, frame: dict, role: str, action: dict) -> None:
        c = action["choice"]
        if c not in frame["options"]:
            raise IllegalAction("Choose one of the options the Fate card gives.")
        if frame["kind"] == "remove_general":
            remove_general(state, c, for_good=True)
            log(state, f"{state['generals'][c]['name']} is removed for good (§11, SWEDEN).", "prussia")
        elif frame["kind"] == "prussian_army":
            state["generals"][c]["armies"] += 1
            log(state, "A Prussian general gains a free army (Fate 8).", "prussia")
        elif frame["kind"] == "laudon" and c != "stay":
            g = frame["general"]
            here = state["generals"][g]["city"]
            place_general(state, g, c)
            leave_city(state, info, here, "austria")  # ruling: a move away from an objective
            gs = generals_at(state, c)
            if len({state["generals"][x]["face_down"] for x in gs}) > 1:
                for x in gs:
                    state["generals"][x]["face_down"] = True
            log(state, f"Laudon moves to {info.board.cities[c].name} (Fate 6).", "austria", [c])
        pop(state)
