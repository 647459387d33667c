"""Memory: peak RSS of ``sudoku solve FILE > /dev/null`` for a small and a large file.

The CLI streams: it reads, solves (in batches of at most a few thousand
puzzles) and prints as it goes, so its peak memory must not grow with the
length of the file.  This section writes, into a temporary directory, a small
file (the first 1,000 puzzles of 17clue.txt), a medium one (17clue.txt
repeated to a tenth of ``--memory-lines``) and a large one (repeated to
``--memory-lines`` lines, a million by default), runs the CLI on each in a
new process with a warm cache, and reads each process's own peak resident set
size from the kernel (``os.wait4``).  hardest1905_11plus.txt is run as it is
too, as a real large file of hard puzzles.

The solver's batches grow (up to a fixed number of puzzles) until a batch
takes about 0.1 s, so a file of fast puzzles holds a few MB more while its
batches are at full size; the medium file is long enough to reach that size.
*Growth* is therefore large minus medium: ten times the lines, the same
working set.
"""

from __future__ import annotations

import itertools
import sys
import tempfile
from pathlib import Path

from _harness import child_env, console_script, fmt_num, md_table, run_child, say

FALLBACK = ("4.....8.5.3..........7......2.....6.....8.4......1......."
            "6.3.7.5..2.....1.4......")


def _source_lines(data: Path) -> list:
    for name in ("17clue.txt", "top1465.txt", "top95.txt"):
        path = data / name
        if path.is_file():
            lines = [ln.strip() for ln in path.read_text().splitlines() if ln.strip()]
            if lines:
                return lines
    return [FALLBACK]


def _write(path: Path, lines: list, count: int) -> None:
    with open(path, "w") as f:
        for line in itertools.islice(itertools.cycle(lines), count):
            f.write(line + "\n")


def run(args, caches) -> dict:
    sudoku = console_script("sudoku")
    env = child_env(caches.warm)
    lines = _source_lines(args.data)
    out = {"runs": []}
    with tempfile.TemporaryDirectory() as tmp:
        small = Path(tmp) / "small.txt"
        medium = Path(tmp) / "medium.txt"
        large = Path(tmp) / "large.txt"
        n_medium = max(args.memory_lines // 10, 1000)
        _write(small, lines, 1000)
        _write(medium, lines, n_medium)
        _write(large, lines, args.memory_lines)
        cases = [("small: 1,000 lines", small, 1000),
                 (f"medium: {n_medium:,} lines (17clue.txt repeated)", medium, n_medium),
                 (f"large: {args.memory_lines:,} lines (17clue.txt repeated)", large,
                  args.memory_lines)]
        real = args.data / "hardest1905_11plus.txt"
        if real.is_file() and not args.quick:
            with open(real) as f:
                n_real = sum(1 for ln in f if ln.strip())
            cases.insert(2, (f"hardest1905_11plus.txt ({n_real:,} lines)", real, n_real))
        run_child(sudoku + ["solve", str(small)], env=env)  # fill the cache
        for label, path, n in cases:
            say(f"memory: {label}")
            child = run_child(sudoku + ["solve", str(path)], env=env)
            out["runs"].append({"label": label, "lines": n, "bytes": path.stat().st_size,
                                "seconds": child.wall, "maxrss_kib": child.maxrss_kib,
                                "exit_code": child.returncode,
                                "puzzles_per_second": n / child.wall})
    by_label = {r["label"].split(":")[0]: r["maxrss_kib"] for r in out["runs"]}
    out["growth_mib"] = (by_label["large"] - by_label["medium"]) / 1024
    out["over_small_mib"] = (by_label["large"] - by_label["small"]) / 1024
    return out


def markdown(result: dict) -> str:
    rows = []
    for r in result["runs"]:
        rows.append([r["label"], f"{r['bytes'] / 2**20:,.1f}", fmt_num(r["seconds"]),
                     f"{r['puzzles_per_second']:,.0f}", f"{r['maxrss_kib'] / 1024:,.1f}"])
    text = md_table(["file", "MiB", "seconds", "puzzles/s", "peak RSS, MiB"], rows)
    text += (f"\n\nPeak RSS of the whole `sudoku solve FILE > /dev/null` process (one run "
             f"each, warm cache). Large minus medium (ten times the lines): "
             f"{result['growth_mib']:+.1f} MiB; large minus small: "
             f"{result['over_small_mib']:+.1f} MiB (the batches of fast puzzles reach their "
             f"full size only in files of more than a few thousand puzzles).")
    return text


if __name__ == "__main__":  # pragma: no cover
    import run_all

    run_all.main(["--only", "memory", *sys.argv[1:]])
