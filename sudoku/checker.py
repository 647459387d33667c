"""Checking puzzles and solutions given in any form: clashing givens, solved grids.

`find_clashes` and `check_givens` take the puzzle in any form of
`sudoku.shapes` and ask `sudoku.grid`, which works on a `sudoku.Puzzle`.
`validate_solution` is the independent checker of a solved grid: it
recomputes every house with its own arithmetic instead of using
`sudoku.grid.houses`, so that the tests can check the solvers against
something that shares none of their code.  All three take the puzzle in any
form of `sudoku.shapes`, which is why they sit above that module.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING

from . import grid
from .errors import PuzzleError
from .grid import _TIMES, Clash, cell_name
from .shapes import as_puzzle, grid_cells

if TYPE_CHECKING:
    from .shapes import GridLike, PuzzleLike

__all__ = ["check_givens", "find_clashes", "validate_solution"]


def find_clashes(puzzle: PuzzleLike) -> list[Clash]:
    """`sudoku.grid.find_clashes` for a puzzle in any form of `sudoku.shapes`.

    Examples
    --------
    >>> find_clashes([[1, 0, 0, 1], [0] * 4, [0] * 4, [0] * 4])
    [Clash(value=1, house='row 1', cells=(0, 3))]
    """
    return grid.find_clashes(as_puzzle(puzzle))


def check_givens(puzzle: PuzzleLike) -> None:
    """`sudoku.grid.check_givens` for a puzzle in any form of `sudoku.shapes`: raise
    if two givens clash, naming the value, the house and the cells.

    Examples
    --------
    >>> check_givens([[1, 0, 0, 1], [0] * 4, [0] * 4, [0] * 4])
    Traceback (most recent call last):
    ...
    sudoku.errors.PuzzleError: digit 1 appears twice in row 1: r1c1, r1c4
    """
    grid.check_givens(as_puzzle(puzzle))


def validate_solution(puzzle: PuzzleLike, solution: GridLike) -> None:
    """Check a solved grid from scratch: every house holds each value once, givens kept.

    This is the independent checker the tests rely on, so it does not use
    :func:`houses`: it recomputes rows, columns, boxes, regions, diagonals and
    windows with its own arithmetic.

    Parameters
    ----------
    puzzle : Puzzle, str, rows or numpy.ndarray
        The puzzle that was solved (any form of `sudoku.shapes`).
    solution : sequence of int, rows or numpy.ndarray
        ``n * n`` values, row by row, or the grid in the shape `sudoku.solve`
        gives it back.

    Raises
    ------
    PuzzleError
        The first problem found: wrong length, a value out of range, a given
        changed, or a house that repeats a value (naming it and what it lacks).

    Notes
    -----
    Cost: O(n^2).

    Examples
    --------
    >>> from sudoku import Puzzle
    >>> p = Puzzle(2, 2, [1, 2, 3, 4] + [0] * 12)
    >>> validate_solution(p, [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])
    >>> validate_solution(p, [1, 2, 3, 4] * 4)
    Traceback (most recent call last):
    ...
    sudoku.errors.PuzzleError: column 1 holds 1 four times and lacks 2, 3, 4
    """
    puzzle = as_puzzle(puzzle)
    if not isinstance(solution, (list, tuple)) or (
            solution and not isinstance(solution[0], int)):
        # Rows, an array or text; a flat list is checked below, value by value.
        solution = grid_cells(solution, (puzzle.box_rows, puzzle.box_cols),
                              puzzle.regions)[0]
    n = puzzle.size
    br, bc = puzzle.box_rows, puzzle.box_cols

    def fail(message, cell=None):
        return PuzzleError(message, puzzle.source, puzzle.line, cell=cell)

    sol = list(solution)
    if len(sol) != n * n:
        raise fail(f"the solution has {len(sol)} cells; a {n}x{n} grid has {n * n}")
    for i, raw in enumerate(sol):
        try:
            v = sol[i] = operator.index(raw)
        except TypeError:
            v = 0
        if not 1 <= v <= n:
            raise fail(f"{cell_name(i, n)} is {raw!r} in the solution; it must be 1 to {n}", i)
        given = puzzle.cells[i]
        if given and v != given:
            raise fail(f"{cell_name(i, n)} is {v} in the solution but the puzzle gives {given}", i)

    groups: dict[str, list[int]] = {}
    for i, v in enumerate(sol):
        r, c = divmod(i, n)
        groups.setdefault(f"row {r + 1}", []).append(v)
        groups.setdefault(f"column {c + 1}", []).append(v)
        if puzzle.variant == "jigsaw":
            assert puzzle.regions is not None
            groups.setdefault(f"region {puzzle.regions[i] + 1}", []).append(v)
        else:
            groups.setdefault(f"box {(r // br) * (n // bc) + c // bc + 1}", []).append(v)
        if puzzle.variant == "x":
            if r == c:
                groups.setdefault("diagonal", []).append(v)
            if r + c == n - 1:
                groups.setdefault("anti-diagonal", []).append(v)
        if puzzle.variant == "windoku" and r % 4 and c % 4:
            groups.setdefault(f"window {(r // 4) * 2 + c // 4 + 1}", []).append(v)
    expected = list(range(1, n + 1))
    for name, values in groups.items():
        if sorted(values) != expected:
            repeated = min(v for v in values if values.count(v) > 1)
            lacking = ", ".join(str(v) for v in expected if v not in values)
            times = _TIMES.get(values.count(repeated), f"{values.count(repeated)} times")
            raise fail(f"{name} holds {repeated} {times} and lacks {lacking}")
