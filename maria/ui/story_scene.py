"""The story of a game on screen: four charts over the turns, the battles per power with the
largest ones, who led when, and "Save as PNG" (maria.ui.story computes the figures)."""

from __future__ import annotations

import time

import pygame

from maria.render import palette as pal
from maria.ui import widgets as W
from maria.ui.overlays import ButtonScene, MessageScene, _title_bg
from maria.ui.session import power_name, role_name
from maria.ui.settings import data_dir
from maria.ui.story import game_story


def line_chart(surf, r: pygame.Rect, title: str, turns: list, series: dict[str, list]) -> None:
    W.panel(surf, r, (252, 248, 236))
    W.blit_text(surf, title, (r.x + 14, r.y + 8), 18, W.INK, "sans_bold")
    if not turns or not series:
        return
    top = max([max(v) for v in series.values() if v] + [1])
    plot = pygame.Rect(r.x + 44, r.y + 38, r.w - 190, r.h - 72)
    pygame.draw.line(surf, W.INK, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surf, W.INK, plot.bottomleft, plot.topleft, 2)
    for k in range(0, top + 1, max(1, top // 4)):
        y = plot.bottom - k / top * plot.h
        W.blit_text(surf, str(k), (plot.x - 6, y), 13, W.INK, "sans", "midright")
        pygame.draw.line(surf, (225, 215, 195), (plot.x + 1, y), (plot.right, y))
    n = max(1, len(turns) - 1)
    xs = [plot.x + i / n * plot.w for i in range(len(turns))]
    for x, t in zip(xs, turns):
        W.blit_text(surf, str(t), (x, plot.bottom + 4), 13, W.INK, "sans", "midtop")
    for i, (p, vals) in enumerate(series.items()):
        col = pal.POWER_COLOURS.get(p, (120, 120, 120))
        pts = [(x, plot.bottom - v / top * plot.h) for x, v in zip(xs, vals)]
        if len(pts) > 1:
            pygame.draw.lines(surf, W.INK, False, pts, 5)
            pygame.draw.lines(surf, col, False, pts, 3)
        ly = plot.y + i * 22
        pygame.draw.rect(surf, W.INK, (plot.right + 14, ly + 2, 18, 14))
        pygame.draw.rect(surf, col, (plot.right + 16, ly + 4, 14, 10))
        W.blit_text(surf, f"{power_name(p)} {vals[-1] if vals else ''}", (plot.right + 38, ly), 14, W.INK)


class StoryScene(ButtonScene):
    """The story of one game (a GameRecord)."""

    def __init__(self, app, record):
        self.record = record
        self.story = game_story(record)
        self.saved = ""
        super().__init__(app)

    def layout(self) -> None:
        self.buttons = [
            W.Button(pygame.Rect(1500, 30, 190, 50), "Save as PNG", self.export, True, "export", 18),
            W.Button(pygame.Rect(1700, 30, 190, 50), "Close (Esc)", self.back, True, "close", 18),
        ]

    def back(self):
        self.app.pop(self)

    def export(self) -> None:
        """Write the story as a PNG into the data folder (charts only, no buttons)."""
        surf = pygame.Surface((1920, 1080))
        self._draw_story(surf)
        folder = data_dir() / "stories"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            out = folder / f"story-{time.strftime('%Y%m%d-%H%M%S')}.png"
            pygame.image.save(surf, str(out))
        except (OSError, pygame.error) as exc:
            self.app.push(MessageScene(self.app, "The story could not be saved", str(exc)))
            return
        self.saved = str(out)

    def _draw_story(self, surf) -> None:
        _title_bg(surf)
        s = self.story
        W.blit_text(surf, "The story of the game", (60, 36), 44, (110, 30, 24), "serif_bold")
        charts = [
            ("Fortresses held", s["fortresses"]),
            ("Troops on the board", s["troops"]),
            ("Cards in hand", s["cards"]),
        ]
        if s["pools"]:
            charts.append(("Victory markers left in the pool (§23: empty wins)", s["pools"]))
        else:
            charts.append(
                (
                    "Towards victory (§14): France of 9, Prussia of 12",
                    {p: v for p, v in s.get("race", {}).items()} or {},
                )
            )
        for i, (title, series) in enumerate(charts):
            r = pygame.Rect(40 + (i % 2) * 930, 110 + (i // 2) * 330, 910, 316)
            line_chart(surf, r, title, s["turns"], series)
        r = pygame.Rect(40, 780, 900, 270)
        W.panel(surf, r, (252, 248, 236))
        W.blit_text(surf, "Battles won / lost / tied", (r.x + 14, r.y + 8), 18, W.INK, "sans_bold")
        y = r.y + 38
        for p, b in s["battles"].items():
            W.blit_text(surf, f"{power_name(p)}: {b['won']} / {b['lost']} / {b['ties']}", (r.x + 20, y), 16, W.INK)
            y += 24
        W.blit_text(surf, "The largest battles", (r.x + 360, r.y + 8), 18, W.INK, "sans_bold")
        y = r.y + 38
        for size, turn, text, winner in s["largest"]:
            won = f" — {power_name(winner)} won" if winner else " — a tie"
            line = f"Turn {turn}: {text.split(': initial')[0]}{won}"
            W.blit_text(surf, line[:70], (r.x + 360, y), 14, W.INK)
            y += 22
        r = pygame.Rect(970, 780, 910, 270)
        W.panel(surf, r, (252, 248, 236))
        W.blit_text(surf, "Who led when", (r.x + 14, r.y + 8), 18, W.INK, "sans_bold")
        x, y = r.x + 20, r.y + 44
        for turn, role in s["leaders"]:
            W.blit_text(
                surf, f"{'Turn ' + str(turn) if turn != 'end' else 'End'}: {role_name(role)}", (x, y), 16, W.INK
            )
            y += 24
            if y > r.bottom - 30:
                x, y = x + 300, r.y + 44

    def draw(self, surf) -> None:
        self._draw_story(surf)
        if self.saved:
            W.blit_text(surf, f"Saved as {self.saved}", (1890, 90), 15, W.GOOD, "sans_bold", "topright")
        self.draw_buttons(surf)
