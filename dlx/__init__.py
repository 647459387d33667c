"""Exact cover by Knuth's Dancing Links (Algorithm X), compiled with numba.

Describe a problem by items and options, then search it::

    >>> import dlx
    >>> p = dlx.Problem({"A": ["x", "y"], "B": ["x"], "C": ["y"]})
    >>> p.solve()
    ['A']
    >>> p.count().count
    2

Importing this package does not import numba; the kernels are compiled (or
loaded from numba's on-disk cache) on the first search.
"""

from .errors import DLXError, ParseError, ProblemError, TooLargeError
from .knuth import parse_knuth, read_knuth
from .problem import Colored, Problem
from .results import (BatchResult, CountResult, PropagateResult, SearchStopped, Stats,
                      Uniqueness)

__version__ = "0.1.0"

__all__ = [
    "BatchResult", "Colored", "CountResult", "DLXError", "ParseError", "Problem",
    "ProblemError", "PropagateResult", "SearchStopped", "Stats", "TooLargeError",
    "Uniqueness", "__version__", "parse_knuth", "read_knuth",
]


def __getattr__(name):
    # Search pulls in the kernels' constants (and so numba): load it on demand.
    if name in ("Search", "Estimate"):
        from . import search

        return getattr(search, name)
    raise AttributeError(f"module 'dlx' has no attribute {name!r}")
