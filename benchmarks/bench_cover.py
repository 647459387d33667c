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
  too, with the same meaning;
* Knuth's DLX1 and SSXCC (his CWEB programs, built elsewhere; ``--knuth-bin``
  or ``$DLX_BENCH_KNUTH``, default ``../shared/bin`` beside the repository,
  skipped when absent): a whole process reading the problem in his format,
  timed by the child's wall clock, in rounds interleaved with numba-dlx's
  runs so that the ratios are taken under the same load.  Their nodes and
  updates are what they print: DLX1 counts the root as a node (so its count
  is numba-dlx's ``branching="plain"`` count plus one, the same tree), SSXCC
  counts the levels it enters, not the options that fail as they are
  committed, and its updates are removals from its sparse sets.

Then, once per branching rule (`dlx.search.BRANCHINGS`), one untimed-for-
the-ratios run of ``count(branching=...)``: the nodes and updates of each
rule's tree, and its time.

Each count is checked against the known value.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path

import _peers
from _harness import REPO, fmt_num, fmt_range, md_table, measure, run_child, say

KNUTH = ("DLX1", "SSXCC")
DEFAULT_KNUTH = Path(os.environ.get("DLX_BENCH_KNUTH", REPO.parent / "shared" / "bin"))


def knuth_programs(args) -> dict:
    """``{"DLX1": path, "SSXCC": path}`` of the programs found (executable)."""
    where = Path(getattr(args, "knuth_bin", None) or DEFAULT_KNUTH)
    found = {}
    for name in KNUTH:
        path = where / name.lower()
        if path.is_file() and os.access(path, os.X_OK):
            found[name] = path
    return found


def knuth_stats(stderr: str) -> dict:
    """Count, nodes and updates from a Knuth program's last line on stderr."""
    m = re.search(r"Altogether (\d+) solutions?,.*?(\d+) updates,.*?(\d+) nodes", stderr, re.S)
    if not m:
        return {"count": None}
    return {"count": int(m[1]), "updates": int(m[2]), "nodes": int(m[3])}


def _rounds(fns: dict, repeat: int, budget: float) -> dict:
    """One run of each ``fn() -> (seconds, value)`` per round, in turn: their times, last values."""
    runs: dict = {k: [] for k in fns}
    values: dict = {}
    start = time.perf_counter()
    for _ in range(max(repeat, 1)):
        for key, fn in fns.items():
            seconds, values[key] = fn()
            runs[key].append(seconds)
        if time.perf_counter() - start > budget:
            break
    out = {}
    for key, r in runs.items():
        t = sorted(r)
        median = (t[len(t) // 2] if len(t) % 2 else (t[len(t) // 2 - 1] + t[len(t) // 2]) / 2)
        out[key] = {"timing": {"median": median, "min": t[0], "max": t[-1], "n": len(t),
                               "runs": r}, **values[key]}
    return out


def instances(quick: bool):
    """(name, builder, known count, family, n) of each instance."""
    from dlx.examples import langford, pentominoes, queens

    out = []
    known_queens = {8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200, 13: 73712, 14: 365596}
    for n in range(8, 12 if quick else 15):
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


def _ours(problem, branching="mrv"):
    def fn():
        t0 = time.perf_counter()
        r = problem.count(branching=branching)
        return time.perf_counter() - t0, {"count": r.count, "nodes": r.stats.nodes,
                                          "updates": r.stats.updates,
                                          "kernel_seconds": r.stats.seconds}
    return fn


def _knuth(program: Path, path: Path):
    def fn():
        c = run_child([program, "m0"], stdin_path=path)
        return c.wall, knuth_stats(c.stderr)
    return fn


def _check(entry: dict, solver: str, res: dict, known: int) -> None:
    if res.get("count") != known and not res.get("cut"):
        res["wrong_count"] = True
        say(f"  {solver}: count {res.get('count')} != {known}")
    if res.get("updates") and not res.get("cut") and solver not in KNUTH:
        res["updates_per_second"] = res["updates"] / res["timing"]["median"]
    entry["solvers"][solver] = res


def _branchings(problem, known: int) -> dict:
    """One count per branching rule: its nodes, updates and seconds."""
    from dlx.search import BRANCHINGS

    out = {}
    for b in BRANCHINGS:
        seconds, value = _ours(problem, b)()
        out[b] = {"seconds": seconds, **value}
        if value["count"] != known:
            out[b]["wrong_count"] = True
            say(f"  branching {b}: count {value['count']} != {known}")
    return out


def run(args, caches=None) -> dict:
    import dlx

    dlx.warm_up()
    rows = []
    available = {s: _peers.have(s) for s in SOLVERS}
    knuth = knuth_programs(args)
    if len(knuth) < len(KNUTH):
        say(f"cover: Knuth's {', '.join(k for k in KNUTH if k not in knuth)} not found in "
            f"{getattr(args, 'knuth_bin', None) or DEFAULT_KNUTH}; skipped")
    tmp = tempfile.TemporaryDirectory()
    for name, build, known, family, n in instances(args.quick):
        problem = build()
        problem.count(limit=1)  # builds and caches the links, untimed, like the peers' arrays
        say(f"cover: {name} ({problem.n_options} options)")
        entry = {"name": name, "family": family, "n": n, "known": known,
                 "options": problem.n_options, "primary": problem.n_primary,
                 "secondary": len(problem.secondary), "solvers": {}}
        path = Path(tmp.name) / "problem.dlx"
        path.write_text(problem.to_knuth())
        fns = {"numba-dlx": _ours(problem)}
        fns.update({k: _knuth(prog, path) for k, prog in knuth.items()})
        for solver, res in _rounds(fns, args.repeat, args.budget).items():
            _check(entry, solver, res, known)
            say(f"  {solver}: {fmt_range(res['timing'])} s")
        for k in KNUTH:
            if k not in knuth:
                entry["solvers"][k] = {"skipped": "not found"}
        for solver in SOLVERS[1:]:
            if not available[solver]:
                entry["solvers"][solver] = {"skipped": "not installed"}
                continue
            note = None
            if solver == "xcover":
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
            _check(entry, solver, res, known)
            say(f"  {solver}: {fmt_range(timing)} s" + (" (cut)" if value.get("cut") else ""))
        entry["branching"] = _branchings(problem, known)
        rows.append(entry)
    tmp.cleanup()
    return {"instances": rows, "cap": args.cover_cap,
            "knuth": sorted(knuth) if knuth else []}


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
    if any(e["solvers"].get(k, {}).get("timing") for e in result["instances"] for k in KNUTH):
        text += "\n\n" + knuth_table(result)
    if any("branching" in e for e in result["instances"]):
        text += "\n\n" + branching_table(result)
    return text


def paired_ratio(ours: dict, theirs: dict) -> float:
    """The median over rounds of numba-dlx's time over the peer's in the same round."""
    r = sorted(a / b for a, b in zip(ours["timing"]["runs"], theirs["timing"]["runs"],
                                     strict=False))
    return r[len(r) // 2] if len(r) % 2 else (r[len(r) // 2 - 1] + r[len(r) // 2]) / 2


def knuth_table(result: dict) -> str:
    """numba-dlx beside Knuth's DLX1 and SSXCC: times, paired ratios, nodes and updates."""
    head = ["problem", "numba-dlx s", "DLX1 s", "SSXCC s", "numba-dlx / DLX1",
            "numba-dlx / SSXCC", "nodes: numba-dlx / DLX1 / SSXCC",
            "updates: numba-dlx / DLX1 / SSXCC"]
    rows = []
    for e in result["instances"]:
        s = e["solvers"]
        ours = s.get("numba-dlx", {})
        peers = [s.get(k, {"skipped": 1}) for k in KNUTH]
        if "timing" not in ours or not any("timing" in p for p in peers):
            continue
        ratios = [f"{paired_ratio(ours, p):.2f}x" if "timing" in p else "-" for p in peers]
        counts = {"nodes": " / ".join(f"{x['nodes']:,}" if x.get("nodes") else "-"
                                      for x in [ours, *peers]),
                  "updates": " / ".join(f"{fmt_num(x['updates'] / 1e6)} M"
                                        if x.get("updates") else "-" for x in [ours, *peers])}
        rows.append([e["name"], _cell(ours, result["cap"]),
                     *(_cell(p, result["cap"]) for p in peers), *ratios,
                     counts["nodes"], counts["updates"]])
    return (md_table(head, rows) + "\n\nnumba-dlx: `Problem.count()` warm, in-process; "
            "Knuth's programs (built from his CWEB sources with -O3): a whole process "
            "reading the problem from a file, wall time; one run of each per round, "
            "the ratio the median of the rounds' ratios. DLX1 counts the root as a node "
            "(its tree is the one `branching=\"plain\"` walks, one node fewer); SSXCC "
            "counts the levels it enters, not the options whose commit fails, and its "
            "updates are removals from its sparse sets, so its counts are not numba-dlx's "
            "units.")


def branching_table(result: dict) -> str:
    """Each branching rule's tree: nodes, updates and one run's seconds."""
    names = next(list(e["branching"]) for e in result["instances"] if "branching" in e)
    head = ["problem", *(f"{b} nodes / updates / s" for b in names)]
    rows = []
    for e in result["instances"]:
        if "branching" not in e:
            continue
        cells = []
        for b in names:
            r = e["branching"][b]
            cell = (f"{r['nodes']:,} / {fmt_num(r['updates'] / 1e6)} M / "
                    f"{fmt_num(r['seconds'])}")
            cells.append(cell + (" **wrong count**" if r.get("wrong_count") else ""))
        rows.append([e["name"], *cells])
    return (md_table(head, rows) + "\n\n`count(branching=...)` once per rule, after the "
            "timed runs (one run: the seconds are a guide, the nodes and updates exact). "
            "mrv: fewest options, ties at two weighed (the default); weighted: ties at "
            "every length weighed; plain: Knuth's DLX1 rule; sharp: items named `#...` "
            "first (these problems have none, so its tree is mrv's).")


if __name__ == "__main__":  # pragma: no cover
    import sys

    import run_all

    run_all.main(["--only", "cover", *sys.argv[1:]])
