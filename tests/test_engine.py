"""Engine tests: links, searches and their limits, restore, formats, batch, split."""

import signal
import threading
import time

import numpy as np
import pytest

import dlx
from dlx import Colored, ParseError, Problem, ProblemError, parse_knuth, plain
from dlx.links import check_links


def small():
    # Knuth's example from TAOCP 7.2.2.1 (items a-g, six options, one solution).
    return Problem({
        "ce": ["c", "e"], "adg": ["a", "d", "g"], "bcf": ["b", "c", "f"],
        "adf": ["a", "d", "f"], "bg": ["b", "g"], "deg": ["d", "e", "g"],
    })


def queens(n):
    opts = {(r, c): [f"R{r}", f"C{c}", f"A{r + c}", f"B{r - c + n - 1}"]
            for r in range(n) for c in range(n)}
    prim = [f"R{r}" for r in range(n)] + [f"C{c}" for c in range(n)]
    sec = [f"A{k}" for k in range(2 * n - 1)] + [f"B{k}" for k in range(2 * n - 1)]
    return Problem(opts, prim, sec)


def test_knuth_example():
    p = small()
    assert p.solve() == ["ce", "adf", "bg"]  # labels in option order
    assert p.count().count == 1
    assert p.unique().status == "unique"


def word_rectangle(words):
    # Two rows and two columns of words over shared cells: colours decide.
    lines = ["r0 r1 c0 c1 | x00 x01 x10 x11"]
    for w in words:
        for i in range(2):
            lines.append(f"r{i} x{i}0:{w[0]} x{i}1:{w[1]}")
            lines.append(f"c{i} x0{i}:{w[0]} x1{i}:{w[1]}")
    return parse_knuth("\n".join(lines) + "\n")


def test_colour_flag_in_node_zero(monkeypatch):
    monkeypatch.setenv(plain.ENV, "never")  # (the compiled search reads the cached links)
    # nd[COLOR, 0] tells the hides whether any node can be purified (dlx._kernel).
    from dlx import _kernel as K

    words = ["ab", "ba", "aa", "bb", "ac", "ca"]
    coloured = word_rectangle(words)
    assert coloured.links().nd[K.COLOR, 0] == 1
    assert queens(5).links().nd[K.COLOR, 0] == 0  # secondary items, no colours
    assert small().links().nd[K.COLOR, 0] == 0
    # With the flag, purified nodes stay in their lists (Knuth's hide'); a search
    # told there are no colours unlinks them too: the same count, more updates.
    r = coloured.count()
    # Rows a, b and columns a[0] + b[0], a[1] + b[1], all words (the same word may repeat).
    assert r.count == sum(1 for a in words for b in words
                          if a[0] + b[0] in words and a[1] + b[1] in words)
    links = coloured.links()
    links.nd[K.COLOR, 0] = 0
    try:
        wrong = coloured.count()
    finally:
        links.nd[K.COLOR, 0] = 1
    assert wrong.count == r.count
    assert wrong.stats.updates > r.stats.updates


def test_links_are_sane_after_build_and_every_search():
    p = queens(6)
    links = p.links()
    check_links(links.nd, links.it, p.n_primary)
    s = p.search()
    assert s.count().count == 4
    assert s.links_restored()
    check_links(s._nd, s._it, p.n_primary)


@pytest.mark.parametrize("kwargs", [
    {"limit": 3}, {"max_nodes": 17}, {"forced": [0]}, {"seed": 5}, {},
])
def test_structure_restored_exactly(kwargs):
    p = queens(7)
    s = p.search(**kwargs)
    s.count()
    assert s.links_restored()


def test_abandoned_iteration_restores():
    p = queens(8)
    s = p.search()
    it = iter(s)
    first = next(it)
    assert len(first) == 8
    it.close()
    assert s.links_restored()
    assert s.status == "interrupted"


def test_iteration_is_lazy_and_resumable():
    p = queens(8)
    s = p.search()
    it = iter(s)
    got = [next(it) for _ in range(5)]
    nodes_after_5 = s.stats.nodes
    rest = list(it)
    assert len(got) + len(rest) == 92
    assert len({tuple(x) for x in got + rest}) == 92
    assert s.stats.nodes >= nodes_after_5
    # the whole enumeration costs the same nodes as a plain count
    assert s.stats.nodes == p.count().stats.nodes


def test_queens_counts_and_solutions():
    expected = [1, 0, 0, 2, 10, 4, 40, 92]
    assert [queens(n).count().count for n in range(1, 9)] == expected
    for sol in queens(6).solutions():
        rows = {r for r, _ in sol}
        cols = {c for _, c in sol}
        assert len(rows) == len(cols) == 6
        assert len({r + c for r, c in sol}) == 6 and len({r - c for r, c in sol}) == 6


def test_limits_and_statuses():
    p = queens(8)
    r = p.count(limit=10)
    assert (r.count, r.status, r.exact) == (10, "limit", False)
    r = p.count(max_nodes=50)
    assert r.status == "nodes" and r.stats.nodes == 50 and r.count < 92
    for budget in range(1, 60, 7):  # never more nodes than allowed, links restored
        s = p.search(max_nodes=budget)
        s.count()
        assert s.stats.nodes <= budget and s.links_restored()
    r = p.count()
    assert r.exact and r == 92 and int(r) == 92 and str(r) == "92"
    assert str(p.count(limit=3)) == "at least 3 (limit)"


def test_timeout_returns_partial_count():
    p = queens(14)  # 365596 solutions: far more than 0.2 s
    t0 = time.perf_counter()
    r = p.count(timeout=0.2)
    assert time.perf_counter() - t0 < 2.0
    assert r.status == "timeout" and 0 < r.count < 365596


def test_ctrl_c_returns_partial_count():
    p = queens(14)
    p.count(limit=1)  # compile first
    import _thread

    # interrupt_main does nothing while SIGINT is ignored (tests run as a background
    # job of a script): take it the way an interactive Python does, for this test.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        s = p.search()
        r = s.count()
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert r.status == "interrupted"
    assert 0 < r.count < 365596
    assert s.links_restored()


def test_solve_stopped_raises():
    with pytest.raises(dlx.SearchStopped) as info:
        queens(12).solve(max_nodes=3)
    assert info.value.stats.status == "nodes"
    assert queens(3).solve() is None


def test_seed_is_reproducible_and_complete():
    p = queens(6)
    a = list(p.solutions(seed=11))
    b = list(p.solutions(seed=11))
    assert a == b
    assert sorted(map(tuple, a)) == sorted(map(tuple, p.solutions()))
    firsts = {tuple(p.solve(seed=s)) for s in range(30)}
    assert len(firsts) > 1  # different seeds explore in different orders


def test_colors():
    # Two options may share secondary item x only if they agree on its colour.
    p = Problem([["a", "x:red"], ["b", "x:red"], ["b", "x:blue"], ["a", "b"]],
                secondary=["x"])
    sols = sorted(p.solutions())
    assert sols == [[0, 1], [3]]
    q = Problem([["a", Colored("x", 1)], ["b", Colored("x", 1)]], secondary=["x"])
    assert q.count().count == 1
    # an uncoloured use conflicts with any other use
    r = Problem([["a", "x"], ["b", "x:red"]], secondary=["x"])
    assert r.count().count == 0


def test_colon_in_primary_item_names_is_just_a_name():
    p = Problem([["r1:c1"], ["r1:c2"]])
    assert p.primary == ("r1:c1", "r1:c2")
    assert p.solve() == [0, 1]


@pytest.mark.parametrize("options, kwargs, message", [
    ([["a", "a"]], {}, "appears twice"),
    ([["a", "q"]], {"primary": ["a"]}, "unknown item 'q'"),
    ([["x"]], {"primary": ["a"], "secondary": ["x"]}, "no primary item"),
    ([[]], {}, "is empty"),
    ([["a"]], {"primary": ["a", "a"]}, "declared twice"),
    ([[Colored("a", 1)]], {"primary": ["a"]}, "cannot have a colour"),
    ([5], {}, "must be an iterable"),
    ([[["unhashable"]]], {}, "hashable"),
])
def test_bad_problems(options, kwargs, message):
    with pytest.raises(ProblemError, match=message):
        Problem(options, **kwargs)


def test_bad_arguments():
    p = small()
    for kwargs in ({"limit": 0}, {"limit": -1}, {"max_nodes": "x"}, {"timeout": -1},
                   {"timeout": "soon"}, {"forced": [99]}, {"forced": ["a"]}, {"seed": -3}):
        with pytest.raises(ProblemError):
            p.count(**kwargs)


def test_indices_and_matrix():
    p = Problem([[0, 1], [1, 2], [2], [0]], primary=3, secondary=0)
    assert sorted(p.solutions()) == [[0, 2], [1, 3]]
    m = np.array([[1, 0, 1, 0], [0, 1, 0, 1], [0, 1, 0, 0], [1, 0, 0, 1]])
    q = Problem.from_matrix(m, secondary=1)
    assert sorted(q.solutions()) == [[0, 1], [0, 2]]
    with pytest.raises(ProblemError):
        Problem.from_matrix([[0, 2]])
    with pytest.raises(ProblemError):
        Problem.from_matrix([1, 0])


def test_empty_problem_has_one_empty_solution():
    p = Problem([], primary=[])
    assert p.count().count == 1
    assert p.solve() == []


def test_forced_options():
    p = queens(6)
    labels = p.labels
    fi = labels.index((0, 1))
    sols = list(p.solutions(forced=[fi]))
    assert sols and all((0, 1) in s for s in sols)
    clash = [labels.index((0, 0)), labels.index((1, 1))]
    assert p.count(forced=clash).count == 0
    assert p.count(forced=[fi, fi]).count == 0


def test_forced_options_as_numpy_arrays():
    p = queens(6)
    fi = p.labels.index((0, 1))
    for dtype in (np.int64, np.uint32, np.uint8):
        arr = np.array([fi], dtype=dtype)
        assert p.count(forced=arr).count == p.count(forced=[fi]).count
        assert p.solve(forced=arr) == p.solve(forced=[fi])
    for bad in (np.array([p.n_options]), np.array([-1]), np.array([2**64 - 1], np.uint64)):
        with pytest.raises(ProblemError, match="out of range"):
            p.count(forced=bad)


def test_lockable_items_match_their_definition(monkeypatch):
    # A primary item is lockable when two of its options share another item; checked
    # in plain Python, with the numpy version taking items in groups of every size.
    from dlx import links

    def expected(p):
        base, sizes, _ = p.csr()
        optr, items = base[0].tolist(), base[1].tolist()
        opts = [items[optr[k]:optr[k + 1]] for k in range(len(optr) - 1)]
        flags = [0] * (int(sizes[0]) + 2)
        for i in range(1, int(sizes[1]) + 1):
            seen = [j for o in opts if i in o for j in o if j != i]
            flags[i] = int(len(seen) != len(set(seen)))
        return flags

    rng = np.random.default_rng(7)
    problems = [queens(5), Problem([["a", "b"], ["a", "b"], ["c"]])]
    for _ in range(60):
        n = int(rng.integers(2, 7))
        rows = [sorted({int(rng.integers(0, n - 1)), *rng.integers(0, n, 2).tolist()})
                for _ in range(int(rng.integers(1, 10)))]  # each with a primary item
        problems.append(Problem(rows, primary=list(range(n - 1)), secondary=[n - 1]))
    for block in (1 << 20, 5, 1):
        monkeypatch.setattr(links, "LOCKABLE_BLOCK", block)
        for p in problems:
            assert links.lockable_items(p.csr()).tolist() == expected(p)


def test_one_shot_searches_leave_the_problem_as_it_was():
    # solve, count and unique drop their search without undoing it; the problem's
    # own links stay pristine, so every later search starts from them.
    p = queens(6)
    first = (p.solve(), p.count().count, p.unique().status)
    assert first == (p.solve(), p.count().count, p.unique().status) == (first[0], 4, "multiple")
    s = p.search()
    assert s.count().count == 4 and s.links_restored()


@pytest.mark.slow
def test_solve_many_matches_single_searches():
    p = queens(6)
    forced = [[], [0], [1], [0, 8], [7]]
    r = p.solve_many(forced, limit=0, store=2)
    single = [p.count(forced=f).count for f in forced]
    assert r.counts.tolist() == single
    assert r.status == ["complete"] * 5
    for f, sols in zip(forced, r.solutions, strict=True):
        assert len(sols) == min(2, p.count(forced=f).count)
    r2 = p.solve_many(forced, limit=1, jobs=2)
    assert r2.counts.tolist() == [min(c, 1) for c in single]
    r3 = p.solve_many([[]], limit=0, max_nodes=10)
    assert r3.status == ["nodes"] and r3.nodes[0] == 10


def test_solve_many_takes_the_singles_as_the_search_would():
    # The batch kernel takes the forced singles before building the links; they are
    # the search's first nodes: in the solutions, in the node count, in the budget.
    p = Problem([["a", "b"], ["b", "c"], ["c"], ["d"], ["d", "e"], ["e"]])
    single = p.count(forced=[3])
    r = p.solve_many([[3]], limit=0, store=2)
    assert r.counts.tolist() == [1] and r.status == ["complete"]
    assert r.solutions == [[[0, 2, 3, 5]]]  # three singles, then nothing left to choose
    assert r.nodes.tolist() == [single.stats.nodes] == [3]
    for budget in (1, 2, 3, 4):
        r = p.solve_many([[3]], limit=0, max_nodes=budget)
        s = p.count(forced=[3], max_nodes=budget)
        assert (r.status[0], r.nodes[0]) == (s.status, s.stats.nodes), budget
    # Singles that run into an item with no option left: no solution, not a clash.
    q = Problem([["a", "b"], ["a", "c"], ["b", "d"], ["c", "d"], ["e", "b"]])
    r = q.solve_many([[4], [0]], limit=0)
    assert r.counts.tolist() == [0, 0] and r.clashes == [False, False]
    assert r.status == ["complete", "complete"]
    assert r.nodes.tolist() == [q.count(forced=[4]).stats.nodes, q.count(forced=[0]).stats.nodes]


def test_solve_many_rows_hold_the_longest_solution():
    # The batch kernel's solution rows are as long as the most options a solution can
    # hold (primary items over the fewest any option holds), not one per primary item.
    # Problems whose solutions fill them exactly, singles and search levels together.
    from dlx.batch import solve_arrays

    pairs = Problem([["a", "b"], ["c", "d"], ["a", "c"], ["b", "d"], ["e", "f"],
                     ["e", "f", "x"]], secondary=["x"])  # two primary items an option
    mixed = Problem([["a"], ["b", "c"], ["b"], ["c"], ["d"]])  # one at least
    for p, longest in ((pairs, 3), (mixed, 4)):
        assert p.csr()[2] == longest
        for forced in ([], [0]):
            r = p.solve_many([forced], limit=0, store=4)
            got = sorted(sorted(s) for s in r.solutions[0])
            assert got == sorted(sorted(s) for s in p.search(forced=forced))
            assert max(map(len, got)) == longest  # (forced options included) a full row
        r = solve_arrays(p, np.array([0, 0]), np.zeros(0, dtype=np.uint32), limit=0, store=4)
        assert r.solutions.shape[2] == longest + 1


def test_ties_at_two_options_go_to_the_heaviest_item():
    # A and B both have two options.  A's options hide little (p and q have three
    # options each), B's more (x and y have four each): MRV branches on B, though A
    # comes first.  With three options (no weighing) the first item wins.
    from dlx import _kernel as K
    from dlx.search import fresh_state

    primary = ["A", "B", "p", "q", "x", "y"]

    def first_choice(rows, fails=(), mode=K.B_MRV):
        secondary = sorted({i for row in rows for i in row} - set(primary))
        _, nd, it, _, _ = fresh_state(Problem(rows, primary=primary, secondary=secondary))
        if not fails:
            return primary[int(K._choose(nd, it, mode)) - 1]
        # The locked path's choice (no item flagged lockable here, so only its tie-break).
        n2 = len(primary) + len(secondary) + 2
        counts = np.zeros(n2, dtype=np.int64)
        for item in fails:  # dead ends so far (the locked path's counts), by item name
            counts[primary.index(item) + 1] += 1
        trail, pairs = np.zeros(len(nd), dtype=np.uint32), np.zeros(n2, dtype=np.uint32)
        chosen, _ = K._choose_locked(nd, it, trail, 0, np.zeros(n2, dtype=np.uint64), pairs,
                                     counts)
        return primary[int(chosen) - 1]

    heavy = [["A", "p"], ["A", "q"], ["B", "x"], ["B", "y"],
             ["p", "1"], ["p", "2"], ["q", "3"], ["q", "4"],
             ["x", "5"], ["x", "6"], ["x", "7"], ["y", "8"], ["y", "9"], ["y", "10"]]
    assert first_choice(heavy) == "B"
    assert first_choice(heavy + [["A", "x", "y"], ["B", "p", "q"]]) == "A"
    # Equal weights: the first of the tied items.
    even = [["A", "p"], ["A", "q"], ["B", "x"], ["B", "y"],
            ["p", "1"], ["p", "2"], ["q", "3"], ["q", "4"],
            ["x", "5"], ["x", "6"], ["y", "7"], ["y", "8"]]
    assert first_choice(even) == "A"
    # With dead-end counts, the item with the most dead ends wins before any weight.
    assert first_choice(heavy, fails=["A"]) == "A"
    assert first_choice(heavy, fails=["A", "B", "B"]) == "B"
    assert first_choice(even, fails=["p", "B"]) == "B"
    # At three options MRV takes the first tied item; branching="weighted" weighs them.
    three = heavy + [["A", "r"], ["B", "z"], ["r", "11"], ["r", "12"], ["z", "13"],
                     ["z", "14"]]
    primary += ["r", "z"]
    assert first_choice(three) == "A"
    assert first_choice(three, mode=K.B_WEIGHTED) == "B"


def test_solve_many_parallel_equals_serial():
    p = queens(7)
    forced = [[k] for k in range(49)]
    a = p.solve_many(forced, limit=0, store=1, jobs=1)
    b = p.solve_many(forced, limit=0, store=1, jobs=2)
    assert a.counts.tolist() == b.counts.tolist()
    assert a.solutions == b.solutions
    assert sum(a.counts) == 40 * 7  # each solution has one queen in each of 7 rows


def test_propagate_singles():
    p = Problem([["a", "b"], ["b", "c"], ["c"], ["d"], ["d", "e"], ["e"]])
    r = p.propagate()
    assert r.status == "open"
    r = p.propagate(forced=[3])  # d forces e (option 5); a then c are singles
    assert r.chosen[0] == 3 and sorted(r.chosen) == [0, 2, 3, 5] and r.status == "solved"
    assert r.live.tolist() == [True, False, True, True, False, True]
    r = Problem([["a"], ["a", "b"]], primary=["a", "b"]).propagate(forced=[0])
    assert r.status == "contradiction"


def test_split_sums_to_count():
    for n in (6, 7, 8):
        p = queens(n)
        total = p.count().count
        for depth in (0, 1, 2, 3):
            parts, above = p.split(depth)
            assert sum(p.count(forced=f).count for f in parts) + above == total


def test_estimate_is_close():
    p = queens(8)
    e = p.estimate(4000, seed=3)
    assert 92 / 2 < e.solutions < 92 * 2
    assert e.nodes > 0 and e.solutions_stderr > 0
    a, b = p.estimate(300, seed=3), p.estimate(300, seed=3)  # several kernel calls
    assert (a.nodes, a.solutions) == (b.nodes, b.solutions)
    assert a.status == "complete" and a.probes == 300


def test_estimate_moments_merge_like_one_pass():
    from dlx.search import _Moments

    rng = np.random.default_rng(5)
    data = rng.exponential(1e6, size=(1000, 2))
    m = _Moments(2)
    for a, b in ((0, 64), (64, 128), (128, 700), (700, 1000)):
        m.add(data[a:b])
    m.add_zeros(300)
    whole = np.vstack([data, np.zeros((300, 2))])
    mean, err = m.means_and_errors()
    assert m.n == 1300
    assert np.allclose(mean, whole.mean(axis=0), rtol=1e-12)
    assert np.allclose(err, whole.std(axis=0, ddof=1) / np.sqrt(1300), rtol=1e-9)


def test_estimate_is_chunked_not_allocated_up_front():
    import tracemalloc

    p = queens(8)
    p.estimate(10)  # kernels loaded outside the measurement
    tracemalloc.start()
    try:
        e = p.estimate(10**9, timeout=0.2)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert e.status == "timeout" and 0 < e.probes < 10**9
    assert peak < 10**6
    assert 30 < e.solutions < 300


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs setitimer")
def test_estimate_ctrl_c_returns_the_estimate_so_far():
    p = queens(8)
    p.estimate(10)

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    try:
        e = p.estimate(10**9)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert e.status == "interrupted" and 0 < e.probes < 10**9
    assert e.probes % 64 == 0  # whole calls only
    assert 30 < e.solutions < 300


def test_knuth_format():
    text = """| a comment
a b c | x y
a x:1
b x:1 y
c
b c
| another comment
a b c y:2
"""
    p = parse_knuth(text)
    assert p.primary == ("a", "b", "c") and p.secondary == ("x", "y")
    assert sorted(p.solutions()) == [["a b c y:2"], ["a x:1", "b c"], ["a x:1", "b x:1 y", "c"]]


@pytest.mark.parametrize("text, where, message", [
    ("", (None, None), "no item line"),
    ("| only a comment\n", (None, None), "no item line"),
    ("a b\na q\n", (2, 3), "unknown item 'q'"),
    ("a b\na a\n", (2, 3), "appears twice"),
    ("a a\n", (1, 3), "listed twice"),
    ("a | x | y\n", (1, 7), "second '|'"),
    ("a | x\na:red\n", (2, 2), "cannot have a colour"),
    ("a b:c\n", (1, 4), "contains ':'"),
    ("| x\n", (None, None), "no item line"),
    ("a\n\x00\x01\x02\n", (2, None), "binary"),
])
def test_knuth_errors(text, where, message):
    with pytest.raises(ParseError, match=message) as info:
        parse_knuth(text, source="t.dlx")
    assert (info.value.line, info.value.column) == where
    assert str(info.value).startswith("t.dlx")


def test_read_knuth_missing_file(tmp_path):
    with pytest.raises(ParseError, match="cannot read"):
        dlx.read_knuth(tmp_path / "nope.dlx")
    f = tmp_path / "ok.dlx"
    f.write_text("a b\na\nb\na b\n")
    assert dlx.read_knuth(f).count().count == 2


def test_pickle_round_trip_drops_the_link_cache():
    import pickle

    p = queens(6)
    p.count()
    q = pickle.loads(pickle.dumps(p))
    assert q._cache == {}
    assert q.count().count == 4 and q.labels == p.labels


# Random text never makes the DLX-format reader raise anything but its own errors.
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as hs  # noqa: E402

_TOKENS = hs.sampled_from(["a", "b", "c", "x", "y", "|", ":", "x:1", "y:red", "a:1", "q",
                           " ", "  ", "\t", "\n", "\n", "| c", "\x00", "\ufffd", "é"])


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(hs.one_of(hs.text(max_size=200), hs.lists(_TOKENS, max_size=60).map("".join)))
def test_knuth_reader_only_raises_its_own_errors(text):
    try:
        p = parse_knuth(text, source="h.dlx")
    except (ParseError, ProblemError) as exc:
        assert str(exc)
    else:
        assert p.n_primary >= 1
        r = p.count(max_nodes=1000)
        assert r.count >= 0
