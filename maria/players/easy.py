"""The `easy` level: fast rules of thumb for every kind of decision (R4.9 allocation, R7 hussars,
R8 payments, R10 movement, R11 combat and retreat, R13 winter), on one determinised state.

Every decision kind has a hook (a method named after the flow state or the action type), so the
advanced game's decisions (politics, votes, peace offers, subsidies) are added as new hooks; a
decision with no hook falls back to a one-ply search with the heuristic evaluation.

  allocation (R4.9)     troops towards the generals nearest the enemy, each stack <= 16
  hussars (R7)          on cities that cut enemy generals abroad from their trains
  supply / payments     always pay supply and hussar tax; pay_all keeps the most troops supplied
  movement (R10)        maria.players.plan: every legal whole move of every piece is scored
                        (conquests on the way, nearness to the next target, supply-train reach,
                        forced combats, threats); the best gain is played as one whole-move
                        action, generals first, then supply trains; train re-entry when needed
  attack order (R11.1)  the attack with the best estimated score first
  cards in combat       fight a deficit when the hand can cover it: the smallest suited card that
                        covers it, else a Reserve at 8, else the largest suited card; accept a
                        1-point defeat when cards are short
  retreat (R11.10)      the winner picks the path that leaves the loser worst off (one-ply)
  winter (R13)          recruit keeping about 6 points of cards, re-enter removed generals first
  expedition (R17.6.4)  an off-board general (8 TC, the cheapest minimal payment) if 6 points stay
                        in hand, else the on-map general missed least; relocations: one-ply
  anything else         one-ply: apply each action, evaluate
"""

from __future__ import annotations

import random

from maria.games.maria.rules import cards, door
from maria.games.maria.rules import roles as R
from maria.players.resample import resample
from maria.games.maria.rules.state import board_info, controller

from maria.players.easy_politics import PoliticsRules
from maria.players import learned_setup
from maria.players.evaluate import evaluate, goal_fortresses

TROOP_COST = 4


def playable(legal: list[dict], diplomacy: bool = False) -> list[dict]:
    """The actions a computer player considers: never undo or a troop transfer, and proposals to
    cancel a subsidy contract or offers of agreement only in the diplomacy window (`diplomacy`: its
    own rule of thumb, on_diplomacy) — not the same proposal offered at every other decision (R20,
    R21, RUL-A34, RUL-A39)."""
    skip = ("undo", "transfer") if diplomacy else ("undo", "transfer", "cancel_subsidy", "offer_agreement")
    return [a for a in legal if a["type"] not in skip] or legal


def is_template(a: dict) -> bool:
    return any(v == "choose" for v in a.values())


def cheap_payment(hand: list[str], amount: int) -> list[str] | None:
    """A minimal payment (R8.7) that overpays least: the best of the single cards that cover the
    amount and of small-first / large-first greedy sets (then pruned)."""
    if cards.pay_value(hand) < amount:
        return None
    options = []
    singles = [c for c in hand if cards.value_of(c) >= amount]
    if singles:
        options.append([min(singles, key=lambda c: (cards.value_of(c), cards.is_reserve(c), c))])
    for order in (
        sorted(hand, key=lambda c: (cards.is_reserve(c), cards.value_of(c), c)),
        sorted(hand, key=lambda c: (-cards.value_of(c), c)),
    ):
        chosen = []
        for c in order:
            if cards.pay_value(chosen) >= amount:
                break
            chosen.append(c)
        for c in sorted(chosen, key=lambda c: (cards.value_of(c), c)):
            if cards.pay_value(chosen) - cards.value_of(c) >= amount:
                chosen.remove(c)
        options.append(chosen)
    ok = [o for o in options if cards.minimal_payment_ok(o, amount)]
    if not ok:
        return cards.suggest_payment(hand, amount)
    return min(ok, key=lambda o: (cards.pay_value(o), sum(cards.is_reserve(c) for c in o), len(o)))


RICH_HAND = 10  # cards in hand from which a combat card is chosen to win big, not cheaply
BIG_DEFEAT = 6  # the margin (troops lost, cities retreated) a rich hand aims for


class EasyPlayer:
    level = "easy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, obs: dict, legal: list[dict], role: str, rng: random.Random | None = None) -> dict:
        rng = rng or self.rng
        acts = [a for a in legal if a["type"] != "undo"] or legal
        if len(acts) == 1 and not is_template(acts[0]):
            return acts[0]
        state = resample(obs, role, rng.getrandbits(32))
        return Rules(state, role, rng).decide(acts)


class Rules(PoliticsRules):
    """The rules of thumb applied to one full (determinised) state."""

    def __init__(self, state: dict, role: str, rng: random.Random, fast: bool = False):
        self.state, self.role, self.rng, self.fast = state, role, rng, fast
        self.info = board_info(state)
        self.mine = set(R.powers_of(state, role))
        # (action, the state after it) when the rules of thumb already looked ahead at the action
        # they chose (a checked move, the best one-ply action): a play-out takes that state
        # instead of applying the action a second time (see taken)
        self._taken: tuple[dict, dict] | None = None

    # --- entry point --------------------------------------------------------------------------
    def decide(self, acts: list[dict]) -> dict:
        frame = self.state["flow"][-1]
        acts = playable(acts, frame["name"] == "diplomacy")
        if len(acts) == 1 and not is_template(acts[0]):
            return acts[0]
        hook = getattr(self, "on_" + frame["name"], None)
        a = hook(acts, frame) if hook else None
        if a is None:
            a = self.one_ply(acts)
        if is_template(a):
            a = self.fill(a)
        return a

    # --- helpers ----------------------------------------------------------------------------------
    def value(self, st: dict) -> float:
        return evaluate(st, self.role)

    def after(self, a: dict) -> dict | None:
        try:
            return door.look_ahead(self.state, self.role, a)
        except Exception:
            return None

    def taken(self, a: dict) -> dict | None:
        """The state after `a` (the action decide returned) if the rules of thumb already looked
        ahead at it from this state (a fresh copy nobody else holds), else None: a play-out then
        saves a copy of the state and the action's whole rules check."""
        if self._taken is not None and self._taken[0] is a:
            return self._taken[1]
        return None

    def one_ply(self, acts: list[dict]) -> dict:
        plain = [a for a in acts if not is_template(a)]
        if not plain:
            return acts[0]
        best, best_v, best_st = plain[0], -1e9, None
        for a in plain:
            st = self.after(a)
            v = self.value(st) if st is not None else -1e9
            v += self.rng.random() * 1e-6
            if v > best_v:
                best, best_v, best_st = a, v, st
        if best_st is not None:
            self._taken = (best, best_st)  # the evaluation only reads it
        return best

    def enemy(self, power: str) -> bool:
        return all(R.enemies(self.state, power, m) for m in self.mine) if self.mine else False

    def enemy_cities(self) -> list[str]:
        st = self.state
        return [
            c
            for c, gs in st["city_generals"].items()
            if c in self.info.playable and self.enemy(st["generals"][gs[0]]["power"])
        ]

    def _near(self, city: str, targets) -> int:
        d = self.info.dist_from(city)
        return min((d.get(t, 99) for t in targets), default=99)

    # --- templates ---------------------------------------------------------------------------------
    def fill(self, a: dict) -> dict:
        t = a["type"]
        if t == "allocate":
            return self.fill_allocate(a)
        if t == "pay":
            a = dict(a)
            a["cards"] = cheap_payment(self.state["cards"]["hands"][a["power"]], a.pop("amount"))
            return a
        if t == "recruit":
            return self.fill_recruit(a)
        from maria.players.random_moves import fill  # unknown template: a legal fill

        return fill(a, self.state, {"rng": self.rng.getrandbits(63) | 1})

    def fill_allocate(self, a: dict) -> dict:
        st, info = self.state, self.info
        lim, total = a["generals"], a["total"]
        troops = {g: v["min"] for g, v in lim.items()}
        left = total - sum(troops.values())
        foes = self.enemy_cities()
        power = a["power"]
        goals = [c for c in info.fortresses() if self._goal_for(power, c)]
        if power == "pragmatic_army" and st["variant"] == "advanced":
            # the Pragmatic Army's set-up (R4.9) in Frederick's hands: its troops go to the
            # generals nearest the other players' pieces and fortresses (France's), not to those
            # nearest Prussia's and Saxony's, enemies by the rules (R2.3) but his own powers
            def other(p):
                return R.enemies(st, p, power) and p not in self.mine

            foes = [
                c
                for c, gs in st["city_generals"].items()
                if c in info.playable and other(st["generals"][gs[0]]["power"])
            ]
            goals = [c for c in goals if other(controller(st, info, c))]

        def prio(g):
            gen = st["generals"][g]
            if not gen["in_play"] or gen["city"] not in info.playable:
                return -100.0
            d = min(self._near(gen["city"], foes), self._near(gen["city"], goals))
            return 10.0 - d - 0.3 * gen["rank"]

        pr = {g: prio(g) for g in troops}
        while left > 0:
            cands = [g for g in troops if troops[g] < lim[g]["max"] and self._stack_room(g, troops) > 0]
            if not cands:
                cands = [g for g in troops if troops[g] < lim[g]["max"]]
            g = max(cands, key=lambda g: pr[g] - 0.9 * troops[g] + self.rng.random() * 0.1)
            troops[g] += 1
            left -= 1
        out = {k: v for k, v in a.items() if k not in ("generals", "total")}
        # the self-play table wins where it has an entry (maria.players.learned_setup); the rules of
        # thumb above still run first, so every later decision draws the same random numbers
        out["troops"] = learned_setup.allocation(st, a) or troops
        return out

    def _stack_room(self, g, troops):
        city = self.state["generals"][g]["city"]
        stack = self.state["city_generals"].get(city, [g])
        return 16 - sum(troops.get(x, self.state["generals"][x]["troops"]) for x in stack)

    def _goal_for(self, power: str, city: str) -> bool:
        ctrl = controller(self.state, self.info, city)
        if ctrl is None or not R.enemies(self.state, ctrl, power):
            return False
        major = R.major_of(self.state, power)
        return (
            city in goal_fortresses(self.state, self.info, major)
            or power == "austria"
            or major not in ("france", "prussia")
        )

    def fill_recruit(self, a: dict) -> dict:
        st = self.state
        p = a["power"]
        hv = cards.hand_value(st, p)
        n = max(1, min(a["max_troops"], (hv - 6) // TROOP_COST))
        assign, reenter = self.share_new_troops(n, a["sites"], a["on_map"])
        total = sum(assign.values())
        if not total:
            return {"type": "done"}
        out = {k: v for k, v in a.items() if k not in ("max_troops", "on_map", "sites")}
        out["assign"], out["reenter"] = assign, reenter
        out["cards"] = cheap_payment(st["cards"]["hands"][p], TROOP_COST * total)
        return out

    def share_new_troops(self, n: int, sites: dict, on_map, site_by_id: bool = False):
        """New troops (winter R13, political cards R17.6.6): removed generals re-enter first on the
        free site nearest the enemy, then one troop at a time to the general nearest the enemy,
        keeping 8 per general and 16 per stack.  Returns (assign, reenter)."""
        st = self.state
        foes = self.enemy_cities()
        assign, reenter, used = {}, {}, set()
        for gid, gsites in sorted(sites.items()):
            gsites = [c for c in gsites if c not in used and not st["city_generals"].get(c)]
            if gsites and len(assign) < n:
                c = min(gsites, key=lambda c: (self._near(c, foes), c) if site_by_id else self._near(c, foes))
                reenter[gid] = c
                used.add(c)
                assign[gid] = 1
        left = n - sum(assign.values())
        pool = sorted(set(on_map) | set(assign))

        def room(g):
            gen = st["generals"][g]
            if gen["troops"] + assign.get(g, 0) >= 8:
                return 0
            city = reenter.get(g, gen["city"])
            stack = [x for x in st["city_generals"].get(city, []) if x != g]
            return (
                16
                - sum(st["generals"][x]["troops"] + assign.get(x, 0) for x in stack)
                - gen["troops"]
                - assign.get(g, 0)
            )

        while left > 0:
            cands = [g for g in pool if room(g) > 0]
            if not cands:
                break
            g = min(
                cands,
                key=lambda g: (
                    self._near(reenter.get(g, st["generals"][g]["city"]), foes)
                    + 0.4 * (st["generals"][g]["troops"] + assign.get(g, 0)),
                    g,
                ),
            )
            assign[g] = assign.get(g, 0) + 1
            left -= 1
        return assign, reenter

    # --- hooks per flow state -------------------------------------------------------------------
    def on_allocation(self, acts, frame):
        return acts[0]

    def on_tc_phase(self, acts, frame):
        # the Bavarian subsidy moves one of France's cards to Bavaria (R8.2): worth it when
        # Toerring, who commands any stack he joins (rank 1, R11.9), is short of cards
        hands = self.state["cards"]["hands"]
        bav, fr = len(hands.get("bavaria", [])), len(hands.get("france", []))
        toerring = any(
            g["power"] == "bavaria" and g["in_play"] and g["city"] in self.info.playable
            for g in self.state["generals"].values()
        )
        give = toerring and bav < max(4, fr // 2)
        return next((a for a in acts if a.get("give") is give), acts[0])

    def on_pay(self, acts, frame):
        pay = next((a for a in acts if a["type"] == "pay"), None)
        return pay or acts[0]

    def on_hussar_tax(self, acts, frame):
        pay = next((a for a in acts if a["type"] == "pay"), None)
        if pay:
            return pay
        opts = [a for a in acts if a["type"] == "pay_all"]
        if opts:

            def supplied(a):
                return sum(self.state["generals"][g]["troops"] for g in a["supplied"] if g in self.state["generals"])

            return max(opts, key=lambda a: (supplied(a), len(a["supplied"])))
        return None

    def on_expedition(self, acts, frame):
        """R17.6.4: an off-board general (8 TC points) when the hand can spare them and keep about
        6 points; else the on-map general whose absence hurts least (one-ply)."""
        st = self.state
        off = [a for a in acts if a["type"] == "expedition" and st["generals"][a["general"]]["city"] is None]
        on = [a for a in acts if a["type"] == "expedition" and a not in off]
        if off and (not on or cards.hand_value(st, frame["power"]) >= 8 + 6):
            return off[0]
        return self.one_ply(on) if on else None

    def on_relocate(self, acts, frame):
        """R17.6.7 / R19.1.2 / R19.3.3: the lit city that the one-ply evaluation likes best."""
        return self.one_ply([a for a in acts if a["type"] == "relocate"] or acts)

    def on_supply_phase(self, acts, frame):
        pay = next((a for a in acts if a["type"] == "pay"), None)
        return pay

    def on_winter(self, acts, frame):
        return next((a for a in acts if a["type"] == "recruit"), None) or next(
            (a for a in acts if a["type"] == "done"), acts[0]
        )

    def on_hussars(self, acts, frame):
        places = [a for a in acts if a["type"] == "place_hussar"]
        if not places:
            return None
        from maria.games.maria.rules.supply import hussar_probe

        st, info = self.state, self.info
        abroad = [
            gid
            for gid, g in st["generals"].items()
            if g["in_play"]
            and g["city"] in info.playable
            and self.enemy(g["power"])
            and info.home_of(g["city"]) != g["power"]
        ]
        if not abroad:
            return places[0]
        near = set()
        for gid in abroad:
            near.update(info.within(st["generals"][gid]["city"], 2))
        cands = [a for a in places if a["city"] in near] or places
        if len(cands) > 24:
            cands = self.rng.sample(cands, 24)
        best, best_v = cands[0], -1e9
        # each general's supply as a function of the hussars' cities (only they change below)
        probes = [(gid, hussar_probe(st, info, gid)) for gid in abroad]
        for a in cands:
            old = st["hussars"][a["hussar"]]
            st["hussars"][a["hussar"]] = a["city"]
            hussar_cities = {c for c in st["hussars"].values() if c}
            st["hussars"][a["hussar"]] = old
            v = 0.0
            for gid, probe in probes:
                kind, cost = probe(hussar_cities)
                v += {"tax": 1 + 0.2 * cost, "none": 3}.get(kind, 0) * st["generals"][gid]["troops"]
            v -= 0.01 * self._near(a["city"], {st["generals"][g]["city"] for g in abroad})
            if v > best_v:
                best, best_v = a, v
        return best

    def on_combat_phase(self, acts, frame):
        atts = [a for a in acts if a["type"] == "attack"]
        if not atts:
            return None
        st = self.state

        def est(a):
            mine = sum(st["generals"][g]["troops"] for g in st["city_generals"].get(a["from"], []))
            theirs = sum(st["generals"][g]["troops"] for g in st["city_generals"].get(a["target"], []))
            return mine - theirs

        return max(atts, key=est)

    def on_combat(self, acts, frame):
        st = self.state
        side = frame["right"]
        power = frame[side + "_power"]
        s = frame["score"] if side == "att" else -frame["score"]
        suited = sorted(
            (a for a in acts if a["type"] == "play_card" and "value" not in a), key=lambda a: cards.value_of(a["card"])
        )
        reserves = [a for a in acts if a["type"] == "play_card" and a.get("value") == 8]
        accept = next((a for a in acts if a["type"] in ("accept_defeat", "accept_tie")), None)
        if s >= 0:  # at 0 with a suited card: must play one
            if accept is not None and accept["type"] == "accept_tie":
                return accept
            return suited[0] if suited else (reserves[0] if reserves else acts[0])
        d = -s
        means = sum(cards.value_of(a["card"]) for a in suited) + 8 * len(reserves)
        gids = [g for g in frame[side] if st["generals"][g]["city"] is not None]
        troops = sum(st["generals"][g]["troops"] for g in gids)
        hand = st["cards"]["hands"].get(power, [])
        if means < d or accept is None:
            return accept or acts[0]
        wiped = troops <= d
        if d == 1 and not wiped and len(hand) < 4:
            return accept
        if d >= 6 and not wiped and means < d + 6 and len(hand) < 5:
            return accept
        cover = [a for a in suited if cards.value_of(a["card"]) >= d]
        if cover:
            if len(hand) >= RICH_HAND:
                # a rich hand buys a big defeat: the loser loses the final score in troops and
                # retreats as far (R11.4), which eliminates generals and drives protectors off
                other = "def" if side == "att" else "att"
                theirs = sum(st["generals"][g]["troops"] for g in frame[other] if st["generals"][g]["city"] is not None)
                want = d + min(theirs, BIG_DEFEAT)
                big = [a for a in cover if cards.value_of(a["card"]) >= want]
                return big[0] if big else cover[-1]
            return cover[0]
        if reserves:
            return reserves[0]
        return suited[-1]

    def on_retreat(self, acts, frame):
        if len(acts) > 12:
            acts = self.rng.sample(acts, 12)
        return self.one_ply(acts)

    def on_movement_phase(self, acts, frame):
        from maria.players.plan import Planner

        moves = [a for a in acts if a["type"] in ("move", "force_march")]
        done = next((a for a in acts if a["type"] == "done"), None)
        re = [a for a in acts if a["type"] == "reenter_train"]
        st, info = self.state, self.info
        for a in re:
            power = st["trains"][a["train"]]["power"]
            have = any(
                t["power"] == power and t["in_play"] and t["city"] in info.playable for t in st["trains"].values()
            )
            abroad = any(
                g["power"] == power and g["in_play"] and g["city"] in info.playable and info.home_of(g["city"]) != power
                for g in st["generals"].values()
            )
            if not have and abroad and cards.hand_value(st, power) >= 4:
                return min(re, key=lambda x: self._reentry_key(x))
        if not moves:
            return done or acts[0]
        pl = Planner(st, info, self.role)
        gens = sorted({a["piece"] for a in moves if a["piece"] in st["generals"]})
        force = {a["piece"] for a in moves if a["type"] == "force_march"}
        best, best_gain = None, 0.0
        for gid in gens:
            gain, a = pl.best_general_move(gid, force_ok=gid in force and not self.fast)
            if a is not None and gain > best_gain:
                best, best_gain = a, gain
        if best is None:
            for tid in sorted({a["piece"] for a in moves if a["piece"] in st["trains"]}):
                gain, a = pl.best_train_move(tid)
                if a is not None and gain > best_gain:
                    best, best_gain = a, gain
        if best is not None:
            st_after = self.after(best)
            if st_after is not None:
                self._taken = (best, st_after)
                return best
        return done or acts[0]

    def _reentry_key(self, a):
        st = self.state
        power = st["trains"][a["train"]]["power"]
        gens = [
            g["city"]
            for g in st["generals"].values()
            if g["power"] == power and g["in_play"] and g["city"] in self.info.playable
        ]
        return sum(min(self._near(a["city"], [c]), 12) for c in gens)

    def _move_desire(self, a) -> float:
        st, info = self.state, self.info
        pid = a["piece"]
        if pid in st["trains"]:
            power = st["trains"][pid]["power"]
            gens = {
                g["city"]
                for g in st["generals"].values()
                if g["power"] == power
                and g["in_play"]
                and g["city"] in info.playable
                and info.home_of(g["city"]) != power
            }
            if not gens:
                return -5
            from maria.players.evaluate import supply_status_of

            cut = sum(
                1
                for g in st["generals"].values()
                if g["power"] == power
                and g["in_play"]
                and g["city"] in gens
                and supply_status_of(st, info, g) == "none"
            )
            return 4 * cut + (self._near(st["trains"][pid]["city"], gens) - 2) * 0.5
        g = st["generals"][pid]
        goals = [c for c in info.fortresses() if self._goal_for(g["power"], c)]
        foes = self.enemy_cities()
        dg = self._near(g["city"], goals)
        df = self._near(g["city"], foes)
        v = 6 - min(dg, 6) + 0.5 * g["troops"] / 8 + self.rng.random()
        if df <= 2:
            v += 1
        if a["type"] == "force_march":
            v -= 1.5
        return v

    def _walk_value(self, a) -> float:
        """Greedy walk of one piece (each step chosen one-ply); the evaluation where it ends."""
        st = self.after(a)
        if st is None:
            return -1e9
        sub = Rules(st, self.role, self.rng, fast=True)
        for _ in range(10):
            f = st["flow"][-1]
            if f["name"] != "moving" or self.role not in door.active_roles(st):
                break
            opts = [x for x in door.legal_actions(st, self.role) if x["type"] in ("step", "stop")]
            if not opts:
                break
            nxt = sub.step_choice(opts, st["flow"][-1])
            st = door.look_ahead(st, self.role, nxt, in_place=True)  # `st` is this walk's own copy
            sub = Rules(st, self.role, self.rng, fast=True)
        pid = a["piece"]
        p = st["generals"].get(pid) or st["trains"].get(pid)
        return self.value(st) + (self.shaping(pid, p["city"]) if p and p["city"] else 0.0)

    def on_moving(self, acts, frame):
        opts = [a for a in acts if a["type"] in ("step", "stop")]
        return self.step_choice(opts, frame) if opts else None

    def shaping(self, pid: str, city: str) -> float:
        """Prefer ending a move closer to a target: an enemy fortress that counts for this power
        (attackers), or an own threatened fortress / enemy general (defenders)."""
        st, info = self.state, self.info
        if pid not in st["generals"]:
            return 0.0
        g = st["generals"][pid]
        goals = [c for c in info.fortresses() if self._goal_for(g["power"], c) and c not in st["city_generals"]]
        if R.major_of(st, g["power"]) not in ("france", "prussia"):
            goals = self.enemy_cities() or goals
        return -0.02 * min(self._near(city, goals), 8)

    def step_choice(self, opts, frame):
        pid = frame["piece"]
        best, best_v = opts[0], -1e9
        for a in opts:
            st = self.after(a)
            if st is None:
                continue
            city = a["to"] if a["type"] == "step" else frame["path"][-1]
            v = self.value(st) + self.shaping(pid, city) + self.rng.random() * 1e-6
            if v > best_v:
                best, best_v = a, v
        return best
