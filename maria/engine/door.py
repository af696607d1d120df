"""The narrow door of the rules core (no rule section of its own; it serves every rule): who must
act, the legal actions, and apply with undo, over a game's flow stack of named states
(maria.engine.stack), for any game of the family.  A game makes one `Door` with its own flow loop,
board lookup, undoable action types, actions offered "at any time" and refusal texts (MARIA:
maria.games.maria.rules.door).

Templated actions: where a choice is too large to enumerate, a handler's prompt offers ONE template
per choice, marked by a "choose" value; apply() takes the filled action and the handler validates
it with the same code that executes it.  Every other action must equal (==) one of the listed
dicts, so legality and execution are one code path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from maria.engine.state import IllegalAction, copy_state


@dataclass(frozen=True)
class Anytime:
    """An action a player may take at any moment he is waiting to act (not only the one asked):
    a game's troop transfers or proposals to cancel a contract."""

    type: str
    offer: Callable[[dict, str], list]  # (state, role) -> the legal ones
    perform: Callable[[dict, Any, str, dict], None]  # (state, info, role, action)
    refusal: str  # said when the action is not legal
    never_in: frozenset = frozenset()  # flow states where it is neither offered nor taken
    act_never_in: frozenset = frozenset()  # flow states where it is not taken this way
    settle: bool = False  # run the flow loop after it
    # a templated offer: (state, info, role, action) -> why it is refused, or None; without it an
    # action must equal one of the offered ones
    check: Callable[[dict, Any, str, dict], str | None] | None = None


@dataclass
class Door:
    handlers: dict  # flow-state name -> handler (stack.HANDLERS)
    settle: Callable[[dict, Any], None]  # the game's flow loop (stack.run + its sequence)
    info_of: Callable[[dict], Any]  # the board facts of a state
    reversible: frozenset  # action types a player may take back
    anytime: tuple = ()  # Anytime offers, in their listing order
    # (door, state, info, frame, handler, role, action) -> handled
    special: Callable[..., bool] | None = None
    why_not: Callable[..., str] = field(
        default=lambda state, action, frame=None, info=None: f"{action.get('type')!r} is not a legal action now."
    )
    reversible_in: frozenset | None = None  # flow states where they may (None: any)
    # what the players have bound themselves to (MARIA's agreements): (state, info, role, action) ->
    # why the action would break a promise, or None.  A refused action is neither listed nor taken.
    refuse: Callable[[dict, Any, str, dict], str | None] | None = None
    # after every action has settled: (state, info) -> None (the promises that end)
    after: Callable[[dict, Any], None] | None = None

    def undoable(self, state: dict, action: dict) -> bool:
        """Whether `action`, taken now, may be taken back: its type is reversible and, when the
        game limits where, the flow state it is taken in is one of those (FRIEDRICH: a "stop" ends
        a move in the movement phase, but a battle decision stands)."""
        return action["type"] in self.reversible and (
            self.reversible_in is None or state["flow"][-1]["name"] in self.reversible_in
        )

    def frame_handler(self, state: dict) -> tuple[dict, Any]:
        frame = state["flow"][-1]
        return frame, self.handlers[frame["name"]]

    def active_roles(self, state: dict) -> list[str]:
        if state["result"] is not None:
            return []
        frame, h = self.frame_handler(state)
        return list(h.waiting(state, self.info_of(state), frame))

    def legal_actions(self, state: dict, role: str) -> list[dict]:
        if state["result"] is not None:
            return []
        info = self.info_of(state)
        frame, h = self.frame_handler(state)
        out = list(h.prompt(state, info, frame, role))
        if self.refuse is not None:
            out = [a for a in out if self.refuse(state, info, role, a) is None]
        if role in h.waiting(state, info, frame):
            for any_ in self.anytime:
                if frame["name"] not in any_.never_in:
                    out += any_.offer(state, role)
        if state["undo"] and state.get("undo_role") == role:
            out.append({"type": "undo"})
        return out

    def check_and_act(self, state: dict, info: Any, role: str, action: dict) -> None:
        """Refuse `action` with a reason, or carry it out on `state` (in place) and settle the flow."""
        frame, h = self.frame_handler(state)
        if role not in h.waiting(state, info, frame):
            who = ", ".join(h.waiting(state, info, frame)) or "nobody"
            raise IllegalAction(f"It is not {role}'s turn to act (waiting for: {who}).")
        t = action.get("type")
        for any_ in self.anytime:
            if t == any_.type and frame["name"] not in any_.never_in | any_.act_never_in:
                if any_.check is not None:
                    why = any_.check(state, info, role, action)
                    if why:
                        raise IllegalAction(why)
                elif action not in any_.offer(state, role):
                    raise IllegalAction(any_.refusal)
                any_.perform(state, info, role, action)
                if any_.settle:
                    self.settle(state, info)
                self._after(state, info)
                return
        if self.refuse is not None:
            why = self.refuse(state, info, role, action)
            if why:
                raise IllegalAction(why)
        if t in h.templated:
            if any(v == "choose" for v in action.values()):
                raise IllegalAction("Fill in the template's choices before sending it.")
        elif self.special is not None and self.special(self, state, info, frame, h, role, action):
            return
        elif action not in h.prompt(state, info, frame, role):
            raise IllegalAction(self.why_not(state, action, frame, info))
        h.act(state, info, frame, role, action)
        self.settle(state, info)
        self._after(state, info)

    def _after(self, state: dict, info: Any) -> None:
        if self.after is not None:
            self.after(state, info)

    def apply(self, state: dict, role: str, action: dict) -> dict:
        """Return the state after `role` takes `action`; the caller's state is never modified.  An
        undoable action keeps a snapshot; the snapshots go once another player is to act."""
        self._admissible(state, action)
        if action["type"] == "undo":
            return self._undone(state, role)
        new = copy_state(state)
        self._take(new, role, action)
        return new

    def look_ahead(self, state: dict, role: str, action: dict, in_place: bool = False) -> dict:
        """The state after `role` takes `action`, for a computer player to look at, never to take
        back: the same rules as apply, but no undo snapshots are copied (the undo list holds
        placeholders, as in a Replayer's run), and with `in_place` `state` itself becomes the state
        after (a play-out, whose earlier states nobody keeps).  "undo" is refused.  Copying the
        snapshots was a fifth of a searching player's time (profile of a hard game)."""
        self._admissible(state, action)
        if action["type"] == "undo":
            raise IllegalAction("A look-ahead cannot undo.")
        new = state if in_place else copy_state(state)
        self._take(new, role, action, lazy=True)
        return new

    def apply_in_place(self, state: dict, role: str, action: dict) -> dict:
        """The same as apply, but `state` itself becomes the state after the action (no copy of
        it): for replaying a log, whose states nobody keeps (a save's load, maria.record.replay).  On a
        refusal `state` may be half changed: the replay is abandoned then."""
        self._admissible(state, action)
        if action["type"] == "undo":
            after = self._undone(state, role)
            state.clear()
            state.update(after)
            return state
        self._take(state, role, action)
        return state

    def replayer(self, state: dict, lazy: bool = True) -> "Replayer":
        """A replay of a log onto `state` (in place) that copies the state only where an undo can
        reach (see Replayer); with `lazy` False every step is apply_in_place (real snapshots in
        every intermediate state)."""
        return Replayer(self, state, lazy)

    def _admissible(self, state: dict, action: dict) -> None:
        if not isinstance(action, dict) or "type" not in action:
            raise IllegalAction("An action is a dict with a 'type'.")
        if state["result"] is not None:
            raise IllegalAction("The game is over.")

    def _undone(self, state: dict, role: str) -> dict:
        if not state["undo"] or state.get("undo_role") != role:
            raise IllegalAction("There is nothing to undo.")
        rest = list(state["undo"])
        snap = copy_state(rest.pop())  # snapshots are shared between states: copy first
        snap["log"] = list(state["log"][: snap.pop("log_len")])
        snap["undo"] = rest
        return snap

    def _take(self, new: dict, role: str, action: dict, lazy: bool = False) -> None:
        """Carry out `action` on `new` (a copy of the state before it, or that state itself), with
        the undo bookkeeping: a snapshot before an undoable action, none kept once the player to act
        changes or the game ends."""
        info = self.info_of(new)
        before = self.active_roles(new)
        if self.undoable(new, action):
            if lazy:
                snap = None  # Replayer: rebuilt from its checkpoint if needed
            else:
                snap = copy_state({k: v for k, v in new.items() if k not in ("undo", "log")})
                snap["log_len"] = len(new["log"])
            undo = new["undo"] if new.get("undo_role") == role else []
            new["undo"] = undo + [snap]
            new["undo_role"] = role
        else:
            new["undo"] = []
        self.check_and_act(new, info, role, action)
        if self.active_roles(new) != before or new["result"] is not None:
            new["undo"] = []
        if not new["undo"]:
            new["undo_role"] = None


class Replayer:
    """Re-applies a log onto one state, in place, with the states `Door.apply` gives.

    Most of the cost of replaying a long log was the undo snapshot copied before every undoable
    action, although nearly all of them are dropped a few actions later (when another player is to
    act).  The replayer copies the state once where a run of one player's undoable actions begins
    (its checkpoint) and leaves placeholders in the undo list; only when an "undo" in the log, or
    the end of the log, needs the real snapshots does it rebuild them by re-applying that run from
    the checkpoint with `apply_in_place` (the rebuilt state is the next checkpoint).  On a refusal
    the state may be half changed."""

    def __init__(self, door: Door, state: dict, lazy: bool = True) -> None:
        self.door = door
        self.state = state
        self.lazy = lazy
        self._checkpoint: dict | None = None  # the state where the current run began
        self._run: list[tuple[str, dict]] = []  # the actions since that checkpoint

    def step(self, role: str, action: dict) -> dict:
        door, state = self.door, self.state
        if not self.lazy:
            return door.apply_in_place(state, role, action)
        door._admissible(state, action)
        if action["type"] == "undo":
            self._rebuild()
            door.apply_in_place(state, role, action)
        else:
            undo = state.get("undo")
            if door.undoable(state, action) and not (undo and state.get("undo_role") == role):
                self._checkpoint, self._run = copy_state(state), []
            door._take(state, role, action, lazy=True)
        if self._checkpoint is not None:
            self._run.append((role, action))
        if not state.get("undo"):
            self._checkpoint, self._run = None, []
        return state

    def finish(self) -> dict:
        """The final state, its undo snapshots real."""
        self._rebuild()
        return self.state

    def _rebuild(self) -> None:
        if None not in (self.state.get("undo") or []):
            return
        assert self._checkpoint is not None  # a placeholder is written only after step() took one
        again = copy_state(self._checkpoint)
        for role, action in self._run:
            self.door.apply_in_place(again, role, action)
        self.state.clear()
        self.state.update(again)
        # the snapshots are real now: later placeholders are rebuilt from here (its undo list is
        # copied with the state), so a run with many undos is not re-applied from its start each time
        self._checkpoint, self._run = copy_state(again), []
