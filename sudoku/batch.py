"""Files of puzzles: solve, check or count a stream of them, results in input order.

`solve_all` reads the puzzles lazily, in chunks, and solves each chunk's
puzzles of one shape and variant in one call of the batch kernel
(`dlx.batch.solve_arrays`: the shape's exact-cover problem with each
puzzle's givens forced, see `sudoku.encode`).  Chunks are sized to take
about `BATCH_SECONDS` each (at most `CHUNK` puzzles), so memory does not
grow with the input and Ctrl-C or a timeout is acted on within a fraction of
a second.  The rare puzzle that needs more than `BATCH_NODE_CAP` nodes is
finished alone by a resumable search that honours the time limit and Ctrl-C.

With ``jobs >= 2`` the chunks' kernel calls run on `dlx.parallel`'s thread
backend (the batch kernel releases the GIL) while the calling thread reads,
encodes and decodes; `map_chunks` sends chunks to worker processes or a
Dask cluster instead.  Either way the results come in input order.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterable, Iterator, Sized
from itertools import repeat
from typing import TYPE_CHECKING, Literal, TypeGuard, overload

from dlx import validate, warm_up
from dlx.codes import CLASH, NODES, OVERFLOW
from dlx.parallel.backends import TaskInterrupted, backend_for, ordered

from .encode import shape_key
from .engines import Engine, choose, kernel_name
from .errors import PuzzleError
from .grid import Puzzle, check_givens
from .results import PuzzleResult, ResultBlock, result_status, statuses_of_codes

if TYPE_CHECKING:
    import numpy as np

    from .formats.bulk import PuzzleBlock

__all__ = ["BATCH_NODE_CAP", "BATCH_SECONDS", "CHUNK", "SCHEDULER_CHUNK", "PuzzleResult",
           "ResultBlock", "map_chunks", "solve_all"]

BATCH_NODE_CAP = 200_000  # nodes a puzzle may use inside a batch before it is finished alone
CHUNK = 4096  # the most puzzles per jitted batch call (bounds memory)
PLAIN_GROUP = 16  # puzzles of a group searched one by one, interpreted while the budget lasts
BATCH_SECONDS = 0.1  # batches are sized to take about this long, so Ctrl-C, timeouts
# and output never wait long for a kernel call to return
SCHEDULER_CHUNK = 2048  # puzzles per task in map_chunks (tens of milliseconds of 9x9 work)
_MODES = {"solve": 1, "check": 2, "count": 0}
_COVERED = object()  # a chunk's place held by the ResultBlock of a puzzle before it


def _finish_alone(res: PuzzleResult, engine: Engine, grid, limit, store, timeout,
                  max_nodes) -> None:
    """Redo a puzzle that ran out of batch nodes with the engine's resumable search."""
    r = engine.alone(grid, limit=limit, store=store, timeout=timeout, max_nodes=max_nodes,
                     puzzle=res.puzzle)
    res.count, res.nodes, res.solutions = r.count, r.nodes, r.solutions
    res.seconds += r.seconds  # after its batch call's time, if timed
    res.status = result_status(res.mode, r.status)


def _is_block(item) -> TypeGuard[PuzzleBlock]:
    """Is ``item`` a `PuzzleBlock`?  (Without importing numpy: there is none before
    `sudoku.formats.bulk`, which needs it, is loaded.)"""
    bulk = sys.modules.get("sudoku.formats.bulk")
    return bulk is not None and isinstance(item, bulk.PuzzleBlock)


def _grids(puzzles, n) -> np.ndarray:
    """The givens of puzzles of size ``n``: a read-only uint8 array, one row per puzzle."""
    import numpy as np

    # (A Puzzle keeps its values as bytes: packing a 9x9 grid again cost about 1 us.)
    return np.frombuffer(b"".join([p._packed for p in puzzles]),
                         dtype=np.uint8).reshape(len(puzzles), n * n)


def _check_mode(mode) -> None:
    if mode not in _MODES:
        raise ValueError(f"mode must be one of {sorted(_MODES)}, not {mode!r}")


class _Settings:
    """What every chunk of one `solve_all` call shares."""

    def __init__(self, mode, limit, timeout, max_nodes, timed=False, kernel=None,
                 blocks=False):
        self.mode = mode
        self.blocks = blocks  # ResultBlocks for the puzzles of PuzzleBlocks
        self.timed = timed  # one kernel call per puzzle, timed
        self.kernel = kernel_name(kernel)  # see sudoku.engines
        self.store = {"solve": 1, "check": 2, "count": 0}[mode]
        self.run_limit = _MODES[mode] if mode != "count" else (limit or 0)
        self.cap = BATCH_NODE_CAP if max_nodes is None else min(BATCH_NODE_CAP, max_nodes)
        # A puzzle stopped by the cap is finished alone only if its own budget goes further.
        self.finish_alone = max_nodes is None or max_nodes > self.cap
        self.timeout = timeout
        self.max_nodes = max_nodes


class _Group:
    """Puzzles of one shape and variant from one chunk, and the engine that searches them."""

    __slots__ = ("positions", "puzzles", "blocks", "engine", "grids", "job", "out", "seconds")

    def __init__(self, positions, puzzles, kernel, blocks=None, plain=False):
        self.positions = positions  # each puzzle's place in its chunk; None: 0, 1, 2, ...
        self.puzzles = puzzles
        # (place in the chunk, PuzzleBlock) of puzzles read in bulk, for an engine that
        # takes blocks: their grids are the blocks' arrays, and they become Puzzle
        # objects only where a result needs one.
        self.blocks = blocks
        self.out = None  # what the kernel call returns
        self.seconds: list[float] | None = None  # each puzzle's kernel call, if timed
        # The engine (sudoku.engines) and the puzzles encoded for it, in the calling
        # thread: the engines' and problems' caches are dicts.
        self.job = None  # the puzzles encoded for the engine's batch call
        if blocks is not None:
            import numpy as np

            self.engine = choose(blocks[0][1][0], kernel)
            values = [b.values for _, b in blocks]
            self.grids = values[0] if len(values) == 1 else np.concatenate(values)
        else:
            self.engine = choose(puzzles[0], kernel)
            if plain and len(puzzles) <= PLAIN_GROUP and self.engine.interpreted:
                # A few puzzles, whose lone searches may run before numba has loaded (a
                # lone search is the batch kernel's, resumable): their values as bytes.
                self.grids = [p._packed for p in puzzles]
                return
            self.grids = _grids(puzzles, puzzles[0].size)
        self.job = self.engine.prepare(self.grids, puzzles)

    def _call(self, s: _Settings, lo: int, hi: int):
        """The kernel call on puzzles ``lo:hi`` of the group."""
        assert self.job is not None
        return self.job.run(lo, hi, limit=s.run_limit, store=s.store, max_nodes=s.cap)

    def run(self, s: _Settings) -> None:
        """The kernel call: one for the whole group, or with ``s.timed`` one per puzzle;
        or without an encoded batch, each puzzle's lone search."""
        if self.job is None:
            # Each search goes straight to the end a batch would reach for the puzzle,
            # the node cap then a lone search with the timeout: the same counts, nodes
            # and solutions, in one search.
            self.out = [self.engine.alone(grid, limit=s.run_limit, store=s.store,
                                          timeout=s.timeout, max_nodes=s.max_nodes)
                        for grid in self.grids]
            return
        if not s.timed:
            self.out = self._call(s, 0, len(self.grids))
            return
        # The batch kernel reports no time per puzzle, so each puzzle is solved by a call
        # of its own, timed from here: a real measurement, which includes the call's
        # fixed cost (more than an easy 9x9 puzzle takes).
        # First a call without puzzles: loading the kernel and preparing the problem's
        # arrays are not the first puzzle's time.
        self._call(s, 0, 0)
        outs, seconds = [], []
        clock = time.perf_counter
        for k in range(len(self.grids)):
            t0 = clock()
            outs.append(self._call(s, k, k + 1))
            seconds.append(clock() - t0)
        self.out = self.engine.join(outs)
        self.seconds = seconds


class _Chunk:
    """Consecutive input items solved together: sorted and encoded, run, then decoded.

    Built and decoded on the calling thread; only `run` may execute in another
    thread: it calls the kernels, which release the GIL, and touches nothing
    the calling thread reads before `finish`.
    """

    def __init__(self, items, start, mode, kernel=None, plain=False):
        self.start = start  # input index of items[0]
        self.size = _puzzles_in(items)
        # A puzzle's result once it is final (or _COVERED by a ResultBlock before it).
        self.results: list = [None] * self.size
        self.seconds = 0.0  # wall time of the kernel calls
        # The common case in one go: puzzles only (what read_puzzles yields for a clean
        # file), all of one shape.  Anything else is sorted item by item below.
        if set(map(type, items)) == {Puzzle}:
            # (The keys are compared as they are made: a list of them all would add
            # thousands of objects for the cycle collector to walk.)
            if all(map(shape_key(items[0]).__eq__, map(shape_key, items))):
                self.groups = [_Group(None, items, kernel, plain=plain)]
                return
        groups: dict = {}
        blocks: dict = {}  # box shape -> [(place, PuzzleBlock)], for the bit kernel
        pos = 0
        for item in items:
            if _is_block(item):
                shape = item.box_rows, item.box_cols
                if shape in blocks or choose(item[0], kernel).takes_blocks:
                    blocks.setdefault(shape, []).append((pos, item))
                else:  # an engine that needs them as Puzzles
                    positions, puzzles = groups.setdefault(shape_key(item[0]), ([], []))
                    positions.extend(range(pos, pos + len(item)))
                    puzzles.extend(item)
                pos += len(item)
                continue
            if not isinstance(item, (Puzzle, PuzzleError)):  # text, rows, an array
                from .shapes import as_puzzle

                try:
                    item = as_puzzle(item)
                except PuzzleError as exc:
                    item = exc
            if isinstance(item, PuzzleError):
                self.results[pos] = PuzzleResult(start + pos, None, error=item, mode=mode)
            else:
                positions, puzzles = groups.setdefault(shape_key(item), ([], []))
                positions.append(pos)
                puzzles.append(item)
            pos += 1
        self.groups = [_Group(positions, puzzles, kernel, plain=plain)
                       for positions, puzzles in groups.values()]
        self.groups += [_Group(None, None, kernel, runs) for runs in blocks.values()]

    def run(self, s: _Settings) -> None:
        """Every group's kernel call."""
        t0 = time.perf_counter()
        for g in self.groups:
            g.run(s)
        self.seconds = time.perf_counter() - t0

    def finish(self, s: _Settings) -> Iterator[PuzzleResult | ResultBlock]:
        """Yield the results in input order (after `run`).

        Ctrl-C: yield the results finished up to the first unfinished one, then
        raise KeyboardInterrupt.
        """
        try:
            for g in self.groups:
                if g.blocks is not None and s.blocks:
                    self._decode_blocks(g, s)
                else:
                    self._decode(g, s)
        except KeyboardInterrupt:
            yield from self.finished()
            raise
        yield from self.finished()

    def finished(self) -> Iterator[PuzzleResult | ResultBlock]:
        """The results that are final, up to the first that is not."""
        for res in self.results:
            if res is None:
                return
            if res is not _COVERED:
                yield res

    def _decode(self, g: _Group, s: _Settings) -> None:
        """Turn a group's kernel output into results; finish alone those it capped."""
        out, g.out = g.out, None
        assert out is not None  # set by run
        if g.job is None:
            self._decode_alone(g, out, s)
            return
        import numpy as np

        if g.blocks is not None:  # Puzzle objects are wanted after all
            g.puzzles = [p for _, b in g.blocks for p in b]
            g.positions = [pos + i for pos, b in g.blocks for i in range(len(b))]
        counts, nodes, codes = out.counts, out.nodes, out.codes
        puzzles = g.puzzles
        found = out.found()
        table = statuses_of_codes(s.mode)
        statuses = [table[c] for c in codes.tolist()]
        start = self.start
        if g.positions is None:
            indices = range(start, start + len(puzzles))
        else:
            indices = [start + pos for pos in g.positions]
        # One constructor call per result with every field, mapped in C.
        seconds = repeat(0.0) if g.seconds is None else g.seconds
        results = list(map(PuzzleResult, indices, puzzles, repeat(None), statuses,
                           counts.tolist(), found, nodes.tolist(), seconds, repeat(s.mode)))
        for k in np.flatnonzero(codes == CLASH).tolist():
            _settle(results[k], g, k, s)
        capped = [k for k, st in enumerate(statuses) if st == "nodes"] if s.finish_alone else []
        # Place the results; the capped ones stay unfinished (None) until searched again.
        placed: list = results.copy() if capped else results
        for k in capped:
            placed[k] = None
        if g.positions is None:
            self.results = placed
        else:
            for pos, res in zip(g.positions, placed, strict=True):
                self.results[pos] = res
        for k in capped:
            res = results[k]
            pos = k if g.positions is None else g.positions[k]
            _settle(res, g, k, s)  # (Ctrl-C before its search began: it stays unfinished)
            self.results[pos] = res
            self._stop_if_interrupted(res, pos)

    def _decode_alone(self, g: _Group, out: list, s: _Settings) -> None:
        """A group's lone searches as results, as `_decode` makes them of a batch's."""
        start = self.start
        for k, (p, r) in enumerate(zip(g.puzzles, out, strict=True)):
            pos = k if g.positions is None else g.positions[k]
            # (Timed as a batch times a puzzle: by its lone search past the node cap.)
            seconds = r.seconds if r.nodes >= s.cap and s.finish_alone else 0.0
            res = PuzzleResult(start + pos, p, None, result_status(s.mode, r.status), r.count,
                               r.solutions, r.nodes, seconds, s.mode)
            if res.status == "invalid":
                _settle(res, g, k, s)
            self.results[pos] = res
            self._stop_if_interrupted(res, pos)

    def _decode_blocks(self, g: _Group, s: _Settings) -> None:
        """A group of PuzzleBlocks' kernel output as ResultBlocks, but for the puzzles
        that need more (clashing givens named, capped ones finished alone)."""
        import numpy as np

        out, g.out = g.out, None
        assert out is not None and g.blocks is not None
        codes = out.codes
        special = codes == CLASH
        if s.finish_alone:
            special |= (codes == NODES) | (codes == OVERFLOW)
        seconds = np.zeros(len(codes)) if g.seconds is None else np.array(g.seconds)
        row = 0  # the group's row of the block's first puzzle
        for pos, block in g.blocks:
            k = len(block)
            at = 0
            for j in (*np.flatnonzero(special[row:row + k]).tolist(), k):
                a, b = row + at, row + j
                if b > a:
                    self.results[pos + at] = ResultBlock(
                        self.start + pos + at, block.slice(at, j), s.mode, codes[a:b],
                        out.counts[a:b], out.nodes[a:b], out.solutions[a:b], seconds[a:b])
                    self.results[pos + at + 1:pos + j] = [_COVERED] * (j - at - 1)
                if j < k:
                    res = PuzzleResult(self.start + pos + j, block[j], None,
                                       statuses_of_codes(s.mode)[codes[b]], int(out.counts[b]), [],
                                       int(out.nodes[b]), float(seconds[b]), s.mode)
                    _settle(res, g, b, s)
                    self.results[pos + j] = res
                    self._stop_if_interrupted(res, pos + j)
                at = j + 1
            row += k

    def _stop_if_interrupted(self, res: PuzzleResult, pos: int) -> None:
        if res.status == "interrupted":
            # Ctrl-C stops the chunk at this puzzle: the output ends with it, as when
            # the chunk was decoded puzzle by puzzle, even though later puzzles' batch
            # results are known.
            self.results[pos + 1:] = [None] * (self.size - pos - 1)
            raise KeyboardInterrupt


def _settle(res: PuzzleResult, g: _Group, k: int, s: _Settings) -> None:
    """The result of puzzle ``k`` of group ``g`` where the batch kernel could not give it:
    the clash named (an invalid result), or the puzzle searched again alone."""
    assert res.puzzle is not None
    if res.status == "invalid":  # the kernel found clashing givens: which digit, house, cells
        try:
            check_givens(res.puzzle)
            res.error = PuzzleError("the givens clash", res.puzzle.source, res.puzzle.line)
        except PuzzleError as exc:
            # Without its traceback: that would hold this frame, and through it the
            # whole chunk's arrays, until the cycle collector next runs.
            res.error = exc.with_traceback(None)
        return
    _finish_alone(res, g.engine, g.grids[k], s.run_limit, s.store, s.timeout, s.max_nodes)


def _run(chunk: _Chunk, s: _Settings) -> _Chunk:
    chunk.run(s)
    return chunk


@overload
def solve_all(items: Iterable, *, mode: str = ..., limit: int | None = ..., jobs: int = ...,
              timeout: float | None = ..., max_nodes: int | None = ..., chunk: int | None = ...,
              timed: bool = ..., kernel: str | None = ..., blocks: Literal[False] = ...
              ) -> Iterator[PuzzleResult]: ...


@overload
def solve_all(items: Iterable, *, mode: str = ..., limit: int | None = ..., jobs: int = ...,
              timeout: float | None = ..., max_nodes: int | None = ..., chunk: int | None = ...,
              timed: bool = ..., kernel: str | None = ..., blocks: bool
              ) -> Iterator[PuzzleResult | ResultBlock]: ...


def solve_all(items: Iterable, *, mode="solve", limit=None, jobs=1, timeout=None,
              max_nodes=None, chunk=None, timed=False, kernel=None, blocks=False
              ) -> Iterator[PuzzleResult | ResultBlock]:
    """Solve, check or count a stream of puzzles; yields results in input order.

    Parameters
    ----------
    items : iterable of Puzzle, PuzzleError, PuzzleBlock, str, rows or numpy.ndarray
        What `sudoku.read_puzzles` or `sudoku.read_blocks` yields (errors
        pass straight through as invalid results), or puzzles in any other
        form the API takes (`sudoku.shapes`: text, rows, arrays; one that
        cannot be read is an invalid result, with its error).
    mode : {"solve", "check", "count"}
        First solution; uniqueness (stops at two); count (up to ``limit``).
    limit : int, optional
        With ``mode="count"``: stop counting a puzzle at this many.
    jobs : int
        Threads.  ``1``: everything on the calling thread.  ``2`` or more:
        that many threads run the batch-kernel calls, one chunk of puzzles
        each (`dlx.parallel.Threads`: ``jobs - 1`` worker threads, and the
        calling thread, which also reads, encodes and decodes the chunks and
        runs one whenever it would otherwise wait for a worker).
    timeout : float, optional
        Seconds allowed per puzzle (checked for puzzles that need more than
        `BATCH_NODE_CAP` nodes, and throughout for the few puzzles searched one
        by one before numba has loaded; faster ones finish long before).
    max_nodes : int, optional
        Node budget per puzzle.
    chunk : int, optional
        Puzzles read and solved together.  By default chunks grow from 16
        to about `BATCH_SECONDS` of work (at most `CHUNK` puzzles), so a
        result may wait for the puzzles after it to be read; ``chunk=1``
        with ``jobs=1`` answers each puzzle as soon as it is read (for input
        typed or fed one puzzle at a time), at some cost per puzzle.
    timed : bool
        Measure each puzzle's time (`PuzzleResult.seconds`).  The batch
        kernel times only whole calls, so each puzzle then gets a kernel
        call of its own: slower, by a fixed cost per puzzle that exceeds the
        time of an easy 9x9 puzzle, and included in the times measured.
    kernel : {"auto", "bits", "dlx"}, optional
        The search kernel (`sudoku.kernels`), by default ``$SUDOKU_KERNEL``,
        else ``"auto"``: the bit-parallel kernels for standard 9x9 and 16x16
        grids and every grid up to 8 x 8, DLX for the rest; ``"bits"`` the
        bit kernels for every grid up to 31 x 31;
        ``"dlx"`` Dancing Links for all.  Counts and verdicts agree; node
        counts do not, and a puzzle with several solutions may be solved by
        another of them.
    blocks : bool
        Yield a `ResultBlock` (arrays) for consecutive puzzles of a
        `PuzzleBlock` the bit kernel solved, rather than a `PuzzleResult`
        each: no Python object per puzzle, from reading to writing.

    Yields
    ------
    PuzzleResult or ResultBlock
        One per input puzzle (a ResultBlock stands for several), in order,
        as soon as its chunk is done.

    Raises
    ------
    ValueError
        An unknown ``mode`` or ``kernel``; ``jobs`` or ``chunk`` not a
        positive whole number (a `dlx.ProblemError`).

    Notes
    -----
    Cost: each chunk is one jitted call per grid shape; a puzzle that needs
    more than `BATCH_NODE_CAP` nodes is then searched again alone,
    resumably, with ``timeout`` (the nodes it used in the batch are not
    counted against its limits).  Ctrl-C yields every finished result and
    then raises KeyboardInterrupt.

    With ``jobs >= 2`` each kernel call takes about ``BATCH_SECONDS / jobs``
    and two to three chunks per thread are in flight (running, queued, or
    being yielded), so the puzzles held stay about two one-thread chunks'
    worth; near the end of an input with a length, chunks shrink so that the
    threads finish together.  The calling thread spends about a
    microsecond or two per 9x9 puzzle reading, encoding and decoding, which
    caps the speed-up from many threads.  In a process that holds many
    Python objects, a full pass of the cycle collector in the calling thread
    holds up the workers until it ends; ``gc.freeze()`` after loading what
    stays keeps those passes short.

    Examples
    --------
    >>> [r.verdict for r in solve_all(["." * 16, "1234" * 4], mode="check")]
    ['multiple', 'invalid']
    """
    _check_mode(mode)
    jobs = validate.whole("jobs", jobs, most=validate.MAX_JOBS, optional=False)
    fixed = validate.whole("chunk", chunk)
    return _solve(items, _Settings(mode, limit, timeout, max_nodes, bool(timed), kernel,
                                   bool(blocks)), jobs, fixed)


class _Feed:
    """The input items, taken some number of puzzles at a time: a PuzzleBlock counts
    its puzzles, and is cut where a chunk ends."""

    def __init__(self, items: Iterable):
        self.items = iter(items)
        self.rest: PuzzleBlock | None = None  # what the last chunk left of a block

    def take(self, want: int) -> tuple[list, int]:
        """Up to ``want`` puzzles' items, and how many puzzles they hold (fewer: the end)."""
        got: list = []
        count = 0
        while count < want:
            if self.rest is not None:
                item, self.rest = self.rest, None
            else:
                item = next(self.items, _END)
                if item is _END:
                    break
            if _is_block(item):
                if count + len(item) > want:
                    self.rest = item.slice(want - count, len(item))
                    item = item.slice(0, want - count)
                count += len(item)
            else:
                count += 1
            got.append(item)
        return got, count


_END = object()


def _puzzles_in(items: Iterable) -> int:
    """How many puzzles the items hold: a PuzzleBlock its puzzles, any other item one."""
    return sum(len(x) if _is_block(x) else 1 for x in items)


def _flat(items: Iterable) -> Iterator:
    """The items with every PuzzleBlock's puzzles in its place, one by one."""
    for item in items:
        if _is_block(item):
            yield from item
        else:
            yield item


def _solve(items: Iterable, s: _Settings, jobs: int, fixed: int | None):
    if s.timed:
        warm_up()  # loading the kernels is no puzzle's time
    total = None  # puzzles in the input, when it knows (a block holds several)
    if isinstance(items, Sized):
        total = _puzzles_in(items)
    feed = _Feed(items)
    backend = backend_for(jobs, threads=True)
    target = BATCH_SECONDS / jobs  # seconds per kernel call
    size = fixed or 16  # puzzles per chunk, adapted so that its kernel call takes about `target`

    def chunks():
        index = 0
        while True:
            want = size
            if jobs > 1 and total is not None and fixed is None:
                # Near the end of a sized input, a share of what is left, so that the
                # threads run out of work together rather than one doing a chunk alone.
                want = max(16, min(size, (total - index) // backend.window))
            got, count = feed.take(want)
            if not got:
                return
            yield _Chunk(got, index, s.mode, s.kernel, plain=not s.timed), s
            index += count
            if count < want:  # a short read means the end: never read past it
                return

    try:
        with contextlib.closing(ordered(backend, _run, chunks())) as done:
            for ran in done:
                yield from ran.finish(s)
                if ran.seconds > 0 and fixed is None:
                    size = int(min(CHUNK, max(16, ran.size * target / ran.seconds)))
    except TaskInterrupted as stop:
        # Ctrl-C during a chunk's kernel calls: what it had finished before them
        # (unreadable items) still comes out, then the interrupt.
        yield from stop.args[0].finished()
        raise KeyboardInterrupt from None
    finally:
        # After Ctrl-C or an abandoned generator the queued chunks are dropped; the
        # running kernel calls return on their own within about `target`.
        backend.close()


def _solve_chunk(items, start, mode, limit, timeout, max_nodes, timed=False) -> list:
    """Solve one chunk of puzzles in a worker; results carry their index in the whole input."""
    results = list(solve_all(items, mode=mode, limit=limit, timeout=timeout,
                             max_nodes=max_nodes, timed=timed))
    for res in results:
        res.index += start
    return results


def map_chunks(items: Iterable, mode: str = "solve", *, client=None, jobs=None,
               chunk: int = SCHEDULER_CHUNK, limit=None, timeout=None,
               max_nodes=None, connect_timeout=None, timed=False) -> Iterator[PuzzleResult]:
    """Like `solve_all`, with chunks of puzzles spread over processes or a Dask cluster.

    Each chunk of ``chunk`` items goes to one worker, which runs `solve_all`
    on it; results come back in input order, each chunk's as soon as it and
    every chunk before it are done (`dlx.parallel.ordered`).  The input is
    read lazily and only a few chunks per worker are in flight, so memory
    does not grow with the input.

    Parameters
    ----------
    items : iterable of str, Puzzle, PuzzleError or PuzzleBlock
        Puzzle lines, or what `sudoku.read_puzzles` or `sudoku.read_blocks` yields.
    mode : {"solve", "check", "count"}
    client : dask.distributed.Client or str, optional
        A Dask cluster (a Client or a scheduler address such as
        ``"tcp://10.0.0.5:8786"``).  A scheduler is trusted: it and its
        workers run the code they are sent.
    jobs : int or dlx.parallel.WorkerPool, optional
        Worker processes on this machine when no client is given; default
        one per CPU.  ``1`` is exactly `solve_all`.
    chunk : int
        Items per task.  Large enough that a task takes tens of milliseconds.
    limit, timeout, max_nodes, timed
        As for `solve_all` (per puzzle).
    connect_timeout : float, optional
        Seconds to reach the scheduler at ``client``'s address, and again to
        see a worker; default `dlx.parallel.CONNECT_TIMEOUT` (10).

    Yields
    ------
    PuzzleResult
        One per item, ``index`` counting from 0 over the whole input.

    Raises
    ------
    dlx.parallel.ClusterError
        Dask is missing, or the scheduler cannot be reached or the address
        is not one (on the first ``next()``, which connects).

    Notes
    -----
    Cost: `solve_all`'s divided by the workers, plus shipping the puzzles and
    results (a few us each) and a few milliseconds a chunk of scheduling.
    Ctrl-C stops the workers and raises KeyboardInterrupt after the results
    already yielded.

    Examples
    --------
    >>> lines = ["." * 16, "1234" * 4, "12.." + "." * 12]
    >>> [r.verdict for r in map_chunks(lines, "check", jobs=1)]
    ['multiple', 'invalid', 'multiple']
    """
    _check_mode(mode)
    chunk = validate.whole("chunk", chunk, optional=False)
    backend = backend_for(jobs, client, connect_timeout=connect_timeout)
    try:
        if backend.name == "inline":
            yield from solve_all(items, mode=mode, limit=limit, timeout=timeout,
                                 max_nodes=max_nodes, timed=timed)
            return

        def tasks():
            batch: list = []
            start = 0
            for item in _flat(items):  # (a task's size counts puzzles)
                batch.append(item)
                if len(batch) >= chunk:
                    yield batch, start, mode, limit, timeout, max_nodes, timed
                    start += len(batch)
                    batch = []
            if batch:
                yield batch, start, mode, limit, timeout, max_nodes, timed

        with contextlib.closing(ordered(backend, _solve_chunk, tasks())) as done:
            for results in done:
                yield from results
    finally:
        backend.close()
