"""Property tests: the engine against the slow references of ``tests/naive.py``.

Hypothesis draws small random problems (up to 8 primary and 3 secondary items,
up to 12 options, random colours on secondary entries, sometimes with planted
solutions so that counts are not almost always 0 or 1).  Each property compares
``dlx.Problem`` with the brute-force enumerator and checks every solution with
the independent exact-cover checker.  The first call compiles the kernels, hence
``deadline=None``.
"""

from __future__ import annotations

import itertools

import naive  # tests/ is on sys.path through pytest's pythonpath setting
import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import dlx
from dlx.errors import ProblemError

# Each property test runs a hundred examples against a slow reference: seconds apiece.
pytestmark = pytest.mark.slow

COLOURS = [None, None, "red", "blue"]  # uncoloured twice as likely

SETTINGS = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def problems(draw, max_primary=8, max_secondary=3, max_options=12):
    """``(primary, secondary, options)`` in the plain form of ``naive``."""
    n_primary = draw(st.integers(1, max_primary))
    n_secondary = draw(st.integers(0, max_secondary))
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    colour = st.sampled_from(COLOURS)

    def secondary_part():
        if not secondary:
            return []
        names = draw(st.lists(st.sampled_from(secondary), max_size=n_secondary, unique=True))
        return [(name, draw(colour)) for name in names]

    options = []
    # planted partitions of the primary items, so that solutions are common
    for _ in range(draw(st.integers(0, 2))):
        block_of = draw(st.lists(st.integers(0, 2), min_size=n_primary, max_size=n_primary))
        for b in sorted(set(block_of)):
            block = [(p, None) for p, k in zip(primary, block_of, strict=True) if k == b]
            options.append(block + secondary_part())
    n_random = draw(st.integers(0, max_options - len(options))) if len(options) < max_options else 0
    for _ in range(n_random):
        items = draw(st.lists(st.sampled_from(primary), min_size=1,
                              max_size=min(4, n_primary), unique=True))
        options.append([(p, None) for p in items] + secondary_part())
    options = draw(st.permutations(options))
    options = [draw(st.permutations(opt)) for opt in options]  # item order inside options
    return primary, secondary, options[:max_options]


def build(plain):
    primary, secondary, options = plain
    return dlx.Problem(naive.engine_options(options), primary=primary, secondary=secondary)


def reference(plain):
    return set(naive.brute_force_solutions(*plain))


def assert_solution(plain, sol):
    assert list(sol) == sorted(sol), f"solution {sol} not sorted"
    why = naive.cover_violation(*plain, sol)
    assert why is None, why


# ---------------------------------------------------------------- counts and solutions

@SETTINGS
@given(problems())
def test_count_matches_brute_force(plain):
    expected = reference(plain)
    result = build(plain).count()
    assert result.count == len(expected)
    assert int(result) == len(expected)
    assert result.status == "complete"
    assert result.exact


@SETTINGS
@given(problems(), st.booleans())
def test_solutions_match_brute_force(plain, locked):
    expected = reference(plain)
    problem = build(plain)
    found = [tuple(sol) for sol in problem.solutions(locked=locked)]
    for sol in found:
        assert_solution(plain, sol)
    assert len(found) == len(set(found)), "a solution was reported twice"
    assert set(found) == expected
    assert problem.count(locked=locked).count == len(expected)
    # the two references agree too, and Algorithm X finds them in the same set
    assert set(naive.algorithm_x(*plain)) == expected


@SETTINGS
@given(problems())
def test_labelled_options(plain):
    """Dict options: solutions are lists of labels, in option order."""
    primary, secondary, options = plain
    labelled = {f"o{k}": opt for k, opt in enumerate(naive.engine_options(options))}
    problem = dlx.Problem(labelled, primary=primary, secondary=secondary)
    assert list(problem.labels) == list(labelled)
    found = {tuple(sol) for sol in problem.solutions()}
    assert found == {tuple(f"o{k}" for k in sol) for sol in reference(plain)}


@SETTINGS
@given(problems())
def test_colored_objects_equal_strings(plain):
    """``dlx.Colored(item, colour)`` means the same as ``"item:colour"``."""
    primary, secondary, options = plain
    objects = [[name if c is None else dlx.Colored(name, c) for name, c in opt] for opt in options]
    problem = dlx.Problem(objects, primary=primary, secondary=secondary)
    assert {tuple(sol) for sol in problem.solutions()} == reference(plain)


@SETTINGS
@given(problems(max_secondary=0))
def test_from_matrix(plain):
    primary, secondary, options = plain
    column = {name: j for j, name in enumerate(primary)}
    matrix = np.zeros((len(options), len(primary)), dtype=np.uint8)
    for k, opt in enumerate(options):
        for name, _ in opt:
            matrix[k, column[name]] = 1
    problem = dlx.Problem.from_matrix(matrix)
    assert {tuple(sol) for sol in problem.solutions()} == reference(plain)


@SETTINGS
@given(problems())
def test_knuth_format_round_trip(plain):
    primary, secondary, options = plain
    lines = ["| written by test_knuth_format_round_trip",
             " ".join(primary) + (" | " + " ".join(secondary) if secondary else "")]
    lines += [" ".join(opt) for opt in naive.engine_options(options)]
    problem = dlx.parse_knuth("\n".join(lines) + "\n")
    assert problem.n_options == len(options)
    assert problem.n_primary == len(primary)
    index = {line: k for k, line in enumerate(lines[2:])}
    expected = reference(plain)
    found = [tuple(sol) for sol in problem.solutions()]
    assert len(found) == len(expected)
    # labels are the option lines; equal lines are indistinguishable, so compare as multisets
    as_lines = sorted(tuple(sorted(lab)) for lab in found)
    assert as_lines == sorted(tuple(sorted(lines[2 + k] for k in sol)) for sol in expected)
    assert all(lab in index for sol in found for lab in sol)


# ---------------------------------------------------------------- limits

@SETTINGS
@given(problems(), st.integers(1, 5))
def test_count_limit(plain, k):
    total = len(reference(plain))
    result = build(plain).count(limit=k)
    assert result.count == min(k, total)
    if total > k:
        assert result.status == "limit"
    elif total < k:
        assert result.status == "complete"
    else:  # stopping at the k-th solution or finishing the tree are both honest
        assert result.status in ("limit", "complete")


@SETTINGS
@given(problems(), st.integers(1, 5))
def test_solutions_limit(plain, k):
    expected = reference(plain)
    found = [tuple(sol) for sol in build(plain).solutions(limit=k)]
    assert len(found) == min(k, len(expected))
    assert set(found) <= expected


@SETTINGS
@given(problems())
def test_solve_none_iff_no_solution(plain):
    expected = reference(plain)
    problem = build(plain)
    sol = problem.solve()
    assert (sol is None) == (not expected)
    if sol is not None:
        assert tuple(sol) in expected


@SETTINGS
@given(problems())
def test_unique(plain):
    expected = reference(plain)
    result = build(plain).unique()
    assert result.status == {0: "none", 1: "unique"}.get(len(expected), "multiple")
    assert len(result.solutions) == min(2, len(expected))
    assert {tuple(s) for s in result.solutions} <= expected


@SETTINGS
@given(problems(), st.integers(1, 6))
def test_unique_with_budget(plain, budget):
    """A budget may leave the answer unknown, never wrong."""
    expected = reference(plain)
    result = build(plain).unique(max_nodes=budget)
    found = [tuple(s) for s in result.solutions]
    assert len(found) == len(set(found)), f"same solution twice: {found}"
    assert set(found) <= expected
    if result.status != "unknown":
        assert result.status == {0: "none", 1: "unique"}.get(len(expected), "multiple")


@SETTINGS
@given(problems(), st.integers(1, 6))
def test_max_nodes(plain, budget):
    total = len(reference(plain))
    problem = build(plain)
    result = problem.count(max_nodes=budget)
    assert result.status in ("nodes", "complete")
    assert result.stats.nodes <= budget
    if result.status == "complete":
        assert result.count == total
    else:
        assert result.count <= total
        assert not result.exact
    # the stopped search left the structure as it found it
    again = problem.count()
    assert (again.count, again.status) == (total, "complete")


@SETTINGS
@given(problems(), st.integers(1, 6))
def test_solve_with_small_budget(plain, budget):
    expected = reference(plain)
    problem = build(plain)
    try:
        sol = problem.solve(max_nodes=budget)
    except dlx.SearchStopped:
        pass
    else:
        assert (sol is None) == (not expected)
        assert sol is None or tuple(sol) in expected
    assert problem.count().count == len(expected)


# ---------------------------------------------------------------- restoration

@SETTINGS
@given(problems())
def test_abandoned_iterator_restores(plain):
    expected = reference(plain)
    problem = build(plain)
    for _ in problem.solutions():
        break
    assert problem.count().count == len(expected)
    assert {tuple(s) for s in problem.solutions()} == expected


@SETTINGS
@given(problems())
def test_interleaved_searches(plain):
    """A suspended iterator keeps its own state while other searches run."""
    expected = reference(plain)
    problem = build(plain)
    first = iter(problem.solutions())
    head = [tuple(s) for s in itertools.islice(first, 1)]
    assert problem.count().count == len(expected)
    second = iter(problem.solutions(seed=7))
    middle = next(second, None)
    rest = [tuple(s) for s in first]
    assert sorted(head + rest) == sorted(expected)
    assert middle is None or tuple(middle) in expected
    assert problem.count().count == len(expected)


@SETTINGS
@given(problems(), st.integers(1, 5), st.integers(1, 8),
       st.sampled_from(["iterate", "count", "abandon"]), st.booleans())
def test_search_restores_links(plain, limit, budget, how, locked):
    """However a search ends, its links are back to the pristine ones."""
    total = len(reference(plain))
    problem = build(plain)
    search = problem.search(limit=limit, max_nodes=budget, locked=locked)
    assert search.status == "running"
    if how == "iterate":
        found = list(search)
        assert len(found) == search.stats.solutions <= min(limit, total)
    elif how == "count":
        result = search.count()
        assert result.count == search.stats.solutions <= min(limit, total)
        assert result.stats.nodes <= budget
    else:
        it = iter(search)
        next(it, None)
        it.close()
    assert search.status in ("complete", "limit", "nodes", "interrupted")
    assert search.links_restored()


# ---------------------------------------------------------------- seeds

@SETTINGS
@given(problems(), st.integers(0, 2**31 - 1), st.booleans())
def test_seed_is_deterministic(plain, seed, locked):
    expected = reference(plain)
    problem = build(plain)
    once = [tuple(s) for s in problem.solutions(seed=seed, locked=locked)]
    twice = [tuple(s) for s in problem.solutions(seed=seed, locked=locked)]
    fresh = [tuple(s) for s in build(plain).solutions(seed=seed, locked=locked)]
    assert once == twice == fresh
    assert len(once) == len(set(once))
    assert set(once) == expected
    assert problem.count(seed=seed).count == len(expected)
    # a seeded search does not disturb the unseeded one
    assert {tuple(s) for s in problem.solutions()} == expected


# ---------------------------------------------------------------- propagation and batches

@SETTINGS
@given(problems())
def test_propagate_is_sound(plain):
    expected = reference(plain)
    problem = build(plain)
    result = problem.propagate()
    assert result.status in ("contradiction", "solved", "open")
    live = np.asarray(result.live, dtype=bool)
    assert live.shape == (len(plain[2]),)
    if result.status == "contradiction":
        assert not expected
        return
    chosen = set(result.chosen)
    for sol in expected:  # forced singles are in every solution; no solution uses a dead option
        assert chosen <= set(sol)
        # taken options are out of the links, so `live` may be False for them
        assert all(live[k] or k in chosen for k in sol)
    if result.status == "solved":
        assert expected == {tuple(sorted(result.chosen))}
    assert problem.count().count == len(expected)


@SETTINGS
@given(problems(), st.data())
def test_propagate_with_forced(plain, data):
    expected = reference(plain)
    m = len(plain[2])
    assume(m > 0)
    forced = data.draw(st.lists(st.integers(0, m - 1), max_size=2, unique=True))
    problem = build(plain)
    result = problem.propagate(forced)
    containing = {sol for sol in expected if set(forced) <= set(sol)}
    if result.status == "contradiction":
        assert not containing
    else:
        assert set(forced) <= set(result.chosen)
        for sol in containing:
            assert set(result.chosen) <= set(sol)
    # searches with the same forced options count exactly the solutions containing them
    assert problem.count(forced=forced).count == len(containing)
    assert {tuple(s) for s in problem.solutions(forced=forced)} == containing
    assert problem.count().count == len(expected)


@SETTINGS
@given(problems(), st.data(), st.booleans())
def test_solve_many(plain, data, locked):
    expected = reference(plain)
    m = len(plain[2])
    assume(m > 0)
    forced_lists = data.draw(st.lists(st.lists(st.integers(0, m - 1), max_size=3, unique=True),
                                      min_size=1, max_size=5))
    problem = build(plain)
    batch = problem.solve_many(forced_lists, limit=10**6, store=2, locked=locked)
    assert len(batch.counts) == len(forced_lists)
    for i, forced in enumerate(forced_lists):
        containing = {sol for sol in expected if set(forced) <= set(sol)}
        assert batch.counts[i] == len(containing), f"forced {forced}"
        assert batch.status[i] == "complete"
        stored = [tuple(s) for s in batch.solutions[i]]
        assert len(stored) == min(2, len(containing))
        assert set(stored) <= containing
    assert problem.count().count == len(expected)


# ---------------------------------------------------------------- edge cases of the contract

def test_empty_problem():
    """No primary items: the empty set of options is the one solution (as in Knuth's DLX)."""
    problem = dlx.Problem([], primary=[])
    assert naive.brute_force_solutions([], [], []) == [()]
    assert problem.count().count == 1
    assert problem.solve() == []


def test_no_options():
    problem = dlx.Problem([], primary=["a"])
    assert problem.count().count == 0
    assert problem.solve() is None


def test_primary_item_without_options():
    problem = dlx.Problem([["a"]], primary=["a", "b"])
    assert problem.count().count == 0
    assert problem.solve() is None
    assert problem.unique().status == "none"


def test_integer_items():
    problem = dlx.Problem([[0, 2], [1, 2], [0], [1]], primary=2, secondary=1)
    assert list(problem.primary) == [0, 1]
    assert list(problem.secondary) == [2]
    assert {tuple(s) for s in problem.solutions()} == {(0, 3), (1, 2), (2, 3)}


def test_primary_defaults_to_first_appearance():
    problem = dlx.Problem([["b", "x"], ["a", "b"], ["a"]], secondary=["x"])
    assert list(problem.primary) == ["b", "a"]
    assert {tuple(s) for s in problem.solutions()} == {(1,), (0, 2)}


@pytest.mark.parametrize("options, kwargs, what", [
    ([["a", "zz"]], dict(primary=["a"]), "unknown item"),
    ([["a", "a"]], dict(primary=["a"]), "duplicate item"),
    ([["x"]], dict(primary=["a"], secondary=["x"]), "option with no primary item"),
    ([[]], dict(primary=["a"]), "empty option"),
    ([["a:red"]], dict(primary=["a"]), "colour on a primary item"),
])
def test_malformed_problems(options, kwargs, what):
    with pytest.raises(ProblemError):
        dlx.Problem(options, **kwargs)
