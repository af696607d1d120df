"""Quiet sound effects, synthesised here (no sound files, nothing to credit): a march, a card
played in battle, a battle's end, a conquest, winter and the end of the game.  Volume and mute are
settings; a machine without sound (or with SDL's dummy driver) simply stays silent."""

from __future__ import annotations

import array
import math

import pygame

RATE = 22050
_sounds: dict[str, pygame.mixer.Sound] | None = None
_failed = False


def _tone(parts: list[tuple[float, float, float]], noise: float = 0.0) -> bytes:
    """Concatenated notes (frequency Hz, seconds, loudness 0..1) with short fades; 16-bit mono."""
    out = array.array("h")
    seed = 12345
    for freq, dur, amp in parts:
        n = int(RATE * dur)
        for i in range(n):
            env = min(1.0, i / (0.01 * RATE), (n - i) / (0.04 * RATE))
            v = math.sin(2 * math.pi * freq * i / RATE) if freq else 0.0
            if noise:
                seed = (1103515245 * seed + 12345) & 0x7FFFFFFF
                v = (1 - noise) * v + noise * (seed / 0x3FFFFFFF - 1)
            out.append(int(12000 * amp * env * v))
    return out.tobytes()


RECIPES = {
    "march": lambda: _tone([(0, 0.02, 0), (90, 0.05, 0.5), (0, 0.06, 0), (90, 0.05, 0.4)], noise=0.6),
    "card": lambda: _tone([(1800, 0.05, 0.25)], noise=0.8),
    "battle": lambda: _tone([(196, 0.12, 0.5), (147, 0.22, 0.45)], noise=0.25),
    "conquest": lambda: _tone([(523, 0.1, 0.4), (659, 0.1, 0.4), (784, 0.25, 0.4)]),
    "winter": lambda: _tone([(1319, 0.18, 0.22), (1175, 0.18, 0.2), (988, 0.3, 0.18)]),
    "end": lambda: _tone([(392, 0.15, 0.45), (523, 0.15, 0.45), (659, 0.15, 0.45), (784, 0.45, 0.5)]),
}


_made: dict[str, bytes] = {}


def _samples(name: str) -> bytes:
    """An effect's samples, synthesised once a run (a tenth of a second of pure Python each; the
    mixer's sounds are made again whenever the mixer starts again)."""
    if name not in _made:
        _made[name] = RECIPES[name]()
    return _made[name]


def _load() -> dict[str, pygame.mixer.Sound]:
    global _sounds, _failed
    if _sounds is None and not _failed:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            _sounds = {k: pygame.mixer.Sound(buffer=_samples(k)) for k in RECIPES}
        except Exception:  # no sound device: the game stays silent
            _failed = True
            _sounds = {}
    return _sounds or {}


def play(name: str, volume: int, muted: bool) -> bool:
    """Play effect `name` at `volume` (0-100); False when nothing was played.  Never raises: a
    sound is a nicety (the mixer may have been shut down and started again since the last one)."""
    global _sounds, _failed
    if muted or volume <= 0:
        return False
    try:
        if _sounds and not pygame.mixer.get_init():
            _sounds, _failed = None, False  # the mixer was closed: make the sounds again
        snd = _load().get(name)
        if snd is None:
            return False
        snd.set_volume(volume / 100)
        snd.play()
        return True
    except pygame.error:
        return False


def effects_for(entries: list[dict], over: bool) -> list[str]:
    """The effects a batch of new log lines calls for (at most one of each, in a fixed order)."""
    text = " ".join(e.get("text", "") for e in entries)
    out = []
    if " moves " in text or "force-marches" in text or "retreats" in text:
        out.append("march")
    if " plays the " in text:
        out.append("card")
    if "is defeated" in text or "are defeated" in text or "ends in a tie" in text:
        out.append("battle")
    if " conquers " in text:
        out.append("conquest")
    if "Winter after turn" in text:
        out.append("winter")
    if over:
        out.append("end")
    return out
