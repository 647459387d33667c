"""The bit-parallel kernel for standard 9x9 Sudoku (jitted; imported only when a search
needs it).  Every other grid has `sudoku._planekernel`.

The same exact cover as `sudoku.encode` (one item per cell, one per house and
value), searched with each item's remaining options kept as a bitmask instead
of a linked list:

* **9x9 standard** (`search9`, `batch9`): nine *digit planes*, each the
  positions where a digit may still go, split in three bands of 27 bits (3 rows
  of 9 cells), plus the solved cells of each band: 30 words (of a 40-word
  state row).  A band of one digit holds the digit once per row and once per
  box, so which (row, box) segments it occupies is one of six permutations:
  one table lookup on the 9-bit segment map keeps only the segments some
  permutation uses (locked candidates, pointing and claiming, within the
  band) or finds the dead end; the same table on the (band, column) segments
  of a stack does the columns.  Rows and boxes with one place left are then
  rows with one bit; columns with one place come from counting the nine rows
  in two words, cells with one digit (naked singles) from counting the nine
  planes bit-sliced.

It propagates those forced options to a fixpoint, then branches on a cell
with the fewest candidates (two if any), ties going to the cell that met most
dead ends so far.  A branch is binary: the chosen option is taken, and on
return it is removed (so the item's other options are tried by the same
rule); the saved state is a copy of the small array (its 30 words in use),
and there is nothing to unlink.  A node is one such guess: node counts are
not comparable with the DLX kernel's.  The state is ``int64`` throughout, so
that the kernels compute the same run as plain Python (``NUMBA_DISABLE_JIT``).
Placing a digit touches every plane it may change without testing first:
branches on the data, mispredicted, cost more than the stores they save.

Each search is resumable (`ctx` holds depth, phase, count and nodes), so a
caller can run it in slices of nodes and check a clock or Ctrl-C in between.
Return codes are `dlx.batch`'s status codes.
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import Any

from dlx import plain

if plain.interpreted(__name__):  # the interpreted copy, for small jobs (see dlx.plain)
    from dlx.plain import njit, np  # type: ignore[assignment]

    trailing_zeros: Any = None
    DISABLE_JIT = True
else:
    import numpy as np
    from numba import config, njit
    from numba.cpython.unsafe.numbers import trailing_zeros

    DISABLE_JIT = getattr(config, "DISABLE_JIT", False)

__all__ = ["batch9", "search9"]

# This file's own copies, not imports: numba's cache checks only the file a cached function
# is defined in, so a change to a status code or helper kept elsewhere would go on running
# the stale compiled kernel.  tests/test_kernel_copies.py checks that the copies agree.
COMPLETE, LIMIT, NODES, OVERFLOW, CLASH = range(5)  # dlx.batch's status codes


def _py_ctz(x):
    x = int(x)
    return (x & -x).bit_length() - 1


# The index of the lowest set bit of a nonzero word: numba's intrinsic, one instruction (a
# binary search takes five tests whose branches the processor cannot predict); plain Python
# interpreted and under NUMBA_DISABLE_JIT.
_ctz: Any = _py_ctz if DISABLE_JIT else trailing_zeros

INT64_MAX = np.iinfo(np.int64).max
FULL27 = (1 << 27) - 1
BAND_PLANES = sum(1 << (3 * d) for d in range(9))  # planes 3 * d + b of band b, shifted by b
STATE = 40  # words of a state row
GUESS_WORDS = 82 + 135 + 27  # the guesses, the dead-end counts, scratch (see search9)
# ctx slots: depth, phase (-1 fresh, 0 after a dead end or a solution, 1 to branch), count, nodes
DEPTH, PHASE, COUNT, NODE = range(4)


def _tables():
    """The band tables, built once (read by the jitted code as constants)."""
    # 9 cells of a row -> which of its 3 boxes
    shrink = [sum(1 << k for k in range(3) if x >> (3 * k) & 7) for x in range(512)]
    perms = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    masks = [sum(1 << (3 * r + p[r]) for r in range(3)) for p in perms]
    # segments -> those some permutation uses
    allowed = [reduce(or_, [m for m in masks if (m & s) == m], 0) for s in range(512)]
    # segments -> their 27 cells
    expand = [sum(7 << (9 * (k // 3) + 3 * (k % 3)) for k in range(9) if s >> k & 1)
              for s in range(512)]
    kill = []  # a band cell's row and box peers in the band
    for i in range(27):
        r, c = divmod(i, 9)
        row = 511 << (9 * r)
        box = sum(7 << (9 * rr + 3 * (c // 3)) for rr in range(3))
        kill.append((row | box) & ~(1 << i))
    col = [(1 | 1 << 9 | 1 << 18) << c for c in range(9)]
    return tuple(np.array(t, dtype=np.int64) for t in (shrink, allowed, expand, kill, col))


SHRINK, ALLOWED, EXPAND, KILL, COL = _tables()


# The helpers are inlined by numba, not called: a call passes each array as several
# values and counts references on it with atomic operations, which cost more than
# most of these helpers do.


@njit(cache=True, inline="always")
def _tally(count, limit):
    """One more solution: the new count, and LIMIT or OVERFLOW if the search must stop
    (COMPLETE otherwise)."""
    if count == INT64_MAX:
        return count, OVERFLOW
    count += 1
    return count, LIMIT if limit and count >= limit else COMPLETE


@njit(cache=True, inline="always")
def _keep(ctx, depth, ok, count, nodes):
    """Where a search stopped, for the next call to go on from."""
    ctx[DEPTH] = depth
    ctx[PHASE] = 1 if ok else 0
    ctx[COUNT] = count
    ctx[NODE] = nodes


# --- 9x9: digit planes in bands ------------------------------------------------------


@njit(cache=True, inline="always")
def _place9(st, d, b, i):
    """Digit d in cell i of band b: clear its peers; return the planes that changed
    (bit ``3 * digit + band``).  Without branches on the data."""
    p = 3 * d + b
    own = st[p] & ~KILL[i]
    bit = 1 << i
    dirty = 0
    for d2 in range(9):
        q = 3 * d2 + b
        x = st[q]
        y = x & ~bit
        st[q] = y
        dirty |= np.int64(x != y) << q
    col = COL[i % 9]
    for b2 in range(3):
        q = 3 * d + b2
        x = st[q]
        y = x & ~col
        st[q] = y
        dirty |= np.int64(x != y) << q
    st[p] = own
    st[27 + b] |= bit
    return dirty | np.int64(1) << p


@njit(cache=True, inline="always")
def _propagate9(st, dirty, fails):
    """Forced options to a fixpoint from the planes in ``dirty``; False at a dead end.

    First each changed plane alone (its band's rows and boxes), until none is
    left; then, for every digit, its columns (locked candidates by stack, and
    columns with one place) and every cell with one digit left.
    """
    touched = 0  # planes changed since their digit's columns and band's cells were checked
    while True:
        while dirty:
            p = _ctz(dirty)
            dirty &= dirty - 1
            touched |= 1 << p
            m = st[p]
            s = SHRINK[m & 511] | SHRINK[(m >> 9) & 511] << 3 | SHRINK[m >> 18] << 6
            a = ALLOWED[s]
            if a == 0:
                fails[81 + p] += 1
                return False
            m &= EXPAND[a]
            st[p] = m
            b = p % 3
            new = 0
            for r in range(3):
                x = (m >> (9 * r)) & 511
                if (x & (x - 1)) == 0:
                    new |= x << (9 * r)
            new &= ~st[27 + b]
            while new:
                i = _ctz(new)
                new &= new - 1
                if st[p] >> i & 1 and not st[27 + b] >> i & 1:
                    dirty |= _place9(st, p // 3, b, i)
        digits = touched
        bands = touched
        touched = 0
        for d in range(9):
            if not (digits >> (3 * d)) & 7:
                continue
            # Columns of each band that still hold the digit; per stack, the bands and
            # the stack's three columns pair off as a band's rows and boxes do.
            c0 = st[3 * d]
            c1 = st[3 * d + 1]
            c2 = st[3 * d + 2]
            o0 = (c0 | c0 >> 9 | c0 >> 18) & 511
            o1 = (c1 | c1 >> 9 | c1 >> 18) & 511
            o2 = (c2 | c2 >> 9 | c2 >> 18) & 511
            keep0 = 0
            keep1 = 0
            keep2 = 0
            for k in range(3):
                seg = (o0 >> (3 * k)) & 7 | ((o1 >> (3 * k)) & 7) << 3 | ((o2 >> (3 * k)) & 7) << 6
                a = ALLOWED[seg]
                if a == 0:
                    fails[108 + 3 * d + k] += 1
                    return False
                keep0 |= (a & 7) << (3 * k)
                keep1 |= ((a >> 3) & 7) << (3 * k)
                keep2 |= ((a >> 6) & 7) << (3 * k)
            for b in range(3):
                keep = keep0 if b == 0 else (keep1 if b == 1 else keep2)
                if (keep & 511) != 511:
                    q = 3 * d + b
                    m = st[q] & (keep | keep << 9 | keep << 18)
                    if m != st[q]:
                        st[q] = m
                        dirty |= 1 << q
            # Columns with one place left.
            once = 0
            twice = 0
            for b in range(3):
                m = st[3 * d + b]
                for r in range(3):
                    x = (m >> (9 * r)) & 511
                    twice |= once & x
                    once |= x
            cs = once & ~twice
            if cs:
                cs27 = cs | cs << 9 | cs << 18
                for b in range(3):
                    new = st[3 * d + b] & cs27 & ~st[27 + b]
                    while new:
                        i = _ctz(new)
                        new &= new - 1
                        if st[3 * d + b] >> i & 1 and not st[27 + b] >> i & 1:
                            dirty |= _place9(st, d, b, i)
        for b in range(3):
            if not bands & (BAND_PLANES << b):
                continue
            once = 0
            twice = 0
            for d in range(9):
                x = st[3 * d + b]
                twice |= once & x
                once |= x
            if once != FULL27:
                fails[27 * b + _ctz(FULL27 & ~once)] += 1
                return False
            new = once & ~twice & ~st[27 + b]
            while new:
                i = _ctz(new)
                new &= new - 1
                for d in range(9):
                    if st[3 * d + b] >> i & 1:
                        if not st[27 + b] >> i & 1:
                            dirty |= _place9(st, d, b, i)
                        break
        if not dirty:
            return True


@njit(cache=True, inline="always")
def _choose9(st, fails, score):
    """The guess: (plane, bit) of a digit in a cell with fewest candidates.  Among cells
    of two, the one whose cell, digits' bands and digits' stacks met most dead ends so
    far (``fails``: 81 cells, 27 digit-bands, 27 digit-stacks), the first on a tie.
    ``score``: 27 words of scratch."""
    most = -1
    bb = 0
    bi = 0
    for b in range(3):
        once = 0
        twice = 0
        thrice = 0
        for d in range(9):
            x = st[3 * d + b]
            thrice |= twice & x
            twice |= once & x
            once |= x
        two = twice & ~thrice & ~st[27 + b]
        if not two:
            continue
        # Each bivalue cell's score, digit by digit: two additions a cell, not nine tests.
        x = two
        while x:
            i = _ctz(x)
            x &= x - 1
            score[i] = fails[27 * b + i]
        for d in range(9):
            x = st[3 * d + b] & two
            if x:
                fb = fails[81 + 3 * d + b]
                while x:
                    i = _ctz(x)
                    x &= x - 1
                    score[i] += fb + fails[108 + 3 * d + (i % 9) // 3]
        x = two
        while x:
            i = _ctz(x)
            x &= x - 1
            if score[i] > most:
                most = score[i]
                bb = b
                bi = i
    if most < 0:
        best = 10
        for b in range(3):
            open_ = FULL27 & ~st[27 + b]
            while open_:
                i = _ctz(open_)
                open_ &= open_ - 1
                k = 0
                for d in range(9):
                    k += st[3 * d + b] >> i & 1
                if k < best:
                    best = k
                    bb = b
                    bi = i
    for d in range(9):
        if st[3 * d + bb] >> bi & 1:
            return 3 * d + bb, bi
    return bb, bi


@njit(cache=True, inline="always")
def _start9(grid, st):
    """The state with the givens placed (no propagation); False if two givens clash."""
    for p in range(27):
        st[p] = FULL27
    for b in range(3):
        st[27 + b] = 0
    for c in range(81):
        v = np.int64(grid[c])
        if v:
            b = c // 27
            i = c % 27
            d = v - 1
            if not (st[3 * d + b] >> i & 1):
                return False
            _place9(st, d, b, i)
    return True


@njit(cache=True, inline="always")
def _solution9(st, sols, row):
    for d in range(9):
        for b in range(3):
            m = st[3 * d + b]
            while m:
                i = _ctz(m)
                m &= m - 1
                sols[row, 27 * b + i] = d + 1


@njit(cache=True, nogil=True)
def search9(grid, st, stack, guess, ctx, sols, limit, max_nodes):
    """Search a 9x9 puzzle (``grid``: 81 values, 0 blank), resumably.

    ``st`` (40 words), ``stack`` (82 x 40), ``guess`` (82, then 135 counts of
    dead ends: cells, digit-bands, digit-stacks, then 27 words of scratch) and
    ``ctx`` (4) hold the search between calls (``ctx[PHASE] = -1`` starts
    afresh).  Solutions go
    to ``sols`` rows while there is room.  Stops at ``limit`` solutions (0: no
    limit) or when ``ctx[NODE]`` reaches ``max_nodes``; returns the status code.
    """
    dirty = 0  # planes to propagate from before the next step
    if ctx[PHASE] < 0:
        for k in range(4):  # (element by element: an interpreted memoryview takes no scalar)
            ctx[k] = 0
        if not _start9(grid, st):
            ctx[PHASE] = 0
            return CLASH
        for k in range(82, 82 + 135):
            guess[k] = 0
        dirty = FULL27
    fails = guess[82:]
    score = guess[82 + 135:]
    depth = ctx[DEPTH]
    ok = ctx[PHASE] != 0
    count = ctx[COUNT]
    nodes = ctx[NODE]
    code = COMPLETE
    while True:
        if dirty:  # the one place that propagates: the start, a guess, a guess undone
            ok = _propagate9(st, dirty, fails)
            dirty = 0
        if ok:
            if (st[27] & st[28] & st[29]) == FULL27:
                if count < sols.shape[0]:
                    _solution9(st, sols, count)
                count, code = _tally(count, limit)
                ok = False
                if code != COMPLETE:
                    break
                continue
            if nodes >= max_nodes:
                code = NODES
                break
            p, i = _choose9(st, fails, score)
            for k in range(30):
                stack[depth, k] = st[k]
            guess[depth] = p * 32 + i
            depth += 1
            nodes += 1
            dirty = _place9(st, p // 3, p % 3, i)
        else:
            if depth == 0:
                break
            depth -= 1
            for k in range(30):
                st[k] = stack[depth, k]
            g = guess[depth]
            p = g // 32
            st[p] &= ~(1 << (g % 32))
            dirty = 1 << p
    _keep(ctx, depth, ok, count, nodes)
    return code


@njit(cache=True, nogil=True)
def batch9(grids, limit, max_nodes, counts, nodes, codes, sols):
    """`search9` every row of ``grids``; one solution slot per ``sols[k]`` row."""
    st = np.zeros(STATE, dtype=np.int64)  # (batch9 is never run interpreted)
    stack = np.zeros((82, STATE), dtype=np.int64)
    guess = np.zeros(GUESS_WORDS, dtype=np.int64)
    ctx = np.zeros(4, dtype=np.int64)
    for k in range(grids.shape[0]):
        ctx[PHASE] = -1
        codes[k] = search9(grids[k], st, stack, guess, ctx, sols[k], limit, max_nodes)
        counts[k] = ctx[COUNT]
        nodes[k] = ctx[NODE]
    return grids.shape[0]
