"""Observations and determinisation: what a computer player may know, and full states consistent with it.

A computer player never receives the full state.  It receives `observe(state, role)`:

  * everything `door.view(state, role)` gives a human in that seat, plus
  * a "public" block with the bookkeeping the view leaves out because the screen does not need it
    but that is NOT secret: the game options, the board key, the alliances, the rules flow frames
    with every key (which combats were fought this phase, supply status, ...) except the keys in
    SECRET_FRAME_KEYS, the setup minimum of every general, and which of the role's own generals'
    troop strengths are publicly known (revealed in combat).

`resample(obs, role, seed)` builds a full state from such an observation by sampling every unknown
(OpenSpiel-style "resampling of the information state"):

  * other powers' troop allocations: each hidden general on the map gets 1..8 troops, stacks keep
    at most 16, and every power's total equals the public total (R6.5); revealed strengths are kept;
  * other powers' hands and the draw deck's order: the unseen cards (every card of the decks in
    play, minus the set-aside decks, the discard piles, and the role's own hand) are shuffled and
    dealt to the hidden hands (public sizes) and the draw deck (public size);
  * the rules' random-number state (future shuffles) and the undo history (which holds snapshots).

The output depends only on (obs, role, seed): `resample(observe(s, role), role, k)` is the same for
two states `s` that look alike to `role`.  `door.view(resample(observe(s, r), r, k), r) ==
door.view(s, r)` is checked by tests/players/test_resample.py at many points of random games.
"""

from __future__ import annotations

from maria.rules import cards, rng
from maria.rules import roles as R
from maria.rules.state import _plain_copy, rebuild_index

# Frame keys that would reveal a secret to another role (none in the introductory game; the
# advanced game's sealed choices, if any, go here).
SECRET_FRAME_KEYS: frozenset = frozenset({"secret", "sealed", "offers_hidden"})
# State keys that are neither secret nor in the view (and no derived caches).
PUBLIC_STATE_KEYS = ("schema", "options", "board", "alliances")


def observe(state: dict, role: str) -> dict:
    """What `role` knows: the door's view plus non-secret bookkeeping (see module docstring)."""
    from maria.rules import door
    obs = door.view(state, role)
    mine = set(R.powers_of(state, role))
    pub = {k: _plain_copy(state[k]) for k in PUBLIC_STATE_KEYS if k in state}
    pub["flow"] = [{k: _plain_copy(v) for k, v in f.items() if k not in SECRET_FRAME_KEYS}
                   for f in state["flow"]]
    pub["setup_min"] = {gid: g.get("setup_min", 1) for gid, g in state["generals"].items()}
    pub["known"] = {gid: g["known"] for gid, g in state["generals"].items()}
    pub["other_keys"] = {k: _plain_copy(v) for k, v in state.items() if k not in _HANDLED
                         and k not in PUBLIC_STATE_KEYS}
    # own generals' "known" is what the others know (public); others' known == view troops
    pub["known"] = {gid: (k if state["generals"][gid]["power"] in mine else None)
                    for gid, k in pub["known"].items()}
    obs["public"] = pub
    return obs


# Keys rebuilt by resample (hidden or derived); anything else found in a state (a future variant's
# extra public data) is carried through `other_keys`.
_HANDLED = frozenset({"schema", "variant", "players", "seed", "rng", "options", "board", "turn",
                      "stage", "phase", "roles", "alliances", "generals", "trains", "hussars",
                      "markers", "qmarks", "log", "undo", "undo_role", "result", "flow",
                      "city_generals", "city_train", "cards"})


def _all_cards(n_decks: int) -> list[str]:
    out = []
    for d in range(1, n_decks + 1):
        out += cards.deck_cards(d)
    return out


def resample(obs: dict, role: str, seed: int) -> dict:
    """A full state consistent with `obs` (from observe(state, role)); unknowns drawn from `seed`."""
    if "public" not in obs:
        raise ValueError("resample needs an observation from resample.observe(state, role)")
    pub = obs["public"]
    chooser = {"rng": rng.seed_state(int(seed) ^ 0xDE7E)}
    mine = set(obs["roles"].get(role, []))
    state: dict = {
        "schema": pub.get("schema", 1), "variant": obs["variant"], "players": obs["players"],
        "seed": 0, "rng": rng.seed_state(int(seed) * 7919 + 17),
        "options": _plain_copy(pub["options"]), "board": pub["board"],
        "turn": obs["turn"], "stage": obs["stage"], "phase": obs["phase"],
        "roles": _plain_copy(obs["roles"]), "alliances": _plain_copy(pub["alliances"]),
        "generals": {}, "trains": _plain_copy(obs["trains"]), "hussars": dict(obs["hussars"]),
        "markers": dict(obs["markers"]), "qmarks": _plain_copy(obs["qmarks"]),
        "log": list(obs["log"]), "undo": [], "undo_role": None,
        "result": _plain_copy(obs["result"]), "flow": _plain_copy(pub["flow"]),
    }
    for k, v in pub.get("other_keys", {}).items():
        state[k] = _plain_copy(v)
    # --- generals -------------------------------------------------------------------------------
    hidden: dict[str, list[str]] = {}
    for gid, g in obs["generals"].items():
        ng = {"power": g["power"], "name": g["name"], "rank": g["rank"],
              "setup_min": pub["setup_min"].get(gid, 1), "city": g["city"], "troops": 0,
              "face_up": g["face_up"], "in_play": g["in_play"], "known": None}
        if g["power"] in mine:
            ng["troops"] = g["troops"]
            ng["known"] = pub["known"].get(gid)
        elif g["troops"] is not None:
            ng["troops"] = ng["known"] = g["troops"]
        elif g["in_play"] and g["city"] is not None:
            hidden.setdefault(g["power"], []).append(gid)
        else:
            ng["troops"] = 0 if g["city"] is None else min(8, max(1, ng["setup_min"]))
        state["generals"][gid] = ng
    rebuild_index(state)
    for power in sorted(hidden):
        _sample_troops(state, obs, power, sorted(hidden[power]), chooser)
    # --- cards ------------------------------------------------------------------------------------
    state["cards"] = _sample_cards(obs, mine, chooser)
    return {k: state[k] for k in _ORDER if k in state} | {k: v for k, v in state.items() if k not in _ORDER}


_ORDER = ("schema", "variant", "players", "seed", "rng", "options", "board", "turn", "stage", "phase",
          "roles", "alliances", "generals", "trains", "hussars", "markers", "qmarks", "log", "undo",
          "undo_role", "result", "flow", "city_generals", "city_train", "cards")


def _sample_troops(state: dict, obs: dict, power: str, gids: list[str], chooser: dict) -> None:
    """Give the hidden generals of `power` troops summing to the public total (each 1..8, stacks
    at most 16); all zero while the power has not allocated yet (total 0)."""
    gens = state["generals"]
    total = obs["troop_totals"].get(power, 0)
    known = sum(g["troops"] for gid, g in gens.items()
                if g["power"] == power and g["in_play"] and g["city"] is not None and gid not in gids)
    need = total - known
    if need <= 0:
        for g in gids:
            gens[g]["troops"] = 0
        return
    for g in gids:
        gens[g]["troops"] = 1
    need -= len(gids)

    def room(g):
        stack = state["city_generals"].get(gens[g]["city"], [g])
        return min(8 - gens[g]["troops"], 16 - sum(gens[x]["troops"] for x in stack))

    # weight towards each general's set-up minimum (a plausible prior), then spread the rest
    order = list(gids)
    for _ in range(4 * len(order)):
        if need <= 0:
            break
        g = order[rng.randbelow(chooser, len(order))]
        want = min(gens[g]["setup_min"], 8) - gens[g]["troops"]
        add = min(want, room(g), need)
        if add > 0 and rng.randbelow(chooser, 2):
            gens[g]["troops"] += add
            need -= add
    guard = 0
    while need > 0 and guard < 10000:
        guard += 1
        open_ = [g for g in order if room(g) > 0]
        if not open_:
            break
        g = open_[rng.randbelow(chooser, len(open_))]
        gens[g]["troops"] += 1
        need -= 1
    if need > 0:           # inconsistent observation (cannot happen in a legal game): keep totals
        gens[order[0]]["troops"] += need


def _sample_cards(obs: dict, mine: set, chooser: dict) -> dict:
    discards = {d: list(v) for d, v in obs["discards"].items()}
    n_decks = max(len(discards), cards.DECKS)
    aside_lens = list(obs["aside_decks"])
    # the set-aside decks are whole decks in order, the last ones (R4.6, R8.6)
    aside = []
    first = n_decks - len(aside_lens) + 1
    for i, n in enumerate(aside_lens):
        deck = cards.deck_cards(first + i)
        aside.append(deck[:n] if n <= len(deck) else deck)
    hands: dict[str, list | None] = {}
    seen = set()
    for p, h in obs["hands"].items():
        if isinstance(h, list):
            hands[p] = list(h)
            seen.update(h)
        else:
            hands[p] = None
    for v in discards.values():
        seen.update(v)
    for d in aside:
        seen.update(d)
    pool = [c for c in _all_cards(n_decks) if c not in seen]
    rng.shuffle(chooser, pool)
    for p in sorted(hands):
        if hands[p] is None:
            n = obs["hands"][p]
            hands[p], pool = pool[:n], pool[n:]
    draw = pool[:obs["draw_deck"]]
    if len(draw) < obs["draw_deck"]:
        raise ValueError("observation inconsistent: not enough unseen cards for the draw deck")
    return {"draw": draw, "aside": aside, "discards": discards, "hands": hands}
