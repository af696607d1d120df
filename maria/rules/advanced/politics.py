"""Politics (R17, stage 1 of every advanced turn), the three tracks and their icons (R17.6), the
political-card instructions, the imperial election (R18) and Saxony's track (R19.3).

State: state["adv"]["pol"] = {"deck": [card ids, top last], "faceup": [ids], "discard": [ids],
"display": {power: [{"card", "up", "new"}]}, "trump": suit|None}; state["adv"]["tracks"] =
{track: box index}.  Frames: "politics" (steps return/reveal/trump/place/influence/select/shift),
"pol_exec", "pol_troops", "expedition", "election".
"""

from __future__ import annotations

from maria.rules import hooks
from maria.rules.advanced import markers as A
from maria.rules import cards, rng
from maria.rules.advanced import poldata
from maria.rules import roles as R
from maria.rules.stack import Handler, effect, pop, push, register, roles_for_powers
from maria.rules.log import log, power_name
from maria.rules.state import IllegalAction, friendly_controlled, home_of, is_occupied, set_general_city
from maria.rules.hussars import remove_hussar_at
from maria.rules.movement import ask_commanders
from maria.rules.advanced.subsidy import lapse
from maria.rules.winter import place_new_troops, recruit, recruit_template, reentry_sites

SUITS = ("hearts", "diamonds", "clubs", "spades")
EXPEDITION_COST = 8          # R17.6.4: 2 troops for 8 TC points


# --- set-up -------------------------------------------------------------------------------------

def build_deck(state) -> list[str]:
    """R4.12: four year decks shuffled separately, 1741 on top (the list's end is the top)."""
    allc = poldata.cards()
    deck = []
    for year in (1744, 1743, 1742, 1741):
        ids = sorted(c for c, d in allc.items() if d["year"] == year)
        rng.shuffle(state, ids)
        deck += ids
    return deck


def new_pol(state) -> dict:
    disp = poldata.display()
    return {"deck": build_deck(state), "faceup": [], "discard": [], "trump": None,
            "display": {p: [] for p in disp["placement_order"]}}


def placement_order(state):
    return [p for p in poldata.display()["placement_order"] if R.role_of(state, p)]


# --- tracks and icons -----------------------------------------------------------------------------

def box(track: str, i: int) -> dict:
    return poldata.display()["tracks"][track]["boxes"][i]


def income_modifier(state, power) -> int:
    """R8.8: icons under the markers, the Jacobite Rising, War of Jenkins' Ear, Saxony's own income."""
    a = state["adv"]
    n = 0
    for t in ("italy", "russia"):
        b = box(t, a["tracks"][t])
        if b.get("power") == power:
            n += {"tc_minus": -1, "tc_plus": 1}.get(b.get("icon"), 0)
    if power == "pragmatic_army" and a["jacobite"]:
        n -= 1
    ti = a["turn_income"]
    if ti.get("turn") == state["turn"]:
        n += ti.get(power, 0)
    return n


def saxony_state(state) -> str:
    return box("saxony", state["adv"]["tracks"]["saxony"])["state"]


def off_map_box(info, power) -> str | None:
    for b in info.board.boxes.values():
        if b.power == power and b.id != "silesia":
            return b.id
    return None


def apply_shifts(state, info, shifts: dict) -> None:
    """R17.6.3: net shift per track (clamped at the ends, RUL-A12), then the icons of the box where
    the marker stops (RUL-A13: a box merely passed does nothing)."""
    a = state["adv"]
    for t in ("italy", "russia", "saxony"):
        d = shifts.get(t, 0)
        if not d:
            continue
        n = len(poldata.display()["tracks"][t]["boxes"])
        old = a["tracks"][t]
        new = max(0, min(n - 1, old + d))
        if new == old:
            continue
        a["tracks"][t] = new
        log(state, f"The {t.title()} marker moves {abs(new - old)} box{'es' if abs(new - old) > 1 else ''} "
            f"{'right' if new > old else 'left'}.")
        if t == "saxony":
            saxony_changed(state, info)
        else:
            arrive(state, info, t)


def arrive(state, info, t: str) -> None:
    a = state["adv"]
    b = box(t, a["tracks"][t])
    star = poldata.display()["tracks"][t]["star"]
    # generals sent by this track come back once the penalty stops (R17.6.7)
    held = a["expedition"].get(t, {})
    for power, gid in sorted(held.items()):
        if not (b.get("icon") == "expedition" and b.get("power") == power):
            del held[power]
            return_general(state, info, gid)
    if b.get("icon") == "expedition" and b["power"] not in held and R.role_of(state, b["power"]):
        waiting = a["expedition"].get("waiting", {})
        if b["power"] in waiting:                    # still in the box, waiting to return: he stays
            held[b["power"]] = waiting.pop(b["power"])
            a["expedition"][t] = held
        else:
            push(state, {"name": "expedition", "power": b["power"], "track": t})
    if b.get("icon") == "vp" and b["power"] not in a["italy"]:
        if A.take(state, b["power"], "the Italy box", "italy"):
            a["italy"].append(b["power"])
            log(state, f"{power_name(b['power'])} puts a marker into the Italy box.", b["power"])
    if t == "italy" and a["tracks"][t] == star:
        for p in ("austria", "france", "prussia", "pragmatic_army"):
            A.forgive(state, p, "italy")                   # a counted marker leaves too (R23.2)
    if t == "italy" and a["tracks"][t] == star and a["italy"]:
        for p in a["italy"]:
            A.give_back(state, p)
        log(state, "The Italy marker is back on the star: the Italy box is emptied.")
        a["italy"] = []


def return_general(state, info, gid) -> None:
    """R17.6.7: placed on the city the box's arrow points to; a piece there is moved by its owner to
    an adjacent city (RUL-A15: a "relocate" frame, cause "offmap"; a stack moves as one; where it may
    go: blocker_sites).  Only if the blocker can go nowhere at all does the general wait in the box
    (adv.expedition.waiting); he then returns as soon as he can (retry_returns)."""
    g = state["generals"][gid]
    bid = g["city"][4:] if g["city"] and g["city"].startswith("box:") else None
    target = info.board.boxes[bid].arrow_to if bid else None
    if target is None:
        return
    waiting = state["adv"]["expedition"].setdefault("waiting", {})
    if waiting.get(g["power"]) == gid:
        del waiting[g["power"]]
    if is_occupied(state, target):
        blocker = (state["city_generals"].get(target) or [state["city_train"].get(target)])[0]
        frame = {"cause": "offmap", "general": gid, "city": target, "pieces": [blocker]}
        if not hooks.call("relocation_choices", state, info, frame, blocker):
            log(state, f"{g['name']} cannot leave the off-map box yet: the piece on the arrow's city can "
                "go nowhere.", g["power"])
            waiting[g["power"]] = gid
            return
        hooks.call("queue_relocation", state, frame)
        return
    place_returning(state, info, gid)


def may_stand(state, pid, c) -> bool:
    """Where a relocated piece may legally stand (RUL-A30): a train an empty city; a general an empty
    city or one holding a single general of his own power (16 troops at most); never a train's city.
    The piece itself is ignored (it may be asked whether it can stay)."""
    piece = state["generals"].get(pid) or state["trains"][pid]
    tid = state["city_train"].get(c)
    if tid is not None and tid != pid:
        return False
    gens = [g for g in state["city_generals"].get(c, []) if g != pid]
    if not gens:
        return True
    if pid not in state["generals"] or len(gens) != 1:
        return False
    other = state["generals"][gens[0]]
    return other["power"] == piece["power"] and other["troops"] + piece["troops"] <= 16


def blocker_sites(state, info, city) -> list[str]:
    """R17.6.7: where the piece(s) blocking the arrow's city `city` may be moved by their owner: the
    adjacent cities where they may legally stand (empty; a single general also onto a single
    general of his own power, 16 troops at most, as RUL-A30), outside territory forbidden to them
    (R19.4) and, except French and Austrian pieces, on the same map (R10.6).  None adjacent (a gap
    of the rules, RUL-A15): the nearest such cities (road steps, pieces ignored)."""
    gens = list(state["city_generals"].get(city, []))
    tid = state["city_train"].get(city)
    movers = gens or ([tid] if tid else [])
    if not movers:
        return []
    powers = {(state["generals"].get(p) or state["trains"][p])["power"] for p in movers}
    bad = set()
    for p in powers:
        bad |= forbidden(state, info, p)
    same_map = not powers <= {"france", "austria"}
    home_map = info.board.cities[city].map

    def ok(c):
        if c == city or c in bad or (same_map and info.board.cities[c].map != home_map):
            return False
        if len(movers) > 1:
            return not is_occupied(state, c)
        return may_stand(state, movers[0], c)

    near = [c for c in sorted(info.nbrs[city]) if ok(c)]
    if near:
        return near
    best, out = None, []
    for c, d in sorted(info.dist_from(city).items(), key=lambda x: (x[1], x[0])):
        if best is not None and d > best:
            break
        if ok(c):
            best = d
            out.append(c)
    return out


@hooks.provide("retry_returns")
def retry_returns(state, info) -> bool:
    """R17.6.7 "as soon as": a general left waiting in his off-map box (the blocker could go nowhere)
    tries again; True if a relocation step was opened (the flow changed)."""
    waiting = (state.get("adv") or {}).get("expedition", {}).get("waiting")
    if not waiting:
        return False
    depth = len(state["flow"])
    for power, gid in sorted(waiting.items()):
        g = state["generals"][gid]
        if not (g["city"] or "").startswith("box:"):
            del waiting[power]                         # no longer in the box (old saves)
            continue
        return_general(state, info, gid)
    return len(state["flow"]) != depth


def place_returning(state, info, gid) -> None:
    """The general leaves the off-map box for the arrow's city (once it is free)."""
    g = state["generals"][gid]
    bid = g["city"][4:] if g["city"] and g["city"].startswith("box:") else None
    target = info.board.boxes[bid].arrow_to if bid else None
    if target is None:
        return
    if is_occupied(state, target):                   # still blocked (nobody could move): he waits
        log(state, f"{g['name']} cannot leave the off-map box yet: the arrow's city is still occupied.", g["power"])
        state["adv"]["expedition"].setdefault("waiting", {})[g["power"]] = gid
        return
    remove_hussar_at(state, target)
    g["in_play"] = True
    set_general_city(state, gid, target)
    log(state, f"{g['name']} returns from the off-map box.", g["power"], [target])


@register("expedition")
class Expedition(Handler):
    """R17.6.4: the power puts one of its generals into its off-map box.  An off-board general must
    be given 2 troops for 8 TC points: choosing him opens a "pay" frame (the paying power picks the
    cards, R8.7; cancel returns to the choice), RUL-A14."""

    @staticmethod
    def _choices(state, info, frame):
        p = frame["power"]
        out = []
        for gid, g in sorted(state["generals"].items()):
            if g["power"] != p or not g["in_play"]:
                continue
            if g["city"] in info.playable:
                out.append(gid)
            elif g["city"] is None and cards.hand_value(state, p) >= EXPEDITION_COST:
                out.append(gid)
        return out

    @staticmethod
    def auto(state, info, frame):
        if state["result"] is not None or not Expedition._choices(state, info, frame) \
                or off_map_box(info, frame["power"]) is None:
            if state["result"] is None:
                log(state, f"{power_name(frame['power'])} has no general to send to its off-map box.", frame["power"])
            pop(state)
            return True
        return False

    @staticmethod
    def waiting(state, info, frame):
        return roles_for_powers(state, [frame["power"]])

    @staticmethod
    def prompt(state, info, frame, role):
        return [{"type": "expedition", "general": g} for g in Expedition._choices(state, info, frame)]

    @staticmethod
    def act(state, info, frame, role, action):
        gid = action["general"]
        g = state["generals"][gid]
        if g["city"] is None:                        # R17.6.4: 2 troops for 8 TC points, paid first
            push(state, {"name": "pay", "power": g["power"], "amount": EXPEDITION_COST,
                         "purpose": f"2 troops for {g['name']} (expeditionary corps)",
                         "effect": {"name": "expedition", "general": gid}})
            return
        send_expedition(state, info, frame, gid)


def send_expedition(state, info, frame, gid) -> None:
    g = state["generals"][gid]
    bid = off_map_box(info, frame["power"])
    g["in_play"] = False
    g["known"] = None
    set_general_city(state, gid, "box:" + bid)
    state["adv"]["expedition"].setdefault(frame["track"], {})[frame["power"]] = gid
    log(state, f"{g['name']} leaves for the off-map box {info.board.boxes[bid].name}.", g["power"])
    pop(state)


@effect("expedition")
def _expedition_paid(state, info, eff) -> None:
    """The 8 TC points are paid (the pay frame is gone): the general gets his 2 troops and leaves."""
    frame = state["flow"][-1]
    if frame["name"] != "expedition":
        raise IllegalAction("There is no expeditionary corps to pay for now.")
    gid = eff["general"]
    g = state["generals"][gid]
    if not (g["power"] == frame["power"] and g["in_play"] and g["city"] is None):
        raise IllegalAction("That general can no longer be sent to the off-map box.")
    state["generals"][gid]["troops"] = 2
    send_expedition(state, info, frame, gid)


# --- Saxony (R19.3) ------------------------------------------------------------------------------

@hooks.provide("vp_lost")
def saxony_vp_shift(state, power, n, cause) -> None:
    """R19.3.1: 1 box right per VP Prussia loses (battle or supply), whatever Saxony's status
    (a neutral Saxony after the Silesian peace included: the rule names no exception); R24.2.4:
    also France's, on the Bohemia map only (RUL-A22: in the 2-player game the Bohemia limit
    applies to both)."""
    if state["adv"].get("in_peace_shift"):
        return
    if state["players"] == 2 and "@bohemia" not in cause:
        return
    state["adv"]["saxony_pending"] = state["adv"].get("saxony_pending", 0) + n


@hooks.provide("flush_saxony")
def flush_saxony(state, info) -> None:
    """The shift is made after the retreats (R19.3.2, VD-22)."""
    if state["variant"] != "advanced" or state["result"] is not None:
        return
    n = state["adv"].pop("saxony_pending", 0)
    last = len(poldata.display()["tracks"]["saxony"]["boxes"]) - 1
    if state["adv"]["tracks"]["saxony"] >= last:
        return                                  # already in the last box: nothing can move (RUL-A12)
    if n and R.role_of(state, "austria"):
        push(state, {"name": "saxony_shift", "n": n})


@register("saxony_shift")
class SaxonyShift(Handler):
    """R19.3.1: Austria may decline a shift caused by Prussian VP losses."""

    @staticmethod
    def waiting(state, info, frame):
        return roles_for_powers(state, ["austria"])

    @staticmethod
    def prompt(state, info, frame, role):
        return [{"type": "saxony_shift", "accept": True}, {"type": "saxony_shift", "accept": False}]

    @staticmethod
    def act(state, info, frame, role, action):
        pop(state)
        if action["accept"]:
            apply_shifts(state, info, {"saxony": frame["n"]})
        else:
            log(state, f"Austria declines the Saxony shift of {frame['n']}.", "austria")


def saxony_changed(state, info) -> None:
    """R19.3.3-R19.3.9, then the subsidy contracts of powers no longer allied end (RUL-A34)."""
    _saxony_changed(state, info)
    lapse(state)


def _saxony_changed(state, info) -> None:
    """R19.3.3-R19.3.9: neutral / Austrian ally / back to Prussian ally (RUL-A17)."""
    a = state["adv"]
    new = saxony_state(state)
    old = a.get("saxony_state", "prussian_ally")
    if new == old:
        return
    a["saxony_state"] = new
    al = state["alliances"]
    al["blocs"] = [[p for p in b if p != "saxony"] for b in al["blocs"]]
    al["cooperating"] = [pr for pr in al["cooperating"] if "saxony" not in pr]
    for r in state["roles"]:
        if "saxony" in state["roles"][r]:
            state["roles"][r].remove("saxony")
    if new == "prussian_ally":
        al["blocs"][0].append("saxony")
        al["cooperating"].append(["prussia", "saxony"])
        state["roles"][R.role_of(state, "prussia")].append("saxony")
        a["stages"] = [list(s) for s in R.ACTION_STAGES]
        log(state, "Saxony is Prussia's ally again.", "saxony")
        return
    state["roles"]["maria_theresa"].append("saxony")                     # R19.3.9
    a["stages"] = [["france", "bavaria"], ["prussia"], ["austria", "pragmatic_army", "saxony"]]
    if new == "austrian_ally":
        al["blocs"][1].append("saxony")
        al["cooperating"].append(["austria", "saxony"])
        log(state, "Saxony becomes Austria's ally; Maria Theresa plays it from now on.", "saxony")
        # R19.3.4: an off-board Saxon general "may re-enter immediately with newly recruited
        # troops" (R13): Maria Theresa's choice, asked after the stack moves below (pushed first).
        if any(g["power"] == "saxony" and g["in_play"] and g["city"] is None for g in state["generals"].values()):
            push(state, {"name": "saxony_reenter"})
        # R19.3.4: a Saxon general in a stack is moved by Maria Theresa to the closest empty city
        # (her choice among equally close ones: a "relocate" step, cause "saxony_ally").
        stacked = [gid for gid, g in sorted(state["generals"].items())
                   if g["power"] == "saxony" and g["city"] in info.playable
                   and len(state["city_generals"][g["city"]]) > 1]
        if stacked:
            hooks.call("queue_relocation", state, {"cause": "saxony_ally", "pieces": stacked})
        return
    al["blocs"].append(["saxony"])
    log(state, "Saxony becomes neutral.", "saxony")
    neutral_reset(state, info, "saxony")


def closest_empty_cities(state, info, gid) -> list[str]:
    """R19.3.4: the empty cities (no general, no train) closest to the Saxon general's city by road
    (pieces ignored, RUL-07), on his map (R10.6: Saxon pieces never change maps), outside territory
    forbidden to him (a neutral Prussia's, R19.4)."""
    g = state["generals"][gid]
    here = g["city"]
    bad = forbidden(state, info, g["power"])
    best, out = None, []
    for c, d in sorted(info.dist_from(here).items(), key=lambda x: (x[1], x[0])):
        if best is not None and d > best:
            break
        if d == 0 or c in bad or is_occupied(state, c) or info.board.cities[c].map != info.board.cities[here].map:
            continue
        best = d
        out.append(c)
    return out


@register("saxony_reenter")
class SaxonyReenter(Handler):
    """R19.3.4: Saxony has just joined Austria; a Saxon general off the board may re-enter at once
    with newly recruited troops, as per the recruitment rules (R13: 4 TC points of Saxony's hand per
    troop, a friendly-controlled Saxon major fortress).  Maria Theresa recruits (`recruit`, only
    for re-entering generals) or declines (`done`)."""
    templated = frozenset({"recruit"})

    @staticmethod
    def _template(state, info):
        if saxony_state(state) != "austrian_ally":
            return None
        return recruit_template(state, info, "saxony", reentry_only=True)

    @staticmethod
    def auto(state, info, frame):
        if state["result"] is not None or SaxonyReenter._template(state, info) is None:
            if state["result"] is None:
                log(state, "No Saxon general can re-enter now (no free Saxon major fortress, or "
                    "too few TCs).", "saxony")
            pop(state)
            return True
        return False

    @staticmethod
    def waiting(state, info, frame):
        return roles_for_powers(state, ["saxony"])

    @staticmethod
    def prompt(state, info, frame, role):
        if role not in SaxonyReenter.waiting(state, info, frame):
            return []
        tpl = SaxonyReenter._template(state, info)
        return ([tpl] if tpl else []) + [{"type": "done"}]

    @staticmethod
    def act(state, info, frame, role, action):
        if action["type"] == "done":
            log(state, "Maria Theresa does not bring the Saxon general back now.", "saxony")
            pop(state)
            return
        recruit(state, info, "saxony", action, reentry_only=True)
        pop(state)
        # R6.2: a Saxon No. 1 re-entering onto Austria's No. 1 forms an equal-rank stack
        ask_commanders(state, "saxony", sorted(set((action.get("reenter") or {}).values())))


def neutral_reset(state, info, power) -> None:
    """R19.3.3: own pieces back to their set-up cities, foreign pieces out of its home country to
    the nearest city of their own home country (France: or Bavaria) where they may legally stack,
    its fortresses' markers to the pools.  Own pieces: its generals and supply trains.  The pieces go one at a time through a "relocate" frame
    (cause "neutral", maria.rules.peace): several legal cities are the owner's choice (RUL-A18); a
    general whose set-up city is occupied goes to the nearest legal city of his home country (the
    owner's choice among several); no city at all: a general is removed, a train eliminated."""
    home = {c for c in info.playable if home_of(state, info, c) == power}
    own, setup = [], {}
    starts = dict(info.board.setup.generals)
    starts.update({f"{p}_t{i + 1}": c for p, cs in info.board.setup.trains.items() for i, c in enumerate(cs)})
    for pid in sorted(state["generals"]) + sorted(state["trains"]):
        piece = state["generals"].get(pid) or state["trains"][pid]
        if piece["power"] == power and piece["in_play"] and piece["city"] in info.playable:
            own.append(pid)
            setup[pid] = starts.get(pid) if starts.get(pid) in home else None
    foreign = [pid for pid in sorted(state["generals"]) + sorted(state["trains"])
               if (state["generals"].get(pid) or state["trains"][pid])["power"] != power
               and (state["generals"].get(pid) or state["trains"][pid])["city"] in home]
    for c in sorted(home):
        if c in state["markers"]:
            A.remove_vm(state, c)
        if c in state["qmarks"]:
            A.drop_qmark(state, c)
    A.after_control_change(state, info)
    if own or foreign:
        hooks.call("queue_relocation", state, {"cause": "neutral", "power": power, "pieces": own + foreign,
                                       "home": {g: c for g, c in setup.items() if c is not None}})


@hooks.provide("neutral")
def neutral(state, power) -> bool:
    """R19.4: Saxony in a neutral box of its track; Prussia after the Silesian peace until the start
    of its action stage after next (R19.1.2 step 6, adv["prussia_neutral_until"])."""
    if state["variant"] != "advanced":
        return False
    if power == "saxony":
        return saxony_state(state) == "neutral"
    if power == "prussia":
        return state["adv"].get("prussia_neutral_until") is not None
    return False


@hooks.provide("neutral_powers")
def neutral_powers(state) -> list[str]:
    return [p for p in ("prussia", "saxony") if neutral(state, p)]


_FORBIDDEN: dict = {}


@hooks.provide("forbidden")
def forbidden(state, info, power) -> set:
    """R19.4.1/R19.4.3: cities a piece of `power` may not enter: outside its home country if it is
    neutral, inside every other neutral power's home country (cached per neutral status)."""
    ns = neutral_powers(state) if state["variant"] == "advanced" else []
    if not ns:
        return set()
    annexed = state["adv"].get("silesia_annexed") is not None
    key = (id(info), tuple(ns), annexed, power)
    got = _FORBIDDEN.get(key)
    if got is None:
        got = set()
        for n in ns:
            home = {c for c in info.playable if home_of(state, info, c) == n}
            got |= (set(info.playable) - home) if power == n else home
        if len(_FORBIDDEN) > 256:
            _FORBIDDEN.clear()
        got = _FORBIDDEN[key] = frozenset(got)
    return got


# --- the political stage ------------------------------------------------------------------------

def _entries(state, p):
    return state["adv"]["pol"]["display"].setdefault(p, [])


def influence(state, p) -> int:
    """R17.4.2/R17.4.3 (R25.3: only face-up cards count)."""
    return sum(16 if cards.is_reserve(e["card"]) else cards.value_of(e["card"])
               for e in _entries(state, p) if e["up"])


def influence_order(state) -> list[str]:
    order = placement_order(state)
    return sorted(order, key=lambda p: (-influence(state, p), -order.index(p)))


def _to_hand(state, p, entries):
    for e in entries:
        state["cards"]["hands"].setdefault(p, []).append(e["card"])
    # every TC on the display was revealed at the influence phase (R17.4, R25.3): everybody saw
    # these cards go back into the hand
    cards.remember(state, p, [e["card"] for e in entries if e["up"] or e.get("seen")])


def _discard_entries(state, p, entries):
    for e in entries:
        state["cards"]["discards"][cards.deck_of(e["card"])].append(e["card"])


@register("politics")
class Politics(Handler):
    @staticmethod
    def auto(state, info, frame):
        a = state["adv"]
        pol = a["pol"]
        opt = state["options"]["optional_political_rule"]
        step = frame["step"]
        if state["result"] is not None:
            pop(state)
            return True
        if step == "return":
            if opt:                                                       # R25.1
                for p in list(pol["display"]):
                    back = [e for e in pol["display"][p] if not e["up"]]
                    _to_hand(state, p, back)
                    pol["display"][p] = [e for e in pol["display"][p] if e["up"]]
            frame["step"] = "reveal"
            return True
        if step == "reveal":                                              # R17.1 / R18.1
            pol["faceup"] = []
            while len(pol["faceup"]) < 2 and pol["deck"]:
                c = pol["deck"].pop()
                if poldata.cards()[c].get("special") == "election":
                    a["election"] = "pending"
                    log(state, "The Imperial Election card is revealed: the Emperor is elected at the end of this turn.")
                    pol["discard"].append(c)
                    continue
                pol["faceup"].append(c)
            log(state, "Political cards revealed: " + ", ".join(poldata.cards()[c]["name"] for c in pol["faceup"]) + ".")
            frame["step"] = "trump"
            return True
        if step == "trump":
            if a["last_winner"] is not None and a["last_winner"] in state["roles"]:
                return False                                              # R17.2.1: the role chooses
            while True:                                                   # R17.2.2
                got = cards.draw(state, "_trump", 1)
                if not got:
                    pol["trump"] = "hearts"
                    break
                c = got[0]
                state["cards"]["hands"]["_trump"].remove(c)
                state["cards"]["discards"][cards.deck_of(c)].append(c)
                if not cards.is_reserve(c):
                    pol["trump"] = cards.suit_of(c)
                    break
            state["cards"]["hands"].pop("_trump", None)
            log(state, f"The political trump is {pol['trump']} (top card of the draw deck).")
            frame["step"] = "place"
            frame["placing"] = placement_order(state)
            return True
        if step == "place":
            if frame["placing"]:
                return False
            frame["step"] = "influence"
            return True
        if step == "influence":                                           # R17.4
            for p in placement_order(state):
                ents = _entries(state, p)
                back = []
                for e in ents:
                    if not e.get("new"):
                        continue
                    e["new"] = False
                    e["seen"] = True                      # revealed to everybody (R17.4, R25.3)
                    trump = cards.is_reserve(e["card"]) or cards.suit_of(e["card"]) == pol["trump"]
                    if trump:
                        e["up"] = True
                    elif opt:
                        e["up"] = False                                   # R25.3 stays face-down
                    else:
                        back.append(e)
                if back:
                    _to_hand(state, p, back)
                    pol["display"][p] = [e for e in ents if e not in back]
            frame["order"] = influence_order(state)
            frame["idx"] = 0
            frame["selected"] = {}
            frame["shifts"] = {}
            frame["executed"] = []
            log(state, "Influence: " + ", ".join(f"{power_name(p)} {influence(state, p)}" for p in frame["order"]) + ".")
            frame["step"] = "select"
            return True
        if step == "select":
            while frame["idx"] < len(frame["order"]):
                p = frame["order"][frame["idx"]]
                ents = _entries(state, p)
                if len(frame["selected"]) >= min(2, len(pol["faceup"])) or not pol["faceup"]:
                    if opt:                                               # R25.4c
                        for e in ents:
                            e["up"] = False
                    else:                                                 # R17.5.4
                        _to_hand(state, p, ents)
                        pol["display"][p] = []
                    frame["idx"] += 1
                    continue
                if not ents or (opt and not any(e["up"] for e in ents)):  # R17.5.2 / R25.4a
                    frame["idx"] += 1
                    continue
                if not Politics._selectable(state, frame, p):
                    log(state, f"{power_name(p)} cannot select a card and saves its TCs.", p)
                    frame["idx"] += 1
                    continue
                return False
            for c in pol["faceup"]:                                       # R17.5.5
                if c not in frame["selected"]:
                    pol["discard"].append(c)
            pol["faceup"] = []
            frame["step"] = "shift"
            return True
        if step == "shift":
            frame["step"] = "end"
            apply_shifts(state, info, frame["shifts"])
            return True
        if step == "end":
            pop(state)
            A.check_pools(state, info, "the political stage")           # R23.1b
            return True
        return False

    @staticmethod
    def _selectable(state, frame, p):
        pol = state["adv"]["pol"]
        return [c for c in pol["faceup"] if c not in frame["selected"] and p in poldata.cards()[c]["arms"]]

    @staticmethod
    def _current(frame):
        if frame["step"] == "place":
            return frame["placing"][0]
        if frame["step"] == "select":
            return frame["order"][frame["idx"]]
        return None

    @staticmethod
    def waiting(state, info, frame):
        if frame["step"] == "trump":
            return [state["adv"]["last_winner"]]
        p = Politics._current(frame)
        return roles_for_powers(state, [p]) if p else []

    @staticmethod
    def prompt(state, info, frame, role):
        if role not in Politics.waiting(state, info, frame):
            return []
        if frame["step"] == "trump":
            return [{"type": "trump", "suit": s} for s in SUITS]
        p = Politics._current(frame)
        if frame["step"] == "place":
            hand = sorted(set(state["cards"]["hands"].get(p, [])))
            return [{"type": "place", "power": p, "card": c} for c in hand] + [{"type": "place", "power": p, "card": None}]
        return ([{"type": "select", "power": p, "card": c} for c in Politics._selectable(state, frame, p)]
                + [{"type": "save", "power": p}])

    @staticmethod
    def act(state, info, frame, role, action):
        pol = state["adv"]["pol"]
        t = action["type"]
        if t == "trump":
            pol["trump"] = action["suit"]
            log(state, f"The political trump is {action['suit']} (chosen by the last winner of a combat).")
            frame["step"] = "place"
            frame["placing"] = placement_order(state)
            return
        p = action["power"]
        if t == "place":
            frame["placing"].pop(0)
            if action["card"] is not None:
                state["cards"]["hands"][p].remove(action["card"])
                cards.forget(state, p, [action["card"]])
                _entries(state, p).append({"card": action["card"], "up": False, "new": True})
                log(state, f"{power_name(p)} places a TC face-down on the political display.", p)
            else:
                log(state, f"{power_name(p)} places no TC.", p)
            return
        if t == "save":
            log(state, f"{power_name(p)} saves its TCs on the display.", p)
            frame["idx"] += 1
            return
        c = action["card"]                                                # select (R17.5.3)
        frame["selected"][c] = p
        ents = _entries(state, p)
        gone = [e for e in ents if e["up"]] if state["options"]["optional_political_rule"] else list(ents)
        _discard_entries(state, p, gone)
        pol["display"][p] = [e for e in ents if e not in gone]
        log(state, f"{power_name(p)} selects {poldata.cards()[c]['name']}.", p)
        frame["idx"] += 1
        push(state, {"name": "pol_exec", "power": p, "card": c})


def _arrow_options(state, card, arrow):
    n = arrow["n"]
    opts = {"left": [0, -n], "right": [0, n], "either": [0, -n, n]}[arrow["dir"]]
    if arrow["track"] == "saxony" and card["instruction"] == "charles_emmanuel":
        ally = saxony_state(state) == "prussian_ally"
        rule = state["options"]["charles_emmanuel_rule"]            # VD-27
        if (rule == "es" and not ally) or (rule == "fr" and ally):
            return [0]
    return opts


INSTRUCTION_CHOICES = {"jenkins": [True], "denmark": [True], "hessian": [True], "palatinate": [True],
                       "frankfurt": ["france", "bavaria"], "quadruple": [True],
                       "carnatic": ["pragmatic_army", "france"], "jacobite": [True]}


@register("pol_exec")
class PolExec(Handler):
    """R17.6.1: execute fully or partly (instruction and/or each arrow), or discard without effect."""

    @staticmethod
    def waiting(state, info, frame):
        return roles_for_powers(state, [frame["power"]])

    @staticmethod
    def prompt(state, info, frame, role):
        card = poldata.cards()[frame["card"]]
        out = [{"type": "discard_card"}]
        pf = next(f for f in reversed(state["flow"]) if f["name"] == "politics")
        if state["players"] == 2 and role in pf["executed"]:              # R24.2.3
            return out
        ins = [None] + [x for x in INSTRUCTION_CHOICES.get(card["instruction"], [])
                        if _instruction_possible(state, card["instruction"], x)]
        combos = [{}]
        for ar in card["arrows"]:
            combos = [dict(c, **{ar["track"]: c.get(ar["track"], 0) + d})
                      for c in combos for d in _arrow_options(state, card, ar)]
        for i in ins:
            for c in combos:
                sh = {k: v for k, v in c.items() if v}
                if i is None and not sh:
                    continue
                out.append({"type": "execute", "instruction": i, "shifts": sh})
        return out

    @staticmethod
    def act(state, info, frame, role, action):
        pop(state)
        pf = state["flow"][-1]
        name = poldata.cards()[frame["card"]]["name"]
        p = frame["power"]
        state["adv"]["pol"]["discard"].append(frame["card"])
        if action["type"] == "discard_card":
            log(state, f"{power_name(p)} discards {name} without effect.", p)
            return
        pf["executed"].append(role)
        for t, d in action["shifts"].items():                           # R17.6.3 announced now
            pf["shifts"][t] = pf["shifts"].get(t, 0) + d
        log(state, f"{power_name(p)} executes {name}"
            + (f", announcing {', '.join(f'{t} {d:+d}' for t, d in action['shifts'].items())}" if action["shifts"] else "")
            + ".", p)
        if action["instruction"] is not None:
            execute_instruction(state, info, poldata.cards()[frame["card"]]["instruction"], p, action["instruction"])


def _instruction_possible(state, ins, choice) -> bool:
    if ins == "quadruple":
        return saxony_state(state) != "austrian_ally" and R.role_of(state, "saxony") is not None
    if ins == "frankfurt" and choice == "bavaria":
        return R.role_of(state, "bavaria") is not None
    return True


def execute_instruction(state, info, ins, executor, choice) -> None:
    """The printed instructions (Appendix A); carried out at once (RUL-A11)."""
    a = state["adv"]
    if ins == "jenkins":
        a["turn_income"] = {"turn": state["turn"], "france": -1}
        log(state, "France draws 1 TC fewer this turn.", "france")
    elif ins == "denmark":
        _tc_and_troops(state, "pragmatic_army", 1, 3)
    elif ins == "hessian":
        _tc_and_troops(state, executor, 0, 3)
    elif ins == "palatinate":
        a["electors"]["mannheim"] = "france"
        A.after_control_change(state, info)
        log(state, "Mannheim comes under French control.", "france", ["mannheim"])
        _tc_and_troops(state, "france", 1, 3)
    elif ins == "frankfurt":
        _tc_and_troops(state, choice, 0, 2)
    elif ins == "carnatic":
        _tc_and_troops(state, choice, 1, 2)
    elif ins == "quadruple":
        n = len(poldata.display()["tracks"]["saxony"]["boxes"])
        a["tracks"]["saxony"] = n - 1
        saxony_changed(state, info)
        _tc_and_troops(state, "saxony", 0, 2)
        fl = state["flow"]
        if len(fl) >= 2 and fl[-2]["name"] == "relocate" and fl[-2].get("cause") == "saxony_ally":
            fl[-1], fl[-2] = fl[-2], fl[-1]     # the stack is left first (R19.3), then the 2 troops
    elif ins == "jacobite":
        a["jacobite"] = True
        log(state, "The Pragmatic Army's TC income drops by 1 for the rest of the game.", "pragmatic_army")
        push(state, {"name": "expedition", "power": "pragmatic_army", "track": "jacobite"})


def _tc_and_troops(state, power, tcs, troops):
    if tcs:
        cards.draw(state, power, tcs)
        log(state, f"{power_name(power)} receives {tcs} TC.", power)
    if troops:
        push(state, {"name": "pol_troops", "power": power, "n": troops})


def troop_sites(state, info, gid) -> list[str]:
    return reentry_sites(state, info, gid)


@register("pol_troops")
class PolTroops(Handler):
    """R17.6.6: new troops at once, to generals of the power's choice; off-board generals re-enter
    under the R13 rules (the 8 / 16 limits hold).  Fewer than offered may be taken (partial)."""
    templated = frozenset({"troops"})

    @staticmethod
    def waiting(state, info, frame):
        return roles_for_powers(state, [frame["power"]])

    @staticmethod
    def prompt(state, info, frame, role):
        p = frame["power"]
        gens = {gid: g for gid, g in sorted(state["generals"].items()) if g["power"] == p and g["in_play"]}
        return [{"type": "troops", "power": p, "max_troops": frame["n"], "assign": "choose", "reenter": "choose",
                 "on_map": [gid for gid, g in gens.items() if g["city"] in info.playable],
                 "sites": {gid: troop_sites(state, info, gid) for gid, g in gens.items() if g["city"] is None}},
                {"type": "done"}]

    @staticmethod
    def act(state, info, frame, role, action):
        p = frame["power"]
        if action["type"] == "done":
            pop(state)
            return
        assign, reenter = action.get("assign"), action.get("reenter") or {}
        if not isinstance(assign, dict) or not isinstance(reenter, dict):
            raise IllegalAction("Name how many new troops each general receives.")
        total = 0
        for gid, n in assign.items():
            g = state["generals"].get(gid)
            if g is None or g["power"] != p or not g["in_play"] or not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise IllegalAction(f"{gid}: each named general of {power_name(p)} receives at least 1 troop.")
            if g["troops"] + n > 8:
                raise IllegalAction(f"{g['name']} would command more than 8 troops.")
            if g["city"] is None and gid not in reenter:
                raise IllegalAction(f"{g['name']} is off the board: name where he re-enters.")
            if g["city"] is not None and g["city"] not in info.playable:
                raise IllegalAction(f"{g['name']} is in an off-map box.")
            total += n
        if total > frame["n"] or any(g not in assign for g in reenter):
            raise IllegalAction(f"At most {frame['n']} new troops; a re-entering general receives at least 1.")
        if len(set(reenter.values())) != len(reenter):
            raise IllegalAction("Two generals cannot re-enter on the same fortress here.")
        for gid, city in sorted(reenter.items()):
            if city not in troop_sites(state, info, gid):
                raise IllegalAction(f"{state['generals'][gid]['name']} cannot re-enter there.")
        place_new_troops(state, p, reenter, assign)
        log(state, f"{power_name(p)} receives {total} new troop{'s' if total != 1 else ''}.", p)
        pop(state)
        ask_commanders(state, p, sorted(set(reenter.values())))     # R6.2: re-entry onto an equal rank


# --- the imperial election (R18) -----------------------------------------------------------------

VOTE_ORDER = ("austria", "pragmatic_army", "saxony", "bavaria", "france", "prussia")   # RUL-A20


@register("election")
class Election(Handler):
    @staticmethod
    def auto(state, info, frame):
        a = state["adv"]
        if "votes" not in frame:
            A.after_control_change(state, info)
            todo = []
            for p in VOTE_ORDER:
                todo += [[c, p] for c in A.ELECTORS if a["college"].get(c) == p]
            frame["todo"], frame["votes"] = todo, {}
        while frame["todo"]:
            c, p = frame["todo"][0]
            forced = None
            # R18.5: only Austria's and the Pragmatic Army's votes are forced.  Every other vote
            # is free, a neutral Prussia's Berlin vote included; Saxony's is cast by whoever plays
            # Saxony (R18.5 NOTE), except that a neutral Saxony votes Francis under the ES/FR/HE
            # sentence kept as an option (VD-16, RUL-A20).
            if p in ("austria", "pragmatic_army"):
                forced = "francis"                                       # R18.5
            elif p == "saxony" and neutral(state, p) and state["options"]["neutral_saxony_votes_francis"]:
                forced = "francis"                                       # VD-16
            elif R.role_of(state, p) is None:
                forced = "francis"
            if forced is None:
                return False
            frame["votes"][c] = forced
            frame["todo"].pop(0)
        fr = sum(1 for v in frame["votes"].values() if v == "francis")
        ch = len(frame["votes"]) - fr
        winner = "francis" if fr >= 5 else "charles" if ch >= 5 else ("francis" if fr >= ch else "charles")
        power = "austria" if winner == "francis" else "france"
        a["emperor_elected"] = winner
        a["election"] = "done"
        if A.take(state, power, "the Emperor box"):
            a["emperor"] = power
        log(state, f"Imperial election: Francis {fr}, Charles Albert {ch}. "
            f"{'Francis Stephen' if winner == 'francis' else 'Charles Albert'} is elected Emperor.", power)
        pop(state)
        A.check_pools(state, info, "the imperial election")            # R23.1c
        return True

    @staticmethod
    def waiting(state, info, frame):
        return roles_for_powers(state, [frame["todo"][0][1]]) if frame.get("todo") else []

    @staticmethod
    def prompt(state, info, frame, role):
        if role not in Election.waiting(state, info, frame):
            return []
        c = frame["todo"][0][0]
        return [{"type": "vote", "elector": c, "for": w} for w in ("charles", "francis")]

    @staticmethod
    def act(state, info, frame, role, action):
        c, p = frame["todo"].pop(0)
        frame["votes"][c] = action["for"]
        log(state, f"{power_name(p)} casts the {info.board.cities[c].name} vote for "
            f"{'Charles Albert' if action['for'] == 'charles' else 'Francis Stephen'}.", p)


@hooks.provide("income_modifier")
def income(state, power, n: int) -> int:
    """The advanced game's changes to a power's TC income: an Austrian-allied Saxony draws 2
    (R19.3.8), then the political income changes (R17)."""
    if power == "saxony" and saxony_state(state) == "austrian_ally":
        n = 2                                                   # R19.3.8
    return n + income_modifier(state, power)


@hooks.provide("battle_settled")
def battle_settled(state, info, battle: dict) -> None:
    """After a battle's loser retreated or was eliminated: VPs (R16.3), then Saxony (R19.3)."""
    A.settle_battle(state, info, battle)
    flush_saxony(state, info)


@hooks.provide("new_advanced_game")
def new_advanced_game(state, board, info) -> None:
    """The advanced game's state at set-up: VM pools and boxes (R4.5, R15), the political tracks
    and display (R4.10, R17), the Dessauer in Ostpreussen (R4.4)."""
    state["adv"] = A.new_adv(state, board)
    state["adv"]["tracks"] = {t: poldata.display()["tracks"][t]["star"] for t in ("italy", "russia", "saxony")}
    state["adv"]["saxony_state"] = "prussian_ally"
    state["adv"]["stages"] = [list(s) for s in R.ACTION_STAGES]
    state["adv"]["drew"] = {}
    state["adv"]["pol"] = new_pol(state)
    for gid, place in board.setup.generals.items():     # R4.4: the Dessauer in Ostpreussen
        if place == "box:ostpreussen":
            state["adv"]["expedition"] = {"russia": {"prussia": gid}}
    A.after_control_change(state, info)
