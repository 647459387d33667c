"""One puzzle: solve, count, check uniqueness, and list candidates.

Each function takes a `sudoku.Puzzle`, a puzzle string, or the grid as rows
(a 2-D list or numpy array, see `sudoku.shapes`) and searches the exact
cover of its shape and variant (`sudoku.encode`) with the givens forced:
by the engine `sudoku.engines.choose` gives its shape (``kernel=``, as in
`solve_all`): a bit kernel, searched in slices so that a timeout and Ctrl-C
are honoured, or one search of `dlx` (with the locked-items rule, which
prunes Sudoku's overlapping houses).  Files of
puzzles go through `sudoku.batch.solve_all` instead, one kernel call per
chunk of puzzles; `solve_all` and `PuzzleResult` are importable from here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

from dlx import CountResult, Uniqueness, plain, validate
from dlx.logic import State, propagate_forced

from .encode import cell_value, givens, givens_of, problem_for
from .engines import choose
from .grid import Puzzle, check_givens
from .shapes import as_grid

if TYPE_CHECKING:
    import numpy as np

    from .batch import PuzzleResult, solve_all
    from .shapes import PuzzleLike, Rows

__all__ = ["PuzzleResult", "Candidates", "problem_for", "solve", "count", "check",
           "candidates", "solve_all"]

Box = str | tuple[int, int] | None
"""A box shape: ``"RxC"``, ``(rows, columns)``, or None for the size's default."""


def __getattr__(name: str) -> Any:
    if name in ("PuzzleResult", "solve_all"):  # (lazy: one puzzle's candidates need no batch)
        from . import batch

        return getattr(batch, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@overload
def solve(puzzle: Puzzle | str | bytes, *, box: Box = ..., timeout: float | None = ...,
          max_nodes: int | None = ..., kernel: str | None = ...) -> tuple[int, ...] | None: ...


@overload
def solve(puzzle: np.ndarray, *, box: Box = ..., timeout: float | None = ...,
          max_nodes: int | None = ..., kernel: str | None = ...) -> np.ndarray | None: ...


@overload
def solve(puzzle: Rows, *, box: Box = ..., timeout: float | None = ...,
          max_nodes: int | None = ..., kernel: str | None = ...) -> list[list[int]] | None: ...


def solve(puzzle: PuzzleLike, *, box: Box = None, timeout: float | None = None,
          max_nodes: int | None = None, kernel: str | None = None) -> Any:
    """The first solution of a puzzle, or None when it has none.

    Parameters
    ----------
    puzzle : Puzzle, str, list of rows or numpy.ndarray
        A puzzle; its text in any format `sudoku.parse_puzzle` reads; or its
        ``n`` rows of ``n`` values (a list of lists or a 2-D numpy array,
        0 or None for a blank).
    box : str or (int, int), optional
        Box shape (``"2x3"``) of text or rows, when not the size's default.
    timeout : float, optional
        Seconds before giving up.
    max_nodes : int, optional
        Search nodes before giving up (the bit kernel's guesses, or DLX's
        options tried: see `sudoku.kernels`).
    kernel : {"auto", "bits", "dlx"}, optional
        Which kernel searches (default ``$SUDOKU_KERNEL``, else ``"auto"``).

    Returns
    -------
    tuple of int, list of lists, numpy.ndarray or None
        The solved grid in the shape of the input: for a Puzzle or text, a
        tuple of ``n * n`` values row by row; for a list of rows, a list of
        ``n`` lists; for an array, an array of the same shape and dtype.

    Raises
    ------
    PuzzleError
        Clashing givens (naming the cells); rows that are not ``n`` rows of
        ``n`` values from 0 to ``n`` (naming the row and column).
    dlx.SearchStopped
        A limit stopped the search first.

    Notes
    -----
    Cost: one search: tens of microseconds for most 9x9 and 16x16 puzzles.

    Examples
    --------
    >>> g = solve("4.....8.5.3..........7......2.....6.....8.4......"
    ...           "1.......6.3.7.5..2.....1.4......")
    >>> "".join(map(str, g))[:27]
    '417369825632158947958724316'
    >>> solve([[1, 2, 0, 0], [3, 4, 0, 0], [0, 0, 4, 3], [0, 0, 2, None]])
    [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    """
    p, shaped = as_grid(puzzle, box)
    found = choose(p, kernel).solve(p, timeout=timeout, max_nodes=max_nodes)
    return None if found is None else shaped(found)


def count(puzzle: PuzzleLike, *, box: Box = None, limit: int | None = None,
          timeout: float | None = None, max_nodes: int | None = None,
          kernel: str | None = None) -> CountResult:
    """Count a puzzle's solutions (up to ``limit``).

    Parameters
    ----------
    puzzle : Puzzle, str, list of rows or numpy.ndarray
        As for `solve`.
    box : str or (int, int), optional
        As for `solve`.
    limit : int, optional
        Stop counting at this many.
    timeout : float, optional
        Seconds before giving up (the count is then a lower bound).
    max_nodes : int, optional
        Search nodes before giving up.
    kernel : {"auto", "bits", "dlx"}, optional
        As for `solve`.

    Returns
    -------
    dlx.CountResult
        ``.count``, ``.exact`` and ``.status`` (``"limit"``, ``"timeout"``,
        ... when stopped: the count is then a lower bound; Ctrl-C stops it
        with ``"interrupted"``).  In ``.stats`` the bit kernel counts its
        guesses as nodes and makes no link updates.

    Examples
    --------
    >>> count("." * 16).count  # every 4x4 grid
    288

    Notes
    -----
    Cost: proportional to the search tree; the empty 9x9 grid has about
    6.7e21 solutions, so give it a ``limit`` or a ``timeout``.
    """
    p, _ = as_grid(puzzle, box)
    limit = validate.budget("limit", limit)
    return choose(p, kernel).count(p, limit=limit, timeout=timeout, max_nodes=max_nodes)


@overload
def check(puzzle: Puzzle | str | bytes, *, box: Box = ..., timeout: float | None = ...,
          max_nodes: int | None = ..., kernel: str | None = ...
          ) -> Uniqueness[tuple[int, ...]]: ...


@overload
def check(puzzle: np.ndarray, *, box: Box = ..., timeout: float | None = ...,
          max_nodes: int | None = ..., kernel: str | None = ...) -> Uniqueness[np.ndarray]: ...


@overload
def check(puzzle: Rows, *, box: Box = ..., timeout: float | None = ...,
          max_nodes: int | None = ..., kernel: str | None = ...
          ) -> Uniqueness[list[list[int]]]: ...


def check(puzzle: PuzzleLike, *, box: Box = None, timeout: float | None = None,
          max_nodes: int | None = None, kernel: str | None = None) -> Uniqueness[Any]:
    """Is the solution unique?

    Parameters
    ----------
    puzzle : Puzzle, str, list of rows or numpy.ndarray
        As for `solve`.
    box : str or (int, int), optional
        As for `solve`.
    timeout : float, optional
        Seconds before giving up (status ``"unknown"``).
    max_nodes : int, optional
        Search nodes before giving up.
    kernel : {"auto", "bits", "dlx"}, optional
        As for `solve`.

    Returns
    -------
    dlx.Uniqueness
        ``.status`` ``"unique"``, ``"multiple"``, ``"none"`` or ``"unknown"``;
        ``.solutions`` holds the grids found (two prove ``"multiple"``), each
        in the shape `solve` would return it in.

    Examples
    --------
    >>> check("1..." + "." * 12).status
    'multiple'
    >>> u = check([[1, 2, 0, 0], [3, 4, 0, 0], [0, 0, 4, 3], [0, 0, 2, 0]])
    >>> u.status, u.solutions
    ('unique', [[[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]])

    Notes
    -----
    Cost: a search that stops at the second solution; typically 1.2-2 times
    the time of `solve`.
    """
    p, shaped = as_grid(puzzle, box)
    u = choose(p, kernel).check(p, timeout=timeout, max_nodes=max_nodes)
    return Uniqueness(u.status, [shaped(g) for g in u.solutions], u.stats)


@dataclass
class Candidates:
    """Pencil marks after the givens and every naked and hidden single.

    Attributes
    ----------
    status : str
        ``"solved"`` (singles alone solve it), ``"open"`` (a guess is needed)
        or ``"contradiction"`` (no solution: some cell or house ran out of
        candidates).
    cells : list of tuple of int
        For each cell, its remaining values (one value for a filled cell).
    singles : int
        Cells filled by singles (givens not counted).
    """

    status: str
    cells: list[tuple[int, ...]]
    singles: int


def candidates(puzzle: PuzzleLike, *, box: Box = None) -> Candidates:
    """Candidates of every cell after propagating singles.

    Taking every item with a single option left is exactly naked singles
    (a cell with one value) and hidden singles (a value with one place in a
    house), repeated until neither applies.

    Parameters
    ----------
    puzzle : Puzzle, str, list of rows or numpy.ndarray
        As for `solve`.
    box : str or (int, int), optional
        As for `solve`.

    Returns
    -------
    Candidates

    Notes
    -----
    Cost: one kernel call, about as much as a few search nodes.

    Examples
    --------
    >>> c = candidates("1234341221434321"[:-1] + ".")
    >>> c.status, c.cells[-1]
    ('solved', (1,))
    """
    p, _ = as_grid(puzzle, box)
    check_givens(p)
    n = p.size
    forced = givens_of(p)
    problem = problem_for(p)
    if not p._restricted and plain.mode() != "never":
        # dlx.logic's forced-option rule, without numpy or numba: without a contradiction
        # the singles reach one fixed point whatever their order, the one the kernel's
        # propagation reaches.  A contradiction's state depends on the order, so that
        # case goes to the kernel, whose order the output has always followed.
        state = State(problem, forced)
        if propagate_forced(state)[0] != "contradiction":
            cells = [tuple(o - c * n + 1 for o in sorted(state.live[c])) for c in range(n * n)]
            for o in state.chosen:
                cell, value = cell_value(o, n)
                cells[cell] = (value,)
            return Candidates(state.status, cells, len(state.chosen) - len(forced))
    import numpy as np  # lazy: the kernel's propagation

    r = problem.propagate(givens(p))
    total = n * n * n  # the (cell, value) options; any after them apply candidates
    live = r.live[:total].reshape(n * n, n)  # cell by cell, n values each (sudoku.encode)
    out = [tuple(int(v) + 1 for v in np.flatnonzero(row)) for row in live]
    for o in r.chosen:
        if o < total:
            cell, value = cell_value(o, n)
            out[cell] = (value,)
    return Candidates(r.status, out, len(r.chosen) - len(forced))
