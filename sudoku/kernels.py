"""Which kernel searches which puzzles: the bit kernel where masks fit, else DLX.

Two kinds of kernel search the same exact cover (`sudoku.encode`'s items and
options):

* the bit kernels: each item's remaining options kept as a bitmask: for
  standard 9x9 and 16x16 grids in digit planes of bands of three or four
  rows, a word each (`sudoku._bitkernel`, `sudoku._bitkernel16`); for other
  grids of up to 16 x 16 (variants and jigsaws included) in planes of whole
  rows (`sudoku._planekernel`); for grids from 17 x 17 to 31 x 31 a word per
  item, changes undone from a trail (`sudoku._itemkernel`);
* `dlx`'s Dancing Links kernel, the reference.

The choice (``kernel=`` in `sudoku.solve_all` and in `sudoku.solve`, `check`
and `count`, else ``$SUDOKU_KERNEL``):

* ``"auto"`` (the default): the bit kernel for standard 9x9 and 16x16 grids,
  for grids of up to 8 x 8 and for grids above 16 x 16 (any variant), where
  it is faster, DLX for the rest (9x9 to 16x16 variants and other shapes are
  about as fast or faster with DLX: see docs/performance.md);
* ``"bits"``: the bit kernel wherever the masks fit, DLX beyond 31 x 31;
* ``"dlx"``: DLX everywhere.

Both give the same counts and verdicts, and the same solution whenever there
is only one; for a puzzle with several, `solve` may return another of them,
and the node counts differ (a bit-kernel node is one guess).

Each kernel sits behind an engine of `sudoku.engines`, whose table makes
the choice; this module gives the bit engines' view of it: `layout_for` is
the bit engine of a puzzle (its ``band``, ``planes`` or ``items`` say which
family), `solve_grids` and `search_alone` its batch and lone searches.

Importing this module does not import numba; the kernels load on first use.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .engines import ENGINES, ENV, KERNELS, AloneResult, BitEngine, GridArrays, choose, kernel_name
from .grid import Puzzle

__all__ = ["KERNELS", "ENV", "BitLayout", "GridArrays", "kernel_name", "layout_for",
           "solve_grids", "search_alone"]

BitLayout = BitEngine
"""What the bit kernel needs of one shape and variant: its engine, with ``n``,
``cells``, and ``band`` 9 or 16 for standard 9x9 or 16x16 (the band kernels), else
0 and either ``planes``, the plane kernel's shape arrays, or ``items``, the item
kernel's (grids larger than 16 x 16)."""


def layout_for(puzzle: Puzzle, kernel: str | None = None) -> BitEngine | None:
    """The bit kernel's engine for ``puzzle``'s shape, or None when DLX is to search it
    (see the module docstring for the choice)."""
    engine = choose(puzzle, kernel)
    return engine if isinstance(engine, BitEngine) else None


def solve_grids(layout: BitEngine, grids: np.ndarray, *, limit=1, store=1,
                max_nodes=None) -> GridArrays:
    """Search every puzzle of ``grids`` (uint8, one row of ``cells`` values per puzzle,
    0 blank) with the bit kernel, on the calling thread (the GIL is released).

    ``limit``: stop a puzzle at this many solutions (0: count them all);
    ``store``: solutions kept per puzzle; ``max_nodes``: guesses per puzzle
    before its code is ``NODES``.  Codes index `dlx.batch.STATUSES`.
    """
    return layout.batch(grids, limit=limit, store=store, max_nodes=max_nodes)


def search_alone(layout: BitEngine, grid, *, limit=0, store=0, timeout=None,
                 max_nodes=None) -> AloneResult:
    """One puzzle, searched in slices so that ``timeout`` and Ctrl-C are honoured.

    Status as `dlx.SearchStats`: ``"complete"``, ``"limit"``, ``"nodes"``,
    ``"timeout"``, ``"interrupted"`` (Ctrl-C during the search: the counts so
    far are kept and no exception is raised) or ``"clash"``.
    """
    return layout.alone(grid, limit=limit, store=store, timeout=timeout, max_nodes=max_nodes)


def __getattr__(name: str) -> Any:
    if name == "BAND_ARRAYS":  # read from the kernels' modules, which imports numba
        from .engines.band import BandEngine, band_arrays

        return {row.serves.rows * row.serves.cols: band_arrays(row.kernel)  # type: ignore[attr-defined]
                for row in ENGINES if row.engine is BandEngine}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
