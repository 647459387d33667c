"""Memoised counting (`dlx.memo`): it agrees with plain counting, and says what it did."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from dlx import Problem, ProblemError
from dlx.cli import cli
from dlx.examples import dominoes, pentominoes, polyominoes, queens
from dlx.options import Colored


def _random_problem(rng: random.Random) -> Problem:
    n1, n2 = rng.randint(1, 8), rng.randint(0, 4)
    colours = rng.randint(0, 3)
    options = []
    for _ in range(rng.randint(1, 24)):
        prim = rng.sample(range(n1), rng.randint(1, min(3, n1)))
        sec = rng.sample(range(n1, n1 + n2), rng.randint(0, n2))
        row: list = list(prim)
        for j in sec:
            row.append(Colored(j, rng.randint(1, colours)) if colours and rng.random() < 0.7
                       else j)
        options.append(row)
    return Problem(options, primary=n1, secondary=n2)


@pytest.mark.parametrize("order", ["mrv", "first"])
def test_memo_agrees_with_plain_counting_on_random_problems(order):
    rng = random.Random(41)
    for _ in range(300):
        p = _random_problem(rng)
        want = p.count().count
        seed = rng.choice([None, rng.randrange(100)])
        r = p.count(memo=True, order=order, seed=seed)
        assert (r.count, r.status) == (want, "complete"), p.to_knuth()
        # A table too small for anything: the plain search beneath, the same count.
        assert p.count(memo=True, order=order, memo_mb=1e-4).count == want
        forced = [rng.randrange(p.n_options)]
        assert (p.count(memo=True, order=order, forced=forced).count
                == p.count(forced=forced).count)


def test_memo_on_the_examples():
    assert queens(8).count(memo=True).count == 92
    assert pentominoes(3, 20).count(memo=True).count == 8
    assert polyominoes(4, 4, "tetrominoes").count(memo=True).count == \
        polyominoes(4, 4, "tetrominoes").count().count
    assert dominoes(8, 8).count(memo=True).count == 12988816


def test_memo_counts_the_12x12_dominoes_exactly():
    r = dominoes(12, 12).count(memo=True)
    assert r.count == 53060477521960000 and r.exact
    assert r.memo.hits > 0 and r.memo.entries > 0 and r.memo.peak_bytes > 0
    assert not r.memo.capped


def test_memo_counts_beyond_two_to_the_122_are_refused_as_overflow_not_wrapped():
    p = Problem([[i] for i in range(130) for _ in range(2)], primary=130)
    r = p.count(memo=True, order="first")
    assert r.status == "overflow" and not r.exact
    q = Problem([[i] for i in range(70) for _ in range(3)], primary=70)
    assert q.count(memo=True).count == 3**70


def test_memo_cap_reached_is_reported_and_the_count_stays_exact():
    r = dominoes(6, 6).count(memo=True, memo_mb=0.01)
    assert r.count == 6728 and r.memo.capped
    assert r.memo.peak_bytes <= 0.01 * 2**20


def test_memo_stops_on_nodes_and_timeout_with_a_lower_bound():
    r = dominoes(12, 12).count(memo=True, max_nodes=1000)
    assert r.status == "nodes" and 0 <= r.count < 53060477521960000
    r = pentominoes(6, 10).count(memo=True, timeout=0.05)
    assert r.status == "timeout" and r.count <= 9356


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"memo": True, "limit": 3}, "no limit"),
    ({"memo": True, "locked": True}, "no limit or locked"),
    ({"memo": True, "memo_mb": 0}, "memo_mb must be a positive number"),
    ({"memo": True, "memo_mb": -1}, "memo_mb must be a positive number"),
    ({"memo": True, "memo_mb": "x"}, "memo_mb must be a positive number"),
    ({"memo": True, "memo_mb": True}, "memo_mb must be a positive number"),
    ({"memo": True, "memo_mb": float("nan")}, "memo_mb must be a positive number"),
    ({"memo": True, "order": "best"}, "order must be one of mrv, first"),
    ({"memo": True, "forced": [99]}, "out of range"),
    ({"memo_mb": 10}, "for memo=True"),
])
def test_memo_bad_arguments_get_clear_messages(kwargs, message):
    with pytest.raises(ProblemError, match=message):
        dominoes(2, 2).count(**kwargs)


def test_memo_refuses_bounds():
    p = Problem([["a"], ["a"], ["b"]], bounds={"a": (1, 2)})
    with pytest.raises(ProblemError, match="bounds"):
        p.count(memo=True)


# ------------------------------------------------------------------ the command line
@pytest.fixture
def board(tmp_path):
    path = tmp_path / "d.dlx"
    path.write_text(dominoes(6, 6).to_knuth())
    return str(path)


def _run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def test_cli_count_memo_verbose(board):
    r = _run("count", "--memo", "-v", board)
    assert r.exit_code == 0 and r.stdout == "6728\n"
    assert "dlx: memo: " in r.stderr and " hits of " in r.stderr and " entries, peak " in r.stderr


def test_cli_count_memo_cap_is_said_without_verbose(board):
    r = _run("count", "--memo", "--memo-mb", "0.01", board)
    assert r.exit_code == 0 and r.stdout == "6728\n"
    assert "reached its cap" in r.stderr and "the count is exact" in r.stderr


def test_cli_count_memo_json_and_order(board):
    r = _run("count", "--memo", "--order", "first", "--format", "json", board)
    got = json.loads(r.stdout)
    assert got["count"] == 6728 and got["exact"] and got["memo"]["entries"] > 0


@pytest.mark.parametrize("args", [["--memo", "--limit", "3"], ["--memo", "--progress"],
                                  ["--memo-mb", "5"], ["--order", "first"],
                                  ["--memo", "--memo-mb", "0"]])
def test_cli_count_memo_usage_errors(board, args):
    r = _run("count", *args, board)
    assert r.exit_code == 2


def test_cli_example_dominoes_and_polyominoes():
    r = _run("example", "dominoes", "4x4")
    assert r.exit_code == 0
    assert _run("count", "--memo", "-", input=r.stdout).stdout == "36\n"
    r = _run("example", "polyominoes", "3x3", "trominoes")
    assert _run("count", "-", input=r.stdout).stdout == "10\n"
    assert _run("example", "polyominoes", "3x3", "hexominoes").exit_code == 2
    assert _run("example", "dominoes").exit_code == 2
    assert _run("example", "dominoes", "4by4").exit_code == 2
