"""The checks of how MARIA's board is drawn (no rule of its own; the reconstruction's drawing of the
printed maps): cities far enough apart, roads that pass no city without stopping there and cross no
other road, boxes and furniture inside their map and apart."""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from maria.games.maria.board.model import MAJOR_POWERS, MAPS, Board, City, Rect
from maria.engine.board_problems import Problem

MIN_CITY_SPACING_PX = 38
ROAD_CLEARANCE_PX = 20


def _file(board: Board, name: str) -> str:
    from pathlib import Path

    return f"{Path(board.source_dir).name or 'boards'}/{name}"


def _city_problem(board: Board, city: City | str, message: str) -> Problem:
    c = board.cities.get(city) if isinstance(city, str) else city
    if c is None:
        return Problem(_file(board, "board.yaml"), f"city '{city}'", message)
    return Problem(_file(board, f"{c.map}.yaml"), f"city '{c.id}'", message)


def check_drawing(board: Board) -> list[Problem]:
    """What would look wrong on the board: cities on top of each other, crossing roads."""
    out = []
    grid = board.grid
    cities = list(board.cities.values())
    for i, a in enumerate(cities):
        for b in cities[i + 1 :]:
            if a.map == b.map and grid.px_distance(a.pos, b.pos) < MIN_CITY_SPACING_PX:
                out.append(
                    _city_problem(
                        board,
                        a,
                        f"is only {grid.px_distance(a.pos, b.pos):.0f} px from "
                        f"'{b.id}' (at least {MIN_CITY_SPACING_PX} needed)",
                    )
                )
    edges = [(a, b) for a, b, _ in board.edges() if board.cities[a].map == board.cities[b].map]
    px = {c.id: grid.to_px(c.pos) for c in cities}
    for m in MAPS:
        mine = [e for e in edges if board.cities[e[0]].map == m]
        for i, j in _crossing_pairs(mine, px):
            (a, b), (c, d) = mine[i], mine[j]
            out.append(Problem(_file(board, f"{m}.yaml"), f"road {a}–{b}", f"crosses the road {c}–{d}"))
        on_map = [c for c in cities if c.map == m]
        for i, k in _cities_near_roads(mine, on_map, px):
            (a, b), c = mine[i], on_map[k]
            out.append(
                Problem(
                    _file(board, f"{m}.yaml"),
                    f"road {a}–{b}",
                    f"passes over the city '{c.id}' without stopping there",
                )
            )
    return out


def _box(p, q, margin: float = 0.0) -> tuple[float, float, float, float]:
    return min(p[0], q[0]) - margin, max(p[0], q[0]) + margin, min(p[1], q[1]) - margin, max(p[1], q[1]) + margin


def _crossing_pairs(roads: list[tuple[str, str]], px: dict) -> list[tuple[int, int]]:
    """The pairs (i, j), i < j, of roads that cross, in that order.  Roads are swept by their left
    end, so only roads whose boxes meet are compared (a board has ~300 roads per map: all pairs
    were most of the time of a board check)."""
    boxes = [_box(px[a], px[b]) for a, b in roads]
    order = sorted(range(len(roads)), key=lambda i: boxes[i][0])
    out = []
    for n, i in enumerate(order):
        x1 = boxes[i][1]
        for j in order[n + 1 :]:
            if boxes[j][0] > x1:
                break
            if boxes[j][2] > boxes[i][3] or boxes[i][2] > boxes[j][3]:
                continue
            (a, b), (c, d) = roads[i], roads[j]
            if len({a, b, c, d}) == 4 and _segments_cross(px[a], px[b], px[c], px[d]):
                out.append((min(i, j), max(i, j)))
    return sorted(out)


def _cities_near_roads(roads: list[tuple[str, str]], cities: list[City], px: dict) -> list[tuple[int, int]]:
    """The pairs (road index, city index) of a city closer than ROAD_CLEARANCE_PX to a road it is
    not an end of, in that order; only the cities inside the road's box widened by the clearance
    are measured."""
    by_x = sorted(range(len(cities)), key=lambda k: px[cities[k].id][0])
    xs = [px[cities[k].id][0] for k in by_x]
    out = []
    for i, (a, b) in enumerate(roads):
        x0, x1, y0, y1 = _box(px[a], px[b], ROAD_CLEARANCE_PX)
        near = []
        for k in by_x[bisect_left(xs, x0) : bisect_right(xs, x1)]:
            c = cities[k]
            p = px[c.id]
            if c.id not in (a, b) and y0 <= p[1] <= y1 and _point_segment_px(p, px[a], px[b]) < ROAD_CLEARANCE_PX:
                near.append(k)
        out.extend((i, k) for k in sorted(near))
    return out


def _segments_cross(p1, p2, p3, p4) -> bool:
    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 1e-9) - (v < -1e-9)

    return (orient(p1, p2, p3) * orient(p1, p2, p4) < 0) and (orient(p3, p4, p1) * orient(p3, p4, p2) < 0)


def _point_segment_px(p, a, b) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L2))
    qx, qy = ax + t * dx, ay + t * dy
    return ((p[0] - qx) ** 2 + (p[1] - qy) ** 2) ** 0.5


def _inside(pos: tuple[float, float], rect: Rect, margin: float = 0.0) -> bool:
    x, y, w, h = rect
    return x - margin <= pos[0] <= x + w + margin and y - margin <= pos[1] <= y + h + margin


def _overlap(r1: Rect, r2: Rect) -> bool:
    return r1[0] < r2[0] + r2[2] and r2[0] < r1[0] + r1[2] and r1[1] < r2[1] + r2[3] and r2[1] < r1[1] + r1[3]


def check_boxes(board: Board) -> list[Problem]:
    f = _file(board, "board.yaml")
    out = []
    off_map = [b for b in board.boxes.values() if b.id != "silesia"]
    for power in MAJOR_POWERS:
        n = sum(1 for b in off_map if b.power == power)
        if n != 1:
            out.append(Problem(f, "off_map_boxes", f"{power} must have exactly one off-map box, found {n}"))
    for box_id, name, power in (("ostpreussen", "Ostpreussen", "prussia"), ("england", "England", "pragmatic_army")):
        b = board.boxes.get(box_id)
        if b is None or b.power != power or b.name != name:
            out.append(Problem(f, "off_map_boxes", f"the {power} box must be '{box_id}' named {name}"))
    for b in off_map:
        arrow = board.cities.get(b.arrow_to or "")
        if arrow is None:
            continue
        cols = board.map_columns.get(arrow.map, (0, 13))
        cx = b.rect[0] + b.rect[2] / 2
        if not cols[0] <= cx < cols[1] + 1:
            out.append(Problem(f, f"off_map_boxes '{b.id}'", f"its arrow points to '{arrow.id}' on the other map"))
    return out


def check_furniture(board: Board) -> list[Problem]:
    f = _file(board, "board.yaml")
    out = []
    W, H = board.grid.width, board.grid.rows
    rects: dict[str, Rect] = {k: v for k, v in board.furniture.items() if k != "silesia_box"}
    rects.update({f"off-map box '{b.id}'": b.rect for b in board.boxes.values() if b.id != "silesia"})
    for name, (x, y, w, h) in rects.items():
        if w <= 0 or h <= 0 or x < 0 or y < 0 or x + w > W or y + h > H:
            out.append(Problem(f, f"furniture {name}", "must lie inside the board"))
    names = list(rects)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if _overlap(rects[a], rects[b]):
                out.append(Problem(f, f"furniture {a}", f"overlaps {b}"))
    for c in board.cities.values():
        for name, r in rects.items():
            if _inside(c.pos, r, margin=0.05):
                out.append(_city_problem(board, c, f"lies under the {name}"))
    vd, sb = board.furniture.get("victory_display"), board.furniture.get("silesia_box")
    if vd and (vd[0] > 1 or vd[1] + vd[3] < H - 1):
        out.append(Problem(f, "furniture.victory_display", "must be in the top-left corner of the board"))
    if (
        vd
        and sb
        and not (
            vd[0] <= sb[0] and sb[0] + sb[2] <= vd[0] + vd[2] and vd[1] <= sb[1] and sb[1] + sb[3] <= vd[1] + vd[3]
        )
    ):
        out.append(Problem(f, "furniture.silesia_box", "must lie inside the victory display"))
    if sb and not _overlap(sb, (0, 10, 1, 1)):
        out.append(Problem(f, "furniture.silesia_box", "must cover grid cell A11 (the Prussian train's code)"))
    tt = board.furniture.get("turn_track")
    if tt and (tt[0] + tt[2] < W - 1 or tt[1] + tt[3] < H - 1):
        out.append(Problem(f, "furniture.turn_track", "must be in the top-right corner of the board"))
    ec = board.furniture.get("electoral_college")
    if ec and ec[1] > 1:
        out.append(Problem(f, "furniture.electoral_college", "must lie along the bottom edge of the board"))
    return out
