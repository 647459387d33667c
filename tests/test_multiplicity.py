"""Items with bounds (Knuth's DLX3, Algorithm M): the engine against brute force.

Random problems are small (up to 5 primary items with bounds in 0..3, 3
secondary items with colours, 10 options), drawn from fixed seeds, so every
run checks the same few thousand problems.  ``naive.bounded_solutions``
enumerates their solutions independently of the engine.
"""

from __future__ import annotations

import naive  # tests/ is on sys.path through pytest's pythonpath setting
import numpy as np
import pytest

import dlx
from dlx import _kernel as K  # noqa: N812
from dlx import _kernel_m as M  # noqa: N812
from dlx import search as S  # noqa: N812
from dlx.errors import ParseError, ProblemError


def random_problem(rng):
    """``(primary, secondary, options, bounds)``: options in ``naive``'s plain form."""
    n1, n2 = int(rng.integers(1, 6)), int(rng.integers(0, 4))
    primary = [f"p{i}" for i in range(n1)]
    secondary = [f"s{i}" for i in range(n2)]
    options = []
    for _ in range(int(rng.integers(1, 11))):
        k = int(rng.integers(1, min(3, n1) + 1))
        opt = [(str(x), None) for x in rng.choice(primary, k, replace=False)]
        if n2:
            for x in rng.choice(secondary, int(rng.integers(0, min(2, n2) + 1)), replace=False):
                opt.append((str(x), (None, "red", "blue")[int(rng.integers(0, 3))]))
        options.append(opt)
    bounds = {}
    for x in primary:
        if rng.random() < 0.7:
            v = int(rng.integers(1, 4))
            bounds[x] = (int(rng.integers(0, v + 1)), v)
    return primary, secondary, options, bounds


def bounded_problems(seed: int, count: int):
    """``count`` random problems with some bound other than (1, 1), and their solutions."""
    rng = np.random.default_rng(seed)
    made = 0
    while made < count:
        primary, secondary, options, bounds = random_problem(rng)
        if all(b == (1, 1) for b in bounds.values()):
            continue
        made += 1
        p = dlx.Problem(naive.engine_options(options), primary, secondary, bounds=bounds)
        yield p, naive.bounded_solutions(primary, secondary, options, bounds), (
            primary, secondary, options, bounds)


def test_counts_and_solutions_equal_brute_force():
    for p, want, plain in bounded_problems(1, 2000):
        assert p.bounded
        got = [tuple(s) for s in p.solutions()]
        assert sorted(got) == want, plain
        assert len(set(got)) == len(got)
        assert p.count().count == len(want)
        for s in got:
            assert naive.bounded_violation(*plain, s) is None


def test_seeds_limits_forced_and_excluded():
    rng = np.random.default_rng(7)
    for p, want, plain in bounded_problems(2, 500):
        seed = int(rng.integers(0, 1000))
        assert sorted(tuple(s) for s in p.solutions(seed=seed)) == want, plain
        assert p.count(seed=seed).count == len(want)
        r = p.count(limit=2)
        assert r.count == min(2, len(want))
        assert r.status == ("limit" if len(want) >= 2 else "complete")
        k = int(rng.integers(0, p.n_options))
        assert p.count(forced=[k]).count == sum(k in w for w in want)
        assert p.count(forced=[~k]).count == sum(k not in w for w in want)
        if want:
            assert tuple(p.solve(forced=want[-1][:1])) in want
        else:
            assert p.solve() is None


def test_resuming_after_every_node(monkeypatch):
    """A budget of one node per kernel call: the search stops and resumes everywhere."""
    monkeypatch.setattr(S, "FIRST_BUDGET", 1)
    monkeypatch.setattr(S, "MAX_BUDGET", 1)
    for p, want, plain in bounded_problems(3, 300):
        s = p.search()
        traced = []
        s.on_trace(traced.append, 3)
        assert sorted(tuple(x) for x in s) == want, plain
        assert s.links_restored() and s.stats.status == "complete"
        assert all(c.option >= 0 or c.label is None for c in traced)
        unfinished = p.search()
        it = iter(unfinished)
        next(it, None)
        it.close()
        assert unfinished.links_restored()


def test_split_parts_partition_the_solutions():
    for p, want, plain in bounded_problems(4, 300):
        for depth in (0, 1, 2, 3):
            parts, above = p.split(depth)
            found = [tuple(s) for part in parts for s in p.solutions(forced=part)]
            assert len(found) + above == len(want), (plain, depth)
            assert len(set(found)) == len(found)
            assert set(found) <= set(want)


def test_stopping_and_unwinding():
    p = dlx.read_knuth(_a001499(6))
    s = p.search(max_nodes=1000)
    n = sum(1 for _ in s)
    assert s.stats.status == "nodes" and 0 < n < 67950
    assert s.links_restored()
    r = p.count(max_nodes=500)
    assert r.status == "nodes" and not r.exact
    e = p.estimate(200, seed=3)
    assert e.probes == 200 and 0 < e.solutions


def _a001499(n: int):
    """0-1 n x n matrices with two 1s in every row and column, in Knuth's format."""
    import io

    lines = [" ".join([f"2|R{r}" for r in range(n)] + [f"2|C{c}" for c in range(n)])]
    lines += [f"R{r} C{c}" for r in range(n) for c in range(n)]
    return io.StringIO("\n".join(lines) + "\n")


@pytest.mark.parametrize(("n", "known"), [(2, 1), (3, 6), (4, 90), (5, 2040), (6, 67950),
                                          (7, 3110940)])
def test_oeis_a001499(n, known):
    assert dlx.read_knuth(_a001499(n)).count().count == known


def test_same_tree_as_knuths_dlx3():
    """Knuth's DLX3 reports 6150 nodes on n = 5 (it counts the root; these stats do not)."""
    r = dlx.read_knuth(_a001499(5)).count()
    assert (r.count, r.stats.nodes, r.stats.updates) == (2040, 6149, 21913)


def test_knuths_dlx3_example():
    """dlx3.w's example: the unique solution is A C X:1 Y:1, B X:1, C Y:1."""
    text = ("| A simple example of color controls\n"
            "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n")
    p = dlx.parse_knuth(text)
    assert p.bounds == {"C": (2, 3)}
    assert list(p.solutions()) == [["A C X:1 Y:1", "B X:1", "C Y:1"]]
    assert dlx.parse_knuth(p.to_knuth()).bounds == {"C": (2, 3)}


def test_null_moves_and_a_lower_bound_of_zero():
    # 0:2|a with three options: every subset of at most two of them.
    p = dlx.Problem([["a"], ["a"], ["a"]], bounds={"a": (0, 2)})
    assert sorted(p.solutions()) == [[], [0], [0, 1], [0, 2], [1], [1, 2], [2]]
    assert dlx.Problem([["a", "b"]], bounds={"a": (0, 1)}).solve() == [0]


@pytest.mark.parametrize(("bounds", "message"), [
    ({"s": (1, 2)}, "secondary"),
    ({"z": 2}, "unknown item"),
    ({"a": (2, 1)}, "0 <= lower <= upper"),
    ({"a": 0}, "1 <= upper"),
    ({"a": (True, 2)}, "whole numbers"),
    ({"a": "2"}, "or one number"),
    ([("a", 2)], "must be a dict"),
])
def test_bad_bounds(bounds, message):
    with pytest.raises(ProblemError, match=message):
        dlx.Problem([["a", "s"]], ["a"], ["s"], bounds=bounds)


@pytest.mark.parametrize(("line", "message"), [
    ("a | 2|x", "for primary items only"),
    ("3:2|a", "upper bound must be at least 1"),
    ("0|a", "upper bound must be at least 1"),
    ("x:2|a", "whole numbers"),
    ("2|", "no item name"),
    ("2|a:b", "contains ':'"),
])
def test_bad_bounds_in_knuths_format(line, message):
    with pytest.raises(ParseError, match=message):
        dlx.parse_knuth(line + "\na\n")


def test_what_bounds_do_not_offer():
    p = dlx.Problem([["a"], ["a"]], bounds={"a": 2})
    with pytest.raises(ProblemError, match="locked"):
        p.count(locked=True)
    with pytest.raises(ProblemError, match="solve_many"):
        p.solve_many([[]])
    with pytest.raises(ProblemError, match="propagate"):
        p.propagate()
    with pytest.raises(ProblemError, match="out of range"):
        dlx.Problem([["a"]]).count(forced=[~0])  # exclusions need bounds


def test_kernel_codes_agree():
    """The driver reads both kernels' states with dlx._kernel's names."""
    for name in ("STEP", "LEVEL", "BASE", "NITEMS", "BUDGET", "LIMIT", "CAP", "YIELD", "TRACE",
                 "NODES", "UPDATES", "COUNT", "STORED", "S_DONE", "R_DONE", "R_LIMIT",
                 "R_BUDGET", "R_FULL", "R_OVERFLOW", "R_TRACE", "TOP", "UP", "DOWN", "COLOR"):
        assert getattr(K, name) == getattr(M, name), name
    assert (M.S_ENTER, M.S_LEAVE, M.S_TRY) == (K.S_X2, K.S_X8, K.S_X5)


def test_parallel_count_solutions_and_journal(tmp_path):
    from dlx.parallel import count_parallel, solutions_parallel

    for p, want, plain in bounded_problems(5, 12):
        for depth in (1, 2):
            assert count_parallel(p, jobs=1, depth=depth).count == len(want), plain
            got = sorted(tuple(s) for s in solutions_parallel(p, jobs=1, depth=depth))
            assert got == want, (plain, depth)
    p = dlx.read_knuth(_a001499(5))
    journal = tmp_path / "a5.journal"
    first = count_parallel(p, jobs=1, depth=3, journal=journal)
    again = count_parallel(p, jobs=1, depth=3, journal=journal)
    assert first.count == again.count == 2040
    assert again.skipped == again.n_parts and any(
        o < 0 for part in again.parts for o in part.prefix)


@pytest.mark.parametrize(("n", "low", "high"), [(3, 0, 1), (4, 1, 2), (4, 0, 2), (4, 2, 3),
                                                (5, 1, 3), (4, 0, 4), (5, 3, 3)])
def test_row_and_column_sums_against_a_dynamic_program(n, low, high):
    cells = {(r, c): [f"R{r}", f"C{c}"] for r in range(n) for c in range(n)}
    bounds = {f"{k}{i}": (low, high) for k in "RC" for i in range(n)}
    p = dlx.Problem(cells, [f"{k}{i}" for k in "RC" for i in range(n)], bounds=bounds)
    assert p.count().count == naive.row_column_sums_count(n, low, high)


def test_dlx_search_functions_take_bounded_problems_too():
    """dlx.search is below dlx.multiplicity: the problem picks Algorithm M's parts for it."""
    from dlx.examples import queens
    from dlx.multiplicity import MSearch

    p = dlx.read_knuth(_a001499(4))
    plain = queens(5)
    assert S.searcher(p) is MSearch and S.searcher(plain) is S.Search
    assert S.split(p, 2) == p.split(2) and S.split(plain, 2) == plain.split(2)
    assert S.estimate(p, 50, seed=3).solutions == p.estimate(50, seed=3).solutions
