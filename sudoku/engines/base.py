"""What every engine offers, and the part the bit-kernel engines share.

An engine searches the puzzles of one shape and variant with one kernel.  All
of them are called alike:

* ``batch(grids, *, limit, store, max_nodes, puzzles=None)``: every puzzle of
  ``grids`` (``uint8``, a row of ``cells`` values per puzzle, 0 blank) in one
  kernel call on the calling thread (the GIL is released); ``puzzles``, the
  rows' `sudoku.Puzzle` objects, for an engine that needs more than the
  values (DLX, for pencil-mark candidates).  Returns a `GridArrays` (or an
  engine's own kind of it), whose ``found()`` gives each puzzle's solved grids;
* ``alone(grid, *, limit, store, timeout, max_nodes, puzzle=None)``: one
  puzzle, searched resumably so that ``timeout`` and Ctrl-C are honoured;
  returns an `AloneResult`;
* ``solve``, ``count`` and ``check`` of one `sudoku.Puzzle`: what
  `sudoku.solve`, `sudoku.count` and `sudoku.check` return, grids as tuples;
* ``prepare(grids, puzzles=None)``: the same puzzles encoded once, then
  searched a part at a time (`Prepared.run`: ``lo:hi``, as `batch` would),
  so that a caller timing each puzzle's call times the search alone;
* ``join(outs)``: the batch outputs of consecutive calls (or parts) as one.

A kernel family whose file runs interpreted too (``Row.interpreted``: its code
uses only what `dlx.plain` supports) searches a lone puzzle interpreted first,
without loading numba or numpy, while the process has not yet spent
`dlx.plain`'s small budget of interpreted time; a search that outlasts it goes
on compiled from the very state where it stopped, so the answer and the
statistics are the same either way, and no search takes much longer than it
would compiled.  Once the compiled kernel is loaded, it alone runs.

`BitEngine` implements them once over a kernel family's two jitted functions
(a batch function and a resumable search, `sudoku._bitkernel`'s calling
convention: the family's shape arrays first, then the grid, the family's work
arrays, the context, the solutions, the limit and the node budget).  The
kernel's module is imported, and its functions compiled or loaded from
numba's cache, by `BitEngine.kernel` (and its sizes read by `kernel_module`)
and nowhere else, on first use.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from dlx import CountResult, SearchStopped, Stats, Uniqueness, plain, validate
from dlx.codes import STATUSES

from ..errors import PuzzleError
from ..grid import Puzzle, check_givens

if TYPE_CHECKING:
    import numpy as np

    from . import Row

__all__ = ["AloneResult", "BatchOut", "BitEngine", "Engine", "GridArrays", "Prepared",
           "SLICE_SECONDS", "kernel_module"]

SLICE_SECONDS = 0.05  # a lone search checks its clock and Ctrl-C this often
PLAIN_SLICE_SECONDS = 0.005  # and interpreted, its clock and its budget this often
INT64_MAX = (1 << 63) - 1


class BatchOut(Protocol):
    """What every engine's `batch` returns: per puzzle its count, nodes and code
    (`dlx.batch.STATUSES`), the engine's own ``solutions``, and ``found()``."""

    counts: np.ndarray
    nodes: np.ndarray
    codes: np.ndarray
    solutions: np.ndarray

    def found(self) -> list[list[tuple]]: ...


@dataclass
class GridArrays:
    """What a bit engine's `batch` returns: as `dlx.batch.BatchArrays`, but
    ``solutions`` are solved grids, ``uint8`` of shape ``(puzzles, store, cells)``."""

    counts: np.ndarray
    nodes: np.ndarray
    codes: np.ndarray
    solutions: np.ndarray

    def found(self) -> list[list[tuple]]:
        """Each puzzle's solved grids, as tuples of values."""
        from ..results import _found_grids  # lazy: keeps numpy out of start-up

        return _found_grids(self.counts, self.solutions)


@dataclass
class AloneResult:
    """What `alone` returns; ``status`` as `dlx.SearchStats`'."""

    count: int
    status: str
    nodes: int
    solutions: list
    seconds: float


def kernel_module(name: str, interpreted: bool = False) -> ModuleType:
    """A bit kernel's module, for the sizes it defines (importing it imports numba), or
    with ``interpreted`` its interpreted copy (`dlx.plain.load`, which does not)."""
    if interpreted:
        return plain.load(name)
    import importlib

    from dlx import jit  # noqa: F401  (before the kernels' module: numba needs a writable cache)

    return importlib.import_module(name)


class Prepared:
    """Puzzles encoded once for an engine (see `Engine.prepare`); this one encodes
    nothing: each part is a `batch` call on the rows ``lo:hi``."""

    def __init__(self, engine: Engine, grids: np.ndarray, puzzles=None):
        self.engine = engine
        self.grids = grids
        self.puzzles = puzzles

    def run(self, lo: int, hi: int, *, limit=1, store=1, max_nodes=None) -> BatchOut:
        """Puzzles ``lo:hi`` searched as `Engine.batch` searches them."""
        puzzles = self.puzzles
        if puzzles is not None and (lo or hi < len(puzzles)):
            puzzles = puzzles[lo:hi]
        return self.engine.batch(self.grids[lo:hi], limit=limit, store=store,
                                 max_nodes=max_nodes, puzzles=puzzles)


class Engine:
    """One kernel serving one shape and variant (see the module docstring)."""

    takes_blocks: ClassVar[bool] = True  # its results are grids: PuzzleBlocks stay arrays
    # What `sudoku.kernels.layout_for` shows of a bit engine: which family it is.
    band: int = 0
    planes: tuple = ()
    items: tuple = ()

    def __init__(self, row: Row, puzzle: Puzzle):
        self.row = row
        self.name = row.name
        self.n = puzzle.size

    @property
    def cells(self) -> int:
        return self.n * self.n

    def __repr__(self) -> str:
        return f"<engine {self.name} for {self.n}x{self.n}>"

    def batch(self, grids: np.ndarray, *, limit=1, store=1, max_nodes=None,
              puzzles=None) -> BatchOut:
        raise NotImplementedError

    def alone(self, grid, *, limit=0, store=0, timeout=None, max_nodes=None,
              puzzle=None) -> AloneResult:
        raise NotImplementedError

    def prepare(self, grids: np.ndarray, puzzles=None) -> Prepared:
        """``grids`` (and ``puzzles``, as for `batch`) ready to be searched in parts."""
        return Prepared(self, grids, puzzles)

    def solve(self, p: Puzzle, *, timeout=None, max_nodes=None) -> tuple | None:
        raise NotImplementedError

    def count(self, p: Puzzle, *, limit=None, timeout=None, max_nodes=None) -> CountResult:
        raise NotImplementedError

    def check(self, p: Puzzle, *, timeout=None, max_nodes=None) -> Uniqueness[tuple]:
        raise NotImplementedError

    def join(self, outs: list) -> Any:
        """Consecutive calls' batch outputs as one."""
        import numpy as np

        return type(outs[0])(*(np.concatenate([getattr(o, f) for o in outs])
                               for f in ("counts", "nodes", "codes", "solutions")))

    @property
    def interpreted(self) -> bool:
        """Would a lone search start interpreted now (see the module docstring)?"""
        return False


class BitEngine(Engine):
    """An engine over one of the bit-kernel families; a family says which
    signatures its functions have, its shape arrays (`geometry`) and the work
    arrays of a lone search (`work`)."""

    SIGNATURES: ClassVar[tuple[str, str]]  # (the lone search's, the batch function's)
    geometry: tuple = ()  # the shape arrays the kernel takes first

    def kernel(self, fn: str, interpreted: bool = False):
        """The row's jitted function ``fn``, compiled or loaded on first use; with
        ``interpreted``, the same function of the kernel's interpreted copy."""
        if interpreted:
            return getattr(kernel_module(self.row.kernel, interpreted=True), fn)
        from dlx import jit  # before the kernels' module: numba needs a writable cache

        sig = self.SIGNATURES[0] if fn == self.row.search else self.SIGNATURES[1]
        self._compiled = True
        return jit.compiled(self.row.kernel, fn, sig)

    _compiled = False  # a compiled kernel of the row's is loaded

    @property
    def interpreted(self) -> bool:
        if not self.row.interpreted or self.geometry:
            return False
        mode = plain.mode()
        return mode == "only" or (mode == "auto" and not self._compiled and plain.budget_left())

    def work(self, xp: Any = None) -> tuple:
        """Fresh work arrays for one lone search, in the kernel's order (numpy's, or
        with ``xp=dlx.plain.np`` memoryviews)."""
        raise NotImplementedError

    def batch(self, grids: np.ndarray, *, limit=1, store=1, max_nodes=None,
              puzzles=None) -> GridArrays:
        """Search every puzzle of ``grids`` (see the module docstring).

        ``limit``: stop a puzzle at this many solutions (0: count them all);
        ``store``: solutions kept per puzzle; ``max_nodes``: guesses per puzzle
        before its code is ``NODES``.  Codes index `dlx.batch.STATUSES`.
        """
        limit = validate.budget("limit", limit, least=0, optional=False)
        store = validate.budget("store", store, least=0, optional=False)
        max_nodes = validate.budget("max_nodes", max_nodes) or INT64_MAX
        if limit:
            store = min(store, limit)
        import numpy as np

        grids = np.require(grids, np.uint8, ["C", "W"])  # the kernels take writable arrays
        k = grids.shape[0]
        counts = np.zeros(k, dtype=np.int64)
        nodes = np.zeros(k, dtype=np.int64)
        codes = np.zeros(k, dtype=np.int64)
        sols = np.zeros((k, store, self.cells), dtype=np.uint8)
        self.kernel(self.row.batch)(*self.geometry, grids, limit, max_nodes, counts, nodes,
                                    codes, sols)
        return GridArrays(counts, nodes, codes.astype(np.uint8), sols)

    def alone(self, grid, *, limit=0, store=0, timeout=None, max_nodes=None,
              puzzle=None) -> AloneResult:
        """One puzzle, searched in slices so that ``timeout`` and Ctrl-C are honoured.

        Status as `dlx.SearchStats`: ``"complete"``, ``"limit"``, ``"nodes"``,
        ``"timeout"``, ``"interrupted"`` (Ctrl-C during the search: the counts so
        far are kept and no exception is raised) or ``"clash"``.
        """
        t0 = time.perf_counter()
        cells = self.cells
        if limit:
            store = min(store, limit)
        limit = min(limit, INT64_MAX)  # (no count gets there; the compiled kernel takes int64)
        budget = max_nodes if max_nodes is not None else INT64_MAX
        run = _LoneRun(self, _grid_bytes(grid, cells), store, limit)
        try:
            status = run.interpreted(budget, t0, timeout) if run.plain else None
            if status is None:
                status = run.compiled(budget, t0, timeout)
        except KeyboardInterrupt:
            status = "interrupted"
        ctx, sols = run.arrays[-2], run.arrays[-1]
        count = int(ctx[2])
        raw = sols.tobytes()[:min(count, store) * cells]
        found = [tuple(raw[k:k + cells]) for k in range(0, len(raw), cells)]
        return AloneResult(count, status, int(ctx[3]), found, time.perf_counter() - t0)

    def _search(self, p: Puzzle, limit: int, timeout, max_nodes, store: int | None = None
                ) -> tuple[list[tuple[int, ...]], Stats]:
        """``p`` searched alone up to ``limit`` solutions (0: all), keeping ``store`` of
        them (default ``limit``): the solved grids and the statistics (the kernel's
        guesses as nodes, no link updates)."""
        timeout = validate.seconds("timeout", timeout)
        max_nodes = validate.budget("max_nodes", max_nodes)
        r = self.alone(p.packed, limit=limit, store=limit if store is None else store,
                       timeout=timeout, max_nodes=max_nodes)
        if r.status == "clash":
            check_givens(p)  # raises, naming the clashing cells
            raise PuzzleError("the givens clash", p.source, p.line)
        return r.solutions, Stats(r.nodes, 0, r.count, r.seconds, r.status)

    def solve(self, p: Puzzle, *, timeout=None, max_nodes=None) -> tuple | None:
        found, stats = self._search(p, 1, timeout, max_nodes)
        if not found and stats.status not in ("complete", "limit"):
            raise SearchStopped(stats)
        return found[0] if found else None

    def count(self, p: Puzzle, *, limit=None, timeout=None, max_nodes=None) -> CountResult:
        stats = self._search(p, limit or 0, timeout, max_nodes, store=0)[1]
        return CountResult(stats.solutions, stats.status, stats)

    def check(self, p: Puzzle, *, timeout=None, max_nodes=None) -> Uniqueness[tuple]:
        return Uniqueness.of(*self._search(p, 2, timeout, max_nodes))


def _grid_bytes(grid, cells: int) -> bytes:
    """A puzzle's values as ``cells`` bytes, from bytes or any sequence or array of values."""
    if isinstance(grid, (bytes, bytearray)):
        raw = bytes(grid)
    elif hasattr(grid, "dtype"):  # a numpy array: its values, whatever its type
        raw = bytes(grid.astype("uint8").reshape(-1).tolist())
    else:
        raw = bytes(grid)
    if len(raw) != cells:
        raise ValueError(f"a grid of {cells} values was expected, not {len(raw)}")
    return raw


class _LoneRun:
    """One lone search's arrays and its slices: interpreted while the budget lasts (the
    arrays memoryviews), then compiled (the same buffers seen as numpy arrays)."""

    def __init__(self, engine: BitEngine, grid: bytes, store: int, limit: int):
        self.engine = engine
        self.limit = limit
        self.plain = engine.interpreted  # whether the search starts interpreted
        if self.plain:
            xp: Any = plain.np
            values, work = xp.array(grid, dtype=xp.uint8), engine.work(xp)
        else:
            import numpy as xp

            values, work = xp.frombuffer(bytearray(grid), dtype=xp.uint8), engine.work()
        # (A row even when none is kept: a memoryview has no empty dimension, and the
        # kernel writes solutions only where there is room, read back up to ``store``.)
        self.arrays = (values, *work, xp.array([0, -1, 0, 0], dtype=xp.int64),
                       xp.zeros((max(store, 1), engine.cells), dtype=xp.uint8))

    def _slices(self, kern, head, budget, t0, timeout, step, seconds, switch=None):
        """Call ``kern`` a slice of nodes at a time until it ends, the node budget or the
        timeout is reached (the status), or ``switch()`` says to stop here (None).  The
        first slice is ``step`` nodes; later ones aim at ``seconds``, a tenth of ``step``
        at least."""
        ctx = self.arrays[-2]
        limit = self.limit
        least = max(step // 10, 1)
        while True:
            t, cpu = time.perf_counter(), time.thread_time()
            upto = min(budget, int(ctx[3]) + step)
            code = STATUSES[kern(*head, limit, upto)]
            if code != "nodes" or upto >= budget:
                return code
            now = time.perf_counter()
            if timeout is not None and now - t0 >= timeout:
                return "timeout"
            if switch is not None and switch(time.thread_time() - cpu):
                return None
            step = int(min(step * 4, max(least, step * seconds / max(now - t, 1e-6))))

    def interpreted(self, budget, t0, timeout) -> str | None:
        """Slices interpreted while the process's budget lasts: the status, or None to go
        on compiled."""
        engine = self.engine
        kern = engine.kernel(engine.row.search, interpreted=True)
        head = (*engine.geometry, *self.arrays)
        return self._slices(kern, head, budget, t0, timeout, 20, PLAIN_SLICE_SECONDS,
                            lambda spent: not plain.spend(spent))

    def compiled(self, budget, t0, timeout) -> str:
        engine = self.engine
        if self.plain:  # going on from the interpreted slices
            self.arrays = tuple(map(plain.as_numpy, self.arrays))
        kern = engine.kernel(engine.row.search)
        head = (*engine.geometry, *self.arrays)
        return self._slices(kern, head, budget, t0, timeout, 1000, SLICE_SECONDS)
