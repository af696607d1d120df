"""Computer-vs-computer matches (whole games to R14 / R23; no rule of its own):
`python -m maria tournament ...` (seats rotated, Wilson intervals, decision times per level, every
game written as a replay).

Seating.  "solo": player a takes each role in turn, b every other seat (with 3 players a faces two
b's, so identical players give a about one game in three).  "mixed" (3 players): a also takes
two seats against one b, rotating over all six ways to seat both levels, so a level plays as many
seats as the other and identical players give a one game in two; a "wins" when the game's winner
sits in one of a's seats.  With 2 players both seatings are the same."""

from __future__ import annotations

import math
import statistics
import time
from pathlib import Path

from maria.games.maria.rules import door

from maria.players import decide, make_player


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def play_game(
    variant: str,
    players: int,
    seed: int,
    seats: dict[str, str],
    budget: float | None = None,
    times: dict | None = None,
    max_actions: int = 20000,
    role_times: dict | None = None,
    clock: bool = False,
    agreements: bool = False,
):
    """One game; returns the GameRecord.  seats: role -> level.  `times` collects each decision's
    seconds (observation, legal actions and choice) by level, `role_times` by role.  Without the
    `clock` (the default), `hard` has no wall-clock ceiling: its counts alone bound its searches,
    so a seed plays the same game on any machine under any load (make_player)."""
    from maria.record.game import GameRecord

    options = {"agreements": True} if agreements and variant == "advanced" else None  # R21 (RUL-A38)
    rec = GameRecord.new(variant=variant, players=players, seed=seed, options=options)
    ps = {
        r: make_player(lvl, seed * 1009 + i, budget=budget if lvl in ("normal", "hard") else None, clock=clock)
        for i, (r, lvl) in enumerate(sorted(seats.items()))
    }
    n = 0
    while not door.is_over(rec.state):
        roles = door.active_roles(rec.state)
        if not roles:
            raise RuntimeError(f"dead end (seed {seed})")
        r = roles[0]
        t0 = time.perf_counter()
        a = decide(rec.state, r, ps[r])
        dt = time.perf_counter() - t0
        if times is not None:
            times.setdefault(seats[r], []).append(dt)
        if role_times is not None:
            role_times.setdefault(r, []).append(dt)
        rec.apply(r, a)
        n += 1
        if n > max_actions:
            raise RuntimeError(f"runaway game (seed {seed})")
    return rec


SEATINGS = ("solo", "mixed")


def seat_groups(roles: list[str], seating: str = "solo") -> list[tuple[str, ...]]:
    """The sets of roles player a takes, in rotation order (see the module's docstring)."""
    if seating not in SEATINGS:
        raise ValueError(f"unknown seating {seating!r} (choose from {', '.join(SEATINGS)})")
    groups = [(r,) for r in roles]
    if seating == "mixed" and len(roles) > 2:
        groups += [tuple(x for x in roles if x != r) for r in roles]
    return groups


def _play_one(job: dict) -> dict:
    """One game of a series, as a line of its results file (a worker process runs it): who sat
    where, the winner, the turn and reason it ended, each decision's seconds by level."""
    times: dict[str, list[float]] = {}
    out = {"g": job["g"], "seed": job["seed"], "group": job["group"], "seats": job["seats"]}
    try:
        rec = play_game(
            job["variant"],
            job["players"],
            job["seed"],
            job["seats"],
            job["budget"],
            times,
            clock=job["clock"],
            agreements=job.get("agreements", False),
        )
    except Exception as e:  # counted and reported, never hidden
        out["error"] = f"{type(e).__name__}: {e}"
        return out
    res = rec.state["result"]
    out.update(
        {
            "winner": res["winner"],
            "reason": res.get("reason"),
            "turn": rec.state["turn"],
            "actions": len(rec.actions),
            "agreements": sum(
                1 for e in rec.state["log"] if e["text"].startswith("Agreement ") and ") is made" in e["text"]
            ),
            "times": {k: [round(t, 4) for t in v] for k, v in times.items()},
        }
    )
    if job.get("out"):
        from maria.record.saves import save_game

        save_game(Path(job["out"]) / job["replay_name"], rec)
    return out


def _series_key(**kw) -> dict:
    """What a results file's games must share to be one series (a resumed run checks it); the
    agreements (R21) only when on, so that the files of series without them stay as they were."""
    key = {k: kw[k] for k in ("variant", "players", "games", "a", "b", "budget", "seed", "seating", "clock")}
    if kw.get("agreements"):
        key["agreements"] = True
    return key


def read_results(path) -> tuple[dict | None, list[dict]]:
    """A results file: its header (the series) and its finished games, in the order they ended.
    A line cut short by a stopped run is ignored (that game is played again)."""
    import json

    header, games = None, []
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, []
    for line in text.splitlines():
        try:
            d = json.loads(line)
        except ValueError:
            continue
        if isinstance(d, dict) and "series" in d:
            header = d["series"]
        elif isinstance(d, dict) and "g" in d:
            games.append(d)
    return header, games


def run(
    variant: str,
    players: int,
    games: int,
    a: str,
    b: str,
    budget: float | None = None,
    out: str | None = None,
    seed: int = 0,
    echo=print,
    seating: str = "solo",
    clock: bool = False,
    jobs: int | None = 1,
    results: str | None = None,
    progress=None,
    agreements: bool = False,
) -> dict:
    """A series: game g (0 <= g < games) is seed + g with a in the seats of group g % len(groups).
    `jobs` processes play the games (None: one per core; every game is the same whatever the
    number, as long as hard plays without the clock).  `results`: a JSON-lines file written as
    each game ends; a run given a file of the same series plays only the games not in it (a
    stopped series resumes), and the summary counts them all.  `progress(text)` is told the games
    done, a's wins so far with their interval and the time left."""
    import json
    import os

    roles = list(door.ROLES[players])
    groups = seat_groups(roles, seating)
    key = _series_key(
        variant=variant,
        players=players,
        games=games,
        a=a,
        b=b,
        budget=budget,
        seed=seed,
        seating=seating,
        clock=clock,
        agreements=agreements,
    )
    done: dict[int, dict] = {}
    fh = None
    if results:
        header, old = read_results(results)
        if header is not None and header != key:
            raise ValueError(f"{results} holds another series ({header}); give another results file")
        done = {d["g"]: d for d in old if 0 <= d["g"] < games}
        fh = open(results, "a", encoding="utf-8")
        if fh.tell() and not Path(results).read_bytes().endswith(b"\n"):
            fh.write("\n")  # a line cut short by a stopped run stays a line apart
        if header is None:
            fh.write(json.dumps({"series": key}) + "\n")
            fh.flush()
    outdir = Path(out) if out else None
    if outdir:
        outdir.mkdir(parents=True, exist_ok=True)
    todo = []
    for g in range(games):
        if g in done:
            continue
        group = groups[g % len(groups)]
        label = "+".join(group)
        seats = {r: (a if r in group else b) for r in roles}
        todo.append(
            {
                "g": g,
                "seed": seed + g,
                "group": label,
                "seats": seats,
                "variant": variant,
                "players": players,
                "budget": budget,
                "clock": clock,
                "agreements": agreements,
                "out": str(outdir) if outdir else None,
                "replay_name": f"{variant}-{players}p-{g:04d}-{a}-as-{label}-vs-{b}.yaml",
            }
        )
    start = time.perf_counter()
    finished = dict(done)

    def note(d: dict) -> None:
        finished[d["g"]] = d
        if fh is not None:
            fh.write(json.dumps(d) + "\n")
            fh.flush()
        if d.get("error"):
            echo(f"game {d['g']}: error {d['error']}")
        if progress is not None:
            new = len(finished) - len(done)
            w = sum(1 for x in finished.values() if x.get("winner") in x["group"].split("+"))
            n = sum(1 for x in finished.values() if not x.get("error"))
            lo, hi = wilson(w, n)
            left = (time.perf_counter() - start) / new * (games - len(finished)) if new else 0.0
            progress(
                f"{len(finished)}/{games} games, {a} wins {w}/{n} = {w / n if n else 0:.1%} "
                f"[{lo:.1%}, {hi:.1%}], about {left / 60:.0f} min left"
            )

    try:
        workers = jobs or os.cpu_count() or 1
        if workers <= 1 or len(todo) <= 1:
            for job in todo:
                note(_play_one(job))
        else:
            import concurrent.futures as cf
            import multiprocessing as mp

            with cf.ProcessPoolExecutor(
                max_workers=min(workers, len(todo)), mp_context=mp.get_context("spawn")
            ) as pool:
                for fut in cf.as_completed([pool.submit(_play_one, job) for job in todo]):
                    note(fut.result())
    finally:
        if fh is not None:
            fh.close()
    return summarize([finished[g] for g in sorted(finished)], variant, players, games, a, b, seating, echo)


def summarize(
    finished: list[dict], variant: str, players: int, games: int, a: str, b: str, seating: str = "solo", echo=print
) -> dict:
    """The series' summary from its games (a results file's lines, or a run's): a's wins per seat
    group with Wilson intervals, the games won by role, the decision times per level."""
    roles = list(door.ROLES[players])
    groups = seat_groups(roles, seating)
    labels = ["+".join(g) for g in groups]
    wins = {x: 0 for x in labels}
    ties = {x: 0 for x in labels}
    played = {x: 0 for x in labels}
    times: dict[str, list[float]] = {}
    won_by = {r: 0 for r in roles}  # every game, whoever sat where
    drawn = 0
    errors = 0
    made: list[int] = []  # agreements made per game (R21)
    for d in finished:
        role = d["group"]
        if d.get("error"):
            errors += 1
            continue
        group = role.split("+")
        played[role] += 1
        winner = d["winner"]
        wins[role] += winner in group
        ties[role] += winner is None  # 2 players: one condition met (R24.1.4)
        if winner is None:
            drawn += 1
        else:
            won_by[winner] = won_by.get(winner, 0) + 1
        for lvl, ts in d.get("times", {}).items():
            times.setdefault(lvl, []).extend(ts)
        made.append(d.get("agreements", 0))
    echo(
        f"{variant}, {players} players: {a} (rotating seats, {seating} seating) vs {b}, {games} games, {errors} errors"
    )
    total_w = total_n = 0
    width = max(14, *(len(x) for x in labels))
    for r in labels:
        lo, hi = wilson(wins[r], played[r])
        total_w += wins[r]
        total_n += played[r]
        rate = wins[r] / played[r] if played[r] else 0.0
        echo(
            f"  {a} as {r:<{width}} wins {wins[r]:>4}/{played[r]:<4} = {rate:6.1%}  95% CI [{lo:.1%}, {hi:.1%}]"
            + (f"  ties {ties[r]}" if ties[r] else "")
        )
    if len({len(g) for g in groups}) > 1:  # mixed seating: each half on its own
        for k, what in ((1, "in one seat"), (2, "in two seats")):
            w = sum(wins[x] for g, x in zip(groups, labels) if len(g) == k)
            n = sum(played[x] for g, x in zip(groups, labels) if len(g) == k)
            lo, hi = wilson(w, n)
            echo(
                f"  {a} {what:<{width + 3}} wins {w:>4}/{n:<4} = {(w / n if n else 0):6.1%}  "
                f"95% CI [{lo:.1%}, {hi:.1%}]"
            )
    lo, hi = wilson(total_w, total_n)
    echo(
        f"  {a} {'overall':<{width + 3}} wins {total_w:>4}/{total_n:<4} = "
        f"{(total_w / total_n if total_n else 0):6.1%}  95% CI [{lo:.1%}, {hi:.1%}]"
    )
    total_t = sum(ties.values())
    if total_t:
        score = total_w + 0.5 * total_t
        echo(
            f"  {a} score (win 1, tie 1/2) {score:g}/{total_n} = {score / total_n:6.1%}  "
            f"ties {total_t}, losses {total_n - total_w - total_t}"
        )
    n_games = sum(played.values())
    if n_games:  # the board's balance with these players
        echo(
            "  games won by role (all seats): "
            + ", ".join(
                f"{r} {won_by[r]}/{n_games} = {won_by[r] / n_games:.1%} "
                f"[{wilson(won_by[r], n_games)[0]:.1%}, {wilson(won_by[r], n_games)[1]:.1%}]"
                for r in roles
            )
            + (f", ties {drawn}" if drawn else "")
        )
    for lvl, ts in sorted(times.items()):
        echo(
            f"  decision time {lvl:<7} n={len(ts):<7} mean {statistics.mean(ts) * 1000:8.1f} ms  "
            f"median {statistics.median(ts) * 1000:8.1f} ms  worst {max(ts) * 1000:8.1f} ms"
        )
    if any(made):
        echo(f"  agreements made (R21): {sum(made)} in {len(made)} games, {sum(made) / len(made):.2f} a game")
    echo(f"{games} games, {errors} errors")
    return {
        "agreements": made,
        "wins": wins,
        "ties": ties,
        "played": played,
        "errors": errors,
        "times": times,
        "won_by": won_by,
        "drawn": drawn,
        "seating": seating,
    }


def command(args, players: int, progress) -> int:
    """`python -m maria tournament` for MARIA (maria.cli): the series the command line asks for."""
    try:
        res = run(
            args.variant,
            players,
            args.games,
            args.a,
            args.b,
            args.budget,
            args.out,
            args.seed,
            seating=args.seating,
            clock=args.clock,
            jobs=args.jobs,
            results=args.results,
            progress=progress,
            agreements=getattr(args, "agreements", "off") == "on",
        )
    except ValueError as e:
        print(f"error: {e}")
        return 2
    return 1 if res["errors"] else 0
