"""Sudoku on exact cover: counts, uniqueness, candidates, variants and batches."""

from pathlib import Path

import pytest

from sudoku import Puzzle, PuzzleError, batch, parse_puzzle, read_puzzles, solver, validate_solution
from sudoku.encode import givens
from sudoku.solver import candidates, check, count, solve, solve_all

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "sudoku"
CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def need(name):
    path = DATA / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    return path


# ---------------------------------------------------------------- brute force
def naive_houses(n, br, bc, variant="standard", regions=None):
    """Houses written out independently of sudoku.grid."""
    hs = [[r * n + c for c in range(n)] for r in range(n)]
    hs += [[r * n + c for r in range(n)] for c in range(n)]
    if regions is None:
        for r0 in range(0, n, br):
            for c0 in range(0, n, bc):
                hs.append([(r0 + r) * n + c0 + c for r in range(br) for c in range(bc)])
    else:
        for k in range(n):
            hs.append([i for i in range(n * n) if regions[i] == k])
    if variant == "x":
        hs.append([i * n + i for i in range(n)])
        hs.append([i * n + n - 1 - i for i in range(n)])
    return hs


def naive_count(cells, n, br, bc, variant="standard", regions=None, cap=10**6):
    hs = naive_houses(n, br, bc, variant, regions)
    peers = [set() for _ in range(n * n)]
    for h in hs:
        for i in h:
            peers[i].update(h)
    grid = list(cells)
    for i, v in enumerate(grid):
        if v and any(grid[j] == v for j in peers[i] if j != i):
            return 0
    blanks = [i for i, v in enumerate(grid) if not v]
    total = 0

    def go(k):
        nonlocal total
        if total >= cap:
            return
        if k == len(blanks):
            total += 1
            return
        i = blanks[k]
        used = {grid[j] for j in peers[i]}
        for v in range(1, n + 1):
            if v not in used:
                grid[i] = v
                go(k + 1)
                grid[i] = 0

    go(0)
    return total


# ------------------------------------------------------------------- counting
def test_every_4x4_grid():
    assert count("." * 16).count == 288
    assert count("." * 16).exact


def test_4x4_x_variant_matches_brute_force():
    p = Puzzle(2, 2, [0] * 16, variant="x")
    assert count(p).count == naive_count([0] * 16, 4, 2, 2, "x")


@pytest.mark.parametrize("seed", range(12))
def test_random_6x6_partial_grids_match_brute_force(seed):
    import random

    rng = random.Random(seed)
    # Take a random 6x6 grid from the engine, blank most cells, compare counts.
    full = solver.problem_for(Puzzle(2, 3, [0] * 36)).solve(seed=seed)
    cells = [0] * 36
    for o in full:
        cells[o // 6] = o % 6 + 1
    for i in rng.sample(range(36), 24):
        cells[i] = 0
    variant = "x" if seed % 2 else "standard"
    expected = naive_count(cells, 6, 2, 3, variant)
    if variant == "x" and expected == 0:
        return  # the grid itself need not be an X-Sudoku
    p = Puzzle(2, 3, cells, variant=variant)
    assert count(p).count == expected


def test_jigsaw_matches_brute_force():
    # A 4x4 jigsaw whose regions are L-ish shapes.
    regions = [0, 0, 1, 1,
               0, 0, 2, 1,
               3, 2, 2, 1,
               3, 3, 3, 2]
    p = Puzzle(2, 2, [0] * 16, variant="jigsaw", regions=regions)
    assert count(p).count == naive_count([0] * 16, 4, 2, 2, regions=regions)


def test_solution_counts_file():
    path = need("solution_counts.txt")
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        grid, expected = line.rsplit(":", 1)
        expected = int(expected)
        try:
            r = count(parse_puzzle(grid))
        except PuzzleError:
            assert expected == 0, f"line {number}: givens clash but {expected} solutions"
            continue
        assert r.exact and r.count == expected, f"line {number}"


def test_solution_counts_file_in_one_batch():
    path = need("solution_counts.txt")
    lines = path.read_text().splitlines()
    items = [line.rsplit(":", 1)[0] for line in lines]
    for line, res in zip(lines, solve_all(items, mode="count"), strict=True):
        expected = int(line.rsplit(":", 1)[1])
        if res.error is not None:
            assert expected == 0 and "digit" in str(res.error)
        else:
            assert res.exact and res.count == expected
            assert res.solutions == []


# ------------------------------------------------------------------- solving
def test_classic_puzzle():
    g = solve(CLASSIC)
    validate_solution(parse_puzzle(CLASSIC), g)
    u = check(CLASSIC)
    assert u.status == "unique" and u.solutions == [g]


def test_multiple_gives_two_valid_proofs():
    p = parse_puzzle("1" + "." * 80)
    u = check(p)
    assert u.status == "multiple"
    a, b = u.solutions
    assert a != b
    validate_solution(p, a)
    validate_solution(p, b)


def test_no_solution():
    # Valid givens (no clash) but r1c9 can hold nothing.
    p = parse_puzzle("12345678." + "........9" + "." * 63)
    assert solve(p) is None
    assert check(p).status == "none"
    assert count(p).count == 0


def test_clashing_givens_name_the_cells():
    # The search finds no solution first; then the givens are checked for the message.
    for fn in (solve, check, count):
        with pytest.raises(PuzzleError, match="r1c1.*r1c2|r1c2.*r1c1"):
            fn("11" + "." * 79)


def test_batch_clash_errors_hold_no_frames():
    # A clash found in a batch is reported with an error that holds no traceback: one
    # would keep the decoding frame, and with it the chunk's arrays, alive as long as
    # the result is kept.
    from sudoku.grid import Puzzle

    clash = Puzzle(3, 3, [1, 1] + [0] * 79)  # built directly: not checked on reading
    results = list(solve_all([clash, "." * 81], mode="check"))
    assert results[0].verdict == "invalid" and "r1c1" in str(results[0].error)
    assert results[0].error.__traceback__ is None
    assert results[1].verdict == "multiple"


@pytest.mark.parametrize("name", [
    "easy_sample.txt", "17clue.txt", "top95.txt", "norvig_hardest.txt", "top1465.txt",
    "hardest1106.txt", "hard_sample.txt", "hardest1905_11plus.txt", "16x16.txt",
    "16x16_vu.txt",
])
def test_dataset_sample_solves(name):
    path = need(name)
    lines = []
    with open(path) as f:
        for k, line in enumerate(f):
            if k % 97 == 0:
                lines.append(line.strip())
            if len(lines) >= 40:
                break
    results = list(solve_all(lines, mode="check"))
    assert len(results) == len(lines)
    for res in results:
        assert res.verdict == "unique", (name, res.index)
        validate_solution(res.puzzle, res.solutions[0])


def test_serg_benchmark_has_multiple_solutions():
    path = need("serg_benchmark.txt")
    with open(path) as f:
        lines = [next(f).strip() for _ in range(50)]
    for res in solve_all(lines, mode="check"):
        assert res.verdict == "multiple"
        a, b = res.solutions
        assert a != b
        validate_solution(res.puzzle, a)
        validate_solution(res.puzzle, b)


def test_25x25_easy_one():
    path = need("25x25.txt")
    line = path.read_text().splitlines()[0]
    res = next(solve_all([line], mode="check"))
    assert res.verdict == "unique"
    validate_solution(res.puzzle, res.solutions[0])


# ------------------------------------------------------------------ batches
def test_batch_keeps_order_and_marks_invalid():
    items = [CLASSIC, "12" + "." * 79, "11" + "." * 79, "x" * 81, "." * 80 + "1", CLASSIC]
    results = list(solve_all(items, mode="solve"))
    assert [r.index for r in results] == list(range(6))
    assert [r.verdict if r.error is None else "invalid" for r in results][2:4] == \
        ["invalid", "invalid"]
    assert results[0].solutions == results[5].solutions
    assert results[1].count == 1 and results[4].count == 1
    assert "r1c1" in str(results[2].error) and "r1c2" in str(results[2].error)


def test_batch_takes_puzzles_built_from_any_integers():
    # Cells given as numpy integers take the constructor's slow path (no packed
    # bytes kept); in one batch with parsed puzzles, both solve alike.
    import numpy as np

    parsed = parse_puzzle(CLASSIC)
    built = Puzzle(3, 3, np.array(parsed.cells, dtype=np.int64))
    assert built == parsed
    a, b = solve_all([parsed, built], mode="check")
    assert a.verdict == b.verdict == "unique"
    assert a.solutions == b.solutions
    validate_solution(parsed, a.solutions[0])


def test_batch_threads_agree():
    path = need("top95.txt")
    lines = path.read_text().splitlines()
    one = [(r.count, r.solutions, r.nodes) for r in solve_all(lines, mode="check", jobs=1)]
    two = [(r.count, r.solutions, r.nodes) for r in solve_all(lines, mode="check", jobs=2)]
    assert one == two


def test_batch_mixes_shapes():
    items = ["." * 16, CLASSIC, "1" + "." * 15]
    results = list(solve_all(items, mode="count", limit=5))
    assert [r.count for r in results] == [5, 1, 5]
    assert [r.status for r in results] == ["limit", "complete", "limit"]


def test_hard_puzzles_finish_outside_the_batch(monkeypatch):
    monkeypatch.setattr(batch, "BATCH_NODE_CAP", 5)
    items = [CLASSIC, "." * 81]
    # (The DLX kernel: its nodes are compared with DLX's resumable search.)
    results = list(solve_all(items, mode="count", limit=50, kernel="dlx"))
    assert results[0].count == 1 and results[0].exact
    assert results[1].count == 50 and results[1].status == "limit"
    # Finished alone by the resumable search, with the locked-items rule as in the batch.
    p = parse_puzzle(CLASSIC)
    alone = solver.problem_for(p).count(forced=givens(p), limit=50, locked=True)
    assert results[0].nodes == alone.stats.nodes


HARD = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."


@pytest.mark.parametrize("kernel", ["auto", "bits", "dlx"])
@pytest.mark.parametrize("path", ["batch", "timed", "alone", "blocks", "threads"])
def test_a_solved_puzzle_is_solved_on_every_path(monkeypatch, tmp_path, kernel, path):
    # In solve mode the search stops at the one solution it is asked for: that is
    # "solved", not the "limit" a count stopped early gets, whichever path took it.
    if path == "alone":
        monkeypatch.setattr(batch, "BATCH_NODE_CAP", 3)
    items = [CLASSIC, "." * 16, HARD, "1" + "." * 35, "12....34........", "." * 81]
    kw = {"kernel": kernel, "timed": path == "timed", "jobs": 2 if path == "threads" else 1}
    if path == "blocks":
        f = tmp_path / "p.txt"
        f.write_text("\n".join(items) + "\n")
        from sudoku import read_blocks

        got = []
        for r in solve_all(read_blocks(str(f)), blocks=True, **kw):
            got.extend(r.results() if isinstance(r, batch.ResultBlock) else [r])
            if isinstance(r, batch.ResultBlock):
                assert r.statuses == [x.status for x in r.results()]
    else:
        got = list(solve_all(items, **kw))
    assert [r.status for r in got] == ["solved"] * 4 + ["complete", "solved"]
    assert [r.verdict for r in got] == ["solved"] * 4 + ["none", "solved"]
    assert not any(r.exact for r in got if r.count)
    if path == "alone":
        assert any(r.nodes > 3 for r in got)  # finished by the search of its own
    # check and count keep the search's status: "limit" there is a lower bound.
    checked = list(solve_all(items, mode="check", **kw)) if path != "blocks" else []
    if checked:
        assert [r.status for r in checked] == ["complete", "limit", "complete", "limit",
                                               "complete", "limit"]
        counted = list(solve_all(items, mode="count", limit=1, **kw))
        assert [r.status for r in counted] == ["limit"] * 4 + ["complete", "limit"]


def _result_fields(r):
    return (r.index, r.puzzle, str(r.error), r.status, r.count, r.solutions, r.nodes, r.mode)


def _mixed_items():
    """Puzzles of two shapes between unreadable text, reader errors and clashing givens
    (found by the reader in text, by the kernel in a Puzzle), and an unsolvable one."""
    extras = ["11" + "." * 79, "bad", "1" + "." * 15, None, Puzzle(3, 3, [1, 1] + [0] * 79),
              "12345678." + "........9" + "." * 63, "." * 81]
    items = []
    for k, line in enumerate(need("top95.txt").read_text().splitlines()[:60]):
        items.append(line)
        extra = extras[k % len(extras)]
        items.append(PuzzleError("unreadable", "f", k) if extra is None else extra)
    return items


@pytest.mark.parametrize("mode", ["solve", "check", "count"])
@pytest.mark.parametrize("sized", [True, False])
@pytest.mark.parametrize("kernel", ["bits", "dlx"])
def test_threads_give_the_same_results_in_order(monkeypatch, mode, sized, kernel):
    # Many small chunks, so that several are in flight at once with jobs=2, and a node
    # cap that sends some puzzles (the empty grids) to be finished alone (the bit
    # kernel's nodes are guesses: fewer).
    cap = 60 if kernel == "dlx" else 6
    monkeypatch.setattr(batch, "CHUNK", 16)
    monkeypatch.setattr(batch, "BATCH_NODE_CAP", cap)
    items = _mixed_items()
    kw = {"mode": mode, "limit": 3, "timeout": 5, "kernel": kernel}
    want = [_result_fields(r) for r in solve_all(items, jobs=1, **kw)]
    got = [_result_fields(r)
           for r in solve_all(items if sized else iter(items), jobs=2, **kw)]
    assert got == want
    assert [r[0] for r in got] == list(range(len(items)))
    assert any(r[1] is not None and "appears twice" in r[2] for r in got)  # kernel clash
    assert len({r[3] for r in got}) > 2
    assert any(r[6] > cap for r in got)  # some puzzle was finished alone


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_during_a_kernel_call_yields_the_finished_results(monkeypatch, jobs):
    # Ctrl-C while a chunk's kernel call runs: its invalid items before the first
    # puzzle are finished, so they come out, then KeyboardInterrupt.
    real = batch._Chunk.run

    def run(self, s):
        if self.start > 0:
            raise KeyboardInterrupt
        real(self, s)

    monkeypatch.setattr(batch._Chunk, "run", run)
    monkeypatch.setattr(batch, "CHUNK", 16)
    items = ([CLASSIC] * 16 + ["bad", "11" + "." * 79, CLASSIC] + ["." * 16] * 40)
    got = []
    with pytest.raises(KeyboardInterrupt):
        for res in solve_all(items, mode="solve", jobs=jobs):
            got.append(res)
    # The clash is found by the reader here, so both invalid items are finished.
    assert [r.index for r in got] == list(range(18))
    assert got[15].count == 1 and got[16].verdict == got[17].verdict == "invalid"


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_in_a_lone_search_ends_the_output_there(monkeypatch, jobs):
    def interrupted(res, *args):
        res.status = "interrupted"
        res.count = 7

    monkeypatch.setattr(batch, "_finish_alone", interrupted)
    monkeypatch.setattr(batch, "BATCH_NODE_CAP", 5)
    nearly = "".join(map(str, solve(CLASSIC)))[:-1] + "."  # a search of one node
    items = [nearly, "bad", "." * 81, nearly, "." * 81]
    got = []
    with pytest.raises(KeyboardInterrupt):
        for res in solve_all(items, mode="count", jobs=jobs):
            got.append(res)
    # The output stops at the interrupted puzzle, though the next one is solved.
    assert [(r.index, r.status) for r in got] == [(0, "complete"), (1, "invalid"),
                                                 (2, "interrupted")]

def _slow_workers(monkeypatch, on_main=None):
    """Make a worker thread's kernel calls slow, so that the calling thread helps;
    record which thread ran each chunk (by its first input index)."""
    import threading
    import time

    real = batch._Chunk.run
    ran = {}

    def run(self, s):
        here = threading.current_thread() is threading.main_thread()
        ran[self.start] = "main" if here else "worker"
        if not here:
            time.sleep(0.02)
        elif on_main is not None:
            on_main(self)
        real(self, s)

    monkeypatch.setattr(batch._Chunk, "run", run)
    monkeypatch.setattr(batch, "CHUNK", 16)
    return ran


def test_with_two_jobs_the_calling_thread_runs_chunks_too(monkeypatch):
    ran = _slow_workers(monkeypatch)
    items = _mixed_items()
    want = [_result_fields(r) for r in solve_all(items, mode="check", jobs=1)]
    ran.clear()
    got = [_result_fields(r) for r in solve_all(items, mode="check", jobs=2)]
    assert got == want
    assert set(ran.values()) == {"main", "worker"}
    assert sorted(ran) == list(range(0, len(items), 16))  # every chunk ran exactly once


def test_ctrl_c_while_the_calling_thread_runs_a_chunk(monkeypatch):
    # Ctrl-C in a chunk the calling thread took over: the chunks before it come out
    # (the workers' too), then its own finished items, then KeyboardInterrupt.
    stopped = []

    def interrupt(chunk):
        if chunk.start >= 48 and not stopped:
            stopped.append(chunk.start)
            raise KeyboardInterrupt

    ran = _slow_workers(monkeypatch, on_main=interrupt)
    items = (["bad"] + [CLASSIC] * 15) * 20  # chunks of 16, each starting with an error
    got = []
    with pytest.raises(KeyboardInterrupt):
        for res in solve_all(items, mode="solve", jobs=2):
            got.append(res)
    assert stopped, "the calling thread never ran a chunk"
    # Everything before the interrupted chunk, then its error (finished when read).
    assert [r.index for r in got] == list(range(stopped[0] + 1))
    assert [r.count for r in got[:-1] if r.puzzle] == [1] * (stopped[0] // 16 * 15)
    assert max(ran) <= stopped[0] + 16 * 4  # nothing read or started far beyond it



def test_the_calling_thread_leaves_a_worker_a_chunk_queued(monkeypatch):
    # Before the calling thread runs a chunk itself it reads ahead, so that a worker
    # finishing meanwhile finds the next chunk queued instead of waiting for this
    # thread's kernel call and decoding.  The worker is held in its first chunk until
    # the calling thread has run three; each time, some chunk must be left unstarted.
    import threading

    real_init, real_run = batch._Chunk.__init__, batch._Chunk.run
    read, started, left = [], [], []
    go = threading.Event()

    def init(self, items, start, mode, kernel=None, plain=False):
        real_init(self, items, start, mode, kernel, plain)
        read.append(start)

    def run(self, s):
        started.append(self.start)
        if threading.current_thread() is threading.main_thread():
            left.append(sorted(set(read) - set(started)))
            if len(left) == 3:
                go.set()
        elif not go.is_set():
            go.wait(10)
        real_run(self, s)

    monkeypatch.setattr(batch._Chunk, "__init__", init)
    monkeypatch.setattr(batch._Chunk, "run", run)
    monkeypatch.setattr(batch, "CHUNK", 16)
    got = list(solve_all([CLASSIC] * 160, mode="solve", jobs=2))  # ten chunks of 16
    assert [r.count for r in got] == [1] * 160
    assert sorted(started) == list(range(0, 160, 16))  # every chunk ran exactly once
    assert len(left) >= 3 and all(left[:3]), left


def test_one_job_starts_no_thread_and_two_leave_none_behind():
    import threading
    import time

    lines = need("top95.txt").read_text().splitlines()
    # Other threads (a compile-notice timer, a Dask test's, an earlier test's workers
    # still finishing on a loaded machine) may come and go meanwhile: look for the
    # workers this test's jobs start, by name, among the threads that were not there.
    before = set(threading.enumerate())

    def workers():
        return [t for t in threading.enumerate()
                if t.name.startswith("dlx-worker") and t not in before]

    for _ in solve_all(lines, mode="check", jobs=1):
        assert not workers()
    seen = set()
    for _ in solve_all(lines, mode="check", jobs=2):
        seen.update(t.name for t in workers())
    assert seen
    deadline = time.monotonic() + 60
    while workers():
        assert time.monotonic() < deadline, "worker threads left running"
        time.sleep(0.01)


def test_empty_grid_count_answers_within_its_limits():
    r = count("." * 81, limit=1000)
    assert (r.count, r.status) == (1000, "limit")
    r = count("." * 81, timeout=0.3)
    assert r.status == "timeout" and r.count > 0
    res = next(solve_all(["." * 81], mode="count", timeout=0.3))
    assert res.status == "timeout" and res.count > 0


# --------------------------------------------------------------- candidates
def test_candidates_after_singles():
    c = candidates(CLASSIC)
    assert c.status == "open"
    p = parse_puzzle(CLASSIC)
    for i, v in enumerate(p.cells):
        if v:
            assert c.cells[i] == (v,)
    g = solve(CLASSIC)
    for i, cand in enumerate(c.cells):
        assert g[i] in cand  # propagation never removes the true value


def test_candidates_solve_an_easy_puzzle():
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    c = candidates(easy)
    assert c.status == "solved" and all(len(x) == 1 for x in c.cells)
    assert tuple(x[0] for x in c.cells) == solve(easy)


def test_candidates_contradiction():
    c = candidates(parse_puzzle("12345678." + "........9" + "." * 63))
    assert c.status == "contradiction"


def test_candidates_match_naive_elimination_when_no_singles_apply():
    # With no singles taken, candidates are exactly the values not seen by peers.
    p = parse_puzzle(CLASSIC)
    r = solver.problem_for(p).propagate(givens(p))
    n = 9
    hs = naive_houses(9, 3, 3)
    for i in range(81):
        if p.cells[i]:
            continue
        seen = {p.cells[j] for h in hs if i in h for j in h}
        naive = [v for v in range(1, 10) if v not in seen]
        live = [v for v in range(1, 10) if r.live[i * n + v - 1]]
        assert set(live) <= set(naive)


def test_every_jigsaw_region_map_is_a_new_problem():
    a = Puzzle(2, 2, [0] * 16, variant="jigsaw", regions=[0, 0, 1, 1, 0, 0, 1, 1,
                                                           2, 2, 3, 3, 2, 2, 3, 3])
    b = Puzzle(2, 2, [0] * 16, variant="jigsaw", regions=[0, 0, 1, 1, 0, 0, 2, 1,
                                                           3, 2, 2, 1, 3, 3, 3, 2])
    assert solver.problem_for(a) is not solver.problem_for(b)
    assert count(a).count == 288  # boxes as regions: plain Sudoku


@pytest.mark.parametrize("chunk, reads_before_first", [(1, 1), (None, 5)])
def test_solve_all_chunk_one_answers_before_reading_on(chunk, reads_before_first):
    # Input fed one puzzle at a time (a terminal) must be answered as it comes;
    # by default puzzles are read 16 at a time (here all 5) before any answer.
    read = []

    def feed():
        for k in range(5):
            read.append(k)
            yield CLASSIC

    results = solve_all(feed(), chunk=chunk)
    first = next(results)
    assert first.verdict == "solved" and len(read) == reads_before_first
    assert [r.index for r in results] == [1, 2, 3, 4] and len(read) == 5


def test_solve_all_refuses_a_bad_chunk():
    with pytest.raises(ValueError, match="chunk must be a positive whole number"):
        next(solve_all([CLASSIC], chunk=0))


def test_single_puzzle_functions_prune_with_locked_items():
    # With DLX, solve, count and check (and the batch path's fallback for long searches)
    # run the resumable search with the locked-items rule and the dead-end tie-break:
    # the same answers as without, fewer nodes.
    puzzles = Path(__file__).resolve().parents[1] / "puzzles"
    hard = list(read_puzzles(puzzles / "classic.txt"))[:4]
    prob = solver.problem_for(hard[0])
    nodes = {False: 0, True: 0}
    for p in hard:
        f = givens(p)
        plain, locked = (prob.unique(forced=f, locked=on) for on in (False, True))
        assert plain.status == locked.status == "unique"
        assert plain.solutions == locked.solutions
        for on, u in ((False, plain), (True, locked)):
            nodes[on] += u.stats.nodes
        assert check(p, kernel="dlx").stats.nodes == locked.stats.nodes
        assert (count(p, kernel="dlx").stats.nodes
                == prob.count(forced=f, locked=True).stats.nodes)
    assert nodes[True] < 0.9 * nodes[False]
    several = next(read_puzzles(puzzles / "multiple_solutions.txt"))
    f = givens(several)
    assert (sorted(map(tuple, prob.solutions(forced=f, locked=True)))
            == sorted(map(tuple, prob.solutions(forced=f))))
    assert count(several).count == 9


def test_a_search_stopped_with_locked_items_restores_the_links():
    # Stopped at any node, a search with the locked-items rule has options removed by
    # the rule on its trail; unwinding gives them back with the rest.
    from dlx import _kernel as K

    p = next(read_puzzles(Path(__file__).resolve().parents[1] / "puzzles" / "classic.txt"))
    prob = solver.problem_for(p)
    on_trail = []
    for budget in range(1, 300, 3):
        s = prob.search(forced=givens(p), locked=True, max_nodes=budget)
        s._call(0, False)
        on_trail.append(int(s._st[K.NTRAIL]))
        s._finish("nodes")
        assert s.links_restored(), budget
    assert sum(n > 0 for n in on_trail) > 10


def test_batch_path_prunes_with_locked_items():
    # The batch kernel applies the locked-items rule for Sudoku ("pointing" and
    # "claiming" as a rule about items): same answers as the plain search, fewer nodes
    # on hard puzzles (in all: its tie-break also weighs dead ends, so one puzzle in
    # four here takes more), and the single-puzzle search (without the rule) agrees.
    hard = list(read_puzzles(Path(__file__).resolve().parents[1] / "puzzles" / "classic.txt"))[:4]
    prob = solver.problem_for(hard[0])
    forced = [givens(p) for p in hard]
    plain = prob.solve_many(forced, limit=2, store=2)
    locked = prob.solve_many(forced, limit=2, store=2, locked=True)
    assert plain.counts.tolist() == locked.counts.tolist() == [1, 1, 1, 1]
    assert plain.solutions == locked.solutions
    assert sum(locked.nodes) < 0.9 * sum(plain.nodes)
    results = list(solve_all(hard, kernel="dlx"))
    first = prob.solve_many(forced, limit=1, locked=True)
    assert [r.nodes for r in results] == first.nodes.tolist()
    for p, r in zip(hard, results, strict=True):
        assert r.solutions[0] == solve(p)
