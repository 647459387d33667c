"""The package's structure: layers that point down, and files of a readable size.

* ``dlx`` (the generic engine) never imports ``sudoku``;
* ``sudoku`` uses only public ``dlx`` names: no module or name with a leading
  underscore, and every name it imports is in its module's ``__all__``;
* no file of either package is over `MAX_LINES` lines, except the jitted kernel
  file (kernels that call each other share one file for numba's cache).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 800
LONG_ALLOWED = {"dlx/_kernel.py"}


def sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def imports(path: Path):
    """``(line, module, names)`` for every import in a file; names is None for ``import x``."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    if path.name == "__init__.py":
        package = ".".join(path.relative_to(ROOT).parts[:-1])
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, None
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([module] if module else []))
            yield node.lineno, module, [a.name for a in node.names]


def test_dlx_never_imports_sudoku():
    bad = [f"{p.relative_to(ROOT)}:{line} imports {module}"
           for p in sources("dlx") for line, module, _ in imports(p)
           if module == "sudoku" or module.startswith("sudoku.")]
    assert not bad, "\n".join(bad)


def test_importing_all_of_dlx_loads_no_sudoku():
    code = ("import sys, pkgutil, importlib, dlx\n"
            "for m in pkgutil.walk_packages(dlx.__path__, 'dlx.'):\n"
            "    if m.name not in ('dlx.__main__',):\n"
            "        importlib.import_module(m.name)\n"
            "assert not [m for m in sys.modules if m.split('.')[0] == 'sudoku'], 'sudoku loaded'\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr


def _public(module: str, name: str) -> bool:
    if name.startswith("_") and name != "__version__":
        return False
    mod = importlib.import_module(module)
    if hasattr(mod, "__path__") and importlib.util.find_spec(f"{module}.{name}") is not None:
        return True  # a submodule
    return name in getattr(mod, "__all__", ()) or name == "__version__"


def test_sudoku_uses_only_public_dlx_names():
    bad = []
    for p in sources("sudoku"):
        where = f"{p.relative_to(ROOT)}"
        for line, module, names in imports(p):
            if module != "dlx" and not module.startswith("dlx."):
                continue
            if any(part.startswith("_") for part in module.split(".")):
                bad.append(f"{where}:{line}: imports the private module {module}")
                continue
            for name in names or ():
                if not _public(module, name):
                    bad.append(f"{where}:{line}: {module}.{name} is not public")
        tree = ast.parse(p.read_text("utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "dlx" and node.attr.startswith("_")
                    and node.attr != "__version__"):
                bad.append(f"{where}:{node.lineno}: uses dlx.{node.attr}")
    assert not bad, "\n".join(bad)


def test_the_checks_see_a_private_import(tmp_path):
    # The checks above would pass vacuously if `imports` found nothing.
    found = list(imports(ROOT / "sudoku" / "engines" / "dancing.py"))
    assert ("dlx.batch", "solve_arrays") in {(m, n) for _, m, names in found for n in names or ()}
    assert _public("dlx.batch", "solve_arrays") and _public("dlx", "parallel")
    assert not _public("dlx", "_jit") and not _public("dlx.links", "LOCKABLE_BLOCK")


@pytest.mark.parametrize("package", ["dlx", "sudoku"])
def test_files_are_of_a_readable_size(package):
    long = []
    for p in sources(package):
        name = p.relative_to(ROOT).as_posix()
        n = len(p.read_text("utf-8").splitlines())
        if n > MAX_LINES and name not in LONG_ALLOWED:
            long.append(f"{name}: {n} lines")
    assert not long, "split by concern:\n" + "\n".join(long)


# The front ends: the CLI (sudoku/cli*.py, sudoku/_cli_common.py) and the web app
# (sudoku/web/), both on the operations layer (sudoku/operations/).  `sudoku serve`
# (sudoku/cli_serve.py) is the one CLI command that starts the web app.
CLI_MODULES = {p.stem for p in (ROOT / "sudoku").glob("cli*.py")} | {"_cli_common"}
FRONT_END_PACKAGES = ("click", "starlette", "uvicorn")


def _targets(path: Path):
    """``(line, module)`` for every module an import in ``path`` may load."""
    for line, module, names in imports(path):
        yield line, module
        for name in names or ():
            yield line, f"{module}.{name}"


def _is_cli(module: str) -> bool:
    parts = module.split(".")
    return parts[0] == "sudoku" and len(parts) > 1 and parts[1] in CLI_MODULES \
        or parts[0] == "dlx" and len(parts) > 1 and parts[1].startswith("cli")


def _is_web(module: str) -> bool:
    return module == "sudoku.web" or module.startswith("sudoku.web.")


def test_the_front_ends_do_not_import_each_other():
    bad = [f"{p.relative_to(ROOT)}:{line} imports {module}"
           for p in sources("sudoku/web") for line, module in _targets(p) if _is_cli(module)]
    for p in sources("sudoku"):
        if p.parent.name != "sudoku" or p.stem not in CLI_MODULES or p.stem == "cli_serve":
            continue
        bad += [f"{p.relative_to(ROOT)}:{line} imports {module}"
                for line, module in _targets(p) if _is_web(module)]
    # The command modules share helpers through _cli_common, not through each other
    # (only sudoku.cli, which gathers the commands into the group, imports them).
    for p in sources("sudoku"):
        if p.parent.name == "sudoku" and p.stem in CLI_MODULES - {"cli"}:
            bad += [f"{p.relative_to(ROOT)}:{line} imports {module}"
                    for line, module in _targets(p)
                    if module.startswith("sudoku.cli") and module != f"sudoku.{p.stem}"]
    assert not bad, "\n".join(bad)


def test_the_operations_import_no_front_end():
    bad = [f"{p.relative_to(ROOT)}:{line} imports {module}"
           for p in sources("sudoku/operations") for line, module in _targets(p)
           if module.split(".")[0] in FRONT_END_PACKAGES or _is_cli(module) or _is_web(module)]
    assert sources("sudoku/operations"), "no operations layer"
    assert not bad, "\n".join(bad)


def test_the_front_end_checks_see_an_import():
    # The two checks above would pass vacuously if `_targets` missed relative imports.
    found = {m for _, m in _targets(ROOT / "sudoku" / "cli.py")}
    assert {"sudoku._cli_common", "sudoku.operations", "click"} <= found
    assert _is_cli("sudoku._cli_common") and _is_cli("dlx.cli_base") and _is_web("sudoku.web.api")
    assert not _is_cli("sudoku.operations.records")
# A function-level import that keeps numba or numpy out of start-up carries the comment
# "# lazy: keeps numba out of start-up" (or "numpy") on its line; the cycle check leaves
# it out, as it runs only when the function is called.  Any other import, at the top or
# inside a function, counts; those under ``if TYPE_CHECKING:`` do not, as they never run.
LAZY = re.compile(r"# lazy: keeps (numba|numpy) out of start-up")


def _type_checking_lines(path: Path) -> set[int]:
    tree = ast.parse(path.read_text("utf-8"), str(path))
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                lines |= set(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(package: str, where: dict[tuple[str, str], str] | None = None
                 ) -> dict[str, set[str]]:
    """Each module of a package -> the modules of the package it imports (unmarked imports).

    ``from a import b`` imports module ``a.b`` when there is one, else ``a`` itself;
    the parent packages Python runs first are not counted (each package's
    ``__init__`` imports its modules, so that would make every import a cycle).
    """
    modules = {_module_name(p): p for p in sources(package)}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        lines = path.read_text("utf-8").splitlines()
        edges: set[str] = set()
        typing_only = _type_checking_lines(path)
        for line, module, names in imports(path):
            if LAZY.search(lines[line - 1]) or line in typing_only:
                continue
            targets = [f"{module}.{n}" if f"{module}.{n}" in modules else module
                       for n in names] if names else [module]
            for t in targets:
                if t in modules and t != name:
                    edges.add(t)
                    if where is not None:
                        where.setdefault((name, t), f"{path.relative_to(ROOT)}:{line}")
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import graph's cycles, one for each strongly connected group of modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


@pytest.mark.parametrize("package", ["dlx", "sudoku"])
def test_imports_inside_a_package_go_one_way(package):
    where: dict[tuple[str, str], str] = {}
    graph = import_graph(package, where)
    found = cycles(graph)
    lines = []
    for group in found:
        lines.append(" <-> ".join(group))
        lines += [f"    {a} -> {b} ({where[a, b]})" for a in group for b in sorted(graph[a])
                  if b in group]
    assert not found, "import cycles:\n" + "\n".join(lines)


def test_the_cycle_check_sees_a_cycle_and_a_marked_import(tmp_path):
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    graph = import_graph("sudoku")
    assert "sudoku.grid" in graph["sudoku.solver"] or "sudoku.grid" in graph["sudoku.batch"]
    assert "sudoku.formats.read" in graph["sudoku.shapes"]  # imported inside a function


def test_the_search_grade_the_rating_and_rated_generation_import_one_way():
    # sudoku.grading (the search grade) sits below sudoku.logic (the technique table and
    # the rating) and sudoku.generator; sudoku.generator.rated sits above both.
    graph = import_graph("sudoku")
    layer = {m for m in graph if m == "sudoku.grading" or m.startswith(("sudoku.logic",
                                                                          "sudoku.generator"))}
    assert {"sudoku.grading", "sudoku.logic.rating", "sudoku.generator.rated"} <= layer
    assert [g for g in cycles(graph) if set(g) & layer] == []
    assert not {m for m in graph["sudoku.grading"]
                if m.startswith(("sudoku.logic", "sudoku.generator"))}
    assert [(m, t) for m in layer if m.startswith("sudoku.logic")
            for t in graph[m] if t.startswith("sudoku.generator")] == []
    assert {"sudoku.generator", "sudoku.logic.rating"} <= graph["sudoku.generator.rated"]
