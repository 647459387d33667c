"""Sudoku as exact cover: the items, the options and their numbering.

One encoding per grid shape and variant (and jigsaw region map), built once
and cached (`problem_for`):

* items: one per cell ("the cell has a value"), numbered ``0 .. n*n - 1``,
  then one per house and value ("the house has this value"), item
  ``n*n + h*n + v - 1`` for house ``h`` (in `sudoku.houses` order: the rows,
  the columns, the boxes or a jigsaw's regions, then a variant's extra houses:
  the two diagonals of X-Sudoku, the four windows of Windoku) and value ``v``.
  All are primary;
* options: one per cell and value, option ``cell * n + value - 1``
  (`option_number`), covering the cell's item and the (house, value) item of
  every house that holds the cell.

A puzzle is that problem with the options of its givens forced (`givens`); a
solution, a set of options, becomes a grid with `grid_of`.  The solver, the
batch pipeline, the generator and the grader all speak this numbering, and
only through this module.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING

from .grid import Puzzle, houses

if TYPE_CHECKING:
    import numpy as np

    from dlx import Problem

    from .shapes import PuzzleLike

__all__ = ["PROBLEM_CACHE", "cell_value", "givens", "givens_of", "grid_of", "option_number",
           "option_numbers", "problem_for", "restrictions", "shape_key"]

PROBLEM_CACHE = 32  # shapes/variants/region maps whose problem is kept
_problems: dict = {}  # in order of last use

shape_key = operator.attrgetter("box_rows", "box_cols", "variant", "regions", "_restricted")
"""``shape_key(puzzle)``: what decides a puzzle's encoding (shape, variant, regions,
and whether it has candidates)."""


def problem_for(puzzle: PuzzleLike) -> Problem:
    """The exact-cover problem of ``puzzle``'s shape and variant, givens not applied.

    ``puzzle`` may be given in any form of `sudoku.shapes` (text, rows, ...).

    Cached: every puzzle of one shape and variant (and jigsaw region map)
    shares one `dlx.Problem`.  Items are numbered as the module docstring
    says (``problem.entries`` numbers them from 1: item ``i`` is entry ``i + 1``).

    Notes
    -----
    Cost: O(n^3) the first time for an n x n grid (a few ms for 9x9), then O(1).

    Examples
    --------
    >>> from sudoku import parse_puzzle
    >>> p = problem_for(parse_puzzle("." * 16))
    >>> p.n_options, p.n_primary   # 16 cells x 4 values; 16 cells + 12 houses x 4 values
    (64, 64)
    """
    if not isinstance(puzzle, Puzzle):
        from .shapes import as_puzzle

        puzzle = as_puzzle(puzzle)
    key = shape_key(puzzle)
    prob = _problems.get(key)
    if prob is None:
        n = puzzle.size
        cells = n * n
        hs = [cellset for _, cellset in houses(puzzle)]
        member: list[list[int]] = [[] for _ in range(cells)]
        for h, cellset in enumerate(hs):
            for c in cellset:
                member[c].append(h)
        options = []
        for c in range(cells):
            for v in range(n):
                options.append([c] + [cells + h * n + v for h in member[c]])
        primary = cells + len(hs) * n
        secondary = 0
        if puzzle._restricted:
            # Candidates: option k = cell * n + value - 1 also holds a secondary item
            # S + k, and each k has a primary item B + k with two options: "free"
            # (B + k alone, option n**3 + k) and "blocked" (B + k and S + k, option
            # 2 * n**3 + k), which hides option k.  A puzzle forces one of the two
            # for every k (`restrictions`), so the search never branches on them.
            total = cells * n
            free, blocked = primary, primary + total
            options = [o + [blocked + k] for k, o in enumerate(options)]
            options += [[free + k] for k in range(total)]
            options += [[free + k, blocked + k] for k in range(total)]
            primary += total
            secondary = total
        from dlx import Problem  # lazy: keeps numpy out of start-up

        prob = Problem(options, primary=primary, secondary=secondary)
        if len(_problems) >= PROBLEM_CACHE:  # many jigsaw maps: drop the least recently used
            del _problems[next(iter(_problems))]
    else:
        del _problems[key]  # re-inserted below as the most recently used
    _problems[key] = prob
    return prob


def option_number(cell: int, value: int, n: int) -> int:
    """The option that puts ``value`` (from 1) in ``cell`` (row-major, from 0) of an n x n grid.

    >>> option_number(0, 1, 9), option_number(80, 9, 9)
    (0, 728)
    """
    return cell * n + value - 1


def cell_value(option: int, n: int) -> tuple[int, int]:
    """The cell (row-major, from 0) and value (from 1) of an option: `option_number` undone.

    >>> cell_value(728, 9)
    (80, 9)
    """
    cell, v = divmod(int(option), n)
    return cell, v + 1


def option_numbers(grids, n: int) -> np.ndarray:
    """The option of every filled cell of ``grids``, in order, as ``uint32``.

    ``grids`` holds one grid (``n * n`` values, 0 = blank) or several (one per
    row); the options come row by row, each row's in cell order.

    >>> option_numbers([0, 2, 0, 0] + [0] * 12, 4).tolist()
    [5]
    """
    import numpy as np

    flat = np.asarray(grids).reshape(-1)
    at = np.flatnonzero(flat != 0)  # (numpy finds a bool array's nonzeros faster)
    return ((at % (n * n)) * n + flat[at] - 1).astype(np.uint32)


def givens_of(puzzle: Puzzle) -> list[int]:
    """The options of ``puzzle``'s givens, in cell order, as a list (no numpy; without the
    `restrictions` that `givens` adds for a puzzle with candidates).

    >>> from sudoku import parse_puzzle
    >>> givens_of(parse_puzzle(".2" + "." * 14))
    [5]
    """
    n = puzzle.size
    return [cell * n + v - 1 for cell, v in enumerate(puzzle.packed) if v]


def givens(puzzle: Puzzle) -> np.ndarray:
    """What a search forces: the options of ``puzzle``'s givens, in cell order, then
    for a puzzle with candidates its `restrictions`."""
    import numpy as np

    found = option_numbers(np.frombuffer(puzzle.packed, dtype=np.uint8), puzzle.size)
    if puzzle._restricted:
        return np.concatenate([found, restrictions(puzzle)])
    return found


def restrictions(puzzle: Puzzle) -> np.ndarray:
    """For a puzzle with candidates: the options that allow each (cell, value) that is a
    candidate and forbid every other (see `problem_for`), as ``uint32``."""
    import numpy as np

    allowed = puzzle.allowed
    assert allowed is not None
    total = len(allowed)
    k = np.arange(total, dtype=np.uint32)
    return k + np.uint32(total) + np.uint32(total) * (1 - np.frombuffer(allowed, np.uint8))


def grid_of(n: int, options) -> tuple:
    """The grid (``n * n`` values, 0 = blank) that a set of options fills.

    >>> grid_of(2, [0, 3, 5])   # a 2x2 board, for the numbering only
    (1, 2, 2, 0)
    """
    if len(options) == n * n:
        # A whole solution: one option per cell, so sorting puts them in cell
        # order (the engine's are sorted already, which timsort sees at once).
        return tuple([o % n + 1 for o in sorted(options)])
    out = [0] * (n * n)
    total = n * n * n  # options past these hold candidates (problem_for), not values
    for o in options:
        if o < total:
            out[o // n] = o % n + 1
    return tuple(out)
