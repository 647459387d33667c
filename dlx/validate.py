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

__all__ = ["INT64_MAX", "MAX_BEST", "MAX_JOBS", "whole", "budget", "seconds"]

# The kernels count solutions and nodes in int64: a budget above this can never be
# reached, so it is taken as this (a count that stops there still says "at least").
INT64_MAX = 2**63 - 1
# Threads or processes one call may start: far above any machine's cores, far below
# what the operating system's calls overflow on.
MAX_JOBS = 1024
# Cheapest solutions one search keeps (`dlx.Problem.cheapest`): its kernel holds them in
# one array, allocated up front.
MAX_BEST = 2**20


@overload
def whole(name: str, value: Any, *, least: int = ..., most: int | None = ...,
          optional: Literal[False], error: type[Exception] = ...) -> int: ...
@overload
def whole(name: str, value: Any, *, least: int = ..., most: int | None = ...,
          optional: bool = ..., error: type[Exception] = ...) -> int | None: ...
def whole(name: str, value: Any, *, least: int = 1, most: int | None = None, optional: bool = True,
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
    most : int, optional
        The largest value allowed.
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
    >>> whole("jobs", 5000, most=MAX_JOBS)
    Traceback (most recent call last):
    ...
    dlx.errors.ProblemError: jobs must be at most 1024, not 5000
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
    if most is not None and number > most:
        raise error(f"{name} must be at most {most}, not {value!r}")
    return number


@overload
def budget(name: str, value: Any, *, least: int = ..., optional: Literal[False],
           error: type[Exception] = ...) -> int: ...
@overload
def budget(name: str, value: Any, *, least: int = ..., optional: bool = ...,
           error: type[Exception] = ...) -> int | None: ...
def budget(name: str, value: Any, *, least: int = 1, optional: bool = True,
           error: type[Exception] = ProblemError) -> int | None:
    """A count a kernel stops at (solutions, nodes, levels): `whole`, then at most `INT64_MAX`.

    A larger budget is one no search can use up, so it is taken as the
    largest the kernels hold rather than refused.

    Examples
    --------
    >>> budget("limit", 2**70) == INT64_MAX
    True
    >>> budget("limit", None) is None
    True
    """
    number = whole(name, value, least=least, optional=optional, error=error)
    return None if number is None else min(number, INT64_MAX)


def seconds(name: str, value: Any, *, error: type[Exception] = ProblemError) -> float | None:
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
