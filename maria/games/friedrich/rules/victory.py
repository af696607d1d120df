"""Victory and the end of a game turn (2005 rules §12, with §11's relaxed conditions and the
Clock of Fate of §2/§11): the game ends only at the end of a game turn; before the Fate draw a
nation holding all its objectives wins (no card is drawn); after the draw a nation meeting a
relaxed condition wins; Frederick wins once Russia, Sweden and France have all left.  The
winners are the players controlling the winning nations at that moment.
"""

from __future__ import annotations

from maria.engine.log import log
from maria.games.friedrich.rules import hooks
from maria.games.friedrich.rules import tables as T
from maria.games.friedrich.rules.conquest import holds_all
from maria.games.friedrich.rules.fate import draw_fate
from maria.games.friedrich.rules.machine import Handler, pop, register
from maria.games.friedrich.rules.state import in_game, nation_name, oo_taken, role_of
from maria.games.friedrich.rules.state import Info


def relaxed(state: dict, nation: str) -> bool:
    """§11: Sweden once Russia has left; Austria and the Imperials once the Imperials changed
    controller (ruling: "et/ou" read as both)."""
    if nation == "sweden":
        return "russia" in state["left"]
    if nation in ("austria", "imperial_army"):
        return bool(state["fate"]["imperial_changed"])
    return False


def winners(state: dict, info: Info) -> list[str]:
    """The aggressor nations meeting their victory condition now (with the advanced Offensive
    Option, §13: Prussia holding its 14 Bohemian objectives; Austria with its 4 declared)."""
    out = [
        n
        for n in T.AGGRESSORS
        if in_game(state, n) and (holds_all(state, info, n, relaxed(state, n)) or _compensated(state, info, n))
    ]
    return (hooks.call("victory_extra", state, info) + out) if "adv" in state else out


def _compensated(state: dict, info: Info, nation: str) -> bool:
    if nation != "austria" or not oo_taken(state):
        return False
    cities = info.board.objectives_of(nation, 1 if relaxed(state, nation) else None)
    return hooks.call("austria_compensation", state, info, cities)


def declare(state: dict, nations: list[str], reason: str) -> None:
    roles = []
    for n in nations:
        r = role_of(state, n)
        if r and r not in roles:
            roles.append(r)
    state["result"] = {"winners": roles, "nations": list(nations), "turn": state["turn"], "reason": reason}
    log(
        state,
        f"The game ends: {', '.join(nation_name(n) for n in nations)} win{'s' if len(nations) == 1 else ''}"
        f" ({reason}).",
    )


@register("end_of_turn")
class EndOfTurn(Handler):
    """Steps: 0 victory check; 1 the Fate draw (from turn 6); 2 victory after the draw and
    Frederick's win; 3 the next turn begins (temporary modifiers of this turn lapse)."""

    @staticmethod
    def auto(state: dict, info: Info, frame: dict) -> bool:
        step = frame["step"]
        frame["step"] += 1
        if step == 0:
            won = winners(state, info)
            if won:
                declare(state, won, "every objective of its colour held at the end of the turn")
        elif step == 1:
            if state["turn"] >= T.FIRST_FATE_TURN:
                draw_fate(state, info)
        elif step == 2:
            won = winners(state, info)
            if won:
                declare(state, won, "the objectives it needs held after the Fate card")
            elif all(n in state["left"] for n in T.LEAVERS_FOR_FREDERICK):
                declare(state, ["prussia", "hanover"], "Russia, Sweden and France have left: the Clock stops")
        else:
            state["turn"] += 1
            hooks.call("new_turn", state)
            state["mods"] = [m for m in state["mods"] if m["turn"] >= state["turn"]]
            state["fate"]["used"] = []
            pop(state)
        return True
