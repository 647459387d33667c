"""Jitted kernels for the cheapest solutions (Knuth's program DLX5): branch and bound.

Every option has a nonnegative cost, and the search looks for the solutions
of least total cost.  The links are those of `dlx._kernel` (its docstring
describes ``nd``, ``it``, ``x``, ``st``, ``params``, ``stats`` and ``sols``),
built with the options in order of *net* cost (`dlx.costs`): each primary
item is taxed the least cost of its options, which is taken off all of them,
so that every option's net cost is what it adds beyond the least any
solution must pay.  Every item's list is then sorted by net cost, cheapest
first.  These kernels live in a file of their own for numba's cache (see
`dlx._kernel_m`, whose helpers are compiled the same way, and why).

The search is Algorithm X with a cutoff: ``cutoff`` is the cost of the
``K``-th best solution found so far (unbounded until ``K`` are found), and
an option is only tried while the partial cost plus its own stays below it.
Since the lists are sorted, an item's options past that point are never
looked at, and covering an item hides only its options cheap enough to be
tried below (the rest can never fit under the cutoff, which only falls).  The
item to branch on is the one with the fewest options that still fit (at most
`LOOK` of them counted; beyond, its list length stands in), the dearest
cheapest option first among equals.

State beyond `dlx._kernel`'s
----------------------------
``aux`` : int64[HEAD + 3 * levels + K + Z + CAP]
    ``aux[0]`` is ``K``, ``aux[1]`` the partial cost of the current level
    between calls; then per level the partial cost before it, the threshold
    its item was covered with and the one its option's other items were
    covered with (forced levels: `INF`); the ``K`` best costs so far as a
    max-heap (`INF` while fewer were found; ``cutoff`` is its top); the net
    cost of the option of every node (0 for headers and spacers); the cost of
    each solution stored in ``sols`` by the last call.
"""

from . import _jit  # noqa: F401  (first: it makes sure numba has a cache it can write)

# isort: split
import numpy as np
from numba import njit

TOP, UP, DOWN, COLOR = 0, 1, 2, 3
LEFT, RIGHT = np.uint64(0), np.uint64(1)
PURIFIED = np.uint32(0xFFFFFFFF)
U0 = np.uint32(0)
U1 = np.uint32(1)
U64_1 = np.uint64(1)

STEP, LEVEL, BASE, NITEMS = 0, 1, 2, 3  # st fields (as in dlx._kernel)
BUDGET, LIMIT, CAP, YIELD, TRACE = 0, 1, 2, 3, 4  # params fields
NODES, UPDATES, COUNT, STORED = 0, 1, 2, 3  # stats fields
S_ENTER, S_LEAVE, S_DONE, S_TRY = 0, 1, 2, 3
R_DONE, R_LIMIT, R_BUDGET, R_FULL, R_OVERFLOW, R_TRACE = 0, 1, 2, 3, 4, 6

HEAD = 4  # aux[0] = K, aux[1] = the current partial cost
INF = np.int64(1) << np.int64(62)  # above any total cost (costs are checked in dlx.costs)
LOOK = 10  # options counted per item when choosing (Knuth's lenthresh)

# See dlx._kernel_m: helpers inlined by LLVM, without reference counting.
_inline = njit(cache=True, no_cpython_wrapper=True, forceinline=True, _nrt=False)


@_inline
def _at(i):
    return np.uint64(i) << U64_1


@njit(cache=True, no_cpython_wrapper=True, forceinline=True)
def _parts(aux, levels, nodes):
    """``aux`` as ``(partial, thr0, thr, heap, ncost, scost)`` (see the module docstring)."""
    k = aux[0]
    a = HEAD + levels
    b = a + levels
    c = b + levels
    d = c + k
    return aux[HEAD:a], aux[a:b], aux[b:c], aux[c:d], aux[d:d + nodes], aux[d + nodes:]


@_inline
def _hide(nd, p):
    upd = 0
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
                nd[TOP, x] -= U1
                upd += 1
            q += U1
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
def _cover(nd, it, ncost, c, thresh):
    """Take item c out of the active list and hide its options cheaper than ``thresh``."""
    left = it[_at(c) + LEFT]
    right = it[_at(c) + RIGHT]
    it[_at(left) + RIGHT] = right
    it[_at(right) + LEFT] = left
    upd = 1
    r = nd[DOWN, c]
    while r != c and ncost[r] < thresh:
        upd += _hide(nd, r)
        r = nd[DOWN, r]
    return upd


@_inline
def _uncover(nd, it, ncost, c, thresh):
    """Undo `_cover` with the same threshold (going down again, as Knuth shows is safe)."""
    r = nd[DOWN, c]
    while r != c and ncost[r] < thresh:
        _unhide(nd, r)
        r = nd[DOWN, r]
    it[_at(it[_at(c) + LEFT]) + RIGHT] = c
    it[_at(it[_at(c) + RIGHT]) + LEFT] = c


@_inline
def _purify(nd, ncost, p, thresh):
    upd = 0
    c = nd[COLOR, p]
    i = nd[TOP, p]
    r = nd[DOWN, i]
    while r != i and ncost[r] < thresh:
        if nd[COLOR, r] == c:
            if r != p:
                nd[COLOR, r] = PURIFIED
        else:
            upd += _hide(nd, r)
        r = nd[DOWN, r]
    return upd


@_inline
def _unpurify(nd, ncost, p, thresh):
    c = nd[COLOR, p]
    i = nd[TOP, p]
    r = nd[DOWN, i]
    while r != i and ncost[r] < thresh:
        if nd[COLOR, r] == PURIFIED:
            nd[COLOR, r] = c
        elif r != p:
            _unhide(nd, r)
        r = nd[DOWN, r]


@_inline
def _commit(nd, it, ncost, p, thresh):
    """Cover (or purify) every other item of p's option, with ``thresh``."""
    upd = 0
    q = p + U1
    while q != p:
        j = nd[TOP, q]
        if j == U0:
            q = nd[UP, q]
        else:
            c = nd[COLOR, q]
            if c == U0:
                upd += _cover(nd, it, ncost, j, thresh)
            elif c != PURIFIED:
                upd += _purify(nd, ncost, q, thresh)
            q += U1
    return upd


@_inline
def _uncommit(nd, it, ncost, p, thresh):
    q = p - U1
    while q != p:
        j = nd[TOP, q]
        if j == U0:
            q = nd[DOWN, q]
        else:
            c = nd[COLOR, q]
            if c == U0:
                _uncover(nd, it, ncost, j, thresh)
            elif c != PURIFIED:
                _unpurify(nd, ncost, q, thresh)
            q -= U1


@_inline
def _choose(nd, it, ncost, nitems, room):
    """The item to branch on and how many options fit in ``room`` (0: a dead end; item 0: none).

    The fewest options that fit wins (counted up to `LOOK`, the list length
    standing in beyond), then the dearest cheapest option.
    """
    best = np.int64(1) << np.int64(40)
    bi = U0
    best_min = np.int64(-1)
    k = it[_at(0) + RIGHT]
    while k != U0:
        p = nd[DOWN, k]
        if p == k or ncost[p] >= room:
            return k, np.int64(0)
        least = ncost[p]
        s = np.int64(1)
        q = nd[DOWN, p]
        while True:
            if q <= nitems or ncost[q] >= room:
                break
            if s == best:
                s = np.int64(-1)  # more than the best so far: no change
                break
            if s >= LOOK:
                s = np.int64(nd[TOP, k])
                break
            q = nd[DOWN, q]
            s += 1
        if s > 0 and (s < best or (s == best and least > best_min)):
            best = s
            bi = k
            best_min = least
        k = it[_at(k) + RIGHT]
    return bi, best


@_inline
def _record(heap, cost):
    """Put ``cost`` in the max-heap of the K best in place of its top; returns the new top."""
    k = heap.shape[0]
    h = 0
    while True:
        child = 2 * h + 1
        if child >= k:
            break
        if child + 1 < k and heap[child + 1] > heap[child]:
            child += 1
        if heap[child] <= cost:
            break
        heap[h] = heap[child]
        h = child
    heap[h] = cost
    return heap[0]


@_inline
def _run(nd, it, x, st, params, stats, sols, aux, partial, thr0, thr, heap, ncost, scost):
    nitems = st[NITEMS]
    base = st[BASE]
    level = st[LEVEL]
    step = st[STEP]
    budget = params[BUDGET]
    limit = params[LIMIT]
    cap = params[CAP]
    yield_full = params[YIELD] != 0
    trace_end = base + params[TRACE] if params.shape[0] > TRACE else base
    resumed = step == S_TRY
    nodes = np.int64(0)
    upd = np.int64(0)
    count = stats[COUNT]
    stored = np.int64(0)
    code = R_DONE
    cur = aux[1]
    cutoff = heap[0]
    if step == S_DONE:
        stats[STORED] = 0
        return R_DONE
    p = x[level] if step == S_TRY else U0
    i = nd[TOP, p] if step == S_TRY else U0
    while True:
        if step == S_ENTER:
            bi, t = _choose(nd, it, ncost, nitems, cutoff - cur)
            if bi == U0:  # every primary item covered: a solution cheaper than the cutoff
                step = S_LEAVE
                cutoff = _record(heap, cur)
                count += 1
                if stored < cap:
                    sols[stored, 0] = level
                    for lev in range(level):
                        sols[stored, lev + 1] = x[lev]
                    scost[stored] = cur
                    stored += 1
                if limit > 0 and count >= limit:
                    code = R_LIMIT
                    break
                if yield_full and stored == cap:
                    code = R_FULL
                    break
                continue
            if t == 0:
                step = S_LEAVE
                continue
            i = bi
            p = nd[DOWN, i]
            partial[level] = cur
            thr0[level] = cutoff - cur - ncost[p]
            upd += _cover(nd, it, ncost, i, thr0[level])
        elif step == S_LEAVE:
            if level == base:
                code = R_DONE
                step = S_DONE
                break
            level -= 1
            p = x[level]
            i = nd[TOP, p]
            _uncommit(nd, it, ncost, p, thr[level])
            cur = partial[level]
            p = nd[DOWN, p]
        # Try option p of item i, unless the level has none left under the cutoff.
        if p == i or partial[level] + ncost[p] >= cutoff:
            _uncover(nd, it, ncost, i, thr0[level])
            step = S_LEAVE
            continue
        x[level] = p
        if nodes >= budget:
            code = R_BUDGET
            step = S_TRY
            break
        if level < trace_end and not resumed:
            code = R_TRACE
            step = S_TRY
            break
        resumed = False
        nodes += 1
        cur = partial[level] + ncost[p]
        thr[level] = cutoff - cur
        upd += _commit(nd, it, ncost, p, thr[level])
        level += 1
        step = S_ENTER
    aux[1] = partial[level] if step == S_TRY else cur
    st[STEP] = step
    st[LEVEL] = level
    stats[NODES] += nodes
    stats[UPDATES] += upd
    stats[COUNT] = count
    stats[STORED] = stored
    return code


@njit(cache=True)
def search_c(nd, it, x, st, params, stats, sols, aux):
    """Resume a search for the cheapest solutions; see the module docstring."""
    partial, thr0, thr, heap, ncost, scost = _parts(aux, x.shape[0], nd.shape[1])
    return _run(nd, it, x, st, params, stats, sols, aux, partial, thr0, thr, heap, ncost, scost)


@njit(cache=True)
def unwind_c(nd, it, x, st, aux):
    """Undo every choice of a (possibly unfinished) search, forced ones included."""
    partial, thr0, thr, heap, ncost, scost = _parts(aux, x.shape[0], nd.shape[1])
    level = st[LEVEL]
    if st[STEP] == S_TRY:
        _uncover(nd, it, ncost, nd[TOP, x[level]], thr0[level])
    while level > 0:
        level -= 1
        p = x[level]
        _uncommit(nd, it, ncost, p, thr[level])
        _uncover(nd, it, ncost, nd[TOP, p], thr0[level])
    st[LEVEL] = 0
    st[STEP] = S_DONE
    return 0


@njit(cache=True)
def force_c(nd, it, x, st, forced, aux):
    """Choose the options of nodes ``forced`` first; 1, or 0 when they clash."""
    partial, thr0, thr, heap, ncost, scost = _parts(aux, x.shape[0], nd.shape[1])
    level = st[LEVEL]
    cur = aux[1]
    ok = 1
    for k in range(forced.shape[0]):
        p = forced[k]
        i = nd[TOP, p]
        if it[_at(it[_at(i) + LEFT]) + RIGHT] != i or nd[DOWN, nd[UP, p]] != p:
            ok = 0  # no longer available: the forced options clash
            break
        partial[level] = cur
        thr0[level] = INF
        thr[level] = INF
        _cover(nd, it, ncost, i, INF)
        _commit(nd, it, ncost, p, INF)
        x[level] = p
        cur += ncost[p]
        level += 1
    aux[1] = cur
    st[LEVEL] = level
    st[BASE] = level
    if not ok:
        st[STEP] = S_DONE
    return ok
