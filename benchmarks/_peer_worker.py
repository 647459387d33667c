"""Child process that times one peer solver on Sudoku puzzles, one at a time.

Run by ``bench_sudoku.py``, never imported by it: each peer runs in its own
process so that a puzzle it cannot finish can be stopped (the parent kills the
process after the per-puzzle cap and starts a new one for the rest), and so
that py-sudoku, whose import name is also ``sudoku``, is imported from its own
directory (put first on PYTHONPATH by the parent) instead of this project's.
This file imports nothing from this project.

Protocol.  stdin: a JSON header line ``{"peer", "mode", "passes", "box": [R, C],
"cap"}``, then one JSON list of ``n*n`` cell values (0 = blank) per puzzle.
stdout: ``{"ready": seconds of warm-up}`` once, then per puzzle and pass
``{"i", "pass", "s": seconds, "n": solutions found (0, 1 or 2), "cut": bool}``.

Every peer gets the same *reduced* problem per puzzle, built before the clock
starts: the options of the blank cells that do not clash with a given, over
the items the givens leave uncovered (the numba-dlx batch kernel builds the
same reduced structure, but inside its timed call).  Its time is the peer's
solving call alone.  ``mode`` is ``solve`` (stop at the first solution) or
``check`` (stop at the second, which proves or disproves uniqueness; for
py-sudoku its own ``has_multiple_solutions``).
"""

from __future__ import annotations

import json
import signal
import sys
import time
from pathlib import Path


class Cut(Exception):
    """The per-puzzle cap of a pure-Python peer ran out."""


def _alarm(signum, frame):
    raise Cut


def standard_items(n: int, br: int, bc: int):
    """Items of option (cell, value) of the standard encoding: cell, row, column, box."""
    cells = n * n
    table = []
    for cell in range(cells):
        r, c = divmod(cell, n)
        b = (r // br) * br + c // bc
        for v in range(n):
            table.append((cell, cells + r * n + v, 2 * cells + c * n + v,
                          3 * cells + b * n + v))
    return table


def reduce(cells, n, table):
    """The reduced problem: (options as item lists over 0..m-1, m), or None on a clash."""
    used = set()
    for cell, value in enumerate(cells):
        if value:
            for item in table[cell * n + value - 1]:
                if item in used:
                    return None
                used.add(item)
    keep = []
    for cell, value in enumerate(cells):
        if value:
            continue
        for v in range(n):
            items = table[cell * n + v]
            if not (items[0] in used or items[1] in used or items[2] in used
                    or items[3] in used):
                keep.append(items)
    left = sorted(set(range(4 * n * n)) - used)
    renumber = {item: k for k, item in enumerate(left)}
    return [[renumber[i] for i in items] for items in keep], len(left)


# ------------------------------------------------------------------ peers
def make_xcover(n, br, bc, mode):
    import numpy as np
    from xcover import algorithm_c

    table = standard_items(n, br, bc)
    want = 1 if mode == "solve" else 2

    def prepare(cells):
        red = reduce(cells, n, table)
        if red is None:
            return None
        opts, m = red
        flat = np.array([i for o in opts for i in o], dtype=np.uint32)
        ptr = np.arange(0, 4 * len(opts) + 1, 4, dtype=np.uint32)
        return flat, ptr, np.zeros(len(flat), dtype=np.uint32), np.uint32(m), np.uint32(0)

    def run(args):
        found = 0
        for _ in algorithm_c(*args):
            found += 1
            if found == want:
                break
        return found

    return prepare, run


def make_exact_cover(n, br, bc, mode):
    import numpy as np
    from exact_cover_impl import get_all_solutions, get_exact_cover

    table = standard_items(n, br, bc)

    def prepare(cells):
        red = reduce(cells, n, table)
        if red is None:
            return None
        opts, m = red
        matrix = np.zeros((len(opts), m), dtype=np.bool_)
        if opts:
            rows = np.repeat(np.arange(len(opts)), 4)
            matrix[rows, np.array(opts).ravel()] = True
        return matrix

    if mode == "solve":
        def run(matrix):
            return 1 if get_exact_cover(matrix).size else 0
    else:
        def run(matrix):
            return int(get_all_solutions(matrix, 2).shape[0])

    return prepare, run


def make_baseline(n, br, bc, mode):
    here = Path(__file__).resolve().parent
    sys.path.insert(0, str(here))
    from _baseline import AlgorithmX

    table = standard_items(n, br, bc)
    want = 1 if mode == "solve" else 2

    def prepare(cells):
        red = reduce(cells, n, table)
        if red is None:
            return None
        opts, m = red
        return AlgorithmX(opts, range(m))

    def run(x):
        x.search(limit=want)
        return x.count

    return prepare, run


def make_py_sudoku(n, br, bc, mode):
    from sudoku import Sudoku  # py-sudoku, first on PYTHONPATH

    def prepare(cells):
        return [list(cells[r * n:(r + 1) * n]) for r in range(n)]

    if mode == "solve":
        def run(board):
            solved = Sudoku(bc, br, board=board).solve()
            return 0 if solved.get_difficulty() == -2 else 1
    else:
        def run(board):
            return 2 if Sudoku(bc, br, board=board).has_multiple_solutions() else 1

    return prepare, run


PEERS = {"xcover": make_xcover, "exact-cover": make_exact_cover, "baseline": make_baseline,
         "py-sudoku": make_py_sudoku}
PURE_PYTHON = {"baseline", "py-sudoku"}  # can be cut inside the process by SIGALRM


def main() -> None:
    header = json.loads(sys.stdin.readline())
    peer, mode = header["peer"], header["mode"]
    br, bc = header["box"]
    n = br * bc
    passes = int(header.get("passes", 1))
    cap = float(header.get("cap", 0)) or None
    puzzles = [json.loads(line) for line in sys.stdin if line.strip()]
    prepare, run = PEERS[peer](n, br, bc, mode)
    t0 = time.perf_counter()
    if puzzles:  # warm-up (numba compile or cache load, first-call costs), untimed
        args = prepare(puzzles[0])
        if args is not None and peer not in PURE_PYTHON:
            run(args)
    print(json.dumps({"ready": time.perf_counter() - t0}), flush=True)
    if peer in PURE_PYTHON and cap:
        signal.signal(signal.SIGALRM, _alarm)
    for p in range(passes):
        for i, cells in enumerate(puzzles):
            args = prepare(cells)
            cut = False
            if args is None:
                found, dt = 0, 0.0
            else:
                if peer in PURE_PYTHON and cap:
                    signal.setitimer(signal.ITIMER_REAL, cap)
                t = time.perf_counter()
                try:
                    found = run(args)
                except Cut:
                    found, cut = 0, True
                dt = time.perf_counter() - t
                if peer in PURE_PYTHON and cap:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            print(json.dumps({"i": i, "pass": p, "s": dt, "n": found, "cut": cut}), flush=True)


if __name__ == "__main__":
    main()
