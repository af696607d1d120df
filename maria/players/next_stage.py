"""A model of the next enemy action stage (R5.1, movement R10, combat R11, retroactive conquest R12,
victory markers R16): what each other player's power can take in it, read from one role's view.

    risk = assess(obs, role)        # obs = maria.players.resample.observe(state, role)
    risk.at_risk                    # [(fortress, enemy power, probability)], most likely first
    risk.expected_vm                # {enemy major: victory markers it is expected to place}
    risk.lost_vm                    # {major: its markers expected back in its pool (R15.3)}

`assess(obs, role, enemies, victims=powers)` reads the same view of `role` and counts only what
the enemies take from `victims` (their fortresses, battles against their generals): what one
other player's powers can take from another's, as `role` sees it, without reading their views.

It reads only the observation a computer player receives (maria.players.decide): the geometry and
the legal moves come from one full state resampled from it (maria.players.resample), built
deterministically, and every hidden quantity (another power's troops per general, its hand) is
estimated from the public figures alone (troop totals, hand sizes, revealed strengths), never taken
from the sample.  Its output is therefore the same for any two states that look alike to `role`.

What an enemy stage can take (the rules it follows):
  * reach: each face-up enemy general's moves, enumerated with the engine's own step check (3
    cities, 4 when the whole move is on main roads, doubling back; R10.1-R10.4), as the players'
    planner enumerates them; force marches (8 main-road cities, R10.5) count for where he can be,
    but a force march conquers nothing (R10.14), so they take no fortress in this stage;
  * conquest: a face-up general takes every enemy-controlled fortress he leaves that no general of
    its controller or of a co-operating power protects within 3 cities (R10.12, R10.13);
  * retroactive conquest: a protected fortress he leaves gets a "?", and falls at the stage's end
    when its protectors have been beaten and driven out of range or removed (R10.15, R12.1).  A
    protector is beaten when an enemy stack that can end next to him (R11.1: he must then attack)
    outscores him with troops and the cards of its sector's suit (R11.2, R11.3): the defender's own
    cards when `role` holds them, otherwise what a hand of that size holds on average;
  * a general can follow one path only: the fortresses of his single best path are likely, the
    others he could reach instead less so;
  * victory markers: a conquest places a marker of the conqueror's major where R10.16 (c)-(e) says
    so; the Rhine electorates flip instead and three of them fill the electors' box (R16.4); a won
    battle moves 1 marker per 3 troops eliminated (at least 1 when a general is removed) into the
    winner's 2 battle boxes (R16.1, R16.3).
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, field

from maria.games.maria.rules import cards, door
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.advanced.markers import RHINE
from maria.games.maria.rules.conquest import marks_conquest
from maria.games.maria.rules.state import board_info, controller
from maria.players.resample import resample

# A hand's expected points in one suit per card: 36 suited cards of values 2-10 and 2 Reserves in a
# deck of 38 (maria.games.maria.rules.cards.deck_cards); a Reserve counted as 5 (it may be declared 1-8, R8.5).
CARD_SUIT_POINTS = 54 / 38 + 2 / 38 * 5
RESERVE_POINTS = 5
# Combat odds: the attacker's expected margin (troops and expected suited cards) through a logistic
# of this scale; the cards drawn are uneven, so a margin of 0 is an even fight.
COMBAT_SCALE = 2.5
# A protector beaten leaves the fortress unprotected when his retreat (as many cities as troops
# lost, away from the winner, R11.4, R11.14) takes him farther than 3 cities from it or he is
# removed; when the expected loss does not reach that far it falls with this probability.
SHORT_RETREAT = 0.35
# How likely a general takes a fortress that lies on one of his paths: on the move the players'
# rules of thumb rank first for him, second or third (maria.players.plan.Planner, the enemy's own
# planner run on the resampled position), and on any other move he could make instead.
CHOICE = (0.9, 0.5, 0.35)
ELSEWHERE = 0.2
# Sample seed for the resampled geometry (only public facts of it are read).
WORLD_SEED = 0


@dataclass
class StageRisk:
    role: str
    enemies: list[str]
    at_risk: list[tuple[str, str, float]] = field(default_factory=list)
    expected_vm: dict[str, float] = field(default_factory=dict)
    lost_vm: dict[str, float] = field(default_factory=dict)  # major -> markers back to its pool
    reach: dict[str, set] = field(default_factory=dict)  # enemy general -> end cities
    beaten: dict[str, float] = field(default_factory=dict)  # defender general -> P(beaten)

    def risk_of(self, fortress: str) -> float:
        return max((p for f, _, p in self.at_risk if f == fortress), default=0.0)

    def flagged(self, threshold: float = 0.5) -> set[str]:
        return {f for f, _, p in self.at_risk if p >= threshold}


def next_enemies(obs: dict, role: str) -> list[str]:
    """The other players' powers that act in the next action stage (R5.1, R5.5): the current
    stage's if it is an action stage with powers `role` does not play, otherwise the next such
    stage.  They include an ally's powers (in 3 players France and Prussia are allies, R2.3, but
    race for the same fortresses); `assess` takes from them only fortresses they may conquer
    (enemy-controlled for them, R10.11)."""
    mine = set(obs["roles"][role])
    stages = obs["public"].get("adv", {}).get("bookkeeping", {}).get("stages") or R.ACTION_STAGES
    names = ["+".join(s) for s in stages]
    cur = obs["stage"]
    order = list(range(len(stages)))
    if cur in names:
        i = names.index(cur)
        order = order[i:] + order[:i]
    alliances = {"alliances": obs["public"]["alliances"]}
    for i in order:
        others = [p for p in stages[i] if p not in mine]
        if any(not R.cooperating(alliances, p, m) for p in others for m in mine):
            return others
    return []


def _stage_of(obs: dict, powers: list[str]) -> list[str]:
    """The action stage (R5.1, R5.5) the powers act in."""
    stages = obs["public"].get("adv", {}).get("bookkeeping", {}).get("stages") or R.ACTION_STAGES
    return next((s for s in stages if powers[0] in s), [])


def _estimated_troops(obs: dict) -> dict[str, float]:
    """Each general's troops as `role` knows them: shown, or its power's public total shared evenly
    among the power's generals whose strength is hidden (R6.5)."""
    out: dict[str, float] = {}
    by_power: dict[str, list[str]] = {}
    for gid, g in obs["generals"].items():
        if not g["in_play"]:
            continue
        if g.get("troops") is not None:
            out[gid] = g["troops"]
        else:
            by_power.setdefault(g["power"], []).append(gid)
    for power, gids in by_power.items():
        known = sum(out[g] for g, x in obs["generals"].items() if x["in_play"] and x["power"] == power and g in out)
        left = max(len(gids), obs["troop_totals"].get(power, 0) - known)
        for g in gids:
            out[g] = left / len(gids)
    return out


class _Hands:
    """The cards of one suit each power can play, as `role` knows them (R8.4, R11.2): its own
    hands exactly; another power's cards seen going into its hand (known_cards) exactly, and each
    of its other cards as the average card of the unseen ones (the cards of the decks in play that
    are neither in `role`'s hands, discarded, set aside nor seen).  A Reserve counts RESERVE_POINTS
    in any suit (R8.5)."""

    def __init__(self, obs: dict, world: dict):
        self.obs = obs
        known = obs.get("known_cards", {})
        hidden = [p for p, h in obs["hands"].items() if not isinstance(h, list)]
        # the resampled world deals exactly the unseen cards to the hidden hands and the draw deck,
        # in an order of its seed: as a whole they are what `role` has not seen
        self.unseen = list(world["cards"]["draw"])
        for p in hidden:
            rest = list(world["cards"]["hands"].get(p, []))
            for c in known.get(p, ()):
                if c in rest:
                    rest.remove(c)
            self.unseen += rest
        self.known = known
        self._mean: dict[str, float] = {}

    @staticmethod
    def _points(c, suit) -> float:
        if cards.is_reserve(c):
            return RESERVE_POINTS
        return cards.value_of(c) if cards.suit_of(c) == suit else 0.0

    def points(self, power: str, suit: str) -> float:
        h = self.obs["hands"].get(power)
        if isinstance(h, list):
            return sum(self._points(c, suit) for c in h)
        k = self.known.get(power, [])
        m = self._mean.get(suit)
        if m is None:
            m = self._mean[suit] = (
                sum(self._points(c, suit) for c in self.unseen) / len(self.unseen) if self.unseen else CARD_SUIT_POINTS
            )
        return sum(self._points(c, suit) for c in k) + m * max(0, (h or 0) - len(k))


def _win_probability(margin: float) -> float:
    return 1.0 / (1.0 + math.exp(-margin / COMBAT_SCALE))


def _paths(world, info, gid, mode):
    """Every legal move of a general from where he stands, as the planner enumerates them
    (maria.players.plan.move_paths: the engine's step check, doubling back through a fortress)."""
    from maria.players.plan import move_paths

    return move_paths(world, info, gid, mode)


def _likely_moves(world, info, gid) -> dict[str, int]:
    """Fortress -> the rank (0 best) of the first of the general's likeliest moves that leaves it:
    the moves his own side's rules of thumb rank highest (maria.players.plan)."""
    from maria.players.plan import Planner

    power = world["generals"][gid]["power"]
    owner = R.role_of(world, power)
    planner = Planner(world, info, owner)
    out: dict[str, int] = {}
    for rank, (_, action) in enumerate(planner.ranked_general_moves(gid, True, len(CHOICE))):
        if action.get("force_march"):
            continue  # R10.14: a force march conquers nothing
        for c in action["path"][:-1]:
            out.setdefault(c, rank)
    return out


def assess(
    obs: dict,
    role: str,
    enemies: list[str] | None = None,
    likely: dict | None = None,
    victims: Collection[str] | None = None,
) -> StageRisk:
    """What the enemies of `role` acting in the next action stage can take (module docstring), seen
    from `role`'s view `obs`; with `victims`, only what they take from those powers.

    `likely`: a dict shared by several assessments of positions that differ only in `role`'s own
    pieces (the plans of one movement phase, maria.players.model_plans): each enemy general's
    likeliest moves are ranked once, in the first of them, and reused (where the enemy would go
    hardly depends on where one of several defenders ends his move)."""
    world = resample(obs, role, WORLD_SEED)
    info = board_info(world)
    enemies = list(enemies) if enemies is not None else next_enemies(obs, role)
    risk = StageRisk(role, enemies)
    if not enemies:
        return risk
    troops = _estimated_troops(obs)
    hands = _Hands(obs, world)
    gens = obs["generals"]
    for gid, g in gens.items():
        if g["in_play"] and g.get("troops") is None:
            # the sample's hidden strengths are replaced by the public estimate, so that the
            # rules of thumb below plan with what `role` knows rather than with one guess
            world["generals"][gid]["troops"] = max(1, min(8, round(troops[gid])))
    live = {gid: g for gid, g in gens.items() if g["in_play"] and g["city"] in info.playable}
    movers = [gid for gid, g in live.items() if g["power"] in enemies]
    face_up = {gid: live[gid]["face_up"] for gid in movers}
    if obs["stage"] != "+".join(_stage_of(obs, enemies)) or obs["phase"] in (None, "tc", "supply"):
        # the stage's supply phase is still to come: a general in supply then is face-up, one out
        # of it face-down (R9.4), and only a face-up general conquers (R9.5)
        out = set(door.supply_map(world)["out_of_supply"])
        face_up = {gid: gid not in out for gid in movers}
        for gid in movers:
            world["generals"][gid]["face_up"] = face_up[gid]

    # --- reach -------------------------------------------------------------------------------
    paths: dict[str, list[list[str]]] = {}
    for gid in movers:
        normal = _paths(world, info, gid, "normal")
        force = _paths(world, info, gid, "force")
        paths[gid] = normal
        risk.reach[gid] = {live[gid]["city"]} | {p[-1] for p in normal} | {p[-1] for p in force}

    # --- battles: who can end next to whom (R11.1), and how likely he wins --------------------
    def side_strength(city, exclude=()):
        return sum(troops[g] for g in world["city_generals"].get(city, ()) if g not in exclude)

    def commander(gids):
        """The supreme commander of generals standing together: the lowest rank number (R6.2);
        only his power plays cards (R11.9)."""
        return min(gids, key=lambda g: gens[g]["rank"])

    beaten: dict[str, float] = {}  # defending general -> P(beaten in this stage)
    loss: dict[str, float] = {}  # ... and his expected loss when beaten
    battle_vm: dict[str, float] = {p: 0.0 for p in enemies}
    battle_lost: dict[str, float] = {}  # defending major -> its markers out of its battle boxes
    for gid in movers:
        g = live[gid]
        start = g["city"]
        mates = [
            o
            for o in world["city_generals"].get(start, ())
            if o != gid and o in live and gens[o]["power"] in enemies and face_up[o]
        ]
        ends = {p[-1] for p in paths[gid]} | {start}
        for end in ends:
            if end != start and world["city_generals"].get(end):
                side = [gid] + [o for o in world["city_generals"][end] if o in live]
            else:
                side = [gid] + mates  # his stack-mates may follow him (R10.4)
            strength = min(16.0, sum(troops[o] for o in side))
            attack_cards = hands.points(gens[commander(side)]["power"], info.suit(end))
            for n in info.nbrs[end]:
                defenders = [d for d in world["city_generals"].get(n, ()) if d in live]
                if not defenders or not R.enemies(world, gens[defenders[0]]["power"], g["power"]):
                    continue
                their = side_strength(n) + hands.points(gens[commander(defenders)]["power"], info.suit(n))
                margin = strength + attack_cards - their
                p = _win_probability(margin)
                for d in defenders:
                    if p > beaten.get(d, 0.0):
                        beaten[d] = p
                        loss[d] = max(1.0, margin)
                if victims is not None and gens[defenders[0]]["power"] not in victims:
                    continue  # he may still be beaten (a fortress he protects falls), but counts no markers here
                lost = max(1.0, margin)
                vp = 1.0 if lost < 3 else min(2.0, lost // 3)  # R16.1
                battle_vm[g["power"]] = max(battle_vm[g["power"]], p * vp)
                loser = R.major_of(world, gens[defenders[0]]["power"])
                battle_lost[loser] = max(battle_lost.get(loser, 0.0), p * vp)
    risk.beaten = beaten

    # --- conquests on the way and retroactive ones --------------------------------------------
    def protectors(city):
        ctrl = controller(world, info, city)
        if ctrl is None:
            return []
        d = info.dist_from(city)
        return [g for g, x in live.items() if 1 <= d.get(x["city"], 99) <= 3 and R.cooperating(world, x["power"], ctrl)]

    def falls_if_left(city) -> float:
        """P(the fortress is unprotected at the stage's end | an enemy leaves it, protected)."""
        p = 1.0
        d = info.dist_from(city)
        for pg in protectors(city):
            b = beaten.get(pg, 0.0)
            far = d[live[pg]["city"]] + loss.get(pg, 1.0) > 3 or loss.get(pg, 1.0) >= troops[pg]
            p *= b * (1.0 if far else SHORT_RETREAT)
        return p

    take: dict[tuple[str, str], float] = {}
    prot_cache: dict[str, float] = {}
    for gid in movers:
        g = live[gid]
        if not face_up[gid]:
            continue  # R9.5
        power = g["power"]
        if likely is None:
            chosen = _likely_moves(world, info, gid)
        else:
            key = (gid, live[gid]["city"])
            if key not in likely:
                likely[key] = _likely_moves(world, info, gid)
            chosen = likely[key]
        for p in paths[gid]:
            for c in set(p[:-1]):
                if not info.is_fortress(c):
                    continue
                ctrl = controller(world, info, c)
                if ctrl is None or not R.enemies(world, ctrl, power):
                    continue
                if victims is not None and ctrl not in victims:
                    continue
                if c not in prot_cache:
                    prot_cache[c] = 1.0 if not protectors(c) else falls_if_left(c)
                if prot_cache[c] <= 0.02:
                    continue
                rank = chosen.get(c, len(CHOICE))
                q = prot_cache[c] * (CHOICE[rank] if rank < len(CHOICE) else ELSEWHERE)
                key = (c, power)
                take[key] = max(take.get(key, 0.0), q)

    # a fortress several generals can take counts with the likeliest of them
    out = sorted(((c, power, q) for (c, power), q in take.items()), key=lambda t: (-t[2], t[0], t[1]))
    risk.at_risk = out

    # --- expected victory markers (advanced game) ---------------------------------------------
    adv = obs.get("advanced")
    if adv is not None:
        boxes = adv.get("battle_boxes", {})
        ev: dict[str, float] = {}
        marked: dict[tuple[str, str], float] = {}  # (fortress, major): a minor marks for its major
        for c, power, q in out:
            if c not in RHINE and marks_conquest(world, info, power, c):
                key = (c, R.major_of(world, power))
                marked[key] = max(marked.get(key, 0.0), q)
        for (c, major), q in marked.items():
            ev[major] = ev.get(major, 0.0) + q
        for major in ("france", "pragmatic_army"):
            side = [
                p for p in enemies if R.major_of(world, p) == major or (major == "pragmatic_army" and p == "austria")
            ]
            if not side:
                continue
            held = sum(
                1
                for c in RHINE
                if c in info.playable and any(R.cooperating(world, controller(world, info, c), p) for p in side)
            )
            gain = [q for c, p, q in out if c in RHINE and p in side]
            if held < 3 <= held + sum(gain) and adv.get("three_electors") is None:
                ev[major] = ev.get(major, 0.0) + min(1.0, sum(gain) - (2 - held))
        for power, v in battle_vm.items():
            major = R.major_of(world, power)
            room = 2 - boxes.get(major, 0)
            if room > 0:
                ev[major] = ev.get(major, 0.0) + min(room, v)
        risk.expected_vm = ev
        # the markers going back to their pools: the marker on a fortress conquered (R10.16a,
        # R15.3) and a beaten defender's markers out of his battle boxes (R16.1)
        back: dict[str, float] = {}
        gone: dict[str, float] = {}
        for c, _, q in out:
            if world["markers"].get(c) is not None:
                gone[c] = max(gone.get(c, 0.0), q)
        for c, q in gone.items():
            major = world["markers"][c]
            back[major] = back.get(major, 0.0) + q
        for major, v in battle_lost.items():
            if boxes.get(major, 0) > 0:
                back[major] = back.get(major, 0.0) + min(boxes[major], v)
        risk.lost_vm = back
    return risk
