"""Every button and every piece of board furniture explains itself when the mouse rests on it
(issue "see the war", item 3), through the real loop."""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from maria.ui import tips
from maria.ui.board_scene import BoardScene
from maria.ui.overlays import HandoffScene, RulesScene, SettingsScene
from maria.ui.game_menu import GameMenuScene, GameOverScene
from maria.ui.save_load import SaveLoadScene
from maria.ui.scenes import SetupScene
from maria.ui.session import Session

RULES = Path(__file__).resolve().parents[2] / "maria" / "games" / "maria" / "rules"


def _untipped(scene) -> list[str]:
    return [
        f"{type(scene).__name__}:{b.key!r} ({b.label})"
        for b in scene.buttons
        if not tips.button_tip(b) or tips.button_tip(b).strip() == b.label.strip()
    ]


def _board(ui, variant, players=3):
    board = BoardScene(ui.app, Session.new(variant, players, 0))
    board.seat = "louis_xv"
    board.refresh()
    ui.app.scenes = [ui.app.scenes[0], board]
    ui.frames(2)
    return board


def test_every_engine_decision_has_a_tooltip():
    types = set()
    for path in RULES.rglob("*.py"):
        types |= set(re.findall(r'"type": "([a-z_]+)"', path.read_text(encoding="utf-8")))
    assert len(types) > 30
    assert not sorted(t for t in types if t not in tips.ACTION_TIPS)


def test_every_button_of_every_screen_has_a_tooltip(ui):
    missing = _untipped(ui.top)  # the title screen
    for make in (lambda: SetupScene(ui.app), lambda: SettingsScene(ui.app), lambda: RulesScene(ui.app, "R10.5")):
        scene = ui.app.push(make())
        ui.frames(2)
        missing += _untipped(scene)
        ui.app.pop(scene)
    for variant in ("intro", "advanced"):
        board = _board(ui, variant)
        missing += _untipped(board)
        for panel in ("legend", "notes", "victory", "politics"):
            board.panel = panel
            board.static_dirty = board.dirty = True
            ui.frames(2)
            missing += _untipped(board)
        board.panel = None
        for make in (
            lambda: HandoffScene(ui.app, "frederick", board),
            lambda: GameMenuScene(ui.app, board),
            lambda: SaveLoadScene(ui.app, "load", board),
            lambda: SaveLoadScene(ui.app, "save", board),
            lambda: GameOverScene(ui.app, board),
        ):
            scene = ui.app.push(make())
            ui.frames(2)
            missing += _untipped(scene)
            ui.app.pop(scene)
    # the guided game's lesson panel
    from tests.ui.test_learn_to_play import _start

    ui.app.scenes = [ui.app.scenes[0]]  # back to the title screen
    ui.frames(2)
    lesson = _start(ui)
    lesson._layout()
    assert lesson.lesson_buttons
    missing += [f"LessonBoard:{b.key!r} ({b.label})" for b in lesson.lesson_buttons if not tips.button_tip(b)]
    assert lesson.hover_tip(lesson.lesson_buttons[0].rect.center) == tips.button_tip(lesson.lesson_buttons[0])
    assert not sorted(set(missing))


def _rest_on(ui, pos, seconds=0.6):
    w = ui.win(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w, rel=(1, 0), buttons=(0, 0, 0)))
    ui.app.step(1 / 60)
    for _ in range(int(seconds * 60)):
        ui.app.step(1 / 60)


def test_a_tooltip_shows_after_the_mouse_rests_and_goes_when_it_moves(ui):
    board = _board(ui, "intro")
    supply = board.button("supply")
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=ui.win(supply.rect.center), rel=(1, 0), buttons=(0, 0, 0))
    )
    ui.app.step(0.05)
    assert ui.app.tip[0] is None  # asked once the mouse stops
    ui.app.step(0.05)
    assert ui.app.tip[0] and not ui.app.tip[2]  # not yet: the mouse just arrived
    _rest_on(ui, supply.rect.center)
    assert ui.app.tip[2] and "supply train" in ui.app.tip[0]
    # drawn on the canvas where draw_tip puts it: its paper and frame around the pointer's corner
    box = tips.draw_tip(pygame.Surface((1920, 1080)), ui.app.tip[0], supply.rect.center)
    assert tuple(ui.app.canvas.get_at((box.x + 2, box.y + 2)))[:3] == (255, 250, 232)
    _rest_on(ui, (supply.rect.centerx, supply.rect.bottom + 300), 0.05)  # off the button, onto the map
    assert not ui.app.tip[2]
    assert tuple(ui.app.canvas.get_at((box.x + 2, box.y + 2)))[:3] != (255, 250, 232)


def test_the_turn_track_and_the_victory_pools_explain_themselves(ui):
    from maria.render.furniture import pool_rects, turn_box_rects

    board = _board(ui, "advanced")

    def screen(board_pt):
        x, y = board.view.to_screen(board_pt)
        return round(x) + board.lay.map.x, round(y) + board.lay.map.y

    box = turn_box_rects(board.board)[1]
    board.view.centre_on(box.center)
    board.map_dirty = board.dirty = True
    ui.frames(2)
    _rest_on(ui, screen(box.center))
    assert ui.app.tip[2] and ui.app.tip[0].startswith("Turn 1 of the turn track") and "this turn" in ui.app.tip[0]
    pool = pool_rects(board.board)["austria"]
    board.view.centre_on(pool.center)
    board.map_dirty = board.dirty = True
    ui.frames(2)
    _rest_on(ui, screen(pool.center))
    n = board.v["advanced"]["pools"]["austria"]
    assert ui.app.tip[2] and f"{n} markers left" in ui.app.tip[0] and "wins at once" in ui.app.tip[0]
    # the introductory game says the pools are not used
    board = _board(ui, "intro")
    board.view.centre_on(pool.center)
    board.map_dirty = board.dirty = True
    ui.frames(2)
    _rest_on(ui, screen(pool.center))
    assert ui.app.tip[2] and "Not used in the introductory game" in ui.app.tip[0]
