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


# --- pencil-mark (Sukaku) lines (issue 29) ----------------------------------------------
def sukaku_line(cells, n=9, drop=()) -> str:
    """The pencil-mark line of a plain puzzle: a given's value, all values elsewhere;
    ``drop`` holds (cell, value) pairs taken out."""
    symbols = "123456789ABCDEFG"[:n]
    out = []
    for i, v in enumerate(cells):
        allowed = {v} if v else set(range(1, n + 1))
        allowed -= {value for cell, value in drop if cell == i}
        out.append("".join(symbols[k - 1] if k in allowed else "." for k in range(1, n + 1)))
    return "".join(out)


def test_a_sukaku_line_is_read_with_its_candidates():
    from sudoku import parse_puzzle

    plain = parse_puzzle(EASTER)
    line = sukaku_line(plain.cells)
    p = parse_puzzle(line + " # marks")
    assert p.size == 9 and p.n_givens == 0 and p.name == "marks"
    assert p.candidates[0] == (1,) and p.candidates[1] == tuple(range(1, 10))
    from sudoku.formats import format_line
    assert format_line(p) == line  # round trip
    assert format_line(parse_puzzle(line.replace(".", "0"))) == line


def test_sukaku_solutions_honour_the_candidates():
    from sudoku import check, count, parse_puzzle, solve

    plain = parse_puzzle(EASTER)
    solution = solve(plain)
    assert solve(sukaku_line(plain.cells)) == solution
    blank = next(i for i, v in enumerate(plain.cells) if v == 0)
    ruled_out = parse_puzzle(sukaku_line(plain.cells, drop=[(blank, solution[blank])]))
    assert solve(ruled_out) is None and check(ruled_out).status == "none"
    assert count(ruled_out).count == 0
    full = "123456789" * 81  # every candidate everywhere: the empty grid
    assert count(full, limit=300).count == count("." * 81, limit=300).count == 300
    assert check(full).status == "multiple"


def test_a_cell_with_one_candidate_is_not_a_given():
    from sudoku import parse_puzzle
    from sudoku.solver import candidates

    line = "1" + "." * 8 + "123456789" * 80
    p = parse_puzzle(line)
    assert p.n_givens == 0 and p.candidates[0] == (1,)
    c = candidates(p)
    assert c.cells[0] == (1,) and all(1 not in cell for cell in c.cells[1:9])


def test_sukaku_in_a_batch_with_plain_puzzles(tmp_path):
    from sudoku import parse_puzzle
    from sudoku.checker import validate_solution

    plain = parse_puzzle(EASTER)
    line = sukaku_line(plain.cells)
    solution = "".join(map(str, __import__("sudoku").solve(plain)))
    blank = next(i for i, v in enumerate(plain.cells) if v == 0)
    none = sukaku_line(plain.cells, drop=[(blank, int(solution[blank]))])
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join([line, EASTER, none, "123456789" * 81, line]) + "\n")
    r = run("check", path)
    assert r.stdout.split() == ["unique", "unique", "none", "multiple", "unique"]
    r = run("solve", "--jobs", "2", path)
    out = r.stdout.split()
    assert out[0] == out[1] == out[4] == solution and out[2] == "none"
    validate_solution(plain, [int(ch) for ch in out[0]])
    r = run("solve", "--format", "json", path)
    assert f'"puzzle": "{line}"' in r.stdout.splitlines()[0]
    r = run("candidates", "--format", "line", path)
    marks = r.stdout.splitlines()[2].split()[2:]
    assert r.exit_code == 0 and solution[blank] not in marks[blank] and len(marks) == 81


def test_grade_and_minimize_refuse_a_sukaku_line(tmp_path):
    path = tmp_path / "marks.txt"
    path.write_text("123456789" * 81 + "\n" + EASTER + "\n")
    for command in ("grade", "minimize"):
        r = run(command, path)
        assert r.exit_code == 1 and r.stdout.splitlines()[0] == "invalid", command
        assert "pencil-mark (Sukaku)" in r.stderr and len(r.stdout.splitlines()) == 2


def test_16x16_and_4x4_sukaku_lines_and_the_lines_they_look_like():
    from sudoku import check, parse_puzzle

    p = parse_puzzle("123456789ABCDEFG" * 256)
    assert p.size == 16 and p.candidates is not None
    four = parse_puzzle("1..." + "1234" * 15)
    assert four.size == 4 and check(four).status == "multiple"
    # An 8x8 puzzle that does not follow the pattern, and the empty 8x8 grid, stay 8x8.
    assert parse_puzzle("5" + "." * 63).size == 8 and parse_puzzle("." * 64).size == 8
    # A box directive settles a 729-symbol line: 27x27 under 3x9.
    line = "1" + "." * 728
    assert parse_puzzle(line).candidates is not None
    big = parse_puzzle(line, box="3x9")
    assert big.size == 27 and big.candidates is None and big.n_givens == 1


def test_bad_candidates_in_the_api():
    with pytest.raises(PuzzleError, match="not one of its candidates"):
        Puzzle(2, 2, [1] + [0] * 15, candidates=[(2,)] + [(1, 2, 3, 4)] * 15)
    with pytest.raises(PuzzleError, match="r1c1 has candidate 5"):
        Puzzle(2, 2, [0] * 16, candidates=[(5,)] + [(1,)] * 15)
    with pytest.raises(PuzzleError, match="16 cells, but 3 candidate sets"):
        Puzzle(2, 2, [0] * 16, candidates=[(1,)] * 3)
