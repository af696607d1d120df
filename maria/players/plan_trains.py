"""The planner's supply trains (R9: a general outside his home country is supplied within 6 cities
of one of his power's trains; R10.4 a train is a piece that blocks a city): where each train
should go, a mixin of maria.players.plan.Planner (which holds the state, the board and the
planner's queries `targets`, `partner_targets`, `enemy_of`, `paths`, `d` and `gens`).

A train follows its generals: every general of its power outside his home country within
SUPPLY_RANGE - 1 cities of it (a few cities behind the front), unless another train already supplies
him; it keeps off the side's own target fortresses and away from enemy generals.
The defender's generals raid the enemy's trains (RAID).
"""

from __future__ import annotations


SUPPLY_RANGE = 6  # the supply range of a train (R9.2), for the planner's generals too
# The defender raids the attackers' supply trains.  Every attacking general abroad needs a supply
# path to a train of his power within 6 cities (R9.3); a general who enters a city holding an enemy
# train eliminates it and may move on (R10.4); without it he turns face-down, loses troops (R9.4)
# and cannot conquer (R9.5) until his power pays 4 TC points to bring the train back (R10.9,
# R10.10).  In the introductory game Austria's generals feel a pull of RAID_PULL a city towards
# the nearest enemy train, up to RAID_NEAR cities, and an enemy train on the way is worth
# RAID_VALUE (in all-easy games this lifts Maria Theresa from about 8% to 27% of the wins; the
# advanced game gains nothing from it): variant -> powers.
RAID: dict[str, tuple[str, ...]] = {"intro": ("austria",)}
RAID_PULL = 1.5
RAID_NEAR = 8
RAID_VALUE = 12.0
TRAIN_VALUE = 4.0  # an enemy train eliminated on the way, for everyone else


class Trains:
    """Supply-train moves of a Planner (see maria.players.plan), and the raids on the enemy's."""

    def raids(self, power) -> bool:
        """Whether `power`'s generals raid the enemy supply trains (RAID)."""
        return power in RAID.get(self.st["variant"], ())

    def raided(self, power, tpower) -> bool:
        """Whether `power`'s generals raid a train of `tpower`: an enemy's, never one of the own
        player's other powers (the PA and Prussia are enemies by R2.3, but in 3 players both are
        Frederick's, R2.1)."""
        return self.raids(power) and self.enemy_of(tpower, power) and tpower not in self.mine

    def raid_distance(self, power, city) -> float:
        """RAID: the pull towards the nearest enemy supply train in play, RAID_PULL a city up to
        RAID_NEAR cities (0 when the enemy has no train on the board; see `raided`)."""
        tc = self.__dict__.setdefault("_raid_trains", {})
        trains = tc.get(power)
        if trains is None:
            raided = [
                t
                for t in self.st["trains"].values()
                if t["in_play"] and t["city"] in self.info.playable and self.raided(power, t["power"])
            ]
            trains = tc[power] = [t["city"] for t in raided]
        if not trains:
            return 0.0
        d = self.info.dist_from(city)
        return RAID_PULL * min(min(d.get(c, 99) for c in trains), RAID_NEAR)

    def train_value(self, tid, city) -> float:
        st, info = self.st, self.info
        power = st["trains"][tid]["power"]
        others = [
            t["city"]
            for k, t in st["trains"].items()
            if k != tid and t["power"] == power and t["in_play"] and t["city"] in info.playable
        ]
        d = info.dist_from(city)
        v = 0.0
        if info.is_fortress(city) and (city in self.targets(power) or city in self.partner_targets(power)):
            v -= 6.0  # a train on a target blocks the side's own generals from it (R10.4)
        for g in self.gens.values():
            if g["power"] != power or info.home_of(g["city"]) == power:
                continue
            k = d.get(g["city"], 99)
            if any(self.d(g["city"], o) <= SUPPLY_RANGE - 1 for o in others):
                continue
            w = 1 + g["troops"] / 4
            if k <= SUPPLY_RANGE - 1:
                v -= 0.15 * w * abs(k - 3)
            else:
                v -= w * (1.5 + (k - SUPPLY_RANGE + 1))
        for eg in self.gens.values():
            if self.enemy_of(eg["power"], power):
                k = d.get(eg["city"], 99)
                if k <= 1:
                    v -= 8
                elif k <= 2:
                    v -= 3
                elif k <= 3:
                    v -= 1
        return v

    def best_train_move(self, tid, margin=0.2):
        start = self.st["trains"][tid]["city"]
        base = self.train_value(tid, start)
        best, best_v = None, base + margin
        for path in self.paths(tid, "normal"):
            v = self.train_value(tid, path[-1])
            if v > best_v:
                best, best_v = {"type": "move", "piece": tid, "path": path, "force_march": False}, v
        return best_v - base, best
