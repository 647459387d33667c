"""Jitted kernels for memoised counting (DXZ-class): each subproblem counted once.

A subproblem of an exact-cover search is fixed by what the options chosen so
far have done to the items: which primary items are covered, and for each
secondary item whether it is free, covered without a colour, or holds
colour ``c``.  Its number of solutions does not depend on how the search got
there, so these kernels keep a table from that *state* to the subproblem's
count: a state met again is answered from the table instead of searched
again (Nishino et al.'s DXZ, without building the ZDD).

The links, ``x`` and ``st`` are those of `dlx._kernel` (its docstring
describes them); everything a kernel here calls is in this file, because
numba's cache watches only the file that defines a function.

State beyond `dlx._kernel`'s
----------------------------
``cur`` : uint64[W]
    The current state as a bit string: bit ``kpos`` of each covered primary
    item set; for a secondary item a field holding 0 (free), 1 (covered) or
    ``c + 1`` (colour ``c``).  Kept up to date by `_cover`, `_uncover`,
    `_purify` and `_unpurify`, which XOR the item's value into its field.
``kpos`` : uint32[2 * (N + 2)]
    Item ``i``'s field: word ``kpos[2 i]`` of ``cur``, from bit ``kpos[2 i + 1]``.
``acc`` : int64[levels, 2]
    ``acc[l]`` sums the counts of the options tried so far at level ``l``, as
    ``lo + hi * 2**62`` (both parts non-negative: no arithmetic wraps, with
    or without the JIT), so counts far beyond 2**63 stay exact.
``keys`` : uint64[slots, W], ``vals`` : int64[slots, 2]
    The table, open addressing with linear probing; ``vals[s, 0] == -1``
    marks an empty slot.  ``slots`` is a power of two.
``params`` : int64[3]
    ``BUDGET`` (nodes this call may try), ``ORDER`` (0: branch on the item
    with the fewest options, the first such; 1: on the first active primary
    item in item order), ``FULL`` (1: the table may not grow, store nothing
    more).
``stats`` : int64[8]
    ``NODES``, ``UPDATES``, ``HITS`` (states answered from the table),
    ``LOOKUPS``, ``ENTRIES`` (states stored), ``SKIPPED`` (states not stored
    because the table was full), and the count when done (``RES_LO``,
    ``RES_HI``).

A search stops with `R_GROW` when storing one more state would fill the
table past three quarters: the caller then gives it a table twice the size
(`rehash`) or sets ``FULL``, and calls again; beneath a full table the search
goes on as a plain search that still reads the table, so the count stays
exact.
"""

from . import _jit  # noqa: F401  (first: it makes sure numba has a cache it can write)

# isort: split
import numpy as np
from numba import njit

TOP, UP, DOWN, COLOR = 0, 1, 2, 3
EMPTIED, NPRIMARY = 0, 1  # fields of nd's node 0 (as in dlx._kernel)
LEFT, RIGHT = np.uint64(0), np.uint64(1)
PURIFIED = np.uint32(0xFFFFFFFF)
U0 = np.uint32(0)
U1 = np.uint32(1)
U64_0 = np.uint64(0)
U64_1 = np.uint64(1)

STEP, LEVEL, BASE, NITEMS = 0, 1, 2, 3  # st fields (as in dlx._kernel)
BUDGET, ORDER, FULL = 0, 1, 2  # params fields
NODES, UPDATES, HITS, LOOKUPS, ENTRIES, SKIPPED, RES_LO, RES_HI = range(8)  # stats fields

S_ENTER = 0  # enter a level: a solution, a state in the table, or choose an item
S_RETURN = 1  # hand the value of the level just finished to the level below
S_DONE = 2
S_TRY = 3  # try option x[LEVEL], or, at the item's header, finish the level
S_STORE = 4  # the level's options are done: store its state's count

R_DONE, R_BUDGET, R_OVERFLOW = 0, 2, 4  # as dlx._kernel's
R_GROW = 7  # storing one more state needs a bigger table (see the module docstring)

HALF = np.int64(1) << np.int64(62)  # the base of acc's two parts
HI_MAX = np.int64(1) << np.int64(60)  # counts up to 2**122 (R_OVERFLOW past that)
M31 = np.uint64(0x7FFFFFFF)
MIX1 = np.uint64(0x5BD1E995)
MIX2 = np.uint64(0x27D4EB2F)
S31 = np.uint64(31)
S29 = np.uint64(29)
SEED = np.uint64(0x9E3779B9)

# Helpers inlined, without reference counting (see dlx._kernel_m for why).
_inline = njit(cache=True, no_cpython_wrapper=True, forceinline=True, _nrt=False)


@_inline
def _at(i):
    return np.uint64(i) << U64_1


@_inline
def _toggle(cur, kpos, i, value):
    """XOR ``value`` into item ``i``'s field of the state."""
    k = _at(i)
    cur[kpos[k]] ^= value << np.uint64(kpos[k + U64_1])


@_inline
def _hide(nd, p):
    """Remove every other node of p's option from its item's list (as in dlx._kernel).

    Notes in ``nd[EMPTIED, 0]`` a primary item whose list it empties.
    """
    upd = 0
    n1 = nd[NPRIMARY, 0]
    emptied = nd[EMPTIED, 0]
    plain = nd[COLOR, U0] == U0
    q = p + U1
    while q != p:
        x = nd[TOP, q]
        if x == U0:
            q = nd[UP, q]
        else:
            if plain or nd[COLOR, q] != PURIFIED:
                u = nd[UP, q]
                d = nd[DOWN, q]
                nd[DOWN, u] = d
                nd[UP, d] = u
                n = nd[TOP, x] - U1
                nd[TOP, x] = n
                emptied = x if (n == U0) & (x <= n1) else emptied
                upd += 1
            q += U1
    nd[EMPTIED, 0] = emptied
    return upd


@_inline
def _unhide(nd, p):
    plain = nd[COLOR, U0] == U0
    q = p - U1
    while q != p:
        x = nd[TOP, q]
        if x == U0:
            q = nd[DOWN, q]
        else:
            if plain or nd[COLOR, q] != PURIFIED:
                nd[DOWN, nd[UP, q]] = q
                nd[UP, nd[DOWN, q]] = q
                nd[TOP, x] += U1
            q -= U1


@_inline
def _cover(nd, it, i, cur, kpos):
    upd = 0
    p = nd[DOWN, i]
    while p != i:
        upd += _hide(nd, p)
        p = nd[DOWN, p]
    left = it[_at(i) + LEFT]
    right = it[_at(i) + RIGHT]
    it[_at(left) + RIGHT] = right
    it[_at(right) + LEFT] = left
    _toggle(cur, kpos, i, U64_1)
    return upd + 1


@_inline
def _uncover(nd, it, i, cur, kpos):
    left = it[_at(i) + LEFT]
    right = it[_at(i) + RIGHT]
    it[_at(left) + RIGHT] = i
    it[_at(right) + LEFT] = i
    p = nd[UP, i]
    while p != i:
        _unhide(nd, p)
        p = nd[UP, p]
    _toggle(cur, kpos, i, U64_1)


@_inline
def _purify(nd, p, cur, kpos):
    upd = 0
    c = nd[COLOR, p]
    i = nd[TOP, p]
    q = nd[DOWN, i]
    while q != i:
        if nd[COLOR, q] == c:
            if q != p:
                nd[COLOR, q] = PURIFIED
        else:
            upd += _hide(nd, q)
        q = nd[DOWN, q]
    _toggle(cur, kpos, i, np.uint64(c) + U64_1)
    return upd


@_inline
def _unpurify(nd, p, cur, kpos):
    c = nd[COLOR, p]
    i = nd[TOP, p]
    q = nd[UP, i]
    while q != i:
        if nd[COLOR, q] == PURIFIED:
            nd[COLOR, q] = c
        elif q != p:
            _unhide(nd, q)
        q = nd[UP, q]
    _toggle(cur, kpos, i, np.uint64(c) + U64_1)


@_inline
def _uncommit_from(nd, it, p, q, cur, kpos):
    """Undo the commits of p's option from node q back to (not including) p itself."""
    while q != p:
        j = nd[TOP, q]
        if j == U0:
            q = nd[DOWN, q]
        else:
            c = nd[COLOR, q]
            if c == U0:
                _uncover(nd, it, j, cur, kpos)
            elif c != PURIFIED:
                _unpurify(nd, q, cur, kpos)
            q -= U1


@_inline
def _try_commit(nd, it, p, cur, kpos):
    """Commit p's other items, stopping at a primary item left without options.

    As `dlx._kernel._try_commit`: returns ``(updates, failed)``, and a failed
    commit is undone before returning.
    """
    upd = 0
    nd[EMPTIED, 0] = U0
    q = p + U1
    while q != p:
        j = nd[TOP, q]
        if j == U0:
            q = nd[UP, q]
            continue
        c = nd[COLOR, q]
        if c == U0:
            upd += _cover(nd, it, j, cur, kpos)
        elif c != PURIFIED:
            upd += _purify(nd, q, cur, kpos)
        z = nd[EMPTIED, 0]
        if z != U0:
            # Dead end, unless z is one of the items still to commit.
            r = q + U1
            while r != p:
                t = nd[TOP, r]
                if t == z:
                    break
                r = nd[UP, r] if t == U0 else r + U1
            if r == p:
                _uncommit_from(nd, it, p, q, cur, kpos)
                nd[EMPTIED, 0] = U0
                return upd, z
            nd[EMPTIED, 0] = U0
        q += U1
    nd[EMPTIED, 0] = U0
    return upd, U0


@_inline
def _choose(nd, it, order):
    """The item to branch on: the first with the fewest options, or (order 1) the first."""
    i = it[_at(0) + RIGHT]
    if order == 1:
        return i
    best = PURIFIED
    bi = U0
    while i != U0:
        n = nd[TOP, i]
        if n < best:
            best = n
            bi = i
            if n <= U1:
                break
        i = it[_at(i) + RIGHT]
    return bi


@_inline
def _hash(key):
    """Mix the words of a state (products of 31-bit numbers: nothing overflows)."""
    h = SEED
    for k in range(key.shape[0]):
        h ^= key[k]
        h = ((h & M31) * MIX1) ^ (h >> S31)
        h = ((h & M31) * MIX2) ^ (h >> S29)
    return h


@_inline
def _slot(keys, vals, key):
    """The slot holding ``key``, or the empty slot where it would go."""
    mask = np.uint64(keys.shape[0] - 1)
    s = _hash(key) & mask
    w = key.shape[0]
    while vals[s, 0] >= 0:
        same = True
        for k in range(w):
            if keys[s, k] != key[k]:
                same = False
                break
        if same:
            return s
        s = (s + U64_1) & mask
    return s


@njit(cache=True)
def force_memo(nd, it, x, st, forced, cur, kpos):
    """Choose the options whose primary nodes are ``forced``, below the search (as
    `dlx._kernel.force`), keeping the state ``cur``.  Returns 0 when they clash."""
    level = st[LEVEL]
    for k in range(forced.shape[0]):
        p = forced[k]
        i = nd[TOP, p]
        live = it[_at(it[_at(i) + LEFT]) + RIGHT] == i and nd[DOWN, nd[UP, p]] == p
        if not live:
            st[LEVEL] = level
            return 0
        _cover(nd, it, i, cur, kpos)
        _, failed = _try_commit(nd, it, p, cur, kpos)
        if failed != U0:
            _uncover(nd, it, i, cur, kpos)
            st[LEVEL] = level
            return 0
        x[level] = p
        level += 1
    st[LEVEL] = level
    st[BASE] = level
    return 1


@njit(cache=True)
def count_memo(nd, it, x, st, params, stats, acc, cur, kpos, keys, vals):
    """Count from the saved step until done, the budget or a full table (see the module
    docstring); the count is then ``stats[RES_LO] + stats[RES_HI] * 2**62``."""
    nitems = st[NITEMS]
    base = st[BASE]
    level = st[LEVEL]
    step = st[STEP]
    budget = params[BUDGET]
    order = params[ORDER]
    full = params[FULL] != 0
    slots = keys.shape[0]
    w = keys.shape[1]
    nodes = np.int64(0)
    upd = np.int64(0)
    hits = np.int64(0)
    lookups = np.int64(0)
    entries = stats[ENTRIES]
    skipped = np.int64(0)
    code = R_DONE
    vlo = np.int64(0)
    vhi = np.int64(0)
    p = x[level] if step == S_TRY else U0
    while step != S_DONE:
        if step == S_ENTER:
            if it[_at(0) + RIGHT] == U0:
                vlo = np.int64(1)
                vhi = np.int64(0)
                step = S_RETURN
                continue
            lookups += 1
            s = _slot(keys, vals, cur)
            if vals[s, 0] >= 0:
                hits += 1
                vlo = vals[s, 0]
                vhi = vals[s, 1]
                step = S_RETURN
                continue
            i = _choose(nd, it, order)
            upd += _cover(nd, it, i, cur, kpos)
            acc[level, 0] = 0
            acc[level, 1] = 0
            p = nd[DOWN, i]
            step = S_TRY
        elif step == S_RETURN:
            if level == base:
                stats[RES_LO] = vlo
                stats[RES_HI] = vhi
                step = S_DONE
                break
            level -= 1
            lo = acc[level, 0] + vlo
            hi = acc[level, 1] + vhi
            if lo >= HALF:
                lo -= HALF
                hi += 1
            acc[level, 0] = lo
            acc[level, 1] = hi
            if hi >= HI_MAX:
                code = R_OVERFLOW
                step = S_DONE
                break
            p = x[level]
            _uncommit_from(nd, it, p, p - U1, cur, kpos)
            p = nd[DOWN, p]
            step = S_TRY
        elif step == S_TRY:
            if p <= nitems:
                _uncover(nd, it, p, cur, kpos)
                step = S_STORE
                continue
            x[level] = p
            if nodes >= budget:
                code = R_BUDGET
                break
            nodes += 1
            u, failed = _try_commit(nd, it, p, cur, kpos)
            upd += u
            if failed != U0:
                p = nd[DOWN, p]
                continue
            level += 1
            step = S_ENTER
        else:  # S_STORE: the state is that of the level's entry again, and not in the table
            if full:
                skipped += 1
            else:
                if 4 * (entries + 1) > 3 * slots:
                    code = R_GROW
                    break
                s = _slot(keys, vals, cur)
                for k in range(w):
                    keys[s, k] = cur[k]
                vals[s, 0] = acc[level, 0]
                vals[s, 1] = acc[level, 1]
                entries += 1
            vlo = acc[level, 0]
            vhi = acc[level, 1]
            step = S_RETURN
    st[STEP] = step
    st[LEVEL] = level
    stats[NODES] += nodes
    stats[UPDATES] += upd
    stats[HITS] += hits
    stats[LOOKUPS] += lookups
    stats[ENTRIES] = entries
    stats[SKIPPED] += skipped
    return code


@njit(cache=True)
def rehash(keys, vals, keys2, vals2):
    """Move every state of the table ``keys, vals`` into the empty (larger) ``keys2, vals2``."""
    w = keys.shape[1]
    moved = 0
    for s in range(keys.shape[0]):
        if vals[s, 0] >= 0:
            t = _slot(keys2, vals2, keys[s])
            for k in range(w):
                keys2[t, k] = keys[s, k]
            vals2[t, 0] = vals[s, 0]
            vals2[t, 1] = vals[s, 1]
            moved += 1
    return moved
