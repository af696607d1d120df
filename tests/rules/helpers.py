"""Helpers for rule tests: a synthetic board, games past set-up, direct positions."""

from __future__ import annotations

from maria.rules import apply, legal_actions, new_game
from maria.analysis import testboard
from maria.rules.state import board_info, rebuild_index

ALLOC = {
    "france": {"moritz": 7, "belle_isle": 6, "broglie": 5, "maillebois": 4, "noailles": 4},
    "bavaria": {"toerring": 5},
    "prussia": {"friedrich": 8, "schwerin": 4, "leopold": 4, "dessauer": 6},
    "saxony": {"rutowski": 5},
    "austria": {"karl": 6, "traun": 5, "khevenhueller": 6, "batthyany": 2, "neipperg": 5, "arenberg": 4},
}


def allocated_game(board=None, players=3, seed=0, **kw):
    board = board or testboard.build(**kw)
    s = new_game(board=board, players=players, seed=seed)
    for power, troops in ALLOC.items():
        role = next(r for r, ps in s["roles"].items() if power in ps)
        s = apply(s, role, {"type": "allocate", "power": power, "troops": troops})
    return s


def advance_to(state, name, role_pref=None):
    """Play 'done' (or the only action) until the top flow state is `name`."""
    for _ in range(200):
        if state["flow"][-1]["name"] == name:
            return state
        from maria.rules import active_roles
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
