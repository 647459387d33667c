"""The bit-parallel kernel for standard 16x16 Sudoku (4x4 boxes; jitted, imported only
when a search needs it).

`sudoku._bitkernel`'s 9x9 kernel with bands of four rows: a digit's plane in a
band of 4 rows of 16 cells is one 64-bit word (bit ``16 * row + column``), so
the state is 64 planes (``4 * digit + band``) and the solved cells of each
band: 68 words (of a 72-word state row).  A band of one digit holds the digit
once per row and once per box, so its 4x4 map of occupied (row, box) segments
must contain one of 24 permutations: one lookup in a 65,536-entry table keeps
the segments some permutation uses (locked candidates within the band) or
finds the dead end; the same table on the (band, column) segments of a stack
does the columns.  Rows and boxes with one place left are then rows with one
bit, columns with one place come from counting the sixteen rows in two words,
cells with one digit from counting the planes bit-sliced.  Search, guess and
resumption as in the 9x9 kernel.

Bit 63 of a word is a cell like any other: the words are ``int64``, shifted
right only where the result is masked, so the sign extension never shows,
and a word's lowest bit is cleared by its index (``x ^= 1 << i``), not as
``x & (x - 1)``, which overflows on bit 63 alone: so the same code runs as
plain Python on numpy's int64 scalars (``NUMBA_DISABLE_JIT``).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

import numpy as np
from numba import config, njit
from numba.cpython.unsafe.numbers import trailing_zeros

__all__ = ["batch16", "search16"]

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
ROW = 0xFFFF
BAND_PLANES = sum(1 << (4 * d) for d in range(16))  # planes 4 * d + b of band b, shifted by b
CELLS = 256
# guess array: the guesses (one per cell and one more), the dead-end counts (256 cells,
# 64 digit-bands, 64 digit-stacks), 64 words of scratch
FAILS = CELLS + 1
SCORE = FAILS + CELLS + 128
GUESS_WORDS = SCORE + 64
STATE = 72
DEPTH, PHASE, COUNT, NODE = range(4)  # ctx slots, as in sudoku._bitkernel


def _words(values) -> np.ndarray:
    return np.array(values, dtype=np.uint64).view(np.int64)


def _tables():
    """The band tables, built once in numpy (read by the jitted code as constants)."""
    masks = [sum(1 << (4 * r + p[r]) for r in range(4)) for p in permutations(range(4))]
    s = np.arange(1 << 16, dtype=np.int64)
    allowed = np.zeros(1 << 16, dtype=np.int64)  # segments -> those some permutation uses
    for m in masks:
        allowed |= np.where((s & m) == m, m, 0)
    expand = np.array([sum(0xF << (4 * k) for k in range(4) if a >> k & 1) for a in range(16)],
                      dtype=np.int64)  # a row's boxes -> its 16 cells
    kill = []  # a band cell's row and box peers in the band
    for i in range(64):
        r, c = divmod(i, 16)
        row = ROW << (16 * r)
        box = sum(0xF << (16 * rr + 4 * (c // 4)) for rr in range(4))
        kill.append((row | box) & ~(1 << i))
    col = [(1 | 1 << 16 | 1 << 32 | 1 << 48) << c for c in range(16)]
    return allowed.astype(np.int32), expand, _words(kill), _words(col)


ALLOWED, EXPAND, KILL, COL = _tables()

# The helpers are inlined by numba, not called (see sudoku._bitkernel).


@njit(cache=True, inline="always")
def _boxes(x):
    """A row's 16 cells -> which of its 4 boxes hold any (bits 0-3).  The multiplication
    gathers bits 0, 4, 8 and 12 into 9-12 without carries."""
    y = x | (x >> 1)
    y |= y >> 2
    return (((y & 0x1111) * 0x249) >> 9) & 15


@njit(cache=True, inline="always")
def _tally(count, limit):
    if count == INT64_MAX:
        return count, OVERFLOW
    count += 1
    return count, LIMIT if limit and count >= limit else COMPLETE


@njit(cache=True, inline="always")
def _place16(st, d, b, i):
    """Digit d in cell i of band b: clear its peers; return the planes that changed
    (bit ``4 * digit + band``), without branches on the data."""
    p = 4 * d + b
    own = st[p] & ~KILL[i]
    bit = np.int64(1) << i
    dirty = np.int64(0)
    for d2 in range(16):
        q = 4 * d2 + b
        x = st[q]
        y = x & ~bit
        st[q] = y
        dirty |= np.int64(x != y) << q
    col = COL[i & 15]
    for b2 in range(4):
        q = 4 * d + b2
        x = st[q]
        y = x & ~col
        st[q] = y
        dirty |= np.int64(x != y) << q
    st[p] = own
    st[64 + b] |= bit
    return dirty | np.int64(1) << p


@njit(cache=True, inline="always")
def _propagate16(st, dirty, fails):
    """Forced options to a fixpoint from the planes in ``dirty``; False at a dead end.
    As `sudoku._bitkernel._propagate9`: each changed plane's band, then the columns
    of the digits and the cells of the bands whose planes changed."""
    touched = np.int64(0)
    while True:
        while dirty:
            p = _ctz(dirty)
            dirty ^= np.int64(1) << p
            touched |= np.int64(1) << p
            m = st[p]
            s = (_boxes(m & ROW) | _boxes((m >> 16) & ROW) << 4
                 | _boxes((m >> 32) & ROW) << 8 | _boxes((m >> 48) & ROW) << 12)
            a = np.int64(ALLOWED[s])
            if a == 0:
                fails[CELLS + p] += 1
                return False
            m &= (EXPAND[a & 15] | EXPAND[(a >> 4) & 15] << 16
                  | EXPAND[(a >> 8) & 15] << 32 | EXPAND[(a >> 12) & 15] << 48)
            st[p] = m
            b = p & 3
            new = np.int64(0)
            for r in range(4):
                x = (m >> (16 * r)) & ROW
                new |= (x * np.int64((x & (x - 1)) == 0)) << (16 * r)
            new &= ~st[64 + b]
            while new:
                i = _ctz(new)
                new ^= np.int64(1) << i
                if (st[p] >> i) & 1 and not (st[64 + b] >> i) & 1:
                    dirty |= _place16(st, p >> 2, b, i)
        digits = touched
        bands = touched
        touched = np.int64(0)
        for d in range(16):
            if not (digits >> (4 * d)) & 15:
                continue
            # Columns of each band that still hold the digit; per stack, the bands and
            # the stack's four columns pair off as a band's rows and boxes do.
            o0 = st[4 * d]
            o1 = st[4 * d + 1]
            o2 = st[4 * d + 2]
            o3 = st[4 * d + 3]
            o0 = (o0 | o0 >> 16 | o0 >> 32 | o0 >> 48) & ROW
            o1 = (o1 | o1 >> 16 | o1 >> 32 | o1 >> 48) & ROW
            o2 = (o2 | o2 >> 16 | o2 >> 32 | o2 >> 48) & ROW
            o3 = (o3 | o3 >> 16 | o3 >> 32 | o3 >> 48) & ROW
            k0 = np.int64(0)
            k1 = np.int64(0)
            k2 = np.int64(0)
            k3 = np.int64(0)
            for k in range(4):
                sh = 4 * k
                seg = ((o0 >> sh) & 15 | ((o1 >> sh) & 15) << 4 | ((o2 >> sh) & 15) << 8
                       | ((o3 >> sh) & 15) << 12)
                a = np.int64(ALLOWED[seg])
                if a == 0:
                    fails[CELLS + 64 + 4 * d + k] += 1
                    return False
                k0 |= (a & 15) << sh
                k1 |= ((a >> 4) & 15) << sh
                k2 |= ((a >> 8) & 15) << sh
                k3 |= ((a >> 12) & 15) << sh
            for b in range(4):
                keep = k0 if b == 0 else (k1 if b == 1 else (k2 if b == 2 else k3))
                q = 4 * d + b
                x = st[q]
                m = x & (keep | keep << 16 | keep << 32 | keep << 48)
                st[q] = m
                dirty |= np.int64(m != x) << q
            # Columns with one place left.
            once = np.int64(0)
            twice = np.int64(0)
            for b in range(4):
                m = st[4 * d + b]
                for r in range(4):
                    x = (m >> (16 * r)) & ROW
                    twice |= once & x
                    once |= x
            cs = once & ~twice
            if cs:
                rep = cs | cs << 16 | cs << 32 | cs << 48
                for b in range(4):
                    new = st[4 * d + b] & rep & ~st[64 + b]
                    while new:
                        i = _ctz(new)
                        new ^= np.int64(1) << i
                        if (st[4 * d + b] >> i) & 1 and not (st[64 + b] >> i) & 1:
                            dirty |= _place16(st, d, b, i)
        for b in range(4):
            if not bands & (np.int64(BAND_PLANES) << b):
                continue
            once = np.int64(0)
            twice = np.int64(0)
            for d in range(16):
                x = st[4 * d + b]
                twice |= once & x
                once |= x
            if once != -1:
                fails[64 * b + _ctz(~once)] += 1
                return False
            new = once & ~twice & ~st[64 + b]
            while new:
                i = _ctz(new)
                new ^= np.int64(1) << i
                for d in range(16):
                    if (st[4 * d + b] >> i) & 1:
                        if not (st[64 + b] >> i) & 1:
                            dirty |= _place16(st, d, b, i)
                        break
        if not dirty:
            return True


@njit(cache=True, inline="always")
def _choose16(st, fails, score):
    """The guess: (plane, bit) of a digit in a cell with fewest candidates; among cells
    of two, the one whose cell, digits' bands and digits' stacks met most dead ends,
    the first on a tie (as `sudoku._bitkernel._choose9`).  ``score``: 64 words."""
    most = -1
    bb = 0
    bi = 0
    for b in range(4):
        once = np.int64(0)
        twice = np.int64(0)
        thrice = np.int64(0)
        for d in range(16):
            x = st[4 * d + b]
            thrice |= twice & x
            twice |= once & x
            once |= x
        two = twice & ~thrice & ~st[64 + b]
        if not two:
            continue
        x = two
        while x:
            i = _ctz(x)
            x ^= np.int64(1) << i
            score[i] = fails[64 * b + i]
        for d in range(16):
            x = st[4 * d + b] & two
            if x:
                fb = fails[CELLS + 4 * d + b]
                while x:
                    i = _ctz(x)
                    x ^= np.int64(1) << i
                    score[i] += fb + fails[CELLS + 64 + 4 * d + ((i & 15) >> 2)]
        x = two
        while x:
            i = _ctz(x)
            x ^= np.int64(1) << i
            if score[i] > most:
                most = score[i]
                bb = b
                bi = i
    if most < 0:
        best = 17
        for b in range(4):
            open_ = ~st[64 + b]
            while open_:
                i = _ctz(open_)
                open_ ^= np.int64(1) << i
                k = 0
                for d in range(16):
                    k += (st[4 * d + b] >> i) & 1
                if k < best:
                    best = k
                    bb = b
                    bi = i
    for d in range(16):
        if (st[4 * d + bb] >> bi) & 1:
            return 4 * d + bb, bi
    return bb, bi


@njit(cache=True)
def _start16(grid, st):
    """The state with the givens placed (no propagation); False if two givens clash."""
    for p in range(64):
        st[p] = -1
    for b in range(4):
        st[64 + b] = 0
    for c in range(CELLS):
        v = np.int64(grid[c])
        if v:
            b = c >> 6
            i = c & 63
            d = v - 1
            if not (st[4 * d + b] >> i) & 1:
                return False
            _place16(st, d, b, i)
    return True


@njit(cache=True)
def _solution16(st, out):
    for d in range(16):
        for b in range(4):
            m = st[4 * d + b]
            while m:
                i = _ctz(m)
                m ^= np.int64(1) << i
                out[64 * b + i] = d + 1


@njit(cache=True, nogil=True)
def search16(grid, st, stack, guess, ctx, sols, limit, max_nodes):
    """Search a 16x16 puzzle (``grid``: 256 values, 0 blank), resumably.

    ``st`` (72 words), ``stack`` (257 x 72), ``guess`` (`GUESS_WORDS`: the
    guesses, the dead-end counts, scratch) and ``ctx`` (4) hold the search
    between calls (``ctx[PHASE] = -1`` starts afresh).  As
    `sudoku._bitkernel.search9` otherwise.
    """
    dirty = np.int64(0)  # planes to propagate from before the next step
    fails = guess[FAILS:SCORE]
    score = guess[SCORE:]
    if ctx[PHASE] < 0:
        ctx[:] = 0
        if not _start16(grid, st):
            ctx[PHASE] = 0
            return CLASH
        fails[:] = 0
        dirty = np.int64(-1)
    depth = ctx[DEPTH]
    ok = ctx[PHASE] != 0
    count = ctx[COUNT]
    nodes = ctx[NODE]
    code = COMPLETE
    while True:
        if dirty:  # the one place that propagates: the start, a guess, a guess undone
            ok = _propagate16(st, dirty, fails)
            dirty = np.int64(0)
        if ok:
            if (st[64] & st[65] & st[66] & st[67]) == -1:
                if count < sols.shape[0]:
                    _solution16(st, sols[count])
                count, code = _tally(count, limit)
                ok = False
                if code != COMPLETE:
                    break
                continue
            if nodes >= max_nodes:
                code = NODES
                break
            p, i = _choose16(st, fails, score)
            for k in range(68):
                stack[depth, k] = st[k]
            guess[depth] = p * 64 + i
            depth += 1
            nodes += 1
            dirty = _place16(st, p >> 2, p & 3, i)
        else:
            if depth == 0:
                break
            depth -= 1
            for k in range(68):
                st[k] = stack[depth, k]
            g = guess[depth]
            p = g >> 6
            st[p] &= ~(np.int64(1) << (g & 63))
            dirty = np.int64(1) << p
    ctx[DEPTH] = depth
    ctx[PHASE] = 1 if ok else 0
    ctx[COUNT] = count
    ctx[NODE] = nodes
    return code


@njit(cache=True, nogil=True)
def batch16(grids, limit, max_nodes, counts, nodes, codes, sols):
    """`search16` every row of ``grids``; one solution slot per ``sols[k]`` row."""
    st = np.zeros(STATE, dtype=np.int64)
    stack = np.zeros((CELLS + 1, STATE), dtype=np.int64)
    guess = np.zeros(GUESS_WORDS, dtype=np.int64)
    ctx = np.zeros(4, dtype=np.int64)
    for k in range(grids.shape[0]):
        ctx[PHASE] = -1
        codes[k] = search16(grids[k], st, stack, guess, ctx, sols[k], limit, max_nodes)
        counts[k] = ctx[COUNT]
        nodes[k] = ctx[NODE]
    return grids.shape[0]
