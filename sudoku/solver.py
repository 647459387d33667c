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

import time
from collections.abc import Iterable, Iterator
from itertools import chain
from dataclasses import dataclass, field

import numpy as np

from dlx import Problem
from dlx import _kernel as _K  # return codes (solver is only imported to solve)

from .errors import PuzzleError
from .grid import Puzzle, check_givens, houses

__all__ = ["PuzzleResult", "Candidates", "problem_for", "solve", "count", "check",
           "candidates", "solve_all", "BATCH_NODE_CAP", "BATCH_SECONDS", "CHUNK"]

BATCH_NODE_CAP = 200_000  # nodes a puzzle may use inside a batch before it is finished alone
CHUNK = 4096  # the most puzzles per jitted batch call (bounds memory)
MIN_PUZZLES_PER_THREAD = 32  # smaller batches run on one thread
BATCH_SECONDS = 0.1  # batches are sized to take about this long, so Ctrl-C, timeouts
# and output never wait long for a kernel call to return
_MODES = {"solve": 1, "check": 2, "count": 0}

PROBLEM_CACHE = 32  # shapes/variants/region maps whose problem is kept
_problems: dict = {}  # in order of last use


def _key(p: Puzzle):
    return (p.box_rows, p.box_cols, p.variant, p.regions)


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


def _forced(p: Puzzle) -> list:
    n = p.size
    return [i * n + v - 1 for i, v in enumerate(p.cells) if v]


def _cells(p: Puzzle, solution) -> tuple:
    n = p.size
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
    >>> g = solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> "".join(map(str, g))[:27]
    '417369825632158947958724316'
    """
    p = _as_puzzle(puzzle)
    check_givens(p)
    sol = problem_for(p).solve(forced=_forced(p), timeout=timeout, max_nodes=max_nodes)
    return None if sol is None else _cells(p, sol)


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
    check_givens(p)
    return problem_for(p).count(forced=_forced(p), limit=limit, timeout=timeout,
                                max_nodes=max_nodes)


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
    check_givens(p)
    u = problem_for(p).unique(forced=_forced(p), timeout=timeout, max_nodes=max_nodes)
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


@dataclass
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
    s = prob.search(forced=forced, limit=limit or None, timeout=timeout, max_nodes=max_nodes)
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


def _solve_group(group, run_limit, store, cap, jobs, timeout, max_nodes) -> None:
    """Solve puzzles of one shape in one batch-kernel call; fill in their results."""
    from dlx.search import batch_arrays

    first = group[0].puzzle
    n = first.size
    prob = problem_for(first)
    cells = n * n
    grids = np.fromiter(chain.from_iterable(r.puzzle.cells for r in group), dtype=np.int64,
                        count=len(group) * cells).reshape(len(group), cells)
    rows, cols = np.nonzero(grids)
    fopts = (cols * n + grids[rows, cols] - 1).astype(np.uint32)
    fptr = np.zeros(len(group) + 1, dtype=np.int64)
    np.cumsum(np.count_nonzero(grids, axis=1), out=fptr[1:])
    # Threads pay off only when each gets a fair share of puzzles to amortise its start.
    threads = jobs if len(group) >= MIN_PUZZLES_PER_THREAD * jobs else 1
    counts, nodes, codes, sols = batch_arrays(prob, fptr, fopts, limit=run_limit,
                                              store=store, max_nodes=cap, jobs=threads)
    status = {_K.R_DONE: "complete", _K.R_LIMIT: "limit"}
    # Decode every stored solution at once: the givens, plus each chosen option's value.
    solved = []
    for j in range(sols.shape[1]):
        lens = sols[:, j, 0].astype(np.int64)
        chosen = sols[:, j, 1:][np.arange(sols.shape[2] - 1) < lens[:, None]].astype(np.int64)
        full = grids.copy()
        full[np.repeat(np.arange(len(group)), lens), chosen // n] = chosen % n + 1
        solved.append(full.tolist())
    codes, counts, nodes = codes.tolist(), counts.tolist(), nodes.tolist()
    for k, res in enumerate(group):
        code = codes[k]
        if code == _K.R_CLASH:
            # The kernel found clashing givens; name the digit, house and cells.
            try:
                check_givens(res.puzzle)
                res.error = PuzzleError("the givens clash", res.puzzle.source, res.puzzle.line)
            except PuzzleError as exc:
                res.error = exc
            res.status = "invalid"
            continue
        res.count = counts[k]
        res.nodes = nodes[k]
        res.status = status.get(code, "nodes")
        res.solutions = [tuple(solved[j][k]) for j in range(min(res.count, sols.shape[1]))]
        if res.status == "nodes" and (max_nodes is None or max_nodes > cap):
            _finish_alone(res, prob, _forced(res.puzzle), run_limit, store, timeout, max_nodes)
            if res.status == "interrupted":
                raise KeyboardInterrupt


def solve_all(items: Iterable, *, mode="solve", limit=None, jobs=1, timeout=None,
              max_nodes=None) -> Iterator[PuzzleResult]:
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
        Threads for the batch kernel.
    timeout : float, optional
        Seconds allowed per puzzle (checked for puzzles that need more than
        `BATCH_NODE_CAP` nodes; faster ones finish long before).
    max_nodes : int, optional
        Node budget per puzzle.

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
    """
    if mode not in _MODES:
        raise ValueError(f"mode must be one of {sorted(_MODES)}, not {mode!r}")
    store = {"solve": 1, "check": 2, "count": 0}[mode]
    run_limit = _MODES[mode] if mode != "count" else (limit or 0)
    cap = BATCH_NODE_CAP if max_nodes is None else min(BATCH_NODE_CAP, max_nodes)
    def solve_pending(pending):
        # Solve each shape's puzzles in one call; stop at Ctrl-C, keeping what is done.
        groups: dict = {}
        for res in pending:
            if res.status == "pending":
                groups.setdefault(_key(res.puzzle), []).append(res)
        try:
            for group in groups.values():
                _solve_group(group, run_limit, store, cap, jobs, timeout, max_nodes)
        except KeyboardInterrupt:
            return True
        return False

    pending: list = []
    index = 0
    size = 16  # puzzles per call, adapted to take about BATCH_SECONDS
    for item in items:
        if isinstance(item, str):
            from .formats import parse_puzzle

            try:
                item = parse_puzzle(item)
            except PuzzleError as exc:
                item = exc
        if isinstance(item, PuzzleError):
            res = PuzzleResult(index, None, error=item, mode=mode)
        else:
            res = PuzzleResult(index, item, status="pending", mode=mode)
        pending.append(res)
        index += 1
        if len(pending) >= size:
            t0 = time.perf_counter()
            interrupted = solve_pending(pending)
            spent = time.perf_counter() - t0
            yield from _finished(pending, interrupted)
            pending = []
            if spent > 0:
                size = int(min(CHUNK, max(16, size * BATCH_SECONDS / spent)))
    if pending:
        yield from _finished(pending, solve_pending(pending))


def _finished(pending, interrupted):
    """Yield results in input order up to the first unfinished one; re-raise Ctrl-C."""
    for res in pending:
        if res.status == "pending":
            break
        yield res
    if interrupted:
        raise KeyboardInterrupt
