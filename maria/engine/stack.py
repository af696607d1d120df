"""The flow-stack machinery of the engine (no rule of any game, no game's powers): the stack of named
states in state["flow"], a game's Machine (the registry of its handlers and payment effects, and the
loop that lets automatic states run), kept per game so that two games' state names never clash.

Each named state has one handler (registered with @register(name)) with:
  auto(state, info, frame) -> bool      automatic work; True if the flow changed (run again)
  waiting(state, info, frame) -> roles  roles that must act now
  prompt(state, info, frame, role)      the legal actions (templates carry "choose")
  act(state, info, frame, role, action) execute (templated actions are validated here)
legal_actions() and apply() both go through these, so legality and execution share one code path.
This module imports no phase: the phases import it (a game's flow module lists its turn sequence).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, TypeVar

from maria.engine.sides import role_of
from maria.engine.state import IllegalAction

_H = TypeVar("_H", bound="type[Handler]")
_F = TypeVar("_F", bound=Callable[..., Any])


class Handler:
    templated: frozenset = frozenset()

    @staticmethod
    def auto(state: dict, info: Any, frame: dict) -> bool:
        return False

    @staticmethod
    def waiting(state: dict, info: Any, frame: dict) -> list[str]:
        return []

    @staticmethod
    def prompt(state: dict, info: Any, frame: dict, role: str) -> list[dict]:
        return []

    @staticmethod
    def act(state: dict, info: Any, frame: dict, role: str, action: dict) -> None:
        raise IllegalAction("Nothing can be done now.")


def top(state: dict) -> dict:
    return state["flow"][-1]


def push(state: dict, frame: dict) -> None:
    state["flow"].append(frame)


def pop(state: dict) -> dict:
    """Leave the current flow state.  Once the game is over (the game's end reset the flow to the
    bare "game" state), the handler that was running when the game ended may still try to leave
    its own state: the "game" state is never popped."""
    if state["result"] is not None and len(state["flow"]) <= 1:
        return state["flow"][-1]
    return state["flow"].pop()


def leave_if_over(state: dict) -> bool:
    """Once the game is over, an automatic state that runs in steps leaves the stack instead of
    taking its next step.  True when it left (the flow changed: its auto() returns True)."""
    if state["result"] is None:
        return False
    pop(state)
    return True


def roles_for_powers(state: dict, powers: Iterable[str]) -> list[str]:
    out = []
    for p in powers:
        r = role_of(state, p)
        if r and r not in out:
            out.append(r)
    return out


class Machine:
    """A game's flow states and payment effects (registered by its phase modules with @register and
    @effect) and the loop that lets its automatic states run.  `before_settle`, if given, tidies the
    state each time the loop starts (a game's bookkeeping that any action may leave stale)."""

    def __init__(self, before_settle: Callable[[dict], None] | None = None, max_steps: int = 10000) -> None:
        self.handlers: dict[str, type[Handler]] = {}
        self.effects: dict[str, Callable[..., Any]] = {}
        self.before_settle = before_settle
        self.max_steps = max_steps

    def register(self, name: str) -> Callable[[_H], _H]:
        """Class decorator: the handler of the flow state `name`."""

        def deco(cls: _H) -> _H:
            self.handlers[name] = cls
            return cls

        return deco

    def effect(self, name: str) -> Callable[[_F], _F]:
        """Function decorator: the payment effect `name`."""

        def deco(fn: _F) -> _F:
            self.effects[name] = fn
            return fn

        return deco

    def run(self, state: dict, info: Any) -> None:
        """Let automatic states proceed until some role has to choose (or the game is over)."""
        if self.before_settle is not None:
            self.before_settle(state)
        for _ in range(self.max_steps):
            frame = top(state)
            if not self.handlers[frame["name"]].auto(state, info, frame):
                return
        raise RuntimeError("flow did not settle (runaway automatic states)")
