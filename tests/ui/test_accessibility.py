"""Readable by everyone (issue "see the war", item 5): every piece carries its power's letter, the
colour-blind palette keeps the six powers apart under simulated deuteranopia and protanopia
(Machado et al. 2009), and the palette is a saved setting that recolours the board at once."""

from __future__ import annotations

import itertools

from maria.render import palette as pal
from maria.render.cvd import distance, simulate


def test_the_colour_blind_palette_keeps_every_pair_of_powers_apart():
    colours = pal.PALETTES["colour-blind"]
    for kind in ("deuteranopia", "protanopia"):
        sim = {p: simulate(c, kind) for p, c in colours.items()}
        worst = min(distance(sim[a], sim[b]) for a, b in itertools.combinations(sim, 2))
        assert worst >= 60, (kind, worst)


def test_every_power_has_its_own_letter():
    letters = pal.POWER_LETTERS
    assert set(letters) == set(pal.STANDARD_COLOURS) and len(set(letters.values())) == len(letters)


def test_the_palette_setting_recolours_the_pieces_and_is_kept(ui, dirs):
    from maria.ui.overlays import SettingsScene
    from maria.ui.settings import Settings

    try:
        ui.press("settings")
        assert isinstance(ui.top, SettingsScene)
        ui.press("palette")
        assert pal.POWER_COLOURS == pal.COLOUR_BLIND_COLOURS
        assert Settings.load().palette == "colour-blind"
        ui.press("palette")
        assert pal.POWER_COLOURS == pal.STANDARD_COLOURS and Settings.load().palette == "standard"
    finally:
        pal.use_palette("standard")
