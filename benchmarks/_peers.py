"""The peers, driven the same way: generic exact cover in-process, Sudoku in a child.

Peers (installed from PyPI, used only through their public interfaces):

* **xcover** (numba): ``xcover.algorithm_c``, Knuth's Algorithm C ("dancing
  cells"), a numba generator of solutions over flat uint32 arrays.  Supports
  secondary items (and colours).  The arrays are built once per problem by
  ``xcover.solvers.input_as_arrays`` (its own converter), outside the clock;
  counting iterates the generator.
* **exact-cover** (C): ``exact_cover.get_solution_count`` on a dense boolean
  matrix.  It has no secondary items: a secondary item becomes primary with
  one extra "slack" option holding only that item, which keeps every count
  the same but makes the tree larger (said wherever it applies).
* **py-sudoku** (pure Python, Sudoku only): ``Sudoku(...).solve()`` and
  ``has_multiple_solutions()``.  Its import name is ``sudoku``, the same as
  this project's package, so it cannot share an environment with numba-dlx:
  it is installed into its own directory (``pip install --target DIR
  py-sudoku``) and runs in a child process with DIR first on PYTHONPATH.
* **baseline**: ``_baseline.AlgorithmX``, dict-of-sets Algorithm X written for
  these benchmarks (plain Python).
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

from _baseline import AlgorithmX, Stopped

HERE = Path(__file__).resolve().parent
WORKER = HERE / "_peer_worker.py"

SUDOKU_PEERS = ("xcover", "exact-cover", "baseline", "py-sudoku")


def have(peer: str, py_sudoku_dir: Path | None = None) -> bool:
    """Is ``peer`` importable here (py-sudoku: installed in ``py_sudoku_dir``)?"""
    if peer in ("baseline", "numba-dlx"):
        return True
    if peer == "py-sudoku":
        return py_sudoku_dir is not None and (py_sudoku_dir / "sudoku" / "sudoku.py").is_file()
    module = {"xcover": "xcover", "exact-cover": "exact_cover_impl"}[peer]
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def plain(problem):
    """A dlx.Problem as (options as item lists, primary, secondary), via its public API."""
    options = [problem.option(k) for k in range(problem.n_options)]
    return options, list(problem.primary), list(problem.secondary)


# ------------------------------------------------------- generic exact cover
def xcover_counter(problem):
    """A function counting all solutions of ``problem`` with xcover (arrays prebuilt)."""
    from xcover import algorithm_c
    from xcover.solvers import input_as_arrays

    options, primary, secondary = plain(problem)
    arrays = input_as_arrays(options, primary=primary, secondary=secondary)

    def count():
        c = 0
        for _ in algorithm_c(*arrays):
            c += 1
        return {"count": c}

    return count


def exact_cover_counter(problem):
    """A function counting with exact-cover on a dense matrix (slack rows for secondaries)."""
    import numpy as np
    from exact_cover import get_solution_count

    options, primary, secondary = plain(problem)
    index = {name: k for k, name in enumerate(primary + secondary)}
    matrix = np.zeros((len(options) + len(secondary), len(index)), dtype=np.bool_)
    for r, opt in enumerate(options):
        matrix[r, [index[i] for i in opt]] = True
    for s, name in enumerate(secondary):  # slack option: the secondary item alone
        matrix[len(options) + s, index[name]] = True

    def count():
        return {"count": int(get_solution_count(matrix))}

    return count, len(secondary)


def baseline_counter(problem, cap: float | None):
    """A function counting with the dict-of-sets baseline, stopped after ``cap`` seconds."""
    options, primary, secondary = plain(problem)

    def count():
        x = AlgorithmX(options, primary, secondary)  # rebuilt each run (searching consumes it)
        deadline = None if cap is None else time.perf_counter() + cap
        try:
            x.search(deadline=deadline)
        except Stopped:
            return {"count": x.count, "nodes": x.nodes, "updates": x.updates, "cut": True}
        return {"count": x.count, "nodes": x.nodes, "updates": x.updates, "cut": False}

    return count


# ------------------------------------------------------------------ Sudoku
class _Worker:
    def __init__(self, header: dict, puzzles: list, env: dict):
        self.proc = subprocess.Popen([sys.executable, str(WORKER)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, env=env, cwd=str(HERE))
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self._err: list = []
        threading.Thread(target=self._read_err, daemon=True).start()
        payload = json.dumps(header) + "\n" + "".join(json.dumps(p) + "\n" for p in puzzles)
        threading.Thread(target=self._write, args=(payload,), daemon=True).start()

    def _write(self, payload):
        try:
            self.proc.stdin.write(payload)
            self.proc.stdin.close()
        except (BrokenPipeError, OSError):
            pass

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _read_err(self):
        for line in self.proc.stderr:
            self._err.append(line)

    def get(self, timeout):
        """The next message, or None at end of output; raises queue.Empty on timeout."""
        line = self.lines.get(timeout=timeout)
        return None if line is None else json.loads(line)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()

    @property
    def stderr(self) -> str:
        return "".join(self._err[-20:])


def run_sudoku_peer(peer: str, mode: str, puzzles: list, box, *, passes: int, cap: float,
                    budget: float, env: dict, py_sudoku_dir: Path | None = None) -> dict:
    """Time ``peer`` on ``puzzles`` (lists of cell values), ``passes`` times over all.

    A puzzle that takes longer than ``cap`` seconds is *cut*: left out of the
    times, and no pass after the current one is made (the worker is killed and
    a new one finishes the pass).  Once ``budget`` seconds are spent the
    puzzles not reached are left out.  Returns the per-pass totals over the
    puzzles timed, and per-puzzle times and solution counts of the first pass.
    """
    env = dict(env)
    if peer == "py-sudoku":
        env["PYTHONPATH"] = str(py_sudoku_dir)
    n = len(puzzles)
    times = [[None] * n for _ in range(passes)]
    found = [None] * n
    cut = [False] * n
    start = None  # the budget counts from the end of the first warm-up
    error = warmup = None
    over_budget = False
    first_pass = 0  # pass number of the running worker's first pass
    todo = list(range(n))
    while todo and not over_budget:
        header = {"peer": peer, "mode": mode, "passes": passes - first_pass, "box": list(box),
                  "cap": cap}
        worker = _Worker(header, [puzzles[i] for i in todo], env)
        expected = (0, 0)  # (pass offset, position in todo) of the next report
        try:
            msg = worker.get(timeout=max(cap, 120))  # warm-up: compile or cache load
            if msg is None:
                error = worker.stderr or "the worker ended before starting"
                break
            if warmup is None:
                warmup = msg["ready"]
            if start is None:
                start = time.perf_counter()
            while True:
                try:
                    msg = worker.get(timeout=cap * 1.5 + 1)
                except queue.Empty:
                    off, pos = expected
                    cut[todo[pos]] = True
                    first_pass += off
                    passes = first_pass + 1  # finish this pass only
                    todo = todo[pos + 1:]
                    break
                if msg is None:
                    if worker.proc.wait() != 0:
                        error = worker.stderr or f"the worker exited with {worker.proc.returncode}"
                    todo = []
                    break
                i = todo[msg["i"]]
                if msg["cut"]:
                    cut[i] = True
                else:
                    times[first_pass + msg["pass"]][i] = msg["s"]
                    if found[i] is None:
                        found[i] = msg["n"]
                if msg["i"] + 1 < len(todo):
                    expected = (msg["pass"], msg["i"] + 1)
                else:
                    expected = (msg["pass"] + 1, 0)
                if time.perf_counter() - start > budget:
                    over_budget = True
                    break
        finally:
            worker.stop()
    timed = [i for i in range(n) if not cut[i] and times[0][i] is not None]
    totals = [sum(times[p][i] for i in timed) for p in range(passes)
              if timed and all(times[p][i] is not None for i in timed)]
    return {"peer": peer, "mode": mode, "puzzles": n, "timed": timed,
            "cut": [i for i in range(n) if cut[i]], "totals": totals,
            "per_puzzle": [times[0][i] for i in timed], "found": found, "warmup": warmup,
            "error": error, "over_budget": over_budget}
