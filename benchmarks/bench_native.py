"""Sudoku beside native solvers: tdoku, kudoku and fast_solv_9r2, and both kernels.

tdoku's benchmark program (``tdoku-run-benchmark``, with the kudoku and
fast_solv_9r2 solvers it bundles; see its README beside it) is looked for at
``$DLX_BENCH_TDOKU``, else ``../shared/bin/tdoku-run-benchmark`` next to the
repository, and its columns are ``-`` when it is absent.  It is a measuring
instrument, never copied into the repository.

For each file present (9x9 sets, then 16x16 and 25x25 for the two kernels
alone), thinned like the ``sudoku`` section to ``--max-puzzles``, in rounds
(``--repeat``, stopping early after ``--budget`` seconds), each round in turn:

* the program on exactly those puzzles in file order, one thread, first
  solution (``-f``) and then uniqueness (stops at two solutions), with one
  second of warm-up and two of timed passes (``-r0 -nN -w1 -t2``): its own
  microseconds per puzzle;
* numba-dlx's ``solve_all`` on the pre-parsed puzzles, one thread, ``solve``
  and ``check``, with the bit kernel (the default) and with the DLX kernel
  (``kernel="dlx"``); and the bit kernel on two threads (``jobs=2``), paired
  with one thread on the whole file where the file was thinned.

Then counting the empty 6x6 grid (2x3 boxes: 28,200,960 solutions, checked)
with each kernel, in rounds of its own (at least two, the kernels in turn).

Ratios are medians over rounds of the ratio within a round (`_harness.paired`),
so a burst of load from elsewhere hits both sides of a ratio alike.
"""

from __future__ import annotations

import gc
import os
import subprocess
import tempfile
from pathlib import Path

from _harness import REPO, Timing, fmt_num, md_table, paired, portable, say

FILES = ["17clue.txt", "top1465.txt", "hardest1106.txt", "hardest1905_11plus.txt",
         "16x16.txt", "16x16_vu.txt", "25x25.txt"]
EMPTY6 = 28_200_960  # solutions of the empty 6x6 grid with 2x3 boxes
NATIVE = ("tdoku", "kudoku", "fast_solv_9r2")
OURS = ("bits", "dlx")


def program() -> Path | None:
    """tdoku's benchmark program, or None when it is not there."""
    path = Path(os.environ.get("DLX_BENCH_TDOKU",
                               REPO.parent / "shared" / "bin" / "tdoku-run-benchmark"))
    return path if path.is_file() and os.access(path, os.X_OK) else None


def _native(prog: Path, path: Path, count: int, first: bool) -> dict:
    """One run of the program: ``{solver: microseconds per puzzle}``."""
    cmd = [str(prog), "-s", ",".join(NATIVE), "-r0", f"-n{count}", "-w1", "-t2", "-c1"]
    if first:
        cmd.append("-f")
    out = subprocess.run(cmd + [str(path)], capture_output=True, text=True, check=True,
                         timeout=600).stdout
    got = {}
    for line in out.splitlines():
        fields = line.split(",")
        if len(fields) >= 9 and fields[4] in NATIVE:
            got[fields[4]] = float(fields[6])  # puzzles/s, us/puzzle, % no guess, guesses
    return got


def _block(puzzles: list, name: str):
    """Standard 9x9 puzzles as one `sudoku.PuzzleBlock` (what `read_blocks` gives for
    a file of them)."""
    import numpy as np

    from sudoku import PuzzleBlock

    values = np.frombuffer(b"".join(p._packed for p in puzzles), dtype=np.uint8)
    return PuzzleBlock(values.reshape(len(puzzles), 81),
                       np.arange(1, len(puzzles) + 1, dtype=np.int64), 3, 3, name)


def _thin(items: list, limit: int) -> tuple[list, int]:
    step = -(-len(items) // limit) if limit and len(items) > limit else 1
    return items[::step], step


def run(args, caches) -> dict:
    import time

    from sudoku.batch import solve_all
    from sudoku.formats import format_line, read_puzzles

    prog = program()
    out: dict = {"program": portable(prog) if prog else None, "files": []}
    if prog is None:
        say("native: tdoku-run-benchmark not found; only numba-dlx's kernels are timed")
    for name in FILES:
        path = args.data / name
        if not path.is_file():
            continue
        everything = [p for p in read_puzzles(str(path)) if not isinstance(p, Exception)]
        puzzles, step = _thin(everything, args.max_puzzles)
        nine = puzzles[0].size == 9
        say(f"native: {name}: {len(puzzles)} of {len(everything)} puzzles")
        runs: dict = {}
        with tempfile.TemporaryDirectory() as tmp:
            sample = Path(tmp) / name
            sample.write_text("".join(format_line(p.cells, p.size) + "\n" for p in puzzles))

            def ours(mode, kernel, jobs=1, items=puzzles, blocks=False):
                def timed():
                    t0 = time.perf_counter()
                    res = list(solve_all(items, mode=mode, kernel=kernel, jobs=jobs,
                                         blocks=blocks))
                    return time.perf_counter() - t0, res
                return timed

            fns = {f"{k}_{m}": ours(m, k) for k in OURS for m in ("solve", "check")}
            fns["bits_solve_2"] = ours("solve", "bits", 2)
            if nine:  # the same puzzles as one array: arrays in, arrays out
                block = _block(puzzles, name)
                fns.update({f"arrays_{m}": ours(m, "bits", 1, [block], True)
                            for m in ("solve", "check")})
                fns["arrays_solve_2"] = ours("solve", "bits", 2, [block], True)
            sizes = dict.fromkeys(fns, len(puzzles))
            if step > 1:
                # Two threads against one on the whole of a large file: its sample is
                # solved in tens of milliseconds, too short for two threads to share
                # evenly (the first chunks are small, the last ones end unevenly).
                whole = {"bits_solve": everything}
                if nine:
                    whole["arrays_solve"] = [_block(everything, name)]
                for key, items in whole.items():
                    for jobs in (1, 2):
                        fns[f"{key}_{jobs}_whole"] = ours("solve", "bits", jobs, items,
                                                          key == "arrays_solve")
                        sizes[f"{key}_{jobs}_whole"] = len(everything)
            for fn in fns.values():  # warm-up (and the kernels loaded)
                fn()
            gc.collect()  # and the cycle collector kept off what stays (see bench_sudoku)
            gc.freeze()
            start = time.perf_counter()
            for rnd in range(max(args.repeat, 1)):
                if nine and prog is not None:
                    for mode, first in (("solve", True), ("check", False)):
                        for solver, us in _native(prog, sample, len(puzzles), first).items():
                            runs.setdefault(f"{solver}_{mode}", []).append(us)
                for key, fn in fns.items():
                    seconds, res = fn()
                    runs.setdefault(key, []).append(seconds * 1e6 / sizes[key])
                    if key.startswith(OURS) and key.endswith(("solve", "check")):
                        runs.setdefault(key + "_nodes", []).append(
                            sum(r.nodes for r in res) / len(res))
                if rnd + 1 >= 2 and time.perf_counter() - start > args.budget:
                    break
        entry = {"file": name, "puzzles": len(puzzles), "puzzles_in_file": len(everything),
                 "step": step, "runs": runs}
        out["files"].append(entry)
        say("  " + ", ".join(f"{k} {fmt_num(Timing(v).median)}" for k, v in runs.items()
                             if not k.endswith("_nodes")))
    if not args.quick:  # (a minute a round: not for a smoke run)
        out["count6"] = _count6(args)
    return out


def _count6(args) -> dict:
    """Seconds to count the empty 6x6 grid with each kernel, round by round."""
    import time

    from sudoku import parse_puzzle
    from sudoku.batch import solve_all

    empty = parse_puzzle("." * 36, box=(2, 3))
    for kernel in OURS:  # warm-up: the kernels loaded, on a corner of the tree
        list(solve_all([parse_puzzle("123456" + "." * 30, box=(2, 3))], mode="count",
                       kernel=kernel))
    runs: dict = {}
    start = time.perf_counter()
    for rnd in range(max(args.repeat, 2)):
        for kernel in OURS:
            t0 = time.perf_counter()
            r, = solve_all([empty], mode="count", kernel=kernel)
            runs.setdefault(kernel, []).append(time.perf_counter() - t0)
            runs.setdefault(kernel + "_nodes", []).append(r.nodes)
            if r.count != EMPTY6:
                raise RuntimeError(f"{kernel} counted {r.count} 6x6 grids, not {EMPTY6}")
        if rnd + 1 >= 2 and time.perf_counter() - start > args.budget:
            break
    say("native: empty 6x6 count: " + ", ".join(f"{k} {fmt_num(Timing(runs[k]).median)} s"
                                                 for k in OURS))
    return runs


def _ratio(runs: dict, a: str, b: str) -> float | None:
    if a in runs and b in runs and len(runs[a]) == len(runs[b]):
        return paired(Timing(runs[a]), Timing(runs[b]))
    return None


def _threads(runs: dict, key: str) -> float | None:
    """Two threads' speed-up over one for ``key``: on the whole file where it was
    measured there (a thinned file), else on the sample."""
    if f"{key}_2_whole" in runs:
        return _ratio(runs, f"{key}_1_whole", f"{key}_2_whole")
    return _ratio(runs, key, f"{key}_2")


def _cell(runs: dict, key: str) -> str:
    if key not in runs:
        return "-"
    text = fmt_num(Timing(runs[key]).median)
    check = key.replace("_solve", "_check")
    if check in runs:
        text += f" ({fmt_num(Timing(runs[check]).median)})"
    return text


def _x(r: float | None) -> str:
    return "-" if r is None else f"{r:.2f}x"


def markdown(result: dict) -> str:
    head = ["file", "puzzles", "tdoku", "kudoku", "fast_solv_9r2", "bit kernel",
            "DLX kernel", "bit / tdoku", "DLX / bit", "bit kernel, 2 threads speed-up",
            "nodes/puzzle bit (DLX)"]
    rows = []
    for e in result["files"]:
        r = e["runs"]
        count = f"{e['puzzles']:,}"
        if e["step"] > 1:
            count += f" (1 in {e['step']} of {e['puzzles_in_file']:,})"
        ratios = [_ratio(r, f"bits_{m}", f"tdoku_{m}") for m in ("solve", "check")]
        back = [_ratio(r, f"dlx_{m}", f"bits_{m}") for m in ("solve", "check")]
        nodes = "-"
        if "bits_check_nodes" in r:
            nodes = (f"{fmt_num(Timing(r['bits_solve_nodes']).median)} / "
                     f"{fmt_num(Timing(r['bits_check_nodes']).median)} "
                     f"({fmt_num(Timing(r['dlx_solve_nodes']).median)} / "
                     f"{fmt_num(Timing(r['dlx_check_nodes']).median)})")
        rows.append([e["file"], count, _cell(r, "tdoku_solve"), _cell(r, "kudoku_solve"),
                     _cell(r, "fast_solv_9r2_solve"), _cell(r, "bits_solve"),
                     _cell(r, "dlx_solve"),
                     " ".join([_x(ratios[0]), f"({_x(ratios[1])})"]) if ratios[0] else "-",
                     " ".join([_x(back[0]), f"({_x(back[1])})"]) if back[0] else "-",
                     _x(_threads(r, "bits_solve")), nodes])
    note = (
        "Microseconds per puzzle, one thread, first solution (uniqueness check, which "
        "stops at a second solution, in brackets); median over rounds. Each round runs "
        "tdoku's benchmark program (tdoku, kudoku, fast_solv_9r2: C, one thread, its own "
        "timing after a warm-up) and then numba-dlx's `solve_all` on the same puzzles "
        "(pre-parsed; the kernel call plus building the input and decoding every result) "
        "with each kernel; ratios are medians of the ratios within a round. The speed-up "
        "of two threads (`jobs=2`) over one is measured on the whole file where the table "
        "uses a sample of it. Nodes: the bit kernel counts guesses, the DLX kernel options "
        "tried, so they do not compare.")
    if not result.get("program"):
        note += " tdoku's program was not found: its columns are empty."
    text = md_table(head, rows) + "\n\n" + note
    arrays = [e for e in result["files"] if "arrays_solve" in e["runs"]]
    if arrays:
        rows = []
        for e in arrays:
            r = e["runs"]
            vs = [_ratio(r, f"arrays_{m}", f"tdoku_{m}") for m in ("solve", "check")]
            rows.append([e["file"], _cell(r, "tdoku_solve"), _cell(r, "bits_solve"),
                         _cell(r, "arrays_solve"),
                         " ".join([_x(vs[0]), f"({_x(vs[1])})"]) if vs[0] else "-",
                         _x(_threads(r, "bits_solve")), _x(_threads(r, "arrays_solve"))])
        text += "\n\n" + (
            "The same 9x9 puzzles as one array (a `PuzzleBlock`, as `read_blocks` reads a "
            "file) solved with `solve_all(..., blocks=True)`, which answers with arrays "
            "(`ResultBlock`) instead of a `PuzzleResult` each; microseconds per puzzle as "
            "above, and the speed-up of two threads (`jobs=2`) over one for each way:"
            "\n\n") + md_table(
            ["file", "tdoku", "bit kernel, PuzzleResults", "bit kernel, arrays",
             "arrays / tdoku", "2 threads, PuzzleResults", "2 threads, arrays"], rows)
    c6 = result.get("count6")
    if c6:
        row = [f"{EMPTY6:,}", fmt_num(Timing(c6["bits"]).median),
               fmt_num(Timing(c6["dlx"]).median), _x(_ratio(c6, "dlx", "bits")),
               f"{fmt_num(Timing(c6['bits_nodes']).median)} "
               f"({fmt_num(Timing(c6['dlx_nodes']).median)})"]
        text += ("\n\nCounting the empty 6x6 grid (2x3 boxes), `sudoku count --box 2x3` "
                 "on 36 dots without the start-up; seconds, median over rounds:\n\n"
                 + md_table(["solutions", "bit kernel, s", "DLX kernel, s", "DLX / bit",
                             "nodes bit (DLX)"], [row]))
    return text
