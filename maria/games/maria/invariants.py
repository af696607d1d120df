"""Consistency checks on a game state: `check_state(state) -> list[str]` (empty = consistent).

Used after loading a save (a corrupt or edited file must never reach the rules) and by the
self-play fuzzer after every action.  Each problem is one sentence naming the field and what is
wrong with it.  The check is strict on the fields it knows and tolerant of fields it does not
know (the state layout grows as the rules are completed).

How the engine represents pieces (maria/games/maria/rules/setup.py, combat.py, winter.py):
  * a general in play on the map: in_play True, city = a playable city, troops 1..8
    (0 only while the troops of his power are still to be allocated, R4.9);
  * a general removed from the board (R6.7, may re-enter in winter, R13.3): in_play True,
    city None, troops 0;
  * a general out of this game (another map in the introductory game, a box, an absent power):
    in_play False, city = his set-up place, troops 0..8 (the allocation covers his whole sheet).
  * a supply train: city None when eliminated; trains out of the game keep their set-up place.

Pure Python, no pygame.
"""

from __future__ import annotations

from typing import Any

from maria.games.maria.rules import cards as C
from maria.games.maria.rules import door as _door  # noqa: F401  (registers every flow handler)
from maria.games.maria.rules import flow
from maria.games.maria.rules import roles as R

KNOWN_VARIANTS = ("intro", "advanced")
MAX_TURN = 12
U64 = (1 << 64) - 1
_ALL_CARDS = frozenset(c for d in range(1, C.DECKS + 1) for c in C.deck_cards(d))
# Top-level fields every state has, and their types (bool is excluded from int by _is_int).
TOP_FIELDS = {
    "schema": int,
    "variant": str,
    "players": int,
    "seed": int,
    "rng": int,
    "options": dict,
    "board": str,
    "turn": int,
    "roles": dict,
    "alliances": dict,
    "generals": dict,
    "trains": dict,
    "hussars": dict,
    "markers": dict,
    "qmarks": dict,
    "cards": dict,
    "log": list,
    "undo": list,
    "flow": list,
    "city_generals": dict,
    "city_train": dict,
}
GENERAL_FIELDS = {
    "power": str,
    "name": str,
    "rank": int,
    "setup_min": int,
    "troops": int,
    "face_up": bool,
    "in_play": bool,
}
TRAIN_FIELDS = {"power": str, "in_play": bool}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _type_ok(v: Any, t: Any) -> bool:
    if t is int:
        return _is_int(v)
    return isinstance(v, t)


def _tname(t: Any) -> str:
    return {int: "a whole number", str: "a text", dict: "a mapping", list: "a list", bool: "true or false"}.get(
        t, t.__name__
    )


def _info(state: dict, problems: list[str]) -> Any:
    from maria.games.maria.rules.state import board_info

    try:
        return board_info(state)
    except Exception as exc:  # unknown key, unreadable board files
        problems.append(f"board: the board {state.get('board')!r} is not known to this program ({exc})")
        return None


def check_state(state: dict, *, undo_snapshots: bool = True, play_rules: bool = True) -> list[str]:
    """Every inconsistency found in `state` (an empty list means the state is consistent).

    The undo snapshots inside the state are checked too unless `undo_snapshots` is False (the
    fuzzer, which already checked each of those states when it was current, skips them).
    `play_rules=False` leaves out the checks of how play left the pieces that do not make a state
    unusable (today: a hussar sharing a city with a piece, R7.1/R7.3) — the save loader uses it so
    that a position the rules produced always loads, while the fuzzer reports it."""
    problems: list[str] = []
    _check(state, problems, snapshot=False, deep_undo=undo_snapshots, play_rules=play_rules)
    return problems


def _check(state: dict, problems: list[str], snapshot: bool, deep_undo: bool = True, play_rules: bool = True) -> None:
    if not isinstance(state, dict):
        problems.append("state: the game state is not a mapping")
        return
    bad_top = False
    for key, t in TOP_FIELDS.items():
        if snapshot and key in ("log", "undo"):
            continue
        if key not in state:
            problems.append(f"{key}: missing from the game state")
            bad_top = True
        elif not _type_ok(state[key], t):
            problems.append(f"{key}: should be {_tname(t)}, not {type(state[key]).__name__}")
            bad_top = True
    for key in ("stage", "phase", "undo_role", "result"):
        if key not in state:
            problems.append(f"{key}: missing from the game state")
            bad_top = True
    if bad_top:
        return
    from maria.games.maria.rules.state import SCHEMA

    if state["schema"] != SCHEMA:
        problems.append(
            f"schema: the game state has layout version {state['schema']}; this program reads version {SCHEMA}"
        )
        return
    if state["variant"] not in KNOWN_VARIANTS:
        problems.append(f"variant: unknown variant {state['variant']!r}")
        return
    if state["players"] not in (2, 3):
        problems.append(f"players: MARIA is for 2 or 3 players, not {state['players']}")
        return
    if not 0 < state["rng"] <= U64:
        problems.append("rng: the random-number state must be a 64-bit number other than 0")
    for key in ("stage", "phase"):
        if state[key] is not None and not isinstance(state[key], str):
            problems.append(f"{key}: should be a text or empty")
    info = _info(state, problems)
    if info is None:
        return
    board = info.board

    # --- options, turn --------------------------------------------------------------------
    last = state["options"].get("last_turn")
    if not _is_int(last) or not 1 <= last <= MAX_TURN:
        problems.append(f"options.last_turn: should be a turn from 1 to {MAX_TURN}, not {last!r}")
        last = MAX_TURN
    over = state["result"] is not None
    top_turn = last + 1 if over else last
    if not 1 <= state["turn"] <= top_turn:
        problems.append(
            f"turn: {state['turn']} is outside the game (turns 1 to {last}"
            + (", or one past the last when the game is over)" if over else ")")
        )

    # --- roles and alliances ---------------------------------------------------------------
    powers_known = set(board.armies)
    expected_roles = set(R.ROLE_TABLES[state["players"]])
    roles = state["roles"]
    if set(roles) != expected_roles:
        problems.append(
            f"roles: a {state['players']}-player game has the roles "
            f"{', '.join(sorted(expected_roles))}, not {', '.join(sorted(map(str, roles)))}"
        )
    in_game: set[str] = set()
    for role, ps in roles.items():
        if not isinstance(ps, list) or not all(isinstance(p, str) for p in ps):
            problems.append(f"roles.{role}: should be a list of powers")
            continue
        for p in ps:
            if p not in powers_known:
                problems.append(f"roles.{role}: unknown power {p!r}")
            elif p in in_game:
                problems.append(f"roles: {p} is played by two roles")
            in_game.add(p)
    al = state["alliances"]
    for key in ("blocs", "cooperating"):
        groups = al.get(key)
        if not isinstance(groups, list) or not all(isinstance(g, list) for g in groups):
            problems.append(f"alliances.{key}: should be a list of lists of powers")
            continue
        for g in groups:
            for p in g:
                if p not in powers_known:
                    problems.append(f"alliances.{key}: unknown power {p!r}")
    if state["undo_role"] is not None and state["undo_role"] not in roles:
        problems.append(f"undo_role: unknown role {state['undo_role']!r}")
    res = state["result"]
    if res is not None:
        if (
            not isinstance(res, dict)
            or not isinstance(res.get("reason"), str)
            or "winner" not in res
            or not (res["winner"] is None or res["winner"] in roles)
        ):
            problems.append("result: should name the winning role (or none) and the reason")

    _check_flow(state, problems)
    if not any(p.startswith("alliances") for p in problems):
        _check_pieces(state, info, problems, in_game, play_rules)
    _check_cards(state, problems, in_game)
    _check_places(state, info, problems)
    _check_commanders(state, problems)
    if not snapshot:
        _check_log_and_undo(state, problems, deep_undo, play_rules)


def _check_flow(state: dict, problems: list[str]) -> None:
    fl = state["flow"]
    if not fl:
        problems.append("flow: the flow of play is empty")
        return
    for i, f in enumerate(fl):
        if not isinstance(f, dict) or not isinstance(f.get("name"), str):
            problems.append(f"flow[{i}]: should be a named state of play")
        elif f["name"] not in flow.HANDLERS:
            problems.append(f"flow[{i}]: unknown state of play {f['name']!r}")
        elif f["name"] == "relocate":  # R17.6.7 / R19.1.2 / R19.3.3-4 (RUL-A15/A18/A30/A36)
            pieces = f.get("pieces")
            if f.get("cause") not in ("peace", "neutral", "offmap", "saxony_ally"):
                problems.append(f"flow[{i}].cause: unknown relocation cause {f.get('cause')!r}")
            if not isinstance(pieces, list) or any(
                p not in state["generals"] and p not in state["trains"] for p in pieces
            ):
                problems.append(f"flow[{i}].pieces: should list the pieces still to relocate")
            if f.get("cause") == "offmap" and f.get("general") not in state["generals"]:
                problems.append(f"flow[{i}].general: unknown general {f.get('general')!r}")
        elif f["name"] == "pay" and (f.get("effect") or {}).get("name") not in flow.EFFECTS:
            problems.append(f"flow[{i}].effect: unknown payment effect {(f.get('effect') or {}).get('name')!r}")
    if isinstance(fl[0], dict) and fl[0].get("name") != "game":
        problems.append("flow[0]: the flow of play must start with 'game'")
    if state["result"] is not None and len(fl) != 1:
        problems.append("flow: the game is over but a state of play is still open")


def _allocating(state: dict) -> set[str]:
    for f in state["flow"]:
        if isinstance(f, dict) and f.get("name") == "allocation":
            pend = f.get("pending")
            return set(pend) if isinstance(pend, list) else set()
    return set()


def _place_ok(board: Any, place: Any) -> bool:
    if place in board.cities:
        return True
    return isinstance(place, str) and place.startswith("box:") and place[4:] in board.boxes


def _check_pieces(state: dict, info: Any, problems: list[str], in_game: set[str], play_rules: bool = True) -> None:
    board = info.board
    sheets = board.armies
    allocating = _allocating(state)
    # generals -------------------------------------------------------------------------------
    known_gens = {g.id: (p, g) for p, s in sheets.items() for g in s.generals}
    gens = state["generals"]
    for gid in sorted(set(known_gens) - set(gens)):
        problems.append(f"generals: {gid} is missing")
    at: dict[str, list[str]] = {}
    for gid, g in gens.items():
        if gid not in known_gens:
            problems.append(f"generals: unknown general {gid!r}")
            continue
        if not isinstance(g, dict):
            problems.append(f"generals.{gid}: should be a mapping")
            continue
        bad = False
        for key, t in GENERAL_FIELDS.items():
            if not _type_ok(g.get(key), t):
                problems.append(f"generals.{gid}.{key}: should be {_tname(t)}, not {g.get(key)!r}")
                bad = True
        for key in ("city", "known"):
            if key not in g:
                problems.append(f"generals.{gid}.{key}: missing")
                bad = True
        if bad:
            continue
        power, sheet_g = known_gens[gid]
        if g["power"] != power:
            problems.append(f"generals.{gid}.power: {gid} is a general of {power}, not {g['power']}")
        if g["rank"] != sheet_g.rank:
            problems.append(f"generals.{gid}.rank: should be {sheet_g.rank}, not {g['rank']}")
        city, n = g["city"], g["troops"]
        if city is not None and not _place_ok(board, city):
            problems.append(f"generals.{gid}.city: unknown city {city!r}")
            continue
        if g["known"] is not None and (not _is_int(g["known"]) or not 0 <= g["known"] <= 8):
            problems.append(f"generals.{gid}.known: should be empty or 0 to 8 troops, not {g['known']!r}")
        if n < 0:
            problems.append(f"generals.{gid}.troops: {n} troops (a general cannot have fewer than 0)")
            continue
        if n > 8:
            problems.append(f"generals.{gid}.troops: {n} troops (a general has at most 8)")
        if g["in_play"]:
            if power not in in_game:
                problems.append(f"generals.{gid}: in play, but {power} is not in this game")
            if city is None:
                if n != 0:
                    problems.append(f"generals.{gid}.troops: a general removed from the board has 0 troops, not {n}")
                continue
            if city not in info.playable:
                problems.append(f"generals.{gid}.city: {city} is not on the map in play")
                continue
            if n == 0 and power not in allocating:
                problems.append(f"generals.{gid}.troops: a general on the map has 1 to 8 troops, not 0")
            at.setdefault(city, []).append(gid)
    # pieces waiting in a "relocate" frame (R19.1.2 step 4, R19.3.3: the owner picks their city) may
    # still stand where the change of alliance caught them
    moving = {
        p
        for fr in state.get("flow") or []
        if isinstance(fr, dict) and fr.get("name") == "relocate"
        for p in fr.get("pieces") or []
    }
    for city, ids in at.items():
        if len(ids) > 2:
            problems.append(f"{city}: {len(ids)} generals in one city (a stack has at most 2)")
        elif len(ids) == 2:
            a, b = (gens[x]["power"] for x in ids)
            if not R.cooperating(state, a, b) and not moving.intersection(ids):
                problems.append(f"{city}: {ids[0]} ({a}) and {ids[1]} ({b}) share a city but do not co-operate")
        total = sum(gens[x]["troops"] for x in ids)
        if total > 16:
            problems.append(f"{city}: {total} troops in one stack (at most 16)")
    # trains ---------------------------------------------------------------------------------
    known_trains = {f"{p}_t{i + 1}": p for p, places in board.setup.trains.items() for i in range(len(places))}
    trains = state["trains"]
    for tid in sorted(set(known_trains) - set(trains)):
        problems.append(f"trains: {tid} is missing")
    train_at: dict[str, str] = {}
    for tid, t in trains.items():
        if tid not in known_trains:
            problems.append(f"trains: unknown supply train {tid!r}")
            continue
        if (
            not isinstance(t, dict)
            or not all(_type_ok(t.get(k), ty) for k, ty in TRAIN_FIELDS.items())
            or "city" not in t
        ):
            problems.append(f"trains.{tid}: should have a power, a city (or none) and in_play")
            continue
        if t["power"] != known_trains[tid]:
            problems.append(f"trains.{tid}.power: should be {known_trains[tid]}, not {t['power']}")
        city = t["city"]
        if city is not None and not _place_ok(board, city):
            problems.append(f"trains.{tid}.city: unknown city {city!r}")
            continue
        if t["in_play"] and city is not None:
            if city not in info.playable:
                problems.append(f"trains.{tid}.city: {city} is not on the map in play")
            elif city in at:
                problems.append(f"{city}: the supply train {tid} shares the city with {', '.join(at[city])}")
            elif city in train_at:
                problems.append(f"{city}: two supply trains ({train_at[city]}, {tid}) in one city")
            else:
                train_at[city] = tid
    # hussars --------------------------------------------------------------------------------
    known_h = {f"hussar{i + 1}" for s in sheets.values() for i in range(s.hussars)}
    seen_h: dict[str, str] = {}
    for h, city in state["hussars"].items():
        if h not in known_h:
            problems.append(f"hussars: unknown hussar {h!r}")
        elif city is not None:
            if city not in info.playable:
                problems.append(f"hussars.{h}: {city!r} is not a city on the map in play")
            elif city in seen_h:
                problems.append(f"{city}: two hussars in one city")
            elif play_rules and (city in at or city in train_at):
                problems.append(f"{city}: a hussar shares the city with a piece")
            seen_h[city] = h
    for h in sorted(known_h - set(state["hussars"])):
        problems.append(f"hussars: {h} is missing")
    # the city index kept for speed must agree with the pieces --------------------------------
    from maria.games.maria.rules.state import rebuild_index

    probe = {"generals": gens, "trains": trains}
    try:
        rebuild_index(probe)
    except Exception:  # bad pieces, already reported above
        return
    if probe["city_generals"] != state["city_generals"] or probe["city_train"] != state["city_train"]:
        problems.append("city_generals/city_train: the city index does not match the pieces")


def _check_commanders(state: dict, problems: list[str]) -> None:
    """R6.2: each recorded choice names two generals of the same rank and one of them."""
    ch = state.get("commanders", {})
    if not isinstance(ch, dict):
        problems.append("commanders: should be a mapping")
        return
    gens = state["generals"]
    for key, gid in ch.items():
        pair = key.split("|") if isinstance(key, str) else []
        if len(pair) != 2 or any(g not in gens for g in pair) or gid not in pair:
            problems.append(f"commanders.{key}: should map two generals' ids to one of them")
        elif gens[pair[0]]["rank"] != gens[pair[1]]["rank"]:
            problems.append(f"commanders.{key}: a commander is chosen only between equal ranks (R6.2)")


def _check_places(state: dict, info: Any, problems: list[str]) -> None:
    board = info.board
    powers = set(board.armies)
    for city, p in state["markers"].items():
        if city not in board.cities:
            problems.append(f"markers: unknown city {city!r}")
        elif not info.is_fortress(city):
            problems.append(f"markers.{city}: a victory marker can only lie on a fortress")
        if p not in powers:
            problems.append(f"markers.{city}: unknown power {p!r}")
    for city, p in state["qmarks"].items():
        if city not in info.playable:
            problems.append(f"qmarks: {city!r} is not a city on the map in play")
        if p not in powers:
            problems.append(f"qmarks.{city}: unknown power {p!r}")


def _check_cards(state: dict, problems: list[str], in_game: set[str]) -> None:
    c = state["cards"]
    fields = {"draw": list, "aside": list, "discards": dict, "hands": dict}
    for key, t in fields.items():
        if not isinstance(c.get(key), t):
            problems.append(f"cards.{key}: should be {_tname(t)}")
            return
    piles: list[tuple[str, object]] = [("the draw deck", c["draw"])]
    for i, d in enumerate(c["aside"]):
        piles.append((f"set-aside deck {i + 1}", d))
    decks = {str(d) for d in range(1, C.DECKS + 1)}
    if set(c["discards"]) != decks:
        problems.append(f"cards.discards: should have one pile per deck {', '.join(sorted(decks))}")
    for d, pile in c["discards"].items():
        piles.append((f"discard pile {d}", pile))
        if isinstance(pile, list) and any(isinstance(x, str) and C.deck_of(x) != str(d) for x in pile):
            problems.append(f"cards.discards.{d}: holds a card of another deck")
    for p, hand in c["hands"].items():
        if p not in in_game:
            problems.append(f"cards.hands: {p!r} is not a power in this game")
        piles.append((f"{p}'s hand", hand))
    known = c.get("known", {})
    if not isinstance(known, dict):
        problems.append("cards.known: should be a mapping of power to cards")
    else:
        for p, ks in known.items():
            hand = c["hands"].get(p)
            if not isinstance(ks, list) or not isinstance(hand, list) or any(k not in hand for k in ks):
                problems.append(f"cards.known.{p}: every card known to be in {p}'s hand must be in it")
    adv = state.get("adv")
    if isinstance(adv, dict):  # advanced: the political display
        for p, ents in adv.get("pol", {}).get("display", {}).items():
            piles.append(
                (
                    f"{p}'s space on the political display",
                    [e.get("card") for e in ents] if isinstance(ents, list) else ents,
                )
            )
        _check_adv(state, adv, problems)
    where: dict[str, str] = {}
    for name, pile in piles:
        if not isinstance(pile, list):
            problems.append(f"cards: {name} should be a list of cards")
            continue
        for card in pile:
            if not isinstance(card, str) or card not in _ALL_CARDS:
                problems.append(f"cards: {name} holds an unknown card {card!r}")
            elif card in where:
                problems.append(f"cards: {card} is both in {where[card]} and in {name}")
            else:
                where[card] = name
    missing = len(_ALL_CARDS) - len(where)
    if missing > 0:
        gone = sorted(_ALL_CARDS - set(where))
        problems.append(
            f"cards: {missing} card(s) are nowhere (e.g. {', '.join(gone[:5])}); "
            f"every one of the {len(_ALL_CARDS)} cards must be somewhere"
        )


def _check_log_and_undo(state: dict, problems: list[str], deep_undo: bool, play_rules: bool) -> None:
    for i, e in enumerate(state["log"]):
        if not isinstance(e, dict) or not isinstance(e.get("text"), str):
            problems.append(f"log[{i}]: should be an entry with a text")
            break
    undo = state["undo"]
    if undo and state["undo_role"] is None:
        problems.append("undo: there are undo steps but no role they belong to")
    for i, snap in enumerate(undo):
        if not isinstance(snap, dict):
            problems.append(f"undo[{i}]: should be a game state")
            continue
        n = snap.get("log_len")
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= len(state["log"]):
            problems.append(f"undo[{i}].log_len: should be a position in the log")
        if not deep_undo:
            continue
        sub: list[str] = []
        _check(snap, sub, snapshot=True, play_rules=play_rules)
        problems += [f"undo[{i}]: {p}" for p in sub]


def _check_adv(state: dict, adv: Any, problems: list[str]) -> None:
    """Advanced game: victory-marker conservation per pool (R4.5, R15.3), tracks in range."""
    from maria.games.maria.rules.advanced import markers as A
    from maria.games.maria.rules.advanced import poldata

    for key in ("pools", "battle", "tracks", "pol", "electors", "winter", "set_aside", "q_pool"):
        if key not in adv:
            problems.append(f"adv.{key}: missing")
            return
    for p, size in A.POOL_SIZES.items():
        if not _is_int(adv["pools"].get(p)) or adv["pools"][p] < 0:
            problems.append(f"adv.pools.{p}: should be a whole number >= 0")
            continue
        if not 0 <= adv["battle"].get(p, -1) <= A.BATTLE_BOXES:
            problems.append(f"adv.battle.{p}: between 0 and {A.BATTLE_BOXES}")
        if A.pool_total(state, p) != size:
            problems.append(
                f"adv: {A.pool_total(state, p)} victory markers of {p} are accounted for, "
                f"not {size} (pool + map + '?' + boxes + set aside)"
            )
    _check_political_cards(state, adv["pol"], problems)
    for t, i in adv["tracks"].items():
        n = len(poldata.display()["tracks"].get(t, {}).get("boxes", []))
        if not _is_int(i) or not 0 <= i < n:
            problems.append(f"adv.tracks.{t}: box {i!r} is not on the track (0..{n - 1})")
    for c, p in state["markers"].items():
        if c in A.RHINE:
            problems.append(f"markers: {c} is a Rhine electorate: it carries an elector marker, never a VM")


def _check_political_cards(state: dict, pol: Any, problems: list[str]) -> None:
    """Every political card is in exactly one place: the deck, the face-up row or the discard.
    A selected card goes to the discard when it is executed while the row is still face up (until
    the selection ends), so it may be in both then (R17.5)."""
    from maria.games.maria.rules.advanced import poldata

    if not isinstance(pol, dict):
        problems.append("adv.pol: should be a mapping")
        return
    known = set(poldata.cards())
    selected = set()
    for f in state.get("flow", []):
        if isinstance(f, dict) and f.get("name") == "politics" and isinstance(f.get("selected"), dict):
            selected |= set(f["selected"])
    where: dict[str, str] = {}
    for name in ("deck", "faceup", "discard"):
        pile = pol.get(name)
        if not isinstance(pile, list):
            problems.append(f"adv.pol.{name}: should be a list of political cards")
            return
        for c in pile:
            if c not in known:
                problems.append(f"adv.pol.{name}: holds an unknown political card {c!r}")
            elif c in where:
                if not ({where[c], name} == {"faceup", "discard"} and c in selected):
                    problems.append(f"adv.pol: the political card {c!r} is both in the {where[c]} and the {name}")
            else:
                where[c] = name
    missing = sorted(known - set(where))
    if missing:
        problems.append(
            "adv.pol: political cards missing from the deck, face-up row and discard: " + ", ".join(missing)
        )
