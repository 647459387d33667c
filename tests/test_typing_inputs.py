"""Typing puzzles in: rows and arrays for the Python API, puzzle text and several FILEs
for the command line, and the time per puzzle.

Solutions are checked with the independent checker `sudoku.checker.validate_solution`.
"""

from __future__ import annotations

import json
import re
import time

import numpy as np
import pytest
from click.testing import CliRunner

import dlx
import sudoku
from dlx import DLXError
from sudoku import Puzzle, PuzzleError, batch, parse_puzzle, read_puzzles, validate_solution
from sudoku import cli as sudoku_cli
from sudoku.cli import cli
from sudoku.solver import candidates, check, count, solve, solve_all

CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CLASH = "44" + CLASSIC[2:]
UNIQUE4 = "1.....2..3.....4"
EMPTY4 = "." * 16
HARD = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."


def rows_of(text, blank=0):
    n = int(len(text) ** 0.5)
    return [[blank if ch == "." else int(ch, 36) for ch in text[r * n:(r + 1) * n]]
            for r in range(n)]


def flat(rows):
    return [int(v) for row in rows for v in row]


# ------------------------------------------------------------------ Python API
def test_solve_a_2d_list_gives_a_2d_list():
    rows = rows_of(CLASSIC)
    rows[0][1] = None  # None is a blank too
    got = solve(rows)
    assert isinstance(got, list) and len(got) == 9
    assert all(isinstance(row, list) and len(row) == 9 for row in got)
    assert all(type(v) is int for row in got for v in row)
    validate_solution(parse_puzzle(CLASSIC), flat(got))
    assert rows[0][1] is None  # the input is left alone


def test_solve_an_array_gives_an_array_of_its_shape_and_dtype():
    a = np.array(rows_of(CLASSIC), dtype=np.int8)
    got = solve(a)
    assert isinstance(got, np.ndarray) and got.shape == (9, 9) and got.dtype == np.int8
    validate_solution(parse_puzzle(CLASSIC), flat(got.tolist()))
    f = np.where(a == 0, np.nan, a.astype(float))  # NaN blanks in a float array
    got = solve(f)
    assert got.dtype == np.float64
    validate_solution(parse_puzzle(CLASSIC), flat(got.tolist()))
    got = solve(np.array(rows_of(CLASSIC, blank=None), dtype=object))
    validate_solution(parse_puzzle(CLASSIC), flat(got.tolist()))


def test_text_and_puzzles_give_a_tuple_as_before():
    assert isinstance(solve(CLASSIC), tuple)
    assert isinstance(solve(parse_puzzle(CLASSIC)), tuple)
    assert solve(rows_of("12....34........")) is None  # no solution: None in any shape


def test_check_gives_its_solutions_in_the_input_shape():
    u = check(rows_of(UNIQUE4))
    assert u.status == "unique" and len(u.solutions) == 1
    validate_solution(parse_puzzle(UNIQUE4), flat(u.solutions[0]))
    assert isinstance(u.solutions[0], list) and len(u.solutions[0]) == 4
    u = check(np.zeros((4, 4), dtype=np.int64))
    assert u.status == "multiple" and len(u.solutions) == 2
    a, b = u.solutions
    assert a.shape == b.shape == (4, 4) and (a != b).any()
    for s in u.solutions:
        validate_solution(parse_puzzle(EMPTY4), flat(s.tolist()))
    assert isinstance(check(UNIQUE4).solutions[0], tuple)


def test_count_and_candidates_take_rows():
    assert count(rows_of(EMPTY4)).count == 288
    assert count(np.zeros((4, 4), dtype=np.uint8), limit=5).count == 5
    assert candidates(rows_of(UNIQUE4)).status == candidates(UNIQUE4).status


def test_box_overrides_the_default_shape():
    # r1c1 and r2c3 share a 2x3 box (the default for 6x6), not a 3x2 one.
    rows = [[1, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0]] + [[0] * 6 for _ in range(4)]
    with pytest.raises(PuzzleError, match="r1c1, r2c3"):
        solve(rows)
    got = solve(rows, box=(3, 2))
    validate_solution(Puzzle(3, 2, flat(rows)), flat(got))
    assert solve(rows, box="3x2") == got
    with pytest.raises(PuzzleError, match="box 2x2 makes a 4x4 grid"):
        solve(rows, box="2x2")
    text = "1.....;..1...".replace(";", "") + "." * 24
    validate_solution(Puzzle(3, 2, flat(rows)), solve(text, box="3x2"))
    with pytest.raises(TypeError, match="a Puzzle has its own box shape"):
        solve(parse_puzzle(CLASSIC), box="3x3")


@pytest.mark.parametrize("rows, message", [
    (rows_of(CLASSIC)[:8], r"row 1 has 9 values, but the grid has 8 rows"),
    ([r if i != 4 else r[:8] for i, r in enumerate(rows_of(CLASSIC))],
     r"row 5 has 8 values, but the grid has 9 rows"),
    ([[0] * 4, [0] * 4, [0, 0, 5, 0], [0] * 4],
     r"row 3, column 3 holds 5; values of a 4x4 grid run from 1 to 4 \(0 or None for a blank\)"),
    ([[0] * 4, [0, -1, 0, 0], [0] * 4, [0] * 4], r"row 2, column 2 holds -1"),
    ([[0] * 4, [0] * 4, [0] * 4, [0, 0, 0, "x"]], r"row 4, column 4 holds 'x', not a number"),
    ([[0] * 4, [0] * 4, [0] * 4, [0, 0, 1.5, 0]], r"row 4, column 3 holds 1.5, not a whole"),
    ([[True, 0, 0, 0]] + [[0] * 4] * 3, r"row 1, column 1 holds True, not a number"),
    ([int(ch) if ch != "." else 0 for ch in CLASSIC],
     r"row 1 is int, not a row of values.*split the 81 values into 9 rows of 9"),
    ([CLASSIC[r * 9:r * 9 + 9] for r in range(9)], r"row 1 is a string"),
    ([], r"the grid has no rows"),
    (np.zeros((9, 8)), r"must be n x n \(2-D, square\), not of shape \(9, 8\)"),
    (np.zeros((3, 3, 3)), r"not of shape \(3, 3, 3\)"),
    (np.array([["1"] * 4] * 4), r"holds numbers"),
    (np.full((4, 4), 7), r"row 1, column 1 holds 7"),
    ([[0] * 5 for _ in range(5)], r"5 is prime"),
])
def test_bad_rows_raise_puzzle_errors_naming_the_place(rows, message):
    for function in (solve, check, count):
        with pytest.raises(PuzzleError, match=message) as info:
            function(rows)
        assert isinstance(info.value, DLXError)


def test_a_bad_value_names_its_cell_and_clashes_name_cells():
    with pytest.raises(PuzzleError) as info:
        solve([[0] * 4, [0] * 4, [0, 0, 5, 0], [0] * 4])
    assert info.value.cell == 10
    rows = rows_of(CLASSIC)
    rows[0][1] = 4
    with pytest.raises(PuzzleError, match="r1c1, r1c2"):
        solve(rows)


def test_other_types_are_refused():
    for thing in (5, 2.0, {1: 2}, None):
        with pytest.raises(TypeError, match="a list of rows or a 2-D numpy array"):
            solve(thing)


def test_the_lazy_package_names_take_rows_too():
    assert sudoku.solve(rows_of(UNIQUE4)) == solve(rows_of(UNIQUE4))


# ------------------------------------------------- one input rule everywhere
def _normal(value):
    """A result with grids in any shape made comparable: grids as flat tuples, puzzles'
    plain data without where they were read from."""
    if isinstance(value, np.ndarray):
        return tuple(value.reshape(-1).tolist())
    if isinstance(value, list) and value and isinstance(value[0], list):
        return tuple(flat(value))
    if isinstance(value, sudoku.PuzzleResult):
        return value.status, value.solutions
    if isinstance(value, dlx.Uniqueness):
        return value.status, [_normal(s) for s in value.solutions]
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if k not in ("source", "line")}
    return value


def _solve_all_one(puzzle):
    """solve_all on one puzzle: its result, or the error that made it invalid, raised."""
    (res,) = solve_all([puzzle])
    if res.error is not None:
        raise res.error
    return res


# Every public function that takes a puzzle, called with it alone.
PUZZLE_FUNCTIONS = {
    "solve": solve, "check": check, "count": count, "candidates": candidates,
    "explain": sudoku.explain, "hint": sudoku.hint, "rate": sudoku.rate,
    "grade": sudoku.grade, "minimize": sudoku.minimize, "is_minimal": sudoku.is_minimal,
    "render_svg": sudoku.render_svg, "render_text": sudoku.render_text,
    "parse_puzzle": parse_puzzle, "format_grid": sudoku.format_grid,
    "format_line": sudoku.format_line, "puzzle_to_dict": sudoku.puzzle_to_dict,
    "check_givens": sudoku.check_givens, "find_clashes": sudoku.find_clashes,
    "problem_for": sudoku.problem_for,
    "solve_all": _solve_all_one,
    "validate_solution": lambda p: validate_solution(p, solve(p)),
    "render_svg with its solution": lambda p: sudoku.render_svg(p, solve(p)),
    "format_grid of solve": lambda p: sudoku.format_grid(solve(p)),
}
FORMS = {
    "text": lambda text: text,
    "Puzzle": parse_puzzle,
    "2-D list": rows_of,
    "2-D list with None": lambda text: rows_of(text, blank=None),
    "tuple of tuples": lambda text: tuple(map(tuple, rows_of(text))),
    "array": lambda text: np.array(rows_of(text), dtype=np.int8),
}


@pytest.mark.parametrize("name", PUZZLE_FUNCTIONS)
def test_every_function_taking_a_puzzle_takes_every_form(name):
    function = PUZZLE_FUNCTIONS[name]
    want = _normal(function(UNIQUE4))
    for form, make in FORMS.items():
        assert _normal(function(make(UNIQUE4))) == want, (name, form)


@pytest.mark.parametrize("name", PUZZLE_FUNCTIONS)
def test_every_function_taking_a_puzzle_names_a_ragged_row(name):
    rows = rows_of(UNIQUE4)
    rows[2] = rows[2][:3]
    with pytest.raises(PuzzleError, match=r"^row 3 has 3 values, but the grid has 4 rows"):
        PUZZLE_FUNCTIONS[name](rows)
    rows = rows_of(CLASSIC)
    rows[6].append(0)
    with pytest.raises(PuzzleError, match=r"^row 7 has 10 values, but the grid has 9 rows"):
        PUZZLE_FUNCTIONS[name](rows)


@pytest.mark.parametrize("name", PUZZLE_FUNCTIONS)
def test_every_function_taking_a_puzzle_refuses_other_types_clearly(name):
    for thing in (5, {1: 2}, None, 2.5):
        with pytest.raises(TypeError, match=r"^expected .*a sudoku\.Puzzle, puzzle text, a list "
                           rf"of rows or a 2-D numpy array, not {type(thing).__name__}$"):
            PUZZLE_FUNCTIONS[name](thing)
    with pytest.raises(PuzzleError, match=r"row 2, column 4 holds 'x', not a number"):
        PUZZLE_FUNCTIONS[name]([[0] * 4, [0, 0, 0, "x"], [0] * 4, [0] * 4])


def test_parse_puzzle_takes_rows_with_its_settings():
    rows = rows_of("1....2....3....4")
    assert parse_puzzle(rows) == parse_puzzle("1....2....3....4")
    assert parse_puzzle(rows, variant="x").variant == "x"
    six = [[1, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0]] + [[0] * 6 for _ in range(4)]
    assert (parse_puzzle(six, box="3x2").box_rows, parse_puzzle(six).box_rows) == (3, 2)
    jigsaw = parse_puzzle([[0] * 4] * 4, regions="AABBAABBCCDDCCDD")
    assert jigsaw.variant == "jigsaw" and jigsaw.regions == parse_puzzle(
        "# regions: AABBAABBCCDDCCDD\n" + "." * 16).regions
    with pytest.raises(TypeError, match="a Puzzle has its own box shape"):
        parse_puzzle(parse_puzzle(UNIQUE4), variant="x")
    with pytest.raises(TypeError, match="parse_puzzles reads text"):
        sudoku.parse_puzzles(rows)


def test_the_writers_take_solve_s_result_in_every_shape():
    rows = rows_of(UNIQUE4)
    line = sudoku.format_line(solve(UNIQUE4))
    grid = sudoku.format_grid(solve(UNIQUE4))
    for form in (rows, np.array(rows)):
        assert sudoku.format_line(solve(form)) == line
        assert sudoku.format_grid(solve(form)) == grid
    assert sudoku.format_grid(parse_puzzle(grid)) == grid
    assert sudoku.format_line(v for v in solve(UNIQUE4)) == line  # values one by one
    assert sudoku.format_grid(iter(solve(UNIQUE4))) == grid
    with pytest.raises(PuzzleError, match=r"row 1, column 3 holds 7; values of a 4x4 grid"):
        sudoku.format_line([1, 2, 7, 4] + [0] * 12)
    with pytest.raises(PuzzleError, match="15 cells do not make a square grid"):
        sudoku.format_grid([0] * 15)
    with pytest.raises(PuzzleError, match="row 1, column 2 holds 'a', not a number"):
        sudoku.format_line([0, "a"] + [0] * 14)


# --------------------------------------------------------- time per puzzle
def test_solve_all_timed_measures_each_puzzle():
    lines = [CLASSIC, EMPTY4, "bad", CLASH, "12....34........"] * 3
    items = list(read_puzzles(lines, check=False))  # clashes left to the kernel
    plain = list(solve_all(items, mode="check"))
    t0 = time.perf_counter()
    timed = list(solve_all(items, mode="check", timed=True))
    wall = time.perf_counter() - t0
    assert [(r.index, r.verdict, r.nodes, r.solutions) for r in plain] == \
        [(r.index, r.verdict, r.nodes, r.solutions) for r in timed]
    assert all(r.seconds == 0.0 for r in plain)
    searched = [r for r in timed if r.puzzle is not None]
    assert len(searched) == 12  # the clashes too: the kernel finds them
    assert all(r.seconds > 0 for r in searched)
    assert sum(r.seconds for r in timed) <= wall
    assert all(r.seconds == 0.0 for r in timed if r.puzzle is None)


def test_timed_with_threads_and_puzzles_finished_alone(monkeypatch):
    # A tiny node cap sends the puzzles to the search that finishes them alone:
    # their time is their batch call's plus that search's.  (HARD needs guesses with
    # either kernel; the bit kernel solves CLASSIC without one.)
    monkeypatch.setattr(batch, "BATCH_NODE_CAP", 3)
    items = [HARD] * 4 + [EMPTY4] * 4
    for jobs in (1, 2):
        got = list(solve_all(items, mode="count", limit=10, timed=True, jobs=jobs))
        assert [r.count for r in got] == [1] * 4 + [10] * 4
        assert all(r.seconds > 0 for r in got)
    untimed = list(solve_all(items, mode="count", limit=10))
    assert all(r.seconds > 0 for r in untimed)  # the search alone, as before


def test_map_chunks_passes_timed_on():
    got = list(batch.map_chunks([CLASSIC, EMPTY4], "solve", jobs=1, timed=True))
    assert all(r.seconds > 0 for r in got)


# ------------------------------------------------------------ command line
@pytest.fixture
def runner():
    return CliRunner()


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def test_a_puzzle_given_as_an_argument(runner):
    r = runner.invoke(cli, ["solve", CLASSIC])
    assert r.exit_code == 0, r.output
    validate_solution(parse_puzzle(CLASSIC), [int(c) for c in r.stdout.strip()])
    grid = "1...\n..2.\n.3..\n...4\n"  # a grid, as one argument
    r = runner.invoke(cli, ["check", grid])
    assert r.exit_code == 0 and r.stdout == "unique\n"
    r = runner.invoke(cli, ["count", "--box", "2x2", EMPTY4])
    assert r.stdout == "288\n"


def test_a_puzzle_argument_with_clashing_givens_is_an_invalid_puzzle(runner):
    for command in ("solve", "check", "count", "candidates", "grade", "minimize"):
        r = runner.invoke(cli, [command, CLASH])
        assert r.exit_code == 1, (command, r.output)
        assert r.stdout.strip() == "invalid"
        assert r.stderr.startswith("<argument 1>, line 1") and "r1c1, r1c2" in r.stderr


def test_neither_a_file_nor_a_puzzle(runner, tmp_path):
    r = runner.invoke(cli, ["solve", "4.....8.5.3..........7......"])
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.startswith("Error: cannot read 4.....8.5.3..........7......: no such file, "
                               "and not a puzzle: the line has 28 symbols")
    r = runner.invoke(cli, ["solve", "1..\n2.x\n"])
    assert r.exit_code == 1 and "cannot read '1..\\n2.x\\n': no such file" in r.stderr
    r = runner.invoke(cli, ["solve", ""])
    assert r.exit_code == 1
    assert r.stderr == "Error: cannot read '': no such file, and not a puzzle: no puzzle in it\n"


def test_several_files_in_order_with_the_index_going_on(runner, tmp_path):
    a = write(tmp_path, "a.txt", CLASSIC + "\n")
    b = write(tmp_path, "b.txt", EMPTY4 + "\nbad\n")
    r = runner.invoke(cli, ["check", a, b, UNIQUE4])
    assert r.exit_code == 1  # b's second line
    assert r.stdout.splitlines() == ["unique", "multiple", "invalid", "unique"]
    assert r.stderr.startswith(f"{b}, line 2: the line has 3 symbols")
    r = runner.invoke(cli, ["solve", "--format", "json", a, b, UNIQUE4])
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [o["index"] for o in objs] == [0, 1, 2, 3]
    assert [o["source"] for o in objs] == [a, b, b, "<argument 3>"]
    assert [o["line"] for o in objs] == [1, 1, 2, 1]
    r = runner.invoke(cli, ["solve", "-v", a, b])
    lines = [x for x in r.stderr.splitlines() if x.startswith("puzzle ")]
    assert re.fullmatch(rf"puzzle 1 \({re.escape(a)}, line 1\): solved, \d+ nodes, "
                        r"search solved, \d+\.\d{6} s", lines[0])
    assert lines[2] == f"puzzle 3 ({b}, line 2): invalid"


def test_a_missing_file_among_several(runner, tmp_path):
    a = write(tmp_path, "a.txt", CLASSIC + "\n")
    b = write(tmp_path, "b.txt", EMPTY4 + "\n")
    missing = str(tmp_path / "nope.txt")
    for command, good in (("solve", 0), ("check", 3), ("count", 0), ("candidates", 0),
                          ("grade", 3), ("minimize", 3)):
        r = runner.invoke(cli, [command, a, missing, str(tmp_path), b])
        assert good != 1
        assert r.exit_code == 1, (command, r.output)
        assert len(r.stdout.strip("\n").split("\n\n" if command == "candidates" else "\n")) == 2
        errors = [e for e in r.stderr.splitlines() if e.startswith("cannot read")]
        assert errors[0] == f"cannot read {missing}: no such file"
        assert errors[1].startswith(f"cannot read {tmp_path}: ")
        assert len(errors) == 2
        r = runner.invoke(cli, [command, a, b])
        assert r.exit_code == good
    r = runner.invoke(cli, ["solve", missing, missing + "2"])
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.endswith(f"Error: no puzzles found in {missing}, {missing}2\n")


def test_stdin_among_the_files_and_once_only(runner, tmp_path):
    a = write(tmp_path, "a.txt", CLASSIC + "\n")
    r = runner.invoke(cli, ["check", a, "-", UNIQUE4], input=EMPTY4 + "\n")
    assert r.exit_code == 3 and r.stdout == "unique\nmultiple\nunique\n"
    r = runner.invoke(cli, ["check", "-", a, "-"], input=EMPTY4 + "\n")
    assert r.exit_code == 2 and "'-' (standard input) can be given once only" in r.stderr
    r = runner.invoke(cli, ["check", "--format", "json", a, "-"], input=EMPTY4 + "\n")
    assert json.loads(r.stdout.splitlines()[1])["source"] == "<stdin>"


def test_a_terminal_on_stdin_answers_each_puzzle_as_typed(runner, tmp_path, monkeypatch):
    calls = []
    real = batch.solve_all

    def spy(items, **kw):
        calls.append(kw)
        return real(items, **kw)

    monkeypatch.setattr(batch, "solve_all", spy)
    monkeypatch.setattr(sudoku_cli, "_isatty", lambda stream: True)
    a = write(tmp_path, "a.txt", CLASSIC + "\n")
    r = runner.invoke(cli, ["solve", a, "-"], input=UNIQUE4 + "\n")
    assert r.exit_code == 0 and len(r.stdout.splitlines()) == 2
    assert calls[-1]["chunk"] == 1 and calls[-1]["jobs"] == 1
    r = runner.invoke(cli, ["solve", a])
    assert calls[-1]["chunk"] is None


def test_time_only_when_asked(runner, tmp_path, monkeypatch):
    calls = []
    real = batch.solve_all

    def spy(items, **kw):
        calls.append(kw["timed"])
        return real(items, **kw)

    monkeypatch.setattr(batch, "solve_all", spy)
    a = write(tmp_path, "a.txt", CLASSIC + "\n")
    for args, timed in ((["solve"], False), (["solve", "--format", "grid"], False),
                        (["count"], False), (["solve", "-v"], True),
                        (["check", "--format", "json"], True),
                        (["count", "--format", "csv"], True)):
        r = runner.invoke(cli, [*args, a])
        assert r.exit_code == 0 and calls[-1] is timed, args
    r = runner.invoke(cli, ["count", "--format", "json", a])
    obj = json.loads(r.stdout)
    assert isinstance(obj["seconds"], float) and obj["seconds"] > 0
    r = runner.invoke(cli, ["solve", "--format", "json", a, "bad"])
    assert r.exit_code == 1 and json.loads(r.stdout)["seconds"] > 0


def test_grade_json_has_seconds_and_source(runner):
    r = runner.invoke(cli, ["grade", "--format", "json", UNIQUE4, "bad"])
    assert r.exit_code == 1
    obj = json.loads(r.stdout)
    assert obj["source"] == "<argument 1>" and obj["seconds"] > 0 and obj["status"] == "unique"
