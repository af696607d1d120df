"""Every string a player reads, as it reaches the screen: the board's texts drawn while random
games of both games are played through the board screens (prompts, buttons, questions, the
program's own lines, panels), the rules' log lines of those games, and the texts of the tables
(tooltips, the rules panels, the lessons, FRIEDRICH's Cards of Fate).  None cites a section twice
in a row, doubles a parenthesis, calls Maria Theresa "he" or Frederick or Louis XV "she", or pairs
a number with the wrong form of its noun or verb."""

from __future__ import annotations

import re

import pygame

from maria import yamlio
from maria.lab import selfplay
from maria.engine import rng
from maria.games.maria.rules import door
from maria.ui import widgets as W
from maria.ui.citations import printed

RULERS = {"Maria Theresa": "f", "Frederick": "m", "Louis XV": "m"}
WRONG = {"f": r"\b(he|him|his|himself)\b", "m": r"\b(she|her|hers|herself)\b"}
POWERS = (
    "Austria",
    "Prussia",
    "France",
    "Bavaria",
    "Saxony",
    "the Pragmatic Army",
    "Pragmatic Army",
    "Spain",
    "Hanover",
    "Russia",
    "Sweden",
    "the Imperial Army",
)
NOUNS = "troop|card|point|general|city|marker|fortress|turn|action|elector|vote"


def problems(text: str) -> list[str]:
    """What is wrong with one string (after the R-numbers become the printed sections)."""
    t = printed(text)
    out = []
    if re.search(r"(§[\d.]+)[^§\w]{0,6}\(?\1(?![\d.])", t):
        out.append("a section cited twice")
    if "((" in t or "))" in t:
        out.append("doubled parentheses")
    for sentence in re.split(r"(?<=[.!?])\s+", t):
        named = [r for r in RULERS if r in sentence]
        # a pronoun refers to the one ruler a sentence names (a general named too may be "he")
        if len(named) == 1 and not re.search(
            r"\b(general|Khevenh|Neipperg|Karl|Lobkowitz|Traun|Browne|"
            r"Schwerin|Friedrich der|Leopold|Belle-Isle|Broglie|Moritz|"
            r"Maillebois|Noailles|Seckendorff|Törring|Rutowski|Arenberg|"
            r"Stair|George|Cumberland|Daun|Lacy|Laudon|Soubise)",
            sentence,
        ):
            if re.search(WRONG[RULERS[named[0]]], sentence):
                out.append(f"a wrong pronoun for {named[0]}")
    for p in POWERS:
        if re.search(rf"(?<![,+] )(?<!and )\b{p} (end|have|are|lose|draw|pay|were|receive) their\b", t):
            out.append(f"{p}: a plural verb for one power")
    if re.search(rf"(?<![\d.,−-])\b1 ({NOUNS})s\b", t):
        out.append("'1' with a plural noun")
    # ("4 card points": a noun before a noun is not counted)
    if re.search(rf"(?<![\d.,/−-])\b([02-9]|[1-9]\d+) ({NOUNS})\b(?![-'’]| points?\b| steps?\b)", t):
        out.append("a number above 1 with a singular noun")
    return out


def test_the_checks_catch_what_players_saw():
    seen = [
        "No recruits this winter? You could still recruit troops (R13). (§13)",
        "Done with hussars? A hussar can still be placed (§7). (§7)",
        "Louis XV (Computer (Hard)) is thinking…",
        "Maria Theresa has no card to play and accepts the defeat (R11.3): done for him.",
        "Maria Theresa must play his only card of the suit, 5♥ (R11.5): done for him.",
        "Pragmatic Army end their movement.",
        "Austria loses 1 troops.",
        "Prussia has 3 card.",
    ]
    assert all(problems(s) for s in seen), [s for s in seen if not problems(s)]
    fine = [
        "Austria, Pragmatic Army end their movement.",
        "Neipperg is defeated and loses 2 troops.",
        "Louis XV: 0 of 9 fortresses in Austria",
        "Maria Theresa has no card to play and accepts the defeat (R11.3): done for her.",
        "Frederick must play his only card of the suit (R11.5).",
        "Winter recruitment — 4 points per troop, at most 3; select cards in the hand to pay",
    ]
    assert not [s for s in fine if problems(s)], [(s, problems(s)) for s in fine if problems(s)]


def _maria_strings(ui, variant: str, players: int, seed: int, steps: int) -> set[str]:
    from maria.ui.board_scene import BoardScene
    from maria.ui.overlays import HandoffScene
    from maria.ui.game_menu import GameMenuScene, LeaveGameScene
    from maria.ui.session import Session

    out: set[str] = set()
    s = Session.new(variant, players, seed)
    board = BoardScene(ui.app, s)
    ui.app.scenes = [ui.app.scenes[0], board]
    ch = {"rng": rng.seed_state(seed)}
    for i in range(steps):
        if door.is_over(s.state):
            break
        role = door.active_roles(s.state)[0]
        board.seat, board.private = role, True
        if board._auto_forced():
            continue
        board.refresh()
        for a in board.acts:
            q = board.confirm_question(a)
            if q:
                board.confirm = {"action": a, "question": q, "yes": board._action_label(a)}
                out.add(board.prompt_line())
                board.confirm = None
            if a["type"] not in ("undo",):
                out.add(board._action_label(a))
        if i % 7 == 0:
            board.static_dirty = board.dirty = True
            board.draw(ui.app.canvas)
            out.add(board.prompt_line())
        a = selfplay.random_action(s.state, role, ch)
        if a["type"] != "undo":
            board.apply(a) if role == board.seat else s.apply(role, a)
        while ui.app.top is not board:
            ui.app.pop()
    for role in s.seats:
        s.set_seat(role, "computer", "hard")
        out.add(board.thinking_text(role))
    for scene in (
        HandoffScene(ui.app, door.ROLES[players][0], board),
        GameMenuScene(ui.app, board),
        LeaveGameScene(ui.app, board),
    ):
        scene.draw(ui.app.canvas)
    out |= set(board.auto_lines)
    out |= {e["text"] for e in s.state["log"]}
    return out


def _friedrich_strings(ui, seed: int, steps: int) -> set[str]:
    from maria.players.friedrich.random_moves import RandomPlayer
    from tests.ui import friedrich_helpers as F

    s = F.session(seed=seed, humans=("frederick", "elisabeth", "maria_theresa", "pompadour"))
    board = F.open_board(ui, s)
    rnd = RandomPlayer(seed)
    out: set[str] = set()
    for i in range(steps):
        if s.state.get("result") is not None:
            break
        role = s.active()[0]
        board.seat = role
        board.refresh()
        if i % 9 == 0:
            board.draw(ui.app.canvas)
            out.add(board.header_text())
        s.apply(role, rnd.decide(s.state, role))
    out |= {e["text"] for e in s.state["log"]}
    return out


def _tables() -> set[str]:
    from pathlib import Path
    from maria.ui import rules_text, tips

    out = set(tips.ACTION_TIPS.values()) | set(tips.BUTTON_TIPS.values())
    out |= {body for _, _, body in rules_text.RULES}
    root = Path(__file__).resolve().parents[2] / "maria"

    def strings(node):
        if isinstance(node, str):
            yield node
        elif isinstance(node, dict):
            for v in node.values():
                yield from strings(v)
        elif isinstance(node, list):
            for v in node:
                yield from strings(v)

    for path in (
        root / "games" / "maria" / "data" / "lessons.yaml",
        root / "games" / "friedrich" / "data" / "fate.yaml",
        root / "games" / "friedrich" / "data" / "rules.yaml",
    ):
        out |= {t for t in strings(yamlio.load_file(path)) if " " in t}
    return out


def test_no_string_a_player_reads_is_wrong(ui, monkeypatch):
    seen: set[str] = set()
    real_text, real_wrap = W.text, W.wrap
    monkeypatch.setattr(W, "text", lambda s, *a, **k: seen.add(s) or real_text(s, *a, **k))
    monkeypatch.setattr(W, "wrap", lambda s, *a, **k: seen.add(s) or real_wrap(s, *a, **k))
    ui.app.settings.handoff_screens = False
    # the autosave at each stage's end is kept and its line drawn; only the file is not written (a
    # third of this test's time went into dumping the record, which no player reads here; the
    # autosave files are tests/ui/test_nothing_lost.py's and test_solo_resume.py's)
    from maria.ui.session import Session

    monkeypatch.setattr(Session, "_write_autosave", lambda self, path, rec, notes, count: None)
    for variant, players, seed, steps in (
        ("intro", 3, 1, 700),
        ("advanced", 3, 2, 700),
        ("intro", 2, 3, 400),
        ("advanced", 2, 4, 400),
    ):
        seen |= _maria_strings(ui, variant, players, seed, steps)
    seen |= _friedrich_strings(ui, 5, 900)
    seen |= _tables()
    assert len(seen) > 1500
    bad = sorted({f"{p}: {s!r}" for s in seen for p in problems(s)})
    assert not bad, "\n".join(bad[:60])
    pygame.event.clear()
