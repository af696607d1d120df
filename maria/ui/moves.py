"""Where a piece can go: every legal path of a move, as the door lists them (door.move_paths).

The UI offers a drop target only where some path is legal; the move itself is then sent through
the door as {"type": "move", "piece", "path", "force_march"} and checked again by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import json

from maria.games.maria.rules import door
from maria.games.maria.rules.state import IllegalAction


@dataclass
class Reach:
    piece: str
    normal: dict[str, list[list[str]]] = field(default_factory=dict)  # end city -> paths
    force: dict[str, list[list[str]]] = field(default_factory=dict)

    def cities(self) -> set[str]:
        return set(self.normal) | set(self.force)

    def options(self, city: str) -> list[tuple[str, list[str]]]:
        """Distinct choices to reach `city`: (mode, path), one per different outcome, a normal move
        before a force march, the shortest first.

        What a move does is the engine's answer: each candidate is taken through the door on a copy
        of the state (door.look_ahead) and two candidates that leave the same position (the log
        aside) are one choice.  So a force march from or through the mover's own fortress, where
        the normal move conquers nothing either, is not offered beside it."""
        if city in self._options:
            return self._options[city]
        out, seen = [], set()
        for mode, table in (("normal", self.normal), ("force", self.force)):
            for p in sorted(table.get(city, []), key=len):
                key = self._outcome(mode, p)
                if key is not None and key not in seen:
                    seen.add(key)
                    out.append((mode, p))
                if len(out) >= 6:
                    break
        self._options[city] = out[:6]
        return self._options[city]

    def _outcome(self, mode: str, path: list[str]):
        """The position after the move (the log and the undo snapshots left out), as the engine
        makes it; None when the engine refuses the move (it is not offered)."""
        act = {"type": "move", "piece": self.piece, "path": path, "force_march": mode == "force"}
        for role in door.active_roles(self._st):
            try:
                after = door.look_ahead(self._st, role, act)
            except IllegalAction:
                continue
            return json.dumps({k: v for k, v in after.items() if k not in ("log", "undo")}, sort_keys=True, default=str)
        return None

    def via(self, city: str, waypoints: list[str]) -> tuple[str, list[str]] | None:
        """The route to `city` through `waypoints` in that order (the player's own route), a normal
        move before a force march, the shortest first; None if no legal path passes them."""
        for mode, table in (("normal", self.normal), ("force", self.force)):
            for p in sorted(table.get(city, []), key=len):
                i = 0
                for c in p[1:-1]:
                    if i < len(waypoints) and c == waypoints[i]:
                        i += 1
                if i == len(waypoints):
                    return mode, p
        return None


def road_route(info, points: list[str]) -> list[str] | None:
    """The shortest road path through `points` in order (pieces ignored): what the player traced,
    for the engine to say why it is not a legal move."""
    out = [points[0]]
    for a, b in zip(points, points[1:]):
        prev = {a: None}
        queue = [a]
        while queue and b not in prev:
            x = queue.pop(0)
            for n in sorted(info.nbrs.get(x, {})):
                if n not in prev:
                    prev[n] = x
                    queue.append(n)
        if b not in prev:
            return None
        leg, x = [], b
        while x is not None and x != a:
            leg.append(x)
            x = prev[x]
        out += reversed(leg)
    return out


def reach(state: dict, piece: str, modes=("normal", "force")) -> Reach:
    """All legal paths for `piece` (state = the real state), as the door lists them."""
    r = Reach(piece)
    r._st, r._options = state, {}
    paths = door.move_paths(state, piece, modes)
    r.normal, r.force = paths.get("normal", {}), paths.get("force", {})
    return r
