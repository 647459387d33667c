"""The Dancing Links engine: `dlx`'s kernels on the Sudoku exact cover of `sudoku.encode`,
for every shape and variant, pencil-mark candidates included.

The batch forces each puzzle's givens (and, for a puzzle with candidates,
the options that apply them) and returns the chosen options; `OptionArrays`
turns them into solved grids when asked.  A lone search is one resumable
`dlx.Problem.search`; `solve`, `count` and `check` are the problem's own,
which need not restore its links.
"""

from __future__ import annotations

import struct
import time
from dataclasses import dataclass

import numpy as np

from dlx import CountResult, Uniqueness
from dlx.batch import solve_arrays

from ..encode import givens, grid_of, option_numbers, problem_for
from ..grid import Puzzle, check_givens
from .base import AloneResult, Engine

__all__ = ["DancingEngine", "OptionArrays"]


@dataclass
class OptionArrays:
    """What `DancingEngine.batch` returns: `dlx.batch.BatchArrays`' fields (each
    solution's options), and the givens' options (``fopts``, puzzle ``k``'s at
    ``fptr[k]:fptr[k + 1]``) that make them grids."""

    counts: np.ndarray
    nodes: np.ndarray
    codes: np.ndarray
    solutions: np.ndarray
    fopts: np.ndarray
    fptr: np.ndarray
    n: int

    def found(self) -> list[list[tuple]]:
        """Each puzzle's solved grids, as tuples of values."""
        counts, sols, n = self.counts, self.solutions, self.n
        k = len(counts)
        cells = n * n
        # Solved grids, all of one slot at once.  A solution holds one option per cell
        # (option cell * n + value - 1, see sudoku.encode): the givens' options go in
        # the slots after the chosen ones and sorting each row puts the options in cell
        # order, so their values make the grid; struct then cuts the bytes into tuples
        # of ints, in C.  (encode.grid_of does the same for one solution.)
        unpack = struct.Struct(f"{cells}B").iter_unpack
        at_cell = np.arange(0, cells * n, n, dtype=sols.dtype)
        found = None
        for j in range(sols.shape[1]):
            has = counts > j  # puzzles with a solution in slot j
            sel = np.flatnonzero(has)
            if not sel.size:
                break
            every = sel.size == k
            opts = sols[sel, j, 1:cells + 1]
            opts[np.arange(cells) >= sols[sel, j, :1]] = \
                self.fopts if every else self.fopts[np.repeat(has, np.diff(self.fptr))]
            opts.sort(axis=1)
            # Now row k, column c holds c * n + value - 1 (one option per cell, in cell
            # order); subtracting is cheaper than numpy's integer %.
            opts += 1
            opts -= at_cell
            grids = unpack(opts.astype(np.uint8).tobytes())
            if found is None and every:
                found = [[grid] for grid in grids]
            else:
                if found is None:
                    found = [[] for _ in range(k)]
                for i, grid in zip(sel.tolist(), grids, strict=True):
                    found[i].append(grid)
        if found is None:
            found = [[] for _ in range(k)]
        return found


def _ptr(lengths) -> np.ndarray:
    ptr = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=ptr[1:])
    return ptr


class DancingEngine(Engine):
    """`dlx`'s kernels on the shape's exact-cover problem (``problem``)."""

    takes_blocks = False  # its results are options: a PuzzleBlock's puzzles become Puzzles

    def __init__(self, row, puzzle: Puzzle):
        super().__init__(row, puzzle)
        self.problem = problem_for(puzzle)
        self.restricted = puzzle._restricted  # candidates: forced options beyond the givens

    def batch(self, grids: np.ndarray, *, limit=1, store=1, max_nodes=None,
              puzzles=None) -> OptionArrays:
        """Search every puzzle of ``grids`` (``puzzles``, their Puzzles, needed for
        puzzles with candidates) in one call of `dlx.batch.solve_arrays`."""
        fopts = option_numbers(grids, self.n)
        fptr = _ptr(np.count_nonzero(grids, axis=1))
        # What the kernel forces: the givens, and for puzzles with candidates the
        # options that apply them (decoding fills in the givens only).
        kptr, kopts = fptr, fopts
        if self.restricted:
            if puzzles is None:
                raise ValueError("puzzles with candidates need their Puzzle objects")
            forced = [givens(p) for p in puzzles]
            kopts = (np.concatenate(forced) if forced else np.zeros(0)).astype(np.uint32)
            kptr = _ptr([len(f) for f in forced])
        out = solve_arrays(self.problem, kptr, kopts, limit=limit, store=store,
                           max_nodes=max_nodes, locked=True)
        return OptionArrays(out.counts, out.nodes, out.codes, out.solutions, fopts, fptr,
                            self.n)

    def join(self, outs: list) -> OptionArrays:
        def joined(field):
            return np.concatenate([getattr(o, field) for o in outs])

        return OptionArrays(joined("counts"), joined("nodes"), joined("codes"),
                            joined("solutions"), joined("fopts"),
                            _ptr(np.concatenate([np.diff(o.fptr) for o in outs])), self.n)

    def alone(self, grid, *, limit=0, store=0, timeout=None, max_nodes=None,
              puzzle=None) -> AloneResult:
        """One resumable search (`dlx.Problem.search`, locked items) of the puzzle
        ``grid`` holds (``puzzle``: its Puzzle, needed for one with candidates)."""
        if puzzle is not None:
            forced = givens(puzzle)
        elif self.restricted:
            raise ValueError("a puzzle with candidates needs its Puzzle object")
        else:
            forced = option_numbers(grid, self.n)
        t0 = time.perf_counter()
        s = self.problem.search(forced=forced, limit=limit or None, timeout=timeout,
                                max_nodes=max_nodes, locked=True)
        if store:  # (solve or check: limit == store, so the search stops by itself)
            sols = list(s)[:store]
            stats = s.stats
        else:
            sols = []
            stats = s.count().stats
        return AloneResult(stats.solutions, stats.status, stats.nodes,
                           [grid_of(self.n, x) for x in sols], time.perf_counter() - t0)

    def solve(self, p: Puzzle, *, timeout=None, max_nodes=None) -> tuple | None:
        sol = self.problem.solve(forced=givens(p), timeout=timeout, max_nodes=max_nodes,
                                 locked=True)
        if sol is None:
            check_givens(p)  # clashing givens have no solution: name the cells instead
            return None
        return grid_of(p.size, sol)

    def count(self, p: Puzzle, *, limit=None, timeout=None, max_nodes=None) -> CountResult:
        r = self.problem.count(forced=givens(p), limit=limit, timeout=timeout,
                               max_nodes=max_nodes, locked=True)
        if r.count == 0:
            check_givens(p)  # clashing givens have no solution: name the cells instead
        return r

    def check(self, p: Puzzle, *, timeout=None, max_nodes=None) -> Uniqueness[tuple]:
        u = self.problem.unique(forced=givens(p), timeout=timeout, max_nodes=max_nodes,
                                locked=True)
        if not u.solutions:
            check_givens(p)  # clashing givens have no solution: name the cells instead
        return Uniqueness(u.status, [grid_of(p.size, s) for s in u.solutions], u.stats)
