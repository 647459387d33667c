"""CSV output: the writer, and ``--format csv`` of solve, check, count and grade.

Tables are read back with the standard `csv` module; solutions are checked
with the independent checker `sudoku.checker.validate_solution`.
"""

from __future__ import annotations

import csv
import io
import re

import pytest
from click.testing import CliRunner

from sudoku import parse_puzzle, validate_solution
from sudoku.cli import cli
from sudoku.formats.write import csv_line, csv_row

CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CLASH = "44" + CLASSIC[2:]
EMPTY4 = "." * 16
NO_SOLUTION4 = "12....34........"
BAD_START = "the line has 3 symbols; a one-line puzzle has n*n symbols ("


def cells(line):
    return [int(ch, 36) for ch in line]


def table(text):
    """Rows of a CSV text as dicts, after checking the header comes first."""
    return list(csv.DictReader(io.StringIO(text)))


# ------------------------------------------------------------------ the writer
@pytest.mark.parametrize("values", [
    ["plain", 1, 2.5],
    ["a,b", 'say "hi"', "two\nlines", " spaced ", ""],
    ["#", "'", ";", "\t", "\r"],
])
def test_csv_line_reads_back(values):
    text = csv_line(values)
    assert next(csv.reader(io.StringIO(text + "\n"))) == [str(v) for v in values]


def test_csv_line_quotes_only_what_needs_it():
    assert csv_line(["a", 1, None, True, False]) == "a,1,,true,false"
    assert csv_line(["a,b", 'x"y']) == '"a,b","x""y"'


def test_csv_row_picks_columns_by_name():
    record = {"index": 0, "status": "invalid", "error": "bad, very", "nodes": None}
    assert csv_row(record, ["index", "puzzle", "status", "nodes"]) == "0,,invalid,"
    assert csv_row(record, ["error"]) == '"bad, very"'


# ------------------------------------------------------------ the command line
@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def puzzles(tmp_path):
    p = tmp_path / "p.txt"
    p.write_text("\n".join([CLASSIC, EMPTY4, "bad", CLASH, NO_SOLUTION4]) + "\n")
    return str(p)


def test_solve_csv(runner, puzzles):
    r = runner.invoke(cli, ["solve", "--format", "csv", puzzles])
    assert r.exit_code == 1  # two invalid
    assert r.stdout.splitlines()[0] == "index,puzzle,status,solution,nodes,seconds,error"
    rows = table(r.stdout)
    assert [row["index"] for row in rows] == ["0", "1", "2", "3", "4"]
    assert [row["status"] for row in rows] == ["solved", "solved", "invalid", "invalid", "none"]
    assert rows[0]["puzzle"] == CLASSIC
    validate_solution(parse_puzzle(CLASSIC), cells(rows[0]["solution"]))
    validate_solution(parse_puzzle(EMPTY4), cells(rows[1]["solution"]))
    # (Nodes depend on the kernel: the bit kernel solves CLASSIC without a guess.)
    assert int(rows[0]["nodes"]) >= 0 and float(rows[0]["seconds"]) > 0
    assert rows[2]["error"].startswith(f"{puzzles}, line 3: {BAD_START}")
    assert {**rows[2], "error": ""} == {"index": "2", "puzzle": "", "status": "invalid",
                                        "solution": "", "nodes": "", "seconds": "", "error": ""}
    assert rows[3]["puzzle"] == CLASH and rows[3]["solution"] == ""
    assert rows[4]["solution"] == "" and float(rows[4]["seconds"]) > 0
    assert "line 3" in r.stderr  # messages stay on stderr


def test_check_csv_gives_the_solution_of_a_unique_puzzle(runner, puzzles):
    r = runner.invoke(cli, ["check", "--format", "csv", puzzles, EMPTY4])
    rows = table(r.stdout)
    assert [row["status"] for row in rows] == ["unique", "multiple", "invalid", "invalid",
                                               "none", "multiple"]
    assert [row["index"] for row in rows] == [str(k) for k in range(6)]
    validate_solution(parse_puzzle(CLASSIC), cells(rows[0]["solution"]))
    assert rows[1]["solution"] == rows[4]["solution"] == ""


def test_count_csv(runner, puzzles):
    r = runner.invoke(cli, ["count", "--format", "csv", "--limit", "100", puzzles])
    assert r.stdout.splitlines()[0] == "index,puzzle,status,count,nodes,seconds,error"
    rows = table(r.stdout)
    assert [(row["status"], row["count"]) for row in rows] == [
        ("complete", "1"), ("limit", "100"), ("invalid", ""), ("invalid", ""),
        ("complete", "0")]


def test_grade_csv(runner, puzzles):
    r = runner.invoke(cli, ["grade", "--format", "csv", puzzles])
    assert r.exit_code == 1
    assert r.stdout.splitlines()[0] == ("index,puzzle,status,grade,singles,filled_by_singles,"
                                        "guesses,branch_points,nodes,seconds,error")
    rows = table(r.stdout)
    assert [row["status"] for row in rows] == ["unique", "multiple", "invalid", "invalid",
                                               "none"]
    assert rows[0]["grade"] in ("singles", "easy-search", "hard-search")
    assert rows[0]["singles"] in ("true", "false") and float(rows[0]["seconds"]) > 0
    assert rows[2]["grade"] == rows[2]["seconds"] == ""


def test_rate_csv(runner, puzzles):
    r = runner.invoke(cli, ["rate", "--format", "csv", puzzles])
    assert r.exit_code == 1
    assert r.stdout.splitlines()[0] == ("index,puzzle,status,score,level,hardest,guesses,steps,"
                                        "error")
    rows = table(r.stdout)
    assert [row["status"] for row in rows] == ["unique", "multiple", "invalid", "invalid",
                                               "none"]
    assert rows[0]["puzzle"] == CLASSIC and float(rows[0]["score"]) >= 1.0
    assert rows[0]["level"] in ("easy", "medium", "hard", "expert", "extreme")
    assert int(rows[0]["steps"]) > 0 and int(rows[0]["guesses"]) >= 0
    assert rows[1]["score"] == rows[2]["level"] == ""


def test_csv_header_comes_first_even_without_puzzles(runner, tmp_path):
    # The header comes first, so a program reading the table gets it even when the
    # input turns out to hold no puzzle (exit status 1, the message on stderr).
    p = tmp_path / "empty.txt"
    p.write_text("# nothing\n")
    r = runner.invoke(cli, ["solve", "--format", "csv", str(p)])
    assert r.exit_code == 1 and r.stdout == "index,puzzle,status,solution,nodes,seconds,error\n"
    assert "no puzzles found" in r.stderr


@pytest.mark.parametrize("args", [["solve"], ["check"], ["count", "--limit", "5"], ["grade"],
                                  ["rate"], ["rate", "--search"]])
def test_invalid_rows_carry_their_error(runner, puzzles, args):
    # The message stderr gives, in the row too: a table alone says why a row is invalid.
    r = runner.invoke(cli, [*args, "--format", "csv", puzzles])
    assert r.exit_code == 1
    rows = table(r.stdout)
    assert [row["status"] == "invalid" for row in rows] == [False, False, True, True, False]
    messages = [line for line in r.stderr.splitlines() if line.startswith(puzzles)]
    assert [row["error"] for row in rows if row["status"] == "invalid"] == messages
    assert messages[0].startswith(f"{puzzles}, line 3: {BAD_START}")
    # (solve, check and count leave the clash to the search, which names no column)
    assert re.match(rf"{re.escape(puzzles)}, line 4(, column 2)?: digit 4 appears twice in row 1",
                    messages[1])
    assert all(row["error"] == "" for row in rows if row["status"] != "invalid")
