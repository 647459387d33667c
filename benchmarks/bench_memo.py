"""Memoised counting (``count(memo=True)``) against plain counting and against dxz.

    python benchmarks/bench_memo.py                # print the tables
    python benchmarks/run_all.py --only memo       # benchmarks/results/memo.json and the page

Problems: domino tilings of square boards (`dlx.examples.dominoes`; the
targets are 8x8 under 1 s and 10x10 under 10 s), and tilings with repeated
pieces (`dlx.examples.polyominoes`) next to the twelve distinct pentominoes.
Each solver counts the same problem, warm (kernels compiled, links built):

* memo: ``Problem.count(memo=True)``, best of ``--runs``;
* plain: ``Problem.count()``, once, stopped at ``--plain-timeout`` seconds
  (shown as ``> T``);
* dxz: ``dxz.dxz_count`` from PyPI (Nishino et al.'s DXZ, C++), on the
  problem's dense 0/1 matrix, in a child process stopped at the same
  timeout; skipped when ``import dxz`` fails.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

import _harness as H

from dlx.examples import dominoes, pentominoes, polyominoes

DOMINOES = [("dominoes 8x8", lambda: dominoes(8, 8)), ("dominoes 10x10", lambda: dominoes(10, 10)),
            ("dominoes 12x12", lambda: dominoes(12, 12))]
PIECES = [("tetrominoes 6x6", lambda: polyominoes(6, 6, "tetrominoes")),
          ("trominoes 6x6", lambda: polyominoes(6, 6, "trominoes")),
          ("pentominoes (any) 5x10", lambda: polyominoes(5, 10, "pentominoes")),
          ("12 pentominoes 5x12", lambda: pentominoes(5, 12))]

_DXZ = """
import json, sys, time, dxz
rows, cols, flat = json.load(sys.stdin)
t = time.perf_counter()
n = dxz.dxz_count(rows, cols, flat)
print(json.dumps([n, time.perf_counter() - t]))
"""


def _dense(problem) -> tuple[int, int, list[int]]:
    e = problem.entries
    rows, cols = problem.n_options, problem.n_items
    flat = [0] * (rows * cols)
    for k in range(rows):
        for j in range(int(e.ptr[k]), int(e.ptr[k + 1])):
            flat[k * cols + int(e.items[j]) - 1] = 1
    return rows, cols, flat


def run_dxz(problem, timeout: float) -> dict:
    if problem.secondary:
        return {"skipped": "secondary items"}
    try:
        proc = subprocess.run([sys.executable, "-c", _DXZ], input=json.dumps(_dense(problem)),
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"timeout": timeout}
    if proc.returncode != 0:
        return {"skipped": proc.stderr.strip().splitlines()[-1] if proc.stderr else "failed"}
    count, seconds = json.loads(proc.stdout)
    return {"count": count, "seconds": seconds}


def bench(name, build, runs: int, plain_timeout: float, with_dxz: bool) -> dict:
    problem = build()
    problem.links()
    problem.count(memo=True, max_nodes=10)  # kernels loaded
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        r = problem.count(memo=True)
        times.append(time.perf_counter() - t)
    row = {"problem": name, "count": r.count, "memo_seconds": min(times),
           "memo_nodes": r.stats.nodes, "hits": r.memo.hits, "lookups": r.memo.lookups,
           "entries": r.memo.entries, "peak_mb": r.memo.peak_bytes / 2**20,
           "capped": r.memo.capped}
    t = time.perf_counter()
    p = problem.count(timeout=plain_timeout)
    row["plain_seconds"] = time.perf_counter() - t
    row["plain_status"] = p.status
    row["plain_nodes"] = p.stats.nodes
    if p.exact:
        assert p.count == r.count, (name, p.count, r.count)
    row["dxz"] = run_dxz(problem, plain_timeout) if with_dxz else {"skipped": "not installed"}
    if "count" in row["dxz"]:
        assert row["dxz"]["count"] == r.count or r.count >= 2**63, (name, row["dxz"])
    H.say(f"  {name}: {r.count} in {row['memo_seconds']:.4f} s")
    return row


def _secs(seconds: float, status: str = "complete") -> str:
    return f"{seconds:.4g}" if status == "complete" else f"> {seconds:.3g} ({status})"


def table(rows: list) -> str:
    out = []
    for r in rows:
        d = r["dxz"]
        dxz = (f"{d['seconds']:.4g}" if "count" in d else
               f"> {d['timeout']:g}" if "timeout" in d else f"- ({d['skipped']})")
        speedup = (f"{r['plain_seconds'] / r['memo_seconds']:.0f}x"
                   if r["plain_status"] == "complete" else
                   f"> {r['plain_seconds'] / r['memo_seconds']:.0f}x")
        out.append([r["problem"], f"{r['count']:,}", f"{r['memo_seconds']:.4g}",
                    _secs(r["plain_seconds"], r["plain_status"]), speedup, dxz,
                    f"{r['hits']:,} / {r['lookups']:,}", f"{r['entries']:,}",
                    f"{r['peak_mb']:.1f}"])
    return H.md_table(["problem", "count", "memo s", "plain s", "speed-up", "dxz s",
                       "hits / lookups", "entries", "peak MB"], out)


TITLES = (("dominoes", "Domino tilings"), ("pieces", "Repeated pieces"))


def measure_all(runs: int, plain_timeout: float) -> dict:
    """Every problem of both tables: ``{"dominoes": rows, "pieces": rows}``."""
    try:
        import dxz  # noqa: F401

        with_dxz = True
    except ImportError:
        with_dxz = False
    rows: dict = {"dominoes": [], "pieces": []}
    for section, problems in (("dominoes", DOMINOES), ("pieces", PIECES)):
        for name, build in problems:
            rows[section].append(bench(name, build, runs, plain_timeout, with_dxz))
    return rows


def run(args, caches=None) -> dict:
    """The ``memo`` section of ``run_all.py``: its ``--repeat`` runs of memo, plain counts
    stopped at ``--memo-plain-timeout`` seconds."""
    timeout = getattr(args, "memo_plain_timeout", None) or 60.0
    return {"runs": args.repeat, "plain_timeout": timeout,
            **measure_all(args.repeat, timeout)}


def markdown(result: dict) -> str:
    parts = []
    for section, title in TITLES:
        parts.append(f"{title}:\n\n{table(result[section])}")
    parts.append(f"memo: `Problem.count(memo=True)`, warm, best of {result['runs']} runs; "
                 "plain: `Problem.count()` once, stopped after "
                 f"{result['plain_timeout']:g} s (`> T`); dxz: `dxz.dxz_count` from PyPI "
                 "in a child process, same limit (`-` when it does not install). Hits / "
                 "lookups: subproblems found in the table over those looked up; peak MB: "
                 "the table's largest size (cap 256 MB).")
    return "\n\n".join(parts)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--plain-timeout", type=float, default=60.0)
    args = ap.parse_args(argv)
    rows = measure_all(args.runs, args.plain_timeout)
    for section, title in TITLES:
        print(f"\n{title}\n")
        print(table(rows[section]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
