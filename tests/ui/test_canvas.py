"""The logical canvas scaled to the window: mouse mapping in both directions."""

import pytest

from maria.ui.canvas import LOGICAL, CanvasMap


def test_same_size_is_identity():
    m = CanvasMap(LOGICAL)
    assert m.scale == 1 and m.offset == (0, 0)
    assert m.to_logical((100, 200)) == (100, 200)


def test_smaller_window_scales_down():
    m = CanvasMap((960, 540))
    assert m.scale == pytest.approx(0.5)
    assert m.to_logical((480, 270)) == (960, 540)
    assert m.to_window((1920, 1080)) == (960, 540)


def test_wide_window_is_letterboxed_left_and_right():
    m = CanvasMap((2400, 1080))
    assert m.scale == 1 and m.offset == (240, 0)
    assert m.to_logical((240, 0)) == (0, 0)
    assert not m.inside((100, 500))
    assert m.inside((300, 500))


def test_tall_window_is_letterboxed_top_and_bottom():
    m = CanvasMap((1280, 1000))
    s = 1280 / 1920
    assert m.scale == pytest.approx(s)
    oy = m.offset[1]
    assert oy == round((1000 - 1080 * s) / 2)
    for p in [(0, 0), (1919, 1079), (960, 540), (123, 456)]:
        back = m.to_logical(m.to_window(p))
        assert abs(back[0] - p[0]) <= 2 and abs(back[1] - p[1]) <= 2


def test_relative_motion_scales():
    m = CanvasMap((960, 540))
    assert m.rel_to_logical((10, -5)) == (20, -10)
