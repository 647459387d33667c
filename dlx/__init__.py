"""Exact cover by Knuth's Dancing Links (Algorithm X), compiled with numba.

Describe a problem by items and options, then search it::

    >>> import dlx
    >>> p = dlx.Problem({"A": ["x", "y"], "B": ["x"], "C": ["y"]})
    >>> p.solve()
    ['A']
    >>> p.count().count
    2

Importing this package imports neither numpy nor numba (so that command-line
``--help`` is instant); they load with the first `Problem`, and the
kernels are compiled, or loaded from numba's on-disk cache, on the first search.
"""

from typing import TYPE_CHECKING, Any

from .errors import DLXError, ParseError, ProblemError, TooLargeError
from .results import BatchResult, CountResult, PropagateResult, SearchStopped, Stats, Uniqueness

if TYPE_CHECKING:  # the names loaded on first use (_LAZY), for type checkers
    from ._jit import warm_up
    from .knuth import parse_knuth, read_knuth, write_knuth
    from .options import Colored
    from .problem import Problem
    from .search import Estimate, Search

__version__ = "0.1.0"

__all__ = [
    "BatchResult", "Colored", "CountResult", "DLXError", "Estimate", "ParseError", "Problem",
    "ProblemError", "PropagateResult", "Search", "SearchStopped", "Stats", "TooLargeError",
    "Uniqueness", "__version__", "parse_knuth", "read_knuth", "warm_up", "write_knuth",
]

_LAZY = {
    "Problem": "problem", "Colored": "options", "parse_knuth": "knuth", "read_knuth": "knuth",
    "write_knuth": "knuth",
    "Search": "search", "Estimate": "search", "warm_up": "_jit",
}
_SUBMODULES = ("batch", "examples", "links", "logic", "parallel", "validate")  # loaded on first use


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        from importlib import import_module

        return import_module(f".{name}", __name__)
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'dlx' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | set(_SUBMODULES))
