"""The guided first game's lessons as data: loading, validation and the small vocabulary of goals.

The texts live in maria/games/maria/data/lessons.yaml (read through maria.yamlio's safe loader).  A lesson is a
list of steps; a step is

    text:      what to do (shown in the lesson panel)
    goal:      when the step is done, one predicate (see GOALS)
    allow:     optional: the only kinds of actions the lesson accepts during the step (a list of
               patterns; a pattern matches an action when every key has that value, or one of the
               listed values); anything else is refused with `refuse`
    refuse:    what the lesson asks for, said when a click is refused ("This lesson asks you to ...")
    highlight: optional {cities, pieces, buttons, log}: what is lit on the board (`log: true` lights
               the places of the log entry that reached the goal)
    explain:   optional: what happened, shown once the goal is reached, until the learner presses
               Next (without it the next step follows at once)

The goals read only what the program already shows (the log, the actions made, the legal actions
offered to the seat, the screen's own switches): no rule is computed here.
No pygame in this module: the loader and the goal tests run headless.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from maria import yamlio

DATA = Path(__file__).resolve().parents[1] / "games" / "maria" / "data" / "lessons.yaml"

GOALS = ("next", "action", "log", "can", "ui", "any")
STEP_KEYS = {"text", "goal", "allow", "refuse", "highlight", "explain"}
HIGHLIGHT_KEYS = {"cities", "pieces", "buttons", "log"}
ACTION_KEYS = {"type", "by", "piece", "force_march"}
LOG_KEYS = {"text", "power", "since"}
SINCE = ("step", "lesson", "game")
UI_SWITCHES = ("supply_view",)
GAME_KEYS = {"variant": str, "players": int, "seed": int, "level": str, "seat": str}


class LessonError(ValueError):
    """A lessons file that cannot be used; the message names the file, the entry and the problem."""


@dataclass
class Step:
    text: str
    goal: dict
    allow: list[dict] | None = None
    refuse: str = ""
    highlight: dict = field(default_factory=dict)
    explain: str = ""


@dataclass
class Lesson:
    id: str
    title: str
    steps: list[Step]


@dataclass
class Course:
    game: dict
    lessons: list[Lesson]
    closing: str = ""


# ------------------------------------------------------------------------------ loading
def load(path: str | Path | None = None) -> Course:
    """Read and check a lessons file; a LessonError names the file, the entry and the problem."""
    p = Path(path) if path is not None else DATA
    try:
        data = yamlio.load_file(p)
    except Exception as exc:  # unreadable, not YAML, refused by the safe loader
        raise LessonError(f"{p.name}: cannot be read: {exc}") from exc
    return parse(data, p.name)


def parse(data: Any, name: str = "lessons.yaml") -> Course:
    def bad(where: str, problem: str) -> LessonError:
        return LessonError(f"{name}: {where}: {problem}")

    if not isinstance(data, dict):
        raise bad("the file", "must be a mapping with 'game' and 'lessons'")
    game = data.get("game")
    if not isinstance(game, dict):
        raise bad("game", "missing or not a mapping")
    for k, typ in GAME_KEYS.items():
        if not isinstance(game.get(k), typ) or isinstance(game.get(k), bool):
            raise bad("game", f"'{k}' must be a {typ.__name__}")
    lessons = data.get("lessons")
    if not isinstance(lessons, list) or not lessons:
        raise bad("lessons", "missing or empty (a list of lessons)")
    out, seen = [], set()
    for i, les in enumerate(lessons, 1):
        where = f"lesson {i}"
        if not isinstance(les, dict):
            raise bad(where, "must be a mapping with id, title and steps")
        lid = les.get("id")
        if not isinstance(lid, str) or not lid:
            raise bad(where, "'id' missing")
        where = f"lesson '{lid}'"
        if lid in seen:
            raise bad(where, "the id is used twice")
        seen.add(lid)
        if not isinstance(les.get("title"), str):
            raise bad(where, "'title' missing")
        steps = les.get("steps")
        if not isinstance(steps, list) or not steps:
            raise bad(where, "'steps' missing or empty")
        out.append(Lesson(lid, les["title"], [_step(s, f"{where} step {j}", bad) for j, s in enumerate(steps, 1)]))
    closing = data.get("closing", "")
    if not isinstance(closing, str):
        raise bad("closing", "must be a text")
    return Course(dict(game), out, closing)


def _step(s: Any, where: str, bad: Callable[[str, str], LessonError]) -> Step:
    if not isinstance(s, dict):
        raise bad(where, "must be a mapping")
    unknown = set(s) - STEP_KEYS
    if unknown:
        raise bad(where, f"unknown key {sorted(unknown)[0]!r} (known: {', '.join(sorted(STEP_KEYS))})")
    if not isinstance(s.get("text"), str) or not s["text"].strip():
        raise bad(where, "'text' missing")
    _goal(s.get("goal"), where, bad)
    allow = s.get("allow")
    if allow is not None:
        if not isinstance(allow, list) or not all(isinstance(a, dict) and "type" in a for a in allow):
            raise bad(where, "'allow' must be a list of action patterns, each with a 'type'")
        if not isinstance(s.get("refuse"), str):
            raise bad(where, "'allow' needs a 'refuse' text saying what the lesson asks for")
    hl = s.get("highlight", {}) or {}
    if not isinstance(hl, dict) or set(hl) - HIGHLIGHT_KEYS:
        raise bad(where, f"'highlight' may only hold {', '.join(sorted(HIGHLIGHT_KEYS))}")
    for k in ("cities", "pieces", "buttons"):
        if not isinstance(hl.get(k, []), list):
            raise bad(where, f"highlight '{k}' must be a list")
    for k in ("explain", "refuse"):
        if not isinstance(s.get(k, ""), str):
            raise bad(where, f"'{k}' must be a text")
    return Step(s["text"], s["goal"], allow, s.get("refuse", ""), hl, s.get("explain", ""))


def _goal(g: Any, where: str, bad) -> None:
    if not isinstance(g, dict) or len(g) != 1:
        raise bad(where, f"'goal' must be a mapping with exactly one of: {', '.join(GOALS)}")
    ((k, v),) = g.items()
    if k not in GOALS:
        raise bad(where, f"unknown goal {k!r} (known: {', '.join(GOALS)})")
    if k == "action" and (not isinstance(v, dict) or set(v) - ACTION_KEYS or "type" not in v):
        raise bad(where, f"goal 'action' needs a 'type' and may hold only {', '.join(sorted(ACTION_KEYS))}")
    if k == "log":
        if not isinstance(v, dict) or set(v) - LOG_KEYS or "text" not in v:
            raise bad(where, f"goal 'log' needs a 'text' pattern and may hold only {', '.join(sorted(LOG_KEYS))}")
        if v.get("since", "step") not in SINCE:
            raise bad(where, f"goal 'log' since must be one of: {', '.join(SINCE)}")
        try:
            re.compile(v["text"])
        except re.error as exc:
            raise bad(where, f"goal 'log' text is not a valid pattern: {exc}") from exc
    if k == "can" and not (isinstance(v, str) or isinstance(v, list) and all(isinstance(x, str) for x in v)):
        raise bad(where, "goal 'can' names an action type or a list of them")
    if k == "ui" and v not in UI_SWITCHES:
        raise bad(where, f"goal 'ui' must be one of: {', '.join(UI_SWITCHES)}")
    if k == "next" and v is not True:
        raise bad(where, "goal 'next' must be true")
    if k == "any":
        if not isinstance(v, list) or not v:
            raise bad(where, "goal 'any' must be a list of goals")
        for x in v:
            _goal(x, where, bad)


# ------------------------------------------------------------------------------ goals and filters
def _one_of(want: Any, got: Any) -> bool:
    return got in want if isinstance(want, list) else got == want


def matches(pattern: dict, action: dict) -> bool:
    """An action matches a pattern when every key of the pattern has that value (or one of them)."""
    return all(_one_of(v, action.get(k)) for k, v in pattern.items() if k != "by")


@dataclass
class Progress:
    """Where the goal's evidence starts (the game's record and log when the step began) and what
    the screen did (its switches); `hit` is the log entry that reached a log goal."""

    actions_from: int = 0
    log_from: int = 0
    lesson_log_from: int = 0
    ui: set = field(default_factory=set)
    pressed_next: bool = False
    hit: dict | None = None


def reached(
    goal: dict, prog: Progress, record_actions: list[dict], log: list[dict], legal: list[dict], seat: str
) -> bool:
    """Is `goal` reached? It reads the actions made since the step began, the log, the seat's legal
    actions and the screen's switches: what the program shows, nothing the rules would compute."""
    ((k, v),) = goal.items()
    if k == "next":
        return prog.pressed_next
    if k == "any":
        return any(reached(g, prog, record_actions, log, legal, seat) for g in v)
    if k == "action":
        by = v.get("by", seat)
        return any(e["role"] == by and matches(v, e["action"]) for e in record_actions[prog.actions_from :])
    if k == "log":
        pat = re.compile(v["text"])
        start = {"game": 0, "lesson": prog.lesson_log_from}.get(v.get("since", "step"), prog.log_from)
        for e in reversed(log[start:]):
            if pat.search(e.get("text", "")) and ("power" not in v or _one_of(v["power"], e.get("power"))):
                prog.hit = e
                return True
        return False
    if k == "can":
        types = v if isinstance(v, list) else [v]
        return any(a["type"] in types for a in legal)
    if k == "ui":
        return v in prog.ui
    return False


def describe(action: dict, general_name: Callable[[str], str], city_name: Callable[[str], str]) -> str:
    """What a refused click would have done, in a player's words ("move Traun")."""
    t = action.get("type")
    if t == "move":
        how = "force-march" if action.get("force_march") else "move"
        return f"{how} {general_name(action['piece'])} to {city_name(action['path'][-1])}"
    if t == "step":
        return f"move on to {city_name(action['to'])}"
    if t == "place_hussar":
        return f"place a hussar at {city_name(action['city'])}"
    if t == "done":
        return "end this step of the game"
    if t == "play_card":
        return "play a card"
    if t in ("accept_defeat", "accept_tie"):
        return "give up the battle" if t == "accept_defeat" else "accept a tie"
    if t == "attack":
        return f"attack {city_name(action['target'])}"
    if t == "retreat":
        return f"retreat the loser to {city_name(action['path'][-1])}"
    if t in ("recruit", "troops"):
        return "recruit troops"
    if t == "allocate":
        return "confirm your troops"
    if t == "transfer":
        return "pass troops between stacked generals"
    if t == "reenter_train":
        return "bring a supply train back"
    return str(t).replace("_", " ")
