"""Benchmark: parallel counting (1 vs 2 workers) and Knuth's random-probe estimator.

Run from the repository root::

    python benchmarks/bench_parallel.py            # 3 runs per configuration
    python benchmarks/bench_parallel.py --runs 5 --workers 4
    python benchmarks/bench_parallel.py --runs 5 --save   # also benchmarks/results/parallel.txt

Prints two tables, with the machine, the versions and the load average:

1. Counting the 9356 tilings of the 6x10 rectangle by the twelve pentominoes
   (``dlx.examples.pentominoes()``, no symmetry breaking): the plain serial
   ``Problem.count()``, then :func:`dlx.parallel.count_parallel` on 1, 2, ...
   worker processes.  "warm" runs reuse a started :class:`WorkerPool` (the
   processes have loaded the kernels); "cold" runs start the pool inside the
   timed call, as ``dlx pcount`` does.  Runs of the configurations are
   interleaved, so a burst of load from elsewhere hits all of them alike.
   Times are wall-clock: median of N runs, with the range.  "busiest CPU" is
   the CPU time of the worker that worked longest (each part's search thread
   time, summed per worker): what the wall time would be on otherwise idle
   cores, start-up excluded.  It stays meaningful on a shared machine, where
   the wall-clock speed-up also measures everybody else's load.  The speed-up
   of 2 workers over 1 is given three ways: by median wall time, by best wall
   time (the least disturbed runs) and by the busiest worker's CPU time
   (median of the ratios of interleaved pairs of runs).
2. The estimate of the number of N-queens solutions (and search nodes) from
   1000 probes, seed 0, against the true values, N = 10..13; also the spread
   of the estimate over seeds 0..9.

Targets (from the issue): 2 workers at least 1.8x faster than 1 on the 6x10
count; the estimate within a factor of 2 of the true count for N = 10..13.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def machine() -> list[str]:
    import numba
    import numpy
    from _harness import _git, cpu_model

    import dlx

    cpu = cpu_model()
    try:
        import distributed

        dask = distributed.__version__
    except ImportError:
        dask = "not installed"
    return [f"machine: {cpu}, {os.cpu_count()} logical CPUs, {platform.system()} "
            f"{platform.release()}",
            f"python {platform.python_version()}, numba {numba.__version__}, numpy "
            f"{numpy.__version__}, dask.distributed {dask}, numba-dlx {dlx.__version__} "
            f"(commit {_git()})"]


def load() -> str:
    try:
        return "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    except OSError:
        return "load average n/a"


def summary(times) -> str:
    return f"{statistics.median(times):8.2f} s  ({min(times):.2f}-{max(times):.2f})"


def busiest(result) -> float:
    """CPU seconds of the busiest worker: the run's length on otherwise idle cores."""
    per: dict = {}
    for part in result.parts:
        per[part.worker] = per.get(part.worker, 0.0) + part.cpu
    return max(per.values())


def bench_pentominoes(runs: int, max_workers: int) -> None:
    from dlx.examples import pentominoes
    from dlx.parallel import WorkerPool, count_parallel

    problem = pentominoes(6, 10)
    problem.count(limit=1)  # compile (or load) the kernels, build the links
    workers = sorted({1, 2, max_workers})
    pools = {n: WorkerPool(n) for n in workers}
    for pool in pools.values():
        pool.warm()
    serial, inline = "serial Problem.count()", "count_parallel, jobs=1 (this process)"
    warm = {n: f"count_parallel, {n} worker{'s' if n > 1 else ''}, warm" for n in workers}
    cold_jobs = max(2, max_workers)
    cold = f"count_parallel, jobs={cold_jobs}, cold (pool started in the call)"
    configs = [(inline, 1)] + [(warm[n], pools[n]) for n in workers] + [(cold, cold_jobs)]
    wall: dict = {key: [] for key in [serial] + [k for k, _ in configs]}
    cpu: dict = {key: [] for key in wall}
    cut: dict = {}
    try:
        for _ in range(runs):
            t, c = time.perf_counter(), time.thread_time()
            r = problem.count()
            wall[serial].append(time.perf_counter() - t)
            cpu[serial].append(time.thread_time() - c)
            assert r.count == 9356
            nodes = r.stats.nodes
            for key, jobs in configs:
                t = time.perf_counter()
                r = count_parallel(problem, jobs=jobs)
                wall[key].append(time.perf_counter() - t)
                cpu[key].append(busiest(r))
                assert (r.count, r.exact) == (9356, True), r
                cut[key] = f"{r.depth}/{r.n_parts}"
    finally:
        for pool in pools.values():
            pool.close()
    med = {key: statistics.median(v) for key, v in wall.items()}
    best = {key: min(v) for key, v in wall.items()}
    cmed = {key: statistics.median(v) for key, v in cpu.items()}
    one, two = warm[1], warm[2]
    print(f"\n6x10 pentominoes: 9356 tilings, {nodes:,} search nodes; wall: median of {runs} "
          f"runs (range); busiest CPU: median")
    print(f"{'configuration':56} {'wall':>8} {'(range)':14} {'busiest CPU':>11} "
          f"{'vs 1 worker: median':>19} {'best':>5} {'CPU':>5}  depth/parts")
    for key in wall:
        print(f"{key:56} {summary(wall[key])} {cmed[key]:10.2f}s {med[one] / med[key]:18.2f}x "
              f"{best[one] / best[key]:5.2f}x {cmed[one] / cmed[key]:4.2f}x  "
              f"{cut.get(key, '-')}")
    paired = statistics.median(a / b for a, b in zip(cpu[one], cpu[two], strict=True))
    print(f"2 workers vs 1 (warm pools), target 1.8x: {med[one] / med[two]:.2f}x by median "
          f"wall time, {best[one] / best[two]:.2f}x by best wall time, {paired:.2f}x by the "
          f"busiest worker's CPU time (median over interleaved pairs of runs)")
    print(f"cold {cold_jobs} workers (pool started in the call) vs serial count: "
          f"{med[serial] / med[cold]:.2f}x by median wall time, "
          f"{best[serial] / best[cold]:.2f}x by best")
    print("'busiest CPU': CPU seconds of the worker that worked longest, i.e. the wall time "
          "on idle cores\n(splitting and start-up excluded).  On a machine shared with other "
          "work the wall times\nalso measure that load: compare the load averages.")


def bench_estimates() -> None:
    from dlx.examples import queens

    print("\nN-queens: Knuth's estimate from 1000 probes (seed 0) vs the true values")
    print(f"{'N':>3} {'true count':>11} {'estimate':>10} {'+- stderr':>10} {'ratio':>6} "
          f"{'seeds 0-9: min-max ratio':>25} {'true nodes':>11} {'est. nodes':>11} "
          f"{'ratio':>6} {'probe time':>10}")
    for n in range(10, 14):
        p = queens(n)
        true = p.count()
        e = p.estimate(1000, seed=0)
        ratios = [p.estimate(1000, seed=s).solutions / true.count for s in range(10)]
        print(f"{n:3} {true.count:11,} {e.solutions:10,.0f} {e.solutions_stderr:10,.0f} "
              f"{e.solutions / true.count:6.2f} {min(ratios):14.2f}-{max(ratios):.2f}"
              f"{'':6} {true.stats.nodes:11,} {e.nodes:11,.0f} "
              f"{e.nodes / true.stats.nodes:6.2f} {e.seconds * 1000:8.1f} ms")


class _Tee:
    """Standard output that is also kept, for --save."""

    def __init__(self, stream):
        self.stream = stream
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        self.parts.append(text)
        return self.stream.write(text)

    def flush(self) -> None:
        self.stream.flush()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="runs per configuration (default 3)")
    ap.add_argument("--workers", type=int, default=2,
                    help="largest number of workers to try (default 2)")
    ap.add_argument("--skip-count", action="store_true", help="only the estimator table")
    ap.add_argument("--save", action="store_true",
                    help="also write the report to benchmarks/results/parallel.txt "
                         "(replacing the last one; the report names the commit)")
    args = ap.parse_args()
    tee = _Tee(sys.stdout)
    sys.stdout = tee
    started = time.strftime("%Y-%m-%d %H:%M")
    print(f"date: {started}")
    print("numba-dlx: parallel counting and random-probe estimates")
    for line in machine():
        print(line)
    print(f"before: {load()}")
    if not args.skip_count:
        bench_pentominoes(args.runs, args.workers)
    bench_estimates()
    print(f"\nafter: {load()}")
    sys.stdout = tee.stream
    if args.save:
        path = os.path.join(ROOT, "benchmarks", "results", "parallel.txt")
        with open(path, "w") as f:
            f.write(f"python benchmarks/bench_parallel.py {' '.join(sys.argv[1:])}\n")
            f.write("".join(tee.parts))
        print(f"report: {os.path.relpath(path, ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
