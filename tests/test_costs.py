"""Costs and the cheapest solutions (Knuth's DLX5): the engine against brute force.

Random problems (up to 6 primary and 3 secondary items, colours, 12 options,
costs 0..9) from fixed seeds; ``naive.brute_force_solutions`` lists every
solution, whose costs are summed here.
"""

from __future__ import annotations

import naive  # tests/ is on sys.path through pytest's pythonpath setting
import numpy as np
import pytest
from click.testing import CliRunner

import dlx
from dlx import search as S  # noqa: N812
from dlx.cli import cli
from dlx.costs import taxes
from dlx.errors import ParseError, ProblemError


def costed_problems(seed: int, count: int):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n1, n2 = int(rng.integers(1, 7)), int(rng.integers(0, 4))
        primary = [f"p{i}" for i in range(n1)]
        secondary = [f"s{i}" for i in range(n2)]
        options = []
        for _ in range(int(rng.integers(1, 13))):
            k = int(rng.integers(1, min(3, n1) + 1))
            opt = [(str(x), None) for x in rng.choice(primary, k, replace=False)]
            if n2:
                for x in rng.choice(secondary, int(rng.integers(0, min(2, n2) + 1)),
                                    replace=False):
                    opt.append((str(x), (None, "red", "blue")[int(rng.integers(0, 3))]))
            options.append(opt)
        costs = [int(c) for c in rng.integers(0, 10, len(options))]
        solutions = naive.brute_force_solutions(primary, secondary, options)
        p = dlx.Problem(naive.engine_options(options), primary, secondary, costs=costs)
        yield p, costs, solutions


def _check(p, costs, solutions, k, forced=()):
    want = sorted(sum(costs[o] for o in s) for s in solutions if set(forced) <= set(s))
    r = p.cheapest(k, forced=forced)
    assert r.status == "complete" and r.exact
    assert [c.cost for c in r.solutions] == want[:k]
    for cost, options in r.solutions:
        assert tuple(options) in solutions and cost == sum(costs[o] for o in options)


@pytest.mark.slow
def test_the_cheapest_equal_brute_force():
    for p, costs, solutions in costed_problems(1, 2000):
        _check(p, costs, solutions, 1)
        _check(p, costs, solutions, 3)


def test_forced_options_and_resuming_after_every_node(monkeypatch):
    monkeypatch.setattr(S, "FIRST_BUDGET", 1)
    monkeypatch.setattr(S, "MAX_BUDGET", 1)
    rng = np.random.default_rng(9)
    for p, costs, solutions in costed_problems(2, 400):
        _check(p, costs, solutions, 2, forced=[int(rng.integers(0, p.n_options))])
        _check(p, costs, solutions, 4)


def test_knuths_examples_in_dlx5():
    """dlx5.w: taxes of 2 on a, b and c make the net cost of 'a b c |7' 1; and with
    ten solutions of costs 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, k = 1, 3, 5 and 8 keep the
    k cheapest."""
    p = dlx.parse_knuth("a b c\na |2\nb |2\nc |2\na b c |7\n")
    tax, net = taxes(p)
    assert tax.tolist() == [2, 2, 2] and net.tolist() == [0, 0, 0, 1]
    assert p.cheapest(2).solutions == [(6, ["a |2", "b |2", "c |2"]), (7, ["a b c |7"])]
    ten = dlx.Problem([["a"]] * 10, costs=[3, 1, 4, 1, 2, 3, 2, 4, 0, 0])
    for k in (1, 3, 5, 8, 10, 12):
        assert [c.cost for c in ten.cheapest(k).solutions] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4][:k]


def test_costs_in_knuths_format():
    p = dlx.parse_knuth("a b | x\na x:1 |3\nb x:1 |2 |2\na b |10\nb\n")
    assert p.costs == (3, 4, 10, 0)
    assert dlx.parse_knuth(p.to_knuth()).costs == p.costs
    assert "b x:1 |4" in p.to_knuth()
    assert dlx.parse_knuth("a\na\n").costs is None
    for text, message in [("a\na |x\n", "whole number"), ("a\na |3x\n", "whole number"),
                          ("a\na |\n", "whole number")]:
        with pytest.raises(ParseError, match=message):
            dlx.parse_knuth(text)


@pytest.mark.parametrize(("options", "costs", "message"), [
    ([["a"]], [1, 2], "2 costs for 1 options"),
    ([["a"]], [-1], "whole numbers from 0"),
    ([["a"]], [1.5], "whole numbers from 0"),
    ([["a"]], [True], "whole numbers from 0"),
    ([["a"]], {"x": 1}, "need options given as a dict"),
    ({"A": ["a"]}, {"B": 1}, "no option labelled 'B'"),
    ([["a"]], 3, "must be a list"),
])
def test_bad_costs(options, costs, message):
    with pytest.raises(ProblemError, match=message):
        dlx.Problem(options, costs=costs)


def test_what_costs_do_not_combine_with():
    with pytest.raises(ProblemError, match="bounds"):
        dlx.Problem([["a"]], bounds={"a": (0, 1)}, costs=[1]).cheapest()
    p = dlx.Problem([["a"], ["a"]], costs=[5, 1])
    assert p.count().count == 2  # the other searches ignore costs
    assert p.cheapest(timeout=10).solutions == [(1, [1])]


def test_the_command_line():
    text = "a b | x\na x:1 |3\nb x:1 |2 |2\na b |10\n"
    run = CliRunner().invoke
    r = run(cli, ["solve", "--min-cost", "-"], input=text)
    assert (r.exit_code, r.stdout) == (0, "cost 7\na x:1 |3\nb x:1 |2 |2\n")
    r = run(cli, ["solve", "--best", "3", "--format", "json", "-"], input=text)
    assert r.exit_code == 0
    assert r.stdout.splitlines() == [
        '{"solution": 1, "cost": 7, "options": ["a x:1 |3", "b x:1 |2 |2"]}',
        '{"solution": 2, "cost": 10, "options": ["a b |10"]}']
    r = run(cli, ["solve", "--min-cost", "-"], input="a b\na |1\n")
    assert (r.exit_code, r.stdout, r.stderr) == (3, "", "dlx: no solution\n")
    r = run(cli, ["solve", "--best", "2", "--all", "-"], input=text)
    assert r.exit_code == 2
