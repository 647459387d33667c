"""Errors raised by the ``dlx`` package.

Every error the package raises on purpose derives from `DLXError`, so a
caller (and the command line) can tell a user mistake from a bug with one
``except`` clause.  Messages say what is wrong, where, and what to do.
"""

from __future__ import annotations

__all__ = ["DLXError", "ProblemError", "ParseError", "TooLargeError"]


class DLXError(Exception):
    """Base class of every error raised on purpose by ``dlx`` and ``sudoku``."""


class ProblemError(DLXError, ValueError):
    """An exact-cover problem is not well formed (unknown item, duplicate item, ...)."""


class ParseError(ProblemError):
    """Text could not be parsed; names the source, line and column.

    Parameters
    ----------
    message : str
        What is wrong, without the location.
    source : str, optional
        File name, ``"<stdin>"`` or ``"<string>"``.
    line, column : int, optional
        1-based position of the problem.
    """

    def __init__(self, message: str, source: str | None = None,
                 line: int | None = None, column: int | None = None):
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        where = []
        if self.source is not None:
            where.append(str(self.source))
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        prefix = ", ".join(where)
        return f"{prefix}: {self.message}" if prefix else self.message


class TooLargeError(ProblemError):
    """A problem would not fit the engine's 32-bit node indices or the machine's memory."""
