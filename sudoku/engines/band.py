"""The band kernels' engine: standard grids whose digit planes fit a word per band
(`sudoku._bitkernel` for 9x9, `sudoku._bitkernel16` for 16x16).

A band kernel needs no shape arrays: its shape is compiled in.  Its lone
search's state and guess arrays have the sizes its module defines as
``STATE`` and ``GUESS_WORDS``, read from the module when it is loaded.
"""

from __future__ import annotations

from typing import Any

from ..grid import Puzzle
from .base import BitEngine, kernel_module

__all__ = ["BandEngine", "band_arrays"]

_SEARCH = ("int64(uint8[::1], int64[::1], int64[:, ::1], int64[::1], int64[::1], "
           "uint8[:, ::1], int64, int64)")
_BATCH = ("int64(uint8[:, ::1], int64, int64, int64[::1], int64[::1], int64[::1], "
          "uint8[:, :, ::1])")


def band_arrays(module: str, interpreted: bool = False) -> tuple[int, int]:
    """(state words, guess array words) of a band kernel's lone search, as its module
    ``module`` makes them for its batch function (read from its interpreted copy with
    ``interpreted``)."""
    mod = kernel_module(module, interpreted)
    return int(mod.STATE), int(mod.GUESS_WORDS)


class BandEngine(BitEngine):
    """A band kernel: ``band`` is the grid's size."""

    SIGNATURES = (_SEARCH, _BATCH)

    def __init__(self, row, puzzle: Puzzle):
        super().__init__(row, puzzle)
        self.band = puzzle.size
        self._sizes: tuple[int, int] | None = None

    @property
    def arrays(self) -> tuple[int, int]:
        """`band_arrays` of the row's kernel."""
        if self._sizes is None:
            self._sizes = band_arrays(self.row.kernel, self.interpreted)
        return self._sizes

    def work(self, xp: Any = None) -> tuple:
        if xp is None:
            import numpy as xp
        words, guesses = self.arrays
        return (xp.zeros(words, dtype=xp.int64),
                xp.zeros((self.cells + 1, words), dtype=xp.int64),
                xp.zeros(guesses, dtype=xp.int64))
