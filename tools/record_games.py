"""Record the equivalence games (tests/data/equivalence_games.json.gz): random games (the
fuzzer's random player) and games of easy computer players, both variants, 2 and 3 players, as
action logs plus the digest of the final state (maria.record.replay.state_digest).

tests/test_equivalence_games.py replays the logs through maria.games.maria.rules.door and checks that every
game ends in exactly the recorded state: the proof that a restructuring of the engine changed no
game.  Recorded once, before the restructuring of 2026-11-27 (branch `layout`):

    python3 tools/record_games.py PART OUT.json     # PART: random or easy
"""

from __future__ import annotations

import json
import sys

from maria.record.replay import state_digest
from maria.games.maria.rules import door

RANDOM_PER_KIND = 30  # per (variant, players): 120 random games
EASY_PER_KIND = 20  # per (variant, players): 80 easy games
KINDS = [(v, p) for v in ("intro", "advanced") for p in (2, 3)]


def _random_play():
    try:
        from maria.lab.selfplay import play_random_game
    except ImportError:  # the layout before maria.lab existed
        from maria.games.maria.rules.selfplay import play_random_game
    return play_random_game


def record_random() -> list[dict]:
    play = _random_play()
    out = []
    for variant, players in KINDS:
        for seed in range(RANDOM_PER_KIND):
            s = play(seed, players, variant=variant)
            out.append(
                {
                    "kind": "random",
                    "variant": variant,
                    "players": players,
                    "seed": seed,
                    "actions": s["actions_list"],
                    "digest": state_digest(s["state"]),
                }
            )
            print("random", variant, players, seed, s["actions"], flush=True)
    return out


def record_easy() -> list[dict]:
    from maria.players.tournament import play_game

    out = []
    for variant, players in KINDS:
        for seed in range(EASY_PER_KIND):
            rec = play_game(variant, players, seed, {r: "easy" for r in door.ROLES[players]})
            out.append(
                {
                    "kind": "easy",
                    "variant": variant,
                    "players": players,
                    "seed": seed,
                    "actions": [[e["role"], e["action"]] for e in rec.actions],
                    "digest": state_digest(rec.state),
                }
            )
            print("easy", variant, players, seed, len(rec.actions), flush=True)
    return out


if __name__ == "__main__":
    part, path = sys.argv[1], sys.argv[2]
    games = record_random() if part == "random" else record_easy()
    with open(path, "w", encoding="utf-8") as f:
        json.dump(games, f, separators=(",", ":"))
