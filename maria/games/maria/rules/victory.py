"""Victory in the introductory game (R14.3) and the 2-player introductory game (R24.1)."""

from __future__ import annotations

from maria.engine.log import log
from maria.games.maria.rules.state import controller
from maria.games.maria.rules.state import BoardInfo

LOUIS_TARGET = 9  # R14.3 fortresses in Austria controlled by France
FREDERICK_TARGET = 12  # R14.3 fortresses in Austria and/or Silesia controlled by Prussia
TARGETS = {"france": LOUIS_TARGET, "prussia": FREDERICK_TARGET}  # each attacker's R14.3 count


def counts(state: dict, info: BoardInfo) -> dict[str, int]:
    """France: fortresses in Austria it controls; Prussia: in Austria and/or Silesia (RUL-12:
    Austria = Austrian home country in play, i.e. Core-Austria in the introductory game)."""
    fr = pr = 0
    for c in info.fortresses():
        ctrl = controller(state, info, c)
        austria = info.home_of(c) == "austria"
        if austria and ctrl == "france":
            fr += 1
        if (austria or info.in_silesia(c)) and ctrl == "prussia":
            pr += 1
    return {"france": fr, "prussia": pr}


def status(state: dict, info: BoardInfo) -> dict:
    """How close each side is to winning, as the rules count it (the board's victory tracker shows
    this and nothing of its own).  Introductory game (R14.3, R24.1): each count with its target and
    the fortresses it counts.  Advanced game (R23.1, R23.3): the markers left in each major power's
    pool (empty wins at once) and the next winter scoring."""
    last = state["options"].get("last_turn", 12 if state["variant"] == "advanced" else 9)
    out = {
        "variant": state["variant"],
        "players": state["players"],
        "turn": min(state["turn"], last),
        "last_turn": last,
    }
    if state["variant"] != "intro":
        adv = state.get("adv") or {}
        out["pools"] = {p: int(n) for p, n in sorted((adv.get("pools") or {}).items())}
        out["next_winter"] = next((w for w in (3, 6, 9, 12) if w >= state["turn"] and w <= last), None)
        return out
    france, prussia, targets = [], [], []
    for c in info.fortresses():
        ctrl = controller(state, info, c)
        austria = info.home_of(c) == "austria"
        if austria or info.in_silesia(c):
            targets.append(c)  # a fortress that counts for Louis XV or Frederick
        if austria and ctrl == "france":
            france.append(c)
        if (austria or info.in_silesia(c)) and ctrl == "prussia":
            prussia.append(c)
    out.update(
        {
            "france": len(france),
            "france_target": LOUIS_TARGET,
            "france_forts": sorted(france),
            "prussia": len(prussia),
            "prussia_target": FREDERICK_TARGET,
            "prussia_forts": sorted(prussia),
            "targets": sorted(targets),
        }
    )
    return out


def _finish(state: dict, winner: str | None, reason: str) -> None:
    state["result"] = {"winner": winner, "reason": reason}
    state["flow"] = [{"name": "game"}]
    state["undo"] = []
    log(state, reason)


def check_instant(state: dict, info: BoardInfo) -> None:
    """R14.3: the game ends immediately when Louis XV or Frederick meets his condition;
    R24.1.2: in the 2-player game player A needs both at once."""
    if state["result"] is not None or state["variant"] != "intro":
        return
    n = counts(state, info)
    fr, pr = n["france"] >= LOUIS_TARGET, n["prussia"] >= FREDERICK_TARGET
    if state["players"] == 2:
        if fr and pr:
            _finish(
                state,
                "coalition",
                f"France controls {n['france']} fortresses in Austria and Prussia "
                f"{n['prussia']} in Austria/Silesia: the coalition wins.",
            )
        return
    if fr:
        _finish(state, "louis_xv", f"France controls {n['france']} fortresses in Austria: Louis XV wins.")
    elif pr:
        _finish(
            state, "frederick", f"Prussia controls {n['prussia']} fortresses in Austria and Silesia: Frederick wins."
        )


def end_of_game(state: dict, info: BoardInfo) -> None:
    """End of the last turn: Maria Theresa wins (3p); 2p: B wins if neither condition holds, else tie."""
    if state["players"] == 2:
        n = counts(state, info)
        if n["france"] < LOUIS_TARGET and n["prussia"] < FREDERICK_TARGET:
            _finish(
                state,
                "maria_theresa",
                "Turn 9 ends and neither France nor Prussia meets its condition: Maria Theresa wins.",
            )
        else:
            _finish(state, None, "Turn 9 ends with only one of the coalition's conditions met: a tie.")
        return
    _finish(state, "maria_theresa", "Turn 9 ends and no other player has won: Maria Theresa wins.")
