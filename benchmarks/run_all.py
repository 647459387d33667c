"""Run every benchmark section in one process tree and write the results.

    python benchmarks/run_all.py            # the full run (about half an hour)
    python benchmarks/run_all.py --quick    # a short smoke run
    python benchmarks/run_all.py --only sudoku --only startup

Writes ``benchmarks/results/<date>-<host>[-quick][-only-...]-<commit>.json`` (raw
numbers, every run) and ``.md`` (the tables), prints the tables on stdout
(progress goes to stderr) and, for a full run, redraws the plots in
``docs/img/``.  Sections: ``cover`` (generic exact cover), ``sudoku``,
``startup`` (whole processes, warm and empty numba cache), ``memory`` (peak
RSS of the CLI on a small and a large file).  See ``benchmarks/README.md``.
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

SECTIONS = ("cover", "sudoku", "startup", "memory")


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
    p.add_argument("--out", type=Path, default=H.RESULTS, help="results directory")
    p.add_argument("--plots", type=Path,
                   help="directory for the PNG plots (default: docs/img for a full run, none "
                        "for --quick or --only)")
    args = p.parse_args(argv)
    quick = args.quick
    defaults = {"repeat": (5, 2), "cold_repeat": (3, 1), "budget": (60.0, 10.0),
                "min_seconds": (10.0, 0.0),
                "max_puzzles": (10000, 200), "peer_sample": (200, 20), "slow_sample": (10, 3),
                "cap": (5.0, 2.0), "peer_budget": (20.0, 5.0), "cover_cap": (30.0, 5.0),
                "sudoku_cap": (10.0, 2.0), "memory_lines": (1_000_000, 50_000)}
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
    if args.plots is None and not quick and not only:
        args.plots = H.REPO / "docs" / "img"
    return args


def _module(section):
    import importlib

    return importlib.import_module(f"bench_{section}")


# ---------------------------------------------------------------- targets
def targets(res: dict) -> list:
    """(target, measured, verdict) for each target of the issue that this run measured."""
    import bench_sudoku

    out = []

    def verdict(ok):
        return "met" if ok else "**missed**"

    cover = res.get("cover")
    if cover:
        by_name = {e["name"]: e["solvers"] for e in cover["instances"]}
        pent = by_name.get("pentomino 6x10")
        if pent and "timing" in pent.get("numba-dlx", {}) and "timing" in pent.get("xcover", {}):
            ours, xc = pent["numba-dlx"]["timing"], pent["xcover"]["timing"]
            out.append(("pentomino 6x10, all 9356 tilings: no slower than xcover",
                        f"{H.fmt_range(ours)} s vs xcover {H.fmt_range(xc)} s",
                        verdict(ours["median"] <= xc["median"])))
        q13 = by_name.get("13-queens")
        if q13 and "timing" in q13.get("numba-dlx", {}):
            t = q13["numba-dlx"]["timing"]
            out.append(("13-queens count under 0.3 s", f"{H.fmt_range(t)} s",
                        verdict(t["median"] < 0.3)))
    sud = res.get("sudoku")
    if sud:
        files = {e["file"]: e for e in sud["files"] if "solve_1" in e}
        for name, bar in (("17clue.txt", 25), ("top1465.txt", 150),
                          ("hardest1905_11plus.txt", 600)):
            e = files.get(name)
            if not e:
                continue
            s1 = e["solve_1"]["us_per_puzzle"]
            out.append((f"{name}, one thread: at most {bar} us/puzzle",
                        f"{H.fmt_range(s1)} us", verdict(s1["median"] <= bar)))
        for name in ("17clue.txt", "top1465.txt", "hardest1905_11plus.txt"):
            e = files.get(name)
            if not e:
                continue
            r = bench_sudoku.ratios(e)[1]
            out.append((f"{name}: uniqueness check at most 1.3x solve", f"{r:.2f}x",
                        verdict(r <= 1.3)))
        for name in ("17clue.txt", "top1465.txt", "hardest1905_11plus.txt"):
            e = files.get(name)
            if not e:
                continue
            r = bench_sudoku.ratios(e)[0]
            measured = f"{r:.2f}x"
            if e.get("kernel_speedup_2"):
                # What the machine gives two threads of pure kernel work, for comparison.
                measured += f" (kernel alone {e['kernel_speedup_2']:.2f}x)"
            out.append((f"{name}: two threads at least 1.8x one thread", measured,
                        verdict(r >= 1.8)))
    st = res.get("startup")
    if st:
        w = st["solve_warm"]["seconds"]
        out.append(("warm `sudoku solve` of one puzzle, whole process: under 1 s",
                    f"{H.fmt_range(w)} s", verdict(w["median"] < 1)))
        e = st["solve_empty"]["seconds"]
        says = st["solve_empty"]["says_compiling"]
        out.append(("first run after install: under 8 s and says it is compiling",
                    f"{H.fmt_range(e)} s, " + ("says so" if says else "does not say so"),
                    verdict(e["median"] < 8 and says)))
    mem = res.get("memory")
    if mem:
        g = mem["growth_mib"]
        base = [r["maxrss_kib"] / 1024 for r in mem["runs"] if r["label"].startswith("medium")]
        if base:
            # Growing with the file would mean about 10x the per-puzzle memory for 10x
            # the lines; a bounded working set moves by a few per cent at most.
            out.append(("memory does not grow with the file (10x the lines: under 10% more)",
                        f"{g:+.1f} MiB ({100 * g / base[0]:+.1f}%)",
                        verdict(g < 0.1 * base[0])))
    return out


# ----------------------------------------------------------------- output
def _versions_table(m: dict) -> str:
    rows = [["host", m["host"]], ["CPU", m["cpu"]],
            ["cores", f"{m['cores']} ({m['cores_usable']} usable)"],
            ["memory", f"{m['memory_gib']} GiB"], ["OS", m["os"]],
            ["Python", f"{m['python']} ({m['implementation']})"], ["numba-dlx commit", m["git"]]]
    for name, v in m["versions"].items():
        rows.append([name, v or "not installed"])
    return H.md_table(["", ""], rows, "ll")


def _method(args) -> str:
    return "\n".join([
        f"- Wall clock (`time.perf_counter`); each measurement is run up to {args.repeat} "
        f"times (at least once, fewer once it has used {H.fmt_num(args.budget)} s) and "
        "reported as the median with the range (min-max) of its runs; the number of runs "
        "is in the JSON. The Sudoku section's four configurations (solve and check, one "
        "and two threads) run in turn, round by round, and go on past that until they have "
        f"used {H.fmt_num(args.min_seconds)} s (at most "
        f"{H.MAX_ROUNDS_FACTOR * args.repeat} rounds); ratios between them are medians of "
        "the ratios within a round.",
        "- *Warm*: kernels compiled or loaded before the clock starts (in-process), or a "
        "new process with a filled numba cache. *Empty cache* (cold): a new process with a "
        f"new, empty `NUMBA_CACHE_DIR`, {args.cold_repeat} run(s).",
        "- Every solver runs in the same run, on the same machine, on the same problems; "
        "counts and verdicts are checked against known values and against numba-dlx.",
        f"- Sudoku files longer than {args.max_puzzles:,} puzzles are thinned to an evenly "
        f"spaced sample. Peers: xcover and exact-cover on {args.peer_sample} puzzles per file, "
        f"the baseline and py-sudoku on {args.slow_sample}, with a {H.fmt_num(args.cap)} s "
        f"cap per puzzle and {H.fmt_num(args.peer_budget)} s per file and mode.",
    ])


def markdown(results: dict, args) -> str:
    m = results["machine"]
    parts = [f"# numba-dlx benchmarks, {results['date']}, {m['host']}"
             + (" (quick smoke run)" if args.quick else ""),
             "Command: `" + results["command"] + "`",
             "## Machine and versions", _versions_table(m),
             "## Method", _method(args)]
    loads = results["load"]
    parts.append("Load average (1, 5, 15 min) before and after each section: "
                 + "; ".join(f"{k} {v['before']} -> {v['after']}" for k, v in loads.items())
                 + ".")
    tg = targets(results["sections"])
    if tg:
        parts += ["## Targets", H.md_table(["target", "measured", "verdict"],
                                           [list(t) for t in tg], "lll")]
    titles = {"cover": "Generic exact cover", "sudoku": "Sudoku", "startup": "Start-up",
              "memory": "Memory"}
    for section in args.sections:
        if section in results["sections"]:
            parts += [f"## {titles[section]}",
                      _module(section).markdown(results["sections"][section])]
    return "\n\n".join(parts) + "\n"


def main(argv=None) -> int:
    args = parse_args(argv)
    started = datetime.datetime.now()
    results = {"date": started.strftime("%Y-%m-%d %H:%M"),
               "command": "python benchmarks/run_all.py " + " ".join(sys.argv[1:] if argv is None
                                                                     else argv),
               "machine": H.machine(args.py_sudoku),
               "settings": {k: (str(v) if isinstance(v, Path) else v)
                            for k, v in vars(args).items()},
               "load": {}, "sections": {}}
    caches = H.CacheDirs()
    try:
        for section in args.sections:
            before = H.load()
            t0 = time.perf_counter()
            H.say(f"== {section} (load {before})")
            results["sections"][section] = _module(section).run(args, caches)
            results["load"][section] = {"before": before, "after": H.load(),
                                        "seconds": time.perf_counter() - t0}
    finally:
        caches.close()
    tags = ["quick"] if args.quick else []
    if len(args.sections) < len(SECTIONS):
        tags += ["only", *args.sections]
    # Named after the tree the run started from: a file edited during a long run
    # does not make its results "dirty".
    name = H.result_stem(f"{started:%Y-%m-%d}", results["machine"]["host"], *tags,
                         git=results["machine"].get("git"))
    args.out.mkdir(parents=True, exist_ok=True)
    H.write_json(args.out / f"{name}.json", results)
    text = markdown(results, args)
    (args.out / f"{name}.md").write_text(text)
    print(text)
    if args.plots:
        try:
            import plot
        except ImportError as exc:  # matplotlib missing
            H.say(f"no plots: {exc}")
        else:
            for path in plot.make_plots(results, args.plots):
                H.say(f"plot: {path}")
    H.say(f"results: {args.out / name}.json and .md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
