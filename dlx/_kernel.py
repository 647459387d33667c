"""Jitted Dancing Links kernels (Knuth's Algorithm X, with DLX2 colours).

Everything compiled by numba lives in this one file, because numba's on-disk
cache only watches the file that defines a function: a kernel that calls a
helper from another file would not be recompiled when that helper changes.

Memory layout
-------------
``nd`` : uint32[4, Z]
    One column per node, one row per field: ``TOP``, ``UP``, ``DOWN``,
    ``COLOR`` (Knuth's ``top``/``len``, ``ulink``, ``dlink``, ``color``),
    read as ``nd[FIELD, node]``.  Field-major, so that each field is a
    dense array of its own: the loops that follow links touch one field of
    nodes scattered over the structure (a hide writes ``DOWN`` of the node
    above and ``UP`` of the node below), and a cache line then holds that
    field for sixteen nodes instead of all four fields for four; and the
    address of ``nd[FIELD, q]`` is a shift of ``q`` added to a per-field
    base, where ``nd[q, FIELD]`` multiplied ``q`` by a row length read at
    run time (docs/design-notes.md has the measurements).
    Node 0 holds ``NPRIMARY`` (the number of primary items), in ``COLOR`` 1
    if any option has a colour (0: `_hide` and `_unhide` need not look for
    purified nodes), and two hints
    written by `_hide`: ``EMPTIED``, the last primary item whose list a hide
    emptied (a dead end: `_try_commit` stops there, `_choose` takes it at
    once), and ``SINGLE``, the last primary item a hide left with one option
    (a forced move `_choose` takes without scanning).  Both are cleared
    when a search stops or is unwound.
    Nodes ``1..N`` are the item headers: ``nd[TOP, i]`` is ``len(i)``, the
    number of options still in item ``i``'s list; a header's ``COLOR`` is 0,
    except in `batch` with the locked-items rule (1 where
    `dlx.links.lockable_items`).  Node ``N + 1`` is the first
    spacer; after it come the options, each followed by a spacer.  For an
    option node ``TOP`` is its item (``>= 1``); for a spacer it is 0.  A spacer
    before option ``k`` has ``UP`` = first node of option ``k - 1`` and
    ``DOWN`` = last node of option ``k``, so a walk along an option wraps
    around in either direction.  ``COLOR`` is 0 for an uncoloured node, the
    colour number for a coloured one, and ``PURIFIED`` while a purification
    has marked the node as agreeing with the committed colour.
``it`` : uint32[2 * (N + 2)]
    Item list links ``LEFT`` and ``RIGHT`` (Knuth's ``llink``/``rlink``),
    two entries an item: ``it[2 * i + RIGHT]`` (written ``it[_at(i) + RIGHT]``).
    Item 0 heads the circular list of active primary items and item ``N + 1``
    the list of secondary items, so covering any item is the same operation.

Search state (resumable)
------------------------
``x`` : uint32[levels]
    ``x[l]`` is the node chosen at level ``l``.  When a search stops at step
    ``S_X5``, ``x[LEVEL]`` is the option to try next (or the item's header when
    its options are exhausted) and that item is covered.
``st`` : int64[5]
    ``STEP`` (where to resume), ``LEVEL``, ``BASE`` (levels below it hold
    forced options and are never backtracked), ``NITEMS`` (N), ``NTRAIL``
    (entries on the locked-items rule's trail; 0 without the rule).
``params`` : int64[4] or int64[5]
    ``BUDGET`` (nodes this call may create), ``LIMIT`` (stop once this many
    solutions are counted; 0 = no limit), ``CAP`` (rows of ``sols``),
    ``YIELD`` (1 = return as soon as ``sols`` is full), and optionally
    ``TRACE`` (return ``R_TRACE`` before trying each option at the first
    ``TRACE`` levels above ``BASE``, so the caller can show it; 0 = never).
``stats`` : int64[4]
    ``NODES``, ``UPDATES``, ``COUNT`` (solutions so far), ``STORED`` (rows of
    ``sols`` filled by the last call).
``sols`` : uint32[CAP, levels + 1]
    Row ``k``: ``sols[k, 0]`` = number of options, then their chosen nodes.
``lock`` : int64[...]
    The locked-items rule's state (`_choose_locked`), empty for the plain
    search: ``mark`` (one entry a level, as many as ``x``), ``fails`` and
    ``seen`` (N + 2 each, ``seen`` read as uint64), then ``trail`` (uint32,
    one entry a node), laid end to end (see `_lock_parts`).  A search
    with the rule also needs the lockable items' flags in its item headers'
    ``COLOR`` (see `dlx.links.lockable_items`).

Invariants: between calls the links describe the state after the choices
``x[0:LEVEL]``; `unwind` undoes them, after which the structure is
bit-for-bit what it was before the first call.  Nothing here checks indices:
the Python layer validates every input before it reaches a kernel.
"""

from dlx import plain

if plain.interpreted(__name__):  # the interpreted copy, for small jobs (see dlx.small)
    from dlx.plain import njit, np, prange  # type: ignore[assignment]
else:
    from . import _jit  # noqa: F401  (first: it makes sure numba has a cache it can write)

    # isort: split
    import numpy as np
    from numba import njit, prange

TOP, UP, DOWN, COLOR = 0, 1, 2, 3
EMPTIED, NPRIMARY, SINGLE = 0, 1, 2  # fields of nd's node 0: nd[EMPTIED, 0]
LEFT, RIGHT = np.uint64(0), np.uint64(1)  # fields of an item's links: it[_at(i) + RIGHT]
PURIFIED = np.uint32(0xFFFFFFFF)
U0 = np.uint32(0)
U1 = np.uint32(1)
U2 = np.uint32(2)
U64_1 = np.uint64(1)
TIES = 8  # items of length 2 that `_choose` compares when MRV ties (see `_break_tie`)
TIES_LOCKED = 32  # the same for `_choose_locked`, which also weighs past dead ends
HIGH32 = ~np.int64(0xFFFFFFFF)  # the dead-end count in a tie-break weight (`_break_tie_counted`)

# st fields
STEP, LEVEL, BASE, NITEMS, NTRAIL = 0, 1, 2, 3, 4
# params fields
BUDGET, LIMIT, CAP, YIELD, TRACE = 0, 1, 2, 3, 4
# stats fields
NODES, UPDATES, COUNT, STORED = 0, 1, 2, 3

# Where a resumed search continues (Knuth's step names).
S_X2 = 0  # enter a level: solution test, choose an item, cover it
S_X8 = 1  # leave a level: backtrack to the level below
S_DONE = 2  # the whole tree has been explored
S_X5 = 3  # try option x[LEVEL] (its item is covered already), or uncover it if exhausted

# Return codes of the search kernels.
R_DONE = 0  # tree exhausted; COUNT is exact
R_LIMIT = 1  # LIMIT solutions reached
R_BUDGET = 2  # BUDGET nodes used; call again to continue
R_FULL = 3  # sols is full and YIELD was set; call again to continue
R_OVERFLOW = 4  # COUNT reached 2**63 - 1 and cannot grow (not reachable in practice)
R_CLASH = 5  # batch only: the forced options clash, so there is no solution
R_TRACE = 6  # about to try x[LEVEL] at a traced level; call again to try it

INT64_MAX = np.int64(0x7FFFFFFFFFFFFFFF)


@njit(cache=True, no_cpython_wrapper=True)
def _at(i):
    """Where item ``i``'s links start in ``it``, as an unsigned index.

    ``it`` is flat, two entries an item: with a two-dimensional array every
    access multiplies by a row length read at run time, which the MRV scan,
    a chain of dependent loads, pays on every step; and
    an unsigned index spares numba's negative-index check.
    """
    return np.uint64(i) << U64_1


@njit(cache=True, no_cpython_wrapper=True)
def _active(it, i):
    """Is item ``i`` still in its item list (not covered)?"""
    return it[_at(it[_at(i) + LEFT]) + RIGHT] == i


@njit(cache=True, no_cpython_wrapper=True)
def _clear_hints(nd):
    """Forget both hints: every kernel that stops or unwinds a search leaves nd exact."""
    nd[EMPTIED, 0] = U0
    nd[SINGLE, 0] = U0


@njit(cache=True, no_cpython_wrapper=True)
def _hide(nd, p):
    """Remove every other node of p's option from its item's list.

    A primary item whose list this empties is noted in ``nd[EMPTIED, 0]``,
    one it leaves with a single option in ``nd[SINGLE, 0]`` (the last one
    wins); branch-free, because lists shrink to 0 or 1 unpredictably.

    A purified node stays in its list (Knuth's hide'), which costs a read
    of its ``COLOR`` per node: a stream of its own in the field-major
    layout.  Problems without colours, which never purify, skip it:
    ``nd[COLOR, 0]`` is 1 when any option has a colour (read once per
    hide).
    """
    upd = 0
    n1 = nd[NPRIMARY, 0]
    emptied = nd[EMPTIED, 0]
    single = nd[SINGLE, 0]
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
                single = x if (n == U1) & (x <= n1) else single
                upd += 1
            q += U1
    nd[EMPTIED, 0] = emptied
    nd[SINGLE, 0] = single
    return upd


@njit(cache=True, no_cpython_wrapper=True)
def _unhide(nd, p):
    """Undo _hide(nd, p); walks the option backwards so links return in LIFO order.

    ``nd[COLOR, 0]`` as in `_hide`.
    """
    plain = nd[COLOR, U0] == U0
    q = p - U1
    while q != p:
        x = nd[TOP, q]
        if x == U0:
            q = nd[DOWN, q]
        else:
            if plain or nd[COLOR, q] != PURIFIED:
                u = nd[UP, q]
                d = nd[DOWN, q]
                nd[DOWN, u] = q
                nd[UP, d] = q
                nd[TOP, x] += U1
            q -= U1


@njit(cache=True, no_cpython_wrapper=True)
def _cover(nd, it, i):
    upd = 0
    p = nd[DOWN, i]
    while p != i:
        upd += _hide(nd, p)
        p = nd[DOWN, p]
    left = it[_at(i) + LEFT]
    right = it[_at(i) + RIGHT]
    it[_at(left) + RIGHT] = right
    it[_at(right) + LEFT] = left
    return upd + 1


@njit(cache=True, no_cpython_wrapper=True)
def _uncover(nd, it, i):
    # Relink the item first, then its options bottom-up: the exact mirror of _cover.
    left = it[_at(i) + LEFT]
    right = it[_at(i) + RIGHT]
    it[_at(left) + RIGHT] = i
    it[_at(right) + LEFT] = i
    p = nd[UP, i]
    while p != i:
        _unhide(nd, p)
        p = nd[UP, p]


@njit(cache=True, no_cpython_wrapper=True)
def _purify(nd, p):
    """Keep in p's item only options of p's colour; mark those so hides skip them."""
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
    return upd


@njit(cache=True, no_cpython_wrapper=True)
def _unpurify(nd, p):
    c = nd[COLOR, p]
    i = nd[TOP, p]
    q = nd[UP, i]
    while q != i:
        if nd[COLOR, q] == PURIFIED:
            nd[COLOR, q] = c
        elif q != p:
            _unhide(nd, q)
        q = nd[UP, q]


@njit(cache=True, no_cpython_wrapper=True)
def _commit_others(nd, it, p):
    """Cover (or purify, when coloured) every item of p's option except p's own."""
    upd = 0
    q = p + U1
    while q != p:
        j = nd[TOP, q]
        if j == U0:
            q = nd[UP, q]
        else:
            c = nd[COLOR, q]
            if c == U0:
                upd += _cover(nd, it, j)
            elif c != PURIFIED:
                upd += _purify(nd, q)
            q += U1
    return upd


@njit(cache=True, no_cpython_wrapper=True)
def _try_commit(nd, it, p):
    """`_commit_others`, stopping as soon as a commit leaves a primary item no option.

    An active primary item whose list a hide empties can never be covered
    below this option (no hide puts an option back), unless it is one of
    the option's own items not committed yet: their lists lost the option
    itself when its first item was covered, so they may well run empty.
    Stopping there saves the rest of the commit and the level below it.
    Returns ``(updates, failed)``: ``failed`` is 0 when the option was
    committed, otherwise the primary item left without options, and the
    items committed so far are uncommitted again before returning.
    ``nd[EMPTIED, 0]`` is left as it was on entry (the hint of the level's
    own cover).
    """
    upd = 0
    hint = nd[EMPTIED, 0]
    nd[EMPTIED, 0] = U0
    q = p + U1
    while q != p:
        j = nd[TOP, q]
        if j == U0:
            q = nd[UP, q]
            continue
        c = nd[COLOR, q]
        if c == U0:
            upd += _cover(nd, it, j)
        elif c != PURIFIED:
            upd += _purify(nd, q)
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
                _uncommit_from(nd, it, p, q)
                nd[EMPTIED, 0] = hint
                return upd, z
            nd[EMPTIED, 0] = U0
        q += U1
    nd[EMPTIED, 0] = hint
    return upd, U0


@njit(cache=True, no_cpython_wrapper=True)
def _uncommit_from(nd, it, p, q):
    """Undo the commits of p's option from node q back to (not including) p itself."""
    while q != p:
        j = nd[TOP, q]
        if j == U0:
            q = nd[DOWN, q]
        else:
            c = nd[COLOR, q]
            if c == U0:
                _uncover(nd, it, j)
            elif c != PURIFIED:
                _unpurify(nd, q)
            q -= U1


@njit(cache=True, no_cpython_wrapper=True)
def _uncommit_others(nd, it, p):
    _uncommit_from(nd, it, p, p - U1)


# The branching rules `_choose` follows, in ``st[BRANCH]`` (absent: B_MRV).
BRANCH = 5
B_MRV, B_WEIGHTED, B_PLAIN, B_SHARP = 0, 1, 2, 3


@njit(cache=True, no_cpython_wrapper=True)
def _branching(st):
    """The branching rule of a search state: ``st[BRANCH]``, or B_MRV when st has no such field."""
    return st[BRANCH] if st.shape[0] > BRANCH else np.int64(B_MRV)


@njit(cache=True)
def _choose(nd, it, mode):
    """Minimum remaining values: the active primary item with the fewest options.

    Returns 0 when no primary item is left.  An item a hide has just emptied
    (``nd[EMPTIED, 0]``, checked to be still active and empty) is taken
    without a scan: a dead end found at once.  Next, an item a hide has just
    left with one option (``nd[SINGLE, 0]``, checked likewise): a forced move
    without a scan.  Otherwise the scan stops at the first item of length 0
    or 1, which cannot be beaten.  When the
    shortest lists have two options, `_break_tie` picks among them.

    ``mode`` is the rule (``st[BRANCH]``): B_MRV is the above; the others
    go to `_choose_other`, so that the default's code is left as it was.
    """
    if mode != B_MRV:
        return _choose_other(nd, it, mode)
    z = nd[EMPTIED, 0]
    if z != U0:
        nd[EMPTIED, 0] = U0
        if nd[TOP, z] == U0 and _active(it, z):
            return z
    z = nd[SINGLE, 0]
    if z != U0:
        nd[SINGLE, 0] = U0
        if nd[TOP, z] == U1 and _active(it, z):
            return z
    best = PURIFIED
    bi = U0
    i = it[_at(0) + RIGHT]
    while i != U0:
        n = nd[TOP, i]
        if n < best:
            best = n
            bi = i
            if n <= U1:
                break
        i = it[_at(i) + RIGHT]
    if best == U2:
        return _break_tie(nd, it, bi, U2)
    return bi


@njit(cache=True, no_cpython_wrapper=True)
def _choose_other(nd, it, mode):
    """`_choose` under B_WEIGHTED (ties weighed at every length), B_PLAIN (Knuth's DLX1:
    the first of the shortest, no hints, no tie-break) or B_SHARP (`_choose_sharp`:
    items flagged in their header's ``COLOR``, named ``#...``, first)."""
    if mode == B_PLAIN:
        return _choose_plain(nd, it)
    z = nd[EMPTIED, 0]
    if z != U0:
        nd[EMPTIED, 0] = U0
        if nd[TOP, z] == U0 and _active(it, z):
            return z
    z = nd[SINGLE, 0]
    if z != U0:
        nd[SINGLE, 0] = U0
        if nd[TOP, z] == U1 and _active(it, z):
            return z
    if mode == B_SHARP:
        return _choose_sharp(nd, it)
    best = PURIFIED
    bi = U0
    i = it[_at(0) + RIGHT]
    while i != U0:
        n = nd[TOP, i]
        if n < best:
            best = n
            bi = i
            if n <= U1:
                break
        i = it[_at(i) + RIGHT]
    if best >= U2 and best != PURIFIED:
        return _break_tie(nd, it, bi, best)
    return bi


@njit(cache=True, no_cpython_wrapper=True)
def _choose_plain(nd, it):
    """Knuth's DLX1 choice: the first item of the fewest options, by a full scan."""
    nd[EMPTIED, 0] = U0
    nd[SINGLE, 0] = U0
    best = PURIFIED
    bi = U0
    i = it[_at(0) + RIGHT]
    while i != U0:
        n = nd[TOP, i]
        if n < best:
            best = n
            bi = i
        i = it[_at(i) + RIGHT]
    return bi


@njit(cache=True, no_cpython_wrapper=True)
def _choose_sharp(nd, it):
    """Knuth's sharp preference: flagged items first, unless another has 0 or 1 options.

    Lengths compare as ``len`` for flagged items and items of length 0 or
    1, ``len + 2**31`` for the others, so MRV runs among the flagged items
    first; the scan stops at length 0 or 1 as in `_choose`.  Ties among
    unflagged items of two options go to `_break_tie` (no flagged item then
    has more than one); flagged ones are taken first come, as in Knuth's.
    """
    best = np.int64(0x7FFFFFFFFFFF)
    bi = U0
    i = it[_at(0) + RIGHT]
    while i != U0:
        n = nd[TOP, i]
        key = np.int64(n)
        if n > U1 and nd[COLOR, i] == U0:
            key += np.int64(0x80000000)
        if key < best:
            best = key
            bi = i
            if n <= U1:
                break
        i = it[_at(i) + RIGHT]
    if best == np.int64(0x80000002):
        return _break_tie(nd, it, bi, U2)
    return bi


@njit(cache=True, no_cpython_wrapper=True)
def _weight(nd, i):
    """What committing each of item i's options would hide: its other items' lengths, summed."""
    weight = np.int64(0)
    p = nd[DOWN, i]
    while p != i:
        q = p + U1
        while q != p:
            x = nd[TOP, q]
            if x == U0:
                q = nd[UP, q]
            else:
                weight += np.int64(nd[TOP, x])
                q += U1
        p = nd[DOWN, p]
    return weight


@njit(cache=True, no_cpython_wrapper=True)
def _break_tie(nd, it, first, n):
    """Of the first `TIES` items of length ``n`` from ``first`` on, the one removing most.

    An option's weight (`_weight`) is the summed length of its other items:
    the options its commit would hide, so the propagation a branch starts.
    The heaviest item wins, the first on equal weights.  A look-ahead of a
    few hundred loads at a branch point, paid back by smaller trees.  Only
    ties at length 2 under B_MRV: at length 3 the trees shrink too little to
    pay for it on pentominoes (B_WEIGHTED weighs every tie).
    """
    top = np.int64(-1)
    bi = first
    seen = 0
    i = first
    while i != U0 and seen < TIES:
        if nd[TOP, i] == n:
            seen += 1
            weight = _weight(nd, i)
            if weight > top:
                top = weight
                bi = i
        i = it[_at(i) + RIGHT]
    return bi


@njit(cache=True, no_cpython_wrapper=True)
def _break_tie_counted(nd, pairs, m, first, fails):
    """`_break_tie` for `_choose_locked`, with past dead ends first: among ``pairs[:m]``.

    ``fails[i]`` counts how often, in this problem's search, item ``i`` was
    emptied by a commit or chosen empty, was branched on by an option whose
    commit found a dead end, or had all its options tried.  Of the items
    still of length 2, the one with
    the most wins, and the weight decides only among equal counts
    (``first`` if none is left).  An item that ran dry before is
    likely to again, and branching on it finds out soonest (Boussemart et
    al.'s dom/wdeg, for ties).  An item with fewer dead ends than the best
    so far is passed over unweighed, so more candidates (`TIES_LOCKED`) can
    be compared for the same work.
    """
    top = np.int64(-1)
    bi = first
    weighed = 0
    for k in range(m):
        i = pairs[k]
        if nd[TOP, i] != U2:
            continue  # (a removal by the locked-items rule may have shortened it)
        counted = fails[i] << np.int64(32)
        if counted < (top & HIGH32):
            continue  # fewer dead ends than the best so far: it cannot win
        weight = counted + _weight(nd, i)
        if weight > top:
            top = weight
            bi = i
        weighed += 1
        if weighed == TIES_LOCKED:
            break
    return bi


@njit(cache=True, no_cpython_wrapper=True)
def _holds(nd, p, item):
    """Does the option of node p hold ``item`` without a colour (p's own node aside)?"""
    q = p + U1
    while q != p:
        x = nd[TOP, q]
        if x == U0:
            q = nd[UP, q]
        else:
            if x == item:
                return nd[COLOR, q] == U0
            q += U1
    return False


@njit(cache=True, no_cpython_wrapper=True)
def _lock(nd, a, trail, nt):
    """The locked-items rule at primary item ``a``; returns the new trail length.

    When every option of ``a`` holds an item ``b`` (without a colour), the
    option that covers ``a`` in a solution covers ``b`` too, so no solution
    uses an option of ``b`` that does not hold ``a``: those options leave
    every list, and their nodes in ``b``'s list go on ``trail[nt:]`` for
    `_unlock`.  On Sudoku this is "pointing" and "claiming" (a digit's places
    in a box all on one row clear the rest of that row, and the other way
    round), written as a rule about items rather than houses.
    """
    first = nd[DOWN, a]
    la = nd[TOP, a]
    q = first + U1
    while q != first:
        b = nd[TOP, q]
        if b == U0:
            q = nd[UP, q]
            continue
        if nd[TOP, b] > la and nd[COLOR, q] == U0:
            p = nd[DOWN, first]
            every = True
            while p != a:
                if not _holds(nd, p, b):
                    every = False
                    break
                p = nd[DOWN, p]
            if every:
                r = nd[DOWN, b]
                while r != b:
                    after = nd[DOWN, r]
                    if not _holds(nd, r, a):
                        _hide(nd, r)
                        u = nd[UP, r]
                        d = nd[DOWN, r]
                        nd[DOWN, u] = d
                        nd[UP, d] = u
                        nd[TOP, b] -= U1
                        trail[nt] = r
                        nt += 1
                    r = after
        q += U1
    return nt


@njit(cache=True, no_cpython_wrapper=True)
def _unlock(nd, trail, nt, mark):
    """Put back the options `_lock` removed, ``trail[mark:nt]``, last first."""
    while nt > mark:
        nt -= 1
        r = trail[nt]
        u = nd[UP, r]
        d = nd[DOWN, r]
        nd[DOWN, u] = r
        nd[UP, d] = r
        nd[TOP, nd[TOP, r]] += U1
        _unhide(nd, r)
    return nt


@njit(cache=True)
def _choose_locked(nd, it, trail, nt, seen, pairs, fails):
    """`_choose` that first applies `_lock` to the items of length 2, at branch points.

    Only where the scan finds no item of length 0 or 1 (a forced move needs
    no help), and only to items of length 2 (at length 3 the checks cost more
    than the nodes they save).  ``seen[i]`` remembers
    the two options item ``i`` had when last checked (first and last node):
    an item whose pair has not changed is not checked again.  ``pairs`` is
    scratch for the items of length 2 the scan passes (the lockable ones are
    checked, all of them are tied); ``fails`` counts each item's dead ends
    (`_break_tie_counted`).  Removals may leave
    an item empty or with one option; the hints `_hide` writes send the search
    there, otherwise the item the scan found is taken (a rescan cost more
    than it saved).  Returns ``(item, trail length)``.  The hints are read
    as in `_choose`, written out again: a shared helper there was slower.
    """
    z = nd[EMPTIED, 0]
    if z != U0:
        nd[EMPTIED, 0] = U0
        if nd[TOP, z] == U0 and _active(it, z):
            fails[z] += 1
            return z, nt
    z = nd[SINGLE, 0]
    if z != U0:
        nd[SINGLE, 0] = U0
        if nd[TOP, z] == U1 and _active(it, z):
            return z, nt
    best = PURIFIED
    bi = U0
    m = 0
    i = it[_at(0) + RIGHT]
    while i != U0:
        n = nd[TOP, i]
        if n < best:
            best = n
            bi = i
            if n <= U1:
                return bi, nt
        pairs[m] = i
        m += n == U2
        i = it[_at(i) + RIGHT]
    nt0 = nt
    for k in range(m):
        i = pairs[k]
        if nd[TOP, i] != U2 or nd[COLOR, i] == U0:
            # Emptied or left single by a removal just made, or never lockable (a
            # header's COLOR: see dlx.links.lockable_items).
            continue
        pair = (np.uint64(nd[DOWN, i]) << np.uint64(32)) | np.uint64(nd[UP, i])
        if seen[i] != pair:
            seen[i] = pair
            nt = _lock(nd, i, trail, nt)
    if nt != nt0:
        z = nd[EMPTIED, 0]
        y = nd[SINGLE, 0]
        _clear_hints(nd)
        if z != U0 and nd[TOP, z] == U0 and _active(it, z):
            fails[z] += 1
            return z, nt
        if y != U0 and nd[TOP, y] == U1 and _active(it, y):
            return y, nt
    if best == U2:
        return _break_tie_counted(nd, pairs, m, bi, fails), nt
    return bi, nt


@njit(cache=True, no_cpython_wrapper=True)
def _run(nd, it, x, st, params, stats, sols, trail, mark, seen, pairs, alt, fails):
    """Algorithm X from the saved step until done, a limit, the budget or a full buffer.

    With a non-empty ``trail`` the search also applies the locked-items rule
    (`_choose_locked`): ``mark[l]`` is where level ``l``'s removals start on
    ``trail`` (``st[NTRAIL]`` long between calls), ``seen`` is its memory
    and ``fails[i]`` counts the dead ends at item ``i`` for its tie-break;
    `unwind` gives the removed options back.  ``pairs`` is its scratch
    (N + 2 long).
    """
    nitems = st[NITEMS]
    base = st[BASE]
    level = st[LEVEL]
    step = st[STEP]
    mode = _branching(st)
    budget = params[BUDGET]
    limit = params[LIMIT]
    cap = params[CAP]
    yield_full = params[YIELD] != 0
    nodes = np.int64(0)
    upd = np.int64(0)
    count = stats[COUNT]
    stored = np.int64(0)
    code = R_DONE
    locked = trail.shape[0] > 0
    nt = st[NTRAIL]
    # Levels below trace_end stop before each option they try, except the one
    # a call resumes with: the caller was shown it when the last call stopped.
    trace_end = base + params[TRACE] if params.shape[0] > TRACE else base
    resumed = step == S_X5
    # batch passes ``alt``: alt[l] is the deepest level below l whose item has
    # options left to try (base - 1: none), so the end of the search is seen
    # where it happens instead of after undoing every level on the way up.
    shortcut = alt.shape[0] > 0
    if step == S_DONE:
        stats[STORED] = 0
        return R_DONE
    p = x[level] if step == S_X5 else U0
    while True:
        if step == S_X2:
            # X2: all primary items covered -> a solution.
            if it[_at(0) + RIGHT] == U0:
                step = S_X8
                if count == INT64_MAX:
                    code = R_OVERFLOW
                    break
                count += 1
                if stored < cap:
                    sols[stored, 0] = level
                    for lev in range(level):
                        sols[stored, lev + 1] = x[lev]
                    stored += 1
                if limit > 0 and count >= limit:
                    code = R_LIMIT
                    break
                if yield_full and stored == cap:
                    code = R_FULL
                    break
                continue
            # X3, X4: choose an item and cover it.
            if locked:
                mark[level] = nt
                i, nt = _choose_locked(nd, it, trail, nt, seen, pairs, fails)
            else:
                i = _choose(nd, it, mode)
            upd += _cover(nd, it, i)
            p = nd[DOWN, i]
        elif step == S_X8:
            # X8: leave this level.
            if level == base or (shortcut and alt[level] < base):
                code = R_DONE
                step = S_DONE
                break
            level -= 1
            # X6: undo the option tried at this level and move to the next one.
            p = x[level]
            _uncommit_others(nd, it, p)
            p = nd[DOWN, p]
        # X5: try option p, or (X7) uncover the item when its options are exhausted.
        if p <= nitems:
            _uncover(nd, it, p)
            if locked:
                fails[p] += 1  # every option of item p tried: a dead end too, one level up
                nt = _unlock(nd, trail, nt, mark[level])
            step = S_X8
            continue
        x[level] = p
        if nodes >= budget:
            # Stop before trying p; the item of this level stays covered (see unwind).
            code = R_BUDGET
            step = S_X5
            break
        if level < trace_end and not resumed:
            code = R_TRACE
            step = S_X5
            break
        resumed = False
        nodes += 1
        u, failed = _try_commit(nd, it, p)
        upd += u
        if failed != U0:
            # A dead end found while committing p (and undone): try the next option.
            if locked:
                fails[failed] += 1
                fails[nd[TOP, p]] += 1  # and the item branched on here
            p = nd[DOWN, p]
            step = S_X5
            continue
        if shortcut:
            alt[level + 1] = level if nd[DOWN, p] > nitems else alt[level]
        level += 1
        step = S_X2
    _clear_hints(nd)
    st[STEP] = step
    st[LEVEL] = level
    st[NTRAIL] = nt
    stats[NODES] += nodes
    stats[UPDATES] += upd
    stats[COUNT] = count
    stats[STORED] = stored
    return code


@njit(cache=True, no_cpython_wrapper=True)
def _lock_parts(lock, levels, n2):
    """``lock`` as ``(mark, fails, seen, trail)``: views, all empty when it is."""
    a = levels + n2
    b = a + n2
    return lock[:levels], lock[levels:a], lock[a:b].view(np.uint64), lock[b:].view(np.uint32)


if plain.interpreted(__name__):
    # Interpreted, two helpers take another form: a memoryview casts where numpy views,
    # and the hottest index needs no stand-in call (the same values either way).
    def _at(i):  # noqa: F811
        return i << 1

    def _lock_parts(lock, levels, n2):  # noqa: F811
        a = levels + n2
        b = a + n2
        return (lock[:levels], lock[levels:a], lock[a:b].cast("B").cast("Q"),
                lock[b:].cast("B").cast("I"))


@njit(cache=True, no_cpython_wrapper=True)
def _unwind_to(nd, it, x, st, target, lock):
    """Undo the choices x[target:LEVEL] (and the cover of their items).

    With the locked-items rule (a non-empty ``lock``), each level's removals
    are given back after its item is uncovered, as `_run` does when it
    backtracks.
    """
    mark, _, _, trail = _lock_parts(lock, x.shape[0], st[NITEMS] + 2)
    locked = trail.shape[0] > 0
    nt = st[NTRAIL]
    level = st[LEVEL]
    while level > target:
        level -= 1
        p = x[level]
        _uncommit_others(nd, it, p)
        _uncover(nd, it, nd[TOP, p])
        if locked and level >= st[BASE]:  # (forced levels remove nothing)
            nt = _unlock(nd, trail, nt, mark[level])
    st[LEVEL] = level
    st[NTRAIL] = nt


@njit(cache=True, no_cpython_wrapper=True)
def _live(nd, it, p):
    """Is the option of node p still available (its item active, p still linked)?"""
    i = nd[TOP, p]
    return _active(it, i) and nd[DOWN, nd[UP, p]] == p


@njit(cache=True, no_cpython_wrapper=True)
def _force(nd, it, x, st, forced):
    """Choose the options whose primary nodes are `forced`, one level each.

    Returns False (having chosen a prefix) when one of them is no longer
    available, i.e. the forced options clash, or when committing one leaves
    a primary item with no option (the dead end `_run` stops at).
    """
    level = st[LEVEL]
    for k in range(forced.shape[0]):
        p = forced[k]
        if not _live(nd, it, p):
            st[LEVEL] = level
            return False
        i = nd[TOP, p]
        _cover(nd, it, i)
        _, failed = _try_commit(nd, it, p)
        if failed != U0:
            _uncover(nd, it, i)
            st[LEVEL] = level
            return False
        x[level] = p
        level += 1
    st[LEVEL] = level
    return True


@njit(cache=True)
def search(nd, it, x, st, params, stats, sols, lock):
    """Resume a search; see the module docstring for the arguments."""
    mark, fails, seen, trail = _lock_parts(lock, x.shape[0], st[NITEMS] + 2)
    pairs = np.empty(st[NITEMS] + 2, dtype=np.uint32)
    return _run(nd, it, x, st, params, stats, sols, trail, mark, seen, pairs,
                np.zeros(0, dtype=np.int64), fails)


@njit(cache=True)
def unwind(nd, it, x, st, lock):
    """Undo every choice of a (possibly unfinished) search, forced ones included.

    ``lock`` as for `search`: with the locked-items rule, the removals are
    given back too (`_unwind_to`).
    """
    if st[STEP] == S_X5:
        level = st[LEVEL]
        p = x[level]
        _uncover(nd, it, p if p <= st[NITEMS] else nd[TOP, p])
        mark, _, _, trail = _lock_parts(lock, x.shape[0], st[NITEMS] + 2)
        if trail.shape[0] > 0:
            st[NTRAIL] = _unlock(nd, trail, st[NTRAIL], mark[level])
    _unwind_to(nd, it, x, st, 0, lock)
    _clear_hints(nd)
    st[STEP] = S_DONE
    return 0


@njit(cache=True)
def force(nd, it, x, st, forced):
    """Apply forced options at the start of a search; 1 if they fit, 0 if they clash."""
    ok = _force(nd, it, x, st, forced)
    st[BASE] = st[LEVEL]
    if not ok:
        st[STEP] = S_DONE
        return 0
    return 1


@njit(cache=True, no_cpython_wrapper=True)
def _reduce(base, n1, forced, nd, it, omap, state, dead, live, stamp, cnt, todo, taken,
            killed):
    """Build, in nd/it, the links of the problem restricted by forced options.

    ``base`` holds the base problem twice, as options (``optr``, ``oitem``,
    ``ocolor``: each option's items and colours, items numbered from 1, primary
    ones first) and as items (``iptr``, ``iopt``, ``icolor``: each item's
    options and their colours), then ``heads``, the flags of
    `dlx.links.lockable_items` (zeros when the rule is off).  Items the forced
    options cover leave the item lists; options that use such an item are left
    out, except that an option agreeing with a forced colour on a secondary
    item stays, without that entry.  Item numbers are unchanged; ``omap[node]``
    gets the base option of each node.  One pass over the options replaces
    covering the forced options in the full structure and uncovering them
    afterwards, which touches far more links.  Options are marked out through
    the items' lists with ``dead[o] = stamp``, so nothing needs clearing
    between calls; the survivors are then listed in ``live`` without a branch
    per option (a dead or live option is a coin toss the processor cannot
    predict).

    Before building, the forced singles are taken the same way: while a
    free primary item has one option left, that option joins the forced ones
    (listed in ``taken``; ``cnt``, ``todo`` and ``killed`` are scratch:
    ``killed`` lists the options a single rules out, again without a branch
    per option, before their items' counts drop).  These are the moves the
    search would make first, at its root, without a choice; taken here they
    cost no links to cover and none to restore (on easy Sudoku puzzles, about
    half of the search's nodes).

    ``heads[i]`` goes in item ``i``'s header as its ``COLOR``.  Node 0's
    ``COLOR`` (does any option have a colour, see `_hide`) is the same for
    every puzzle of the base problem: `batch` sets it once per call.

    Returns ``(rows, k)``: the number of nodes used and the number of
    options put in ``taken``; rows is 0 when the forced options clash and
    -1 when the singles run into an item with no option left (no solution).
    """
    optr, oitem, ocolor, iptr, iopt, icolor, heads = base
    n = it.shape[0] // 2 - 2
    for i in range(n + 2):
        state[i] = 0
    for k in range(forced.shape[0]):
        o = forced[k]
        for e in range(optr[o], optr[o + 1]):
            i = oitem[e]
            c = np.int64(ocolor[e])
            s = state[i]
            if s != 0:
                if c == 0 or s != c:
                    return 0, 0
            else:
                state[i] = c if c != 0 else -1
    _clear_hints(nd)
    nd[NPRIMARY, 0] = n1
    for i in range(1, n + 1):
        nd[TOP, i] = 0
        nd[UP, i] = i
        nd[DOWN, i] = i
        nd[COLOR, i] = heads[i]  # 1 if lockable (dlx.links.lockable_items), when used
        s = state[i]
        if s != 0:
            for e in range(iptr[i], iptr[i + 1]):
                if s < 0 or np.int64(icolor[e]) != s:
                    dead[iopt[e]] = stamp
    # The surviving options, listed without a branch (about half are dead, at random).
    nlive = 0
    for o in range(optr.shape[0] - 1):
        live[nlive] = np.uint32(o)
        nlive += dead[o] != stamp
    # Forced singles: live options per free primary item, then take every item
    # left with one until none is.
    for i in range(n + 2):
        cnt[i] = 0
    for k in range(nlive):
        o = live[k]
        for e in range(optr[o], optr[o + 1]):
            cnt[oitem[e]] += 1
    ntodo = 0
    for i in range(1, n1 + 1):
        if state[i] == 0 and cnt[i] <= 1:
            if cnt[i] == 0:
                return -1, 0
            todo[ntodo] = i
            ntodo += 1
    ntaken = 0
    while ntodo > 0:
        ntodo -= 1
        i = todo[ntodo]
        if state[i] != 0:
            continue  # covered by an option taken since
        if cnt[i] == 0:
            return -1, ntaken
        # Its one live option (cnt[i] == 1 counts them exactly), found without
        # stopping at it: where it lies in the item's list is unpredictable.
        o = np.uint32(0)
        for e in range(iptr[i], iptr[i + 1]):
            o2 = iopt[e]
            o = o2 if dead[o2] != stamp else o
        taken[ntaken] = o
        ntaken += 1
        dead[o] = stamp
        for e in range(optr[o], optr[o + 1]):
            c = np.int64(ocolor[e])
            state[oitem[e]] = c if c != 0 else -1
        # The options this one rules out, listed without a branch per option
        # (dead or alive is a coin toss), then struck from their items' counts.
        m = 0
        for e in range(optr[o], optr[o + 1]):
            j = oitem[e]
            if cnt[j] <= 1:
                continue  # o is j's last live option: nothing to rule out
            s = state[j]
            for f in range(iptr[j], iptr[j + 1]):
                o2 = iopt[f]
                d = dead[o2]
                kill = (d != stamp) & ~((s > 0) & (np.int64(icolor[f]) == s))
                dead[o2] = stamp if kill else d
                killed[m] = o2
                m += kill
        for k2 in range(m):
            o2 = killed[k2]
            for g in range(optr[o2], optr[o2 + 1]):
                j2 = oitem[g]
                left = cnt[j2] - 1
                cnt[j2] = left
                if left <= 1 and j2 <= n1 and state[j2] == 0:
                    if left == 0:
                        return -1, ntaken
                    todo[ntodo] = j2
                    ntodo += 1
    if ntaken > 0:
        m = 0
        for k in range(nlive):
            o = live[k]
            live[m] = o
            m += dead[o] != stamp
        nlive = m
    # Item lists of the free items: primary under 0, secondary under n + 1.
    for head, first, last in ((0, 1, n1), (n + 1, n1 + 1, n)):
        prev = head
        for i in range(first, last + 1):
            # Branch-free (about a quarter of the items are covered, at random): a
            # covered item's links are written too, but no kernel reads them.
            it[_at(prev) + RIGHT] = i
            it[_at(i) + LEFT] = prev
            prev = i if state[i] == 0 else prev
        it[_at(prev) + RIGHT] = head
        it[_at(head) + LEFT] = prev
    z = n + 1
    nd[TOP, z] = 0
    nd[UP, z] = 0
    nd[DOWN, z] = 0
    nd[COLOR, z] = 0
    for k in range(nlive):
        o = live[k]
        start = z + 1
        for e in range(optr[o], optr[o + 1]):
            i = oitem[e]
            if state[i] != 0:
                continue
            z += 1
            last = nd[UP, i]
            nd[TOP, z] = i
            nd[UP, z] = last
            nd[DOWN, z] = i
            nd[COLOR, z] = ocolor[e]
            nd[DOWN, last] = z
            nd[UP, i] = z
            nd[TOP, i] += U1
            omap[z] = o
        nd[DOWN, start - 1] = z
        z += 1
        nd[TOP, z] = 0
        nd[UP, z] = start
        nd[DOWN, z] = 0
        nd[COLOR, z] = 0
    return z + 1, ntaken


@njit(cache=True, nogil=True)
def batch(base, sizes, fptr, fopts, params, counts, nodes, codes, sols, start, stop, step):
    """Many problems that differ only by forced options, in one call on one thread.

    Solves problems ``start, start + step, ...`` below ``stop`` (`batch_parallel`
    gives each thread its own ``start``; one kernel rather than a wrapper around
    a shared one, because numba compiles a callee again inside every caller).
    The base problem is ``base`` (see `_reduce`; its last array is
    `dlx.links.lockable_items`
    when the locked-items rule is on, zeros when it is off); ``sizes`` holds N, the
    number of primary items, the nodes of the full structure and 1 to
    apply the locked-items rule (`_choose_locked`) in the searches, 0 not to.
    Problem k forces the options ``fopts[fptr[k]:fptr[k+1]]``, is searched
    with ``params`` (BUDGET is per problem) and leaves its count, nodes,
    return code (R_DONE, R_LIMIT, R_BUDGET, or R_CLASH when its forced options
    clash) and first CAP solutions in ``counts[k]``, ``nodes[k]``,
    ``codes[k]`` and ``sols[k]``.  Solutions list the options chosen by the
    search, the forced singles `_reduce` took first (the forced options are
    not repeated); those singles count as nodes and use the budget.
    """
    n = sizes[0]
    dead = np.zeros(base[0].shape[0], dtype=np.int64)
    live = np.zeros(base[0].shape[0], dtype=np.uint32)
    killed = np.zeros(base[0].shape[0], dtype=np.uint32)  # an option is killed once at most
    levels = sols.shape[2] - 1
    nd = np.zeros((4, sizes[2]), dtype=np.uint32)
    ocolor = base[2]
    for e in range(ocolor.shape[0]):
        if ocolor[e] != 0:
            nd[COLOR, 0] = U1  # the problem has colours (see _hide); _reduce leaves it
            break
    it = np.zeros(2 * (n + 2), dtype=np.uint32)
    omap = np.zeros(sizes[2], dtype=np.uint32)
    state = np.zeros(n + 2, dtype=np.int64)
    cnt = np.zeros(n + 2, dtype=np.int64)
    todo = np.zeros(2 * n + 4, dtype=np.uint32)
    taken = np.zeros(n + 2, dtype=np.int64)
    x = np.zeros(levels, dtype=np.uint32)
    st = np.zeros(5, dtype=np.int64)
    stats = np.zeros(4, dtype=np.int64)
    prm = params.copy()
    # The locked-items rule (sizes[3] = 1): an option leaves the lists once at most.
    locked = sizes[3] != 0
    trail = np.zeros(sizes[2] if locked else 0, dtype=np.uint32)
    mark = np.zeros(levels + 1, dtype=np.int64)
    alt = np.zeros(levels + 1, dtype=np.int64)
    seen = np.zeros(n + 2, dtype=np.uint64)
    pairs = np.zeros(n + 2, dtype=np.uint32)
    fails = np.zeros(n + 2 if locked else 0, dtype=np.int64)
    for k in range(start, stop, step):
        rows, nt = _reduce(base, sizes[1], fopts[fptr[k]:fptr[k + 1]], nd, it, omap, state,
                           dead, live, k + 1, cnt, todo, taken, killed)
        if rows <= 0 or nt > params[BUDGET]:
            # 0: the forced options clash; -1: the forced singles found no solution;
            # or the singles alone used up the budget (as the search would have).
            counts[k] = 0
            if rows == 0:
                codes[k] = R_CLASH
                nodes[k] = 0
            elif nt > params[BUDGET]:
                codes[k] = R_BUDGET
                nodes[k] = params[BUDGET]
            else:
                codes[k] = R_DONE
                nodes[k] = nt
            continue
        st[STEP] = S_X2
        st[LEVEL] = 0
        st[BASE] = 0
        st[NITEMS] = n
        st[NTRAIL] = 0  # (the links are rebuilt: a stopped search's removals are gone)
        stats[:] = 0
        # The singles taken by _reduce are the search's first nodes: they count, and
        # they come out of the budget.
        prm[BUDGET] = max(params[BUDGET] - nt, 0)
        out = sols[k]
        if locked:
            seen[:] = 0  # node numbers belong to one problem's links
            fails[:] = 0
        alt[0] = -1
        codes[k] = _run(nd, it, x, st, prm, stats, out, trail, mark, seen, pairs, alt, fails)
        # Report options, not nodes (the nodes belong to this puzzle's links only),
        # after the singles taken by _reduce.  Each option holds a primary item of
        # its own, so the row has room for both.
        for j in range(stats[STORED]):
            m = out[j, 0]
            for lev in range(m, 0, -1):
                out[j, lev + nt] = omap[out[j, lev]]
            for lev in range(nt):
                out[j, lev + 1] = taken[lev]
            out[j, 0] = m + nt
        counts[k] = stats[COUNT]
        nodes[k] = stats[NODES] + nt
    return 0


@njit(cache=True, nogil=True, parallel=True)
def batch_parallel(base, sizes, fptr, fopts, params, counts, nodes, codes, sols, threads):
    """`batch` on ``threads`` threads, each with its own links."""
    n = counts.shape[0]
    for t in prange(threads):
        batch(base, sizes, fptr, fopts, params, counts, nodes, codes, sols, t, n, threads)
    return 0


@njit(cache=True)
def propagate(nd, it, x, st, forced, reps, live):
    """Apply forced options, then take every forced single (an item with one option).

    Returns 0 on a contradiction (a forced option clashes or an item has no
    option left), 1 when every primary item got covered, 2 when search would
    have to guess.  ``x[0:st[BASE]]`` holds the options taken, and ``live[o]``
    tells, for each option o with primary node ``reps[o]``, whether it is still
    possible; the structure is restored before returning.
    """
    status = 2
    mode = _branching(st)
    if not _force(nd, it, x, st, forced):
        status = 0
    else:
        level = st[LEVEL]
        while True:
            i = _choose(nd, it, mode)
            if i == U0:
                status = 1
                break
            if nd[TOP, i] == U0:
                status = 0
                break
            if nd[TOP, i] > U1:
                break
            p = nd[DOWN, i]
            _cover(nd, it, i)
            _commit_others(nd, it, p)
            x[level] = p
            level += 1
            st[LEVEL] = level
    for o in range(reps.shape[0]):
        live[o] = 1 if _live(nd, it, reps[o]) else 0
    st[BASE] = st[LEVEL]
    _unwind_to(nd, it, x, st, 0, np.zeros(0, dtype=np.int64))
    _clear_hints(nd)
    return status


@njit(cache=True)
def split(nd, it, x, st, depth, prefixes, info):
    """List the search tree's nodes at ``depth`` as prefixes of chosen options.

    Counting below every prefix (forcing its options) and adding ``info[1]``,
    the solutions found above ``depth``, gives exactly the unsplit count.
    ``prefixes`` has one row per subproblem; ``info[0]`` is how many were
    found and ``info[2]`` is 1 if there were more than ``prefixes`` holds.
    """
    cap = prefixes.shape[0]
    found = np.int64(0)
    shallow = np.int64(0)
    overflow = 0
    base = st[BASE]
    level = st[LEVEL]
    mode = _branching(st)
    forward = True
    while True:
        if forward:
            if it[_at(0) + RIGHT] == U0:
                shallow += 1
                forward = False
                continue
            if level - base == depth:
                if found < cap:
                    for lev in range(depth):
                        prefixes[found, lev] = x[base + lev]
                else:
                    overflow = 1
                found += 1
                forward = False
                continue
            i = _choose(nd, it, mode)
            _cover(nd, it, i)
            p = nd[DOWN, i]
        else:
            if level == base:
                break
            level -= 1
            p = x[level]
            _uncommit_others(nd, it, p)
            p = nd[DOWN, p]
        if p <= st[NITEMS]:
            _uncover(nd, it, p)
            forward = False
            continue
        x[level] = p
        _commit_others(nd, it, p)
        level += 1
        forward = True
    st[LEVEL] = level
    _clear_hints(nd)
    info[0] = found
    info[1] = shallow
    info[2] = overflow
    return 0


@njit(cache=True)
def estimate(nd, it, x, st, seed, out):
    """Knuth's random-probe estimate of the search tree.

    Each probe walks from the root to a leaf, choosing uniformly among the
    options of the item MRV would branch on, and multiplies the branching
    degrees d1 d2 ... along the way.  ``out[k, 0]`` gets probe k's estimate
    of the number of nodes (d1 + d1 d2 + ...), ``out[k, 1]`` its estimate of
    the number of solutions (the product if the leaf is a solution, else 0).
    Unbiased: their means converge to the true values.
    """
    np.random.seed(seed)
    base = st[LEVEL]
    mode = _branching(st)
    for k in range(out.shape[0]):
        weight = 1.0
        tree = 0.0
        sols = 0.0
        level = base
        while True:
            i = _choose(nd, it, mode)
            if i == U0:
                sols = weight
                break
            n = nd[TOP, i]
            if n == U0:
                break
            _cover(nd, it, i)
            weight *= n
            tree += weight
            r = np.random.randint(0, np.int64(n))
            p = nd[DOWN, i]
            for _ in range(r):
                p = nd[DOWN, p]
            _, failed = _try_commit(nd, it, p)
            if failed != U0:
                # A dead end while committing: a leaf, as in _run.
                _uncover(nd, it, i)
                break
            x[level] = p
            level += 1
            st[LEVEL] = level
        _unwind_to(nd, it, x, st, base, np.zeros(0, dtype=np.int64))
        out[k, 0] = tree
        out[k, 1] = sols
    _clear_hints(nd)
    return 0
