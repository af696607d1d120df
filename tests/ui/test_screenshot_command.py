"""`python main.py --screenshot OUT --scene S`: the scenes that build their own position are drawn to
a PNG by the shipped package alone (the combat of the battle-card scene is found by the program's
own play, not by a test helper)."""

from __future__ import annotations

import pygame
import pytest

from maria.ui import shots


@pytest.mark.parametrize("scene", ["battle-card", "large-hand"])
def test_the_screenshot_scenes_of_their_own_write_a_png(dirs, tmp_path, scene):
    """The scenes that build their own position (the others are the screens the UI tests open)."""
    pygame.display.init()
    pygame.font.init()
    out = shots.screenshot(tmp_path / f"{scene}.png", (960, 540), scene=scene)
    img = pygame.image.load(str(out))
    assert img.get_size() == (960, 540)
    colours = {tuple(img.get_at((x, y))) for x in range(0, 960, 37) for y in range(0, 540, 29)}
    assert len(colours) > 8  # a drawn screen, not a blank one


def test_the_battle_card_scene_shows_an_austrian_attack():
    session = shots._combat_session(3)
    flow = [f["name"] for f in session.state["flow"]]
    assert any("combat" in n or "battle" in n for n in flow), flow
