"""Kernels run as plain Python, before numba has loaded: stand-ins for numpy and numba.

Importing numba takes a few tenths of a second, far more than a kernel needs
for a small job (one Sudoku puzzle, 8-queens).  So a kernel file may also run
*interpreted*: `load` executes the file a second time as a module of its own,
whose ``np`` and ``njit`` are this module's stand-ins instead of numpy's and
numba's, and whose arrays are `memoryview` objects over plain buffers.  The
code is the very same text as the compiled kernel's; only the module it runs
in differs.  A kernel file tells which it is in with `interpreted`::

    from dlx import plain

    if plain.interpreted(__name__):
        from dlx.plain import njit, np
    else:
        import numpy as np
        from numba import njit

Interpreted, a kernel uses only what works on both: element indexing (``a[i]``
and ``a[i, j]``), slices of one-dimensional arrays (views, as in numpy),
``a.shape`` and ``len(a)``, and ``np.int64(x)`` and the like, which give
Python ints.  A run interpreted can go on compiled where it left off:
`as_numpy` views the same buffer as a numpy array, so a resumable kernel's
state passes from one to the other without a copy.

Why memoryviews: they index about as fast as lists, they keep the fixed
width of numpy's types (a value out of range is an error, not a silent
wrap), and numpy wraps them without copying.  Interpreted this way a kernel
runs some fifty to a hundred times slower than compiled, and its callers
switch to the compiled one once a small budget of time is spent
(``$DLX_PLAIN``, see `mode`).

Importing this module imports neither numpy nor numba.
"""

from __future__ import annotations

import importlib.util
import math
import os
import sys
import threading
from array import array
from types import ModuleType, SimpleNamespace
from typing import Any

__all__ = ["BUDGET_SECONDS", "ENV", "MODES", "SUFFIX", "as_numpy", "budget_left", "interpreted",
           "lazy_module", "load", "mode", "njit", "np", "prange", "spend"]

ENV = "DLX_PLAIN"
"""The environment variable that chooses how small jobs run (see `mode`)."""

MODES = ("auto", "never", "only")
SUFFIX = ".plain"  # the interpreted copy of module M is the module "M.plain"

_CODES = {"int8": "b", "uint8": "B", "int16": "h", "uint16": "H", "int32": "i",
          "uint32": "I", "int64": "q", "uint64": "Q", "float64": "d"}


def mode() -> str:
    """How small jobs run, from ``$DLX_PLAIN``: ``"auto"`` (the default): interpreted
    first, compiled once the job's budget is spent; ``"never"``: compiled from the
    start; ``"only"``: interpreted throughout (for tests that compare the two)."""
    got = os.environ.get(ENV, "") or "auto"
    if got not in MODES:
        raise ValueError(f"${ENV} must be one of {', '.join(MODES)}, not {got!r}")
    return got


BUDGET_SECONDS = 0.05
"""Interpreted kernel time a process may spend (under ``"auto"``) before its searches go
compiled: about what a hard 9x9 Sudoku takes interpreted, a fifth of what loading numba
and the compiled kernels takes."""

_spent = [0.0]


def budget_left() -> bool:
    """Whether a search may run interpreted now: under ``"auto"`` while this process has
    spent less than `BUDGET_SECONDS` interpreted, always under ``"only"``."""
    m = mode()
    return m == "only" or (m == "auto" and _spent[0] < BUDGET_SECONDS)


def spend(seconds: float) -> bool:
    """Count ``seconds`` more of interpreted kernel time; then `budget_left`.

    The callers count the thread's CPU time, not the clock's: the budget is of the
    work interpreted, which a loaded machine stretches on the clock as it stretches
    numba's import, so that one input goes the same way on an idle machine and a busy one.
    """
    _spent[0] += seconds
    return budget_left()


def interpreted(name: str) -> bool:
    """Whether the module named ``name`` is a kernel's interpreted copy (see `load`)."""
    return name.endswith(SUFFIX)


class _Type:
    """A numpy scalar type's stand-in: calling it gives a Python int (or float)."""

    def __init__(self, name: str):
        self.name = name
        self.code = _CODES[name]
        self.itemsize = array(self.code).itemsize

    def __call__(self, x: Any = 0) -> Any:
        return float(x) if self.code == "d" else int(x)

    def __repr__(self) -> str:
        return f"plain.np.{self.name}"


class _Info:
    """``np.iinfo``'s stand-in: ``min`` and ``max`` of an integer type."""

    def __init__(self, t: _Type):
        bits = 8 * t.itemsize
        signed = t.code.islower()
        self.bits = bits
        self.min = -(1 << (bits - 1)) if signed else 0
        self.max = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1


def _code(dtype) -> Any:
    return dtype.code if isinstance(dtype, _Type) else _CODES[str(dtype)]


def zeros(shape, dtype=None) -> memoryview:
    """``np.zeros``: a writable memoryview of zeros (default int64, numpy's is float64:
    kernels always name the type)."""
    code = _code(dtype if dtype is not None else np.int64)
    dims = (shape,) if isinstance(shape, int) else tuple(shape)
    raw = memoryview(bytearray(math.prod(dims) * array(code).itemsize))
    return raw.cast(code, dims) if len(dims) > 1 else raw.cast(code)


def array_of(values, dtype=None) -> memoryview:
    """``np.array`` of a flat sequence: a writable memoryview of its values."""
    return memoryview(array(_code(dtype if dtype is not None else np.int64), values))


np: Any = SimpleNamespace(**{name: _Type(name) for name in _CODES})
"""The part of numpy the kernels use, over memoryviews."""
np.zeros = zeros
np.empty = zeros
np.array = array_of
np.iinfo = _Info


def njit(*args, **kwargs):
    """numba's ``njit``, as a decorator that leaves the function as it is."""
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return args[0]
    return lambda fn: fn


prange = range  # numba's parallel range, run in order


def as_numpy(view):
    """The numpy array over a memoryview's buffer (no copy: both see every change),
    for a compiled kernel to go on from where an interpreted one stopped."""
    import numpy

    return numpy.asarray(view)


_loaded: dict[str, ModuleType] = {}
_lock = threading.Lock()


class lazy_module:  # noqa: N801  (it stands for a module)
    """A module imported when one of its names is first read (``lazy_module("dlx.links")``):
    what a module that needs another only on some paths holds in its place."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        return getattr(importlib.import_module(self._name), attr)


def load(module: str) -> ModuleType:
    """The interpreted copy of the kernel module ``module`` (a dotted name): its file run
    again as the module ``module + SUFFIX``, once per process."""
    got = _loaded.get(module)
    if got is not None:
        return got
    with _lock:
        if module not in _loaded:
            spec = importlib.util.find_spec(module)
            if spec is None or spec.origin is None:
                raise ImportError(f"no kernel module {module!r}")
            copy = importlib.util.spec_from_file_location(module + SUFFIX, spec.origin)
            assert copy is not None and copy.loader is not None
            mod = importlib.util.module_from_spec(copy)
            # (In sys.modules while it runs, as any module is: dataclasses and pickling
            # look modules up there by name.)
            sys.modules[copy.name] = mod
            try:
                copy.loader.exec_module(mod)
            except BaseException:
                del sys.modules[copy.name]
                raise
            _loaded[module] = mod
    return _loaded[module]
