"""The Sudoku search engines: one table of kernels, one way to call them.

Every engine searches the exact cover of `sudoku.encode` (the same items and
options) with one kernel, called alike (`sudoku.engines.base`):

* ``band9``, ``band16``: standard 9x9 and 16x16 grids, digit planes in bands
  of three or four rows, a word each (`sudoku._bitkernel`, `sudoku._bitkernel16`);
* ``planes``: other grids of up to 16 x 16, variants and jigsaws included,
  in planes of whole rows (`sudoku._planekernel`);
* ``items``: grids from 17 x 17 to 31 x 31, a word per item, changes undone
  from a trail (`sudoku._itemkernel`);
* ``dlx``: `dlx`'s Dancing Links kernel, the reference, for every grid.

Which one (``kernel=`` in `sudoku.solve_all` and in `sudoku.solve`, `check`
and `count`, else ``$SUDOKU_KERNEL``): `choose` takes the first row of
`ENGINES` that serves the puzzle's shape and variant, under ``"auto"`` (the
default) only a row whose ``auto`` also holds (DLX is about as fast or
faster for 9x9 to 16x16 grids other than the standard ones: see
docs/performance.md); ``"bits"``: the first bit kernel that serves it, DLX
beyond 31 x 31 and for pencil-mark candidates; ``"dlx"``: DLX everywhere.

Every engine gives the same counts and verdicts, and the same solution
whenever there is only one; for a puzzle with several, `solve` may return
another of them, and the node counts differ (a bit-kernel node is one guess).

A new kernel is its file plus a row here (and, for a new family with other
arrays than these, an engine class beside these).  Importing this package
does not import numba: an engine loads its kernel on first use.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ..encode import shape_key
from ..grid import Puzzle
from .band import BandEngine
from .base import AloneResult, BitEngine, Engine, GridArrays
from .dancing import DancingEngine
from .items import ItemEngine
from .planes import PlaneEngine

__all__ = ["AloneResult", "BitEngine", "ENGINES", "ENV", "Engine", "Every", "GridArrays",
           "KERNELS", "Row", "Sizes", "Standard", "choose", "kernel_name", "row_for"]

KERNELS = ("auto", "bits", "dlx")
ENV = "SUDOKU_KERNEL"
MAX_SIZE = 31  # the bit kernels' digits fit a word, their stacks stay a few MB
AUTO_SIZE = 8  # "auto": the plane kernel up to this size (docs/performance.md)
ITEMS_FROM = 16  # grids larger than this have the item kernel, under "auto" too
_CACHED = 32  # engines kept (their shape arrays, DLX's problem), the least recent dropped


class Row(NamedTuple):
    """One engine of the table: ``name``; its ``engine`` class; the ``kernel``'s
    module and its lone ``search`` and ``batch`` functions (bit kernels: loaded
    on first use); which puzzles it ``serves``, and of those which ``auto`` gives it;
    whether the kernel's file also runs ``interpreted`` (`dlx.plain`), for small jobs."""

    name: str
    engine: type[Engine]
    kernel: str
    search: str
    batch: str
    serves: Callable[[Puzzle], bool]
    auto: Callable[[Puzzle], bool]
    interpreted: bool = False


@dataclass(frozen=True)
class Standard:
    """Serves standard grids of ``rows`` x ``cols`` boxes (no variant, regions or
    candidates)."""

    rows: int
    cols: int

    def __call__(self, p: Puzzle) -> bool:
        return (p.box_rows == self.rows and p.box_cols == self.cols
                and p.variant == "standard" and p.regions is None and p.candidates is None)

    def __str__(self) -> str:
        return f"standard {self.rows * self.cols}x{self.rows * self.cols}"


@dataclass(frozen=True)
class Sizes:
    """Serves grids from ``least`` to ``most`` values a side, any variant, without
    pencil-mark candidates (which only DLX's encoding applies)."""

    least: int
    most: int

    def __call__(self, p: Puzzle) -> bool:
        return self.least <= p.size <= self.most and p.candidates is None

    def __str__(self) -> str:
        return f"{self.least}x{self.least} to {self.most}x{self.most}"


@dataclass(frozen=True)
class Every:
    """Serves every grid."""

    def __call__(self, p: Puzzle) -> bool:
        return True

    def __str__(self) -> str:
        return "every grid"


# In order: a puzzle gets the first row that serves it (and under "auto" whose auto holds).
ENGINES: tuple[Row, ...] = (
    Row("band9", BandEngine, "sudoku._bitkernel", "search9", "batch9", Standard(3, 3), Every(),
        interpreted=True),
    Row("band16", BandEngine, "sudoku._bitkernel16", "search16", "batch16", Standard(4, 4),
        Every()),
    Row("planes", PlaneEngine, "sudoku._planekernel", "search_planes", "batch_planes",
        Sizes(1, ITEMS_FROM), Sizes(1, AUTO_SIZE)),
    Row("items", ItemEngine, "sudoku._itemkernel", "search_items", "batch_items",
        Sizes(ITEMS_FROM + 1, MAX_SIZE), Every()),
    # (DLX's kernels are dlx's own, loaded by dlx)
    Row("dlx", DancingEngine, "dlx", "", "", Every(), Every()),
)
_DLX = ENGINES[-1]
_engines: dict = {}


def kernel_name(kernel: str | None = None) -> str:
    """``kernel`` if given, else ``$SUDOKU_KERNEL``, else ``"auto"``, checked."""
    name = kernel or os.environ.get(ENV) or "auto"
    if name not in KERNELS:
        raise ValueError(f"kernel must be one of {', '.join(KERNELS)}, not {name!r}"
                         + ("" if kernel else f" (from ${ENV})"))
    return name


def row_for(puzzle: Puzzle, kernel: str | None = None) -> Row:
    """The row of `ENGINES` that searches ``puzzle`` under ``kernel`` (see above)."""
    name = kernel_name(kernel)
    if name == "dlx":
        return _DLX
    auto = name == "auto"
    return next(r for r in ENGINES if r.serves(puzzle) and (not auto or r.auto(puzzle)))


def choose(puzzle: Puzzle, kernel: str | None = None) -> Engine:
    """The engine that searches ``puzzle``'s shape and variant under ``kernel``
    (``"auto"``, ``"bits"`` or ``"dlx"``; default ``$SUDOKU_KERNEL``, else
    ``"auto"``); made on first use of the shape, then kept (made in the calling
    thread: the cache is a dict).

    Raises
    ------
    ValueError
        An unknown ``kernel`` (or ``$SUDOKU_KERNEL``).
    """
    key = (kernel_name(kernel), shape_key(puzzle))
    engine = _engines.pop(key, None)
    if engine is None:
        row = row_for(puzzle, key[0])
        engine = row.engine(row, puzzle)
        if len(_engines) >= _CACHED:
            del _engines[next(iter(_engines))]
    _engines[key] = engine
    return engine
