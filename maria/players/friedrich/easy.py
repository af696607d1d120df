"""FRIEDRICH's rules of thumb (2005 rules): the "easy" computer player and the play-out policy of
the searching levels.  It reads only what its role may see (door.view), so the armies of other
nations' generals may be None: they are then estimated from the public nation totals (§6).

  * set-up (§6): concentrate the armies on the highest-ranked generals (they lead the stacks);
  * recruitment (§10): once per movement phase, bring back removed generals and trains, then buy
    armies for the strongest generals while keeping some cards for combat;
  * movement (§4, §5, §9): every stack picks the best city it can reach: aggressors march on the
    nearest objective of their colour not yet held (first and second order, §12), keep the held
    ones protected and their supply trains within reach (§9); Prussia and Hanover cover the
    threatened objectives they defend within the protection distance (3 cities, §5), retake lost
    ones and fall on weak invaders; nobody ends a move next to an enemy stack it expects to lose
    to (the combat is compulsory, §7);
  * trains follow the generals that need them (§9) and keep out of reach of enemy generals;
  * combat (§7): fight the best odds first; play the smallest card of the sector's suit that brings
    the score back to zero or better, a Reserve at the exact value needed; stop at once when the
    hand cannot reach zero (losing cheaply);
  * retreat (§8): send the loser where it harms the winner's cause least.
"""

from __future__ import annotations

import random
from collections import deque

from maria.engine import deck
from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules.state import info_of

SUIT_LETTER = {"hearts": "H", "diamonds": "D", "clubs": "C", "spades": "S"}
THREAT_RADIUS = 5  # an aggressor this close to an objective can take it next turn (3-4 moves + leave)
SUPPLY = T.SUPPLY_PATH


# --- what a role knows ------------------------------------------------------------------------


def armies_of(state: dict, gid: str) -> float:
    """A general's armies; for a hidden count (another nation's, §6) the nation's public total
    shared over its generals on the map."""
    g = state["generals"][gid]
    if g["armies"] is not None:
        return g["armies"]
    n = g["nation"]
    on = [x for x in state["generals"].values() if x["nation"] == n and x["city"] is not None]
    total = (state.get("army_totals") or {}).get(n)
    if total is None:
        total = sum(x["armies"] or 0 for x in on)
    return total / max(1, len(on))


def stack_strength(state: dict, city: str) -> float:
    return sum(armies_of(state, g) for g in state["city_generals"].get(city, []))


def hand_count(state: dict, nation: str) -> int:
    hands = state["cards"]["hands"]
    if nation in hands:
        return len(hands[nation])
    return (state["cards"].get("hand_counts") or {}).get(nation, 0)


def suit_cards(state: dict, nation: str, suit: str) -> list[str] | None:
    """The cards of `nation` usable in a sector of `suit` (None when the hand is hidden)."""
    hand = state["cards"]["hands"].get(nation)
    if hand is None:
        return None
    return [c for c in hand if deck.is_reserve(c) or deck.suit_of(c) == suit]


def card_power(state: dict, nation: str, suit: str) -> float:
    """What `nation` can add in a combat in a sector of `suit`: its suited cards and Reserves
    (a hidden hand: its size times the share of useful cards, 14 of 50, times a middle value)."""
    cs = suit_cards(state, nation, suit)
    if cs is None:
        return hand_count(state, nation) * (14 / 50) * 7.5
    return sum(10 if deck.is_reserve(c) else deck.value_of(c) for c in cs)


def combat_margin(state: dict, info, nation: str, my_armies: float, my_city: str, enemy_city: str) -> float:
    """Expected final score for `nation` attacking from `my_city` (or attacked there) against the
    stack at `enemy_city`: army difference plus the cards each side can play in its sector."""
    en_gs = state["city_generals"].get(enemy_city, [])
    if not en_gs:
        return 0.0
    en_nation = state["generals"][en_gs[0]]["nation"]
    mine = my_armies + 0.8 * card_power(state, nation, info.suit(my_city))
    theirs = stack_strength(state, enemy_city) + 0.8 * card_power(state, en_nation, info.suit(enemy_city))
    return mine - theirs


def enemy_stacks(state: dict, nation: str) -> list[str]:
    return [
        c for c, gs in state["city_generals"].items() if gs and T.opponents(state["generals"][gs[0]]["nation"], nation)
    ]


# --- objectives --------------------------------------------------------------------------------


def in_game(state: dict, nation: str) -> bool:
    return nation not in state["left"]


def targets_of(state: dict, info, nation: str) -> list[str]:
    """Objectives `nation` may conquer now: its own colour not yet held (aggressors), or, for
    Prussia and Hanover, the ones they defend that an aggressor holds (§5 reconquest)."""
    out = []
    for city, o in info.board.objectives.items():
        if o.nation not in T.AGGRESSORS or not in_game(state, o.nation):
            continue
        held = state["conquered"].get(city) == o.nation
        if (o.nation == nation and not held) or (o.defender == nation and held):
            out.append(city)
    return sorted(out)


def held_by(state: dict, info, nation: str) -> list[str]:
    return sorted(c for c, n in state["conquered"].items() if n == nation)


def defended_by(state: dict, info, nation: str) -> list[str]:
    """Objectives `nation` protects now (§5): the ones it defends that are not lost."""
    return sorted(
        c
        for c, o in info.board.objectives.items()
        if o.defender == nation
        and o.nation in T.AGGRESSORS
        and in_game(state, o.nation)
        and state["conquered"].get(c) != o.nation
    )


def threats(state: dict, info, nation: str) -> dict[str, int]:
    """Defended objectives with an enemy general of the objective's colour within THREAT_RADIUS:
    {city: distance of the nearest such general}."""
    out = {}
    pos: dict[str, list[str]] = {}
    for g in state["generals"].values():
        if g["city"] is not None:
            pos.setdefault(g["nation"], []).append(g["city"])
    for c in defended_by(state, info, nation):
        o = info.board.objectives[c]
        d = info.graph.dist_from(c)
        near = min((d.get(x, 99) for x in pos.get(o.nation, [])), default=99)
        if near <= THREAT_RADIUS:
            out[c] = near
    return out


# --- reachable cities ----------------------------------------------------------------------------


def reachable(
    state: dict, info, nation: str, start: str, n_pieces: int, limit: int, main_ok: bool, is_train: bool, taken: int = 0
) -> dict[str, list[str]]:
    """Cities a move from `start` may end in (§4: `limit` steps, one more when every step is on a
    main road; never through another piece; a general may end by joining its own nation's stack
    (at most 3) or on an enemy train), with one path to each: {city: path}."""
    best: dict[str, list[str]] = {start: [start]}
    seen = {(start, main_ok)}
    q = deque([(start, taken, main_ok, [start])])
    while q:
        here, k, main, path = q.popleft()
        for n, m in sorted(info.graph.nbrs[here].items()):
            if not (k < limit or (k == limit and main and m)):
                continue
            if n in path:
                continue
            gs = state["city_generals"].get(n)
            tr = state["city_train"].get(n)
            end_only = False
            if gs or tr:
                if is_train:
                    continue
                if gs:
                    if state["generals"][gs[0]]["nation"] != nation or len(gs) + n_pieces > T.STACK_MAX:
                        continue
                    end_only = True
                elif T.opponents(state["trains"][tr]["nation"], nation):
                    end_only = True
                else:
                    continue
            p = path + [n]
            if n not in best:
                best[n] = p
            key = (n, main and m)
            if end_only or key in seen:
                continue
            seen.add(key)
            q.append((n, k + 1, main and m, p))
    return best


# --- scoring a general stack's destination --------------------------------------------------------


def _min_dist(info, city: str, cities) -> int:
    d = info.graph.dist_from(city)
    return min((d.get(c, 99) for c in cities), default=99)


class Ctx:
    """What the scoring of one nation's moves needs, computed once per decision."""

    def __init__(self, state: dict, nation: str):
        self.state = state
        self.info = info = info_of(state)
        self.nation = nation
        self.aggressor = nation in T.AGGRESSORS
        self.targets = targets_of(state, info, nation)
        self.held = held_by(state, info, nation)
        self.threats = threats(state, info, nation) if not self.aggressor else {}
        self.enemies = enemy_stacks(state, nation)
        self.trains = [t["city"] for t in state["trains"].values() if t["nation"] == nation and t["city"]]
        self.provinces = T.PROVINCES[nation]
        self.depots = info.board.depots.get(nation, [])
        self._near: dict = {}  # (objective, frozenset of cities) -> a stack there is within 3 cities
        # §5: defender generals near the objectives held by this aggressor could retake them
        self.retakers = {}
        for c in self.held:
            o = info.board.objectives[c]
            self.retakers[c] = _min_dist(
                info, c, [g["city"] for g in state["generals"].values() if g["nation"] == o.defender and g["city"]]
            )

    def near_any(self, city: str, others: set[str]) -> bool:
        """Some stack in `others` stands within the protection distance of `city` (§5); cached,
        as it does not depend on the destination being scored."""
        key = (city, frozenset(others))
        v = self._near.get(key)
        if v is None:
            v = self._near[key] = any(self.info.graph.dist_from(o).get(city, 99) <= T.PROTECT_RADIUS for o in others)
        return v

    def supplied(self, city: str) -> bool:
        if self.info.board.home_of(city) in self.provinces:
            return True
        if not self.provinces and city in self.depots:
            return True
        return _min_dist(self.info, city, self.trains) <= SUPPLY

    def general_score(self, city: str, start: str, armies: float, path: list[str], others: set[str]) -> float:
        """How good it is for a stack of `armies` now at `start` to end its move in `city` along
        `path`; `others` are the cities of this nation's other stacks."""
        info, state = self.info, self.state
        s = 0.0
        # conquest on the way (§5: moving through or away from an objective of one's colour)
        left = path[:-1]
        for c in left:
            if c in self.targets:
                s += 6.0
        d = info.graph.dist_from(city)
        tg = [c for c in self.targets if c not in left]
        if tg:
            near = min(d.get(c, 99) for c in tg)
            s -= 1.0 * near
            if city in tg:
                s += 2.0  # next move away from it takes it
        if self.aggressor:
            # keep the objectives already held protected (§5: a general within 3 cities)
            for c in self.held:
                if self.retakers.get(c, 99) <= THREAT_RADIUS:
                    guarded_elsewhere = self.near_any(c, others)
                    if not guarded_elsewhere and d.get(c, 99) <= T.PROTECT_RADIUS:
                        s += 3.0
        else:
            for c, near in self.threats.items():
                covered = self.near_any(c, others)
                if not covered and d.get(c, 99) <= T.PROTECT_RADIUS:
                    s += 8.0 - near  # the closer the invader, the more urgent
            if self.threats:  # interior lines: stay near the threatened cities
                s -= 0.3 * min(d.get(c, 99) for c in self.threats)
        # combat is compulsory next to an enemy stack (§7)
        for n in info.graph.nbrs[city]:
            if n in self.enemies:
                m = combat_margin(state, info, self.nation, armies, city, n)
                if m < 0:
                    s += 2.0 * m - 4.0
                else:
                    s += min(m, 8.0) * 0.8 + 1.0
        # supply (§9): out of it the general turns face-down, twice and it is gone
        if not self.supplied(city):
            s -= 6.0
        return s

    def train_score(self, city: str, gen_cities: list[str]) -> float:
        info = self.info
        d = info.graph.dist_from(city)
        abroad = [c for c in gen_cities if info.board.home_of(c) not in self.provinces]
        s = 0.0
        for c in abroad:
            dc = d.get(c, 99)
            s -= 10.0 if dc > SUPPLY else 0.0
            s -= 0.2 * dc
        # an enemy general within reach could destroy the train (§9)
        near_enemy = min((d.get(c, 99) for c in self.enemies), default=99)
        if near_enemy <= 1:
            s -= 8.0
        elif near_enemy <= 3:
            s -= 3.0
        return s


# --- the player ------------------------------------------------------------------------------------


def _top(state: dict) -> dict:
    return state["flow"][-1]


def allocation(action: dict) -> dict:
    """§6: 1 army each, then the rest to the highest-ranked generals first (they command the
    stacks), 8 at most each."""
    gens = list(action["generals"])  # by rank, highest first
    armies = {g: T.ARMIES_MIN for g in gens}
    left = action["total"] - T.ARMIES_MIN * len(gens)
    for g in gens:
        add = min(left, T.ARMIES_MAX - armies[g])
        armies[g] += add
        left -= add
    return {"type": "allocate", "nation": action["nation"], "armies": armies}


def recruitment(state: dict, action: dict, keep: int) -> dict | None:
    """§10: removed generals back first (each with one army), then trains, then armies for the
    strongest generals on the map; pay with the fewest points, keeping `keep` points of cards."""
    nation = action["nation"]
    hand = state["cards"]["hands"][nation]
    price, room = action["price"], action["room"]
    hv = deck.pay_value(hand, T.RESERVE_PAY_VALUE)
    budget = max(0, hv - keep)
    enter, armies, used = {}, {}, set()
    units = 0
    order = sorted(
        action["entry"], key=lambda p: (p in state["trains"], state["generals"].get(p, {}).get("rank", 9), p)
    )
    # every depot lost: the pieces come back on one substitute city (§10), so one piece at most
    most = 1 if price == T.PRICE_DEPOTS_LOST else len(order)
    for piece in order:
        free = [c for c in action["entry"][piece] if c not in used]
        if not free or len(enter) >= most:
            continue
        is_gen = piece in state["generals"]
        if is_gen and (room - sum(armies.values())) < 1:
            continue
        if (units + 1) * price > max(budget, price if is_gen else 0):
            continue
        enter[piece] = free[0]
        used.add(free[0])
        units += 1
        if is_gen:
            armies[piece] = 1
    cands = sorted(
        (g for g in action["generals"] if g not in enter and state["generals"][g]["city"] is not None),
        key=lambda g: (-state["generals"][g]["armies"], state["generals"][g]["rank"], g),
    )
    for g in cands:
        while (
            (units + 1) * price <= budget
            and sum(armies.values()) < room
            and state["generals"][g]["armies"] + armies.get(g, 0) < T.ARMIES_MAX
        ):
            armies[g] = armies.get(g, 0) + 1
            units += 1
    if units == 0:
        return None
    pay = deck.suggest_payment(hand, units * price, T.RESERVE_PAY_VALUE)
    if pay is None:
        return None
    return {"type": "recruit", "nation": nation, "armies": armies, "enter": enter, "cards": pay}


KEEP = {"prussia": 16, "hanover": 6, "russia": 8, "sweden": 0, "austria": 10, "imperial_army": 0, "france": 8}


class EasyPlayer:
    """The rules of thumb above.  Deterministic for a given view (ties broken by sorted ids), so
    a seed is only kept for the interface."""

    level = "easy"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: dict, legal: list[dict], role: str) -> dict:
        return choose(state, legal, role)


def choose(state: dict, legal: list[dict], role: str, ctx_cls=None) -> dict:
    """The rule-of-thumb action among `legal` (templates filled) at `state` (a view or a full state);
    `ctx_cls` scores the moves (Ctx by default; tuned.py's for the hard level)."""
    ctx_cls = ctx_cls or Ctx
    legal = [a for a in legal if a["type"] != "undo"]
    frame = _top(state)
    name = frame["name"]
    if name == "allocation":
        return allocation(legal[0])
    if name == "tc":
        return min(legal, key=lambda a: (deck.is_reserve(a["card"]), deck.value_of(a["card"]), a["card"]))
    if name == "movement":
        return _movement(state, frame, legal, ctx_cls)
    if name == "moving":
        return _moving(state, frame, legal, ctx_cls)
    if name == "combat":
        info = info_of(state)
        nation = frame["nation"]
        return max(
            legal,
            key=lambda a: (
                combat_margin(state, info, nation, stack_strength(state, a["from"]), a["from"], a["to"]),
                a["from"],
                a["to"],
            ),
        )
    if name == "duel":
        return duel_play(state, frame, legal)
    if name == "retreat":
        return _retreat(state, frame, legal)
    if name == "fate_choice":
        return _fate(state, frame, legal)
    if name in ("adv_choice", "evade"):
        return _advanced_fate(state, frame, legal)
    if name == "oo_decision":
        # §13: the Offensive Option costs a strong card and lets Austria win with 4 objectives
        # declared; this player does not chase Bohemia, so it declines
        return next(a for a in legal if a["card"] == "none")
    return legal[0]


def _movement(state: dict, frame: dict, legal: list[dict], ctx_cls=None) -> dict:
    nation = frame["nation"]
    rec = next((a for a in legal if a["type"] == "recruit"), None)
    mine_recruited = any(state["generals"].get(g, {}).get("nation") == nation for g in state["recruited"]) or any(
        p in state["reentered"]
        for p in list(state["generals"]) + list(state["trains"])
        if (state["generals"].get(p) or state["trains"].get(p))["nation"] == nation
    )
    if rec is not None and not mine_recruited:
        filled = recruitment(state, rec, KEEP.get(nation, 8))
        if filled is not None:
            return filled
    best = best_move(state, nation, legal, ctx_cls)
    if best is not None:
        return best
    return {"type": "end_movement"}


def move_gain(ctx: Ctx, state: dict, pieces: list[str]) -> tuple[float, str | None]:
    """(gain over staying, best end city) for moving `pieces` together now."""
    info = ctx.info
    p0 = pieces[0]
    if p0 in state["trains"]:
        start = state["trains"][p0]["city"]
        gen_cities = [g["city"] for g in state["generals"].values() if g["nation"] == ctx.nation and g["city"]]
        ends = reachable(state, info, ctx.nation, start, 1, T.TRAIN_RANGE, True, True)
        scores = {c: ctx.train_score(c, gen_cities) for c in ends}
    else:
        start = state["generals"][p0]["city"]
        armies = sum(armies_of(state, g) for g in pieces)
        here = state["city_generals"].get(start, [])
        others = {
            g["city"]
            for gid, g in state["generals"].items()
            if g["nation"] == ctx.nation and g["city"] and gid not in pieces
        }
        if len(pieces) < len(here):
            others.add(start)
        ends = reachable(state, info, ctx.nation, start, len(pieces), T.GENERAL_RANGE, True, False)
        scores = {c: ctx.general_score(c, start, armies, p, others) for c, p in ends.items()}
        # leaving an objective of one's colour conquers it (§5): the stay scores without it
    stay = scores.get(start, -1e9)
    best = max(sorted(scores), key=lambda c: scores[c])
    return scores[best] - stay, best


def best_move(state: dict, nation: str, legal: list[dict], ctx_cls=None) -> dict | None:
    """The move start with the largest gain (whole stacks preferred), None when nothing gains."""
    ctx = (ctx_cls or Ctx)(state, nation)
    moves = [a for a in legal if a["type"] == "move"]
    # a stack moves as a whole when it can (concentration); a split only from the largest group
    by_city: dict[str, dict] = {}
    for a in moves:
        p0 = a["pieces"][0]
        city = (state["trains"][p0] if p0 in state["trains"] else state["generals"][p0])["city"]
        if city not in by_city or len(a["pieces"]) > len(by_city[city]["pieces"]):
            by_city[city] = a
    best, best_gain = None, 0.5
    for city in sorted(by_city):
        a = by_city[city]
        gain, _ = move_gain(ctx, state, a["pieces"])
        if gain > best_gain:
            best, best_gain = a, gain
    return best


def _moving(state: dict, frame: dict, legal: list[dict], ctx_cls=None) -> dict:
    steps = {a["to"]: a for a in legal if a["type"] == "step"}
    stop = {"type": "stop"}
    if not steps:
        return stop
    info = info_of(state)
    nation = frame["nation"]
    ctx = (ctx_cls or Ctx)(state, nation)
    pieces = frame["pieces"]
    here = frame["path"][-1]
    taken = len(frame["path"]) - 1
    is_train = frame["kind"] == "train"
    limit = T.TRAIN_RANGE if is_train else T.GENERAL_RANGE
    ends = reachable(state, info, nation, here, len(pieces), limit, frame["main"], is_train, taken)
    if is_train:
        gen_cities = [g["city"] for g in state["generals"].values() if g["nation"] == nation and g["city"]]
        scores = {c: ctx.train_score(c, gen_cities) for c in ends}
    else:
        armies = sum(armies_of(state, g) for g in pieces)
        others = {
            g["city"]
            for gid, g in state["generals"].items()
            if g["nation"] == nation and g["city"] and gid not in pieces
        }
        prior = frame["path"][:-1]
        scores = {c: ctx.general_score(c, here, armies, prior + p, others) for c, p in ends.items()}
    best = max(sorted(scores), key=lambda c: scores[c])
    choice = stop if best == here else steps.get(ends[best][1], stop)
    if choice not in legal:  # §5 code of conduct: this city is no place to stop
        choice = max((steps[c] for c in sorted(steps)), key=lambda a: scores.get(a["to"], float("-inf")))
    return choice


def duel_play(state: dict, frame: dict, legal: list[dict]) -> dict:
    """§7: reach zero or better with the smallest suited card (a Reserve at the exact value
    needed); if the hand cannot reach zero, stop now; at zero with a suited card, the smallest."""
    from maria.engine.duel import side_score

    side = frame["right"]
    score = side_score(frame, side)
    plays = [a for a in legal if a["type"] == "play_card" and not a.get("double")]
    doubles = [a for a in legal if a.get("double")]
    stop = next((a for a in legal if a["type"] == "stop"), None)
    need = -score
    suited = [a for a in plays if not deck.is_reserve(a["card"])]
    reserves = sorted({a["card"] for a in plays if deck.is_reserve(a["card"])})
    if need <= 0:  # at zero with a suited card: must play
        if stop is not None:
            return stop
        return min(suited, key=lambda a: (deck.value_of(a["card"]), a["card"])) if suited else legal[0]
    total = sum(deck.value_of(a["card"]) for a in suited) + 10 * len(reserves)
    total += sum(deck.value_of(a["card"]) for a in doubles[:1])
    if total < need and stop is not None:
        return stop  # cannot win: lose cheaply
    ok = [a for a in suited if deck.value_of(a["card"]) >= need]
    if ok:
        return min(ok, key=lambda a: (deck.value_of(a["card"]), a["card"]))
    okd = [a for a in doubles if 2 * deck.value_of(a["card"]) >= need]
    if okd:
        return okd[0]
    if reserves and need <= 10:
        v = need
        return next((a for a in plays if a["card"] == reserves[0] and a.get("value") == v), plays[0])
    if suited:
        return max(suited, key=lambda a: (deck.value_of(a["card"]), a["card"]))
    if reserves:
        return next(a for a in plays if a["card"] == reserves[0] and a.get("value") == 10)
    return stop or legal[0]


def _retreat(state: dict, frame: dict, legal: list[dict]) -> dict:
    """§8: the winner sends the loser as far as it can from what the loser would protect or take."""
    info = info_of(state)
    winner = frame["winner"]
    loser = state["generals"][frame["gids"][0]]["nation"]
    if winner in T.AGGRESSORS:
        key = targets_of(state, info, winner) + held_by(state, info, winner)
    else:
        key = targets_of(state, info, loser) + defended_by(state, info, winner)
    if not key:
        return legal[0]
    return max(legal, key=lambda a: (_min_dist(info, a["to"], key), a["to"]))


def _card_rank(card: str) -> tuple:
    return (deck.is_reserve(card), deck.value_of(card), card)


def _advanced_fate(state: dict, frame: dict, legal: list[dict]) -> dict:
    """The choices of the clubs, hearts and diamonds Cards of Fate (§13): rules of thumb."""
    kind = frame.get("kind")
    opts = [a["choice"] for a in legal]
    gens = state["generals"]
    pick = None
    if kind in ("redraw", "tc_exchange"):
        cards = [c for c in opts if c not in ("keep", "none")]
        worst = min(cards, key=_card_rank) if cards else None
        # swap a weak card for a new (or Austria's) one; keep a good hand
        pick = worst if worst and not deck.is_reserve(worst) and deck.value_of(worst) <= 6 else None
    elif kind == "lose_army":
        pick = max(opts, key=lambda g: ((gens[g]["armies"] or 0), g))  # the biggest spares one best
    elif kind == "gain_army":
        pick = min(opts, key=lambda g: ((gens[g]["armies"] or 0), g))
    elif kind in ("flip", "west", "evade"):
        pick = next((c for c in opts if c not in ("none", "fight")), None)  # hurt the enemy; avoid Daun
    if pick is None:
        pick = next((c for c in opts if c in ("none", "keep", "fight")), opts[0])
    return next(a for a in legal if a["choice"] == pick)


def _fate(state: dict, frame: dict, legal: list[dict]) -> dict:
    kind = frame.get("kind")
    gens = state["generals"]
    if kind == "remove_general":
        return min(legal, key=lambda a: ((gens[a["choice"]]["armies"] or 0), -gens[a["choice"]]["rank"], a["choice"]))
    if kind == "prussian_army":
        return max(legal, key=lambda a: ((gens[a["choice"]]["armies"] or 0), a["choice"]))
    if kind == "laudon":
        stay = next((a for a in legal if a["choice"] == "stay"), None)
        if stay is not None:
            return stay
    return legal[0]
