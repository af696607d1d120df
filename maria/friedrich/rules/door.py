"""FRIEDRICH's narrow door (every rule of the 2005 rules, §1-§12, is reached through it):
new_game, active_roles, legal_actions, apply (refusals explain themselves), view (per role: the
one place where hidden information, other nations' hands and army allocations, is filtered),
is_over, result.  It is the core's Door (maria.core.door) made with FRIEDRICH's flow.
"""

from __future__ import annotations

from maria.core.door import Door
from maria.core.state import copy_state
from maria.friedrich.board import FBoard
from maria.friedrich.rules import flow
from maria.friedrich.rules.machine import HANDLERS, run
from maria.friedrich.rules.movement import step_refusal
from maria.friedrich.rules.setup import build_state
from maria.friedrich.rules.state import (IllegalAction, armies_total, info_of, nations_of,  # noqa: F401
                                         register_board)

REVERSIBLE = frozenset({"move", "step", "stop", "transfer"})
# only the movement phase's actions are taken back; a combat's "stop" (a tie or a defeat accepted)
# is a battle decision and stands
REVERSIBLE_IN = frozenset({"movement", "moving"})


def _why_not(state, action, frame=None, info=None) -> str:
    t = action.get("type")
    if frame is not None and frame["name"] == "moving" and t == "step":
        why = step_refusal(state, info, frame, action.get("to"))
        if why:
            return why
    if frame is not None and frame["name"] == "duel" and t in ("play_card", "stop"):
        return ("In a combat the side below zero plays a card of its own sector's suit or a Reserve "
                "(1-10), or stops; at zero a side holding a card of its suit must play one (§7).")
    if t == "move":
        return ("That piece cannot move now: it has moved already, came back this turn, belongs to "
                "another nation, or every way is blocked (§4, §10).")
    if frame is not None and frame["name"] == "combat" and t == "attack":
        return "Only an active general next to an enemy general attacks, once per pair (§7)."
    return f"{t!r} is not a legal action now."


DOOR = Door(handlers=HANDLERS, settle=run, info_of=info_of, reversible=REVERSIBLE, why_not=_why_not,
            reversible_in=REVERSIBLE_IN)
_ = flow  # the turn sequence registers every phase's flow state


_SHIPPED: list = []


def new_game(players: int = 4, seed: int = 0, options: dict | None = None,
             board: FBoard | None = None) -> dict:
    """A new game on `board` (an FBoard; by default the shipped board, boards/friedrich/)."""
    if board is None:
        if not _SHIPPED:                        # read and checked once per process
            from maria.friedrich.board_loader import load_board
            _SHIPPED.append(load_board())
        board = _SHIPPED[0]
    if players not in (3, 4):
        raise ValueError("FRIEDRICH is for 3 or 4 players (§1)")
    key = register_board(board)
    state = build_state(info_of({"board": key}), key, players, seed, options)
    run(state, info_of(state))
    return state


def active_roles(state: dict) -> list[str]:
    return DOOR.active_roles(state)


def legal_actions(state: dict, role: str) -> list[dict]:
    return DOOR.legal_actions(state, role)


def apply(state: dict, role: str, action: dict) -> dict:
    """The state after `role` takes `action` (the given state is never changed); IllegalAction
    with a reason otherwise."""
    return DOOR.apply(state, role, action)


def is_over(state: dict) -> bool:
    return state["result"] is not None


def result(state: dict) -> dict | None:
    return state["result"]


def view(state: dict, role: str | None) -> dict:
    """What `role` may see (None: a spectator): other nations' hands become counts, other
    nations' generals show no army count (§6: only the nation totals are public), the draw
    pile, the Fate deck and the generator of chance are hidden, undo snapshots are dropped."""
    mine = set(nations_of(state, role)) if role else set()
    v = copy_state({k: val for k, val in state.items() if k not in ("undo", "rng")})
    v["undo"] = []
    cards = v["cards"]
    cards["hand_counts"] = {n: len(h) for n, h in cards["hands"].items()}
    cards["hands"] = {n: h for n, h in cards["hands"].items() if n in mine}
    cards["draw"] = len(cards["draw"])
    cards["aside"] = [len(d) for d in cards["aside"]]
    v["fate"]["deck"] = len(v["fate"]["deck"])
    for g in v["generals"].values():
        if g["nation"] not in mine:
            g["armies"] = None
    # §10: a nation announces how many armies it recruits, not which generals receive them
    v["recruited"] = [g for g in v["recruited"] if state["generals"][g]["nation"] in mine]
    v["army_totals"] = {n: armies_total(state, n) for n in sorted({g["nation"] for g in state["generals"].values()})}
    for frame in v["flow"]:
        if frame.get("nation") in mine:
            continue
        if frame["name"] == "tc" and "drawn" in frame:
            frame["drawn"] = len(frame["drawn"])         # France's fresh cards
        if frame["name"] == "fate_choice" and frame.get("kind") == "prussian_army":
            frame["options"] = len(frame["options"])     # which generals have fewer than 8 armies
    for frame in v["flow"]:
        if frame["name"] == "adv_choice" and frame.get("offered") and "austria" not in mine:
            frame["offered"] = "hidden"                  # §13 Fate 1 hearts: the card Austria offers
    return v
