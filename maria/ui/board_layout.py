"""The board screen's layout, the same for every game: the rectangles of its parts (computed for the
board shown), the row of the map's controls, sizes and colours."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from maria.ui import widgets as W
from maria.ui.hand import ROW_H as HAND_ROW_H

TOP_H = 52
PROMPT_H = 60  # the prompt bar under the map: its text, its buttons on the right
TALL_PROMPT_H = 108  # the prompt in the side column: its text, its buttons below it
HAND_H = 132
SIDE_MIN = 420  # the side panel's least width (the hands and troops table, the log)
TALL_SIDE_MIN = 640  # the side column's least width when it also holds the prompt and the hand
CONTROLS_H = 54  # the map's controls: a row at the side panel's foot, off the map
STRIP_W = 34  # the collapsed Flanders map's strip along Bohemia's edge (R14.1)
INFO_H = 316  # hands and troops, then the victory tracker
CANVAS_W, CANVAS_H = 1920, 1080


@dataclass(frozen=True)
class Layout:
    """The board screen's parts for one board: the map area, the side panel (hands and troops, the
    log), the row of the map's controls under it, the prompt bar and the hand bar."""

    map: pygame.Rect
    side: pygame.Rect
    controls: pygame.Rect
    prompt: pygame.Rect
    hand: pygame.Rect
    tall: bool  # the prompt and the hand stand in the side column, not under the map

    @property
    def combat(self) -> pygame.Rect:
        return pygame.Rect(self.map.centerx - 420, self.map.y + 30, 840, 420)

    def with_hand_rows(self, n: int) -> Layout:
        """The same layout with a hand bar of n rows (maria.ui.hand): in the side column the bar
        grows upwards and the log gives the room; under the map the bar keeps its one row."""
        if not self.tall or n <= 1:
            return self
        grow = HAND_ROW_H * (n - 1)
        return Layout(
            self.map,
            pygame.Rect(self.side.x, self.side.y, self.side.w, self.side.h - grow),
            self.controls.move(0, -grow),
            self.prompt.move(0, -grow),
            pygame.Rect(self.hand.x, self.hand.y - grow, self.hand.w, self.hand.h + grow),
            True,
        )


def layout_for(board_w: float, board_h: float, lead: int = 0, prompt_h: int = PROMPT_H, hand_h: int = HAND_H) -> Layout:
    """The layout that shows a board of board_w × board_h px (the part in use) largest, with
    `lead` px kept along the map's left edge (the Flanders strip).  Two shapes: "wide", the prompt
    and the hand along the whole bottom under the map and the side panel on the right (a wide board,
    both maps); "tall", the map the full height under the top bar and the prompt and the hand in the
    side column (a square board, Bohemia alone).  The map area is exactly the board at its fitted
    scale (plus the lead), and the side panel takes every pixel left beside it.  A game whose
    prompt needs more room (`prompt_h`) or whose hand stands in the side column (`hand_h` 0) says
    so; the shapes are the same."""

    def scale(avail_w: int, avail_h: int) -> float:
        return min((avail_w - lead) / board_w, avail_h / board_h)

    wide_h = CANVAS_H - TOP_H - prompt_h - hand_h
    tall_h = CANVAS_H - TOP_H
    wide = scale(CANVAS_W - SIDE_MIN, wide_h)
    tall = scale(CANVAS_W - TALL_SIDE_MIN, tall_h)
    if tall > wide:
        map_w = min(CANVAS_W - TALL_SIDE_MIN, lead + math.ceil(board_w * tall))
        m = pygame.Rect(0, TOP_H, map_w, tall_h)
        hand = pygame.Rect(m.right, CANVAS_H - HAND_H, CANVAS_W - m.right, HAND_H)
        prompt = pygame.Rect(m.right, hand.y - TALL_PROMPT_H, hand.w, TALL_PROMPT_H)
    else:
        map_w = min(CANVAS_W - SIDE_MIN, lead + math.ceil(board_w * wide))
        m = pygame.Rect(0, TOP_H, map_w, wide_h)
        prompt = pygame.Rect(0, m.bottom, CANVAS_W, prompt_h)
        hand = pygame.Rect(0, prompt.bottom, CANVAS_W, hand_h)
    foot = prompt.y if tall > wide else m.bottom
    controls = pygame.Rect(m.right, foot - CONTROLS_H, CANVAS_W - m.right, CONTROLS_H)
    side = pygame.Rect(m.right, TOP_H, controls.w, controls.y - TOP_H)
    return Layout(m, side, controls, prompt, hand, tall > wide)


def control_w(label: str) -> int:
    return max(44, W.text(label, 18, W.INK, "sans_bold").get_width() + 24)


def control_buttons(r: pygame.Rect, items: list[tuple]) -> list[W.Button]:
    """The map's controls, (label, action, key) items as a row beside the map at the side panel's
    foot (Layout.controls): off the map, they never cover a city, whatever the zoom."""
    out, x = [], r.x + 12 + W.text("Map", 16, W.INK, "sans_bold").get_width() + 12
    for label, fn, key in items:
        w = control_w(label)
        out.append(W.Button(pygame.Rect(x, r.y + (r.h - 40) // 2, w, 40), label, fn, True, key, 18))
        x += w + 8
    return out


def draw_controls(s: pygame.Surface, c: pygame.Rect, shown: bool) -> None:
    """The row of the map's controls under the side panel (its buttons are drawn with the others);
    `shown`: the controls are there (none while a panel covers the map)."""
    pygame.draw.rect(s, (236, 226, 204), c)
    pygame.draw.line(s, W.FRAME, c.topleft, c.topright, 1)
    pygame.draw.line(s, W.FRAME, c.topleft, c.bottomleft, 2)
    if shown:
        W.blit_text(s, "Map", (c.x + 12, c.centery), 16, W.INK, "sans_bold", "midleft")


RESERVE_ROW_H = 96  # the panel grows by this while a Reserve awaits its value
COMBAT_SCORE_Y = 330  # the score line, then who has the right to play (y from the panel's top)
COMBAT_RESERVE_Y = 420  # the Reserve's value row, below both (never over the score line)
CARD_W, CARD_H = 62, 88
SLOT_W, SLOT_H = 52, 74  # a card in the combat panel
HAND_CARD_TOP = 38  # the cards' top in the hand bar (the powers' headers above them)
HOVER_LIFT = 12  # the card under the mouse rises (whole, on top of its neighbours)
SELECT_LIFT = 10  # a card selected to pay (or a Reserve awaiting its value)
FLASH_DUR = 0.45  # the glow around a card that just landed in the combat panel
WHEEL_STEP = 1.15
KEY_PAN = 80
DRAG_THRESHOLD = 6
LIT_NORMAL = (40, 150, 60)
LIT_FORCE = (225, 120, 20)
LIT_HUSSAR = (40, 110, 200)
LIT_ATTACK = (200, 30, 30)
LIT_RETREAT = (130, 50, 170)
INTRO_FRAMES = frozenset(
    {
        "allocation",
        "hussars",
        "tc_phase",
        "movement_phase",
        "moving",
        "pay",
        "hussar_tax",
        "combat_phase",
        "combat",
        "retreat",
        "winter",
        "game",
        "supply_phase",
        "retro_phase",
    }
)
SUIT_CHAR = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
# Decisions that need nothing private on the screen (no hand, no army sheet, no face-down troops):
# in hot-seat the player makes them on the public board, without a "Pass to …" screen.
PUBLIC_TYPES = frozenset(
    {
        "done",
        "stop",
        "stack_consent",
        "commander",
        "saxony_shift",
        "reduce_objectives",
        "peace_offer",
        "peace_answer",
        "answer_subsidy",
        "offer_subsidy",
        "cancel_subsidy",
        "offer_agreement",
        "answer_agreement",
        "vote",
        "relocate",
        "place_train",
        "expedition",
        "execute",
        "dispute",
        "flanders_pass",
        "retreat",
        "attack",
        "accept_defeat",
        "accept_tie",
        "cancel",
        "select",
        "save",
        "place_hussar",
    }
)
# A decision with one answer and nothing to take back is made by the program (R11.3/R11.5: a side
# with no card to play accepts the defeat or the tie; an empty step is done).
FORCED_TYPES = frozenset({"done", "accept_defeat", "accept_tie"})
TYPE_LABELS = {
    "done": "Done",
    "stop": "Stop here",
    "cancel": "Cancel",
    "accept_defeat": "Accept defeat",
    "accept_tie": "Accept the tie",
    "undo": "Undo",
}
