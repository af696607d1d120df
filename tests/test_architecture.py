"""The engine's layering (docs/architecture.md): every import in maria/rules - at module level and
inside functions, found with ast - forms no circle; the engine imports none of the tools and
front-ends (maria.analysis, maria.players, maria.ui); the introductory rules reach the advanced
game only through maria.rules.hooks."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import maria.rules.flow  # noqa: F401  (loads the advanced game, which provides the hooks)
from maria.rules import hooks

RULES = Path(__file__).resolve().parents[1] / "maria" / "rules"
FORBIDDEN = ("maria.analysis", "maria.players", "maria.ui")
ADVANCED_PKG = "maria.rules.advanced"
# the turn sequence (imports every phase to register it) and the door above it may name them
ABOVE_ALL = {"maria.rules.flow", "maria.rules.door", "maria.rules", "maria.rules.poldata"}


def _module_name(path: Path) -> str:
    rel = path.relative_to(RULES.parents[1]).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _is_module(name: str) -> bool:
    p = RULES.parents[1].joinpath(*name.split("."))
    return p.with_suffix(".py").exists() or (p / "__init__.py").exists()


def imports_of(path: Path) -> set[str]:
    """Every maria module `path` imports, anywhere in the file (functions included)."""
    me = _module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("maria"))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            if not base.startswith("maria"):
                continue
            for a in node.names:
                sub = f"{base}.{a.name}"
                out.add(sub if _is_module(sub) else base)
    out.discard(me)
    return out


def rules_graph() -> dict[str, set[str]]:
    return {_module_name(p): imports_of(p) for p in sorted(RULES.rglob("*.py"))}


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_cycle_finder_finds_a_circle():
    assert find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert find_cycles({"a": {"b"}, "b": set()}) == []


def test_function_level_imports_are_seen(tmp_path):
    f = RULES / "combat.py"
    assert "maria.core.stack" in imports_of(f)
    # a lazy import inside a function counts like any other
    src = "def f():\n    from maria.rules import politics\n"
    assert any(isinstance(n, ast.ImportFrom) for n in ast.walk(ast.parse(src)))


def test_no_import_circle_in_maria_rules():
    graph = rules_graph()
    # the package's own __init__ (door, state) is left out: `from maria.rules import x` names x
    graph = {m: {d for d in deps if d != "maria.rules"} for m, deps in graph.items()}
    assert find_cycles(graph) == []


def test_engine_imports_no_tool_or_front_end():
    bad = {m: sorted(d for d in deps if d.startswith(FORBIDDEN)) for m, deps in rules_graph().items()}
    assert {m: d for m, d in bad.items() if d} == {}


def test_introductory_rules_reach_the_advanced_game_only_through_hooks():
    def adv(m: str) -> bool:
        return m == ADVANCED_PKG or m.startswith(ADVANCED_PKG + ".")
    bad = {m: sorted(d for d in deps if adv(d)) for m, deps in rules_graph().items()
           if not adv(m) and m not in ABOVE_ALL and any(adv(d) for d in deps)}
    assert bad == {}


def test_every_hook_point_is_provided_and_every_call_names_one():
    assert set(hooks.provided()) == set(hooks.POINTS)
    called = set()
    for p in RULES.rglob("*.py"):
        called |= set(re.findall(r'hooks\.call\("([a-z_]+)"', p.read_text(encoding="utf-8")))
    assert called <= set(hooks.POINTS)
    assert set(hooks.POINTS) <= called                   # no point left unused
