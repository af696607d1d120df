"""Build boards/friedrich/board.yaml and setup.yaml from the shared reference data (re-runnable).

    python tools/friedrich_board.py [--shared ../shared] [--out boards/friedrich]

Inputs (read-only, see ../shared/README.md):
* reference/friedrich-board.yaml: the FRIEDRICH board as facts (672 cities with suit and
  country, the road graph with its main roads, objectives, depots, the six named suit sectors),
  converted from the public RTT module's data.js.  Its x/y are pixels of that program's picture:
  they are NOT shipped, and no shipped position is derived from them by any formula.  They are
  used only to settle ambiguities of identity and order: which of two same-named gazetteer towns
  a city is (a rough pixel -> lon/lat fit predicts where it should be), the side on which an
  unplaced city starts before the layout spreads it (a unit direction, never a distance), and
  which ♦ cities belong to the Stade rectangle (north of Munster, as the 2011 module does).
* friedrich/facts.yaml: generals (rank, set-up city), trains, starting armies, depots,
  objectives (order, defender), substitute re-entry areas.
* reference/gazetteer.tsv: GeoNames cities15000 (CC BY 4.0, credit "GeoNames").

Positions: a city found in the gazetteer (its German historic name among the alternate names, the
match checked to lie within MAX_MATCH_KM of where the board puts it) sits at its real latitude and
longitude; towns east of the gazetteer's 20.5°E edge (East Prussia, Masovia, Little Poland) at
their commonly published coordinates (KNOWN_EAST, typed by hand).  Every other city is placed by a
layout between them: relaxation (each at the mean of its road neighbours, anchors fixed), then a
spring-and-spacing pass (no two cities closer than MIN_SPACING_KM; anchors pulled back to their
real place), then a crossing-removal pass that moves a city only when that removes road crossings.
The projection is equirectangular around 52.5°N, scaled to a map 1000 units wide, north up
(y grows southwards).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
NATIONS = ("prussia", "hanover", "russia", "sweden", "austria", "imperial_army", "france")
LAT0 = 52.5
KM_LON = 111.32 * math.cos(math.radians(LAT0))
KM_LAT = 110.57
MAP_WIDTH = 1000.0
MARGIN_KM = 25.0
MAX_MATCH_KM = 45.0  # a gazetteer town further than this from its predicted place is refused
MIN_SPACING_KM = 12.0
SEED = 1756

# Same-named cities: the id and the gazetteer town (name in its first column) of each, by index.
SAME_NAMES = {
    35: ("friedland_boehmen", None),
    251: ("friedland_mecklenburg", None),
    551: ("friedland_ostpreussen", None),
    39: ("koenigsberg", None),
    582: ("koenigsberg_neumark", None),
    161: ("oldenburg", "Oldenburg"),
    312: ("oldenburg_holstein", None),
    163: ("osterode_ostpreussen", None),
    612: ("osterode_harz", None),
    288: ("lauenburg_elbe", None),
    585: ("lauenburg_pommern", None),
    318: ("ostrow_mazowiecka", None),
    613: ("ostrow_wielkopolski", "Ostrów Wielkopolski"),
    339: ("schoenberg_maehren", None),
    340: ("schoenberg_mecklenburg", None),
    407: ("frankfurt_main", "Frankfurt am Main"),
    408: ("frankfurt_oder", "Frankfurt (Oder)"),
    411: ("fuerstenberg_oder", None),
    552: ("fuerstenberg_havel", None),
}

# Towns east of the gazetteer's edge (20.5°E): commonly published coordinates, to 0.01 degree.
KNOWN_EAST = {
    "Königsberg": (54.71, 20.51),
    "Tilsit": (55.08, 21.88),
    "Ragnit": (55.04, 22.03),
    "Insterburg": (54.63, 21.81),
    "Gumbinnen": (54.60, 22.20),
    "Pillkallen": (54.78, 22.46),
    "Goldap": (54.31, 22.31),
    "Lyck": (53.83, 22.36),
    "Johannisburg": (53.62, 21.80),
    "Lötzen": (54.04, 21.76),
    "Angerburg": (54.21, 21.74),
    "Rastenburg": (54.08, 21.38),
    "Sensburg": (53.87, 21.30),
    "Ortelsburg": (53.56, 20.99),
    "Bartenstein": (54.26, 20.81),
    "Gerdauen": (54.36, 21.31),
    "Friedland_551": (54.44, 21.02),
    "Wehlau": (54.61, 21.22),
    "Tapiau": (54.65, 21.07),
    "Labiau": (54.86, 21.10),
    "Preußisch Eylau": (54.40, 20.64),
    "Warszawa": (52.23, 21.01),
    "Łomża": (53.18, 22.06),
    "Kolno": (53.41, 21.93),
    "Ostrów_318": (52.80, 21.89),
    "Wyszków": (52.59, 21.46),
    "Pułtusk": (52.70, 21.08),
    "Maków": (52.87, 21.10),
    "Ciechanów": (52.88, 20.62),
    "Chorzele": (53.26, 20.90),
    "Nasielsk": (52.59, 20.81),
    "Nowy Dwór": (52.43, 20.72),
    "Wołomin": (52.34, 21.24),
    "Otwock": (52.11, 21.26),
    "Garwolin": (51.90, 21.61),
    "Kozienice": (51.58, 21.55),
    "Radom": (51.40, 21.15),
    "Grójec": (51.87, 20.87),
    "Pruszków": (52.17, 20.81),
    "Szydłowiec": (51.23, 20.86),
    "Skarżysko": (51.12, 20.87),
    "Starachowice": (51.05, 21.07),
    "Ostrowiec": (50.93, 21.39),
    "Kielce": (50.87, 20.63),
    "Pińczów": (50.52, 20.53),
    "Busko-Zdrój": (50.47, 20.72),
    "Tarnów": (50.01, 20.99),
    "Mielec": (50.29, 21.42),
}

COUNTRY_CODES = {
    "prussia": {"DE", "PL", "RU", "LT"},
    "saxony": {"DE", "PL"},
    "hanover": {"DE"},
    "austria": {"CZ", "PL"},
    "empire": {"DE", "PL", "CZ"},
    "poland": {"PL"},
    "sweden": {"DE"},
}

_TRANSLIT = {"ß": "ss", "ł": "l", "Ł": "L", "ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}


def slug(name: str) -> str:
    s = "".join(_TRANSLIT.get(ch, ch) for ch in name)
    s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", s.lower()).strip("_")


def _norm(s: str) -> str:
    return re.sub(r"[\s\-]+", " ", s.lower()).replace("'", "").replace("’", "").replace(".", "").strip()


def _index(text: str) -> int:
    m = re.search(r"#(\d+)", text)
    if not m:
        raise ValueError(f"no city index in {text!r}")
    return int(m.group(1))


# --- geography ------------------------------------------------------------------------------------


def read_gazetteer(path: Path) -> dict[str, list[tuple[str, str, float, float]]]:
    by_name: dict[str, list[tuple[str, str, float, float]]] = defaultdict(list)
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or line.startswith("name\t") or not line.strip():
            continue
        p = line.split("\t")
        row = (p[0], p[1], float(p[2]), float(p[3]))
        names = {p[0]} | (set(p[5].split("|")) if len(p) > 5 and p[5] else set())
        for n in names:
            for key in {_norm(n), _norm(n).replace(" ", "")}:
                if row not in by_name[key]:
                    by_name[key].append(row)
    return by_name


def km(lat: float, lon: float) -> tuple[float, float]:
    return ((lon - 10.0) * KM_LON, (LAT0 - lat) * KM_LAT)


def solve3(m: list[list[float]], v: list[float]) -> list[float]:
    """Solve a 3x3 linear system (Gaussian elimination with pivoting)."""
    a = [row[:] + [x] for row, x in zip(m, v)]
    for c in range(3):
        p = max(range(c, 3), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(3):
            if r != c:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [a[r][3] / a[r][r] for r in range(3)]


def fit_affine(src: list[tuple[float, float]], dst: list[tuple[float, float]]):
    """Least-squares affine map src -> dst; returns the map (a function)."""
    rows = [(x, y, 1.0) for x, y in src]
    ata = [[sum(r[i] * r[j] for r in rows) for j in range(3)] for i in range(3)]
    cx = solve3(ata, [sum(r[i] * q[0] for r, q in zip(rows, dst)) for i in range(3)])
    cy = solve3(ata, [sum(r[i] * q[1] for r, q in zip(rows, dst)) for i in range(3)])
    return lambda p: (cx[0] * p[0] + cx[1] * p[1] + cx[2], cy[0] * p[0] + cy[1] * p[1] + cy[2])


def _fit_affine(pairs):
    """Pixel -> km, used only to predict where a gazetteer match should be."""
    return fit_affine([p for p, _ in pairs], [q for _, q in pairs])


def match_cities(cities: list[dict], gaz) -> tuple[dict[int, tuple[float, float]], dict[int, str], list[str]]:
    """index -> km position of every city found in the gazetteer or KNOWN_EAST, with the source."""
    cands: dict[int, list] = {}
    for c in cities:
        forced = SAME_NAMES.get(c["index"], (None, None))[1]
        if c["index"] in SAME_NAMES and forced is None:
            continue
        keys = [_norm(forced or c["name"])]
        keys.append(keys[0].replace(" ", ""))
        rows = []
        for k in keys:
            rows += [r for r in gaz.get(k, []) if r not in rows]
        if forced:
            rows = [r for r in rows if r[0] == forced]
        rows = [r for r in rows if r[1] in COUNTRY_CODES[c["country"].lower()]]
        if rows:
            cands[c["index"]] = rows
    by_i = {c["index"]: c for c in cities}
    sure = [(i, rows[0]) for i, rows in cands.items() if len({(round(r[2], 1), round(r[3], 1)) for r in rows}) == 1]
    pairs = [((by_i[i]["x"], by_i[i]["y"]), km(r[2], r[3])) for i, r in sure]
    predict = _fit_affine(pairs)
    for _ in range(3):  # robust refit: drop the worst matches, fit again
        errs = sorted(math.dist(predict(p), q) for p, q in pairs)
        cut = max(3 * errs[len(errs) // 2], 30.0)
        pairs = [(p, q) for p, q in pairs if math.dist(predict(p), q) <= cut]
        predict = _fit_affine(pairs)
    # the board's art is stretched near its edges (East Frisia, Moravia): correct the global fit by
    # the residuals of the nearest sure matches before judging a candidate
    resid = [(p, (q[0] - predict(p)[0], q[1] - predict(p)[1])) for p, q in pairs]

    def local(p):
        near = sorted(resid, key=lambda r: math.dist(r[0], p))[:6]
        w = [1.0 / (1.0 + math.dist(r[0], p)) for r in near]
        g = predict(p)
        return (
            g[0] + sum(wi * r[1][0] for wi, r in zip(w, near)) / sum(w),
            g[1] + sum(wi * r[1][1] for wi, r in zip(w, near)) / sum(w),
        )

    pos: dict[int, tuple[float, float]] = {}
    source: dict[int, str] = {}
    refused: list[str] = []
    for i, rows in cands.items():
        c = by_i[i]
        guess = local((c["x"], c["y"]))
        best = min(rows, key=lambda r: math.dist(km(r[2], r[3]), guess))
        d = math.dist(km(best[2], best[3]), guess)
        if d <= MAX_MATCH_KM:
            pos[i] = km(best[2], best[3])
            source[i] = f"GeoNames: {best[0]} ({best[1]})"
        else:
            refused.append(f"{c['name']} -> {best[0]} ({best[1]}): {d:.0f} km from where the board puts it")
    for c in cities:
        key = c["name"] if c["index"] not in SAME_NAMES else f"{c['name']}_{c['index']}"
        if c["index"] == 39:
            key = "Königsberg"
        if key in KNOWN_EAST and c["index"] not in pos:
            pos[c["index"]] = km(*KNOWN_EAST[key])
            source[c["index"]] = "published coordinates (east of the gazetteer)"
    return pos, source, refused


# --- layout ---------------------------------------------------------------------------------------


def _cross(p1, p2, p3, p4) -> bool:
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(p3, p4, p1), orient(p3, p4, p2)
    d3, d4 = orient(p1, p2, p3), orient(p1, p2, p4)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0) and d1 * d2 != 0 and d3 * d4 != 0


def crossings(pos: dict[int, tuple[float, float]], edges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pairs of edge numbers whose segments cross (edges sharing a city never count)."""
    boxes = []
    for a, b in edges:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        boxes.append((min(x1, x2), max(x1, x2), min(y1, y2), max(y1, y2)))
    order = sorted(range(len(edges)), key=lambda k: boxes[k][0])
    out = []
    for n, i in enumerate(order):
        bi = boxes[i]
        for j in order[n + 1 :]:
            bj = boxes[j]
            if bj[0] > bi[1]:
                break
            if bj[3] < bi[2] or bj[2] > bi[3] or set(edges[i]) & set(edges[j]):
                continue
            if _cross(pos[edges[i][0]], pos[edges[i][1]], pos[edges[j][0]], pos[edges[j][1]]):
                out.append((i, j))
    return out


def _close_pairs(pos: dict[int, tuple[float, float]], dmin: float) -> list[tuple[int, int, float]]:
    cell = defaultdict(list)
    for i, (x, y) in pos.items():
        cell[(int(x // dmin), int(y // dmin))].append(i)
    out = []
    for (cx, cy), members in cell.items():
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for j in cell.get((cx + dx, cy + dy), ()):
                    for i in members:
                        if i < j:
                            d = math.dist(pos[i], pos[j])
                            if d < dmin:
                                out.append((i, j, d))
    return out


def layout(
    cities: list[dict],
    adj: dict[int, set[int]],
    anchors: dict[int, tuple[float, float]],
    edges: list[tuple[int, int]],
    log=print,
) -> dict[int, tuple[float, float]]:
    rng = random.Random(SEED)
    ref = {c["index"]: (c["x"], c["y"]) for c in cities}
    free = [c["index"] for c in cities if c["index"] not in anchors]
    centre = (sum(p[0] for p in anchors.values()) / len(anchors), sum(p[1] for p in anchors.values()) / len(anchors))
    pos = dict(anchors)
    for i in free:
        pos[i] = centre
    # 1. relaxation: each free city at the mean of its road neighbours (anchors fixed)
    for _ in range(400):
        for i in free:
            nb = adj[i]
            pos[i] = (sum(pos[j][0] for j in nb) / len(nb), sum(pos[j][1] for j in nb) / len(nb))
    # 2. break ties: a free city starts 3 km off, on the side the board shows it (a direction only)
    for i in free:
        nb = adj[i]
        mx = sum(ref[j][0] for j in nb) / len(nb)
        my = sum(ref[j][1] for j in nb) / len(nb)
        dx, dy = ref[i][0] - mx, ref[i][1] - my
        n = math.hypot(dx, dy) or 1.0
        jitter = rng.uniform(-0.2, 0.2)
        pos[i] = (pos[i][0] + 3.0 * dx / n + jitter, pos[i][1] + 3.0 * dy / n + jitter)
    lengths = sorted(math.dist(anchors[a], anchors[b]) for a, b in edges if a in anchors and b in anchors)
    rest = lengths[len(lengths) // 2]
    log(f"layout: {len(anchors)} anchors, {len(free)} placed; median anchored road {rest:.1f} km")
    # 3. springs along roads (rest length), repulsion under the minimum spacing, anchors pulled home
    dmin = MIN_SPACING_KM * 1.15
    free_set = set(free)
    for it in range(300):
        force = {i: [0.0, 0.0] for i in pos}
        for a, b in edges:
            (xa, ya), (xb, yb) = pos[a], pos[b]
            d = math.hypot(xb - xa, yb - ya) or 1e-6
            f = 0.08 * (d - rest) / d
            if d < rest and (a not in free_set or b not in free_set):
                f *= 0.5
            force[a][0] += f * (xb - xa)
            force[a][1] += f * (yb - ya)
            force[b][0] -= f * (xb - xa)
            force[b][1] -= f * (yb - ya)
        for i, j, d in _close_pairs(pos, dmin):
            d = d or 1e-3
            (xi, yi), (xj, yj) = pos[i], pos[j]
            push = 0.5 * (dmin - d) / d
            force[i][0] -= push * (xj - xi)
            force[i][1] -= push * (yj - yi)
            force[j][0] += push * (xj - xi)
            force[j][1] += push * (yj - yi)
        for i in pos:
            fx, fy = force[i]
            if i in anchors:  # an anchor keeps its real place, moving only to make room
                fx = fx * 0.15 + 0.3 * (anchors[i][0] - pos[i][0])
                fy = fy * 0.15 + 0.3 * (anchors[i][1] - pos[i][1])
            step = math.hypot(fx, fy)
            cap = 4.0 if it < 200 else 1.0
            if step > cap:
                fx, fy = fx * cap / step, fy * cap / step
            pos[i] = (pos[i][0] + fx, pos[i][1] + fy)
    _untangle(pos, adj, edges, anchors, log)
    _spread(pos, anchors)
    return pos


def _spread(pos, anchors, rounds: int = 200) -> None:
    """Last pass: push apart any pair still closer than the minimum spacing (free cities first)."""
    for _ in range(rounds):
        pairs = _close_pairs(pos, MIN_SPACING_KM)
        if not pairs:
            return
        for i, j, d in pairs:
            d = d or 1e-3
            (xi, yi), (xj, yj) = pos[i], pos[j]
            gap = (MIN_SPACING_KM * 1.02 - d) / d
            # a free city gives way three times as much as an anchor (a real town) next to it
            wi, wj = {(True, False): (0.25, 0.75), (False, True): (0.75, 0.25)}.get(
                (i in anchors, j in anchors), (0.5, 0.5)
            )
            pos[i] = (xi - gap * wi * (xj - xi), yi - gap * wi * (yj - yi))
            pos[j] = (xj + gap * wj * (xj - xi), yj + gap * wj * (yj - yi))


def _untangle(pos, adj, edges, anchors, log) -> None:
    """Move single cities to remove road crossings: try places around the mean of the city's
    neighbours, keep the one with the fewest crossings on its roads if it is better and keeps the
    spacing.  Free cities first; anchors only a short way."""
    edge_of = defaultdict(list)
    for k, (a, b) in enumerate(edges):
        edge_of[a].append(k)
        edge_of[b].append(k)

    def local(i: int) -> int:
        mine = [edges[k] for k in edge_of[i]]
        n = 0
        for a, b in mine:
            pa, pb = pos[a], pos[b]
            x0, x1 = min(pa[0], pb[0]), max(pa[0], pb[0])
            y0, y1 = min(pa[1], pb[1]), max(pa[1], pb[1])
            for c, d in edges:
                if {c, d} & {a, b}:
                    continue
                pc, pd = pos[c], pos[d]
                if max(pc[0], pd[0]) < x0 or min(pc[0], pd[0]) > x1 or max(pc[1], pd[1]) < y0 or min(pc[1], pd[1]) > y1:
                    continue
                if _cross(pa, pb, pc, pd):
                    n += 1
        return n

    def spaced(i: int, p) -> bool:
        return all(
            math.dist(p, q) >= MIN_SPACING_KM
            for j, q in pos.items()
            if j != i and abs(q[0] - p[0]) < MIN_SPACING_KM and abs(q[1] - p[1]) < MIN_SPACING_KM
        )

    before = len(crossings(pos, edges))
    for rnd in range(6):
        cr = crossings(pos, edges)
        if not cr:
            break
        movers = []
        for k1, k2 in cr:
            for c in (*edges[k1], *edges[k2]):
                if c not in movers:
                    movers.append(c)
        movers.sort(key=lambda c: c in anchors)
        for i in movers:
            now = local(i)
            if now == 0:
                continue
            home = pos[i]
            nb = adj[i]
            mx = sum(pos[j][0] for j in nb) / len(nb)
            my = sum(pos[j][1] for j in nb) / len(nb)
            reach = (6.0, 12.0) if i in anchors else (0.0, 6.0, 12.0, 20.0, 30.0)
            tries = []
            for r in reach:
                for k in range(12 if r else 1):
                    t = 2 * math.pi * k / 12
                    base = home if i in anchors else (mx, my)
                    tries.append((base[0] + r * math.cos(t), base[1] + r * math.sin(t)))
            if i not in anchors:
                for r in (6.0, 12.0):
                    for k in range(12):
                        t = 2 * math.pi * k / 12
                        tries.append((home[0] + r * math.cos(t), home[1] + r * math.sin(t)))
            best, best_n = home, now
            for p in tries:
                if not spaced(i, p):
                    continue
                pos[i] = p
                n = local(i)
                if n < best_n:
                    best, best_n = p, n
            pos[i] = best
    log(f"untangle: road crossings {before} -> {len(crossings(pos, edges))}")


# --- documents ------------------------------------------------------------------------------------


def build(shared: Path, log=print) -> tuple[dict, dict]:
    ref = yaml.safe_load((shared / "reference" / "friedrich-board.yaml").read_text(encoding="utf-8"))
    facts = yaml.safe_load((shared / "friedrich" / "facts.yaml").read_text(encoding="utf-8"))
    cities = ref["cities"]
    ids = {c["index"]: SAME_NAMES[c["index"]][0] if c["index"] in SAME_NAMES else slug(c["name"]) for c in cities}
    assert len(set(ids.values())) == len(ids), "two cities with one id"
    adj = {c["index"]: set(c["roads"]) | set(c["main_roads"]) for c in cities}
    main = {(min(a, b), max(a, b)) for c in cities for a, b in ((c["index"], j) for j in c["main_roads"])}
    edges = sorted({(min(c["index"], j), max(c["index"], j)) for c in cities for j in adj[c["index"]]})

    gaz = read_gazetteer(shared / "reference" / "gazetteer.tsv")
    anchors, source, refused = match_cities(cities, gaz)
    n_gaz = sum(1 for s in source.values() if s.startswith("GeoNames"))
    log(
        f"gazetteer: {n_gaz} cities matched, {len(anchors) - n_gaz} from published coordinates, "
        f"{len(refused)} matches refused as implausible"
    )
    for r in refused:
        log(f"  refused: {r}")
    pos = layout(cities, adj, anchors, edges, log)
    moved = sorted(math.dist(pos[i], anchors[i]) for i in anchors)
    log(
        f"anchors moved from their real place to make room: median {moved[len(moved) // 2]:.1f} km, "
        f"max {moved[-1]:.1f} km"
    )

    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    scale = MAP_WIDTH / (max(xs) - min(xs) + 2 * MARGIN_KM)
    x0, y0 = min(xs) - MARGIN_KM, min(ys) - MARGIN_KM
    final = {i: (round((p[0] - x0) * scale, 1), round((p[1] - y0) * scale, 1)) for i, p in pos.items()}
    height = round((max(ys) - min(ys) + 2 * MARGIN_KM) * scale)
    spacing = min(d for *_, d in _close_pairs(pos, 3 * MIN_SPACING_KM)) * scale
    n_cross = len(crossings(final, edges))
    log(
        f"map: 1000 x {height} units ({1 / scale:.2f} km per unit); min spacing {spacing:.1f} units; "
        f"road crossings {n_cross}"
    )

    by_name = defaultdict(list)
    for c in cities:
        by_name[c["name"]].append(c["index"])
    board: dict = {
        "meta": {
            "game": "FRIEDRICH (Richard Sivél, Histogame 2004); rules of the revised first edition, January 2005",
            "sources": [
                "cities, suits, countries, roads, main roads, objectives, depots, named sectors: facts of the "
                "game as converted in ../shared/reference/friedrich-board.yaml from the public Rally-the-Troops "
                "module mrozigor/friedrich data.js (commit d9b52227), restated here (public-impl)",
                "generals, ranks, set-up cities, trains, armies, depots, objectives' defenders, substitute "
                "re-entry areas: ../shared/friedrich/facts.yaml (public-impl / seed, with its sources)",
                "positions: real geography, not the module's picture (see tools/friedrich_board.py)",
            ],
            "credit": "GeoNames, CC BY 4.0 (town positions, geonames.org cities15000)",
            "positions": {
                "width": MAP_WIDTH,
                "height": height,
                "km_per_unit": round(1 / scale, 3),
                "projection": f"equirectangular around {LAT0}°N, north up, y grows southwards",
                "from_geonames": n_gaz,
                "from_published_coordinates": len(anchors) - n_gaz,
                "placed_by_layout": len(cities) - len(anchors),
                "min_spacing": round(spacing, 1),
                "road_crossings": n_cross,
            },
            "supply_range": 6,
        }
    }
    board["cities"] = {
        ids[c["index"]]: {
            "name": c["name"],
            "suit": c["suit"],
            "country": c["country"].lower(),
            "x": final[c["index"]][0],
            "y": final[c["index"]][1],
        }
        for c in cities
    }
    board["main_roads"] = [[ids[a], ids[b]] for a, b in edges if (a, b) in main]
    board["roads"] = [[ids[a], ids[b]] for a, b in edges if (a, b) not in main]

    types = ref["types"]
    defender_of_country = {"prussia": "prussia", "saxony": "prussia", "hanover": "hanover", "austria": "austria"}
    country = {c["index"]: c["country"].lower() for c in cities}
    objectives: dict = {}
    for nation, keys in (
        ("prussia", ("objective_prussia", None)),
        ("russia", ("objective_russia", None)),
        ("sweden", ("objective1_sweden", "objective2_sweden")),
        ("austria", ("objective1_austria", "objective2_austria")),
        ("imperial_army", ("objective1_imperial", "objective2_imperial")),
        ("france", ("objective_france", None)),
    ):
        first = [t["index"] for t in types[keys[0]]]
        second = [t["index"] for t in types[keys[1]]] if keys[1] else []
        fo = facts["objectives"][nation]
        assert sorted(map(_index_or_name(by_name), fo["first_order"])) == sorted(first), nation
        assert sorted(map(_index_or_name(by_name), fo.get("second_order", []))) == sorted(second), nation
        defenders = {defender_of_country[country[i]] for i in first + second}
        entry = {"first": [ids[i] for i in first], "second": [ids[i] for i in second]}
        if len(defenders) == 1:
            entry["defender"] = defenders.pop()
        else:
            entry["defender"] = {
                d: [ids[i] for i in first + second if defender_of_country[country[i]] == d] for d in sorted(defenders)
            }
        want = fo["defender"]
        if isinstance(want, dict):
            assert {d: sorted(v) for d, v in want.items()} == {
                d: sorted(ref_names(cities, entry["defender"][d], ids)) for d in want
            }, nation
        else:
            assert entry["defender"] == want, nation
        objectives[nation] = entry
    board["objectives"] = objectives

    nat = facts["nations"]
    board["depots"] = {n: [ids[_index(s)] for s in nat[n]["depots"]["value"]] for n in NATIONS}
    assert sorted(i for n in NATIONS for i in (_index(s) for s in nat[n]["depots"]["value"])) == sorted(
        t["index"] for t in types["depot"]
    )
    board["provinces"] = {
        "prussia": ["prussia"],
        "hanover": ["hanover"],
        "russia": [],
        "sweden": ["sweden"],
        "austria": ["austria"],
        "imperial_army": ["empire", "saxony"],
        "france": [],
    }
    sectors = {name: [ids[e["index"]] for e in members] for name, members in ref["sectors"].items()}
    board["sectors"] = sectors
    munster_y = next(c["y"] for c in cities if c["name"] == "Munster")
    ref_y = {c["index"]: c["y"] for c in cities}
    stade = [ids[e["index"]] for e in ref["sectors"]["diamonds_stade"] if ref_y[e["index"]] < munster_y]
    brunn = [ids[e["index"]] for e in ref["sectors"]["diamonds_brunn"] if country[e["index"]] == "austria"]
    board["reentry_areas"] = {
        "prussia": sectors["spades_berlin"],
        "hanover": stade,
        "russia": sectors["spades_warszawa"],
        "sweden": [ids[c["index"]] for c in cities if country[c["index"]] == "sweden"],
        "austria": brunn,
        "imperial_army": sectors["spades_south_of_hildburghausen"],
        "france": sectors["hearts_south_of_koblenz"],
    }
    log("re-entry areas: " + ", ".join(f"{n} {len(v)}" for n, v in board["reentry_areas"].items()))
    board["regions"] = regions(cities, ids, country)
    log("regions (advanced rules, §13): " + ", ".join(f"{n} {len(v)}" for n, v in board["regions"].items()))

    setup: dict = {
        "meta": {
            "sources": [
                "../shared/friedrich/facts.yaml: nations.*.generals (rank, set-up city), "
                "trains, starting_armies (public-impl from rules.js SETUP_POSITION; seed "
                "for the armies)"
            ]
        },
        "generals": {},
        "trains": {},
        "armies": {},
    }
    for n in NATIONS:
        for g in nat[n]["generals"]:
            name = g["name"].split(" (")[0]
            setup["generals"][slug(name)] = {
                "name": name,
                "nation": n,
                "rank": g["rank"],
                "city": ids[_index(g["setup"])],
            }
        for k, t in enumerate(nat[n]["trains"]["setup"], 1):
            setup["trains"][f"{n}_train_{k}"] = {"nation": n, "city": ids[_index(t)]}
        setup["armies"][n] = nat[n]["starting_armies"]["value"]
    return board, setup


# §13 (advanced rules) regions, in the reference picture's pixels (never shipped, only these lists):
# East Prussia is the Prussian road component east of Poland (facts.yaml map.east_prussia: x >= 1910);
# the army-sheet grid rows are numbered 1 (south) to 9 (north); the set-up cities' sheet rows fit a
# uniform grid of rows about 157 px high whose row 5 spans y 843..1000 (row 5: Alfeld 932, Jüterbog
# 948, Grünberg 950; row 4: Halle 1071, Iserlohn 1094, Oschatz 1121), so "south of coordinate line 5"
# (rows 1-4) is y > 1000 (ruling F13-6, docs/friedrich-rulings.md).
EAST_PRUSSIA_MIN_X = 1910
ROW_5_SOUTH_EDGE_Y = 1000


def regions(cities: list[dict], ids: dict, country: dict) -> dict[str, list[str]]:
    east = {c["index"] for c in cities if country[c["index"]] == "prussia" and c["x"] >= EAST_PRUSSIA_MIN_X}
    konigsberg = next(c["index"] for c in cities if c["name"] == "Königsberg" and c["index"] in east)
    part, todo = {konigsberg}, [konigsberg]  # its road component (not Upper Silesia, also x >= 1910)
    while todo:
        i = todo.pop()
        for j in cities[i]["roads"] + cities[i]["main_roads"]:
            if j in east and j not in part:
                part.add(j)
                todo.append(j)
    return {
        "east_prussia": [ids[c["index"]] for c in cities if c["index"] in part],
        "south_of_line_5": [ids[c["index"]] for c in cities if c["y"] > ROW_5_SOUTH_EDGE_Y],
    }


def _index_or_name(by_name):
    def f(text: str) -> int:
        m = re.search(r"#(\d+)", text)
        if m:
            return int(m.group(1))
        return by_name[text.strip()][0]

    return f


def ref_names(cities, city_ids, ids) -> list[str]:
    back = {v: k for k, v in ids.items()}
    return [cities[back[c]]["name"] for c in city_ids]


# --- writing --------------------------------------------------------------------------------------


def _q(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def _flow(v) -> str:
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_flow(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_flow(x) for x in v) + "]"
    if isinstance(v, str):
        return v if re.fullmatch(r"[a-z0-9_]+", v) else _q(v)
    return json.dumps(v)


def dump(doc: dict, header: str) -> str:
    out = [header.rstrip(), ""]
    for key, value in doc.items():
        if key == "meta":
            out.append("meta:")
            for k, v in value.items():
                if isinstance(v, list):
                    out.append(f"  {k}:")
                    out += [f"    - {_q(x)}" for x in v]
                else:
                    out.append(f"  {k}: {_flow(v) if not isinstance(v, str) else _q(v)}")
        elif isinstance(value, list):
            out.append(f"{key}:")
            out += [f"  - {_flow(x)}" for x in value]
        else:
            out.append(f"{key}:")
            out += [f"  {k}: {_flow(v)}" for k, v in value.items()]
        out.append("")
    return "\n".join(out)


BOARD_HEADER = """# FRIEDRICH: the board (cities, suits, countries, roads, objectives, depots, sectors).
# Generated by tools/friedrich_board.py from the shared reference data; edit by hand or re-run it.
# Schema: maria/games/friedrich/board.py (FBoard.from_docs).  Checked by `python -m maria check-boards`.
# x, y: map units, 0..1000 west->east, y grows southwards; from real geography (GeoNames, CC BY 4.0)
# and a layout between known towns, never from another edition's picture."""
SETUP_HEADER = """# FRIEDRICH: the set-up (generals by rank, supply trains, starting armies = each nation's cap).
# Generated by tools/friedrich_board.py from ../shared/friedrich/facts.yaml."""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", default=str(ROOT.parent / "shared"))
    ap.add_argument("--out", default=str(ROOT / "boards" / "friedrich"))
    args = ap.parse_args(argv)
    board, setup = build(Path(args.shared))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "board.yaml").write_text(dump(board, BOARD_HEADER), encoding="utf-8")
    (out / "setup.yaml").write_text(dump(setup, SETUP_HEADER), encoding="utf-8")
    print(f"wrote {out / 'board.yaml'} and {out / 'setup.yaml'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
