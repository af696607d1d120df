"""Mutation run over FRIEDRICH's rules engine (maria/games/friedrich/rules/): how strong are its tests?

Each mutant is one change to one line of the engine: a comparison flipped (< and >=, <= and >,
== and !=, in and not in, is and is not), an integer constant made one more or one less, `and`
and `or` swapped, a `not` deleted, a returned value changed (True and False swapped, any other
value returned as None).  For each mutant the FRIEDRICH tests (tests/friedrich, the fast files
first) run with -x and -n 0 under a time limit, in a copy of the working tree (the tree itself is
never changed).  A mutant is "killed" when a test fails (or the run times out), "survived" when
every test passes.

    python tools/mutate_friedrich.py --list                  # how many mutants, per file
    python tools/mutate_friedrich.py --sample 150 --seed 1   # a random sample (the full set is large)
    python tools/mutate_friedrich.py --only combat.py:208:0  # named mutants (file:line:index)

The report (--out, default mutants.json) lists every mutant run: file, line, operator, the line
before and after, the outcome and the first failing test.  Mutants are numbered per line, in the
order of ast.walk; a mutant's id is stable while its file's text is unchanged.
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = Path("maria/games/friedrich/rules")
# the fast files first, so that -x stops a killed mutant early; whole-game self-play last
FAST_LAST = ("test_self_play.py", "test_selfplay_cli.py", "test_replay_command.py", "test_friedrich_board_data.py")

FLIP = {
    ast.Lt: ast.GtE,
    ast.GtE: ast.Lt,
    ast.Gt: ast.LtE,
    ast.LtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _in_fstring(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            out.update(id(x) for x in ast.walk(node))
    return out


def sites(tree: ast.AST) -> list[tuple[ast.AST, str, object]]:
    """Every (node, operator, detail) a mutant can change, in ast.walk order."""
    skip = _docstrings(tree) | _in_fstring(tree)
    out = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in FLIP:
                    out.append((node, "compare", i))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            out.append((node, "const+1", 1))
            out.append((node, "const-1", -1))
        elif isinstance(node, ast.BoolOp):
            out.append((node, "and/or", None))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            out.append((node, "not", None))
        elif isinstance(node, ast.Return) and node.value is not None:
            out.append((node, "return", None))
    return out


class _Replace(ast.NodeTransformer):
    def __init__(self, target: ast.AST, new: ast.AST):
        self.target, self.new = target, new

    def visit(self, node):
        if node is self.target:
            return self.new
        return super().visit(node)


def mutate(tree: ast.AST, node: ast.AST, op: str, detail) -> ast.AST:
    """The module (changed in place) with the one change made, and the new node; None when the
    change is not possible (a `return None` has no other value)."""
    if op == "compare":
        new = copy.copy(node)
        new.ops = list(node.ops)
        new.ops[detail] = FLIP[type(node.ops[detail])]()
    elif op.startswith("const"):
        new = ast.Constant(node.value + detail)
    elif op == "and/or":
        new = ast.BoolOp(ast.Or() if isinstance(node.op, ast.And) else ast.And(), node.values)
    elif op == "not":
        new = node.operand
    elif op == "return":
        v = node.value
        if isinstance(v, ast.Constant) and v.value is True:
            repl = ast.Constant(False)
        elif isinstance(v, ast.Constant) and v.value is False:
            repl = ast.Constant(True)
        elif isinstance(v, ast.Constant) and v.value is None:
            return None
        else:
            repl = ast.Constant(None)
        new = ast.Return(repl)
    else:
        raise ValueError(op)
    ast.copy_location(new, node)
    return ast.fix_missing_locations(_Replace(node, new).visit(tree)), new  # `tree` is a fresh parse


def all_mutants(root: Path = ROOT) -> list[dict]:
    out = []
    for path in sorted((root / ENGINE).glob("*.py")):
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        per_line: dict[int, int] = {}
        lines = text.splitlines()
        for node, op, detail in sites(tree):
            line = node.lineno
            k = per_line.get(line, 0)
            per_line[line] = k + 1
            out.append(
                {
                    "id": f"{path.name}:{line}:{k}",
                    "file": path.name,
                    "line": line,
                    "op": op,
                    "source": lines[line - 1].strip(),
                }
            )
    return out


def mutant_text(mid: str, root: Path = ROOT) -> tuple[str, str] | None:
    """(file text with the mutant, the mutated line as unparsed) for a mutant id."""
    name, line, k = mid.split(":")
    line, k = int(line), int(k)
    path = root / ENGINE / name
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [(n, op, d) for n, op, d in sites(tree) if n.lineno == line]
    node, op, detail = found[k]
    before = ast.unparse(node)
    got = mutate(tree, node, op, detail)
    if got is None:
        return None
    new_tree, new = got
    return ast.unparse(new_tree), f"{before}  ->  {ast.unparse(new)}"


def test_files(copy_root: Path) -> list[str]:
    files = sorted(p.name for p in (copy_root / "tests/friedrich").glob("test_*.py"))
    return [f"tests/friedrich/{f}" for f in sorted(files, key=lambda f: (f in FAST_LAST, f))]


def prepare_copy() -> Path:
    """A copy of the tracked files of the working tree (../shared linked beside it)."""
    base = Path(tempfile.mkdtemp(prefix="mutate-friedrich-"))
    dest = base / "wt"
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for f in files:
        src = ROOT / f
        if src.is_file():
            (dest / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / f)
    shared = ROOT.parent / "shared"
    if shared.exists():
        os.symlink(shared, base / "shared")
    return dest


def run_tests(copy_root: Path, timeout: float) -> tuple[str, str]:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        PYTHONDONTWRITEBYTECODE="1",
    )
    cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-n", "0", "-p", "no:cacheprovider", *test_files(copy_root)]
    try:
        r = subprocess.run(cmd, cwd=copy_root, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "killed", "(timeout)"
    if r.returncode == 0:
        return "survived", ""
    failed = [ln for ln in r.stdout.splitlines() if ln.startswith(("FAILED", "ERROR"))]
    return ("killed" if r.returncode == 1 else "error"), (failed[0] if failed else r.stdout[-300:])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--list", action="store_true", help="count the mutants per file and stop")
    ap.add_argument("--sample", type=int, default=0, help="run a random sample of this many mutants")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", nargs="*", default=[], help="mutant ids (file:line:index)")
    ap.add_argument("--timeout", type=float, default=180.0, help="seconds per mutant")
    ap.add_argument("--out", default="mutants.json")
    a = ap.parse_args(argv)
    dest = prepare_copy()  # the tree as it is now: later edits do not matter
    muts = all_mutants(dest)
    if a.list:
        shutil.rmtree(dest.parent, ignore_errors=True)
        per: dict[str, int] = {}
        for m in muts:
            per[m["file"]] = per.get(m["file"], 0) + 1
        for f, n in sorted(per.items()):
            print(f"{f:16} {n}")
        print(f"{'total':16} {len(muts)}")
        return 0
    if a.only:
        chosen = [m for m in muts if m["id"] in set(a.only)]
    elif a.sample:
        chosen = sorted(
            random.Random(a.seed).sample(muts, min(a.sample, len(muts))), key=lambda m: (m["file"], m["line"], m["id"])
        )
    else:
        chosen = muts
    print(f"{len(chosen)} of the {len(muts)} mutants of {ENGINE}", flush=True)
    results = []
    try:
        for i, m in enumerate(chosen, 1):
            target = dest / ENGINE / m["file"]
            original = target.read_text(encoding="utf-8")
            got = mutant_text(m["id"], dest)
            if got is None:
                continue
            text, change = got
            target.write_text(text, encoding="utf-8")
            t0 = time.monotonic()
            try:
                outcome, why = run_tests(dest, a.timeout)
            finally:
                target.write_text(original, encoding="utf-8")
            results.append(
                {**m, "change": change, "outcome": outcome, "test": why, "seconds": round(time.monotonic() - t0, 1)}
            )
            print(f"[{i}/{len(chosen)}] {m['id']:28} {m['op']:9} {outcome:8} {change[:90]}", flush=True)
            Path(a.out).write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    finally:
        shutil.rmtree(dest.parent, ignore_errors=True)
    n = len(results)
    killed = sum(r["outcome"] == "killed" for r in results)
    errors = sum(r["outcome"] == "error" for r in results)  # the tests cannot even start: killed too
    print(
        f"{n} mutants run: {killed + errors} killed ({errors} of them stop the tests from starting), "
        f"{n - killed - errors} survived"
    )
    for r in results:
        if r["outcome"] == "survived":
            print(f"  survived {r['id']:28} {r['op']:9} {r['change']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
