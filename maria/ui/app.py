"""The desktop program's loop: a scene stack over a logical 1920×1080 canvas scaled to a resizable
window.

Each scene has handle(event) (positions already in canvas pixels), update(dt), draw(canvas) and
`opaque` (draw the scenes below first when False).  Layering is the stack's: only the top scene is
live; a scene covered by another (a dialog, the menu, a hand-off) is told so (`on_covered`) and
draws without its hover highlights, tooltips and pop-ups (`covered`) until it is the top again. The loop processes
events every frame, never blocks, and redraws only when a scene says something changed.

This module knows no particular scene: the screens that open others by name (the rules panel on
F1, a saved game, the title screen) find them in `App.screens`, filled by maria.ui.launch, so the
layers only look down (app <- overlays <- board screen <- title screens <- launch).
"""

from __future__ import annotations

import time
from typing import Any, Callable

import pygame

from maria.ui import tips
from maria.ui.canvas import LOGICAL, CanvasMap
from maria.ui.settings import Settings

MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


class Scene:
    opaque = True

    def __init__(self, app: "App"):
        self.app = app
        self.dirty = True

    def handle(self, event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surf: pygame.Surface) -> None: ...

    def on_top(self) -> None:
        """Called when the scene becomes the top of the stack again."""
        self.dirty = True

    def on_covered(self) -> None:
        """Called when another scene is pushed over this one: what it shows under the mouse (hover
        highlights, tooltips, pop-ups) is suspended; it redraws without them."""
        self.dirty = True

    @property
    def covered(self) -> bool:
        """Another scene lies over this one: only the top scene shows hover, tips and pop-ups."""
        return self.app.top is not self

    def game_record(self):
        """The game this scene plays (a GameRecord), if any: what a crash report saves."""
        return None

    def on_quit(self) -> None:
        """The program is closing (the board screen autosaves here)."""

    def hover_tip(self, pos: tuple[int, int]) -> str | None:
        """The tooltip for what is under `pos` (canvas px): by default the button's."""
        for b in getattr(self, "buttons", None) or ():
            if b.rect.collidepoint(pos):
                return tips.button_tip(b) or None
        return None


class App:
    def __init__(
        self, settings: Settings | None = None, size: tuple[int, int] | None = None, headless_surface: bool = False
    ):
        self.settings = settings or Settings.load()
        self.size = size or self.settings.window_size
        self.board = None
        self.scenes: list[Scene] = []
        self.running = True
        self.stop_signal: int | None = None  # a signal asked the program to stop (see stop_on_signals)
        self.canvas = pygame.Surface(LOGICAL)
        self.frames = 0
        self.last_frame_ms = 0.0
        self.fullscreen = False
        self.message: str | None = None
        # screens other screens open by name, without importing them (filled by maria.ui.launch)
        self.screens: dict[str, Callable[..., Any]] = {}
        if headless_surface:
            self.window = pygame.Surface(self.size)
        else:
            flags = pygame.RESIZABLE
            if self.settings.fullscreen:
                flags = pygame.FULLSCREEN
                self.fullscreen = True
            self.window = pygame.display.set_mode((0, 0) if self.fullscreen else self.size, flags)
            pygame.display.set_caption("MARIA")
        self.map = CanvasMap(self.window.get_size())
        self._scaled = None
        # the tooltip under the mouse: [text, seconds the mouse has rested on it, shown]
        self.tip: list = [None, 0.0, False]
        self._mouse: tuple[int, int] | None = None
        self._held = False
        self._tip_key: tuple | None = None
        self._last_pos: tuple[int, int] | None = None
        self.apply_palette()

    # --- resources ------------------------------------------------------------------------------
    def get_board(self):
        if self.board is None:
            from maria.games.maria.rules.state import board_info

            self.board = board_info({"board": "default", "variant": "intro"}).board
        return self.board

    # --- scene stack ----------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        below = self.top
        self.scenes.append(scene)
        scene.dirty = True
        if below is not None and below is not scene:
            below.on_covered()
        self.tip = [None, 0.0, False]  # the tooltip of the layer below goes with it
        self._tip_key = None
        return scene

    def pop(self, scene: Scene | None = None) -> None:
        if scene is not None and scene in self.scenes:
            self.scenes.remove(scene)
        elif self.scenes:
            self.scenes.pop()
        if self.top:
            self.top.on_top()

    def replace(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes.pop()
        return self.push(scene)

    def reset(self, scene: Scene) -> Scene:
        self.scenes = []
        return self.push(scene)

    def find(self, cls):
        for s in reversed(self.scenes):
            if isinstance(s, cls):
                return s
        return None

    def current_record(self):
        """The game in progress (a GameRecord) or None: what a crash report saves."""
        for s in reversed(self.scenes):
            rec = s.game_record()
            if rec is not None:
                return rec
        return None

    def apply_palette(self) -> None:
        """Use the settings' piece colours; every screen redraws its pieces."""
        from maria.render import palette, pieces

        if palette.use_palette(self.settings.palette):
            pieces.clear_cache()
            for s in self.scenes:
                s.dirty = True
                if hasattr(s, "map_dirty"):
                    s.map_dirty = s.static_dirty = True

    def open_screen(self, name: str, *args, **kwargs):
        """Open a screen by name ("rules", "title", "saved_game", …: see maria.ui.launch)."""
        return self.screens[name](self, *args, **kwargs)

    # --- window ---------------------------------------------------------------------------------
    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        self.settings.fullscreen = self.fullscreen
        self._resized()

    def set_window_size(self, size: tuple[int, int]) -> None:
        self.size = size
        if not self.fullscreen and pygame.display.get_surface() is not None:
            self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._resized()

    def remember_size(self) -> None:
        """A window the player resized comes back at that size next time (saved with the settings
        on quit; a fullscreen window keeps the windowed size it had)."""
        if self.fullscreen or pygame.display.get_surface() is None:
            return
        w, h = self.window.get_size()
        if w >= 320 and h >= 240:
            self.size = (w, h)
            self.settings.window_w, self.settings.window_h = w, h

    def _resized(self) -> None:
        if pygame.display.get_surface() is not None:
            self.window = pygame.display.get_surface()
        self.map = CanvasMap(self.window.get_size())
        self._scaled = None
        for s in self.scenes:
            s.dirty = True

    # --- events ---------------------------------------------------------------------------------
    def to_canvas(self, event):
        """The event with mouse positions mapped to canvas pixels."""
        if event.type in MOUSE_EVENTS:
            d = dict(event.dict)
            d["pos"] = self.map.to_logical(event.pos)
            if "rel" in d:
                d["rel"] = self.map.rel_to_logical(event.rel)
            return pygame.event.Event(event.type, d)
        return event

    def mouse_pos(self) -> tuple[int, int]:
        # the last position the event queue reported (SDL's own state lags posted events)
        return self.map.to_logical(self._mouse if self._mouse is not None else pygame.mouse.get_pos())

    def dispatch(self, event) -> None:
        if event.type in MOUSE_EVENTS:
            self._mouse = event.pos
            if event.type == pygame.MOUSEBUTTONDOWN:
                self._held = True  # no tooltip while a button is held (a drag)
            elif event.type == pygame.MOUSEBUTTONUP:
                self._held = False
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized()
            self.remember_size()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and "rules" in self.screens:
            if not getattr(self.top, "is_rules_panel", False):
                self.push(self.open_screen("rules"))
                return
        if self.top:
            self.top.handle(self.to_canvas(event))

    def quit(self) -> None:
        for s in list(self.scenes):
            s.on_quit()
        self.settings.save()
        self.running = False

    def stop_on_signals(self) -> None:
        """Ctrl+C, a closed terminal and a polite kill (SIGINT, SIGHUP, SIGTERM) end the program as
        its Quit button does: the game in progress is autosaved first.  The handler only notes the
        signal; the window's loop quits at its next frame (a handler must not write files while
        the loop may be half-way through a change)."""
        import signal

        def note(signum, _frame) -> None:
            self.stop_signal = signum

        for name in ("SIGINT", "SIGTERM", "SIGHUP"):
            sig = getattr(signal, name, None)
            if sig is not None:
                try:
                    signal.signal(sig, note)
                except (ValueError, OSError):  # not the main thread, or not allowed here
                    pass

    # --- frames ---------------------------------------------------------------------------------
    def needs_redraw(self) -> bool:
        return any(s.dirty for s in self.scenes)

    def render(self, force: bool = False) -> bool:
        if not (force or self.needs_redraw()):
            return False
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for s in self.scenes[start:]:
            s.draw(self.canvas)
            s.dirty = False
        for s in self.scenes[:start]:
            s.dirty = False
        if self.tip[2] and self.tip[0]:
            tips.draw_tip(self.canvas, self.tip[0], self.mouse_pos())
        self.present()
        return True

    def _update_tip(self, dt: float) -> None:
        """A tooltip shows once the mouse has rested DELAY seconds on a thing that has one, and
        goes with the first move off it (the top scene redraws at both moments).  The scene is
        asked what is under the mouse only once the mouse stops, and again only when the mouse,
        the scene or what it shows changes: an idle frame costs a comparison."""
        top = self.top
        raw = self._mouse if self._mouse is not None else pygame.mouse.get_pos()
        dirty = top is not None and top.dirty
        if raw != self._last_pos:  # moving: no tooltip, asked once the mouse stops
            self._last_pos, self._tip_key = raw, None
            text = None
        elif (id(top), self._held) == self._tip_key and not dirty:
            if self.tip[2] or not self.tip[0]:
                return  # settled: nothing to do this frame
            text = self.tip[0]
        else:
            self._tip_key = (id(top), self._held)
            text = None
            if top is not None and not self._held:
                try:
                    text = top.hover_tip(self.map.to_logical(raw))
                except Exception:  # a tooltip must never stop the game
                    text = None
        if text != self.tip[0]:
            if self.tip[2] and top is not None:
                top.dirty = True
            self.tip = [text, 0.0, False]
            return
        if text and not self.tip[2]:
            self.tip[1] += dt
            if self.tip[1] >= tips.DELAY and top is not None:
                self.tip[2] = True
                top.dirty = True

    def present(self) -> None:
        if self.window.get_size() == LOGICAL:
            self.window.blit(self.canvas, (0, 0))
        else:
            if self._scaled is None or self._scaled.get_size() != self.map.dest_size:
                self._scaled = pygame.Surface(self.map.dest_size)
                self.window.fill((0, 0, 0))
            pygame.transform.smoothscale(
                self.canvas, self.map.dest_size, self._scaled
            ) if self.map.scale < 1 else pygame.transform.scale(self.canvas, self.map.dest_size, self._scaled)
            self.window.blit(self._scaled, self.map.offset)
        if pygame.display.get_surface() is not None and self.window is pygame.display.get_surface():
            pygame.display.flip()

    def step(self, dt: float) -> None:
        """One frame: every pending event, updates, a redraw if needed."""
        t0 = time.perf_counter()
        if self.stop_signal is not None:
            self.quit()
            return
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        for s in list(self.scenes):
            s.update(dt)
        self._update_tip(dt)
        self.render()
        self.frames += 1
        self.last_frame_ms = (time.perf_counter() - t0) * 1000

    def run(self, max_frames: int | None = None, fps: int = 60) -> "App":
        clock = pygame.time.Clock()
        dt = 0.0
        n = 0
        while self.running and (max_frames is None or n < max_frames):
            self.step(dt)
            dt = clock.tick(fps) / 1000 if max_frames is None else 1 / fps
            n += 1
        return self


def clean_stale_temporaries() -> list[str]:
    """Remove what an interrupted save left behind (maria.yamlio.write_atomic's temporaries) in
    the saves and settings folders; returns the names removed."""
    from maria import yamlio
    from maria.ui.settings import config_dir, saves_dir

    return yamlio.clean_stale_temporaries(saves_dir()) + yamlio.clean_stale_temporaries(config_dir())
