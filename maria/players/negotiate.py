"""The computer players at the negotiating table (R21, RUL-A42): answering an offer of agreement
and making one, from the player's own view, with no search over offers.

An offer is worth what it changes in the race to an empty pool (R23.1), as this role sees it:
  * the promises not to attack: for each side's promise, what its powers would have taken from the
    spared powers in their next action stage (maria.players.next_stage.assess, read from this
    role's view only, counting only the spared powers' fortresses and generals): the markers the
    attackers keep in their pools and the spared powers' markers that stay on the map instead of
    going back to their pools (R10.16a, R15.3, R16.1); and for each further turn of the truce,
    the markers the attackers' majors place in an action stage on average (their pace,
    maria.players.leader.PACE) for the share of their enemies' fortresses the spared powers hold:
    a truce binds for all its turns, and an army that stands out of reach of its enemy's fortresses
    in the coming stage (regrouping after a conquest, back from winter) would still take them in
    the next;
  * the front it frees (three players, the leader a third role): the powers that promised may turn
    on the leader's powers instead, and take from them what the same model expects, but no more
    than the effort the promise frees (what they would have placed against the spared powers);
  * the race: each role's distance to victory is its closest major power's pool over that power's
    pace (maria.players.leader.stages_to_win); the offer is worth the change in this role's lead
    over its rivals (their soft minimum distance: each rival counts by how likely it is the one
    to finish first, exp(-distance) normalised), in markers of this role's closest power.
  * keeping out of protecting distance, out of a territory, leaving one: a fixed cost or gain;
  * a subsidy: half a point a turn; a vote: a point for the candidate whose power is this side's,
    a point against when the leader's, a little otherwise.
So Frederick, offered a truce with Austria, weighs the markers his powers would have placed in
Silesia and the Austrian markers they would have sent back to Austria's pool against what
Austria's attack would have cost him, and the blow the freed Austrian forces deal France counts
for him only as far as France is the rival likely to finish before him.
An offer from the leader is refused (it helps the leader).  In the diplomacy window of a
three-player game the two trailing players offer each other a truce (every enemy pair of their
powers: no attack, 2 turns) when it is worth it to the offering side.
"""

from __future__ import annotations

import math

from maria.games.maria.rules import roles as R
from maria.games.maria.rules.advanced import agreements as AG
from maria.games.maria.rules.state import board_info

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


def _taken(state: dict, role: str, attackers: list[str], victims: list[str]) -> tuple[dict, dict]:
    """What `attackers` are expected to take from `victims` in their next action stage, from
    `role`'s view only: ({major: markers placed}, {major: markers back to its pool})."""
    from maria.players.next_stage import assess
    from maria.players.resample import observe

    if not attackers or not victims:
        return {}, {}
    risk = assess(observe(state, role), role, enemies=attackers, victims=victims)
    return dict(risk.expected_vm), dict(risk.lost_vm)


def _pace_against(state: dict, attackers: list[str], spared: list[str]) -> dict[str, float]:
    """The markers each attacking major places in one of its action stages on average (its pace)
    against the spared powers: its pace times the spared powers' share of the fortresses its
    attacking powers may conquer (those controlled by their enemies, R10.11)."""
    from maria.games.maria.rules.state import controller
    from maria.players.leader import PACE

    info = board_info(state)
    out: dict[str, float] = {}
    for major in sorted({R.major_of(state, p) for p in attackers}):
        mine = [p for p in attackers if R.major_of(state, p) == major]
        theirs = spared_n = 0
        for c in info.playable:
            if not info.is_fortress(c):
                continue
            ctrl = controller(state, info, c)
            if ctrl is None or not any(R.enemies(state, p, ctrl) for p in mine):
                continue
            theirs += 1
            spared_n += ctrl in spared
        if theirs:
            out[major] = PACE.get(major, 1.0) * spared_n / theirs
    return out


def _pool_change(
    state: dict, role: str, promise: list[dict], lead: str, parties: tuple[str, str], turns: int = 1
) -> dict:
    """How one side's promises not to attack change the pools over the truce's `turns` (truce
    minus no truce; + is farther from victory): the next stage's conquests, then the attackers'
    pace against the spared powers for each further turn."""
    change: dict[str, float] = {}
    attackers = sorted({t["power"] for t in promise if t["kind"] == "no_attack"})
    spared = sorted({t["target"] for t in promise if t["kind"] == "no_attack"})
    placed, lost = _taken(state, role, attackers, spared)
    if attackers and turns > 1:
        placed = dict(placed)
        for m, x in _pace_against(state, attackers, spared).items():
            placed[m] = placed.get(m, 0.0) + (turns - 1) * x
    for m, x in placed.items():
        change[m] = change.get(m, 0.0) + x
    for m, x in lost.items():
        change[m] = change.get(m, 0.0) - x
    if lead in parties or not placed:
        return change
    lead_powers = [q for q in R.powers_of(state, lead) if any(R.enemies(state, p, q) for p in attackers)]
    front = [p for p in attackers if any(R.enemies(state, p, q) for q in lead_powers)]
    took, lead_lost = _taken(state, role, front, lead_powers)
    if sum(took.values()) <= 0.0:
        return change
    share = min(1.0, sum(placed.values()) / sum(took.values()))  # no more than the effort freed
    for m, x in took.items():
        change[m] = change.get(m, 0.0) - share * x
    for m, x in lead_lost.items():
        change[m] = change.get(m, 0.0) + share * x
    return change


def _race(state: dict, role: str, pools: dict[str, float]) -> tuple[float, str | None]:
    """`role`'s lead in stages over its rivals, and its closest power.  The rivals' distance is
    their soft minimum, -log(sum(exp(-distance))): about the nearest rival's, and a change in a
    rival's distance counts by exp(-distance), normalised: by how likely it is the one to finish
    first."""
    from maria.players.leader import stages_to_win

    st = stages_to_win(state, pools)
    dist = {}
    for r in state["roles"]:
        ds = [(st[p], p) for p in R.powers_of(state, r) if p in st]
        if ds:
            dist[r] = min(ds)
    if role not in dist:
        return 0.0, None
    rivals = {r: d for r, (d, _) in dist.items() if r != role}
    if not rivals:
        return 0.0, dist[role][1]
    near = min(rivals.values())
    soft = near - math.log(sum(math.exp(near - d) for d in rivals.values()))
    return soft - dist[role][0], dist[role][1]


def _truce_value(
    state: dict, role: str, other: str, mine: list[dict], theirs: list[dict], lead: str, turns: int = TRUCE_TURNS
) -> float:
    """The promises not to attack: the change in `role`'s lead in the race (module docstring)."""
    from maria.players.evaluate_advanced import effective_pools
    from maria.players.leader import PACE

    if not any(t["kind"] == "no_attack" for t in mine + theirs):
        return 0.0
    pools = effective_pools(state)
    after = dict(pools)
    for promise in (mine, theirs):
        for m, x in _pool_change(state, role, promise, lead, (role, other), turns).items():
            if m in after:
                after[m] = max(0.0, after[m] + x)
    before, me = _race(state, role, pools)
    if me is None:
        return 0.0
    now, _ = _race(state, role, after)
    return (now - before) * PACE.get(me, 1.0)


def worth(state: dict, role: str, offer: dict, lead: str) -> float:
    """What the agreement `offer` ({"by", "to", "terms": {role: [terms]}}) is worth to `role`
    (module docstring), read from `role`'s view only."""
    other = offer["to"] if offer["by"] == role else offer["by"]
    mine, theirs = offer["terms"].get(role, []), offer["terms"].get(other, [])
    v = _truce_value(state, role, other, mine, theirs, lead, int(offer.get("turns", TRUCE_TURNS)))
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
    offer = {"by": role, "to": other, "terms": {role: mine, other: theirs}, "turns": TRUCE_TURNS}
    if worth(state, role, offer, lead) <= 0.0:
        return None
    return {"type": "offer_agreement", "to": other, "terms": offer["terms"], "turns": TRUCE_TURNS}
