"""Plots of the results, for docs/performance.md (needs matplotlib).

    python benchmarks/plot.py [RESULTS_DIR [OUTDIR]]

Draws ``bench-sudoku.png`` from ``sudoku.json`` (microseconds per puzzle per
data set, numba-dlx and the peers, log scale) and ``bench-queens.png`` from
``cover.json`` (seconds to count all N-queens solutions against N, log scale),
from RESULTS_DIR (default benchmarks/results) into OUTDIR (default docs/img).
"""

from __future__ import annotations

import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

COLORS = {"numba-dlx": "#1f77b4", "numba-dlx, 2 threads": "#7fb8e6", "xcover": "#ff7f0e",
          "exact-cover": "#2ca02c", "baseline": "#7f7f7f", "py-sudoku": "#d62728"}


def _sudoku(docs: dict, out: Path) -> Path | None:
    doc = docs.get("sudoku")
    if not doc:
        return None
    sud = doc["result"]
    files = [e for e in sud["files"] if "solve_1" in e]
    if not files:
        return None
    series = {k: [] for k in COLORS}
    for e in files:
        got = {"numba-dlx": e["solve_1"]["us_per_puzzle"]["median"],
               "numba-dlx, 2 threads": e["solve_2"]["us_per_puzzle"]["median"]}
        peers = e.get("peers", {}).get("solve", {})
        for group in ("fast", "slow"):
            for peer, res in peers.get(group, {}).get("solvers", {}).items():
                if peer in COLORS and peer not in got:
                    got[peer] = res.get("us_per_puzzle", {}).get("median")
        for k in series:
            series[k].append(got.get(k))
    names = [e["file"].removesuffix(".txt") for e in files]
    fig, ax = plt.subplots(figsize=(11, 4.8))
    shown = [k for k in series if any(v for v in series[k])]
    width = 0.8 / len(shown)
    for j, k in enumerate(shown):
        xs = [i + (j - (len(shown) - 1) / 2) * width for i in range(len(names))]
        ys = [v if v else 0 for v in series[k]]
        ax.bar(xs, ys, width, label=k, color=COLORS[k])
    ax.set_yscale("log")
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=30, ha="right")
    ax.set_ylabel("microseconds per puzzle (log)")
    ax.set_title("Sudoku, first solution, one thread unless said (lower is better)")
    ax.grid(axis="y", which="both", alpha=0.3)
    ax.legend(ncol=3, fontsize=8)
    fig.text(0.01, 0.01, f"{doc['machine']['cpu']}; {doc['date']}; peers on samples "
             "of each file, numba-dlx on the whole (thinned) file", fontsize=7)
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    path = out / "bench-sudoku.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _queens(docs: dict, out: Path) -> Path | None:
    doc = docs.get("cover")
    if not doc:
        return None
    rows = [e for e in doc["result"]["instances"] if e["family"] == "queens"]
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(6.4, 4.4))
    for solver in ("numba-dlx", "xcover", "exact-cover", "baseline"):
        pts = [(e["n"], e["solvers"][solver]["timing"]["median"]) for e in rows
               if "timing" in e["solvers"].get(solver, {}) and not e["solvers"][solver].get("cut")]
        if pts:
            ax.plot([n for n, _ in pts], [t for _, t in pts], marker="o", label=solver,
                    color=COLORS[solver])
    ax.set_xticks(sorted({e["n"] for e in rows}))
    ax.axhline(0.3, ls=":", color="black", lw=1)
    ax.text(rows[0]["n"], 0.33, "target for 13-queens: 0.3 s", fontsize=8)
    ax.set_yscale("log")
    ax.set_xlabel("N")
    ax.set_ylabel("seconds to count all solutions (log)")
    ax.set_title("N-queens (diagonals as secondary items)")
    ax.grid(which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    path = out / "bench-queens.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def make_plots(docs: dict, out: Path) -> list:
    """Draw the plots of the sections in ``docs`` (``{section: results file}``) into ``out``."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    return [p for p in (_sudoku(docs, out), _queens(docs, out)) if p]


if __name__ == "__main__":
    import report

    src = Path(sys.argv[1]) if len(sys.argv) > 1 else report.H.RESULTS
    dest = Path(sys.argv[2]) if len(sys.argv) > 2 else report.H.REPO / "docs" / "img"
    for p in make_plots(report.load(src), dest):
        print(p)
