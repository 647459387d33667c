"""Benchmark: making minimal unique puzzles with sudoku.generator (kept apart from the tests).

Usage::

    python benchmarks/bench_generate.py            # the full table (a few minutes)
    python benchmarks/bench_generate.py --quick    # fewer puzzles and runs
    python benchmarks/bench_generate.py --peer PYTHON

Prints, for each case, the time per puzzle as the median over several runs
with the range (min-max) of the runs, one core and two, with the search nodes
and uniqueness checks per puzzle (machine-independent), and the cold start
(kernels loaded from numba's cache, or compiled) separately.  Each run uses
its own seed, so the runs differ in the puzzles they make, not only in noise.

Two cores: several puzzles at once go to two worker processes (``jobs=2``);
the process start-up is included.  One 16x16 puzzle with ``jobs=2`` runs the
uniqueness checks of each batch on two threads instead.

Named peer: py-sudoku (``pip install py-sudoku``; its import name ``sudoku``
clashes with ours, so it runs in another interpreter given by ``--peer``).
Its ``Sudoku(3).difficulty(d)`` removes a fraction ``d`` of the cells of a
solved grid at random without checking uniqueness; the table shows its time
and how many of its puzzles have exactly one solution (counted by our solver).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

PEER_SCRIPT = r"""
import json, sys, time
from sudoku import Sudoku
count, difficulty, seed = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
t = time.perf_counter()
boards = [Sudoku(3, seed=seed + k).difficulty(difficulty).board for k in range(count)]
seconds = time.perf_counter() - t
cells = ["".join(str(v) if v else "." for row in b for v in row) for b in boards]
print(json.dumps({"seconds": seconds, "puzzles": cells}))
"""


def machine() -> list[str]:
    import numba
    import numpy
    from _harness import cpu_model

    cpu = cpu_model()
    load = ""
    if hasattr(os, "getloadavg"):
        load = f", load average {os.getloadavg()[0]:.2f} at start"
    from dlx import __version__

    return [f"machine: {cpu}, {os.cpu_count()} logical CPUs, {platform.system()} "
            f"{platform.release()}{load}",
            f"versions: Python {platform.python_version()}, numpy {numpy.__version__}, "
            f"numba {numba.__version__}, numba-dlx {__version__}"]


def run_case(kwargs: dict, count: int, runs: int, jobs: int, seed0: int):
    """Per-puzzle wall and CPU seconds of each run, and nodes/checks/clues per puzzle."""
    from sudoku.generator import generate_many

    per_run, cpu, nodes, checks, clues = [], [], 0, 0, 0
    for r in range(runs):
        t, c = time.perf_counter(), time.process_time()
        made = list(generate_many(count, seed=seed0 + r, jobs=jobs, **kwargs))
        per_run.append((time.perf_counter() - t) / count)
        cpu.append((time.process_time() - c) / count)
        nodes += sum(g.nodes for g in made)
        checks += sum(g.checks for g in made)
        clues += sum(g.clues for g in made)
    total = count * runs
    return per_run, cpu, nodes / total, checks / total, clues / total


def fmt_ms(values) -> str:
    med = statistics.median(values) * 1000
    return f"{med:.2f} ms ({min(values) * 1000:.2f}-{max(values) * 1000:.2f})"


def peer_rows(python: str, count: int, runs: int) -> list[str]:
    from sudoku.solver import count as count_solutions

    rows = []
    for difficulty in (0.5, 0.7):
        times, unique, total = [], 0, 0
        for r in range(runs):
            done = subprocess.run([python, "-c", PEER_SCRIPT, str(count), str(difficulty),
                                   str(1000 * r)], capture_output=True, text=True,
                                  cwd="/", timeout=600)
            if done.returncode:
                return [f"py-sudoku: failed to run ({done.stderr.strip().splitlines()[-1]})"]
            got = json.loads(done.stdout)
            times.append(got["seconds"] / count)
            for p in got["puzzles"]:
                total += 1
                unique += count_solutions(p, limit=2).count == 1
        clues = round(81 * (1 - difficulty))
        rows.append(f"{'py-sudoku 2, difficulty ' + str(difficulty):36s} "
                    f"{fmt_ms(times):>28s} {'':>10s} {clues:6.1f}  unique {unique}/{total} "
                    f"({100 * unique / total:.0f}%)")
    return rows


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer puzzles and runs")
    ap.add_argument("--peer", metavar="PYTHON",
                    help="an interpreter with py-sudoku installed, to compare with")
    args = ap.parse_args(argv)
    q = args.quick

    print("\n".join(machine()))
    t = time.perf_counter()
    from sudoku.generator import generate

    generate(seed=0)
    cold = time.perf_counter() - t
    print(f"cold start (imports, kernels from the cache or compiled, first 9x9): "
          f"{cold * 1000:.0f} ms")
    runs = 3 if q else 5
    cases = [
        ("4x4 minimal", {"size": 4}, 200 if q else 500, 1),
        ("6x6 minimal", {"size": 6}, 200 if q else 500, 1),
        ("9x9 minimal", {}, 100 if q else 300, 1),
        ("9x9 minimal, 2 processes", {}, 200 if q else 600, 2),
        ("9x9 rotate180 (no group removable)", {"symmetry": "rotate180"}, 100 if q else 300,
         1),
        ("9x9 minimal, graded", {"with_grade": True}, 100 if q else 300, 1),
        ("9x9 x-sudoku minimal", {"variant": "x"}, 50 if q else 200, 1),
        ("9x9 jigsaw (random regions) minimal", {"variant": "jigsaw"}, 30 if q else 100, 1),
        ("16x16 minimal", {"size": 16}, 2 if q else 4, 1),
        ("16x16 minimal, 2 threads", {"size": 16}, 1, 2),
        ("16x16 minimal, 2 processes", {"size": 16}, 4 if q else 8, 2),
    ]
    print(f"method: median of {runs} runs (range min-max), each run a new seed; "
          "wall-clock time per puzzle; CPU: this process's CPU time per puzzle (median; "
          "worker processes not included), which a busy machine inflates less")
    print(f"{'case':36s} {'wall per puzzle':>28s} {'CPU':>10s} {'clues':>6s} "
          f"{'checks':>7s} {'nodes':>9s}")
    for name, kwargs, count, jobs in cases:
        per_run, cpu, nodes, checks, clues = run_case(kwargs, count, runs if count > 1 else
                                                      runs + 2, jobs, 100)
        cpu_text = "-" if jobs > 1 and count > 1 else f"{statistics.median(cpu) * 1000:.2f} ms"
        print(f"{name:36s} {fmt_ms(per_run):>28s} {cpu_text:>10s} {clues:6.1f} "
              f"{checks:7.0f} {nodes:9.0f}", flush=True)
    if args.peer:
        for row in peer_rows(args.peer, 100 if q else 300, runs):
            print(row)


if __name__ == "__main__":
    main()
