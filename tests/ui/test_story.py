"""The story of a game (issue "learn and review", item 3): per-turn figures read from the record
agree with the game's own states; the screen opens from the replay viewer and saves a PNG."""

from __future__ import annotations

import pygame

from maria.paths import resource_root
from maria.games.maria.rules.state import troops_total
from maria.record.saves import load_game
from maria.ui.replay_viewer import ReplayBoard
from maria.ui.story import game_story
from maria.ui.story_scene import StoryScene


def test_the_story_agrees_with_the_games_states():
    rec = load_game(resource_root() / "saves" / "intro-3p-finished.yaml")
    s = game_story(rec)
    assert s["turns"][0] == 1 and s["turns"][-1] == "end"
    for p in s["troops"]:
        assert s["troops"][p][-1] == troops_total(rec.state, p)
        assert s["cards"][p][-1] == len(rec.state["cards"]["hands"][p])
    won = sum(b["won"] for b in s["battles"].values())
    lost = sum(b["lost"] for b in s["battles"].values())
    assert won == lost and won == len([e for e in rec.state["log"] if " defeated and lose" in e["text"]])
    assert len(s["leaders"]) == len(s["turns"])
    assert s["largest"] == sorted(s["largest"], key=lambda t: (-t[0], t[1]))


def test_the_story_opens_from_the_viewer_and_saves_a_png(ui, dirs):
    ui.press("load")
    ui.press(("watch", "intro-3p-finished.yaml"))
    ui.settle()
    assert isinstance(ui.top, ReplayBoard)
    ui.press("story", scene=ui.top)
    assert isinstance(ui.top, StoryScene)
    ui.press("export")
    out = ui.top.saved
    assert out and pygame.image.load(out).get_size() == (1920, 1080)
    ui.press("close")
    assert isinstance(ui.top, ReplayBoard)
