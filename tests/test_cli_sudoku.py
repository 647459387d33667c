"""Tests of the ``sudoku`` command line: every command and option, markers, exit statuses.

Solutions printed by the command line are checked with the independent
checker :func:`sudoku.checker.validate_solution`, never by comparing with the
solver's own output.  Most tests use click's ``CliRunner``; a few run the
installed script in a subprocess (``--help`` without numba, entry points,
Ctrl-C).
"""

from __future__ import annotations

import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner
from procs import cpu_seconds

from dlx import plain
from sudoku import cli as sudoku_cli
from sudoku.checker import validate_solution
from sudoku.cli import cli
from sudoku.formats import parse_puzzle
from sudoku.grid import Puzzle

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CLASSIC_SOLUTION = ("417369825632158947958724316825437169791586432346912758"
                    "289643571573291684164875293")
EMPTY9 = "." * 81
HARD = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."
EMPTY4 = "." * 16
NO_SOLUTION4 = "12....34........"  # box 2 needs a 1 or a 2 in row 1: no solution, no clash
CLASH = "44" + CLASSIC[2:]  # digit 4 twice in row 1
JIGSAW_REGIONS = "AAABCABBCCDBCDDD"


def write(tmp_path, text, name="puzzles.txt"):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


@pytest.fixture(autouse=True, params=["only", "never"])
def kernel_path(request, monkeypatch):
    """Every test here runs on both paths of a small job: its lone searches interpreted
    throughout (`dlx.plain`), and compiled from the start.  Results, statistics, limits
    and messages must be the same on both."""
    monkeypatch.setenv(plain.ENV, request.param)
    return request.param


@pytest.fixture
def runner():
    return CliRunner()


def run(runner, *args, input=None):
    return runner.invoke(cli, [str(a) for a in args], input=input, catch_exceptions=False)


def as_cells(line):
    return [0 if ch == "." else int(ch, 36) for ch in line]


def assert_solves(puzzle_text, solution_line, **kw):
    puzzle = parse_puzzle(puzzle_text, **kw)
    validate_solution(puzzle, as_cells(solution_line))


# ---------------------------------------------------------------------- solve
def test_solve_classic(runner, tmp_path):
    r = run(runner, "solve", write(tmp_path, CLASSIC + "\n"))
    assert r.exit_code == 0
    assert r.stdout == CLASSIC_SOLUTION + "\n"
    assert_solves(CLASSIC, r.stdout.strip())


def test_solve_invalid_in_the_middle_keeps_order(runner, tmp_path):
    text = "\n".join([CLASSIC, "1.3.", CLASH, EMPTY4, NO_SOLUTION4]) + "\n"
    path = write(tmp_path, text)
    r = runner.invoke(cli, ["solve", path])
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert lines[0] == CLASSIC_SOLUTION
    assert lines[1:3] == ["invalid", "invalid"]
    assert_solves(EMPTY4, lines[3])
    assert lines[4] == "none"
    assert len(lines) == 5
    errors = r.stderr.splitlines()
    assert errors[0].startswith(f"{path}, line 2: the line has 4 symbols")
    # clashes are found by the solver: file, line and the cells (no column)
    assert errors[1].startswith(f"{path}, line 3: digit 4 appears twice in row 1: "
                                "r1c1, r1c2")
    assert "Traceback" not in r.output


def test_solve_exit_statuses(runner, tmp_path):
    assert run(runner, "solve", write(tmp_path, EMPTY4 + "\n")).exit_code == 0
    r = run(runner, "solve", write(tmp_path, EMPTY4 + "\n" + NO_SOLUTION4 + "\n"))
    assert r.exit_code == 3 and r.stdout.splitlines()[1] == "none"
    r = run(runner, "solve", "--max-nodes", "10", write(tmp_path, EMPTY9 + "\n"))
    assert r.exit_code == 4 and r.stdout == "unknown\n"
    # no solution (3) outranks stopped (4); invalid (1) outranks both
    both = write(tmp_path, EMPTY9 + "\n" + NO_SOLUTION4 + "\n")
    assert run(runner, "solve", "--max-nodes", "10", both).exit_code == 3
    three = write(tmp_path, EMPTY9 + "\n" + NO_SOLUTION4 + "\n" + CLASH + "\n")
    r = run(runner, "solve", "--max-nodes", "10", three)
    assert r.exit_code == 1 and r.stdout == "unknown\nnone\ninvalid\n"


def test_solve_grid_format(runner, tmp_path):
    r = run(runner, "solve", "--format", "grid", write(tmp_path, CLASSIC + "\n1.3.\n"))
    assert r.exit_code == 1
    blocks = r.stdout.split("\n\n")
    assert blocks[1:] == ["invalid", ""]
    grid = blocks[0].splitlines()
    assert grid[0] == "4 1 7 | 3 6 9 | 8 2 5"
    assert grid[3] == "------+-------+------"
    assert len(grid) == 11
    back = parse_puzzle(blocks[0])  # the pretty grid reads back
    validate_solution(parse_puzzle(CLASSIC), back.cells)


def test_solve_json_format(runner, tmp_path):
    text = "\n".join([CLASSIC, "x" * 81, NO_SOLUTION4]) + "\n"
    r = run(runner, "solve", "--format", "json", write(tmp_path, text))
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    assert objs[0]["status"] == "solved" and objs[0]["solution"] == CLASSIC_SOLUTION
    assert objs[0]["puzzle"] == CLASSIC and objs[0]["index"] == 0 and objs[0]["line"] == 1
    assert objs[0]["nodes"] >= 0  # (0 for the bit kernel: no guess needed)
    assert json.loads(run(runner, "solve", "--format", "json", "-", input=HARD).stdout)[
        "nodes"] > 0
    assert objs[1]["status"] == "invalid" and objs[1]["puzzle"] is None
    assert objs[1]["line"] == 2 and objs[1]["column"] == 1 and "'x'" in objs[1]["error"]
    assert objs[2]["status"] == "none" and objs[2]["solution"] is None
    r = run(runner, "solve", "--format", "json", "--max-nodes", "5", "-", input=EMPTY9)
    obj = json.loads(r.stdout)
    assert obj["status"] == "unknown" and obj["reason"] == "nodes"


def test_solve_many_puzzles_across_chunks_in_order(runner, tmp_path):
    from sudoku.batch import CHUNK

    n = CHUNK + 200
    puzzles = [CLASSIC if k % 2 else EMPTY4 for k in range(n)]
    puzzles[CHUNK - 1] = "bad"
    path = write(tmp_path, "\n".join(puzzles) + "\n")
    r1 = runner.invoke(cli, ["solve", path])
    r2 = runner.invoke(cli, ["solve", "--jobs", "3", path])
    r0 = runner.invoke(cli, ["solve", "--jobs", "0", path])
    assert r1.exit_code == r2.exit_code == r0.exit_code == 1
    assert r1.stdout == r2.stdout == r0.stdout
    lines = r1.stdout.splitlines()
    assert len(lines) == n
    assert lines[CHUNK - 1] == "invalid"
    assert lines[1] == lines[CHUNK + 1] == CLASSIC_SOLUTION
    assert_solves(EMPTY4, lines[CHUNK + 2])


def test_solve_box_option(runner, tmp_path):
    path = write(tmp_path, "." * 36 + "\n")
    default = run(runner, "solve", path).stdout.strip()
    tall = run(runner, "solve", "--box", "3x2", path).stdout.strip()
    validate_solution(Puzzle(2, 3, [0] * 36), as_cells(default))
    validate_solution(Puzzle(3, 2, [0] * 36), as_cells(tall))
    assert run(runner, "solve", "--box", "3*2", path).stdout.strip() == tall


def test_solve_variants(runner, tmp_path):
    path = write(tmp_path, EMPTY9 + "\n")
    for variant in ("x", "windoku"):
        r = run(runner, "solve", "--variant", variant, path)
        assert r.exit_code == 0
        validate_solution(Puzzle(3, 3, [0] * 81, variant), as_cells(r.stdout.strip()))
    r = run(runner, "solve", "--variant", "standard", write(tmp_path, "# variant: x\n" + EMPTY9))
    validate_solution(Puzzle(3, 3, [0] * 81, "x"), as_cells(r.stdout.strip()))  # file wins


def test_jigsaw_regions_string_and_file(runner, tmp_path):
    regions = [ord(ch) - ord("A") for ch in JIGSAW_REGIONS]
    path = write(tmp_path, EMPTY4 + "\n")
    r = run(runner, "solve", "--regions", JIGSAW_REGIONS, path)
    assert r.exit_code == 0
    validate_solution(Puzzle(2, 2, [0] * 16, "jigsaw", regions), as_cells(r.stdout.strip()))
    rfile = write(tmp_path, "# a region map\nAAAB\nCABB\nCCDB\nCDDD\n", "regions.txt")
    r2 = run(runner, "solve", "--variant", "jigsaw", "--regions", rfile, path)
    assert r2.stdout == r.stdout
    assert run(runner, "count", "--regions", rfile, path).stdout == "96\n"
    r = run(runner, "solve", "--format", "grid", "--regions", rfile, path)
    assert "|" not in r.stdout and len(r.stdout.split("\n\n")[0].splitlines()) == 4


def test_jigsaw_without_regions_is_invalid(runner, tmp_path):
    r = runner.invoke(cli, ["solve", "--variant", "jigsaw", write(tmp_path, EMPTY4 + "\n")])
    assert r.exit_code == 1 and r.stdout == "invalid\n"
    assert "region map" in r.stderr


def test_bad_regions(runner, tmp_path):
    path = write(tmp_path, EMPTY4 + "\n")
    r = runner.invoke(cli, ["solve", "--regions", "AAAA", path])
    assert r.exit_code == 2 and "--regions" in r.stderr
    r = runner.invoke(cli, ["solve", "--variant", "x", "--regions", JIGSAW_REGIONS, path])
    assert r.exit_code == 2
    bad = write(tmp_path, "AAAA\nAAAA\nBBBB\nCCCD\n", "bad_regions.txt")
    r = runner.invoke(cli, ["solve", "--regions", bad, path])
    assert r.exit_code == 1
    assert r.stderr.startswith(f"Error: {bad}: ") and r.stderr.count("\n") == 1


# ---------------------------------------------------------------------- count
def test_count(runner, tmp_path):
    text = "\n".join([EMPTY4, CLASSIC, NO_SOLUTION4, "1" * 81]) + "\n"
    r = runner.invoke(cli, ["count", write(tmp_path, text)])
    assert r.exit_code == 1
    assert r.stdout == "288\n1\n0\ninvalid\n"


def test_count_limit_marks_lower_bound(runner, tmp_path):
    r = run(runner, "count", "--limit", "10", write(tmp_path, EMPTY4 + "\n" + CLASSIC + "\n"))
    assert r.exit_code == 0
    assert r.stdout == "10 (at least: limit)\n1\n"


def test_count_empty_9x9_answers_within_its_limits(runner):
    run(runner, "count", "--limit", "2", input=EMPTY9)  # kernels loaded
    t0 = time.perf_counter()
    r = run(runner, "count", "--limit", "1000", input=EMPTY9)
    assert r.stdout == "1000 (at least: limit)\n"
    assert time.perf_counter() - t0 < 2
    t0 = time.perf_counter()
    r = run(runner, "count", "--timeout", "1", input=EMPTY9)
    elapsed = time.perf_counter() - t0
    m = re.fullmatch(r"(\d+) \(at least: timeout\)\n", r.stdout)
    assert m and int(m.group(1)) > 1000
    assert r.exit_code == 0
    assert elapsed < 4


def test_count_max_nodes_and_json(runner):
    r = run(runner, "count", "--max-nodes", "5000", "--format", "json", input=EMPTY9)
    obj = json.loads(r.stdout)
    assert obj["status"] == "nodes" and obj["exact"] is False and obj["nodes"] == 5000
    assert 0 < obj["count"]
    r = run(runner, "count", "--format", "json", input=EMPTY4 + "\nbad\n")
    a, b = map(json.loads, r.stdout.splitlines())
    assert (a["count"], a["exact"], a["status"]) == (288, True, "complete")
    assert b["status"] == "invalid"


# ---------------------------------------------------------------------- check
def test_check_verdicts_and_exit_status(runner, tmp_path):
    text = "\n".join([CLASSIC, EMPTY4, NO_SOLUTION4]) + "\n"
    r = run(runner, "check", write(tmp_path, text))
    assert r.stdout == "unique\nmultiple\nnone\n"
    assert r.exit_code == 3
    assert run(runner, "check", input=CLASSIC).exit_code == 0
    r = run(runner, "check", "--max-nodes", "3", input=HARD)
    assert r.stdout == "unknown\n" and r.exit_code == 4
    r = runner.invoke(cli, ["check", write(tmp_path, text + CLASH + "\n")])
    assert r.exit_code == 1 and r.stdout.splitlines()[-1] == "invalid"


def test_check_show_proof_line(runner):
    r = run(runner, "check", "--show-proof", input=EMPTY4 + "\n" + CLASSIC + "\n")
    first, second = r.stdout.splitlines()
    word, a, b = first.split(" ")
    assert word == "multiple" and a != b
    assert_solves(EMPTY4, a)
    assert_solves(EMPTY4, b)
    assert second == "unique"


def test_check_show_proof_grid_and_json(runner):
    puzzle = "1..." + "." * 12
    r = run(runner, "check", "--show-proof", "--format", "grid", input=puzzle)
    blocks = r.stdout.rstrip("\n").split("\n\n")
    assert blocks[0].startswith("multiple\n")
    grids = [blocks[0].split("\n", 1)[1], blocks[1]]
    cells = [parse_puzzle(g).cells for g in grids]
    assert cells[0] != cells[1]
    for c in cells:
        validate_solution(parse_puzzle(puzzle), c)
    r = run(runner, "check", "--show-proof", "--format", "json", input=puzzle)
    obj = json.loads(r.stdout)
    assert obj["status"] == "multiple"
    a, b = obj["solutions"]
    differ = [f"r{i // 4 + 1}c{i % 4 + 1}" for i in range(16) if a[i] != b[i]]
    assert obj["differ"] == differ and differ
    r = run(runner, "check", "--format", "json", input=CLASSIC)
    obj = json.loads(r.stdout)
    assert obj["status"] == "unique" and "solutions" not in obj
    r = run(runner, "check", "--format", "grid", input=CLASSIC)
    assert r.stdout == "unique\n\n"


# ----------------------------------------------------------------- candidates
def test_candidates_grid(runner):
    r = run(runner, "candidates", input=CLASSIC)
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    m = re.fullmatch(r"open \((\d+) singles\)", lines[0])
    assert m
    assert len(lines) == 1 + 11 + 1 and lines[-1] == ""
    assert lines[1].split()[0] == "4"  # a given keeps only its value
    assert "+" in lines[4]


def test_candidates_line_json_and_statuses(runner):
    solved_by_singles = "1234341221434321"[:-1] + "."
    text = "\n".join([solved_by_singles, NO_SOLUTION4, EMPTY4, "oops"]) + "\n"
    r = runner.invoke(cli, ["candidates", "--format", "line", "-"], input=text)
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert lines[0].split(" ")[:2] == ["solved", "1"]
    assert lines[0].split(" ")[-1] == "1"
    assert lines[1].split(" ")[0] == "contradiction"
    assert lines[2] == "open 0 " + " ".join(["1234"] * 16)
    assert lines[3] == "invalid"
    assert "line 4" in r.stderr
    r = runner.invoke(cli, ["candidates", "--format", "json"], input=text)
    objs = [json.loads(x) for x in r.stdout.splitlines()]
    assert objs[0]["status"] == "solved" and objs[0]["singles"] == 1
    assert objs[0]["candidates"][-1] == "1"
    assert objs[2]["candidates"] == ["1234"] * 16
    assert objs[3]["status"] == "invalid"
    r = runner.invoke(cli, ["candidates"], input=text)
    assert r.stdout.split("\n\n")[3] == "invalid"


# ----------------------------------------------------- statistics, messages
def test_stats_on_stderr(runner, tmp_path):
    text = "\n".join([CLASSIC, EMPTY4, NO_SOLUTION4, "bad"]) + "\n"
    r = runner.invoke(cli, ["check", "--stats", write(tmp_path, text)])
    stats = dict(line.split(": ", 1) for line in r.stderr.splitlines() if ": " in line
                 and not line.startswith("/"))
    assert stats["puzzles"] == "4" and stats["solved"] == "2" and stats["no solution"] == "1"
    assert stats["multiple"] == "1" and stats["invalid"] == "1" and stats["stopped"] == "0"
    assert re.fullmatch(r"[\d.]+ s", stats["time"])
    assert float(stats["puzzles/second"]) > 0 and float(stats["nodes/puzzle"]) > 0
    assert r.stdout == "unique\nmultiple\nnone\ninvalid\n"


def test_verbose_and_quiet(runner):
    text = CLASSIC + "\nbad\n"
    r = runner.invoke(cli, ["solve", "-v"], input=text)
    assert re.search(r"^puzzle 1 \(line 1\): solved, \d+ nodes, search solved, \d+\.\d{6} s$",
                     r.stderr, re.M)
    assert re.search(r"^puzzle 2 \(line 2\): invalid$", r.stderr, re.M)
    r = runner.invoke(cli, ["check", "-v"], input=text)
    assert re.search(r"^puzzle 1 \(line 1\): unique, \d+ nodes, search complete, [\d.]+ s$",
                     r.stderr, re.M)
    r = runner.invoke(cli, ["count", "-v", "--limit", "5"], input=EMPTY4)
    assert re.search(r"^puzzle 1 \(line 1\): 5 \(at least: limit\), \d+ nodes, search limit, "
                     r"[\d.]+ s$", r.stderr, re.M)
    r = runner.invoke(cli, ["solve", "--quiet"], input=text)
    assert r.exit_code == 1 and r.stderr == ""
    assert r.stdout == CLASSIC_SOLUTION + "\ninvalid\n"


def test_progress_only_on_a_terminal(runner, monkeypatch):
    monkeypatch.setattr(sudoku_cli, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(sudoku_cli, "PROGRESS_EVERY", 0.0)
    text = "\n".join([EMPTY4] * 5) + "\n"
    r = runner.invoke(cli, ["solve"], input=text)
    assert "puzzles," not in r.stderr  # CliRunner's streams are not terminals
    monkeypatch.setattr(sudoku_cli, "_isatty", lambda stream: stream is sys.stderr)
    r = runner.invoke(cli, ["solve"], input=text)
    assert re.search(r"\r\d+ puzzles, [\d,]+/s", r.stderr)
    assert len(r.stdout.splitlines()) == 5 and "\r" not in r.stdout
    r = runner.invoke(cli, ["solve", "--quiet"], input=text)
    assert r.stderr == ""


# -------------------------------------------------------------- input, errors
def test_stdin_dash_and_default(runner):
    assert run(runner, "solve", "-", input=CLASSIC).stdout == CLASSIC_SOLUTION + "\n"
    assert run(runner, "solve", input=CLASSIC).stdout == CLASSIC_SOLUTION + "\n"
    assert run(runner, "count", input=EMPTY4).stdout == "288\n"


@pytest.mark.parametrize("command", ["solve", "count", "check", "candidates"])
def test_empty_input(runner, tmp_path, command):
    r = runner.invoke(cli, [command, write(tmp_path, "# only a comment\n\n")])
    assert r.exit_code == 1
    assert r.stdout == ""
    assert r.stderr == f"Error: no puzzles found in {tmp_path / 'puzzles.txt'}\n"
    r = runner.invoke(cli, [command], input="")
    assert r.exit_code == 1 and r.stderr == "Error: no puzzles found in <stdin>\n"


@pytest.mark.parametrize("command", ["solve", "count", "check", "candidates"])
def test_missing_file_and_directory(runner, tmp_path, command):
    missing = tmp_path / "nope.txt"
    r = runner.invoke(cli, [command, str(missing)])
    assert r.exit_code == 1
    assert r.stderr == f"Error: cannot read {missing}: no such file\n"
    r = runner.invoke(cli, [command, str(tmp_path)])
    assert r.exit_code == 1
    assert r.stderr.startswith(f"Error: cannot read {tmp_path}") and r.stderr.count("\n") == 1


def test_binary_input_is_a_bad_input(runner, tmp_path):
    p = tmp_path / "x.bin"
    p.write_bytes(CLASSIC.encode() + b"\n\x00\x01\x02\xff\n")
    r = runner.invoke(cli, ["solve", str(p)])
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [CLASSIC_SOLUTION, "invalid"]
    assert "line 2" in r.stderr and "Traceback" not in r.output


@pytest.mark.parametrize("args", [
    ["solve", "--box", "3y2"], ["solve", "--box", "0x3"], ["solve", "--variant", "hyper"],
    ["candidates", "--format", "csv"], ["count", "--format", "grid"], ["count", "--limit", "0"],
    ["check", "--timeout", "0"], ["solve", "--jobs", "-1"], ["solve", "--max-nodes", "0"],
    ["candidates", "--jobs", "2"], ["solve", "--show-proof"], ["nosuchcommand"],
    ["solve", "-", "-"],
])
def test_usage_errors_exit_2(runner, args):
    r = runner.invoke(cli, args, input=CLASSIC)
    assert r.exit_code == 2, r.output
    assert "Usage:" in r.stderr and r.stdout == ""


def test_version_and_help(runner):
    from dlx import __version__

    r = runner.invoke(cli, ["--version"])
    assert r.exit_code == 0 and r.stdout == f"sudoku (numba-dlx) {__version__}\n"
    for args in (["--help"], ["-h"], ["solve", "-h"], ["count", "--help"], ["check", "--help"],
                 ["candidates", "--help"]):
        r = runner.invoke(cli, args)
        assert r.exit_code == 0 and "Usage: " in r.stdout


def test_ctrl_c_keeps_finished_results(runner, monkeypatch):
    import sudoku.batch

    real = sudoku.solver.solve_all

    def interrupted(items, **kw):
        for k, res in enumerate(real(items, **kw)):
            if k == 2:
                raise KeyboardInterrupt
            yield res

    monkeypatch.setattr(sudoku.batch, "solve_all", interrupted)
    text = "\n".join([CLASSIC, "bad", EMPTY4, EMPTY4]) + "\n"
    r = runner.invoke(cli, ["solve", "--stats"], input=text)
    assert r.exit_code == 130
    assert r.stdout == CLASSIC_SOLUTION + "\ninvalid\n"
    assert r.stderr.endswith("interrupted\n") and "puzzles: 2" in r.stderr


def test_ctrl_c_in_candidates(runner, monkeypatch):
    import sudoku.solver

    def boom(puzzle):
        raise KeyboardInterrupt

    monkeypatch.setattr(sudoku.solver, "candidates", boom)
    r = runner.invoke(cli, ["candidates"], input="bad\n" + EMPTY4)
    assert r.exit_code == 130 and r.stdout == "invalid\n\n"


# -------------------------------------------------- the project's sample files
SAMPLES = sorted(p for p in glob.glob(os.path.join(ROOT, "puzzles", "**", "*"), recursive=True)
                 if os.path.isfile(p) and not p.endswith((".md", ".rst", ".dlx")))


@pytest.mark.skipif(not SAMPLES, reason="no sample files in puzzles/")
@pytest.mark.parametrize("path", SAMPLES, ids=os.path.basename)
def test_sample_files(runner, path):
    from sudoku.formats import read_puzzles

    items = list(read_puzzles(path))
    if len(items) > 2000:
        pytest.skip("large sample: solved by the benchmarks, not the CLI tests")
    r = runner.invoke(cli, ["solve", "--format", "json", "--timeout", "2", "--jobs", "0", path])
    assert r.exit_code in (0, 1, 3, 4), r.output
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(objs) == len(items)
    for item, obj in zip(items, objs, strict=True):
        if isinstance(item, Puzzle):
            assert obj["status"] in ("solved", "none", "unknown")
            if obj["status"] == "solved":
                n = item.size
                cells = as_cells(obj["solution"]) if n <= 35 else list(
                    map(int, obj["solution"].split()))
                validate_solution(item, cells)
        else:
            assert obj["status"] == "invalid"


# ---------------------------------------------------------------- subprocesses
def _sudoku_command():
    exe = shutil.which("sudoku", path=os.path.dirname(sys.executable))
    return [exe] if exe else [sys.executable, "-m", "sudoku"]


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["solve", "--help"]])
def test_help_does_not_import_numba(args):
    code = (f"import sys\nfrom sudoku.cli import main\n"
            f"try:\n    main({args!r})\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "print(sorted(m for m in ('numba', 'llvmlite', 'sudoku.solver') "
            "if m in sys.modules), file=sys.stderr)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stderr.strip().splitlines()[-1] == "[]"


@pytest.mark.slow
def test_installed_script_and_module(tmp_path):
    path = write(tmp_path, CLASSIC + "\nbad\n" + EMPTY4 + "\n")
    for cmd in (_sudoku_command(), [sys.executable, "-m", "sudoku"]):
        t0 = time.perf_counter()
        r = subprocess.run(cmd + ["--help"], capture_output=True, text=True, timeout=60)
        assert r.returncode == 0 and "Usage: sudoku" in r.stdout
        assert time.perf_counter() - t0 < 5
        r = subprocess.run(cmd + ["solve", path], capture_output=True, text=True, timeout=120)
        assert r.returncode == 1
        lines = r.stdout.splitlines()
        assert lines[:2] == [CLASSIC_SOLUTION, "invalid"] and len(lines) == 3
        assert "line 2" in r.stderr and "Traceback" not in r.stderr
        r = subprocess.run(cmd + ["count", "-"], input=EMPTY4, capture_output=True, text=True,
                           timeout=120)
        assert r.returncode == 0 and r.stdout == "288\n"


def test_results_and_messages_keep_their_order_in_one_stream(tmp_path):
    # Results are written without a flush per line; every message on stderr must
    # still come after the results before it when both go to one file (2>&1).
    path = write(tmp_path, "\n".join([CLASSIC, "bad", CLASSIC, CLASH, CLASSIC]) + "\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    r = subprocess.run(_sudoku_command() + ["solve", "--stats", path], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=120, env=env)
    assert r.returncode == 1
    lines = r.stdout.splitlines()
    where = [k for k, line in enumerate(lines) if "line 2" in line or "line 4" in line]
    assert lines[0] == CLASSIC_SOLUTION and lines[where[0] + 1] == "invalid", lines
    assert lines[where[0] + 2] == CLASSIC_SOLUTION and lines[where[1] + 1] == "invalid", lines
    assert lines[where[1] + 2] == CLASSIC_SOLUTION
    assert lines[where[1] + 3].startswith("puzzles: 5"), lines


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_puzzles_typed_at_a_terminal_are_answered_one_by_one():
    import pty
    import select

    leader, follower = pty.openpty()
    p = subprocess.Popen(_sudoku_command() + ["solve"], stdin=follower, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    os.close(follower)
    try:
        for puzzle in (CLASSIC, EMPTY9):
            os.write(leader, (puzzle + "\n").encode())
            ready, _, _ = select.select([p.stdout], [], [], 60)
            assert ready, "no answer before the next puzzle was typed"
            line = p.stdout.readline().decode().strip()
            assert len(line) == 81 and "." not in line
        os.write(leader, b"\x04")  # Ctrl-D: end of input
        assert p.wait(timeout=60) == 0
    finally:
        p.kill()
        p.wait()
        os.close(leader)


def _default_sigint():
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _count_at_a_terminal_stopped_while_counting():
    """``sudoku count`` reading a pty: the classic's answer, then Ctrl-C while the empty
    grid is counted; returns (exit status, stdout, stderr)."""
    import pty
    import select

    leader, follower = pty.openpty()
    p = subprocess.Popen(_sudoku_command() + ["count"], stdin=follower, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, preexec_fn=_default_sigint)
    os.close(follower)
    try:
        os.write(leader, (CLASSIC + "\n").encode())
        ready, _, _ = select.select([p.stdout], [], [], 600)
        assert ready and p.stdout.readline() == b"1\n"
        before = cpu_seconds(p.pid)
        os.write(leader, (EMPTY9 + "\n").encode())
        deadline = time.monotonic() + 600
        while cpu_seconds(p.pid) < before + 0.3:
            assert time.monotonic() < deadline and p.poll() is None
            time.sleep(0.05)
        p.send_signal(signal.SIGINT)
        out, errs = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        os.close(leader)
    return p.returncode, out.decode(), errs.decode()


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pty and /proc")
def test_sigint_prints_partial_count_and_exits_130():
    # Puzzles typed at a terminal are counted one by one.  The first answer shows that
    # the kernels are loaded (the batch kernel compiles the lone search with it); after
    # the empty grid is typed, the signal goes once the process has spent CPU time on
    # it: events, however loaded the machine, never a guess at how long start-up takes.
    status, out, errs = _count_at_a_terminal_stopped_while_counting()
    assert status == 130, errs
    assert errs.endswith("interrupted\n") and "Traceback" not in errs
    assert re.fullmatch(r"\d+ \(at least: interrupted\)\n", out)


def test_batch_commands_leave_the_collector_as_they_found_it(runner, tmp_path):
    # The commands run the cycle collector less often while they answer puzzles and
    # must set it back: an in-process caller (a test, a notebook) keeps its settings.
    import gc

    before = gc.get_threshold()
    path = write(tmp_path, CLASSIC + "\n" + CLASH + "\n" + CLASSIC + "\n")
    for command in ("solve", "check", "count"):
        result = run(runner, command, path)
        assert result.exit_code == 1  # the second line is invalid
        assert gc.get_threshold() == before


def test_the_help_names_every_command_of_each_output_format(runner):
    # The group's help lists which commands print JSON and CSV: it must say what the
    # commands' own --format choices do.
    import click

    text = " ".join(runner.invoke(cli, ["--help"]).stdout.split())
    ctx = click.Context(cli)
    for fmt in ("json", "csv"):
        listed = re.search(rf"--format {fmt} \(([a-z, ]+)\)", text)
        assert listed, f"the help does not list the {fmt} commands"
        have = {name for name in cli.list_commands(ctx)
                if any(isinstance(p.type, click.Choice) and fmt in p.type.choices
                       for p in cli.get_command(ctx, name).params if p.name == "fmt")}
        assert set(listed.group(1).split(", ")) == have, fmt
