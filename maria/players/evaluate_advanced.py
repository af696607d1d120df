"""Advanced-game terms of the heuristic evaluation (victory-point pools R15, R16, R23; political
tracks R17.6; neutral Saxony R19.4).

Units as in `maria.players.evaluate`: roughly "fraction of a victory condition".

  pools (R15.2, R23.1)   a major power wins when its pool of victory markers is empty, so each
                         power's closeness to victory is K / (pool + K) (2 at an empty pool: a win
                         at the next check); every marker out of the pool - on a conquered
                         fortress, in a battle box, in the 3-Electors / Emperor / Italy / Silesia
                         box - counts, and the last ones count most.  A role's score is its best power's closeness
                         (Frederick: Prussia or
                         the PA, + a little for the other); the role's value is its score minus the
                         rivals' (3 players: the rival closest to victory weighs most, by the
                         leader measure of maria.players.leader when a hard player set it,
                         else by the pools).
  pending               the announced political shifts not yet made (R17.6.3, the "politics"
                         frame's shifts) and a pending imperial election (R18.1, by the Electoral
                         College as it stands) are counted as if made: markers into the Italy /
                         Emperor box, expeditionary corps, Saxony's change of side.
  income icons (R17.6.4) a TC bonus / penalty under a track marker, for the turns left.
  Saxony (R19.3)        whose side Saxony is on (and how far from turning); a neutral Saxony's
                         troops and cards count for nobody (R19.4).
  track potential       a little of the icons one box away from the Italy / Russia markers.
  winter scores (R23.3) near the end: the projected sum of the four winter scores (lowest wins).

Everything reads plain state data; no rules code runs, so the terms are cheap (~50 microseconds).
The helpers (`pools_value`, `track_positions`, `role_weight`, ...) are shared with the `easy`
player's political rules of thumb (maria.players.easy_politics).
"""

from __future__ import annotations

from maria.players import leader
from maria.players.leader import LEADERS
from maria.games.maria.rules.advanced import poldata
from maria.games.maria.rules import roles as R

K = 3.0  # closeness = K / (pool + K)
SECOND_POWER = 0.2  # a role's second major power (Frederick: Prussia and the PA)
RIVAL_MAX, RIVAL_MIN = 0.6, 0.3
CARD_V = 0.014  # one Tactical Card (about 5.5 points at evaluate.CARD_POINT ~ 0.0025)
TROOP_V = 0.015  # one new troop
EXP_V = 0.06  # a general sent to an off-map box (R17.6.4)
ELECTION_P = 0.8  # how sure a pending election is, by the College as it stands
RIVAL_3P = 0.45  # 3 players: another role's gain, for the role-weighted terms

# Saxony's side (R19.3), per role: value of the state label, and of each box towards one's own side.
SAXONY_SIDE = {
    3: {
        "frederick": {"prussian_ally": 0.10, "neutral": 0.0, "austrian_ally": -0.10},
        "maria_theresa": {"prussian_ally": -0.08, "neutral": 0.0, "austrian_ally": 0.08},
        "louis_xv": {"prussian_ally": 0.02, "neutral": 0.0, "austrian_ally": -0.05},
    },
    2: {
        "coalition": {"prussian_ally": 0.10, "neutral": 0.0, "austrian_ally": -0.10},
        "maria_theresa": {"prussian_ally": -0.10, "neutral": 0.0, "austrian_ally": 0.10},
    },
}
SAXONY_SLOPE = 0.015  # per box of the Saxony track (right = towards Austria)
POTENTIAL = 0.15  # weight of the icons one box away from a track marker


EMPTY = 2.0  # an empty pool: the power wins at the next check (R23.1)


_TRACKS: list = []


def _tracks() -> dict:
    """The political display's tracks (maria/games/maria/data/political_display.yaml, loaded once)."""
    if not _TRACKS:
        _TRACKS.append(poldata.display()["tracks"])
    return _TRACKS[0]


def closeness(pool: float) -> float:
    if pool <= 0:
        return EMPTY
    return K / (pool + K)


def role_weight(state: dict, role: str, power: str) -> float:
    """How much a gain of `power` is worth to `role`: 1 its own, -1 (2 players) / -RIVAL_3P (3
    players) another role's, 0 a power nobody plays (a neutral minor after its defection still has
    a role: Maria Theresa's)."""
    r = R.role_of(state, power)
    if r is None:
        return 0.0
    if r == role:
        return 1.0
    return -1.0 if state["players"] == 2 else -RIVAL_3P


def majors_in_game(state: dict) -> list[str]:
    return [p for p in R.MAJOR if R.role_of(state, p)]


# --- pools --------------------------------------------------------------------------------------


def effective_pools(state: dict, pending: bool = True) -> dict[str, float]:
    """Each major power's pool, with set-aside markers counted as likely to come back and the
    pending political shifts / election counted as made."""
    a = state["adv"]
    pools = {p: float(a["pools"][p]) for p in majors_in_game(state)}
    aside = a.get("set_aside", {})
    if "prussia" in pools:
        pools["prussia"] += 0.5 * aside.get("prussia", 0)
    if "france" in pools:
        pools["france"] += 0.3 * aside.get("france", 0)
    if pending:
        for p, d in pending_markers(state).items():
            if p in pools:
                pools[p] -= d
    return pools


def pending_markers(state: dict, shifts: dict | None = None) -> dict[str, float]:
    """Markers about to leave (+) or return to (-) a pool: the Italy box after the pending shifts
    (R16.6) and the Emperor box after a pending election (R18.6)."""
    out: dict[str, float] = {}
    pos = track_positions(state, shifts)
    a = state["adv"]
    cur = a["tracks"]["italy"]
    new = pos["italy"]
    if new != cur:
        disp = _tracks()["italy"]
        b = disp["boxes"][new]
        if new == disp["star"]:
            for p in a["italy"]:
                out[p] = out.get(p, 0.0) - 1.0
        elif b.get("icon") == "vp" and b["power"] not in a["italy"] and R.role_of(state, b["power"]):
            out[b["power"]] = out.get(b["power"], 0.0) + 1.0
    if a.get("election") == "pending" and a.get("emperor") is None:
        win = likely_emperor(state)
        if win:
            out[win] = out.get(win, 0.0) + ELECTION_P
    return out


def likely_emperor(state: dict) -> str | None:
    """The power that puts a marker into the Emperor box if the College votes as its controllers'
    sides suggest (R18.4-R18.5): Austria (Francis) or France (Charles)."""
    a = state["adv"]
    fr = ch = 0
    for c, p in a.get("college", {}).items():
        if p is None:
            continue
        if p in ("austria", "pragmatic_army") or R.allied(state, p, "austria") or R.role_of(state, p) is None:
            fr += 1
        elif p == "saxony" and _saxony_neutral(state) and state["options"].get("neutral_saxony_votes_francis", True):
            fr += 1
        else:
            ch += 1
    power = "austria" if fr >= ch else "france"
    return power if R.role_of(state, power) else None


def _saxony_neutral(state) -> bool:
    return saxony_label(state, state["adv"]["tracks"]["saxony"]) == "neutral"


def role_scores(state: dict, pools: dict[str, float], paced: bool = False) -> dict[str, float]:
    """Each role's closeness to victory: its best power's, plus a little for its second.  `paced`
    (the leader measure's view, maria.players.leader): each pool counted in the markers France
    would take in as many of its own action stages, so that a small pool that fills slowly (Austria's
    3) is not read as a lead."""
    out = {}
    scale = (
        {p: leader.PACE["france"] / leader.PACE.get(p, leader.PACE["france"]) for p in pools}
        if paced
        else dict.fromkeys(pools, 1.0)
    )
    for role, powers in state["roles"].items():
        cs = sorted((closeness(pools[p] * scale[p]) for p in powers if p in pools), reverse=True)
        if not cs:
            out[role] = 0.0
            continue
        out[role] = cs[0] + SECOND_POWER * sum(cs[1:])
    return out


def pools_value(state: dict, role: str, pools: dict[str, float]) -> float:
    """The pool term of `role` for the given pools."""
    leaders = LEADERS.get() if state["players"] == 3 else ()
    sc = role_scores(state, pools, paced=bool(leaders))
    mine = sc.get(role, 0.0)
    others = sorted((v for r, v in sc.items() if r != role), reverse=True)
    if not others:
        return mine
    if state["players"] == 2:
        return mine - others[0]
    order = [r for r in leaders if r != role and r in sc]
    if len(order) == len(sc) - 1:
        # the rival closest to victory by the leader measure (maria.players.leader) weighs most,
        # whatever his pool: a pool of 3 markers is not a lead when they are hard to place
        return mine - RIVAL_MAX * sc[order[0]] - RIVAL_MIN * sum(sc[r] for r in order[1:])
    return mine - RIVAL_MAX * others[0] - RIVAL_MIN * sum(others[1:])


# --- the political tracks -----------------------------------------------------------------------


def pending_shifts(state: dict) -> dict:
    """The shifts announced in this political stage and not made yet (R17.6.3)."""
    for f in reversed(state["flow"]):
        if f.get("name") == "politics":
            if f.get("step") == "select":
                return f.get("shifts") or {}
            return {}
    return {}


def track_positions(state: dict, shifts: dict | None = None) -> dict[str, int]:
    """The boxes the markers will stand in once the pending shifts (plus `shifts`) are made (R17.6.3:
    net sums; RUL-A12: clamped at the ends)."""
    a = state["adv"]
    tracks = _tracks()
    pend = pending_shifts(state)
    out = {}
    for t, i in a["tracks"].items():
        d = pend.get(t, 0) + (shifts or {}).get(t, 0)
        n = len(tracks[t]["boxes"])
        out[t] = max(0, min(n - 1, i + d))
    return out


def saxony_label(state: dict, i: int) -> str:
    return _tracks()["saxony"]["boxes"][i]["state"]


def turns_left(state: dict) -> float:
    return max(0.5, state["options"].get("last_turn", 12) - state["turn"] + 0.5)


def income_terms(state: dict, role: str, pos: dict[str, int]) -> float:
    """TC bonus / penalty icons under the Italy and Russia markers (R17.6.4), the Jacobite Rising."""
    tracks = _tracks()
    left = min(turns_left(state), 6.0)
    v = 0.0
    for t in ("italy", "russia"):
        b = tracks[t]["boxes"][pos[t]]
        icon = b.get("icon")
        if icon in ("tc_minus", "tc_plus"):
            v += (1 if icon == "tc_plus" else -1) * CARD_V * left * role_weight(state, role, b["power"])
    if state["adv"].get("jacobite"):
        v -= CARD_V * left * role_weight(state, role, "pragmatic_army")
    return v


def _general_value(g) -> float:
    return 0.03 + 0.012 * g["troops"]


def _sent_value(state: dict, power: str) -> float:
    """What an expeditionary corps costs `power`: its weakest general on the map (R17.6.4)."""
    gs = [
        g
        for g in state["generals"].values()
        if g["power"] == power and g["in_play"] and g["city"] is not None and not g["city"].startswith("box:")
    ]
    if not gs:
        return EXP_V
    return _general_value(min(gs, key=lambda g: g["troops"]))


def expedition_delta(state: dict, role: str, pos: dict[str, int]) -> float:
    """A pending shift into a box with an expedition icon sends a general away; out of one brings
    him back (R17.6.4, R17.6.7)."""
    a = state["adv"]
    tracks = _tracks()
    v = 0.0
    for t in ("italy", "russia"):
        if pos[t] == a["tracks"][t]:
            continue
        new = tracks[t]["boxes"][pos[t]]
        held = a.get("expedition", {}).get(t, {})
        if new.get("icon") == "expedition" and new["power"] not in held:
            v -= _sent_value(state, new["power"]) * role_weight(state, role, new["power"])
        for p, gid in held.items():
            if not (new.get("icon") == "expedition" and new.get("power") == p):
                g = state["generals"].get(gid)
                v += (_general_value(g) if g else EXP_V) * role_weight(state, role, p)
    return v


def box_static(state: dict, role: str, track: str, i: int) -> float:
    """What the icon of one box means to `role` if the marker stood there."""
    b = _tracks()[track]["boxes"][i]
    icon = b.get("icon")
    if icon is None:
        return 0.0
    w = role_weight(state, role, b["power"])
    if icon in ("tc_minus", "tc_plus"):
        return (1 if icon == "tc_plus" else -1) * CARD_V * min(turns_left(state), 6.0) * w
    if icon == "expedition":
        return -EXP_V * w
    if icon == "vp":
        return 0.1 * w
    return 0.0


def track_potential(state: dict, role: str, pos: dict[str, int]) -> float:
    """A little of the icons next to each marker (one shift away): risks and chances."""
    tracks = _tracks()
    v = 0.0
    for t in ("italy", "russia"):
        n = len(tracks[t]["boxes"])
        nb = [j for j in (pos[t] - 1, pos[t] + 1) if 0 <= j < n]
        v += POTENTIAL * sum(box_static(state, role, t, j) for j in nb) / len(nb)
    return v


def saxony_value(state: dict, role: str, i: int) -> float:
    side = SAXONY_SIDE.get(state["players"], {}).get(role, {})
    v = side.get(saxony_label(state, i), 0.0)
    if role in ("frederick", "coalition"):
        v -= SAXONY_SLOPE * i
    elif role == "maria_theresa":
        v += SAXONY_SLOPE * i
    return v


def political_value(state: dict, role: str, shifts: dict | None = None) -> float:
    """The terms that depend on the track markers (pending shifts plus `shifts` counted as made):
    pools with the pending Italy / Emperor markers, income icons, expeditions, Saxony's side."""
    pos = track_positions(state, shifts)
    pools = effective_pools(state, pending=False)
    for p, d in pending_markers(state, shifts).items():
        if p in pools:
            pools[p] -= d
    v = pools_value(state, role, pools)
    v += income_terms(state, role, pos)
    v += expedition_delta(state, role, pos)
    v += track_potential(state, role, pos)
    v += saxony_value(state, role, pos["saxony"])
    return v


# --- winter scores (R23.3) -------------------------------------------------------------------------


def winter_term(state: dict, role: str, pools: dict[str, float]) -> float:
    turn = state["turn"]
    if turn < 7:
        return 0.0
    last = state["options"].get("last_turn", 12)
    left = sum(1 for w in range(3, last + 1, 3) if w >= turn)
    a = state["adv"]
    tot = {}

    def past(p):  # the pools at past winters (public when they were scored)
        w = a.get("winter", {}).get(p)
        return sum(w) if isinstance(w, list) else 0

    for r, powers in state["roles"].items():
        ts = [past(p) + pools[p] * left for p in powers if p in pools]
        if ts:
            tot[r] = min(ts)
    if role not in tot or len(tot) < 2:
        return 0.0
    best_other = min(v for r, v in tot.items() if r != role)
    d = max(-1.0, min(1.0, (best_other - tot[role]) / 10.0))
    return 0.3 * d * (turn / last)


# --- neutral Saxony (R19.4) ------------------------------------------------------------------------


def neutral_saxony_correction(state: dict, role: str, mine: set) -> float:
    """A neutral Saxony's troops and cards can do nothing outside Saxony (R19.4.1-2): cancel what
    the general evaluation counts for them (as an enemy's, or as Maria Theresa's own)."""
    if saxony_label(state, state["adv"]["tracks"]["saxony"]) != "neutral":
        return 0.0
    from maria.players.units import CARD_POINT, TROOP
    from maria.games.maria.rules import cards

    if "saxony" in mine:
        sign, hand_w = 1.0, 1.0
    elif mine and all(R.enemies(state, "saxony", m) for m in mine):
        sign, hand_w = -1.0, 0.7
    else:
        return 0.0
    troops = sum(
        g["troops"]
        for g in state["generals"].values()
        if g["power"] == "saxony" and g["in_play"] and g["city"] is not None
    )
    hand = cards.pay_value(state["cards"]["hands"].get("saxony", []))
    return -sign * (TROOP * troops + hand_w * CARD_POINT * hand)


# --- the evaluation term ----------------------------------------------------------------------------


def advanced_value(state: dict, info, role: str, mine: set) -> float:
    """Extra value of an advanced-game state for `role` (same units as `evaluate`)."""
    a = state.get("adv")
    if a is None or role not in state["roles"]:
        return 0.0
    try:
        v = political_value(state, role)
        v += winter_term(state, role, effective_pools(state, pending=False))
        v += neutral_saxony_correction(state, role, mine)
    except (KeyError, IndexError, TypeError):  # a hand-made or partial state: no advanced terms
        return 0.0
    return v
