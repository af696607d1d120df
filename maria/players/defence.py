"""The defender's whole-stage view for the hard player's plan search for Maria Theresa (R5.1: she
acts last in the turn; R10.13 protection; R14.3 the attackers' victory conditions): how well her
stacks hold and cover her threatened fortresses against the enemy stages that follow.
"""

from __future__ import annotations

from maria.players.plan import Planner, _goal
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.state import controller
from maria.games.maria.rules.victory import TARGETS    # the attackers' R14.3 counts

REACH = 4            # an enemy stack this many cities away can end its next move next to a stack
LOSS = 0.3           # per troop a stack is expected to lose in the enemy stages
REMOVED = 3.0        # ... and when the stack would be wiped out (out until the winter, R13)
COVER_SAFE = 1.0     # per threatened own fortress protected by a stack no enemy can beat
COVER_WEAK = 0.35    # ... protected only by stacks a stronger enemy can reach
COVER_BASE = 0.5     # a fortress's weight: this, plus COVER_DANGER x the share of its victory
COVER_DANGER = 2.0   # condition the attacker who could take it already holds (R14.3)


def defence_score(state: dict, info, role: str) -> float:
    """What the defender's positions are worth against the enemy stages that follow her own
    (R5.1: she acts last in the turn, and every enemy stack within reach may attack next):
    each of her stacks is weighed against the strongest enemy stack that can reach it (troops
    + 0.6 x cards of the sector's suit, as the planner counts them), and each threatened own
    fortress counts as covered (R10.13: a general 1-3 cities away protects it) by a stack that
    would hold, or only by stacks that would be beaten.  Used to compare whole-stage plans that
    differ in how her generals are grouped; the rules of thumb plan each general on its own."""
    pl = Planner(state, info, role)
    st = state
    stacks: dict[str, list] = {}
    enemies: dict[str, list] = {}
    for gid, g in pl.gens.items():
        if g["power"] in pl.mine:
            stacks.setdefault(g["city"], []).append(g)
        elif _enemy_of_role(st, g["power"], pl.mine) and g["face_up"]:
            enemies.setdefault(g["city"], []).append(g)
    v = 0.0
    weak: set[str] = set()
    for city, gs in stacks.items():
        troops = sum(g["troops"] for g in gs)
        mine = troops + 0.6 * pl.hand_strength(gs[0]["power"], city)
        d = info.dist_from(city)
        worst = 0.0
        for ec, es in enemies.items():
            if d.get(ec, 99) > REACH:
                continue
            theirs = sum(g["troops"] for g in es) + 0.6 * pl.hand_strength(es[0]["power"], city)
            worst = max(worst, theirs - mine)
        if worst > 0:
            weak.add(city)
            lost = min(troops, worst + 1)
            v -= LOSS * lost + (REMOVED * len(gs) if lost >= troops else 0.0)
    # how near each attacker is to its victory (R14.3): a fortress that would bring the nearer one
    # closer to its condition is worth more to cover
    # (with the urgency weighting on, counted as its PACE counts them: maria.players.plan_threats)
    n = pl.pace_counts() if pl.urgency() else pl.counts()
    danger = {m: min(n.get(m, 0) / TARGETS[m], 1.0) for m in TARGETS}
    for c in info.fortresses():
        if info.home_of(c) != "austria" and not info.in_silesia(c):
            continue
        ctrl = controller(st, info, c)
        if ctrl is None or not any(R.cooperating(st, ctrl, p) for p in pl.mine):
            continue
        dc = info.dist_from(c)
        near = {R.major_of(st, es[0]["power"]) for ec, es in enemies.items() if dc.get(ec, 99) <= 6}
        w = max((COVER_BASE + COVER_DANGER * danger[m] for m in near
                 if m in danger and _goal(st, info, m, c)), default=0.0)
        if not w:
            continue
        cover = [s for s in stacks if 1 <= dc.get(s, 99) <= 3]
        if any(s not in weak for s in cover):
            v += COVER_SAFE * w
        elif cover:
            v += COVER_WEAK * w
    return v


def _enemy_of_role(state, power, mine) -> bool:
    return all(R.enemies(state, power, m) for m in mine) if mine else False
