"""Files of puzzles: reading, writing, and ``sudoku solve FILE`` from end to end.

For each file present (17clue.txt, hardest1905_11plus.txt: one puzzle per
line, the whole file; smaller files would measure the command's start-up
more than its work), in rounds (``--repeat``, fewer after
``--budget`` seconds), one run of each in turn:

* reading: `sudoku.read_puzzles` (a `Puzzle` each, with and without the
  clash check) and `sudoku.read_blocks` (arrays; with and without it);
* writing the solutions: `sudoku.format_line` a puzzle at a time, joined,
  against the bulk writer (`sudoku.formats.bulk.format_block`);
* the library: `solve_all` on the puzzles read beforehand, one thread (the
  library's solve), and `read_blocks` + `solve_all(blocks=True)` from the
  file (arrays from reading to the solutions);
* the command: ``sudoku solve FILE`` (one thread, the default) and
  ``sudoku solve --jobs 2 FILE`` in a new process, stdout to /dev/null, less
  the same command on a one-puzzle file (start-up: interpreter, imports,
  kernels loaded from a warm cache).

Microseconds per puzzle; the command over the library is the median of the
ratios within a round (`_harness.paired`).
"""

from __future__ import annotations

import gc
import statistics
import tempfile
import time
from pathlib import Path

from _harness import Timing, child_env, console_script, fmt_num, md_table, paired, run_child, say

FILES = ["17clue.txt", "hardest1905_11plus.txt"]
READ_TARGET_US = 1.0  # issue 31: 9x9 lines read in bulk
CLI_TARGET = 1.2  # issue 31: sudoku solve FILE beyond start-up over the library's solve


def run(args, caches) -> dict:
    out: dict = {"files": []}
    env = child_env(caches.warm)
    for name in FILES:
        path = args.data / name
        if path.is_file():
            out["files"].append(_measure(path, args, env))
    return out


def _measure(path: Path, args, env: dict) -> dict:
    """One file's rounds: microseconds per puzzle of each column, every run kept."""
    import numpy as np

    from sudoku import read_blocks, read_puzzles
    from sudoku.batch import solve_all
    from sudoku.formats import format_line
    from sudoku.formats.bulk import format_block

    puzzles = [p for p in read_puzzles(path) if not isinstance(p, Exception)]
    count = len(puzzles)
    solutions = [r.solutions[0] for r in solve_all(puzzles)]
    grids = np.array(solutions, dtype=np.uint8)
    say(f"files: {path.name}: {count} puzzles")
    sudoku = console_script("sudoku")

    def command(jobs, file):
        cmd = [*sudoku, "solve", "--jobs", str(jobs), str(file)]

        def call():
            child = run_child(cmd, env=env)
            if child.returncode not in (0, 3):
                raise RuntimeError(f"{' '.join(cmd)}: exit {child.returncode}: "
                                   f"{child.stderr[-300:]}")
            return child.wall
        return call

    def timed(fn):
        def call():
            t0 = time.perf_counter()
            fn()
            return time.perf_counter() - t0
        return call

    def blocks_solved():
        for _ in solve_all(read_blocks(path, check=False), blocks=True):
            pass

    with tempfile.TemporaryDirectory() as tmp:
        one = Path(tmp) / "one.txt"
        one.write_text(format_line(puzzles[0]) + "\n")
        fns = {
            "read_puzzles": timed(lambda: list(read_puzzles(path))),
            "read_puzzles_nocheck": timed(lambda: list(read_puzzles(path, check=False))),
            "read_blocks": timed(lambda: list(read_blocks(path))),
            "read_blocks_nocheck": timed(lambda: list(read_blocks(path, check=False))),
            "write_lines": timed(lambda: "\n".join(map(format_line, solutions))),
            "write_block": timed(lambda: "\n".join(format_block(grids))),
            "library_solve": timed(lambda: list(solve_all(puzzles))),
            "library_blocks": timed(blocks_solved),
            "cli_1": command(1, path),
            "start_1": command(1, one),
            "cli_2": command(2, path),
            "start_2": command(2, one),
        }
        for fn in fns.values():  # warm-up: kernels compiled and cached, files in memory
            fn()
        gc.collect()
        gc.freeze()
        runs: dict = {key: [] for key in fns}
        start = time.perf_counter()
        for rnd in range(max(args.repeat, 1)):
            for key, fn in fns.items():
                runs[key].append(fn())
            if rnd + 1 >= 2 and time.perf_counter() - start > args.budget:
                break
        gc.unfreeze()
    us = {key: [t * 1e6 / count for t in v] for key, v in runs.items()}
    # The command beyond start-up, round by round.
    us["cli_1_beyond"] = [(a - b) * 1e6 / count
                          for a, b in zip(runs["cli_1"], runs["start_1"], strict=True)]
    us["cli_2_beyond"] = [(a - b) * 1e6 / count
                          for a, b in zip(runs["cli_2"], runs["start_2"], strict=True)]
    say("  " + ", ".join(f"{k} {fmt_num(Timing(v).median)}" for k, v in us.items()))
    return {"file": path.name, "puzzles": count, "us_per_puzzle": us,
            "start_seconds": statistics.median(runs["start_1"])}


def _med(e: dict, key: str) -> str:
    return fmt_num(Timing(e["us_per_puzzle"][key]).median)


def ratio(e: dict, a: str, b: str) -> float:
    us = e["us_per_puzzle"]
    return paired(Timing(us[a]), Timing(us[b]))


def markdown(result: dict) -> str:
    head = ["file", "puzzles", "read_puzzles (no check)", "read_blocks (no check)",
            "write: format_line / bulk", "library solve", "library, arrays from the file",
            "`sudoku solve` beyond start-up", "over library solve",
            "`sudoku solve --jobs 2` beyond start-up"]
    rows = []
    for e in result["files"]:
        rows.append([
            e["file"], f"{e['puzzles']:,}",
            f"{_med(e, 'read_puzzles')} ({_med(e, 'read_puzzles_nocheck')})",
            f"{_med(e, 'read_blocks')} ({_med(e, 'read_blocks_nocheck')})",
            f"{_med(e, 'write_lines')} / {_med(e, 'write_block')}",
            _med(e, "library_solve"), _med(e, "library_blocks"),
            _med(e, "cli_1_beyond"), f"{ratio(e, 'cli_1_beyond', 'library_solve'):.2f}x",
            _med(e, "cli_2_beyond")])
    note = ("Microseconds per puzzle, median over rounds (each round runs every column once, "
            "in turn). Reading: the whole file into `Puzzle` objects, or into arrays "
            "(`read_blocks`), with the clash check (without it in brackets: what the "
            "solvers use, as they find clashes themselves). Writing: every solution as a "
            "line of text. The library's solve is `solve_all` on puzzles read beforehand, "
            "one thread; the command runs in a new process, its start-up (the same command "
            "on a one-puzzle file) taken off.")
    return md_table(head, rows) + "\n\n" + note


def targets(result: dict) -> list:
    """(target, measured, met) for the page's targets table."""
    out = []
    for e in result["files"]:
        if e["file"] != "17clue.txt":
            continue
        read = Timing(e["us_per_puzzle"]["read_blocks_nocheck"]).median
        out.append(("9x9 one-line files read in bulk: at most 1 us a puzzle (17clue)",
                    f"{fmt_num(read)} us", read <= READ_TARGET_US))
        r = ratio(e, "cli_1_beyond", "library_solve")
        out.append(("`sudoku solve 17clue.txt` beyond start-up: within 1.2x of the "
                    "library's solve", f"{r:.2f}x", r <= CLI_TARGET))
    return out
