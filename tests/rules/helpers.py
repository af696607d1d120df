"""Helpers for rule tests: a synthetic board, games past set-up, direct positions."""

from __future__ import annotations

from maria.games.maria.rules import apply, legal_actions, new_game
from tests import testboard
from maria.games.maria.rules.state import board_info, rebuild_index

ALLOC = {
    "france": {"moritz": 7, "belle_isle": 6, "broglie": 5, "maillebois": 4, "noailles": 4},
    "bavaria": {"toerring": 5},
    "prussia": {"friedrich": 8, "schwerin": 4, "leopold": 4, "dessauer": 6},
    "saxony": {"rutowski": 5},
    "austria": {"karl": 6, "traun": 5, "khevenhueller": 6, "batthyany": 2, "neipperg": 5, "arenberg": 4},
}


def allocated_game(board=None, players=3, seed=0, options=None, **kw):
    board = board or testboard.build(**kw)
    s = new_game(board=board, players=players, seed=seed, options=options)
    for power, troops in ALLOC.items():
        role = next(r for r, ps in s["roles"].items() if power in ps)
        s = apply(s, role, {"type": "allocate", "power": power, "troops": troops})
    return s


def advance_to(state, name, role_pref=None):
    """Play 'done' (or the only action) until the top flow state is `name`."""
    for _ in range(200):
        if state["flow"][-1]["name"] == name:
            return state
        from maria.games.maria.rules import active_roles

        role = active_roles(state)[0]
        acts = legal_actions(state, role)
        done = [a for a in acts if a["type"] in ("done", "accept_tie", "accept_defeat")]
        state = apply(state, role, done[0] if done else acts[0])
    raise AssertionError(f"never reached {name}")


def place(state, gid, city):
    state["generals"][gid]["city"] = city
    rebuild_index(state)


def info(state):
    return board_info(state)


def start_combat_now(state, power, att, dfn):
    """`power`'s combat phase with the single pair `att` -> `dfn` (cities), the combat begun (R11)."""
    from maria.games.maria.rules.combat import start_combat

    phase = {
        "name": "combat_phase",
        "powers": [power],
        "pairs": [[att, dfn]],
        "fought": [],
        "retreated": [],
        "retreated_gens": [],
    }
    state["flow"] = [{"name": "game"}, phase]
    start_combat(state, board_info(state), phase, att, dfn)
    return state


def r11_example(austria_hand, prussia_hand):
    """The R11 worked example: Neipperg (2, diamonds sector c23) attacks Friedrich + Schwerin
    (3 + 1, spades sector c24), with the given hands."""
    s = allocated_game(testboard.build(suits={"c23": "diamonds", "c24": "spades"}))
    place(s, "neipperg", "c23")
    place(s, "friedrich", "c24")
    place(s, "schwerin", "c24")
    g = s["generals"]
    g["neipperg"]["troops"], g["friedrich"]["troops"], g["schwerin"]["troops"] = 2, 3, 1
    s["cards"]["hands"]["austria"] = list(austria_hand)
    s["cards"]["hands"]["prussia"] = list(prussia_hand)
    return start_combat_now(s, "austria", "c23", "c24")
