"""Files of one-line puzzles read, solved and written in bulk (issue 31, "files").

The bulk path (`sudoku.read_blocks`, `solve_all(blocks=True)`, the CLI's line
output) must give exactly what the line-by-line path gives: the same puzzles,
the same errors with the same places, the same results in the same order.
"""

from __future__ import annotations

import io
import random

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku import PuzzleBlock, ResultBlock, read_blocks, read_puzzles
from sudoku import batch as batch_module
from sudoku.batch import solve_all
from sudoku.cli import cli
from sudoku.errors import PuzzleError
from sudoku.formats import format_line
from sudoku.formats import lines as lines_module
from sudoku.formats.bulk import BULK_SIZES, clashing_rows, format_block
from sudoku.grid import Puzzle, check_givens

EASTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
HARD = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."
SOLVED = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
# No solution, no clash: r1c9 sees 1-8 in its row and 9 in its column.
NO_SOLUTION9 = "12345678." + "........9" + "." * 63
SIX = "1....." + "." * 30
SIXTEEN = "1" + "." * 254 + "G"

POOL = [
    EASTER, ESCARGOT, HARD, SOLVED, NO_SOLUTION9, "." * 81, SIX, SIXTEEN,
    "11" + EASTER[2:],  # clashing givens
    "x" + EASTER[1:],  # a bad symbol
    EASTER[:-1],  # 80 symbols
    EASTER + "1",  # 82 symbols
    EASTER + " # Easter", "7" + SIX[1:] + ".",  # 37 symbols
    "7" + SIX[1:],  # 7 in a 6x6 grid
    "1..." * 4, "", "   ", "# a comment", "; another", "# variant: x", "# variant: standard",
    "# box: 3x3", "# box: 2x3", "Grid 01", "[Solution]", "[Puzzle]", "123456789",
    "grid" + "." * 77, "\x00" * 81, "é" * 81,
]


def summary(items) -> list:
    """What a reader gave, comparable across readers (blocks flattened)."""
    out = []
    for item in items:
        for p in (item if isinstance(item, PuzzleBlock) else [item]):
            if isinstance(p, Puzzle):
                out.append(("puzzle", p.cells, p.box_rows, p.box_cols, p.variant, p.source,
                            p.line, p.name))
            else:
                assert isinstance(p, PuzzleError)
                out.append(("error", str(p), p.line, p.column, p.cell))
    return out


def line_by_line(text: str, **kwargs) -> list:
    """The reader without the bulk path: lines handed over one by one."""
    return summary(read_puzzles(text.splitlines(keepends=True), source="t", **kwargs))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(range(len(POOL))), max_size=40),
       st.sampled_from(["\n", "\r\n", "\r"]), st.booleans(), st.sampled_from([40, 1 << 18]))
def test_blocks_read_as_line_by_line(picks, end, check, block):
    text = "".join(POOL[i] + end for i in picks)
    data = text.encode("utf-8", "surrogateescape")
    saved = lines_module._BLOCK
    lines_module._BLOCK = block  # small: runs cut by the ends of read blocks
    try:
        want = line_by_line(text, check=check)
        got = summary(read_blocks(io.BytesIO(data), source="t", check=check))
        again = summary(read_puzzles(io.BytesIO(data), source="t", check=check))
    finally:
        lines_module._BLOCK = saved
    assert got == want
    assert again == want


def test_a_long_file_comes_in_few_blocks(tmp_path):
    lines = [EASTER, ESCARGOT, HARD] * 3000
    lines[4000] = "11" + EASTER[2:]  # a clash: its error in its place, named by line
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines) + "\n")
    items = list(read_blocks(path))
    blocks = [x for x in items if isinstance(x, PuzzleBlock)]
    assert sum(map(len, blocks)) == len(lines) - 1 and len(blocks) < 10
    errors = [x for x in items if isinstance(x, PuzzleError)]
    assert [(e.line, e.column) for e in errors] == [(4001, 2)]
    assert summary(read_blocks(path, source="t")) == line_by_line(path.read_text())
    block = blocks[0]
    assert block.values.dtype == np.uint8 and block.values.shape[1] == 81
    assert block.lines[:3].tolist() == [1, 2, 3] and block.source == str(path)
    assert block[1] == next(read_puzzles([ESCARGOT]))
    assert "PuzzleBlock of" in repr(block)


def test_clashing_rows_agree_with_check_givens():
    rng = random.Random(5)
    for box in [(2, 3), (3, 3), (3, 4), (4, 4), (2, 4)]:
        n = box[0] * box[1]
        values = np.zeros((300, n * n), dtype=np.uint8)
        for row in values:
            for cell in rng.sample(range(n * n), rng.randrange(0, n * 2)):
                row[cell] = rng.randrange(1, n + 1)
        want = []
        for i, row in enumerate(values):
            try:
                check_givens(Puzzle(*box, row.tolist()))
            except PuzzleError:
                want.append(i)
        assert 20 < len(want) < 280, box  # both kinds well represented
        assert clashing_rows(values, box).tolist() == want


def test_format_block_writes_what_format_line_writes():
    rng = np.random.default_rng(3)
    for n in (6, 9, 16, 25):
        grids = rng.integers(0, n + 1, size=(50, n * n), dtype=np.uint8)
        assert format_block(grids) == [format_line(g.tolist(), n) for g in grids]
    assert format_block(np.zeros((0, 81), dtype=np.uint8)) == []


def test_bulk_sizes():
    assert BULK_SIZES == {36: 6, 81: 9, 100: 10, 144: 12, 196: 14, 225: 15, 256: 16}


# ------------------------------------------------------------------ solving
MIXED = "\n".join([
    EASTER, ESCARGOT, "11" + EASTER[2:], HARD, "." * 81, NO_SOLUTION9, "x" + EASTER[1:],
    "1..." * 4, SIX, SIXTEEN, "# variant: x", EASTER, "# variant: standard",
    *([EASTER, HARD, ESCARGOT] * 12), "..3" + EASTER[3:], SOLVED,
]) + "\n"


def outcomes(results) -> list:
    out = []
    for r in results:
        for res in (r.results() if isinstance(r, ResultBlock) else [r]):
            out.append((res.index, res.puzzle.line if res.puzzle else None, res.status,
                        res.count, res.solutions, res.verdict, str(res.error), res.mode))
    return out


@pytest.mark.parametrize("mode, limit", [("solve", None), ("check", None), ("count", 5)])
@pytest.mark.parametrize("jobs, chunk, cap", [(1, None, None), (2, 7, None), (1, 5, 3)])
def test_solve_all_with_blocks_as_with_puzzles(monkeypatch, tmp_path, mode, limit, jobs, chunk,
                                               cap):
    if cap is not None:  # puzzles over the batch's node cap are finished alone
        monkeypatch.setattr(batch_module, "BATCH_NODE_CAP", cap)
    path = tmp_path / "mixed.txt"
    path.write_text(MIXED)
    want = outcomes(solve_all(read_puzzles(path, check=False), mode=mode, limit=limit,
                              jobs=jobs, chunk=chunk))
    for blocks in (False, True):
        got = list(solve_all(read_blocks(path, check=False), mode=mode, limit=limit,
                             jobs=jobs, chunk=chunk, blocks=blocks))
        assert outcomes(got) == want
        assert any(isinstance(r, ResultBlock) for r in got) == blocks
    assert [w[0] for w in want] == list(range(len(want)))


def test_result_blocks_answer_as_their_results(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text(MIXED)
    for mode in ("solve", "check", "count"):
        for got in solve_all(read_blocks(path), mode=mode, limit=5, blocks=True,
                             timed=mode == "count"):
            if not isinstance(got, ResultBlock):
                continue
            results = got.results()
            assert len(got) == len(results) == len(got.puzzles)
            assert got.verdicts() == [r.verdict for r in results]
            assert got.statuses == [r.status for r in results]
            assert got.solution_lines() == [format_line(r.solutions[0]) if r.solutions
                                            else None for r in results]
            if mode == "count":
                assert (got.seconds > 0).all()


def test_dlx_kernel_takes_blocks_as_puzzles(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text(MIXED)
    want = outcomes(solve_all(read_puzzles(path), mode="check", kernel="dlx"))
    got = list(solve_all(read_blocks(path), mode="check", kernel="dlx", blocks=True))
    assert not any(isinstance(r, ResultBlock) for r in got)
    assert outcomes(got) == want


# ------------------------------------------------------------------ the CLI
@pytest.mark.parametrize("args", [["solve"], ["check"], ["count", "--limit", "3"],
                                  ["solve", "--jobs", "2"], ["check", "--max-nodes", "5"]])
def test_cli_line_output_as_one_by_one(tmp_path, args):
    # -v (which takes each puzzle one by one) changes stderr only.
    path = tmp_path / "mixed.txt"
    path.write_text(MIXED)
    runner = CliRunner()
    bulk = runner.invoke(cli, [*args, "--stats", str(path)])
    single = runner.invoke(cli, [*args, "--stats", "-v", str(path)])
    assert bulk.stdout == single.stdout
    assert bulk.exit_code == single.exit_code == 1  # (some are invalid)
    assert bulk.stdout.count("\n") == MIXED.count("\n") - 2  # each puzzle, no directive

    def stats(text):
        return [ln for ln in text.splitlines() if ln.split(":")[0] in (
            "puzzles", "solved", "no solution", "multiple", "invalid", "stopped",
            "nodes/puzzle")]
    assert stats(bulk.stderr) == stats(single.stderr)

    def errors(text):
        return [ln for ln in text.splitlines() if ln.startswith(str(path))]
    assert errors(bulk.stderr) == errors(single.stderr)
    assert [e.split(":")[0].split(", ")[1] for e in errors(bulk.stderr)] == [
        "line 3", "line 7", "line 8", "line 12"]  # each invalid puzzle, named by its line


@pytest.mark.parametrize("blocks", [False, True])
def test_ctrl_c_before_a_capped_puzzle_is_searched_again_leaves_it_out(monkeypatch, tmp_path,
                                                                       blocks):
    # Ctrl-C can come before the search that finishes a capped puzzle has begun (while
    # its kernel loads): that puzzle must not come out with the batch's partial count.
    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(batch_module, "BATCH_NODE_CAP", 3)
    monkeypatch.setattr(batch_module, "_finish_alone", interrupted)
    path = tmp_path / "two.txt"
    path.write_text(SOLVED + "\n" + "." * 81 + "\n" + SOLVED + "\n")
    got = []
    with pytest.raises(KeyboardInterrupt):
        for r in solve_all(read_blocks(path), mode="count", blocks=blocks):
            got.append(r)
    # The first (solved without a guess) and nothing after it.
    assert [(o[0], o[2], o[3]) for o in outcomes(got)] == [(0, "complete", 1)]


def test_chunks_of_a_list_of_blocks_grow_with_threads(monkeypatch, tmp_path):
    # A list's length counts its items; the chunk sizes near its end count puzzles,
    # so a list of a few big blocks must not be cut into the smallest chunks.
    sizes = []

    class Chunk(batch_module._Chunk):
        def __init__(self, items, *args, **kwargs):
            super().__init__(items, *args, **kwargs)
            sizes.append(self.size)

    monkeypatch.setattr(batch_module, "_Chunk", Chunk)
    path = tmp_path / "many.txt"
    path.write_text((SOLVED + "\n") * 3000)
    blocks = list(read_blocks(path))
    assert len(blocks) == 1
    got = sum(len(r) for r in solve_all(blocks, jobs=2, blocks=True))
    assert got == 3000 and sum(sizes) == 3000
    assert max(sizes) > 100, sizes
