"""Binding agreements (R21; RUL-A38 to RUL-A42): promises between two players that the rules keep.

State (advanced game, option "agreements", plain data): state["adv"]["agreements"] = [{"id": n,
"by": offering role, "to": the other role, "terms": {role: [term, ...]} (each side's promises),
"made": turn, "until": turn (it ends as the turn track reaches it), "allied": {"a|b": bool} (the
alliances of the powers it names when made)}] and state["adv"]["agreement_asked"] = {"by>to":
[turn, stage, phase]} (one offer per pair of players per phase, RUL-A39).

The vocabulary of terms (each names the promising power "power", one of its side's powers):
  {"kind": "no_attack", "power", "target", "map": None | "bohemia" | "flanders"}
  {"kind": "keep_away", "power", "fortresses": [city, ...]}   out of protecting distance (R10.13)
  {"kind": "keep_out", "power", "territory"}
  {"kind": "leave", "power", "territory"}                      as fast as possible
  {"kind": "vote", "power", "for": "charles" | "francis"}       the next imperial election (R18)
  {"kind": "subsidy", "power" (the giver), "recipient", "turns"} a subsidy contract (R20)

Offers: {"type": "offer_agreement", "to": role, "terms": {role: [...], role: [...]}, "turns": n},
in the diplomacy window (RUL-A34) and at any decision of a player (the door's "at any time"
offers, as R20 cancellations); the other player answers at once ("agreement_answer":
{"type": "answer_agreement", "accept": bool}).  While an agreement runs the door refuses, and
does not list, an action that would break it (`refusal`, the same check for both); `review`
ends the agreements whose time is up or that can no longer be kept, after every action.
"""

from __future__ import annotations

from maria.engine.log import log, power_name
from maria.games.maria.rules import hooks
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.advanced import subsidy
from maria.games.maria.rules.machine import Handler, pop, push, register
from maria.games.maria.rules.movement import step_refusal
from maria.games.maria.rules.state import BoardInfo, IllegalAction, controller

KINDS = ("no_attack", "keep_away", "keep_out", "leave", "vote", "subsidy")
MAX_TURNS = 4  # RUL-A38: an agreement runs 1 to 4 turns
PROTECTING = 3  # R10.13
MAPS = ("bohemia", "flanders")
# where an offer is not made "at any time": the diplomacy window lists its own, and an answer,
# the set-up and the end of the game are no decisions to bargain over
NO_ANYTIME_OFFER = frozenset({"allocation", "game", "diplomacy", "subsidy_answer", "agreement_answer"})


# --- reading ------------------------------------------------------------------------------------


def enabled(state: dict) -> bool:
    return state.get("adv") is not None and bool(state["options"].get("agreements"))


def in_force(state: dict) -> list[dict]:
    """The agreements running now (an agreement past its last turn stays listed only until the
    review after the action that ended its time)."""
    adv = state.get("adv")
    if adv is None:
        return []
    return [a for a in adv.get("agreements", ()) if state["turn"] < a["until"]]


def label(a: dict) -> str:
    return f"Agreement {a['id']} ({R.role_name(a['by'])} - {R.role_name(a['to'])}, until turn {a['until']})"


def term_text(state: dict, info: BoardInfo, t: dict) -> str:
    """How a term reads in the log and on the board (an agreement keeps its lines, "text", so that
    the board shows them from the view alone)."""
    who = power_name(t["power"])
    k = t["kind"]
    if k == "no_attack":
        where = f" on the {t['map'].title()} map" if t.get("map") else ""
        return f"{who} does not attack {power_name(t['target'])}{where}"
    if k == "keep_away":
        names = " and ".join(info.board.cities[c].name for c in t["fortresses"])
        return f"{who} keeps its generals out of protecting distance of {names}"
    if k == "keep_out":
        return f"{who} keeps its generals out of {info.board.territories[t['territory']].name}"
    if k == "leave":
        return f"{who}'s generals leave {info.board.territories[t['territory']].name} as fast as possible"
    if k == "vote":
        cand = "Charles Albert" if t["for"] == "charles" else "Francis Stephen"
        return f"{who} votes for {cand} in the imperial election"
    n = t["turns"]
    return f"{who} pays {power_name(t['recipient'])} a subsidy for {n} turn{'s' if n != 1 else ''}"


def lines(state: dict, info: BoardInfo, a: dict) -> list[str]:
    """Each promise of an offer or agreement, with its side: "Frederick: Prussia does not ..."."""
    return [f"{R.role_name(r)}: {term_text(state, info, t)}" for r in (a["by"], a["to"]) for t in a["terms"].get(r, [])]


def agreement_text(state: dict, info: BoardInfo, a: dict) -> str:
    sides = []
    for role in (a["by"], a["to"]):
        ts = a["terms"].get(role, [])
        if ts:
            sides.append("; ".join(term_text(state, info, t) for t in ts))
    return " / ".join(sides)


# --- the vocabulary: what each side may promise ------------------------------------------------


def _territory_of(info: BoardInfo, city: str | None) -> str | None:
    return info.board.cities[city].territory if city else None


def _leave_distance(info: BoardInfo, territory: str, city: str) -> int:
    """Roads from `city` to the nearest city outside `territory` (0 outside it)."""
    if _territory_of(info, city) != territory:
        return 0
    best = 99
    for c, d in info.dist_from(city).items():
        if d < best and _territory_of(info, c) != territory:
            best = d
    return best


def _generals(state: dict, info: BoardInfo, power: str) -> list[tuple[str, dict]]:
    """`power`'s generals on the maps in play."""
    return [
        (gid, g)
        for gid, g in sorted(state["generals"].items())
        if g["power"] == power and g["in_play"] and g["city"] in info.playable
    ]


def _adjacent_pair(state: dict, info: BoardInfo, t: dict) -> bool:
    """A general of the promising power next to one of the target's (R11.1 would make him attack)."""
    for _, g in _generals(state, info, t["power"]):
        if t.get("map") and info.board.cities[g["city"]].map != t["map"]:
            continue
        for n in info.nbrs[g["city"]]:
            for o in state["city_generals"].get(n, ()):
                if state["generals"][o]["power"] == t["target"]:
                    return True
    return False


def term_choices(state: dict, info: BoardInfo, role: str, other: str) -> list[dict]:
    """The single terms `role` may promise to `other` now (the offer dialog's and the computer
    players' list; a combination is any list of them, RUL-A38)."""
    # an agreement naming a neutral power (R19.4) ends as soon as it is made (RUL-A41): such a
    # power neither promises nor is promised anything here (subsidies excepted, as there)
    neutral = set(hooks.call("neutral_powers", state))
    mine = [p for p in R.powers_of(state, role) if p not in neutral]
    theirs = [q for q in R.powers_of(state, other) if q not in neutral]
    out: list[dict] = []
    for p in mine:
        for q in theirs:
            if R.enemies(state, p, q):
                t = {"kind": "no_attack", "power": p, "target": q, "map": None}
                if not _adjacent_pair(state, info, t):
                    out.append(t)
                for m in MAPS:
                    tm = {"kind": "no_attack", "power": p, "target": q, "map": m}
                    if not _adjacent_pair(state, info, tm):
                        out.append(tm)
    for p in mine:
        if not _generals(state, info, p):
            continue
        foes = [q for q in theirs if R.enemies(state, p, q)]
        if not foes:
            continue
        for c in info.fortresses():
            ctrl = controller(state, info, c)
            if ctrl is not None and R.cooperating(state, ctrl, p):
                out.append({"kind": "keep_away", "power": p, "fortresses": [c]})
        here = sorted({info.board.cities[g["city"]].territory for _, g in _generals(state, info, p)})
        for terr in sorted(info.board.territories):
            if any(info.board.cities[c].territory == terr for c in info.playable):
                out.append({"kind": "keep_out", "power": p, "territory": terr})
        for terr in here:
            out.append({"kind": "leave", "power": p, "territory": terr})
    if state["adv"].get("election") != "done":
        for p in mine:
            if p in state["adv"]["college"].values() and p not in ("austria", "pragmatic_army"):
                out += [{"kind": "vote", "power": p, "for": w} for w in ("charles", "francis")]
    for p in R.powers_of(state, role):  # subsidies are the subsidy rules' (R20), neutral or not
        for q in R.powers_of(state, other):
            if subsidy.may_contract(state, p, q) and not subsidy.pair_taken(state, p, q):
                left = state["options"]["last_turn"] - state["turn"] + 1
                out += [
                    {"kind": "subsidy", "power": p, "recipient": q, "turns": n}
                    for n in range(1, min(left, MAX_TURNS) + 1)
                ]
    return out


def _term_refusal(state: dict, info: BoardInfo, role: str, other: str, t: object) -> str | None:
    if not isinstance(t, dict) or t.get("kind") not in KINDS:
        return "Each term is one of the promises of §21 the program keeps (R21)."
    if t.get("power") not in R.powers_of(state, role):
        return "Each side promises only for its own powers (R21)."
    k = t["kind"]
    neutral = set(hooks.call("neutral_powers", state))
    if k != "subsidy" and (t["power"] in neutral or t.get("target") in neutral):
        who = t["power"] if t["power"] in neutral else t["target"]
        return f"{power_name(who)} is neutral (R19.4): no promise names it."
    if k == "keep_away":
        fs = t.get("fortresses")
        if not isinstance(fs, list) or not fs or len(fs) > 4 or len(set(map(str, fs))) != len(fs):
            return "Name 1 to 4 fortresses to keep out of protecting distance of."
        if any(not isinstance(c, str) or c not in info.playable or not info.is_fortress(c) for c in fs):
            return "Only fortresses in play can be named."
        if set(t) != {"kind", "power", "fortresses"}:
            return "A term names only its own parts."
        return None
    if k in ("keep_out", "leave"):
        ok = isinstance(t.get("territory"), str) and t["territory"] in info.board.territories
        if not ok or set(t) != {"kind", "power", "territory"}:
            return "Name a territory of the board."
        if k == "leave" and not any(
            _territory_of(info, g["city"]) == t["territory"] for _, g in _generals(state, info, t["power"])
        ):
            return "Only generals standing in a territory can promise to leave it."
        return None
    if t not in term_choices(state, info, role, other):
        return "That promise cannot be made now (R20, R21, R18)."
    return None


def offer_refusal(state: dict, info: BoardInfo, role: str, action: dict) -> str | None:
    """Why `role` may not make this offer now (None = he may): the same check for the diplomacy
    window and for an offer at any time."""
    if not enabled(state):
        return "This game is played without agreements (the 'agreements' option)."
    other = action.get("to")
    if not isinstance(other, str) or other not in state["roles"] or other == role or role not in state["roles"]:
        return "An agreement is offered to another player."
    if set(action) != {"type", "to", "terms", "turns"}:
        return "An offer names the other player, the terms of each side and the number of turns."
    n = action["turns"]
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_TURNS:
        return f"An agreement runs 1 to {MAX_TURNS} turns (RUL-A38)."
    if state["adv"].get("agreement_asked", {}).get(f"{role}>{other}") == _moment(state):
        return f"{R.role_name(role)} has made {R.role_name(other)} an offer in this phase already (RUL-A39)."
    terms = action["terms"]
    if not isinstance(terms, dict) or set(terms) - {role, other}:
        return "The terms are a list of promises for each of the two players."
    total = 0
    for side in (role, other):
        ts = terms.get(side, [])
        if not isinstance(ts, list) or len(ts) > 6:
            return "Each side promises at most 6 terms."
        for t in ts:
            why = _term_refusal(state, info, side, other if side == role else role, t)
            if why:
                return why
        if any(ts.count(t) > 1 for t in ts):
            return "A term is named twice."
        total += len(ts)
    if total == 0:
        return "An agreement promises something."
    subs = [t for side in terms.values() for t in side if t["kind"] == "subsidy"]
    if len({subsidy._pair(t["power"], t["recipient"]) for t in subs}) != len(subs):
        return "At most one subsidy contract between two powers (R20.2)."
    return None


# --- offers and answers --------------------------------------------------------------------------


def _moment(state: dict) -> list:
    return [state["turn"], state["stage"], state["phase"]]


@hooks.provide("agreement_offers")
def offer_templates(state: dict, role: str) -> list[dict]:
    """One template per other player: the terms and the turns to fill (maria.engine.door)."""
    if not enabled(state) or role not in state["roles"]:
        return []
    asked = state["adv"].get("agreement_asked", {})
    return [
        {"type": "offer_agreement", "to": o, "terms": "choose", "turns": "choose"}
        for o in state["roles"]
        if o != role and asked.get(f"{role}>{o}") != _moment(state)
    ]


def anytime_offers(state: dict, role: str) -> list[dict]:
    if state["flow"][-1]["name"] in NO_ANYTIME_OFFER:
        return []
    return offer_templates(state, role)


@hooks.provide("propose_agreement")
def propose(state: dict, info: BoardInfo, role: str, action: dict) -> None:
    """The offer is made public and put to the other player at once (RUL-A39)."""
    why = offer_refusal(state, info, role, action)
    if why:
        raise IllegalAction(why)
    other = action["to"]
    state["adv"].setdefault("agreement_asked", {})[f"{role}>{other}"] = _moment(state)
    offer = {"by": role, "to": other, "terms": {r: list(action["terms"].get(r, [])) for r in (role, other)}}
    offer["turns"] = action["turns"]
    offer["text"] = lines(state, info, offer)
    log(
        state,
        f"{R.role_name(role)} offers {R.role_name(other)} an agreement for {action['turns']} "
        f"turn{'s' if action['turns'] != 1 else ''}: {agreement_text(state, info, offer)}.",
    )
    push(state, {"name": "agreement_answer", "offer": offer, "by": role, "to": other})


def make(state: dict, info: BoardInfo, offer: dict) -> dict:
    adv = state["adv"]
    made = adv.setdefault("agreements", [])
    n = 1 + max([a["id"] for a in made] + [adv.get("agreements_made", 0)])
    adv["agreements_made"] = n
    powers = sorted({p for ts in offer["terms"].values() for t in ts for p in _term_powers(t)})
    a = {
        "id": n,
        "by": offer["by"],
        "to": offer["to"],
        "terms": {r: [dict(t) for t in ts] for r, ts in offer["terms"].items()},
        "made": state["turn"],
        "until": state["turn"] + offer["turns"],
        "text": lines(state, info, offer),
        "allied": {f"{p}|{q}": R.allied(state, p, q) for i, p in enumerate(powers) for q in powers[i + 1 :]},
    }
    made.append(a)
    log(state, f"{label(a)} is made: {agreement_text(state, info, a)}.")
    for ts in a["terms"].values():
        for t in ts:
            if t["kind"] == "subsidy":
                subsidy.make(state, t["power"], t["recipient"], t["turns"])
    return a


def _term_powers(t: dict) -> list[str]:
    return [t["power"]] + [t[k] for k in ("target", "recipient") if k in t]


@register("agreement_answer")
class AgreementAnswer(Handler):
    @staticmethod
    def waiting(state: dict, info: BoardInfo, frame: dict) -> list[str]:
        return [frame["to"]]

    @staticmethod
    def prompt(state: dict, info: BoardInfo, frame: dict, role: str) -> list[dict]:
        if role != frame["to"]:
            return []
        return [{"type": "answer_agreement", "accept": True}, {"type": "answer_agreement", "accept": False}]

    @staticmethod
    def act(state: dict, info: BoardInfo, frame: dict, role: str, action: dict) -> None:
        pop(state)
        if action["accept"]:
            make(state, info, frame["offer"])
        else:
            log(state, f"{R.role_name(role)} refuses the agreement.")


# --- keeping them --------------------------------------------------------------------------------


def _promises(state: dict, power: str) -> list[tuple[dict, dict]]:
    return [(a, t) for a in in_force(state) for ts in a["terms"].values() for t in ts if t["power"] == power]


def _broken(state: dict, info: BoardInfo, a: dict, t: dict, why: str) -> str:
    return f"{label(a)}: {term_text(state, info, t)} - {why} (R21.2)."


@hooks.provide("agreement_step")
def step_breaks(state: dict, info: BoardInfo, power: str, cur: str, to: str) -> str | None:
    """Why a general of `power` may not step from `cur` to `to` under the agreements in force
    (movement.step_refusal asks it, so every path the board and the players search keeps them)."""
    adv = state.get("adv")
    if adv is None or not adv.get("agreements"):
        return None
    return _step_breaks(state, info, power, cur, to)


def _step_breaks(state: dict, info: BoardInfo, power: str, cur: str, to: str) -> str | None:
    cities = info.board.cities
    for a, t in _promises(state, power):
        k = t["kind"]
        if k == "no_attack":
            if t.get("map") and cities[to].map != t["map"]:
                continue
            if controller(state, info, to) == t["target"] and info.is_fortress(to):
                return _broken(state, info, a, t, f"{cities[to].name} is a fortress it holds")
            tid = state["city_train"].get(to)
            if tid and state["trains"][tid]["power"] == t["target"]:
                return _broken(state, info, a, t, f"its supply train stands in {cities[to].name}")
            for n in info.nbrs[to]:
                if any(state["generals"][o]["power"] == t["target"] for o in state["city_generals"].get(n, ())):
                    return _broken(state, info, a, t, f"{cities[to].name} is next to its general (R11.1)")
        elif k == "keep_away":
            for f in t["fortresses"]:
                d = info.dist_from(f)
                if d.get(to, 99) <= PROTECTING and d.get(to, 99) < d.get(cur, 99):
                    return _broken(state, info, a, t, f"{cities[to].name} is within 3 cities of {cities[f].name}")
        elif k == "keep_out":
            if _territory_of(info, to) == t["territory"] and _territory_of(info, cur) != t["territory"]:
                return _broken(state, info, a, t, f"{cities[to].name} lies there")
        elif k == "leave":
            if _territory_of(info, to) == t["territory"]:
                before, after = _leave_distance(info, t["territory"], cur), _leave_distance(info, t["territory"], to)
                if before == 0 or after >= before:
                    return _broken(state, info, a, t, f"{cities[to].name} is no nearer the way out")
    return None


def _leave_step_open(state: dict, info: BoardInfo, gid: str, frame: dict) -> bool:
    """Whether the general can step nearer the way out of a territory he promised to leave."""
    cur = frame["path"][-1]
    g = state["generals"][gid]
    terrs = [t["territory"] for _, t in _promises(state, g["power"]) if t["kind"] == "leave"]
    if _territory_of(info, cur) not in terrs:
        return False
    d0 = _leave_distance(info, _territory_of(info, cur) or "", cur)
    for n in info.nbrs[cur]:
        if (
            _leave_distance(info, _territory_of(info, cur) or "", n) < d0
            and step_refusal(state, info, frame, n) is None
        ):
            if _step_breaks(state, info, g["power"], cur, n) is None:
                return True
    return False


def _unmoved_leaver(state: dict, info: BoardInfo, frame: dict) -> tuple[dict, dict, dict] | None:
    """A general of the moving powers still inside a territory his power promised to leave, not
    moved yet and able to step nearer the way out."""
    for p in frame.get("powers", ()):
        for a, t in _promises(state, p):
            if t["kind"] != "leave":
                continue
            for gid, g in _generals(state, info, p):
                if gid in frame.get("moved", ()) or _territory_of(info, g["city"]) != t["territory"]:
                    continue
                probe = {"piece": gid, "mode": "normal", "path": [g["city"]], "main": True}
                if _leave_step_open(state, info, gid, probe):
                    return a, t, g
    return None


def refusal(state: dict, info: BoardInfo, role: str, action: dict) -> str | None:
    """Why `action` would break an agreement in force (None = it breaks none).  The door uses it
    both to leave the action out of the legal ones and to refuse it in apply (RUL-A40)."""
    adv = state.get("adv")
    if adv is None or not adv.get("agreements") or not in_force(state):
        return None
    frame = state["flow"][-1]
    name, t = frame["name"], action.get("type")
    if name == "moving" and t in ("step", "stop"):
        gid = frame["piece"]
        if gid not in state["generals"]:
            return None
        g = state["generals"][gid]
        to = action.get("to")
        if t == "stop" or to not in info.nbrs.get(frame["path"][-1], {}):
            return None
        return _step_breaks(state, info, g["power"], frame["path"][-1], to)
    if name == "movement_phase" and t in ("move", "force_march"):
        gid = action.get("piece")
        g = state["generals"].get(gid)
        if g is None or not g["city"] or not _promises(state, g["power"]):
            return None
        probe = {"piece": gid, "mode": "force" if t == "force_march" else "normal", "path": [g["city"]], "main": True}
        for n in info.nbrs[g["city"]]:
            if (
                step_refusal(state, info, probe, n) is None
                and _step_breaks(state, info, g["power"], g["city"], n) is None
            ):
                return None
        return f"Every first step of {g['name']} would break an agreement in force (RUL-A40)."
    if name == "movement_phase" and t == "done":
        left = _unmoved_leaver(state, info, frame)
        if left:
            a, term, g = left
            return _broken(state, info, a, term, f"{g['name']} has not moved yet")
    if name == "election" and t == "vote" and frame.get("todo"):
        p = frame["todo"][0][1]
        for a, term in _promises(state, p):
            if term["kind"] == "vote" and term["for"] != action.get("for"):
                return _broken(state, info, a, term, "the vote is promised")
    return None


def review(state: dict, info: BoardInfo) -> None:
    """End the agreements whose time is up or that the parties can no longer keep (RUL-A41)."""
    adv = state.get("adv")
    if adv is None or not adv.get("agreements"):
        return
    neutral = set(hooks.call("neutral_powers", state))
    keep = []
    for a in adv["agreements"]:
        why = _ending(state, info, a, neutral)
        if why:
            log(state, f"{label(a)} ends: {why}.")
        else:
            keep.append(a)
    adv["agreements"] = keep


def _ending(state: dict, info: BoardInfo, a: dict, neutral: set[str]) -> str | None:
    if state["turn"] >= a["until"]:
        return "its turns have run out"
    if state["result"] is not None:
        return "the game is over"
    for key, was in a["allied"].items():
        p, q = key.split("|")
        if R.allied(state, p, q) != was:
            return f"the alliance of {power_name(p)} and {power_name(q)} has changed (R21.4)"
    for ts in a["terms"].values():
        for t in ts:
            for p in _term_powers(t):
                if R.role_of(state, p) is None:
                    return f"{power_name(p)} has left the game"
                if p in neutral and t["kind"] != "subsidy":
                    return f"{power_name(p)} is neutral (R19.4)"
            if t["kind"] == "no_attack" and _adjacent_pair(state, info, t):
                return (
                    f"{power_name(t['target'])}'s generals stand next to {power_name(t['power'])}'s, "
                    "who must attack them (R11.1; an agreement changes no rule, R21.4)"
                )
    return None
