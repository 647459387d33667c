"""The plane kernel's engine: grids of up to 16 x 16 other than the band kernels'
(variants and jigsaws included), `sudoku._planekernel`.

Its shape arrays are made here, once per shape and variant (`_planes`).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from ..grid import Puzzle, houses
from .base import BitEngine

if TYPE_CHECKING:
    import numpy as np

__all__ = ["PlaneEngine"]

_GEO = ", ".join(["int64[::1]"] * 9)
_SEARCH = (f"int64({_GEO}, uint8[::1], int64[::1], int64[:, ::1], int64[::1], int64[::1], "
           "int64[::1], uint8[:, ::1], int64, int64)")
_BATCH = (f"int64({_GEO}, uint8[:, ::1], int64, int64, int64[::1], int64[::1], "
          "int64[::1], uint8[:, :, ::1])")


class PlaneEngine(BitEngine):
    """The plane kernel: ``planes`` are its shape arrays for the puzzle's shape."""

    SIGNATURES = (_SEARCH, _BATCH)

    def __init__(self, row, puzzle: Puzzle):
        super().__init__(row, puzzle)
        self.planes = self.geometry = _planes(self.n, [cells for _, cells in houses(puzzle)])

    def work(self, xp: Any = None) -> tuple:
        import numpy as np  # (never run interpreted: its shape arrays are numpy's)

        dims = self.planes[0]
        nw = int(dims[1])
        st = np.zeros((self.n + 1) * nw, dtype=np.int64)
        return (st, np.empty((self.cells + 1, st.size), dtype=np.int64),  # rows written first
                np.zeros(self.cells + 1, dtype=np.int64), np.zeros(int(dims[5]), dtype=np.int64))


def _words(values) -> np.ndarray:
    """64-bit masks (Python ints) as the kernel's int64 words (bit 63 the sign)."""
    import numpy as np

    return np.array(values, dtype=np.uint64).view(np.int64)


def _planes(n: int, hs: list) -> tuple:
    """The plane kernel's shape arrays, as `sudoku._planekernel.search_planes` takes them.

    Rows per word: as many as fit 64 bits (16x16: four, so its boxes sit in one
    word); 63 under ``NUMBA_DISABLE_JIT``, where the kernel runs as plain Python
    on numpy's int64 scalars, which would overflow on bit 63.
    """
    import numpy as np

    rw = (63 if os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0") else 64) // n
    nw = -(-n // rw)
    slot = [(r // rw) * 64 + (r % rw) * n + c for r in range(n) for c in range(n)]
    peer = [0] * (nw * 64 * nw)
    for cells in hs:
        for a in cells:
            for b in cells:
                if a != b:
                    peer[slot[a] * nw + (slot[b] >> 6)] |= 1 << (slot[b] & 63)
    hptr = [0]
    hword: list[int] = []
    hmask: list[int] = []
    member: list[list[int]] = [[] for _ in range(nw * 64)]
    for h, cells in enumerate(hs[2 * n:]):  # after the rows and columns (sudoku.grid.houses)
        seg: dict[int, int] = {}
        for c in cells:
            seg[slot[c] >> 6] = seg.get(slot[c] >> 6, 0) | 1 << (slot[c] & 63)
            member[slot[c]].append(h)
        hword += seg
        hmask += seg.values()
        hptr.append(len(hword))
    allw = [0] * nw
    for s in slot:
        allw[s >> 6] |= 1 << (s & 63)
    colrep = [sum(1 << (r * n) for r in range(min(rw, n - w * rw))) for w in range(nw)]
    cptr = np.cumsum([0] + [len(m) for m in member], dtype=np.int64)
    chouse = np.array([h for m in member for h in m], dtype=np.int64)
    foff = 1 + nw
    qoff = foff + nw * 64 + (2 * n + len(hptr) - 1) * n
    dims = np.array([n, nw, rw, foff, qoff, qoff + n * n + 1], dtype=np.int64)
    return (dims, _words(peer), np.array(hptr, dtype=np.int64),
            np.array(hword, dtype=np.int64), _words(hmask), _words(allw), _words(colrep),
            cptr, chouse)
