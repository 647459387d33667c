"""Driving the search kernels from Python: limits, time, Ctrl-C, resumable iteration.

The jitted search never runs for long: it is called with a node budget sized
so that one call takes a few tens of milliseconds, and returns with its whole
state in small arrays (`dlx._kernel` describes them).  Between calls this
module checks the time limit, lets a pending KeyboardInterrupt surface, and
hands solutions to the caller, so a search can be paused for as long as the
caller likes and resumed without redoing any work.  When a search ends for any
reason, `unwind` restores the links exactly.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from . import _jit, validate
from . import _kernel as K  # noqa: N812  (constants only; kernels come from _jit)
from .errors import ProblemError
from .results import CountResult, PropagateResult, Stats

__all__ = ["BRANCHINGS", "Search", "Choice", "Estimate", "TIE_ITEMS", "branching_code",
           "fresh_state", "propagate", "split", "estimate", "searcher"]

TIE_ITEMS = K.TIES
"""When several items have two options left, the search compares the first
``TIE_ITEMS`` of them (in item order) and branches on the one whose options'
other items hold the most options (the first on equal weights); without the
locked-items rule.  Layers that replay the search's choices (the Sudoku
grader) follow the same rule."""

BRANCHINGS = ("mrv", "weighted", "plain", "sharp")
"""The branching rules a search may follow (``branching=``; docs/engine.md compares them):
``"mrv"`` (the default) takes the item with the fewest options, weighing ties at two;
``"weighted"`` weighs ties at every length; ``"plain"`` is Knuth's DLX1 (the first of
the shortest, no hints); ``"sharp"`` is Knuth's sharp preference, items whose names
start with ``#`` before the others while they have more than one option."""


def branching_code(branching, *, locked=False) -> int:
    """The kernel's code for ``branching`` (a name of `BRANCHINGS`), checked."""
    if branching not in BRANCHINGS:
        raise ProblemError(f"branching must be one of {', '.join(BRANCHINGS)}, "
                           f"not {branching!r}")
    if locked and branching != "mrv":
        raise ProblemError("branching is for the plain search: locked=True has its own "
                           "(the dead-end tie-break)")
    return BRANCHINGS.index(branching)


FIRST_BUDGET = 2**12  # nodes in the first call: small, so short searches return at once
MAX_BUDGET = 2**26
TARGET_CALL_SECONDS = 0.05  # keeps Ctrl-C, timeouts and progress responsive
STORE_PER_CALL = 64  # solutions handed over per kernel call when iterating

_CODE_STATUS = {K.R_DONE: "complete", K.R_LIMIT: "limit", K.R_OVERFLOW: "overflow"}


def fresh_state(problem, seed=None):
    """A private copy of the problem's links and an empty search state.

    Returns ``(links, nd, it, x, st)``: the cached layout (for its node maps),
    copies of its link arrays for the kernels to change, the choice stack and
    the state vector at the start of a search (see `dlx._kernel`).
    """
    links = problem.links(seed)
    x = np.zeros(links.levels + 1, dtype=np.uint32)
    st = np.array([K.S_X2, 0, 0, problem.n_items, 0, K.B_MRV], dtype=np.int64)
    return links, links.nd.copy(), links.it.copy(), x, st


def searcher(problem) -> type[Search]:
    """The class that searches ``problem``: `Search`, or Algorithm M's for items with bounds
    (`dlx.multiplicity.MSearch`; the problem picks it, as this module is below that one)."""
    cls: type[Search] = problem._searcher()
    return cls


class Choice(NamedTuple):
    """An option the search tries: at ``level`` (from 0), option number ``option``
    with its ``label``, the ``position``-th of the ``of`` options its item had left.

    On a problem with bounds, ``of`` counts the ways the level may branch, and
    the last may be the null move: no further option for the item (``option``
    -1, ``label`` None)."""

    level: int
    option: int
    label: object
    position: int
    of: int


class Search:
    """One search over a problem, resumable, with limits.

    Iterating over it yields solutions (sorted lists of option labels) as the
    search finds them; `count` counts the rest without storing them.
    `stats` is kept up to date, and `stats.status <Stats.status>`
    says how the search ended.  Create it with `dlx.Problem.search`.

    Parameters
    ----------
    problem : Problem
    limit : int, optional
        Stop after this many solutions (status ``"limit"``).
    seed : int, optional
        Shuffle option order and item ties reproducibly.
    max_nodes : int, optional
        Stop after this many search nodes (status ``"nodes"``).
    timeout : float, optional
        Stop after this many seconds (status ``"timeout"``), checked between
        kernel calls, that is every few tens of milliseconds.
    forced : iterable of int
        Options every solution must contain.  If they clash, there is no
        solution.
    locked : bool
        Also apply the locked-items rule where the search branches, and let
        past dead ends decide ties (see `dlx.Problem.solve_many`).
    branching : str
        Which item to branch on: one of `BRANCHINGS` (``"mrv"`` by default).

    Notes
    -----
    Ctrl-C during `count` returns the partial count with status
    ``"interrupted"``; during iteration the links are restored and the
    KeyboardInterrupt propagates after the solutions already yielded.

    Examples
    --------
    >>> from dlx import Problem
    >>> s = Problem([["a"], ["a"], ["a"]]).search()
    >>> next(iter(s))
    [0]
    >>> s.count().count  # the two solutions not yet seen, plus the one above
    3
    """

    _SUFFIX = ""  # of the kernels' names: "_m" for Algorithm M's (dlx.multiplicity)

    def __init__(self, problem, *, limit=None, seed=None, max_nodes=None, timeout=None,
                 forced=(), locked=False, restore=True, branching="mrv"):
        self.problem = problem
        self.limit = validate.budget("limit", limit)
        self.max_nodes = validate.budget("max_nodes", max_nodes)
        self.timeout = validate.seconds("timeout", timeout)
        seed = validate.whole("seed", seed, least=0)
        code = branching_code(branching, locked=locked)
        fidx = problem.check_forced(forced)
        links, self._nd, self._it, self._x, self._st = self._fresh(problem, seed)
        self._seed = seed
        self._sharp = code == K.B_SHARP
        if code != K.B_MRV:
            self._branch_on(links, code)
        self._lock = np.zeros(0, dtype=np.int64)  # the plain search
        self._locked = bool(locked)
        if locked:
            self._lock_on(links)
        self._node_option = links.node_option
        self._params = np.zeros(5, dtype=np.int64)  # TRACE: 0 unless on_trace sets it
        self._stats = np.zeros(4, dtype=np.int64)
        self._prepare(links, fidx)
        self._budget = FIRST_BUDGET
        self._elapsed = 0.0
        self.stats = Stats()
        self._started = False
        # Undo the search's choices when it ends, so that the private links are the
        # problem's again (what `links_restored` checks).  Problem.solve, count and
        # unique turn it off: their search is dropped at once, and undoing every
        # level of a solved puzzle would cost a good part of a short search.
        self._restore = restore
        self._tracer = None
        self._reporter = None
        self._report_every = 0.0
        self._reported = 0.0

    # -------------------------------------------------------------- internals
    def _fresh(self, problem, seed):
        """The layout to search and private copies of its links (see `fresh_state`)."""
        return fresh_state(problem, seed)

    def _prepare(self, links, fidx):
        """The solutions buffer and the forced options' nodes (Algorithm M adds its state)."""
        self._sols = np.zeros((STORE_PER_CALL, links.levels + 1), dtype=np.uint32)
        self._forced = links.reps[fidx]

    def _lock_on(self, links):
        """Set up the locked-items rule: its state (see `dlx._kernel`) and the item flags."""
        n = self.problem.n_items
        flags = self.problem.lockable()
        if links.item_map is not None:  # a seed renamed the items
            renamed = np.zeros_like(flags)
            renamed[links.item_map] = flags[:n + 1]
            flags = renamed
        self._nd[K.COLOR, 1:n + 1] = flags[1:n + 1]
        rows = self._nd.shape[1]
        self._lock = np.zeros(len(self._x) + 2 * (n + 2) + (rows + 1) // 2, dtype=np.int64)

    def _adopt(self, nd, it, x, st, stats, elapsed):
        """Go on from where an interpreted search stopped (`dlx.small`): its arrays, the
        forced options applied already."""
        self._nd, self._it, self._x, self._st, self._stats = nd, it, x, st, stats
        self._started = True
        self._elapsed = elapsed
        self._sync()

    def _branch_on(self, links, code):
        """Set the branching rule; for ``"sharp"``, flag its items in their headers' COLOR."""
        if self.problem.bounded:
            raise ProblemError("branching is not available for problems whose items have "
                               "bounds (Algorithm M); count them with the default")
        self._st[K.BRANCH] = code
        if code == K.B_SHARP:
            n1 = self.problem.n_primary
            flags = np.zeros(self.problem.n_items + 2, dtype=np.uint32)
            flags[1:n1 + 1] = [str(name).startswith("#") for name in self.problem.primary]
            if links.item_map is not None:  # a seed renamed the items
                renamed = np.zeros_like(flags)
                renamed[links.item_map] = flags[:self.problem.n_items + 1]
                flags = renamed
            self._nd[K.COLOR, 1:self.problem.n_items + 1] = flags[1:self.problem.n_items + 1]

    def _start(self):
        if not self._started:
            self._started = True
            self._force()

    def _force(self):
        _jit.kernel("force")(self._nd, self._it, self._x, self._st, self._forced)

    def _finish(self, status):
        """Record how the search ended and restore the links."""
        if self._restore and (self._st[K.LEVEL] > 0 or self._st[K.STEP] == K.S_X5):
            _jit.kernel("unwind" + self._SUFFIX)(self._nd, self._it, self._x, self._st,
                                                 self._lock)
        if self._restore and (self._locked or self._sharp):
            self._nd[K.COLOR, 1:self.problem.n_items + 1] = 0  # the item flags
        self._st[K.STEP] = K.S_DONE
        self._stats[K.STORED] = 0
        if self.stats.status == "running":
            self.stats.status = status

    def _sync(self):
        s = self.stats
        s.nodes = int(self._stats[K.NODES])
        s.updates = int(self._stats[K.UPDATES])
        s.solutions = int(self._stats[K.COUNT])
        s.seconds = self._elapsed

    def _call(self, cap, yield_full):
        """One kernel call; returns the status if the search ended, else None."""
        self._start()
        self._stats[K.STORED] = 0  # nothing new to hand over unless the kernel stores some
        if self._st[K.STEP] == K.S_DONE:
            return "complete"
        budget = self._budget
        if self.max_nodes is not None:
            left = self.max_nodes - int(self._stats[K.NODES])
            if left <= 0:
                return "nodes"
            budget = min(budget, left)
        p = self._params
        p[K.BUDGET] = budget
        p[K.LIMIT] = self.limit or 0
        p[K.CAP] = cap
        p[K.YIELD] = 1 if yield_full else 0
        kern = _jit.kernel("search" + self._SUFFIX)
        t0 = time.perf_counter()
        code = kern(self._nd, self._it, self._x, self._st, p, self._stats, self._sols,
                    self._lock)
        dt = time.perf_counter() - t0
        self._elapsed += dt
        if code == K.R_BUDGET:
            if dt < TARGET_CALL_SECONDS / 2 and budget == self._budget:
                self._budget = min(self._budget * 2, MAX_BUDGET)
            elif dt > TARGET_CALL_SECONDS * 2:
                self._budget = max(self._budget // 2, FIRST_BUDGET)
        self._sync()
        if self._tracer is not None and self._about_to_try_traced(code):
            self._tracer(self._choice(int(self._st[K.LEVEL])))
        if self._reporter is not None and self._elapsed - self._reported >= self._report_every:
            self._reported = self._elapsed
            self._reporter(self)
        if code in _CODE_STATUS:
            return _CODE_STATUS[code]
        if self.timeout is not None and self._elapsed >= self.timeout:
            return "timeout"
        return None

    def _stored(self):
        out = []
        for k in range(int(self._stats[K.STORED])):
            n = int(self._sols[k, 0])
            out.append(self.problem.label(self._node_option[self._sols[k, 1:n + 1]]))
        return out

    def _about_to_try_traced(self, code) -> bool:
        """Did the call stop just before trying an option at a traced level?

        The kernel stops there with R_TRACE, except when the node budget ran
        out at that very point: the next call then tries the option without
        stopping, so it is shown now.
        """
        if code == K.R_TRACE:
            return True
        level = int(self._st[K.LEVEL])
        return (code == K.R_BUDGET and self._st[K.STEP] == K.S_X5
                and level < int(self._st[K.BASE]) + int(self._params[K.TRACE])
                and self._trying(level))

    def _trying(self, level: int) -> bool:
        """Is the search, stopped at ``level``, about to try a branch there?"""
        return int(self._x[level]) > self.problem.n_items

    def _choice(self, level: int) -> Choice:
        """The option at ``level`` of the choice stack, its place in its item's list."""
        nd = self._nd
        p = int(self._x[level])
        item = int(nd[K.TOP, p])
        q, k = int(nd[K.DOWN, item]), 1
        while q != p:
            q, k = int(nd[K.DOWN, q]), k + 1
        option = int(self._node_option[p])
        return Choice(level - int(self._st[K.BASE]), option, self.problem.label([option])[0],
                      k, int(nd[K.TOP, item]))

    def choices(self) -> list[Choice]:
        """The options the search is in the middle of, from the first level down.

        Between kernel calls: the option taken at each level, and the one about
        to be tried at the deepest (when the search stopped just before it).
        Forced options are not listed.
        """
        level = int(self._st[K.LEVEL])
        if self._st[K.STEP] == K.S_X5 and self._trying(level):
            level += 1
        return [self._choice(lev) for lev in range(int(self._st[K.BASE]), level)]

    def fraction_done(self) -> float:
        """Knuth's estimate of the part of the search tree already explored, in [0, 1].

        With the k-th of d options tried at the first level, the k'-th of d'
        at the next and so on, the estimate is
        (k - 1)/d + (k' - 1)/(d d') + ... + 1/(2 d d' ...): each level's
        options are taken to have subtrees of equal size.  Exact at the end;
        rough, but steadily rising, meanwhile.
        """
        if self._st[K.STEP] == K.S_DONE:
            return 1.0
        done, share = 0.0, 1.0
        for c in self.choices():
            share /= c.of
            done += (c.position - 1) * share
        return min(done + share / 2, 1.0)

    def on_trace(self, callback, levels: int) -> None:
        """Call ``callback(choice)`` before each option is tried at the first ``levels`` levels.

        ``choice`` is a `Choice`: the level (from 0), the option and its label,
        and its place among its item's options.  Knuth's programs show the same
        to follow the top of a long search.  Set it before the search starts.
        """
        self._params[K.TRACE] = validate.budget("levels", levels, least=0, optional=False)
        self._tracer = callback

    def on_progress(self, callback, every: float) -> None:
        """Call ``callback(search)`` between kernel calls, at most once every ``every`` seconds.

        The callback can read `stats` and `fraction_done` for a progress line.
        """
        self._report_every = validate.seconds("every", every) or 0.0
        self._reported = self._elapsed
        self._reporter = callback

    # -------------------------------------------------------------------- API
    def __iter__(self) -> Iterator[list[Any]]:
        status = None
        try:
            while self._st[K.STEP] != K.S_DONE or not self._started:
                status = self._call(STORE_PER_CALL, True)
                yield from self._stored()
                if status is not None:
                    break
        except KeyboardInterrupt:
            status = "interrupted"
            raise
        finally:
            # Also reached when the caller abandons the iterator (break, close,
            # garbage collection): the links are restored all the same, and a
            # search that had not ended is recorded as interrupted.
            self._finish(status or "interrupted")

    def count(self) -> CountResult:
        """Count the remaining solutions (plus those already found).

        Returns
        -------
        CountResult
        """
        try:
            while True:
                status = self._call(0, False)
                if status is not None:
                    break
        except KeyboardInterrupt:
            status = "interrupted"
        self._sync()
        self._finish(status)
        return CountResult(self.stats.solutions, self.stats.status, self.stats)

    @property
    def status(self) -> str:
        """How the search ended, or ``"running"``."""
        return self.stats.status

    def links_restored(self):
        """True when the links equal the problem's pristine ones (for tests)."""
        links = self.problem.links(self._seed)
        return (self._st[K.LEVEL] == 0 and np.array_equal(self._nd, links.nd)
                and np.array_equal(self._it, links.it))


def _plain_only(problem, what: str) -> None:
    if problem.bounded:
        raise ProblemError(f"{what} is not available for problems whose items have bounds "
                           "(Algorithm M)")


def propagate(problem, forced=()) -> PropagateResult:
    """Implementation of `dlx.Problem.propagate`."""
    _plain_only(problem, "propagate")
    fidx = problem.check_forced(forced)
    links, nd, it, x, st = fresh_state(problem)
    live = np.zeros(problem.n_options, dtype=np.uint8)
    code = _jit.kernel("propagate")(nd, it, x, st, links.reps[fidx], links.reps, live)
    chosen = links.node_option[x[: st[K.BASE]]].tolist()
    live = live.astype(bool)
    live[chosen] = True  # taken options are possible too (certain, even)
    return PropagateResult(("contradiction", "solved", "open")[code], chosen, live)


def split_depth(problem, depth) -> int:
    """`dlx.Problem.split`'s depth, checked: no search goes deeper than one choice per
    option, so a deeper cut is that one."""
    return min(validate.whole("depth", depth, least=0, optional=False), problem.n_options)


def split(problem, depth, *, forced=()) -> tuple[list[list[int]], int]:
    """Implementation of `dlx.Problem.split` without bounds (`dlx.multiplicity.split_bounded`
    splits the others, through `dlx.Problem.split`)."""
    if problem.bounded:
        cut: tuple[list[list[int]], int] = problem.split(depth, forced=forced)
        return cut
    depth = split_depth(problem, depth)
    fidx = problem.check_forced(forced)
    links, nd, it, x, st = fresh_state(problem)
    if not _jit.kernel("force")(nd, it, x, st, links.reps[fidx]):
        return [], 0
    info = np.zeros(3, dtype=np.int64)
    cap = 1024
    kern = _jit.kernel("split")
    while True:
        prefixes = np.zeros((cap, max(depth, 1)), dtype=np.uint32)
        kern(nd, it, x, st, depth, prefixes, info)
        if not info[2]:
            break
        cap = int(info[0])
    base = [int(i) for i in fidx]
    parts = [base + links.node_option[row[:depth]].tolist() for row in prefixes[: info[0]]]
    return parts, int(info[1])


@dataclass
class Estimate:
    """Knuth's random-probe estimates, with their spread.

    Attributes
    ----------
    probes : int
        Probes made: fewer than asked for when ``status`` is not ``"complete"``.
    nodes, solutions : float
        Mean estimate of the number of search-tree nodes (counted as
        `Stats.nodes` counts them: options tried, the root excluded)
        and of solutions; NaN when no probe was made.
    nodes_stderr, solutions_stderr : float
        Standard errors of those means (sample standard deviation / sqrt(probes)).
    seconds : float
    status : str
        ``"complete"``, ``"timeout"`` (the time limit stopped the probes) or
        ``"interrupted"`` (Ctrl-C did): the means are then over the probes made.
    """

    probes: int
    nodes: float
    solutions: float
    nodes_stderr: float
    solutions_stderr: float
    seconds: float
    status: str = "complete"


PROBES_PER_CALL = 64
"""Probes per kernel call.  Fixed, so that a seed gives the same estimate
however long the calls take; small, so that Ctrl-C and the time limit are
seen between calls and the buffer never grows with the number of probes."""


def _chunk_seed(seed: int, chunk: int) -> int:
    """The kernel's seed for the ``chunk``-th call: ``seed`` itself for the first."""
    if chunk == 0:
        return seed % 2**32
    z = (seed * 0x9E3779B97F4A7C15 + chunk * 0xBF58476D1CE4E5B9) % 2**64  # splitmix64 step
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
    return (z ^ (z >> 31)) % 2**32


class _Moments:
    """Running means and sums of squared deviations of columns (Chan et al.'s merge).

    The three numbers live in one tuple, replaced by one assignment, so that a
    Ctrl-C between bytecodes never leaves them out of step.
    """

    def __init__(self, columns: int):
        self.state = (0, np.zeros(columns), np.zeros(columns))

    @property
    def n(self) -> int:
        return self.state[0]

    def add(self, block: np.ndarray) -> None:
        n0, mean0, m20 = self.state
        k = block.shape[0]
        mean = block.mean(axis=0)
        n = n0 + k
        delta = mean - mean0
        self.state = (n, mean0 + delta * (k / n),
                      m20 + ((block - mean) ** 2).sum(axis=0) + delta * delta * (n0 * k / n))

    def add_zeros(self, k: int) -> None:
        n0, mean0, m20 = self.state
        n = n0 + k
        self.state = (n, mean0 * (n0 / n), m20 + mean0 * mean0 * (n0 * k / n))

    def means_and_errors(self) -> tuple[np.ndarray, np.ndarray]:
        n, mean, m2 = self.state
        if n == 0:
            return np.full_like(mean, math.nan), np.zeros_like(mean)
        if n == 1:
            return mean, np.zeros_like(mean)
        return mean, np.sqrt(m2 / (n - 1) / n)


def _prober(problem, fidx):
    """``(start, probe)``: apply the forced options (False: they clash); make probes."""
    links, nd, it, x, st = fresh_state(problem)
    force, kernel = _jit.kernel("force"), _jit.kernel("estimate")
    return (lambda: force(nd, it, x, st, links.reps[fidx]),
            lambda seed, block: kernel(nd, it, x, st, seed, block))


def estimate(problem, probes=1000, *, seed=0, forced=(), timeout=None,
             prober=_prober) -> Estimate:
    """Implementation of `dlx.Problem.estimate`: ``prober`` makes the probes
    (`dlx.multiplicity.prober` for problems with bounds)."""
    probes = validate.budget("probes", probes, optional=False)
    seed = validate.whole("seed", seed, least=0, optional=False)
    timeout = validate.seconds("timeout", timeout)
    fidx = problem.check_forced(forced)
    if problem.bounded and prober is _prober:  # Algorithm M's prober, which the problem knows
        result: Estimate = problem.estimate(probes, seed=seed, forced=forced, timeout=timeout)
        return result
    start, probe = prober(problem, fidx)  # loads the kernels before the timing starts
    buffer = np.zeros((min(probes, PROBES_PER_CALL), 2), dtype=np.float64)
    moments = _Moments(2)
    status = "complete"
    t0 = time.perf_counter()
    deadline = math.inf if timeout is None else t0 + timeout
    try:
        if start():
            chunk = 0
            while moments.n < probes:
                if time.perf_counter() >= deadline:
                    status = "timeout"
                    break
                block = buffer[: min(PROBES_PER_CALL, probes - moments.n)]
                probe(_chunk_seed(seed, chunk), block)
                moments.add(block)
                chunk += 1
        else:
            moments.add_zeros(probes)  # the forced options clash: every probe ends at once
    except KeyboardInterrupt:
        # The block being made when Ctrl-C came is dropped: the means are over whole calls.
        status = "interrupted"
    seconds = time.perf_counter() - t0
    mean, sd = moments.means_and_errors()
    return Estimate(moments.n, float(mean[0]), float(mean[1]), float(sd[0]), float(sd[1]),
                    seconds, status)
