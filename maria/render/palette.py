"""Colours of the map: powers, territories, suits and the printed-map inks."""

from __future__ import annotations

Colour = tuple[int, int, int]

# Pieces and strong marks, after the rulebook's colours.
POWER_COLOURS: dict[str, Colour] = {
    "austria": (246, 244, 236),  # white
    "prussia": (38, 84, 160),  # blue
    "saxony": (44, 132, 64),  # green
    "bavaria": (226, 128, 36),  # orange
    "france": (196, 38, 36),  # red
    "pragmatic_army": (128, 128, 126),  # grey
}
# Ink used for text and outlines on a piece of that power's colour.
POWER_INK: dict[str, Colour] = {
    "austria": (30, 26, 22),
    "prussia": (250, 248, 240),
    "saxony": (250, 248, 240),
    "bavaria": (30, 26, 22),
    "france": (250, 248, 240),
    "pragmatic_army": (250, 248, 240),
}
# The rulebook's colours, and a palette that stays apart under red-green colour blindness
# (deuteranopia, protanopia): the Okabe-Ito colours for France, Bavaria, Saxony and Prussia.
STANDARD_COLOURS: dict[str, Colour] = dict(POWER_COLOURS)
COLOUR_BLIND_COLOURS: dict[str, Colour] = {
    "austria": (246, 244, 236),
    "prussia": (0, 90, 181),
    "saxony": (0, 158, 115),
    "bavaria": (240, 228, 66),
    "france": (213, 94, 0),
    "pragmatic_army": (60, 60, 60),
}
PALETTES = {"standard": STANDARD_COLOURS, "colour-blind": COLOUR_BLIND_COLOURS}
# A second cue on every piece that does not depend on colour (Saxony and Bavaria both have a No. 1).
POWER_LETTERS: dict[str, str] = {
    "austria": "A",
    "prussia": "P",
    "saxony": "S",
    "bavaria": "B",
    "france": "F",
    "pragmatic_army": "PA",
}


def use_palette(name: str) -> bool:
    """Switch the pieces' colours ("standard" or "colour-blind"); True if they changed (the caller
    clears the drawn pieces' cache: maria.render.pieces.clear_cache)."""
    new = PALETTES.get(name, STANDARD_COLOURS)
    if new == POWER_COLOURS:
        return False
    POWER_COLOURS.update(new)
    POWER_INK["bavaria"] = (30, 26, 22)
    return True


POWER_NAMES: dict[str, str] = {
    "austria": "Österreich",
    "prussia": "Preußen",
    "saxony": "Sachsen",
    "bavaria": "Bayern",
    "france": "Frankreich",
    "pragmatic_army": "Pragmatische Armee",
}
POWER_SHORT: dict[str, str] = {
    "austria": "Österreich",
    "prussia": "Preußen",
    "saxony": "Sachsen",
    "bavaria": "Bayern",
    "france": "Frankreich",
    "pragmatic_army": "Pragmatiker",
}

# Pale territory tints (home countries) and the stronger band drawn along their borders.
TERRITORY_TINTS: dict[str | None, Colour] = {
    "austria": (252, 250, 243),
    "prussia": (196, 212, 236),
    "saxony": (204, 228, 192),
    "bavaria": (246, 214, 170),
    "france": (242, 200, 192),
    "pragmatic_army": (214, 214, 210),
    None: (238, 231, 210),  # lands of no power
}
TERRITORY_BANDS: dict[str | None, Colour] = {
    "austria": (226, 220, 204),
    "prussia": (126, 156, 206),
    "saxony": (132, 186, 120),
    "bavaria": (232, 168, 96),
    "france": (224, 140, 128),
    "pragmatic_army": (164, 164, 160),
    None: (212, 200, 168),
}
SILESIA_TINT: Colour = (241, 234, 196)
SILESIA_BAND: Colour = (214, 196, 122)

# Printed-map inks.
PARCHMENT: Colour = (226, 212, 178)
PARCHMENT_DARK: Colour = (198, 178, 136)
INK: Colour = (52, 40, 30)
INK_SOFT: Colour = (96, 80, 62)
BORDER_INK: Colour = (112, 76, 60)
TERRITORY_NAME_INK: Colour = (120, 92, 70)
SECTOR_LINE: Colour = (150, 60, 52)
ROAD: Colour = (92, 66, 44)
MAIN_ROAD_CASING: Colour = (70, 44, 28)
MAIN_ROAD_FILL: Colour = (216, 168, 96)
LINK_ROAD: Colour = (150, 40, 40)
CITY_FILL: Colour = (252, 250, 242)
CITY_OUTLINE: Colour = (40, 30, 24)
FORTRESS_FILL: Colour = (176, 64, 46)  # minor and major fortress symbols
FORTRESS_OUTLINE: Colour = (44, 26, 20)
ELECTOR_GOLD: Colour = (206, 160, 36)
HALO: Colour = (250, 246, 232)
FRAME: Colour = (70, 50, 36)
BOX_FILL: Colour = (240, 230, 204)

SUIT_COLOURS: dict[str, Colour] = {
    "hearts": (196, 30, 36),
    "diamonds": (196, 30, 36),
    "clubs": (24, 22, 20),
    "spades": (24, 22, 20),
}


def territory_tint(home_of: str | None, territory_id: str = "") -> Colour:
    if territory_id == "silesia":
        return SILESIA_TINT
    return TERRITORY_TINTS.get(home_of, TERRITORY_TINTS[None])


def territory_band(home_of: str | None, territory_id: str = "") -> Colour:
    if territory_id == "silesia":
        return SILESIA_BAND
    return TERRITORY_BANDS.get(home_of, TERRITORY_BANDS[None])


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """`a` moved a fraction `t` toward `b`."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]
