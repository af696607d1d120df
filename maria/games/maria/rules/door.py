"""The narrow door into the rules (every rule, R1-R25, is reached through it): new_game, legal_actions, apply,
view, active_roles, is_over, result.

MARIA's door is the core's (maria.engine.door: who acts, legal actions, apply with undo) made with
MARIA's flow, board, undoable actions, "at any time" actions (R6.6 transfers, R20 cancellations)
and the whole-move form of a move (R10.1); new_game, the per-role view and the supply previews are
MARIA's own.

Templated actions: where a choice is too large to enumerate (troop allocation, payments, winter
recruiting), legal_actions() offers ONE template per choice, marked by a "choose" value in the
parameter(s) to fill (e.g. {"type": "allocate", "power": "prussia", "troops": "choose", "total": 22,
"generals": {id: {"min", "max"}}}).  apply() takes the filled action and validates it with the same
code that executes it.  Every other action must equal (==) one of the listed dicts.
"""

from __future__ import annotations

from typing import Iterable

from maria.games.maria.rules import flow
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.setup import build_state
from maria.engine.door import Anytime, Door
from maria.games.maria.rules.state import IllegalAction, board_info, register_board
from maria.games.maria.rules.state import BoardInfo
from maria.games.maria.board.model import Board
from maria.engine.stack import Handler
from maria.games.maria.rules.movement import apply_transfer, apply_whole_move, step_refusal, transfer_actions
from maria.games.maria.rules.advanced.subsidy import NO_ANYTIME_CANCEL, anytime_cancels, propose_cancel
from maria.games.maria.rules.advanced import agreements
from maria.games.maria.rules.supply import outlook as supply_outlook_of, supply_map as supply_map_of
from maria.games.maria.rules.supply import train_outlook as train_outlook_of
from maria.games.maria.rules.view import view as _view

REVERSIBLE = frozenset({"move", "force_march", "step", "stop", "transfer", "place_hussar", "commander"})
ROLES = {3: R.ROLES_3P, 2: R.ROLES_2P}
NO_TRANSFER = frozenset({"allocation", "game"})


def new_game(
    variant: str = "intro", players: int = 3, seed: int = 0, options: dict | None = None, board: Board | None = None
) -> dict:
    if variant not in ("intro", "advanced"):
        raise ValueError(f"unknown variant {variant!r} (intro or advanced)")
    if players not in (2, 3):
        raise ValueError("MARIA is for 2 or 3 players")
    key = "default" if board is None else register_board(board, variant)
    info = board_info({"board": key, "variant": variant})
    state = build_state(info, variant, players, seed, options, key)
    flow.run(state, info)
    return state


def _why_not(state: dict, action: dict, frame: dict | None = None, info: BoardInfo | None = None) -> str:
    if frame is not None and info is not None and frame["name"] == "moving" and action.get("type") == "step":
        why = step_refusal(state, info, frame, action.get("to"))
        if why:
            return why
    if action.get("type") in ("move", "force_march"):
        p = state["generals"].get(action.get("piece")) or state["trains"].get(action.get("piece"))
        if p is None:
            return f"There is no piece called {action.get('piece')!r}."
        return "That piece cannot move now (not an active piece, already moved, or every way is blocked)."
    return f"{action.get('type')!r} is not a legal action now."


def _whole_move(
    door: Door, state: dict, info: BoardInfo, frame: dict, h: type[Handler], role: str, action: dict
) -> bool:
    """A move given with its whole path (the board's drag, R10.1): the piece's move is begun as
    the prompt offers it, then each step is taken through the door's own check."""
    if not (action.get("type") == "move" and "path" in action and frame["name"] == "movement_phase"):
        return False
    base = {"type": "force_march" if action.get("force_march") else "move", "piece": action["piece"]}
    if base not in h.prompt(state, info, frame, role):
        raise IllegalAction(_why_not(state, action))
    h.act(state, info, frame, role, base)
    apply_whole_move(state, info, role, action, lambda a: door.check_and_act(state, info, role, a))
    return True


DOOR = Door(
    handlers=flow.HANDLERS,
    settle=flow.run,
    info_of=board_info,
    reversible=REVERSIBLE,
    anytime=(
        Anytime(
            "transfer",
            transfer_actions,
            lambda state, info, role, a: apply_transfer(state, a),
            "A transfer moves 1 or more troops between two stacked generals of one of your powers, "
            "each keeping between 1 and 8.",
            never_in=NO_TRANSFER,
        ),  # R6.6 (RUL-15)
        Anytime(
            "cancel_subsidy",
            anytime_cancels,
            lambda state, info, role, a: propose_cancel(state, role, a["contract"]),
            "Only a running subsidy contract of one of your powers (not the initial France -> Bavaria "
            "one) may be proposed for cancellation, once per phase.",
            act_never_in=NO_ANYTIME_CANCEL,
            settle=True,
        ),  # R20 (RUL-A34)
        Anytime(
            "offer_agreement",
            agreements.anytime_offers,
            agreements.propose,
            "An agreement is offered to another player, once per phase (RUL-A39).",
            never_in=agreements.NO_ANYTIME_OFFER,
            settle=True,
            check=agreements.offer_refusal,
        ),  # R21 (RUL-A39)
    ),
    special=_whole_move,
    why_not=_why_not,
    refuse=agreements.refusal,
    after=agreements.review,
)

active_roles = DOOR.active_roles
legal_actions = DOOR.legal_actions
apply = DOOR.apply
look_ahead = DOOR.look_ahead  # computer players' look-aheads and play-outs: no undo snapshots
apply_in_place = DOOR.apply_in_place  # replays only (maria.record.replay): no copy per action
replayer = DOOR.replayer  # replays of a whole log: copies only where an undo reaches


def view(state: dict, role: str) -> dict:
    v = _view(state, role)
    v["active_roles"] = active_roles(state)
    return v


def move_paths(
    state: dict, piece: str, modes: Iterable[str] = ("normal", "force")
) -> dict[str, dict[str, list[list[str]]]]:
    """Every legal path of `piece`'s whole move, {mode: {end city: [paths]}} (maria.games.maria.rules.reach):
    the destinations the board offers to a dragged piece."""
    from maria.games.maria.rules.reach import move_paths as paths

    return paths(state, piece, modes)


def supply_outlook(state: dict, role: str, piece: str, cities: Iterable[str]) -> dict[str, dict]:
    """For one of `role`'s generals: his supply at each of `cities` at the next supply check
    (maria.games.maria.rules.supply.outlook), for the board to show beside the lit destinations.  Empty for a
    piece that is not a general of the role (a train, another player's general)."""
    g = state["generals"].get(piece)
    if g is None or g["power"] not in R.powers_of(state, role) or not g["in_play"]:
        return {}
    return supply_outlook_of(state, board_info(state), piece, cities)


def train_outlook(state: dict, role: str, train: str, city: str) -> list[str]:
    """For one of `role`'s supply trains: the generals it would stop supplying if it moved to
    `city` (maria.games.maria.rules.supply.train_outlook); empty for anything else."""
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


def agreement_terms(state: dict, role: str, other: str) -> list[dict]:
    """The single promises `role` may make to `other` now (R21; the offer dialog's list)."""
    return agreements.term_choices(state, board_info(state), role, other)


def agreement_term_text(state: dict, term: dict) -> str:
    """How a promise of an agreement reads (R21)."""
    return agreements.term_text(state, board_info(state), term)
