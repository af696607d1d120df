"""FRIEDRICH computer-vs-computer matches (whole games to §12; no rule of its own;
`python -m maria tournament --game friedrich ...`): whole
games through the door, every player deciding from its role's view, seats rotated, the share of
games won by level a with its Wilson 95% interval (maria.players.tournament.wilson), outcomes per
seat and decision times per level.

Seating.  "solo": a takes each role in turn, b the others.  "mixed": a takes every set of one or
more seats but not all (4 players: the 6 ways of 2 seats each plus the 4 solo and 4 triple ones;
3 players: 3 solo and 3 double), so that a level plays every seat as often as the other and
identical levels score 50%.  `seat`: a in that one role in every game, b in the others.  A game
scores 1 for a when every winner sits in a's seats, 0 when every winner sits in b's, 1/2 when both
have winners (§12: aggressors may win together); the wins of each role are counted too (a shared
win split).

The games are played with the code of conduct (§5) on, as the window sets it whenever a computer
plays, unless `conduct` is False."""

from __future__ import annotations

import itertools
import statistics
import time

from pathlib import Path

from maria.games.friedrich.rules import door
from maria.games.friedrich.rules.state import CONDUCT_OPTION
from maria.players.friedrich import decide, make_player
from maria.players.tournament import wilson


def seat_groups(roles: list[str], seating: str) -> list[tuple[str, ...]]:
    if seating == "solo":
        return [(r,) for r in roles]
    out = []
    for k in range(1, len(roles)):
        out += list(itertools.combinations(roles, k))
    return out


def play_game(
    players: int,
    seed: int,
    seats: dict[str, str],
    times: dict | None = None,
    searched: dict | None = None,
    max_actions: int = 30000,
    options: dict | None = None,
    actions: list | None = None,
) -> dict:
    """One game; seats: role -> level; options: the game's (e.g. {"advanced": True}, §13);
    `actions`, if given, receives every {"role", "action"} taken.  Returns the final state."""
    s = door.new_game(players, seed, options=options)
    ps = {r: make_player(lvl, seed * 1009 + i) for i, (r, lvl) in enumerate(sorted(seats.items()))}
    n = 0
    while not door.is_over(s):
        roles = door.active_roles(s)
        if not roles:
            raise RuntimeError(f"dead end (seed {seed})")
        r = roles[0]
        t0 = time.perf_counter()
        a = decide(s, r, ps[r])
        dt = time.perf_counter() - t0
        if times is not None:
            times.setdefault(seats[r], []).append(dt)
            if (
                searched is not None
                and s["flow"][-1]["name"] == "movement"
                and seats[r] in ("normal", "hard", "hard-search")
            ):
                searched.setdefault(seats[r], []).append(dt)
        s = door.apply(s, r, a)
        if actions is not None:
            actions.append({"role": r, "action": a})
        n += 1
        if n > max_actions:
            raise RuntimeError(f"runaway game (seed {seed})")
    return s


def save_replay(folder: str, players: int, seed: int, seats: dict, options: dict, actions: list) -> Path:
    """The game as a save file (maria.record.friedrich_saves) in `folder`, rebuilt from its
    actions through the door, so that `python -m maria replay` and the window open it."""
    from maria.record import friedrich_saves as fsaves

    rec = fsaves.FRecord.new(players, seed, options, {r: {"kind": "computer", "level": lv} for r, lv in seats.items()})
    for x in actions:
        rec.apply(x["role"], x["action"])
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    levels = "-".join(f"{r}_{seats[r]}" for r in sorted(seats))
    return fsaves.save(path / f"friedrich-{players}p-seed{seed}-{levels}.yaml", rec)


def run(
    players: int,
    games: int,
    a: str,
    b: str,
    seed: int = 0,
    seating: str = "mixed",
    log=print,
    seat: str | None = None,
    conduct: bool = True,
    out: str | None = None,
) -> dict:
    roles = sorted(door.new_game(players, 0)["roles"])
    if seat is not None and seat not in roles:
        raise ValueError(f"--seat must be one of {', '.join(roles)} with {players} players, not {seat!r}")
    groups = [(seat,)] if seat is not None else seat_groups(roles, seating)
    options = {CONDUCT_OPTION: True} if conduct else {}
    wins = {r: 0.0 for r in roles}
    score = 0.0
    errors = 0
    n = 0
    per_seat: dict[str, list[float]] = {r: [] for r in roles}
    times: dict[str, list[float]] = {}
    searched: dict[str, list[float]] = {}
    for i in range(games):
        g = groups[i % len(groups)]
        sd = seed + i
        seats = {r: (a if r in g else b) for r in roles}
        t0 = time.perf_counter()
        try:
            acts: list | None = [] if out else None
            s = play_game(players, sd, seats, times, searched, options=options, actions=acts)
            if out:
                save_replay(out, players, sd, seats, options, acts or [])
        except Exception as exc:
            errors += 1
            log(f"game {i} seed {sd}: ERROR {type(exc).__name__}: {exc}")
            continue
        w = s["result"]["winners"]
        wa = [r for r in w if r in g]
        pts = 1.0 if wa and len(wa) == len(w) else (0.5 if wa else 0.0)
        score += pts
        n += 1
        for r in g:
            per_seat[r].append(pts)
        for r in w:
            wins[r] += 1 / len(w)
        log(
            f"game {i} seed {sd}: {a} in {'+'.join(g)}; winners {'+'.join(w)} (turn {s['turn']}); "
            f"{a} {pts:g}; {time.perf_counter() - t0:.1f} s",
            flush=True,
        )
    lo, hi = wilson(round(score), n) if n else (0.0, 1.0)
    log(
        f"{a} vs {b}, {players} players, {'seat ' + seat if seat else seating + ' seating'}, "
        f"code of conduct {'on' if conduct else 'off'}, seeds {seed}..{seed + games - 1}: "
        f"{a} scores {score:g} of {n} ({100 * score / max(1, n):.1f}%, 95% interval {100 * lo:.0f}-{100 * hi:.0f}%), "
        f"{errors} errors"
    )
    for r in roles:
        v = per_seat[r]
        if v:
            log(f"  {a} as {r}: {sum(v):g} of {len(v)}")
    for r in roles:
        lo_r, hi_r = wilson(round(wins[r]), n) if n else (0.0, 1.0)
        log(
            f"  {r} wins {wins[r]:g} of {n} ({100 * wins[r] / max(1, n):.1f}%, "
            f"95% interval {100 * lo_r:.0f}-{100 * hi_r:.0f}%)"
        )
    for lvl, v in sorted(times.items()):
        log(f"  {lvl}: {len(v)} decisions, median {1000 * statistics.median(v):.1f} ms, worst {1000 * max(v):.0f} ms")
    for lvl, v in sorted(searched.items()):
        log(
            f"  {lvl} movement-phase decisions (searched): {len(v)}, median {1000 * statistics.median(v):.0f} ms, "
            f"worst {1000 * max(v):.0f} ms"
        )
    return {"score": score, "games": n, "errors": errors, "wilson": (lo, hi), "times": times, "wins": wins}


def command(args, players: int, progress) -> int:
    """`python -m maria tournament --game friedrich` (maria.cli): seats mixed or solo as asked, or
    a in the one role `--seat` names."""
    try:
        res = run(
            players,
            args.games,
            args.a,
            args.b,
            args.seed,
            seating="mixed" if args.seating == "mixed" else "solo",
            seat=getattr(args, "seat", None),
            conduct=not getattr(args, "no_conduct", False),
            out=args.out,
        )
    except ValueError as exc:
        print(f"error: {exc}")
        return 2
    return 1 if res["errors"] else 0
