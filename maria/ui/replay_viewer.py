"""The replay viewer: any saved or finished game stepped through on the board (issue "learn and
review"): one action forward or back, a turn forward or back, the start and the end, playing at a
chosen speed with the live game's animations (pieces glide, cards fly into the combat panel), the
log following, and whose view to see (the public board, any role's, or everything once the game is
over).  Nothing can be played here: the board screen runs with a viewer's presenter, the game's own
presenter with the viewer's controls (ReplayControls) and nothing played."""

from __future__ import annotations

import copy

import pygame

from maria.record.game import GameRecord
from maria.games.maria.rules import door
from maria.ui import widgets as W
from maria.ui.board_scene import BoardScene
from maria.ui.friedrich_presenter import FriedrichPresenter
from maria.ui.friedrich_session import FSession, role_label
from maria.ui.maria_presenter import MariaPresenter
from maria.ui.session import Seat, Session, role_name

CHECKPOINT = 25  # a state kept every this many actions (the others are replayed)
SPEEDS = (1.5, 0.8, 0.4, 0.15)  # seconds per action when playing


class ReplayViewer:
    """The positions of a game record: position i = the state after the first i actions.  Either
    game's: FRIEDRICH's viewer gives its own start position and door (`start`, `apply`)."""

    def __init__(self, record, start: dict | None = None, apply=None):
        self.record = record
        self.apply = apply or door.apply
        self.actions = list(record.actions)
        if start is None:
            start = GameRecord.new(
                variant=record.variant, players=record.players, seed=record.seed, options=copy.deepcopy(record.options)
            ).state
        self.checkpoints = {0: start}
        st = start
        self.turn_starts: dict[int, int] = {st["turn"]: 0}
        for i, a in enumerate(self.actions, 1):
            st = self.apply(st, a["role"], a["action"])
            self.turn_starts.setdefault(st["turn"], i)
            if i % CHECKPOINT == 0:
                self.checkpoints[i] = st
        self.end = len(self.actions)
        self.finished = bool(st.get("result"))

    def state_at(self, i: int) -> dict:
        i = max(0, min(i, self.end))
        base = i - i % CHECKPOINT
        st = self.checkpoints[base]
        for a in self.actions[base:i]:
            st = self.apply(st, a["role"], a["action"])
        return st

    def next_turn(self, i: int) -> int:
        later = [k for k in self.turn_starts.values() if k > i]
        return min(later) if later else self.end

    def previous_turn(self, i: int) -> int:
        earlier = [k for k in self.turn_starts.values() if k < i]
        return max(earlier) if earlier else 0


class ReplayControls:
    """The viewer's controls, a part of the viewer's presenter for MARIA's board (ReplayBoard) and
    FRIEDRICH's (FReplayBoard): the keys, the play timer, the speed and the bar of buttons.  The
    presenter provides `viewer`, `index`, `go(i, animate)`, `cycle_view()`, `_view_name()` and
    `idle()` (no animation under way)."""

    # the viewer plays nothing, hands nothing off, saves nothing
    def after_change(self) -> None:
        self.refresh()

    def game_record(self):
        return None

    def keeps_on_quit(self) -> bool:
        return False

    def holds(self) -> bool:
        return True  # no computer plays, no autosave is said: the viewer's own tick runs

    def private_roles(self) -> list[str]:
        """The roles whose own view (hand, troops) the viewer may show.  A finished game: every
        role.  A game still being played: only what its player may see anyway: the one human's
        of a solo game, and the seated player's own when the game is open on the board behind the
        viewer after a hand-off; never another role's (hot-seat secrets stay secret)."""
        rec = self.viewer.record
        roles = list(self.session.state["roles"])
        if self.viewer.finished:
            return roles
        seats = getattr(rec, "seats", None) or {}
        humans = [r for r, v in seats.items() if isinstance(v, dict) and v.get("kind") == "human"]
        out = humans if len(humans) == 1 else []
        for scene in self.app.scenes:
            sess = getattr(scene, "session", None)
            if sess is None or scene is self.scene or isinstance(getattr(scene, "presenter", None), ReplayControls):
                continue
            same = (getattr(sess.record, "created", None), getattr(sess.record, "seed", None)) == (
                getattr(rec, "created", None),
                getattr(rec, "seed", None),
            )
            if (
                same
                and getattr(scene, "private", True)
                and getattr(scene, "seat", None) in roles
                and scene.seat not in out
            ):
                out = out + [scene.seat]
        return [r for r in roles if r in out]

    def start_controls(self) -> None:
        self.index = 0
        self.playing = False
        self.speed = 1
        self.timer = 0.0

    def idle(self) -> bool:
        return True

    def play_tick(self, dt: float) -> None:
        """Playing: the next action once SPEEDS[speed] seconds have passed (and nothing moves)."""
        if self.playing and self.app.top is self.scene:
            self.timer += dt
            self.dirty = True
            if self.timer >= SPEEDS[self.speed] and self.idle():
                self.timer = 0.0
                if self.index >= self.viewer.end:
                    self.playing = False
                else:
                    self.go(self.index + 1, animate=True)

    def control_key(self, e) -> bool:
        """A viewer key (True: handled)."""
        if e.type != pygame.KEYDOWN:
            return False
        keys = {
            pygame.K_RIGHT: lambda: self.go(self.index + 1, animate=True),
            pygame.K_LEFT: lambda: self.go(self.index - 1),
            pygame.K_PAGEDOWN: lambda: self.go(self.viewer.next_turn(self.index)),
            pygame.K_PAGEUP: lambda: self.go(self.viewer.previous_turn(self.index)),
            pygame.K_HOME: lambda: self.go(0),
            pygame.K_END: lambda: self.go(self.viewer.end),
            pygame.K_SPACE: self.toggle_play,
            pygame.K_v: self.cycle_view,
            pygame.K_ESCAPE: lambda: self.app.pop(self.scene),
        }
        if e.key not in keys:
            return False
        keys[e.key]()
        return True

    def control_click(self, e) -> bool:
        """A click on one of the viewer's buttons (True: handled)."""
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for b in self.buttons:
                if b.hit(e.pos):
                    b.action()
                    return True
        return False

    def toggle_play(self) -> None:
        self.playing = not self.playing
        self.timer = 0.0

    def _faster(self, d):
        def f():
            self.speed = max(0, min(len(SPEEDS) - 1, self.speed + d))

        return f

    def control_row(self) -> list[tuple]:
        """(label, action, key) of the bar's buttons, from the start to the view."""
        return [
            ("|◀ Start", lambda: self.go(0), "start"),
            ("◀◀ Turn", lambda: self.go(self.viewer.previous_turn(self.index)), "prev_turn"),
            ("◀ Back", lambda: self.go(self.index - 1), "back_one"),
            ("Pause" if self.playing else "Play ▶", self.toggle_play, "play"),
            ("Step ▶", lambda: self.go(self.index + 1, animate=True), "step"),
            ("Turn ▶▶", lambda: self.go(self.viewer.next_turn(self.index)), "next_turn"),
            ("End ▶|", lambda: self.go(self.viewer.end), "end"),
            ("Slower", self._faster(-1), "slower"),
            ("Faster", self._faster(1), "faster"),
            (f"View: {self._view_name()}", self.cycle_view, "view"),
        ]

    KEYS = "← → step, PgUp/PgDn turn, Home/End, Space play, V whose view, Esc close."

    def replay_prompt(self, turn: int, name, keys: bool = True) -> str:
        last = self.viewer.actions[self.index - 1] if self.index else None
        what = f" — last: {name(last['role'])}, {last['action'].get('type', '').replace('_', ' ')}" if last else ""
        return f"Replay: action {self.index} of {self.viewer.end}, turn {turn}{what}." + (
            " " + self.KEYS if keys else ""
        )


class ReplayBoard(BoardScene):
    """The board screen in viewer mode (MARIA): it shows a position and a bar of viewer controls;
    the engine is never asked to play."""

    def __init__(self, app, record: GameRecord, view_role: str = "observer"):
        viewer = ReplayViewer(record)
        seats = [Seat(r, "human") for r in record.state["roles"]]
        shown = GameRecord(
            variant=record.variant,
            players=record.players,
            seed=record.seed,
            options=record.options,
            actions=[],
            state=viewer.state_at(0),
            created=record.created,
        )
        session = Session(shown, {s.role: s for s in seats})
        session.autosaves_enabled = False  # the viewer saves nothing
        super().__init__(app, session, lambda scene: MariaReplay(scene, viewer, view_role))


class MariaReplay(ReplayControls, MariaPresenter):
    """MARIA's presenter in the replay viewer."""

    def __init__(self, scene, viewer: ReplayViewer, view_role: str):
        self.viewer = viewer
        self.start_controls()
        super().__init__(scene)
        self.seat = view_role if view_role in self.view_roles() else "observer"
        self.refresh()

    def refresh(self) -> None:
        super().refresh()
        self.acts = []  # nothing to play in the viewer, no sheet or dialog open
        self.alloc = self.recruit = None
        if self.seat == "everything" or (self.seat != "observer" and self.seat not in self.v["roles"]):
            self.v = (
                self._everything() if door.is_over(self.session.state) else door.view(self.session.state, "observer")
            )

    def _everything(self) -> dict:
        """A finished game: every hand and every troop count shown."""
        st = self.session.state
        v = door.view(st, "observer")
        for role in st["roles"]:
            rv = door.view(st, role)
            for p in st["roles"][role]:
                v["hands"][p] = rv["hands"][p]
            for gid, g in rv["generals"].items():
                if g["power"] in st["roles"][role]:
                    v["generals"][gid] = g
        return v

    def go(self, i: int, animate: bool = False) -> None:
        i = max(0, min(i, self.viewer.end))
        before = self.session.state
        step = animate and i == self.index + 1
        self.index = i
        self.session.record.state = self.viewer.state_at(i)
        self.session.record.actions = self.viewer.actions[:i]
        self.anim = None
        self.refresh()
        if step:
            a = self.viewer.actions[i - 1]
            self._animate(before, a["role"], a["action"], SPEEDS[self.speed])
            if a["action"].get("type") == "play_card" and before["flow"][-1].get("name") == "combat":
                self._start_card_flight(a["role"], None, len(before["log"]))
        self.map_dirty = self.static_dirty = self.dirty = True

    def pace(self) -> float:
        return SPEEDS[self.speed]

    def idle(self) -> bool:
        return self.anim is None

    def tick(self, dt: float, top: bool) -> None:
        if self.anim is not None and top:
            self._advance_anim(dt)
        self.play_tick(dt)

    # --- controls -----------------------------------------------------------------------------------
    def view_roles(self) -> list[str]:
        return ["observer"] + self.private_roles() + (["everything"] if self.viewer.finished else [])

    def cycle_view(self) -> None:
        roles = self.view_roles()
        self.seat = roles[(roles.index(self.seat) + 1) % len(roles)] if self.seat in roles else "observer"
        self.refresh()

    def handle(self, e) -> None:
        if self.control_key(e) or self.control_click(e):
            self.static_dirty = self.dirty = True
            return
        if e.type in (pygame.MOUSEWHEEL, pygame.MOUSEMOTION) or (
            e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        ):
            super().handle(e)  # zoom, pan, hover tips and log lines still work

    def build_buttons(self) -> None:
        m = self.lay.map
        row = self.control_row() + [
            ("Story", lambda: self.app.open_screen("story", self.viewer.record), "story"),
            ("Close", lambda: self.app.pop(self.scene), "close"),
        ]
        bs = W.button_row(row, m.x + 12, m.bottom - 56, h=44, size=16, min_w=70, gap=6)
        if bs[-1].rect.right > m.right - 12:  # wider than the map (Bohemia alone): two rows
            k = next(i for i, b in enumerate(bs) if b.rect.right > m.right - 12)
            bs = W.button_row(row[:k], m.x + 12, m.bottom - 106, h=44, size=16, min_w=70, gap=6) + W.button_row(
                row[k:], m.x + 12, m.bottom - 56, h=44, size=16, min_w=70, gap=6
            )
        self.buttons = bs

    def _view_name(self) -> str:
        return {"observer": "public", "everything": "everything"}.get(self.seat, role_name(self.seat))

    def prompt_text(self) -> str:
        return self.replay_prompt(self.session.state["turn"], role_name)


class FReplayBoard(BoardScene):
    """A FRIEDRICH game (a save or a finished game) stepped through on the board screen, with the
    same controls as MARIA's viewer: the public board or any role's view (the door's); nothing is
    played and no Card of Fate pops up (the Clock of Fate panel shows the last one)."""

    def __init__(self, app, record, view_role: str | None = None):
        from maria.games.friedrich.rules import door as fdoor
        from maria.record.friedrich_saves import FRecord

        viewer = ReplayViewer(record, fdoor.new_game(record.players, record.seed, dict(record.options)), fdoor.apply)
        shown = FRecord(
            record.players,
            record.seed,
            dict(record.options),
            [],
            viewer.state_at(0),
            {r: {"kind": "human", "level": "random"} for r in record.state["roles"]},
            record.created,
        )
        session = FSession(shown)
        session.autosaves_enabled = False  # the viewer saves nothing
        super().__init__(app, session, lambda scene: FriedrichReplay(scene, viewer, view_role))


class FriedrichReplay(ReplayControls, FriedrichPresenter):
    """FRIEDRICH's presenter in the replay viewer."""

    def __init__(self, scene, viewer: ReplayViewer, view_role: str | None):
        self.viewer = viewer
        self.start_controls()
        super().__init__(scene)
        self.seat = view_role if view_role in self.view_roles() else None
        self.refresh()

    def refresh(self) -> None:
        super().refresh()
        self.legal, self.marks = [], {}
        self.layout()

    def layout(self) -> None:
        if not hasattr(self, "viewer"):
            self.buttons = []
            return
        row = self.control_row() + [("Close", lambda: self.app.pop(self.scene), "close")]
        prompt = self.prompt_rect()
        self.buttons = W.button_row(row, prompt.x + 10, prompt.y + 50, h=44, size=16, min_w=70, gap=6)
        self.buttons += self.map_controls()

    def go(self, i: int, animate: bool = False) -> None:
        self.index = max(0, min(i, self.viewer.end))
        self.session.record.state = self.viewer.state_at(self.index)
        self.session.record.actions = self.viewer.actions[: self.index]
        self.refresh()

    def tick(self, dt: float, top: bool) -> None:
        self.play_tick(dt)

    def view_roles(self) -> list:
        return [None] + self.private_roles()

    def cycle_view(self) -> None:
        roles = self.view_roles()
        self.seat = roles[(roles.index(self.seat) + 1) % len(roles)] if self.seat in roles else None
        self.refresh()

    def _view_name(self) -> str:
        return "public" if self.seat is None else role_label(self.seat)

    def handle(self, e) -> None:
        if self.control_key(e) or self.control_click(e):
            self.layout()
            self.dirty = True
            return
        if (
            e.type == pygame.MOUSEWHEEL
            or e.type == pygame.MOUSEMOTION
            or (e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and e.button in (2, 3))
        ):
            super().handle(e)  # zoom, pan and hover tips still work

    def prompt_text(self) -> str:
        return self.replay_prompt(self.session.state["turn"], role_label, keys=False)

    def draw(self, surf) -> None:
        super().draw(surf)
        prompt = self.prompt_rect()
        W.blit_text(surf, "Keys: " + self.KEYS, (prompt.x + 12, prompt.bottom - 26), 15, (100, 85, 60))
