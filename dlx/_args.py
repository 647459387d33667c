"""Argument checks shared by the search drivers (no numpy or numba here)."""

from __future__ import annotations

from .errors import ProblemError

__all__ = ["positive_seconds"]


def positive_seconds(value):
    """A time limit in seconds: None, or a positive number (inf allowed)."""
    if value is None:
        return None
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise ProblemError(f"timeout must be a number of seconds, not {value!r}") from None
    if not value > 0:
        raise ProblemError(f"timeout must be positive, not {value}")
    return value
