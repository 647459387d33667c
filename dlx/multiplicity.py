"""Problems whose primary items have bounds: Knuth's Algorithm M (his program DLX3).

`dlx.Problem` takes ``bounds={item: (u, v)}``: that primary item must be
covered by at least ``u`` and at most ``v`` of the chosen options.  Such a
problem is searched by the kernels of `dlx._kernel_m` (its docstring describes
the algorithm); this module gives them what `dlx.search` gives the plain
kernels, through the same driver: `MSearch` is a `dlx.search.Search` whose
hooks set up Algorithm M's state, so limits, time outs, Ctrl-C, lazy
iteration, seeds, tracing and progress work alike.  `split_bounded` and
`prober` serve `dlx.Problem.split` and `dlx.Problem.estimate`.

A part of a split search is not just the options chosen on the way down:
Algorithm M tries an item's options one after the other *excluding* those
tried before (so that no set of options is met twice), so a part also
excludes options.  A part lists an excluded option ``k`` as ``~k`` (that is,
``-k - 1``), and ``forced=`` takes such lists as they are.
"""

from __future__ import annotations

import numpy as np

from . import _jit
from . import _kernel_m as M  # noqa: N812  (constants only; kernels come from _jit)
from .errors import ProblemError
from .search import STORE_PER_CALL, Choice, Search

__all__ = ["MSearch", "levels", "prober", "shallow_solutions", "split_bounded", "state"]


def levels(problem, n_forced: int = 0) -> int:
    """The deepest the search can go: one level per option chosen or excluded, per null move."""
    table = problem.bound_table
    most = int(table[:, 1].sum()) if table is not None else problem.n_primary
    return min(problem.n_options, most) + problem.n_primary + n_forced + 1


def _aux(problem, links, depth: int) -> np.ndarray:
    """Algorithm M's state (see `dlx._kernel_m`): bounds and slacks in the layout's numbering."""
    n2 = problem.n_items + 2
    aux = np.zeros(2 * n2 + 2 * depth, dtype=np.int64)
    table = problem.bound_table
    if table is None:
        table = np.ones((problem.n_primary, 2), dtype=np.int64)
    where = np.arange(1, problem.n_primary + 1)
    if links.item_map is not None:  # a seed renamed the items
        where = links.item_map[where]
    aux[where] = table[:, 1]
    aux[n2 + where] = table[:, 1] - table[:, 0]
    return aux


def _encode(links, fidx: np.ndarray) -> np.ndarray:
    """Forced options as nodes, excluded ones (``~k``) as negated nodes, for `force_m`."""
    fidx = np.asarray(fidx, dtype=np.int64)
    nodes = links.reps[np.where(fidx < 0, ~fidx, fidx)].astype(np.int64)
    return np.where(fidx < 0, -nodes, nodes)


def state(problem, seed, fidx):
    """``(links, nd, it, x, st, aux, forced)``: a fresh search of ``problem`` on private copies."""
    links = problem.links(seed)
    depth = levels(problem, len(fidx))
    x = np.zeros(depth + 1, dtype=np.uint32)
    st = np.array([M.S_ENTER, 0, 0, problem.n_items, 0], dtype=np.int64)
    return (links, links.nd.copy(), links.it.copy(), x, st, _aux(problem, links, len(x)),
            _encode(links, fidx))


class MSearch(Search):
    """`dlx.search.Search` for a problem with bounds: the same API, Algorithm M's kernels.

    ``locked=True`` is refused: the locked-items rule assumes every primary
    item is covered exactly once.
    """

    _SUFFIX = "_m"

    def __init__(self, problem, *, limit=None, seed=None, max_nodes=None, timeout=None,
                 forced=(), locked=False, restore=True, branching="mrv"):
        if locked:
            raise ProblemError("locked=True is not available for problems whose items have "
                               "bounds")
        super().__init__(problem, limit=limit, seed=seed, max_nodes=max_nodes,
                         timeout=timeout, forced=forced, restore=restore, branching=branching)

    def _prepare(self, links, fidx):
        depth = levels(self.problem, len(fidx))
        self._x = np.zeros(depth + 1, dtype=np.uint32)
        self._lock = _aux(self.problem, links, len(self._x))  # passed where `lock` goes
        self._sols = np.zeros((STORE_PER_CALL, depth + 1), dtype=np.uint32)
        self._forced = _encode(links, fidx)

    def _force(self):
        _jit.kernel("force_m")(self._nd, self._it, self._x, self._st, self._forced, self._lock)

    def _trying(self, level: int) -> bool:
        return True  # the kernel stops only before a branch (a null move too)

    def _levels_state(self):
        n2 = self.problem.n_items + 2
        depth = len(self._x)
        first = self._lock[2 * n2:2 * n2 + depth]
        return first, self._lock[2 * n2 + depth:]

    def _choice(self, level: int) -> Choice:
        nd = self._nd
        n = self.problem.n_items
        p = int(self._x[level])
        item = p if p <= n else int(nd[M.TOP, p])
        first, degree = self._levels_state()
        # The level's branches in order: its item's options from the first one
        # tweaked out (they still point down at their successors), or from the
        # top of the list when it branches as Algorithm X.
        q, k = int(first[level]) or int(nd[M.DOWN, item]), 1
        while q != p:
            q, k = int(nd[M.DOWN, q]), k + 1
        base = int(self._st[M.BASE])
        if p <= n:
            return Choice(level - base, -1, None, k, int(degree[level]))
        option = int(self._node_option[p])
        return Choice(level - base, option, self.problem.label([option])[0], k,
                      int(degree[level]))

    def links_restored(self):
        links = self.problem.links(self._seed)
        fresh = _aux(self.problem, links, len(self._x))
        n2 = 2 * (self.problem.n_items + 2)
        return (super().links_restored()
                and np.array_equal(self._lock[:n2], fresh[:n2]))


def _cut(problem, depth: int, fidx):
    """Run `split_m`: ``(links, stream, shallow count)``, or None when the forced options clash."""
    links, nd, it, x, st, aux, forced = state(problem, None, fidx)
    if not _jit.kernel("force_m")(nd, it, x, st, forced, aux):
        return None
    kern = _jit.kernel("split_m")
    info = np.zeros(4, dtype=np.int64)
    size = 4096
    while True:
        out = np.zeros(size, dtype=np.int64)
        kern(nd, it, x, st, aux, depth, out, info)
        if not info[2]:
            break
        size = int(info[3])
    return links, out[: int(info[3])], int(info[1])


def _records(links, flat: np.ndarray, end: int) -> list[list[int]]:
    """The records of `split_m`'s stream that end with ``end`` (0: parts, -1: solutions)."""
    options = links.node_option[np.abs(flat)]
    coded = np.where(flat < 0, ~options, options).tolist()
    found, start = [], 0
    for k in np.flatnonzero((flat == 0) | (flat == -1)).tolist():
        if flat[k] == end:
            found.append(coded[start:k])
        start = k + 1
    return found


def split_bounded(problem, depth: int, fidx) -> tuple[list, int]:
    """`dlx.Problem.split` for a problem with bounds: parts force and exclude (``~k``) options."""
    cut = _cut(problem, depth, fidx)
    if cut is None:
        return [], 0
    links, flat, above = cut
    base = [int(i) for i in fidx]
    return [base + part for part in _records(links, flat, 0)], above


def shallow_solutions(problem, depth: int, fidx) -> list[list[int]]:
    """The solutions `split_bounded` counts above the cut, as sorted option indices."""
    cut = _cut(problem, depth, fidx)
    if cut is None:
        return []
    links, flat, _ = cut
    base = [int(i) for i in fidx if i >= 0]
    return [sorted(base + sol) for sol in _records(links, flat, -1)]


def prober(problem, fidx):
    """``(start, probe)`` for `dlx.search.estimate`, on Algorithm M's tree."""
    links, nd, it, x, st, aux, forced = state(problem, None, fidx)
    force, kernel = _jit.kernel("force_m"), _jit.kernel("estimate_m")
    return (lambda: force(nd, it, x, st, forced, aux),
            lambda seed, block: kernel(nd, it, x, st, aux, seed, block))
