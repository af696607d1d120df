"""Coordinates: grid units -> board px, and the view transform board px <-> screen px.

Board px are the drawing pixels of the whole board at full size (2520×1440 for a 14×12 grid of
180×120 cells), y down. The view shows the board on screen at `zoom` (screen px per board px),
with board point `pan` at the screen's top-left corner. No pygame needed here, so the game UI and
the tests can use it freely.
"""

from __future__ import annotations

from dataclasses import dataclass

from maria.games.maria.board.model import Grid, Rect

Point = tuple[float, float]


def board_size(grid: Grid) -> tuple[int, int]:
    return grid.width * grid.cell_px[0], grid.rows * grid.cell_px[1]


def grid_to_px(grid: Grid, pos: Point) -> Point:
    return grid.to_px(pos)


def rect_to_px(grid: Grid, rect: Rect) -> tuple[int, int, int, int]:
    """A grid rectangle (x, y = south-west corner, w, h) -> board px (left, top, width, height)."""
    x, y, w, h = rect
    cw, ch = grid.cell_px
    left = round(x * cw)
    top = round((grid.rows - y - h) * ch)
    return left, top, round((x + w) * cw) - left, round((grid.rows - y) * ch) - top


def cell_rect_px(
    grid: Grid, col: int, row: int, col1: int | None = None, row1: int | None = None
) -> tuple[int, int, int, int]:
    """Board px rect of grid cells col..col1 × row..row1 (indices, row 0 = south)."""
    col1 = col if col1 is None else col1
    row1 = row if row1 is None else row1
    return rect_to_px(grid, (col, row, col1 - col + 1, row1 - row + 1))


@dataclass
class View:
    """Zoom and pan of the board on a screen area of `screen_size` px."""

    board_size: tuple[int, int]
    screen_size: tuple[int, int]
    zoom: float = 1.0
    pan_x: float = 0.0
    pan_y: float = 0.0
    min_zoom: float = 0.0  # 0: the zoom that fits the whole board
    max_zoom: float = 3.0
    # the part of the board in use (left, top, width, height) when not all of it is: the view
    # fits, clamps and centres on it (the introductory game's Bohemia, R14.1); None: the board
    bounds: tuple[float, float, float, float] | None = None
    # screen px along the left and right edges kept for something drawn over the map (the collapsed
    # Flanders strip): the board fits, centres and pans in the width between them
    inset_left: float = 0.0
    inset_right: float = 0.0

    # --- transforms ---------------------------------------------------------------------------
    def to_screen(self, p: Point) -> Point:
        return (p[0] - self.pan_x) * self.zoom, (p[1] - self.pan_y) * self.zoom

    def to_board(self, p: Point) -> Point:
        return p[0] / self.zoom + self.pan_x, p[1] / self.zoom + self.pan_y

    def rect_to_screen(self, r: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        x, y = self.to_screen((r[0], r[1]))
        return x, y, r[2] * self.zoom, r[3] * self.zoom

    def visible_board_rect(self) -> tuple[float, float, float, float]:
        """The part of the board on screen (board px), clipped to the board."""
        x0, y0 = max(self.pan_x, 0.0), max(self.pan_y, 0.0)
        x1 = min(self.pan_x + self.screen_size[0] / self.zoom, self.board_size[0])
        y1 = min(self.pan_y + self.screen_size[1] / self.zoom, self.board_size[1])
        return x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0)

    # --- changes -------------------------------------------------------------------------------
    def _area(self) -> tuple[float, float, float, float]:
        return self.bounds or (0.0, 0.0, float(self.board_size[0]), float(self.board_size[1]))

    def _width(self) -> float:
        """The screen width the board fits and centres in (between the insets)."""
        return max(1.0, self.screen_size[0] - self.inset_left - self.inset_right)

    def fit_zoom(self) -> float:
        _x, _y, w, h = self._area()
        return min(self._width() / w, self.screen_size[1] / h)

    def fit(self) -> None:
        """Show the whole board (or the part in use), centred."""
        x, y, w, h = self._area()
        self.zoom = self.fit_zoom()
        self.pan_x = x - (self._width() / self.zoom - w) / 2 - self.inset_left / self.zoom
        self.pan_y = y - (self.screen_size[1] / self.zoom - h) / 2

    def set_zoom(self, zoom: float, anchor: Point | None = None) -> None:
        """Zoom keeping the board point under screen point `anchor` (default: centre) in place."""
        lo = self.min_zoom or self.fit_zoom()
        zoom = min(max(zoom, lo), self.max_zoom)
        if anchor is None:
            anchor = (self.screen_size[0] / 2, self.screen_size[1] / 2)
        bx, by = self.to_board(anchor)
        self.zoom = zoom
        self.pan_x = bx - anchor[0] / zoom
        self.pan_y = by - anchor[1] / zoom
        self.clamp()

    def zoom_by(self, factor: float, anchor: Point | None = None) -> None:
        self.set_zoom(self.zoom * factor, anchor)

    def pan_by(self, dx_screen: float, dy_screen: float) -> None:
        """Drag the board by a screen-pixel offset."""
        self.pan_x -= dx_screen / self.zoom
        self.pan_y -= dy_screen / self.zoom
        self.clamp()

    def centre_on(self, p: Point) -> None:
        self.pan_x = p[0] - (self.inset_left + self._width() / 2) / self.zoom
        self.pan_y = p[1] - self.screen_size[1] / self.zoom / 2
        self.clamp()

    def clamp(self) -> None:
        """Keep the board on screen; centre it along an axis where it is smaller than the screen."""
        area = self._area()
        for axis in (0, 1):
            view = (self._width() if axis == 0 else self.screen_size[1]) / self.zoom
            start, size = area[axis], area[axis + 2]
            pan = self.pan_x + self.inset_left / self.zoom if axis == 0 else self.pan_y
            if view >= size:
                pan = start - (view - size) / 2
            else:
                pan = min(max(pan, start), start + size - view)
            if axis == 0:
                self.pan_x = pan - self.inset_left / self.zoom
            else:
                self.pan_y = pan
