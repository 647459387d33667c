"""Tests of ``dlx.examples``: known counts, and every solution checked independently.

Solutions are checked twice, without trusting the builders or the engine:
against the puzzle's own rules (queens do not attack, pieces tile the board,
Langford gaps are right) and, through the builders' plain-form specs, by the
exact-cover checker of ``tests/naive.py``.  Small instances are also counted by
the reference Algorithm X.
"""

from __future__ import annotations

import itertools

import naive  # tests/ is on sys.path through pytest's pythonpath setting
import pytest

from dlx import examples
from dlx.errors import ProblemError
from dlx.examples import PENTOMINOES, langford, pentominoes, polyomino_tiling, queens

QUEENS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712]
LANGFORD = {1: 0, 2: 0, 3: 2, 4: 2, 5: 0, 6: 0, 7: 52, 8: 300, 11: 35584, 12: 216288}
PENTOMINO_BOARDS = {(6, 10): 2339, (5, 12): 1010, (4, 15): 368, (3, 20): 2}


def plain(spec):
    """A builder's ``(options, primary, secondary)`` -> labels and the naive plain form."""
    options, primary, secondary = spec
    return list(options), primary, secondary, naive.plain_options(options.values())


def assert_covers(spec, solutions):
    """Every solution (a list of labels) is an exact cover of the spec; none repeats."""
    labels, primary, secondary, options = plain(spec)
    index = {label: k for k, label in enumerate(labels)}
    seen = set()
    for sol in solutions:
        chosen = [index[label] for label in sol]
        assert chosen == sorted(chosen), "labels not in option order"
        why = naive.cover_violation(primary, secondary, options, chosen)
        assert why is None, why
        assert tuple(chosen) not in seen, f"solution {sol} found twice"
        seen.add(tuple(chosen))
    return seen


def assert_same_problem(problem, spec):
    options, primary, secondary = spec
    assert list(problem.labels) == list(options)
    assert list(problem.primary) == list(primary)
    assert list(problem.secondary) == list(secondary)
    assert problem.n_options == len(options)
    assert problem.n_primary == len(primary)
    assert problem.n_items == len(primary) + len(secondary)


# ---------------------------------------------------------------- queens

def attack_free(queens_at, n):
    """Independent rule check: n queens, one per row and column, no shared diagonal."""
    if len(queens_at) != n:
        return False
    rows = {r for r, _ in queens_at}
    cols = {c for _, c in queens_at}
    sums = {r + c for r, c in queens_at}
    diffs = {r - c for r, c in queens_at}
    inside = all(0 <= r < n and 0 <= c < n for r, c in queens_at)
    return inside and len(rows) == len(cols) == len(sums) == len(diffs) == n


def queens_by_permutation(n):
    return {frozenset(enumerate(p)) for p in itertools.permutations(range(n))
            if attack_free(list(enumerate(p)), n)}


@pytest.mark.parametrize("n", range(1, 13))
def test_queens_count(n):
    result = queens(n).count()
    assert result.count == QUEENS[n - 1]
    assert result.status == "complete"


@pytest.mark.slow
def test_queens_13():
    assert queens(13).count().count == 73712


@pytest.mark.parametrize("n", range(1, 9))
def test_queens_solutions_are_real(n):
    problem = queens(n)
    spec = examples._queens_spec(n)
    assert_same_problem(problem, spec)
    solutions = list(problem.solutions())
    assert all(attack_free(sol, n) for sol in solutions)
    assert {frozenset(sol) for sol in solutions} == queens_by_permutation(n)
    found = assert_covers(spec, solutions)
    labels, primary, secondary, options = plain(spec)
    assert found == set(naive.algorithm_x(primary, secondary, options))


def test_queens_items():
    problem = queens(8)
    # organ-pipe order: middle rows and columns first
    assert list(problem.primary)[:4] == ["R3", "C3", "R4", "C4"]
    assert list(problem.primary)[-2:] == ["R7", "C7"]
    lines = [f"R{i}" for i in range(8)] + [f"C{i}" for i in range(8)]
    assert sorted(problem.primary) == sorted(lines)
    assert len(problem.secondary) == 30
    assert problem.n_options == 64
    assert examples._organ_pipe(5) == [2, 1, 3, 0, 4]


@pytest.mark.parametrize("bad", [0, -3, 2.0, "8", True])
def test_queens_rejects_bad_n(bad):
    with pytest.raises(ProblemError):
        queens(bad)


# ---------------------------------------------------------------- Langford pairs

def langford_row(solution, n):
    """Labels (k, i, j) -> the row of 2n values; checks the rule independently."""
    row = [0] * (2 * n)
    for k, i, j in solution:
        assert j - i == k + 1, f"copies of {k} at {i} and {j}"
        assert row[i] == row[j] == 0, f"slot reused in {solution}"
        row[i] = row[j] = k
    assert sorted(row) == sorted(list(range(1, n + 1)) * 2)
    return tuple(row)


def langford_rows_brute(n):
    """All Langford rows by filling slots left to right, straight from the definition."""
    found = []
    row = [0] * (2 * n)

    def fill(pos, left):
        if pos == 2 * n:
            found.append(tuple(row))
            return
        if row[pos]:
            fill(pos + 1, left)
            return
        for k in sorted(left):
            j = pos + k + 1
            if j < 2 * n and not row[j]:
                row[pos] = row[j] = k
                fill(pos + 1, left - {k})
                row[pos] = row[j] = 0

    fill(0, frozenset(range(1, n + 1)))
    return set(found)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 8])
def test_langford_count_and_solutions(n):
    problem = langford(n)
    spec = examples._langford_spec(n)
    assert_same_problem(problem, spec)
    assert problem.n_options == 3 * n * (n - 1) // 2
    solutions = list(problem.solutions())
    assert len(solutions) == LANGFORD[n]
    assert problem.count().count == LANGFORD[n]
    rows = {langford_row(sol, n) for sol in solutions}
    assert rows == langford_rows_brute(n)
    assert_covers(spec, solutions)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 8])
def test_langford_break_symmetry(n):
    problem = langford(n, break_symmetry=True)
    spec = examples._langford_spec(n, break_symmetry=True)
    assert_same_problem(problem, spec)
    solutions = list(problem.solutions())
    assert len(solutions) == LANGFORD[n] // 2
    assert_covers(spec, solutions)
    rows = {langford_row(sol, n) for sol in solutions}
    everything = langford_rows_brute(n)
    # exactly one of each pairing and its reversal
    assert rows <= everything
    assert {min(r, r[::-1]) for r in rows} == {min(r, r[::-1]) for r in everything}


@pytest.mark.slow
@pytest.mark.parametrize("n", [11, 12])
def test_langford_large(n):
    assert langford(n, break_symmetry=True).count().count == LANGFORD[n] // 2
    assert langford(n).count().count == LANGFORD[n]


def test_langford_reference_counts():
    for n in range(1, 9):
        for halve in (False, True):
            spec = examples._langford_spec(n, break_symmetry=halve)
            labels, primary, secondary, options = plain(spec)
            expected = LANGFORD[n] // 2 if halve else LANGFORD[n]
            assert naive.algorithm_x_count(primary, secondary, options) == expected


# ---------------------------------------------------------------- pentominoes

def canonical(shape):
    """Cells translated to touch the axes, sorted."""
    r0 = min(r for r, _ in shape)
    c0 = min(c for _, c in shape)
    return tuple(sorted((r - r0, c - c0) for r, c in shape))


def congruent(a, b):
    """Independent of the builder: compare b with all 8 rotations/reflections of a."""
    images = set()
    for flip in (False, True):
        cells = [(r, -c) if flip else (r, c) for r, c in a]
        for _ in range(4):
            images.add(canonical(cells))
            cells = [(-c, r) for r, c in cells]
    return canonical(b) in images


def tiling_grid(solution, rows, cols, pieces):
    """Labels -> grid of letters; checks the tiling rules independently."""
    grid = [[None] * cols for _ in range(rows)]
    names = [name for name, _ in solution]
    assert sorted(names) == sorted(pieces), f"pieces used: {names}"
    for name, cells in solution:
        assert congruent(pieces[name], cells), f"{name} placed as {cells}"
        for r, c in cells:
            assert 0 <= r < rows and 0 <= c < cols
            assert grid[r][c] is None, f"cell {r},{c} covered twice"
            grid[r][c] = name
    assert all(all(row) for row in grid), "a cell is left empty"
    return tuple(map(tuple, grid))


def symmetry_class(grid):
    """The least of a grid and its images under the rectangle's four symmetries."""
    flipped_rows = grid[::-1]
    images = [grid, flipped_rows, tuple(row[::-1] for row in grid),
              tuple(row[::-1] for row in flipped_rows)]
    return min(images)


def test_pentomino_shapes():
    assert sorted(PENTOMINOES) == list("FILNPTUVWXYZ")
    assert all(len(set(cells)) == 5 for cells in PENTOMINOES.values())
    counts = {name: len(examples._orientations(cells)) for name, cells in PENTOMINOES.items()}
    assert counts == dict(F=8, I=2, L=8, N=8, P=8, T=4, U=4, V=4, W=4, X=1, Y=8, Z=4)
    for name, cells in PENTOMINOES.items():  # all twelve are different pieces
        assert not any(congruent(cells, other) for o, other in PENTOMINOES.items() if o != name)


@pytest.mark.slow
@pytest.mark.parametrize("board", [(3, 20), (20, 3)])
def test_pentominoes_3x20(board):
    rows, cols = board
    for halve, expected in ((False, 8), (True, 2)):
        spec = examples._pentomino_spec(rows, cols, break_symmetry=halve)
        problem = pentominoes(rows, cols, break_symmetry=halve)
        assert_same_problem(problem, spec)
        solutions = list(problem.solutions())
        assert len(solutions) == expected
        found = assert_covers(spec, solutions)
        for sol in solutions:
            tiling_grid(sol, rows, cols, PENTOMINOES)
        if halve:  # the Python Algorithm X takes a few seconds on the full board
            labels, primary, secondary, options = plain(spec)
            assert found == set(naive.algorithm_x(primary, secondary, options))


@pytest.mark.parametrize("board", sorted(PENTOMINO_BOARDS))
def test_pentominoes_up_to_symmetry(board):
    rows, cols = board
    spec = examples._pentomino_spec(rows, cols, break_symmetry=True)
    solutions = list(pentominoes(rows, cols, break_symmetry=True).solutions())
    assert len(solutions) == PENTOMINO_BOARDS[board]
    assert_covers(spec, solutions)
    grids = [tiling_grid(sol, rows, cols, PENTOMINOES) for sol in solutions]
    # no two are images of each other under the board's symmetries
    assert len({symmetry_class(g) for g in grids}) == len(grids)


@pytest.mark.parametrize("board", [(3, 20), (4, 15), pytest.param((5, 12), marks=pytest.mark.slow)])
def test_pentominoes_all_tilings(board):
    rows, cols = board
    solutions = list(pentominoes(rows, cols).solutions())
    assert len(solutions) == 4 * PENTOMINO_BOARDS[board]
    grids = {tiling_grid(sol, rows, cols, PENTOMINOES) for sol in solutions}
    assert len(grids) == len(solutions)
    halved = pentominoes(rows, cols, break_symmetry=True).solutions()
    classes = {symmetry_class(tiling_grid(sol, rows, cols, PENTOMINOES)) for sol in halved}
    assert classes == {symmetry_class(g) for g in grids}


@pytest.mark.slow
def test_pentominoes_6x10_all():
    result = pentominoes().count()
    assert (result.count, result.status) == (9356, "complete")


def test_timeout_then_fresh_search():
    """A search stopped by its clock leaves the problem as good as new."""
    problem = pentominoes()
    stopped = problem.count(timeout=0.2)
    assert stopped.status == "timeout"
    assert stopped.count < 9356
    first = list(problem.solutions(limit=20))
    assert first == list(pentominoes().solutions(limit=20))
    for sol in first:
        tiling_grid(sol, 6, 10, PENTOMINOES)


def test_pentominoes_rejects_wrong_area():
    with pytest.raises(ProblemError, match="60 cells"):
        pentominoes(7, 9)


def test_pentominoes_axis_item_only_when_needed():
    assert list(pentominoes(6, 10, break_symmetry=True).secondary) == []
    assert list(pentominoes(5, 12, break_symmetry=True).secondary) == ["axis"]
    assert list(pentominoes(6, 10).secondary) == []


# ---------------------------------------------------------------- polyomino_tiling

def test_polyomino_dominoes():
    domino = [(0, 0), (0, 1)]
    # 2 x k board: Fibonacci(k+1) tilings, times k! ways to name the dominoes
    for k, tilings in [(1, 1), (2, 2), (3, 3), (4, 5)]:
        problem = polyomino_tiling([domino] * k, 2, k)
        assert problem.count().count == tilings * len(list(itertools.permutations(range(k))))


def test_polyomino_labels_and_items():
    shapes = {"a": [(0, 0), (0, 1), (1, 0)], "b": [(5, 5), (6, 5), (6, 6)]}
    spec = examples._tiling_spec(shapes, 2, 3)
    problem = polyomino_tiling(shapes, 2, 3)
    assert_same_problem(problem, spec)
    assert list(problem.primary) == ["a", "b", "0,0", "0,1", "0,2", "1,0", "1,1", "1,2"]
    solutions = list(problem.solutions())
    assert len(solutions) == 4
    for sol in solutions:
        tiling_grid(sol, 2, 3, shapes)
    assert_covers(spec, solutions)


def test_polyomino_one_sided():
    s_tetromino = [(0, 1), (0, 2), (1, 0), (1, 1)]
    assert len(examples._orientations(s_tetromino)) == 4
    assert len(examples._orientations(s_tetromino, reflections=False)) == 2
    assert len(examples._orientations(PENTOMINOES["P"], reflections=False)) == 4
    # the free cells of this board form the mirror image of the L tetromino
    ell = [(0, 0), (0, 1), (0, 2), (1, 0)]
    holes = [(0, 0), (1, 0), (1, 1), (1, 2)]
    assert polyomino_tiling([ell], 2, 4, holes=holes).count().count == 1
    assert polyomino_tiling([ell], 2, 4, holes=holes, reflections=False).count().count == 0


def test_polyomino_holes():
    domino = [(0, 0), (0, 1)]
    problem = polyomino_tiling([domino], 2, 2, holes=[(0, 0), (0, 1)])
    assert problem.n_primary == 3
    assert problem.count().count == 1
    assert problem.solve() == [("P0", ((1, 0), (1, 1)))]


@pytest.mark.slow
def test_scott_8x8_with_centre_hole():
    # Dana Scott (1958): 65 packings up to the square's 8 symmetries, 520 in all
    holes = [(3, 3), (3, 4), (4, 3), (4, 4)]
    assert polyomino_tiling(PENTOMINOES, 8, 8, holes=holes).count().count == 520


@pytest.mark.parametrize("shapes, message", [
    ([], "at least one"),
    ([[]], "no cells"),
    ([[(0, 0), (0, 0)]], "twice"),
    ({"a,b": [(0, 0)]}, "rename"),
    ({"a:b": [(0, 0)]}, "rename"),
    ([["xy"]], "pairs of ints"),
])
def test_polyomino_rejects_bad_shapes(shapes, message):
    with pytest.raises(ProblemError, match=message):
        polyomino_tiling(shapes, 2, 2)


def test_polyomino_rejects_bad_board():
    with pytest.raises(ProblemError, match="off the"):
        polyomino_tiling([[(0, 0)]], 2, 2, holes=[(2, 0)])
    with pytest.raises(ProblemError):
        polyomino_tiling([[(0, 0)]], 0, 2)
