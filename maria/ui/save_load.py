"""The save and load screen: the user's saves and the samples, each listed with when it was saved,
the game, the turn and who is to act; save under a typed name, rename, delete (after a question),
open (off the window's thread, maria.ui.loading, through App.open_screen("saved_game")).

The listing and the previews are read off the window's thread and cached (maria.ui.save_index):
with thousands of saves a frame draws one page of cached rows; typing on the Load screen searches
the names."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame

from maria.paths import resource_root
from maria.ui import widgets as W
from maria.ui.save_index import SaveIndex
from maria.ui.overlays import ButtonScene, MessageScene, _title_bg
from maria.ui.session import notes_path
from maria.ui.settings import saves_dir


def default_save_name(state: dict) -> str:
    """A name that says what the save holds ("Introductory turn 3", "FRIEDRICH turn 2"), made
    unique among the saves (" 2", " 3", …): Save then Enter never overwrites another game."""
    from maria.record.files import format_of

    base = format_of(state.get("game") or "maria").save_name(state)
    name, k = base, 2
    while (saves_dir() / f"{name}.yaml").exists():
        name, k = f"{base} {k}", k + 1
    return name


def _all_saves() -> list:
    """The user's saves, the samples and the crash handler's emergency saves, each with why it
    cannot be opened and its version (run by the listing worker, never the window's thread)."""
    from maria.record.crash import emergency_saves
    from maria.record.files import scan_saves

    out = []
    for d in (saves_dir(), resource_root() / "saves"):
        out += scan_saves(d)
    # the games a crash saved ("load it from the title screen", the crash message says)
    for p in emergency_saves():
        try:
            st = p.stat()
            out.append((p, None, (st.st_mtime, st.st_size)))
        except OSError:
            continue
    return out


def _folder_times() -> tuple:
    """The modification times of the folders listed (a file created, deleted or renamed there
    changes its folder's): two stats, cheap enough for the window's thread."""
    from maria.record.crash import crash_dir

    out = []
    for d in (saves_dir(), crash_dir()):
        try:
            out.append(os.stat(d).st_mtime_ns)
        except OSError:
            out.append(None)
    return tuple(out)


_BACKGROUND: dict[tuple[int, int], pygame.Surface] = {}


def _background(size: tuple[int, int]) -> pygame.Surface:
    """The title screens' paper, drawn once (its 180 ruled lines cost more than the whole list)."""
    if size not in _BACKGROUND:
        bg = pygame.Surface(size)
        _title_bg(bg)
        _BACKGROUND.clear()
        _BACKGROUND[size] = bg
    return _BACKGROUND[size]


class SaveLoadScene(ButtonScene):
    """Save under a name (typed) or load one of the saves (the user's and the samples), each listed
    with when it was saved, the game, the turn and who is to act; the user's saves can be renamed
    or deleted (after a confirmation).  A save that cannot be loaded keeps the list open with the
    reason."""

    PER_PAGE = 10

    def __init__(self, app, mode: str, board):
        self.mode, self.board = mode, board
        self.name = "" if mode == "load" else default_save_name(board.session.state)
        self.fresh = mode == "save"  # the proposed name is selected: typing replaces it
        self.error = ""
        self.page = 0
        self.renaming: Path | None = None  # the save being renamed (its new name is typed in `name`)
        self.deleting: Path | None = None  # the save awaiting "Delete? yes / no"
        self.query = ""  # Load: the names searched for (typed)
        self._dirs = (saves_dir(), resource_root() / "saves")
        self.index = SaveIndex(_all_saves)
        self._seen = -1  # the index version the buttons show
        self._filtered: tuple[tuple, list] = ((), [])
        self._folders_seen: tuple = _folder_times()
        self._since_check = 0.0
        super().__init__(app)

    def entries(self) -> list[tuple[Path, str | None]]:
        """Every *.yaml of the user's and the sample saves (and the crash handler's), with why it
        cannot be opened (None if it can), as last listed off the window's thread (empty until
        then), narrowed to the names searched for."""
        return [(p, why) for p, why, _ in self._shown()]

    def _shown(self) -> list:
        listing, names = self.index.listing or ([], [])
        key = (id(listing), self.query)
        if self._filtered[0] != key:
            q = self.query.casefold()
            self._filtered = (key, [e for e, n in zip(listing, names) if q in n] if q else listing)
        return self._filtered[1]

    def files(self) -> list[Path]:
        return [p for p, _ in self.entries()]

    def details(self, p: Path, ver: tuple = (0.0, 0)) -> str:
        """ "27 Nov 00:41 · advanced, 3 players · turn 4 · to act: Louis XV", from the cached
        preview of this version of the file (its header first, then the whole preview)."""
        when = time.strftime("%d %b %H:%M", time.localtime(ver[0])) if ver[0] else ""
        from maria import games
        from maria.record.files import format_of

        done, info = self.index.preview(p, ver)
        if not done:
            got, head = self.index.header(p, ver)
            if head is None or head.get("game", games.DEFAULT) not in games.names():
                return f"{when} · reading…"
            return f"{when} · {format_of(head.get('game', games.DEFAULT)).kind_text(head)} · reading…"
        if info is None:
            return f"{when} · not readable as a save"
        fmt = format_of(info.get("game", games.DEFAULT))
        return f"{when} · {fmt.kind_text(info)} · turn {info['turn']} · {fmt.progress_text(info)}"

    def _own(self, p: Path) -> bool:
        return p.parent == self._dirs[0]

    def layout(self) -> None:
        b = []
        if self.mode == "save" or self.renaming:
            label = "Rename" if self.renaming else "Save"
            b.append(
                W.Button(
                    pygame.Rect(1280, 220, 200, 52),
                    label,
                    self.do_rename if self.renaming else self.do_save,
                    bool(self.name.strip()),
                    "do_rename" if self.renaming else "do_save",
                    22,
                )
            )
        entries = self._shown()
        pages = max(1, (len(entries) + self.PER_PAGE - 1) // self.PER_PAGE)
        self.page = min(self.page, pages - 1)
        y = 330
        page = entries[self.page * self.PER_PAGE : (self.page + 1) * self.PER_PAGE]
        self.index.want(page)
        self._seen = self.index.version
        for p, why, ver in page:
            label = p.stem + (
                ""
                if self._own(p)
                else "   (sample)"
                if p.parent == self._dirs[1]
                else "   (saved by the crash handler)"
            )
            if why is not None:
                label += f"   (unreadable: {why})"
            # the name and, under it, the details are written over the button in draw()
            b.append(
                W.Button(
                    pygame.Rect(260, y, 1000, 56),
                    "",
                    self._pick(p),
                    why is None,
                    ("file", p.name),
                    18,
                    tip=label + "\n" + (self.details(p, ver) if why is None else ""),
                )
            )
            if self._own(p):
                if self.deleting == p:
                    b.append(
                        W.Button(
                            pygame.Rect(1280, y, 190, 56),
                            "Delete it",
                            self._delete(p),
                            True,
                            ("confirm_delete", p.name),
                            17,
                        )
                    )
                    b.append(
                        W.Button(pygame.Rect(1480, y, 180, 56), "Keep it", self._cancel, True, ("keep", p.name), 17)
                    )
                else:
                    b.append(
                        W.Button(
                            pygame.Rect(1280, y, 150, 56),
                            "Rename",
                            self._start_rename(p),
                            why is None,
                            ("rename", p.name),
                            17,
                        )
                    )
                    b.append(
                        W.Button(
                            pygame.Rect(1440, y, 150, 56), "Delete", self._ask_delete(p), True, ("delete", p.name), 17
                        )
                    )
            if self.mode == "load" and why is None and self.deleting != p:  # either game's
                b.append(W.Button(pygame.Rect(1600, y, 130, 56), "Watch", self._watch(p), True, ("watch", p.name), 17))
            y += 64
        if pages > 1:
            b.append(
                W.Button(pygame.Rect(260, 990, 160, 50), "‹ Newer", self._turn_page(-1), self.page > 0, "prev", 18)
            )
            b.append(
                W.Button(
                    pygame.Rect(1100, 990, 160, 50), "Older ›", self._turn_page(1), self.page < pages - 1, "next", 18
                )
            )
        b.append(W.Button(pygame.Rect(960 - 140, 1000, 280, 56), "Back", self.back, True, "back", 22))
        self.buttons = b

    def _turn_page(self, d):
        def f():
            self.page += d

        return f

    def update(self, dt: float) -> None:
        """What the listing worker brought since the last frame is shown; every two seconds the
        folders' own times (two stats) tell whether a file came or went meanwhile."""
        self._since_check += dt
        if self._since_check >= 2.0:
            self._since_check = 0.0
            times = _folder_times()
            if times != self._folders_seen:
                self._folders_seen = times
                self.index.refresh()
        if self.index.version != self._seen:
            self.layout()
            self.dirty = True

    def reading(self) -> bool:
        """Whether the listing worker is still reading what this screen shows (or brought
        something not drawn yet)."""
        return self.index.busy() or self.index.version != self._seen

    def _changed(self) -> None:
        """A file was renamed, deleted or written from this screen: list again."""
        self._folders_seen = _folder_times()
        self.index.refresh()

    def _pick(self, p):
        def f():
            self.deleting = self.renaming = None
            if self.mode == "save":
                self.name = p.stem
                self.do_save()
                return
            self.error = ""

            def failed():
                # the reason is shown; the list stays underneath it to pick another save
                self.error = f"{p.name} could not be loaded (see the message)."
                self.dirty = True

            self.app.open_screen("saved_game", p, on_fail=failed)

        return f

    def _watch(self, p):
        def f():
            self.app.open_screen("replay", p)  # the viewer opens over the list

        return f

    def _ask_delete(self, p):
        def f():
            self.deleting, self.renaming = p, None

        return f

    def _cancel(self):
        self.deleting = self.renaming = None
        self.name = "" if self.mode == "load" else self.name

    def _delete(self, p):
        def f():
            self.deleting = None
            try:
                p.unlink()
                if notes_path(p).exists():
                    notes_path(p).unlink()
            except OSError as exc:
                self.error = f"Could not delete {p.name}: {exc.strerror or exc}"
            self._changed()

        return f

    def _start_rename(self, p):
        def f():
            self.renaming, self.deleting = p, None
            self.name = p.stem

        return f

    def _clean(self, text: str) -> str:
        return "".join(ch for ch in text.strip() if ch.isalnum() or ch in "-_ ").strip()

    def do_rename(self):
        p, new = self.renaming, self._clean(self.name)
        if p is None or not new:
            return
        target = p.with_name(f"{new}.yaml")
        if target.exists() and target != p:
            self.error = f"There is already a save called {new}."
            return
        try:
            p.rename(target)
            if notes_path(p).exists():
                notes_path(p).rename(notes_path(target))
        except OSError as exc:
            self.error = f"Could not rename {p.name}: {exc.strerror or exc}"
            return
        self._changed()
        self.renaming = None
        self.name = "" if self.mode == "load" else self.name
        self.error = ""

    def do_save(self):
        name = self._clean(self.name) or "game"
        try:
            self.board.session.save(saves_dir() / f"{name}.yaml")
        except Exception as exc:
            self.error = f"Could not save: {exc}"
            return
        self.app.pop(self)
        # a quiet confirmation on the board (nothing to click); a board without one says it in a box
        notify = getattr(self.board, "notify", None)
        if notify is not None:
            notify(f"Saved as {name}")
        else:
            self.app.push(MessageScene(self.app, "Saved", f"The game is saved as {name}."))

    def back(self):
        if self.renaming or self.deleting:
            self._cancel()
            self.layout()
            self.dirty = True
            return
        if self.query:  # Esc clears the search first
            self._search("")
            return
        self.app.pop(self)

    def _search(self, query: str) -> None:
        self.query, self.page = query, 0
        self.layout()
        self.dirty = True

    def handle(self, e) -> None:
        if e.type == pygame.KEYDOWN and (self.mode == "save" or self.renaming):
            fresh, self.fresh = self.fresh and not self.renaming, False
            if e.key == pygame.K_BACKSPACE:
                self.name = "" if fresh else self.name[:-1]
            elif e.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_END, pygame.K_HOME):
                pass  # the selection goes; the name stays to be edited
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.do_rename() if self.renaming else self.do_save()
                self.layout()
                self.dirty = True
                return
            elif e.key == pygame.K_ESCAPE:
                self.back()
                return
            elif e.unicode and (e.unicode.isalnum() or e.unicode in "-_ ") and (fresh or len(self.name) < 40):
                self.name = e.unicode if fresh else self.name + e.unicode
            else:
                self.fresh = fresh  # a key that types nothing keeps the selection
            self.layout()
            self.dirty = True
            return
        if e.type == pygame.KEYDOWN and self.mode == "load":
            if e.key == pygame.K_BACKSPACE:
                self._search(self.query[:-1])
                return
            if e.key != pygame.K_ESCAPE and e.unicode and e.unicode.isprintable() and len(self.query) < 40:
                self._search(self.query + e.unicode)
                return
        super().handle(e)

    def draw(self, surf) -> None:
        surf.blit(_background(surf.get_size()), (0, 0))
        W.blit_text(
            surf,
            "Save the game" if self.mode == "save" else "Load a game",
            (960, 80),
            56,
            (110, 30, 24),
            "serif_bold",
            "midtop",
        )
        if self.mode == "save" or self.renaming:
            box = pygame.Rect(260, 220, 1000, 52)
            W.panel(surf, box, (255, 252, 240))
            if self.fresh and not self.renaming and self.name:
                img = W.text(self.name, 24, W.WHITE)
                pygame.draw.rect(
                    surf, (70, 110, 170), (box.x + 10, box.y + 9, img.get_width() + 4, img.get_height() + 4)
                )
                surf.blit(img, (box.x + 12, box.y + 11))
            else:
                W.blit_text(surf, self.name + "|", (box.x + 12, box.y + 12), 24, W.INK)
            hint = (
                f"New name for {self.renaming.stem} (Enter to rename, Esc to keep it)"
                if self.renaming
                else "Enter saves under this name; type to give another, or click a save to overwrite it."
            )
            W.blit_text(surf, hint, (260, 280), 16, (100, 85, 60))
        elif self.mode == "load":
            box = pygame.Rect(260, 220, 1000, 52)
            W.panel(surf, box, (255, 252, 240))
            W.blit_text(
                surf,
                ("Search: " + self.query + "|") if self.query else "Type to search the saves by name",
                (box.x + 12, box.y + 14),
                22,
                W.INK if self.query else (140, 125, 100),
            )
            listing = self.index.entries
            if listing is not None:
                found = len(self._shown())
                what = f"{found:,} of {len(listing):,} saves" if self.query else W.count(len(listing), "save")
                W.blit_text(
                    surf,
                    what
                    + (
                        f" · page {self.page + 1} of {max(1, -(-found // self.PER_PAGE)):,}"
                        if found > self.PER_PAGE
                        else ""
                    ),
                    (1260, 280),
                    16,
                    (100, 85, 60),
                    "sans",
                    "topright",
                )
        W.blit_text(surf, f"Saves in {self._dirs[0]}", (260, 306), 16, (100, 85, 60))
        if self.index.entries is None:
            W.blit_text(surf, "Reading the saves folder…", (260, 340), 20, W.INK)
        elif not self._shown():
            W.blit_text(
                surf,
                f"No save's name contains “{self.query}”." if self.query else "No saved games yet.",
                (260, 340),
                20,
                W.INK,
            )
        self.draw_buttons(surf)
        for bt in self.buttons:  # each save: its name, and its details under it
            if isinstance(bt.key, tuple) and bt.key[0] == "file":
                name, _, details = bt.tip.partition("\n")
                ink = W.INK if bt.enabled else (140, 125, 100)
                W.blit_text(surf, name, (bt.rect.x + 14, bt.rect.y + 6), 19, ink, "sans_bold")
                W.blit_text(surf, details, (bt.rect.x + 14, bt.rect.y + 32), 15, (100, 85, 60))
        if self.error:
            W.blit_text(surf, self.error, (960, 950), 20, W.ACCENT, "sans_bold", "midtop")
