"""Many problems that differ only by forced options, solved in one jitted call.

A *batch* is one base `dlx.Problem` and, for each member, the options it
forces (a Sudoku file: one exact-cover problem per grid shape, each puzzle's
givens forced).  The batch kernel builds the links once, and for each member
applies its forced options, searches, and restores everything before the
next, on one thread or on several (``jobs``).

Two levels of API:

* `solve_many` (also `dlx.Problem.solve_many`): lists in, a `BatchResult`
  with labelled solutions out;
* `forced_arrays` and `solve_arrays`: the forced options as two flat arrays
  in compressed-sparse-row form, and the results as numpy arrays with named
  status codes (`STATUSES`), for callers that handle thousands of members a
  call and decode the solutions themselves (the Sudoku layer).

Importing this module does not import numba; the kernels load on the first call.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from . import validate
from .codes import CLASH, COMPLETE, LIMIT, NODES, OVERFLOW, STATUSES
from .errors import ProblemError
from .results import BatchResult

if TYPE_CHECKING:
    from .problem import Problem

__all__ = ["STATUSES", "COMPLETE", "LIMIT", "NODES", "OVERFLOW", "CLASH", "BatchArrays",
           "forced_arrays", "solve_arrays", "solve_many"]


@dataclass
class BatchArrays:
    """What `solve_arrays` returns: one entry per member of the batch.

    Attributes
    ----------
    counts : numpy.ndarray of int64
        Solutions counted (exact when the code is `COMPLETE`).
    nodes : numpy.ndarray of int64
        Search nodes each member used.
    codes : numpy.ndarray of uint8
        How each search ended: an index into `STATUSES`.
    solutions : numpy.ndarray of uint32, shape (members, store, levels + 1)
        ``solutions[k, j, 0]`` is the number of options the search chose for
        member ``k``'s solution ``j`` (``j < min(counts[k], store)``), followed
        by those options' indices in the order chosen; the member's forced
        options are not repeated.
    """

    counts: np.ndarray
    nodes: np.ndarray
    codes: np.ndarray
    solutions: np.ndarray

    @property
    def status(self) -> list[str]:
        """Each member's code as its name in `STATUSES`."""
        return [STATUSES[c] for c in self.codes.tolist()]


def forced_arrays(problem: Problem,
                  forced_lists: Iterable[Iterable[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Check lists of forced options; return them as ``(ptr, options)`` for `solve_arrays`.

    Member ``k`` forces ``options[ptr[k]:ptr[k + 1]]``; ``ptr`` is int64 and
    ``options`` uint32.

    Raises
    ------
    ProblemError
        An option index is not an integer or is out of range.
    """
    ptr = [0]
    flat = []
    for f in forced_lists:
        idx = problem.check_forced(f)
        flat.append(idx)
        ptr.append(ptr[-1] + len(idx))
    options = np.concatenate(flat) if flat else np.zeros(0, dtype=np.int64)
    return np.asarray(ptr, dtype=np.int64), np.ascontiguousarray(options, dtype=np.uint32)


def _check_arrays(problem: Problem, ptr: np.ndarray, options: np.ndarray) -> None:
    """The guarantees the kernel relies on, checked in a few vectorised passes."""
    if not (isinstance(ptr, np.ndarray) and ptr.dtype == np.int64 and ptr.ndim == 1
            and ptr.flags.c_contiguous and ptr.size >= 1):
        raise ProblemError("ptr must be a one-dimensional, contiguous int64 array "
                           "(see dlx.batch.forced_arrays)")
    if not (isinstance(options, np.ndarray) and options.dtype == np.uint32
            and options.ndim == 1 and options.flags.c_contiguous):
        raise ProblemError("options must be a one-dimensional, contiguous uint32 array "
                           "(see dlx.batch.forced_arrays)")
    if ptr[0] != 0 or ptr[-1] != options.size or (ptr.size > 1 and np.diff(ptr).min() < 0):
        raise ProblemError(f"ptr must rise from 0 to len(options) = {options.size}")
    if options.size and int(options.max()) >= problem.n_options:
        raise ProblemError(f"forced option {int(options.max())} is out of range "
                           f"(the problem has {problem.n_options} options)")


def solve_arrays(problem: Problem, ptr: np.ndarray, options: np.ndarray, *, limit: int = 1,
                 store: int = 1, max_nodes: int | None = None, jobs: int = 1,
                 locked: bool = False) -> BatchArrays:
    """Search every member of a batch given as flat arrays.

    Parameters
    ----------
    problem : dlx.Problem
        The base problem.
    ptr, options : numpy.ndarray
        Member ``k`` forces ``options[ptr[k]:ptr[k + 1]]`` (see `forced_arrays`).
    limit : int
        Stop each search after this many solutions (0: count them all).
    store : int
        Solutions kept per member (at most ``limit`` when it is set).
    max_nodes : int, optional
        Node budget per member; a member that runs out gets code `NODES`.
    jobs : int
        Threads (``numba.prange`` over the members); 1 runs on the calling
        thread.  The kernel releases the GIL either way, so several threads
        of the caller may run batches side by side.
    locked : bool
        The locked-items rule and the dead-end tie-break (see
        `dlx.Problem.solve_many`).

    Returns
    -------
    BatchArrays

    Raises
    ------
    ProblemError
        The arrays break the rules above, or an argument is out of range.

    Notes
    -----
    Cost: per member, forcing its options plus its search; checking the
    arrays is a few vectorised passes over them.

    Examples
    --------
    >>> from dlx import Problem
    >>> p = Problem([["a", "b"], ["a"], ["b"]])
    >>> ptr, options = forced_arrays(p, [[], [1]])
    >>> r = solve_arrays(p, ptr, options, limit=0, store=0)
    >>> r.counts.tolist(), r.status
    ([2, 1], ['complete', 'complete'])
    """
    from . import _jit
    from . import _kernel as K  # noqa: N812  (constants only)

    limit = validate.budget("limit", limit, least=0, optional=False)
    store = validate.budget("store", store, least=0, optional=False)
    max_nodes = validate.budget("max_nodes", max_nodes)
    jobs = validate.whole("jobs", jobs, most=validate.MAX_JOBS, optional=False)
    _check_arrays(problem, ptr, options)
    if limit:
        store = min(store, limit)
    n = len(ptr) - 1
    table = problem.csr()
    sizes = table.sizes
    if locked:
        sizes = sizes.copy()
        sizes[3] = 1
        heads = problem.lockable()
    else:
        heads = np.zeros(int(sizes[0]) + 2, dtype=np.uint32)
    counts = np.zeros(n, dtype=np.int64)
    nodes = np.zeros(n, dtype=np.int64)
    raw = np.zeros(n, dtype=np.int64)
    sols = np.zeros((n, store, table.levels + 1), dtype=np.uint32)
    params = np.array([max_nodes or K.INT64_MAX, limit, store, 0], dtype=np.int64)
    jobs = min(jobs, max(n, 1))
    args = ((*table.base, heads), sizes, ptr, options, params, counts, nodes, raw, sols)
    if jobs > 1:
        _jit.kernel("batch_parallel")(*args, jobs)
    else:
        _jit.kernel("batch")(*args, 0, n, 1)
    return BatchArrays(counts, nodes, _named_codes()[raw], sols)


@functools.cache
def _named_codes() -> np.ndarray:
    """The kernel's return codes mapped to `STATUSES` (a lookup table)."""
    from . import _kernel as K  # noqa: N812

    table = np.full(max(K.R_DONE, K.R_LIMIT, K.R_BUDGET, K.R_FULL, K.R_OVERFLOW,
                        K.R_CLASH) + 1, NODES, dtype=np.uint8)
    table[K.R_DONE] = COMPLETE
    table[K.R_LIMIT] = LIMIT
    table[K.R_OVERFLOW] = OVERFLOW
    table[K.R_CLASH] = CLASH
    return table


def solve_many(problem: Problem, forced_lists: Iterable[Iterable[int]], *, limit: int = 1,
               store: int = 1, max_nodes: int | None = None, jobs: int = 1,
               locked: bool = False) -> BatchResult:
    """Implementation of `dlx.Problem.solve_many`."""
    ptr, options = forced_arrays(problem, forced_lists)
    r = solve_arrays(problem, ptr, options, limit=limit, store=store, max_nodes=max_nodes,
                     jobs=jobs, locked=bool(locked))
    clashes = r.codes == CLASH
    status = ["complete" if c else s for c, s in zip(clashes.tolist(), r.status, strict=True)]
    solutions = []
    for k in range(len(r.counts)):
        forced = options[ptr[k]:ptr[k + 1]].tolist()
        got = []
        for j in range(min(int(r.counts[k]), r.solutions.shape[1])):
            m = int(r.solutions[k, j, 0])
            got.append(problem.label(forced + r.solutions[k, j, 1:m + 1].tolist()))
        solutions.append(got)
    return BatchResult(r.counts, r.nodes, status, solutions, clashes.tolist())
