"""Loading the jitted kernels: lazy import, one signature each, a notice on first compile.

``numba`` is imported only when a search first needs it, so that importing
``dlx`` (and ``--help`` on the command line) stays fast.  Each kernel is
compiled for exactly one signature, listed here; numba caches the machine code
on disk (``cache=True``), so only the first run after installing compiles.
Set ``NUMBA_CACHE_DIR`` to put the cache elsewhere.
"""

from __future__ import annotations

import os
import sys
import threading

_ND = "uint32[:, ::1]"
_V32 = "uint32[::1]"
_V64 = "int64[::1]"
_LINKS = f"{_ND}, {_V32}"  # nd, it
# base problem (options and items in CSR form), sizes, forced (ptr, options), params,
# counts, nodes, codes, solutions (then batch: start, stop, step; batch_parallel: threads)
# The problem in CSR form (see Problem._csr), then the locked-items flags: all uint32.
_BASE = f"Tuple(({_V32}, {_V32}, {_V32}, {_V32}, {_V32}, {_V32}, {_V32}))"
_BATCH = (f"int64({_BASE}, {_V64}, {_V64}, {_V32}, {_V64}, {_V64}, {_V64}, "
          f"{_V64}, uint32[:, :, ::1]")

SIGNATURES = {
    "search": f"int64({_LINKS}, {_V32}, {_V64}, {_V64}, {_V64}, {_ND}, {_V64})",
    "unwind": f"int64({_LINKS}, {_V32}, {_V64}, {_V64})",
    "force": f"int64({_LINKS}, {_V32}, {_V64}, {_V32})",
    "batch": _BATCH + ", int64, int64, int64)",
    "batch_parallel": _BATCH + ", int64)",
    "propagate": f"int64({_LINKS}, {_V32}, {_V64}, {_V32}, {_V32}, uint8[::1])",
    "split": f"int64({_LINKS}, {_V32}, {_V64}, int64, {_ND}, {_V64})",
    "estimate": f"int64({_LINKS}, {_V32}, {_V64}, int64, float64[:, ::1])",
}

_lock = threading.Lock()
_ready: dict = {}  # name -> kernel, once compiled or loaded
_noticed = False
NOTICE_DELAY = 0.5  # seconds; loading from the cache takes well under this


def _notice() -> None:
    global _noticed
    if not _noticed and not os.environ.get("DLX_NO_COMPILE_NOTICE"):
        _noticed = True
        print("dlx: compiling the search kernels (first run only, a few seconds)...",
              file=sys.stderr, flush=True)


def kernel(name: str):
    """Return the jitted kernel ``name``, compiled (or loaded from the cache).

    Prints a one-line notice on stderr when compiling takes longer than
    `NOTICE_DELAY`, i.e. when the on-disk cache was empty.
    """
    fn = _ready.get(name)
    if fn is not None:
        return fn
    from . import _kernel

    fn = getattr(_kernel, name)
    with _lock:
        if name not in _ready:
            if hasattr(fn, "compile"):  # absent under NUMBA_DISABLE_JIT=1
                timer = threading.Timer(NOTICE_DELAY, _notice)
                timer.daemon = True
                timer.start()
                try:
                    fn.compile(SIGNATURES[name])
                finally:
                    timer.cancel()
                # One signature per kernel: a call with other types is a bug, not a new compile.
                fn.disable_compile()
            _ready[name] = fn
    return fn


def warm_up(names=("search", "unwind", "force", "batch")) -> None:
    """Compile (or load) the given kernels now rather than on first use."""
    for name in names:
        kernel(name)
