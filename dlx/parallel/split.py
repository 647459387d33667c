"""Counting and enumerating a search cut into parts, on any backend, with a journal.

A search is cut at a *depth* into independent parts with `dlx.Problem.split`:
each part is a *prefix*, the options the search chose on its way down to one
node at that depth, and the part's solutions are those that contain its
prefix (counted with ``count(forced=prefix)``).  Every solution lies below
exactly one prefix, or above the cut (a solution reached in at most
``depth`` choices), so

    count = solutions above the cut + sum over the parts of their counts

and the same holds for the solutions themselves.  The split is deterministic
(it follows the unshuffled search), so the same problem and depth always give
the same parts in the same order; that is what lets a journal
(`dlx.parallel.journal`) name a part by its index.

The parts run on a backend (`dlx.parallel.backends`): one after the other in
this process (``jobs=1``), on worker processes (``jobs=N``, default one per
CPU, or a `WorkerPool`), or on a Dask cluster (``client=``).  The problem is
shipped to each worker once (a temporary file, or scattered by Dask), and
tasks carry only prefixes.

Stopping: ``limit`` bounds the total count, ``timeout`` the wall-clock time
of the whole run, ``max_nodes`` the search nodes of *each part*.  When any of
them (or Ctrl-C) stops the run, the count is a lower bound: ``exact`` is
False and ``status`` says why, as for `dlx.Problem.count`.
"""

from __future__ import annotations

import hashlib
import os
import socket
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from .. import validate
from ..errors import ProblemError
from .backends import backend_for, completed, shared
from .journal import Journal

__all__ = ["PartResult", "Progress", "ParallelCount", "ParallelSolutions", "choose_depth",
           "count_parallel", "fingerprint", "solutions_parallel"]

PARTS_PER_WORKER = 16  # automatic depth: the shallowest cut with this many parts per worker
MAX_AUTO_PARTS = 200_000  # ... but no deeper than the first cut with this many parts
TASKS_PER_WORKER = 64  # parts are grouped into tasks when there are many more than this
_STOP_ORDER = ("interrupted", "timeout", "nodes", "overflow", "limit")


@dataclass(frozen=True)
class PartResult:
    """The outcome of one part of a split search.

    Attributes
    ----------
    index : int
        Position of the part in the split (0-based).
    prefix : tuple of int
        The options forced for this part (the base ``forced`` options first).
    count : int
        Solutions below the prefix (a lower bound unless ``status`` is
        ``"complete"``).
    status : str
        The part's search status (see `dlx.results`).
    nodes : int
        Search nodes the part used.
    seconds : float
        Wall-clock time the part's search took, in the worker.
    cpu : float
        CPU time of the worker's thread for the part (below ``seconds`` when
        the machine is shared with other work).
    worker : str
        Where it ran: ``"hostname:pid"``.
    from_journal : bool
        True when the result was read back from the journal, not computed now.
    """

    index: int
    prefix: tuple
    count: int
    status: str
    nodes: int
    seconds: float
    cpu: float = 0.0
    worker: str = ""
    from_journal: bool = False


@dataclass(frozen=True)
class Progress:
    """What a ``progress`` callback receives after each finished part.

    Attributes
    ----------
    part : PartResult
        The part that just finished.
    done : int
        Parts with a result so far, those read from the journal included.
    total : int
        Parts in the split.
    skipped : int
        Parts read from the journal (not searched in this run).
    count : int
        Solutions so far: above the cut plus the finished parts.
    seconds : float
        Wall-clock time since the run started.
    """

    part: PartResult
    done: int
    total: int
    skipped: int
    count: int
    seconds: float


@dataclass
class ParallelCount:
    """The combined count of a split search (see `count_parallel`).

    ``int(result)`` is the count.  When `exact` is False some part was
    stopped or not run, and the true count is at least `count`.

    Attributes
    ----------
    count : int
        Solutions above the cut plus the parts' counts (at most ``limit``).
    status : str
        ``"complete"``, or why the run stopped: ``"limit"``, ``"timeout"``,
        ``"nodes"`` (some part ran out of ``max_nodes``), ``"interrupted"``.
    depth : int
        Where the search was cut.
    above : int
        Solutions found above the cut (in at most ``depth`` choices).
    n_parts : int
        Parts in the split.
    parts : list of PartResult
        Every part with a result, by index (computed now or read back).
    done : int
        Parts searched in this run.
    skipped : int
        Parts read back from the journal.
    seconds : float
        Wall-clock time of the whole run, splitting and starting workers included.
    workers : int
        Workers the parts were spread over.
    backend : str
        ``"inline"``, ``"processes"`` or ``"dask"``.
    """

    count: int
    status: str
    depth: int
    above: int
    n_parts: int
    parts: list = field(default_factory=list)
    done: int = 0
    skipped: int = 0
    seconds: float = 0.0
    workers: int = 1
    backend: str = "inline"

    @property
    def exact(self) -> bool:
        """True when every part was searched to the end."""
        return self.status == "complete"

    @property
    def missing(self) -> int:
        """Parts without any result (not run because the run stopped)."""
        return self.n_parts - len(self.parts)

    @property
    def nodes(self) -> int:
        """Search nodes of all parts with a result (the split's own are not counted)."""
        return sum(p.nodes for p in self.parts)

    def __int__(self) -> int:
        return self.count

    def __index__(self) -> int:
        return self.count

    def __str__(self) -> str:
        return str(self.count) if self.exact else f"at least {self.count} ({self.status})"



def fingerprint(problem, forced=()) -> str:
    """A SHA-256 (hex) of a problem's structure and forced options.

    Two problems get the same fingerprint exactly when they have the same
    items (primary count, total count), the same options in the same order
    with the same entries and colours, and the same forced options: that is,
    when their searches, and so their splits, are the same.  Item names and
    option labels do not take part.

    Notes
    -----
    Cost: O(total entries) (hashing a few numpy arrays).

    Examples
    --------
    >>> from dlx import Problem
    >>> a = Problem([["x", "y"], ["y"]])
    >>> b = Problem([["p", "q"], ["q"]])   # same structure, other names
    >>> fingerprint(a) == fingerprint(b), fingerprint(a) == fingerprint(a, forced=[1])
    (True, False)
    """
    import numpy as np

    h = hashlib.sha256(b"numba-dlx problem structure v1\0")
    # The exact entries the links are built from.
    entries = problem.entries
    h.update(np.array([problem.n_items, problem.n_primary, problem.n_options],
                      dtype="<i8").tobytes())
    for arr in (entries.ptr, entries.items, entries.colors):
        h.update(np.ascontiguousarray(arr, dtype="<i8").tobytes())
    if problem.bounded:  # (absent otherwise: a journal of a plain problem stays valid)
        h.update(b"bounds\0")
        h.update(np.ascontiguousarray(problem.bound_table, dtype="<i8").tobytes())
    h.update(b"forced\0")
    h.update(np.asarray(list(forced), dtype="<i8").tobytes())
    return h.hexdigest()



# --------------------------------------------------------------- the tasks
def _remaining(deadline):
    return None if deadline is None else deadline - time.time()


def _worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _count_task(ref, parts, limit, max_nodes, deadline, how=None):
    """Count parts in a worker: ``[(index, count, status, nodes, seconds, cpu, worker)]``.

    Parts not started (the deadline passed, or the limit was reached by an
    earlier part of this task) are left out; the caller knows they are missing.
    ``how`` holds `dlx.Problem.count`'s ``branching``, ``memo`` and ``memo_mb``.
    """
    problem = shared(ref)
    how = how or {}
    out = []
    for index, prefix in parts:
        left = _remaining(deadline)
        if (left is not None and left <= 0) or (limit is not None and limit <= 0):
            break
        cpu = time.thread_time()
        r = problem.count(forced=prefix, limit=limit, max_nodes=max_nodes, timeout=left,
                          **how)
        out.append((index, r.count, r.status, r.stats.nodes, r.stats.seconds,
                    time.thread_time() - cpu, _worker_name()))
        if limit is not None:
            limit -= r.count
        if r.status == "interrupted":
            break
    return out


def _solutions_task(ref, parts, limit, max_nodes, deadline):
    """Enumerate parts in a worker: ``[(index, solutions, status, nodes, seconds), ...]``."""
    problem = shared(ref)
    out = []
    for index, prefix in parts:
        left = _remaining(deadline)
        if (left is not None and left <= 0) or (limit is not None and limit <= 0):
            break
        s = problem.search(forced=prefix, limit=limit, max_nodes=max_nodes, timeout=left)
        sols = list(s)
        out.append((index, sols, s.stats.status, s.stats.nodes, s.stats.seconds))
        if limit is not None:
            limit -= len(sols)
        if s.stats.status == "interrupted":
            break
    return out


def _how(problem, limit, branching, memo, memo_mb) -> dict:
    """`_count_task`'s ``how``, checked here rather than in every worker."""
    from ..search import branching_code

    branching_code(branching)
    if memo or memo_mb is not None:
        if not memo:
            raise ProblemError("memo_mb is for memo=True")
        if limit is not None or branching != "mrv":
            raise ProblemError("memo counting takes no limit or branching (it counts each "
                               "part whole, by its own branching)")
        if problem.bounded:
            raise ProblemError("memo counting is not available for problems whose items "
                               "have bounds (Algorithm M); count them without memo")
        return {"memo": True, "memo_mb": memo_mb}
    if branching != "mrv" and problem.bounded:
        raise ProblemError("branching is not available for problems whose items have bounds "
                           "(Algorithm M); count them with the default")
    return {"branching": branching} if branching != "mrv" else {}


def _task_size(n_parts: int, workers: int) -> int:
    return max(1, n_parts // (workers * TASKS_PER_WORKER))


def _groups(indices: list, size: int) -> list:
    return [indices[k:k + size] for k in range(0, len(indices), size)]




# -------------------------------------------------------------------- depth
def choose_depth(problem, workers: int = 1, *, forced=(), per_worker: int = PARTS_PER_WORKER):
    """The shallowest cut with at least ``per_worker * workers`` parts.

    Deeper cuts give more, smaller parts: better balance between workers and
    finer-grained progress and resumption, for more splitting and per-part
    overhead.  The tree's width is found by splitting level by level, which is
    exact (unlike an estimate) and cheap next to the search itself.

    Parameters
    ----------
    problem : dlx.Problem
    workers : int
        Workers the parts will be spread over.
    forced : iterable of int
        Options forced for every part.
    per_worker : int
        Parts wanted per worker.

    Returns
    -------
    (int, list of list of int, int)
        The depth, and what `dlx.Problem.split` returns for it:
        the prefixes and the number of solutions above the cut.  The search
        stops going deeper when the tree ends (no parts left) or has more than
        ``MAX_AUTO_PARTS`` parts.

    Notes
    -----
    Cost: one split per level tried; the last one visits every search node
    above the chosen depth.

    Examples
    --------
    >>> from dlx.examples import queens
    >>> depth, parts, above = choose_depth(queens(8), 2, per_worker=8)
    >>> depth, len(parts), above
    (2, 40, 0)
    """
    workers = validate.whole("workers", workers, optional=False)
    per_worker = validate.whole("per_worker", per_worker, optional=False)
    target = per_worker * workers
    depth = 0
    parts, above = problem.split(0, forced=forced)
    while parts and len(parts) < target and depth < problem.n_primary:
        depth += 1
        parts, above = problem.split(depth, forced=forced)
        if len(parts) > MAX_AUTO_PARTS:
            break
    return depth, parts, above




# --------------------------------------------------------------------- count
def _combined_status(statuses: Iterable[str], missing: bool, limited: bool,
                     timed_out: bool) -> str:
    if limited:
        return "limit"
    seen = set(statuses)
    for s in _STOP_ORDER:
        if s in seen:
            return s
    if missing:
        return "timeout" if timed_out else "interrupted"
    return "complete"


def _depth(problem, depth) -> int | None:
    """A cut's depth, checked; no search goes deeper than one choice per option, so a
    deeper cut is that one (and a journal records the same depth for both)."""
    depth = validate.whole("depth", depth, least=0)
    return None if depth is None else min(depth, problem.n_options)


def count_parallel(problem, *, depth=None, jobs=None, client=None, progress=None,
                   journal=None, limit=None, timeout=None, max_nodes=None, forced=(),
                   connect_timeout=None, branching="mrv", memo=False, memo_mb=None):
    """Count solutions by splitting the search and counting the parts in parallel.

    Parameters
    ----------
    problem : dlx.Problem
    depth : int, optional
        Where to cut the search (see `dlx.Problem.split`).  By default
        the journal's depth when resuming, else `choose_depth`: the
        shallowest cut with at least 16 parts per worker.
    jobs : int or WorkerPool, optional
        Local worker processes; default one per CPU.  ``1`` counts the parts
        in this process, one after the other.  A `WorkerPool` is used
        and left running.
    client : dask.distributed.Client or str, optional
        Run on a Dask cluster instead: a Client, or a scheduler address such
        as ``"tcp://host:8786"`` (connected to and closed here).  A scheduler
        is trusted: it and its workers run the code they are sent.
    progress : callable, optional
        Called with a `Progress` after each finished part (once the
        journal holds it).  An exception it raises stops the run (workers
        are stopped, finished parts stay in the journal) and propagates.
    journal : str or path, optional
        JSON-lines file recording each finished part as it completes; rerun
        with the same file to skip the parts already complete.  It is locked
        for the run; an existing file must be an undamaged journal (see
        `dlx.parallel.journal`).
    limit : int, optional
        Stop once this many solutions are counted (``status == "limit"``).
    timeout : float, optional
        Seconds for the whole run; parts still running then stop.
    max_nodes : int, optional
        Search nodes allowed to *each part*; a part that uses them up is
        recorded with status ``"nodes"`` (and searched again on a rerun).
    forced : iterable of int, optional
        Options forced for every part (count the solutions that contain them).
    connect_timeout : float, optional
        Seconds to reach the scheduler at ``client``'s address, and again to
        see a worker; default ``CONNECT_TIMEOUT`` (10).
    branching, memo, memo_mb : optional
        How each part is counted, as in `dlx.Problem.count` (the cut itself
        always follows the default branching; the parts' counts add up
        exactly whatever each part's search does).  ``memo`` keeps a table
        per part, in the worker, and takes no ``limit``.

    Returns
    -------
    ParallelCount

    Raises
    ------
    ProblemError
        Bad arguments (or bad forced options).
    JournalError
        The journal belongs to another problem or depth, is not a journal or
        is damaged (the message names the line), or another run is using it.
    ClusterError
        Dask is not installed, the scheduler cannot be reached (or the
        address is not one), or its workers cannot import dlx.

    Notes
    -----
    Ctrl-C stops the workers and returns what was finished, with status
    ``"interrupted"`` (as `dlx.Problem.count` does).

    Cost: the split visits every search node above the cut; each part is then
    a search of its subtree plus forcing its prefix (O(links)).  Local workers
    take about a second to start (overlapped with the split); a cluster adds a
    few milliseconds per task.

    Examples
    --------
    >>> from dlx.examples import queens
    >>> r = count_parallel(queens(8), jobs=1, depth=2)
    >>> r.count, r.exact, r.n_parts, r.done
    (92, True, 40, 40)
    >>> count_parallel(queens(8), jobs=1, depth=2, limit=10).status
    'limit'
    """
    t0 = time.perf_counter()
    depth = _depth(problem, depth)
    limit = validate.budget("limit", limit)
    max_nodes = validate.budget("max_nodes", max_nodes)
    timeout = validate.seconds("timeout", timeout)
    forced = [int(o) for o in problem.check_forced(forced)]
    how = _how(problem, limit, branching, memo, memo_mb)
    deadline = None if timeout is None else time.time() + timeout
    # The journal is locked from here on: every way out below closes it.
    jr = (Journal(journal, fingerprint(problem, forced), problem.bounded)
          if journal is not None else None)
    try:
        if jr is not None and jr.depth is not None:
            if depth is not None and depth != jr.depth:
                jr.wrong_depth(depth)
            depth = jr.depth
        # Local workers start while the search is split.
        backend = backend_for(jobs, client, connect_timeout=connect_timeout)
    except BaseException:
        if jr is not None:
            jr.close()
        raise
    ref = stream = None
    try:
        if depth is None:
            depth, parts, above = choose_depth(problem, backend.workers, forced=forced)
        else:
            parts, above = problem.split(depth, forced=forced)
        known = jr.begin(depth, parts, above, forced, problem) if jr is not None else {}
        results = {i: PartResult(i, *e, from_journal=True) for i, e in known.items()}
        skipped = len(results)
        total = above + sum(r.count for r in results.values())
        todo = [i for i in range(len(parts)) if i not in results]
        state = {"total": total, "done": 0, "limited": limit is not None and total >= limit,
                 "interrupted": False}

        def stop_submitting():
            return state["limited"] or state["interrupted"] or (
                deadline is not None and time.time() >= deadline)

        def tasks(ref_):
            for group in _groups(todo, _task_size(len(todo), backend.workers)):
                left = None if limit is None else limit - state["total"]
                yield (ref_, [(i, parts[i]) for i in group], left, max_nodes, deadline, how)

        if todo and not state["limited"]:
            ref = backend.put(problem)
            try:
                stream = completed(backend, _count_task, tasks(ref), stop_submitting)
                for _, value in stream:
                    for index, count, status, nodes, seconds, cpu, worker in value:
                        part = PartResult(index, tuple(parts[index]), count, status, nodes,
                                          seconds, cpu, worker)
                        results[index] = part
                        state["total"] += count
                        state["done"] += 1
                        if jr is not None:
                            jr.record(part)
                        if status == "interrupted":
                            state["interrupted"] = True
                        if limit is not None and state["total"] >= limit:
                            state["limited"] = True
                        if progress is not None:
                            progress(Progress(part, len(results), len(parts), skipped,
                                              state["total"], time.perf_counter() - t0))
                    if state["limited"] or state["interrupted"]:
                        break
            except KeyboardInterrupt:
                state["interrupted"] = True
        count = state["total"] if limit is None else min(state["total"], limit)
        status = _combined_status((r.status for r in results.values()),
                                  len(results) < len(parts), state["limited"],
                                  deadline is not None and time.time() >= deadline)
        if state["interrupted"] and not state["limited"]:
            status = "interrupted"
        return ParallelCount(count, status, depth, above, len(parts),
                             [results[i] for i in sorted(results)], state["done"], skipped,
                             time.perf_counter() - t0, backend.workers, backend.name)
    finally:
        if stream is not None:
            stream.close()  # cancels what is in flight, if anything
        if ref is not None:
            backend.release(ref)
        backend.close()
        if jr is not None:
            jr.close()



# ---------------------------------------------------------------- solutions
def _shallow_solutions(problem, depth: int, forced: list, above: int) -> list:
    """The solutions above a cut (reached in at most ``depth`` choices), as option lists.

    The split only counts them.  A solution at level ``r`` below the forced
    options is a child of a non-solution node at level ``r - 1``: a prefix of
    ``split(r - 1)`` plus one option holding exactly the primary items the
    prefix leaves uncovered (and agreeing with it on secondary items).
    """
    from ..options import Colored

    if above == 0:
        return []
    if problem.bounded:
        from ..multiplicity import shallow_solutions

        return shallow_solutions(problem, depth, forced)
    found = []
    primary = set(problem.primary)
    by_items: dict = {}
    for o in range(problem.n_options):
        items = frozenset(e for e in problem.option(o) if e in primary)
        by_items.setdefault(items, []).append(o)
    previous = 0
    for level in range(depth + 1):
        _, here = problem.split(level, forced=forced)
        if here == previous:
            continue
        if level == 0:
            found.append(sorted(forced))
        else:
            nodes, _ = problem.split(level - 1, forced=forced)
            for q in nodes:
                if problem.split(1, forced=q)[1] == 0:
                    continue
                covered = {e.item if isinstance(e, Colored) else e
                           for o in q for e in problem.option(o)}
                for o in by_items.get(frozenset(primary - covered), ()):
                    r = problem.propagate(list(q) + [o])
                    if r.status == "solved" and len(r.chosen) == len(q) + 1:
                        found.append(sorted(list(q) + [o]))
        previous = here
        if previous == above:
            break
    return found


class ParallelSolutions:
    """Solutions of a split search, enumerated in parallel (see `solutions_parallel`).

    Iterate over it once.  Afterwards (or while iterating) `status` says
    how the enumeration ended: ``"complete"``, or ``"limit"``, ``"timeout"``,
    ``"nodes"`` (a part ran out of ``max_nodes``), ``"interrupted"``.

    Attributes
    ----------
    depth : int or None
        The cut (known once iteration has started).
    n_parts, done : int
        Parts in the split; parts whose solutions have been yielded.
    status : str
        ``"running"`` until the iteration ends.
    """

    def __init__(self, problem, *, depth, jobs, client, limit, timeout, max_nodes, forced,
                 connect_timeout=None):
        self.problem = problem
        self.depth = _depth(problem, depth)
        self.limit = validate.budget("limit", limit)
        self.max_nodes = validate.budget("max_nodes", max_nodes)
        self.timeout = validate.seconds("timeout", timeout)
        self.forced = [int(o) for o in problem.check_forced(forced)]
        self._jobs = jobs
        self._client = client
        self._connect_timeout = connect_timeout
        self.n_parts = 0
        self.done = 0
        self.status = "running"
        self._used = False

    def __iter__(self):
        if self._used:
            raise ProblemError("a ParallelSolutions can be iterated over only once")
        self._used = True
        return self._run()

    def _run(self):
        problem, limit = self.problem, self.limit
        deadline = None if self.timeout is None else time.time() + self.timeout
        labels = problem.labels
        backend = backend_for(self._jobs, self._client,
                              connect_timeout=self._connect_timeout)
        ref = stream = None
        statuses: list = []
        yielded = 0
        try:
            if self.depth is None:
                self.depth, parts, above = choose_depth(problem, backend.workers,
                                                        forced=self.forced)
            else:
                parts, above = problem.split(self.depth, forced=self.forced)
            self.n_parts = len(parts)
            for sol in _shallow_solutions(problem, self.depth, self.forced, above):
                if limit is not None and yielded >= limit:
                    break
                yielded += 1
                yield [labels[o] for o in sol]
            size = _task_size(len(parts), backend.workers)
            groups = _groups(list(range(len(parts))), size)
            ready: dict = {}  # task number -> its parts' outcomes, until its turn
            turn = 0
            limited = limit is not None and yielded >= limit

            def stop_submitting():
                return limited or (deadline is not None and time.time() >= deadline)

            def tasks(ref_):
                for group in groups:
                    left = None if limit is None else limit - yielded
                    yield (ref_, [(i, parts[i]) for i in group], left, self.max_nodes,
                           deadline)

            if parts and not limited:
                ref = backend.put(problem)
                stream = completed(backend, _solutions_task, tasks(ref), stop_submitting)
                for number, value in stream:
                    ready[number] = value
                    while turn in ready and not limited:
                        for _, sols, status, _, _ in ready.pop(turn):
                            statuses.append(status)
                            for sol in sols:
                                if limit is not None and yielded >= limit:
                                    break
                                yielded += 1
                                yield sol
                            self.done += 1
                            if limit is not None and yielded >= limit:
                                limited = True
                                break
                        turn += 1
                    if limited:
                        break
            self.status = _combined_status(statuses, self.done < len(parts), limited,
                                           deadline is not None and time.time() >= deadline)
        except KeyboardInterrupt:
            self.status = "interrupted"
            raise
        finally:
            if self.status == "running":
                self.status = "interrupted"
            if stream is not None:
                stream.close()
            if ref is not None:
                backend.release(ref)
            backend.close()


def solutions_parallel(problem, *, depth=None, jobs=None, client=None, limit=None,
                       timeout=None, max_nodes=None, forced=(),
                       connect_timeout=None) -> ParallelSolutions:
    """Enumerate solutions by splitting the search and enumerating the parts in parallel.

    Workers enumerate whole parts and send their solutions back, so this suits
    moderate numbers of solutions (they are held in memory a few parts at a
    time); use `count_parallel` to count many.

    Parameters
    ----------
    problem : dlx.Problem
    depth, jobs, client, timeout, max_nodes, forced, connect_timeout
        As for `count_parallel`.
    limit : int, optional
        Stop after yielding this many solutions.

    Returns
    -------
    ParallelSolutions
        An iterable of solutions (sorted lists of option labels, as
        `dlx.Problem.solutions` gives them): first those above the cut
        (sorted), then each part's, by part index, each part's in search
        order.  With the same depth the order is always the same, whatever the
        backend.  Its ``status`` tells afterwards whether the enumeration was
        complete.

    Notes
    -----
    Cost: as `count_parallel`, plus shipping and holding the solutions.

    Examples
    --------
    >>> from dlx.examples import queens
    >>> sols = solutions_parallel(queens(6), jobs=1, depth=2)
    >>> sorted(s[0] for s in sols), sols.status      # where the top-row queen stands
    ([(0, 1), (0, 2), (0, 3), (0, 4)], 'complete')
    """
    return ParallelSolutions(problem, depth=depth, jobs=jobs, client=client, limit=limit,
                             timeout=timeout, max_nodes=max_nodes, forced=forced,
                             connect_timeout=connect_timeout)

