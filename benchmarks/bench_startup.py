"""Start-up: whole processes, with a warm numba cache and with an empty one.

An *empty cache* run is the first run after installing: the process gets a
new, empty ``NUMBA_CACHE_DIR``, so every kernel it uses is compiled.  A *warm
cache* run uses a cache directory that an earlier run filled, so kernels are
loaded from disk.  Each is a new process timed from outside (wall clock, from
``fork`` to exit), so Python start-up and imports are included.

* ``sudoku --help`` (imports no numba);
* ``sudoku solve ONE.txt`` on one puzzle (the first of top95.txt, or a
  built-in one), warm and empty cache; an empty-cache run must say on stderr
  that it is compiling;
* a new Python process counting 8-queens with numba-dlx, xcover (which
  compiles its kernels when imported) and exact-cover (C, nothing to compile):
  the in-process time of the first count (imports + compile or load + count) and
  of a second count, and the whole process;
* small jobs against ``python -c "import numba"``, warm cache, the two run in
  turn (A B A B ...), each ratio taken within its pair and the median quoted:
  the commands a person types on one puzzle, ``dlx count`` on
  puzzles/queens8.dlx, and, for reference, a 16x16 puzzle, a hardest-list
  puzzle and a whole file of 17-clue puzzles.  The ratio is what the targets
  name, because absolute times move between machines.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from pathlib import Path

import _harness as H
import _peers
from _harness import Timing, child_env, console_script, fmt_range, md_table, run_child, say

FALLBACK_PUZZLE = ("4.....8.5.3..........7......2.....6.....8.4......1......."
                   "6.3.7.5..2.....1.4......")

SCRIPTS = {
    "numba-dlx": """
import json, time
t0 = time.perf_counter()
from dlx.examples import queens
p = queens(8)
t1 = time.perf_counter()
c = p.count().count
t2 = time.perf_counter()
p.count()
t3 = time.perf_counter()
print(json.dumps({"build": t1 - t0, "first": t2 - t0, "second": t3 - t2, "count": c}))
""",
    "xcover": """
import json, time
t0 = time.perf_counter()
import xcover
from xcover.solvers import input_as_arrays
n = 8
opts = [[f"R{r}", f"C{c}", f"A{r + c}", f"B{r - c + n - 1}"] for r in range(n) for c in range(n)]
prim = [f"R{i}" for i in range(n)] + [f"C{i}" for i in range(n)]
sec = [f"A{k}" for k in range(2 * n - 1)] + [f"B{k}" for k in range(2 * n - 1)]
arrays = input_as_arrays(opts, primary=prim, secondary=sec)
t1 = time.perf_counter()
c = sum(1 for _ in xcover.algorithm_c(*arrays))
t2 = time.perf_counter()
sum(1 for _ in xcover.algorithm_c(*arrays))
t3 = time.perf_counter()
print(json.dumps({"build": t1 - t0, "first": t2 - t0, "second": t3 - t2, "count": c}))
""",
    "exact-cover": """
import json, time
t0 = time.perf_counter()
import numpy as np
from exact_cover import get_solution_count
n = 8
m = np.zeros((n * n + 2 * (2 * n - 1), 2 * n + 2 * (2 * n - 1)), dtype=bool)
for r in range(n):
    for c in range(n):
        k = r * n + c
        m[k, [r, n + c, 2 * n + r + c, 2 * n + 2 * n - 1 + r - c + n - 1]] = True
for s in range(2 * (2 * n - 1)):
    m[n * n + s, 2 * n + s] = True
t1 = time.perf_counter()
c = int(get_solution_count(m))
t2 = time.perf_counter()
get_solution_count(m)
t3 = time.perf_counter()
print(json.dumps({"build": t1 - t0, "first": t2 - t0, "second": t3 - t2, "count": c}))
""",
}


# The targets: the ratio to `python -c "import numba"`, whole processes, of each group
# of small jobs (what the page calls it, the ratio, the jobs); other jobs are references.
TARGET_GROUPS = (
    ("`sudoku solve`, `check`, `count`, `candidates` of one 9x9 puzzle", 0.5,
     ("solve", "check", "count", "candidates")),
    ("`sudoku hint`, `explain`, `rate` of one 9x9 puzzle", 0.6, ("hint", "explain", "rate")),
    ("`dlx count puzzles/queens8.dlx`", 0.6, ("dlx count queens8",)),
)
PAIRED_TARGETS = {label: goal for _, goal, labels in TARGET_GROUPS for label in labels}
ONE_PUZZLE_COMMANDS = TARGET_GROUPS[0][2] + TARGET_GROUPS[1][2]


def _first_line(path: Path) -> str | None:
    """The first puzzle of a one-line file (comments skipped), None if there is no file."""
    if not path.is_file():
        return None
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith(("#", ";")):
            return line.split()[0]
    return None


def _one_puzzle(data: Path) -> str:
    return _first_line(data / "top95.txt") or FALLBACK_PUZZLE


def _paired_jobs(args, tmp: Path, one: Path) -> list:
    """(label, command) of each small job, the data it needs permitting."""
    sudoku, dlx = console_script("sudoku"), console_script("dlx")
    jobs = [(name, sudoku + [name, str(one)]) for name in ONE_PUZZLE_COMMANDS]
    jobs.append(("dlx count queens8", dlx + ["count", str(H.REPO / "puzzles" / "queens8.dlx")]))
    for label, path in (("solve one 16x16", H.REPO / "puzzles" / "16x16.txt"),
                        ("solve one hardest-list 9x9", args.data / "hardest1905_11plus.txt")):
        line = _first_line(path)
        if line is not None:
            f = tmp / (label.replace(" ", "_") + ".txt")
            f.write_text(line + "\n")
            jobs.append((label, sudoku + ["solve", str(f)]))
    whole = args.data / "17clue.txt"
    if whole.is_file():
        jobs.append(("solve 17clue.txt (49,158 puzzles)", sudoku + ["solve", str(whole)]))
    return jobs


def _paired(cmd, ref, env, repeat) -> dict:
    """``cmd`` and ``ref`` in turn, ``repeat`` pairs after one of each unmeasured."""
    run_child(cmd, env=env)
    run_child(ref, env=env)
    a, b, codes = [], [], []
    for _ in range(max(repeat, 1)):
        child = run_child(cmd, env=env)
        a.append(child.wall)
        codes.append(child.returncode)
        b.append(run_child(ref, env=env).wall)
    return {"seconds": Timing(a).to_dict(), "numba_import": Timing(b).to_dict(),
            "ratios": [x / y for x, y in zip(a, b, strict=True)], "exit_codes": codes}


def _runs(cmd, env_for_run, repeat, **kw) -> tuple[Timing, list]:
    runs, children = [], []
    for k in range(max(repeat, 1)):
        child = run_child(cmd, env=env_for_run(k), **kw)
        runs.append(child.wall)
        children.append(child)
    return Timing(runs), children


def run(args, caches) -> dict:
    out: dict = {}
    sudoku = console_script("sudoku")
    with tempfile.TemporaryDirectory() as tmp:
        one = Path(tmp) / "one.txt"
        puzzle = _one_puzzle(args.data)
        one.write_text(puzzle + "\n")
        out["puzzle"] = puzzle

        say("startup: sudoku --help")
        t, _ = _runs(sudoku + ["--help"], lambda k: child_env(caches.warm), args.repeat)
        out["help"] = {"seconds": t.to_dict()}

        say("startup: sudoku solve, warm cache")
        run_child(sudoku + ["solve", str(one)], env=child_env(caches.warm))  # fill the cache
        t, ch = _runs(sudoku + ["solve", str(one)], lambda k: child_env(caches.warm),
                      args.repeat)
        out["solve_warm"] = {"seconds": t.to_dict(), "exit_codes": [c.returncode for c in ch],
                             "says_compiling": any("compiling" in c.stderr for c in ch),
                             "maxrss_kib": max(c.maxrss_kib for c in ch)}

        say("startup: sudoku solve, empty cache")
        t, ch = _runs(sudoku + ["solve", str(one)], lambda k: child_env(caches.empty()),
                      args.cold_repeat)
        out["solve_empty"] = {"seconds": t.to_dict(), "exit_codes": [c.returncode for c in ch],
                              "says_compiling": all("compiling" in c.stderr for c in ch),
                              "stderr": ch[0].stderr.strip()[:300],
                              "maxrss_kib": max(c.maxrss_kib for c in ch)}

        ref = [sys.executable, "-c", "import numba"]
        out["paired"] = {}
        for label, cmd in _paired_jobs(args, Path(tmp), one):
            say(f"startup: {label}, paired with import numba")
            out["paired"][label] = _paired(cmd, ref, child_env(caches.warm), args.repeat)

    out["queens8"] = {}
    for solver, script in SCRIPTS.items():
        if not _peers.have(solver):
            out["queens8"][solver] = {"skipped": "not installed"}
            continue
        entry = {}
        kinds = (("empty", args.cold_repeat), ("warm", args.repeat)) \
            if solver != "exact-cover" else (("new process", args.repeat),)
        for kind, repeat in kinds:
            say(f"startup: {solver} 8-queens, {kind}")
            if kind == "warm":
                run_child([sys.executable, "-c", script], env=child_env(caches.warm))

            def env_for(k, kind=kind):
                return child_env(caches.empty() if kind == "empty" else caches.warm)

            t, ch = _runs([sys.executable, "-c", script], env_for, repeat, capture=True)
            inner = [json.loads(c.stdout) if c.returncode == 0 and c.stdout.strip() else None
                     for c in ch]
            ok = [x for x in inner if x]
            entry[kind] = {
                "process": t.to_dict(),
                "first": Timing([x["first"] for x in ok]).to_dict(),
                "second": Timing([x["second"] for x in ok]).to_dict(),
                "count": ok[0]["count"] if ok else None,
                "errors": [c.stderr[-300:] for c in ch if c.returncode != 0],
            }
        out["queens8"][solver] = entry
    return out


def _median_ratio(entry: dict) -> float:
    return statistics.median(entry["ratios"])


def targets(result: dict) -> list:
    """(target, measured, met) for the page's targets table: one row per group of jobs
    with the same target, measured by its slowest job (the largest median ratio)."""
    paired = result.get("paired", {})
    out = []
    for what, goal, labels in TARGET_GROUPS:
        got = [(_median_ratio(paired[k]), k) for k in labels if k in paired]
        if not got:
            continue
        r, worst = max(got)
        measured = f"{r:.2f}x" + (f" ({worst}, the slowest)" if len(labels) > 1 else "")
        out.append((f"{what}: at most {goal}x `python -c \"import numba\"`", measured,
                    r <= goal))
    return out


def markdown(result: dict, paired: bool = True) -> str:
    """The section's tables; ``paired=False`` (the performance page): the small jobs only
    by their targets (the page's targets table), each job's figures left to the report."""
    rows = [
        ["`sudoku --help`", "-", fmt_range(result["help"]["seconds"]), "-"],
        ["`sudoku solve` one puzzle", "warm", fmt_range(result["solve_warm"]["seconds"]),
         "yes" if result["solve_warm"]["says_compiling"] else "no"],
        ["`sudoku solve` one puzzle", "empty (first run after install)",
         fmt_range(result["solve_empty"]["seconds"]),
         "yes" if result["solve_empty"]["says_compiling"] else "**no**"],
    ]
    text = md_table(["whole process", "numba cache", "seconds", "says it is compiling"], rows,
                    "llrl")
    rows = []
    for solver, entry in result["queens8"].items():
        if "skipped" in entry:
            rows.append([solver, "not installed", "-", "-", "-"])
            continue
        for kind, e in entry.items():
            rows.append([solver, kind, fmt_range(e["process"]), fmt_range(e["first"]),
                         fmt_range(e["second"], scale=1e3)])
    text += "\n\nCounting 8-queens (92 solutions) in a new Python process:\n\n"
    text += md_table(["solver", "numba cache", "whole process, s",
                      "first count incl. imports, s", "second count, ms"], rows, "llrrr")
    jobs = result.get("paired", {}) if paired else {}
    if jobs:
        rows = [[f"`{label}`", fmt_range(e["seconds"]), fmt_range(e["numba_import"]),
                 f"{_median_ratio(e):.2f}x",
                 "-" if PAIRED_TARGETS.get(label) is None else f"{PAIRED_TARGETS[label]}x"]
                for label, e in jobs.items()]
        text += ("\n\nSmall jobs against `python -c \"import numba\"`, run in turn (warm "
                 "cache; the ratio is the median of the ratios within each pair):\n\n")
        text += md_table(["job", "seconds", "import numba, s", "ratio", "target"], rows,
                         "lrrrr")
    text += ("\n\n*empty* = a new empty `NUMBA_CACHE_DIR` for each run (everything compiles); "
             "*warm* = a cache filled by an earlier run. exact-cover is C and has nothing "
             f"to compile. The puzzle: `{result['puzzle']}`.")
    return text


if __name__ == "__main__":  # pragma: no cover
    import run_all

    run_all.main(["--only", "startup", *sys.argv[1:]])
