"""The bit kernel (sudoku._bitkernel, chosen by sudoku.kernels) against the DLX kernel.

Both search the same exact cover, so on every puzzle they must agree on the
count, the status and the verdict, and give the same solution when there is
only one; where there are several, each solution must be valid.  Checked on
the shared benchmark files (a few hundred puzzles each, skipped when absent;
``solution_counts.txt`` also against its known counts), on every file in
puzzles/, and on generated puzzles of every box shape and variant.  Then the
bit kernel's own paths: node caps, the resumable lone search, clashing
givens, and the kernels run as plain Python (NUMBA_DISABLE_JIT).
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from dlx import ProblemError
from sudoku import PuzzleError, kernels, parse_puzzle, read_puzzles
from sudoku.batch import solve_all
from sudoku.engines.planes import _planes
from sudoku.generator import generate_many
from sudoku.grid import Puzzle, houses

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "sudoku"
# (file, puzzles taken from the start): the slow ones for DLX are kept short.
SHARED = [("easy_sample.txt", 300), ("17clue.txt", 400), ("top95.txt", 95),
          ("norvig_hardest.txt", 11), ("top1465.txt", 300), ("hardest1106.txt", 60),
          ("hardest1905_11plus.txt", 200), ("hard_sample.txt", 100),
          ("serg_benchmark.txt", 300), ("16x16.txt", 60), ("16x16_vu.txt", 8),
          ("25x25.txt", 1)]


def valid(puzzle, grid) -> bool:
    """``grid`` fills ``puzzle``'s givens and holds each value once in every house."""
    n = puzzle.size
    if any(g and g != v for g, v in zip(puzzle.cells, grid, strict=True)):
        return False
    return all(sorted(grid[c] for c in cells) == list(range(1, n + 1))
               for _, cells in houses(puzzle))


def compare(puzzles, mode="check", limit=None):
    """Both kernels on ``puzzles``; assert they agree; return the bit kernel's results."""
    dlx = list(solve_all(puzzles, mode=mode, limit=limit, kernel="dlx"))
    bits = list(solve_all(puzzles, mode=mode, limit=limit, kernel="bits"))
    auto = list(solve_all(puzzles, mode=mode, limit=limit))
    assert [r.count for r in auto] == [r.count for r in dlx]
    assert len(dlx) == len(bits) == len(puzzles)
    for a, b in zip(dlx, bits, strict=True):
        where = f"puzzle {a.index}: {a.puzzle}"
        assert (a.count, a.status, a.verdict) == (b.count, b.status, b.verdict), where
        assert (a.error is None) == (b.error is None), where
        assert len(a.solutions) == len(b.solutions), where
        if a.verdict == "unique":
            assert a.solutions == b.solutions, where
        for grid in b.solutions:
            assert valid(b.puzzle, grid), where
        if len(b.solutions) == 2:
            assert b.solutions[0] != b.solutions[1], where
    return bits


@pytest.mark.parametrize(("name", "take"), SHARED)
def test_shared_files_agree(name, take):
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"{path} is not there")
    puzzles = []
    for p in read_puzzles(str(path)):
        puzzles.append(p)
        if len(puzzles) >= take:
            break
    if name == "25x25.txt":  # its first puzzle is unique and quick for both
        assert compare(puzzles)[0].verdict == "unique"
        return
    compare(puzzles, "check")
    compare(puzzles, "solve")


def test_solution_counts_exact():
    path = DATA / "solution_counts.txt"
    if not path.is_file():
        pytest.skip(f"{path} is not there")
    lines = [line.rsplit(":", 1) for line in path.read_text().split()]
    puzzles = [text for text, _ in lines]
    bits = compare(puzzles, "count")
    assert [r.count if r.error is None else 0 for r in bits] == [int(c) for _, c in lines]


@pytest.mark.parametrize("path", sorted((ROOT / "puzzles").glob("*.txt")),
                         ids=lambda p: p.name)
def test_puzzle_files_agree(path):
    items = list(read_puzzles(str(path)))
    compare(items, "check")
    compare(items, "count", limit=50)


SHAPES = [(None, 4, "standard"), ((2, 3), None, "standard"), ((3, 2), None, "standard"),
          ((2, 4), None, "standard"), ((4, 2), None, "standard"), (None, 9, "standard"),
          (None, 9, "x"), (None, 9, "windoku"), (None, 9, "jigsaw"), (None, 6, "x"),
          (None, 4, "x"), (None, 8, "jigsaw"), ((2, 5), None, "standard"),
          ((3, 4), None, "standard"), ((4, 3), None, "standard"), ((4, 4), None, "standard")]


@pytest.mark.parametrize(("box", "size", "variant"), SHAPES)
def test_generated_puzzles_agree(box, size, variant):
    made = list(generate_many(6, box=box, size=size, variant=variant, seed=31))
    puzzles = [g.puzzle for g in made]
    bits = compare(puzzles, "check")
    assert [r.solutions for r in bits] == [[g.solution] for g in made]
    # A third of the cells blanked: many solutions, counted alike (up to a limit).
    sparse = [dataclasses.replace(p, cells=tuple(0 if i % 3 == 0 else v
                                                 for i, v in enumerate(p.cells)))
              for p in puzzles]
    compare(sparse, "count", limit=300)
    compare(sparse, "solve")


def test_every_4x4_and_some_6x6_counted():
    assert [r.count for r in solve_all(["." * 16], mode="count", kernel="bits")] == [288]
    assert [r.count for r in solve_all(["." * 16], mode="count", kernel="dlx")] == [288]
    six = parse_puzzle("123456" + "." * 30, box=(2, 3))
    a, = solve_all([six], mode="count", kernel="bits")
    b, = solve_all([six], mode="count", kernel="dlx")
    assert a.count == b.count and a.exact


def test_clashing_givens_are_invalid_with_the_same_message():
    # (Made as Puzzles: the reader would refuse them before any kernel.)
    bad = [Puzzle(3, 3, [1, 1] + [0] * 79), Puzzle(3, 3, [1] + [0] * 8 + [1] + [0] * 71),
           Puzzle(3, 3, [0] * 60 + [5] + [0] * 9 + [5] + [0] * 10),
           Puzzle(2, 2, [0] * 15 + [4], variant="x", ),
           Puzzle(2, 2, [1, 0, 0, 0, 0, 1] + [0] * 10, variant="x"),
           # 16x16 (the band kernel): in a column across bands, at bit 63, in a box
           Puzzle(4, 4, [7] + [0] * 127 + [7] + [0] * 127),
           Puzzle(4, 4, [0] * 63 + [16] + [0] * 15 + [16] + [0] * 176),
           Puzzle(4, 4, [0] * 17 + [3] + [0] * 16 + [3] + [0] * 221)]
    for k in ("dlx", "bits", "auto"):
        out = list(solve_all(bad, kernel=k))
        assert [r.verdict for r in out] == ["invalid"] * 3 + ["solved"] + ["invalid"] * 4
    msgs = [[str(r.error) for r in solve_all(bad, kernel=k)] for k in ("dlx", "bits")]
    assert msgs[0] == msgs[1]


def test_node_cap_and_finishing_alone():
    hard = parse_puzzle("8..........36......7..9.2...5...7.......457....."
                        "1...3...1....68..85...1..9....4..")
    # A budget below the batch cap: stopped, as with DLX.
    r, = solve_all([hard], mode="check", max_nodes=2, kernel="bits")
    assert r.status == "nodes" and r.verdict == "unknown" and r.nodes == 2
    # Counting the empty 6x6 past the batch cap: finished by the resumable search.
    c, = solve_all(["." * 36], mode="count", limit=300_000, kernel="bits")
    assert (c.count, c.status) == (300_000, "limit")


def test_lone_search_in_slices_and_timeout():
    lay = kernels.layout_for(parse_puzzle("." * 36), "bits")
    grid = np.zeros(36, dtype=np.uint8)
    r = kernels.search_alone(lay, grid, limit=5000, store=2)
    assert (r.count, r.status, len(r.solutions)) == (5000, "limit", 2)
    r = kernels.search_alone(lay, grid, limit=0, timeout=0.05)
    assert r.status == "timeout" and r.count > 0
    r = kernels.search_alone(lay, grid, max_nodes=10)
    assert r.status == "nodes" and r.nodes == 10
    for n in (9, 16):
        empty = parse_puzzle("." * n * n)
        band = kernels.layout_for(empty)
        assert band.band == n
        r = kernels.search_alone(band, np.zeros(n * n, dtype=np.uint8), limit=3, store=3)
        assert r.count == 3 and all(valid(empty, g) for g in r.solutions)
        r = kernels.search_alone(band, np.zeros(n * n, dtype=np.uint8), max_nodes=7)
        assert (r.status, r.nodes) == ("nodes", 7)


def test_single_puzzle_functions_on_either_kernel():
    # sudoku.solve, check and count search with the bit kernel where it serves the
    # shape and with DLX otherwise: the same answers, in the input's own shape.
    from dlx import SearchStopped
    from sudoku import check, count, solve

    items = [p for path in sorted((ROOT / "puzzles").glob("*.txt"))
             for p in read_puzzles(str(path)) if not isinstance(p, Exception)]
    assert {p.size for p in items} >= {4, 6, 9, 16, 25}
    assert any(p.variant != "standard" for p in items)
    for p in items:
        where = f"{p.source}:{p.line}"
        a, b = check(p, kernel="dlx"), check(p, kernel="bits")
        assert a.status == b.status, where
        assert len(a.solutions) == len(b.solutions), where
        if a.status == "unique":
            assert a.solutions == b.solutions, where
            assert solve(p) == solve(p, kernel="dlx") == a.solutions[0], where
        for grid in b.solutions:
            assert valid(p, grid), where
        assert count(p, limit=40) == count(p, limit=40, kernel="dlx"), where
    # Which kernel ran shows in the statistics: the bit kernel makes no link updates.
    classic = next(read_puzzles(str(ROOT / "puzzles" / "classic.txt")))
    assert check(classic).stats.updates == 0 < check(classic, kernel="dlx").stats.updates
    assert count(classic, kernel="bits").stats.solutions == 1
    # Rows in, rows out; clashing givens named; limits as with DLX.
    rows = [[1, 2, 0, 0], [3, 4, 0, 0], [0, 0, 4, 3], [0, 0, 2, None]]
    assert solve(rows) == [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    grid = np.zeros((4, 4), dtype=np.int16)
    grid[0, :2] = 1
    for k in ("bits", "dlx"):
        with pytest.raises(PuzzleError, match="r1c1.*r1c2|r1c2.*r1c1"):
            solve(grid, kernel=k)
        with pytest.raises(PuzzleError):
            count(grid, kernel=k)
    empty = "." * 81
    r = count(empty, limit=1000)
    assert (r.count, r.status, r.exact) == (1000, "limit", False)
    assert count(empty, timeout=0.05).status == "timeout"
    hard = parse_puzzle("8..........36......7..9.2...5...7.......457....."
                        "1...3...1....68..85...1..9....4..")
    with pytest.raises(SearchStopped, match="nodes"):
        solve(hard, max_nodes=1)
    u = check(hard, max_nodes=1)
    assert (u.status, u.stats.status, u.stats.nodes) == ("unknown", "nodes", 1)
    with pytest.raises(ProblemError, match="max_nodes"):
        solve(hard, max_nodes=0)
    with pytest.raises(ProblemError, match="timeout"):
        check(hard, timeout=-1)


def test_kernel_choice(monkeypatch):
    p = parse_puzzle("." * 81)
    x = parse_puzzle("." * 81, variant="x")
    assert kernels.layout_for(p, "dlx") is None
    assert kernels.layout_for(p).band == 9 and kernels.layout_for(p, "bits").band == 9
    assert kernels.layout_for(x) is None  # auto: DLX is faster there
    assert not kernels.layout_for(x, "bits").band
    sixteen = parse_puzzle("." * 256)
    assert kernels.layout_for(sixteen).band == 16  # the band kernel, auto too
    assert kernels.layout_for(parse_puzzle("." * 256, variant="x"), "bits").planes
    assert kernels.layout_for(parse_puzzle("." * 16), "bits").n == 4
    # auto: the plane kernel up to 8x8, DLX above (but 9x9 standard)
    assert kernels.layout_for(parse_puzzle("." * 36)).planes
    assert kernels.layout_for(parse_puzzle("." * 64, box=(2, 4), variant="x")).planes
    assert kernels.layout_for(parse_puzzle("." * 144, box=(3, 4))) is None
    assert kernels.layout_for(parse_puzzle("." * 144, box=(3, 4)), "bits").planes
    # above 16x16 the item kernel, under auto too
    assert kernels.layout_for(parse_puzzle("." * 625)).items
    assert kernels.layout_for(parse_puzzle("." * 400, box=(4, 5), variant="x"), "bits").items
    monkeypatch.setenv(kernels.ENV, "dlx")
    assert kernels.kernel_name() == "dlx" and kernels.layout_for(p) is None
    monkeypatch.setenv(kernels.ENV, "fast")
    with pytest.raises(ValueError, match="SUDOKU_KERNEL"):
        kernels.kernel_name()
    with pytest.raises(ValueError, match="kernel must be one of"):
        list(solve_all(["." * 16], kernel="simd"))


def test_band_arrays_as_the_kernels_make_them():
    from sudoku import _bitkernel, _bitkernel16

    assert kernels.BAND_ARRAYS[16] == (_bitkernel16.STATE, _bitkernel16.GUESS_WORDS)
    assert kernels.BAND_ARRAYS[9] == (_bitkernel.STATE, _bitkernel.GUESS_WORDS)


def test_item_arrays_as_the_kernel_reads_them():
    from sudoku import _itemkernel as k

    dims = kernels.layout_for(parse_puzzle("." * 625)).items[0]
    assert len(dims) == k.WORK + 1
    assert dims[k.ROW] == k.FRAME + 2 * dims[k.PWORDS]
    assert dims[k.STATE] == dims[k.PAIRS] + 2 * dims[k.PWORDS]
    assert dims[k.FAILS] == k.VALUE + dims[k.CELLS]


def test_plane_layout_words():
    """Rows never straddle a word: 16x16 takes 4 rows a word, so its boxes sit in one."""
    for box, words, rows, variant in (((2, 2), 1, 16, "standard"), ((2, 3), 1, 10, "standard"),
                                      ((2, 4), 1, 8, "standard"), ((3, 3), 2, 7, "x"),
                                      ((4, 4), 4, 4, "standard"), ((5, 5), 13, 2, "standard")):
        n = box[0] * box[1]
        puzzle = parse_puzzle("." * (n * n), box=box, variant=variant)
        # (standard 16x16 has the band kernel: its plane layout made here directly)
        planes = _planes(n, [cells for _, cells in houses(puzzle)])
        dims, peer, hptr, hword, hmask, allw = planes[:6]
        assert list(dims[:3]) == [n, words, rows]
        assert sum(bin(int(w) & (2**64 - 1)).count("1") for w in allw) == n * n
        extra = 2 if variant == "x" else 0
        assert len(hptr) - 1 == n + extra  # boxes and diagonals: rows and columns are folded
        assert sum(bin(int(m) & (2**64 - 1)).count("1") for m in hmask) == (n + extra) * n
        if box == (4, 4):  # a box is one segment
            assert len(hword) == n


NOJIT = """
    import warnings
    warnings.simplefilter("error")  # an int64 overflow numba would wrap silently
    import numpy as np
    from dlx.batch import CLASH
    from sudoku import kernels, parse_puzzle, read_puzzles
    from sudoku.batch import _grids
    from sudoku.grid import Puzzle
    cases = [("." * 16, 2, 288), ("1234" + "." * 12, 20, 12),
             ("4.....8.5.3..........7......2.....6.....8.4......"
              "1.......6.3.7.5..2.....1.4......", 2, 1),
             ("." * 81, 3, 3), (Puzzle(3, 3, [1, 1] + [0] * 79), 1, 0),
             (Puzzle(2, 2, [1, 1] + [0] * 14), 1, 0)]
    for text, limit, want in cases:
        p = parse_puzzle(text) if isinstance(text, str) else text
        r = kernels.solve_grids(kernels.layout_for(p, "bits"), _grids([p], p.size), limit=limit,
                                store=2)
        got = int(r.counts[0])
        assert got == min(want, limit), (text, got)
    x = parse_puzzle(".......98..6.894..1..5............8.4..2....7......"
                     "......9.48..6.........3..75...", variant="x")
    r = kernels.solve_grids(kernels.layout_for(x, "bits"), _grids([x], 9), limit=2, store=2)
    assert int(r.counts[0]) == 1
    six = parse_puzzle("123456" + "." * 30, box=(2, 3))
    lay = kernels.layout_for(six, "bits")
    r = kernels.solve_grids(lay, _grids([six], 6), limit=60, store=1)
    assert int(r.counts[0]) == 60
    r = kernels.search_alone(lay, _grids([six], 6)[0].copy(), limit=5, store=5, max_nodes=3)
    assert r.status == "nodes" and r.nodes == 3
    eight = parse_puzzle("12345678" + "." * 56, box=(2, 4), variant="x")
    r = kernels.solve_grids(kernels.layout_for(eight, "bits"), _grids([eight], 8), limit=3,
                            store=3)
    assert int(r.counts[0]) == 3
    # 16x16, the band kernel (bit 63 a cell): a puzzle, the empty grid, a clash at bit 63
    sixteen = [p for p in read_puzzles("puzzles/16x16.txt")][:1] + [
        parse_puzzle("." * 256), Puzzle(4, 4, [0] * 63 + [16] + [0] * 15 + [16] + [0] * 176)]
    lay = kernels.layout_for(sixteen[1], "bits")
    assert lay.band == 16
    r = kernels.solve_grids(lay, _grids(sixteen, 16), limit=3, store=3)
    assert r.counts.tolist() == [1, 3, 0] and r.codes.tolist()[2] == CLASH
    r = kernels.search_alone(lay, _grids(sixteen, 16)[1].copy(), limit=5, store=5, max_nodes=4)
    assert r.status == "nodes" and r.nodes == 4
    # above 16x16, the item kernel: a puzzle, a clash, a search stopped between guesses
    big = next(read_puzzles("puzzles/25x25.txt"))
    lay = kernels.layout_for(big, "bits")
    assert lay.items
    r = kernels.solve_grids(lay, _grids([big, Puzzle(5, 5, [7, 7] + [0] * 623)], 25), limit=2)
    assert r.counts.tolist() == [1, 0] and r.codes.tolist()[1] == CLASH
    empty = parse_puzzle("." * 400, box=(4, 5))
    r = kernels.search_alone(kernels.layout_for(empty), np.zeros(400, dtype=np.uint8),
                             max_nodes=3)
    assert (r.status, r.nodes) == ("nodes", 3)
    print("ok")
"""


@pytest.mark.slow
def test_item_kernel_as_dlx_on_large_grids():
    # Grids above 16x16: the item kernel against DLX, counts and verdicts alike.
    files = [ROOT / "puzzles" / "25x25.txt"] + sorted(DATA.glob("25x25.txt"))
    items = [p for f in files for p in read_puzzles(str(f)) if not isinstance(p, Exception)]
    for mode in ("solve", "check"):
        a = list(solve_all(items, mode=mode, kernel="bits"))
        b = list(solve_all(items, mode=mode, kernel="dlx"))
        assert [(r.count, r.status) for r in a] == [(r.count, r.status) for r in b]
        for p, r in zip(items, a, strict=True):
            assert all(valid(p, g) for g in r.solutions)
    # a variant, and counting past one solution
    for variant in ("standard", "x"):
        empty = parse_puzzle("." * 400, box=(4, 5), variant=variant)
        r = kernels.search_alone(kernels.layout_for(empty), np.zeros(400, dtype=np.uint8),
                                 limit=4, store=4)
        assert r.count == 4 and len(set(r.solutions)) == 4
        assert all(valid(empty, g) for g in r.solutions)


def test_kernels_as_plain_python():
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(NOJIT)], capture_output=True,
                       text=True, env=env, cwd=ROOT, timeout=600)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-3000:]
