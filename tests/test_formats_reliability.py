"""Reading puzzles reliably: line ends, ambiguous blocks, pencil-mark lines, code arrays.

Each test here failed before the reader was fixed (issues 27 and 29).
"""

from __future__ import annotations

import io
import re

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import dlx
from dlx.cli import cli as dlx_cli
from sudoku.cli import cli
from sudoku.errors import PuzzleError
from sudoku.formats import lines as lines_module
from sudoku.formats import parse_puzzles, read_puzzles
from sudoku.grid import Puzzle

EASTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."


def items_of(src, **kwargs) -> list:
    return list(parse_puzzles(src, **kwargs) if isinstance(src, (str, bytes))
                else read_puzzles(src, **kwargs))


def summary(items) -> list:
    return [(p.line, p.name, p.cells) if isinstance(p, Puzzle) else str(p) for p in items]


def run(*args, input=None, command=cli):
    return CliRunner().invoke(command, [str(a) for a in args], input=input,
                              catch_exceptions=False)


# --- line ends (issue 27, item 2) -------------------------------------------------------
def every_source(text: str, tmp_path):
    """The same text as a string, bytes, a path, a binary and a text stream, and lines."""
    path = tmp_path / "puzzles.txt"
    path.write_bytes(text.encode())
    return {
        "str": text, "bytes": text.encode(), "path": path,
        "binary stream": io.BytesIO(text.encode()),
        "text stream": io.StringIO(text, newline=""),
        "lines": text.splitlines(keepends=True),
    }


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"])
def test_named_puzzles_with_each_line_end_stay_apart(tmp_path, end):
    text = f"{EASTER} # Easter{end}{ESCARGOT} # Escargot{end}"
    for how, src in every_source(text, tmp_path).items():
        items = items_of(src, source="t")
        assert [(p.line, p.name) for p in items] == [(1, "Easter"), (2, "Escargot")], how


def test_cr_only_lines_without_names_are_two_puzzles(tmp_path):
    for how, src in every_source(f"{EASTER}\r{ESCARGOT}", tmp_path).items():
        items = items_of(src)
        assert all(isinstance(p, Puzzle) for p in items) and len(items) == 2, how


def test_mixed_line_ends_and_error_lines_count_cr_lines(tmp_path):
    text = f"{EASTER}\r\n{EASTER[:-1]}\r{ESCARGOT}\n# comment\r{EASTER[:40]}x{EASTER[41:]}\r"
    for how, src in every_source(text, tmp_path).items():
        items = items_of(src, source="t")
        assert [type(i).__name__ for i in items] == [
            "Puzzle", "PuzzleError", "Puzzle", "PuzzleError"], how
        assert items[1].line == 2 and "80 symbols" in items[1].message
        assert items[2].line == 3
        assert (items[3].line, items[3].column) == (5, 41) and "'x'" in items[3].message


def test_a_grid_with_cr_line_ends():
    rows = ["1 2 | . .", ". . | 1 2", "----+----", "2 1 | . .", ". . | 2 1"]
    (p,) = items_of("\r".join(rows) + "\r\r" + EASTER)[:1]
    assert p.size == 4 and p.n_givens == 8
    assert [i.line for i in items_of("\r".join(rows) + "\r\r" + EASTER)] == [1, 7]


def test_doubled_cr_before_lf_is_two_line_ends():
    # As in Python's universal newlines: CR, then CRLF.
    items = items_of(f"{EASTER}\r\r\n{ESCARGOT}\r\r\n")
    assert [p.line for p in items] == [1, 3]


def test_cr_lines_on_standard_input():
    r = run("count", "-", input=f"{EASTER} # a\r{ESCARGOT} # b\r".encode())
    assert r.exit_code == 0 and r.stdout.split() == ["1", "1"]
    r = run("solve", "--format", "json", "-", input=f"{EASTER} # a\r{ESCARGOT} # b\r")
    assert [line.count('"name"') for line in r.stdout.splitlines()] == [1, 1]
    assert '"name": "b"' in r.stdout.splitlines()[1]


def test_cr_only_over_long_line_is_reported_by_length(tmp_path, monkeypatch):
    monkeypatch.setattr(lines_module, "MAX_LINE_LENGTH", 100)
    text = f"{EASTER}\r{'1' * 250}\r{ESCARGOT}\r"
    for how, src in every_source(text, tmp_path).items():
        items = items_of(src)
        assert isinstance(items[0], Puzzle) and isinstance(items[2], Puzzle), how
        assert items[2].line == 3
        assert items[1].line == 2 and "250 characters long" in items[1].message, how


def reference_lines(text: str) -> list[str]:
    """The lines of ``text`` by the rule: LF, CRLF or a bare CR ends a line."""
    return text.splitlines()


@settings(max_examples=200, deadline=None)
@given(lines=st.lists(st.text(alphabet="ab", max_size=12), max_size=8),
       ends=st.lists(st.sampled_from(["\n", "\r", "\r\n", "\r\r\n"]), min_size=8, max_size=8),
       last=st.booleans(), limit=st.integers(3, 14))
def test_line_splitting_matches_the_rule_for_every_read_size(lines, ends, last, limit):
    # A small line limit makes reads end inside lines and between CR and LF.
    text = "".join(line + end for line, end in zip(lines, ends, strict=False))
    if not last and lines:
        text = text[:len(text) - len(ends[len(lines) - 1])]
    expected = [(k, s) for k, s in enumerate(reference_lines(text), 1)]
    saved = lines_module.MAX_LINE_LENGTH
    lines_module.MAX_LINE_LENGTH = limit
    try:
        for stream in (io.BytesIO(text.encode()), io.StringIO(text),
                       io.StringIO(text, newline=""), io.BufferedReader(io.BytesIO(text.encode()))):
            got = [(line.number, line.text if line.kind != "bad" else len_of(line.key))
                   for line in lines_module._file_lines(stream, close=False)]
            want = [(k, s if len(s) <= limit else len(s)) for k, s in expected]
            assert got == want, (text, stream)
    finally:
        lines_module.MAX_LINE_LENGTH = saved


def len_of(message: str) -> int:
    return int(re.match(r"the line is ([\d,]+) characters", message).group(1).replace(",", ""))


def test_dlx_text_with_cr_line_ends():
    text = "| comment\ra b | c\ra c:red\rb c:red\ra b\r"
    assert dlx.parse_knuth(text).count().count == 2
    assert dlx.read_knuth(io.StringIO(text, newline="")).count().count == 2
    with pytest.raises(dlx.ParseError, match=r"t, line 4, column 1: unknown item 'd'"):
        dlx.parse_knuth("a b\r\r\na\rd\n", source="t")


def test_dlx_command_reads_cr_line_ends_from_a_file_and_stdin(tmp_path):
    path = tmp_path / "p.dlx"
    path.write_bytes(b"a b | c\ra c:red\rb c:red\ra b\r")
    assert run("count", path, command=dlx_cli).stdout == "2\n"
    assert run("count", "-", input=path.read_bytes(), command=dlx_cli).stdout == "2\n"
    bad = run("count", "-", input=b"a b\ra\rz\r", command=dlx_cli)
    assert bad.exit_code == 1 and "line 3, column 1: unknown item 'z'" in bad.output


def test_errors_are_not_lost_in_a_mixed_file():
    items = items_of(f"{EASTER}\r12345\r{ESCARGOT}\r")
    assert isinstance(items[1], PuzzleError) and items[1].line == 2
    assert summary(items)[2][0] == 3


# --- a block of lines that could be puzzles or one grid (issue 27, item 1) --------------
FOUR = "1....2....3....4"
TYPO = "1....5....3....4"  # a 4x4 puzzle with a 5 typed in it
SIXTEEN = ["." * r + "56789ABCDEFG5678"[r] + "." * (15 - r) for r in range(16)]  # clean 16x16


def test_a_typo_does_not_turn_sixteen_puzzles_into_one_grid():
    lines = [FOUR] * 16
    lines[5] = TYPO
    items = items_of("\n".join(lines), source="t")
    assert len(items) == 16
    assert [i for i, item in enumerate(items) if isinstance(item, PuzzleError)] == [5]
    message = str(items[5])
    assert message.startswith("t, line 6, column 6: digit 5 is too large for a 4x4 grid")
    assert "16 one-line 4x4 puzzles" in message and "one 16x16 grid" in message
    assert "--box 4x4" in message


def test_sixteen_identical_lines_with_a_typo_are_sixteen_errors():
    items = items_of("\n".join([TYPO] * 16))
    assert len(items) == 16 and all(isinstance(i, PuzzleError) for i in items)
    assert all("one 16x16 grid" in i.message for i in items)


def test_the_command_line_keeps_every_puzzle_and_box_settles_it(tmp_path):
    lines = [FOUR] * 16
    lines[5] = TYPO
    path = tmp_path / "fours.txt"
    path.write_text("\n".join(lines) + "\n")
    r = run("count", path)
    assert r.exit_code == 1 and r.stdout.splitlines()[5] == "invalid"
    assert len(r.stdout.splitlines()) == 16 and "--box 4x4" in r.stderr
    grid = tmp_path / "grid.txt"
    grid.write_text("\n".join(["1" + "." * 15] + SIXTEEN[1:]) + "\n")  # a row of a 4x4 puzzle
    r = run("count", "--limit", "1", grid)
    assert r.exit_code == 1 and len(r.stdout.splitlines()) == 16
    r = run("solve", "--box", "4x4", grid)
    assert r.exit_code == 0 and len(r.stdout.split()) == 1 and len(r.stdout.split()[0]) == 256
    r = run("count", "--box", "2x2", path)
    assert len(r.stdout.splitlines()) == 16


def test_a_clean_compact_16x16_grid_is_still_one_puzzle():
    (p,) = items_of("\n".join(SIXTEEN))
    assert p.size == 16 and p.n_givens == 16


def test_a_compact_grid_with_clashing_givens_is_not_read_as_a_grid():
    rows = list(SIXTEEN)
    rows[12] = "5" + "." * 15  # 5 again in column 1 and box 4... and row 13 is r13
    items = items_of("\n".join(rows))
    assert len(items) == 16 and all(isinstance(i, PuzzleError) for i in items)
    assert "--box 4x4" in items[0].message


def test_a_compact_25x25_grid_is_read():
    n = 25
    cells = [((r % 5) * 5 + r // 5 + c) % n + 1 for r in range(n) for c in range(n)]
    line = "".join("123456789ABCDEFGHIJKLMNOP"[v - 1] for v in cells)
    (p,) = items_of("\n".join(line[i:i + n] for i in range(0, n * n, n)))
    assert p.size == 25 and list(p.cells) == cells


def test_thirty_six_6x6_lines_are_thirty_six_puzzles():
    six = "1.....2.....3.....4.....5.....6....."
    items = items_of("\n".join([six] * 36))
    assert len(items) == 36 and all(isinstance(p, Puzzle) and p.size == 6 for p in items)


# --- code arrays (issue 29) -----------------------------------------------------------
ARRAY_ROWS = [
    [3, 0, 6, 5, 0, 8, 4, 0, 0], [5, 2, 0, 0, 0, 0, 0, 0, 0], [0, 8, 7, 0, 0, 0, 0, 3, 1],
    [0, 0, 3, 0, 1, 0, 0, 8, 0], [9, 0, 0, 8, 6, 3, 0, 0, 5], [0, 5, 0, 0, 9, 0, 6, 0, 0],
    [1, 3, 0, 0, 0, 0, 2, 5, 0], [0, 0, 0, 0, 0, 0, 0, 7, 4], [0, 0, 5, 2, 0, 6, 3, 0, 0]]
CELLS = tuple(v for row in ARRAY_ROWS for v in row)


def c_array(rows) -> str:
    body = ",\n".join("    { " + ", ".join(map(str, r)) + " }" for r in rows)
    return "int grid[9][9] = {\n" + body + "\n};\n"


def python_array(rows) -> str:
    body = ",\n        ".join("[" + ", ".join(map(str, r)) + "]" for r in rows)
    return "grid = [" + body + "]\n"


@pytest.mark.parametrize("text", [
    c_array(ARRAY_ROWS),
    python_array(ARRAY_ROWS),
    "[" + ", ".join(map(str, CELLS)) + "]",
    ", ".join(map(str, CELLS)),
    "board = [" + ", ".join("[" + ",".join(map(str, r)) + "]" for r in ARRAY_ROWS) + "];",
    "{{" + "},{".join(",".join(map(str, r)) for r in ARRAY_ROWS) + "}}",
])
def test_a_pasted_code_array_is_read(text):
    (p,) = items_of(text)
    assert isinstance(p, Puzzle) and p.cells == CELLS, str(p)


def test_code_arrays_among_other_puzzles_keep_their_lines():
    text = EASTER + "\n" + c_array(ARRAY_ROWS) + python_array(ARRAY_ROWS) + ESCARGOT + "\n"
    items = items_of(text)
    assert [p.line for p in items] == [1, 3, 13, 22]
    assert items[1].cells == items[2].cells == CELLS


def test_a_code_array_with_a_row_missing_says_what_it_looks_like():
    (err,) = items_of(c_array(ARRAY_ROWS[:8]), source="t")
    assert str(err).startswith("t, line 2: this looks like a code array")
    assert "8 rows of 9 numbers" in err.message and "9 rows of 9 for 9x9" in err.message


def test_a_flat_array_with_a_number_missing_says_what_to_do():
    (err,) = items_of("[" + ", ".join(map(str, CELLS[:80])) + "]")
    assert "one row of 80 numbers" in err.message and "81 for 9x9" in err.message


def test_a_code_array_with_a_short_row_names_the_row():
    rows = [list(r) for r in ARRAY_ROWS]
    del rows[3][-1]
    (err,) = items_of(c_array(rows))
    assert err.line == 5 and "row 4 of the grid has 8 cells" in err.message
    assert "0 for a blank" in err.message


def test_a_code_array_on_the_command_line(tmp_path):
    path = tmp_path / "array.c"
    path.write_text(c_array(ARRAY_ROWS) + c_array(ARRAY_ROWS[:8]))
    r = run("solve", path)
    assert r.exit_code == 1 and r.stdout.splitlines()[1] == "invalid"
    assert len(r.stdout.splitlines()[0]) == 81 and "looks like a code array" in r.stderr
