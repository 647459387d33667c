"""How large a grid the package takes: the memory its exact-cover encoding needs.

`sudoku.grid.Puzzle` refuses a size above :data:`MAX_SIZE` with
`check_size`, before anything is built (the names are also in `sudoku.grid`).
"""

from __future__ import annotations

from .errors import GridTooLargeError

__all__ = ["MAX_ENCODING_BYTES", "MAX_SIZE", "check_size", "estimate_encoding"]

# ---------------------------------------------------------------------------
# Size limit.  The encoding has one option per (cell, value): n**3 options of
# 4 entries (cell, row, column, box) plus a spacer node each, so about 5 * n**3
# nodes at dlx.problem.BYTES_PER_NODE (32) bytes, plus the Python option lists
# the encoder builds first (about 120 bytes per option).  The tests check that
# the node size still matches the engine's.
# ---------------------------------------------------------------------------
MAX_ENCODING_BYTES = 4 * 2**30
"""Largest estimated memory (bytes) a grid's encoding may need; larger grids are refused."""

_ENGINE_BYTES_PER_NODE = 32
_NODES_PER_OPTION = 5
_PYTHON_BYTES_PER_OPTION = 120


def estimate_encoding(n: int) -> tuple[int, int]:
    """Estimated nodes and bytes of the exact-cover encoding of an ``n x n`` grid.

    Parameters
    ----------
    n : int
        Grid size.

    Returns
    -------
    (int, int)
        Number of nodes, and bytes of memory (engine nodes plus the encoder's
        option lists).  Variants add under 1% and are ignored.

    Notes
    -----
    Cost: O(1).

    Examples
    --------
    >>> estimate_encoding(9)
    (3971, 214552)
    """
    options = n ** 3
    nodes = _NODES_PER_OPTION * options + 4 * n * n + 2
    return nodes, nodes * _ENGINE_BYTES_PER_NODE + options * _PYTHON_BYTES_PER_OPTION


def _largest_size() -> int:
    n = 1
    while estimate_encoding(n + 1)[1] <= MAX_ENCODING_BYTES:
        n += 1
    return n


MAX_SIZE = _largest_size()
"""Largest grid size whose encoding fits :data:`MAX_ENCODING_BYTES`."""
# Every Puzzle keeps its values as bytes (``_packed``), which the solver's batch path and
# the clash check read; raising MAX_SIZE past 255 needs a wider type there.
assert MAX_SIZE < 256, "a Puzzle keeps its values as bytes"


def check_size(n: int, source: str | None = None, line: int | None = None) -> None:
    """Refuse a grid size whose encoding would not fit in memory.

    Raises
    ------
    GridTooLargeError
        With the estimated memory and the largest supported size.

    Notes
    -----
    Cost: O(1).

    Examples
    --------
    >>> check_size(9)
    >>> check_size(400)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudoku.errors.GridTooLargeError: a 400x400 grid needs about 16.7 GB to encode; ...
    """
    if n > MAX_SIZE:
        gigabytes = estimate_encoding(n)[1] / 2**30
        amount = f"{gigabytes:.1f}" if gigabytes < 1e6 else f"{gigabytes:.2g}"
        side = str(n) if n < 10**6 else f"{n:.2g}".replace("+", "")
        raise GridTooLargeError(
            f"a {side}x{side} grid needs about {amount} GB to encode; the largest "
            f"supported size is {MAX_SIZE}x{MAX_SIZE}", source, line)
