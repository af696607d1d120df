"""The planner's supply trains (R9: a general outside his home country is supplied within 6 cities
of one of his power's trains; R10.4 a train is a piece that blocks a city): where each train
should go, a mixin of maria.players.plan.Planner (which holds the state, the board and the
planner's queries `targets`, `partner_targets`, `enemy_of`, `paths`, `d` and `gens`).

A train follows its generals: every general of its power outside his home country within
SUPPLY_RANGE - 1 cities of it (a few cities behind the front), unless another train already supplies
him; it keeps off the side's own target fortresses and away from enemy generals.
"""

from __future__ import annotations

SUPPLY_RANGE = 6     # the supply range of a train (R9.2), for the planner's generals too


class Trains:
    """Supply-train moves of a Planner (see maria.players.plan)."""

    def train_value(self, tid, city) -> float:
        st, info = self.st, self.info
        power = st["trains"][tid]["power"]
        others = [t["city"] for k, t in st["trains"].items()
                  if k != tid and t["power"] == power and t["in_play"] and t["city"] in info.playable]
        d = info.dist_from(city)
        v = 0.0
        if info.is_fortress(city) and (city in self.targets(power) or city in self.partner_targets(power)):
            v -= 6.0        # a train on a target blocks the side's own generals from it (R10.4)
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
