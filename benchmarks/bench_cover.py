"""Generic exact cover: N-queens, pentominoes, Langford pairs; numba-dlx and its peers.

Every instance is counted to the end (all solutions) by every solver, warm:
numba-dlx's kernels and xcover's generator are compiled (or loaded from the
cache) before the clock starts; the first-call costs are measured in
``bench_startup.py``.  What is timed:

* numba-dlx: ``Problem.count()`` on a built problem (it copies the links,
  searches, restores); nodes and updates come from its ``Stats``;
* xcover: iterating ``algorithm_c`` over arrays built once beforehand;
* exact-cover: ``get_solution_count`` on a dense matrix built beforehand
  (secondary items become primary with one slack option each);
* baseline: the dict-of-sets Algorithm X (``_baseline.py``), built afresh
  before each run, stopped after ``cap`` seconds; it counts nodes and updates
  too, with the same meaning.

Each count is checked against the known value.
"""

from __future__ import annotations

import _peers
from _harness import fmt_num, fmt_range, md_table, measure, say


def instances(quick: bool):
    """(name, builder, known count, family, n) of each instance."""
    from dlx.examples import langford, pentominoes, queens

    out = []
    known_queens = {8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200, 13: 73712}
    for n in range(8, 12 if quick else 14):
        out.append((f"{n}-queens", lambda n=n: queens(n), known_queens[n], "queens", n))
    if quick:
        out.append(("pentomino 3x20", lambda: pentominoes(3, 20), 8, "pentomino", None))
        out.append(("pentomino 3x20, symmetry broken",
                    lambda: pentominoes(3, 20, break_symmetry=True), 2, "pentomino", None))
        out.append(("Langford n=8", lambda: langford(8), 300, "langford", 8))
    else:
        out.append(("pentomino 6x10", lambda: pentominoes(), 9356, "pentomino", None))
        out.append(("pentomino 6x10, symmetry broken",
                    lambda: pentominoes(break_symmetry=True), 2339, "pentomino", None))
        out.append(("Langford n=11", lambda: langford(11), 35584, "langford", 11))
        out.append(("Langford n=12", lambda: langford(12), 216288, "langford", 12))
    return out


SOLVERS = ("numba-dlx", "xcover", "exact-cover", "baseline")


def run(args, caches=None) -> dict:
    import dlx

    dlx.warm_up()
    rows = []
    available = {s: _peers.have(s) for s in SOLVERS}
    for name, build, known, family, n in instances(args.quick):
        problem = build()
        problem.count(limit=1)  # builds and caches the links, untimed, like the peers' arrays
        say(f"cover: {name} ({problem.n_options} options)")
        entry = {"name": name, "family": family, "n": n, "known": known,
                 "options": problem.n_options, "primary": problem.n_primary,
                 "secondary": len(problem.secondary), "solvers": {}}
        for solver in SOLVERS:
            if not available[solver]:
                entry["solvers"][solver] = {"skipped": "not installed"}
                continue
            note = None
            if solver == "numba-dlx":
                def fn(problem=problem):
                    r = problem.count()
                    return {"count": r.count, "nodes": r.stats.nodes,
                            "updates": r.stats.updates, "kernel_seconds": r.stats.seconds}
            elif solver == "xcover":
                fn = _peers.xcover_counter(problem)
            elif solver == "exact-cover":
                fn, slack = _peers.exact_cover_counter(problem)
                if slack:
                    note = f"{slack} secondary items as primary + slack options"
            else:
                fn = _peers.baseline_counter(problem, args.cover_cap)
            timing, value = measure(fn, args.repeat, budget=args.budget)
            res = {"timing": timing.to_dict(), **value}
            if note:
                res["note"] = note
            if value.get("cut"):
                res["cut"] = True
            elif value["count"] != known:
                res["wrong_count"] = True
                say(f"  {solver}: count {value['count']} != {known}")
            if "updates" in value and not value.get("cut"):
                res["updates_per_second"] = value["updates"] / timing.median
            say(f"  {solver}: {fmt_range(timing)} s" + (" (cut)" if value.get("cut") else ""))
            entry["solvers"][solver] = res
        rows.append(entry)
    return {"instances": rows, "cap": args.cover_cap}


def _cell(res: dict, cap) -> str:
    if "skipped" in res:
        return "-"
    if res.get("cut"):
        return f"> {fmt_num(cap)} (cut)"
    text = fmt_range(res["timing"])
    if res.get("wrong_count"):
        text += " **wrong count**"
    return text


def markdown(result: dict) -> str:
    cap = result["cap"]
    head = ["problem", "solutions", "numba-dlx s", "nodes", "updates", "M updates/s",
            "xcover s", "exact-cover s", "baseline s", "baseline nodes"]
    rows = []
    notes = set()
    for e in result["instances"]:
        s = e["solvers"]
        ours = s.get("numba-dlx", {})
        base = s.get("baseline", {})
        ec = s.get("exact-cover", {})
        if ec.get("note"):
            notes.add("exact-cover has no secondary items: the diagonals of N-queens are "
                      "made primary, each with a slack option holding it alone (same "
                      "counts, larger tree).")
        rows.append([
            e["name"], f"{e['known']:,}", _cell(ours, cap),
            f"{ours.get('nodes', 0):,}" if "nodes" in ours else "-",
            f"{ours.get('updates', 0):,}" if "updates" in ours else "-",
            fmt_num(ours["updates_per_second"] / 1e6) if "updates_per_second" in ours else "-",
            _cell(s.get("xcover", {"skipped": 1}), cap), _cell(ec or {"skipped": 1}, cap),
            _cell(base or {"skipped": 1}, cap),
            f"{base['nodes']:,}" if "nodes" in base and not base.get("cut") else "-",
        ])
    text = md_table(head, rows)
    text += ("\n\nSeconds to count all solutions, warm: median of the runs (min-max). "
             "Nodes = options tried, updates = link updates (options hidden + items covered), "
             "as in `dlx.Stats`. The baseline is stopped after "
             f"{fmt_num(cap)} s. The baseline's nodes differ from numba-dlx's because its "
             "minimum-remaining-values choice takes the first of the shortest items, while "
             "the engine stops scanning at the first item with 0 or 1 options left and "
             "weighs ties at 2 options.")
    for note in sorted(notes):
        text += "\n" + note
    return text


if __name__ == "__main__":  # pragma: no cover
    import sys

    import run_all

    run_all.main(["--only", "cover", *sys.argv[1:]])
