"""The layering of docs/architecture.md, read from every import (module level and inside functions,
found with ast): no import circle anywhere in maria/; the rules core (maria.engine) imports nothing
from MARIA's rules and names none of MARIA's powers; the engine (maria.engine, maria.games.maria.rules) imports
none of the tools and front-ends (maria.lab, maria.players, maria.ui, maria.render); the
introductory rules reach the advanced game (maria.games.maria.rules.advanced) only through
maria.games.maria.rules.hooks; no
module over 700 lines; every module of the engine and the players opens by naming what it holds and
its rule sections."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import maria.games.maria.rules.flow  # noqa: F401  (loads the advanced game, which provides the hooks)
from maria.games.maria.rules import hooks

MARIA = Path(__file__).resolve().parents[1] / "maria"  # the program's package
RULES = MARIA / "games" / "maria" / "rules"
CORE = MARIA / "engine"
FRIEDRICH_RULES = MARIA / "games" / "friedrich" / "rules"  # FRIEDRICH's rules: the engine + its board only
FORBIDDEN = ("maria.lab", "maria.players", "maria.ui", "maria.render", "maria.cli")
MAX_LINES = 700
OVER_700_ALLOWED: set[str] = set()  # no exception: every module is under MAX_LINES
# MARIA's powers and roles: the rules core must not know them
MARIA_NAMES = (
    "austria",
    "prussia",
    "france",
    "bavaria",
    "saxony",
    "pragmatic",
    "maria_theresa",
    "frederick",
    "louis_xv",
    "coalition",
    "silesia",
    # FRIEDRICH's nations and roles: the engine knows neither game's
    "hanover",
    "russia",
    "sweden",
    "imperial_army",
    "elisabeth",
    "pompadour",
)
ADVANCED_PKG = "maria.games.maria.rules.advanced"
# the turn sequence (imports every phase to register it) and the door above it may name them
ABOVE_ALL = {"maria.games.maria.rules.flow", "maria.games.maria.rules.door", "maria.games.maria.rules"}


def _module_name(path: Path) -> str:
    rel = path.relative_to(MARIA.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _is_module(name: str) -> bool:
    p = MARIA.parent.joinpath(*name.split("."))
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
    lives in (`from maria.games.maria.rules import IllegalAction` inside maria.games.maria.rules) is left
    out: Python runs
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
    assert "maria.games.maria.rules.machine" in imports_of(f)
    # a lazy import inside a function counts like any other
    src = "def f():\n    from maria.games.maria.rules import politics\n"
    assert any(isinstance(n, ast.ImportFrom) for n in ast.walk(ast.parse(src)))


def test_no_import_circle_in_maria_rules():
    graph = rules_graph()
    # the package's own __init__ (door, state) is left out: `from maria.games.maria.rules import x` names x
    graph = {m: {d for d in deps if d != "maria.games.maria.rules"} for m, deps in graph.items()}
    assert find_cycles(graph) == []


def test_no_import_circle_anywhere_in_maria():
    assert find_cycles(maria_graph()) == []


def test_engine_imports_no_tool_or_front_end():
    engine = {m: deps for m, deps in maria_graph().items() if m.startswith(("maria.games.maria.rules", "maria.engine"))}
    assert len(engine) > 30
    bad = {m: sorted(d for d in deps if d.startswith(FORBIDDEN)) for m, deps in engine.items()}
    assert {m: d for m, d in bad.items() if d} == {}


def test_rules_core_imports_nothing_of_maria_rules():
    core = {m: deps for m, deps in maria_graph().items() if m.startswith("maria.engine")}
    assert {"maria.engine.stack", "maria.engine.state", "maria.engine.graph", "maria.engine.deck"} <= set(core)
    bad = {
        m: sorted(d for d in deps if not d.startswith("maria.engine") and room_of(d) != 0) for m, deps in core.items()
    }
    assert {m: d for m, d in bad.items() if d} == {}


def test_rules_core_names_no_maria_power():
    found = {}
    for p in sorted(CORE.rglob("*.py")):
        hits = names_in(p.read_text(encoding="utf-8"))
        if hits:
            found[p.name] = hits
    assert found == {}


def names_in(text: str) -> list[str]:
    """The games' power and role names in `text`, as whole words."""
    return sorted(n for n in MARIA_NAMES if re.search(rf"\b{n}\b", text.lower()))


# a rule citation: "R10.13", "R6", "§5", "RUL-02" (not a card id such as "1:R2")
CITATION = re.compile(r"(?<![\w:\"])R\d+(?:\.\d+)*\b|§|\bRUL-")


def test_the_engine_cites_no_rule():
    """The engine holds what both games share; a rule of either game, and so its citation, lives in
    the game's package."""
    found = {}
    for p in sorted(CORE.rglob("*.py")):
        hits = CITATION.findall(p.read_text(encoding="utf-8"))
        if hits:
            found[p.name] = hits
    assert found == {}


def test_the_citation_check_can_fail():
    assert CITATION.findall("R6.2: the commander; §5 and RUL-02") == ["R6.2", "§", "RUL-"]
    assert CITATION.findall('Reserves "<deck>:R1"/"<deck>:R2"') == []


def test_power_name_check_can_fail(tmp_path):
    assert names_in('if power == "prussia":\n    pass\n') == ["prussia"]
    assert names_in('nation = "Russia"') == ["russia"]


def code_lines(text: str) -> int:
    """Lines of code: the blank lines and the comment lines left out (the formatter's layout of a
    long call over several lines is counted, the spacing between definitions is not)."""
    return sum(1 for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#"))


def test_no_module_over_700_lines():
    long = {}
    for p in sorted(MARIA.rglob("*.py")):
        rel = p.relative_to(MARIA.parent).as_posix()
        n = code_lines(p.read_text(encoding="utf-8"))
        if n > MAX_LINES and rel not in OVER_700_ALLOWED:
            long[rel] = n
    assert long == {}


def test_every_rules_and_player_module_names_its_rule_sections():
    """The docstring's first paragraph says what the module holds and names rule sections (R-numbers,
    a printed section) or says it has none."""
    missing = []
    for d in (RULES, MARIA / "players", FRIEDRICH_RULES):
        for p in sorted(d.rglob("*.py")):
            doc = ast.get_docstring(ast.parse(p.read_text(encoding="utf-8"))) or ""
            first = doc.split("\n\n")[0]
            if not re.search(r"\bR\d+|§|no rule", first):
                missing.append(p.relative_to(MARIA.parent).as_posix())
    assert missing == []


def test_introductory_rules_reach_the_advanced_game_only_through_hooks():
    def adv(m: str) -> bool:
        return m == ADVANCED_PKG or m.startswith(ADVANCED_PKG + ".")

    bad = {
        m: sorted(d for d in deps if adv(d))
        for m, deps in rules_graph().items()
        if not adv(m) and m not in ABOVE_ALL and any(adv(d) for d in deps)
    }
    assert bad == {}


def test_every_hook_point_is_provided_and_every_call_names_one():
    assert set(hooks.provided()) == set(hooks.POINTS)
    called = set()
    for p in RULES.rglob("*.py"):
        called |= set(re.findall(r'hooks\.call\("([a-z_]+)"', p.read_text(encoding="utf-8")))
    assert called <= set(hooks.POINTS)
    assert set(hooks.POINTS) <= called  # no point left unused


def test_friedrich_engine_reaches_only_the_core_and_its_own_package():
    """FRIEDRICH's rules (maria.games.friedrich.rules) stand beside MARIA's: they import the rules core
    and FRIEDRICH's own modules (and the program's guarded YAML loader, maria.yamlio, for its data
    files), never MARIA's rules, a front-end or pygame."""
    graph = maria_graph()
    engine = {m: deps for m, deps in graph.items() if m.startswith("maria.games.friedrich.rules")}
    assert len(engine) > 8
    bad = {
        m: sorted(
            d for d in deps if not d.startswith(("maria.engine", "maria.games.friedrich")) and d != "maria.yamlio"
        )
        for m, deps in engine.items()
    }
    assert {m: d for m, d in bad.items() if d} == {}
    uses_pygame = []
    for p in sorted(FRIEDRICH_RULES.rglob("*.py")):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(n.split(".")[0] == "pygame" for n in names):
                uses_pygame.append(p.name)
    assert uses_pygame == []


# The rooms of maria/, lowest first: a module imports only its own room and the rooms below it.
ROOMS = [
    ("maria", "maria.yamlio", "maria.paths", "maria.userdirs"),  # the package and its file helpers
    ("maria.engine",),  # the game-independent core
    ("maria.games",),  # one package per game
    ("maria.record",),  # logs, replay, saves, seats
    ("maria.players",),  # the computer players
    ("maria.render",),  # drawing the boards
    ("maria.lab",),  # measuring and training tools
    ("maria.ui", "maria.cli", "maria.selftest", "maria.__main__"),  # the window and the command line
]


def room_of(module: str) -> int:
    best, depth = -1, -1
    for i, names in enumerate(ROOMS):
        for n in names:
            if (module == n or module.startswith(n + ".")) and len(n) > depth:
                best, depth = i, len(n)
    return best


def game_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["maria", "games"] else None


def test_every_module_has_a_room():
    assert [m for m in maria_graph() if room_of(m) < 0] == []


def test_no_import_arrow_runs_back_up():
    up = {}
    for m, deps in maria_graph().items():
        bad = sorted(d for d in deps if room_of(d) > room_of(m))
        if bad:
            up[m] = bad
    assert up == {}


def test_a_game_imports_no_other_game():
    cross = {}
    for m, deps in maria_graph().items():
        g = game_of(m)
        bad = sorted(d for d in deps if g and game_of(d) and game_of(d) != g)
        if bad:
            cross[m] = bad
    assert cross == {}


def test_the_window_imports_no_lab_tool():
    """The lab measures and trains; the program a player runs never needs it (the command line reaches
    it only for its selfplay and bench commands)."""
    bad = {
        m: sorted(d for d in deps if d.startswith("maria.lab"))
        for m, deps in maria_graph().items()
        if m.startswith(("maria.ui", "maria.players", "maria.record"))
    }
    assert {m: d for m, d in bad.items() if d} == {}


def test_room_check_can_fail():
    assert room_of("maria.engine.stack") < room_of("maria.games.maria.rules.door") < room_of("maria.ui.app")
    assert game_of("maria.games.friedrich.rules.door") == "friedrich"


# What the window may read of a game's rules: its door, and the tables and queries that decide nothing
# (names, card labels, the board facts, the public victory count, the political cards as data).
WINDOW_READS = {
    "maria.games.maria.rules",
    "maria.games.maria.rules.door",
    "maria.games.maria.rules.roles",
    "maria.games.maria.rules.cards",
    "maria.games.maria.rules.state",
    "maria.games.maria.rules.victory",
    "maria.games.maria.rules.advanced.poldata",
    "maria.games.friedrich.rules",
    "maria.games.friedrich.rules.door",
}


def test_the_window_reaches_a_games_rules_only_through_its_door_and_its_tables():
    """The board computes no legality of its own: the destinations of a dragged piece, the legal
    actions, the refusals come from the door."""
    bad = {
        m: sorted(d for d in deps if d.startswith("maria.games.") and ".rules" in d and d not in WINDOW_READS)
        for m, deps in maria_graph().items()
        if m.startswith(("maria.ui", "maria.render"))
    }
    assert {m: d for m, d in bad.items() if d} == {}


def test_friedrich_standard_rules_reach_section_13_only_through_hooks():
    """FRIEDRICH's advanced rules (§13) plug in as MARIA's advanced game does: through the hook
    points of maria.games.friedrich.rules.hooks, never imported by a standard module (the turn
    sequence imports it to register it, the door sits above)."""
    adv = "maria.games.friedrich.rules.advanced"
    above = {"maria.games.friedrich.rules.flow", "maria.games.friedrich.rules.door", adv}
    bad = sorted(
        m
        for m, deps in maria_graph().items()
        if m.startswith("maria.games.friedrich.rules") and m not in above and adv in deps
    )
    assert bad == []


def test_every_friedrich_hook_point_is_provided_and_called():
    import maria.games.friedrich.rules.flow  # noqa: F401  (loads §13, which provides the points)
    from maria.games.friedrich.rules import hooks as fhooks

    assert set(fhooks.provided()) == set(fhooks.POINTS)
    called = set()
    for p in FRIEDRICH_RULES.rglob("*.py"):
        called |= set(re.findall(r'hooks\.call\("([a-z_]+)"', p.read_text(encoding="utf-8")))
    assert called == set(fhooks.POINTS)


def _outside_imports(path: Path) -> set[str]:
    """The modules of the repository's tests/ and tools/ that `path` imports, anywhere in the file."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        out.update(n for n in names if n.split(".")[0] in ("tests", "tools"))
    return out


def test_the_shipped_package_imports_no_test_and_no_tool(tmp_path):
    """The packaged program holds maria/ only: a test helper or a tool imported by it would be
    missing there (and the tests would lean on themselves)."""
    bad = {str(p.relative_to(MARIA.parent)): sorted(i) for p in MARIA.rglob("*.py") if (i := _outside_imports(p))}
    assert bad == {}
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from tests.ui.test_play import helper\n    import tools.war_stats\n")
    assert _outside_imports(probe) == {"tests.ui.test_play", "tools.war_stats"}
