"""MARIA's random legal player (R1-R25 through the door): the moves of the fuzzer and of the
`random` computer level, and the legal filling of action templates for every level.

The random player is "a little purposeful" so that games reach combat, conquest, retreats, winter
re-entry and instant victories: it still only ever plays an action from legal_actions() (templates
filled legally), and every choice is drawn from the chooser's seeded PRNG, so one seed = one game.
  * a moving general prefers, with some probability, steps that leave an enemy-controlled fortress,
    end next to an enemy general, or bring it closer to an enemy fortress or general;
  * it rarely transfers troops or undoes, and ends a phase less often than it moves;
  * in winter it recruits (and so re-enters removed generals) when it can.
"""

from __future__ import annotations

from maria.engine import rng
from maria.games.maria.rules import cards, door
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.state import board_info, controller


def _pick(st: dict, n: int) -> int:
    return rng.randbelow(st, n)


def fill(template: dict, state: dict, chooser: dict, role: str | None = None) -> dict:
    """Fill a template action with a random legal choice (chooser = {"rng": int} PRNG state) for
    `role` (needed only for an offer of agreement: the offering player)."""
    a = dict(template)
    t = a["type"]
    if t == "allocate":
        lim = a.pop("generals")
        total = a.pop("total")
        troops = {g: v["min"] for g, v in lim.items()}
        left = total - sum(troops.values())
        ids = sorted(troops)
        while left > 0:
            g = ids[_pick(chooser, len(ids))]
            if troops[g] < lim[g]["max"]:
                troops[g] += 1
                left -= 1
        a["troops"] = troops
    elif t == "pay":
        hand, amount = state["cards"]["hands"][a["power"]], a.pop("amount")
        eff = (state["flow"][-1].get("effect") or {}).get("name")
        a["cards"] = (
            random_payment(hand, amount, chooser) if eff == "expedition" else cards.suggest_payment(hand, amount)
        )
    elif t == "troops":
        n = 1 + _pick(chooser, a.pop("max_troops"))
        on_map, sites = a.pop("on_map"), a.pop("sites")
        assign, reenter = {}, {}
        for gid, s in sorted(sites.items()):
            s = [c for c in s if c not in reenter.values() and not state["city_generals"].get(c)]
            if s and n > len(assign) and _pick(chooser, 2):
                reenter[gid] = s[_pick(chooser, len(s))]
                assign[gid] = 1
        left = n - sum(assign.values())
        pool = sorted(set(on_map) | set(assign))
        for _ in range(40):
            if left <= 0 or not pool:
                break
            g = pool[_pick(chooser, len(pool))]
            gen = state["generals"][g]
            city = reenter.get(g, gen["city"])
            stack = [x for x in state["city_generals"].get(city, []) if x != g]
            if (
                gen["troops"] + assign.get(g, 0) >= 8
                or sum(state["generals"][x]["troops"] for x in stack) + gen["troops"] + assign.get(g, 0) >= 16
            ):
                continue
            assign[g] = assign.get(g, 0) + 1
            left -= 1
        if not assign:
            return {"type": "done"}
        a["assign"], a["reenter"] = assign, reenter
    elif t == "recruit":
        p = a["power"]
        n = 1 + _pick(chooser, a.pop("max_troops"))
        on_map, sites = a.pop("on_map"), a.pop("sites")
        assign, reenter = {}, {}
        used: dict[str, int] = {}
        for gid, s in sorted(sites.items()):
            # never two re-entries on one fortress, nor one onto a stack (keeps the choice legal)
            s = [c for c in s if not used.get(c) and not state["city_generals"].get(c)]
            if s and n > len(assign):
                c = s[_pick(chooser, len(s))]
                reenter[gid] = c
                used[c] = 1
                assign[gid] = 1
        left = n - sum(assign.values())
        pool = sorted(set(on_map) | set(assign))
        tries = 0
        while left > 0 and pool and tries < 50:
            tries += 1
            g = pool[_pick(chooser, len(pool))]
            gen = state["generals"][g]
            if gen["troops"] + assign.get(g, 0) >= 8:
                continue
            city = gen["city"] if g not in reenter else reenter[g]
            stack = [x for x in state["city_generals"].get(city, []) if x != g]
            if (
                sum(state["generals"][x]["troops"] + assign.get(x, 0) for x in stack) + gen["troops"] + assign.get(g, 0)
                >= 16
            ):
                continue
            assign[g] = assign.get(g, 0) + 1
            left -= 1
        total = sum(assign.values())
        a["assign"], a["reenter"] = assign, reenter
        a["cards"] = cards.suggest_payment(state["cards"]["hands"][p], 4 * total) if total else None
        if not total:
            return {"type": "done"}
    elif t == "offer_agreement":
        by = role or next(r for r in door.active_roles(state) if r != a["to"])
        a["terms"], a["turns"] = _random_terms(state, by, a["to"], chooser), 1 + _pick(chooser, 2)
    return a


def _random_terms(state: dict, role: str, other: str, chooser: dict) -> dict:
    """One promise of the offering side (R21), drawn from the vocabulary; a promise to keep out of
    a territory when nothing else can be promised."""
    from maria.games.maria.rules.advanced.agreements import term_choices

    choices = term_choices(state, board_info(state), role, other)
    if choices:
        return {role: [choices[_pick(chooser, len(choices))]]}
    p = R.powers_of(state, role)[0]
    return {role: [{"kind": "keep_out", "power": p, "territory": sorted(board_info(state).board.territories)[0]}]}


def random_payment(hand: list[str], amount: int, chooser: dict) -> list[str] | None:
    """A random minimal payment (R8.7): cards in random order until the amount is reached, then
    every card that is not needed dropped (used where the payer's own choice is exercised)."""
    if cards.pay_value(hand) < amount:
        return None
    rest, chosen = list(hand), []
    while cards.pay_value(chosen) < amount:
        chosen.append(rest.pop(_pick(chooser, len(rest))))
    for c in sorted(chosen, key=lambda c: (cards.value_of(c), c)):
        if cards.pay_value(chosen) - cards.value_of(c) >= amount:
            chosen.remove(c)
    return chosen


def _targets(state: dict, info, power: str) -> set[str]:
    """Cities a general of `power` would like to reach: enemy fortresses that count for its
    player's victory (Austria, and Silesia for Prussia/Saxony), else any enemy fortress, and enemy
    generals."""
    out = {
        c for c, gens in state["city_generals"].items() if R.enemies(state, state["generals"][gens[0]]["power"], power)
    }
    goal = set()
    other = set()
    for c in info.fortresses():
        ctrl = controller(state, info, c)
        if ctrl is not None and R.enemies(state, ctrl, power):
            if info.home_of(c) == "austria" or (power in ("prussia", "saxony") and info.in_silesia(c)):
                goal.add(c)
            else:
                other.add(c)
    return out | (goal or other)


def _train_step(state: dict, info, frame: dict, steps: list[dict], chooser: dict) -> dict | None:
    """A train follows its power's generals abroad (keeps them in supply)."""
    power = state["trains"][frame["piece"]]["power"]
    abroad = {
        g["city"]
        for g in state["generals"].values()
        if g["power"] == power and g["in_play"] and g["city"] in info.playable and info.home_of(g["city"]) != power
    }
    if not abroad:
        return None
    here = _near(info, frame["path"][-1], abroad)
    good = [a for a in steps if _near(info, a["to"], abroad) < here]
    if good and _pick(chooser, 10) < 8:
        return good[_pick(chooser, len(good))]
    return None


def _near(info, city: str, targets: set[str]) -> int:
    d = info.dist_from(city)
    return min((d.get(t, 99) for t in targets), default=99)


def _purposeful(state: dict, role: str, acts: list[dict], chooser: dict) -> dict | None:
    """A preferred action among `acts` (or None to choose uniformly)."""
    frame = state["flow"][-1]
    name = frame["name"]
    if name == "moving":
        info = board_info(state)
        pid = frame["piece"]
        if pid not in state["generals"]:
            return _train_step(state, info, frame, [a for a in acts if a["type"] == "step"], chooser)
        power = state["generals"][pid]["power"]
        cur = frame["path"][-1]
        steps = [a for a in acts if a["type"] == "step"]
        if not steps:
            return None
        targets = _targets(state, info, power)
        here = _near(info, cur, targets)
        enemy_gens = {
            c
            for c, gens in state["city_generals"].items()
            if R.enemies(state, state["generals"][gens[0]]["power"], power)
        }
        good = []
        for a in steps:
            to = a["to"]
            adj_enemy = any(n in enemy_gens for n in info.nbrs[to])
            if to in targets or adj_enemy or _near(info, to, targets) < here:
                good.append(a)
        if cur in targets and info.is_fortress(cur) and len(frame["path"]) > 1:
            good = steps  # keep going: leaving conquers it
        elif (
            any(n in enemy_gens for n in info.nbrs[cur])
            and len(frame["path"]) > 1
            and {"type": "stop"} in acts
            and _pick(chooser, 2)
        ):
            return {"type": "stop"}  # stay next to the enemy: combat
        keen = 9 if power != "austria" else 2
        if good and _pick(chooser, 10) < keen:
            return good[_pick(chooser, len(good))]
        return None
    if name == "diplomacy":  # R20: now and then a contract or a cancellation
        deals = [a for a in acts if a["type"] in ("offer_subsidy", "cancel_subsidy", "offer_agreement")]
        if deals and _pick(chooser, 12) == 0:
            return deals[_pick(chooser, len(deals))]
        return {"type": "done"}
    if name == "peace_offer" and frame["step"] == "offer":
        return {"type": "peace_offer", "offer": _pick(chooser, 10) < 7}
    if name == "movement_phase":
        rare = [a for a in acts if a["type"] in ("dispute", "flanders_pass")]
        if rare and _pick(chooser, 25) == 0:  # R10.8 now and then
            return rare[_pick(chooser, len(rare))]
        acts = [a for a in acts if a["type"] not in ("dispute", "flanders_pass")]
        moves = [a for a in acts if a["type"] in ("move", "force_march")]
        eager = 3 if "austria" in R.powers_of(state, role) and state["players"] == 3 else 8
        if moves and _pick(chooser, 10) < eager:
            normal = [a for a in moves if a["type"] == "move"] or moves
            return normal[_pick(chooser, len(normal))]
        return acts[_pick(chooser, len(acts))] if acts else None
    if name in ("winter", "saxony_reenter"):  # R13, R19.3: usually recruit
        rec = [a for a in acts if a["type"] == "recruit"]
        if rec and _pick(chooser, 10) < 8:
            return rec[0]
    return None


def is_rarer(a: dict, frame_name: str) -> bool:
    """A proposal to cancel a subsidy contract outside the diplomacy window (R20, RUL-A34): offered
    at almost every decision, so a random player makes one only when it was about to transfer or
    undo (it never spends a random draw of its own, which keeps the fuzz seeds' games as they were)."""
    return a["type"] in ("cancel_subsidy", "offer_agreement") and frame_name != "diplomacy"


def random_action(state: dict, role: str, chooser: dict) -> dict:
    acts = door.legal_actions(state, role)
    name = state["flow"][-1]["name"]
    rarer = [a for a in acts if is_rarer(a, name)]
    rare = [a for a in acts if a["type"] in ("transfer", "undo")]
    common = [a for a in acts if a not in rare and a not in rarer] or rarer
    if common is rarer:
        rarer = []
    if rare and (not common or _pick(chooser, 20) == 0):
        rare += rarer
        a = rare[_pick(chooser, len(rare))]
    else:
        a = _purposeful(state, role, common, chooser) or common[_pick(chooser, len(common))]
    if any(v == "choose" for v in a.values()):
        a = fill(a, state, chooser, role)
    return a


class RandomMoves:
    """The fuzzer's random player over the whole table (maria.lab.fuzz): which waiting role acts and
    what it plays, every choice drawn from one seeded chooser, so one seed is one game."""

    def __init__(self, seed: int):
        self.chooser = {"rng": rng.seed_state(seed ^ 0x5EED)}

    def pick_role(self, roles: list[str]) -> str:
        return roles[_pick(self.chooser, len(roles))]

    def action(self, state: dict, role: str) -> dict:
        return random_action(state, role, self.chooser)
