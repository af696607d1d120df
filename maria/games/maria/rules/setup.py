"""Set-up (R4) for the introductory game: pieces, markers, hands, secret troop allocation (R4.9)."""

from __future__ import annotations

from typing import Any

from maria.games.maria.rules import hooks
from maria.games.maria.rules import cards
from maria.engine import rng
from maria.games.maria.rules import roles as R
from maria.engine.log import log, power_name
from maria.games.maria.board.model import Board
from maria.games.maria.rules.state import SCHEMA, IllegalAction, BoardInfo, rebuild_index

DEFAULT_OPTIONS: dict[str, object] = {
    # RUL-03: when a minor power gets no TCs (R8.3), France draws its no-subsidy income.
    "subsidy_kept_when_minor_cut_off": False,
    # RUL-09: a force march may not step into an enemy train's city.
    "force_march_may_take_train": False,
    # RUL-18: turns of the introductory game (R1.2); no winter after the last one.
    "last_turn": 9,
}

ADVANCED_OPTIONS: dict[str, object] = {
    "last_turn": 12,  # R1.3
    "optional_political_rule": True,  # R25 (recommended by the rules)
    "charles_emmanuel_rule": "es",  # VD-27: "es" (only while Prussian ally) | "fr"
    "neutral_saxony_votes_francis": True,  # VD-16 (ES v2.0, FR, HE)
    "pa_austria_stacking_consent": "ask",  # R6.8/R10.7: "ask" | "always" | "never" (RUL-A25)
}

# Options a state records only when they are given, so that a game set up without them is the same
# game (and the same state) as before they existed: R21 binding agreements (RUL-A38; the window
# turns them on for a game with a human seat).
EXTRA_OPTIONS: dict[str, object] = {"agreements": False}


def build_state(info: BoardInfo, variant: str, players: int, seed: int, options: dict | None, board_key: str) -> dict:
    board = info.board
    opts = dict(DEFAULT_OPTIONS)
    if variant == "advanced":
        opts.update(ADVANCED_OPTIONS)
    opts.update(options or {})
    state: dict = {
        "schema": SCHEMA,
        "variant": variant,
        "players": players,
        "seed": int(seed),
        "rng": rng.seed_state(seed),
        "options": opts,
        "board": board_key,
        "turn": 1,
        "stage": "setup",
        "phase": None,
        "roles": R.role_table(players, variant),
        "alliances": {"blocs": [list(b) for b in R.START_BLOCS], "cooperating": [list(p) for p in R.START_COOPERATING]},
        "generals": {},
        "trains": {},
        "hussars": {},
        "markers": {},
        "qmarks": {},
        "log": [],
        "undo": [],
        "undo_role": None,
        "result": None,
        "flow": [],
    }
    in_game = {p for ps in state["roles"].values() for p in ps}
    for power, sheet in board.armies.items():
        for g in sheet.generals:
            place = board.setup.generals.get(g.id)
            in_play = power in in_game and place is not None and not place.startswith("box:") and place in info.playable
            state["generals"][g.id] = {
                "power": power,
                "name": g.name,
                "rank": g.rank,
                "setup_min": max(1, g.setup_min),
                "city": place,
                "troops": 0,
                "face_up": True,
                "in_play": in_play,
                "known": None,
            }
        for i, place in enumerate(board.setup.trains.get(power, ())):
            in_play = power in in_game and not place.startswith("box:") and place in info.playable
            state["trains"][f"{power}_t{i + 1}"] = {"power": power, "city": place, "in_play": in_play}
        for i in range(sheet.hussars):
            state["hussars"][f"hussar{i + 1}"] = None
    # R4.7 (R3.8): starting victory markers, e.g. the 7 Silesian fortresses.
    for power, places in board.setup.victory_markers.items():
        for c in places:
            state["markers"][c] = power
    rebuild_index(state)
    # R4.6 / R4.8: draw deck and initial hands (the PA is dealt nothing in the intro game, RUL-04).
    state["cards"] = cards.new_cards(state)
    for power in ("france", "bavaria", "prussia", "saxony", "pragmatic_army", "austria"):
        if power in in_game:
            cards.draw(state, power, R.INITIAL_HAND[power])
    if variant == "advanced":
        hooks.call("new_advanced_game", state, board, info)  # R4, R15, R4.4
    pending = [
        p
        for p in ("france", "bavaria", "prussia", "saxony", "austria", "pragmatic_army")
        if p in in_game and p in board.armies
    ]
    state["flow"] = [{"name": "game"}, {"name": "allocation", "pending": pending}]
    log(state, "The game is set up: " + ", ".join(power_name(p) for p in pending) + " secretly allocate their troops.")
    return state


def allocation_template(state: dict, power: str, board: Board) -> dict:
    sheet = board.armies[power]
    return {
        "type": "allocate",
        "power": power,
        "troops": "choose",
        "total": sheet.troops,
        "generals": {g.id: {"min": max(1, g.setup_min), "max": 8} for g in sheet.generals},
    }


def validate_allocation(state: dict, power: str, troops: Any, board: Board) -> None:
    """R4.9: the whole total, each general 1..8 and at least his set-up minimum."""
    sheet = board.armies[power]
    if not isinstance(troops, dict):
        raise IllegalAction("An allocation gives a number of troops to every general of the power.")
    ids = {g.id for g in sheet.generals}
    if set(troops) != ids:
        missing = sorted(ids - set(troops))
        extra = sorted(set(troops) - ids)
        raise IllegalAction(
            f"{power_name(power)} must allocate troops to exactly its generals"
            + (f"; missing: {', '.join(missing)}" if missing else "")
            + (f"; not {power_name(power)}'s: {', '.join(extra)}" if extra else "")
        )
    for g in sheet.generals:
        n = troops[g.id]
        if not isinstance(n, int) or isinstance(n, bool):
            raise IllegalAction(f"{g.name}'s troops must be a whole number.")
        lo = max(1, g.setup_min)
        if n < lo or n > 8:
            raise IllegalAction(f"{g.name} must receive between {lo} and 8 troops at set-up, not {n}.")
    if sum(troops.values()) != sheet.troops:
        raise IllegalAction(
            f"{power_name(power)} has exactly {sheet.troops} troops to allocate, not {sum(troops.values())}."
        )
