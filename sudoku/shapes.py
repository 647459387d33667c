"""Puzzles given as rows: a 2-D list or a numpy array in, the solution back in that shape.

`sudoku.solver`'s functions take a `Puzzle`, puzzle text, or the grid as ``n``
rows of ``n`` values; `as_grid` turns any of these into a `Puzzle` and says
how to give a solved grid (a tuple of ``n * n`` values) back in the shape
the caller used:

* a `Puzzle` or text: the tuple itself;
* a list (or tuple) of ``n`` rows, each a sequence of ``n`` values: a list
  of ``n`` lists of ints.  A blank is 0 or None;
* a 2-D numpy array of shape ``(n, n)``: an array of the same shape and
  dtype.  A blank is 0 (or NaN in a float array, None in an object array).

The box shape follows from the size (`sudoku.grid.default_box`) unless
``box`` is given.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .errors import PuzzleError
from .formats import as_puzzle, parse_puzzle
from .grid import Puzzle, default_box, parse_box

__all__ = ["as_grid"]


def as_grid(puzzle, box=None) -> tuple[Puzzle, Callable[[Sequence[int]], Any]]:
    """The puzzle, and the function that gives a solved grid back in the input's shape.

    Parameters
    ----------
    puzzle : Puzzle, str, sequence of rows or numpy.ndarray
        See the module docstring.
    box : str or (int, int), optional
        Box shape (``"2x3"`` or ``(2, 3)``) for text or rows whose size has
        another default shape.  A `Puzzle` has its own.

    Raises
    ------
    PuzzleError
        The rows are not ``n`` rows of ``n`` values, or a value is not a
        whole number from 0 to ``n`` (the message names its row and column).
    TypeError
        ``puzzle`` is none of the above, or ``box`` is given with a `Puzzle`.

    Notes
    -----
    Cost: O(n^2).

    Examples
    --------
    >>> p, back = as_grid([[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, None]])
    >>> p.n_givens, back(range(16))[1]
    (3, [4, 5, 6, 7])
    """
    if isinstance(puzzle, Puzzle):
        if box is not None:
            raise TypeError("box= is for a puzzle given as text or rows; a Puzzle has its "
                            "own box shape")
        return puzzle, tuple
    if isinstance(puzzle, str) and box is None:
        return as_puzzle(puzzle), tuple
    if isinstance(puzzle, (str, bytes)):
        return parse_puzzle(puzzle, box=box), tuple
    if isinstance(puzzle, np.ndarray):
        return _from_array(puzzle, box)
    if isinstance(puzzle, Sequence):
        cells, n = _cells(puzzle)
        return _puzzle(cells, n, box), _to_rows
    raise TypeError("expected a sudoku.Puzzle, puzzle text, a list of rows or a 2-D numpy "
                    f"array, not {type(puzzle).__name__}")


def _to_rows(grid: Sequence[int]) -> list[list[int]]:
    n = math.isqrt(len(grid))
    flat = list(grid)
    return [flat[r * n:(r + 1) * n] for r in range(n)]


def _puzzle(cells: list[int], n: int, box) -> Puzzle:
    if box is None:
        rows, cols = default_box(n)
    else:
        rows, cols = parse_box(box) if isinstance(box, str) else (int(x) for x in box)
        if rows * cols != n:
            raise PuzzleError(f"box {rows}x{cols} makes a {rows * cols}x{rows * cols} grid, "
                              f"but the rows make a {n}x{n} one")
    return Puzzle(rows, cols, cells)


def _plural(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _where(i: int, n: int) -> str:
    return f"row {i // n + 1}, column {i % n + 1}"


def _value(v, i: int, n: int) -> int:
    """One cell's value, 0 for a blank; a clear error naming the cell otherwise."""
    if v is None:
        return 0
    if isinstance(v, (bool, np.bool_)):
        raise PuzzleError(f"{_where(i, n)} holds {v!r}, not a number", cell=i)
    try:
        x = operator.index(v)
    except TypeError:
        if isinstance(v, (float, np.floating)):
            if math.isnan(v):
                return 0
            if float(v).is_integer():
                x = int(v)
            else:
                raise PuzzleError(f"{_where(i, n)} holds {v!r}, not a whole number",
                                  cell=i) from None
        else:
            hint = " (text goes in as one string)" if isinstance(v, str) else ""
            raise PuzzleError(f"{_where(i, n)} holds {v!r}, not a number{hint}",
                              cell=i) from None
    if not 0 <= x <= n:
        raise PuzzleError(f"{_where(i, n)} holds {x}; values of a {n}x{n} grid run from 1 "
                          f"to {n} (0 or None for a blank)", cell=i)
    return x


def _cells(rows: Sequence) -> tuple[list[int], int]:
    """The values of ``n`` rows of ``n`` cells, row by row, checked."""
    n = len(rows)
    if n == 0:
        raise PuzzleError("the grid has no rows; an n x n grid needs n rows of n values")
    cells: list[int] = []
    for r, row in enumerate(rows):
        if isinstance(row, (str, bytes)):
            raise PuzzleError(f"row {r + 1} is a string: give a puzzle's text as one string "
                              "(rows separated by newlines), or each row as a list of numbers")
        if not isinstance(row, (Sequence, np.ndarray)):
            m = math.isqrt(n)
            hint = f"; split the {n} values into {m} rows of {m}" if r == 0 and m * m == n else ""
            raise PuzzleError(f"row {r + 1} is {type(row).__name__}, not a row of values: "
                              f"an n x n grid is n rows of n values{hint}")
        if len(row) != n:
            raise PuzzleError(f"row {r + 1} has {_plural(len(row), 'value')}, but the grid "
                              f"has {_plural(n, 'row')}; an n x n grid needs n rows of n values")
        base = r * n
        cells.extend(_value(v, base + c, n) for c, v in enumerate(row))
    return cells, n


def _from_array(a: np.ndarray, box) -> tuple[Puzzle, Callable[[Sequence[int]], Any]]:
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise PuzzleError(f"an array puzzle must be n x n (2-D, square), not of shape "
                          f"{a.shape}")
    if a.dtype.kind not in "iufO":
        raise PuzzleError(f"an array puzzle holds numbers (0 for a blank), not {a.dtype} "
                          "values")
    n = a.shape[0]
    cells, _ = _cells(a.tolist())
    shape, dtype = a.shape, a.dtype

    def back(grid: Sequence[int]) -> np.ndarray:
        return np.array(grid, dtype=dtype).reshape(shape)

    return _puzzle(cells, n, box), back
