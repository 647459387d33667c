"""Memoised counting on small inputs; CI also runs this file with NUMBA_DISABLE_JIT=1.

With the JIT disabled the kernels of dlx._kernel_memo run as plain Python, so
coverage sees their lines and nothing may depend on numba's typing (its
64-bit wrap-around: the counts are kept in two 62-bit parts).
"""

from dlx import Problem, parse_knuth
from dlx.examples import dominoes


def test_memo_agrees_with_plain_counting_on_small_problems():
    for p in (dominoes(4, 5), parse_knuth("a b c | x\na x:1\nb x:1\nc x:2\nc\nb c\n")):
        for order in ("mrv", "first"):
            r = p.count(memo=True, order=order)
            assert (r.count, r.status) == (p.count().count, "complete")


def test_memo_counts_past_two_to_the_63():
    # 70 items, two options each: 2**70 solutions, every level a hit but the first.
    p = Problem([[i] for i in range(70) for _ in range(2)], primary=70)
    r = p.count(memo=True, order="first")
    assert r.count == 2**70 and r.exact


def test_memo_cap_forced_and_node_limit():
    p = dominoes(4, 4)
    r = p.count(memo=True, memo_mb=0.001)
    assert r.count == 36 and r.memo.capped
    assert p.count(memo=True, forced=[0]).count == p.count(forced=[0]).count
    stopped = p.count(memo=True, max_nodes=3)
    assert stopped.status == "nodes" and stopped.count <= 36
