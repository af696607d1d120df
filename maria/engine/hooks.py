"""Named extension points (the machinery behind a game's hook points): a
game declares its points in a `HookPoints` table; the modules of a variant register the function
for a point with `provide(point)`; the modules of the base game run it with `call(point, ...)`.
This way the base game never imports the variant that changes it.  MARIA's points are listed in
maria.games.maria.rules.hooks.
"""

from __future__ import annotations

from typing import Any, Callable


class HookPoints:
    """One game's table of extension points: point name -> who calls it and who provides it."""

    def __init__(self, points: dict[str, str]) -> None:
        self.points = points
        self._provided: dict[str, Callable[..., Any]] = {}

    def provide(self, point: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Register the function for `point` (once)."""
        if point not in self.points:
            raise KeyError(f"unknown hook point {point!r}")

        def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
            if point in self._provided and self._provided[point] is not fn:
                raise RuntimeError(f"hook point {point!r} is provided twice")
            self._provided[point] = fn
            return fn

        return deco

    def call(self, point: str, *args: Any) -> Any:
        """Run the function provided for `point`."""
        try:
            fn = self._provided[point]
        except KeyError:
            raise RuntimeError(
                f"no function for hook point {point!r} (is the game's turn sequence imported?)"
            ) from None
        return fn(*args)

    def provided(self) -> dict[str, Callable[..., Any]]:
        return dict(self._provided)
