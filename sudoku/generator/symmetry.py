"""Clue symmetries: the cells of a grid grouped in orbits that gain or lose clues together.

Symmetries (`SYMMETRIES`): ``none``; ``rotate180`` (cell (r, c) with
(n-1-r, n-1-c)); ``rotate90`` (the four quarter turns); ``mirror`` (left-right:
(r, c) with (r, n-1-c)); ``diagonal`` (reflection in the main diagonal: (r, c)
with (c, r)).  They constrain where clues are, not the solution.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..errors import PuzzleError

__all__ = ["SYMMETRIES", "orbit_arrays", "orbits"]

SYMMETRIES = ("none", "rotate180", "rotate90", "mirror", "diagonal")
"""Clue symmetries (see the module docstring for the maps)."""


@lru_cache(maxsize=32)
def orbit_arrays(n: int, symmetry: str) -> tuple:
    return tuple(np.asarray(g, dtype=np.int64) for g in orbits(n, symmetry))


def orbits(n: int, symmetry: str = "none") -> list[tuple[int, ...]]:
    """The cells of an ``n x n`` grid grouped by a symmetry; clues come and go by orbit.

    Returns
    -------
    list of tuple of int
        Each orbit's cells in increasing order; orbits ordered by their first cell.

    Raises
    ------
    PuzzleError
        Unknown symmetry.

    Notes
    -----
    Cost: O(n^2).

    Examples
    --------
    >>> orbits(4, "rotate180")[:2]
    [(0, 15), (1, 14)]
    >>> len(orbits(9, "rotate90")), orbits(9, "rotate90")[-1]
    (21, (40,))
    """
    if symmetry not in SYMMETRIES:
        raise PuzzleError(f"unknown symmetry {symmetry!r}; the symmetries are "
                          f"{', '.join(SYMMETRIES)}")
    m = n - 1
    maps = {
        "none": [],
        "rotate180": [lambda r, c: (m - r, m - c)],
        "rotate90": [lambda r, c: (c, m - r), lambda r, c: (m - r, m - c),
                     lambda r, c: (m - c, r)],
        "mirror": [lambda r, c: (r, m - c)],
        "diagonal": [lambda r, c: (c, r)],
    }[symmetry]
    seen = [False] * (n * n)
    found = []
    for i in range(n * n):
        if seen[i]:
            continue
        r, c = divmod(i, n)
        group = {i} | {a * n + b for a, b in (f(r, c) for f in maps)}
        for j in group:
            seen[j] = True
        found.append(tuple(sorted(group)))
    return found


