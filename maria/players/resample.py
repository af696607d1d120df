"""Observations and determinisation (hidden information: R6.5 troops, R8.4 hands, R4.9 allocation):
what a computer player may know, and full states consistent with it.

A computer player never receives the full state.  It receives `observe(state, role)`:

  * everything `door.view(state, role)` gives a human in that seat, plus
  * a "public" block with the bookkeeping the view leaves out because the screen does not need it
    but that is NOT secret: the game options, the board key, the alliances, the rules flow frames
    with every key (which combats were fought this phase, supply status, ...) except the keys in
    SECRET_FRAME_KEYS, the setup minimum of every general, which of the role's own generals'
    troop strengths are publicly known (revealed in combat), and in the advanced game the public
    bookkeeping of state["adv"] that the view does not show (ADV_BOOKKEEPING_KEYS).  The advanced
    game's boards come from the view only: other powers' face-down political-display TCs are card
    backs, the political deck is a count, the winter scores are counts until the game ends (R13.6).

`resample(obs, role, seed)` builds a full state from such an observation by sampling every unknown
(OpenSpiel-style "resampling of the information state"):

  * other powers' troop allocations: each hidden general on the map gets 1..8 troops, stacks keep
    at most 16, and every power's total equals the public total (R6.5); revealed strengths are kept;
  * other powers' hands and the draw deck's order: the unseen cards (every card of the decks in
    play, minus the set-aside decks, the discard piles, the role's own hand and the TCs it sees on
    the political display) are shuffled and dealt to the hidden hands (public sizes) and the draw
    deck (public size);
  * other powers' face-down TCs on the political display (R17.3, R25.3) are dealt from the same
    unseen cards, after the hands and before the draw deck;
  * the political deck: the cards not yet revealed (every political card minus the face-up ones and
    the discard, public) shuffled within each year, 1744 at the bottom, 1741 on top (R4.12);
  * the hidden winter scores (R13.6): every past score of a power is taken as its current pool (any
    value is consistent with the observation; this one is a plausible estimate);
  * the rules' random-number state (future shuffles) and the undo history (which holds snapshots).

The output depends only on (obs, role, seed): `resample(observe(s, role), role, k)` is the same for
two states `s` that look alike to `role`.  `door.view(resample(observe(s, r), r, k), r) ==
door.view(s, r)` is checked by tests/players/test_resample.py at many points of random games.
"""

from __future__ import annotations

from maria.games.maria.rules import cards
from maria.engine import rng
from maria.games.maria.rules.advanced import poldata
from maria.games.maria.rules import roles as R
from maria.engine.state import _plain_copy, rebuild_index

# Frame keys that would reveal a secret to another role (none in the introductory game; the
# advanced game's sealed choices, if any, go here).
SECRET_FRAME_KEYS: frozenset = frozenset({"secret", "sealed", "offers_hidden"})
# State keys that are neither secret nor in the view (and no derived caches).
PUBLIC_STATE_KEYS = ("schema", "options", "board", "alliances")

# state["adv"] (advanced game, maria/games/maria/rules/advanced/markers.py): where each key of a full state comes from.
# Shown by the view (maria/games/maria/rules/view.py `_adv_view`): state key -> key of view["advanced"].
ADV_VIEW_KEYS = {
    "pools": "pools",
    "battle": "battle_boxes",
    "electors3": "three_electors",
    "emperor": "emperor",
    "italy": "italy",
    "silesia_box": "silesia_box",
    "electors": "electors",
    "college": "college",
    "tracks": "tracks",
    "saxony_state": "saxony_state",
    "set_aside": "set_aside",
    "election": "election",
    "emperor_elected": "emperor_elected",
    "contracts": "contracts",
    "agreements": "agreements",
    "silesia_annexed": "silesia_annexed",
    "prussia_neutral_until": "prussia_neutral_until",
}
# Public bookkeeping the view does not show (everyone at the table saw it happen): passed as is.
ADV_BOOKKEEPING_KEYS = frozenset(
    {
        "overflow",
        "owed",
        "france_reduced",
        "q_pool",
        "last_winner",
        "expedition",
        "turn_income",
        "jacobite",
        "stages",
        "drew",
        "saxony_pending",
        "in_peace_shift",
        "cancel_asked",
        "agreement_asked",
        "agreements_made",
    }
)
# Partly secret: rebuilt from the view's filtered copy by resample (political display and deck,
# winter scores).  A key in none of the three sets is left out of the observation (safe default;
# tests/players/test_resample.py fails on any key it meets that is not classified here).
ADV_SAMPLED_KEYS = frozenset({"pol", "winter"})


def observe(state: dict, role: str) -> dict:
    """What `role` knows: the door's view plus non-secret bookkeeping (see module docstring)."""
    from maria.games.maria.rules import door

    obs = door.view(state, role)
    mine = set(R.powers_of(state, role))
    pub = {k: _plain_copy(state[k]) for k in PUBLIC_STATE_KEYS if k in state}
    pub["flow"] = [{k: _plain_copy(v) for k, v in f.items() if k not in SECRET_FRAME_KEYS} for f in state["flow"]]
    pub["setup_min"] = {gid: g.get("setup_min", 1) for gid, g in state["generals"].items()}
    pub["known"] = {gid: g["known"] for gid, g in state["generals"].items()}
    pub["other_keys"] = {
        k: _plain_copy(v) for k, v in state.items() if k not in _HANDLED and k not in PUBLIC_STATE_KEYS
    }
    if state.get("adv") is not None:
        a = state["adv"]
        pub["adv"] = {
            "keys": [k for k in a if k in ADV_VIEW_KEYS or k in ADV_BOOKKEEPING_KEYS or k in ADV_SAMPLED_KEYS],
            "bookkeeping": {k: _plain_copy(v) for k, v in a.items() if k in ADV_BOOKKEEPING_KEYS},
        }
    # own generals' "known" is what the others know (public); others' known == view troops
    pub["known"] = {gid: (k if state["generals"][gid]["power"] in mine else None) for gid, k in pub["known"].items()}
    obs["public"] = pub
    return obs


# Keys rebuilt by resample (hidden or derived); anything else found in a state (a future variant's
# extra public data) is carried through `other_keys`.
_HANDLED = frozenset(
    {
        "schema",
        "variant",
        "players",
        "seed",
        "rng",
        "options",
        "board",
        "turn",
        "stage",
        "phase",
        "roles",
        "alliances",
        "generals",
        "trains",
        "hussars",
        "markers",
        "qmarks",
        "log",
        "undo",
        "undo_role",
        "result",
        "flow",
        "city_generals",
        "city_train",
        "cards",
        "adv",
    }
)


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
        "schema": pub.get("schema", 1),
        "variant": obs["variant"],
        "players": obs["players"],
        "seed": 0,
        "rng": rng.seed_state(int(seed) * 7919 + 17),
        "options": _plain_copy(pub["options"]),
        "board": pub["board"],
        "turn": obs["turn"],
        "stage": obs["stage"],
        "phase": obs["phase"],
        "roles": _plain_copy(obs["roles"]),
        "alliances": _plain_copy(pub["alliances"]),
        "generals": {},
        "trains": _plain_copy(obs["trains"]),
        "hussars": dict(obs["hussars"]),
        "markers": dict(obs["markers"]),
        "qmarks": _plain_copy(obs["qmarks"]),
        "log": list(obs["log"]),
        "undo": [],
        "undo_role": None,
        "result": _plain_copy(obs["result"]),
        "flow": _plain_copy(pub["flow"]),
    }
    for k, v in pub.get("other_keys", {}).items():
        state[k] = _plain_copy(v)
    # --- generals -------------------------------------------------------------------------------
    hidden: dict[str, list[str]] = {}
    for gid, g in obs["generals"].items():
        ng = {
            "power": g["power"],
            "name": g["name"],
            "rank": g["rank"],
            "setup_min": pub["setup_min"].get(gid, 1),
            "city": g["city"],
            "troops": 0,
            "face_up": g["face_up"],
            "in_play": g["in_play"],
            "known": None,
        }
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
    # --- cards (hands, draw deck, face-down TCs on the political display) --------------------------
    state["cards"], display = _sample_cards(obs, mine, chooser)
    # --- the advanced game's boards ------------------------------------------------------------------
    if obs.get("advanced") is not None:
        state["adv"] = _sample_adv(obs, display, chooser)
    return {k: state[k] for k in _ORDER if k in state} | {k: v for k, v in state.items() if k not in _ORDER}


_ORDER = (
    "schema",
    "variant",
    "players",
    "seed",
    "rng",
    "options",
    "board",
    "turn",
    "stage",
    "phase",
    "roles",
    "alliances",
    "generals",
    "trains",
    "hussars",
    "markers",
    "qmarks",
    "log",
    "undo",
    "undo_role",
    "result",
    "flow",
    "city_generals",
    "city_train",
    "cards",
    "adv",
)


def _sample_troops(state: dict, obs: dict, power: str, gids: list[str], chooser: dict) -> None:
    """Give the hidden generals of `power` troops summing to the public total (each 1..8, stacks
    at most 16); all zero while the power has not allocated yet (total 0)."""
    gens = state["generals"]
    total = obs["troop_totals"].get(power, 0)
    known = sum(
        g["troops"]
        for gid, g in gens.items()
        if g["power"] == power and g["in_play"] and g["city"] is not None and gid not in gids
    )
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
    if need > 0:  # inconsistent observation (cannot happen in a legal game): keep totals
        gens[order[0]]["troops"] += need


def _sample_cards(obs: dict, mine: set, chooser: dict) -> tuple[dict, dict]:
    """The card piles, and the political display (advanced game) with every face-down TC of other
    powers dealt from the unseen cards: (cards, display)."""
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
    known = {p: list(k) for p, k in obs.get("known_cards", {}).items()}
    for p, h in obs["hands"].items():
        if isinstance(h, list):
            hands[p] = list(h)
            seen.update(h)
        else:
            hands[p] = None
            seen.update(known.get(p, ()))  # cards everybody saw go into that hand
    for v in discards.values():
        seen.update(v)
    for d in aside:
        seen.update(d)
    adv = obs.get("advanced")
    display = (
        {
            p: [{k: v for k, v in e.items() if k != "seen" or v} for e in ents]
            for p, ents in adv["political"]["display"].items()
        }
        if adv
        else {}
    )
    for ents in display.values():
        seen.update(e["card"] for e in ents if e["card"] is not None)
    pool = [c for c in _all_cards(n_decks) if c not in seen]
    rng.shuffle(chooser, pool)
    for p in sorted(hands):
        if hands[p] is None:
            k = known.get(p, [])
            n = obs["hands"][p] - len(k)
            hands[p], pool = k + pool[:n], pool[n:]
    for p in sorted(display):  # other powers' face-down TCs (R17.3, R25.3)
        for e in display[p]:
            if e["card"] is None:
                if not pool:
                    raise ValueError("observation inconsistent: not enough unseen cards for the display")
                e["card"], pool = pool[0], pool[1:]
    draw = pool[: obs["draw_deck"]]
    if len(draw) < obs["draw_deck"]:
        raise ValueError("observation inconsistent: not enough unseen cards for the draw deck")
    out = {"draw": draw, "aside": aside, "discards": discards, "hands": hands}
    if known:
        out["known"] = known
    return out, display


def _sample_adv(obs: dict, display: dict, chooser: dict) -> dict:
    """state["adv"] from the view's public boards, the public bookkeeping and sampled secrets."""
    v = obs["advanced"]
    pa = obs["public"].get("adv", {"keys": list(ADV_VIEW_KEYS) + sorted(ADV_SAMPLED_KEYS), "bookkeeping": {}})
    book = pa["bookkeeping"]
    pol = v["political"]
    # the political deck: every card not revealed yet, each year shuffled apart, 1741 on top (R4.12)
    gone = set(pol["faceup"]) | set(pol["discard"])
    by_year: dict[int, list[str]] = {}
    for c, d in sorted(poldata.cards().items()):
        if c not in gone:
            by_year.setdefault(d["year"], []).append(c)
    deck: list[str] = []
    for year in sorted(by_year, reverse=True):
        ids = by_year[year]
        rng.shuffle(chooser, ids)
        deck += ids
    if len(deck) != pol["deck"]:
        raise ValueError("observation inconsistent: the political deck does not hold the unrevealed cards")
    # winter scores: public once the game is over, else counts (R13.6) -> the current pool as estimate
    winter = {}
    for p, w in v["winter_scores"].items():
        winter[p] = list(w) if isinstance(w, list) else [v["pools"].get(p, 0)] * int(w)
    adv: dict = {}
    for k in pa["keys"]:
        if k in ADV_VIEW_KEYS:
            adv[k] = _plain_copy(v[ADV_VIEW_KEYS[k]])
        elif k in book:
            adv[k] = _plain_copy(book[k])
        elif k == "winter":
            adv[k] = winter
        elif k == "pol":
            adv[k] = {
                "deck": deck,
                "faceup": list(pol["faceup"]),
                "discard": list(pol["discard"]),
                "trump": pol["trump"],
                "display": display,
            }
    return adv
