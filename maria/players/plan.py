"""Whole-move planning for the rules-of-thumb players (movement phase R10, conquest R10.11-R10.16,
combat R11.1, supply R9.2): the Planner and its path scores.

Every legal path of a piece is enumerated with the engine's own step check
(`maria.games.maria.rules.movement.step_refusal`), scored with cheap MARIA-specific rules of thumb, and the best
move is sent as one whole-move action {"type": "move", "piece", "path", "force_march"}.

General's path score = conquests on the way (a face-up general that *leaves* an unprotected enemy
fortress takes it; a protected one only gets a "?") + the value of the end city:
  attackers (France/Bavaria, Prussia/Saxony)  nearness to the next enemy fortress that counts for
        their victory (unprotected ones first), staying within reach of an own supply train;
  defender (Austria)                         covering threatened own fortresses (a general within 3
        cities protects), nearness to fortresses the enemy took (to take them back); in the
        advanced game also nearness to the enemy fortresses whose conquest spends one of her VMs;
  everyone                                   the combats the end city forces (an active general must
        attack every adjacent enemy): troops + cards of the sector's suit in hand against the
        enemy's; being next to a stronger enemy who moves later is a risk.
Supply trains follow their generals (every general outside his home country within 6 cities of a
train, the train a few cities behind the front, away from enemy generals).
The planner's protection and threat queries are in maria.players.plan_threats (a mixin), its
supply trains in maria.players.plan_trains (another).
"""

from __future__ import annotations

from contextvars import ContextVar

from maria.games.maria.rules import cards
from maria.games.maria.rules.advanced.markers import RHINE
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.conquest import marks_conquest, protected
from maria.games.maria.rules.movement import step_refusal
from maria.players.plan_trains import RAID_VALUE, SUPPLY_RANGE, TRAIN_VALUE, Trains
from maria.games.maria.rules.state import controller
from maria.players.plan_threats import Threats, _goal

CONQUER = 10.0
SPOIL = -15.0  # two players: taking a fortress the ally still needs (it can never get it back)
GUARD = 1.5  # attackers: protecting a conquest an enemy general could retake next move
GUARD_THREAT = 4  # ... when that enemy stands this many cities away or nearer
# attackers: value of each city nearer to the next target, up to NEAR cities away; faster in the
# 3-player game, where a rival ally races for the same fortresses
TARGET_PULL = {2: 0.9, 3: 1.2}
# Austria in the advanced game: her pool holds only 3 VMs at the start (B.2), so every conquest that
# puts one of them on a fortress (Bavaria, Saxony, Prussia, France, Silesia: R10.16c) is a third of
# a win, and her generals feel a pull towards the nearest such fortress besides defending
AUSTRIAN_PULL = 0.6
NEAR = 8
FAR_PULL = 0.3  # ... and a faint pull from NEAR to FAR cities (no idle generals in the rear)
FAR = 16
PROTECTED_DETOUR = 1.0  # ... a protected target counts as this many cities farther
SPREAD = 2.0  # ... and one an own general is nearer to as this many farther
# The exposure rule (Planner.exposure), a setting of the hard level for some roles
# (maria.players.levels): a general weighs the strongest enemy stack that can reach him before his
# role moves again.  In the advanced game a general removed in combat costs his power a VP (R16.1).
# The planner is built in a dozen places (rules of thumb, candidates, whole-stage plans) from the
# state alone, so the setting travels in a context variable that the hard player sets only for the
# length of its own decision (search.SearchPlayer.choose), for its own role: the other roles in its
# play-outs, and easy players, keep the plain rule.
EXPOSED: ContextVar[frozenset] = ContextVar("exposed_roles", default=frozenset())
EXPOSE_LOSS = 0.6
EXPOSE_REMOVED = 4.0


def prussian_share(info, city: str) -> bool:
    """Two players: the fortresses left to Prussia (Silesia, Moravia, Koeniggraetz: 13 for its 12);
    France takes the rest of Bohemia and the Austrias (11 for its 9); Leitmeritz goes to whoever
    comes first."""
    return info.in_silesia(city) or info.board.cities[city].territory == "moravia" or city == "koeniggraetz"


class Planner(Threats, Trains):
    def __init__(self, state, info, role):
        self.st, self.info, self.role = state, info, role
        self.mine = set(R.powers_of(state, role))
        self.prot_cache: dict[str, bool] = {}
        self._enemy: dict[tuple[str, str], bool] = {}  # the alliances do not change while it plans
        self._hand_at: dict[tuple[str, str], float] = {}  # hand_strength's
        self._stacks: dict[str, int] = {}  # stack_troops' of whole stacks
        self.gens = {gid: g for gid, g in state["generals"].items() if g["in_play"] and g["city"] in info.playable}

    # --- small helpers -----------------------------------------------------------------------------
    def d(self, a, b):
        return self.info.dist_from(a).get(b, 99)

    def is_prot(self, city):
        p = self.prot_cache.get(city)
        if p is None:
            p = self.prot_cache[city] = protected(self.st, self.info, city)
        return p

    def stack_troops(self, city, exclude=()):
        if not exclude:  # a whole stack: cached (the scores of every end city ask for its neighbours)
            v = self._stacks.get(city)
            if v is None:
                v = self._stacks[city] = sum(
                    self.st["generals"][g]["troops"] for g in self.st["city_generals"].get(city, [])
                )
            return v
        return sum(self.st["generals"][g]["troops"] for g in self.st["city_generals"].get(city, []) if g not in exclude)

    def hand_strength(self, power, city) -> float:
        """Cards of the sector's suit in `power`'s hand, a Reserve counted as 5 (cached per power
        and city, the scores of every end city ask it for each general around)."""
        key = (power, city)
        v = self._hand_at.get(key)
        if v is None:
            v = self._hand_at[key] = self._suit_strength(power, self.info.suit(city))
        return v

    def _suit_strength(self, power, suit) -> float:
        """hand_strength by suit (cached: the hands do not change while a move is planned)."""
        hc = self.__dict__.setdefault("_hands", {})
        v = hc.get((power, suit))
        if v is None:
            h = self.st["cards"]["hands"].get(power, [])
            v = sum(cards.value_of(c) for c in h if cards.suit_of(c) == suit)
            v += 5 * sum(1 for c in h if cards.is_reserve(c))
            hc[(power, suit)] = v
        return v

    def moved(self) -> set:
        """The pieces that have already moved in this movement phase (computed once per plan)."""
        m = getattr(self, "_moved", None)
        if m is None:
            frame = self.st["flow"][-1]
            m = self._moved = set(frame.get("moved", ())) if frame["name"] == "movement_phase" else set()
        return m

    def strength_at(self, gid, city, stack_extra=0) -> float:
        """What general `gid` could fight with at `city`: his troops, the stack he joins there or
        stays in, or the unmoved face-up generals of his stack who can follow him there (R10.4),
        at most 16 (R6.4); plus 0.6 x the cards of the sector's suit his commander holds."""
        st = self.st
        g = st["generals"][gid]
        start = g["city"]
        troops = g["troops"] + stack_extra
        if city == start:
            troops += self.stack_troops(start, exclude=(gid,))
        elif not stack_extra:
            moved = self.moved()
            troops += sum(
                st["generals"][o]["troops"]
                for o in st["city_generals"].get(start, ())
                if o != gid and o not in moved and st["generals"][o]["face_up"]
            )
        return min(troops, 16) + 0.6 * self.hand_strength(self.card_power(gid, city), city)

    def card_power(self, gid, city) -> str:
        """Whose cards general `gid` fights with at `city`: in a stack only the supreme commander's
        power (lowest rank number; equal ranks: the one chosen, R6.2) plays cards (R11.9)."""
        here = self.st["city_generals"].get(city, ())
        if gid in here and len(here) == 2:
            from maria.games.maria.rules.state import commander

            return self.st["generals"][commander(self.st, city)]["power"]
        best = self.st["generals"][gid]
        for o in self.st["city_generals"].get(city, ()):
            og = self.st["generals"][o]
            if o != gid and og["rank"] < best["rank"]:
                best = og
        return best["power"]

    def enemy_of(self, power, other) -> bool:
        e = self._enemy.get((power, other))
        if e is None:
            e = self._enemy[(power, other)] = R.enemies(self.st, power, other)
        return e

    def trains_of(self, power):
        """The cities of `power`'s supply trains on the map (cached per power: supply_value asks
        it for every end city)."""
        tc = self.__dict__.setdefault("_trains_of", {})
        out = tc.get(power)
        if out is None:
            out = tc[power] = [
                t["city"]
                for t in self.st["trains"].values()
                if t["power"] == power and t["in_play"] and t["city"] in self.info.playable
            ]
        return out

    def counts(self):
        c = getattr(self, "_counts", None)
        if c is None:
            from maria.games.maria.rules.victory import counts

            c = self._counts = counts(self.st, self.info)
        return c

    def weight(self, power, city) -> float:
        """What conquering the enemy-controlled fortress `city` is worth to `power`'s side (cached:
        the conquests on every path of every general ask it again and again)."""
        wc = self.__dict__.setdefault("_weights", {})
        w = wc.get((power, city))
        if w is None:
            w = wc[(power, city)] = self._weight(power, city)
        return w

    def _weight(self, power, city) -> float:
        st, info = self.st, self.info
        major = R.major_of(st, power)
        if (
            major == "austria"
            and st["variant"] == "advanced"
            and city not in RHINE
            and info.home_of(city) != "austria"
            and marks_conquest(st, info, power, city)
        ):
            return CONQUER  # a VM out of her small pool (R15.2)
        if self.pa_retake(major, city):
            return CONQUER  # the PA's front (maria.players.plan_threats)
        if not _goal(st, info, major, city):
            if st["players"] == 2 and major == "france" and info.in_silesia(city) and self.counts()["prussia"] < 12:
                return -6.0  # Prussia's share (see below)
            return 2.5 if major in ("france", "prussia") else 1.0
        if major == "austria":
            ctrl = controller(st, info, city)
            race = self.race_weights()
            if race:
                # the advanced 3-player game: by the race of the rival whose marker stands there (a
                # fortress Bavaria or Saxony took carries France's or Prussia's, R10.16)
                rival = R.major_of(st, ctrl) if ctrl else None
                return CONQUER * race[rival] if rival in race else 1.0
            return CONQUER if ctrl in ("france", "prussia") else 1.0
        if st["players"] != 2:
            return CONQUER
        # two players: one side plays both and needs both conditions at once (R24.1.2), so the
        # fortresses are shared out: Prussia Silesia, Moravia and Koeniggraetz; France the rest
        # of Bohemia and the Austrias; Leitmeritz to whoever comes first.  A fortress one ally
        # holds is lost to the other (allies never conquer from each other), so once France has
        # its 9 it leaves Prussia's share alone.
        n = self.counts()
        prussian = self._prussian_share(city)
        shared = city == "leitmeritz"
        if major == "france":
            if n["france"] >= 9:
                return SPOIL if (prussian or shared) and n["prussia"] < 12 else 1.0
            return CONQUER if not prussian or n["prussia"] >= 12 or self.french_short() else 2.0
        if prussian:
            return CONQUER if n["prussia"] < 12 else 1.0
        if n["france"] >= 9:
            return 1.0
        if shared:
            return CONQUER if n["prussia"] < 12 else SPOIL
        return SPOIL

    def _prussian_share(self, city) -> bool:
        return prussian_share(self.info, city)

    def _left_in_share(self, prussian: bool) -> int:
        st, info = self.st, self.info
        return sum(
            1
            for c in info.fortresses()
            if (info.home_of(c) == "austria" or info.in_silesia(c))
            and self._prussian_share(c) == prussian
            and controller(st, info, c) == "austria"
        )

    def french_short(self) -> bool:
        """Two players: France cannot reach 9 in its own share any more."""
        v = getattr(self, "_short", None)
        if v is None:
            v = self._short = self.counts()["france"] + self._left_in_share(False) < 9
        return v

    def targets(self, power) -> list[str]:
        """Fortresses this power's side wants to take: enemy-controlled, worth it."""
        key = R.major_of(self.st, power)
        tc = self.__dict__.setdefault("_targets", {})
        if key in tc:
            return tc[key]
        out = []
        for c in self.info.fortresses():
            ctrl = controller(self.st, self.info, c)
            if ctrl is not None and self.enemy_of(ctrl, power) and self.weight(power, c) >= 5:
                out.append(c)
        tc[key] = out
        return out

    # --- path enumeration -------------------------------------------------------------------------
    def paths(self, pid, mode="normal", limit=400):
        return move_paths(self.st, self.info, pid, mode, limit, back=True)

    # --- general's scoring -----------------------------------------------------------------------
    def conquest_value(self, gid, path) -> tuple[float, set]:
        g = self.st["generals"][gid]
        if not g["face_up"]:
            return 0.0, set()
        v, taken = 0.0, set()
        foes = self.enemy_fortresses(g["power"])
        for c in dict.fromkeys(path[:-1]):  # a city passed twice counts once
            if c not in foes:
                continue
            w = self.weight(g["power"], c)
            if self.is_prot(c):
                if w > 0 and self.beats_protectors(gid, c, path[-1]):
                    v += 0.45 * w  # "?" now, taken when they are beaten (R10.15)
                else:
                    v += 0.08 * w if w > 0 else w
            else:
                v += w
                taken.add(c)
        for c in path[1:]:  # enemy trains eliminated on the way (R10.4)
            tid = self.st["city_train"].get(c)
            if tid and self.enemy_of(self.st["trains"][tid]["power"], g["power"]):
                v += RAID_VALUE if self.raided(g["power"], self.st["trains"][tid]["power"]) else TRAIN_VALUE
        return v, taken

    def enemy_fortresses(self, power) -> frozenset:
        """The fortresses an enemy of `power` controls (cached per power: every path's conquests
        are looked up in it)."""
        fc = self.__dict__.setdefault("_enemy_forts", {})
        out = fc.get(power)
        if out is None:
            out = fc[power] = frozenset(
                c
                for c in self.info.fortresses()
                if (ctrl := controller(self.st, self.info, c)) is not None and self.enemy_of(ctrl, power)
            )
        return out

    def combat_value(self, gid, city, stack_extra=0) -> float:
        """Forced attacks from `city` in this combat phase, and risk from enemies moving later."""
        st, info = self.st, self.info
        g = st["generals"][gid]
        power = g["power"]
        mine = g["troops"] + stack_extra
        if city == g["city"]:
            mine += self.stack_troops(city, exclude=(gid,))  # staying: the stack fights together
        my_cards = self.hand_strength(self.card_power(gid, city), city)
        v = 0.0
        seen = set()
        for n in info.nbrs[city]:
            gs = st["city_generals"].get(n)
            if not gs or gs[0] == gid:
                continue
            ep = st["generals"][gs[0]]["power"]
            if not self.enemy_of(ep, power):
                continue
            seen.add(n)
            theirs = self.stack_troops(n)
            their_cards = self.hand_strength(ep, n)
            margin = (mine - theirs) + 0.6 * (my_cards - their_cards)
            if margin > 0:
                v += 2.0 + min(margin, 8) * 0.4 + 0.3 * min(theirs, 8)
            else:
                v += -2.0 + max(margin, -10) * 0.6
        d = info.dist_from(city)
        if self.role in EXPOSED.get():
            return v - self.exposure(gid, city, mine, my_cards, seen)
        # enemies within 2..3 who could come and attack this general
        for ec, threat in self.enemy_threats(power):
            if ec in seen:
                continue
            k = d.get(ec, 99)
            if 2 <= k <= 4:
                gap = threat - (mine + 0.5 * my_cards)
                if gap > 2:
                    v -= min(gap, 10) * (0.25 if k == 2 else 0.12 if k == 3 else 0.05)
        return v

    def enemy_threats(self, power) -> list[tuple[str, float]]:
        """(city, troops of his stack + 0.5 x his cards of the sector's suit) of every general in
        play who is an enemy of `power`, in the planner's order of the generals (cached per power:
        combat_value weighs them for every end city of every path)."""
        tc = self.__dict__.setdefault("_threats", {})
        out = tc.get(power)
        if out is None:
            out = tc[power] = [
                (eg["city"], self.stack_troops(eg["city"]) + 0.5 * self.hand_strength(eg["power"], eg["city"]))
                for eg in self.gens.values()
                if self.enemy_of(eg["power"], power)
            ]
        return out

    def exposure(self, gid, city, mine, my_cards, seen) -> float:
        """A role in EXPOSED: what ending at `city` risks in the enemy stages before the role's
        next move (R5.1): the strongest enemy stack that can end next to the general (a general
        moves 3 cities, 4 on main roads, R10.2) beats him by `gap` and takes min(troops, gap + 1)
        of his troops (R11.4: the final score, the enemy's cards against his), all of them
        removing the general until the winter (R13.3).  The plain rule (a gentle pull away from stronger
        enemies 2-4 cities off) lets a lone
        general end within reach of a much stronger stack."""
        st, info = self.st, self.info
        power = st["generals"][gid]["power"]
        d = info.dist_from(city)
        troops = min(mine, 16)
        worst = 0.0
        done = set()
        for eg in self.gens.values():
            ec = eg["city"]
            if ec in seen or ec in done or not self.enemy_of(eg["power"], power):
                continue
            done.add(ec)
            k = d.get(ec, 99)
            if not 2 <= k <= 5:
                continue
            theirs = self.stack_troops(ec) + 0.6 * self.hand_strength(eg["power"], city)
            gap = theirs - (troops + 0.6 * my_cards)
            if gap <= 0:
                continue
            lost = min(troops, gap + 1)
            risk = EXPOSE_LOSS * lost + (EXPOSE_REMOVED if lost >= troops else 0.0)
            worst = max(worst, risk * (1.0 if k <= 4 else 0.5))
        return worst

    def supply_value(self, gid, city) -> float:
        g = self.st["generals"][gid]
        power = g["power"]
        if self.info.home_of(city) == power:
            return 0.0
        trains = self.trains_of(power)
        if not trains:
            return -1.5 - 0.2 * g["troops"]
        k = min(self.d(city, t) for t in trains)
        if k <= SUPPLY_RANGE:
            return 0.0
        if k <= SUPPLY_RANGE + 2:
            return -0.6 * (k - SUPPLY_RANGE)
        return -2.5 - 0.25 * g["troops"]

    def position_value(self, gid, city, taken=frozenset(), stack_extra=0) -> float:
        st = self.st
        g = st["generals"][gid]
        power = g["power"]
        major = R.major_of(st, power)
        v = (
            self.supply_value(gid, city)
            + self.combat_value(gid, city, stack_extra)
            + self.question_value(gid, city, stack_extra)
            + self.spoil_value(gid, city)
        )
        if major in ("france", "prussia") and self.last_turn() and st["variant"] == "intro":
            # the introductory game ends with this turn (R14.3): only this turn's conquests count,
            # so the end city matters only for the combats it forces (retroactive "?" conquests)
            return v
        if major in ("france", "prussia"):
            tg = [c for c in self.targets(power) if c not in taken]
            best = self.target_distance(gid, city, tg, stack_extra)
            v += self.guard_value(gid, city)
            if tg:
                v -= TARGET_PULL[st["players"]] * min(best, NEAR) + FAR_PULL * max(min(best, FAR) - NEAR, 0)
            elif st["players"] == 2:
                v += self.help_partner(major, city)
            if city in tg and not self.is_prot(city) and g["face_up"] and not self.last_turn():
                v += 1.2  # leaving it next turn takes it
        else:  # Austria: defend, retake
            v += self.defence_value(gid, city)
            if g["face_up"] and self.raids(power):
                v -= self.raid_distance(power, city)
            if major == "austria" and st["variant"] == "advanced":
                # ... and attack: the fortresses whose conquest spends one of her VMs
                tg = [c for c in self.targets(power) if c not in taken and self.info.home_of(c) != "austria"]
                if tg:
                    v -= AUSTRIAN_PULL * min(self.target_distance(gid, city, tg, stack_extra), NEAR)
                    if city in tg and not self.is_prot(city) and g["face_up"]:
                        v += 1.2  # leaving it next turn takes it
        return v

    def target_distance(self, gid, city, tg, stack_extra=0) -> float:
        """Cities from `city` to the nearest of the target fortresses `tg`, counting the detours:
        a piece on it, a protected target (or the way to its protectors when this stack can beat
        them), a target another general of the side is nearer to."""
        d = self.info.dist_from(city)
        best = 99.0
        strength = None  # computed only when a target has hunters
        for c, extra, prot, hunters, near_friend in self._target_facts(gid, tuple(tg)):
            dc = d.get(c, 99)
            k = dc + extra
            if prot:
                k += PROTECTED_DETOUR
                # hunt the protectors: beating them in combat drives them off (R11.13)
                if hunters is not None:
                    if strength is None:
                        strength = self.strength_at(gid, city, stack_extra)
                    far = 0
                    for pc, theirs in hunters:
                        if not theirs + 1 < strength:
                            break
                        far = max(far, max(d.get(pc, 99) - 1, 0))
                    else:
                        k = min(k, far + 1.5)
            # another own general is nearer to it: leave it to him, spread out
            if near_friend < (dc if dc < 3 else 3):
                k += SPREAD
            if k < best:
                best = k
        return best

    def _target_facts(self, gid, tg: tuple) -> list:
        """What target_distance needs of each target that does not depend on the end city (cached
        per general and target list: the planner's state does not change while it plans):
        (target, detour for a piece on it, protected?, the protectors not already fought by a
        stronger friend with their strength - None when more than 3 protect it -, the nearest
        other face-up general of the side)."""
        tc = self.__dict__.setdefault("_tfacts", {})
        key = (gid, tg)
        out = tc.get(key)
        if out is not None:
            return out
        st = self.st
        power = st["generals"][gid]["power"]
        major = R.major_of(st, power)
        friends = [
            og["city"]
            for ogid, og in self.gens.items()
            if ogid != gid and og["face_up"] and R.major_of(st, og["power"]) == major
        ]
        out = []
        for c in tg:
            extra = 0.0
            occ = st["city_generals"].get(c)
            if occ and not self.enemy_of(st["generals"][occ[0]]["power"], power):
                extra = 4.0  # a non-enemy sits on it: it must leave first
            elif c in st["city_train"]:
                extra = 4.0  # a train blocks it until it moves (R10.4)
            prot = self.is_prot(c)
            hunters = None
            if prot:
                prots = self.protectors(c)
                if prots and len(prots) <= 3:
                    hunters = []
                    for pc in prots:
                        if self.friend_beats(pc, gid):
                            continue
                        gs = st["city_generals"].get(pc, [])
                        theirs = (
                            (self.stack_troops(pc) + 0.6 * self.hand_strength(st["generals"][gs[0]]["power"], pc))
                            if gs
                            else 1e9
                        )
                        hunters.append((pc, theirs))
            dc = self.info.dist_from(c)
            near_friend = min((dc.get(f, 99) for f in friends), default=99)
            out.append((c, extra, prot, hunters, near_friend))
        tc[key] = out
        return out

    def guard_value(self, gid, city) -> float:
        """Attackers: standing within 3 cities of a fortress the side took (protection, R10.13)
        that a face-up enemy general could reach and retake next move, when no other general of
        the side protects it."""
        st, info = self.st, self.info
        power = st["generals"][gid]["power"]
        major = R.major_of(st, power)
        gc = self.__dict__.setdefault("_guard", {})
        need = gc.get((major, gid))
        if need is None:
            need = []
            enemies = [eg["city"] for eg in self.gens.values() if eg["face_up"] and self.enemy_of(eg["power"], power)]
            for c in info.fortresses():
                ctrl = controller(st, info, c)
                if ctrl is None or R.major_of(st, ctrl) != major or not _goal(st, info, major, c):
                    continue
                dc = info.dist_from(c)
                if min((dc.get(e, 99) for e in enemies), default=99) > GUARD_THREAT:
                    continue
                if any(
                    1 <= dc.get(og["city"], 99) <= 3
                    for ogid, og in self.gens.items()
                    if ogid != gid and R.cooperating(st, og["power"], power)
                ):
                    continue
                need.append(c)
            gc[(major, gid)] = need
        d = self.info.dist_from(city)
        return GUARD * sum(1 for c in need if 1 <= d.get(c, 99) <= 3 or d.get(c, 99) == 0)

    def spoil_value(self, gid, city) -> float:
        """Ending on an enemy fortress the side must not take (the ally's share in the 2-player
        game): it blocks the ally's generals (R10.4) and leaving it would take it (R10.12)."""
        if not self.info.is_fortress(city):
            return 0.0
        power = self.st["generals"][gid]["power"]
        ctrl = controller(self.st, self.info, city)
        if ctrl is None or not self.enemy_of(ctrl, power):
            return 0.0
        w = self.weight(power, city)
        return 0.8 * w if w < 0 else 0.0

    def last_turn(self) -> bool:
        return self.st["turn"] >= self.st["options"]["last_turn"]

    def question_value(self, gid, city, stack_extra=0) -> float:
        """ "?" fortresses marked this stage by this general's side (R10.15) whose last protectors
        not yet fought by a stronger general of the side this general would fight from `city`:
        beating them conquers the fortress after the combats (R12.1)."""
        st = self.st
        qm = st.get("qmarks")
        if not qm:
            return 0.0
        g = st["generals"][gid]
        if not g["face_up"]:
            return 0.0
        major = R.major_of(st, g["power"])
        strength = g["troops"] + stack_extra + 0.6 * self.hand_strength(self.card_power(gid, city), city)
        nb = self.info.nbrs[city]
        v = 0.0
        for q, p in qm.items():
            if R.major_of(st, p) != major:
                continue
            prots = self.protectors(q)
            if not prots or len(prots) > 3:
                continue
            needed = False
            for pc in prots:
                if self.friend_beats(pc, gid):
                    continue
                if pc in nb and self.stronger_than(strength, pc):
                    needed = True
                    continue
                break
            else:
                if needed:
                    v += 0.6 * max(self.weight(g["power"], q), 0.0)
        return v

    def best_general_move(self, gid, force_ok=True, margin=0.15):
        """(gain over staying, action) for the best move of general `gid`."""
        ranked = self.ranked_general_moves(gid, force_ok, 1)
        if ranked and ranked[0][0] > margin:
            return ranked[0]
        return margin, None

    def ranked_general_moves(self, gid, force_ok=True, k=3):
        """The `k` best moves of general `gid` with distinct end cities, as (gain over staying,
        action), best first."""
        st = self.st
        g = st["generals"][gid]
        start = g["city"]
        base = self.position_value(gid, start)
        best: dict[str, tuple[float, dict]] = {}
        # many paths end in the same city with the same conquests: the value of an end city is
        # computed once (position_value reads only the planner's state, which does not change here)
        seen: dict[tuple, float] = {}

        def value_at(end, taken, extra):
            key = (end, frozenset(taken), extra)
            v = seen.get(key)
            if v is None:
                v = seen[key] = self.position_value(gid, end, taken, extra)
            return v

        def offer(v, path, force):
            end = path[-1]
            if end not in best or v > best[end][0]:
                best[end] = (v, {"type": "move", "piece": gid, "path": path, "force_march": force})

        for path in self.paths(gid, "normal"):
            cv, taken = self.conquest_value(gid, path)
            end = path[-1]
            extra = self.stack_troops(end) if st["city_generals"].get(end) and end != start else 0
            offer(cv + value_at(end, taken, extra), path, False)
        if force_ok:
            for path in self.paths(gid, "force", limit=300):
                end = path[-1]
                if len(path) <= 4:
                    continue
                extra = self.stack_troops(end) if st["city_generals"].get(end) else 0
                offer(value_at(end, (), extra) - 0.3, path, True)
        ranked = sorted(best.values(), key=lambda x: -x[0])[:k]
        return [(v - base, a) for v, a in ranked]


def move_paths(st, info, pid, mode="normal", limit=None, back=True) -> list[list[str]]:
    """Every path of a piece's move from where it stands, by the engine's step check (R10.1-R10.5),
    at most `limit` of them.  With `back`, a general may double back (R10.2): step into a fortress
    and out again the way he came; his own start city is empty once he has left it."""
    piece = st["generals"].get(pid) or st["trains"][pid]
    start = piece["city"]
    out: list[list[str]] = []
    back = back and pid in st["generals"] and mode == "normal"
    vacate = back and st["city_generals"].get(start) == [pid]

    def rec(path, main):
        if limit is not None and len(out) >= limit:
            return
        frame = {"piece": pid, "mode": mode, "path": path, "main": main}
        cur = path[-1]
        for n, is_main in info.nbrs[cur].items():
            if n in path and not (
                back
                and len(path) >= 2
                and n == path[-2]
                and info.is_fortress(cur)
                and path.count(n) == 1
                and (n != start or vacate)
            ):
                continue
            if step_refusal(st, info, frame, n, explain=False) is not None:
                continue
            p2 = path + [n]
            out.append(p2)
            if st["city_generals"].get(n):  # stacking ends the move
                continue
            rec(p2, main and is_main)

    if vacate:
        cg = st["city_generals"]
        del cg[start]
        try:
            rec([start], True)
        finally:
            cg[start] = [pid]
    else:
        rec([start], True)
    return out
