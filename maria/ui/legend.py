"""The legend panel (key L): every symbol of the board, drawn with the board's own drawing code,
and what it means, citing the printed rules' sections."""

from __future__ import annotations

import pygame

from maria.render import pieces, symbols
from maria.ui import widgets as W
from maria.ui.board_layout import LIT_ATTACK, LIT_FORCE, LIT_HUSSAR, LIT_NORMAL, LIT_RETREAT


def _ring(col):
    return lambda s, c: pygame.draw.circle(s, col, c, 15, 4)


def _badge(text, col):
    def f(s, c):
        img = W.text(text, 14, (255, 255, 255), "sans_bold")
        box = img.get_rect(center=c).inflate(8, 4)
        pygame.draw.rect(s, (20, 16, 12), box.inflate(2, 2), border_radius=5)
        pygame.draw.rect(s, col, box, border_radius=5)
        s.blit(img, img.get_rect(center=box.center))

    return f


def _face_down(s, c):
    rect = pieces.draw_general(s, c, "prussia", 2, 15)
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.circle(veil, (20, 20, 20, 120), (16, 16), 15)
    s.blit(veil, rect)
    pygame.draw.circle(s, (240, 240, 240), c, 15, 2)


def _qmark(s, c):
    pygame.draw.circle(s, (250, 220, 70), c, 10)
    pygame.draw.circle(s, W.INK, c, 10, 2)
    img = W.text("?", 14, W.INK, "sans_bold")
    s.blit(img, img.get_rect(center=c))


def _sector(s, c):
    img = symbols.suit_symbol("hearts", 22)
    s.blit(img, img.get_rect(center=c))


def _moved(s, c):
    pieces.draw_general(s, c, "france", 2, 15)
    pygame.draw.circle(s, (30, 26, 22), (c[0] - 13, c[1] - 13), 7)
    pygame.draw.circle(s, (240, 190, 40), (c[0] - 13, c[1] - 13), 5)


def _troops(s, c):
    rect = pieces.draw_general(s, c, "austria", 1, 15)
    img = W.text("5", 12, (255, 255, 255), "sans_bold")
    box = img.get_rect(midleft=(rect.right - 4, rect.bottom - 6)).inflate(6, 0)
    pygame.draw.rect(s, (30, 26, 22), box, border_radius=4)
    s.blit(img, img.get_rect(center=box.center))


ENTRIES = [
    (
        "Places",
        [
            (lambda s, c: symbols.draw_city(s, c, "major"), "Major fortress: re-entry site of its power (§3.2)"),
            (lambda s, c: symbols.draw_city(s, c, "minor"), "Minor fortress (§3.2)"),
            (lambda s, c: symbols.draw_city(s, c, "major", True), "Elector fortress: a vote in the election (§18)"),
            (lambda s, c: symbols.draw_city(s, c, ""), "Town: no fortress"),
            (
                lambda s, c: (symbols.draw_city(s, c, "minor"), pygame.draw.circle(s, (200, 150, 30), c, 9, 2)),
                "Gold ring (introductory game): a fortress that counts for victory (§14)",
            ),
            (_sector, 'A sector\'s label ("G5-H6") and suit: the cards a general there may play (§11.1)'),
        ],
    ),
    (
        "Pieces",
        [
            (_troops, "General, rank 1 (commands a stack); the box: his troops ('?' if hidden, §6)"),
            (_face_down, "Face-down general: out of supply (§9), troops hidden until combat"),
            (lambda s, c: pieces.draw_train(s, c, "france", 20), "Supply train (§9, §10.2)"),
            (lambda s, c: pieces.draw_hussar(s, c, 20), "Austrian hussar: taxes enemy supply through it (§7, §9)"),
            (_moved, "Gold mark: moved in this movement phase"),
        ],
    ),
    (
        "Markers",
        [
            (
                lambda s, c: pieces.draw_marker(s, c, "france", "victory", 20),
                "Control / victory marker: the fortress is that power's (§10.3, §16)",
            ),
            (lambda s, c: pieces.draw_marker(s, c, "austria", "elector", 20), "Elector marker (§18)"),
            (_qmark, "'?': a protected fortress left behind, conquered later if unprotected (§12)"),
        ],
    ),
    (
        "While you play",
        [
            (_ring(LIT_NORMAL), "Green ring: a normal move can end here (§10.1)"),
            (_ring(LIT_FORCE), "Orange ring: only a force march reaches it (§10.1)"),
            (_ring(LIT_HUSSAR), "Blue ring: place a hussar, a train or a piece here"),
            (_ring(LIT_ATTACK), "Red ring: an enemy to attack (§11.1)"),
            (_ring(LIT_RETREAT), "Purple ring: where the defeated may retreat (§11.2)"),
            (_badge("−1", (190, 30, 30)), "Ending here he is out of supply: face-down, −1 (−2) troop (§9)"),
            (_badge("H2", (40, 90, 190)), "Supplied only through hussars: tax of 2 TC (§9)"),
            (
                lambda s, c: (pygame.draw.circle(s, (30, 26, 22), c, 5), pygame.draw.circle(s, (38, 84, 160), c, 4)),
                "Key S: a dot in a power's colour — its trains supply a general here (§9)",
            ),
            (
                lambda s, c: pygame.draw.rect(s, (74, 66, 56), (c[0] - 6, c[1] - 14, 12, 28)),
                "Dark strip (introductory game): the Flanders map, not used; key F shows it (§14.1)",
            ),
        ],
    ),
]


NOTE = (
    "Off-map boxes (England, Savoyen, Italien, Ostpreussen…) hold generals sent away by political "
    "cards (§17.5). Rest the mouse on a city, a box or a button for its details, on a log line to "
    "see it on the map."
)


def draw_legend(surf: pygame.Surface, rect: pygame.Rect, entries=None, note: str = NOTE) -> None:
    """The legend panel in `rect`: `entries` [(title, [(draw(surf, centre), text)])] (MARIA's by
    default; FRIEDRICH's board passes its own, maria.ui.friedrich_legend) in two columns."""
    entries = ENTRIES if entries is None else entries
    W.panel(surf, rect, W.PAPER, W.FRAME, 10, 3)
    W.blit_text(surf, "Legend", (rect.x + 24, rect.y + 16), 30, W.INK, "serif_bold")
    for i, line in enumerate(W.wrap(note, rect.w - 160 - 140, 15)[:2]):  # clear of the Close button
        W.blit_text(surf, line, (rect.x + 160, rect.y + 16 + 19 * i), 15, (100, 85, 60))
    cols = [rect.x + 24, rect.centerx + 12]
    col, y0 = 0, rect.y + 72
    y = y0
    for title, rows in entries:
        need = 30 + 40 * len(rows)
        if y + need > rect.bottom - 10 and col == 0:
            col, y = 1, y0
        x = cols[col]
        W.blit_text(surf, title, (x, y), 20, (110, 30, 24), "sans_bold")
        y += 30
        for draw, text in rows:
            draw(surf, (x + 22, y + 14))
            W.blit_text(surf, text, (x + 52, y + 4), 16, W.INK)
            y += 40
        y += 8
