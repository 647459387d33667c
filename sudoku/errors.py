"""Errors raised by the ``sudoku`` package.

Both classes derive from :class:`dlx.errors.ParseError` and so from
:class:`dlx.errors.DLXError`: one ``except DLXError`` clause catches every
deliberate error of ``dlx`` and ``sudoku``.  Messages say what is wrong and
where (file, line, column, cell such as ``r3c7``) and, where it helps, what to
do.
"""

from __future__ import annotations

from dlx.errors import DLXError, ParseError, TooLargeError

__all__ = ["GenerationError", "GridTooLargeError", "NotUniqueError", "PuzzleError",
           "PuzzleWarning"]


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


class PuzzleWarning(UserWarning):
    """Something in the input that is wrong but changed no puzzle's reading.

    A bad directive (``# box: 0x0``) makes every puzzle it governs invalid;
    one that governs no puzzle (the input ends, or the same directive comes
    again first) is reported with this warning, naming its line.
    """


class GridTooLargeError(PuzzleError, TooLargeError):
    """A grid is too large to encode: it would need more memory than the limit allows."""


class GenerationError(DLXError):
    """No puzzle met the request within the attempts or the time allowed.

    Attributes
    ----------
    tries : int
        Attempts made.
    closest : int or None
        The clue count closest to the requested range that an attempt reached.
    """

    def __init__(self, message: str, tries: int = 0, closest: int | None = None):
        self.tries = tries
        self.closest = closest
        super().__init__(message)


class NotUniqueError(PuzzleError):
    """The puzzle does not have exactly one solution, so it cannot be minimized.

    ``status`` is ``"multiple"``, ``"none"`` or ``"unknown"`` (a limit stopped
    the check).
    """

    def __init__(self, message: str, source=None, line=None, status: str = "multiple"):
        self.status = status
        super().__init__(message, source, line)

    def __reduce__(self):
        return (_not_unique, (self.message, self.source, self.line, self.status))


def _not_unique(message, source, line, status):
    return NotUniqueError(message, source, line, status)

