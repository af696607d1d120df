"""The board screen's layout: the rectangles of its parts, sizes and colours, shared by its parts."""

from __future__ import annotations

import pygame

TOP_H = 52
PROMPT_H = 60
HAND_H = 132
SIDE_W = 420
MAP_RECT = pygame.Rect(0, TOP_H, 1920 - SIDE_W, 1080 - TOP_H - PROMPT_H - HAND_H)
PROMPT_RECT = pygame.Rect(0, MAP_RECT.bottom, 1920, PROMPT_H)
HAND_RECT = pygame.Rect(0, PROMPT_RECT.bottom, 1920, HAND_H)
SIDE_RECT = pygame.Rect(MAP_RECT.right, TOP_H, SIDE_W, MAP_RECT.h)
INFO_H = 316                     # hands and troops, then the victory tracker
COMBAT_RECT = pygame.Rect(MAP_RECT.centerx - 420, MAP_RECT.y + 30, 840, 420)
RESERVE_ROW_H = 96              # the panel grows by this while a Reserve awaits its value
COMBAT_SCORE_Y = 330             # the score line, then who has the right to play (y from the panel's top)
COMBAT_RESERVE_Y = 420           # the Reserve's value row, below both (never over the score line)
CARD_W, CARD_H = 62, 88
SLOT_W, SLOT_H = 52, 74          # a card in the combat panel
HAND_CARD_TOP = 38               # the cards' top in the hand bar (the powers' headers above them)
HOVER_LIFT = 12                  # the card under the mouse rises (whole, on top of its neighbours)
SELECT_LIFT = 10                 # a card selected to pay (or a Reserve awaiting its value)
FLASH_DUR = 0.45                 # the glow around a card that just landed in the combat panel
WHEEL_STEP = 1.15
KEY_PAN = 80
DRAG_THRESHOLD = 6
LIT_NORMAL = (40, 150, 60)
LIT_FORCE = (225, 120, 20)
LIT_HUSSAR = (40, 110, 200)
LIT_ATTACK = (200, 30, 30)
LIT_RETREAT = (130, 50, 170)
INTRO_FRAMES = frozenset({"allocation", "hussars", "tc_phase", "movement_phase", "moving", "pay", "hussar_tax",
                          "combat_phase", "combat", "retreat", "winter", "game", "supply_phase", "retro_phase"})
SUIT_CHAR = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
# Decisions that need nothing private on the screen (no hand, no army sheet, no face-down troops):
# in hot-seat the player makes them on the public board, without a "Pass to …" screen.
PUBLIC_TYPES = frozenset({"done", "stop", "stack_consent", "commander", "saxony_shift", "reduce_objectives",
                          "peace_offer", "peace_answer", "answer_subsidy", "offer_subsidy", "cancel_subsidy",
                          "vote", "relocate", "place_train", "expedition", "execute", "dispute", "flanders_pass",
                          "retreat", "attack", "accept_defeat", "accept_tie", "cancel", "select", "save",
                          "place_hussar"})
# A decision with one answer and nothing to take back is made by the program (R11.3/R11.5: a side
# with no card to play accepts the defeat or the tie; an empty step is done).
FORCED_TYPES = frozenset({"done", "accept_defeat", "accept_tie"})
TYPE_LABELS = {"done": "Done", "stop": "Stop here", "cancel": "Cancel", "accept_defeat": "Accept defeat",
               "accept_tie": "Accept the tie", "undo": "Undo"}
