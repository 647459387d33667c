"""Web: the server time of ``sudoku serve``'s API requests on 9x9 puzzles, after warm-up.

The app (`sudoku.web.app.create_app`, kernels loaded at startup) answers
requests from Starlette's test client in this process, so the numbers leave
out the network but include everything the server does: reading the JSON,
the handler on its worker thread, writing the answer.  *Server* is the app's
own ``Server-Timing`` header; *round trip* is the client's wall time for the
whole request.  Each endpoint gets ``REQUESTS`` requests per puzzle (the
first answer of an explanation is cached by the app, so explain, hint and
rate are timed on puzzles that change from request to request: each request
sends the puzzle with its rows in another order of the bands, which keeps
it the same puzzle to solve).  The target is a 9x9 solve, hint or rate
under 50 ms of server time (median).

    python benchmarks/bench_web.py            # writes benchmarks/results/web.json
    python benchmarks/bench_web.py --quick    # a short run, to results/tmp/
"""

from __future__ import annotations

import statistics
import sys
import time

from _harness import fmt_num, md_table, say

PUZZLES = {
    "classic (medium)": ("4.....8.5.3..........7......2.....6.....8.4......"
                         "1.......6.3.7.5..2.....1.4......"),
    "Easter Monster (extreme)": ("1.......2.9.4...5...6...7...5.9.3.......7......."
                                 "85..4.7.....6...3...9.8...2.....1"),
}
ENDPOINTS = ("solve", "check", "hint", "rate", "explain", "candidates", "methods")
TARGET_MS = 50.0
TARGETED = ("solve", "hint", "rate")
REQUESTS = 40


def _variants(puzzle: str, count: int) -> list[str]:
    """``count`` equivalent puzzles: the three bands of rows in each of their 6 orders,
    then the stacks of columns too (a cached explanation must not answer the next)."""
    from itertools import permutations

    rows = [puzzle[r * 9:(r + 1) * 9] for r in range(9)]
    out = []
    for bands in permutations(range(3)):
        for stacks in permutations(range(3)):
            order = [b * 3 + r for b in bands for r in range(3)]
            cols = [s * 3 + c for s in stacks for c in range(3)]
            out.append("".join(rows[r][c] for r in order for c in cols))
    return [out[k % len(out)] for k in range(count)]


def run(args, caches) -> dict:
    from starlette.testclient import TestClient

    from sudoku.web.app import create_app

    requests = 10 if args.quick else REQUESTS
    out: dict = {"requests": requests, "cases": []}
    t0 = time.perf_counter()
    with TestClient(create_app(), base_url="http://127.0.0.1:8000") as client:
        out["startup_seconds"] = time.perf_counter() - t0
        for label, puzzle in PUZZLES.items():
            for name in ENDPOINTS:
                say(f"web: {name}, {label}")
                server, trip = [], []
                for text in _variants(puzzle, requests):
                    start = time.perf_counter()
                    answer = client.post(f"/api/{name}", json={"puzzle": text})
                    trip.append(time.perf_counter() - start)
                    assert answer.status_code == 200, answer.text
                    timing = answer.headers["server-timing"]
                    server.append(float(timing.split("dur=")[1]) / 1000)
                out["cases"].append({"endpoint": name, "puzzle": label, "server": server,
                                     "round_trip": trip})
    return out


def _ms(runs: list) -> str:
    return f"{fmt_num(1000 * statistics.median(runs))} ({fmt_num(1000 * max(runs))})"


def markdown(result: dict) -> str:
    rows = []
    for case in result["cases"]:
        median = 1000 * statistics.median(case["server"])
        target = ""
        if case["endpoint"] in TARGETED:
            target = "met" if median < TARGET_MS else "**missed**"
        rows.append([case["endpoint"], case["puzzle"], _ms(case["server"]),
                     _ms(case["round_trip"]), target])
    text = md_table(["request", "9x9 puzzle", "server, ms", "round trip, ms",
                     f"under {TARGET_MS:.0f} ms"], rows, "llrrl")
    text += (f"\n\nMedian (slowest) of {result['requests']} requests each, after the "
             f"startup that loads the kernels ({fmt_num(result['startup_seconds'])} s). "
             "*Server*: the app's `Server-Timing` header (reading the request, the handler "
             "on its worker thread, writing the answer); *round trip*: Starlette's test "
             "client in the same process, so no network. Explanations are not reused: "
             "each request sends the puzzle with its bands and stacks in another order.")
    return text


if __name__ == "__main__":  # pragma: no cover
    import run_all

    run_all.main(["--only", "web", *sys.argv[1:]])
