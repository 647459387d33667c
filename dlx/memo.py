"""Memoised counting (DXZ-class): `dlx.Problem.count` with ``memo=True``.

Counting by search visits every solution; but a subproblem, the state the
options chosen so far leave (the primary items still to cover, and each
secondary item free, covered, or holding a colour), has the same number of
solutions however the search reached it.  This module drives the kernels of
`dlx._kernel_memo`, which keep a table from such states to their counts, so
that a state met again costs one look-up.  Tilings, where many ways of
filling the first rows leave the same boundary, count orders of magnitude
faster; a problem whose states never recur (distinct pieces that are all
used, like the twelve pentominoes) gains little, and pays for the table.

The table is bounded (``memo_mb``, 256 MB by default): it starts small and
doubles while the old and the new table fit under the cap together; once
they would not, the search goes on without storing more states (it still
reads those it has), so the count stays exact and only the speed suffers.
`MemoStats.capped` says when that happened.

The branching order matters more than in a plain search: the table helps
only when the same states come up again.  ``order="mrv"`` (the default)
branches on the item with the fewest options, the first in item order on
ties, as the plain search without its tie-break; on a grid whose cells are
listed row by row the ties go to the first free cell, so the states stay
close to "the first k cells are filled, plus a boundary", the frontier that
makes tilings recur.  ``order="first"`` always branches on the first
uncovered primary item in item order: exactly that frontier, but with no
look-ahead (a cell with one way to fill it is found only when reached), and
a problem whose first items have many options (a piece item before the
cells) branches badly.  docs/engine.md compares the two.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from . import _jit, validate
from . import _kernel_memo as Z  # noqa: N812  (constants only; kernels come from _jit)
from .errors import ProblemError
from .results import CountResult, Stats

__all__ = ["DEFAULT_MEMO_MB", "ORDERS", "MemoStats", "count_for", "count_memo"]

DEFAULT_MEMO_MB = 256
"""The default cap on the table's memory, in megabytes (2**20 bytes)."""

ORDERS = ("mrv", "first")
"""The branching orders ``count(memo=True, order=...)`` takes (see the module docstring)."""

FIRST_SLOTS = 2**10
FIRST_BUDGET = 2**12
MAX_BUDGET = 2**26
TARGET_CALL_SECONDS = 0.05

_V32 = "uint32[::1]"
_V64 = "int64[::1]"
_ND = "uint32[:, ::1]"
_KEYS = "uint64[:, ::1]"
_VALS = "int64[:, ::1]"
_SIGNATURES = {
    "force_memo": f"int64({_ND}, {_V32}, {_V32}, {_V64}, {_V32}, uint64[::1], {_V32})",
    "count_memo": (f"int64({_ND}, {_V32}, {_V32}, {_V64}, {_V64}, {_V64}, {_VALS}, "
                   f"uint64[::1], {_V32}, {_KEYS}, {_VALS})"),
    "rehash": f"int64({_KEYS}, {_VALS}, {_KEYS}, {_VALS})",
}


def _kernel(name: str):
    return _jit.compiled("dlx._kernel_memo", name, _SIGNATURES[name])


@dataclass
class MemoStats:
    """What the table of a memoised count did.

    Attributes
    ----------
    lookups : int
        States looked up (every level the search entered, solutions aside).
    hits : int
        Of those, states found in the table: each a subtree not searched.
    entries : int
        States stored.
    peak_bytes : int
        The most memory the table held at once (two tables while it doubles).
    cap_bytes : int
        The cap it was given (``memo_mb``).
    capped : bool
        The table reached the cap: states met after that were searched
        without being stored (the count is exact all the same).
    order : str
        The branching order (``"mrv"`` or ``"first"``).
    """

    lookups: int = 0
    hits: int = 0
    entries: int = 0
    peak_bytes: int = 0
    cap_bytes: int = 0
    capped: bool = False
    order: str = "mrv"

    def summary(self) -> str:
        """One line for humans, as ``dlx count --memo -v`` prints on stderr."""
        rate = 100 * self.hits / self.lookups if self.lookups else 0.0
        capped = ", cap reached" if self.capped else ""
        return (f"memo: {self.hits} hits of {self.lookups} lookups ({rate:.1f}%), "
                f"{self.entries} entries, peak {self.peak_bytes / 2**20:.1f} MB of "
                f"{self.cap_bytes / 2**20:g} MB{capped}")


def memo_bytes(memo_mb) -> int:
    """``memo_mb`` checked (a positive number of megabytes), as bytes."""
    try:
        mb = float(memo_mb)
    except (TypeError, ValueError):
        mb = math.nan
    if isinstance(memo_mb, bool) or not (mb > 0 and math.isfinite(mb)):
        raise ProblemError(f"memo_mb must be a positive number of megabytes, not {memo_mb!r}")
    return int(mb * 2**20)


def key_layout(problem, links) -> tuple[int, np.ndarray]:
    """``(W, kpos)``: words of a state and where each item's field is (see `dlx._kernel_memo`).

    Primary items take one bit each, secondary items ``b`` bits each, enough
    for 0, 1 and every colour plus one; no field straddles two words.
    """
    n, n1 = problem.n_items, problem.n_primary
    b = max(1, (len(problem.colors) + 1).bit_length())
    width = np.concatenate(([0], np.ones(n1, dtype=np.int64), np.full(n - n1, b, np.int64), [0]))
    # Item numbers of the layout (a seed renames them within each kind): their widths are
    # those of their kind, so the fields are laid out in the layout's own numbering.
    kpos = np.zeros(2 * (n + 2), dtype=np.uint32)
    word = bit = 0
    for i in range(1, n + 1):
        if bit + width[i] > 64:
            word, bit = word + 1, 0
        kpos[2 * i] = word
        kpos[2 * i + 1] = bit
        bit += int(width[i])
    return word + 1, kpos


def _slot_bytes(w: int) -> int:
    return 8 * w + 16


def _table(slots: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    keys = np.zeros((slots, w), dtype=np.uint64)
    vals = np.full((slots, 2), -1, dtype=np.int64)
    return keys, vals


def count_for(problem, memo, limit, locked, memo_mb, order, seed, max_nodes, timeout,
              forced) -> CountResult:
    """`dlx.Problem.count` given ``memo``, ``memo_mb`` or ``order``: checked, then `count_memo`."""
    if not memo:
        raise ProblemError("memo_mb and order are for memo=True")
    if limit is not None or locked:
        raise ProblemError("memo counting takes no limit or locked (it counts "
                           "subproblems whole, by its own branching)")
    return count_memo(problem, memo_mb=DEFAULT_MEMO_MB if memo_mb is None else memo_mb,
                      order=order, seed=seed, max_nodes=max_nodes, timeout=timeout,
                      forced=forced)


def count_memo(problem, *, memo_mb=DEFAULT_MEMO_MB, order="mrv", seed=None, max_nodes=None,
               timeout=None, forced=()) -> CountResult:
    """Implementation of `dlx.Problem.count` with ``memo=True``.

    The table takes at most ``memo_mb`` megabytes; ``order`` is ``"mrv"`` or
    ``"first"`` (see the module docstring).  Not with bounds, ``limit`` or
    ``locked``.  Returns a `CountResult` whose ``memo`` is a `MemoStats`.  ``stats.nodes``
    counts the options tried; ``stats.solutions`` is the count (which may
    exceed 2**63: it is a Python int).
    """
    if problem.bounded:
        raise ProblemError("memo counting is not available for problems whose items have "
                           "bounds (Algorithm M); count them without memo")
    cap = memo_bytes(memo_mb)
    if order not in ORDERS:
        raise ProblemError(f"order must be one of {', '.join(ORDERS)}, not {order!r}")
    max_nodes = validate.budget("max_nodes", max_nodes)
    timeout = validate.seconds("timeout", timeout)
    seed = validate.whole("seed", seed, least=0)
    fidx = problem.check_forced(forced)
    links = problem.links(seed)
    w, kpos = key_layout(problem, links)
    nd, it = links.nd.copy(), links.it.copy()
    x = np.zeros(links.levels + len(fidx) + 1, dtype=np.uint32)
    st = np.array([Z.S_ENTER, 0, 0, problem.n_items, 0], dtype=np.int64)
    cur = np.zeros(w, dtype=np.uint64)
    acc = np.zeros((len(x), 2), dtype=np.int64)
    params = np.array([FIRST_BUDGET, ORDERS.index(order), 0], dtype=np.int64)
    stats = np.zeros(8, dtype=np.int64)
    memo = MemoStats(cap_bytes=cap, order=order)
    slots = FIRST_SLOTS
    while slots > 2 and slots * _slot_bytes(w) > cap:
        slots //= 2
    keys, vals = _table(slots, w)
    memo.peak_bytes = keys.nbytes + vals.nbytes
    count_k, rehash_k = _kernel("count_memo"), _kernel("rehash")
    force_k = _kernel("force_memo")
    out = Stats()
    budget = FIRST_BUDGET
    status = None
    if not force_k(nd, it, x, st, links.reps[fidx], cur, kpos):
        status = "complete"
    try:
        while status is None:
            if max_nodes is not None:
                left = max_nodes - int(stats[Z.NODES])
                if left <= 0:
                    status = "nodes"
                    break
                params[Z.BUDGET] = min(budget, left)
            else:
                params[Z.BUDGET] = budget
            t0 = time.perf_counter()
            code = count_k(nd, it, x, st, params, stats, acc, cur, kpos, keys, vals)
            dt = time.perf_counter() - t0
            out.seconds += dt
            if code == Z.R_DONE:
                status = "complete"
            elif code == Z.R_OVERFLOW:
                status = "overflow"
            elif code == Z.R_GROW:
                bigger = 2 * keys.shape[0]
                need = keys.nbytes + vals.nbytes + bigger * _slot_bytes(w)
                if need > cap:
                    params[Z.FULL] = 1
                    memo.capped = True
                else:
                    keys2, vals2 = _table(bigger, w)
                    t0 = time.perf_counter()
                    rehash_k(keys, vals, keys2, vals2)
                    out.seconds += time.perf_counter() - t0
                    memo.peak_bytes = max(memo.peak_bytes, need)
                    keys, vals = keys2, vals2
            elif code == Z.R_BUDGET:
                if dt < TARGET_CALL_SECONDS / 2 and params[Z.BUDGET] == budget:
                    budget = min(budget * 2, MAX_BUDGET)
                elif dt > TARGET_CALL_SECONDS * 2:
                    budget = max(budget // 2, FIRST_BUDGET)
            if status is None and timeout is not None and out.seconds >= timeout:
                status = "timeout"
    except KeyboardInterrupt:
        status = "interrupted"
    if st[Z.STEP] == Z.S_DONE and status == "complete" and int(st[Z.LEVEL]) == int(st[Z.BASE]):
        total = int(stats[Z.RES_LO]) + (int(stats[Z.RES_HI]) << 62)
    elif status == "complete":  # the forced options clash
        total = 0
    else:
        # Stopped: the solutions of the subtrees finished so far, a lower bound.
        lev = int(st[Z.LEVEL])
        base = int(st[Z.BASE])
        # (A search stops only where acc[lev] holds the current level's finished options.)
        total = sum(int(acc[k, 0]) + (int(acc[k, 1]) << 62) for k in range(base, lev + 1))
    out.nodes = int(stats[Z.NODES])
    out.updates = int(stats[Z.UPDATES])
    out.solutions = total
    out.status = status
    memo.lookups = int(stats[Z.LOOKUPS])
    memo.hits = int(stats[Z.HITS])
    memo.entries = int(stats[Z.ENTRIES])
    return CountResult(total, status, out, memo)
