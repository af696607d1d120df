"""Random self-play of MARIA through the door only (used by the fuzz tests and `python -m maria
selfplay`): the random legal player of maria.players.random_moves plays every role, and the rule
paths each game reached are counted from its log."""

from __future__ import annotations

from maria import games
from maria.lab import fuzz
from maria.players.random_moves import fill, is_rarer, random_action, random_payment  # noqa: F401  (re-exported: the fuzz tests fill templates as the fuzzer does)


STAT_PATTERNS = {
    "combats": " attacks ",
    "retreats": "retreats the defeated",
    "no_retreat_eliminations": "No retreat of the full distance",
    "generals_removed": "is removed from the board",
    "conquests": " conquers ",
    "retroactive_conquests": "is no longer protected",
    "question_marks": "it is marked '?'",
    "hussar_taxes": "hussar tax",
    "out_of_supply": "is out of supply",
    "winter_reentries": "re-enters.",
    "train_reentries": "supply train re-enters",
    "trains_eliminated": "supply train.",
    "recruitments": " recruits ",
    "transfers": "transfers troops",
    "peace_offers": "offers Austria a temporary peace",
    "annexations": "Silesia becomes Prussian home country",
    "subsidy_contracts": "Subsidy contract:",
    "subsidy_cancellations": "is cancelled by mutual agreement",
    "subsidy_payments": "(subsidy)",
    "disputes": "disputes the order of moves",
    "stack_consents": "agrees that",
    "neutrality_ends": "neutrality ends",
    "relocations": "leaves neutral",  # R19.3.3 (RUL-A18)
    "saxon_homecomings": "returns home (his set-up city is occupied)",
    "offmap_blockers": "makes way for a general returning",  # R17.6.7 (RUL-A15)
    "expedition_payments": "(expeditionary corps)",  # R17.6.4 (RUL-A14)
    "commanders_chosen": "is the supreme commander of the stack",  # R6.2 equal ranks (RUL-06)
    "offmap_returns": "returns from the off-map box",  # R17.6.7
}


def rule_stats(state: dict) -> dict[str, int]:
    """How often each rule path fired in a game, read from its log (for the fuzz report)."""
    out = {k: 0 for k in STAT_PATTERNS}
    for e in state["log"]:
        t = e["text"]
        for k, pat in STAT_PATTERNS.items():
            if pat in t:
                if k == "winter_reentries" and "supply train" in t:
                    continue
                out[k] += 1
    return out


def victory_kind(state: dict) -> str | None:
    r = state["result"]
    if r is None:
        return None
    if "winter scores" in r["reason"]:
        return f"{r['winner']}:winter"
    return f"{r['winner']}:{'turn9' if 'Turn 9' in r['reason'] else 'instant'}"


def play_random_game(
    seed: int,
    players: int = 3,
    board=None,
    max_actions: int = 20000,
    check=None,
    trace: list | None = None,
    variant: str = "intro",
    options: dict | None = None,
) -> dict:
    """Play one MARIA game with random legal actions (the fuzzer, maria.lab.fuzz); returns a summary
    dict (with "actions_list": the [role, action] pairs played, enough to replay the game through
    the door).  `check(state)` sees every state; `trace`, if given, receives those pairs as they are
    played (so a failing check can report them)."""
    out = fuzz.random_game(
        games.get("maria"),
        seed,
        players,
        variant=variant,
        options=options,
        board=board,
        check=(lambda state, n: check(state)) if check else None,
        max_actions=max_actions,
        trace=trace,
    )
    state, n, dt = out["state"], out["actions"], out["seconds"]
    return {
        "seed": seed,
        "players": players,
        "actions": n,
        "turn": state["turn"],
        "result": state["result"],
        "seconds": round(dt, 3),
        "ms_per_action": round(1000 * dt / max(n, 1), 3),
        "state": state,
        "actions_list": out["actions_list"],
        "stats": rule_stats(state),
        "victory": victory_kind(state),
    }
