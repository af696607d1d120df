"""The narrow door into the rules (every rule, R1-R25, is reached through it): new_game, legal_actions, apply, view, active_roles, is_over, result.

Templated actions: where a choice is too large to enumerate (troop allocation, payments, winter
recruiting), legal_actions() offers ONE template per choice, marked by a "choose" value in the
parameter(s) to fill (e.g. {"type": "allocate", "power": "prussia", "troops": "choose", "total": 22,
"generals": {id: {"min", "max"}}}).  apply() takes the filled action and validates it with the same
code that executes it.  Every other action must equal (==) one of the listed dicts.
"""

from __future__ import annotations

from maria.rules import flow
from maria.rules import roles as R
from maria.rules.setup import build_state
from maria.rules.state import IllegalAction, board_info, copy_state, register_board
from maria.rules.movement import apply_transfer, apply_whole_move, step_refusal, transfer_actions
from maria.rules.advanced.subsidy import NO_ANYTIME_CANCEL, anytime_cancels, propose_cancel
from maria.rules.supply import outlook as supply_outlook_of, supply_map as supply_map_of
from maria.rules.supply import train_outlook as train_outlook_of
from maria.rules.view import view as _view

REVERSIBLE = frozenset({"move", "force_march", "step", "stop", "transfer", "place_hussar", "commander"})
ROLES = {3: R.ROLES_3P, 2: R.ROLES_2P}
NO_TRANSFER = frozenset({"allocation", "game"})


def new_game(variant: str = "intro", players: int = 3, seed: int = 0, options: dict | None = None,
             board=None) -> dict:
    if variant not in ("intro", "advanced"):
        raise ValueError(f"unknown variant {variant!r} (intro or advanced)")
    if players not in (2, 3):
        raise ValueError("MARIA is for 2 or 3 players")
    key = "default" if board is None else register_board(board, variant)
    info = board_info({"board": key, "variant": variant})
    state = build_state(info, variant, players, seed, options, key)
    flow.run(state, info)
    return state


def _frame_handler(state):
    frame = state["flow"][-1]
    return frame, flow.HANDLERS[frame["name"]]


def active_roles(state: dict) -> list[str]:
    if state["result"] is not None:
        return []
    info = board_info(state)
    frame, h = _frame_handler(state)
    return list(h.waiting(state, info, frame))


def legal_actions(state: dict, role: str) -> list[dict]:
    if state["result"] is not None:
        return []
    info = board_info(state)
    frame, h = _frame_handler(state)
    out = list(h.prompt(state, info, frame, role))
    if frame["name"] not in NO_TRANSFER and role in h.waiting(state, info, frame):
        out += transfer_actions(state, role)                       # R6.6 at any time (RUL-15)
    if role in h.waiting(state, info, frame):
        out += anytime_cancels(state, role)                        # R20 at any time (RUL-A34)
    if state["undo"] and state.get("undo_role") == role:
        out.append({"type": "undo"})
    return out


def _check_and_act(state, info, role, action):
    frame, h = _frame_handler(state)
    if role not in h.waiting(state, info, frame):
        who = ", ".join(h.waiting(state, info, frame)) or "nobody"
        raise IllegalAction(f"It is not {role}'s turn to act (waiting for: {who}).")
    t = action.get("type")
    if t == "transfer" and frame["name"] not in NO_TRANSFER:
        if action not in transfer_actions(state, role):
            raise IllegalAction("A transfer moves 1 or more troops between two stacked generals of one "
                                "of your powers, each keeping between 1 and 8.")
        apply_transfer(state, action)
        return
    if t == "cancel_subsidy" and frame["name"] not in NO_ANYTIME_CANCEL:
        if action not in anytime_cancels(state, role):
            raise IllegalAction("Only a running subsidy contract of one of your powers (not the initial "
                                "France -> Bavaria one) may be proposed for cancellation, once per phase.")
        propose_cancel(state, role, action["contract"])
        flow.run(state, info)
        return
    if t in h.templated:
        if any(v == "choose" for v in action.values()):
            raise IllegalAction("Fill in the template's choices before sending it.")
    elif t == "move" and "path" in action and frame["name"] == "movement_phase":
        base = {"type": "force_march" if action.get("force_march") else "move", "piece": action["piece"]}
        if base not in h.prompt(state, info, frame, role):
            raise IllegalAction(_why_not(state, action))
        h.act(state, info, frame, role, base)
        apply_whole_move(state, info, role, action,
                         lambda a: _check_and_act(state, info, role, a))
        return
    else:
        if action not in h.prompt(state, info, frame, role):
            raise IllegalAction(_why_not(state, action, frame, info))
    h.act(state, info, frame, role, action)
    flow.run(state, info)


def _why_not(state, action, frame=None, info=None) -> str:
    if frame is not None and frame["name"] == "moving" and action.get("type") == "step":
        why = step_refusal(state, info, frame, action.get("to"))
        if why:
            return why
    if action.get("type") in ("move", "force_march"):
        p = state["generals"].get(action.get("piece")) or state["trains"].get(action.get("piece"))
        if p is None:
            return f"There is no piece called {action.get('piece')!r}."
        return "That piece cannot move now (not an active piece, already moved, or every way is blocked)."
    return f"{action.get('type')!r} is not a legal action now."


def apply(state: dict, role: str, action: dict) -> dict:
    """Return the state after `role` takes `action`; the caller's state is never modified."""
    if not isinstance(action, dict) or "type" not in action:
        raise IllegalAction("An action is a dict with a 'type'.")
    if state["result"] is not None:
        raise IllegalAction("The game is over.")
    info = board_info(state)
    if action["type"] == "undo":
        if not state["undo"] or state.get("undo_role") != role:
            raise IllegalAction("There is nothing to undo.")
        rest = list(state["undo"])
        snap = copy_state(rest.pop())            # snapshots are shared between states: copy first
        snap["log"] = list(state["log"][:snap.pop("log_len")])
        snap["undo"] = rest
        return snap
    new = copy_state(state)
    before = active_roles(state)
    if action["type"] in REVERSIBLE:
        snap = copy_state({k: v for k, v in state.items() if k not in ("undo", "log")})
        snap["log_len"] = len(state["log"])
        undo = new["undo"] if new.get("undo_role") == role else []
        new["undo"] = undo + [snap]
        new["undo_role"] = role
    else:
        new["undo"] = []
    _check_and_act(new, info, role, action)
    if active_roles(new) != before or new["result"] is not None:
        new["undo"] = []
    if not new["undo"]:
        new["undo_role"] = None
    return new


def view(state: dict, role: str) -> dict:
    v = _view(state, role)
    v["active_roles"] = active_roles(state)
    return v


def supply_outlook(state: dict, role: str, piece: str, cities) -> dict[str, dict]:
    """For one of `role`'s generals: his supply at each of `cities` at the next supply check
    (maria.rules.supply.outlook), for the board to show beside the lit destinations.  Empty for a
    piece that is not a general of the role (a train, another player's general)."""
    g = state["generals"].get(piece)
    if g is None or g["power"] not in R.powers_of(state, role) or not g["in_play"]:
        return {}
    return supply_outlook_of(state, board_info(state), piece, cities)


def train_outlook(state: dict, role: str, train: str, city: str) -> list[str]:
    """For one of `role`'s supply trains: the generals it would stop supplying if it moved to
    `city` (maria.rules.supply.train_outlook); empty for anything else."""
    t = state["trains"].get(train)
    if t is None or t["power"] not in R.powers_of(state, role) or city not in board_info(state).playable:
        return []
    return train_outlook_of(state, board_info(state), train, city)


def supply_map(state: dict) -> dict:
    """Every train's supply range and the generals out of supply now (public facts, R9)."""
    return supply_map_of(state, board_info(state))


def is_over(state: dict) -> bool:
    return state["result"] is not None


def result(state: dict) -> dict | None:
    return state["result"]
