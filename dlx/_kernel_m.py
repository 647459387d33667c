"""Jitted kernels of Knuth's Algorithm M: primary items with multiplicities (DLX3).

A primary item ``i`` may be given bounds ``u..v``: every solution must use
between ``u`` and ``v`` options that hold it.  These kernels search such
problems on the same links as `dlx._kernel` (its docstring describes ``nd``,
``it``, ``x``, ``st``, ``params``, ``stats`` and ``sols``); they live in a file
of their own because numba's cache watches only the file that defines a
function, so every kernel and helper they call is here too.

The search
----------
Each primary item keeps ``bound`` (how many more options may use it) and
``slack`` (``v - u``, fixed).  At each level the search picks the active item
with the smallest branching degree ``len + min(slack, bound) - bound + 1``
(fewer ways to continue first; on ties the smaller ``min(slack, bound)``, then
the longer list), lowers its ``bound`` and branches:

* when ``bound`` reaches 0 and ``slack`` is 0, exactly as Algorithm X: the
  item is covered and each of its options is tried in turn;
* otherwise the item's options are *tweaked* in turn: the top one is taken
  out of the item's list (and, unless the item is covered, out of every
  list), then tried; so a later branch of the level never uses an earlier
  option, and the item stays active for deeper levels to use again.  The
  level ends when the list has too few options left to reach the lower
  bound; and when the lower bound needs no more options, its last branch is
  the *null move*: no option, the item leaves the active list.

Restoring a level relinks the tweaked options (they still point at their
successors) and shows them to their other items again.  A solution is
reached when no primary item is active.  Stats count one node per branch
tried (null moves included).

State beyond `dlx._kernel`'s
----------------------------
``aux`` : int64[2 * (N + 2) + 2 * levels]
    ``bound`` and ``slack`` of every item (N + 2 each, read for primary
    items only), then per level ``first`` (the level's first tweaked node,
    0 when the level branches as Algorithm X; for a forced level, 0 when an
    option was forced and 1 when one was excluded) and ``degree`` (the
    branching degree when the level was entered).
``x[l]``
    The node of the option tried at level ``l``, or the item's header for a
    null move.  ``sols`` rows hold only options (null moves are left out).

Step and return codes are the values of `dlx._kernel`'s, so the Python
driver reads both kernels' states alike (a test checks they agree).
"""

from . import _jit  # noqa: F401  (first: it makes sure numba has a cache it can write)

# isort: split
import numpy as np
from numba import njit

TOP, UP, DOWN, COLOR = 0, 1, 2, 3
NPRIMARY = 1  # nd[NPRIMARY, 0]: the number of primary items
LEFT, RIGHT = np.uint64(0), np.uint64(1)
PURIFIED = np.uint32(0xFFFFFFFF)
U0 = np.uint32(0)
U1 = np.uint32(1)
U64_1 = np.uint64(1)

STEP, LEVEL, BASE, NITEMS = 0, 1, 2, 3  # st fields
BUDGET, LIMIT, CAP, YIELD, TRACE = 0, 1, 2, 3, 4  # params fields
NODES, UPDATES, COUNT, STORED = 0, 1, 2, 3  # stats fields

S_ENTER = 0  # enter a level: a solution, or choose an item and start its branches
S_LEAVE = 1  # leave a level: undo the branch below and move to the next one
S_DONE = 2
S_TRY = 3  # try branch x[LEVEL] (the item's header: the null move), or end the level

R_DONE, R_LIMIT, R_BUDGET, R_FULL, R_OVERFLOW, R_TRACE = 0, 1, 2, 3, 4, 6
INT64_MAX = np.int64(0x7FFFFFFFFFFFFFFF)
FORCED_IN, FORCED_OUT = 0, 1  # ``first`` of a forced level

# The helpers are inlined by LLVM (``forceinline``) and compiled without numba's
# reference counting (``_nrt=False``): a numba function takes a reference to each
# array it is passed, an atomic add and subtract per array per call, and with
# helpers called a few times per search node those took most of the time (the
# counts of A001499 ran three times slower).  So no helper may create or return an
# array; the kernels, compiled with reference counting, take the views they need
# (`_parts`) and pass them down.
_inline = njit(cache=True, no_cpython_wrapper=True, forceinline=True, _nrt=False)


@_inline
def _at(i):
    """Where item ``i``'s links start in ``it`` (unsigned: no negative-index check)."""
    return np.uint64(i) << U64_1


@njit(cache=True, no_cpython_wrapper=True, forceinline=True)
def _parts(aux, n2, levels):
    """``aux`` as ``(bound, slack, first, degree)``."""
    a = 2 * n2
    return aux[:n2], aux[n2:a], aux[a:a + levels], aux[a + levels:a + 2 * levels]


@_inline
def _deactivate(it, i):
    left = it[_at(i) + LEFT]
    right = it[_at(i) + RIGHT]
    it[_at(left) + RIGHT] = right
    it[_at(right) + LEFT] = left


@_inline
def _activate(it, i):
    it[_at(it[_at(i) + LEFT]) + RIGHT] = i
    it[_at(it[_at(i) + RIGHT]) + LEFT] = i


@_inline
def _active(it, i):
    return it[_at(it[_at(i) + LEFT]) + RIGHT] == i


@_inline
def _hide(nd, p):
    """Take every other node of p's option out of its item's list (purified nodes stay)."""
    upd = 0
    plain = nd[COLOR, U0] == U0  # no option has a colour: nothing is ever purified
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
def _hide_all(nd, i):
    """Hide every option in item i's list from the other items."""
    upd = 1
    p = nd[DOWN, i]
    while p != i:
        upd += _hide(nd, p)
        p = nd[DOWN, p]
    return upd


@_inline
def _unhide_all(nd, i):
    p = nd[UP, i]
    while p != i:
        _unhide(nd, p)
        p = nd[UP, p]


@_inline
def _cover(nd, it, i):
    upd = _hide_all(nd, i)
    _deactivate(it, i)
    return upd


@_inline
def _uncover(nd, it, i):
    _activate(it, i)
    _unhide_all(nd, i)


@_inline
def _purify(nd, p):
    """Keep in p's (secondary) item only options of p's colour, marked so hides skip them."""
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


@_inline
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


@_inline
def _use(nd, it, bound, n1, q):
    """The option of node q takes one more unit of q's item."""
    j = nd[TOP, q]
    if j <= n1:
        b = bound[j] - 1
        bound[j] = b
        return _cover(nd, it, j) if b == 0 else 0
    c = nd[COLOR, q]
    if c == U0:
        return _cover(nd, it, j)
    if c != PURIFIED:
        return _purify(nd, q)
    return 0


@_inline
def _unuse(nd, it, bound, n1, q):
    j = nd[TOP, q]
    if j <= n1:
        if bound[j] == 0:
            _uncover(nd, it, j)
        bound[j] += 1
        return
    c = nd[COLOR, q]
    if c == U0:
        _uncover(nd, it, j)
    elif c != PURIFIED:
        _unpurify(nd, q)


@_inline
def _commit(nd, it, bound, n1, p):
    """Use every item of p's option except p's own."""
    upd = 0
    q = p + U1
    while q != p:
        if nd[TOP, q] == U0:
            q = nd[UP, q]
        else:
            upd += _use(nd, it, bound, n1, q)
            q += U1
    return upd


@_inline
def _uncommit(nd, it, bound, n1, p):
    q = p - U1
    while q != p:
        if nd[TOP, q] == U0:
            q = nd[DOWN, q]
        else:
            _unuse(nd, it, bound, n1, q)
            q -= U1


@_inline
def _tweak(nd, p, block):
    """Take node p, the top of its item's list, out of it; with ``block``, its option too."""
    upd = _hide(nd, p) if block else 0
    u = nd[UP, p]
    d = nd[DOWN, p]
    nd[DOWN, u] = d
    nd[UP, d] = u
    nd[TOP, nd[TOP, p]] -= U1
    return upd + 1


@_inline
def _untweak(nd, i, first, block):
    """Put back every node tweaked out of item i's list since ``first`` was its top.

    The tweaked nodes still point down at their successors, the last at the
    present top; so relinking their ``UP`` fields restores the list.
    """
    top = nd[DOWN, i]
    nd[DOWN, i] = first
    prev = i
    r = first
    k = U0
    while r != top:
        nd[UP, r] = prev
        if block:
            _unhide(nd, r)
        k += U1
        prev = r
        r = nd[DOWN, r]
    nd[UP, top] = prev
    nd[TOP, i] += k


@_inline
def _restore(nd, it, bound, slack, first, i):
    """Undo the start of a level that branched on item i (and all its tweaks)."""
    b = bound[i]
    if first == 0:
        _uncover(nd, it, i)
    elif b != 0:
        _untweak(nd, i, first, True)
    else:
        _untweak(nd, i, first, False)
        _uncover(nd, it, i)
    bound[i] = b + 1


@_inline
def _choose(nd, it, bound, slack):
    """The active primary item of least branching degree, and that degree (0: none left).

    Degree ``len + s - bound + 1`` with ``s = min(slack, bound)``: the
    options that may still be tried, plus the null move when the lower bound
    is met.  Ties go to the smaller ``s`` (an item with slack constrains
    less), then to the longer list (Knuth's choice in DLX3: it keeps the
    middle levels of the tree narrower).  A degree of 0 or less is a dead
    end, taken at once.
    """
    best = INT64_MAX
    bi = U0
    best_s = np.int64(0)
    best_l = np.int64(0)
    i = it[_at(0) + RIGHT]
    while i != U0:
        b = bound[i]
        s = slack[i]
        if s > b:
            s = b
        n = np.int64(nd[TOP, i])
        t = n + s - b + 1
        if t < best or (t == best and (s < best_s or (s == best_s and n > best_l))):
            best = t
            bi = i
            best_s = s
            best_l = n
            if t <= 0:
                break
        i = it[_at(i) + RIGHT]
    return bi, best


@_inline
def _enter(nd, it, bound, slack, i):
    """Start branching on item i: lower its bound; returns ``(first, updates)``."""
    p = nd[DOWN, i]
    b = bound[i] - 1
    bound[i] = b
    upd = 0
    if b == 0:
        upd = _cover(nd, it, i)
        if slack[i] == 0:
            return np.int64(0), upd
    return np.int64(p), upd


@_inline
def _ends(nd, bound, slack, first, i, p):
    """Has the level on item i no branch left at candidate p?"""
    if first == 0:
        return p == i
    return np.int64(nd[TOP, i]) <= bound[i] - slack[i]


@_inline
def _branch(nd, it, bound, n1, first, i, p):
    """Take branch p at a level on item i (tweaking it first when the level tweaks)."""
    upd = 0
    if first != 0:
        if p != i:
            upd += _tweak(nd, p, bound[i] != 0)
        elif bound[i] != 0:
            _deactivate(it, i)  # the null move
    if p != i:
        upd += _commit(nd, it, bound, n1, p)
    return upd


@_inline
def _retreat(nd, it, x, bound, slack, first, n1, nitems, level):
    """Back at ``level`` from below: undo its branch and return the next one's node.

    Returns 0 when the branch was the null move, always a level's last: the
    level's item is then restored too, and the level is done.
    """
    p = x[level]
    if p <= nitems:
        if bound[p] != 0:
            _activate(it, p)  # undo the null move
        _restore(nd, it, bound, slack, first[level], p)
        return U0
    _uncommit(nd, it, bound, n1, p)
    return nd[DOWN, p]


@_inline
def _opens(nd, it, bound, slack, f, nitems, p):
    """``(item, True)`` if p is a branch to try at a level of ``first`` f, else the level ends.

    When it ends, the level's item is restored and ``(item, False)`` returned.
    """
    i = p if p <= nitems else nd[TOP, p]
    if _ends(nd, bound, slack, f, i, p):
        _restore(nd, it, bound, slack, f, i)
        return i, False
    return i, True


@_inline
def _unwind_to(nd, it, x, st, bound, slack, first, target):
    """Undo levels ``target..LEVEL - 1`` (forced ones included when below BASE)."""
    nitems = st[NITEMS]
    n1 = nd[NPRIMARY, 0]
    base = st[BASE]
    level = st[LEVEL]
    while level > target:
        level -= 1
        p = x[level]
        if level < base:
            _unforce(nd, it, bound, n1, p, first[level])
            continue
        if p <= nitems:
            i = p
            if bound[i] != 0:
                _activate(it, i)  # undo the null move
        else:
            i = nd[TOP, p]
            _uncommit(nd, it, bound, n1, p)
        _restore(nd, it, bound, slack, first[level], i)
    st[LEVEL] = level


@_inline
def _live(nd, it, p):
    """Is the option of node p still available (its item active, p still linked)?"""
    return _active(it, nd[TOP, p]) and nd[DOWN, nd[UP, p]] == p


@_inline
def _unforce(nd, it, bound, n1, p, kind):
    if kind == FORCED_IN:
        _uncommit(nd, it, bound, n1, p)
        _unuse(nd, it, bound, n1, p)
    nd[DOWN, nd[UP, p]] = p
    nd[UP, nd[DOWN, p]] = p
    nd[TOP, nd[TOP, p]] += U1
    _unhide(nd, p)


@_inline
def _run(nd, it, x, st, params, stats, sols, bound, slack, first, degree):
    """Algorithm M from the saved step until done, a limit, the budget or a full buffer."""
    nitems = st[NITEMS]
    n1 = nd[NPRIMARY, 0]
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
    if step == S_DONE:
        stats[STORED] = 0
        return R_DONE
    p = x[level] if step == S_TRY else U0
    while True:
        if step == S_ENTER:
            i, t = _choose(nd, it, bound, slack)
            if i == U0:
                step = S_LEAVE
                if count == INT64_MAX:
                    code = R_OVERFLOW
                    break
                count += 1
                if stored < cap:
                    m = 0
                    for lev in range(level):
                        # Not the null moves, nor the options forced out below BASE.
                        if x[lev] > nitems and (lev >= base or first[lev] == FORCED_IN):
                            m += 1
                            sols[stored, m] = x[lev]
                    sols[stored, 0] = m
                    stored += 1
                if limit > 0 and count >= limit:
                    code = R_LIMIT
                    break
                if yield_full and stored == cap:
                    code = R_FULL
                    break
                continue
            if t <= 0:
                step = S_LEAVE  # too few options left for the item's lower bound
                continue
            degree[level] = t
            p = nd[DOWN, i]
            f, u = _enter(nd, it, bound, slack, i)
            first[level] = f
            upd += u
        elif step == S_LEAVE:
            if level == base:
                code = R_DONE
                step = S_DONE
                break
            level -= 1
            p = _retreat(nd, it, x, bound, slack, first, n1, nitems, level)
            if p == U0:
                continue
        # Try branch p, unless the level has none left.
        f = first[level]
        i, ok = _opens(nd, it, bound, slack, f, nitems, p)
        if not ok:
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
        upd += _branch(nd, it, bound, n1, f, i, p)
        level += 1
        step = S_ENTER
    st[STEP] = step
    st[LEVEL] = level
    stats[NODES] += nodes
    stats[UPDATES] += upd
    stats[COUNT] = count
    stats[STORED] = stored
    return code


@njit(cache=True)
def search_m(nd, it, x, st, params, stats, sols, aux):
    """Resume a search; see the module docstring for the arguments."""
    bound, slack, first, degree = _parts(aux, st[NITEMS] + 2, x.shape[0])
    return _run(nd, it, x, st, params, stats, sols, bound, slack, first, degree)


@njit(cache=True)
def unwind_m(nd, it, x, st, aux):
    """Undo every choice of a (possibly unfinished) search, forced ones included."""
    bound, slack, first, _ = _parts(aux, st[NITEMS] + 2, x.shape[0])
    if st[STEP] == S_TRY:
        level = st[LEVEL]
        p = x[level]
        i = p if p <= st[NITEMS] else nd[TOP, p]
        _restore(nd, it, bound, slack, first[level], i)
    _unwind_to(nd, it, x, st, bound, slack, first, 0)
    st[STEP] = S_DONE
    return 0


@njit(cache=True)
def force_m(nd, it, x, st, forced, aux):
    """Force options (node ``p``) and exclude others (``-p``) before a search.

    A forced option leaves every list and uses each of its items; an
    excluded one just leaves every list (if it is still available: else it
    is left alone and takes no level).  Returns 1, or 0 when a forced
    option is no longer available (they clash): the search then has no
    solution.
    """
    n1 = nd[NPRIMARY, 0]
    bound, _, first, _ = _parts(aux, st[NITEMS] + 2, x.shape[0])
    level = st[LEVEL]
    ok = 1
    for k in range(forced.shape[0]):
        f = forced[k]
        p = np.uint32(f if f > 0 else -f)
        if not _live(nd, it, p):
            if f > 0:
                ok = 0
                break
            continue
        _tweak(nd, p, True)  # p may lie anywhere in its list: _tweak relinks around it
        if f > 0:
            _use(nd, it, bound, n1, p)
            _commit(nd, it, bound, n1, p)
            first[level] = FORCED_IN
        else:
            first[level] = FORCED_OUT
        x[level] = p
        level += 1
    st[LEVEL] = level
    st[BASE] = level
    if not ok:
        st[STEP] = S_DONE
    return ok


@njit(cache=True)
def split_m(nd, it, x, st, aux, depth, out, info):
    """List the search tree's nodes at ``depth`` as what each one forces and excludes.

    Each node is written to ``out`` as the nodes of the options chosen on the
    way down to it (``p``) and of those tweaked out before them (``-p``), in
    search order, then a 0.  The solutions below it are exactly those that
    contain the first and none of the second.  Each solution found above
    ``depth`` is written too, as the nodes of its options then a -1 (node 1
    is an item's header, never an option's).  ``info[0]`` gets the number of
    nodes, ``info[1]`` the solutions found above ``depth``, ``info[2]`` 1 if
    ``out`` was too short (then only the counts are right) and ``info[3]``
    the length ``out`` needed.
    """
    nitems = st[NITEMS]
    n1 = nd[NPRIMARY, 0]
    bound, slack, first, _ = _parts(aux, nitems + 2, x.shape[0])
    base = st[BASE]
    level = base
    cap = out.shape[0]
    used = np.int64(0)
    found = np.int64(0)
    shallow = np.int64(0)
    forward = True
    p = U0
    while True:
        if forward:
            i, t = _choose(nd, it, bound, slack)
            if i == U0:
                for lev in range(base, level):
                    if x[lev] > nitems:
                        if used < cap:
                            out[used] = np.int64(x[lev])
                        used += 1
                if used < cap:
                    out[used] = -1
                used += 1
                shallow += 1
                forward = False
                continue
            if t <= 0:
                forward = False
                continue
            if level - base == depth:
                for lev in range(base, level):
                    q = x[lev]
                    f = first[lev]
                    if f != 0:  # the options this level tweaked out before q
                        r = np.uint32(f)
                        while r != q:
                            if used < cap:
                                out[used] = -np.int64(r)
                            used += 1
                            r = nd[DOWN, r]
                    if q > nitems:
                        if used < cap:
                            out[used] = np.int64(q)
                        used += 1
                if used < cap:
                    out[used] = 0
                used += 1
                found += 1
                forward = False
                continue
            p = nd[DOWN, i]
            f, _ = _enter(nd, it, bound, slack, i)
            first[level] = f
        else:
            if level == base:
                break
            level -= 1
            p = _retreat(nd, it, x, bound, slack, first, n1, nitems, level)
            if p == U0:
                continue
        f = first[level]
        i, ok = _opens(nd, it, bound, slack, f, nitems, p)
        if not ok:
            forward = False
            continue
        x[level] = p
        _branch(nd, it, bound, n1, f, i, p)
        level += 1
        forward = True
    st[LEVEL] = level
    info[0] = found
    info[1] = shallow
    info[2] = 1 if used > cap else 0
    info[3] = used
    return 0


@njit(cache=True)
def estimate_m(nd, it, x, st, aux, seed, out):
    """Knuth's random probes (see `dlx._kernel.estimate`), on Algorithm M's tree.

    At each node the probe picks one of the item's ``degree`` branches at
    random: the k-th option left in its list, the options above it tweaked
    out first, or the null move.
    """
    np.random.seed(seed)
    nitems = st[NITEMS]
    n1 = nd[NPRIMARY, 0]
    bound, slack, first, _ = _parts(aux, nitems + 2, x.shape[0])
    base = st[LEVEL]
    for k in range(out.shape[0]):
        weight = 1.0
        tree = 0.0
        sols = 0.0
        level = base
        while True:
            i, t = _choose(nd, it, bound, slack)
            if i == U0:
                sols = weight
                break
            if t <= 0:
                break
            weight *= t
            tree += weight
            r = np.random.randint(0, t)
            f, _ = _enter(nd, it, bound, slack, i)
            first[level] = f
            p = nd[DOWN, i]
            for _ in range(r):
                if f == 0:
                    p = nd[DOWN, p]
                else:
                    _tweak(nd, p, bound[i] != 0)
                    p = nd[DOWN, i]
            x[level] = p
            _branch(nd, it, bound, n1, f, i, p)
            level += 1
            st[LEVEL] = level
        _unwind_to(nd, it, x, st, bound, slack, first, base)
        out[k, 0] = tree
        out[k, 1] = sols
    return 0
