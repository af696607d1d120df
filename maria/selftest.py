"""`main.py --selftest`: prove a build works, headless — every asset and board loads, every variant
of both games (MARIA and FRIEDRICH) starts and plays 50 legal actions, a save reloads identical. Exit 0, or 1 with
the failing step."""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Callable

ACTIONS_PER_GAME = 50


def _step(name: str, fn: Callable[[], str], failures: list[str]) -> None:
    t0 = time.perf_counter()
    try:
        detail = fn()
        print(f"  ok  {name}: {detail} ({(time.perf_counter() - t0) * 1000:.0f} ms)")
    except Exception as exc:  # the selftest reports every failure instead of stopping
        failures.append(name)
        print(f"  BAD {name}: {type(exc).__name__}: {exc}")
        traceback.print_exc(limit=3, file=sys.stdout)


def _assets() -> str:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from maria.paths import assets_dir

    pygame.font.init()
    fonts = sorted((assets_dir() / "fonts").glob("*.ttf"))
    if not fonts:
        raise RuntimeError(f"no fonts in {assets_dir() / 'fonts'}")
    for f in fonts:
        pygame.font.Font(str(f), 16).render("Brüssel München ß", True, (0, 0, 0))
    icons = sorted((assets_dir() / "icon").glob("maria.*"))
    pygame.image.load(str(assets_dir() / "icon" / "maria.png"))
    return f"{len(fonts)} fonts, {len(icons)} icon files"


def _boards() -> str:
    from maria.games.maria.board import load_board
    from maria.paths import boards_dir

    board = load_board(boards_dir())
    return f"{len(board.cities)} cities, {sum(1 for _ in board.edges())} roads, all checks passed"


def _render() -> str:
    from maria.games.maria.board import load_board
    from maria.paths import boards_dir
    from maria.render.map_layer import build_map_layer

    layer = build_map_layer(load_board(boards_dir()))
    w, h = layer.surface.get_size()
    return f"map layer {w}x{h}"


def _samples() -> str:
    from maria.paths import resource_root
    from maria.record.saves import load_game

    files = sorted((resource_root() / "saves").glob("*.yaml"))
    for f in files:
        load_game(f)
    return f"{len(files)} sample games load"


VARIANTS = (("intro", 3), ("intro", 2), ("advanced", 3), ("advanced", 2))


def available_variants() -> list[tuple[str, int]]:
    """Every (variant, players) pair the program offers; each must start (a failure is a BAD step)."""
    from maria.games.maria.rules import door

    for variant, players in VARIANTS:
        door.new_game(variant, players, seed=1)
    return list(VARIANTS)


def _play(variant: str, players: int) -> Callable[[], str]:
    def run() -> str:
        from maria.record.game import GameRecord
        from maria.games.maria.rules import door
        from maria.players.random_moves import fill
        from maria.record.saves import load_game, save_game

        record = GameRecord.new(variant, players, seed=1741)
        chooser = {"rng": 12345}
        played = 0
        while played < ACTIONS_PER_GAME and not door.is_over(record.state):
            role = door.active_roles(record.state)[0]
            actions = door.legal_actions(record.state, role)
            if not actions:
                raise RuntimeError(f"no legal action for {role} after {played} actions")
            action = actions[(played * 7919 + 13) % len(actions)]
            if any(v == "choose" for v in action.values()):
                action = fill(action, record.state, chooser)
            record.apply(role, action)
            played += 1
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "selftest.yaml"
            save_game(path, record)
            again = load_game(path)
        if again.state != record.state or again.actions != record.actions:
            raise RuntimeError("the reloaded game differs from the saved one")
        return f"{played} legal actions, saved and reloaded identical"

    return run


def _friedrich_board() -> str:
    from maria.games.friedrich.board_loader import load_board

    board = load_board()
    n_roads = sum(len(v) for v in board.roads.values()) // 2
    return f"FRIEDRICH: {len(board.cities)} cities, {n_roads} roads, all checks passed"


def _friedrich_play(players: int) -> Callable[[], str]:
    def run() -> str:
        from maria.record import friedrich_saves as fsaves
        from maria.games.friedrich.rules import door

        record = fsaves.FRecord.new(players, 1756)
        played = 0
        while played < ACTIONS_PER_GAME and not door.is_over(record.state):
            state = record.state
            role = door.active_roles(state)[0]
            legal = door.legal_actions(state, role)
            actions = [a for a in legal if not any(v == "choose" for v in a.values())]
            if not actions:
                # the secret army allocation (§6) is the only template with no plain alternative:
                # spread the nation's total over its generals, 1-8 each
                a = next((x for x in legal if x["type"] == "allocate"), None)
                if a is not None:
                    n = len(a["generals"])
                    share = [a["total"] // n + (1 if i < a["total"] % n else 0) for i in range(n)]
                    actions = [{"type": "allocate", "nation": a["nation"], "armies": dict(zip(a["generals"], share))}]
            if not actions:
                raise RuntimeError(f"no plain legal action for {role} after {played} actions")
            record.apply(role, actions[(played * 7919 + 13) % len(actions)])
            door.view(record.state, role)
            played += 1
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "selftest-friedrich.yaml"
            fsaves.save(path, record)
            again = fsaves.load(path)
        if again.state != record.state or again.actions != record.actions:
            raise RuntimeError("the reloaded FRIEDRICH game differs from the saved one")
        return f"{played} legal actions, saved and reloaded identical"

    return run


def run_selftest() -> int:
    from maria import __version__

    print(f"MARIA {__version__} selftest")
    failures: list[str] = []
    _step("assets", _assets, failures)
    _step("boards", _boards, failures)
    _step("render", _render, failures)
    _step("sample games", _samples, failures)
    variants: list[tuple[str, int]] = []

    def find_variants() -> str:
        variants.extend(available_variants())
        return ", ".join(f"{v}/{p}p" for v, p in variants)

    _step("variants", find_variants, failures)
    for variant, players in variants:
        _step(f"play {variant} {players}p", _play(variant, players), failures)
    _step("FRIEDRICH board", _friedrich_board, failures)
    for players in (4, 3):
        _step(f"play FRIEDRICH {players}p", _friedrich_play(players), failures)
    if failures:
        print(f"selftest FAILED: {', '.join(failures)}")
        return 1
    print("selftest passed")
    return 0
