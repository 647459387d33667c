"""Where work runs: one ordered map over chunks of work, on threads, processes or Dask.

Every parallel path of the package runs through this module: counting or
enumerating the parts of a split search (`dlx.parallel.count_parallel`,
``dlx pcount``), Sudoku files on threads (``sudoku solve --jobs``) or on a
cluster (``--scheduler``), and puzzle generation (``sudoku generate --jobs``).
A *backend* runs tasks (a picklable function and its arguments):

`Inline`
    each task in this process, when it is submitted (``jobs=1``);
`Threads`
    ``jobs - 1`` worker threads, and the calling thread, which runs a queued
    task itself whenever the result it must hand over next is not ready.
    Right for the batch kernels, which release the GIL: threads start in
    microseconds and share the loaded kernels;
`Processes`
    a `WorkerPool` of processes on this machine, for work that holds the GIL
    (the resumable search, Python-heavy generation);
`Dask`
    a ``dask.distributed`` cluster (``pip install "numba-dlx[cluster]"``);
    every worker must have numba-dlx installed.  A scheduler is trusted: it
    runs whatever code it is sent, and so do its workers.  An address that is
    not a scheduler fails within the connect timeout, with one line saying why
    (`dlx.parallel.scheduler`).

`ordered` yields the tasks' results in the order the tasks were given, as
soon as each and all before it are done; `completed` yields them as they
finish.  Both pull the tasks lazily and keep only a few per worker in flight
(the backend's ``window``), so memory does not grow with the input, and both
cancel what is in flight when the caller stops early (break, an exception,
Ctrl-C).

One start-method rule for processes: ``forkserver`` where the platform has
it, else ``spawn``; never plain ``fork``.  A forked child inherits a copy of
every lock held by the parent's other threads (numba's threading layer after
a parallel batch, a Threads backend's workers, a Dask client's event loop)
and can deadlock on one.  The fork server is a clean process that has
imported numba and the kernels' module and run nothing else, so its children
start in a fraction of a second and load the compiled kernels from numba's
on-disk cache.  As with any ``spawn``/``forkserver`` pool, a script that uses
processes must guard its top level with ``if __name__ == "__main__":``.
Worker processes ignore SIGINT and SIGHUP, which reach the whole process
group: the parent handles Ctrl-C and a hangup, and stops them.  They end
when the process that started them ends, however it ends.

Importing this module imports neither numba nor dask.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import select
import signal
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator

# (The executors are imported where they are made: the process one pulls in
# multiprocessing, which a command that runs on one thread does not need.)
from concurrent.futures import FIRST_COMPLETED, Future
from concurrent.futures import wait as _wait_futures
from typing import TYPE_CHECKING, Any

from .. import validate
from ..errors import DLXError, ProblemError
from .scheduler import CONNECT_TIMEOUT, ClusterError, connect

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

__all__ = ["CONNECT_TIMEOUT", "Backend", "ClusterError", "Dask", "Inline", "Processes",
           "TaskInterrupted", "Threads", "WorkerPool", "backend_for", "completed",
           "default_start_method", "ordered", "shared"]

class TaskInterrupted(KeyboardInterrupt):
    """Ctrl-C came while the calling thread ran a task of `ordered`.

    ``args`` are that task's arguments, so that the caller can hand over
    whatever part of it was finished before stopping.
    """


class _Stopped:
    """The place in `ordered`'s queue of a task that Ctrl-C stopped as it started."""

    __slots__ = ("args",)

    def __init__(self, args):
        self.args = args


def default_start_method() -> str:
    """The start method of worker processes: ``forkserver`` where available, else ``spawn``."""
    import multiprocessing as mp

    return "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"


# ------------------------------------------------------------- shared objects
class _SharedFile:
    """An object pickled into a file that local workers read once each."""

    def __init__(self, obj):
        data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
        self.key = hashlib.sha256(data).hexdigest()
        fd, self.path = tempfile.mkstemp(prefix="dlx-shared-", suffix=".pickle")
        with os.fdopen(fd, "wb") as f:
            f.write(data)

    def remove(self) -> None:
        try:
            os.unlink(self.path)
        except OSError:
            pass


_worker_objects: dict = {}  # in a worker: shared file key -> object (a couple at most)


def shared(ref):
    """In a task, the object a backend's ``put`` shipped: the object itself, or read once."""
    if not isinstance(ref, _SharedFile):
        return ref
    obj = _worker_objects.get(ref.key)
    if obj is None:
        with open(ref.path, "rb") as f:
            obj = pickle.load(f)
        if len(_worker_objects) >= 2:
            _worker_objects.clear()
        _worker_objects[ref.key] = obj
    return obj


# ------------------------------------------------------------ local processes
def _worker_start(parent: int) -> None:
    """Initializer of local worker processes: follow the parent, load the search kernels.

    Ctrl-C and a terminal's hangup reach the whole process group; the parent
    handles them and stops the workers, so the workers ignore them.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    _follow(parent)
    os.environ["DLX_NO_COMPILE_NOTICE"] = "1"  # the parent says it once if needed
    try:
        from .. import _jit

        _jit.warm_up(("search", "unwind", "force"))
    except Exception:  # pragma: no cover - the first task reports the real error
        pass


def _follow(parent: int) -> None:
    """End this worker process when process ``parent`` (which started its pool) ends.

    The workers are children of the fork server, not of the process that
    uses them, and they hold the pipes that keep the fork server and the
    resource tracker running: were they to outlive that process (killed by
    SIGKILL, say), all of them would stay for good.  A daemon thread waits on
    a pidfd (Linux), or else checks every second that ``parent`` is alive.
    """
    if os.name != "posix":  # pragma: no cover - os.kill(pid, 0) would end the parent
        return
    try:
        fd: int | None = os.pidfd_open(parent)
    except ProcessLookupError:
        os._exit(1)
    except (AttributeError, OSError):  # not Linux, or a kernel before 5.3
        fd = None
    threading.Thread(target=_watch, args=(parent, fd), name="dlx-follow-parent",
                     daemon=True).start()


def _watch(parent: int, fd: int | None) -> None:
    if fd is not None:
        select.select([fd], [], [])  # readable once the process has ended
    else:  # pragma: no cover - not Linux
        while True:
            time.sleep(1.0)
            try:
                os.kill(parent, 0)
            except ProcessLookupError:
                break
            except PermissionError:  # the number now belongs to another user's process
                break
    os._exit(1)


def _noop() -> int:
    return os.getpid()


ABORT_WAIT = 10.0  # seconds WorkerPool.abort waits for its stopped processes to be reaped


class WorkerPool:
    """Worker processes on this machine, reusable across runs.

    Passing ``jobs=N`` to the functions of `dlx.parallel` starts a pool for
    the call and stops it afterwards; passing a `WorkerPool` keeps its
    processes (and their loaded kernels) warm between calls.

    Parameters
    ----------
    jobs : int, optional
        Number of processes; default (or 0) one per CPU (``os.cpu_count()``).
    start_method : {"forkserver", "spawn"}, optional
        How processes start; default `default_start_method()` (see the module
        docstring for why never ``"fork"``).

    Notes
    -----
    Cost: starting takes about half a second to a second (the processes start
    side by side; each loads the compiled kernels); `start` begins it
    without waiting.

    Examples
    --------
    >>> from dlx.examples import queens
    >>> from dlx.parallel import count_parallel
    >>> with WorkerPool(2) as pool:
    ...     [count_parallel(queens(n), jobs=pool).count for n in (8, 9)]
    [92, 352]
    """

    def __init__(self, jobs: int | None = None, *, start_method: str | None = None):
        jobs = validate.whole("jobs", jobs, least=0, most=validate.MAX_JOBS)
        self.jobs = jobs or os.cpu_count() or 1
        if start_method is None:
            start_method = default_start_method()
        if start_method not in ("forkserver", "spawn"):
            raise ProblemError(f"start_method must be 'forkserver' or 'spawn', not "
                               f"{start_method!r} ('fork' is unsafe with numba and dask threads)")
        self.start_method = start_method
        self._executor: ProcessPoolExecutor | None = None
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
            from concurrent.futures import ProcessPoolExecutor

            ctx = mp.get_context(self.start_method)
            if self.start_method == "forkserver":
                # Children of the fork server start with numba and the kernels' module
                # imported (loading the compiled kernels is left to each child).
                ctx.set_forkserver_preload(["dlx._kernel", "dlx.search"])
            self._executor = ProcessPoolExecutor(self.jobs, mp_context=ctx,
                                                 initializer=_worker_start,
                                                 initargs=(os.getpid(),))
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
            # Shut down first and wait for the executor's thread, holding the
            # executor: that thread then drops the cancelled tasks before it sees
            # the processes end (before Python 3.12 it would otherwise try to mark
            # them broken, and die with a traceback), and the processes are gone
            # when this returns.
            processes = list((getattr(ex, "_processes", None) or {}).values())
            manager = getattr(ex, "_executor_manager_thread", None)
            ex.shutdown(wait=False, cancel_futures=True)
            for proc in processes:
                try:
                    proc.terminate()
                except Exception:  # pragma: no cover - already gone
                    pass
            if manager is not None:
                manager.join(ABORT_WAIT)

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
class Backend:
    """What every backend offers; the defaults are those of running inline.

    Attributes
    ----------
    name : str
        ``"inline"``, ``"threads"``, ``"processes"`` or ``"dask"``.
    workers : int
        Tasks that can run at once.
    window : int
        Tasks the maps keep in flight.
    ahead : int
        Extra tasks `ordered` may read ahead so that workers stay fed.
    helps : bool
        Whether the caller runs queued tasks itself (see `Threads`).
    """

    name = "inline"
    workers = 1
    window = 1
    ahead = 0
    helps = False

    def put(self, obj):
        """Make ``obj`` available to tasks; returns what to pass them (see `shared`)."""
        return obj

    def release(self, ref) -> None:
        """Free what `put` made."""

    def submit(self, fn: Callable, *args) -> Any:
        """Start ``fn(*args)``; returns a handle."""
        raise NotImplementedError

    def done(self, handle) -> bool:
        """Has the task finished?"""
        return handle.done()

    def queued(self, handles: Iterable) -> int:
        """How many of ``handles`` wait for a worker (submitted, not started)."""
        return 0

    def claim(self, handle) -> bool:
        """Take a queued task back, to run it with `run_here` (helping backends only)."""
        return False

    def run_here(self, handle) -> None:
        """Run a claimed task on the calling thread (helping backends only)."""
        raise NotImplementedError

    def wait(self, handles: list) -> list:
        """The handles of ``handles`` that are done, after waiting for at least one."""
        return handles

    def result(self, handle):
        """The task's result, or its exception raised."""
        return handle.result()

    def abort(self, handles: list) -> None:
        """Cancel tasks in flight."""

    def close(self) -> None:
        """Stop what this backend started."""


class Inline(Backend):
    """Runs each task in this process when it is submitted."""

    def submit(self, fn: Callable, *args) -> Future:
        f: Future = Future()
        try:
            f.set_result(fn(*args))
        except Exception as exc:
            f.set_exception(exc)
        return f


class _ThreadTask:
    """A task queued on a Threads backend: its future, and what to run if claimed."""

    __slots__ = ("future", "fn", "args")

    def __init__(self, future, fn, args):
        self.future = future
        self.fn = fn
        self.args = args


class Threads(Backend):
    """``jobs - 1`` worker threads, and the calling thread helping (see `ordered`).

    For tasks that release the GIL (the batch kernels).  The calling thread
    of `ordered` runs a queued task itself whenever the result it must
    yield next is still running, so ``jobs`` threads are busy, not
    ``jobs + 1`` taking turns on ``jobs`` cores; and `ordered` reads ahead
    so that each worker has a task queued while the caller runs one or
    handles a result.  Shared objects are passed as they are.
    """

    name = "threads"
    helps = True

    def __init__(self, jobs: int):
        jobs = validate.whole("jobs", jobs, most=validate.MAX_JOBS, optional=False)
        self.workers = jobs
        self.window = 2 * jobs  # a task running and one queued per thread
        self.ahead = jobs  # ... and up to one more each while the caller is busy
        from concurrent.futures import ThreadPoolExecutor

        self._pool = ThreadPoolExecutor(max_workers=max(jobs - 1, 1),
                                        thread_name_prefix="dlx-worker")

    def submit(self, fn: Callable, *args) -> _ThreadTask:
        return _ThreadTask(self._pool.submit(fn, *args), fn, args)

    def done(self, handle) -> bool:
        return handle.future.done()

    def queued(self, handles: Iterable) -> int:
        return sum(1 for h in handles if not h.future.running() and not h.future.done())

    def claim(self, handle) -> bool:
        if handle.future.cancel():
            handle.future = Future()
            return True
        return False

    def run_here(self, handle) -> None:
        try:
            handle.future.set_result(handle.fn(*handle.args))
        except Exception as exc:
            handle.future.set_exception(exc)

    def wait(self, handles: list) -> list:
        done, _ = _wait_futures([h.future for h in handles], return_when=FIRST_COMPLETED)
        return [h for h in handles if h.future in done]

    def result(self, handle):
        return handle.future.result()

    def abort(self, handles: list) -> None:
        # Queued tasks are dropped; running ones return on their own (a kernel
        # call cannot be stopped from outside; tasks are sized to be short).
        for h in handles:
            h.future.cancel()

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


class Processes(Backend):
    """Tasks on a `WorkerPool`; shared objects travel through a temporary file."""

    name = "processes"

    def __init__(self, pool: WorkerPool, owned: bool):
        self.pool = pool
        self.owned = owned
        self.workers = pool.jobs
        self.window = 2 * pool.jobs  # one running and one queued per worker
        pool.start()

    def put(self, obj):
        return _SharedFile(obj)

    def release(self, ref) -> None:
        ref.remove()

    def submit(self, fn: Callable, *args):
        from concurrent.futures.process import BrokenProcessPool

        try:
            return self.pool.executor().submit(fn, *args)
        except BrokenProcessPool:
            self._broken()

    def wait(self, handles: list) -> list:
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

    def abort(self, handles: list) -> None:
        running = [h for h in handles if not h.cancel()]
        if running:  # a task cannot be cancelled once it runs: stop its process
            self.pool.abort()

    def close(self) -> None:
        if self.owned:
            self.pool.close()


def _connect(client, timeout):
    """A dask.distributed Client from a Client or an address; returns (client, owned)."""
    if not isinstance(client, str):
        if not (hasattr(client, "submit") and hasattr(client, "scatter")):
            raise ProblemError(f"client must be a dask.distributed.Client or a scheduler "
                               f"address such as 'tcp://host:8786', not {client!r}")
        return client, False
    return connect(client, timeout), True


class Dask(Backend):
    """Tasks on a Dask cluster; shared objects are scattered to every worker once."""

    name = "dask"

    def __init__(self, client, connect_timeout: float | None = None):
        timeout = validate.seconds("connect_timeout", connect_timeout) or CONNECT_TIMEOUT
        self.client, self.owned = _connect(client, timeout)
        try:
            if not self.client.nthreads():
                self.client.wait_for_workers(1, timeout=timeout)
        except (OSError, TimeoutError) as exc:
            self.close()
            raise ClusterError(f"no Dask worker joined the scheduler within "
                               f"{timeout:g} s ({exc}); start some with "
                               f"`dask worker ADDRESS`") from None
        self.workers = max(1, sum(self.client.nthreads().values()))
        self.window = 3 * self.workers  # covers the scheduler's round trips

    def put(self, obj):
        return self.client.scatter(obj, broadcast=True, hash=False)

    def release(self, ref) -> None:
        try:
            ref.release()
        except Exception:  # pragma: no cover - client already closed
            pass

    def submit(self, fn: Callable, *args):
        return self.client.submit(fn, *args, pure=False)

    def wait(self, handles: list) -> list:
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

    def abort(self, handles: list) -> None:
        try:
            self.client.cancel(handles)
        except Exception:  # pragma: no cover - connection lost
            pass

    def close(self) -> None:
        if self.owned:
            self.client.close()


def backend_for(jobs=None, client=None, *, threads: bool = False,
                connect_timeout: float | None = None) -> Backend:
    """The backend for a ``jobs`` / ``client`` pair of arguments.

    Parameters
    ----------
    jobs : int or WorkerPool, optional
        Workers on this machine; None or 0: one per CPU; 1: `Inline`.
    client : dask.distributed.Client or str, optional
        A Dask cluster (a Client or a scheduler address) instead.
    threads : bool
        Threads rather than processes for ``jobs`` (tasks that release the GIL).
    connect_timeout : float, optional
        Seconds to reach a scheduler given by address, and again to see a
        worker; default `CONNECT_TIMEOUT` (10).

    Raises
    ------
    ProblemError
        Both ``jobs`` and ``client`` given, or ``jobs`` not a whole number.
    ClusterError
        Dask is missing, or the address cannot be reached or is not a Dask
        scheduler (see `dlx.parallel.scheduler`).
    """
    if client is not None:
        if jobs is not None:
            raise ProblemError("give either jobs (workers on this machine) or client (a Dask "
                               "cluster), not both")
        return Dask(client, connect_timeout)
    if isinstance(jobs, WorkerPool):
        return Processes(jobs, owned=False)
    n = validate.whole("jobs", jobs, least=0, most=validate.MAX_JOBS) or os.cpu_count() or 1
    if n == 1:
        return Inline()
    if threads:
        return Threads(n)
    return Processes(WorkerPool(n), owned=True)


# ---------------------------------------------------------------- the maps
def completed(backend: Backend, fn: Callable, tasks: Iterator,
              stop_submitting: Callable[[], bool] = lambda: False
              ) -> Generator[tuple[int, Any], None, None]:
    """Run ``fn(*args)`` for each ``args`` of ``tasks``; yield ``(task number, result)``
    as tasks complete.

    At most ``backend.window`` tasks are in flight; ``tasks`` is advanced only
    when a slot frees, so it can compute each task's arguments (a remaining
    limit, say) from the results so far; no more are taken once
    ``stop_submitting()`` is true.  Leaving the loop early (break, an
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


def ordered(backend: Backend, fn: Callable, tasks: Iterable) -> Generator[Any, None, None]:
    """Run ``fn(*args)`` for each ``args`` of ``tasks``; yield the results in task order.

    Each result is yielded as soon as it and every one before it are ready.
    ``tasks`` is read lazily, from the calling thread only: up to
    ``backend.window`` tasks are in flight, and on a backend whose caller
    helps (`Threads`), up to ``backend.ahead`` more are read while the caller
    runs a task or handles a result, so that every worker finds one queued.
    So ``tasks`` may shape each task from the results handed over so far.

    Ctrl-C while the calling thread runs a task, or waits for the next result:
    the tasks after that one are dropped, the results before it are still
    yielded, then `TaskInterrupted` (a KeyboardInterrupt) is raised with its
    arguments.  A task's
    exception is raised when its turn comes.  Leaving the loop early cancels
    what is in flight.

    Examples
    --------
    >>> list(ordered(Inline(), pow, [(2, 3), (3, 2)]))
    [8, 9]
    """
    tasks = iter(tasks)
    pending: deque = deque()
    args_of: dict = {}  # id(handle) -> its task's arguments, for TaskInterrupted
    more = True
    stop_at = None  # the task the caller was running when Ctrl-C came

    def read(cap: int) -> bool:
        nonlocal more, stop_at
        if not more or stop_at is not None or len(pending) >= cap:
            return False
        try:
            args = next(tasks)
        except StopIteration:
            more = False
            return False
        try:
            handle = backend.submit(fn, *args)
        except KeyboardInterrupt:  # an inline backend was running it
            stop_at = _Stopped(args)
            pending.append(stop_at)
        else:
            args_of[id(handle)] = args
            pending.append(handle)
        return True

    def top_up(queued: int) -> None:
        """Read ahead until ``queued`` tasks wait for a worker (or the cap is reached)."""
        while backend.queued(pending) < queued and read(backend.window + backend.ahead):
            pass

    try:
        while True:
            while read(backend.window):
                pass
            if not pending:
                return
            head = pending[0]
            if backend.helps and stop_at is None:
                # Run queued tasks here, oldest first so that results keep flowing,
                # until the head is ready; top up first, so that the workers keep
                # one queued each while this thread is busy.
                while not backend.done(head):
                    top_up(backend.workers)
                    task = next((h for h in pending if backend.claim(h)), None)
                    if task is None:
                        break  # every task runs: wait for the head
                    try:
                        backend.run_here(task)
                    except KeyboardInterrupt:
                        # The tasks before this one were all started (they are taken
                        # oldest first); drop the later ones: no worker starts what
                        # will not be yielded.
                        stop_at = task
                        for later in list(pending)[list(pending).index(task) + 1:]:
                            backend.claim(later)
                        break
                if stop_at is None:
                    top_up(backend.workers - 1)  # likewise while the caller handles the result
            if head is stop_at:
                raise TaskInterrupted(*stop_at.args)
            try:
                backend.wait([head])
                result = backend.result(head)
            except TaskInterrupted:
                raise
            except KeyboardInterrupt:
                # Ctrl-C while waiting for the head, or the head's task itself
                # interrupted: the same as Ctrl-C while the caller ran it.
                raise TaskInterrupted(*args_of[id(head)]) from None
            pending.popleft()
            del args_of[id(head)]
            yield result
    finally:
        if pending:
            backend.abort([h for h in pending if not isinstance(h, _Stopped)])
