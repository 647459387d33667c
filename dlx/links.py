"""The dancing-links arrays of a problem: building them, and checking them.

A `dlx.Problem` holds its options as flat entry arrays (`Entries`); this
module turns them into the two layouts the kernels search:

* `Links`, for the resumable search (`dlx.search`): Knuth's nodes in one
  ``uint32[4, Z]`` array, field-major, and the item lists in a flat
  ``uint32[2 * (N + 2)]`` (`dlx._kernel`'s docstring describes every field);
  a seed shuffles the options and renames the items within each kind, so that
  a seeded search meets them in another order;
* `Csr`, for the batch kernel (`dlx.batch`): the options and, for each item,
  its options, in compressed-sparse-row form, from which the kernel builds
  fresh links for each batch.

Building is vectorised with numpy (no Python loop per node).  `check_links`
is Knuth's ``sanity()``: the tests call it after building and after every kind
of search.  Nothing here imports numba.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from .errors import TooLargeError

__all__ = ["BYTES_PER_NODE", "Csr", "Entries", "Links", "build", "check_links", "csr",
           "lockable_items"]

BYTES_PER_NODE = 16 + 8 + 8  # links (4 x uint32) + node-to-option map + build scratch


class Entries(NamedTuple):
    """A problem's options as flat arrays (all int64), as `dlx.Problem` keeps them.

    Items are numbered from 1: primary items ``1..n_primary``, then the
    secondary ones up to ``n_items``.  Option ``k``'s entries are
    ``items[ptr[k]:ptr[k + 1]]``, with colours ``colors[...]`` (0: none), and
    its first primary entry is at ``ptr[k] + first_primary[k]``.
    """

    ptr: np.ndarray
    items: np.ndarray
    colors: np.ndarray
    first_primary: np.ndarray
    n_items: int
    n_primary: int


class Links(NamedTuple):
    """The resumable search's arrays for one layout (see `build`)."""

    nd: np.ndarray  # uint32[4, Z]: TOP, UP, DOWN, COLOR of each node
    it: np.ndarray  # uint32[2 * (N + 2)]: LEFT, RIGHT of each item
    reps: np.ndarray  # uint32[n_options]: node of each option's first primary entry
    node_option: np.ndarray  # int64[Z]: option index of each node, -1 elsewhere
    levels: int  # the deepest a search can go (number of primary items)
    item_map: np.ndarray | None  # with a seed: the layout's number of each item (0 and N+1 kept)


class Csr(NamedTuple):
    """The batch kernel's view of a problem (see `csr`).

    ``base`` holds six uint32 arrays: option pointers, items and colours of
    the entries, then by item: pointers, options and colours.  ``sizes`` is
    ``[n_items, n_primary, nodes, locked]``; ``levels`` the most options a
    solution can hold.
    """

    base: tuple[np.ndarray, ...]
    sizes: np.ndarray
    levels: int


def build(entries: Entries, seed: int | None, cache: dict[Any, Any]) -> Links:
    """The dancing-links arrays of ``entries``, options and items shuffled by ``seed``.

    ``cache`` keeps what every layout shares (item lists, option lengths) between
    calls, so that a new seed costs only its permutations and a few vectorised
    passes.
    """
    n_items, n1 = entries.n_items, entries.n_primary
    n_opt = len(entries.ptr) - 1
    # The seed reorders options and renames items within each kind; the item
    # lists stay in numeric order, so they are shared by every layout.
    shared = cache.get("layout")
    if shared is None:
        lens = np.diff(entries.ptr)
        # Item lists: 0 heads the primary items, N + 1 the secondary ones.  The
        # kernels take them flat, LEFT and RIGHT of item i at 2 i and 2 i + 1.
        it = np.zeros(2 * (n_items + 2), dtype=np.uint32)
        rows = it.reshape(-1, 2)
        for head, first, last in ((0, 1, n1), (n_items + 1, n1 + 1, n_items)):
            ring = np.concatenate(([head], np.arange(first, last + 1)))
            rows[ring, 1] = np.roll(ring, -1)
            rows[ring, 0] = np.roll(ring, 1)
        shared = (lens, it)
        cache["layout"] = shared
    lens, it = shared
    it = it.copy()
    item_map = None
    if seed is None:
        order = np.arange(n_opt, dtype=np.int64)
        items = entries.items
    else:
        rng = np.random.default_rng(seed)
        order = rng.permutation(n_opt).astype(np.int64)
        item_map = np.concatenate(([0], 1 + rng.permutation(n1),
                                   1 + n1 + rng.permutation(n_items - n1)))
    total = int(entries.ptr[-1])
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
        shift = np.repeat(entries.ptr[order] - firsts, lens_o)
        shift += np.arange(total, dtype=np.int64)  # now the source entry of each
        assert item_map is not None
        items = item_map[entries.items[shift]]
        colors = entries.colors[shift]
    else:
        colors = entries.colors
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
    reps = (starts[position] + entries.first_primary).astype(np.uint32)
    return Links(nd, it, reps, node_option, max(n1, 1), item_map)


def csr(entries: Entries) -> Csr:
    """The options in CSR form for the batch kernel (see `Csr`)."""
    n, n1 = entries.n_items, entries.n_primary
    n_opt = len(entries.ptr) - 1
    rows = n + 2 + int(entries.ptr[-1]) + n_opt
    sizes = np.array([n, n1, rows, 0], dtype=np.int64)  # 0: the locked-items rule is off
    # The same entries by item: each item's options (in option order) and colours.
    by_item = np.argsort(entries.items, kind="stable")
    owner = np.repeat(np.arange(n_opt), np.diff(entries.ptr))
    iptr = np.zeros(n + 2, dtype=np.int64)
    np.cumsum(np.bincount(entries.items, minlength=n + 1), out=iptr[1:])
    # All uint32 (entries number fewer than the nodes, below 2**32): numba checks
    # every signed index for a negative value, and the batch kernel reads these in
    # its innermost loops.
    base = (entries.ptr.astype(np.uint32), entries.items.astype(np.uint32),
            entries.colors.astype(np.uint32), iptr.astype(np.uint32),
            owner[by_item].astype(np.uint32), entries.colors[by_item].astype(np.uint32))
    # The most options a solution can hold: each holds at least ``least`` primary
    # items and no two share one (options without a primary item are never
    # chosen).  The batch kernel's solution rows are this long, which keeps a
    # chunk of stored solutions small (Sudoku: 81 a row, not 324).
    primary = np.bincount(owner[entries.items <= n1], minlength=n_opt)
    least = int(primary[primary > 0].min()) if primary.any() else 1
    return Csr(base, sizes, max(n1 // least, 1))


LOCKABLE_BLOCK = 1 << 20  # entries lockable_items expands at once (about 40 MB at most)


def lockable_items(table: Csr) -> np.ndarray:
    """Which primary items the locked-items rule could ever apply to: uint32, 1 or 0.

    Only an item two of whose options share another item: on Sudoku not the
    cells (a cell's options share nothing else), a quarter of the items and
    many of the checks `_choose_locked` would make in vain.  The batch kernel
    puts these flags in the items' header rows; the resumable search writes
    them there itself.

    Computed once per problem with numpy (`dlx.Problem.lockable` caches it)
    rather than in a kernel: per call it would cost as much as solving an
    easy puzzle, and a kernel of its own would lengthen the first compile.

    Notes
    -----
    Cost: once per problem, time O(sum of squared option lengths) (about
    1 ms for 9x9 Sudoku), memory O(`LOCKABLE_BLOCK`) beyond the problem.
    """
    base, sizes = table.base, table.sizes
    n, n1 = int(sizes[0]), int(sizes[1])
    optr, items, _, iptr, iopt, _ = (a.astype(np.int64) for a in base)
    lens = np.diff(optr)
    # Items are taken in groups whose options hold at most LOCKABLE_BLOCK entries in all
    # (one item with more is a group alone), so memory stays bounded.
    work = np.concatenate(([0], np.cumsum(lens[iopt])))[iptr]  # entries before item i
    got = np.zeros(n + 2, dtype=np.uint32)
    a = 1
    while a <= n1:
        b = int(np.searchsorted(work, work[a] + LOCKABLE_BLOCK, side="right")) - 1
        b = min(max(b, a + 1), n1 + 1)
        # Every (item, other item of one of its options) pair as one number; a pair
        # seen twice is two options of the item sharing the other one.
        opts = iopt[iptr[a]:iptr[b]]
        owner = np.repeat(np.arange(a, b), np.diff(iptr[a:b + 1]))
        size = lens[opts]
        first = np.concatenate(([0], np.cumsum(size)[:-1]))
        other = items[np.repeat(optr[opts] - first, size) + np.arange(int(size.sum()))]
        owner = np.repeat(owner, size)
        keep = other != owner
        keys = np.sort(owner[keep] * (n + 2) + other[keep])
        got[keys[1:][keys[1:] == keys[:-1]] // (n + 2)] = 1
        a = b
    return got


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
