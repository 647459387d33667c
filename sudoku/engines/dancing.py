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
from typing import TYPE_CHECKING

from dlx import CountResult, Uniqueness

from ..encode import givens, grid_of, option_numbers, problem_for
from ..grid import Puzzle, check_givens
from .base import AloneResult, Engine, Prepared

if TYPE_CHECKING:
    import numpy as np

__all__ = ["DancingEngine", "Encoded", "OptionArrays"]


@dataclass
class OptionArrays:
    """What `DancingEngine.batch` returns: `dlx.batch.BatchArrays`' fields (each
    solution's options) of puzzles ``lo:hi`` of ``encoded``, whose givens' options
    make them grids."""

    counts: np.ndarray
    nodes: np.ndarray
    codes: np.ndarray
    solutions: np.ndarray
    encoded: Encoded
    lo: int
    hi: int

    def found(self) -> list[list[tuple]]:
        """Each puzzle's solved grids, as tuples of values."""
        import numpy as np

        counts, sols, n = self.counts, self.solutions, self.encoded.engine.n
        e, lo, hi = self.encoded, self.lo, self.hi
        fptr = e.fptr[lo:hi + 1]
        fopts = e.fopts[fptr[0]:fptr[-1]]
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
                fopts if every else fopts[np.repeat(has, np.diff(fptr))]
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
    import numpy as np

    ptr = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=ptr[1:])
    return ptr


class Encoded(Prepared):
    """Puzzles encoded once for DLX's batch kernel: the givens' options ``fopts``
    (puzzle ``k``'s at ``fptr[k]:fptr[k + 1]``) and what the kernel forces, ``kopts``
    at ``kptr`` (the givens, and for puzzles with candidates the options that apply
    them; decoding fills in the givens only)."""

    def __init__(self, engine: DancingEngine, grids: np.ndarray, puzzles=None):
        import numpy as np

        super().__init__(engine, grids, puzzles)
        self.engine: DancingEngine = engine
        self.fopts = option_numbers(grids, engine.n)
        self.fptr = _ptr(np.count_nonzero(grids, axis=1))
        self.kptr, self.kopts = self.fptr, self.fopts
        if engine.restricted:
            if puzzles is None:
                raise ValueError("puzzles with candidates need their Puzzle objects")
            forced = [givens(p) for p in puzzles]
            self.kopts = (np.concatenate(forced) if forced else np.zeros(0)).astype(np.uint32)
            self.kptr = _ptr([len(f) for f in forced])

    def run(self, lo: int, hi: int, *, limit=1, store=1, max_nodes=None) -> OptionArrays:
        ptr = self.kptr[lo:hi + 1] - self.kptr[lo]
        from dlx.batch import solve_arrays

        out = solve_arrays(self.engine.problem, ptr, self.kopts[self.kptr[lo]:self.kptr[hi]],
                           limit=limit, store=store, max_nodes=max_nodes, locked=True)
        return OptionArrays(out.counts, out.nodes, out.codes, out.solutions, self, lo, hi)


class DancingEngine(Engine):
    """`dlx`'s kernels on the shape's exact-cover problem (``problem``)."""

    takes_blocks = False  # its results are options: a PuzzleBlock's puzzles become Puzzles

    def __init__(self, row, puzzle: Puzzle):
        super().__init__(row, puzzle)
        self.problem = problem_for(puzzle)
        self.restricted = puzzle._restricted  # candidates: forced options beyond the givens

    def prepare(self, grids: np.ndarray, puzzles=None) -> Encoded:
        return Encoded(self, grids, puzzles)

    def batch(self, grids: np.ndarray, *, limit=1, store=1, max_nodes=None,
              puzzles=None) -> OptionArrays:
        """Search every puzzle of ``grids`` (``puzzles``, their Puzzles, needed for
        puzzles with candidates) in one call of `dlx.batch.solve_arrays`."""
        return self.prepare(grids, puzzles).run(0, len(grids), limit=limit, store=store,
                                                max_nodes=max_nodes)

    def join(self, outs: list) -> OptionArrays:
        """Consecutive parts of one `Encoded`'s puzzles as one."""
        import numpy as np

        first, last = outs[0], outs[-1]
        assert all(a.encoded is b.encoded and a.hi == b.lo
                   for a, b in zip(outs, outs[1:], strict=False)), "not consecutive parts"

        def joined(field):
            return np.concatenate([getattr(o, field) for o in outs])

        return OptionArrays(joined("counts"), joined("nodes"), joined("codes"),
                            joined("solutions"), first.encoded, first.lo, last.hi)

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
