"""Counting and enumerating on many cores or machines: split, farm out, journal, combine.

A search is cut at a *depth* into independent parts with
:meth:`dlx.Problem.split`: each part is a *prefix*, the options the search
chose on its way down to one node at that depth, and the part's solutions are
those that contain its prefix (counted with ``count(forced=prefix)``).  Every
solution lies below exactly one prefix, or above the cut (a solution reached
in at most ``depth`` choices), so

    count = solutions above the cut + sum over the parts of their counts

and the same holds for the solutions themselves.  The split is deterministic
(it follows the unshuffled search), so the same problem and depth always give
the same parts in the same order; that is what lets a journal name a part by
its index.

Where the parts run (a *backend*):

* ``jobs=1``: one after the other in this process;
* ``jobs=N`` (default: one per CPU) or a :class:`WorkerPool`: worker
  processes on this machine (:class:`concurrent.futures.ProcessPoolExecutor`);
* ``client=`` a ``dask.distributed.Client`` or a scheduler address such as
  ``"tcp://10.0.0.5:8786"``: a Dask cluster (``pip install "numba-dlx[cluster]"``).
  Every worker must have ``numba-dlx`` installed.

Worker processes are started with ``forkserver`` where the platform has it
and ``spawn`` elsewhere, never plain ``fork``: a forked child inherits a copy
of every lock held by the parent's other threads (numba's threading layer
after a parallel batch, the kernel loader's compile-notice timer, a Dask
client's event loop) and can deadlock on one.  The fork server is a clean
process that has imported numba and run nothing else (no search, no lock
held), so its children start in a fraction of a second; they load the compiled kernels from numba's
on-disk cache.  As with any ``spawn``/``forkserver`` pool, a script that calls
these functions must guard its top level with ``if __name__ == "__main__":``.
Workers ignore SIGINT: Ctrl-C is handled here, which stops the workers and
returns what was finished.  The problem is pickled once into a temporary file
that each worker reads once (Dask: scattered to every worker once), and tasks
carry only prefixes.

Journal (``journal=PATH``): JSON lines, flushed as each part completes.  The
first line describes the run::

    {"journal": "dlx-parallel-count", "version": 1, "fingerprint": "<sha256>",
     "depth": 3, "parts": 2194, "above": 0, "forced": [], "dlx": "0.1.0", ...}

and each further line one finished part::

    {"part": 17, "prefix": [12, 440, 1203], "count": 52, "status": "complete",
     "nodes": 18211, "seconds": 0.0431, "cpu": 0.0429, "worker": "host:4711"}

On a rerun with the same journal, parts recorded as complete are not searched
again; their counts are read back.  The fingerprint is a SHA-256 of the
problem's items and options (and the forced options), so a journal of another
problem, or of another depth, is refused with a message saying what to do.  A
line cut short by a crash is dropped.  One run at a time per journal: two runs
appending to the same file would interleave their records.

Stopping: ``limit`` bounds the total count, ``timeout`` the wall-clock time
of the whole run, ``max_nodes`` the search nodes of *each part*.  When any of
them (or Ctrl-C) stops the run, the count is a lower bound: ``exact`` is
False and ``status`` says why, as for :meth:`dlx.Problem.count`.

Importing this module does not import numba or dask.
"""

from __future__ import annotations

import hashlib
import json
import operator
import os
import pickle
import signal
import socket
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor
from concurrent.futures import wait as _wait_futures
from dataclasses import dataclass, field

from ._args import positive_seconds
from .errors import DLXError, ProblemError

__all__ = [
    "ClusterError", "JournalError", "ParallelCount", "ParallelSolutions", "PartResult",
    "Progress", "WorkerPool", "choose_depth", "count_parallel", "fingerprint",
    "map_sudoku_chunks", "solutions_parallel",
]

PARTS_PER_WORKER = 16  # automatic depth: the shallowest cut with this many parts per worker
MAX_AUTO_PARTS = 200_000  # ... but no deeper than the first cut with this many parts
TASKS_PER_WORKER = 64  # parts are grouped into tasks when there are many more than this
SUDOKU_CHUNK = 2048  # puzzles per task in map_sudoku_chunks (about 50 ms of 9x9 work)
CONNECT_TIMEOUT = 30.0  # seconds to reach a scheduler and see a worker
JOURNAL_KIND = "dlx-parallel-count"
JOURNAL_VERSION = 1
_STOP_ORDER = ("interrupted", "timeout", "nodes", "overflow", "limit")


class JournalError(DLXError):
    """A journal cannot be used for this run (another problem or depth, or damaged)."""


class ClusterError(DLXError):
    """Dask is missing, the scheduler cannot be reached, or its workers cannot run dlx."""


# ------------------------------------------------------------------- records
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
        The part's search status (see :mod:`dlx.results`).
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
    """The combined count of a split search (see :func:`count_parallel`).

    ``int(result)`` is the count.  When :attr:`exact` is False some part was
    stopped or not run, and the true count is at least :attr:`count`.

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


# ------------------------------------------------------------------ checking
def _whole(name, value, *, least=1, allow_none=True):
    if value is None and allow_none:
        return None
    try:
        if isinstance(value, bool):
            raise TypeError
        value = operator.index(value)
    except TypeError:
        raise ProblemError(f"{name} must be a whole number, not {value!r}") from None
    if value < least:
        raise ProblemError(f"{name} must be at least {least}, not {value}")
    return value


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
    # Private arrays of Problem: the exact entries the links are built from.
    h.update(np.array([problem.n_items, problem.n_primary, problem.n_options],
                      dtype="<i8").tobytes())
    for arr in (problem._ptr, problem._flat_items, problem._flat_colors):
        h.update(np.ascontiguousarray(arr, dtype="<i8").tobytes())
    h.update(b"forced\0")
    h.update(np.asarray(list(forced), dtype="<i8").tobytes())
    return h.hexdigest()


# --------------------------------------------------------------- the workers
class _ProblemFile:
    """A problem pickled into a file that local workers read once each."""

    def __init__(self, problem):
        data = pickle.dumps(problem, protocol=pickle.HIGHEST_PROTOCOL)
        self.key = hashlib.sha256(data).hexdigest()
        fd, self.path = tempfile.mkstemp(prefix="dlx-problem-", suffix=".pickle")
        with os.fdopen(fd, "wb") as f:
            f.write(data)

    def remove(self) -> None:
        try:
            os.unlink(self.path)
        except OSError:
            pass


_worker_problems: dict = {}  # in a worker: problem file key -> Problem (a couple at most)


def _problem_of(ref):
    """The problem a task refers to: the object itself, or one read from its file."""
    if not isinstance(ref, _ProblemFile):
        return ref
    problem = _worker_problems.get(ref.key)
    if problem is None:
        with open(ref.path, "rb") as f:
            problem = pickle.load(f)
        if len(_worker_problems) >= 2:
            _worker_problems.clear()
        _worker_problems[ref.key] = problem
    return problem


def _worker_start() -> None:
    """Initializer of local worker processes: ignore Ctrl-C, load the kernels."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.environ["DLX_NO_COMPILE_NOTICE"] = "1"  # the parent says it once if needed
    try:
        from . import _jit

        _jit.warm_up(("search", "unwind", "force"))
    except Exception:  # pragma: no cover - the first task reports the real error
        pass


def _noop() -> int:
    return os.getpid()


def _remaining(deadline):
    return None if deadline is None else deadline - time.time()


def _worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _count_task(ref, parts, limit, max_nodes, deadline):
    """Count parts in a worker: ``[(index, count, status, nodes, seconds, cpu, worker)]``.

    Parts not started (the deadline passed, or the limit was reached by an
    earlier part of this task) are left out; the caller knows they are missing.
    """
    problem = _problem_of(ref)
    out = []
    for index, prefix in parts:
        left = _remaining(deadline)
        if (left is not None and left <= 0) or (limit is not None and limit <= 0):
            break
        cpu = time.thread_time()
        r = problem.count(forced=prefix, limit=limit, max_nodes=max_nodes, timeout=left)
        out.append((index, r.count, r.status, r.stats.nodes, r.stats.seconds,
                    time.thread_time() - cpu, _worker_name()))
        if limit is not None:
            limit -= r.count
        if r.status == "interrupted":
            break
    return out


def _solutions_task(ref, parts, limit, max_nodes, deadline):
    """Enumerate parts in a worker: ``[(index, solutions, status, nodes, seconds), ...]``."""
    problem = _problem_of(ref)
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


def _sudoku_task(items, start, mode, limit, timeout, max_nodes):
    """Solve one chunk of puzzles in a worker; results carry their index in the whole input."""
    from sudoku.solver import solve_all

    results = list(solve_all(items, mode=mode, limit=limit, jobs=1, timeout=timeout,
                             max_nodes=max_nodes))
    for res in results:
        res.index += start
    return results


# -------------------------------------------------------------- local pools
def _default_start_method() -> str:
    import multiprocessing as mp

    return "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"


class WorkerPool:
    """Worker processes on this machine, reusable across runs.

    Passing ``jobs=N`` to the functions of this module starts a pool for the
    call and stops it afterwards; passing a :class:`WorkerPool` keeps its
    processes (and their loaded kernels) warm between calls.

    Parameters
    ----------
    jobs : int, optional
        Number of processes; default one per CPU (``os.cpu_count()``).
    start_method : {"forkserver", "spawn"}, optional
        How processes start; default ``"forkserver"`` where available, else
        ``"spawn"`` (see the module docstring for why never ``"fork"``).

    Notes
    -----
    Cost: starting takes about half a second to a second (the processes start
    side by side; each loads the compiled kernels); :meth:`start` begins it
    without waiting.

    Examples
    --------
    >>> from dlx.examples import queens
    >>> with WorkerPool(2) as pool:
    ...     [count_parallel(queens(n), jobs=pool).count for n in (8, 9)]
    [92, 352]
    """

    def __init__(self, jobs: int | None = None, *, start_method: str | None = None):
        jobs = _whole("jobs", jobs, least=0)
        self.jobs = jobs or os.cpu_count() or 1
        if start_method is None:
            start_method = _default_start_method()
        if start_method not in ("forkserver", "spawn"):
            raise ProblemError(f"start_method must be 'forkserver' or 'spawn', not "
                               f"{start_method!r} ('fork' is unsafe with numba and dask threads)")
        self.start_method = start_method
        self._executor = None
        self._starting: list = []
        self._closed = False

    def __repr__(self) -> str:
        state = "closed" if self._closed else ("running" if self._executor else "idle")
        return f"WorkerPool(jobs={self.jobs}, start_method={self.start_method!r}, {state})"

    def executor(self) -> ProcessPoolExecutor:
        """The underlying executor, created on first use (or after an abort)."""
        if self._closed:
            raise ProblemError("this WorkerPool is closed; create a new one")
        if self._executor is None:
            import multiprocessing as mp

            ctx = mp.get_context(self.start_method)
            if self.start_method == "forkserver":
                # Children of the fork server start with numba already imported.
                ctx.set_forkserver_preload(["dlx._kernel", "dlx.search"])
            self._executor = ProcessPoolExecutor(self.jobs, mp_context=ctx,
                                                 initializer=_worker_start)
        return self._executor

    def start(self) -> None:
        """Start every process now, without waiting for them to be ready."""
        ex = self.executor()
        if not self._starting:
            self._starting = [ex.submit(_noop) for _ in range(self.jobs)]

    def warm(self) -> None:
        """Start every process and wait until each has loaded the kernels."""
        self.start()
        for f in self._starting:
            f.result()

    def abort(self) -> None:
        """Stop the processes at once, dropping queued and running tasks.

        The pool stays usable: new processes start on its next use.
        """
        ex, self._executor, self._starting = self._executor, None, []
        if ex is None:
            return
        terminate = getattr(ex, "terminate_workers", None)  # Python 3.14+
        if terminate is not None:
            terminate()
        else:
            for proc in list(getattr(ex, "_processes", {}).values()):
                try:
                    proc.terminate()
                except Exception:  # pragma: no cover - already gone
                    pass
            ex.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Drop queued tasks, let running ones finish, then stop the processes."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
        self._executor = None
        self._starting = []
        self._closed = True

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc) -> None:
        if exc[0] is not None:
            self.abort()
        self.close()


# ------------------------------------------------------------------ backends
class _Inline:
    """Runs each task in this process when it is submitted."""

    name = "inline"
    workers = 1
    window = 1

    def put(self, problem):
        return problem

    def release(self, ref) -> None:
        pass

    def submit(self, fn, *args):
        f: Future = Future()
        try:
            f.set_result(fn(*args))
        except Exception as exc:
            f.set_exception(exc)
        return f

    def wait(self, handles):
        return handles

    def result(self, handle):
        return handle.result()

    def abort(self, handles) -> None:
        pass

    def close(self) -> None:
        pass


class _Processes:
    """Tasks on a :class:`WorkerPool`."""

    name = "processes"

    def __init__(self, pool: WorkerPool, owned: bool):
        self.pool = pool
        self.owned = owned
        self.workers = pool.jobs
        self.window = 2 * pool.jobs  # one running and one queued per worker
        pool.start()

    def put(self, problem):
        return _ProblemFile(problem)

    def release(self, ref) -> None:
        ref.remove()

    def submit(self, fn, *args):
        from concurrent.futures.process import BrokenProcessPool

        try:
            return self.pool.executor().submit(fn, *args)
        except BrokenProcessPool:
            self._broken()

    def wait(self, handles):
        done, _ = _wait_futures(handles, return_when=FIRST_COMPLETED)
        return [h for h in handles if h in done]

    def result(self, handle):
        from concurrent.futures.process import BrokenProcessPool

        try:
            return handle.result()
        except BrokenProcessPool:
            self._broken()

    def _broken(self):
        self.pool.abort()
        raise DLXError("a worker process died: out of memory, killed, or it could not "
                       "start (a script that uses worker processes must guard its top "
                       "level with `if __name__ == \"__main__\":`)") from None

    def abort(self, handles) -> None:
        running = [h for h in handles if not h.cancel()]
        if running:  # a task cannot be cancelled once it runs: stop its process
            self.pool.abort()

    def close(self) -> None:
        if self.owned:
            self.pool.close()


def _connect(client):
    """A dask.distributed Client from a Client or an address; returns (client, owned)."""
    if not isinstance(client, str):
        if not (hasattr(client, "submit") and hasattr(client, "scatter")):
            raise ProblemError(f"client must be a dask.distributed.Client or a scheduler "
                               f"address such as 'tcp://host:8786', not {client!r}")
        return client, False
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("running on a Dask cluster needs dask.distributed; install it "
                           "with: pip install \"numba-dlx[cluster]\"") from None
    try:
        c = Client(client, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {client}: {exc}; check the "
                           f"address, or start one with `dask scheduler`") from None
    return c, True


class _Dask:
    """Tasks on a Dask cluster."""

    name = "dask"

    def __init__(self, client):
        self.client, self.owned = _connect(client)
        try:
            if not self.client.nthreads():
                self.client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            self.close()
            raise ClusterError(f"no Dask worker joined the scheduler within "
                               f"{CONNECT_TIMEOUT:g} s ({exc}); start some with "
                               f"`dask worker ADDRESS`") from None
        self.workers = max(1, sum(self.client.nthreads().values()))
        self.window = 3 * self.workers  # covers the scheduler's round trips

    def put(self, problem):
        return self.client.scatter(problem, broadcast=True, hash=False)

    def release(self, ref) -> None:
        try:
            ref.release()
        except Exception:  # pragma: no cover - client already closed
            pass

    def submit(self, fn, *args):
        return self.client.submit(fn, *args, pure=False)

    def wait(self, handles):
        from distributed import wait

        done, _ = wait(handles, return_when="FIRST_COMPLETED")
        return [h for h in handles if h in done]

    def result(self, handle):
        try:
            return handle.result()
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.split(".")[0] in ("dlx", "sudoku"):
                raise ClusterError("the Dask workers cannot import dlx; install numba-dlx "
                                   "on every worker machine") from None
            raise

    def abort(self, handles) -> None:
        try:
            self.client.cancel(handles)
        except Exception:  # pragma: no cover - connection lost
            pass

    def close(self) -> None:
        if self.owned:
            self.client.close()


def _backend(jobs, client):
    if client is not None:
        if jobs is not None:
            raise ProblemError("give either jobs (local processes) or client (a Dask "
                               "cluster), not both")
        return _Dask(client)
    if isinstance(jobs, WorkerPool):
        return _Processes(jobs, owned=False)
    n = _whole("jobs", jobs, least=0) or os.cpu_count() or 1
    if n == 1:
        return _Inline()
    return _Processes(WorkerPool(n), owned=True)


def _completed(backend, fn, tasks: Iterator, stop_submitting: Callable[[], bool]):
    """Run ``fn(*args)`` for each ``args`` of ``tasks`` on ``backend``; yield
    ``(task number, result)`` as tasks complete.

    At most ``backend.window`` tasks are in flight; ``tasks`` is advanced only
    when a slot frees, so it can compute each task's arguments (a remaining
    limit, say) from the results so far.  Leaving the loop early (break, an
    exception, Ctrl-C) cancels what is still in flight.
    """
    pending: dict = {}
    number = 0
    exhausted = False
    try:
        while True:
            while not exhausted and len(pending) < backend.window and not stop_submitting():
                try:
                    args = next(tasks)
                except StopIteration:
                    exhausted = True
                    break
                pending[backend.submit(fn, *args)] = number
                number += 1
            if not pending:
                return
            for handle in backend.wait(list(pending)):
                yield pending.pop(handle), backend.result(handle)
    finally:
        if pending:
            backend.abort(list(pending))


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
        The depth, and what :meth:`dlx.Problem.split` returns for it:
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
    workers = _whole("workers", workers, allow_none=False)
    per_worker = _whole("per_worker", per_worker, allow_none=False)
    target = per_worker * workers
    depth = 0
    parts, above = problem.split(0, forced=forced)
    while parts and len(parts) < target and depth < problem.n_primary:
        depth += 1
        parts, above = problem.split(depth, forced=forced)
        if len(parts) > MAX_AUTO_PARTS:
            break
    return depth, parts, above


# ------------------------------------------------------------------ journal
class _Journal:
    """Append-only JSON-lines record of finished parts (see the module docstring)."""

    def __init__(self, path, fp: str):
        self.path = os.fspath(path)
        self.fingerprint = fp
        self.header = None
        self.entries: dict = {}
        self._file = None
        self._read()

    def _fail(self, message: str):
        raise JournalError(f"journal {self.path}: {message}")

    def _read(self) -> None:
        try:
            with open(self.path, "rb") as f:
                data = f.read()
        except FileNotFoundError:
            return
        except OSError as exc:
            self._fail(f"cannot read it: {exc.strerror or exc}")
        end = data.rfind(b"\n") + 1
        self._keep = end  # bytes to keep: a last line cut short by a crash is dropped
        lines = data[:end].decode("utf-8", errors="replace").split("\n")[:-1]
        if not lines:
            return
        try:
            header = json.loads(lines[0])
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("journal") != JOURNAL_KIND:
            self._fail("this file is not a dlx journal (its first line is not a "
                       "dlx-parallel-count header); give a new path")
        if header.get("version") != JOURNAL_VERSION:
            self._fail(f"journal version {header.get('version')} is not supported "
                       f"(this is version {JOURNAL_VERSION}); use a new journal")
        if header.get("fingerprint") != self.fingerprint:
            self._fail("it was written for another problem (or other forced options): "
                       f"fingerprint {str(header.get('fingerprint'))[:12]}... is not "
                       f"{self.fingerprint[:12]}...; give another journal path, or delete "
                       "it to start over")
        self.header = header
        for number, line in enumerate(lines[1:], 2):
            if not line.strip():
                continue
            try:
                e = json.loads(line)
                index = int(e["part"])
                entry = (tuple(int(o) for o in e["prefix"]), int(e["count"]), str(e["status"]),
                         int(e.get("nodes", 0)), float(e.get("seconds", 0.0)),
                         float(e.get("cpu", 0.0)), str(e.get("worker", "")))
            except (ValueError, KeyError, TypeError):
                self._fail(f"line {number} is damaged (not a part record); delete the "
                           f"line or the journal")
            if entry[2] == "complete" or index not in self.entries:
                self.entries[index] = entry

    @property
    def depth(self):
        return None if self.header is None else int(self.header["depth"])

    def wrong_depth(self, depth: int):
        self._fail(f"it was written with depth {self.header['depth']}, not {depth}; rerun "
                   f"with depth {self.header['depth']} (or no depth) to resume, or give "
                   f"another journal path")

    def begin(self, depth: int, parts: list, above: int, forced: list, problem) -> dict:
        """Check the journal against the split, or start it; returns complete parts."""
        from . import __version__

        if self.header is not None:
            if int(self.header["depth"]) != depth:
                self.wrong_depth(depth)
            if int(self.header["parts"]) != len(parts) or int(self.header["above"]) != above:
                self._fail(f"it lists {self.header['parts']} parts at depth {depth} but this "
                           f"version of dlx splits into {len(parts)}; it was written by dlx "
                           f"{self.header.get('dlx')}; give another journal path")
            for index, entry in self.entries.items():
                if not 0 <= index < len(parts) or tuple(parts[index]) != entry[0]:
                    self._fail(f"part {index} does not match this split (written by dlx "
                               f"{self.header.get('dlx')}); give another journal path")
            self._file = open(self.path, "r+b")
            self._file.truncate(self._keep)
            self._file.seek(self._keep)
        else:
            self.header = {"journal": JOURNAL_KIND, "version": JOURNAL_VERSION,
                           "fingerprint": self.fingerprint, "depth": depth,
                           "parts": len(parts), "above": above, "forced": forced,
                           "items": problem.n_items, "options": problem.n_options,
                           "dlx": __version__,
                           "created": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
            try:
                self._file = open(self.path, "wb")
            except OSError as exc:
                self._fail(f"cannot write it: {exc.strerror or exc}")
            self._write(self.header)
        return {i: e for i, e in self.entries.items() if e[2] == "complete"}

    def _write(self, obj) -> None:
        self._file.write((json.dumps(obj, separators=(",", ":")) + "\n").encode("utf-8"))
        self._file.flush()

    def record(self, part: PartResult) -> None:
        self._write({"part": part.index, "prefix": list(part.prefix), "count": part.count,
                     "status": part.status, "nodes": part.nodes,
                     "seconds": round(part.seconds, 6), "cpu": round(part.cpu, 6),
                     "worker": part.worker})

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


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


def count_parallel(problem, *, depth=None, jobs=None, client=None, progress=None,
                   journal=None, limit=None, timeout=None, max_nodes=None, forced=()):
    """Count solutions by splitting the search and counting the parts in parallel.

    Parameters
    ----------
    problem : dlx.Problem
    depth : int, optional
        Where to cut the search (see :meth:`dlx.Problem.split`).  By default
        the journal's depth when resuming, else :func:`choose_depth`: the
        shallowest cut with at least 16 parts per worker.
    jobs : int or WorkerPool, optional
        Local worker processes; default one per CPU.  ``1`` counts the parts
        in this process, one after the other.  A :class:`WorkerPool` is used
        and left running.
    client : dask.distributed.Client or str, optional
        Run on a Dask cluster instead: a Client, or a scheduler address such
        as ``"tcp://host:8786"`` (connected to and closed here).
    progress : callable, optional
        Called with a :class:`Progress` after each finished part (once the
        journal holds it).  An exception it raises stops the run (workers
        are stopped, finished parts stay in the journal) and propagates.
    journal : str or path, optional
        JSON-lines file recording each finished part as it completes; rerun
        with the same file to skip the parts already complete.
    limit : int, optional
        Stop once this many solutions are counted (``status == "limit"``).
    timeout : float, optional
        Seconds for the whole run; parts still running then stop.
    max_nodes : int, optional
        Search nodes allowed to *each part*; a part that uses them up is
        recorded with status ``"nodes"`` (and searched again on a rerun).
    forced : iterable of int, optional
        Options forced for every part (count the solutions that contain them).

    Returns
    -------
    ParallelCount

    Raises
    ------
    ProblemError
        Bad arguments (or bad forced options).
    JournalError
        The journal belongs to another problem or depth, or is damaged.
    ClusterError
        Dask is not installed, the scheduler cannot be reached, or its
        workers cannot import dlx.

    Notes
    -----
    Ctrl-C stops the workers and returns what was finished, with status
    ``"interrupted"`` (as :meth:`dlx.Problem.count` does).

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
    depth = _whole("depth", depth, least=0)
    limit = _whole("limit", limit)
    max_nodes = _whole("max_nodes", max_nodes)
    timeout = positive_seconds(timeout)
    forced = [int(o) for o in problem._check_forced(forced)]
    deadline = None if timeout is None else time.time() + timeout
    jr = _Journal(journal, fingerprint(problem, forced)) if journal is not None else None
    if jr is not None and jr.depth is not None:
        if depth is not None and depth != jr.depth:
            jr.wrong_depth(depth)
        depth = jr.depth
    backend = _backend(jobs, client)  # local workers start while the search is split
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
                yield (ref_, [(i, parts[i]) for i in group], left, max_nodes, deadline)

        if todo and not state["limited"]:
            ref = backend.put(problem)
            try:
                stream = _completed(backend, _count_task, tasks(ref), stop_submitting)
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
    from .problem import Colored

    if above == 0:
        return []
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
    """Solutions of a split search, enumerated in parallel (see :func:`solutions_parallel`).

    Iterate over it once.  Afterwards (or while iterating) :attr:`status` says
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

    def __init__(self, problem, *, depth, jobs, client, limit, timeout, max_nodes, forced):
        self.problem = problem
        self.depth = _whole("depth", depth, least=0)
        self.limit = _whole("limit", limit)
        self.max_nodes = _whole("max_nodes", max_nodes)
        self.timeout = positive_seconds(timeout)
        self.forced = [int(o) for o in problem._check_forced(forced)]
        self._jobs = jobs
        self._client = client
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
        backend = _backend(self._jobs, self._client)
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
                stream = _completed(backend, _solutions_task, tasks(ref), stop_submitting)
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
                       timeout=None, max_nodes=None, forced=()) -> ParallelSolutions:
    """Enumerate solutions by splitting the search and enumerating the parts in parallel.

    Workers enumerate whole parts and send their solutions back, so this suits
    moderate numbers of solutions (they are held in memory a few parts at a
    time); use :func:`count_parallel` to count many.

    Parameters
    ----------
    problem : dlx.Problem
    depth, jobs, client, timeout, max_nodes, forced
        As for :func:`count_parallel`.
    limit : int, optional
        Stop after yielding this many solutions.

    Returns
    -------
    ParallelSolutions
        An iterable of solutions (sorted lists of option labels, as
        :meth:`dlx.Problem.solutions` gives them): first those above the cut
        (sorted), then each part's, by part index, each part's in search
        order.  With the same depth the order is always the same, whatever the
        backend.  Its ``status`` tells afterwards whether the enumeration was
        complete.

    Notes
    -----
    Cost: as :func:`count_parallel`, plus shipping and holding the solutions.

    Examples
    --------
    >>> from dlx.examples import queens
    >>> sols = solutions_parallel(queens(6), jobs=1, depth=2)
    >>> sorted(s[0] for s in sols), sols.status      # where the top-row queen stands
    ([(0, 1), (0, 2), (0, 3), (0, 4)], 'complete')
    """
    return ParallelSolutions(problem, depth=depth, jobs=jobs, client=client, limit=limit,
                             timeout=timeout, max_nodes=max_nodes, forced=forced)


# ------------------------------------------------------------------- Sudoku
def map_sudoku_chunks(items: Iterable, mode: str = "solve", *, client=None, jobs=None,
                      chunk: int = SUDOKU_CHUNK, limit=None, timeout=None, max_nodes=None):
    """Solve, check or count a large batch of puzzles in chunks spread over workers.

    Each chunk of ``chunk`` items goes to one worker, which runs
    :func:`sudoku.solver.solve_all` on it; results come back in input order,
    each chunk's as soon as it and every chunk before it are done.  The input
    is read lazily and only a few chunks per worker are in flight, so memory
    does not grow with the input.

    Parameters
    ----------
    items : iterable of str, sudoku.Puzzle or sudoku.PuzzleError
        Puzzle lines, or what :func:`sudoku.read_puzzles` yields.
    mode : {"solve", "check", "count"}
    client : dask.distributed.Client or str, optional
        A Dask cluster (a Client or a scheduler address).
    jobs : int or WorkerPool, optional
        Local worker processes when no client is given; default one per
        CPU.  ``1`` is exactly :func:`sudoku.solver.solve_all`.
    chunk : int
        Items per task.  Large enough that a task takes tens of milliseconds.
    limit, timeout, max_nodes
        As for :func:`sudoku.solver.solve_all` (per puzzle).

    Yields
    ------
    sudoku.solver.PuzzleResult
        One per item, ``index`` counting from 0 over the whole input.

    Raises
    ------
    ClusterError
        Dask is missing or the scheduler cannot be reached.

    Notes
    -----
    Cost: ``solve_all``'s (10-40 us per 9x9 puzzle) divided by the workers,
    plus shipping the puzzles and results (a few us each).  Ctrl-C stops the
    workers and raises KeyboardInterrupt after the results already yielded.

    Examples
    --------
    >>> lines = ["." * 16, "1234" * 4, "12.." + "." * 12]
    >>> [r.verdict for r in map_sudoku_chunks(lines, "check", jobs=1)]
    ['multiple', 'invalid', 'multiple']
    """
    if mode not in ("solve", "check", "count"):
        raise ValueError(f"mode must be 'solve', 'check' or 'count', not {mode!r}")
    chunk = _whole("chunk", chunk, allow_none=False)
    backend = _backend(jobs, client)
    stream = None
    try:
        if isinstance(backend, _Inline):
            from sudoku.solver import solve_all

            yield from solve_all(items, mode=mode, limit=limit, jobs=1, timeout=timeout,
                                 max_nodes=max_nodes)
            return

        def tasks():
            batch: list = []
            start = 0
            for item in items:
                batch.append(item)
                if len(batch) >= chunk:
                    yield (batch, start, mode, limit, timeout, max_nodes)
                    start += len(batch)
                    batch = []
            if batch:
                yield (batch, start, mode, limit, timeout, max_nodes)

        ready: dict = {}
        turn = 0
        stream = _completed(backend, _sudoku_task, tasks(), lambda: False)
        for number, results in stream:
            ready[number] = results
            while turn in ready:
                yield from ready.pop(turn)
                turn += 1
    finally:
        if stream is not None:
            stream.close()
        backend.close()
