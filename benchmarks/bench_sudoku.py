"""Sudoku: every file of the shared data set, through the library, the CLI and the peers.

For each file present in the data directory (absent ones are skipped):

1. Read it with :func:`sudoku.read_puzzles` (``solution_counts.txt`` holds
   ``puzzle:count`` lines; the counts are kept to check the verdicts).  Files
   longer than ``--max-puzzles`` are thinned to an evenly spaced sample (every
   k-th puzzle), said in the table.
2. Probe (untimed; it also warms up): ``solve_all(mode="check")`` with the
   per-puzzle time cap.  Puzzles it stops (one 25x25 puzzle since the dead-end
   tie-break, two before it) are left out of all timings and counted in the table.
   Then everything alive is frozen (``gc.freeze``): Python's cycle collector
   would otherwise walk the earlier files' puzzles and results during this
   file's runs, and a full collection in the calling thread holds up the
   worker threads of the two-thread runs (on 17clue after easy_sample: 1.06-1.49x
   in every run, 1.61-1.83x with the collector kept out of the way).
3. Library batch path, warm, on the pre-parsed puzzles: ``list(solve_all(...))``
   in ``solve`` mode (first solution) and ``check`` mode (uniqueness: stops at
   a second solution), one thread and two (``jobs=2``).  This is the kernel
   call plus building the forced options and decoding every result; reported
   in microseconds per puzzle, with nodes per puzzle.  Also the kernel call
   alone (``dlx.batch.solve_arrays``, solve), one thread, and two threads
   each on half of the puzzles (dealt to carry equal nodes): about what the
   machine itself gives two threads.
4. End to end: ``sudoku solve FILE > /dev/null`` in a new process with a warm
   cache, on the same puzzles written one per line; puzzles per second.
5. Peers on an evenly spaced sample of the same puzzles: xcover and
   exact-cover (``--peer-sample``), the baseline and py-sudoku
   (``--slow-sample``, per-puzzle cap).  numba-dlx runs on exactly the same
   sample, in one batch call and as one ``sudoku.solve``/``sudoku.check`` call
   per puzzle.  See ``_peer_worker.py`` for what each peer is given and timed.
"""

from __future__ import annotations

import gc
import math
import tempfile
from pathlib import Path

import _peers
from _harness import (
    MAX_ROUNDS_FACTOR,
    Timing,
    child_env,
    console_script,
    fmt_num,
    fmt_range,
    md_table,
    measure,
    measure_interleaved,
    paired,
    portable,
    run_child,
    say,
)

FILES = ["easy_sample.txt", "17clue.txt", "top95.txt", "norvig_hardest.txt", "top1465.txt",
         "hardest1106.txt", "hardest1905_11plus.txt", "hard_sample.txt", "serg_benchmark.txt",
         "solution_counts.txt", "16x16.txt", "16x16_vu.txt", "25x25.txt"]
FAST_PEERS = ("xcover", "exact-cover")
SLOW_PEERS = ("baseline", "py-sudoku")


def _files(data: Path) -> tuple[list, list]:
    present, absent = [], []
    for name in FILES:
        (present if (data / name).is_file() else absent).append(name)
    extra = sorted(p.name for p in data.glob("*.txt") if p.name not in FILES)
    return present + extra, absent


def _read(path: Path):
    """(puzzles, expected counts or None, invalid items)."""
    from sudoku.errors import PuzzleError
    from sudoku.formats import read_puzzles

    expected = None
    if path.name == "solution_counts.txt":
        lines, expected = [], []
        for line in path.read_text().splitlines():
            if line.strip():
                text, _, count = line.partition(":")
                lines.append(text)
                expected.append(int(count))
        items = list(read_puzzles(lines, source=str(path)))
    else:
        items = list(read_puzzles(path))
    keep = [k for k, p in enumerate(items) if not isinstance(p, PuzzleError)]
    puzzles = [items[k] for k in keep]
    if expected is not None:
        expected = [expected[k] for k in keep] if len(expected) == len(items) else None
    return puzzles, expected, len(items) - len(puzzles)


def _thin(items: list, limit: int):
    if limit and len(items) > limit:
        step = math.ceil(len(items) / limit)
        return items[::step], step
    return items, 1


def _verdicts(results) -> dict:
    tally: dict = {}
    for r in results:
        tally[r.verdict] = tally.get(r.verdict, 0) + 1
    return tally


def _library(puzzles, args) -> tuple[dict, dict, dict]:
    """solve and check, one and two threads, interleaved round by round.

    Returns the entries ``solve_1`` ... ``check_2``, the results of each, and
    the paired ratios (``check_over_solve``, ``speedup_2``): medians over
    rounds, so a slow spell of the machine during one configuration's runs
    does not pass for a difference between configurations.
    """
    from sudoku.solver import solve_all

    def run(mode, jobs):
        return lambda: list(solve_all(puzzles, mode=mode, jobs=jobs, timeout=args.sudoku_cap))

    keys = [f"{mode}_{jobs}" for mode in ("solve", "check") for jobs in (1, 2)]
    got = measure_interleaved({k: run(k[:5], int(k[-1])) for k in keys}, args.repeat,
                              budget=4 * args.budget, warmup=1, min_seconds=args.min_seconds,
                              max_rounds=MAX_ROUNDS_FACTOR * args.repeat)
    n = len(puzzles)
    entries = {k: {"us_per_puzzle": t.scaled(1e6 / n).to_dict(),
                   "nodes_per_puzzle": sum(r.nodes for r in rs) / n,
                   "verdicts": _verdicts(rs)} for k, (t, rs) in got.items()}
    ratios = {"check_over_solve": paired(got["check_1"][0], got["solve_1"][0]),
              "speedup_2": paired(got["solve_1"][0], got["solve_2"][0])}
    return entries, {k: rs for k, (_, rs) in got.items()}, ratios


def _kernel_only(puzzles, nodes, args):
    """The batch kernel alone (solve), its input prebuilt: one thread, and two.

    The kernel `solve_all` picks (`sudoku.kernels`): the bit kernel for standard
    9x9 (and grids up to 8x8), DLX's batch kernel for the rest.

    With the locked-items rule, as `solve_all` calls it (runs before commit 40fe90c
    left it out, so their kernel-only column timed a search without the rule:
    on top1465 slower than `solve_all` itself).

    Two threads: each runs one kernel call on half of the puzzles, with no
    Python work in between and no lock held, in turn with the one-thread run
    round by round.  The halves are dealt by ``nodes`` (each puzzle's nodes
    in the library's solve runs), each puzzle to the half with fewer nodes
    so far, so that both carry about the same work (every other puzzle
    would leave one half 2% more nodes on hardest1106, 6% on top1465).  The
    paired speed-up is what two threads of pure kernel work get on this
    machine at that moment, which the library's ``jobs=2`` figure can be
    read against; on files that take a few tens of milliseconds it is as
    noisy as that figure (top1465: 1.64x against the library's 1.85x in one
    run).
    Returns ``(timing of one thread, speed-up of two)`` or None for mixed
    shapes.
    """
    import threading

    from sudoku.batch import BATCH_NODE_CAP, _Group

    if len({(p.box_rows, p.box_cols, p.variant, p.regions) for p in puzzles}) != 1:
        return None

    def encoded(part):
        g = _Group(None, part, None)  # the kernel's input as solve_all builds it
        return g.job, len(part)

    whole = encoded(puzzles)
    parts: list = [[], []]
    load = [0, 0]
    for p, k in zip(puzzles, nodes, strict=True):
        side = 0 if load[0] <= load[1] else 1
        parts[side].append(p)
        load[side] += k + 1
    halves = [encoded(part) for part in parts] if all(parts) else []

    def call(job, k):
        return job.run(0, k, max_nodes=BATCH_NODE_CAP)

    def two():
        threads = [threading.Thread(target=call, args=half) for half in halves]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    fns = {"one": lambda: call(*whole)}
    if halves:
        fns["two"] = two
    got = measure_interleaved(fns, args.repeat, budget=2 * args.budget, warmup=1,
                              min_seconds=args.min_seconds / 2,
                              max_rounds=MAX_ROUNDS_FACTOR * args.repeat)
    one = got["one"][0]
    speedup = paired(one, got["two"][0]) if halves else None
    return one.scaled(1e6 / len(puzzles)).to_dict(), speedup


def _one_call_each(puzzles, mode, args):
    """numba-dlx used like the peers: one sudoku.solve / sudoku.check call per puzzle.

    Those calls run the kernel's search of one puzzle in slices (the bit
    kernel's where it serves the shape, else DLX's resumable search), with a
    fixed cost per call that the batch path shares among a chunk's puzzles;
    each call gets the probe's timeout.
    """
    import dlx
    import sudoku

    call = sudoku.solve if mode == "solve" else sudoku.check

    def fn():
        for p in puzzles:
            try:
                call(p, timeout=args.sudoku_cap)
            except (sudoku.PuzzleError, dlx.SearchStopped):  # (solve's timeout raises)
                pass

    timing, _ = measure(fn, args.repeat, budget=args.budget, warmup=1)
    return timing.scaled(1e6 / len(puzzles)).to_dict()


def _cli(puzzles, name, args, caches) -> dict:
    from sudoku.formats import format_line

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_text("".join(format_line(p.cells, p.size) + "\n" for p in puzzles))
        cmd = console_script("sudoku") + ["solve", str(path)]
        env = child_env(caches.warm)
        run_child(cmd, env=env)  # fills the warm cache if needed
        runs = []
        code = None
        for _ in range(max(args.repeat, 1)):
            child = run_child(cmd, env=env)
            runs.append(child.wall)
            code = child.returncode
            if sum(runs) > args.budget:
                break
    t = Timing(runs)
    return {"seconds": t.to_dict(), "puzzles_per_second": len(puzzles) / t.median,
            "exit_code": code}


def _peer_rows(puzzles, ours_results, mode, peers, size, args, caches, passes) -> dict:
    """Time ``peers`` and numba-dlx on an evenly spaced sample of ``size`` puzzles."""
    from sudoku.solver import solve_all

    idx = list(range(len(puzzles)))
    sample, _ = _thin(idx, size)
    sample = sample[:size]
    pz = [puzzles[i] for i in sample]
    box = (pz[0].box_rows, pz[0].box_cols)
    out = {"puzzles": len(pz), "solvers": {}}

    def batch():
        return list(solve_all(pz, mode=mode, timeout=args.sudoku_cap))

    timing, _ = measure(batch, args.repeat, budget=args.budget, warmup=1)
    out["solvers"]["numba-dlx"] = {"us_per_puzzle": timing.scaled(1e6 / len(pz)).to_dict()}
    out["solvers"]["numba-dlx (one call each)"] = {
        "us_per_puzzle": _one_call_each(pz, mode, args)}
    truth = [ours_results[i] for i in sample]
    for peer in peers:
        if not _peers.have(peer, args.py_sudoku):
            out["solvers"][peer] = {"skipped": "not installed"}
            continue
        if any(p.variant != "standard" for p in pz):
            out["solvers"][peer] = {"skipped": "variant"}
            continue
        say(f"    {peer} {mode} on {len(pz)} puzzles")
        r = _peers.run_sudoku_peer(peer, mode, [list(p.cells) for p in pz], box,
                                   passes=passes, cap=args.cap, budget=args.peer_budget,
                                   env=child_env(caches.warm), py_sudoku_dir=args.py_sudoku)
        res = {"timed": len(r["timed"]), "cut": len(r["cut"]), "warmup": r["warmup"],
               "over_budget": r["over_budget"]}
        if r["error"]:
            res["error"] = r["error"][-500:]
        if r["totals"]:
            res["us_per_puzzle"] = Timing([t * 1e6 / len(r["timed"])
                                           for t in r["totals"]]).to_dict()
        wrong = 0
        for i in r["timed"]:
            want = min(truth[i].count, 2) if mode == "check" else min(truth[i].count, 1)
            if truth[i].error is not None:
                want = 0
            got = r["found"][i]
            if mode == "check" and peer == "py-sudoku":
                got, want = got == 2, want == 2  # its check tells multiple from not
            if got != want:
                wrong += 1
        res["disagree"] = wrong
        out["solvers"][peer] = res
    return out


def run(args, caches) -> dict:
    import dlx

    dlx.warm_up(("search", "unwind", "force", "batch", "batch_parallel"))
    present, absent = _files(args.data)
    if not present:
        say(f"sudoku: no data files in {args.data}; skipped")
    out = {"data": portable(args.data), "absent": absent, "files": []}
    for name in present:
        path = args.data / name
        puzzles, expected, invalid = _read(path)
        total = len(puzzles)
        puzzles, step = _thin(puzzles, args.max_puzzles)
        if expected is not None:
            expected = expected[::step]
        if not puzzles:
            continue
        say(f"sudoku: {name}: {len(puzzles)} of {total} puzzles")
        from sudoku.solver import solve_all

        probe = list(solve_all(puzzles, mode="check", timeout=args.sudoku_cap))
        keep = [i for i, r in enumerate(probe) if r.status not in ("timeout", "nodes",
                                                                   "interrupted")]
        stopped = len(puzzles) - len(keep)
        mismatch = None
        if expected is not None:
            mismatch = sum(1 for i in keep if _verdict_of(expected[i]) != probe[i].verdict)
        timed = [puzzles[i] for i in keep]
        entry = {"file": name, "puzzles_in_file": total + invalid, "unreadable": invalid,
                 "step": step, "timed": len(timed), "stopped": stopped,
                 "size": timed[0].size if timed else None, "verdicts": _verdicts(probe),
                 "expected_mismatch": mismatch}
        if not timed:
            out["files"].append(entry)
            continue
        # The collector walks only what this file's runs make (see the docstring).
        gc.collect()
        gc.freeze()
        entries, runs, entry["paired"] = _library(timed, args)
        entry.update(entries)
        results = {"solve": runs["solve_1"], "check": runs["check_1"]}
        for key, res in entries.items():
            say(f"  {key[:5]} x{key[-1]}: {fmt_range(res['us_per_puzzle'])} us/puzzle, "
                f"{res['nodes_per_puzzle']:.1f} nodes")
        say(f"  check/solve {entry['paired']['check_over_solve']:.2f}, two threads "
            f"{entry['paired']['speedup_2']:.2f}x (paired)")
        kernel = _kernel_only(timed, [r.nodes for r in runs["solve_1"]], args)
        if kernel is not None:
            entry["kernel_solve_1"], entry["kernel_speedup_2"] = kernel
            if entry["kernel_speedup_2"] is not None:
                say(f"  kernel alone: two threads {entry['kernel_speedup_2']:.2f}x (paired)")
        if not args.no_cli:
            entry["cli_solve"] = _cli(timed, name, args, caches)
            say(f"  cli: {entry['cli_solve']['puzzles_per_second']:.0f} puzzles/s")
        entry["peers"] = {}
        for mode in ("solve", "check"):
            entry["peers"][mode] = {
                "fast": _peer_rows(timed, results["check"], mode, FAST_PEERS, args.peer_sample,
                                   args, caches, passes=min(args.repeat, 3)),
                "slow": _peer_rows(timed, results["check"], mode, SLOW_PEERS, args.slow_sample,
                                   args, caches, passes=1),
            }
        out["files"].append(entry)
    out["cap"] = args.cap
    out["sudoku_cap"] = args.sudoku_cap
    return out


def ratios(e: dict) -> tuple[float, float]:
    """(two threads' speed-up, check / solve) of a file's entry: paired when measured so."""
    p = e.get("paired")
    if p:
        return p["speedup_2"], p["check_over_solve"]
    s1, s2 = e["solve_1"]["us_per_puzzle"], e["solve_2"]["us_per_puzzle"]
    return s1["median"] / s2["median"], e["check_1"]["us_per_puzzle"]["median"] / s1["median"]


def _verdict_of(count: int) -> str:
    return "none" if count == 0 else "unique" if count == 1 else "multiple"


# ------------------------------------------------------------------ tables
def _us(t) -> str:
    return fmt_range(t) if t else "-"


def library_table(result: dict) -> str:
    """The library's times per file (one and two threads, solve and check), with its note."""
    head = ["file", "puzzles", "solve 1 thread", "solve 2 threads", "2 threads speed-up",
            "kernel alone, 2 threads speed-up", "check 1 thread", "check / solve",
            "check 2 threads", "nodes/puzzle solve", "nodes/puzzle check", "kernel only, solve",
            "CLI solve, puzzles/s"]
    rows = []
    for e in result["files"]:
        if "solve_1" not in e:
            rows.append([e["file"], f"0 of {e['puzzles_in_file']:,}"] + ["-"] * (len(head) - 2))
            continue
        s1, s2 = e["solve_1"]["us_per_puzzle"], e["solve_2"]["us_per_puzzle"]
        c1, c2 = e["check_1"]["us_per_puzzle"], e["check_2"]["us_per_puzzle"]
        count = f"{e['timed']:,}"
        if e["step"] > 1:
            count += f" (every {e['step']}th of {e['puzzles_in_file']:,})"
        if e["stopped"]:
            count += f", {e['stopped']} stopped"
        cli = e.get("cli_solve")
        speedup, ratio = ratios(e)
        ceiling = e.get("kernel_speedup_2")
        rows.append([
            e["file"], count, _us(s1), _us(s2), f"{speedup:.2f}x",
            f"{ceiling:.2f}x" if ceiling else "-", _us(c1), f"{ratio:.2f}", _us(c2),
            fmt_num(e["solve_1"]["nodes_per_puzzle"]), fmt_num(e["check_1"]["nodes_per_puzzle"]),
            _us(e.get("kernel_solve_1")),
            f"{cli['puzzles_per_second']:,.0f}" if cli else "-",
        ])
    return md_table(head, rows) + "\n\n" + (
        "Microseconds per puzzle, warm, median of the runs (min-max): `solve_all` on "
        "pre-parsed puzzles (kernel call + building forced options + decoding results). "
        "`check` stops at a second solution (uniqueness). Nodes = options tried by the "
        "search (givens not counted). The four configurations run in turn, one run "
        "each per round; the speed-up and check / solve are medians of the ratios "
        "within a round. *Kernel only* = `dlx.batch.solve_arrays` alone; *kernel alone, "
        "2 threads* = the same on half of the puzzles in each of two threads (halves of "
        "equal nodes; no Python work between calls, no lock), paired with one thread on "
        "all: about what two threads can give on this machine at the time. "
        "CLI = `sudoku solve FILE > /dev/null` whole process, warm cache, including "
        "reading, parsing and printing.")


def markdown(result: dict) -> str:
    parts = [library_table(result)]
    if result.get("absent"):
        parts.append("Absent (skipped): " + ", ".join(result["absent"]) + ".")
    verdict_rows = []
    for e in result["files"]:
        v = e.get("verdicts", {})
        check = "-" if e.get("expected_mismatch") is None else (
            "all match" if e["expected_mismatch"] == 0 else f"{e['expected_mismatch']} differ")
        verdict_rows.append([e["file"], v.get("unique", 0), v.get("multiple", 0),
                             v.get("none", 0), v.get("invalid", 0), v.get("unknown", 0), check])
    parts.append("Verdicts of the probe run (`check`), as a sanity check of the data:")
    parts.append(md_table(["file", "unique", "multiple", "none", "invalid", "stopped",
                           "vs known counts"], verdict_rows))
    parts.append(peer_tables(result))
    return "\n\n".join(parts)


def peer_tables(result: dict, modes=("solve", "check")) -> str:
    """The peers' times beside numba-dlx's on the same samples, for each of ``modes``."""
    parts = []
    for mode in modes:
        parts.append(f"Peers, `{mode}`, microseconds per puzzle on the same puzzles "
                     f"(an evenly spaced sample; ratio = times numba-dlx's batch time):")
        parts.append(_peer_table(result, mode))
    parts.append(
        "Peers get the reduced problem of each puzzle (blank cells' candidates over the "
        "items the givens leave open), built before their clock starts; numba-dlx's "
        "times include building its reduced structure. A cut puzzle ran past the "
        f"{fmt_num(result['cap'])} s cap and is left out of the mean. `one call each` is "
        "numba-dlx through `sudoku.solve` / `sudoku.check`, one puzzle per call, as the "
        "peers are called: the same kernel as the batch (the bit kernel where it serves "
        "the shape, else DLX), searching one puzzle in slices, each call with numba-dlx's timeout "
        f"({fmt_num(result['sudoku_cap'])} s; a call that reaches it counts that long).")
    return "\n\n".join(parts)


def _peer_cell(res: dict, ours: float | None) -> str:
    if not res or "skipped" in res:
        return "-"
    if "us_per_puzzle" not in res:
        return f"all {res.get('cut', 0)} cut" if res.get("cut") else "error"
    med = res["us_per_puzzle"]["median"]
    text = fmt_num(med)
    if ours:
        text += f" (x{med / ours:,.1f})" if med >= ours else f" (x{med / ours:.2f})"
    extra = []
    if res.get("cut"):
        extra.append(f"{res['cut']} cut")
    if res.get("over_budget"):
        extra.append(f"{res['timed']} timed")
    if res.get("disagree"):
        extra.append(f"**{res['disagree']} disagree**")
    if extra:
        text += ", " + ", ".join(extra)
    return text


def _peer_table(result: dict, mode: str) -> str:
    head = ["file", "sample", "numba-dlx", "one call each", "xcover", "exact-cover",
            "slow sample", "numba-dlx", "baseline", "py-sudoku"]
    rows = []
    for e in result["files"]:
        p = e.get("peers", {}).get(mode)
        if not p:
            continue
        fast, slow = p["fast"], p["slow"]
        of = fast["solvers"]["numba-dlx"]["us_per_puzzle"]["median"]
        os_ = slow["solvers"]["numba-dlx"]["us_per_puzzle"]["median"]
        rows.append([
            e["file"], fast["puzzles"], fmt_num(of),
            _peer_cell(fast["solvers"].get("numba-dlx (one call each)"), of),
            _peer_cell(fast["solvers"].get("xcover"), of),
            _peer_cell(fast["solvers"].get("exact-cover"), of),
            slow["puzzles"], fmt_num(os_),
            _peer_cell(slow["solvers"].get("baseline"), os_),
            _peer_cell(slow["solvers"].get("py-sudoku"), os_),
        ])
    return md_table(head, rows)


if __name__ == "__main__":  # pragma: no cover
    import sys

    import run_all

    run_all.main(["--only", "sudoku", *sys.argv[1:]])

