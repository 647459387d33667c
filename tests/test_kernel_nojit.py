"""Every kernel on small inputs; CI also runs this file with NUMBA_DISABLE_JIT=1.

With the JIT disabled the kernels run as plain Python, which lets coverage
tools see their lines and checks that nothing depends on numba's typing
(for example integer wrap-around).  Inputs stay small so that this is quick.
"""

import numpy as np

from dlx import Problem, parse_knuth
from dlx.links import check_links
from sudoku.encode import givens


def queens(n):
    opts = {(r, c): [f"R{r}", f"C{c}", f"A{r + c}", f"B{r - c + n - 1}"]
            for r in range(n) for c in range(n)}
    prim = [f"R{r}" for r in range(n)] + [f"C{c}" for c in range(n)]
    sec = [f"A{k}" for k in range(2 * n - 1)] + [f"B{k}" for k in range(2 * n - 1)]
    return Problem(opts, prim, sec)


def test_search_count_iterate_restore():
    p = queens(5)
    s = p.search()
    assert len(list(s)) == 10
    assert s.links_restored()
    r = p.count(limit=3)
    assert (r.count, r.status) == (3, "limit")
    assert p.count(max_nodes=4).status == "nodes"
    links = p.links()
    check_links(links.nd, links.it, p.n_primary)


def test_search_with_locked_items():
    from sudoku import parse_puzzle, solver

    p = queens(5)
    s = p.search(locked=True)
    assert len(list(s)) == 10
    assert s.links_restored()
    assert p.count(forced=[0], locked=True).count == 2
    assert p.count(seed=3, locked=True, max_nodes=5).status == "nodes"
    # A 4x4 puzzle where the rule removes options: stopped at its third solution with
    # removals on the trail, the search gives them back.
    grid = parse_puzzle("12.." + "." * 12)
    prob, forced = solver.problem_for(grid), givens(grid)
    s = prob.search(forced=forced, locked=True, limit=3)
    assert len(list(s)) == 3
    assert s.links_restored()
    assert prob.count(forced=forced, locked=True).count == 24 == solver.count(grid).count


def test_colours_and_forced():
    p = parse_knuth("a b c | x\na x:1\nb x:1\nc x:2\nc\nb c\n")
    assert p.count().count == 2
    assert p.count(forced=[2]).count == 0
    assert p.count(forced=[0]).count == 2


def test_batch_serial_and_threads():
    p = queens(5)
    forced = [[], [0], [0, 1], [7]]
    a = p.solve_many(forced, limit=0, store=2)
    b = p.solve_many(forced, limit=0, store=2, jobs=2)
    c = p.solve_many(forced, limit=0, store=2, locked=True)  # dead ends weigh in ties
    assert a.counts.tolist() == b.counts.tolist() == c.counts.tolist() == [10, 2, 0, 2]
    assert a.clashes == [False, False, True, False]
    assert a.solutions == b.solutions
    assert [sorted(s) for s in a.solutions] == [sorted(s) for s in c.solutions]


def test_propagate_split_estimate():
    p = queens(5)
    r = p.propagate(forced=[0])
    assert r.status in ("open", "solved", "contradiction")
    assert r.chosen[0] == 0 and not r.live[1]
    parts, above = p.split(2)
    assert sum(p.count(forced=f).count for f in parts) + above == 10
    e = p.estimate(200, seed=1)
    assert e.solutions > 0 and np.isfinite(e.nodes)


def test_sudoku_4x4_through_every_path():
    from sudoku.solver import candidates, count, solve_all

    assert count("." * 16).count == 288
    results = list(solve_all(["1..." + "." * 12, "11" + "." * 14], mode="check"))
    assert results[0].verdict == "multiple" and results[1].verdict == "invalid"
    assert candidates("123.341221434321").cells[3] == (4,)


def test_branching_rules():
    from dlx.search import BRANCHINGS

    sharp = Problem({f"o{k}": [f"#R{r}", f"C{c}"] for k, (r, c) in
                     enumerate((r, c) for r in range(3) for c in range(3))})
    for b in BRANCHINGS:
        s = queens(5).search(branching=b, seed=2)
        assert len(list(s)) == 10
        assert s.links_restored()
        assert queens(5).count(branching=b, forced=[0]).count == 2
        assert sharp.count(branching=b).count == 6
