"""Puzzles in, in any of the forms the API takes: the one input rule.

Every public function that takes a puzzle (`sudoku.solver`'s, `explain`,
`hint`, `rate`, `grade`, `minimize`, `render_svg`, `parse_puzzle`, ...)
turns it into a `Puzzle` with `as_grid`, so they all take the same things:

* a `Puzzle` (it has its own box shape, variant and regions: giving any of
  them too is a TypeError);
* its text, ``str`` or ``bytes``, in any format `sudoku.parse_puzzle` reads
  (exactly one puzzle);
* the grid as a list (or tuple) of ``n`` rows, each a sequence of ``n``
  values: whole numbers from 1 to ``n``, 0 or None for a blank;
* a 2-D numpy array of shape ``(n, n)``, a blank being 0 (or NaN in a float
  array, None in an object array).

Anything else is a TypeError naming what was given; rows that are not ``n``
rows of ``n`` such values are a `PuzzleError` naming the row (and column).
The solved grid comes back in the caller's shape (`as_grid`'s second
value): a tuple of ``n * n`` values for a Puzzle or text, a list of ``n``
lists of ints for rows, an array of the same shape and dtype for an array.

The writers (`sudoku.format_grid`, `sudoku.format_line`) and the functions
that take a solved grid besides the puzzle take what `grid_cells` takes:
a flat sequence of ``n * n`` values (what `solve` returns for text), or any
of the above.

The box shape follows from the size (`sudoku.grid.default_box`) unless
``box`` is given.  Numpy is not imported here: an array can only be given
once numpy has been imported.
"""

from __future__ import annotations

import math
import operator
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, cast

from .errors import PuzzleError
from .grid import (
    VARIANTS,
    Puzzle,
    _settings,
    default_box,
)
from .limits import check_size

if TYPE_CHECKING:
    from typing import TypeAlias

    import numpy as np

    Rows: TypeAlias = Sequence[Sequence[int | None]]
    """A grid as ``n`` rows of ``n`` values, 0 or None for a blank."""
    PuzzleLike: TypeAlias = Puzzle | str | bytes | Rows | np.ndarray
    """What every function that takes a puzzle takes (see `sudoku.shapes`)."""
    GridLike: TypeAlias = Sequence[int | None] | Iterator[int | None] | PuzzleLike
    """What the writers take: a flat grid of ``n * n`` values, or a puzzle."""

__all__ = ["as_grid", "as_puzzle", "grid_cells", "parse_puzzle"]

_EXPECTED = "a sudoku.Puzzle, puzzle text, a list of rows or a 2-D numpy array"


def as_grid(puzzle: PuzzleLike, box=None, *, variant: str | None = None,
            regions: Sequence[int] | str | None = None, source: str | None = None
            ) -> tuple[Puzzle, Callable[[Sequence[int]], Any]]:
    """The puzzle, and the function that gives a solved grid back in the input's shape.

    Parameters
    ----------
    puzzle : Puzzle, str, bytes, sequence of rows or numpy.ndarray
        See the module docstring.
    box : str or (int, int), optional
        Box shape (``"2x3"`` or ``(2, 3)``) for text or rows whose size has
        another default shape.  A `Puzzle` has its own.
    variant : str, optional
        Variant of text or rows (text may set it with a ``# variant:`` line);
        default ``"standard"``, or ``"jigsaw"`` with ``regions``.
    regions : sequence of int or str, optional
        Jigsaw region map of text or rows (``n * n`` ids, or symbols).
    source : str, optional
        Where the puzzle came from, for messages (text: ``"<string>"``).

    Raises
    ------
    PuzzleError
        Text that is not exactly one readable puzzle; rows that are not ``n``
        rows of ``n`` values, or a value that is not a whole number from 0 to
        ``n`` (the message names its row and column).
    TypeError
        ``puzzle`` is none of the above, or ``box``, ``variant`` or
        ``regions`` is given with a `Puzzle`.

    Notes
    -----
    Cost: O(n^2) (text: that of `sudoku.parse_puzzle`).

    Examples
    --------
    >>> p, back = as_grid([[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, None]])
    >>> p.n_givens, back(range(16))[1]
    (3, [4, 5, 6, 7])
    """
    if isinstance(puzzle, Puzzle):
        given = [name for name, v in (("box", box), ("variant", variant), ("regions", regions))
                 if v is not None]
        if given:
            raise TypeError(f"{'= and '.join(given)}= are for a puzzle given as text or "
                            "rows; a Puzzle has its own box shape, variant and regions")
        return puzzle, tuple
    if isinstance(puzzle, (str, bytes, bytearray)):
        from .formats.read import _read_one

        return _read_one(puzzle, box, variant, regions, source), tuple
    if _is_array(puzzle):
        return _from_array(puzzle, box, variant, regions, source)
    if isinstance(puzzle, Sequence):
        cells, n = _cells(puzzle)
        return _puzzle(cells, n, box, variant, regions, source), _to_rows
    raise TypeError(f"expected {_EXPECTED}, not {type(puzzle).__name__}")


def as_puzzle(puzzle: PuzzleLike, *, box=None, variant: str | None = None,
              regions: Sequence[int] | str | None = None, source: str | None = None) -> Puzzle:
    """The `Puzzle` of anything `as_grid` takes (a Puzzle is returned as it is).

    Examples
    --------
    >>> as_puzzle("1..." + "." * 12).n_givens
    1
    """
    return as_grid(puzzle, box, variant=variant, regions=regions, source=source)[0]


def grid_cells(grid: GridLike, box=None, regions: Sequence[int] | None = None
               ) -> tuple[tuple[int, ...], Puzzle | None]:
    """The values of a grid, row by row, and its `Puzzle` when it came as one.

    ``grid`` is a flat sequence (or iterator) of ``n * n`` values (0 or None
    for a blank), or anything `as_grid` takes (its second value is then that puzzle: a
    Puzzle, or the one the text, rows or array make with ``box`` and
    ``regions``; None for a flat grid).

    Raises
    ------
    PuzzleError
        ``n * n`` is not the number of values, or a value is not a whole
        number from 0 to ``n`` (naming its row and column).
    TypeError
        ``grid`` is none of these.

    Notes
    -----
    Cost: O(n^2).

    Examples
    --------
    >>> grid_cells((1, 0, 0, 0) * 4)[0][:4]
    (1, 0, 0, 0)
    >>> cells, p = grid_cells([[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1]])
    >>> cells[4:8], p.box_rows
    ((0, 0, 1, 0), 2)
    >>> grid_cells([1, 2, 3])
    Traceback (most recent call last):
    ...
    sudoku.errors.PuzzleError: 3 cells do not make a square grid (n rows of n values, row by row)
    """
    if isinstance(grid, Puzzle):
        return tuple(grid.cells), grid
    if isinstance(grid, Iterator):  # values one by one (a generator, map(...))
        grid = list(grid)
    if _flat(grid):
        values = list(cast(Sequence[Any], grid))
        n = math.isqrt(len(values))
        if n * n != len(values) or not values:
            raise PuzzleError(f"{len(values)} cells do not make a square grid (n rows of n "
                              "values, row by row)")
        return tuple(_value(v, i, n) for i, v in enumerate(values)), None
    if not isinstance(grid, (Sequence, bytearray)) and not _is_array(grid):
        raise TypeError(f"expected a grid of n*n values, {_EXPECTED}, not "
                        f"{type(grid).__name__}")
    p = as_grid(cast("PuzzleLike", grid), box, regions=regions)[0]
    return tuple(p.cells), p


def _flat(grid) -> bool:
    """Is ``grid`` a flat sequence of values (rather than rows, an array or text)?"""
    if _is_array(grid):
        return grid.ndim == 1
    if isinstance(grid, (str, bytes, bytearray, Puzzle)) or not isinstance(grid, Sequence):
        return False
    return not grid or not _is_row(grid[0])


def _is_array(x) -> bool:
    """Is ``x`` a numpy array?  (One exists only once numpy is imported, which this
    module does not do.)"""
    np = sys.modules.get("numpy")
    return np is not None and isinstance(x, np.ndarray)


def _is_row(x) -> bool:
    return (isinstance(x, Sequence) and not isinstance(x, (str, bytes, bytearray))) or (
        _is_array(x))


def _to_rows(grid: Sequence[int]) -> list[list[int]]:
    n = math.isqrt(len(grid))
    flat = list(grid)
    return [flat[r * n:(r + 1) * n] for r in range(n)]


def _puzzle(cells: list[int], n: int, box, variant, regions, source) -> Puzzle:
    variant, shape, ids = _settings(box, variant, regions)
    if shape is None:
        try:
            rows, cols = default_box(n)
        except PuzzleError:
            if not VARIANTS[variant].uses_regions:
                raise
            rows, cols = 1, n  # a jigsaw's boxes only fix its size
    else:
        rows, cols = shape
        if rows * cols != n:
            raise PuzzleError(f"box {rows}x{cols} makes a {rows * cols}x{rows * cols} grid, "
                              f"but the rows make a {n}x{n} one", source)
    return Puzzle(rows, cols, cells, variant, ids, source=source)


def _plural(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _where(i: int, n: int) -> str:
    return f"row {i // n + 1}, column {i % n + 1}"


def _value(v, i: int, n: int) -> int:
    """One cell's value, 0 for a blank; a clear error naming the cell otherwise."""
    if v is None:
        return 0
    np = sys.modules.get("numpy")
    if isinstance(v, bool) or (np is not None and isinstance(v, np.bool_)):
        raise PuzzleError(f"{_where(i, n)} holds {v!r}, not a number", cell=i)
    try:
        x = operator.index(v)
    except TypeError:
        if isinstance(v, float) or (np is not None and isinstance(v, np.floating)):
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
    check_size(n)
    cells: list[int] = []
    for r, row in enumerate(rows):
        if isinstance(row, (str, bytes, bytearray)):
            raise PuzzleError(f"row {r + 1} is a string: give a puzzle's text as one string "
                              "(rows separated by newlines), or each row as a list of numbers")
        if not _is_row(row):
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


def _from_array(a, box, variant, regions, source
                ) -> tuple[Puzzle, Callable[[Sequence[int]], Any]]:
    import numpy as np

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

    return _puzzle(cells, n, box, variant, regions, source), back


def parse_puzzle(text: PuzzleLike, *, box=None, variant: str | None = None,
                 regions: Sequence[int] | str | None = None,
                 source: str | None = None) -> Puzzle:
    """Read exactly one puzzle from text, or from anything else a puzzle can be given as.

    Parameters
    ----------
    text : str, bytes, Puzzle, sequence of rows or numpy.ndarray
        The puzzle's text in any of the formats of `sudoku.formats`; or a
        puzzle in any other form the API takes (`sudoku.shapes`: a Puzzle,
        returned as it is, ``n`` rows of ``n`` values, a 2-D array).
    box, variant, regions : optional
        As for `read_puzzles` (not with a Puzzle, which has its own).
    source : str, optional
        The name messages give the text (default ``"<string>"``).

    Raises
    ------
    PuzzleError
        The puzzle's error, or no puzzle, or more than one; rows that are not
        ``n`` rows of ``n`` values (naming the row).
    TypeError
        ``text`` is none of these.

    Notes
    -----
    Cost: O(len(text)).

    Examples
    --------
    >>> parse_puzzle("12..\\n..12\\n21..\\n..21").n_givens
    8
    >>> parse_puzzle([[1, 2, 0, 0], [0, 0, 1, 2], [2, 1, 0, 0], [0, 0, 2, 1]]).n_givens
    8
    """
    return as_puzzle(text, box=box, variant=variant, regions=regions, source=source)
