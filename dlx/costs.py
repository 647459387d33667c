"""The cheapest solutions of a problem whose options have costs (Knuth's program DLX5).

`dlx.Problem` takes ``costs=`` (one whole number from 0 up per option; in
Knuth's format, ``|n`` after an option's items) and `dlx.Problem.cheapest`
finds the ``k`` solutions of least total cost by branch and bound, with the
kernels of `dlx._kernel_c`.  Before searching, each primary item is *taxed*
the least cost of its options, taken off each of them (item by item, in
order): every solution covers each primary item once, so all solutions pay
the same total tax and the order of their costs is unchanged, while an
option's *net* cost says what it adds beyond the least that must be paid.
Options are then laid out by net cost, cheapest first, so that every item's
list is sorted and the search can stop reading a list at the first option
that would not beat the ``k``-th best solution found so far.

The search is driven like any other (`CSearch` is a `dlx.search.Search`):
time and node limits, Ctrl-C, forced options.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import NamedTuple, cast

import numpy as np

from . import _jit, validate
from . import _kernel_c as C  # noqa: N812  (constants only; kernels come from _jit)
from . import links as _links
from .errors import ProblemError
from .results import Stats
from .search import Search

__all__ = ["Cheapest", "Costed", "CSearch", "cheapest", "taxes"]


class Costed(NamedTuple):
    """A solution and its total cost."""

    cost: int
    options: list


@dataclass
class Cheapest:
    """The result of `dlx.Problem.cheapest`.

    Attributes
    ----------
    solutions : list of Costed
        The cheapest solutions found, cheapest first, at most ``k``.
    status : str
        ``"complete"`` when the search ended, so that they are the ``k``
        cheapest (fewer when the problem has fewer solutions); otherwise why
        it stopped (``"timeout"``, ``"nodes"``, ``"interrupted"``), and they
        are the cheapest found so far.
    stats : Stats
        Of the search; ``stats.solutions`` counts every solution that was
        the cheapest (or among the ``k`` cheapest) when found.
    """

    solutions: list = field(default_factory=list)
    status: str = "complete"
    stats: Stats = field(default_factory=Stats)

    @property
    def exact(self) -> bool:
        """True when the solutions are proven the cheapest."""
        return self.status == "complete"


def taxes(problem) -> tuple[np.ndarray, np.ndarray]:
    """``(tax of each primary item, net cost of each option)``, both int64.

    Item by item, in order, the tax is the least net cost of the item's
    options so far (0 for an item without options), and it is taken off each
    of them.  No net cost is negative, and every item with an option has one
    of net cost 0.

    Examples
    --------
    Knuth's example in dlx5.w: with a tax of 2 on each of ``a``, ``b`` and
    ``c``, the option ``a b c |7`` has a net cost of 1.

    >>> from dlx import Problem
    >>> p = Problem([["a"], ["b"], ["c"], ["a", "b", "c"]], costs=[2, 2, 2, 7])
    >>> [t.tolist() for t in taxes(p)]
    [[2, 2, 2], [0, 0, 0, 1]]
    """
    e = problem.entries
    net = np.zeros(problem.n_options, dtype=np.int64)
    if problem.costs is not None:
        net[:] = problem.costs
    owner = np.repeat(np.arange(problem.n_options), np.diff(e.ptr))
    primary = e.items <= e.n_primary
    by_item = np.argsort(e.items[primary], kind="stable")
    holders = owner[primary][by_item]
    starts = np.searchsorted(e.items[primary][by_item], np.arange(1, e.n_primary + 2))
    tax = np.zeros(e.n_primary, dtype=np.int64)
    for i in range(e.n_primary):
        opts = holders[starts[i]:starts[i + 1]]
        if len(opts):
            tax[i] = net[opts].min()
            net[opts] -= tax[i]
    return tax, net


class _Layout(NamedTuple):
    links: _links.Links  # the options by net cost, with reps and node_option in option numbers
    ncost: np.ndarray  # int64[Z]: the net cost of each node's option
    tax: int  # the total tax, what every solution pays beyond its net cost


def layout(problem) -> _Layout:
    """The links with the options sorted by net cost (stable), for `dlx._kernel_c`."""
    tax, net = taxes(problem)
    order = np.argsort(net, kind="stable")
    e = problem.entries
    lens = np.diff(e.ptr)[order]
    ptr = np.concatenate(([0], np.cumsum(lens))).astype(np.int64)
    take = np.repeat(e.ptr[order] - ptr[:-1], lens) + np.arange(int(ptr[-1]), dtype=np.int64)
    sorted_entries = _links.Entries(ptr, e.items[take], e.colors[take],
                                    e.first_primary[order], e.n_items, e.n_primary)
    links = _links.build(sorted_entries, None, {})
    node_option = np.where(links.node_option >= 0, order[links.node_option], -1)
    reps = np.empty_like(links.reps)
    reps[order] = links.reps
    ncost = np.where(node_option >= 0, net[node_option], 0).astype(np.int64)
    return _Layout(links._replace(node_option=node_option, reps=reps), ncost, int(tax.sum()))


class CSearch(Search):
    """A search for the ``k`` cheapest solutions: `dlx.search.Search` on `dlx._kernel_c`.

    Iterating yields `Costed` solutions as they are found, each cheaper than
    the ``k``-th best found before it; `cheapest` keeps the ``k`` best.
    """

    _SUFFIX = "_c"

    def __init__(self, problem, k=1, *, max_nodes=None, timeout=None, forced=(),
                 restore=True):
        if problem.bounded:
            raise ProblemError("cheapest is not available for problems whose items have "
                               "bounds (costs are for exact cover, as in Knuth's DLX5)")
        self._k = validate.whole("k", k, most=validate.MAX_BEST, optional=False)
        super().__init__(problem, max_nodes=max_nodes, timeout=timeout, forced=forced,
                         restore=restore)

    def _fresh(self, problem, seed):
        self._layout = layout(problem)
        links = self._layout.links
        x = np.zeros(links.levels + 1, dtype=np.uint32)
        st = np.array([C.S_ENTER, 0, 0, problem.n_items, 0], dtype=np.int64)
        return links, links.nd.copy(), links.it.copy(), x, st

    def _prepare(self, links, fidx):
        super()._prepare(links, fidx)
        n = len(self._x)
        heap = C.HEAD + 3 * n
        nodes = self._layout.ncost
        self._lock = np.zeros(heap + self._k + len(nodes) + len(self._sols), dtype=np.int64)
        self._lock[0] = self._k
        self._lock[heap:heap + self._k] = C.INF
        self._lock[heap + self._k:heap + self._k + len(nodes)] = nodes

    def _force(self):
        _jit.kernel("force_c")(self._nd, self._it, self._x, self._st, self._forced, self._lock)

    def _stored(self):
        labels = super()._stored()
        scost = self._lock[len(self._lock) - len(self._sols):]
        return [Costed(int(scost[k]) + self._layout.tax, sol) for k, sol in enumerate(labels)]

    def links_restored(self):
        links = self._layout.links
        return (self._st[C.LEVEL] == 0 and np.array_equal(self._nd, links.nd)
                and np.array_equal(self._it, links.it))


def cheapest(problem, k=1, *, max_nodes=None, timeout=None, forced=()) -> Cheapest:
    """Implementation of `dlx.Problem.cheapest`."""
    s = CSearch(problem, k, max_nodes=max_nodes, timeout=timeout, forced=forced,
                restore=False)
    kept: list = []  # the k best so far: (-cost, -order, solution), the dearest first
    try:
        for n, found in enumerate(cast(Iterator[Costed], s)):  # (what _stored makes)
            item = (-found.cost, -n, found)
            if len(kept) < s._k:
                heapq.heappush(kept, item)
            else:
                heapq.heappushpop(kept, item)
    except KeyboardInterrupt:
        pass  # (the search recorded "interrupted"): what was found is returned
    best = [found for _, _, found in sorted(kept, key=lambda t: (-t[0], -t[1]))]
    return Cheapest(best, s.stats.status, s.stats)
