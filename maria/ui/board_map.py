"""The board screen's map: the cached map layer with pieces and markers, and the overlay drawn
every frame (dragged piece, lit destinations, paths, city tooltips)."""

from __future__ import annotations

import math

import pygame

from maria.games.maria.rules import door
from maria.render import palette as pal, pieces
from maria.render.furniture import elector_box_rects, furniture_rect_px, pool_rects, turn_box_rects, victory_box_rects
from maria.games.maria.rules.state import home_of as state_home_of
from maria.ui import advanced_ui as ADV
from maria.ui import widgets as W
from maria.ui.neutral_map import draw_neutral
from maria.ui.board_layout import STRIP_W, LIT_NORMAL, LIT_FORCE, LIT_RETREAT
from maria.ui.session import power_name

_BOX_TIPS = {
    "ostpreussen": "Ostpreussen: off-map box of Prussia. The general who starts here leaves when the "
    "expeditionary-corps penalty stops (R17.6.8); in the introductory game he never moves (R14.1).",
    "england": "England: off-map box of the Pragmatic Army, for generals sent away by a political card (R17.6.7).",
    "italien": "Italien: off-map box of Austria, for generals sent away by a political card (R17.6.7).",
    "savoyen": "Savoyen: off-map box of France, for generals sent away by a political card (R17.6.7).",
}
_VICTORY_BOX_TIPS = {
    "electors": '"3 Electors" box: France, or the PA for its side, puts a victory marker here while it '
    "controls 3 of Mainz, Trier, Köln and Mannheim (R16.4).",
    "emperor": '"Emperor" box: the side whose candidate wins the imperial election puts a marker here (R16.5).',
    "italy": '"Italy" box: Austria or France puts a marker here when the Italy track calls for it (R16.6).',
    "silesia": '"Silesia" box: Prussia puts a marker here when it annexes Silesia; it holds Prussia\'s '
    "second supply train until then (R16.7).",
}


class MapPart:
    """Methods of MARIA's presenter (maria.ui.maria_presenter), which owns its screen state."""

    def _draw_map(self) -> None:
        m = self.map_cache
        m.fill(W.BG)
        self.scaled.blit(m, self.view)
        if not self.show_flanders:
            self._draw_flanders_strip(m)
        v = self.v
        zoom = self.view.zoom
        off = self.lay.map.topleft

        def sc(city):
            x, y = self.view.to_screen(self._city_px[city])
            return x, y

        # turn marker on the turn track
        boxes = turn_box_rects(self.board)
        if v["turn"] in boxes:
            b = boxes[v["turn"]]
            x, y = self.view.to_screen((b.centerx, b.centery))
            rad = max(8, round(min(b.w, b.h) * zoom * 0.4))
            pygame.draw.circle(m, (30, 30, 30), (round(x), round(y)), rad + 2)
            pygame.draw.circle(m, (250, 210, 80), (round(x), round(y)), rad)
        # neutral territory (R19.4): hatched, under the pieces
        regions = self.neutral_regions()
        if regions:
            obstacles = [sc(c) for c in self._city_px]
            obstacles += [
                sc(p["city"])
                for p in list(v["generals"].values()) + list(v["trains"].values())
                if p.get("city") in self._city_px
            ] * 3  # pieces count more
            draw_neutral(m, self.view, self.layer.cells, regions, zoom, obstacles)
        # lit cities
        lit = self.lit()
        r = self.piece_radius()
        outlook = self.supply_preview()
        for city, col in lit.items():
            if city in self._city_px:
                x, y = sc(city)
                pygame.draw.circle(m, col, (round(x), round(y)), r + 7, 4)
                self._draw_supply_badge(m, (x, y), r, outlook.get(city))
        if self.show_supply:
            self._draw_supply_view(m, sc, r)
        # the fortresses that count for victory (introductory game, §14): a gold ring
        for city in (v.get("victory") or {}).get("targets", []):
            if city in self._city_px:
                x, y = sc(city)
                pygame.draw.circle(m, (200, 150, 30), (round(x), round(y)), max(7, round(r * 0.6)), 2)
        # markers
        for city, power in v["markers"].items():
            if city in self._city_px:
                x, y = sc(city)
                pieces.draw_marker(m, (x + r * 0.9, y - r * 0.9), power, "victory", max(12, round(r * 0.8)))
        for city, power in v["qmarks"].items():
            if city in self._city_px:
                x, y = sc(city)
                c = (round(x - r * 0.9), round(y - r * 0.9))
                pygame.draw.circle(m, (250, 220, 70), c, max(8, r // 2))
                pygame.draw.circle(m, W.INK, c, max(8, r // 2), 2)
                img = W.text("?", max(12, r - 2), W.INK, "sans_bold")
                m.blit(img, img.get_rect(center=c))
        # pieces
        self._piece_rects = {}
        at: dict[str, list[str]] = {}
        for gid, g in v["generals"].items():
            if g["city"] and g["city"] in self._city_px:
                at.setdefault(g["city"], []).append(gid)
        dragging = self.drag["piece"] if self.drag and not self.drag["pan"] else None
        for city, gids in at.items():
            x, y = sc(city)
            cmd = (v.get("commanders") or {}).get(city)  # R6.2: the commander is on top
            gids = sorted(gids, key=lambda g: (g != cmd, v["generals"][g]["rank"]))
            if len(gids) > 1:
                for i, gid in enumerate(reversed(gids)):
                    k = len(gids) - 1 - i
                    self._draw_general(m, gid, (x + k * 0.75 * r, y - k * 0.6 * r), r, off)
            else:
                self._draw_general(m, gids[0], (x, y), r, off)
        for tid, t in v["trains"].items():
            if t["city"] and t["city"] in self._city_px:
                x, y = sc(t["city"])
                rect = pieces.draw_train(m, (x, y), t["power"], max(14, round(r * 1.3)))
                self._piece_rects[tid] = rect.move(off)
        for h, city in v["hussars"].items():
            if city and city in self._city_px:
                x, y = sc(city)
                pieces.draw_hussar(m, (x, y), max(14, round(r * 1.2)))
        # generals that went out of supply in this stage's supply phase (R9.4)
        for city in self.unsupplied_cities():
            if city in self._city_px:
                x, y = sc(city)
                pygame.draw.circle(m, (190, 30, 30), (round(x), round(y)), r + 6, 3)
                img = W.text("no supply", max(11, round(r * 0.6)), (255, 255, 255), "sans_bold")
                box = img.get_rect(midtop=(round(x), round(y) + r + 5)).inflate(8, 2)
                pygame.draw.rect(m, (170, 30, 30), box, border_radius=4)
                m.blit(img, img.get_rect(center=box.center))
        ADV.draw_on_map(m, self.view, v, self.board, zoom)
        # selection
        if self.selected and self._piece_city(self.selected) in self._city_px:
            x, y = sc(self._piece_city(self.selected))
            pygame.draw.circle(m, W.HILITE, (round(x), round(y)), r + 4, 3)
        del dragging

    def _draw_flanders_strip(self, m: pygame.Surface) -> None:
        """R14.1: the Flanders map is not used in the introductory game: it is covered, and a strip
        along Bohemia's edge says so (its pieces never move and play no part)."""
        cols = self.board.map_columns.get("flanders")
        if not cols:
            return
        cw = self.board.grid.cell_px[0]
        x0, _ = self.view.to_screen((cols[0] * cw, 0))
        x1, _ = self.view.to_screen(((cols[1] + 1) * cw, 0))
        right = min(round(x1), m.get_width())
        if right <= 0:
            return
        pygame.draw.rect(m, W.BG, (0, 0, right, m.get_height()))
        strip = pygame.Rect(max(0, right - STRIP_W), 0, min(STRIP_W, right), m.get_height())
        pygame.draw.rect(m, (74, 66, 56), strip)
        pygame.draw.line(m, (150, 135, 110), strip.topright, strip.bottomright, 2)
        label = W.text("Flanders: not used in the introductory game (R14.1) · F shows it", 16, (235, 225, 205))
        label = pygame.transform.rotate(label, 90)
        m.blit(label, label.get_rect(center=strip.center))

    def neutral_regions(self) -> dict[str, list[str]]:
        """Neutral power -> the cities of its home country (Silesia with Prussia once annexed)."""
        adv = self.v.get("advanced") or {}
        out = {}
        for p in adv.get("neutral") or []:
            out[p] = sorted(c for c in self.info.playable if state_home_of({"adv": adv}, self.info, c) == p)
        return out

    def unsupplied_cities(self) -> set[str]:
        """Cities of face-down generals that the current stage's supply phase found unsupplied."""
        v = self.v
        log = v.get("log") or []
        if not log:
            return set()
        stage = log[-1].get("stage")
        out = set()
        for e in reversed(log):
            if e.get("turn") != v["turn"] or e.get("stage") != stage:
                break
            if e.get("phase") == "supply" and "out of supply" in e.get("text", "") and e.get("places"):
                out.add(e["places"][0])
        down = {g["city"] for g in v["generals"].values() if g.get("city") and not g["face_up"]}
        return out & down

    def _draw_general(self, m, gid, centre, r, off) -> None:
        g = self.v["generals"][gid]
        rect = pieces.draw_general(m, centre, g["power"], g["rank"], r)
        if not g["face_up"]:
            # face-down (out of supply): a dark veil and a hatched rim
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.circle(veil, (20, 20, 20, 120), (r + 1, r + 1), r)
            m.blit(veil, rect)
            pygame.draw.circle(m, (240, 240, 240), (round(centre[0]), round(centre[1])), r, 2)
            for k in range(-r, r, max(4, r // 3)):
                pygame.draw.line(
                    m,
                    (230, 230, 230),
                    (centre[0] + k, centre[1] + r * 0.6),
                    (centre[0] + k + r * 0.5, centre[1] - r * 0.6),
                    1,
                )
        if gid in self.moved_this_stage():
            # moved in this movement phase: a small gold chevron at the top left
            cx, cy = rect.x + 2, rect.y + 2
            k = max(4, r // 3)
            pygame.draw.circle(m, (30, 26, 22), (cx, cy), k + 2)
            pygame.draw.circle(m, (240, 190, 40), (cx, cy), k)
            pygame.draw.lines(
                m, (30, 26, 22), False, [(cx - k // 2, cy - k // 2), (cx + k // 3, cy), (cx - k // 2, cy + k // 2)], 2
            )
        t = g["troops"]
        label = "?" if t is None else str(t)
        img = W.text(label, max(12, round(r * 0.75)), (255, 255, 255), "sans_bold")
        box = img.get_rect(midleft=(rect.right - 4, rect.bottom - 6)).inflate(6, 0)
        pygame.draw.rect(m, (30, 26, 22), box, border_radius=4)
        m.blit(img, img.get_rect(center=box.center))
        self._piece_rects[gid] = rect.move(off)

    def moved_this_stage(self) -> set[str]:
        """Pieces that moved in the current movement phase (the engine's own list, public)."""
        for f in reversed(self.v["flow"]):
            if f.get("name") == "movement_phase":
                return set(f.get("moved") or [])
        return set()

    def _draw_overlay(self, surf) -> None:
        """What changes every frame: the dragged piece, path previews, hover tips."""
        r = self.piece_radius()
        surf.set_clip(self.lay.map)
        for city in self.hover_log:
            if city in self._city_px:
                x, y = self.to_screen(city)
                pygame.draw.circle(surf, (230, 40, 200), (round(x), round(y)), r + 10, 4)
        path = None
        if self.drag and not self.drag["pan"] and self.drag["moved"]:
            pid = self.drag["piece"]
            city = self.city_at(self.drag["pos"], 24)
            ways = [c for c in self.drag.get("waypoints", []) if c != city]
            if city and self.reach and ways:
                got = self.reach.via(city, ways)  # the player's own route, if it is a legal one
                if got:
                    path = (got[1], LIT_FORCE if got[0] == "force" else LIT_NORMAL)
            elif city and self.reach:
                opts = self.reach.options(city)
                if opts:
                    path = (opts[0][1], LIT_FORCE if opts[0][0] == "force" else LIT_NORMAL)
            for c in ways:  # the pinned waypoints
                if c in self._city_px:
                    x, y = self.to_screen(c)
                    pygame.draw.circle(surf, (250, 240, 200), (round(x), round(y)), 9)
                    pygame.draw.circle(surf, (30, 26, 22), (round(x), round(y)), 9, 3)
            if path:
                self._draw_path(surf, *path)
            p = self.v["generals"].get(pid)
            pos = self.drag["pos"]
            if p:
                pieces.draw_general(surf, pos, p["power"], p["rank"], r + 2)
            else:
                pieces.draw_train(surf, pos, self.v["trains"][pid]["power"], max(14, round(r * 1.3)))
        elif self.hover_city:
            for a in self._acts("retreat"):
                if a["path"][-1] == self.hover_city:
                    self._draw_path(surf, a["path"], LIT_RETREAT)
            if self.selected and self.reach and not self.path_choice:
                opts = self.reach.options(self.hover_city)
                if opts:
                    self._draw_path(surf, opts[0][1], LIT_FORCE if opts[0][0] == "force" else LIT_NORMAL)
        if self.path_choice:
            mouse = self.app.mouse_pos()
            for b in self.buttons:
                if isinstance(b.key, tuple) and b.key[0] == "path" and b.rect.collidepoint(mouse):
                    mode, p = self.path_choice["options"][b.key[1]]
                    self._draw_path(surf, p, LIT_FORCE if mode == "force" else LIT_NORMAL)
        surf.set_clip(None)
        if self.covered:  # a layer above: its own tips only
            return
        if self.hover_city and not self.drag and not self._map_covered(self.app.mouse_pos()):
            self._draw_tip(surf, self.hover_city)
        self._draw_side_tip(surf)

    def furniture_tip(self, pos) -> str | None:
        """What the board furniture under `pos` is (turn track, victory display, pools, electoral
        college, off-map boxes), with what it holds now; None off the furniture or over a city."""
        m = self.lay.map
        if not m.collidepoint(pos) or self._map_covered(pos) or self.city_at(pos):
            return None
        bp = self.view.to_board((pos[0] - m.x, pos[1] - m.y))
        b, v = self.board, self.v
        adv = v.get("advanced") or {}
        unused = "" if adv else " Not used in the introductory game (R14)."
        hidden = not self.show_flanders
        flanders_right = (b.map_columns["flanders"][1] + 1) * b.grid.cell_px[0] if "flanders" in b.map_columns else 0
        if hidden and bp[0] < flanders_right:
            return "The Flanders map is not used in the introductory game (R14.1): F or the map's button shows it."
        last = 12 if adv else 9
        for t, r in turn_box_rects(b).items():
            if r.collidepoint(bp):
                now = " The marker is here: this turn." if t == v["turn"] else ""
                snow = " A winter follows it (R13.1)." if t % 3 == 0 else ""
                extra = "" if t <= last else " The introductory game ends after turn 9 (R14)."
                return f"Turn {t} of the turn track.{now}{snow}{extra}"
        r = furniture_rect_px(b, "turn_track")
        if r is not None and r.collidepoint(bp):
            return (
                f"Turn track: turn {v['turn']} of {last}. A snowflake after turns 3, 6, 9 and 12 marks "
                "a winter (R13.1)."
            )
        for key, r in victory_box_rects(b).items():
            if r.collidepoint(bp):
                if key.startswith("battle_"):
                    power = key[len("battle_") : -2]
                    n = (adv.get("battle_boxes") or {}).get(power)
                    held = f" Markers in {power_name(power)}'s battle boxes: {n}." if n is not None else ""
                    return (
                        f"{power_name(power)}'s battle box: a victory marker from its pool for each victory "
                        f"point won in battle (R16.1, R16.3).{held}{unused}"
                    )
                return _VICTORY_BOX_TIPS.get(key, key) + unused
        r = furniture_rect_px(b, "victory_display")
        if r is not None and r.collidepoint(bp):
            return "Victory display: the boxes where victory markers go (R16)." + unused
        for power, r in pool_rects(b).items():
            if r.collidepoint(bp):
                n = (adv.get("pools") or {}).get(power)
                left = f" {n} marker{'s' if n != 1 else ''} left." if n is not None else ""
                return (
                    f"{power_name(power)}'s pool of victory markers: a major power whose pool is empty "
                    f"wins at once (R23.1).{left}{unused}"
                )
        for cid, r in elector_box_rects(b).items():
            if r.collidepoint(bp):
                return (
                    f"{b.cities[cid].name}: elector fortress; its controller casts its vote in the imperial "
                    f"election (R18.4).{unused}"
                )
        r = furniture_rect_px(b, "electoral_college")
        if r is not None and r.collidepoint(bp):
            return "Electoral College: the elector fortresses and their votes (R18.4)." + unused
        for box in b.boxes.values():
            if box.id in _BOX_TIPS and furniture_rect_px(b, None, box.rect).collidepoint(bp):
                here = [g["name"] for g in v["generals"].values() if g["city"] == f"box:{box.id}"]
                return _BOX_TIPS[box.id] + (f" Here: {', '.join(here)}." if here else "")
        return None

    def _map_covered(self, pos) -> bool:
        """The point is on a dialog, a panel or a button drawn over the map: no map tooltip there."""
        modal = self._modal_rect()
        if self.panel or (modal is not None and modal.collidepoint(pos)):
            return True
        battle = self.battle_shown()
        if battle is not None and self.battle_rect(battle).collidepoint(pos):
            return True
        return any(b.rect.collidepoint(pos) for b in self.buttons)

    def _draw_path(self, surf, path, colour) -> None:
        pts = [self.to_screen(c) for c in path if c in self._city_px]
        if len(pts) > 1:
            pygame.draw.lines(surf, (20, 20, 20), False, pts, 9)
            pygame.draw.lines(surf, colour, False, pts, 5)
            for p in pts[1:]:
                pygame.draw.circle(surf, colour, (round(p[0]), round(p[1])), 7)

    def supply_view(self) -> dict:
        """The engine's supply map (door.supply_map) for the position shown, cached per state."""
        key = id(self.session.state)
        if self._supply_map[0] != key:
            self._supply_map = (key, door.supply_map(self.session.state))
        return self._supply_map[1]

    def _draw_supply_view(self, m, sc, r) -> None:
        """Key S: each train's 6-city supply range as small dots in its power's colour (one place
        around the city per power), and a red dashed ring around every general out of supply."""

        sm = self.supply_view()
        powers = sorted(sm["ranges"])
        for k, p in enumerate(powers):
            col = pal.POWER_COLOURS.get(p, (120, 120, 120))
            ang = 2 * math.pi * k / max(1, len(powers))
            dx, dy = math.cos(ang) * r * 0.75, math.sin(ang) * r * 0.75
            for c in sm["ranges"][p]:
                if c in self._city_px:
                    x, y = sc(c)
                    pygame.draw.circle(m, (30, 26, 22), (round(x + dx), round(y + dy)), 5)
                    pygame.draw.circle(m, col, (round(x + dx), round(y + dy)), 4)
        for gid in sm["out_of_supply"]:
            g = self.v["generals"].get(gid)
            if g and g["city"] in self._city_px:
                x, y = sc(g["city"])
                for k in range(12):
                    a0 = 2 * math.pi * k / 12
                    pygame.draw.arc(
                        m,
                        (200, 20, 20),
                        (round(x) - r - 9, round(y) - r - 9, 2 * r + 18, 2 * r + 18),
                        a0,
                        a0 + math.pi / 12,
                        4,
                    )

    def supply_preview(self) -> dict[str, dict]:
        """The engine's supply outlook (maria.games.maria.rules.door.supply_outlook) for the selected general at
        each city he can reach: how he would fare at his next supply check there."""
        if not self.selected or self.reach is None or self.selected not in self.v["generals"]:
            return {}
        key = (id(self.session.state), self.selected)
        if self._outlook[0] != key:
            self._outlook = (
                key,
                door.supply_outlook(self.session.state, self.seat, self.selected, sorted(self.reach.cities())),
            )
        return self._outlook[1]

    @staticmethod
    def _draw_supply_badge(m, centre, r, o) -> None:
        """Beside a lit destination: out of supply there ("−1"/"−2", red) or supplied only through
        hussars ("H" and the tax, blue); nothing where he would be in supply."""
        if not o or o["status"] in ("home", "free"):
            return
        text, col = (f"−{o['loss']}", (190, 30, 30)) if o["status"] == "none" else (f"H{o['tax']}", (40, 90, 190))
        img = W.text(text, max(11, round(r * 0.7)), (255, 255, 255), "sans_bold")
        box = img.get_rect(center=(round(centre[0] + r * 1.05), round(centre[1] + r * 1.05))).inflate(6, 2)
        pygame.draw.rect(m, (20, 16, 12), box.inflate(2, 2), border_radius=5)
        pygame.draw.rect(m, col, box, border_radius=5)
        m.blit(img, img.get_rect(center=box.center))

    def _draw_side_tip(self, surf) -> None:
        """Hovering a line of the victory tracker lists what it counts."""
        if self.hover_victory is not None and self.hover_victory < len(self._victory_rows):
            rect, tip = self._victory_rows[self.hover_victory]
            if tip:
                imgs = [W.text(t, 15, W.INK, "sans") for t in tip]
                w = max(i.get_width() for i in imgs) + 16
                h = sum(i.get_height() for i in imgs) + 12
                box = pygame.Rect(min(rect.x, 1920 - w - 6), rect.bottom + 4, w, h)
                W.panel(surf, box, (250, 244, 228), (90, 70, 50), 4, 1)
                ty = box.y + 6
                for im in imgs:
                    surf.blit(im, (box.x + 8, ty))
                    ty += im.get_height()

    def _draw_tip(self, surf, city) -> None:
        lines = self.city_lines(city)
        imgs = [W.text(t, 18 if i == 0 else 15, W.INK, "serif_bold" if i == 0 else "sans") for i, t in enumerate(lines)]
        w = max(i.get_width() for i in imgs) + 16
        h = sum(i.get_height() for i in imgs) + 12
        x, y = self.to_screen(city)
        m = self.lay.map
        x = min(max(m.x + 4, round(x) + 22), m.right - w - 4)
        y = min(max(m.y + 4, round(y) + 22), m.bottom - h - 4)
        box = pygame.Rect(x, y, w, h)
        W.panel(surf, box, (250, 244, 228), (90, 70, 50), 4, 1)
        ty = y + 6
        for im in imgs:
            surf.blit(im, (x + 8, ty))
            ty += im.get_height()
