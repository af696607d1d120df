"""FRIEDRICH's legend (key L on its board): every mark of its map, drawn as the map draws it
(maria.ui.friedrich_map, maria.render.friedrich_preview), with the printed sections of the 2005
rules; shown in MARIA's legend panel (maria.ui.legend.draw_legend)."""

from __future__ import annotations

import math

import pygame

from maria.render import fonts, palette as pal, symbols
from maria.render.friedrich_preview import NATION_COLOURS, NATION_INK, OBJECTIVE_COLOURS

NOTE = (
    "Rest the mouse on a city or a piece for its details, on a card for what it does now. "
    "Drag one of your pieces to a city to move it; a click moves it step by step. L or a click closes."
)


def _city(s, c, suit="spades"):
    pygame.draw.circle(s, pal.CITY_OUTLINE, c, 8)
    pygame.draw.circle(s, pal.CITY_FILL, c, 7)
    img = symbols.suit_symbol(suit, 10)
    s.blit(img, img.get_rect(center=c))


def _objective(first: bool):
    def f(s, c):
        col = OBJECTIVE_COLOURS["russia"]
        if first:
            pygame.draw.circle(s, pal.CITY_OUTLINE, c, 14)
            pygame.draw.circle(s, col, c, 13)
        else:
            for k in range(12):
                a0 = 2 * math.pi * k / 12
                pygame.draw.arc(s, col, pygame.Rect(c[0] - 13, c[1] - 13, 26, 26), a0, a0 + math.pi / 9, 5)
        _city(s, c, "hearts")

    return f


def _depot(s, c):
    r = pygame.Rect(0, 0, 26, 26)
    r.center = c
    pygame.draw.rect(s, pal.CITY_OUTLINE, r.inflate(4, 4), border_radius=3)
    pygame.draw.rect(s, NATION_COLOURS["prussia"], r, border_radius=3)
    _city(s, c)


def _general(face_down=False, armies=None):
    def f(s, c):
        n = "austria"
        pygame.draw.circle(s, (20, 16, 12), (c[0] + 1, c[1] + 2), 11)
        pygame.draw.circle(s, NATION_COLOURS[n], c, 10)
        pygame.draw.circle(s, (90, 90, 90) if face_down else pal.CITY_OUTLINE, c, 10, 3 if face_down else 1)
        t = fonts.text("2", 15, NATION_INK[n], "serif_bold")
        s.blit(t, t.get_rect(center=c))
        if armies is not None:
            img = fonts.halo_text(str(armies), 13, (120, 20, 16), "sans_bold")
            s.blit(img, img.get_rect(midleft=(c[0] + 12, c[1])))

    return f


def _train(s, c):
    r = pygame.Rect(0, 0, 18, 14)
    r.center = c
    pygame.draw.rect(s, pal.CITY_OUTLINE, r.inflate(2, 2))
    pygame.draw.rect(s, NATION_COLOURS["france"], r)
    img = fonts.text("T", 12, NATION_INK["france"], "serif_bold")
    s.blit(img, img.get_rect(center=r.center))


def _star(s, c):
    img = fonts.halo_text("★", 18, (150, 30, 160), "sans_bold")
    s.blit(img, img.get_rect(center=c))


def _card(s, c):
    from maria.ui.hand import card_face

    img = card_face("1:D7", (22, 30), True)
    s.blit(img, img.get_rect(center=c))


def _ring(col):
    def f(s, c):
        pygame.draw.circle(s, (20, 16, 12), c, 15, 4)
        pygame.draw.circle(s, col, c, 14, 3)

    return f


def _route(s, c):
    pts = [(c[0] - 16, c[1] + 8), (c[0], c[1] - 6), (c[0] + 16, c[1] + 4)]
    pygame.draw.lines(s, (20, 16, 12), False, pts, 8)
    pygame.draw.lines(s, (255, 214, 90), False, pts, 5)


def entries(marks: dict) -> list:
    """The legend's rows; `marks` the board's ring colours by kind (maria.ui.friedrich_presenter.MARKS)."""
    return [
        (
            "Places",
            [
                (_city, "City; the suit of its sector: the cards a general there plays in combat (§7)"),
                (_objective(True), "Objective of the ring's nation, 1st order (§5, §12)"),
                (_objective(False), "Objective, 2nd order (§5, §12)"),
                (_depot, "Depot: where the nation's pieces re-enter (§10)"),
            ],
        ),
        (
            "Pieces",
            [
                (
                    _general(armies=8),
                    "General and his rank (a stack's lowest rank commands it); your armies in red (§6)",
                ),
                (_general(face_down=True), "Face-down general: out of supply once (§9)"),
                (_train, "Supply train: supplies its nation's generals within 6 cities (§9)"),
                (_star, "A Card of Fate acts on this general this turn (§11)"),
            ],
        ),
        (
            "While you play",
            [
                (
                    _ring(marks["move"]),
                    "Green ring: a piece you may move; while you hold one, where its move can end (§4)",
                ),
                (_route, "The route of the held piece to the city under the mouse, with its supply there (§4, §9)"),
                (_ring(marks["step"]), "Yellow ring: the next step of a move begun step by step (§4)"),
                (_ring(marks["attack"]), "Red ring: an enemy general you may attack (§7)"),
                (_ring(marks["retreat"]), "Orange ring: where the beaten side may retreat (§8)"),
                (_ring(marks["fate"]), "Blue ring: a choice a Card of Fate leaves you (§11)"),
                (_card, "A framed card in your hand: you may play it now; click it (§7, §11)"),
            ],
        ),
    ]
