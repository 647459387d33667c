"""The branching rules (``branching=``): the same solutions whichever item the search takes.

Each rule is checked against the default and against the brute-force count of
tests/naive.py on random problems with secondary items and colours (some
primary items named ``#...`` so that ``"sharp"`` has something to prefer),
with seeds and forced options; then what each rule is meant to do (``plain``
walks Knuth's DLX1 tree, node for node, when his program is at hand;
``sharp`` branches on a flagged item first); then the refusals, the CLI and
``pcount`` with ``--branching`` and ``--memo``.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
from pathlib import Path

import naive
import pytest
from click.testing import CliRunner

from dlx import Problem, ProblemError, parse_knuth
from dlx.cli import cli
from dlx.cli_base import BRANCHINGS as CLI_BRANCHINGS
from dlx.examples import dominoes, langford, pentominoes, queens
from dlx.options import Colored
from dlx.search import BRANCHINGS

DLX1 = Path(os.environ.get("DLX_BENCH_DLX1",
                           Path(__file__).resolve().parents[2] / "shared" / "bin" / "dlx1"))


def _random_problem(rng: random.Random) -> Problem:
    n1, n2 = rng.randint(1, 8), rng.randint(0, 4)
    colours = rng.randint(0, 3)
    prim = [f"#{k}" if rng.random() < 0.4 else f"p{k}" for k in range(n1)]
    sec = [f"s{k}" for k in range(n2)]
    options = []
    for _ in range(rng.randint(1, 24)):
        row: list = rng.sample(prim, rng.randint(1, min(3, n1)))
        for j in rng.sample(sec, rng.randint(0, n2)):
            row.append(Colored(j, rng.randint(1, colours)) if colours and rng.random() < 0.7
                       else j)
        options.append(row)
    return Problem(options, primary=prim, secondary=sec)


def _naive_count(p: Problem) -> int:
    knuth = p.to_knuth().splitlines()
    head = knuth[0].split()
    cut = head.index("|") if "|" in head else len(head)
    options = [naive.plain_options([line.split()])[0] for line in knuth[1:]]
    return naive.brute_force_count(head[:cut], head[cut + 1:], options)


def test_the_cli_lists_the_same_rules():
    assert CLI_BRANCHINGS == BRANCHINGS


@pytest.mark.parametrize("branching", BRANCHINGS)
def test_every_rule_finds_the_same_solutions_on_random_problems(branching):
    rng = random.Random(41)
    for k in range(200):
        p = _random_problem(rng)
        want = sorted(map(sorted, p.solutions()))
        seed = rng.choice([None, rng.randrange(100)])
        s = p.search(branching=branching, seed=seed)
        assert sorted(map(sorted, s)) == want, p.to_knuth()
        assert s.links_restored()
        assert p.count(branching=branching, seed=seed).count == len(want)
        if k % 10 == 0:
            assert len(want) == _naive_count(p), p.to_knuth()
        if p.n_options > 1:
            forced = [rng.randrange(p.n_options)]
            assert (p.count(branching=branching, forced=forced).count
                    == p.count(forced=forced).count)


@pytest.mark.parametrize("branching", BRANCHINGS)
def test_every_rule_counts_the_examples(branching):
    assert queens(8).count(branching=branching).count == 92
    assert langford(7).count(branching=branching).count == 52
    assert pentominoes(3, 20).count(branching=branching).count == 8
    r = queens(6).count(branching=branching, limit=2)
    assert (r.count, r.status) == (2, "limit")
    assert queens(8).count(branching=branching, max_nodes=10).status == "nodes"


def test_weighted_and_plain_walk_other_trees_than_mrv():
    nodes = {b: queens(10).count(branching=b).stats.nodes for b in BRANCHINGS}
    assert nodes["weighted"] != nodes["mrv"] != nodes["plain"]
    assert nodes["sharp"] == nodes["mrv"]  # no item named #...: the default's tree


@pytest.mark.skipif(not (DLX1.is_file() and os.access(DLX1, os.X_OK)),
                    reason="Knuth's DLX1 not found (DLX_BENCH_DLX1)")
@pytest.mark.parametrize("problem", [queens(9), langford(8), pentominoes(3, 20)],
                         ids=["9-queens", "langford 8", "pentomino 3x20"])
def test_plain_walks_knuths_dlx1_tree(problem):
    child = subprocess.run([str(DLX1), "m0"], input=problem.to_knuth(), text=True,
                           capture_output=True, check=True)
    m = re.search(r"Altogether (\d+) solutions?.*?(\d+) nodes", child.stderr, re.S)
    assert m, child.stderr
    r = problem.count(branching="plain")
    # DLX1 counts the root as a node; the engine counts the options it tries.
    assert (r.count, r.stats.nodes + 1) == (int(m[1]), int(m[2]))


def _root_options(p: Problem, branching: str, seed=None) -> set:
    """The options the search tries at its root: those of the item it branches on first."""
    s = p.search(branching=branching, seed=seed)
    seen = []
    s.on_trace(seen.append, 1)
    list(s)
    return {c.option for c in seen if c.level == 0}


def test_sharp_branches_on_a_flagged_item_before_a_shorter_one():
    # #a has three options, b and d two: MRV takes b or d, sharp takes #a.
    p = parse_knuth("#a b c d\n#a b\n#a d\n#a c\nb c d\nc\n")
    assert _root_options(p, "mrv") in ({0, 3}, {1, 3})
    for seed in (None, 3):
        assert _root_options(p, "sharp", seed) == {0, 1, 2}
    # An item of one option still comes first: a forced move.
    q = parse_knuth("#a b\n#a b\n#a\n#a\n")
    assert _root_options(q, "sharp") == {0}
    # Without flagged items left to branch on, the default's choice.
    r = parse_knuth("#a b c\n#a\nb c\nb\nc\n")
    assert _root_options(r, "sharp") == {0}
    assert p.count(branching="sharp").count == p.count().count


def test_sharp_leaves_the_links_as_they_were():
    p = parse_knuth("#a b | x\n#a x\nb x\n#a b\n")
    for seed in (None, 1):
        s = p.search(branching="sharp", seed=seed, limit=1)
        assert len(list(s)) == 1
        assert s.links_restored()


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"branching": "fast"}, "branching must be one of mrv, weighted, plain, sharp"),
    ({"branching": "weighted", "locked": True}, "locked=True has its own"),
    ({"branching": "plain", "memo": True}, "memo=True takes order"),
])
def test_bad_branching_gets_a_clear_message(kwargs, message):
    with pytest.raises(ProblemError, match=re.escape(message)):
        queens(5).count(**kwargs)


def test_branching_refuses_bounds():
    p = parse_knuth("1:2|a b\na\nb\na b\n")
    with pytest.raises(ProblemError, match="bounds"):
        p.count(branching="weighted")
    assert p.count().count == p.count(branching="mrv").count


def _run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


@pytest.fixture
def q8(tmp_path):
    path = tmp_path / "q8.dlx"
    path.write_text(queens(8).to_knuth())
    return str(path)


@pytest.mark.parametrize("branching", BRANCHINGS)
def test_cli_count_branching(q8, branching):
    r = _run("count", "--branching", branching, "--format", "json", q8)
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)
    assert got["count"] == 92
    assert got["nodes"] == queens(8).count(branching=branching).stats.nodes


def test_cli_count_branching_with_memo_is_refused(q8):
    r = _run("count", "--memo", "--branching", "weighted", q8)
    assert r.exit_code == 1
    assert "--branching is for the plain search" in r.output


def test_pcount_with_branching_and_memo(tmp_path, q8):
    r = _run("pcount", "-j", "1", "--branching", "weighted", q8)
    assert (r.exit_code, r.output.split()[0]) == (0, "92"), r.output
    board = tmp_path / "d.dlx"
    board.write_text(dominoes(4, 6).to_knuth())
    want = dominoes(4, 6).count().count
    r = _run("pcount", "-j", "1", "--memo", "--memo-mb", "8", "--format", "json", str(board))
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)
    assert (got["count"], got["exact"]) == (want, True)


@pytest.mark.parametrize(("args", "message"), [
    (["--memo", "--limit", "3"], "--memo takes no --limit or --branching"),
    (["--memo", "--branching", "plain"], "--memo takes no --limit or --branching"),
    (["--memo-mb", "8"], "--memo-mb is for --memo"),
])
def test_pcount_memo_refusals(q8, args, message):
    r = _run("pcount", "-j", "1", *args, q8)
    assert r.exit_code == 1
    assert message in r.output


def test_count_parallel_memo_and_branching_agree():
    from dlx.parallel import count_parallel

    want = dominoes(4, 5).count().count
    assert count_parallel(dominoes(4, 5), jobs=1, depth=2, memo=True).count == want
    assert count_parallel(queens(7), jobs=1, depth=2, branching="plain").count == 40
    with pytest.raises(ProblemError, match="memo counting takes no limit"):
        count_parallel(queens(7), jobs=1, memo=True, limit=5)
