"""FRIEDRICH's advanced rules (2005 rules §13, "Règles avancées"), each an option of the game
(state["options"]; all off = the standard game, unchanged):

- "fate_by_sector": a numbered Card of Fate is read in the version of the suit of the sector where
  the last victorious general stands (spades before any battle was won, ruling F13-1); the clubs,
  hearts and diamonds effects of maria/games/friedrich/data/fate.yaml are carried out here;
- "east_prussia": while Russia controls all its objectives in East Prussia a Russian general must
  stay there; with none there at the end of Russia's turn Prussia retakes two of them, its choice;
- "offensive_option": Prussia's 14 Bohemian objectives are in play; in turn 3, before moving,
  Prussia may lay out one TC of value 10 or more (the OO); Austria takes that card when Prussia
  loses a battle against it at -3 or worse or a Prussian general is removed for lack of supply
  south of coordinate line 5; with the OO Prussia wins holding the 14, without it Prussia conquers
  nothing after turn 3; the OO fails once the first subsidy cut happened and Austria holds the
  card; if Prussia took the OO Austria may declare 4 of its objectives conquered (one Saxon one
  at least really conquered).

State: state["adv"] (only when an option is on): {"last_win": {"general", "city"} | None,
"lost": [generals beaten this game turn], "oo": None | "taken" | "declined", "oo_card": card | None,
"oo_claimed": bool}.  Choices are flow states ("adv_choice", "oo_decision", "ep_check") whose
legal actions come from the door like every other.
"""

from __future__ import annotations

from itertools import combinations

from maria.engine import deck, rng
from maria.engine.log import log
from maria.games.friedrich.rules import hooks
from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules.conquest import conquer
from maria.games.friedrich.rules.machine import Handler, pop, push, register, waiting_nation
from maria.games.friedrich.rules.state import (
    ADVANCED_OPTIONS,
    IllegalAction,
    armies_total,
    cap_of,
    general_by_rank,
    generals_at,
    generals_of,
    in_game,
    names,
    nation_title,
    oo_failed,
    oo_taken,
    option_on,
    place_general,
)
from maria.games.friedrich.rules.state import Info

OO_MIN_VALUE = 10  # §13: "une CT avec une valeur de 10 au moins"
OO_CLAIM_SCORE = -3  # §13: "un résultat inférieur ou égal à -3"
AUSTRIA_DECLARED = 4  # §13: "revendiquer la conquête de 4 objectifs"


@hooks.provide("advanced_on")
def any_on(state: dict) -> bool:
    return any(option_on(state, k) for k in ADVANCED_OPTIONS)


@hooks.provide("new_advanced_state")
def new_adv() -> dict:
    return {"last_win": None, "lost": [], "oo": None, "oo_card": None, "oo_claimed": False}


@hooks.provide("normalise_options")
def normalise_options(options: dict | None) -> dict:
    """The game's options as stored: {"advanced": True} switches on all three rules of §13."""
    opts = dict(options or {})
    if opts.pop("advanced", False):
        for k in ADVANCED_OPTIONS:
            opts.setdefault(k, True)
    return opts


# --- §13 Fate version by sector ---------------------------------------------------------------------


@hooks.provide("fate_version")
def fate_version(state: dict, info: Info) -> str:
    """The version of a numbered Card of Fate to read: spades in the standard game; with the
    option, the suit of the sector where the last victorious general stands now (the city of
    that victory if he is off the map since, ruling F13-2); spades before any battle was won
    (ruling F13-1)."""
    if not option_on(state, "fate_by_sector"):
        return "spades"
    last = state["adv"]["last_win"]
    if not last:
        return "spades"
    g = state["generals"].get(last["general"])
    city = g["city"] if g is not None and g["city"] is not None else last["city"]
    return info.suit(city)


@hooks.provide("battle_settled")
def after_battle(state: dict, info: Info, frame: dict, loser: str, score: int) -> None:
    """A battle was decided (the loser's side stopped below zero): remember the winner (§13 Fate
    version), the beaten generals (Fate 12 hearts) and let Austria take the OO card (§13)."""
    if not any_on(state):
        return
    adv = state["adv"]
    winner = "def" if loser == "att" else "att"
    # ruling F13-2: "le dernier général victorieux" is the commander (top) of the winning stack
    adv["last_win"] = {"general": frame[winner][0], "city": frame[winner + "_city"]}
    for g in frame[loser]:
        if g not in adv["lost"]:
            adv["lost"].append(g)
    if frame[loser + "_nation"] == "prussia" and frame[winner + "_nation"] == "austria" and score <= OO_CLAIM_SCORE:
        claim_oo_card(state, f"Prussia lost a battle against Austria at {score:+d}")


def claim_oo_card(state: dict, why: str) -> None:
    """§13: Austria picks up the laid-out card (into its hand: it is Austria's card now)."""
    if not oo_taken(state) or state["adv"]["oo_claimed"]:
        return
    adv = state["adv"]
    adv["oo_claimed"] = True
    state["cards"]["hands"].setdefault("austria", []).append(adv["oo_card"])
    log(
        state,
        f"{why}: Austria takes the card of the Offensive Option (§13)."
        + (" The Offensive Option has failed." if oo_failed(state) else ""),
        "austria",
    )


@hooks.provide("supply_removal")
def supply_removal(state: dict, info: Info, gid: str, city: str) -> None:
    """A general removed for lack of supply (§9): a Prussian one south of coordinate line 5 gives
    Austria the OO card (§13)."""
    if state["generals"][gid]["nation"] == "prussia" and city in info.board.regions.get("south_of_line_5", ()):
        claim_oo_card(
            state, f"{state['generals'][gid]['name']} was removed for lack of supply south of coordinate line 5"
        )


@hooks.provide("subsidy_cut")
def subsidy_cut(state: dict) -> None:
    if oo_failed(state):
        log(
            state,
            "The first subsidy cut has happened and Austria holds the card: the Offensive Option has failed (§13).",
            "prussia",
        )


@hooks.provide("new_turn")
def new_turn(state: dict) -> None:
    if any_on(state):
        state["adv"]["lost"] = []


# --- the numbered Cards of Fate: clubs, hearts and diamonds versions --------------------------------


def _gen(state: dict, ref: dict) -> str | None:
    return general_by_rank(state, ref["nation"], int(ref["rank"]))


def _on_map(state: dict, g: str | None) -> bool:
    return g is not None and state["generals"][g]["city"] is not None and not state["generals"][g]["out"]


def _gain(state: dict, info: Info, g: str) -> bool:
    """One free army "if possible": at most 8 per general and the nation's starting number (§6)."""
    p = state["generals"][g]
    if (
        not _on_map(state, g)
        or p["armies"] >= T.ARMIES_MAX
        or armies_total(state, p["nation"]) >= cap_of(state, info, p["nation"])
    ):
        return False
    p["armies"] += 1
    return True


def _lose(state: dict, g: str) -> bool:
    """One army lost "unless that would remove him": only from a general with 2 or more."""
    p = state["generals"][g]
    if not _on_map(state, g) or p["armies"] <= T.ARMIES_MIN:
        return False
    p["armies"] -= 1
    return True


def west_targets(state: dict, info: Info, city: str, steps: int = 2) -> list[str]:
    """Fate 12 hearts: the cities `steps` roads away through empty cities (no piece, ruling F13-13)
    lying west: further west than north or south of `city` (board x grows eastwards, y southwards)."""
    c0 = info.board.cities[city]
    ends: set[str] = set()
    frontier: list[tuple[str, tuple[str, ...]]] = [(city, (city,))]
    for _ in range(steps):
        nxt = []
        for here, path in frontier:
            for n in sorted(info.graph.nbrs[here]):
                if n in path or generals_at(state, n) or n in state["city_train"]:
                    continue
                nxt.append((n, path + (n,)))
        frontier = nxt
    for here, _ in frontier:
        c = info.board.cities[here]
        if c.x < c0.x and c0.x - c.x >= abs(c.y - c0.y):
            ends.add(here)
    return sorted(ends)


@hooks.provide("fate_effect")
def apply_fate(state: dict, info: Info, spec: dict, eff: str, nxt: int) -> None:
    """Carry out a clubs, hearts or diamonds effect (those close to the spades versions, "idle",
    "range", "general_supply", are fate.py's; Fate 8 clubs' fall-back is combat.py's).  "Next
    turn" modifiers last the game turn `nxt`."""
    g = _gen(state, spec["general"]) if "general" in spec else None
    if eff == "army_every":
        for x in generals_of(state, spec["nation"]):
            if _gain(state, info, x):
                log(state, f"{state['generals'][x]['name']} gains a free army (Fate).", spec["nation"])
    elif eff == "army_one":
        if g and _gain(state, info, g):
            log(state, f"{state['generals'][g]['name']} gains a free army (Fate).", spec["general"]["nation"])
    elif eff == "lose_army":
        if g and _lose(state, g):
            log(state, f"{state['generals'][g]['name']} loses an army (Fate).", spec["general"]["nation"])
    elif eff in ("pinned_near", "keep_stack", "no_new_armies", "must_reach_positive", "first_card_zero"):
        if g:
            state["mods"].append(
                {"kind": eff, "general": g, "turn": nxt, **({"city": spec["city"]} if "city" in spec else {})}
            )
    elif eff in ("range_up", "protect_radius"):
        if g:
            state["mods"].append({"kind": eff, "general": g, "value": int(spec["value"]), "turn": nxt})
    elif eff == "evade":
        if g:
            state["mods"].append({"kind": eff, "general": g, "nation": spec["nation"], "turn": nxt})
    elif eff == "low_cards":
        state["mods"].append({"kind": eff, "nations": list(spec["nations"]), "below": int(spec["below"]), "turn": nxt})
    elif eff == "different_suits":
        gs = [x for x in (_gen(state, r) for r in spec["generals"]) if x]
        state["mods"].append({"kind": eff, "generals": gs, "turn": nxt})
    elif eff == "truce_city":
        state["mods"].append({"kind": eff, "city": spec["city"], "turn": nxt})
    elif eff == "swap_tc":
        a, r = spec["nations"]
        if (
            in_game(state, a)
            and in_game(state, r)
            and state["cards"]["hands"].get(a)
            and state["cards"]["hands"].get(r)
        ):
            push(state, {"name": "adv_choice", "kind": "swap", "nation": a, "other": r, "offered": None})
    elif eff == "redraw":
        if in_game(state, spec["nation"]) and state["cards"]["hands"].get(spec["nation"]):
            push(state, {"name": "adv_choice", "kind": "redraw", "nation": spec["nation"]})
    elif eff == "tc_exchange":
        if in_game(state, spec["other"]) and state["cards"]["hands"].get(spec["nation"]):
            push(state, {"name": "adv_choice", "kind": "tc_exchange", "nation": spec["nation"], "other": spec["other"]})
    elif eff == "nation_loses_army":
        if any(state["generals"][x]["armies"] > T.ARMIES_MIN for x in generals_of(state, spec["nation"])):
            push(state, {"name": "adv_choice", "kind": "lose_army", "nation": spec["nation"]})
    elif eff == "nation_gains_army":
        n = spec["nation"]
        if in_game(state, n) and _gain_options(state, info, n):
            push(state, {"name": "adv_choice", "kind": "gain_army", "nation": n})
    elif eff == "flip_stack":
        opts = sorted(
            {
                p["city"]
                for x, p in state["generals"].items()
                if p["nation"] == "prussia"
                and p["city"] is not None
                and not p["face_down"]
                and info.board.home_of(p["city"]) in spec["countries"]
            }
        )
        if opts and in_game(state, spec["nation"]):
            push(state, {"name": "adv_choice", "kind": "flip", "nation": spec["nation"], "options": opts})
    elif eff == "west_move":
        if g and _on_map(state, g) and g in state["adv"]["lost"] and in_game(state, spec["nation"]):
            opts = west_targets(state, info, state["generals"][g]["city"], int(spec["steps"]))
            if opts:
                push(
                    state,
                    {"name": "adv_choice", "kind": "west", "nation": spec["nation"], "general": g, "options": opts},
                )
    elif eff != "none":
        raise ValueError(f"unknown Fate effect {eff!r} (fate.yaml)")


def _gain_options(state: dict, info: Info, nation: str) -> list[str]:
    if armies_total(state, nation) >= cap_of(state, info, nation):
        return []
    return [x for x in generals_of(state, nation) if state["generals"][x]["armies"] < T.ARMIES_MAX]


@register("adv_choice")
class AdvChoice(Handler):
    """A choice a clubs, hearts or diamonds Card of Fate leaves to a nation (§13 with §11).
    Options that would show hidden facts (a hand, army counts) are worked out when asked, never
    stored in the frame; the one card Austria offers in a swap is hidden from the other roles."""

    @staticmethod
    def waiting(state: dict, info: Info, frame: dict) -> list[str]:
        return waiting_nation(state, frame["nation"])

    @staticmethod
    def choices(state: dict, info: Info, frame: dict) -> list:
        kind, nation = frame["kind"], frame["nation"]
        hand = sorted(state["cards"]["hands"].get(nation, []))
        if kind in ("swap", "tc_exchange"):
            return hand + ["none"]
        if kind == "redraw":
            return hand + ["keep"]
        if kind == "lose_army":
            return [x for x in generals_of(state, nation) if state["generals"][x]["armies"] > T.ARMIES_MIN]
        if kind == "gain_army":
            return _gain_options(state, info, nation)
        if kind in ("flip", "west"):
            return list(frame["options"]) + ["none"]
        return []

    @staticmethod
    def prompt(state: dict, info: Info, frame: dict, role: str) -> list[dict]:
        if role not in AdvChoice.waiting(state, info, frame):
            return []
        return [{"type": "fate", "choice": c} for c in AdvChoice.choices(state, info, frame)]

    @staticmethod
    def act(state: dict, info: Info, frame: dict, role: str, action: dict) -> None:
        c = action["choice"]
        kind, nation = frame["kind"], frame["nation"]
        hands = state["cards"]["hands"]
        if kind == "swap":
            if frame["offered"] is None and nation == "austria" and frame.get("other") == "russia":
                if c == "none":
                    log(state, "Austria does not swap a card with Russia (Fate 1).", "austria")
                    pop(state)
                    return
                frame["offered"] = c  # Russia answers; the card stays hidden (view)
                frame["nation"], frame["other"] = frame["other"], nation
                return
            offered, giver = frame["offered"], frame["other"]
            if c != "none" and offered in hands.get(giver, []):
                hands[giver].remove(offered)
                hands[nation].remove(c)
                hands[nation].append(offered)
                hands[giver].append(c)
                log(state, "Austria and Russia swap one Tactical Card (Fate 1).", nation)
            else:
                log(state, "Russia does not swap a card with Austria (Fate 1).", nation)
        elif kind == "redraw":
            if c != "keep":
                deck.discard(state, nation, [c])
                deck.draw(state, nation, 1)
                log(state, "France discards one Tactical Card and draws a new one (Fate 4).", nation)
        elif kind == "tc_exchange":
            if c != "none":
                other = frame["other"]
                hands[nation].remove(c)
                hands[other].append(c)
                pick = sorted(hands[other])[rng.randbelow(state, len(hands[other]))]
                hands[other].remove(pick)
                hands[nation].append(pick)
                state["undo"] = []  # chance was used
                log(
                    state,
                    "Prussia gives Austria a Tactical Card and draws one at random from Austria's hand (Fate 9).",
                    nation,
                )
        elif kind == "lose_army":
            _lose(state, c)
            log(state, f"{state['generals'][c]['name']} loses an army (Fate 10).", nation)
        elif kind == "gain_army":
            _gain(state, info, c)
            log(state, f"A {nation_title(nation)} general gains an army (Fate 11).", nation)
        elif kind == "flip" and c != "none":
            for x in generals_at(state, c):
                state["generals"][x]["face_down"] = True
            log(
                state,
                f"Austria turns the Prussian {names(state, generals_at(state, c))} face-down, out of supply (Fate 6).",
                "austria",
                [c],
            )
        elif kind == "west" and c != "none":
            g = frame["general"]
            here = state["generals"][g]["city"]
            place_general(state, g, c)  # ruling F13-13: no conquest by this move
            log(
                state, f"Prussia moves {state['generals'][g]['name']} two cities westward (Fate 12).", nation, [here, c]
            )
        pop(state)


# --- §13 East Prussia ------------------------------------------------------------------------------


def east_prussia_objectives(state: dict, info: Info) -> list[str]:
    region = set(info.board.regions.get("east_prussia", ()))
    return sorted(c for c in info.board.objectives_of("russia") if c in region)


def east_prussia_breach(state: dict, info: Info) -> bool:
    """Russia controls all its East Prussian objectives and no Russian general stands there."""
    if not option_on(state, "east_prussia") or not in_game(state, "russia") or not in_game(state, "prussia"):
        return False
    objs = east_prussia_objectives(state, info)
    if not objs or any(state["conquered"].get(c) != "russia" for c in objs):
        return False
    region = set(info.board.regions["east_prussia"])
    return not any(state["generals"][g]["city"] in region for g in generals_of(state, "russia"))


@register("ep_check")
class EastPrussiaCheck(Handler):
    """At the end of Russia's turn (after its supply phase): with no Russian general left in East
    Prussia while Russia holds all its objectives there, Prussia retakes two of them, its choice."""

    @staticmethod
    def auto(state: dict, info: Info, frame: dict) -> bool:
        if east_prussia_breach(state, info):
            log(
                state,
                "No Russian general stays in East Prussia: Prussia retakes two objectives there (§13).",
                "prussia",
            )
            return False
        pop(state)
        return True

    @staticmethod
    def waiting(state: dict, info: Info, frame: dict) -> list[str]:
        return waiting_nation(state, "prussia") if east_prussia_breach(state, info) else []

    @staticmethod
    def prompt(state: dict, info: Info, frame: dict, role: str) -> list[dict]:
        if role not in EastPrussiaCheck.waiting(state, info, frame):
            return []
        objs = east_prussia_objectives(state, info)
        return [{"type": "retake", "cities": list(p)} for p in combinations(objs, 2)]

    @staticmethod
    def act(state: dict, info: Info, frame: dict, role: str, action: dict) -> None:
        for c in action["cities"]:
            conquer(state, info, c, "prussia")
        pop(state)


# --- §13 the Prussian Offensive Option --------------------------------------------------------------


def oo_cards(state: dict) -> list[str]:
    """The cards Prussia may lay out: value 10 or more, any suit; a Reserve (worth up to 10, §3)
    qualifies (ruling F13-7)."""
    return sorted(
        c for c in state["cards"]["hands"].get("prussia", []) if deck.is_reserve(c) or deck.value_of(c) >= OO_MIN_VALUE
    )


@register("oo_decision")
class OODecision(Handler):
    """Turn 3, Prussia's movement phase, before any piece moves: take the OO (lay out a card) or not."""

    @staticmethod
    def waiting(state: dict, info: Info, frame: dict) -> list[str]:
        return waiting_nation(state, "prussia")

    @staticmethod
    def prompt(state: dict, info: Info, frame: dict, role: str) -> list[dict]:
        if role not in OODecision.waiting(state, info, frame):
            return []
        # declining first: it is the one choice always there (and the first button on the board)
        return [{"type": "offensive_option", "card": "none"}] + [
            {"type": "offensive_option", "card": c} for c in oo_cards(state)
        ]

    @staticmethod
    def act(state: dict, info: Info, frame: dict, role: str, action: dict) -> None:
        c = action["card"]
        adv = state["adv"]
        if c == "none":
            adv["oo"] = "declined"
            log(
                state,
                "Prussia does not take the Offensive Option: it conquers no objective after turn 3 (§13).",
                "prussia",
            )
        else:
            state["cards"]["hands"]["prussia"].remove(c)  # ruling F13-8: out of Prussia's hand for good
            adv["oo"], adv["oo_card"] = "taken", c
            log(
                state,
                "Prussia takes the Offensive Option and lays out the "
                f"{deck.label(c) if not deck.is_reserve(c) else 'Reserve'} "
                "face-up (§13).",
                "prussia",
            )
        pop(state)


@hooks.provide("before_phase")
def before_phase(state: dict, nation: str, phase: str) -> None:
    """Called by the turn sequence before a phase's frame is pushed (frames below it run after)."""
    if phase == "supply" and nation == "russia" and option_on(state, "east_prussia"):
        push(state, {"name": "ep_check"})


@hooks.provide("after_phase_pushed")
def after_phase_pushed(state: dict, nation: str, phase: str) -> None:
    """Called once a phase's frame is pushed (a frame above it runs first)."""
    if (
        phase == "movement"
        and nation == "prussia"
        and state["turn"] == 3
        and option_on(state, "offensive_option")
        and state["adv"]["oo"] is None
    ):
        push(state, {"name": "oo_decision"})


@hooks.provide("victory_extra")
def victory_extra(state: dict, info: Info) -> list[str]:
    """§13: Prussia wins holding the 14 Bohemian objectives with a running OO."""
    if oo_taken(state) and not oo_failed(state):
        cities = info.board.objectives_of("prussia")
        if cities and all(state["conquered"].get(c) == "prussia" for c in cities):
            return ["prussia"]
    return []


@hooks.provide("austria_compensation")
def austria_compensation(state: dict, info: Info, cities: list[str]) -> bool:
    """§13: with the OO taken, Austria may declare 4 of its objectives conquered (ruling F13-10:
    declared at the victory check, the only moment it changes anything); at least one Saxon
    objective among those it needs must really be conquered."""
    held = [c for c in cities if state["conquered"].get(c) == "austria"]
    saxon = [c for c in cities if info.board.home_of(c) == "saxony"]
    return bool(cities) and len(cities) - len(held) <= AUSTRIA_DECLARED and (not saxon or any(c in held for c in saxon))


def check_cards(state: dict) -> int:
    """How many Tactical Cards lie outside decks and hands (the laid-out OO card)."""
    adv = state.get("adv")
    return 1 if adv and adv["oo_card"] and not adv["oo_claimed"] else 0


__all__ = ["IllegalAction"]
