"""The item kernel's engine: grids from 17 x 17 to 31 x 31, any variant, a word per
exact-cover item with changes undone from a trail (`sudoku._itemkernel`).

Its shape arrays are made here, once per shape and variant (`_items`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..grid import Puzzle, houses
from .base import BitEngine

if TYPE_CHECKING:
    pass

__all__ = ["ItemEngine"]

_GEO = ", ".join(["int64[::1]"] * 7)
_SEARCH = (f"int64({_GEO}, uint8[::1], int64[::1], int64[::1], int64[:, ::1], int64[::1], "
           "int64[::1], uint8[:, ::1], int64, int64)")
_BATCH = (f"int64({_GEO}, uint8[:, ::1], int64, int64, int64[::1], int64[::1], "
          "int64[::1], uint8[:, :, ::1])")


class ItemEngine(BitEngine):
    """The item kernel: ``items`` are its shape arrays for the puzzle's shape."""

    SIGNATURES = (_SEARCH, _BATCH)

    def __init__(self, row, puzzle: Puzzle):
        super().__init__(row, puzzle)
        self.items = self.geometry = _items(self.n, [cells for _, cells in houses(puzzle)])

    def work(self, xp: Any = None) -> tuple:
        import numpy as np  # (never run interpreted: its shape arrays are numpy's)

        state, trail, row, work = (int(v) for v in self.items[0][8:12])
        return (np.zeros(state, dtype=np.int64), np.zeros(trail, dtype=np.int64),
                np.zeros((self.cells + 1, row), dtype=np.int64), np.zeros(work, dtype=np.int64))


def _items(n: int, hs: list) -> tuple:
    """The item kernel's shape arrays, as `sudoku._itemkernel.search_items` takes them:
    ``dims``, each cell's houses and its position in each, each house's cells, each
    cell's peers.  Every house has n cells (rows, columns, boxes, regions,
    diagonals, windows)."""
    import numpy as np

    cells = n * n
    of: list[list[tuple[int, int]]] = [[] for _ in range(cells)]
    for h, hc in enumerate(hs):
        for pos, c in enumerate(hc):
            of[c].append((h, pos))
    peers = [sorted({q for h, _ in of[c] for q in hs[h]} - {c}) for c in range(cells)]
    items = cells + len(hs) * n
    pwords = -(-items // 32)
    fails = 3 + cells  # after the trail length, cells placed, queue length and digits
    queue = fails + items
    drops = queue + 2 * items
    # (the slots of sudoku._itemkernel's dims; a stack row is 5 words, then the bitsets)
    dims = [n, cells, items, items, pwords, fails, queue, drops,
            items + 2 * pwords, items * (n + 1), 5 + 2 * pwords, drops + cells + n]

    def ints(values):
        return np.array(values, dtype=np.int64)

    return (ints(dims), ints(np.cumsum([0] + [len(x) for x in of])),
            ints([h for x in of for h, _ in x]), ints([pos for x in of for _, pos in x]),
            ints([c for hc in hs for c in hc]), ints(np.cumsum([0] + [len(x) for x in peers])),
            ints([q for x in peers for q in x]))
