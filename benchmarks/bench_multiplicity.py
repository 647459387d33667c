"""Items with bounds (Algorithm M): numba-dlx against Knuth's DLX3 on the same files.

The instances are 0-1 matrices with prescribed row and column sums, counted
as exact cover with multiplicities: one option ``Ri Cj`` per cell, and items
``Ri``, ``Cj`` that must be covered ``u`` to ``v`` times (``u:v|Ri`` in
Knuth's format).  Their counts are known independently (OEIS A001499 and
A001501 for two and three 1s per row and column; the dynamic program over
column sums in the tests' ``naive.row_column_sums_count`` for the others).

Solvers, counting every solution of the same file, warm:

* numba-dlx: ``Problem.count()`` on the problem read from the file (links
  built beforehand, like Knuth's program which reads before its clock);
* ``dlx count FILE``: the whole command, a new process with a warm numba cache;
* Knuth's DLX3 (his program dlx3.w, built with ctangle and a C compiler):
  ``dlx3 < FILE``, a whole process; found at ``--dlx3 PATH`` (default
  ``$DLX_BENCH_DLX3`` or ``~/.cache/numba-dlx-bench/dlx3``), skipped when absent.

Each solver's runs are taken in turn, one per round, and both the wall time
and the CPU time (user + system) are kept: on a shared machine the CPU time
moves less with the load.  Both programs search the same tree (Knuth's node
count includes the root), which the table shows.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
import time
from pathlib import Path

from _harness import (
    REPO,
    Timing,
    child_env,
    console_script,
    fmt_num,
    fmt_range,
    md_table,
    portable,
    run_child,
    say,
)

sys.path.append(str(REPO / "tests"))  # the tests' reference code, for the known counts
from naive import row_column_sums_count  # noqa: E402

DEFAULT_DLX3 = Path(os.environ.get("DLX_BENCH_DLX3",
                                   Path.home() / ".cache" / "numba-dlx-bench" / "dlx3"))
SOLVERS = ("numba-dlx", "dlx count", "DLX3")


def grid_text(n: int, low: int, high: int) -> str:
    """n x n 0-1 matrices with ``low`` to ``high`` 1s in every row and column, in Knuth's format."""
    bound = f"{high}|" if low == high else f"{low}:{high}|"
    lines = [" ".join([f"{bound}R{r}" for r in range(n)] + [f"{bound}C{c}" for c in range(n)])]
    lines += [f"R{r} C{c}" for r in range(n) for c in range(n)]
    return "\n".join(lines) + "\n"


def instances(quick: bool):
    """(name, n, low, high) of each instance."""
    if quick:
        return [("two 1s per row and column, 5x5", 5, 2, 2),
                ("three 1s per row and column, 5x5", 5, 3, 3)]
    return [("two 1s per row and column, 6x6", 6, 2, 2),
            ("two 1s per row and column, 7x7", 7, 2, 2),
            ("three 1s per row and column, 6x6", 6, 3, 3),
            ("one or two 1s per row and column, 6x6", 6, 1, 2)]


def _dlx3_result(child) -> dict:
    m = re.search(r"Altogether (\d+) solutions?.*?(\d+) nodes", child.stderr, re.S)
    return {"count": int(m[1]), "nodes": int(m[2])} if m else {"count": None}


def run(args, caches) -> dict:
    import dlx

    dlx.warm_up(("search_m", "force_m"))
    dlx3 = Path(getattr(args, "dlx3", None) or DEFAULT_DLX3)
    have_dlx3 = dlx3.is_file() and os.access(dlx3, os.X_OK)
    if not have_dlx3:
        say(f"multiplicity: Knuth's DLX3 not found at {dlx3}; skipped")
    command = [*console_script("dlx"), "count"]
    env = child_env(caches.warm)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, n, low, high in instances(args.quick):
            known = row_column_sums_count(n, low, high)
            path = Path(tmp) / f"grid{n}-{low}-{high}.dlx"
            path.write_text(grid_text(n, low, high))
            problem = dlx.read_knuth(path)
            problem.count(limit=1)  # builds the links, untimed
            run_child([*command, path], env=env)  # fills the warm cache, untimed
            say(f"multiplicity: {name} ({known:,} solutions)")

            def api(problem=problem):
                c0, t0 = time.process_time(), time.perf_counter()
                r = problem.count()
                return (time.perf_counter() - t0, time.process_time() - c0,
                        {"count": r.count, "nodes": r.stats.nodes, "updates": r.stats.updates})

            def cli(path=path):
                c = run_child([*command, path], env=env, capture=True)
                return c.wall, c.cpu, {"count": int(c.stdout.split()[0])
                                       if c.returncode == 0 else None}

            def knuth(path=path):
                c = run_child([dlx3], stdin_path=path)
                return c.wall, c.cpu, _dlx3_result(c)

            fns = {"numba-dlx": api, "dlx count": cli}
            if have_dlx3:
                fns["DLX3"] = knuth
            entry = {"name": name, "n": n, "bounds": [low, high], "known": known,
                     "options": problem.n_options, "solvers": {}}
            entry["solvers"].update(_rounds(fns, args.repeat, args.budget))
            for solver, res in entry["solvers"].items():
                if res["count"] != known:
                    res["wrong_count"] = True
                    say(f"  {solver}: count {res['count']} != {known}")
                say(f"  {solver}: {fmt_range(res['timing'])} s, cpu "
                    f"{fmt_range(res['cpu'])} s")
            if not have_dlx3:
                entry["solvers"]["DLX3"] = {"skipped": "not found"}
            rows.append(entry)
    return {"instances": rows, "dlx3": portable(dlx3) if have_dlx3 else None}


def _rounds(fns: dict, repeat: int, budget: float) -> dict:
    """Run each function once per round, in turn; their wall and CPU times and last values."""
    wall = {k: Timing() for k in fns}
    cpu = {k: Timing() for k in fns}
    values: dict = {}
    start = time.perf_counter()
    for _ in range(max(repeat, 1)):
        for key, fn in fns.items():
            w, c, values[key] = fn()
            wall[key].runs.append(w)
            cpu[key].runs.append(c)
        if time.perf_counter() - start > budget:
            break
    return {k: {"timing": wall[k].to_dict(), "cpu": cpu[k].to_dict(), **values[k]}
            for k in fns}


def _cell(res: dict, key: str = "timing") -> str:
    if "skipped" in res:
        return "-"
    text = fmt_range(res[key])
    return text + " **wrong count**" if res.get("wrong_count") else text


def markdown(result: dict) -> str:
    head = ["problem", "solutions", "numba-dlx s", "CPU s", "`dlx count` s", "CPU s",
            "DLX3 s", "CPU s", "DLX3 CPU / numba-dlx CPU", "nodes", "DLX3 nodes"]
    rows = []
    for e in result["instances"]:
        s = e["solvers"]
        ours, cli, knuth = s["numba-dlx"], s["dlx count"], s.get("DLX3", {"skipped": 1})
        ratio = ("-" if "skipped" in knuth else
                 f"{knuth['cpu']['median'] / ours['cpu']['median']:.2f}x")
        rows.append([e["name"], f"{e['known']:,}", _cell(ours), fmt_num(ours["cpu"]["median"]),
                     _cell(cli), fmt_num(cli["cpu"]["median"]), _cell(knuth),
                     "-" if "skipped" in knuth else fmt_num(knuth["cpu"]["median"]), ratio,
                     f"{ours['nodes']:,}",
                     f"{knuth['nodes']:,}" if knuth.get("nodes") else "-"])
    return (md_table(head, rows) +
            "\n\nSeconds to count all solutions: wall clock, median of the runs (min-max), "
            "and the median CPU time (user + system). numba-dlx: `Problem.count()` in the "
            "process, warm; `dlx count` and DLX3: a whole process reading the file. Knuth's "
            "node count includes the root of the search tree; numba-dlx's does not.")


if __name__ == "__main__":  # pragma: no cover
    import sys

    import run_all

    run_all.main(["--only", "multiplicity", *sys.argv[1:]])
