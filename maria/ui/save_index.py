"""The Load screen's listing of the saves, read off the window's thread and cached.

A saves folder may hold thousands of files, and any of them may be large or hostile: the window's
thread never lists the folder, stats a file or reads one.  One worker thread does, in this order:
the listing (when asked: on opening, after a rename or delete, when a folder changed), then the
header of each save on the page shown (a few KB each: game, set-up, date), then the full preview
of each (turn, who is to act: the whole file parsed, up to its game's bounds).  The window draws
what has arrived (`version` changes with each arrival) and asks for what it shows (`want`).
The worker ends once it has had nothing to do for a while and starts again when asked.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Callable

Entry = tuple[Path, "str | None", tuple[float, int]]  # path, why it cannot be opened, version

IDLE_SECONDS = 20.0


class SaveIndex:
    def __init__(self, lister: Callable[[], list[Entry]]):
        self._lister = lister
        # (entries, each entry's name case-folded for searches), replaced whole; None until read
        self.listing: tuple[list[Entry], list[str]] | None = None
        self.version = 0  # bumped at every arrival
        self._headers: dict[tuple, dict | None] = {}  # (path, version) -> header (None: unreadable)
        self._full: dict[tuple, dict | None] = {}  # (path, version) -> peek (None: unreadable)
        self._wanted: list[tuple[Path, tuple]] = []
        self._asked = 1  # listings asked for, and done
        self._listed = 0
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._kick()

    # --- asked by the window's thread ------------------------------------------------------------
    @property
    def entries(self) -> list[Entry] | None:
        listing = self.listing
        return listing[0] if listing is not None else None

    def refresh(self) -> None:
        """List the folders again (a file was renamed, deleted or written)."""
        self._asked += 1
        self._kick()

    def want(self, entries: list[Entry]) -> None:
        """The entries shown now: their headers and previews are read first, in this order."""
        wanted = [(p, ver) for p, why, ver in entries if why is None]
        if wanted == self._wanted:
            return
        self._wanted = wanted
        if any((p, v) not in self._full for p, v in wanted):
            self._kick()

    def header(self, path: Path, ver: tuple) -> tuple[bool, dict | None]:
        """(read yet, the header or None if it does not read as a save's)."""
        key = (path, ver)
        return key in self._headers, self._headers.get(key)

    def preview(self, path: Path, ver: tuple) -> tuple[bool, dict | None]:
        """(read yet, maria.record.files.peek's answer)."""
        key = (path, ver)
        return key in self._full, self._full.get(key)

    def busy(self) -> bool:
        return (
            self._thread is not None
            and self._thread.is_alive()
            and (self._listed < self._asked or any((p, v) not in self._full for p, v in self._wanted))
        )

    def wait(self, timeout: float = 30.0) -> None:
        """Until everything asked for has arrived (tests, benchmarks)."""
        import time

        end = time.monotonic() + timeout
        while self.busy() and time.monotonic() < end:
            time.sleep(0.005)

    # --- the worker ------------------------------------------------------------------------------
    def _kick(self) -> None:
        with self._lock:
            self._wake.set()
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, daemon=True, name="maria-saves")
                self._thread.start()

    def _run(self) -> None:
        while True:
            # cleared before looking for work: a request made after the look sets it again, so
            # the wait below cannot miss it
            self._wake.clear()
            if self._one_job():
                continue
            if self._wake.wait(IDLE_SECONDS):
                continue
            with self._lock:
                if not self._wake.is_set():
                    self._thread = None
                    return

    def _one_job(self) -> bool:
        """Do the most urgent thing asked for (False: nothing is)."""
        from maria.record.files import peek, read_header

        if self._listed < self._asked:
            asked = self._asked
            try:
                entries = self._lister()
            except Exception:  # a folder that cannot be listed lists nothing
                entries = []
            live = {(p, v) for p, _, v in entries}
            # drop what belongs to files gone or changed (the cache never outgrows the folder)
            for cache in (self._headers, self._full):
                for key in [k for k in cache if k not in live]:
                    cache.pop(key, None)
            self.listing = (entries, [p.stem.casefold() for p, _, _ in entries])
            self._listed = asked
            self.version += 1
            return True
        todo = list(self._wanted)
        job = next((("h", k) for k in todo if k not in self._headers), None) or next(
            (("f", k) for k in todo if k not in self._full), None
        )
        if job is None:
            return False
        kind, key = job
        try:
            got = (read_header if kind == "h" else peek)(key[0])
        except Exception:  # both say None for what they cannot read
            got = None
        (self._headers if kind == "h" else self._full)[key] = got
        self.version += 1
        return True
