"""Winter recruitment chosen by play-outs (issue 21's "decisions that are not searched today":
winter recruitment; R13 winter, R5.1 the order of the stages, R8.1 the draw, R11.4 losses).

The rules of thumb recruit again and again until about 6 points of cards are left
(maria.players.easy).  Maria Theresa acts last in the turn (R5.1) and draws only at the start of
her own action stage (R8.1), so the cards she keeps in the winter are all she holds when the
French and Prussian stages of the next turn attack her; a side that cannot play a card of the
sector's suit loses the whole score difference in troops (R11.4).  Seen in session 29's
all-hard games (seed 211003): after recruiting 16 troops she met turn 4 with an empty hand, and
Karl (8) and Neipperg (8) were each removed by Friedrich+Leopold (16) without a card played.

A role in `SearchPlayer.winter_search_roles` compares, at its first recruitment decision of a
winter, the rules of thumb's recruitment with single recruitments of SHARES of as many troops
as they would buy (removed generals re-enter first, as the rules of thumb place them), each paid
so that the cards left are those of the suits where the role's generals stand (`kept_suit_payment`:
the sector's suit decides which cards a defender may play, R11.2), on sampled states
(maria.players.resample: only what the role knows), each played on with the rules of thumb for
every role through the enemy stages to the role's next action stage.  A challenger replaces the
rules of thumb only when its paired advantage is clearly more than the noise
(maria.players.paired).  The rest of that winter follows the choice: the rules of thumb go on
topping up, a chosen single recruitment ends the role's winter with "done".
"""

from __future__ import annotations

import random
import time

from maria.players.easy import TROOP_COST
from maria.players.paired import common_sample, confident_gain, mean
from maria.games.maria.rules import cards, door
from maria.games.maria.rules.state import board_info

# a challenger recruits this share of the troops the rules of thumb would (their first
# recruitment keeps about 6 points; they then top up one troop at a time); 0: removed generals
# re-enter, nothing more
SHARES = (1.0, 0.75, 0.5, 0.25, 0.0)
PLAYOUTS = 60             # play-outs per winter decision at most (whole samples)
MIN_PAIRED = 4            # sampled states a challenger needs beside the rules of thumb to replace them


def kept_suit_payment(hand: list[str], amount: int, suits: set) -> list[str] | None:
    """A minimal payment (R8.7: no card could be left out) of `amount` that keeps the cards of
    `suits` and the Reserves: other suits' cards first, lowest first; None if the hand cannot pay."""
    if cards.pay_value(hand) < amount:
        return None
    order = sorted(hand, key=lambda c: (cards.is_reserve(c), cards.suit_of(c) in suits, cards.value_of(c), c))
    chosen: list[str] = []
    for c in order:
        if cards.pay_value(chosen) >= amount:
            break
        chosen.append(c)
    # drop what is not needed, the cards most worth keeping first
    for c in sorted(chosen, key=lambda c: (not cards.is_reserve(c), cards.suit_of(c) not in suits,
                                           -cards.value_of(c), c)):
        if cards.pay_value(chosen) - cards.value_of(c) >= amount:
            chosen.remove(c)
    return chosen


def defended_suits(state: dict, power: str, cities) -> set:
    """The suits of the sectors where `power`'s generals on the map stand, and of `cities`."""
    info = board_info(state)
    at = {g["city"] for g in state["generals"].values()
          if g["power"] == power and g["in_play"] and g["city"] in info.playable}
    return {info.suit(c) for c in at | set(cities)}


def share_recruitment(state: dict, rec: dict, share: float, rules) -> list[dict]:
    """One recruitment of `share` of the troops the rules of thumb would buy, then "done":
    removed generals re-enter first (R13), the troops go where the rules of thumb put them
    (`rules`: easy.Rules.share_new_troops), paid by `kept_suit_payment`.  [{"type": "done"}] when
    nothing would be recruited."""
    power = rec["power"]
    hv = cards.hand_value(state, power)
    full = min(rec["max_troops"], max(0, (hv - 6) // TROOP_COST))
    n = int(round(share * full))
    if n < len(rec["sites"]):
        n = min(rec["max_troops"], len(rec["sites"]), hv // TROOP_COST)
    if n < 1:
        return [{"type": "done"}]
    assign, reenter = rules.share_new_troops(n, rec["sites"], rec["on_map"])
    total = sum(assign.values())
    pay = kept_suit_payment(state["cards"]["hands"][power], TROOP_COST * total,
                            defended_suits(state, power, reenter.values())) if total else None
    if not total or pay is None:
        return [{"type": "done"}]
    out = {k: v for k, v in rec.items() if k not in ("max_troops", "on_map", "sites")}
    out["assign"], out["reenter"], out["cards"] = assign, reenter, pay
    return [out, {"type": "done"}]


def candidates(state: dict, role: str, acts: list[dict], easy: dict, rules) -> list[list[dict]]:
    """The rules of thumb's first action (their recruitment goes on in the play-out), then one
    single recruitment per distinct troop count of SHARES."""
    rec = next((a for a in acts if a["type"] == "recruit"), None)
    if rec is None or not any(a["type"] == "done" for a in acts):
        return [[easy]]
    out, seen = [[easy]], set()
    for share in SHARES:
        seq = share_recruitment(state, rec, share, rules)
        k = sum(seq[0].get("assign", {}).values()) if seq[0]["type"] == "recruit" else 0
        if k not in seen:
            seen.add(k)
            out.append(seq)
    return out


def search_winter(player, obs: dict, role: str, cands: list[list[dict]], rng: random.Random,
                  deadline: float, limit: int = PLAYOUTS) -> int:
    """The index of the candidate to play (0, the rules of thumb, unless another is clearly better
    on the same sampled states)."""
    if len(cands) < 2:
        return 0
    vals: list[list[float]] = [[] for _ in cands]
    done = 0
    last = 0.0
    while done + len(cands) <= limit and not player.cancelled:
        if time.perf_counter() + last > deadline:
            break
        t = time.perf_counter()

        def start(st, k):
            after = door.look_ahead(st, role, cands[k][0])      # a copy: `st` serves every candidate
            for a in cands[k][1:]:
                after = door.look_ahead(after, role, a, in_place=True)
            return after, True
        got = common_sample(player, obs, role, rng, deadline, range(len(cands)), start, True)
        if got is None:
            break                       # a sample cut short by the deadline is never compared
        for k, v in got:
            vals[k].append(v)
        done += len(cands)
        last = time.perf_counter() - t
        player.progress = min(1.0, done / limit)
    player.progress = 1.0
    if len(vals[0]) < MIN_PAIRED:
        return 0
    best = max(range(1, len(cands)), key=lambda k: mean(vals[k]))
    player.last_winter_values = [mean(v) for v in vals]
    return best if confident_gain(vals[best], vals[0]) else 0
