"""The computer players at the negotiating table (R21, RUL-A42): answering an offer of agreement and
making one, from the player's own view, with no search over offers.

An offer is worth what the other side promises minus what this side promises, each term weighed
by a rule of thumb:
  * a promise not to attack one of this side's powers: the victory markers that power's attacker
    is expected to place in its next action stage (maria.players.next_stage.assess, from this
    role's view); a promise of this side not to attack: the markers this side's power is expected
    to take from the other, seen the same way;
  * keeping out of protecting distance, out of a territory, leaving one: a fixed cost or gain;
  * a subsidy: half a point a turn; a vote: a point for the candidate whose power is this side's,
    a point against when the leader's, a little otherwise.
Who leads (maria.players.leader, from the pools and the next-stage threats) decides the rest: an
offer from the leader is refused (it helps the leader); a truce with a non-leader while the leader
is the enemy of a power it spares frees that power's generals for the front against the leader
(a bonus; a smaller one when the powers this side spares fight the leader too).  In the diplomacy window of a
three-player game the two trailing players offer each other a truce (every enemy pair of their
powers: no attack, 2 turns) when it is worth it to the offering side.
"""

from __future__ import annotations

from maria.games.maria.rules import roles as R
from maria.games.maria.rules.advanced import agreements as AG
from maria.games.maria.rules.state import board_info

FREES_A_FRONT = 0.5  # a truce with a non-leader while the leader is an enemy
HELPS_AGAINST_LEADER = 0.3  # ... and the other side fights the leader too
PLACE_COST = 0.6  # keep_away / keep_out / leave, promised by this side
PLACE_GAIN = 0.4  # ... promised by the other side
SUBSIDY_TURN = 0.5
TRUCE_TURNS = 2


def leader(state: dict, role: str) -> str:
    """The role closest to winning, from `role`'s view (maria.players.leader)."""
    from maria.players import leader as L
    from maria.players.evaluate_advanced import effective_pools
    from maria.players.next_stage import assess
    from maria.players.resample import observe

    threat = dict(assess(observe(state, role), role).expected_vm)
    return L.role_order(state, effective_pools(state), threat)[0]


def _expected(state: dict, role: str, attackers: list[str]) -> float:
    """The markers `attackers` are expected to place against `role` in their next action stage."""
    from maria.players.next_stage import assess
    from maria.players.resample import observe

    if not attackers:
        return 0.0
    risk = assess(observe(state, role), role, enemies=attackers)
    return sum(v for p, v in risk.expected_vm.items() if p in attackers)


def worth(state: dict, role: str, offer: dict, lead: str) -> float:
    """What the agreement `offer` ({"by", "to", "terms": {role: [terms]}}) is worth to `role`."""
    other = offer["to"] if offer["by"] == role else offer["by"]
    mine, theirs = offer["terms"].get(role, []), offer["terms"].get(other, [])
    v = 0.0
    spared = sorted({t["power"] for t in theirs if t["kind"] == "no_attack"})
    v += _expected(state, role, spared)
    attacking = sorted({t["power"] for t in mine if t["kind"] == "no_attack"})
    v -= _expected(state, other, attacking)
    for side, sign in ((mine, -1.0), (theirs, 1.0)):
        for t in side:
            k = t["kind"]
            if k in ("keep_away", "keep_out", "leave"):
                v += -PLACE_COST if sign < 0 else PLACE_GAIN
            elif k == "subsidy":
                gets = R.role_of(state, t["recipient"]) == role
                v += SUBSIDY_TURN * t["turns"] * (1.0 if gets else -1.0)
            elif k == "vote":
                winner = R.role_of(state, "austria" if t["for"] == "francis" else "france")
                v += 1.0 if winner == role else -1.0 if winner == lead else -0.2
    if lead not in (role, other):
        lead_powers = R.powers_of(state, lead)
        freed = {t["target"] for t in theirs if t["kind"] == "no_attack"}  # this side's, spared
        helped = {t["target"] for t in mine if t["kind"] == "no_attack"}  # the other side's
        if any(R.enemies(state, p, q) for p in freed for q in lead_powers):
            v += FREES_A_FRONT
        if any(R.enemies(state, p, q) for p in helped for q in lead_powers):
            v += HELPS_AGAINST_LEADER
    return v


def accept(state: dict, role: str, offer: dict) -> bool:
    """Answer an offer: never one from the leader, otherwise when it is worth something."""
    lead = leader(state, role)
    if offer["by"] == lead and lead != role:
        return False
    return worth(state, role, offer, lead) > 0.0


def truce_offer(state: dict, role: str, legal: list[dict]) -> dict | None:
    """In a three-player game, a trailing player's truce offer to the other trailing player (every
    enemy pair of their powers: no attack, 2 turns), if worth it to `role` and open now."""
    if state["players"] != 3 or not AG.enabled(state):
        return None
    open_to = {a["to"] for a in legal if a["type"] == "offer_agreement"}
    if not open_to:
        return None
    lead = leader(state, role)
    if lead == role:
        return None
    other = next((r for r in state["roles"] if r not in (role, lead)), None)
    if other is None or other not in open_to:
        return None
    if any({a["by"], a["to"]} == {role, other} for a in AG.in_force(state)):
        return None
    info = board_info(state)
    mine = [t for t in AG.term_choices(state, info, role, other) if t["kind"] == "no_attack" and t["map"] is None]
    theirs = [t for t in AG.term_choices(state, info, other, role) if t["kind"] == "no_attack" and t["map"] is None]
    if not mine or not theirs:
        return None
    offer = {"by": role, "to": other, "terms": {role: mine, other: theirs}}
    if worth(state, role, offer, lead) <= 0.0:
        return None
    return {"type": "offer_agreement", "to": other, "terms": offer["terms"], "turns": TRUCE_TURNS}
