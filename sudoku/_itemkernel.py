"""The item-mask Sudoku kernel for large grids (jitted; loaded on first use).

The same exact cover as `sudoku.encode`, kept one word per item: a cell's word
is the mask of digits it may still take, a house-digit's word (a digit in a
row, column, box or other house) the mask of the house's positions where it
may still go.  Placing a digit marks its cell and its house-digits solved and
clears the digit from its peers and the cell's other digits from its houses;
an item whose mask empties is a dead end, one with one bit left is queued as
forced (naked and hidden singles alike), one with two bits left is marked in
a bitset of pairs, from which the guess is taken.

Changes are undone from a trail (item, old word), not by copying the state:
a 25x25 grid has 2,500 items, and a guess changes a few hundred of them at
most; the bitsets of pairs and of triples (a bit per item, 32 a word) are all
a guess saves whole.  The digit-plane kernel copies its whole state per guess
and scans every house of every digit for the guess, which on 25x25 made it
ten times slower than DLX.  The locked-items rule (as the DLX kernel's
``locked=True``) is applied to each house-digit as it becomes a pair.

Guess: among the first `TIES` items with two options, the one that met most
dead ends in this puzzle so far (emptied, or branched on when an option
failed), then the heaviest, as the DLX kernel breaks its ties; with no pair,
the first item with three options, else the first of fewest.  Its first
option (lowest digit, or lowest position) is placed, and on return removed.
Resumption as in `sudoku._bitkernel`: ``ctx`` holds depth, phase, count and
nodes, and a search stops only between guesses.

A solved item's word is `SOLVED`, bits no digit or position uses, so no
elimination touches it and the checks for none, one or two options never
see it.  Masks and the trail are ``int64``; a trail entry is the item
shifted by 40 over the old word (below 2^39), so the same code runs as plain
Python under ``NUMBA_DISABLE_JIT``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import config, njit
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

__all__ = ["batch_items", "search_items"]

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


def _py_popcount(x):
    return bin(int(x) & 0xFFFFFFFFFFFFFFFF).count("1")


# The number of set bits: LLVM's ctpop (one instruction where the processor has one; numba
# has no intrinsic of its own); plain Python under NUMBA_DISABLE_JIT.
_popcount: Any = _py_popcount
if not getattr(config, "DISABLE_JIT", False):

    @intrinsic
    def _ctpop(typingctx, x):
        def codegen(context, builder, signature, args):
            return builder.ctpop(args[0])

        return x(x), codegen

    _popcount = _ctpop

INT64_MAX = np.iinfo(np.int64).max
SOLVED = 0x7F << 32
OLD = (1 << 40) - 1
LOCK = 1 << 40  # a queue entry: an item that became a pair, for the locked-items rule
TIES = 16  # pairs weighed per guess (those with fewer dead ends than the best are skipped)
DEPTH, PHASE, COUNT, NODE = range(4)  # ctx slots, as in sudoku._bitkernel
# dims slots: size, cells, items, where the pairs start in ``st`` (the triples
# follow), words of each, where the dead-end counts, the queue (2 * items) and
# the eliminations to make (cells + size) start in ``work``; then the lengths of
# ``st``, ``trail``, a ``stack`` row and ``work`` (`sudoku.engines.items._items` works
# them out, and its callers allocate from them)
N, CELLS, ITEMS, PAIRS, PWORDS, FAILS, QUEUE, DROPS, STATE, TRAIL, ROW, WORK = range(12)
TP, PLACED, QN, VALUE = range(4)  # work slots: trail length, cells placed, queue, digits
FRAME = 5  # stack row: trail length, cells placed, cell, digit, item; then the pairs


@njit(cache=True, inline="always")
def _settle(st, trail, work, dims, chptr, chouse, chpos, hcells, pptr, peer, c, d, mode):
    """Place d in cell c (``mode`` 1), remove it (0), or neither (2: the start, whose
    queue `_start` filled); then every forced option and the locked-items rule at
    each new house-digit pair.  False at a dead end (the state is then left for the
    trail to undo).

    Written as one loop with one site for each step (an elimination, a placement,
    a queue entry) and no helper functions: numba counts references to the arrays
    a helper takes, with atomic operations, even when it inlines the helper.
    """
    n = dims[N]
    cells = dims[CELLS]
    pw = dims[PAIRS]
    tw = pw + dims[PWORDS]  # the triples' words
    fo = dims[FAILS]
    qo = dims[QUEUE]
    do = dims[DROPS]
    tp = work[TP]
    placed = work[PLACED]
    qn = work[QN]  # singles (items) and new pairs (items + LOCK), newest first
    work[QN] = 0
    nd = 0  # eliminations to make: cell << 8 | digit
    ok = True
    go = mode == 1
    if mode == 0:
        work[do] = c << 8 | d
        nd = 1
    while ok:
        if nd:  # digit d leaves cell c: the cell's word (unless placed) and its houses'
            nd -= 1
            c = work[do + nd] >> 8
            d = work[do + nd] & 255
            x = st[c]
            j = chptr[c]
            if not x & SOLVED:
                if not (x >> d) & 1:
                    continue
                j -= 1  # the cell's own word first
            while ok and j < chptr[c + 1]:
                if j < chptr[c]:
                    k = c
                    y = x & ~(1 << d)
                else:
                    k = cells + chouse[j] * n + d
                    y = st[k]
                    if y & SOLVED:
                        j += 1
                        continue
                    y &= ~(1 << chpos[j])
                trail[tp] = k << 40 | st[k]
                tp += 1
                st[k] = y
                z = y & (y - 1)
                u = z & (z - 1)
                if y == 0:
                    work[fo + k] += 1
                    ok = False
                elif z == 0:
                    work[qo + qn] = k
                    qn += 1
                    st[pw + (k >> 5)] &= ~(1 << (k & 31))
                elif u == 0:
                    st[pw + (k >> 5)] |= 1 << (k & 31)
                    st[tw + (k >> 5)] &= ~(1 << (k & 31))
                    if k >= cells:
                        work[qo + qn] = k | LOCK
                        qn += 1
                elif u & (u - 1) == 0:
                    st[tw + (k >> 5)] |= 1 << (k & 31)
                j += 1
            continue
        if go:  # d into cell c
            go = False
            m = st[c]
            trail[tp] = c << 40 | m
            tp += 1
            st[c] = SOLVED
            st[pw + (c >> 5)] &= ~(1 << (c & 31))
            st[tw + (c >> 5)] &= ~(1 << (c & 31))
            work[VALUE + c] = d
            placed += 1
            for j in range(chptr[c], chptr[c + 1]):
                k = cells + chouse[j] * n + d
                trail[tp] = k << 40 | st[k]
                tp += 1
                st[k] = SOLVED
                st[pw + (k >> 5)] &= ~(1 << (k & 31))
                st[tw + (k >> 5)] &= ~(1 << (k & 31))
            rest = m & ~(1 << d)
            while rest:  # the cell's other digits leave its houses
                e = _ctz(rest)
                rest ^= 1 << e
                work[do + nd] = c << 8 | e
                nd += 1
            for j in range(pptr[c], pptr[c + 1]):  # and d its peers
                q = peer[j]
                if (st[q] >> d) & 1:
                    work[do + nd] = q << 8 | d
                    nd += 1
            continue
        if qn == 0:
            break
        qn -= 1  # the newest first: it follows the chain of the last placement
        k = work[qo + qn]
        x = st[k & OLD]
        if x & SOLVED:
            continue
        if k < cells:
            c = k
            d = _ctz(x)
            go = True
        elif k < LOCK:
            h = (k - cells) // n
            d = k - cells - h * n
            c = hcells[h * n + _ctz(x)]
            go = True
        elif _popcount(x) == 2:
            # The locked-items rule: a digit's two places in a house that share
            # another house (a box and a row, say) take it from the rest of that one.
            k ^= LOCK
            h = (k - cells) // n
            e = k - cells - h * n
            p1 = hcells[h * n + _ctz(x)]
            p2 = hcells[h * n + _ctz(x & (x - 1))]
            for j1 in range(chptr[p1], chptr[p1 + 1]):
                g = chouse[j1]
                shared = False
                for j2 in range(chptr[p2], chptr[p2 + 1]):
                    shared |= chouse[j2] == g
                if g != h and shared:
                    for i in range(g * n, g * n + n):
                        q = hcells[i]
                        if q != p1 and q != p2 and (st[q] >> e) & 1:
                            work[do + nd] = q << 8 | e
                            nd += 1
    work[TP] = tp
    work[PLACED] = placed
    return ok


@njit(cache=True, inline="always")
def _choose(st, work, dims, chptr, chouse, hcells):
    """The guess (cell, digit, item): the first option of an item with fewest options.
    Among the first `TIES` pairs: most dead ends first, then the heaviest (whose
    options would remove most: the summed option counts of their other items),
    then the first."""
    n = dims[N]
    cells = dims[CELLS]
    fo = dims[FAILS]
    most = -1  # dead ends, then weight, of the best so far
    heaviest = -1
    bk = -1
    seen = 0
    w = 0
    while w < dims[PWORDS] and seen < TIES:
        x = st[dims[PAIRS] + w]
        while x and seen < TIES:
            b = _ctz(x)
            x ^= 1 << b
            k = w * 32 + b
            f = work[fo + k]
            if f < most:
                continue  # fewer dead ends than the best so far: it cannot win
            seen += 1
            y = st[k]
            g = 0
            for _o in range(2):  # the item's two options
                i = _ctz(y)
                y ^= 1 << i
                if k < cells:
                    c = k
                    e = i
                else:
                    h = (k - cells) // n
                    e = k - cells - h * n
                    c = hcells[h * n + i]
                    g += _popcount(st[c])
                for j in range(chptr[c], chptr[c + 1]):
                    t = cells + chouse[j] * n + e
                    if t != k:
                        g += _popcount(st[t])
            if f > most or g > heaviest:
                most = f
                heaviest = g
                bk = k
        w += 1
    w = 0
    while bk < 0 and w < dims[PWORDS]:  # no pair: the first item with three options
        x = st[dims[PAIRS] + dims[PWORDS] + w]
        if x:
            bk = w * 32 + _ctz(x)
        w += 1
    if bk < 0:  # nor three: the first of fewest (four, if any has four)
        fewest = n + 1
        k = 0
        while fewest > 4 and k < dims[ITEMS]:
            x = st[k]
            if not x & SOLVED and _popcount(x) < fewest:
                fewest = _popcount(x)
                bk = k
            k += 1
    x = st[bk]
    if bk < cells:
        return bk, _ctz(x), bk
    h = (bk - cells) // n
    return hcells[h * n + _ctz(x)], bk - cells - h * n, bk


@njit(cache=True)
def _tally(count, limit):
    """One more solution: the new count, and LIMIT or OVERFLOW if the search must stop."""
    if count == INT64_MAX:
        return count, OVERFLOW
    count += 1
    return count, LIMIT if limit and count >= limit else COMPLETE


@njit(cache=True)
def _start(grid, st, trail, work, dims, chptr, chouse, chpos, hcells):
    """The state with the givens placed, computed house by house rather than placed one
    by one (nothing to undo below it); forced items and new pairs queued for
    `_settle`.  0 if two givens clash, -1 if some item has no option, else 1."""
    n = dims[N]
    cells = dims[CELLS]
    houses = (dims[ITEMS] - cells) // n
    full = (1 << n) - 1
    for k in range(work.shape[0]):
        work[k] = 0
    for h in range(houses):  # trail[h]: the digits given in house h
        trail[h] = 0
    for c in range(cells):
        v = np.int64(grid[c])
        if v:
            for j in range(chptr[c], chptr[c + 1]):
                h = chouse[j]
                if (trail[h] >> (v - 1)) & 1:
                    return 0
                trail[h] |= 1 << (v - 1)
    for c in range(cells):
        v = np.int64(grid[c])
        if v:
            st[c] = SOLVED
            work[VALUE + c] = v - 1
            work[PLACED] += 1
        else:
            m = full
            for j in range(chptr[c], chptr[c + 1]):
                m &= ~trail[chouse[j]]
            st[c] = m
    for h in range(houses):
        for e in range(n):
            st[cells + h * n + e] = 0
        for i in range(n):
            m = st[hcells[h * n + i]]
            if not m & SOLVED:
                while m:
                    e = _ctz(m)
                    m ^= 1 << e
                    st[cells + h * n + e] |= 1 << i
        given = trail[h]
        while given:
            e = _ctz(given)
            given ^= 1 << e
            st[cells + h * n + e] = SOLVED
    for w in range(2 * dims[PWORDS]):
        st[dims[PAIRS] + w] = 0
    qn = 0
    for k in range(dims[ITEMS]):
        x = st[k]
        if not x & SOLVED:
            m = _popcount(x)
            if m == 0:
                return -1
            if m == 1:
                work[dims[QUEUE] + qn] = k
                qn += 1
            elif m == 2:
                st[dims[PAIRS] + (k >> 5)] |= 1 << (k & 31)
                if k >= cells:
                    work[dims[QUEUE] + qn] = k | LOCK
                    qn += 1
            elif m == 3:
                st[dims[PAIRS] + dims[PWORDS] + (k >> 5)] |= 1 << (k & 31)
    work[QN] = qn
    return 1


@njit(cache=True, nogil=True)
def search_items(dims, chptr, chouse, chpos, hcells, pptr, peer, grid, st, trail, stack,
                 work, ctx, sols, limit, max_nodes):
    """Search one puzzle (``grid``: n * n values, 0 blank), resumably.

    The shape: ``dims`` (see the slots above), ``chptr, chouse, chpos``
    (each cell's houses and its position in each), ``hcells`` (each house's
    n cells) and ``pptr, peer`` (each cell's peers).  ``st`` (items and pair
    and triple words), ``trail`` (items * (n + 1)), ``stack`` (cells + 1 rows
    of `FRAME` + pair and triple words), ``work`` (see the slots above) and
    ``ctx`` (4) hold the search between calls
    (``ctx[PHASE] = -1`` starts afresh).  Returns a `dlx.batch` status code;
    ``ctx[COUNT]`` solutions, the first ``sols.shape[0]`` of them in ``sols``.
    """
    cells = dims[CELLS]
    pw = dims[PAIRS]
    nw = 2 * dims[PWORDS]  # the pairs' and triples' words, saved per guess
    fo = dims[FAILS]
    mode = -1
    c = 0
    d = 0
    if ctx[PHASE] < 0:
        ctx[:] = 0
        started = _start(grid, st, trail, work, dims, chptr, chouse, chpos, hcells)
        if started == 0:
            return CLASH
        if started < 0:
            return COMPLETE
        mode = 2
        ctx[PHASE] = 1
    depth = ctx[DEPTH]
    ok = ctx[PHASE] != 0
    count = ctx[COUNT]
    nodes = ctx[NODE]
    code = COMPLETE
    while True:
        if mode >= 0:  # the one call of _settle, so that inlining it costs one copy
            ok = _settle(st, trail, work, dims, chptr, chouse, chpos, hcells, pptr, peer,
                         c, d, mode)
            if not ok and mode == 1:  # the guess's option led to a dead end
                work[fo + stack[depth - 1, 4]] += 1
            elif not ok and mode == 0:  # and so did its other options
                work[fo + stack[depth, 4]] += 1
            mode = -1
        if ok:
            if work[PLACED] == cells:
                if count < sols.shape[0]:
                    for i in range(cells):
                        sols[count, i] = work[VALUE + i] + 1
                count, code = _tally(count, limit)
                ok = False
                if code != COMPLETE:
                    break
                continue
            if nodes >= max_nodes:
                code = NODES
                break
            c, d, k = _choose(st, work, dims, chptr, chouse, hcells)
            stack[depth, 0] = work[TP]
            stack[depth, 1] = work[PLACED]
            stack[depth, 2] = c
            stack[depth, 3] = d
            stack[depth, 4] = k
            for w in range(nw):
                stack[depth, FRAME + w] = st[pw + w]
            depth += 1
            nodes += 1
            mode = 1
        else:
            if depth == 0:
                break
            depth -= 1
            tp = work[TP]
            base = stack[depth, 0]
            while tp > base:
                tp -= 1
                e = trail[tp]
                st[e >> 40] = e & OLD
            work[TP] = base
            work[PLACED] = stack[depth, 1]
            c = stack[depth, 2]
            d = stack[depth, 3]
            for w in range(nw):
                st[pw + w] = stack[depth, FRAME + w]
            mode = 0
    ctx[DEPTH] = depth
    ctx[PHASE] = 1 if ok else 0
    ctx[COUNT] = count
    ctx[NODE] = nodes
    return code


@njit(cache=True, nogil=True)
def batch_items(dims, chptr, chouse, chpos, hcells, pptr, peer, grids, limit, max_nodes,
                counts, nodes, codes, sols):
    """`search_items` every row of ``grids``; ``sols[k]`` holds puzzle k's solutions."""
    st = np.zeros(dims[STATE], dtype=np.int64)
    trail = np.zeros(dims[TRAIL], dtype=np.int64)
    stack = np.zeros((dims[CELLS] + 1, dims[ROW]), dtype=np.int64)
    work = np.zeros(dims[WORK], dtype=np.int64)
    ctx = np.zeros(4, dtype=np.int64)
    for k in range(grids.shape[0]):
        ctx[PHASE] = -1
        codes[k] = search_items(dims, chptr, chouse, chpos, hcells, pptr, peer, grids[k], st,
                                trail, stack, work, ctx, sols[k], limit, max_nodes)
        counts[k] = ctx[COUNT]
        nodes[k] = ctx[NODE]
    return grids.shape[0]
