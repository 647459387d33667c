"""Sudoku as exact cover: the encoding, and solve / count / check / candidates.

The encoding (one per grid shape and variant, built once and cached):

* items: one per cell ("the cell has a value"), then one per house and value
  ("the house has this value"), where the houses are the rows, the columns,
  the boxes (or a jigsaw's regions) and a variant's extra houses (the two
  diagonals of X-Sudoku, the four windows of Windoku).  All are primary;
* options: one per cell and value, option index ``cell * n + value - 1``,
  covering the cell's item and the (house, value) item of every house that
  holds the cell.

A puzzle is that problem with its givens forced.  A file of puzzles is solved
with the batch kernel of `dlx.Problem.solve_many`: one jitted call per
batch of puzzles of the same shape; the rare puzzle that needs more than
`BATCH_NODE_CAP` nodes is finished by a resumable search that honours the
time limit and Ctrl-C.
"""

from __future__ import annotations

import operator
import struct
import time
from collections import deque
from collections.abc import Iterable, Iterator, Sized
from dataclasses import dataclass, field
from itertools import islice, repeat

import numpy as np

from dlx import Problem
from dlx import _kernel as _K  # return codes (solver is only imported to solve)

from .errors import PuzzleError
from .grid import Puzzle, check_givens, houses

__all__ = ["PuzzleResult", "Candidates", "problem_for", "solve", "count", "check",
           "candidates", "solve_all", "BATCH_NODE_CAP", "BATCH_SECONDS", "CHUNK"]

BATCH_NODE_CAP = 200_000  # nodes a puzzle may use inside a batch before it is finished alone
CHUNK = 4096  # the most puzzles per jitted batch call (bounds memory)
BATCH_SECONDS = 0.1  # batches are sized to take about this long, so Ctrl-C, timeouts
# and output never wait long for a kernel call to return
_MODES = {"solve": 1, "check": 2, "count": 0}

PROBLEM_CACHE = 32  # shapes/variants/region maps whose problem is kept
_problems: dict = {}  # in order of last use


# A puzzle's shape and variant: (box_rows, box_cols, variant, regions), read in C.
_key = operator.attrgetter("box_rows", "box_cols", "variant", "regions")


def problem_for(puzzle: Puzzle) -> Problem:
    """The exact-cover problem of ``puzzle``'s shape and variant, givens not applied.

    Cached: every puzzle of one shape and variant (and jigsaw region map)
    shares one `dlx.Problem`.

    Notes
    -----
    Cost: O(n^3) the first time for an n x n grid (a few ms for 9x9), then O(1).
    """
    key = _key(puzzle)
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
        prob = Problem(options, primary=cells + len(hs) * n, secondary=0)
        if len(_problems) >= PROBLEM_CACHE:  # many jigsaw maps: drop the least recently used
            del _problems[next(iter(_problems))]
    else:
        del _problems[key]  # re-inserted below as the most recently used
    _problems[key] = prob
    return prob


def _option_numbers(grids, n: int) -> np.ndarray:
    """The option ``cell * n + value - 1`` of every filled cell of ``grids``, in order.

    ``grids`` holds one grid (``n * n`` values, 0 = blank) or several (one per
    row); the options come row by row, each row's in cell order, as ``uint32``.
    """
    flat = np.asarray(grids).reshape(-1)
    at = np.flatnonzero(flat != 0)  # (numpy finds a bool array's nonzeros 4x faster)
    return ((at % (n * n)) * n + flat[at] - 1).astype(np.uint32)


def _forced(p: Puzzle) -> np.ndarray:
    return _option_numbers(np.frombuffer(p._packed, dtype=np.uint8), p.size)


def _cells(p: Puzzle, solution) -> tuple:
    n = p.size
    if len(solution) == n * n:
        # A whole solution: one option (cell * n + value - 1) per cell, so sorting puts
        # them in cell order (the engine's are sorted already, which timsort sees at once).
        return tuple([o % n + 1 for o in sorted(solution)])
    out = [0] * (n * n)
    for o in solution:
        out[o // n] = o % n + 1
    return tuple(out)


def _as_puzzle(puzzle) -> Puzzle:
    if isinstance(puzzle, Puzzle):
        return puzzle
    if isinstance(puzzle, str):
        from .formats import parse_puzzle

        return parse_puzzle(puzzle)
    raise TypeError(f"expected a sudoku.Puzzle or a puzzle string, not {type(puzzle).__name__}")


def solve(puzzle, *, timeout=None, max_nodes=None):
    """The first solution of a puzzle, or None when it has none.

    Parameters
    ----------
    puzzle : Puzzle or str
        A puzzle, or its text in any format `sudoku.parse_puzzle` reads.
    timeout : float, optional
        Seconds before giving up.
    max_nodes : int, optional
        Search nodes before giving up.

    Returns
    -------
    tuple of int or None
        The solved grid, row by row (``n * n`` values).

    Raises
    ------
    PuzzleError
        Clashing givens (naming the cells).
    dlx.SearchStopped
        A limit stopped the search first.

    Notes
    -----
    Cost: a few microseconds to milliseconds for 9x9 (one search).

    Examples
    --------
    >>> g = solve("4.....8.5.3..........7......2.....6.....8.4......"
    ...           "1.......6.3.7.5..2.....1.4......")
    >>> "".join(map(str, g))[:27]
    '417369825632158947958724316'
    """
    p = _as_puzzle(puzzle)
    sol = problem_for(p).solve(forced=_forced(p), timeout=timeout, max_nodes=max_nodes,
                               locked=True)
    if sol is None:
        check_givens(p)  # clashing givens have no solution: name the cells instead
        return None
    return _cells(p, sol)


def count(puzzle, *, limit=None, timeout=None, max_nodes=None):
    """Count a puzzle's solutions (up to ``limit``).

    Parameters
    ----------
    puzzle : Puzzle or str
    limit : int, optional
        Stop counting at this many.
    timeout : float, optional
        Seconds before giving up (the count is then a lower bound).
    max_nodes : int, optional
        Search nodes before giving up.

    Returns
    -------
    dlx.CountResult
        ``.count``, ``.exact`` and ``.status`` (``"limit"``, ``"timeout"``,
        ... when stopped: the count is then a lower bound).

    Examples
    --------
    >>> count("." * 16).count  # every 4x4 grid
    288

    Notes
    -----
    Cost: proportional to the search tree; the empty 9x9 grid has about
    6.7e21 solutions, so give it a ``limit`` or a ``timeout``.
    """
    p = _as_puzzle(puzzle)
    r = problem_for(p).count(forced=_forced(p), limit=limit, timeout=timeout,
                             max_nodes=max_nodes, locked=True)
    if r.count == 0:
        check_givens(p)  # clashing givens have no solution: name the cells instead
    return r


def check(puzzle, *, timeout=None, max_nodes=None):
    """Is the solution unique?

    Parameters
    ----------
    puzzle : Puzzle or str
    timeout : float, optional
        Seconds before giving up (status ``"unknown"``).
    max_nodes : int, optional
        Search nodes before giving up.

    Returns
    -------
    dlx.Uniqueness
        ``.status`` ``"unique"``, ``"multiple"``, ``"none"`` or ``"unknown"``;
        ``.solutions`` holds the grids found (two prove ``"multiple"``).

    Examples
    --------
    >>> check("1..." + "." * 12).status
    'multiple'

    Notes
    -----
    Cost: a search that stops at the second solution; typically 1.2-2 times
    the time of `solve`.
    """
    p = _as_puzzle(puzzle)
    u = problem_for(p).unique(forced=_forced(p), timeout=timeout, max_nodes=max_nodes,
                              locked=True)
    if not u.solutions:
        check_givens(p)  # clashing givens have no solution: name the cells instead
    u.solutions = [_cells(p, s) for s in u.solutions]
    return u


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
    cells: list
    singles: int


def candidates(puzzle) -> Candidates:
    """Candidates of every cell after propagating singles.

    Taking every item with a single option left is exactly naked singles
    (a cell with one value) and hidden singles (a value with one place in a
    house), repeated until neither applies.

    Parameters
    ----------
    puzzle : Puzzle or str

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
    p = _as_puzzle(puzzle)
    check_givens(p)
    n = p.size
    forced = _forced(p)
    r = problem_for(p).propagate(forced)
    live = r.live.reshape(n * n, n)
    out = [tuple(int(v) + 1 for v in np.flatnonzero(row)) for row in live]
    for o in r.chosen:
        out[o // n] = (o % n + 1,)
    return Candidates(r.status, out, len(r.chosen) - len(forced))


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
        ``"invalid"``; else the search status: ``"complete"`` (exact),
        ``"limit"``, ``"nodes"``, ``"timeout"`` or ``"interrupted"``
        (``"pending"`` only while the batch is being solved).
    count : int
        Solutions counted (a lower bound unless ``status == "complete"``).
    solutions : list of tuple
        Up to one (solve) or two (check) solved grids.
    nodes : int
        Search nodes used.
    seconds : float
        Time spent on this puzzle alone (0 for those solved inside a batch call).
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


def _finish_alone(res: PuzzleResult, prob: Problem, forced, limit, store, timeout,
                  max_nodes) -> None:
    """Redo a puzzle that ran out of batch nodes with a resumable search."""
    s = prob.search(forced=forced, limit=limit or None, timeout=timeout, max_nodes=max_nodes,
                    locked=True)
    t0 = time.perf_counter()
    if store:  # solve or check: limit == store, so the search stops by itself
        sols = list(s)
        stats = s.stats
    else:
        sols = []
        stats = s.count().stats
    res.count = stats.solutions
    res.status = stats.status
    res.nodes = stats.nodes
    res.seconds = time.perf_counter() - t0
    res.solutions = [_cells(res.puzzle, x) for x in sols]


def _grids(puzzles, n) -> np.ndarray:
    """The givens of puzzles of size ``n``: a read-only uint8 array, one row per puzzle."""
    # (A Puzzle keeps its values as bytes: packing a 9x9 grid again cost about 1 us.)
    return np.frombuffer(b"".join([p._packed for p in puzzles]),
                         dtype=np.uint8).reshape(len(puzzles), n * n)


class _Settings:
    """What every chunk of one `solve_all` call shares."""

    def __init__(self, mode, limit, timeout, max_nodes):
        self.mode = mode
        self.store = {"solve": 1, "check": 2, "count": 0}[mode]
        self.run_limit = _MODES[mode] if mode != "count" else (limit or 0)
        self.cap = BATCH_NODE_CAP if max_nodes is None else min(BATCH_NODE_CAP, max_nodes)
        # A puzzle stopped by the cap is finished alone only if its own budget goes further.
        self.finish_alone = max_nodes is None or max_nodes > self.cap
        self.timeout = timeout
        self.max_nodes = max_nodes


class _Group:
    """Puzzles of one shape and variant from one chunk, encoded for the batch kernel."""

    __slots__ = ("positions", "puzzles", "prob", "fptr", "fopts", "out")

    def __init__(self, positions, puzzles):
        self.positions = positions  # each puzzle's place in its chunk; None: 0, 1, 2, ...
        self.puzzles = puzzles
        n = puzzles[0].size
        self.prob = problem_for(puzzles[0])  # here, in the calling thread: the cache is a dict
        grids = _grids(puzzles, n)
        self.fopts = _option_numbers(grids, n)
        self.fptr = np.zeros(len(puzzles) + 1, dtype=np.int64)
        np.cumsum(np.count_nonzero(grids, axis=1), out=self.fptr[1:])
        self.out = None  # what batch_arrays returns


class _Chunk:
    """Consecutive input items solved together: sorted and encoded, run, then decoded.

    Only `run` may execute in another thread: it calls the kernels, which release
    the GIL, and touches nothing the calling thread reads before `finish`.
    """

    def __init__(self, items, start, mode):
        self.start = start  # input index of items[0]
        self.size = len(items)
        self.results: list = [None] * len(items)  # an item's result once it is final
        self.seconds = 0.0  # wall time of the kernel calls
        self.future = None  # set while `run` is left to a worker thread
        self.ran = False  # `run` finished (in whichever thread)
        self.interrupted = False  # Ctrl-C came while the calling thread ran it
        # The common case in one go: puzzles only (what read_puzzles yields for a clean
        # file), all of one shape.  Anything else is sorted item by item below.
        if set(map(type, items)) == {Puzzle}:
            # (The keys are compared as they are made: a list of them all would add
            # thousands of objects for the cycle collector to walk.)
            if all(map(_key(items[0]).__eq__, map(_key, items))):
                self.groups = [_Group(None, items)]
                return
        groups: dict = {}
        for pos, item in enumerate(items):
            if isinstance(item, str):
                from .formats import parse_puzzle

                try:
                    item = parse_puzzle(item)
                except PuzzleError as exc:
                    item = exc
            if isinstance(item, PuzzleError):
                self.results[pos] = PuzzleResult(start + pos, None, error=item, mode=mode)
            else:
                positions, puzzles = groups.setdefault(_key(item), ([], []))
                positions.append(pos)
                puzzles.append(item)
        self.groups = [_Group(positions, puzzles) for positions, puzzles in groups.values()]

    def run(self, s: _Settings) -> None:
        """Every group's kernel call."""
        from dlx.search import batch_arrays

        t0 = time.perf_counter()
        for g in self.groups:
            g.out = batch_arrays(g.prob, g.fptr, g.fopts, limit=s.run_limit, store=s.store,
                                 max_nodes=s.cap, locked=True)
        self.seconds = time.perf_counter() - t0
        self.ran = True

    def claim(self) -> bool:
        """Take the kernel calls back from the workers' queue, if none has started them."""
        if self.future is not None and self.future.cancel():
            self.future = None
            return True
        return False

    def ready(self) -> bool:
        """Can `finish` start without waiting for a worker?"""
        return self.future is None or self.future.done()

    def finish(self, s: _Settings) -> Iterator[PuzzleResult]:
        """Yield the results in input order (running the kernels first unless a worker did).

        Ctrl-C: yield the results finished up to the first unfinished one, then
        raise KeyboardInterrupt.
        """
        interrupted = False
        try:
            if self.interrupted:
                raise KeyboardInterrupt
            if self.future is not None:
                self.future.result()
            elif not self.ran:
                self.run(s)
            for g in self.groups:
                self._decode(g, s)
        except KeyboardInterrupt:
            interrupted = True
        for res in self.results:
            if res is None:
                break
            yield res
        if interrupted:
            raise KeyboardInterrupt

    def _decode(self, g: _Group, s: _Settings) -> None:
        """Turn a group's kernel output into results; finish alone those it capped."""
        counts, nodes, codes, sols = g.out
        g.out = None
        puzzles = g.puzzles
        n = puzzles[0].size
        cells = n * n
        # Solved grids, all of one slot at once.  A solution holds one option per cell
        # (option cell * n + value - 1): the givens' options go in the slots after the
        # chosen ones and sorting each row puts the options in cell order, so their
        # values make the grid; struct then cuts the bytes into tuples of ints, in C.
        unpack = struct.Struct(f"{cells}B").iter_unpack
        at_cell = np.arange(0, cells * n, n, dtype=sols.dtype)
        found = None
        for j in range(sols.shape[1]):
            has = counts > j  # puzzles with a solution in slot j
            sel = np.flatnonzero(has)
            if not sel.size:
                break
            every = sel.size == len(puzzles)
            opts = sols[sel, j, 1:cells + 1]
            opts[np.arange(cells) >= sols[sel, j, :1]] = \
                g.fopts if every else g.fopts[np.repeat(has, np.diff(g.fptr))]
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
                    found = [[] for _ in puzzles]
                for k, grid in zip(sel.tolist(), grids, strict=True):
                    found[k].append(grid)
        if found is None:
            found = [[] for _ in puzzles]
        status = {_K.R_DONE: "complete", _K.R_LIMIT: "limit", _K.R_CLASH: "invalid"}
        statuses = [status.get(c, "nodes") for c in codes.tolist()]
        start = self.start
        if g.positions is None:
            indices = range(start, start + len(puzzles))
        else:
            indices = [start + pos for pos in g.positions]
        # One constructor call per result with every field, mapped in C.
        results = list(map(PuzzleResult, indices, puzzles, repeat(None), statuses,
                           counts.tolist(), found, nodes.tolist(), repeat(0.0), repeat(s.mode)))
        for k in np.flatnonzero(codes == _K.R_CLASH).tolist():
            # The kernel found clashing givens; name the digit, house and cells.
            res = results[k]
            try:
                check_givens(res.puzzle)
                res.error = PuzzleError("the givens clash", res.puzzle.source, res.puzzle.line)
            except PuzzleError as exc:
                # Without its traceback: that would hold this frame, and through it
                # the whole chunk's arrays, until the cycle collector next runs.
                res.error = exc.with_traceback(None)
        capped = [k for k, st in enumerate(statuses) if st == "nodes"] if s.finish_alone else []
        # Place the results; the capped ones stay unfinished (None) until searched again.
        placed = results.copy() if capped else results
        for k in capped:
            placed[k] = None
        if g.positions is None:
            self.results = placed
        else:
            for pos, res in zip(g.positions, placed, strict=True):
                self.results[pos] = res
        for k in capped:
            res = results[k]
            _finish_alone(res, g.prob, _forced(res.puzzle), s.run_limit, s.store, s.timeout,
                          s.max_nodes)
            self.results[k if g.positions is None else g.positions[k]] = res
            if res.status == "interrupted":
                # Ctrl-C stops the group at this puzzle: the output ends with it, as
                # when the group was decoded puzzle by puzzle, even though the later
                # puzzles' batch results are known.
                for later in range(k + 1, len(puzzles)):
                    self.results[later if g.positions is None else g.positions[later]] = None
                raise KeyboardInterrupt


def _queued(inflight: deque) -> int:
    """Chunks waiting in the workers' queue (submitted, not started)."""
    return sum(1 for c in inflight
               if c.future is not None and not c.future.running() and not c.future.done())


def _help(inflight: deque, s: _Settings, top_up) -> bool:
    """Run queued chunks on the calling thread until the first in line is ready.

    Takes them oldest first, so the output keeps flowing in order.  Before
    taking one, calls ``top_up()``, which reads and queues chunks (input and
    the cap on chunks in flight permitting) so that one stays queued for each
    worker after this thread has taken its own: the worker threads must not run dry
    while this thread is busy with a kernel call and then with decoding (on
    two threads, 17-clue puzzles, the worker sat idle 9 ms of a 90 ms run).
    Returns True if Ctrl-C came during one of them: that chunk is marked, and
    its `finish` yields what it had finished and raises KeyboardInterrupt once
    the chunks before it are out.
    """
    head = inflight[0]
    while not head.ready():
        top_up()
        chunk = next((c for c in inflight if c.claim()), None)
        if chunk is None:
            return False  # every chunk is running: wait for the head
        try:
            chunk.run(s)
        except KeyboardInterrupt:
            chunk.interrupted = True
            for later in inflight:
                later.claim()  # no worker starts what will not be yielded
            return True
    return False


def solve_all(items: Iterable, *, mode="solve", limit=None, jobs=1, timeout=None,
              max_nodes=None, chunk=None) -> Iterator[PuzzleResult]:
    """Solve, check or count a stream of puzzles; yields results in input order.

    Parameters
    ----------
    items : iterable of Puzzle, PuzzleError or str
        What `sudoku.read_puzzles` yields (errors pass straight through
        as invalid results) or puzzle strings.
    mode : {"solve", "check", "count"}
        First solution; uniqueness (stops at two); count (up to ``limit``).
    limit : int, optional
        With ``mode="count"``: stop counting a puzzle at this many.
    jobs : int
        Threads.  ``1``: everything on the calling thread.  ``2`` or more:
        that many threads run the batch-kernel calls, one chunk of puzzles
        each: ``jobs - 1`` worker threads, and the calling thread, which also
        reads, encodes and decodes the chunks and runs one whenever it would
        otherwise wait for a worker.
    timeout : float, optional
        Seconds allowed per puzzle (checked for puzzles that need more than
        `BATCH_NODE_CAP` nodes; faster ones finish long before).
    max_nodes : int, optional
        Node budget per puzzle.
    chunk : int, optional
        Puzzles read and solved together.  By default chunks grow from 16
        to about `BATCH_SECONDS` of work (at most `CHUNK` puzzles), so a
        result may wait for the puzzles after it to be read; ``chunk=1``
        with ``jobs=1`` answers each puzzle as soon as it is read (for input
        typed or fed one puzzle at a time), at some cost per puzzle.  (With
        more jobs, ``2 * jobs`` chunks are read ahead, at times ``3 * jobs``.)

    Yields
    ------
    PuzzleResult
        One per input item, in order, as soon as its chunk is done.

    Notes
    -----
    Cost: reads and solves the puzzles in batches sized to take about
    `BATCH_SECONDS` each (at most `CHUNK` puzzles), so memory does
    not grow with the input and Ctrl-C or a timeout is acted on within a
    fraction of a second; each batch is one jitted call per grid shape.  A
    puzzle that needs more than `BATCH_NODE_CAP` nodes is then searched
    again alone, resumably, with ``timeout`` (the nodes it used in the batch
    are not counted against its limits).  Ctrl-C yields every finished result
    and then raises KeyboardInterrupt.

    With ``jobs >= 2`` each kernel call takes about ``BATCH_SECONDS / jobs``
    and ``2 * jobs`` chunks are in flight (running, queued, or being
    yielded), so the puzzles held stay about two one-thread batches' worth;
    near the end of an input with a length, chunks shrink so that the
    threads finish together.  The calling thread runs a queued chunk
    whenever the next one to yield is still running, so ``jobs`` threads
    are busy, not ``jobs + 1`` taking turns on ``jobs`` cores (on two
    cores, 4-6% faster than two workers beside it).  Before it runs a
    chunk or decodes one it reads ahead, up to ``3 * jobs`` chunks in
    flight, so that every worker has a chunk queued (17-clue puzzles on two
    threads: 1.80x -> 1.85x; otherwise a worker could sit idle for a tenth
    of the run).  On 9x9 puzzles the calling thread spends about 1.5 us
    per puzzle reading, encoding and decoding (17-clue), which caps the
    speed-up from many threads.
    In a process that holds many Python objects, a full pass of the cycle
    collector in the calling thread holds up the workers until it ends
    (17-clue puzzles on two threads: 1.1-1.5x instead of 1.8x in a process
    that kept 6,200 earlier results); ``gc.freeze()`` after loading what
    stays keeps those passes short.
    """
    if mode not in _MODES:
        raise ValueError(f"mode must be one of {sorted(_MODES)}, not {mode!r}")
    from dlx.search import _positive_int

    jobs = _positive_int("jobs", jobs)
    fixed = _positive_int("chunk", chunk)  # (the loop below names its chunks `chunk`)
    s = _Settings(mode, limit, timeout, max_nodes)
    total = len(items) if isinstance(items, Sized) else None
    items = iter(items)
    pool = None
    depth = 1  # chunks in flight, the one being finished included
    target = BATCH_SECONDS  # seconds per kernel call
    if jobs > 1:
        # jobs - 1 worker threads run kernel calls (the batch kernels release the GIL),
        # one chunk each, while this thread reads, encodes and decodes the others and,
        # whenever it would wait for a worker, runs a queued chunk itself (`_help`):
        # `jobs` busy threads, not jobs + 1 taking turns on `jobs` cores.  Whole chunks
        # on one thread each rather than `batch_parallel` on every chunk: its threads
        # wait for each other at the end of every call, and with this thread competing
        # for the cores, a thread held up holds up the call (measured on 2 cores: 1.6x
        # against 1.8-2.1x).
        from concurrent.futures import ThreadPoolExecutor

        pool = ThreadPoolExecutor(max_workers=jobs - 1, thread_name_prefix="sudoku-batch")
        depth = 2 * jobs  # a call running and one queued per thread: none waits for us
        target = BATCH_SECONDS / jobs  # so about two chunks' worth of puzzles in flight
    inflight: deque = deque()
    more = True
    stopping = False
    index = 0
    size = fixed or 16  # puzzles per chunk, adapted so that its kernel call takes about `target`

    def read(cap: int) -> bool:
        """Read the next chunk and queue it (with threads); False at the end or at ``cap``."""
        nonlocal more, index
        if not more or stopping or len(inflight) >= cap:
            return False
        want = size
        if pool is not None and total is not None and fixed is None:
            # Near the end of a sized input, a share of what is left, so that the
            # threads run out of work together rather than one doing a chunk alone.
            want = max(16, min(size, (total - index) // depth))
        got = list(islice(items, want))
        more = len(got) == want  # a short read means the end: never read past it
        if not got:
            return False
        chunk = _Chunk(got, index, mode)
        index += len(got)
        if pool is not None:
            chunk.future = pool.submit(chunk.run, s)
        inflight.append(chunk)
        return True

    def top_up(queued: int) -> None:
        """Read ahead until ``queued`` chunks wait for the workers (up to `jobs` past `depth`)."""
        while _queued(inflight) < queued and read(depth + jobs):
            pass

    try:
        while True:
            while read(depth) and more:
                pass
            if not inflight:
                return
            # The calling thread takes one of the queued chunks: one more for it.
            if pool is not None and not stopping and _help(inflight, s, lambda: top_up(jobs)):
                # Ctrl-C: no more reading or helping; the output ends at that chunk.
                more = False
                stopping = True
            if pool is not None:
                top_up(jobs - 1)  # likewise before decoding: each worker finds one queued
            chunk = inflight.popleft()
            yield from chunk.finish(s)
            if chunk.seconds > 0 and fixed is None:
                size = int(min(CHUNK, max(16, chunk.size * target / chunk.seconds)))
    finally:
        if pool is not None:
            # After Ctrl-C or an abandoned generator: drop the queued chunks; the running
            # kernel calls return on their own within about `target`.
            pool.shutdown(wait=False, cancel_futures=True)
