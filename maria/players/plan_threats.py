"""The planner's view of protection and threats (R10.13 protection within 3 cities, R11.1 compulsory
attack, R5.1 the order of the action stages): who protects a fortress, whether a general's stack can
beat its protectors, the reach of enemy stacks, help for the partner's targets and the defender's
nearness to threatened fortresses.  A mixin of maria.players.plan.Planner (it uses the planner's
distances, strengths and target weights through `self`).
"""

from __future__ import annotations

from contextvars import ContextVar

from maria.games.maria.rules import roles as R
from maria.games.maria.rules.advanced.markers import RHINE
from maria.games.maria.rules.state import controller

# The Pragmatic Army in the advanced 3-player game, in Frederick's hands (R2.1): France takes the
# Austrian Netherlands early (R15.2: every conquest there spends a French VM, R10.16c) unless the
# PA's generals, 12-16 cities off in Hannover, march.  So the PA (i) plans against the other
# players' powers only (Prussia and Saxony are its enemies by R2.3, but his own powers), (ii) also
# covers its own home fortresses and the Rhine electorates it or Austria holds (a French conquest
# there spends a French VM or counts for the 3-Electors box, R16.4), (iii) retakes from as far as
# FRONT_FAR cities (a retaken fortress sends France's VM back to its pool, R15.3), (iv) feels a
# pull of FRONT_PULL per city towards the nearest threatened own fortress, up to FRONT_FAR cities,
# and (v) values retaking a fortress of the Austrian Netherlands, of its home or a Rhine electorate
# as a full target (CONQUER).
FRONT_PULL = 0.3
FRONT_FAR = 20
# Austria in the advanced 3-player game defends against two players at once, France and Prussia,
# and cannot hold every front: her generals cover a threatened fortress, and retake one, in the
# measure of the threatening power's race to an empty pool (R23.1), as human players gang up on
# the leader.  Each rival major's weight is the leader's distance to victory over its own, in
# action stages (maria.players.leader.stages_to_win, from the pools), to the power RACE_SHARPNESS:
# the leader 1; at the start Prussia about 0.15, and once France has taken
# its first markers almost nothing (a fortress that would fall to Prussia alone is left to its
# protectors), and the other way round when Prussia leads.  A setting of the hard level
# (maria.players.levels.Level.race_roles): like plan.EXPOSED it travels in a context variable that
# the hard player sets for its own role while it decides, so the rules of thumb (easy, and the
# other roles in a play-out) keep every enemy alike.
RACE_SHARPNESS = 4.0
RACING: ContextVar[frozenset] = ContextVar("race_roles", default=frozenset())


def _goal(state, info, major: str, city: str) -> bool:
    """Whether `city` counts for `major`'s victory condition (R14.3: France's fortresses in
    Austria, Prussia's in Austria and/or Silesia; Austria defends both)."""
    if major == "france":
        return info.home_of(city) == "austria"
    if major == "prussia":
        return info.home_of(city) == "austria" or info.in_silesia(city)
    if major == "austria":
        return info.home_of(city) == "austria" or info.in_silesia(city)
    return False


class Threats:
    """Protection and threat queries of a Planner (see maria.players.plan)."""

    def protectors(self, city) -> list[str]:
        """The generals protecting the fortress `city` (R10.13), as cities."""
        pc = self.__dict__.setdefault("_protectors", {})
        out = pc.get(city)
        if out is None:
            ctrl = controller(self.st, self.info, city)
            dc = self.info.dist_from(city)
            out = pc[city] = sorted(
                {
                    g["city"]
                    for g in self.gens.values()
                    if 1 <= dc.get(g["city"], 99) <= 3 and R.cooperating(self.st, g["power"], ctrl)
                }
            )
        return out

    def beats_protectors(self, gid, fortress, end) -> bool:
        """Every protector of `fortress` will be fought this combat phase by a stronger general of
        this action stage: by this general from his end city, or by another who already stands
        next to it (he must attack, R11.1)."""
        prots = self.protectors(fortress)
        if not prots or len(prots) > 3:
            return False
        nb = self.info.nbrs[end]
        g = self.st["generals"][gid]
        extra = self.stack_troops(end) if self.st["city_generals"].get(end) else 0
        strength = g["troops"] + extra + 0.6 * self.hand_strength(self.card_power(gid, end), end)
        for pc in prots:
            if self.friend_beats(pc, gid) or self.friend_can_beat(pc, gid, end):
                continue
            if pc not in nb or not self.stronger_than(strength, pc):
                return False
        return True

    def friend_can_beat(self, pc, exclude, end) -> bool:
        """A face-up general of `exclude`'s power group who has not moved yet this phase can end
        his move next to the enemy at `pc`, on a path that avoids `end` (where `exclude` will
        stand: stacking there would stop him), and is stronger than it (the "?" this move leaves
        can then be completed by him, R10.15)."""
        key = (pc, exclude, end)
        fc = self.__dict__.setdefault("_friend_can", {})
        v = fc.get(key)
        if v is None:
            st = self.st
            moved = self.moved()
            major = R.major_of(st, st["generals"][exclude]["power"])
            nb = self.info.nbrs[pc]
            v = False
            for fid, f in self.gens.items():
                if (
                    fid == exclude
                    or fid in moved
                    or not f["face_up"]
                    or R.major_of(st, f["power"]) != major
                    or self.d(f["city"], pc) > 6
                ):
                    continue
                for e, through in self.reach(fid).items():
                    if e in nb and e != end and any(end not in p for p in through):
                        extra = self.stack_troops(e) if st["city_generals"].get(e) else 0
                        strength = f["troops"] + extra + 0.6 * self.hand_strength(self.card_power(fid, e), e)
                        if self.stronger_than(strength, pc):
                            v = True
                            break
                if v:
                    break
            fc[key] = v
        return v

    def reach(self, gid) -> dict[str, list[set]]:
        """End city -> the sets of cities of the paths that reach it."""
        rc = self.__dict__.setdefault("_reach", {})
        r = rc.get(gid)
        if r is None:
            r = rc[gid] = {}
            for p in self.paths(gid, "normal"):
                r.setdefault(p[-1], []).append(set(p[1:-1]))
        return r

    def stronger_than(self, strength, pc) -> bool:
        gs = self.st["city_generals"].get(pc, [])
        if not gs:
            return False
        theirs = self.stack_troops(pc) + 0.6 * self.hand_strength(self.st["generals"][gs[0]]["power"], pc)
        return theirs + 1 < strength

    def friend_beats(self, pc, exclude) -> bool:
        """Another face-up general of `exclude`'s power group (same action stage) stands next to
        the enemy at `pc` and is stronger than it."""
        key = (pc, exclude)
        fc = self.__dict__.setdefault("_friend_beats", {})
        v = fc.get(key)
        if v is None:
            st = self.st
            major = R.major_of(st, st["generals"][exclude]["power"])
            v = False
            for n in self.info.nbrs[pc]:
                gs = st["city_generals"].get(n)
                if not gs or exclude in gs:
                    continue
                f = st["generals"][gs[0]]
                if not f["face_up"] or R.major_of(st, f["power"]) != major:
                    continue
                if self.stronger_than(self.stack_troops(n) + 0.6 * self.hand_strength(f["power"], n), pc):
                    v = True
                    break
            fc[key] = v
        return v

    def hunt_distance(self, fortress, d, strength, power, gid=None) -> float | None:
        """Cities to go until this stack stands next to every protector of `fortress` that no other
        general of its side already fights, when it is stronger than each (troops + 0.6 x cards of
        the sector's suit); None if it is not."""
        prots = self.protectors(fortress)
        if not prots or len(prots) > 3:
            return None
        far = 0
        for pc in prots:
            if gid is not None and self.friend_beats(pc, gid):
                continue
            if not self.stronger_than(strength, pc):
                return None
            far = max(far, max(d.get(pc, 99) - 1, 0))
        return far

    def partner_targets(self, power) -> list[str]:
        """Two players: the other attacking power's targets (its generals must get in there)."""
        if self.st["players"] != 2:
            return []
        major = R.major_of(self.st, power)
        if major not in ("france", "prussia"):
            return []
        return self.targets("prussia" if major == "france" else "france")

    def help_partner(self, major, city) -> float:
        """Two players, this power's share is done: go and fight the Austrian generals that
        protect the partner's remaining targets."""
        partner = "prussia" if major == "france" else "france"
        prot = [c for c in self.targets(partner) if self.is_prot(c)]
        if not prot:
            return 0.0
        hunters = set()
        for eg in self.gens.values():
            if R.enemies(self.st, eg["power"], major):
                de = self.info.dist_from(eg["city"])
                if any(1 <= de.get(c, 99) <= 3 for c in prot):
                    hunters.add(eg["city"])
        if not hunters:
            return 0.0
        d = self.info.dist_from(city)
        return -0.5 * min(min(d.get(h, 99) for h in hunters), 10)

    def pa_retake(self, major, city) -> bool:
        """The enemy-controlled `city` is one the PA retakes as a full target: a fortress of
        the Austrian Netherlands or of its home (retaking sends the conqueror's VM back to his pool,
        R10.16a, R15.3) or a Rhine electorate (the 3-Electors boxes, R16.4), held by another player."""
        st, info = self.st, self.info
        return (
            major == "pragmatic_army"
            and st["variant"] == "advanced"
            and st["players"] == 3
            and (info.home_of(city) in ("austria", "pragmatic_army") or city in RHINE)
            and R.role_of(st, controller(st, info, city)) != self.role
        )

    def race_weights(self) -> dict[str, float]:
        """Austria's weights of France's and Prussia's threats (RACE_SHARPNESS; empty outside
        the advanced 3-player game and for a role not in RACING, where every enemy counts
        alike)."""
        rw = self.__dict__.get("_race_w")
        if rw is None:
            rw = {}
            st = self.st
            if st["variant"] == "advanced" and st["players"] == 3 and self.role in RACING.get():
                from maria.players import evaluate_advanced, leader

                stages = leader.stages_to_win(st, evaluate_advanced.effective_pools(st))
                rivals = {p: stages[p] for p in ("france", "prussia") if p in stages}
                if rivals:
                    best = min(rivals.values())
                    rw = {p: min(1.0, ((best + 0.5) / (v + 0.5)) ** RACE_SHARPNESS) for p, v in rivals.items()}
            self._race_w = rw
        return rw

    def defence_value(self, gid, city) -> float:
        d = self.info.dist_from(city)
        cover, retake, enemies, front = self._defence_facts(gid)
        v = 0.0
        for c, w in cover:
            if 1 <= d.get(c, 99) <= 3:
                v += w
        if front:
            # the PA marches to the front from the rear
            v -= FRONT_PULL * min(min(d.get(c, 99) for c, _ in cover), FRONT_FAR)
        if retake:
            v -= 0.35 * min(min(d.get(c, 99) for c, _ in retake), front or 12)
        # hunt enemy generals abroad (lightly): nearness to the nearest enemy
        if enemies:
            v -= 0.05 * min(min(d.get(e, 99) for e in enemies), 12)
        return v

    def _defence_facts(self, gid):
        """What defence_value needs that does not depend on the end city (cached per general):
        the own threatened fortresses with the value of covering them (less when another general
        already covers it), the fortresses to retake, the enemy generals' cities."""
        dc_ = self.__dict__.setdefault("_dfacts", {})
        out = dc_.get(gid)
        if out is not None:
            return out
        st, info = self.st, self.info
        power = st["generals"][gid]["power"]
        pa = power == "pragmatic_army" and st["variant"] == "advanced" and st["players"] == 3
        # the PA in Frederick's hands (3 players) plans against the other players only: Prussia's
        # and Saxony's conquests are his own (R2.1), though the rules make them enemies (R2.3)
        foe = (lambda p: self.enemy_of(p, power) and p not in self.mine) if pa else (lambda p: self.enemy_of(p, power))
        enemies = [eg for eg in self.gens.values() if foe(eg["power"])]
        own_forts = []
        retake = []
        for c in info.fortresses():
            home = info.home_of(c)
            if pa:
                if (
                    home not in ("austria", "pragmatic_army")
                    and c not in RHINE
                    and not (info.in_silesia(c) and "prussia" not in self.mine)
                ):
                    continue
            elif home != "austria" and not info.in_silesia(c):
                continue
            ctrl = controller(st, info, c)
            if ctrl is None:
                continue
            if R.cooperating(st, ctrl, power) or (pa and ctrl == power):
                own_forts.append(c)
            elif foe(ctrl):
                retake.append((c, R.major_of(st, ctrl)))
        race = self.race_weights() if power == "austria" else {}
        cover = []
        for c in own_forts:
            dc = info.dist_from(c)
            w = 0.0
            for eg in enemies:
                k = dc.get(eg["city"], 99)
                if k <= 6:
                    w = max(w, (1.6 if k <= 3 else 0.8) * race.get(R.major_of(st, eg["power"]), 1.0))
            if w == 0.0:
                continue
            others = any(
                1 <= dc.get(og["city"], 99) <= 3
                for ogid, og in self.gens.items()
                if ogid != gid and R.cooperating(st, og["power"], power)
            )
            cover.append((c, w * (0.35 if others else 1.0)))
        retake = [(c, m) for c, m in retake if race.get(m, 1.0) >= 0.5]
        front = FRONT_FAR if pa and cover else 0
        out = dc_[gid] = (cover, retake, [eg["city"] for eg in enemies], front)
        return out
