"""Which kernel searches which puzzles: the bit kernel where masks fit, else DLX.

Two kernels search the same exact cover (`sudoku.encode`'s items and options):

* the bit kernel: each item's remaining options kept as a bitmask: for
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

Importing this module does not import numba; the kernels load on first use.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

import numpy as np

from dlx import validate
from dlx.batch import STATUSES

from .encode import shape_key
from .grid import Puzzle, houses

__all__ = ["KERNELS", "ENV", "BitLayout", "GridArrays", "kernel_name", "layout_for",
           "solve_grids", "search_alone"]

KERNELS = ("auto", "bits", "dlx")
ENV = "SUDOKU_KERNEL"
MAX_SIZE = 31  # the bit kernels' digits fit a word, their stacks stay a few MB
AUTO_SIZE = 8  # "auto": the plane kernel up to this size (docs/performance.md)
ITEMS_FROM = 16  # grids larger than this have the item kernel, under "auto" too
SLICE_SECONDS = 0.05  # a lone search checks its clock and Ctrl-C this often
# band kernel -> (state words, guess array words), as its batch function makes them
# (numba is not imported here to read them from the kernels' modules: a test checks)
BAND_ARRAYS = {9: (40, 82 + 135 + 27), 16: (72, 257 + 256 + 128 + 64)}
_LAYOUTS = 32
_layouts: dict = {}

_SIG9 = ("int64(uint8[::1], int64[::1], int64[:, ::1], int64[::1], int64[::1], "
         "uint8[:, ::1], int64, int64)")
_BATCH9 = ("int64(uint8[:, ::1], int64, int64, int64[::1], int64[::1], int64[::1], "
           "uint8[:, :, ::1])")
_GEO = ", ".join(["int64[::1]"] * 9)
_SIGP = (f"int64({_GEO}, uint8[::1], int64[::1], int64[:, ::1], int64[::1], int64[::1], "
         "int64[::1], uint8[:, ::1], int64, int64)")
_BATCHP = (f"int64({_GEO}, uint8[:, ::1], int64, int64, int64[::1], int64[::1], "
           "int64[::1], uint8[:, :, ::1])")
_GEOI = ", ".join(["int64[::1]"] * 7)
_SIGI = (f"int64({_GEOI}, uint8[::1], int64[::1], int64[::1], int64[:, ::1], int64[::1], "
         "int64[::1], uint8[:, ::1], int64, int64)")
_BATCHI = (f"int64({_GEOI}, uint8[:, ::1], int64, int64, int64[::1], int64[::1], "
           "int64[::1], uint8[:, :, ::1])")
SIGNATURES = {"search9": _SIG9, "batch9": _BATCH9, "search16": _SIG9, "batch16": _BATCH9,
              "search_planes": _SIGP, "batch_planes": _BATCHP,
              "search_items": _SIGI, "batch_items": _BATCHI}
_MODULES = {"9": "sudoku._bitkernel", "16": "sudoku._bitkernel16",
            "_planes": "sudoku._planekernel", "_items": "sudoku._itemkernel"}


def _kernel(name: str):
    from dlx import jit  # before the kernels' module: numba needs a writable cache

    module = next(m for suffix, m in _MODULES.items() if name.endswith(suffix))
    return jit.compiled(module, name, SIGNATURES[name])


def kernel_name(kernel: str | None = None) -> str:
    """``kernel`` if given, else ``$SUDOKU_KERNEL``, else ``"auto"``, checked."""
    name = kernel or os.environ.get(ENV) or "auto"
    if name not in KERNELS:
        raise ValueError(f"kernel must be one of {', '.join(KERNELS)}, not {name!r}"
                         + ("" if kernel else f" (from ${ENV})"))
    return name


@dataclass(frozen=True)
class BitLayout:
    """What the bit kernel needs of one shape and variant: ``band`` 9 or 16 for
    standard 9x9 or 16x16 (the band kernels), else 0 and either ``planes``, the
    plane kernel's shape arrays, or ``items``, the item kernel's (grids larger
    than 16 x 16)."""

    n: int
    band: int
    planes: tuple = ()
    items: tuple = ()

    @property
    def cells(self) -> int:
        return self.n * self.n


def _band(puzzle: Puzzle) -> int:
    """9 or 16 for a grid a band kernel searches (standard, square boxes), else 0."""
    if puzzle.variant != "standard" or puzzle.regions is not None:
        return 0
    if puzzle.size in (9, 16) and puzzle.box_rows ** 2 == puzzle.size:
        return puzzle.size
    return 0


def layout_for(puzzle: Puzzle, kernel: str | None = None) -> BitLayout | None:
    """The bit kernel's layout for ``puzzle``'s shape, or None when DLX is to search it
    (see the module docstring for the choice)."""
    name = kernel_name(kernel)
    if (name == "dlx" or puzzle.size > MAX_SIZE or puzzle.candidates is not None
            or (name == "auto" and not _band(puzzle) and AUTO_SIZE < puzzle.size
                <= ITEMS_FROM)):
        return None  # (a pencil-mark puzzle's candidates are applied by DLX's encoding)
    key = shape_key(puzzle)
    lay = _layouts.pop(key, None)
    if lay is None:
        n = puzzle.size
        band = _band(puzzle)
        hs = [cells for _, cells in houses(puzzle)]
        lay = (BitLayout(n, band) if band else
               BitLayout(n, 0, items=_items(n, hs)) if n > ITEMS_FROM else
               BitLayout(n, 0, planes=_planes(n, hs)))
        if len(_layouts) >= _LAYOUTS:
            del _layouts[next(iter(_layouts))]
    _layouts[key] = lay
    return lay


def _items(n: int, hs: list) -> tuple:
    """The item kernel's shape arrays, as `sudoku._itemkernel.search_items` takes them:
    ``dims``, each cell's houses and its position in each, each house's cells, each
    cell's peers.  Every house has n cells (rows, columns, boxes, regions,
    diagonals, windows)."""
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


def _words(values) -> np.ndarray:
    """64-bit masks (Python ints) as the kernel's int64 words (bit 63 the sign)."""
    return np.array(values, dtype=np.uint64).view(np.int64)


def _planes(n: int, hs: list) -> tuple:
    """The plane kernel's shape arrays, as `sudoku._planekernel.search_planes` takes them.

    Rows per word: as many as fit 64 bits (16x16: four, so its boxes sit in one
    word); 63 under ``NUMBA_DISABLE_JIT``, where the kernel runs as plain Python
    on numpy's int64 scalars, which would overflow on bit 63.
    """
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


@dataclass
class GridArrays:
    """What `solve_grids` returns: as `dlx.batch.BatchArrays`, but ``solutions``
    are solved grids, ``uint8`` of shape ``(puzzles, store, cells)``."""

    counts: np.ndarray
    nodes: np.ndarray
    codes: np.ndarray
    solutions: np.ndarray


def solve_grids(layout: BitLayout, grids: np.ndarray, *, limit=1, store=1,
                max_nodes=None) -> GridArrays:
    """Search every puzzle of ``grids`` (uint8, one row of ``cells`` values per puzzle,
    0 blank) with the bit kernel, on the calling thread (the GIL is released).

    ``limit``: stop a puzzle at this many solutions (0: count them all);
    ``store``: solutions kept per puzzle; ``max_nodes``: guesses per puzzle
    before its code is ``NODES``.  Codes index `dlx.batch.STATUSES`.
    """
    limit = validate.budget("limit", limit, least=0, optional=False)
    store = validate.budget("store", store, least=0, optional=False)
    max_nodes = validate.budget("max_nodes", max_nodes) or np.iinfo(np.int64).max
    if limit:
        store = min(store, limit)
    grids = np.require(grids, np.uint8, ["C", "W"])  # the kernels take writable arrays
    k = grids.shape[0]
    counts = np.zeros(k, dtype=np.int64)
    nodes = np.zeros(k, dtype=np.int64)
    codes = np.zeros(k, dtype=np.int64)
    sols = np.zeros((k, store, layout.cells), dtype=np.uint8)
    if layout.band:
        _kernel(f"batch{layout.band}")(grids, limit, max_nodes, counts, nodes, codes, sols)
    elif layout.items:
        _kernel("batch_items")(*layout.items, grids, limit, max_nodes, counts, nodes, codes,
                               sols)
    else:
        _kernel("batch_planes")(*layout.planes, grids, limit, max_nodes, counts, nodes, codes,
                                sols)
    return GridArrays(counts, nodes, codes.astype(np.uint8), sols)


@dataclass
class AloneResult:
    """What `search_alone` returns."""

    count: int
    status: str
    nodes: int
    solutions: list
    seconds: float


def search_alone(layout: BitLayout, grid, *, limit=0, store=0, timeout=None,
                 max_nodes=None) -> AloneResult:
    """One puzzle, searched in slices so that ``timeout`` and Ctrl-C are honoured.

    Status as `dlx.SearchStats`: ``"complete"``, ``"limit"``, ``"nodes"``,
    ``"timeout"``, ``"interrupted"`` (Ctrl-C during the search: the counts so
    far are kept and no exception is raised) or ``"clash"``.
    """
    t0 = time.perf_counter()
    cells = layout.cells
    grid = np.array(grid, dtype=np.uint8, order="C").reshape(cells)  # the kernel's own copy
    if limit:
        store = min(store, limit)
    sols = np.zeros((store, cells), dtype=np.uint8)
    ctx = np.array([0, -1, 0, 0], dtype=np.int64)
    budget = max_nodes if max_nodes is not None else np.iinfo(np.int64).max
    if layout.band:
        words, guesses = BAND_ARRAYS[layout.band]
        st = np.zeros(words, dtype=np.int64)
        stack = np.zeros((cells + 1, words), dtype=np.int64)
        guess = np.zeros(guesses, dtype=np.int64)
        kern = _kernel(f"search{layout.band}")

        def run(upto):
            return kern(grid, st, stack, guess, ctx, sols, limit, upto)
    elif layout.items:
        geo = layout.items
        state, trail_len, row, work_len = (int(v) for v in geo[0][8:12])
        st = np.zeros(state, dtype=np.int64)
        trail = np.zeros(trail_len, dtype=np.int64)
        stack = np.zeros((cells + 1, row), dtype=np.int64)
        work = np.zeros(work_len, dtype=np.int64)
        kern = _kernel("search_items")

        def run(upto):
            return kern(*geo, grid, st, trail, stack, work, ctx, sols, limit, upto)
    else:
        geo = layout.planes
        nw = int(geo[0][1])
        st = np.zeros((layout.n + 1) * nw, dtype=np.int64)
        stack = np.empty((cells + 1, st.size), dtype=np.int64)  # rows written before read
        guess = np.zeros(cells + 1, dtype=np.int64)
        work = np.zeros(int(geo[0][5]), dtype=np.int64)
        kern = _kernel("search_planes")

        def run(upto):
            return kern(*geo, grid, st, stack, guess, work, ctx, sols, limit, upto)
    step = 1000
    status = None
    try:
        while status is None:
            t = time.perf_counter()
            upto = min(budget, int(ctx[3]) + step)
            code = STATUSES[run(upto)]
            if code != "nodes" or upto >= budget:
                status = code
            elif timeout is not None and time.perf_counter() - t0 >= timeout:
                status = "timeout"
            else:
                spent = time.perf_counter() - t
                step = int(min(step * 4, max(100, step * SLICE_SECONDS / max(spent, 1e-6))))
    except KeyboardInterrupt:
        status = "interrupted"
    count = int(ctx[2])
    raw = sols[:min(count, store)].tobytes()
    found = [tuple(raw[k:k + cells]) for k in range(0, len(raw), cells)]
    return AloneResult(count, status, int(ctx[3]), found, time.perf_counter() - t0)
