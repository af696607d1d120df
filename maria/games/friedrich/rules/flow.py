"""FRIEDRICH's sequence of play (2005 rules §2): the game turn is the seven nation turns in the
fixed order (Prussia, Hanover, Russia, Sweden, Austria, Imperials, France), each in five phases
(TC draw, movement with conquest/recruitment/re-entry, combat, retroactive conquest, supply);
nations that left the game are skipped; then the end of the turn (§11 Fate, §12 victory).  This
module imports every phase so that their flow states are registered.
"""

from __future__ import annotations

from maria.engine.log import log
from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules.machine import HANDLERS, Handler, push, register, run  # noqa: F401  (re-exported)

# the phases register their flow states on import
from maria.games.friedrich.rules import advanced, hooks  # noqa: F401  (importing advanced provides the §13 hook points)
from maria.games.friedrich.rules import cards, combat, conquest, fate, movement, setup, supply, victory  # noqa: F401  (imported to register their states)
from maria.games.friedrich.rules.state import in_game, nation_name
from maria.games.friedrich.rules.state import Info


def _begin_nation_turn(state: dict, nation: str) -> None:
    state["nation"] = state["stage"] = nation
    state["moved"] = []
    state["reentered"] = []
    state["recruited"] = []
    state["candidates"] = []
    log(state, f"Turn {state['turn']}: {nation_name(nation)}'s turn.", nation)


@register("game")
class Game(Handler):
    @staticmethod
    def auto(state: dict, info: Info, frame: dict) -> bool:
        if state["result"] is not None:
            return False
        if not state["allocated"]:
            push(state, {"name": "allocation"})
            return True
        seq = state["seq"]
        if seq["n"] >= len(T.NATIONS):
            seq["n"], seq["p"] = 0, 0
            state["nation"] = None
            push(state, {"name": "end_of_turn", "step": 0})
            return True
        nation = T.NATIONS[seq["n"]]
        if not in_game(state, nation):
            seq["n"] += 1
            return True
        phase = T.PHASES[seq["p"]]
        if seq["p"] == 0:
            _begin_nation_turn(state, nation)
        state["phase"] = phase
        seq["p"] += 1
        if seq["p"] == len(T.PHASES):
            seq["n"], seq["p"] = seq["n"] + 1, 0
        frame_ = {"name": phase, "nation": nation}
        if phase == "combat":
            frame_.update({"retreated": [], "fought": []})
        hooks.call("before_phase", state, nation, phase)  # §13 East Prussia: after Russia's supply
        push(state, frame_)
        hooks.call("after_phase_pushed", state, nation, phase)  # §13 OO: turn 3, before Prussia moves
        return True
