"""The program's screens are layered and only look down: app <- overlays <- board screen <- demo
<- title screens <- launch (issue "one engine, clear rooms"). Every import counts, also one inside a
function."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "maria" / "ui"
ORDER = [
    "app",
    "overlays",
    "save_load",
    "loading",
    "friedrich_session",
    "friedrich_map",
    "friedrich_panels",
    "friedrich_presenter",
    "board_scene",
    "friedrich_setup",
    "story_scene",
    "maria_presenter",
    "lesson_scene",
    "demo",
    "replay_viewer",
    "scenes",
    "maria_front",
    "friedrich_front",
    "launch",
]


def _imports(mod: str) -> set[str]:
    out = set()
    for n in ast.walk(ast.parse((UI / f"{mod}.py").read_text(encoding="utf-8"))):
        if isinstance(n, ast.ImportFrom) and n.module and n.module.startswith("maria.ui"):
            out.add(n.module.split(".")[2] if n.module != "maria.ui" else "")
            if n.module == "maria.ui":
                out |= {a.name for a in n.names}
        elif isinstance(n, ast.Import):
            out |= {a.name.split(".")[2] for a in n.names if a.name.startswith("maria.ui.")}
    return out - {""}


def test_the_screens_only_import_the_layers_below_them():
    for i, mod in enumerate(ORDER):
        above = set(ORDER[i + 1 :])
        assert not (_imports(mod) & above), f"maria.ui.{mod} imports {sorted(_imports(mod) & above)}"


def test_no_import_circle_among_the_ui_modules():
    mods = {p.stem for p in UI.glob("*.py") if p.stem != "__init__"}
    graph = {m: _imports(m) & mods for m in mods}
    state: dict[str, int] = {}

    def visit(m, path):
        state[m] = 1
        for n in sorted(graph[m]):
            assert state.get(n) != 1, "import circle: " + " -> ".join(path + [m, n])
            if n not in state:
                visit(n, path + [m])
        state[m] = 2

    for m in sorted(mods):
        if m not in state:
            visit(m, [])
