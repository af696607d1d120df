"""FRIEDRICH's machine (no rule section of its own; it serves §2's sequence of play): the engine's
Machine holding the handlers of FRIEDRICH's named flow states (apart from MARIA's, so the two games'
state names never clash), and the loop that lets automatic states run, which stops as soon as the
game has a result.  Handlers subclass maria.engine.stack.Handler.
"""

from __future__ import annotations

from maria.engine.stack import Handler, Machine, pop, push, top  # noqa: F401  (re-exported for the phases)
from maria.games.friedrich.rules.state import Info

MACHINE = Machine()
HANDLERS = MACHINE.handlers
register = MACHINE.register


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
