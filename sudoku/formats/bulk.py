"""Puzzles as arrays: runs of one-line puzzles read, checked and written in bulk.

Files of one puzzle per line are what datasets and benchmarks are made of.
Read line by line in Python, such a file costs more per puzzle than solving an
easy 9x9 puzzle, so the reader hands each run of plain one-line puzzles (one
field of ``n*n`` symbols, nothing else on the line) over as a `PuzzleBlock`:
one ``uint8`` array of values, a row per puzzle, with each puzzle's line
number.  `sudoku.read_blocks` yields them; `sudoku.read_puzzles` turns them
into `Puzzle` objects; `sudoku.solve_all` solves them without making any.

Only lines the reader's rules read as standard one-line puzzles of a size from
6x6 to 16x16 with a box shape are taken in bulk (not 4x4 or 5x5, whose lines
may be rows of a compact 16x16 or 25x25 grid); every other line goes the long
way, and what comes out is the same either way: the same puzzles, and the same
errors, with the same lines and columns.

Importing this module imports numpy, not numba.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import compress
from typing import NamedTuple

import numpy as np

from ..grid import Puzzle
from .lines import _BYTE_VALUES, _QUICK_SIZES
from .write import _SYMBOL_TABLE

__all__ = ["PuzzleBlock", "clashing_rows", "format_block"]

BULK_MAX = 16  # the largest size read in bulk: its symbols cannot spell "grid"


# Line lengths read in bulk, with their size: the reader's one-line fast path's, up to
# BULK_MAX (it has no 4x4, 5x5 or 64-symbol line: see `sudoku.formats.lines`).
BULK_SIZES = {length: n for length, (n, _) in _QUICK_SIZES.items() if n <= BULK_MAX}
_LONGEST = max(BULK_SIZES) + 1
_SIZE_OF_LENGTH = np.zeros(_LONGEST + 1, dtype=np.int64)  # length -> n, or 0
for _length, _n in BULK_SIZES.items():
    _SIZE_OF_LENGTH[_length] = _n
# Each byte's value as a symbol, 255 if none, and each value's symbol: the tables the
# line-at-a-time reader and writer translate with.
_VALUES = np.frombuffer(_BYTE_VALUES, dtype=np.uint8)
_SYMBOL_BYTES = np.frombuffer(_SYMBOL_TABLE, dtype=np.uint8)
_BIT = np.zeros(256, dtype=np.uint32)  # value v > 0 -> 1 << (v - 1); sums of 16 fit
_BIT[1:BULK_MAX + 1] = 1 << np.arange(BULK_MAX, dtype=np.uint32)


class Run(NamedTuple):
    """Lines ``start:stop`` of a list of lines are one-line ``n x n`` puzzles."""

    start: int
    stop: int
    n: int
    values: np.ndarray  # uint8 (stop - start, n * n)


def bulk_runs(pieces: list[bytes]) -> list[Run]:
    """The runs of plain one-line puzzles among consecutive lines (without their ends).

    A numpy pass over the lines that have a bulk length: their bytes in one
    array, turned into values by a table; a line with a byte that is not a
    symbol of its size is left out (the long way reports it).
    """
    count = len(pieces)
    lengths = np.fromiter(map(len, pieces), dtype=np.int64, count=count)
    sizes = _SIZE_OF_LENGTH[np.minimum(lengths, _LONGEST)]
    found = np.zeros(count, dtype=np.int64)  # each line's size if it is taken in bulk
    values_of: dict[int, np.ndarray] = {}
    for n in np.unique(sizes[sizes > 0]).tolist():
        chosen = sizes == n
        raw = np.frombuffer(b"".join(compress(pieces, chosen.tolist())), dtype=np.uint8)
        values = _VALUES[raw].reshape(-1, n * n)
        good = (values <= n).all(axis=1)
        found[np.flatnonzero(chosen)[good]] = n
        values_of[n] = values[good]
    if not values_of:
        return []
    # Runs: maximal stretches of lines of one bulk size.
    edges = np.flatnonzero(np.diff(found, prepend=0, append=0)).tolist()
    runs = []
    used = dict.fromkeys(values_of, 0)
    for start, stop in zip(edges, edges[1:], strict=False):
        n = int(found[start])
        if n == 0:
            continue
        k = stop - start
        runs.append(Run(start, stop, n, values_of[n][used[n]:used[n] + k]))
        used[n] += k
    return runs


def clashing_rows(values: np.ndarray, box: tuple[int, int]) -> np.ndarray:
    """Indices of the rows (puzzles) of ``values`` whose givens clash in a row, column or box.

    A value given twice in a house shows as a sum of the house's ``1 << (value - 1)``
    bits that differs from their bitwise or.  Summed cell by cell across the
    whole array (n operations on k x n numbers per kind of house), which numpy
    does far faster than n*k short reductions.
    """
    k = values.shape[0]
    r, c = box
    n = r * c
    bits = _BIT[values].reshape(k, n, n)
    boxes = bits.reshape(k, n // r, r, n // c, c).transpose(0, 1, 3, 2, 4).reshape(k, n, n)
    bad = np.zeros(k, dtype=bool)
    for houses in (bits, bits.transpose(0, 2, 1), boxes):  # [puzzle, house, place]
        total = houses[:, :, 0].copy()
        union = total.copy()
        for j in range(1, n):
            total += houses[:, :, j]
            union |= houses[:, :, j]
        bad |= (total != union).any(axis=1)
    return np.flatnonzero(bad)


@dataclass(frozen=True, eq=False)
class PuzzleBlock:
    """Consecutive standard one-line puzzles of one shape, read in bulk.

    Attributes
    ----------
    values : numpy.ndarray
        ``uint8``, one row of ``n*n`` values per puzzle, row by row (0 blank).
    lines : numpy.ndarray
        ``int64``, each puzzle's line number in its source.
    box_rows, box_cols : int
        The box shape, as for `Puzzle`.
    source : str
        The file the puzzles come from, as in `Puzzle.source`.

    ``len(block)`` is the number of puzzles; ``block[i]`` and iteration give
    them as `Puzzle` objects (the same the reader would give one by one).
    """

    values: np.ndarray
    lines: np.ndarray
    box_rows: int
    box_cols: int
    source: str

    @property
    def size(self) -> int:
        """``n`` of the ``n x n`` grids."""
        return self.box_rows * self.box_cols

    def __len__(self) -> int:
        return len(self.lines)

    def __getitem__(self, i: int) -> Puzzle:
        return Puzzle._standard(self.box_rows, self.box_cols, self.values[i].tobytes(),
                                self.source, int(self.lines[i]), None)

    def __iter__(self) -> Iterator[Puzzle]:
        cells = self.values.shape[1]
        packed = self.values.tobytes()
        make = Puzzle._standard
        r, c, source = self.box_rows, self.box_cols, self.source
        for i, line in enumerate(self.lines.tolist()):
            yield make(r, c, packed[i * cells:(i + 1) * cells], source, line, None)

    def __repr__(self) -> str:
        n = self.size
        first = int(self.lines[0]) if len(self) else None
        return (f"<PuzzleBlock of {len(self)} {n}x{n} puzzles, box {self.box_rows}x"
                f"{self.box_cols}, source={self.source!r}, line={first}>")

    def slice(self, start: int, stop: int) -> PuzzleBlock:
        """Puzzles ``start:stop`` of the block, as a block (sharing its arrays)."""
        return PuzzleBlock(self.values[start:stop], self.lines[start:stop], self.box_rows,
                           self.box_cols, self.source)


def format_block(values: np.ndarray) -> list[str]:
    """Grids (rows of ``n*n`` values, ``n`` <= 35) as one-line texts, as `format_line`
    writes them: one table lookup for the whole array."""
    k, cells = values.shape
    if k == 0:
        return []
    text = np.empty((k, cells + 1), dtype=np.uint8)
    text[:, :cells] = _SYMBOL_BYTES[values]
    text[:, cells] = ord("\n")
    return text.tobytes().decode("ascii").split("\n")[:-1]
