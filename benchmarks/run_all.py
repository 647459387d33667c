"""Run every benchmark section in one process tree and write the results.

    python benchmarks/run_all.py            # the full run (about half an hour)
    python benchmarks/run_all.py --quick    # a short smoke run
    python benchmarks/run_all.py --only sudoku --only startup

Each section it runs is written to ``benchmarks/results/<section>.json`` as
soon as it ends (every number and run, the machine, the versions, the
settings, the date and the commit), replacing that section's previous results;
git keeps the history.  A tree with changes that no commit holds is not
measured into ``benchmarks/results/``: the run stops at once and says so
(``--out DIR`` or ``--quick`` measure it elsewhere, marked as modified).
Then it prints the tables (``report.py`` renders them from those files;
progress goes to stderr), rewrites the tables of ``docs/performance.md`` and
redraws the plots in ``docs/img/`` from them.

``--quick`` writes to ``benchmarks/results/tmp/`` instead (ignored by git) and
leaves the page and the plots alone.  Sections: ``cover`` (generic exact
cover, beside Knuth's DLX1 and SSXCC), ``memo`` (memoised counting against plain
counting and dxz), ``multiplicity`` (items with bounds, against Knuth's DLX3), ``sudoku``,
``native`` (beside tdoku's benchmark program, when present), ``files`` (reading and
writing files of puzzles, and ``sudoku solve FILE`` against the library),
``startup`` (whole processes, warm and empty numba cache),
``memory`` (peak RSS of the CLI on a small and a large file), ``web`` (server
time of ``sudoku serve``'s API requests).  See
``benchmarks/README.md``.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
if str(HERE.parent) not in sys.path:
    sys.path.insert(1, str(HERE.parent))  # this checkout's dlx and sudoku come first

import _harness as H  # noqa: E402
import report  # noqa: E402

SECTIONS = report.SECTIONS


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description="numba-dlx benchmarks against named peers (see benchmarks/README.md).")
    p.add_argument("--quick", action="store_true",
                   help="short smoke run: small instances, few puzzles, few runs")
    p.add_argument("--only", action="append", metavar="SECTION",
                   help=f"run only these sections (repeatable or comma separated): "
                        f"{', '.join(SECTIONS)}")
    p.add_argument("--repeat", type=int, help="runs per measurement (default 5; quick 2)")
    p.add_argument("--cold-repeat", type=int,
                   help="runs per empty-cache measurement (default 3; quick 1)")
    p.add_argument("--budget", type=float,
                   help="seconds after which a measurement stops repeating (at least one "
                        "run; default 60; quick 10)")
    p.add_argument("--min-seconds", type=float,
                   help="the Sudoku section's rounds of solve and check on one and two "
                        "threads go on past --repeat until they have used this many "
                        "seconds, up to 6x --repeat rounds (default 10; quick 0)")
    p.add_argument("--data", type=Path, default=H.DEFAULT_DATA,
                   help=f"Sudoku data directory (default {H.DEFAULT_DATA})")
    p.add_argument("--max-puzzles", type=int,
                   help="puzzles per file at most, an evenly spaced sample; 0 = all "
                        "(default 10000; quick 200)")
    p.add_argument("--peer-sample", type=int,
                   help="puzzles per file for xcover and exact-cover (default 200; quick 20)")
    p.add_argument("--slow-sample", type=int,
                   help="puzzles per file for the baseline and py-sudoku (default 10; quick 3)")
    p.add_argument("--cap", type=float,
                   help="per-puzzle time cap of a peer, seconds (default 5; quick 2)")
    p.add_argument("--peer-budget", type=float,
                   help="seconds a peer may spend on one file and mode (default 20; quick 5)")
    p.add_argument("--cover-cap", type=float,
                   help="seconds the baseline may spend on one exact-cover instance "
                        "(default 30; quick 5)")
    p.add_argument("--sudoku-cap", type=float,
                   help="numba-dlx's per-puzzle timeout; puzzles it stops are left out "
                        "(default 10; quick 2)")
    p.add_argument("--memory-lines", type=int,
                   help="lines of the large file of the memory section (default 1000000; "
                        "quick 50000)")
    p.add_argument("--py-sudoku", type=Path, default=H.DEFAULT_PY_SUDOKU,
                   help="directory holding py-sudoku (pip install --target DIR py-sudoku; "
                        f"default {H.DEFAULT_PY_SUDOKU}, or $DLX_BENCH_PY_SUDOKU)")
    p.add_argument("--no-cli", action="store_true", help="skip the CLI runs of the sudoku section")
    p.add_argument("--dlx3", type=Path,
                   help="Knuth's DLX3, built from his dlx3.w, for the multiplicity section "
                        "(default $DLX_BENCH_DLX3 or ~/.cache/numba-dlx-bench/dlx3)")
    p.add_argument("--memo-plain-timeout", type=float,
                   help="seconds plain counting may take on a problem of the memo section "
                        "(default 60; quick 5)")
    p.add_argument("--knuth-bin", type=Path,
                   help="directory holding Knuth's dlx1 and ssxcc, for the cover section "
                        "(default $DLX_BENCH_KNUTH or ../shared/bin beside the repository)")
    p.add_argument("--out", type=Path,
                   help="results directory (default benchmarks/results/; with --quick "
                        "benchmarks/results/tmp/, which git ignores)")
    p.add_argument("--plots", type=Path,
                   help="directory for the PNG plots (default: docs/img when the results go "
                        "to the default directory, none with --quick or --out)")
    args = p.parse_args(argv)
    quick = args.quick
    defaults = {"repeat": (5, 2), "cold_repeat": (3, 1), "budget": (60.0, 10.0),
                "min_seconds": (10.0, 0.0),
                "max_puzzles": (10000, 200), "peer_sample": (200, 20), "slow_sample": (10, 3),
                "cap": (5.0, 2.0), "peer_budget": (20.0, 5.0), "cover_cap": (30.0, 5.0),
                "sudoku_cap": (10.0, 2.0), "memory_lines": (1_000_000, 50_000),
                "memo_plain_timeout": (60.0, 5.0)}
    for name, (full, short) in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, short if quick else full)
    only = []
    for item in args.only or []:
        only += [s.strip() for s in item.split(",") if s.strip()]
    bad = [s for s in only if s not in SECTIONS]
    if bad:
        p.error(f"unknown section {bad[0]!r}; choose from {', '.join(SECTIONS)}")
    args.sections = [s for s in SECTIONS if not only or s in only]
    if args.out is None:
        args.out = H.SCRATCH if quick else H.RESULTS
    elif quick and args.out.resolve() == H.RESULTS.resolve():
        p.error("--quick results do not go to benchmarks/results/: they would replace a "
                "full run's")
    # Only results in the committed place may change what the docs show.
    args.publish = args.out.resolve() == H.RESULTS.resolve()
    if args.plots is None and args.publish:
        args.plots = H.REPO / "docs" / "img"
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    command = "python benchmarks/run_all.py " + " ".join(sys.argv[1:] if argv is None
                                                         else argv)
    machine = H.machine(args.py_sudoku)  # the tree when the run starts is what is measured
    if H.refuse_dirty(machine, "python benchmarks/run_all.py --out DIR ... (or --quick)"):
        if args.publish:
            # The committed results, and the page made from them, name a commit.
            H.say("run_all.py: not measured; benchmarks/results/ takes runs of a commit only")
            return 2
        H.say(f"run_all.py: measuring a modified tree into {H.portable(args.out)} anyway")
    settings = {k: (H.portable(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}
    docs = {}
    caches = H.CacheDirs()
    try:
        for section in args.sections:
            before = H.load()
            started = datetime.datetime.now()
            t0 = time.perf_counter()
            H.say(f"== {section} (load {before})")
            result = _in_own_process(section, args, caches)
            docs[section] = {
                "section": section, "date": started.strftime("%Y-%m-%d %H:%M"),
                "command": command, "machine": machine, "settings": settings,
                "load": {"before": before, "after": H.load(),
                         "seconds": time.perf_counter() - t0},
                "result": result}
            # Written at once: a later section that fails does not lose this one.
            path = report.section_path(args.out, section)
            H.write_json(path, docs[section])
            H.say(f"results: {path}")
    finally:
        caches.close()
    print(report.render(docs, "numba-dlx benchmarks" + (" (quick smoke run)" if args.quick
                                                        else "")))
    if args.publish:
        changed = report.write_page(args.out)
        H.say(f"{report.PAGE.relative_to(H.REPO)}: "
              f"{'tables rewritten' if changed else 'tables unchanged'}")
    if args.plots:
        try:
            import plot
        except ImportError as exc:  # matplotlib missing
            H.say(f"no plots: {exc}")
        else:
            for path in plot.make_plots(docs, args.plots):  # the sections this run measured
                H.say(f"plot: {path}")
    return 0


def _in_own_process(section: str, args, caches):
    """Run one section in a new process (spawned), so that what an earlier section
    left in this one (its objects, a fragmented heap) does not slow its timings:
    after the sudoku section, `solve_all`'s results took 30% longer to build."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(_run_section, section, args, caches).result()


def _run_section(section: str, args, caches):
    return report.module(section).run(args, caches)


if __name__ == "__main__":
    sys.exit(main())
