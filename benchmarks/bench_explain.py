"""Explanations against HoDoKu: how often each solves a puzzle without a guess, and how alike
their ratings are.

For each puzzle set of the shared data present (absent ones are skipped), an
evenly spaced sample (``--sets NAME:EVERY:LIMIT``) is explained by
`sudoku.logic.explain` and solved by hodoku-py (PyPI ``hodoku-py``, a Python
port of HoDoKu, the reference human-style solver), both in this process, one
puzzle at a time.  Per set:

* guess-free: puzzles solved without a guess (ours: no ``guess`` step;
  HoDoKu: no brute-force step and solved), and ours as a share of HoDoKu's;
* level agreement: our five levels read as HoDoKu's five, in order (easy =
  EASY, medium = MEDIUM, hard = HARD, expert = UNFAIR, extreme = EXTREME):
  exact, and at most one apart;
* Spearman's rank correlation of our score with HoDoKu's;
* seconds per puzzle (median and most), and HoDoKu's time over ours, puzzle
  for puzzle (median).

Without hodoku-py only our side is measured.  ``--uniqueness/--no-uniqueness``
is passed to ours when it takes it; HoDoKu runs with its default steps (which
use uniqueness).  ``--save`` writes ``benchmarks/results/explain.json`` (from a
committed tree only, as the other sections); ``--out PATH`` writes elsewhere.

Run from the repository root::

    python benchmarks/bench_explain.py                 # the default sample, a few minutes
    python benchmarks/bench_explain.py --sets top95.txt:1:95 --no-hodoku
"""

from __future__ import annotations

import argparse
import inspect
import statistics
import sys
import time
from pathlib import Path

from _harness import (
    DEFAULT_DATA,
    DEFAULT_PY_SUDOKU,
    RESULTS,
    fmt_num,
    load,
    machine,
    md_table,
    portable,
    refuse_dirty,
    say,
    write_json,
)

DEFAULT_SETS = ("easy_sample.txt:620:10", "17clue.txt:4900:10", "norvig_hardest.txt:1:11",
                "top95.txt:3:32", "top1465.txt:49:30", "hardest1106.txt:25:15",
                "hardest1905_11plus.txt:1950:25")
QUICK_SETS = ("norvig_hardest.txt:1:11", "top95.txt:10:10", "top1465.txt:147:10")
LEVELS = ("easy", "medium", "hard", "expert", "extreme")
HODOKU_LEVELS = ("EASY", "MEDIUM", "HARD", "UNFAIR", "EXTREME")
HODOKU_GUESSES = {"BRUTE_FORCE", "GIVE_UP", "INCOMPLETE"}


# ------------------------------------------------------------------ statistics
def ranks(xs: list) -> list:
    """Ranks from 1, ties given their mean rank."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: list, ys: list) -> float:
    """Spearman's rank correlation (Pearson's on the ranks); nan when undefined."""
    if len(xs) < 3:
        return float("nan")
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if not sxx or not syy:
        return float("nan")
    return sxy / (sxx * syy) ** 0.5


# ------------------------------------------------------------------ the two solvers
def ours(line: str, uniqueness: bool | None) -> dict:
    from sudoku.logic import explain

    kwargs = {}
    if uniqueness is not None and "uniqueness" in inspect.signature(explain).parameters:
        kwargs["uniqueness"] = uniqueness
    t = time.perf_counter()
    e = explain(line, **kwargs)
    seconds = time.perf_counter() - t
    r = e.rating
    first_guess = next((s.text for s in e.steps if s.technique == "guess"), None)
    return {"seconds": seconds, "guesses": e.guesses,
            "score": r.score if r else None, "level": r.level if r else None,
            "hardest": r.hardest if r else None, "first_guess": first_guess}


def hodoku_solver():
    try:
        from hodoku import Solver
    except ImportError:
        return None
    return Solver()


def hodoku(solver, line: str) -> dict:
    t = time.perf_counter()
    r = solver.solve(line)
    seconds = time.perf_counter() - t
    types = [s.type.name for s in r.steps]
    guessed = not r.solved or any(t in HODOKU_GUESSES for t in types)
    return {"seconds": seconds, "guessed": guessed, "score": r.score, "level": r.level.name}


# ------------------------------------------------------------------ one set
def parse_set(spec: str) -> tuple[str, int, int | None]:
    name, *rest = spec.split(":")
    every = int(rest[0]) if rest and rest[0] else 1
    limit = int(rest[1]) if len(rest) > 1 and rest[1] else None
    return name, every, limit


def sample(path: Path, every: int, limit: int | None) -> list[str]:
    lines = [ln.strip() for ln in path.read_text().splitlines() if ln.strip()]
    return lines[::every][:limit]


def run_set(path: Path, every: int, limit: int | None, solver, uniqueness) -> dict:
    rows = []
    for k, line in enumerate(sample(path, every, limit)):
        row = {"puzzle": line, "ours": ours(line, uniqueness)}
        if solver is not None:
            row["hodoku"] = hodoku(solver, line)
        rows.append(row)
        if (k + 1) % 10 == 0:
            say(f"  {path.name}: {k + 1} puzzles")
    return {"file": path.name, "every": every, "limit": limit, "puzzles": rows,
            "summary": summarise(rows)}


def summarise(rows: list) -> dict:
    n = len(rows)
    ours_free = sum(1 for r in rows if r["ours"]["guesses"] == 0)
    t_ours = [r["ours"]["seconds"] for r in rows]
    out: dict = {"n": n, "ours_guess_free": ours_free,
                 "ours_seconds_median": statistics.median(t_ours) if t_ours else None,
                 "ours_seconds_max": max(t_ours, default=None)}
    paired = [r for r in rows if "hodoku" in r and r["ours"]["level"] is not None]
    if not paired:
        return out
    h_free = [r for r in paired if not r["hodoku"]["guessed"]]
    both = sum(1 for r in h_free if r["ours"]["guesses"] == 0)
    gaps = [abs(LEVELS.index(r["ours"]["level"]) - HODOKU_LEVELS.index(r["hodoku"]["level"]))
            for r in paired if r["hodoku"]["level"] in HODOKU_LEVELS]
    t_h = [r["hodoku"]["seconds"] for r in paired]
    out.update({
        "hodoku_guess_free": len(h_free),
        "ours_guess_free_of_hodokus": both,
        "share_of_hodokus": both / len(h_free) if h_free else None,
        "level_exact": sum(1 for g in gaps if g == 0) / len(gaps) if gaps else None,
        "level_within_one": sum(1 for g in gaps if g <= 1) / len(gaps) if gaps else None,
        "spearman": spearman([r["ours"]["score"] for r in paired],
                             [r["hodoku"]["score"] for r in paired]),
        "hodoku_seconds_median": statistics.median(t_h),
        "hodoku_seconds_max": max(t_h),
        "speedup_median": statistics.median(
            r["hodoku"]["seconds"] / max(r["ours"]["seconds"], 1e-9) for r in paired),
        "speedup_min": min(
            r["hodoku"]["seconds"] / max(r["ours"]["seconds"], 1e-9) for r in paired),
    })
    return out


# ------------------------------------------------------------------ output
def pct(x) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def table(sets: list) -> str:
    headers = ["set", "puzzles", "guess-free: ours", "HoDoKu", "ours of HoDoKu's",
               "level exact", "within one", "Spearman", "s/puzzle ours (max)",
               "HoDoKu (max)", "HoDoKu/ours (min)"]
    rows = []
    for s in sets:
        m = s["summary"]
        h = "hodoku_guess_free" in m
        rows.append([
            s["file"], m["n"], m["ours_guess_free"],
            m["hodoku_guess_free"] if h else "-",
            pct(m.get("share_of_hodokus")) if h else "-",
            pct(m.get("level_exact")), pct(m.get("level_within_one")),
            fmt_num(m.get("spearman"), 2) if h else "-",
            f"{fmt_num(m['ours_seconds_median'])} ({fmt_num(m['ours_seconds_max'])})",
            f"{fmt_num(m['hodoku_seconds_median'])} ({fmt_num(m['hodoku_seconds_max'])})"
            if h else "-",
            f"{fmt_num(m['speedup_median'], 2)} ({fmt_num(m['speedup_min'], 2)})" if h else "-",
        ])
    return md_table(headers, rows)


def guesses_table(sets: list, most: int) -> str:
    """Where ours guessed and HoDoKu did not: the first guess of each."""
    rows = []
    for s in sets:
        for r in s["puzzles"]:
            if r["ours"]["guesses"] and "hodoku" in r and not r["hodoku"]["guessed"]:
                rows.append([s["file"], r["puzzle"], r["hodoku"]["level"],
                             r["ours"]["first_guess"]])
    return md_table(["set", "puzzle", "HoDoKu level", "our first guess"], rows[:most],
                    "llll")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA,
                    help="the puzzle sets' directory (default ../shared/data/sudoku)")
    ap.add_argument("--sets", nargs="+", metavar="NAME:EVERY:LIMIT",
                    help="sets to sample: every EVERY-th puzzle, at most LIMIT of them")
    ap.add_argument("--quick", action="store_true", help="a small sample (about a minute)")
    ap.add_argument("--no-hodoku", action="store_true", help="measure ours alone")
    ap.add_argument("--uniqueness", action=argparse.BooleanOptionalAction, default=None,
                    help="pass uniqueness=... to sudoku.logic.explain (when it takes it)")
    ap.add_argument("--show-guesses", type=int, default=0, metavar="N",
                    help="list up to N puzzles where only ours guessed")
    ap.add_argument("--save", action="store_true",
                    help="write benchmarks/results/explain.json (committed tree only)")
    ap.add_argument("--out", type=Path, help="write the results as JSON here")
    args = ap.parse_args(argv)

    info = machine(DEFAULT_PY_SUDOKU)
    if args.save and refuse_dirty(info, "python benchmarks/bench_explain.py --out PATH"):
        return 1
    solver = None if args.no_hodoku else hodoku_solver()
    if solver is None and not args.no_hodoku:
        say("hodoku-py is not installed (pip install hodoku-py): measuring ours alone")
    if solver is not None:
        from importlib import metadata
        info["versions"]["hodoku-py"] = metadata.version("hodoku-py")
    specs = args.sets or (QUICK_SETS if args.quick else DEFAULT_SETS)
    ours("." * 81, args.uniqueness)  # untimed: compiles (or loads) the search kernels
    before = load()
    sets = []
    for spec in specs:
        name, every, limit = parse_set(spec)
        path = args.data / name
        if not path.is_file():
            say(f"{portable(path)} is absent: skipped")
            continue
        say(f"{name}: every {every}th, at most {limit or 'all'}")
        sets.append(run_set(path, every, limit, solver, args.uniqueness))
    if not sets:
        say(f"no puzzle set found in {portable(args.data)}")
        return 0
    print(table(sets))
    if args.show_guesses:
        print()
        print(guesses_table(sets, args.show_guesses))
    out = args.out or (RESULTS / "explain.json" if args.save else None)
    if out is not None:
        write_json(out, {"machine": info, "load": [before, load()], "data": portable(args.data),
                         "uniqueness": args.uniqueness, "sets": sets})
        say(f"wrote {portable(out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
