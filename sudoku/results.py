"""What `sudoku.solve_all` yields: a `PuzzleResult` per puzzle, or with
``blocks=True`` a `ResultBlock` for each run of puzzles read in bulk.

A `ResultBlock` holds its puzzles' outcomes as arrays (counts, nodes,
solved grids) and gives the same answers as the `PuzzleResult` objects it
stands for (`ResultBlock.results` makes them); it exists so that a file of a
million puzzles can be solved and written without a million Python objects.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dlx.codes import STATUSES

from .errors import PuzzleError
from .grid import Puzzle

if TYPE_CHECKING:
    import numpy as np

    from .formats.bulk import PuzzleBlock

__all__ = ["PuzzleResult", "ResultBlock", "STATUS_OF_CODE", "statuses_of_codes",
           "result_status"]

STATUS_OF_CODE = tuple({"clash": "invalid", "overflow": "nodes"}.get(s, s) for s in STATUSES)
"""A result's status for each batch-kernel code (`dlx.batch.STATUSES`): clashing
givens make the puzzle invalid; a count that overflowed is, like one stopped by
the node cap, a lower bound.  In ``solve`` mode, see `statuses_of_codes`."""

_SOLVE_STATUS_OF_CODE = tuple("solved" if s == "limit" else s for s in STATUS_OF_CODE)


def statuses_of_codes(mode: str) -> tuple[str, ...]:
    """`STATUS_OF_CODE` for results of ``mode``: in ``solve`` mode the search stops at
    the one solution it is asked for (its limit), and the result is ``"solved"``.

    Examples
    --------
    >>> from dlx.codes import STATUSES
    >>> statuses_of_codes("solve")[STATUSES.index("limit")]
    'solved'
    >>> statuses_of_codes("check")[STATUSES.index("limit")]
    'limit'
    """
    return _SOLVE_STATUS_OF_CODE if mode == "solve" else STATUS_OF_CODE


def result_status(mode: str, status: str) -> str:
    """A result's status from its search's (`dlx.results`), as for the batch kernel's codes.

    Examples
    --------
    >>> result_status("solve", "limit"), result_status("count", "limit")
    ('solved', 'limit')
    >>> result_status("check", "overflow")
    'nodes'
    """
    return statuses_of_codes(mode)[STATUSES.index(status)] if status in STATUSES else status


@dataclass(slots=True)
class PuzzleResult:
    """The outcome for one item of a batch (see `solve_all`).

    Attributes
    ----------
    index : int
        0-based position of the item in the input.
    puzzle : Puzzle or None
        None when the item could not be read (see `error`).
    error : PuzzleError or None
        Why the item is invalid (bad text, clashing givens, ...).
    status : str
        ``"invalid"``; in ``solve`` mode, ``"solved"`` once the solution is
        found (the search stops there); else the search status (`dlx.results`):
        ``"complete"`` (the whole tree searched: the count is exact; in
        ``solve`` mode, there is no solution), ``"limit"`` (``check``: stopped
        at the second solution; ``count``: at ``limit``), ``"nodes"``,
        ``"timeout"`` or ``"interrupted"`` (the count is a lower bound).
    count : int
        Solutions counted (a lower bound unless ``status == "complete"``).
    solutions : list of tuple
        Up to one (solve) or two (check) solved grids.
    nodes : int
        Search nodes used.
    seconds : float
        Wall time spent solving this puzzle.  Measured when `solve_all` is
        called with ``timed=True`` (each puzzle then gets a kernel call of its
        own, so the time includes that call's fixed cost); otherwise 0 for
        a puzzle solved inside a batch call, and the time of the search
        that finished it for one that needed more than `BATCH_NODE_CAP` nodes.
    mode : str
        The ``mode`` of `solve_all` that produced it.
    """

    index: int
    puzzle: Puzzle | None
    error: PuzzleError | None = None
    status: str = "invalid"
    count: int = 0
    solutions: list = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    mode: str = "solve"

    @property
    def exact(self) -> bool:
        """True when the count is exact (the whole search tree was explored)."""
        return self.status == "complete"

    @property
    def verdict(self) -> str:
        """What is known, in a word.

        ``"invalid"`` for an unreadable puzzle or clashing givens.  In
        ``solve`` mode: ``"solved"``, ``"none"`` or ``"unknown"`` (stopped
        first).  Otherwise: ``"unique"``, ``"multiple"``, ``"none"``, or
        ``"unknown"`` when the search stopped before it could tell (a count
        with ``limit=1`` cannot tell unique from multiple).
        """
        if self.error is not None:
            return "invalid"
        if self.mode == "solve":
            if self.count:
                return "solved"
            return "none" if self.status == "complete" else "unknown"
        if self.count >= 2:
            return "multiple"
        if self.status == "complete":
            return ("none", "unique")[self.count]
        return "unknown"

    def _repr_svg_(self) -> str | None:
        """The puzzle and its first solution as a picture, for Jupyter (None when the
        item could not be read)."""
        if self.puzzle is None:
            return None
        from .render import render_svg

        return render_svg(self.puzzle, self.solutions[0] if self.solutions else None)


@dataclass(slots=True, eq=False)
class ResultBlock:
    """The results of consecutive puzzles read in bulk (`sudoku.read_blocks`), as arrays.

    What `sudoku.solve_all` yields with ``blocks=True`` for the puzzles of a
    `PuzzleBlock` whose search ended normally (a puzzle with clashing givens,
    or one finished by a search of its own, comes as a `PuzzleResult`).

    Attributes
    ----------
    index : int
        Input index of the first puzzle.
    puzzles : PuzzleBlock
        The puzzles, in order.
    mode : str
        The ``mode`` of `solve_all`.
    codes : numpy.ndarray
        Each puzzle's batch-kernel code (`dlx.batch.STATUSES`).
    counts, nodes : numpy.ndarray
        ``int64``: solutions counted and search nodes used, as in `PuzzleResult`.
    solutions : numpy.ndarray
        ``uint8`` of shape ``(puzzles, slots, n*n)``: puzzle ``i``'s solved
        grids are the first ``min(counts[i], slots)`` rows of ``solutions[i]``.
    seconds : numpy.ndarray
        ``float64``: each puzzle's time when measured (``timed=True``), else 0.
    """

    index: int
    puzzles: PuzzleBlock
    mode: str
    codes: np.ndarray
    counts: np.ndarray
    nodes: np.ndarray
    solutions: np.ndarray
    seconds: np.ndarray

    def __len__(self) -> int:
        return len(self.codes)

    def __repr__(self) -> str:
        return (f"<ResultBlock of {len(self)} {self.mode} results from index {self.index}, "
                f"source={self.puzzles.source!r}, line={int(self.puzzles.lines[0])}>")

    @property
    def statuses(self) -> list[str]:
        """Each puzzle's `PuzzleResult.status`."""
        table = statuses_of_codes(self.mode)
        return [table[c] for c in self.codes.tolist()]

    def verdicts(self) -> list[str]:
        """Each puzzle's `PuzzleResult.verdict`."""
        import numpy as np

        counts = self.counts
        complete = self.codes == STATUSES.index("complete")
        if self.mode == "solve":
            words = np.where(counts > 0, "solved", np.where(complete, "none", "unknown"))
        else:
            known = np.where(counts == 1, "unique", "none")
            words = np.where(counts >= 2, "multiple", np.where(complete, known, "unknown"))
        return words.tolist()

    def solution_lines(self) -> list[str | None]:
        """Each puzzle's first solution as a line of symbols (`format_line`), or None."""
        import numpy as np

        if self.solutions.shape[1] == 0:
            return [None] * len(self)
        from .formats.bulk import format_block

        lines: list[str | None] = list(format_block(self.solutions[:, 0]))
        for i in np.flatnonzero(self.counts == 0).tolist():
            lines[i] = None
        return lines

    def results(self) -> list[PuzzleResult]:
        """The `PuzzleResult` of each puzzle, as `solve_all` yields without ``blocks``."""
        found = _found_grids(self.counts, self.solutions)
        return [PuzzleResult(self.index + i, puzzle, None, status, count, grids, nodes,
                             seconds, self.mode)
                for i, (puzzle, status, count, grids, nodes, seconds) in enumerate(zip(
                    self.puzzles, self.statuses, self.counts.tolist(), found,
                    self.nodes.tolist(), self.seconds.tolist(), strict=True))]


def _found_grids(counts: np.ndarray, solutions: np.ndarray) -> list[list[tuple]]:
    """Each puzzle's solved grids as tuples: the first ``min(counts[i], slots)`` rows of
    ``solutions[i]`` (``uint8``, shape ``(puzzles, slots, cells)``), cut in C by struct."""
    import numpy as np

    unpack = struct.Struct(f"{solutions.shape[2]}B").iter_unpack
    if solutions.shape[1] == 1 and counts.all():
        return [[grid] for grid in unpack(solutions.tobytes())]
    found: list = [[] for _ in range(len(counts))]
    for j in range(solutions.shape[1]):
        sel = np.flatnonzero(counts > j)
        for k, grid in zip(sel.tolist(), unpack(solutions[sel, j].tobytes()), strict=True):
            found[k].append(grid)
    return found
