"""Score the leader measure (maria.players.leader) offline on advanced 3-player games: at the start of
every action stage, who does each role think is closest to victory, by the pools alone (the
evaluation's old reading: the largest closeness K / (pool + K)) and by the leader measure (pools at
each power's pace and the next stage's expected markers, from that role's view)?

    python tools/leader_score.py replays DIR [DIR ...]      # the games of tournament --out DIR
    python tools/leader_score.py easy FIRST COUNT           # all-easy games played here

Reports, per reading: how often Maria Theresa is read as the leader, and how often the game's
winner is read as the leader at the start of the stage he wins in and of the stage before it
(from the views of the two other roles).
"""

from __future__ import annotations

import copy
import glob
import os
import sys

from maria.players import evaluate_advanced as EA
from maria.players import leader
from maria.players.next_stage import assess
from maria.players.resample import observe
from maria.games.maria.rules import door
from maria.games.maria.rules import roles as R

ACTION_STAGES = {"+".join(x) for x in R.ACTION_STAGES}
# the leader measure with its shipped paces ("leader") and with others, to compare them
PACES = {
    "leader": dict(leader.PACE),
    "pace-b": {"france": 2.0, "prussia": 1.6, "austria": 0.8, "pragmatic_army": 0.6},
    "pace-c": {"france": 2.0, "prussia": 1.8, "austria": 1.2, "pragmatic_army": 0.9},
}


class StageStarts:
    """Collects a copy of the first state of each (turn, action stage) of a game."""

    def __init__(self):
        self.states: list[dict] = []
        self.seen: set = set()

    def __call__(self, st: dict) -> None:
        key = (st["turn"], st.get("stage"))
        if key not in self.seen and st.get("stage") in ACTION_STAGES and not door.is_over(st):
            self.seen.add(key)
            self.states.append(copy.deepcopy(st))


def score_game(starts: list[dict], final: dict, tally: dict) -> None:
    winner = (final.get("result") or {}).get("winner")
    for k, st in enumerate(starts):
        last = k >= len(starts) - 2  # the winning stage or the one before it
        pools = EA.effective_pools(st)
        sc = EA.role_scores(st, pools)
        old = max(sc, key=lambda r: (sc[r], r))
        for role in st["roles"]:
            if role == winner:
                continue
            threat = dict(assess(observe(st, role), role).expected_vm)
            tops = [("pools", old)]
            for name, pace in PACES.items():
                saved = dict(leader.PACE)
                leader.PACE.update(pace)
                try:
                    tops.append((name, leader.role_order(st, pools, threat)[0]))
                finally:
                    leader.PACE.update(saved)
            for name, top in tops:
                t = tally.setdefault(name, {"n": 0, "mt": 0, "late": 0, "late_hit": 0})
                t["n"] += 1
                t["mt"] += top == "maria_theresa"
                if last and winner:
                    t["late"] += 1
                    t["late_hit"] += top == winner
                    w = t.setdefault("by_winner", {}).setdefault(winner, [0, 0])
                    w[0] += top == winner
                    w[1] += 1


def report(tally: dict, games: int) -> None:
    print(f"{games} games")
    for name, t in tally.items():
        print(
            f"  {name:7s}: Maria Theresa read as the leader in {t['mt']}/{t['n']} role-stage views; "
            f"the winner read as the leader at the start of his last two stages in "
            f"{t['late_hit']}/{t['late']} ("
            + ", ".join(f"{w}: {a}/{b}" for w, (a, b) in sorted(t.get("by_winner", {}).items()))
            + ")"
        )


def main() -> int:
    mode = sys.argv[1]
    tally: dict = {}
    games = 0
    if mode == "replays":
        from maria.record.saves import load_game

        for d in sys.argv[2:]:
            for f in sorted(glob.glob(os.path.join(d, "*.yaml"))):
                starts = StageStarts()
                rec = load_game(f, replay=True, on_state=starts)
                score_game(starts.states, rec.state, tally)
                games += 1
    else:
        from maria.players import decide, make_player

        first, count = int(sys.argv[2]), int(sys.argv[3])
        for seed in range(first, first + count):
            s = door.new_game("advanced", 3, seed)
            ps = {r: make_player("easy", seed * 1009 + i) for i, r in enumerate(sorted(door.ROLES[3]))}
            starts = StageStarts()
            while not door.is_over(s):
                starts(s)
                r = door.active_roles(s)[0]
                s = door.apply(s, r, decide(s, r, ps[r]))
            score_game(starts.states, s, tally)
            games += 1
    report(tally, games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
