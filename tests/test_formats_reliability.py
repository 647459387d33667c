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
