"""The largest save each game writes: long random games of MARIA (both variants, 2 and 3 players)
and FRIEDRICH (3 and 4 players, standard and advanced), played through the game records the window
uses (undo snapshots kept, as in a game saved mid-turn), the save written after every action whose
state is the largest of its game so far (by a cheap estimate, undo snapshots and log, that grew
by 3% at least since the last one written).  Prints, per game, the largest file in bytes, its values
(lines + commas: what maria.yamlio counts before parsing) and the longest log, against the bounds
the program applies (maria.record.saves, maria.record.friedrich_saves).

    python tools/save_bounds.py [--games N] [--seed S]

The bounds are these maxima with a margin (see the modules' comments); tests/ui/test_load_screen.py
opens the largest save of a few such games from the Load screen.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _measure(text: str) -> tuple[int, int]:
    return len(text.encode("utf-8")), text.count("\n") + text.count(",") + text.count("\r")


def maria_games(n: int, seed: int, max_actions: int = 4000):
    """(label, (final save, actions), (largest save, actions)) for n random MARIA games of
    each set-up."""
    from maria.lab import selfplay
    from maria.engine import rng
    from maria.record.game import GameRecord
    from maria.record.saves import dump_save

    for variant in ("intro", "advanced"):
        for players in (2, 3):
            for g in range(n):
                s = seed + g
                rec = GameRecord.new(variant=variant, players=players, seed=s)
                chooser = {"rng": rng.seed_state(s)}
                best, best_size = None, -1
                for _ in range(max_actions):
                    roles = rec.active_roles()
                    if not roles:
                        break
                    rec.apply(roles[0], selfplay.random_action(rec.state, roles[0], chooser))
                    size = len(json.dumps(rec.state["undo"])) + 60 * len(rec.actions)
                    if size > best_size * 1.03:  # the cheap estimate picks when to write
                        best_size, best = size, (dump_save(rec), len(rec.actions))
                yield f"MARIA {variant} {players}p seed {s}", (dump_save(rec), len(rec.actions)), best


def friedrich_games(n: int, seed: int, max_actions: int = 20000):
    from maria.record import friedrich_saves as fsaves
    from maria.players.friedrich.random_moves import RandomPlayer
    from maria.games.friedrich.rules import door

    for advanced in (False, True):
        for players in (3, 4):
            for g in range(n):
                s = seed + g
                rec = fsaves.FRecord.new(players, s, {"advanced": True} if advanced else {})
                rnd = RandomPlayer(s)
                best, best_size = None, -1
                for _ in range(max_actions):
                    roles = door.active_roles(rec.state)
                    if not roles or door.is_over(rec.state):
                        break
                    rec.apply(roles[0], rnd.decide(rec.state, roles[0]))
                    size = len(json.dumps(rec.state.get("undo", []))) + 60 * len(rec.actions)
                    if size > best_size * 1.03:
                        best_size, best = size, (_fdump(rec), len(rec.actions))
                label = f"FRIEDRICH {'advanced' if advanced else 'standard'} {players}p seed {s}"
                yield label, (_fdump(rec), len(rec.actions)), best


def _fdump(rec) -> str:
    from maria import yamlio
    from maria.record import friedrich_saves as fsaves

    return yamlio.dump_text(fsaves.save_document(rec))


def largest(games) -> dict:
    top = {"bytes": (0, ""), "values": (0, ""), "actions": (0, ""), "text": ""}
    for label, final, best in games:
        for text, n in (final, best):
            b, v = _measure(text)
            if b > top["bytes"][0]:
                top["bytes"] = (b, f"{label}, after {n} actions")
                top["text"] = text
            if v > top["values"][0]:
                top["values"] = (v, f"{label}, after {n} actions")
        if final[1] > top["actions"][0]:
            top["actions"] = (final[1], label)
    return top


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3, help="games of each set-up")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=None, help="folder for the largest save of each game")
    args = ap.parse_args(argv)
    from maria.record import saves
    from maria.record import friedrich_saves as fsaves

    for name, games, bounds in (
        ("MARIA", maria_games(args.games, args.seed), saves),
        ("FRIEDRICH", friedrich_games(args.games, args.seed), fsaves),
    ):
        t0 = time.perf_counter()
        top = largest(games)
        print(
            f"{name}: largest save {top['bytes'][0]:,} bytes ({top['bytes'][1]}), "
            f"{top['values'][0]:,} values ({top['values'][1]}), longest log {top['actions'][0]:,} actions "
            f"({top['actions'][1]}); bounds {bounds.MAX_BYTES:,} bytes, {bounds.MAX_VALUES:,} values, "
            f"{bounds.MAX_ACTIONS:,} actions; {time.perf_counter() - t0:.0f} s",
            flush=True,
        )
        if args.out:
            Path(args.out).mkdir(parents=True, exist_ok=True)
            (Path(args.out) / f"{name.lower()}-largest.yaml").write_text(top["text"], encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
