"""FRIEDRICH's registry of flow states (no rule section of its own; it serves §2's sequence of
play): the handlers of the named states on state["flow"], kept apart from MARIA's registry
(maria.core.stack.HANDLERS) so the two games' state names never clash, and the loop that lets
automatic states run.  Handlers subclass maria.core.stack.Handler.
"""

from __future__ import annotations

from typing import Callable, TypeVar

from maria.core.stack import Handler, pop, push, top  # noqa: F401  (re-exported for the phases)
from maria.friedrich.rules.state import Info

HANDLERS: dict[str, type[Handler]] = {}
_H = TypeVar("_H", bound="type[Handler]")


def register(name: str) -> Callable[[_H], _H]:
    """Class decorator: the handler of the flow state `name`."""
    def deco(cls: _H) -> _H:
        HANDLERS[name] = cls
        return cls
    return deco


def run(state: dict, info: Info) -> None:
    """Let automatic states proceed until some role has to choose (or the game is over)."""
    for _ in range(100000):
        if state["result"] is not None:
            state["flow"] = [{"name": "game"}]
            return
        frame = top(state)
        if not HANDLERS[frame["name"]].auto(state, info, frame):
            return
    raise RuntimeError("flow did not settle (runaway automatic states)")


def waiting_nation(state: dict, nation: str) -> list[str]:
    """The role controlling `nation`, as the one-element list handlers return."""
    for role, nations in state["roles"].items():
        if nation in nations:
            return [role]
    return []
