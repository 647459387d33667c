"""Word operations the jitted Sudoku kernels share (`sudoku._bitkernel`, `sudoku._planekernel`,
`sudoku._itemkernel`).

``ctz(x)``: the index of the lowest set bit of a nonzero word.  Jitted, numba's
own intrinsic, one instruction (a binary search takes five tests whose branches
the processor cannot predict); as plain Python under ``NUMBA_DISABLE_JIT``.
``popcount(x)``: the number of set bits, LLVM's ``ctpop`` (one instruction
where the processor has one; numba has no intrinsic of its own).  Neither is a
cached function of its own, so the kernels' caches do not depend on this file.
"""

from __future__ import annotations

from typing import Any

from numba import config


def _py_ctz(x):
    x = int(x)
    return (x & -x).bit_length() - 1


ctz: Any = _py_ctz
if not getattr(config, "DISABLE_JIT", False):
    from numba.cpython.unsafe import numbers as _numbers

    ctz = _numbers.trailing_zeros


def _py_popcount(x):
    return bin(int(x) & 0xFFFFFFFFFFFFFFFF).count("1")


popcount: Any = _py_popcount
if not getattr(config, "DISABLE_JIT", False):
    from numba.extending import intrinsic

    @intrinsic
    def _ctpop(typingctx, x):
        def codegen(context, builder, signature, args):
            return builder.ctpop(args[0])

        return x(x), codegen

    popcount = _ctpop
