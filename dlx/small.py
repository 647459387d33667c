"""Counting a small problem before numba has loaded: the DLX kernel interpreted, then compiled.

`dlx.Problem.count` of a small problem (``dlx count queens8.dlx``) needs far
less than the time numba takes to import.  So, as `dlx.plain` describes, the
search kernel's own file runs interpreted on memoryviews, in slices, while
the process's budget of interpreted time lasts; a search still running then
goes on in a compiled `dlx.search.Search` from the node where it stopped, on
the same buffers seen as numpy arrays.  The counts, statistics and statuses
are the compiled search's, whichever way it ran (the suite compares them).

The links are built here in plain Python, as `dlx.links.build` builds them
for an unseeded layout with numpy.

Importing this module imports neither numpy nor numba.
"""

from __future__ import annotations

import time
from typing import Any

from . import plain, validate
from .results import CountResult, Stats

__all__ = ["MAX_NODES", "count", "links"]

MAX_NODES = 50_000  # problems with more nodes than this go compiled at once
FIRST_SLICE = 200  # nodes in the first interpreted call; later slices aim at SLICE_SECONDS
SLICE_SECONDS = 0.005


def links(problem) -> tuple[Any, Any, Any, Any]:
    """``(nd, it, x, st)`` of ``problem``'s unseeded layout, as memoryviews: what
    `dlx.search.fresh_state` gives as numpy arrays."""
    xp = plain.np
    ptr, items, colors = problem._option_lists()
    n, n1 = problem.n_items, problem.n_primary
    n_opt = len(ptr) - 1
    z = n + 2 + ptr[-1] + n_opt
    nd = xp.zeros((4, z), dtype=xp.uint32)
    rings: list[list[int]] = [[i] for i in range(n + 1)]  # each item's header, then its nodes
    for k in range(n_opt):
        start = n + 2 + ptr[k] + k  # option k's first node, right after its spacer
        for j in range(ptr[k], ptr[k + 1]):
            node = start + j - ptr[k]
            nd[0, node] = items[j] + 1
            nd[3, node] = colors[j]
            rings[items[j] + 1].append(node)
        size = ptr[k + 1] - ptr[k]
        nd[2, start - 1] = start + size - 1  # the spacer before: DOWN = this option's last
        if k:
            nd[1, start - 1] = start - 1 - (ptr[k] - ptr[k - 1])  # UP = the one before's first
        if k == n_opt - 1:
            nd[1, start + size] = start  # the last spacer: UP = the last option's first
    for i in range(1, n + 1):
        ring = rings[i]
        for t, node in enumerate(ring):
            nd[2, node] = ring[(t + 1) % len(ring)]
            nd[1, node] = ring[t - 1]
        nd[0, i] = len(ring) - 1
    nd[3, 0] = 1 if any(colors) else 0
    nd[1, 0] = n1  # NPRIMARY
    it = xp.zeros(2 * (n + 2), dtype=xp.uint32)
    for ring in ([0, *range(1, n1 + 1)], [n + 1, *range(n1 + 1, n + 1)]):
        for t, i in enumerate(ring):
            it[2 * i + 1] = ring[(t + 1) % len(ring)]
            it[2 * i] = ring[t - 1]
    kern = plain.load("dlx._kernel")
    x = xp.zeros(max(n1, 1) + 1, dtype=xp.uint32)
    st = xp.array([kern.S_X2, 0, 0, n, 0, kern.B_MRV], dtype=xp.int64)
    return nd, it, x, st


def count(problem, limit: int | None, max_nodes: int | None,
          timeout: float | None) -> CountResult | None:
    """`dlx.Problem.count` of an unbounded problem without forced options, begun
    interpreted; None when it should go compiled from the start (``$DLX_PLAIN`` is
    ``never``, the budget is spent, or the problem is large)."""
    if (problem.n_nodes > MAX_NODES or plain.mode() == "never"
            or not plain.budget_left()):
        return None
    limit = validate.budget("limit", limit)  # (as `dlx.search.Search` checks them)
    max_nodes = validate.budget("max_nodes", max_nodes)
    timeout = validate.seconds("timeout", timeout)
    xp = plain.np
    kern = plain.load("dlx._kernel")
    nd, it, x, st = links(problem)
    stats = xp.zeros(4, dtype=xp.int64)
    params = xp.zeros(5, dtype=xp.int64)
    sols = xp.zeros((1, len(x)), dtype=xp.uint32)  # (nothing is stored: CAP is 0)
    lock = xp.zeros(1, dtype=xp.int64)[:0]
    kern.force(nd, it, x, st, xp.zeros(1, dtype=xp.uint32)[:0])
    params[kern.LIMIT] = limit or 0
    step, elapsed, status = FIRST_SLICE, 0.0, None
    try:
        while status is None:
            budget = step
            if max_nodes is not None:
                left = max_nodes - stats[kern.NODES]
                if left <= 0:
                    status = "nodes"
                    break
                budget = min(budget, left)
            params[kern.BUDGET] = budget
            t0, cpu = time.perf_counter(), time.thread_time()
            code = kern.search(nd, it, x, st, params, stats, sols, lock)
            dt = time.perf_counter() - t0
            elapsed += dt
            if code == kern.R_DONE:
                status = "complete"
            elif code == kern.R_LIMIT:
                status = "limit"
            elif code == kern.R_OVERFLOW:
                status = "overflow"
            elif timeout is not None and elapsed >= timeout:
                status = "timeout"
            elif not plain.spend(time.thread_time() - cpu):
                return _compiled(problem, limit, max_nodes, timeout,
                                 (nd, it, x, st, stats), elapsed)
            else:
                step = int(min(step * 4, max(FIRST_SLICE // 10,
                                             step * SLICE_SECONDS / max(dt, 1e-6))))
    except KeyboardInterrupt:
        status = "interrupted"
    s = Stats(int(stats[kern.NODES]), int(stats[kern.UPDATES]), int(stats[kern.COUNT]),
              elapsed, status)
    return CountResult(s.solutions, status, s)


def _compiled(problem, limit, max_nodes, timeout, arrays, elapsed) -> CountResult:
    """The count going on compiled from the interpreted search's state."""
    search = problem._search_once(limit=limit, max_nodes=max_nodes, timeout=timeout)
    search._adopt(*map(plain.as_numpy, arrays), elapsed)
    got: CountResult = search.count()
    return got
