"""The layering of docs/architecture.md, read from every import (module level and inside functions,
found with ast): no import circle anywhere in maria/; the rules core (maria.core) imports nothing
from MARIA's rules and names none of MARIA's powers; the engine (maria.core, maria.rules) imports
none of the tools and front-ends (maria.analysis, maria.players, maria.ui, maria.render); the
introductory rules reach the advanced game (maria.rules.advanced) only through maria.rules.hooks; no
module over 700 lines; every module of the engine and the players opens by naming what it holds and
its rule sections."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import maria.rules.flow  # noqa: F401  (loads the advanced game, which provides the hooks)
from maria.rules import hooks

RULES = Path(__file__).resolve().parents[1] / "maria" / "rules"
MARIA = RULES.parent
CORE = MARIA / "core"
FRIEDRICH_RULES = MARIA / "friedrich" / "rules"         # FRIEDRICH's engine: the core + its board only
FORBIDDEN = ("maria.analysis", "maria.players", "maria.ui", "maria.render", "maria.cli")
MAX_LINES = 700
OVER_700_ALLOWED: set[str] = set()        # no exception: every module is under MAX_LINES
# MARIA's powers and roles: the rules core must not know them
MARIA_NAMES = ("austria", "prussia", "france", "bavaria", "saxony", "pragmatic", "maria_theresa",
               "frederick", "louis_xv", "coalition", "silesia")
ADVANCED_PKG = "maria.rules.advanced"
# the turn sequence (imports every phase to register it) and the door above it may name them
ABOVE_ALL = {"maria.rules.flow", "maria.rules.door", "maria.rules"}


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
    return set(_imports_of(path, path.stat().st_mtime_ns))


@functools.lru_cache(maxsize=None)
def _imports_of(path: Path, mtime_ns: int) -> frozenset[str]:
    """imports_of, each file parsed once per version (the checks below read the same graph)."""
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
    return frozenset(out)


def rules_graph() -> dict[str, set[str]]:
    return {_module_name(p): imports_of(p) for p in sorted(RULES.rglob("*.py"))}


def maria_graph() -> dict[str, set[str]]:
    """Every module of maria/ and the maria modules it imports.  An import of a package a module
    lives in (`from maria.rules import IllegalAction` inside maria.rules) is left out: Python runs
    that package's __init__ before any of its modules anyway."""
    graph = {_module_name(p): imports_of(p) for p in sorted(MARIA.rglob("*.py"))}
    return {m: {d for d in deps if not m.startswith(d + ".")} for m, deps in graph.items()}


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


def test_no_import_circle_anywhere_in_maria():
    assert find_cycles(maria_graph()) == []


def test_engine_imports_no_tool_or_front_end():
    engine = {m: deps for m, deps in maria_graph().items() if m.startswith(("maria.rules", "maria.core"))}
    assert len(engine) > 30
    bad = {m: sorted(d for d in deps if d.startswith(FORBIDDEN)) for m, deps in engine.items()}
    assert {m: d for m, d in bad.items() if d} == {}


def test_rules_core_imports_nothing_of_maria_rules():
    core = {m: deps for m, deps in maria_graph().items() if m.startswith("maria.core")}
    assert {"maria.core.stack", "maria.core.state", "maria.core.graph", "maria.core.deck"} <= set(core)
    bad = {m: sorted(d for d in deps if not d.startswith("maria.core")) for m, deps in core.items()}
    assert {m: d for m, d in bad.items() if d} == {}


def test_rules_core_names_no_maria_power():
    found = {}
    for p in sorted(CORE.rglob("*.py")):
        text = p.read_text(encoding="utf-8").lower()
        hits = sorted(n for n in MARIA_NAMES if n in text)
        if hits:
            found[p.name] = hits
    assert found == {}


def test_power_name_check_can_fail(tmp_path):
    text = 'if power == "prussia":\n    pass\n'
    assert [n for n in MARIA_NAMES if n in text.lower()] == ["prussia"]


def test_no_module_over_700_lines():
    long = {}
    for p in sorted(MARIA.rglob("*.py")):
        rel = p.relative_to(MARIA.parent).as_posix()
        n = len(p.read_text(encoding="utf-8").splitlines())
        if n > MAX_LINES and rel not in OVER_700_ALLOWED:
            long[rel] = n
    assert long == {}


def test_every_engine_and_player_module_names_its_rule_sections():
    """The docstring's first paragraph says what the module holds and names rule sections (R-numbers,
    a printed section) or says it has none."""
    missing = []
    for d in (RULES, CORE, MARIA / "players", FRIEDRICH_RULES):
        for p in sorted(d.rglob("*.py")):
            doc = ast.get_docstring(ast.parse(p.read_text(encoding="utf-8"))) or ""
            first = doc.split("\n\n")[0]
            if not re.search(r"\bR\d+|§|no rule", first):
                missing.append(p.relative_to(MARIA.parent).as_posix())
    assert missing == []


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


def test_friedrich_engine_reaches_only_the_core_and_its_own_package():
    """FRIEDRICH's rules (maria.friedrich.rules) stand beside MARIA's: they import the rules core
    and FRIEDRICH's own modules (and the program's guarded YAML loader, maria.yamlio, for its data
    files), never MARIA's rules, a front-end or pygame."""
    graph = maria_graph()
    engine = {m: deps for m, deps in graph.items() if m.startswith("maria.friedrich.rules")}
    assert len(engine) > 8
    bad = {m: sorted(d for d in deps if not d.startswith(("maria.core", "maria.friedrich"))
                     and d != "maria.yamlio")
           for m, deps in engine.items()}
    assert {m: d for m, d in bad.items() if d} == {}
    uses_pygame = []
    for p in sorted(FRIEDRICH_RULES.rglob("*.py")):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n.split(".")[0] == "pygame" for n in names):
                uses_pygame.append(p.name)
    assert uses_pygame == []
