"""The digit-plane Sudoku kernel for grids up to 16 x 16 but the standard 9x9 and 16x16
(jitted; loaded on first use; `sudoku._itemkernel` takes the larger ones).

The same exact cover as `sudoku.encode`, searched as `sudoku._bitkernel`'s
9x9 kernel does, in a layout that fits any n x n grid and any houses:

* each digit has a *plane*, the cells where it may still go, in ``W`` int64
  words of ``R = 64 // n`` whole rows each (row ``r`` in word ``r // R`` at
  bit ``(r % R) * n``; bit 63 is the sign, which the code never relies on).
  A 6x6 or 8x8 plane is one word, 16x16 four (a word per band of four rows,
  so its rows and boxes sit in one word), 25x25 thirteen.  Under
  ``NUMBA_DISABLE_JIT`` `sudoku.engines.planes` lays out 63 bits a word, and the
  same code runs as plain Python;
* one more plane holds the cells placed.

Rows are ``n``-bit slices of a word (shift and mask); the columns come from
folding those slices (the bits set once and twice over all rows); every other
house (boxes, jigsaw regions, diagonals, windows) is a list of ``(word,
mask)`` segments.  A house where a digit has no place left is a dead end, one
place left is a hidden single; cells with no digit or one digit are found by
counting the planes bit-sliced, a word at a time.  Placing a digit clears the
cell's peers (a precomputed mask of ``W`` words per cell) in its plane and the
cell in the other planes; a placed digit keeps its bit, so a house it is
placed in counts one place and needs no other record.

Branching and resuming are as in the 9x9 kernel (see `_choose` for the
guess): the guess is taken, and on return removed; ``ctx`` holds depth,
phase, count and nodes.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import config, njit
from numba.cpython.unsafe.numbers import trailing_zeros

__all__ = ["batch_planes", "search_planes"]

# This file's own copies, not imports: numba's cache checks only the file a cached function
# is defined in, so a change to a status code or helper kept elsewhere would go on running
# the stale compiled kernel.  tests/test_kernel_copies.py checks that the copies agree.
COMPLETE, LIMIT, NODES, OVERFLOW, CLASH = range(5)  # dlx.batch's status codes


def _py_ctz(x):
    x = int(x)
    return (x & -x).bit_length() - 1


# The index of the lowest set bit of a nonzero word: numba's intrinsic, one instruction (a
# binary search takes five tests whose branches the processor cannot predict); plain Python
# under NUMBA_DISABLE_JIT.
_ctz: Any = _py_ctz if getattr(config, "DISABLE_JIT", False) else trailing_zeros

INT64_MAX = np.iinfo(np.int64).max
SMALL = 8  # up to this size the guess looks at the houses only when no cell has two
DEPTH, PHASE, COUNT, NODE = range(4)  # ctx slots, as in sudoku._bitkernel
# dims slots: size, words per plane, rows per word, where the dead-end counts and the
# queue start in ``work``, its length
N, W_, R_, FOFF, QOFF, WORK = range(6)



@njit(cache=True, inline="always")
def _place(st, peer, n, nw, d, w, i, work, qoff):
    """Digit d in slot i of word w: clear its peers in d's plane and the cell in the
    other planes, and queue the digits cleared there (``work[0]`` items from
    ``qoff``, as ``slot << 32 | digits``); return bit d if d's plane changed, else 0.
    (Without branches on the data: they were most of the time here.)"""
    base = d * nw
    row = (w * 64 + i) * nw
    changed = 0
    for v in range(nw):
        x = st[base + v]
        y = x & ~peer[row + v]
        st[base + v] = y
        changed |= x ^ y
    bit = 1 << i
    lost = 0
    q = w
    for e in range(n):
        x = st[q]
        lost |= ((x >> i) & 1) << e
        st[q] = x & ~bit
        q += nw
    st[base + w] |= bit
    lost &= ~(1 << d)
    if lost:
        work[qoff + work[0]] = (w * 64 + i) << 32 | lost
        work[0] += 1
    st[n * nw + w] |= bit
    return (1 << d) if changed else 0


@njit(cache=True, inline="always")
def _house(st, base, hptr, hword, hmask, h):
    """House ``h`` of the digit whose plane starts at ``base``: ``(got, word)``, the
    digit's one place there and its word, ``(0, 0)`` for no place, ``(_, -1)`` for two
    or more (``got`` may be bit 63: negative)."""
    got = 0
    gw = 0
    for t in range(hptr[h], hptr[h + 1]):
        y = st[base + hword[t]] & hmask[t]
        if y:
            if got or (y & (y - 1)):
                return got, -1
            got = y
            gw = hword[t]
    return got, gw


@njit(cache=True, inline="always")
def _propagate(st, dims, peer, hptr, hword, hmask, allw, colrep, cptr, chouse, dirty, work):
    """Forced options to a fixpoint: every house of the digits in ``dirty``, the
    houses through the cells and digits queued in ``work``, then every cell; False
    at a dead end (counted in ``work``).

    Its helpers are inlined (``inline="always"``): a call with arrays costs numba
    reference counting (atomic operations), a quarter of the time when they were
    called here.
    """
    n = dims[N]
    nw = dims[W_]
    rw = dims[R_]
    qoff = dims[QOFF]
    cf = dims[FOFF]
    full = (1 << n) - 1
    sol = n * nw
    qh = 0
    while True:
        while qh < work[0] or dirty:
            if qh < work[0]:
                # The digits that have left one cell: their houses through it.
                e = work[qoff + qh]
                qh += 1
                slot = e >> 32
                digits = e & 0xFFFFFFFF
                w = slot >> 6
                r = (slot & 63) // n
                sh = r * n
                j = (slot & 63) - sh
                while digits:
                    d = _ctz(digits)
                    digits &= digits - 1
                    fails = cf + nw * 64 + d
                    base = d * nw
                    x = (st[base + w] >> sh) & full
                    if x == 0:
                        work[fails + (w * rw + r) * n] += 1
                        return False
                    if (x & (x - 1)) == 0:
                        i = _ctz(x) + sh
                        if not (st[sol + w] >> i) & 1:
                            dirty |= _place(st, peer, n, nw, d, w, i, work, qoff)
                    got = 0
                    gw = 0
                    for v in range(nw):
                        y = st[base + v] & (colrep[v] << j)
                        if y:
                            if got or (y & (y - 1)):
                                gw = -1  # two places or more (got may be bit 63: negative)
                                break
                            got = y
                            gw = v
                    if got == 0 and gw == 0:
                        work[fails + (n + j) * n] += 1
                        return False
                    if gw >= 0:
                        i = _ctz(got)
                        if not (st[sol + gw] >> i) & 1:
                            dirty |= _place(st, peer, n, nw, d, gw, i, work, qoff)
                    for k in range(cptr[slot], cptr[slot + 1]):
                        h = chouse[k]
                        got, gw = _house(st, base, hptr, hword, hmask, h)
                        if got == 0 and gw == 0:
                            work[fails + (2 * n + h) * n] += 1
                            return False
                        if gw >= 0:
                            i = _ctz(got)
                            if (st[base + gw] >> i) & 1 and not (st[sol + gw] >> i) & 1:
                                dirty |= _place(st, peer, n, nw, d, gw, i, work, qoff)
                continue
            # A digit's plane changed: all its houses.
            d = _ctz(dirty)
            dirty &= dirty - 1
            fails = cf + nw * 64 + d
            base = d * nw
            once = 0
            twice = 0
            for w in range(nw):
                m = st[base + w]
                c = 0
                for r in range(min(rw, n - w * rw)):
                    sh = r * n
                    x = (m >> sh) & full
                    if (x & (x - 1)) == 0:
                        if x == 0:
                            work[fails + (w * rw + r) * n] += 1
                            return False
                        c |= x << sh
                    twice |= once & x
                    once |= x
                work[1 + w] = c
            if once != full:
                work[fails + (n + _ctz(full & ~once)) * n] += 1
                return False
            cs = once & ~twice  # columns with one place
            if cs:
                for w in range(nw):
                    work[1 + w] |= st[base + w] & (cs * colrep[w])
            for h in range(hptr.shape[0] - 1):
                got, gw = _house(st, base, hptr, hword, hmask, h)
                if got == 0 and gw == 0:
                    work[fails + (2 * n + h) * n] += 1
                    return False
                if gw >= 0:
                    work[1 + gw] |= got
            for w in range(nw):
                new = work[1 + w] & ~st[sol + w]
                while new:
                    i = _ctz(new)
                    new &= new - 1
                    if (st[base + w] >> i) & 1 and not (st[sol + w] >> i) & 1:
                        dirty |= _place(st, peer, n, nw, d, w, i, work, qoff)
        # Every cell: none left, or one.
        for w in range(nw):
            once = 0
            twice = 0
            for d in range(n):
                x = st[d * nw + w]
                twice |= once & x
                once |= x
            if once != allw[w]:
                work[cf + w * 64 + _ctz(allw[w] & ~once)] += 1
                return False
            new = once & ~twice & ~st[sol + w]
            while new:
                i = _ctz(new)
                new &= new - 1
                for d in range(n):
                    if (st[d * nw + w] >> i) & 1:
                        if not (st[sol + w] >> i) & 1:
                            dirty |= _place(st, peer, n, nw, d, w, i, work, qoff)
                        break
        if dirty == 0 and qh == work[0]:
            return True


@njit(cache=True, inline="always")
def _choose(st, dims, hptr, hword, hmask, allw, colrep, work):
    """The guess as ``plane word * 64 + slot``: an item (a cell, or a digit in a
    house) with two options if any, the one that met most dead ends so far (cells
    first, then the first found on a tie); else a cell with fewest candidates.
    Up to 8 x 8, a cell with two candidates is taken without looking at the
    houses: there the houses cost more time than the nodes they save."""
    n = dims[N]
    nw = dims[W_]
    rw = dims[R_]
    cf = dims[FOFF]
    hd = cf + nw * 64
    full = (1 << n) - 1
    sol = n * nw
    most = -1
    bw = 0
    bi = 0
    bd = -1
    for w in range(nw):
        once = 0
        twice = 0
        thrice = 0
        for d in range(n):
            x = st[d * nw + w]
            thrice |= twice & x
            twice |= once & x
            once |= x
        two = twice & ~thrice & ~st[sol + w]
        while two:
            i = _ctz(two)
            two &= two - 1
            if work[cf + w * 64 + i] > most:
                most = work[cf + w * 64 + i]
                bw = w
                bi = i
    for d in range(n if most < 0 or n > SMALL else 0):
        base = d * nw
        once = 0
        twice = 0
        thrice = 0
        for w in range(nw):
            m = st[base + w]
            for r in range(min(rw, n - w * rw)):
                sh = r * n
                x = (m >> sh) & full
                thrice |= twice & x
                twice |= once & x
                once |= x
                y = x & (x - 1)
                if y and (y & (y - 1)) == 0 and work[hd + (w * rw + r) * n + d] > most:
                    most = work[hd + (w * rw + r) * n + d]
                    bw = w
                    bi = _ctz(x) + sh
                    bd = d
        two = twice & ~thrice
        while two:
            j = _ctz(two)
            two &= two - 1
            if work[hd + (n + j) * n + d] > most:
                most = work[hd + (n + j) * n + d]
                for w in range(nw):
                    y = st[base + w] & (colrep[w] << j)
                    if y:
                        bw = w
                        bi = _ctz(y)
                        bd = d
                        break
        for h in range(hptr.shape[0] - 1):
            if work[hd + (2 * n + h) * n + d] <= most:
                continue
            k2 = 0
            fw = 0
            fx = 0
            for k in range(hptr[h], hptr[h + 1]):
                x = st[base + hword[k]] & hmask[k]
                if x:
                    if fx == 0:
                        fw = hword[k]
                        fx = x
                    y = x & (x - 1)
                    k2 += 1 if y == 0 else (2 if (y & (y - 1)) == 0 else 3)
            if k2 == 2:
                most = work[hd + (2 * n + h) * n + d]
                bw = fw
                bi = _ctz(fx)
                bd = d
    if most < 0:
        best = n + 1
        for w in range(nw):
            open_ = allw[w] & ~st[sol + w]
            while open_:
                i = _ctz(open_)
                open_ &= open_ - 1
                k = 0
                for d in range(n):
                    k += (st[d * nw + w] >> i) & 1
                if k < best:
                    best = k
                    bw = w
                    bi = i
    if bd < 0:
        bd = 0
        while not (st[bd * nw + bw] >> bi) & 1:
            bd += 1
    return (bd * nw + bw) * 64 + bi


@njit(cache=True)
def _start(grid, st, dims, peer, allw, work):
    """The state with the givens placed (no propagation); False if two givens clash."""
    n = dims[N]
    nw = dims[W_]
    rw = dims[R_]
    for d in range(n):
        for w in range(nw):
            st[d * nw + w] = allw[w]
    for w in range(nw):
        st[n * nw + w] = 0
    for c in range(grid.shape[0]):
        v = np.int64(grid[c])
        if v:
            r = c // n
            w = r // rw
            i = (r - w * rw) * n + c % n
            if not (st[(v - 1) * nw + w] >> i) & 1:
                return False
            work[0] = 0
            _place(st, peer, n, nw, v - 1, w, i, work, dims[QOFF])
    work[0] = 0
    return True


@njit(cache=True)
def _solution(st, dims, out):
    n = dims[N]
    nw = dims[W_]
    rw = dims[R_]
    for d in range(n):
        for w in range(nw):
            m = st[d * nw + w]
            while m:
                i = _ctz(m)
                m &= m - 1
                out[(w * rw + i // n) * n + i % n] = d + 1


@njit(cache=True)
def _tally(count, limit):
    """One more solution: the new count, and LIMIT or OVERFLOW if the search must stop."""
    if count == INT64_MAX:
        return count, OVERFLOW
    count += 1
    return count, LIMIT if limit and count >= limit else COMPLETE


@njit(cache=True, nogil=True)
def search_planes(dims, peer, hptr, hword, hmask, allw, colrep, cptr, chouse, grid, st,
                  stack, guess, work, ctx, sols, limit, max_nodes):
    """Search one puzzle (``grid``: n * n values, 0 blank), resumably.

    The shape: ``dims`` (n, words per plane, rows per word, offsets in
    ``work``), ``peer`` (each slot's peers, ``W`` words from ``slot * W``),
    ``hptr, hword, hmask`` (the houses other than rows and columns as
    segments), ``allw`` (the slots in use), ``colrep`` (a word's rows: bit
    ``r * n`` for each) and ``cptr, chouse`` (each slot's houses other than
    rows and columns).  ``st`` ((n + 1) * W words), ``stack`` (cells + 1 rows
    of ``st``), ``guess`` (cells + 1), ``work`` (scratch, dead-end counts and
    queue) and ``ctx`` (4) hold the search between calls (``ctx[PHASE] = -1``
    starts afresh).  As `sudoku._bitkernel.search9` otherwise.
    """
    n = dims[N]
    nw = dims[W_]
    sol = n * nw
    fresh = ctx[PHASE] < 0
    dirty = (1 << n) - 1  # a fresh search: every digit's houses
    if fresh:
        ctx[:] = 0
        work[:] = 0
        if not _start(grid, st, dims, peer, allw, work):
            ctx[PHASE] = 0
            return CLASH
    depth = ctx[DEPTH]
    ok = ctx[PHASE] == 1
    count = ctx[COUNT]
    nodes = ctx[NODE]
    code = COMPLETE
    while True:
        # Each turn: take a guess or undo one, then propagate (one call of each
        # helper, so that inlining them costs one copy).
        if fresh:
            fresh = False
        elif ok:
            done = True
            for w in range(nw):
                if st[sol + w] != allw[w]:
                    done = False
                    break
            if done:
                if count < sols.shape[0]:
                    _solution(st, dims, sols[count])
                count, code = _tally(count, limit)
                ok = False
                if code != COMPLETE:
                    break
                continue
            if nodes >= max_nodes:
                code = NODES
                break
            g = _choose(st, dims, hptr, hword, hmask, allw, colrep, work)
            for k in range(st.shape[0]):  # (a loop: a slice would be counted references)
                stack[depth, k] = st[k]
            guess[depth] = g
            depth += 1
            nodes += 1
            q = g >> 6
            d = q // nw
            work[0] = 0
            dirty = _place(st, peer, n, nw, d, q - d * nw, g & 63, work, dims[QOFF])
        else:
            if depth == 0:
                break
            depth -= 1
            for k in range(st.shape[0]):
                st[k] = stack[depth, k]
            g = guess[depth]
            q = g >> 6
            st[q] &= ~(1 << (g & 63))
            d = q // nw
            work[0] = 1  # the houses of that cell and digit, then the cell
            work[dims[QOFF]] = ((q - d * nw) * 64 + (g & 63)) << 32 | 1 << d
            dirty = 0
        ok = _propagate(st, dims, peer, hptr, hword, hmask, allw, colrep, cptr, chouse, dirty,
                        work)
    ctx[DEPTH] = depth
    ctx[PHASE] = 1 if ok else 0
    ctx[COUNT] = count
    ctx[NODE] = nodes
    return code


@njit(cache=True, nogil=True)
def batch_planes(dims, peer, hptr, hword, hmask, allw, colrep, cptr, chouse, grids, limit,
                 max_nodes, counts, nodes, codes, sols):
    """`search_planes` every row of ``grids``; ``sols[k]`` holds puzzle k's solutions."""
    width = (dims[N] + 1) * dims[W_]
    st = np.zeros(width, dtype=np.int64)
    stack = np.empty((grids.shape[1] + 1, width), dtype=np.int64)  # rows written before read
    guess = np.zeros(grids.shape[1] + 1, dtype=np.int64)
    work = np.zeros(dims[WORK], dtype=np.int64)
    ctx = np.zeros(4, dtype=np.int64)
    for k in range(grids.shape[0]):
        ctx[PHASE] = -1
        codes[k] = search_planes(dims, peer, hptr, hword, hmask, allw, colrep, cptr, chouse,
                                 grids[k], st, stack, guess, work, ctx, sols[k], limit,
                                 max_nodes)
        counts[k] = ctx[COUNT]
        nodes[k] = ctx[NODE]
    return grids.shape[0]
