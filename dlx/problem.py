"""Exact-cover problems: items, options, and their dancing-links arrays.

A `Problem` is Knuth's "items and options" description.  *Primary*
items must be covered exactly once, *secondary* items at most once; an entry
of a secondary item may carry a *colour* (Knuth's DLX2), and options that agree
on an item's colour may share it.  Everything is validated here, in Python, so
that the jitted kernels never see an out-of-range index.

The links are built with numpy in one pass (no per-node Python loop beyond
reading the options) and cached; each search works on its own copy, so
several searches of one problem can run side by side.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any, NamedTuple

import numpy as np

from .errors import ProblemError, TooLargeError

__all__ = ["Colored", "Problem"]

MAX_NODES = 2**32 - 2  # node indices are uint32 and 0xFFFFFFFF is a marker
BYTES_PER_NODE = 16 + 8 + 8  # links (4 x uint32) + node-to-option map + build scratch


class Colored(NamedTuple):
    """An entry of a secondary item with a colour: ``Colored("x", "red")``.

    For string item names the short form ``"x:red"`` means the same.
    """

    item: Hashable
    color: Hashable


class _Links(NamedTuple):
    nd: np.ndarray  # uint32[Z, 4]: TOP, UP, DOWN, COLOR
    it: np.ndarray  # uint32[N + 2, 2]: LEFT, RIGHT
    reps: np.ndarray  # uint32[n_options]: node of each option's first primary entry
    node_option: np.ndarray  # int64[Z]: option index of each node, -1 elsewhere
    levels: int  # the deepest a search can go (number of primary items)
    item_map: np.ndarray | None  # with a seed: the layout's number of each item (0 and N+1 kept)


def _describe(option: Any, limit: int = 60) -> str:
    text = repr(option)
    return text if len(text) <= limit else text[: limit - 3] + "..."


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

    Raises
    ------
    ProblemError
        An option is empty, repeats an item, names an unknown item, has no
        primary item, or puts a colour on a primary item; an item is declared
        twice.
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

    def __init__(self, options, primary=None, secondary=None, *, labels=None):
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
        self._setup_items(rows, primary, secondary)
        self._read_options(rows)
        self._cache: dict = {}

    # ------------------------------------------------------------------ items
    def _setup_items(self, rows, primary, secondary) -> None:
        if isinstance(primary, bool) or isinstance(secondary, bool):
            raise ProblemError("primary and secondary must be item lists or counts, not booleans")
        if isinstance(primary, (int, np.integer)):
            n1 = int(primary)
            m = int(secondary or 0) if not isinstance(secondary, Iterable) else None
            if n1 < 0 or (m is not None and m < 0):
                raise ProblemError("item counts must not be negative")
            if m is None:
                raise ProblemError("with primary given as a count, give secondary as a count too")
            prim = list(range(n1))
            sec = list(range(n1, n1 + m))
        else:
            if isinstance(secondary, (int, np.integer)):
                raise ProblemError("with secondary given as a count, give primary as a count too")
            sec = list(secondary) if secondary is not None else []
            if primary is None:
                secset = {s for s in sec if _hashable(s)}
                seen: dict = {}
                for row in rows:
                    for entry in row if _iterable_row(row) else ():
                        name = self._entry_item(entry, secset)
                        # unhashable names are reported, with their option, below
                        if _hashable(name) and name not in secset and name not in seen:
                            seen[name] = None
                prim = list(seen)
            else:
                prim = list(primary)
        index: dict = {}
        for kind, names in (("primary", prim), ("secondary", sec)):
            for name in names:
                try:
                    if name in index:
                        raise ProblemError(f"item {name!r} is declared twice")
                except TypeError:
                    raise ProblemError(f"item names must be hashable; {kind} item "
                                       f"{_describe(name)} is not") from None
                index[name] = len(index) + 1
        self._primary = tuple(prim)
        self._secondary = tuple(sec)
        self._index = index

    @staticmethod
    def _entry_item(entry, secondary_names):
        """The item an option entry names (strips a colour of a secondary item)."""
        if isinstance(entry, Colored):
            return entry.item
        if isinstance(entry, str) and ":" in entry:
            try:
                if entry not in secondary_names and entry.split(":", 1)[0] in secondary_names:
                    return entry.split(":", 1)[0]
            except TypeError:
                pass
        return entry

    # ---------------------------------------------------------------- options
    def _read_options(self, rows) -> None:
        index = self._index
        n1 = len(self._primary)
        colors: dict = {}
        flat_items: list = []
        flat_colors: list = []
        ptr = [0]
        first_primary = []
        for k, row in enumerate(rows):
            where = self._where(k)
            if not _iterable_row(row):
                raise ProblemError(f"{where} must be an iterable of items, "
                                   f"not {type(row).__name__}")
            seen = set()
            fp = -1
            for entry in row:
                item, color = self._split_entry(entry)
                try:
                    i = index.get(item)
                except TypeError:
                    raise ProblemError(f"{where} {_describe(row)}: item {_describe(item)} "
                                       f"is not hashable") from None
                if i is None:
                    raise ProblemError(f"{where} {_describe(row)}: unknown item {item!r} "
                                       f"(declare it among the primary or secondary items)")
                if i in seen:
                    raise ProblemError(f"{where} {_describe(row)}: item {item!r} appears twice")
                seen.add(i)
                if color is None:
                    c = 0
                else:
                    if i <= n1:
                        raise ProblemError(f"{where} {_describe(row)}: primary item {item!r} "
                                           f"cannot have a colour (only secondary items can)")
                    try:
                        c = colors.setdefault(color, len(colors) + 1)
                    except TypeError:
                        raise ProblemError(f"{where}: colour {_describe(color)} is not "
                                           f"hashable") from None
                if i <= n1 and fp < 0:
                    fp = len(seen) - 1
                flat_items.append(i)
                flat_colors.append(c)
            if not seen:
                raise ProblemError(f"{where} is empty")
            if fp < 0:
                raise ProblemError(f"{where} {_describe(row)} has no primary item, so no "
                                   f"solution could ever use it; make one of its items primary")
            first_primary.append(fp)
            ptr.append(len(flat_items))
        n_nodes = len(self._index) + 2 + len(flat_items) + len(ptr)
        if n_nodes > MAX_NODES:
            raise TooLargeError(f"the problem needs {n_nodes:,} nodes; the engine's 32-bit "
                                f"links hold at most {MAX_NODES:,}")
        self._colors = tuple(colors)
        self._flat_items = np.asarray(flat_items, dtype=np.int64)
        self._flat_colors = np.asarray(flat_colors, dtype=np.int64)
        self._ptr = np.asarray(ptr, dtype=np.int64)
        self._first_primary = np.asarray(first_primary, dtype=np.int64)

    def _where(self, k: int) -> str:
        if self._labels is not None:
            return f"option {self._labels[k]!r}"
        return f"option {k}"

    def _split_entry(self, entry):
        # "x:red" is item "x" in colour "red" only when "x" is a secondary item
        # and "x:red" is not itself an item; any other string is an item name.
        if isinstance(entry, Colored):
            return entry.item, entry.color
        if isinstance(entry, str) and ":" in entry and entry not in self._index:
            item, color = entry.split(":", 1)
            if self._index.get(item, 0) > len(self._primary):
                return item, color
        return entry, None

    def __getstate__(self):
        # The links are a cache: rebuild them where the problem is unpickled
        # (worker processes), rather than shipping them.
        state = self.__dict__.copy()
        state["_cache"] = {}
        return state

    # ------------------------------------------------------------- properties
    @property
    def primary(self) -> tuple:
        """The primary items, in order."""
        return self._primary

    @property
    def secondary(self) -> tuple:
        """The secondary items, in order."""
        return self._secondary

    @property
    def labels(self) -> list:
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

    def option(self, k: int) -> list:
        """The entries of option ``k`` as given (colours as ``Colored``)."""
        names = list(self._index)
        out = []
        for j in range(self._ptr[k], self._ptr[k + 1]):
            name = names[self._flat_items[j] - 1]
            c = self._flat_colors[j]
            out.append(Colored(name, self._colors[c - 1]) if c else name)
        return out

    def __repr__(self) -> str:
        return (f"Problem({self.n_primary} primary + {len(self._secondary)} secondary items, "
                f"{self.n_options} options, {self.n_nodes} entries)")

    # ------------------------------------------------------------------ links
    def _links(self, seed: int | None = None) -> _Links:
        """The dancing-links arrays, with options (and ties) shuffled by ``seed``."""
        key = None if seed is None else int(seed)
        links = self._cache.get(key)
        if links is None:
            links = self._build(key)
            if key is not None:  # keep one seeded layout at a time
                self._cache = {k: v for k, v in self._cache.items()
                               if not isinstance(k, int)}
            self._cache[key] = links
        return links

    def _build(self, seed: int | None) -> _Links:
        n_items = self.n_items
        n1 = self.n_primary
        n_opt = self.n_options
        # What every layout shares (the seed reorders options and renames items
        # within each kind; the item lists stay in numeric order), kept so that
        # a new seed costs only its permutations and a few vectorised passes.
        shared = self._cache.get("layout")
        if shared is None:
            lens = np.diff(self._ptr)
            # Item lists: 0 heads the primary items, N + 1 the secondary ones.  The
            # kernels take them flat, LEFT and RIGHT of item i at 2 i and 2 i + 1.
            it = np.zeros(2 * (n_items + 2), dtype=np.uint32)
            rows = it.reshape(-1, 2)
            for head, first, last in ((0, 1, n1), (n_items + 1, n1 + 1, n_items)):
                ring = np.concatenate(([head], np.arange(first, last + 1)))
                rows[ring, 1] = np.roll(ring, -1)
                rows[ring, 0] = np.roll(ring, 1)
            shared = (lens, it)
            self._cache["layout"] = shared
        lens, it = shared
        it = it.copy()
        item_map = None
        if seed is None:
            order = np.arange(n_opt, dtype=np.int64)
            items = self._flat_items
        else:
            rng = np.random.default_rng(seed)
            order = rng.permutation(n_opt).astype(np.int64)
            item_map = np.concatenate(([0], 1 + rng.permutation(n1),
                                       1 + n1 + rng.permutation(n_items - n1)))
        total = int(self._ptr[-1])
        lens_o = lens[order]
        z = n_items + 2 + total + n_opt
        try:
            nd = np.zeros((4, z), dtype=np.uint32)  # one row per field (see dlx._kernel)
            node_option = np.full(z, -1, dtype=np.int64)
        except MemoryError:
            raise TooLargeError(f"not enough memory for {z:,} nodes "
                                f"(about {z * BYTES_PER_NODE / 2**30:.1f} GiB)") from None
        # Option k of the layout starts right after the spacer at starts[k] - 1;
        # its entries are the source entries ptr[order[k]].. in their order.
        firsts = np.cumsum(lens_o) - lens_o  # layout entries before option k
        starts = n_items + 2 + firsts + np.arange(n_opt, dtype=np.int64)
        if seed is not None:
            shift = np.repeat(self._ptr[order] - firsts, lens_o)
            shift += np.arange(total, dtype=np.int64)  # now the source entry of each
            items = item_map[self._flat_items[shift]]
            colors = self._flat_colors[shift]
        else:
            colors = self._flat_colors
        node = np.repeat(starts - firsts, lens_o)
        node += np.arange(total, dtype=np.int64)  # layout entry -> node, increasing
        nd[0, node] = items
        nd[3, node] = colors
        node_option[node] = np.repeat(order, lens_o)
        # Vertical lists: item i's ring is its header and then its nodes in
        # layout order.  Laid end to end (ring i at seg[i]), each entry lands
        # after the headers of the items up to its own.  Sorting by item with a
        # stable sort keeps the layout order within an item.
        counts = np.bincount(items, minlength=n_items + 1)
        if n_items < 2**16:
            by_item = np.argsort(items.astype(np.uint16), kind="stable")  # a radix sort
        elif n_items * total < 2**63:  # unique keys: any sort gives the stable order
            by_item = np.argsort(items * total + np.arange(total, dtype=np.int64))
        else:
            by_item = np.argsort(items, kind="stable")
        si = items[by_item]
        seg = np.arange(n_items, dtype=np.int64)
        seg[1:] += np.cumsum(counts[1:-1])  # ring of item i + 1 starts at seg[i]
        ring = np.empty(total + n_items, dtype=np.int64)
        ring[seg] = np.arange(1, n_items + 1)
        ring[np.arange(total, dtype=np.int64) + si] = node[by_item]
        last = seg + counts[1:]  # the last member of each ring
        down = np.empty_like(ring)
        down[:-1] = ring[1:]
        down[last] = ring[seg]
        up = np.empty_like(ring)
        up[1:] = ring[:-1]
        up[seg] = ring[last]
        nd[1, ring] = up
        nd[2, ring] = down
        nd[0, 1:n_items + 1] = counts[1:]
        nd[3, 0] = 1 if colors.any() else 0  # COLOR of node 0: the problem has colours
        nd[1, 0] = n1  # NPRIMARY, read by the kernels (see dlx._kernel)
        # Spacers: UP = first node of the option before, DOWN = last node of the option after.
        if n_opt:
            nd[1, starts[1:] - 1] = starts[:-1]
            nd[1, starts[-1] + lens_o[-1]] = starts[-1]
            nd[2, starts - 1] = starts + lens_o - 1
        position = np.empty(n_opt, dtype=np.int64)
        position[order] = np.arange(n_opt)
        reps = (starts[position] + self._first_primary).astype(np.uint32)
        return _Links(nd, it, reps, node_option, max(n1, 1), item_map)

    def _csr(self):
        """The options in CSR form for the batch kernel, with its sizes (cached)."""
        got = self._cache.get("csr")
        if got is None:
            n = self.n_items
            rows = n + 2 + self.n_nodes + self.n_options
            sizes = np.array([n, self.n_primary, rows, 0], dtype=np.int64)  # 0: see batch_arrays
            # The same entries by item: each item's options (in option order) and colours.
            by_item = np.argsort(self._flat_items, kind="stable")
            owner = np.repeat(np.arange(self.n_options), np.diff(self._ptr))
            iptr = np.zeros(n + 2, dtype=np.int64)
            np.cumsum(np.bincount(self._flat_items, minlength=n + 1), out=iptr[1:])
            # All uint32 (entries number fewer than the nodes, below 2**32): numba checks
            # every signed index for a negative value, and _reduce reads these in its
            # inner loops (17-clue Sudoku: its forced singles about 15% faster).
            base = (self._ptr.astype(np.uint32), self._flat_items.astype(np.uint32),
                    self._flat_colors.astype(np.uint32), iptr.astype(np.uint32),
                    owner[by_item].astype(np.uint32),
                    self._flat_colors[by_item].astype(np.uint32))
            # The most options a solution can hold: each holds at least ``least`` primary
            # items and no two share one (options without a primary item are never
            # chosen).  The batch kernel's solution rows are this long: Sudoku 81, not
            # 324 (a chunk of 9x9 uniqueness checks: 2.7 MB of rows instead of 10.6).
            primary = np.bincount(owner[self._flat_items <= self.n_primary],
                                  minlength=self.n_options)
            least = int(primary[primary > 0].min()) if primary.any() else 1
            got = (base, sizes, max(self.n_primary // least, 1))
            self._cache["csr"] = got
        return got

    def _check_forced(self, forced) -> np.ndarray:
        """Validate option indices to force; returns them as an int64 array."""
        try:
            if isinstance(forced, np.ndarray) and forced.dtype.kind in "iu":
                arr = forced.astype(np.int64).reshape(-1)  # (list() would box each entry)
            else:
                arr = np.asarray(list(forced), dtype=np.int64).reshape(-1)
        except (TypeError, ValueError, OverflowError):
            raise ProblemError("forced options must be option indices (integers)") from None
        if arr.size and (arr.min() < 0 or arr.max() >= self.n_options):
            bad = arr[(arr < 0) | (arr >= self.n_options)][0]
            raise ProblemError(f"forced option {bad} is out of range "
                               f"(the problem has {self.n_options} options)")
        return arr

    def _label(self, indices) -> list:
        idx = np.sort(np.asarray(indices, dtype=np.int64)).tolist()
        if self._labels is None:
            return idx
        return [self._labels[i] for i in idx]

    # --------------------------------------------------------------- searches
    def _search_once(self, **kwargs):
        """A search that `solve`, `count` and `unique` drop as soon as it ends.

        Nothing else sees its private links, so they are not restored at the
        end (see `dlx.search.Search`).
        """
        s = self.search(**kwargs)
        s._restore = False
        return s

    def search(self, *, limit=None, seed=None, max_nodes=None, timeout=None, forced=(),
               locked=False):
        """A resumable search over this problem.

        Parameters
        ----------
        limit : int, optional
            Stop after this many solutions.
        seed : int, optional
            Shuffle the order of options and of ties between items
            reproducibly (numpy's PCG64, the same on every platform).
        max_nodes : int, optional
            Stop after this many search nodes.
        timeout : float, optional
            Stop after this many seconds.
        forced : iterable of int, optional
            Option indices that every solution must contain.
        locked : bool
            Also apply the locked-items rule where the search branches, and
            let past dead ends decide ties between items of two options, as
            `solve_many` does with ``locked=True``: the same solutions, in
            another order, and smaller trees on problems built of
            overlapping groups (Sudoku's houses); on others it only costs
            time.  The Sudoku module's single-puzzle functions use it.

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
        from .search import Search

        return Search(self, limit=limit, seed=seed, max_nodes=max_nodes,
                      timeout=timeout, forced=forced, locked=locked)

    def solutions(self, *, limit=None, seed=None, max_nodes=None, timeout=None, forced=(),
                  locked=False):
        """Iterate over solutions lazily, each a sorted list of option labels.

        Parameters
        ----------
        limit : int, optional
            Stop after this many solutions.
        seed : int, optional
            Shuffle the order of options and of ties between items
            reproducibly; the set of solutions is the same.
        max_nodes : int, optional
            Stop after this many search nodes.
        timeout : float, optional
            Stop after this many seconds.
        forced : iterable of int, optional
            Option indices that every solution must contain.
        locked : bool
            Apply the locked-items rule and the dead-end tie-break (see
            `search`).

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

    def solve(self, *, seed=None, max_nodes=None, timeout=None, forced=(), locked=False):
        """The first solution found, or None when there is none.

        Parameters
        ----------
        seed : int, optional
            Shuffle the order of options and of ties between items
            reproducibly (numpy's PCG64, the same on every platform).
        max_nodes : int, optional
            Stop after this many search nodes.
        timeout : float, optional
            Stop after this many seconds.
        forced : iterable of int, optional
            Option indices that every solution must contain.
        locked : bool
            Apply the locked-items rule and the dead-end tie-break (see
            `search`).

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

    def count(self, *, limit=None, seed=None, max_nodes=None, timeout=None, forced=(),
              locked=False):
        """Count solutions, up to ``limit``.

        Parameters
        ----------
        limit : int, optional
            Stop counting at this many (status ``"limit"``, even when there
            happen to be exactly that many).
        seed : int, optional
            Shuffle the order of options and of ties between items
            reproducibly (numpy's PCG64, the same on every platform).
        max_nodes : int, optional
            Stop after this many search nodes.
        timeout : float, optional
            Stop after this many seconds.
        forced : iterable of int, optional
            Option indices that every solution must contain.
        locked : bool
            Apply the locked-items rule and the dead-end tie-break (see
            `search`).

        Returns
        -------
        CountResult
            ``.count``, ``.status`` and ``.stats``; ``.exact`` is True when the
            whole tree was explored.  Ctrl-C returns the partial count with
            status ``"interrupted"``.

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
        return self._search_once(limit=limit, seed=seed, max_nodes=max_nodes,
                                 timeout=timeout, forced=forced, locked=locked).count()

    def unique(self, *, max_nodes=None, timeout=None, forced=(), locked=False):
        """Does the problem have exactly one solution?

        Parameters
        ----------
        max_nodes : int, optional
            Stop after this many search nodes.
        timeout : float, optional
            Stop after this many seconds.
        forced : iterable of int, optional
            Option indices that every solution must contain.
        locked : bool
            Apply the locked-items rule and the dead-end tie-break (see
            `search`).

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
        sols = list(s)
        st = s.stats
        if st.status in ("complete", "limit"):
            status = ("none", "unique", "multiple")[len(sols)]
        else:
            status = "multiple" if len(sols) == 2 else "unknown"
        return Uniqueness(status, sols, st)

    def propagate(self, forced=()):
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
        from . import _jit
        from .results import PropagateResult
        from .search import fresh_state

        fidx = self._check_forced(forced)
        links, nd, it, x, st = fresh_state(self)
        live = np.zeros(self.n_options, dtype=np.uint8)
        code = _jit.kernel("propagate")(nd, it, x, st, links.reps[fidx], links.reps, live)
        chosen = links.node_option[x[: st[2]]].tolist()
        live = live.astype(bool)
        live[chosen] = True  # taken options are possible too (certain, even)
        return PropagateResult(("contradiction", "solved", "open")[code], chosen, live)

    def solve_many(self, forced_lists, *, limit=1, store=1, max_nodes=None, jobs=1,
                   locked=False):
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
        from .search import run_batch

        return run_batch(self, forced_lists, limit=limit, store=store,
                         max_nodes=max_nodes, jobs=jobs, locked=locked)

    def split(self, depth, *, forced=()):
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
        from .search import split_problem

        return split_problem(self, depth, forced=forced)

    def estimate(self, probes=1000, *, seed=0, forced=()):
        """Knuth's random-probe estimate of the search tree and the solution count.

        Parameters
        ----------
        probes : int
            Random root-to-leaf walks to average.
        seed : int
            Seed of the walks (the same seed gives the same estimate).
        forced : iterable of int, optional
            Option indices forced first.

        Returns
        -------
        dlx.search.Estimate
            Means and standard errors of the estimates of the number of search
            nodes and of solutions over ``probes`` random root-to-leaf walks.

        Notes
        -----
        Cost: ``probes`` walks, each as deep as the tree.

        Examples
        --------
        >>> from dlx.examples import queens
        >>> e = queens(8).estimate(2000, seed=1)
        >>> 40 < e.solutions < 200
        True
        """
        from .search import estimate_problem

        return estimate_problem(self, probes, seed=seed, forced=forced)

    @classmethod
    def from_matrix(cls, matrix, secondary=0):
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
        try:
            m = np.asarray(matrix)
        except Exception as exc:  # ragged nested lists and the like
            raise ProblemError(f"matrix could not be read as an array: {exc}") from None
        if m.ndim != 2:
            raise ProblemError(f"matrix must be 2-dimensional, not {m.ndim}-dimensional")
        if not (np.issubdtype(m.dtype, np.number) or m.dtype == bool):
            raise ProblemError(f"matrix entries must be 0 or 1, not {m.dtype}")
        if not np.isin(m, (0, 1)).all():
            raise ProblemError("matrix entries must be 0 or 1")
        n_cols = m.shape[1]
        if not 0 <= int(secondary) <= n_cols:
            raise ProblemError(f"secondary={secondary} but the matrix has {n_cols} columns")
        rows = [np.flatnonzero(r).tolist() for r in m]
        return cls(rows, primary=n_cols - int(secondary), secondary=int(secondary))


def _hashable(x) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True


def _iterable_row(row) -> bool:
    return isinstance(row, Iterable) and not isinstance(row, (str, bytes))


def check_links(nd: np.ndarray, it: np.ndarray, n_primary: int) -> None:
    """Knuth's ``sanity()``: verify the invariants of a link structure.

    Every active item's vertical list must be a consistent circular list of
    nodes of that item whose length is ``len``; the item lists must be
    consistent circular lists.  Raises AssertionError naming the first broken
    link.  The tests call it after building and after every kind of search.

    Notes
    -----
    Cost: O(nodes); pure Python, meant for tests and debugging.
    """
    it = it.reshape(-1, 2)  # row i: LEFT, RIGHT of item i
    nd = nd.T  # row p: TOP, UP, DOWN, COLOR of node p
    n_items = it.shape[0] - 2
    for head, first, last in ((0, 1, n_primary), (n_items + 1, n_primary + 1, n_items)):
        i = int(it[head, 1])
        seen = 0
        while i != head:
            assert first <= i <= last, f"item list of {head} reaches item {i}"
            assert it[it[i, 1], 0] == i, f"item {i}: LEFT of its RIGHT is not itself"
            i = int(it[i, 1])
            seen += 1
            assert seen <= n_items, f"item list of {head} does not close"
    for i in range(1, n_items + 1):
        p = int(nd[i, 2])
        length = 0
        while p != i:
            assert p > n_items, f"item {i}: list reaches header {p}"
            assert nd[p, 0] == i, f"item {i}: node {p} belongs to item {nd[p, 0]}"
            assert nd[nd[p, 2], 1] == p, f"item {i}: UP of DOWN of node {p} is not itself"
            assert nd[nd[p, 1], 2] == p, f"item {i}: DOWN of UP of node {p} is not itself"
            length += 1
            assert length <= nd.shape[0], f"item {i}: list does not close"
            p = int(nd[p, 2])
        assert length == nd[i, 0], f"item {i}: len is {nd[i, 0]} but its list has {length}"
