"""Sound, quietly (issue "see the war", item 8): the board plays a short synthesised effect for
what just happened; volume and mute are saved settings; a machine without sound stays silent."""

from __future__ import annotations

from maria.ui import sound

from tests.ui.test_nothing_lost import _louis_first_move
from tests.ui.test_play import _open


def test_effects_follow_the_log():
    assert sound.effects_for([{"text": "Belle-Isle moves Auerbach → Nabburg (2 cities)."}], False) == ["march"]
    assert sound.effects_for(
        [{"text": "Austria plays the 4 of hearts: score +1."}, {"text": "Neipperg is defeated and loses 2 troops."}],
        False,
    ) == ["card", "battle"]
    assert sound.effects_for([{"text": "France conquers Pilsen from Austria."}], True) == ["conquest", "end"]
    assert sound.play("march", 60, muted=True) is False and sound.play("march", 0, muted=False) is False


def test_a_move_on_the_board_sounds_a_march_at_the_set_volume(ui, monkeypatch):
    played = []
    monkeypatch.setattr(sound, "play", lambda name, volume, muted: played.append((name, volume, muted)))
    session = _louis_first_move()
    board = _open(ui, session, "louis_xv")
    ui.app.settings.volume = 30
    from maria.ui.moves import reach

    opts = reach(session.state, "belle_isle").options("nabburg")
    board._do_move("belle_isle", *opts[0])
    assert ("march", 30, False) in played


def test_volume_and_mute_are_kept(ui, dirs):
    from maria.ui.settings import Settings

    ui.press("settings")
    ui.press("vol-")
    ui.press("mute")
    s = Settings.load()
    assert s.volume == 50 and s.muted is True


def test_a_closed_mixer_never_raises():
    """The mixer shut down between two sounds (pygame.quit in a test, a lost audio device): the next
    sound is made again or skipped, never an error."""
    import pygame

    sound.play("card", 50, False)
    pygame.mixer.quit()
    assert sound.play("card", 50, False) in (True, False)
