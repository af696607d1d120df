"""Tooltips: what every button and every piece of board furniture does, shown when the mouse rests on
it (issue "see the war", item 3).  Rule numbers are the digest's R-numbers; the text widgets print
them as the printed rulebook's sections.  Only words here: which button is drawn, and whether it
is enabled, is the screens' business."""

from __future__ import annotations

import pygame

from maria.ui import widgets as W

DELAY = 0.45  # seconds the mouse rests on a thing before its tooltip shows

# The engine's decisions, by action type: the prompt bar's buttons carry the type as their key.
ACTION_TIPS: dict[str, str] = {
    "done": "End this step: nothing more to do here for now.",
    "stop": "End the move in the city the piece has reached (R10.1).",
    "cancel": "Take back the choice you have started.",
    "undo": "Take back your last action; possible until something hidden is revealed or another player acts.",
    "move": "Move a piece along the roads, 3 cities (4 using only main roads) (R10.1).",
    "force_march": "Force march: a general moves further but conquers nothing on the way (R10.5).",
    "step": "Move the supply train one city further (R10.1).",
    "place_hussar": "Place an Austrian hussar: it taxes enemy supply near it (R7.1, R9.6).",
    "allocate": "Share the power's troops among its generals, secretly (R4.9).",
    "troops": "Give the troops a political card brings to the generals you choose (R17.6.6).",
    "recruit": "Recruit troops for 4 TC points each; removed generals re-enter with them (R13.2, R13.3).",
    "pay": "Pay with tactical cards of any suit; only their values count (R8.7).",
    "pay_all": "Pay every card asked for: the generals named stay in supply (R9.6).",
    "play_card": "Play a tactical card of the sector's suit (or the Reserve) in the battle (R11.2, R11.3).",
    "accept_defeat": "Give up the battle: your side loses the final score in troops and retreats (R11.4).",
    "accept_tie": "End the battle as a tie: no losses, no retreat (R11.5).",
    "attack": "Resolve this battle now; every general next to an enemy must attack (R11.1).",
    "retreat": "Choose where the beaten side retreats: the winner picks the path (R11.14).",
    "reenter_train": "Bring a supply train back onto the board for 4 TC points (R10.9, R10.10).",
    "transfer": "Pass troops between two generals of the same power in one city (R6.6).",
    "commander": "Choose which general of the stack is its supreme commander (R6.2).",
    "stack_consent": "Agree, or refuse, that the other player's general joins yours in one stack (R10.7).",
    "subsidy": "Pay or refuse the subsidy: 1 card of your income to the ally, before looking (R20.3).",
    "offer_subsidy": "Offer a subsidy contract to an ally for a number of turns (R20.2).",
    "answer_subsidy": "Accept or refuse the subsidy contract offered to you (R20.2).",
    "cancel_subsidy": "Propose to end a running subsidy contract (R20).",
    "offer_agreement": "Offer another player a binding agreement: each side's promises, for 1 to 4 turns (§21).",
    "answer_agreement": "Accept or refuse the agreement offered to you: once made, the program keeps it (§21).",
    "trump": "Choose the trump suit of this political phase (R17.2.1).",
    "place": "Place one tactical card face-down on your space of the political display, or none (R17.3).",
    "select": "Take a face-up political card; your cards on the display are discarded (R17.5.3).",
    "save": "Save your cards on the display for a later turn instead of taking a card (R17.5.1).",
    "execute": "Carry out the political card you took, fully or in part, or discard it (R17.6.1).",
    "discard_card": "Discard the political card without effect (R17.5.3).",
    "expedition": "Pay for an expeditionary corps, or send a general off the map (R17.6).",
    "vote": "Cast your electors' votes in the imperial election (R18.4).",
    "dispute": "Austria and the PA disagree on the order of moves in Flanders: from now on they "
    "alternate moves there, the PA first (R10.8).",
    "flanders_pass": "Pass your turn of alternating moves in Flanders (R10.8).",
    "saxony_shift": "Accept or refuse Saxony's change of side (R19.3).",
    "reduce_objectives": "France may reduce its military objectives (R19.2).",
    "peace_offer": "Offer, or not, the Silesian peace (R19.1).",
    "peace_answer": "Accept or refuse the Silesian peace (R19.1).",
    "relocate": "Move a piece out of the territory it must leave (R19.1.2).",
    "place_train": "Put the supply train back on a fortress (R19.1.2).",
}

# The screens' own buttons, by key.
BUTTON_TIPS: dict[str, str] = {
    # title and set-up
    "new": "Start a new game: choose the variant, the players and who plays each power.",
    "continue": "Go on with the game you played last (its newest autosave).",
    "load": "Open a saved game.",
    "demo": "Watch the computer play every power, animated.",
    "rules": "The rules, section by section, as printed (F1 on the board opens the section in play).",
    "settings": "Window size, animations, hand-off screens, colours and sound.",
    "quit": "Leave the program (the game in play is autosaved).",
    "intro": "The introductory game: Bohemia only, no politics (R14).",
    "advanced": "The advanced game: both maps, politics, the imperial election, victory markers (R15-R25).",
    "players": "Two or three players (R24 for two).",
    "human": "A person plays this seat.",
    "computer": "The computer plays this seat at the easy level.",
    "random": "The computer plays this seat at random: for testing.",
    "normal": "The computer plays this seat at the normal level.",
    "hard": "The computer plays this seat at the hard level (it searches ahead; slower).",
    "seed+": "The next game number: the same number gives the same shuffles.",
    "seed-": "The previous game number: the same number gives the same shuffles.",
    "seedrand": "Draw a random game number.",
    "start": "Start the game.",
    "back": "Back to the previous screen.",
    # settings
    "animation": "How fast pieces glide and the computer acts.",
    "fullscreen": "Use the whole screen.",
    "handoff": 'Hot-seat privacy: a "Pass to …" screen before each player\'s secret decisions.',
    "mute": "Sound on or off.",
    "vol+": "Louder.",
    "vol-": "Quieter.",
    "palette": "Colours: standard, or a palette told apart under red-green colour blindness.",
    "size": "The window's size (it is also remembered when you drag the window's corner).",
    # the board
    "menu": "Game menu: save, load, settings, seats, back to the title.",
    "save": "Save the game to a file of your choice.",
    "notes": "Shared notes for the table: agreements and offers (R21).",
    "legend": "What every symbol on the board means.",
    "supply": "Show every supply train's range and the generals out of supply (R9).",
    "victory": "The victory display: pools, boxes and winter scores (R15, R16).",
    "politics": "The political display: tracks, political cards, the placed tactical cards (R17).",
    "zoom_in": "Zoom in (mouse wheel, + key).",
    "zoom_out": "Zoom out (mouse wheel, − key).",
    "zoom_fit": "Show the maps in play (0 key).",
    "plus": "One troop more for this general.",
    "minus": "One troop fewer for this general.",
    "flanders": "The introductory game does not use the Flanders map (R14.1): show or hide it (F key).",
    "close_panel": "Close this panel (Esc).",
    "close": "Close (Esc).",
    "add_note": "Write a note every player can read (R21.2: negotiations are public).",
    "spread": "Spread the pieces of crowded cities apart to read them.",
    "confirm": "Confirm the choice shown.",
    "confirm_yes": "Yes: do it.",
    "confirm_no": "No: take the question back and go on playing (Esc).",
    "cancel_choice": "Drop the half-made choice (the route or the Reserve's value) (Esc).",
    "show_hand": "See your cards: the other players look away first (a hand-off screen).",
    "suggest": "Let the program pick the cheapest cards that pay the sum.",
    "reenter": "Bring this supply train back onto the board for 4 TC points (R10.10).",
    "reserve": "The value the Reserve takes in this battle, 1 to 8 (R8.5).",
    "ready": "The player named takes the seat: that seat's secrets are shown now.",
    "show_me": "Replay on the map what happened since you last looked.",
    "file": "A saved game: click to open it.",
    "delete": "Delete this saved game (asks first).",
    "rename": "Give this saved game another name.",
    "resume": "Go on with the demo.",
    "seats": "Who plays each role: hand a seat to the computer or take one over, at any time.",
    "seat": "Who plays this role: you (Human) or the computer at this level.",
    "faster": "Demo faster.",
    "slower": "Demo slower.",
    "title": "Back to the title screen.",
    "next_turn": "Jump to the next turn.",
    "prev_turn": "Jump back to the previous turn.",
    "back_one": "One action back.",
    "end": "Jump to the end of the game.",
    "story": "Charts of the game: fortresses, troops, cards, battles.",
    "saved_game": "Open the saved game.",
    "board": "Look at the final position on the board.",
    "watch": "Open the game in the replay viewer: step through it action by action, from any seat's view.",
    "do_save": "Save the game under the name typed.",
    "ok": "Close this message (Enter or Esc).",
    "cancel_load": "Stop opening this game (Esc); nothing changes.",
    "learn": "A guided first game: ten short lessons as Maria Theresa, in the rulebook's order.",
    "lesson_next": "On to the next step of the lesson.",
    "lesson_take_over": "Take your seat back: you make Maria Theresa's decisions again.",
    "lesson_play_on": "Let the computer play your seat until the situation the lesson waits for.",
    "lesson_skip": "Skip this step of the lesson.",
    "lesson_leave": "Leave the lessons and go on with this game freely.",
}


def button_tip(b: W.Button) -> str:
    """The button's own tip, else the one for its key (an action type or a screen button)."""
    if b.tip:
        return b.tip
    key = b.key[0] if isinstance(b.key, tuple) and b.key else b.key
    if isinstance(key, str):
        return ACTION_TIPS.get(key) or BUTTON_TIPS.get(key, "")
    return ""


def draw_tip(surf: pygame.Surface, text: str, pos: tuple[int, int]) -> pygame.Rect:
    """A tooltip box near `pos`, kept inside `surf`; lines wrap at about 60 characters."""
    lines: list[str] = []
    for para in text.split("\n"):
        words, cur = para.split(), ""
        for w in words:
            if cur and len(cur) + 1 + len(w) > 60:
                lines.append(cur)
                cur = w
            else:
                cur = f"{cur} {w}".strip()
        lines.append(cur)
    imgs = [W.text(t, 16, W.INK) for t in lines if t]
    if not imgs:
        return pygame.Rect(pos, (0, 0))
    w = max(i.get_width() for i in imgs) + 16
    h = sum(i.get_height() for i in imgs) + 10
    sw, sh = surf.get_size()
    x = min(max(4, pos[0] + 14), sw - w - 4)
    y = pos[1] + 22
    if y + h > sh - 4:
        y = pos[1] - h - 8
    box = pygame.Rect(x, max(4, y), w, h)
    W.panel(surf, box, (255, 250, 232), (90, 70, 50), 4, 1)
    ty = box.y + 5
    for im in imgs:
        surf.blit(im, (box.x + 8, ty))
        ty += im.get_height()
    return box
