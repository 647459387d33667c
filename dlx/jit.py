"""Loading jitted kernels of a layer above `dlx` the way `dlx` loads its own.

A package that adds numba kernels of its own (the `sudoku` package's bit
kernels) imports this module *before* the module that defines them, so that
numba has a cache directory it can write (see `use_writable_cache`), and gets
each kernel through `compiled`: one signature per kernel, compiled on first
use or loaded from numba's on-disk cache, with dlx's one-line notice on
stderr exactly when numba really compiles (silenced by
``DLX_NO_COMPILE_NOTICE``).  Importing this module does not import numba.

``compiled(module, name, signature)`` imports ``module`` (a dotted name) and
returns its jitted function ``name`` ready to call; under
``NUMBA_DISABLE_JIT=1``, the plain Python function.

"""

from __future__ import annotations

from ._jit import NOTICE, compiled, use_writable_cache

__all__ = ["NOTICE", "compiled", "use_writable_cache"]
