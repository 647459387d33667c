"""Benchmark: parallel counting (1 vs 2 workers) and Knuth's random-probe estimator.

Run from the repository root::

    python benchmarks/bench_parallel.py            # 3 runs per configuration
    python benchmarks/bench_parallel.py --runs 5 --workers 4
    python benchmarks/bench_parallel.py --runs 5 --save   # also benchmarks/results/parallel.json

Prints two tables (``--save`` also writes them, every run, the machine, the
versions, the commit and the load averages to ``benchmarks/results/parallel.json``,
which ``report.py`` renders on the performance page; a tree with changes that
no commit holds is not saved there):

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

Targets: 2 workers at least 1.8x faster than 1 on the 6x10
count; the estimate within a factor of 2 of the true count for N = 10..13.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # this checkout's dlx comes first
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import _harness as H  # noqa: E402

RESULT = H.RESULTS / "parallel.json"


def machine() -> dict:
    """The machine and versions, as the other sections record them, with dask's version."""
    info = H.machine(H.DEFAULT_PY_SUDOKU)
    try:
        import distributed

        info["versions"]["dask.distributed"] = distributed.__version__
    except ImportError:
        info["versions"]["dask.distributed"] = None
    return info


def busiest(result) -> float:
    """CPU seconds of the busiest worker: the run's length on otherwise idle cores."""
    per: dict = {}
    for part in result.parts:
        per[part.worker] = per.get(part.worker, 0.0) + part.cpu
    return max(per.values())


def bench_pentominoes(runs: int, max_workers: int) -> dict:
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
                cut[key] = [r.depth, r.n_parts]
    finally:
        for pool in pools.values():
            pool.close()
    med = {key: statistics.median(v) for key, v in wall.items()}
    best = {key: min(v) for key, v in wall.items()}
    cmed = {key: statistics.median(v) for key, v in cpu.items()}
    one, two = warm[1], warm[2]
    rows = []
    for key in wall:
        rows.append({"configuration": key, "wall": H.Timing(wall[key]).to_dict(),
                     "busiest_cpu": H.Timing(cpu[key]).to_dict(),
                     "over_one_worker": {"median": med[one] / med[key],
                                         "best": best[one] / best[key],
                                         "cpu": cmed[one] / cmed[key]},
                     "depth_parts": cut.get(key)})
    paired = statistics.median(a / b for a, b in zip(cpu[one], cpu[two], strict=True))
    return {"solutions": 9356, "nodes": nodes, "runs": runs, "configurations": rows,
            "two_over_one": {"median": med[one] / med[two], "best": best[one] / best[two],
                             "cpu_paired": paired},
            "cold_jobs": cold_jobs,
            "cold_over_serial": {"median": med[serial] / med[cold],
                                 "best": best[serial] / best[cold]}}


def bench_estimates() -> list:
    from dlx.examples import queens

    out = []
    for n in range(10, 14):
        p = queens(n)
        true = p.count()
        e = p.estimate(1000, seed=0)
        ratios = [p.estimate(1000, seed=s).solutions / true.count for s in range(10)]
        out.append({"n": n, "count": true.count, "estimate": e.solutions,
                    "stderr": e.solutions_stderr, "seed_ratios": [min(ratios), max(ratios)],
                    "nodes": true.stats.nodes, "estimated_nodes": e.nodes,
                    "probe_seconds": e.seconds})
    return out


def markdown(result: dict) -> str:
    """The two tables of a run (either may be absent)."""
    parts = []
    pent = result.get("pentominoes")
    if pent:
        rows = []
        for c in pent["configurations"]:
            r = c["over_one_worker"]
            depth = "-" if not c["depth_parts"] else "{}/{}".format(*c["depth_parts"])
            rows.append([c["configuration"], H.fmt_range(c["wall"]),
                         H.fmt_num(c["busiest_cpu"]["median"]), f"{r['median']:.2f}x",
                         f"{r['best']:.2f}x", f"{r['cpu']:.2f}x", depth])
        two, cold = pent["two_over_one"], pent["cold_over_serial"]
        parts += [
            f"6x10 pentominoes: {pent['solutions']:,} tilings, {pent['nodes']:,} search nodes; "
            f"{pent['runs']} runs of each configuration, in turn.",
            H.md_table(["configuration", "wall, s", "busiest worker's CPU, s",
                        "over 1 worker: median wall", "best wall", "CPU", "depth/parts"],
                       rows, "lrrrrrr"),
            f"Two workers over one (warm pools), target 1.8x: {two['median']:.2f}x by median "
            f"wall time, {two['best']:.2f}x by best wall time, {two['cpu_paired']:.2f}x by the "
            "busiest worker's CPU time (median over interleaved pairs of runs). Cold, "
            f"{pent['cold_jobs']} workers (pool started in the call) over the serial count: "
            f"{cold['median']:.2f}x by median wall time, {cold['best']:.2f}x by best. "
            "Wall: median of the runs (min-max); *busiest worker's CPU*: the median CPU "
            "seconds of the worker that worked longest, the wall time on idle cores "
            "(splitting and start-up excluded).",
        ]
    est = result.get("estimates")
    if est:
        rows = [[e["n"], f"{e['count']:,}", f"{e['estimate']:,.0f}", f"{e['stderr']:,.0f}",
                 f"{e['estimate'] / e['count']:.2f}",
                 "{:.2f}-{:.2f}".format(*e["seed_ratios"]), f"{e['nodes']:,}",
                 f"{e['estimated_nodes']:,.0f}", f"{e['estimated_nodes'] / e['nodes']:.2f}",
                 f"{1000 * e['probe_seconds']:.1f}"] for e in est]
        parts += [
            "N-queens: Knuth's estimate from 1000 probes (seed 0) against the true values:",
            H.md_table(["N", "true count", "estimate", "+- stderr", "ratio",
                        "seeds 0-9: ratio min-max", "true nodes", "estimated nodes", "ratio",
                        "probe time, ms"], rows),
        ]
    return "\n\n".join(parts)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="runs per configuration (default 3)")
    ap.add_argument("--workers", type=int, default=2,
                    help="largest number of workers to try (default 2)")
    ap.add_argument("--skip-count", action="store_true", help="only the estimator table")
    ap.add_argument("--save", action="store_true",
                    help=f"also write the results to {H.portable(RESULT)} (replacing the "
                         "last ones); only from a tree that a commit holds")
    args = ap.parse_args(argv)
    info = machine()
    if H.refuse_dirty(info, "python benchmarks/bench_parallel.py (without --save)") and \
            args.save:
        H.say("bench_parallel.py: not measured; --save takes runs of a commit only")
        return 2
    started = datetime.datetime.now()
    before = H.load()
    H.say(f"parallel counting and estimates (load {before})")
    result: dict = {}
    if not args.skip_count:
        result["pentominoes"] = bench_pentominoes(args.runs, args.workers)
    result["estimates"] = bench_estimates()
    print(markdown(result))
    if args.save:
        H.write_json(RESULT, {
            "section": "parallel", "date": started.strftime("%Y-%m-%d %H:%M"),
            "command": "python benchmarks/bench_parallel.py " + " ".join(
                sys.argv[1:] if argv is None else argv),
            "machine": info, "settings": vars(args),
            "load": {"before": before, "after": H.load()}, "result": result})
        H.say(f"results: {H.portable(RESULT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
