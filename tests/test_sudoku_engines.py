"""The Sudoku engines (sudoku.engines): one table, `choose`, one calling convention.

The kernels' own results are checked against DLX in test_bitkernel.py; here:
which engine each ``kernel=`` gives each shape, that the table alone decides
it, that every engine is called alike and agrees, and that choosing loads no
kernel (nor numba).
"""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from sudoku import Puzzle, count, engines, solve
from sudoku.engines import ENGINES, Row, Sizes, choose, row_for

ROOT = Path(__file__).resolve().parent.parent


def empty(box, variant="standard"):
    n = box[0] * box[1]
    return Puzzle(box[0], box[1], [0] * (n * n), variant=variant)


def test_the_table_rows_and_their_shapes():
    assert [r.name for r in ENGINES] == ["band9", "band16", "planes", "items", "dlx"]
    shapes = {r.name: (str(r.serves), str(r.auto)) for r in ENGINES}
    assert shapes == {"band9": ("standard 9x9", "every grid"),
                      "band16": ("standard 16x16", "every grid"),
                      "planes": ("1x1 to 16x16", "1x1 to 8x8"),
                      "items": ("17x17 to 31x31", "every grid"),
                      "dlx": ("every grid", "every grid")}
    # Each bit kernel's module is a file of the package that defines the row's two
    # functions (read from the source: finding them must not import numba).
    for r in ENGINES[:-1]:
        spec = importlib.util.find_spec(r.kernel)
        assert spec is not None and spec.origin, r
        tree = ast.parse(Path(spec.origin).read_text("utf-8"))
        defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        assert {r.search, r.batch} <= defined, r
        assert len(r.engine.SIGNATURES) == 2  # type: ignore[attr-defined]
    assert ENGINES[-1].serves(empty((6, 6)))  # the last row serves every grid


# (puzzle, engine under auto, under bits); dlx: always DLX
CASES = [
    ((2, 2), "standard", "planes", "planes"),
    ((2, 3), "standard", "planes", "planes"),
    ((2, 4), "x", "planes", "planes"),
    ((3, 3), "standard", "band9", "band9"),
    ((3, 3), "x", "dlx", "planes"),
    ((3, 4), "standard", "dlx", "planes"),
    ((4, 4), "standard", "band16", "band16"),
    ((4, 4), "x", "dlx", "planes"),
    ((4, 5), "x", "items", "items"),
    ((5, 5), "standard", "items", "items"),
    ((6, 6), "standard", "dlx", "dlx"),  # 36 x 36: beyond the bit kernels' words
]


@pytest.mark.parametrize(("box", "variant", "auto", "bits"), CASES)
def test_choose_for_each_kernel_and_shape(box, variant, auto, bits, monkeypatch):
    monkeypatch.delenv(engines.ENV, raising=False)
    p = empty(box, variant)
    assert choose(p).name == choose(p, "auto").name == auto
    assert choose(p, "bits").name == bits
    assert choose(p, "dlx").name == "dlx"
    for kernel in ("auto", "bits", "dlx"):
        e = choose(p, kernel)
        assert e.n == p.size and e.cells == p.size ** 2
        assert e is choose(p, kernel)  # kept for the shape
        assert row_for(p, kernel).name == e.name
    monkeypatch.setenv(engines.ENV, "bits")
    assert choose(p).name == bits


def test_candidates_go_to_dlx_under_every_kernel():
    p = Puzzle(2, 2, [1] + [0] * 15, candidates=[(1,)] + [(1, 2, 3, 4)] * 15)
    assert {choose(p, k).name for k in engines.KERNELS} == {"dlx"}


def test_unknown_kernel_named_as_before(monkeypatch):
    p = empty((3, 3))
    with pytest.raises(ValueError, match=r"^kernel must be one of auto, bits, dlx, not 'simd'$"):
        choose(p, "simd")
    monkeypatch.setenv(engines.ENV, "fast")
    with pytest.raises(ValueError, match=r"not 'fast' \(from \$SUDOKU_KERNEL\)$"):
        choose(p)
    with pytest.raises(ValueError, match="kernel must be one of"):
        solve(p, kernel="simd")


def test_choosing_loads_no_kernel():
    code = ("import sys\n"
            "from sudoku import Puzzle\n"
            "from sudoku.engines import choose\n"
            "for r, c in ((2, 2), (3, 3), (4, 4), (5, 5), (3, 4), (6, 6)):\n"
            "    for v in ('standard', 'x'):\n"
            "        for k in ('auto', 'bits', 'dlx'):\n"
            "            choose(Puzzle(r, c, [0] * (r * c) ** 2, variant=v), k)\n"
            "assert 'numba' not in sys.modules, 'numba imported'\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr


def _nearly_solved(box, variant, seed):
    """A solved grid of the shape with a third of its cells blanked, as a Puzzle."""
    p = empty(box, variant)
    full = solve(p, kernel="dlx")
    assert full is not None
    rng = np.random.default_rng(seed)
    values = np.array(full, dtype=np.uint8)
    values[rng.random(values.size) < 0.35] = 0
    return Puzzle(box[0], box[1], values.tolist(), variant=variant)


@pytest.mark.parametrize(("box", "variant"), [((2, 3), "standard"), ((3, 3), "standard"),
                                              ((3, 3), "x"), ((4, 4), "standard"),
                                              ((5, 5), "standard")])
def test_every_engine_called_alike_agrees(box, variant):
    puzzles = [_nearly_solved(box, variant, seed) for seed in range(6)]
    grids = np.frombuffer(b"".join(p.packed for p in puzzles),
                          dtype=np.uint8).reshape(len(puzzles), -1)
    results = {}
    for kernel in ("bits", "dlx"):
        e = choose(puzzles[0], kernel)
        out = e.batch(grids, limit=0, store=2, max_nodes=None, puzzles=puzzles)
        # Encoded once, searched in two parts, joined: the call on them all.
        job = e.prepare(grids, puzzles)
        halves = e.join([job.run(0, 2, limit=0, store=2), job.run(2, 6, limit=0, store=2)])
        assert halves.counts.tolist() == out.counts.tolist()
        assert halves.found() == out.found()
        lone = [e.alone(g, limit=0, store=2, puzzle=p) for g, p in zip(grids, puzzles,
                                                                      strict=True)]
        assert [r.count for r in lone] == out.counts.tolist()
        assert [r.status for r in lone] == ["complete"] * len(puzzles)
        assert [sorted(r.solutions) for r in lone] == [sorted(f) for f in out.found()]
        results[e.name] = (out.counts.tolist(), [sorted(f) for f in out.found()],
                           [e.count(p).count for p in puzzles])
    (bits, a), (_, b) = results.items()
    assert bits != "dlx" and a == b
    assert a[0] == a[2] and min(a[0]) >= 1  # each keeps the solution it was cut from


def test_dlx_engine_needs_the_puzzles_of_pencil_marks():
    p = Puzzle(2, 2, [1] + [0] * 15, candidates=[(1,)] + [(1, 2, 3, 4)] * 15)
    e = choose(p)
    grid = np.frombuffer(p.packed, dtype=np.uint8)
    with pytest.raises(ValueError, match="candidates need their Puzzle"):
        e.batch(grid[None])
    with pytest.raises(ValueError, match="candidates needs its Puzzle"):
        e.alone(grid)
    assert e.batch(grid[None], limit=0, store=0, puzzles=[p]).counts.tolist() == [count(p).count]


def test_a_new_row_is_all_a_kernel_needs(monkeypatch):
    # The table alone decides: a row put first that gives 9x9 X puzzles the plane
    # kernel under auto takes them from DLX, with nothing else changed.
    x = _nearly_solved((3, 3), "x", 1)
    assert choose(x).name == "dlx"
    planes = next(r for r in ENGINES if r.name == "planes")
    row = Row("planes9", planes.engine, planes.kernel, planes.search, planes.batch,
              Sizes(9, 9), Sizes(9, 9))
    monkeypatch.setattr(engines, "ENGINES", (row, *ENGINES))
    monkeypatch.setattr(engines, "_engines", {})
    assert choose(x).name == "planes9"
    assert count(x).stats.updates == 0  # the bit kernel ran (DLX counts link updates)
    assert count(x).count == count(x, kernel="dlx").count


def test_only_the_engines_load_the_kernel_modules():
    # Imports of a bit kernel's module, or its name as a string (importlib), appear in
    # sudoku.engines alone: the one place to change how kernels are loaded.
    kernels = {r.kernel for r in ENGINES[:-1]}
    short = {k.rsplit(".", 1)[1] for k in kernels}
    bad = []
    for path in sorted((ROOT / "sudoku").rglob("*.py")):
        rel = path.relative_to(ROOT)
        if rel.parts[1] == "engines" or path.stem in short:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names: set[str] = set()
            if isinstance(node, ast.Import):
                names = {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                names = {node.module or ""} | {a.name for a in node.names}
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                names = {node.value}
            if names & (kernels | short):
                bad.append(f"{rel}:{node.lineno}")
    assert not bad, bad
