"""FRIEDRICH's narrow door (every rule of the 2005 rules, §1-§12, is reached through it):
new_game, active_roles, legal_actions, apply (refusals explain themselves), view (per role: the
one place where hidden information, other nations' hands and army allocations, is filtered),
is_over, result.  It is the core's Door (maria.engine.door) made with FRIEDRICH's flow.

The whole-move form of a move (§4, the board's drag): {"type": "move", "pieces": [ids], "path":
[cities]} begins the move the prompt offers and takes each step, then the stop, through the door's
own checks, so it leaves exactly the position of those step actions (one undo takes it all back).
`whole_moves` lists them: every city a piece or stack can end its move in, with a route.
"""

from __future__ import annotations

import json

from maria.engine.door import Door
from maria.engine.stack import Handler
from maria.engine.state import copy_state
from maria.games.friedrich.board import FBoard
from maria.games.friedrich.rules import flow
from maria.games.friedrich.rules.machine import HANDLERS, run
from maria.games.friedrich.rules.movement import step_refusal
from maria.games.friedrich.rules.setup import build_state
from maria.games.friedrich.rules.supply import in_supply
from maria.games.friedrich.rules.state import IllegalAction, armies_total, info_of, nations_of, register_board
from maria.games.friedrich.rules.state import Info

REVERSIBLE = frozenset({"move", "step", "stop", "transfer"})
# only the movement phase's actions are taken back; a combat's "stop" (a tie or a defeat accepted)
# is a battle decision and stands
REVERSIBLE_IN = frozenset({"movement", "moving"})


def _why_not(state: dict, action: dict, frame: dict | None = None, info: Info | None = None) -> str:
    t = action.get("type")
    if frame is not None and info is not None and frame["name"] == "moving" and t == "step":
        why = step_refusal(state, info, frame, action.get("to"))
        if why:
            return why
    if frame is not None and frame["name"] == "duel" and t in ("play_card", "stop"):
        return (
            "In a combat the side below zero plays a card of its own sector's suit or a Reserve "
            "(1-10), or stops; at zero a side holding a card of its suit must play one (§7)."
        )
    if t == "move":
        return (
            "That piece cannot move now: it has moved already, came back this turn, belongs to "
            "another nation, or every way is blocked (§4, §10)."
        )
    if frame is not None and frame["name"] == "combat" and t == "attack":
        return "Only an active general next to an enemy general attacks, once per pair (§7)."
    return f"{t!r} is not a legal action now."


def _moving_these(state: dict, pieces: list[str]) -> bool:
    f = state["flow"][-1]
    return state["result"] is None and f["name"] == "moving" and f["pieces"] == list(pieces)


def _whole_move(door: Door, state: dict, info: Info, frame: dict, h: type[Handler], role: str, action: dict) -> bool:
    """{"type": "move", "pieces", "path"}: the move begun as the prompt offers it, then each step
    and the stop through the door's own check (a refusal names the rule, §4)."""
    if not (action.get("type") == "move" and "path" in action and frame["name"] == "movement"):
        return False
    pieces: list[str] = action.get("pieces") or []
    base = {"type": "move", "pieces": pieces}
    if set(action) != {"type", "pieces", "path"} or base not in h.prompt(state, info, frame, role):
        raise IllegalAction(_why_not(state, base, frame, info))
    path, p0 = action["path"], pieces[0]
    start = (state["generals"].get(p0) or state["trains"].get(p0))["city"]
    if not isinstance(path, list) or len(path) < 2 or path[0] != start or not all(isinstance(c, str) for c in path):
        raise IllegalAction("A move's path starts at the piece's city and names at least one more city (§4).")
    h.act(state, info, frame, role, base)
    door.settle(state, info)
    for city in path[1:]:
        if not _moving_these(state, pieces):
            raise IllegalAction(f"The move had already ended before {city} (§4, §9).")
        door.check_and_act(state, info, role, {"type": "step", "to": city})
    if _moving_these(state, pieces):
        door.check_and_act(state, info, role, {"type": "stop"})
    return True


DOOR = Door(
    handlers=HANDLERS,
    settle=run,
    info_of=info_of,
    reversible=REVERSIBLE,
    why_not=_why_not,
    special=_whole_move,
    reversible_in=REVERSIBLE_IN,
)
_ = flow  # the turn sequence registers every phase's flow state


_SHIPPED: list = []


def new_game(players: int = 4, seed: int = 0, options: dict | None = None, board: FBoard | None = None) -> dict:
    """A new game on `board` (an FBoard; by default the shipped board, boards/friedrich/)."""
    if board is None:
        if not _SHIPPED:  # read and checked once per process
            from maria.games.friedrich.board_loader import load_board

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


def _bare(state: dict) -> dict:
    return {**state, "log": [], "undo": [], "undo_role": None}


def whole_moves(state: dict, role: str, pieces: list[str]) -> list[dict]:
    """Every whole move of `pieces` (a move the door offers `role` now) as a legal action
    {"type": "move", "pieces", "path"}: for each city the move can end in (its start aside), one
    path per different result (the position after it, the log aside: e.g. a route through an
    objective conquers it, §5), the shortest first.  Found by taking the steps through the door
    on copies of the state, so it is the rules' own answer; [] when the move is not offered."""
    base = {"type": "move", "pieces": list(pieces)}
    if base not in legal_actions(state, role):
        return []
    ends: dict[str, dict[str, list[str]]] = {}  # end city -> result -> shortest path

    def keep(path: list[str], after: dict) -> None:
        key = json.dumps(
            {k: v for k, v in after.items() if k not in ("log", "undo", "undo_role")}, sort_keys=True, default=str
        )
        known = ends.setdefault(path[-1], {})
        if key not in known or len(path) < len(known[key]):
            known[key] = list(path)

    def walk(st: dict, path: list[str]) -> None:
        for a in DOOR.legal_actions(st, role):
            if a["type"] != "step":
                continue
            nxt = DOOR.look_ahead(st, role, a)
            if _moving_these(nxt, pieces):
                keep(path + [a["to"]], DOOR.look_ahead(nxt, role, {"type": "stop"}))
                walk(nxt, path + [a["to"]])
            else:
                keep(path + [a["to"]], nxt)

    # the copies need neither the log nor the undo snapshots (no rule reads them): a late game's
    # log is most of a state
    first = DOOR.look_ahead(_bare(state), role, base)
    walk(first, list(first["flow"][-1]["path"]))
    start = first["flow"][-1]["path"][0]
    out = []
    for city in sorted(ends):
        if city != start:
            out += [
                {"type": "move", "pieces": list(pieces), "path": p}
                for p in sorted(ends[city].values(), key=lambda p: (len(p), p))
            ]
    return out


def supply_outlook(state: dict, role: str, move: dict) -> dict[str, bool]:
    """For a whole move of `role`'s generals (one of `whole_moves`): whether each would be in
    supply where it ends (§9), were the check made just after the move (it is made at the end of
    the nation's turn, phase 5 of §2: later moves may change it).  Empty for anything else."""
    try:
        after = DOOR.look_ahead(_bare(state), role, move)
    except IllegalAction:
        return {}
    mine = set(nations_of(state, role))
    return {
        g: in_supply(after, info_of(after), g)
        for g in move.get("pieces", [])
        if g in after["generals"] and after["generals"][g]["nation"] in mine and after["generals"][g]["city"]
    }


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
            frame["drawn"] = len(frame["drawn"])  # France's fresh cards
        if frame["name"] == "fate_choice" and frame.get("kind") == "prussian_army":
            frame["options"] = len(frame["options"])  # which generals have fewer than 8 armies
    for frame in v["flow"]:
        if frame["name"] == "adv_choice" and frame.get("offered") and "austria" not in mine:
            frame["offered"] = "hidden"  # §13 Fate 1 hearts: the card Austria offers
    return v
