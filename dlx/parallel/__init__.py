"""Parallel and distributed work: split searches, backends, journals.

* `dlx.parallel.split`: counting (`count_parallel`) and enumerating
  (`solutions_parallel`) a search cut into independent parts;
* `dlx.parallel.backends`: where work runs (`Inline`, `Threads`,
  `Processes` on a `WorkerPool`, `Dask`) and the maps over chunks of work
  that every parallel path of the package shares (`ordered`, `completed`);
* `dlx.parallel.journal`: the resumable record of a parallel count;
* `dlx.parallel.scheduler`: reaching a Dask scheduler (`connect`), failing
  fast and clearly on an address that is not one.

Everything is importable from here (the split searches and the journal load
on first use).  Importing this package imports neither numba nor dask.
"""

from typing import TYPE_CHECKING, Any

from .backends import (
    CONNECT_TIMEOUT,
    Backend,
    ClusterError,
    Dask,
    Inline,
    Processes,
    TaskInterrupted,
    Threads,
    WorkerPool,
    backend_for,
    completed,
    default_start_method,
    ordered,
    shared,
)

if TYPE_CHECKING:
    from .journal import JournalError
    from .split import (
        ParallelCount,
        ParallelSolutions,
        PartResult,
        Progress,
        choose_depth,
        count_parallel,
        fingerprint,
        solutions_parallel,
    )

# The split searches and journals load on first use: a batch of puzzles needs only the
# backends, and its command starts sooner without them.
_LAZY = {"JournalError": "journal", **{name: "split" for name in (
    "ParallelCount", "ParallelSolutions", "PartResult", "Progress", "choose_depth",
    "count_parallel", "fingerprint", "solutions_parallel")}}

__all__ = [
    "CONNECT_TIMEOUT", "Backend", "ClusterError", "Dask", "Inline", "JournalError",
    "ParallelCount", "ParallelSolutions", "PartResult", "Processes", "Progress",
    "TaskInterrupted", "Threads", "WorkerPool", "backend_for", "choose_depth", "completed",
    "count_parallel", "default_start_method", "fingerprint", "ordered", "shared",
    "solutions_parallel",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
