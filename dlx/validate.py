"""Checks of arguments shared by every layer: whole numbers and time limits.

Every function that takes a count, a budget, a seed or a number of jobs
checks it here, so the same mistake gets the same message wherever it is
made (``limit must be a positive whole number, not 2.5``).  The checks run
in Python before anything reaches a kernel: the kernels never validate.

No numpy or numba is imported here, so that the command line's ``--help``
stays light; numpy integers are accepted through ``operator.index``.
"""

from __future__ import annotations

import math
import operator
from typing import Any, Literal, overload

from .errors import ProblemError

__all__ = ["whole", "seconds"]


@overload
def whole(name: str, value: Any, *, least: int = ..., optional: Literal[False],
          error: type[Exception] = ...) -> int: ...
@overload
def whole(name: str, value: Any, *, least: int = ..., optional: bool = ...,
          error: type[Exception] = ...) -> int | None: ...
def whole(name: str, value, *, least: int = 1, optional: bool = True,
          error: type[Exception] = ProblemError) -> int | None:
    """``value`` as an int, checked to be a whole number ``>= least``.

    Parameters
    ----------
    name : str
        The argument's name, for the message.
    value : int-like or None
        Any integer (numpy's included); booleans and floats are refused.
    least : int
        The smallest value allowed.
    optional : bool
        Whether None is allowed (and returned as None).
    error : exception class
        What to raise; a subclass of `dlx.ProblemError` where the caller
        reports its own kind of mistake (the Sudoku layer's `PuzzleError`).

    Returns
    -------
    int or None

    Raises
    ------
    ProblemError
        (or ``error``) naming the argument, the rule and the value given.

    Examples
    --------
    >>> whole("limit", 3)
    3
    >>> whole("limit", 0)
    Traceback (most recent call last):
    ...
    dlx.errors.ProblemError: limit must be a positive whole number, not 0
    >>> whole("seed", -1, least=0)
    Traceback (most recent call last):
    ...
    dlx.errors.ProblemError: seed must be a whole number >= 0, not -1
    """
    if value is None and optional:
        return None
    try:
        if isinstance(value, bool):
            raise TypeError
        number = operator.index(value)
    except TypeError:
        number = None
    if number is None or number < least:
        rule = ("a positive whole number" if least == 1
                else f"a whole number >= {least}")
        raise error(f"{name} must be {rule}, not {value!r}")
    return number


def seconds(name: str, value, *, error: type[Exception] = ProblemError) -> float | None:
    """A time limit: None, or a positive number of seconds (``inf`` allowed).

    Examples
    --------
    >>> seconds("timeout", 2)
    2.0
    >>> seconds("timeout", None) is None
    True
    """
    if value is None:
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = math.nan
    if not number > 0:
        raise error(f"{name} must be a positive number of seconds, not {value!r}")
    return number
