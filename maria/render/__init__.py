"""Procedural drawing of the MARIA board with pygame-ce (the only package that imports pygame,
together with the later maria.ui).

- `geometry`   board px <-> screen px (zoom and pan) and grid units -> board px; no pygame needed
- `palette`    power, territory, suit and map colours
- `fonts`      bundled fonts and a cache of rendered text surfaces
- `symbols`    suit symbols, fortress and elector marks drawn as polygons
- `map_layer`  the static map (territories, sectors, roads, cities, names) as one cached Surface
- `furniture`  victory box display, pools, turn track, Electoral College, off-map boxes
- `pieces`     generals, stacks, supply trains, hussars; the set-up position
- `preview`    `render_preview(board, out, width)`: a headless PNG of the whole board
"""
