"""Small jobs before numba has loaded: kernels run interpreted (`dlx.plain`), then compiled.

The interpreted copy of a kernel is the same file run with stand-ins for numpy
and numba; these tests check the stand-ins, that both copies give the same
searches (counts, nodes, solutions, statuses), that a search begun interpreted
goes on compiled from where it stopped with the same outcome, that a
one-puzzle command loads neither numba nor numpy, and that candidates found
without the kernel are the kernel's.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import sudoku
from dlx import Problem, plain, small
from dlx.examples import langford, queens
from dlx.search import Search, fresh_state
from sudoku.encode import givens, problem_for
from sudoku.engines import choose

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "sudoku"
CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# A hard one (many guesses), one with several solutions, one whose givens clash.
HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
SEVERAL = "." * 40 + CLASSIC[40:]
CLASH = "44" + CLASSIC[2:]
MANY = "." + CLASSIC[1:]  # 21,786 solutions: seconds to count interpreted


# ------------------------------------------------------------------ the stand-ins
def test_the_stand_ins_make_arrays_as_numpy_does():
    a = plain.np.zeros((3, 4), dtype=plain.np.int64)
    assert a.shape == (3, 4) and a[2, 3] == 0
    a[1, 2] = -5
    b = plain.np.array([1, 2, 3], dtype=plain.np.uint8)
    assert list(b[1:]) == [2, 3] and len(b) == 3
    assert plain.np.iinfo(plain.np.int64).max == np.iinfo(np.int64).max
    assert plain.np.iinfo(plain.np.uint32).max == np.iinfo(np.uint32).max
    assert plain.np.int64(True) == 1 and type(plain.np.int64(3)) is int
    with pytest.raises((ValueError, OverflowError)):
        b[0] = 256  # the type's width holds, as in numpy, but as an error
    # One buffer: what the compiled kernel writes, the interpreted one reads, and back.
    n = plain.as_numpy(a)
    assert n.dtype == np.int64 and n.shape == (3, 4) and n[1, 2] == -5
    n[0, 0] = 7
    assert a[0, 0] == 7


def test_the_interpreted_copy_is_a_module_of_its_own():
    mod = plain.load("sudoku._bitkernel")
    assert plain.interpreted(mod.__name__) and mod is plain.load("sudoku._bitkernel")
    assert mod.search9 is not getattr(sys.modules.get("sudoku._bitkernel"), "search9", None)
    assert mod.np is plain.np


def test_the_mode_is_checked(monkeypatch):
    monkeypatch.setenv(plain.ENV, "sometimes")
    with pytest.raises(ValueError, match="DLX_PLAIN must be one of auto, never, only"):
        plain.mode()


def test_the_budget_is_spent_once_per_process(monkeypatch):
    monkeypatch.delenv(plain.ENV, raising=False)
    assert plain.budget_left()
    assert not plain.spend(plain.BUDGET_SECONDS)
    monkeypatch.setenv(plain.ENV, "only")
    assert plain.budget_left()
    monkeypatch.setenv(plain.ENV, "never")
    assert not plain.budget_left()


# ------------------------------------------------------ the same searches either way
def _lone(puzzle: str, mode: str, monkeypatch, **kw):
    monkeypatch.setenv(plain.ENV, mode)
    engine = choose(sudoku.parse_puzzle(CLASSIC))  # (read unchecked below: CLASH too)
    assert engine.interpreted == (mode == "only")
    r = engine.alone(bytes(0 if ch == "." else int(ch) for ch in puzzle), **kw)
    return r.count, r.status, r.nodes, r.solutions


def _samples() -> list[str]:
    out = [CLASSIC, HARD, SEVERAL, CLASH]
    for name, k in (("top1465.txt", 40), ("hardest1905_11plus.txt", 10), ("17clue.txt", 40)):
        path = DATA / name
        if path.is_file():
            lines = [x.split()[0] for x in path.read_text().splitlines()
                     if x.strip() and not x.startswith(("#", ";"))]
            out += lines[::max(1, len(lines) // k)][:k]
    return out


@pytest.mark.parametrize("kw", [{"limit": 1, "store": 1}, {"limit": 2, "store": 2},
                                {"limit": 0, "store": 0, "max_nodes": 3000},
                                {"limit": 0, "store": 3,
                                                           "max_nodes": 25}])
def test_interpreted_and_compiled_searches_agree(monkeypatch, kw):
    for puzzle in _samples():
        compiled = _lone(puzzle, "never", monkeypatch, **kw)
        interpreted = _lone(puzzle, "only", monkeypatch, **kw)
        assert interpreted == compiled, puzzle


@pytest.mark.parametrize("limit", [0, 2**70])
def test_a_search_goes_on_compiled_where_the_budget_ran_out(monkeypatch, limit):
    # A search of a few hundred nodes: begun interpreted, it spends the budget, and the
    # compiled kernel finishes it from the same state: the same count, nodes and solution
    # (and a limit past int64, which the interpreted kernel takes as it is, is clamped).
    several = MANY
    expect = _lone(several, "never", monkeypatch, limit=0, store=2)
    assert expect[:2] == (21786, "complete")
    monkeypatch.setenv(plain.ENV, "auto")
    monkeypatch.setattr(plain, "BUDGET_SECONDS", 0.002)
    p = sudoku.parse_puzzle(several)
    engine = choose(p)
    monkeypatch.setattr(engine, "_compiled", False)
    assert engine.interpreted
    calls = []
    real = engine.kernel

    def kernel(fn, interpreted=False):
        calls.append(interpreted)
        return real(fn, interpreted)

    monkeypatch.setattr(engine, "kernel", kernel)
    r = engine.alone(p.packed, limit=limit, store=2)
    assert calls == [True, False]  # interpreted first, then compiled: no second start
    assert (r.count, r.status, r.nodes, r.solutions) == expect
    assert not engine.interpreted  # loaded: later searches go compiled at once


# -------------------------------------------------------------- whole commands
_PROBE = """
import sys
from sudoku.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
import json
print(json.dumps({"numba": "numba" in sys.modules, "numpy": "numpy" in sys.modules,
                  "code": code}), file=sys.stderr)
"""


def _probe(*args, env=None):
    r = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True, text=True,
                       timeout=120, env={**os.environ, **(env or {})})
    return r.stdout, json.loads(r.stderr.strip().splitlines()[-1]), r.stderr


@pytest.mark.parametrize("command, expect", [
    ("solve", None), ("check", "unique"), ("count", "1"), ("candidates", ""), ("explain", ""),
    ("hint", "hidden-single: r6c2=4 (the only place for 4 in column 2)"),
    ("rate", "2.2 claiming guesses=0 level=medium")])
def test_a_one_puzzle_command_loads_neither_numba_nor_numpy(tmp_path, command, expect):
    one = tmp_path / "one.txt"
    one.write_text(CLASSIC + "\n")
    out, seen, _ = _probe(command, str(one), env={plain.ENV: ""})
    assert seen == {"numba": False, "numpy": False, "code": 0}
    if expect:
        assert out == expect + "\n"
    elif expect is None:
        sudoku.validate_solution(sudoku.parse_puzzle(CLASSIC), [int(c) for c in out.strip()])
    # The same answer compiled:
    out2, seen2, _ = _probe(command, str(one), env={plain.ENV: "never"})
    assert out2 == out and seen2["numba"]


def test_a_puzzle_beyond_the_budget_is_answered_compiled(tmp_path):
    # Counting every solution of a puzzle with thousands takes far more than the budget
    # interpreted: the command goes on compiled and answers as it always did.
    p = tmp_path / "many.txt"
    p.write_text(MANY + "\n")
    out, seen, _ = _probe("count", str(p), env={plain.ENV: ""})
    out2, _, _ = _probe("count", str(p), env={plain.ENV: "never"})
    assert out == out2 == "21786\n"
    assert seen["numba"]


def _propagated(p) -> tuple:
    """`sudoku.candidates` as the kernel's propagation gives it."""
    n = p.size
    forced = givens(p)
    r = problem_for(p).propagate(forced)
    cells = [tuple(int(v) + 1 for v in row.nonzero()[0])
             for row in r.live[:n ** 3].reshape(n * n, n)]
    for o in r.chosen:
        cells[o // n] = (o % n + 1,)
    return r.status, cells, len(r.chosen) - len(forced)


def test_candidates_without_the_kernel_agree_with_its_propagation():
    # Without a contradiction the singles reach one fixed point in any order, so the
    # forced-option rule gives the kernel's candidates; digits added at random make
    # contradictions too, which go to the kernel itself.
    rng = random.Random(7)
    seen = set()
    for puzzle in _samples():
        grid = [0 if ch == "." else int(ch) for ch in puzzle]
        variants = [grid]
        for _ in range(3):
            g = list(grid)
            for cell in rng.sample(range(81), 3):
                g[cell] = g[cell] or rng.randrange(1, 10)
            variants.append(g)
        for g in variants:
            try:
                p = sudoku.parse_puzzle("".join(str(v) if v else "." for v in g))
                c = sudoku.candidates(p)
            except sudoku.PuzzleError:
                continue
            assert (c.status, c.cells, c.singles) == _propagated(p), g
            seen.add(c.status)
    assert seen == {"solved", "open", "contradiction"}


# ------------------------------------------------ the DLX kernel, for dlx count
def _random_problem(rng: random.Random):
    """Primary items p0.., secondary s0.. with colours now and then."""
    n1, n2 = rng.randint(1, 7), rng.randint(0, 4)
    options = []
    for _ in range(rng.randint(1, 25)):
        row = rng.sample([f"p{i}" for i in range(n1)], rng.randint(1, min(3, n1)))
        for s in rng.sample(range(n2), rng.randint(0, n2)):
            row.append(f"s{s}:{rng.choice('ab')}" if rng.random() < 0.5 else f"s{s}")
        options.append(row)
    return Problem(options, primary=[f"p{i}" for i in range(n1)],
                   secondary=[f"s{i}" for i in range(n2)])


def _problems() -> list:
    rng = random.Random(11)
    return ([queens(n) for n in range(1, 9)] + [langford(n) for n in (3, 4, 7)]
            + [_random_problem(rng) for _ in range(60)])


def test_the_links_built_without_numpy_are_numpys():
    for p in _problems():
        nd, it, x, st = small.links(p)
        _, nd2, it2, x2, st2 = fresh_state(p)
        assert np.array_equal(plain.as_numpy(nd), nd2)
        assert np.array_equal(plain.as_numpy(it), it2)
        assert np.array_equal(plain.as_numpy(st), st2) and len(x) == len(x2)


def _counted(p, mode, monkeypatch, **kw):
    monkeypatch.setenv(plain.ENV, mode)
    r = p.count(**kw)
    return r.count, r.status, r.stats.nodes, r.stats.updates


@pytest.mark.parametrize("kw", [{}, {"limit": 3}, {"max_nodes": 40}, {"limit": 2**70}])
def test_interpreted_and_compiled_counts_agree(monkeypatch, kw):
    for p in _problems():
        assert _counted(p, "only", monkeypatch, **kw) == _counted(p, "never", monkeypatch, **kw)


def test_a_count_goes_on_compiled_where_the_budget_ran_out(monkeypatch):
    p = queens(9)  # 352 solutions, thousands of nodes: far past a tiny budget
    expect = _counted(p, "never", monkeypatch)
    monkeypatch.setenv(plain.ENV, "auto")
    monkeypatch.setattr(plain, "BUDGET_SECONDS", 0.001)
    adopted = []
    real = Search._adopt

    def adopt(self, *args):
        adopted.append(True)
        return real(self, *args)

    monkeypatch.setattr(Search, "_adopt", adopt)
    r = p.count()
    assert adopted == [True]
    assert (r.count, r.status, r.stats.nodes, r.stats.updates) == expect


def test_dlx_count_of_a_small_problem_loads_neither_numba_nor_numpy(tmp_path):
    # (6-queens: far inside the budget however loaded the machine; 8-queens, which the
    # startup benchmark times, is counted the same way when the machine is idle.)
    probe = _PROBE.replace("from sudoku.cli import main", "from dlx.cli import main")
    path = tmp_path / "queens6.dlx"
    path.write_text(queens(6).to_knuth())
    outs = []
    for mode in ("", "never"):
        r = subprocess.run([sys.executable, "-c", probe, "count", "--format", "json",
                            str(path)], capture_output=True, text=True, timeout=120,
                           env={**os.environ, plain.ENV: mode})
        seen = json.loads(r.stderr.strip().splitlines()[-1])
        assert seen == {"numba": mode == "never", "numpy": mode == "never", "code": 0}
        got = json.loads(r.stdout)
        del got["seconds"]
        outs.append(got)
    assert outs[0] == outs[1]
    assert outs[0]["count"] == 4 and outs[0]["status"] == "complete"
