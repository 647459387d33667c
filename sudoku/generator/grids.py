"""Random region maps (jigsaw) and random complete grids, drawn reproducibly by seed.

A complete grid is the empty puzzle's exact-cover problem searched with a seed
(`dlx.Problem.solve` with ``seed``), which shuffles the order of the options
and of ties between items, so the first solution found is a random grid drawn
by randomized search (not a fixed grid permuted).  A search that needs more
than `GRID_NODE_CAP` nodes is restarted with the next seed.
"""

from __future__ import annotations

import numpy as np

from dlx import SearchStopped

from ..encode import givens, grid_of, problem_for
from ..errors import PuzzleError
from ..grid import Puzzle, default_box

__all__ = ["GRID_NODE_CAP", "GRID_RESTARTS", "REGION_TRIES", "random_grid", "random_regions"]

GRID_NODE_CAP = 20_000
"""Search nodes allowed for one randomized search of a complete grid before a restart."""

GRID_RESTARTS = 20
"""Seeds tried for one complete grid (or one region map) before the attempt fails."""

REGION_TRIES = 20
"""Random region maps tried per attempt when none of them has a complete grid."""


def _connected(cells: list[int], n: int) -> bool:
    todo = set(cells)
    start = cells[0]
    stack = [start]
    todo.discard(start)
    while stack:
        i = stack.pop()
        r, c = divmod(i, n)
        for j in ((i - n) if r else -1, (i + n) if r < n - 1 else -1,
                  (i - 1) if c else -1, (i + 1) if c < n - 1 else -1):
            if j in todo:
                todo.discard(j)
                stack.append(j)
    return not todo


def random_regions(n: int, rng=None, *, swaps: int | None = None) -> tuple[int, ...]:
    """A random jigsaw region map: ``n`` connected regions of ``n`` cells each.

    Starts from the boxes of `~sudoku.grid.default_box` (rows when ``n``
    is prime) and applies random boundary exchanges: a cell of region A next
    to region B moves into B while a cell of B next to A moves into A,
    accepted when both regions stay connected.  Region ids are then renumbered
    in order of first appearance (cell r1c1 is in region 0).

    Parameters
    ----------
    n : int
        Grid size.
    rng : numpy.random.Generator or int, optional
        Source of randomness (an int is a seed).
    swaps : int, optional
        Exchanges attempted (default ``8 * n * n``).

    Notes
    -----
    Cost: O(swaps * n) in Python: a few ms for 9x9.  Not every map admits a
    complete grid; `generate` checks and draws another when needed.

    Examples
    --------
    >>> from sudoku.grid import check_regions
    >>> m = random_regions(6, 1)
    >>> check_regions(m, 6)
    >>> m[0]
    0
    """
    if not isinstance(rng, np.random.Generator):
        rng = np.random.default_rng(rng)
    try:
        br, bc = default_box(n)
        region = [(i // n // br) * (n // bc) + (i % n) // bc for i in range(n * n)]
    except PuzzleError:
        region = [i // n for i in range(n * n)]
    members: list[set[int]] = [set() for _ in range(n)]
    for i, r in enumerate(region):
        members[r].add(i)

    def neighbours(i):
        r, c = divmod(i, n)
        if r:
            yield i - n
        if r < n - 1:
            yield i + n
        if c:
            yield i - 1
        if c < n - 1:
            yield i + 1

    if n > 1:
        attempts = 8 * n * n if swaps is None else int(swaps)
        picks = rng.integers(0, 2**31, size=(attempts, 3))
        for a_pick, b_pick, c_pick in picks.tolist():
            a = a_pick % (n * n)
            ra = region[a]
            across = [j for j in neighbours(a) if region[j] != ra]
            if not across:
                continue
            rb = region[across[b_pick % len(across)]]
            # cells of B touching A (other than through a, which is leaving A)
            border = sorted(j for j in members[rb]
                            if any(region[k] == ra and k != a for k in neighbours(j)))
            if not border:
                continue
            b = border[c_pick % len(border)]
            region[a], region[b] = rb, ra
            members[ra].discard(a)
            members[rb].discard(b)
            members[ra].add(b)
            members[rb].add(a)
            if not (_connected(sorted(members[ra]), n) and _connected(sorted(members[rb]), n)):
                region[a], region[b] = ra, rb
                members[ra].discard(b)
                members[rb].discard(a)
                members[ra].add(a)
                members[rb].add(b)
    renumber: dict[int, int] = {}
    return tuple(renumber.setdefault(r, len(renumber)) for r in region)


def random_grid(template: Puzzle, rng=None, *, max_nodes: int = GRID_NODE_CAP,
                restarts: int = GRID_RESTARTS) -> tuple[int, ...] | None:
    """A random complete grid of ``template``'s shape and variant, by randomized search.

    The empty puzzle's exact-cover problem is searched with a seed drawn from
    ``rng`` (`dlx.Problem.solve` shuffles option order and item ties
    with it); a search longer than ``max_nodes`` restarts with the next seed.

    Parameters
    ----------
    template : Puzzle
        Shape, variant and region map (its givens are kept: the grid extends them).
    rng : numpy.random.Generator or int, optional
        Source of the search seeds (an int is a seed).

    Returns
    -------
    tuple of int or None
        The grid row by row, or None when no grid was found within
        ``restarts`` searches (for a jigsaw map, usually: there is none).

    Notes
    -----
    Cost: about 0.4 ms for 9x9 (half of it building the shuffled links), 3 ms
    for 16x16.

    Examples
    --------
    >>> from sudoku.checker import validate_solution
    >>> t = Puzzle(2, 3, [0] * 36)
    >>> g = random_grid(t, 7)
    >>> validate_solution(t, g)
    >>> g == random_grid(t, 7)
    True
    """
    if not isinstance(rng, np.random.Generator):
        rng = np.random.default_rng(rng)
    prob = problem_for(template)
    forced = givens(template)
    for _ in range(restarts):
        seed = int(rng.integers(0, 2**63 - 1))
        try:
            sol = prob.solve(seed=seed, max_nodes=max_nodes, forced=forced)
        except SearchStopped:
            continue
        if sol is None:
            return None
        return grid_of(template.size, sol)
    return None


