"""The kernel files are self-contained, and the helpers they keep as copies do not drift.

numba's cache (``cache=True``) checks only the file a compiled function is
defined in: change a constant or a jitted helper a kernel imports from another
file, and the kernel keeps running from its stale cache.  So each kernel file
defines the status codes, constants and helpers it uses itself, and these tests
check that it imports nothing else of the project and that its copies agree.
"""

from __future__ import annotations

import ast
import copy
import importlib
import itertools
from collections import defaultdict
from pathlib import Path

import pytest

import dlx.batch

ROOT = Path(__file__).resolve().parent.parent
KERNELS = ["dlx/_kernel.py", "dlx/_kernel_m.py", "dlx/_kernel_c.py", "dlx/_kernel_memo.py",
           "sudoku/_bitkernel.py", "sudoku/_bitkernel16.py", "sudoku/_planekernel.py",
           "sudoku/_itemkernel.py"]
SUDOKU_KERNELS = [k for k in KERNELS if k.startswith("sudoku/")]

# Helpers kept as copies, by the files holding them: the copies must be the same code
# (docstrings, comments, layout and decorators aside).
COPIES = {
    "_at": ["dlx/_kernel.py", "dlx/_kernel_m.py", "dlx/_kernel_c.py", "dlx/_kernel_memo.py"],
    "_active": ["dlx/_kernel.py", "dlx/_kernel_m.py"],
    "_hide": ["dlx/_kernel_m.py", "dlx/_kernel_c.py"],
    "_unhide": ["dlx/_kernel_m.py", "dlx/_kernel_c.py", "dlx/_kernel_memo.py"],
    "_purify": ["dlx/_kernel.py", "dlx/_kernel_m.py"],
    "_unpurify": ["dlx/_kernel.py", "dlx/_kernel_m.py"],
    "_tally": SUDOKU_KERNELS,
    "_py_ctz": SUDOKU_KERNELS,
}

# Constants that mean the same in every kernel file of the package that defines them
# (other names, such as ``STATE`` or ``CELLS``, are each file's own).
DLX_SHARED = ["TOP", "UP", "DOWN", "COLOR", "LEFT", "RIGHT", "PURIFIED", "U0", "U1", "U64_1",
              "STEP", "LEVEL", "BASE", "NITEMS", "BUDGET", "LIMIT", "CAP", "YIELD", "TRACE",
              "NODES", "UPDATES", "COUNT", "STORED", "S_ENTER", "S_LEAVE", "S_DONE", "S_TRY",
              "R_DONE", "R_LIMIT", "R_BUDGET", "R_FULL", "R_OVERFLOW", "R_TRACE", "INT64_MAX"]
SUDOKU_SHARED = ["COMPLETE", "LIMIT", "NODES", "OVERFLOW", "CLASH", "DEPTH", "PHASE", "COUNT",
                 "NODE", "INT64_MAX"]
SHARED = [("dlx", n) for n in DLX_SHARED] + [("sudoku", n) for n in SUDOKU_SHARED]

# What a kernel file may import: numba, numpy, the standard library's pure helpers,
# dlx._jit (run for its side effect, a writable cache; no jitted code uses it) and
# dlx.plain (the stand-ins for numpy and numba of the file's interpreted copy, which the
# compiled code never sees).
ALLOWED = {"__future__", "functools", "itertools", "operator", "typing", "numpy", "numba"}
ALLOWED_OF_THE_PROJECT = {"dlx.plain", "dlx"}  # "from dlx import plain"


def _tree(path: str) -> ast.Module:
    return ast.parse((ROOT / path).read_text(encoding="utf-8"), path)


def _normalised(fn: ast.FunctionDef) -> str:
    """A function's code without its docstring and decorators (ast.dump drops comments)."""
    body = fn.body
    if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)):
        body = body[1:]
    bare = copy.copy(fn)
    bare.body, bare.decorator_list = body, []
    return ast.dump(bare)


def _functions() -> dict[str, dict[str, str]]:
    """name -> {file: normalised code} of every top-level function of the kernel files."""
    found: dict[str, dict[str, str]] = defaultdict(dict)
    for path in KERNELS:
        for node in _tree(path).body:
            if isinstance(node, ast.FunctionDef):
                found[node.name][path] = _normalised(node)
    return found


def _module(path: str):
    return importlib.import_module(path.removesuffix(".py").replace("/", "."))


@pytest.mark.parametrize("path", KERNELS)
def test_kernel_files_import_nothing_of_the_project(path):
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.ImportFrom) and node.level:
            assert (node.level, node.module, [a.name for a in node.names]) == (
                1, None, ["_jit"]), f"{path}:{node.lineno} imports from the package"
        elif isinstance(node, ast.ImportFrom) and node.module in ALLOWED_OF_THE_PROJECT:
            names = [a.name for a in node.names]
            stand_ins = {"njit", "np", "prange"}
            assert names == ["plain"] if node.module == "dlx" else set(names) <= stand_ins, \
                f"{path}:{node.lineno}: {node.module} {names}"
        elif isinstance(node, ast.ImportFrom):
            assert node.module.split(".")[0] in ALLOWED, f"{path}:{node.lineno}: {node.module}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                assert alias.name.split(".")[0] in ALLOWED, f"{path}:{node.lineno}: {alias.name}"


@pytest.mark.parametrize("path", SUDOKU_KERNELS)
def test_sudoku_kernels_status_codes_are_dlx_batchs(path):
    kernel = _module(path)
    names = ("COMPLETE", "LIMIT", "NODES", "OVERFLOW", "CLASH")
    assert [getattr(kernel, n) for n in names] == [getattr(dlx.batch, n) for n in names]
    assert [getattr(kernel, n) for n in names] == list(range(len(dlx.batch.STATUSES)))


@pytest.mark.parametrize("name", sorted(COPIES))
def test_copied_helpers_are_the_same_code(name):
    code = _functions()[name]
    assert set(COPIES[name]) <= set(code), f"{name} is missing from some of {COPIES[name]}"
    first = COPIES[name][0]
    for other in COPIES[name][1:]:
        assert code[other] == code[first], f"{name} in {other} differs from {first}'s"


def test_every_copy_is_listed():
    """Helpers of one name whose code is the same are copies, so COPIES must list them
    (a copy left out would be free to drift)."""
    for name, code in _functions().items():
        for a, b in itertools.combinations(sorted(code), 2):
            if code[a] == code[b]:
                assert {a, b} <= set(COPIES.get(name, ())), f"{name}: {a} and {b} are copies"


@pytest.mark.parametrize(("package", "name"), SHARED)
def test_shared_constants_agree(package, name):
    values = {path: getattr(_module(path), name) for path in KERNELS
              if path.startswith(package + "/") and hasattr(_module(path), name)}
    assert len(values) > 1, f"{name} is not shared"
    assert len({int(v) for v in values.values()}) == 1, values
