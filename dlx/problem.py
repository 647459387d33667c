"""Exact-cover problems: items, options, and their dancing-links arrays.

A `Problem` is Knuth's "items and options" description.  *Primary*
items must be covered exactly once, *secondary* items at most once; an entry
of a secondary item may carry a *colour* (Knuth's DLX2), and options that agree
on an item's colour may share it.  A primary item may instead be given bounds
``u..v`` (Knuth's DLX3): it is then covered by at least ``u`` and at most
``v`` of the chosen options, and such problems are searched by Algorithm M
(`dlx.multiplicity`).  Everything is validated here, in Python, so
that the jitted kernels never see an out-of-range index.

The links are built with numpy in one pass when a search first needs them
(`dlx.logic` reads the options without numpy) and cached; each search works
on its own copy, so several searches of one problem can run side by side.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from . import options as _options
from . import plain, small
from ._knuth_lines import format_knuth
from .errors import ProblemError
from .options import Colored

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import ArrayLike

    from . import links as _links_mod
    from .costs import Cheapest
    from .results import BatchResult, CountResult, PropagateResult, Uniqueness
    from .search import Estimate, Search
else:
    _links_mod = plain.lazy_module("dlx.links")  # numpy loads once a search needs the links

__all__ = ["Colored", "Problem"]


class Problem:
    """An exact-cover problem, ready to search.

    Parameters
    ----------
    options : list of iterables, or dict
        Each option is an iterable of items.  With a list, solutions are
        reported as option indices; with a dict ``{label: items}``, as labels.
    primary : iterable of hashable, or int, optional
        The primary items, in order.  An int ``n`` means items ``0..n-1`` (and
        options then list item indices).  By default every item met in the
        options that is not secondary, in order of first appearance.
    secondary : iterable of hashable, or int, optional
        The secondary items.  An int ``m`` means items ``n..n+m-1``.
    labels : sequence, optional
        One label per option (need not be unique), to report solutions by;
        an alternative to passing a dict.
    bounds : dict, optional
        ``{item: (u, v)}`` (or ``{item: v}`` for ``(v, v)``): primary
        ``item`` must be covered at least ``u`` and at most ``v`` times
        (``0 <= u <= v``, ``v >= 1``); the others exactly once.
    costs : sequence or dict, optional
        A whole number from 0 up for each option (a dict ``{label: cost}``
        when the options are a dict; others cost 0), for `cheapest`.  The
        other searches ignore costs.

    Raises
    ------
    ProblemError
        An option is empty, repeats an item, names an unknown item, has no
        primary item, or puts a colour on a primary item; an item is declared
        twice; a bound is not on a primary item or not ``0 <= u <= v, v >= 1``.
    TooLargeError
        The problem needs more than 2**32 - 2 nodes.

    Notes
    -----
    Cost: O(total entries) time and memory to read and check the options; the
    links (about 32 bytes a node) are built on the first search.

    Examples
    --------
    >>> p = Problem([["a", "b"], ["b", "c"], ["c"], ["a"]])
    >>> p.count().count
    2
    >>> sorted(p.solutions())
    [[0, 2], [1, 3]]
    """

    def __init__(self, options: Iterable[Iterable[Hashable]] | Mapping[Any, Iterable[Hashable]],
                 primary: Iterable[Hashable] | int | None = None,
                 secondary: Iterable[Hashable] | int | None = None, *,
                 labels: Iterable[Any] | None = None,
                 bounds: Mapping[Hashable, int | tuple[int, int]] | None = None,
                 costs: Sequence[int] | Mapping[Any, int] | None = None) -> None:
        if isinstance(options, Mapping):
            if labels is not None:
                raise ProblemError("give option labels either as dict keys or as labels=, not both")
            labels = list(options.keys())
            rows = list(options.values())
        else:
            try:
                rows = list(options)
            except TypeError:
                raise ProblemError(f"options must be a list or dict of item lists, "
                                   f"not {type(options).__name__}") from None
            if labels is not None:
                labels = list(labels)
                if len(labels) != len(rows):
                    raise ProblemError(f"{len(labels)} labels for {len(rows)} options")
        self._labels = labels
        self._primary, self._secondary, self._index = _options.read_items(rows, primary, secondary)
        (self._colors, self._flat_items, self._flat_colors, self._ptr,
         self._first_primary) = _options.read_options(rows, self._index, len(self._primary), labels)
        self._bounds = _options.read_bounds(bounds, self._index, len(self._primary))
        self._costs = _options.read_costs(costs, labels, len(rows))
        self._cache: dict[Any, Any] = {}

    def __getstate__(self) -> dict[str, Any]:
        # The links are a cache: rebuild them where the problem is unpickled
        # (worker processes), rather than shipping them.
        state = self.__dict__.copy()
        state["_cache"] = {}
        return state

    # ------------------------------------------------------------- properties
    @property
    def primary(self) -> tuple[Hashable, ...]:
        """The primary items, in order."""
        return self._primary

    @property
    def secondary(self) -> tuple[Hashable, ...]:
        """The secondary items, in order."""
        return self._secondary

    @property
    def colors(self) -> tuple[Hashable, ...]:
        """The colours the options give secondary items, in order of first use."""
        return tuple(self._colors)

    @property
    def bounds(self) -> dict[Hashable, tuple[int, int]]:
        """``{item: (u, v)}`` for the primary items not covered exactly once."""
        if self._bounds is None:
            return {}
        return {item: (int(u), int(v)) for item, (u, v) in zip(self._primary, self._bounds,
                                                                strict=True)
                if (u, v) != (1, 1)}

    @property
    def costs(self) -> tuple[int, ...] | None:
        """Each option's cost, in option order; None when none were given."""
        return None if self._costs is None else tuple(self._costs.tolist())

    @property
    def bounded(self) -> bool:
        """Has some primary item bounds other than ``(1, 1)``?  (Then Algorithm M searches.)"""
        return self._bounds is not None

    @property
    def labels(self) -> list[Any]:
        """Option labels (the dict keys given), or option indices."""
        if self._labels is None:
            return list(range(self.n_options))
        return list(self._labels)

    @property
    def n_primary(self) -> int:
        """Number of primary items."""
        return len(self._primary)

    @property
    def n_items(self) -> int:
        """Number of items, primary and secondary."""
        return len(self._index)

    @property
    def n_options(self) -> int:
        """Number of options."""
        return len(self._ptr) - 1

    @property
    def n_nodes(self) -> int:
        """Entries of all options (Knuth's option nodes, spacers excluded)."""
        return int(self._ptr[-1])

    def option(self, k: int) -> list[Any]:
        """The entries of option ``k`` as given (colours as ``Colored``)."""
        names = list(self._index)
        out = []
        for j in range(self._ptr[k], self._ptr[k + 1]):
            name = names[self._flat_items[j] - 1]
            c = self._flat_colors[j]
            out.append(Colored(name, self._colors[c - 1]) if c else name)
        return out

    def __repr__(self) -> str:
        bounded = f", {len(self.bounds)} with bounds" if self.bounded else ""
        return (f"Problem({self.n_primary} primary{bounded} + {len(self._secondary)} secondary "
                f"items, {self.n_options} options, {self.n_nodes} entries)")

    # ------------------------------------------------- the engine's interface
    # What the search drivers (dlx.search, dlx.batch, dlx.parallel) use of a
    # problem: its entries, its link layouts (built once, cached), checked
    # forced options and labels.  Not needed to model a problem.
    @property
    def entries(self) -> _links_mod.Entries:
        """The options as flat arrays (see `dlx.links.Entries`); do not modify them."""
        got = self._cache.get("entries")
        if got is None:
            import numpy as np  # lazy: the logic rules read the buffers without numpy

            ptr, items, colors, first = (np.frombuffer(a, dtype=np.int64) for a in (
                self._ptr, self._flat_items, self._flat_colors, self._first_primary))
            got = self._cache["entries"] = _links_mod.Entries(
                ptr, items, colors, first, self.n_items, self.n_primary)
        return got

    def _option_lists(self) -> tuple[list[int], list[int], list[int]]:
        """``(ptr, items, colors)`` of `entries` as lists, items from 0 (no numpy: `dlx.logic`)."""
        return self._ptr.tolist(), [i - 1 for i in self._flat_items], self._flat_colors.tolist()

    @property
    def bound_table(self) -> np.ndarray | None:
        """``(u, v)`` of each primary item, int64 ``[n_primary, 2]``; None without bounds."""
        return self._bounds

    def links(self, seed: int | None = None) -> _links_mod.Links:
        """The dancing-links arrays, options and items shuffled by ``seed`` (cached).

        Searches work on copies: the cached arrays are never changed.  One
        seeded layout is kept at a time besides the unseeded one.
        """
        key = None if seed is None else int(seed)
        got = self._cache.get(key)
        if got is None:
            got = _links_mod.build(self.entries, key, self._cache)
            if key is not None:
                self._cache = {k: v for k, v in self._cache.items() if not isinstance(k, int)}
            self._cache[key] = got
        return got

    def csr(self) -> _links_mod.Csr:
        """The options in the batch kernel's form (see `dlx.links.csr`; cached)."""
        got = self._cache.get("csr")
        if got is None:
            got = self._cache["csr"] = _links_mod.csr(self.entries)
        return got

    def lockable(self) -> np.ndarray:
        """The items the locked-items rule may apply to (see `dlx.links.lockable_items`)."""
        got = self._cache.get("lockable")
        if got is None:
            got = self._cache["lockable"] = _links_mod.lockable_items(self.csr())
        return got

    def check_forced(self, forced: Iterable[int] | np.ndarray) -> np.ndarray:
        """Option indices to force, checked; returns them as an int64 array.

        With bounds, ``~k`` (that is ``-k - 1``) excludes option ``k`` instead
        (what the parts of `split` hold).

        Raises
        ------
        ProblemError
            An index is not an integer or out of range.
        """
        import numpy as np  # lazy: keeps numpy out of start-up

        if isinstance(forced, np.ndarray) and forced.dtype.kind in "iu":
            arr = forced.astype(np.int64).reshape(-1)  # (list() would box each entry)
            low = -self.n_options if self.bounded else 0
            if arr.size and (arr.min() < low or arr.max() >= self.n_options):
                bad = arr[(arr < low) | (arr >= self.n_options)][:1].tolist()
                _options.read_forced(bad, self.n_options, self.bounded)  # raises, naming it
            return arr
        return np.asarray(_options.read_forced(forced, self.n_options, self.bounded), np.int64)

    def label(self, indices: Iterable[int]) -> list[Any]:
        """The labels of options ``indices``, in option order (a solution as reported)."""
        idx = sorted(int(i) for i in indices)
        if self._labels is None:
            return idx
        return [self._labels[i] for i in idx]

    # --------------------------------------------------------------- searches
    def _search_once(self, **kwargs: Any) -> Search:
        """A search that `solve`, `count` and `unique` drop as soon as it ends.

        Nothing else sees its private links, so they need not be restored.
        """
        return self._searcher()(self, restore=False, **kwargs)

    def _searcher(self) -> type[Search]:
        """The class that searches this problem: `Search`, or Algorithm M's for items with
        bounds (`dlx.multiplicity.MSearch`)."""
        if self.bounded:
            from .multiplicity import MSearch  # lazy: keeps numba out of start-up

            return MSearch
        from .search import Search  # lazy: keeps numba out of start-up

        return Search

    def search(self, *, limit: int | None = None, seed: int | None = None,
               max_nodes: int | None = None, timeout: float | None = None,
               forced: Iterable[int] = (), locked: bool = False,
               branching: str = "mrv") -> Search:
        """A resumable search over this problem.

        Parameters
        ----------
        limit : int, optional
            Stop after this many solutions.
        seed : int, optional
            Shuffle the order of options and of ties between items
            reproducibly (numpy's PCG64, the same on every platform).
        max_nodes, timeout : optional
            Stop after this many search nodes or seconds.
        forced : iterable of int, optional
            Option indices that every solution must contain.
        locked : bool
            Also apply the locked-items rule where the search branches, and
            let past dead ends decide ties between items of two options, as
            `solve_many` does with ``locked=True``: the same solutions, in
            another order, and smaller trees on problems built of
            overlapping groups (Sudoku's houses); on others it only costs
            time.  The Sudoku module's single-puzzle functions use it.
        branching : str
            The item to branch on: one of `dlx.search.BRANCHINGS`.

        Returns
        -------
        Search
            Iterate over it for solutions, or call its ``count()``; its
            ``stats`` say how far it got and how it ended.

        Notes
        -----
        Cost: a copy of the links (about 16 bytes a node); nothing runs until
        it is iterated or counted.

        Examples
        --------
        >>> s = Problem([["a"], ["a"]]).search(limit=1)
        >>> list(s), s.status
        ([[0]], 'limit')
        """
        return self._searcher()(self, limit=limit, seed=seed, max_nodes=max_nodes, timeout=timeout,
                                forced=forced, locked=locked, branching=branching)

    def solutions(self, *, limit: int | None = None, seed: int | None = None,
                  max_nodes: int | None = None, timeout: float | None = None,
                  forced: Iterable[int] = (), locked: bool = False) -> Iterator[list[Any]]:
        """Iterate over solutions lazily, each a sorted list of option labels.

        Parameters
        ----------
        limit : int, optional
            Stop after this many solutions.
        seed : int, optional
            Shuffle the order of options and of ties between items
            reproducibly; the set of solutions is the same.
        max_nodes, timeout : optional
            Stop after this many search nodes or seconds.
        forced : iterable of int, optional
            Option indices that every solution must contain.
        locked : bool
            Apply the locked-items rule and the dead-end tie-break (`search`).

        Returns
        -------
        iterator of list
            Solutions in search order.  The search state is kept between
            items: taking the next solution never redoes work.  A stop by
            ``max_nodes`` or ``timeout`` ends the iteration quietly; use
            `search` to see why it ended.

        Notes
        -----
        Cost: about 100-200 ns per search node; each yield is a call into the
        kernel, so for millions of solutions `count` is faster.

        Examples
        --------
        >>> p = Problem({"A": ["x", "y"], "B": ["x"], "C": ["y"]})
        >>> list(p.solutions())
        [['A'], ['B', 'C']]
        """
        return iter(self.search(limit=limit, seed=seed, max_nodes=max_nodes,
                                timeout=timeout, forced=forced, locked=locked))

    def solve(self, *, seed: int | None = None, max_nodes: int | None = None,
              timeout: float | None = None, forced: Iterable[int] = (),
              locked: bool = False) -> list[Any] | None:
        """The first solution found, or None when there is none.

        Parameters
        ----------
        seed : int, optional
            Shuffle the order of options and of ties between items
            reproducibly (numpy's PCG64, the same on every platform).
        max_nodes, timeout : optional
            Stop after this many search nodes or seconds.
        forced : iterable of int, optional
            Option indices that every solution must contain.
        locked : bool
            Apply the locked-items rule and the dead-end tie-break (`search`).

        Returns
        -------
        list or None
            The options of the solution, as labels in option order.

        Raises
        ------
        SearchStopped
            ``max_nodes`` or ``timeout`` (or Ctrl-C) stopped the search before
            it found a solution or proved there is none.

        Notes
        -----
        Cost: one search to the first solution.

        Examples
        --------
        >>> Problem([["a"], ["a", "b"]]).solve()
        [1]
        >>> Problem([["a"]], secondary=["b"]).solve()
        [0]
        """
        from .results import SearchStopped

        s = self._search_once(limit=1, seed=seed, max_nodes=max_nodes, timeout=timeout,
                              forced=forced, locked=locked)
        for sol in s:
            return sol
        if s.stats.status not in ("complete", "limit"):
            raise SearchStopped(s.stats)
        return None

    def count(self, *, limit: int | None = None, seed: int | None = None,
              max_nodes: int | None = None, timeout: float | None = None,
              forced: Iterable[int] = (), locked: bool = False, memo: bool = False,
              memo_mb: float | None = None, order: str = "mrv",
              branching: str = "mrv") -> CountResult:
        """Count solutions, up to ``limit``.

        Parameters
        ----------
        limit : int, optional
            Stop counting at this many (status ``"limit"``, even if there are exactly that many).
        seed : int, optional
            Shuffle the order of options and of ties between items
            reproducibly (numpy's PCG64, the same on every platform).
        max_nodes, timeout : optional
            Stop after this many search nodes or seconds.
        forced : iterable of int, optional
            Option indices that every solution must contain.
        locked : bool
            Apply the locked-items rule and the dead-end tie-break (`search`).
        memo, memo_mb, order : count each subproblem once: see `dlx.memo.count_memo`.
        branching : str
            The item to branch on (not with memo): one of `dlx.search.BRANCHINGS`.

        Returns
        -------
        CountResult
            ``.count``, ``.status``, ``.stats`` (``.exact``: the whole tree was
            explored); Ctrl-C returns the partial count, status ``"interrupted"``.

        Notes
        -----
        Cost: proportional to the search tree; nothing is stored per solution.

        Examples
        --------
        >>> from dlx.examples import queens
        >>> queens(8).count().count
        92
        >>> r = queens(8).count(limit=10)
        >>> (r.count, r.status, r.exact)
        (10, 'limit', False)
        """
        if memo or memo_mb is not None or order != "mrv":
            if branching != "mrv":
                raise ProblemError("branching is for the plain search; memo=True takes order")
            from .memo import count_for  # lazy: keeps numba out of start-up
            return count_for(self, memo, limit, locked, memo_mb, order, seed, max_nodes, timeout,
                             forced)
        if (seed is None and branching == "mrv" and not (locked or self.bounded)
                and type(forced) is tuple and not forced):
            if (got := small.count(self, limit, max_nodes, timeout)) is not None:  # (small)
                return got
        return self._search_once(limit=limit, seed=seed, max_nodes=max_nodes, timeout=timeout,
                                 forced=forced, locked=locked, branching=branching).count()

    def unique(self, *, max_nodes: int | None = None, timeout: float | None = None,
               forced: Iterable[int] = (), locked: bool = False) -> Uniqueness[list[Any]]:
        """Does the problem have exactly one solution?

        Parameters
        ----------
        max_nodes, timeout : optional
            Stop after this many search nodes or seconds.
        forced : iterable of int, optional
            Option indices that every solution must contain.
        locked : bool
            Apply the locked-items rule and the dead-end tie-break (`search`).

        Returns
        -------
        Uniqueness
            ``.status`` is ``"unique"``, ``"multiple"`` (with two solutions as
            proof), ``"none"``, or ``"unknown"`` when a limit stopped it.

        Notes
        -----
        Cost: a search that stops at the second solution.

        Examples
        --------
        >>> Problem([["a"], ["a"]]).unique().status
        'multiple'
        """
        from .results import Uniqueness

        s = self._search_once(limit=2, max_nodes=max_nodes, timeout=timeout, forced=forced,
                              locked=locked)
        return Uniqueness.of(list(s), s.stats)

    def propagate(self, forced: Iterable[int] = ()) -> PropagateResult:
        """Apply ``forced`` options, then take every forced single.

        A forced single is a primary item with exactly one option left; MRV
        branching would take it without a guess.  This is what a human solver
        calls naked and hidden singles when the problem is a Sudoku.

        Returns
        -------
        PropagateResult

        Notes
        -----
        Cost: one kernel call, O(links touched) plus O(options) for ``live``.

        Examples
        --------
        >>> r = Problem([["a", "b"], ["b", "c"], ["c"]]).propagate()
        >>> r.status, r.chosen
        ('solved', [0, 2])
        """
        from .search import propagate  # lazy: keeps numba out of start-up

        return propagate(self, forced)

    def solve_many(self, forced_lists: Iterable[Iterable[int]], *, limit: int = 1,
                   store: int = 1, max_nodes: int | None = None, jobs: int = 1,
                   locked: bool = False) -> BatchResult:
        """Solve many variants of this problem that differ only by forced options.

        All of them run in one jitted call (on ``jobs`` threads), reusing one
        copy of the links: the forced options are applied, the search runs,
        and everything is restored before the next.  This is how the Sudoku
        module solves a file of puzzles.

        Parameters
        ----------
        forced_lists : sequence of sequences of int
            For each problem, the option indices it forces.
        limit : int
            Stop each search after this many solutions (1: solve; 2: check
            uniqueness; 0: count them all).
        store : int
            How many solutions to keep per problem (at most ``limit`` when set).
        max_nodes : int, optional
            Node budget per problem; a problem that runs out gets status
            ``"nodes"`` and a partial count.
        jobs : int
            Threads; 1 runs on the calling thread.
        locked : bool
            Also apply the locked-items rule where the search branches: when
            every option left in a primary item's list (of two) holds some
            item B, B's other options are removed.  Solutions and counts are
            the same; the trees are smaller on problems built of
            overlapping groups, like Sudoku's boxes, rows and columns (its
            "pointing" and "claiming"), so ``nodes`` differ from `count`'s
            (unless it is given ``locked=True`` too); past dead ends also
            decide ties between items of two options.  Off by default:
            where it never applies it only costs time (a third more on
            12-queens, whose tree it leaves as it is).

        Returns
        -------
        BatchResult

        Notes
        -----
        Cost: per problem, the forced options' links plus its search.

        Examples
        --------
        >>> p = Problem([["a", "b"], ["a"], ["b"]])
        >>> r = p.solve_many([[], [1], [0, 1]], limit=0)
        >>> r.counts.tolist(), r.status
        ([2, 1, 0], ['complete', 'complete', 'complete'])
        """
        from .batch import solve_many

        if self.bounded:
            raise ProblemError("solve_many is not available for problems whose items have "
                               "bounds; use count or solutions with forced=")
        return solve_many(self, forced_lists, limit=limit, store=store,
                         max_nodes=max_nodes, jobs=jobs, locked=locked)

    def split(self, depth: int, *,
              forced: Iterable[int] = ()) -> tuple[list[list[int]], int]:
        """Split the search at ``depth`` into independent subproblems.

        Parameters
        ----------
        depth : int
            How many levels of the search tree the prefixes cover.
        forced : iterable of int, optional
            Option indices forced in every subproblem (they start each prefix).

        Returns
        -------
        (list of list of int, int)
            The prefixes (each a list of option indices to force, in the order
            the search chose them) and the number of solutions found above
            ``depth``.  Counting every prefix with ``forced=prefix`` and adding
            that number gives exactly the unsplit count.

        Examples
        --------
        >>> from dlx.examples import queens
        >>> parts, above = queens(6).split(2)
        >>> sum(queens(6).count(forced=f).count for f in parts) + above
        4
        """
        if self.bounded:
            from .multiplicity import split_bounded  # lazy: keeps numba out of start-up
            from .search import split_depth  # lazy: keeps numba out of start-up

            return split_bounded(self, split_depth(self, depth), self.check_forced(forced))
        from .search import split  # lazy: keeps numba out of start-up

        return split(self, depth, forced=forced)

    def estimate(self, probes: int = 1000, *, seed: int = 0, forced: Iterable[int] = (),
                 timeout: float | None = None) -> Estimate:
        """Knuth's random-probe estimate of the search tree and the solution count.

        Parameters
        ----------
        probes : int
            Random root-to-leaf walks to average.
        seed : int
            Seed of the walks (the same seed gives the same estimate).
        forced : iterable of int, optional
            Option indices forced first.
        timeout : float, optional
            Stop making probes after this many seconds.

        Returns
        -------
        dlx.search.Estimate
            Means and standard errors of the estimates of the number of search
            nodes and of solutions over ``probes`` random root-to-leaf walks.
            When the time limit or Ctrl-C stops the walks early, the means are
            over the walks made, and ``status`` says which
            (``"timeout"``, ``"interrupted"``).

        Notes
        -----
        Cost: ``probes`` walks, each as deep as the tree; memory does not grow
        with ``probes``.

        Examples
        --------
        >>> from dlx.examples import queens
        >>> e = queens(8).estimate(2000, seed=1)
        >>> 40 < e.solutions < 200
        True
        """
        from . import search  # lazy: keeps numba out of start-up

        if self.bounded:
            from .multiplicity import prober  # lazy: keeps numba out of start-up

            return search.estimate(self, probes, seed=seed, forced=forced, timeout=timeout,
                                   prober=prober)
        return search.estimate(self, probes, seed=seed, forced=forced, timeout=timeout)

    def cheapest(self, k: int = 1, *, max_nodes: int | None = None,
                 timeout: float | None = None, forced: Iterable[int] = ()) -> Cheapest:
        """The ``k`` solutions of least total cost (Knuth's DLX5), cheapest first.

        Parameters
        ----------
        k : int
            How many solutions to find: the ``k`` cheapest (ties broken by
            the search order).
        max_nodes, timeout : optional
            Stop after this many search nodes or seconds; what was found so
            far is returned, not proven the cheapest.
        forced : iterable of int, optional
            Option indices that every solution must contain.

        Returns
        -------
        dlx.costs.Cheapest
            ``.solutions``: a list of `dlx.costs.Costed` ``(cost, options)``,
            cheapest first (empty when there is no solution); ``.status``
            ``"complete"`` when they are proven the cheapest; ``.stats``.

        Raises
        ------
        ProblemError
            The problem has bounds (Algorithm M): costs are for exact cover.

        Notes
        -----
        Cost: a branch-and-bound search, often far smaller than counting
        every solution.  Options without a cost cost 0.

        Examples
        --------
        >>> p = Problem({"A": ["x", "y"], "B": ["x"], "C": ["y"]}, costs={"A": 5, "B": 2, "C": 2})
        >>> p.cheapest().solutions
        [Costed(cost=4, options=['B', 'C'])]
        >>> [s.cost for s in p.cheapest(2).solutions]
        [4, 5]
        """
        from .costs import cheapest

        return cheapest(self, k, max_nodes=max_nodes, timeout=timeout, forced=forced)

    def to_knuth(self, *, rename: Callable[[Any], str] | None = None) -> str:
        """The problem as text in Knuth's DLX format (see `dlx.knuth.write_knuth`).

        Parameters
        ----------
        rename : callable, optional
            Gives each item its name in the text (default: ``str``).

        Returns
        -------
        str
            The items line, then one line per option; labels are not kept.

        Raises
        ------
        ProblemError
            An item or colour has no name in the format, or two items share one.

        Examples
        --------
        >>> print(Problem({"x": ["a"], "y": ["b", "a"]}).to_knuth(), end="")
        a b
        a
        b a
        """
        return "".join(line + "\n" for line in format_knuth(self, rename=rename))

    @classmethod
    def from_matrix(cls, matrix: ArrayLike, secondary: int = 0) -> Problem:
        """Build a problem from a dense 0/1 matrix: rows are options, columns items.

        The last ``secondary`` columns are secondary items.  Items are the
        column indices and solutions are row indices.

        Parameters
        ----------
        matrix : array-like of 0 and 1, shape (options, items)
        secondary : int
            How many of the last columns are secondary items.

        Returns
        -------
        Problem

        Raises
        ------
        ProblemError
            The matrix is not 2-D, holds values other than 0 and 1, or
            ``secondary`` is out of range.

        Examples
        --------
        >>> Problem.from_matrix([[1, 0, 1], [0, 1, 0], [1, 1, 0]]).solve()
        [0, 1]
        """
        return cls(*_options.read_matrix(matrix, secondary))
