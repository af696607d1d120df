"""The story of a game (issue "learn and review"): figures per turn — fortresses held, troops on
the board and cards in hand per power, victory markers left in each pool (advanced) — the battles
won and lost per power with the largest ones, and who led when; read from a game record by
replaying it (public facts only: what any player saw on the table)."""

from __future__ import annotations

import re

from maria.record.game import GameRecord
from maria.games.maria.rules import door
from maria.games.maria.rules.state import board_info, troops_total
from maria.games.maria.rules.victory import status as victory_status
from maria.ui.session import fortress_counts

_ATTACK = re.compile(r"^(.*) \((\d+)\) attacks (.*) \((\d+)\): initial score")


def game_story(record: GameRecord) -> dict:
    """{"turns": [...], "fortresses"|"troops"|"cards"|"pools": {power: [value per turn]},
    "battles": {power: {"won", "lost", "ties"}}, "largest": [(troops, text, winner)], "leaders":
    [(turn, power)]} — each series has one value per turn start and one for the end."""
    st = GameRecord.new(
        variant=record.variant, players=record.players, seed=record.seed, options=dict(record.options)
    ).state
    powers = sorted(p for ps in st["roles"].values() for p in ps)
    race: dict[str, list] = {"france": [], "prussia": []}  # the introductory victory counts (§14)
    series = {k: {p: [] for p in powers} for k in ("fortresses", "troops", "cards")}
    pools: dict[str, list] = {}
    turns: list = []

    def snapshot(s: dict, label) -> None:
        turns.append(label)
        forts = fortress_counts(s)
        for p in powers:
            series["fortresses"][p].append(forts.get(p, 0))
            series["troops"][p].append(troops_total(s, p))
            series["cards"][p].append(len(s["cards"]["hands"].get(p, [])))
        for p, n in ((s.get("adv") or {}).get("pools") or {}).items():
            pools.setdefault(p, []).append(n)
        if s["variant"] == "intro":
            vic = victory_status(s, board_info(s))
            race["france"].append(vic["france"])
            race["prussia"].append(vic["prussia"])

    turn = None
    for a in record.actions:
        # a turn's figures once its play begins (turn 1: after the secret allocation of troops)
        if st["turn"] != turn and not (st["flow"] and st["flow"][-1].get("name") == "allocation"):
            turn = st["turn"]
            snapshot(st, turn)
        st = door.apply(st, a["role"], a["action"])
    snapshot(st, "end")
    battles = {p: {"won": 0, "lost": 0, "ties": 0} for p in powers}
    largest = []
    current = None
    for e in st["log"]:
        m = _ATTACK.match(e["text"])
        if m:
            current = {
                "attacker": e.get("power"),
                "size": int(m.group(2)) + int(m.group(4)),
                "text": e["text"],
                "turn": e["turn"],
                "defender": None,
            }
            continue
        if current is None:
            continue
        if "ends in a tie" in e["text"]:
            for p in (current["attacker"], e.get("power")):
                if p in battles:
                    battles[p]["ties"] += 1
            largest.append((current["size"], current["turn"], current["text"], None))
            current = None
        elif " defeated and lose" in e["text"]:
            loser = e.get("power")
            winner = current["attacker"] if loser != current["attacker"] else None
            if loser in battles:
                battles[loser]["lost"] += 1
            if winner is None:  # the attacker lost: the winner is the defender
                winner = _defender(st, current["text"])
            if winner in battles:
                battles[winner]["won"] += 1
            largest.append((current["size"], current["turn"], current["text"], winner))
            current = None
    largest.sort(key=lambda t: (-t[0], t[1]))
    leaders = _leaders(st, turns, race, pools)
    return {
        "turns": turns,
        **series,
        "pools": pools,
        "battles": battles,
        "largest": largest[:5],
        "leaders": leaders,
        "variant": record.variant,
        "race": race if record.variant == "intro" else {},
    }


def _defender(state: dict, text: str) -> str | None:
    """The power of the defending general named in an attack line."""
    m = _ATTACK.match(text)
    name = m.group(3).split("+")[0].strip() if m else ""
    for g in state["generals"].values():
        if g["name"] == name:
            return g["power"]
    return None


def _leaders(state: dict, turns, race, pools) -> list[tuple]:
    """Who led at each turn start, as a role: introductory game, the attacker nearer his target
    (France 9, Prussia 12, §14), Maria Theresa while neither has a third of it; advanced game, the
    power with the fewest victory markers left (§23)."""
    role_of = {p: r for r, ps in state["roles"].items() for p in ps}
    out = []
    for i, t in enumerate(turns):
        if state["variant"] == "advanced" and pools:
            lead = min(pools, key=lambda p: (pools[p][i] if i < len(pools[p]) else 99, p))
        else:
            fr, pr = race["france"][i] / 9, race["prussia"][i] / 12
            lead = "austria" if max(fr, pr) < 1 / 3 else ("france" if fr >= pr else "prussia")
        out.append((t, role_of.get(lead, lead)))
    return out
