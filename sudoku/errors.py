"""Errors raised by the ``sudoku`` package.

Both classes derive from :class:`dlx.errors.ParseError` and so from
:class:`dlx.errors.DLXError`: one ``except DLXError`` clause catches every
deliberate error of ``dlx`` and ``sudoku``.  Messages say what is wrong and
where (file, line, column, cell such as ``r3c7``) and, where it helps, what to
do.
"""

from __future__ import annotations

from dlx.errors import ParseError, TooLargeError

__all__ = ["PuzzleError", "GridTooLargeError"]


class PuzzleError(ParseError):
    """A puzzle could not be read, or is not a valid puzzle.

    Parameters
    ----------
    message : str
        What is wrong, without the location.
    source : str, optional
        File name, ``"<stdin>"`` or ``"<string>"``.
    line, column : int, optional
        1-based position in the source.
    cell : int, optional
        0-based row-major index of the cell concerned (the message names it as
        ``r3c7``).

    Examples
    --------
    >>> str(PuzzleError("'#' is not a digit for a 9x9 grid", "x.txt", 12, 40))
    "x.txt, line 12, column 40: '#' is not a digit for a 9x9 grid"
    """

    def __init__(self, message: str, source: str | None = None, line: int | None = None,
                 column: int | None = None, cell: int | None = None):
        self.cell = cell
        super().__init__(message, source, line, column)

    def __reduce__(self):
        # Keep the location when pickled (e.g. sent back from a worker process).
        return (type(self), (self.message, self.source, self.line, self.column, self.cell))


class GridTooLargeError(PuzzleError, TooLargeError):
    """A grid is too large to encode: it would need more memory than the limit allows."""
