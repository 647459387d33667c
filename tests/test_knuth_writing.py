"""Problems written in Knuth's format (`write_knuth`, `Problem.to_knuth`) and ``dlx example``.

A written problem read back has the same items and the same solutions (as
option lines), for random problems with colours and for the classic examples;
names the format cannot hold are refused with the item named.
"""

from __future__ import annotations

import io
import random

import pytest
from click.testing import CliRunner

from dlx import Colored, Problem, ProblemError, parse_knuth, read_knuth, write_knuth
from dlx.cli import cli
from dlx.examples import langford, pentominoes, queens
from dlx.examples import sudoku as sudoku_example


def random_problem(rng: random.Random) -> Problem:
    n1, n2 = rng.randint(1, 6), rng.randint(0, 3)
    primary = [f"p{i}" for i in range(n1)]
    secondary = [f"s{i}" for i in range(n2)]
    options = []
    for _ in range(rng.randint(1, 12)):
        items = rng.sample(primary, rng.randint(1, n1))
        for s in rng.sample(secondary, rng.randint(0, n2)):
            items.append(Colored(s, rng.choice("ab")) if rng.random() < 0.5 else s)
        rng.shuffle(items)
        options.append(items)
    return Problem(options, primary, secondary)


def option_sets(problem: Problem, solutions) -> set:
    """Solutions as sets of option texts, comparable across the round trip."""
    def text(k):
        return " ".join(f"{e.item}:{e.color}" if isinstance(e, Colored) else str(e)
                        for e in problem.option(k))
    return {frozenset(text(k) for k in sol) for sol in solutions}


def test_round_trip_keeps_items_and_solutions_of_random_problems():
    rng = random.Random(11)
    for _ in range(300):
        p = random_problem(rng)
        q = parse_knuth(p.to_knuth())
        assert (q.primary, q.secondary, q.n_options) == (p.primary, p.secondary, p.n_options)
        # read back, each option is labelled by its line
        assert option_sets(p, p.solutions()) == {frozenset(sol) for sol in q.solutions()}


@pytest.mark.parametrize("problem, count", [(queens(8), 92), (langford(7), 52),
                                            (pentominoes(3, 20), 8)])
def test_round_trip_keeps_the_count_of_the_examples(problem, count, tmp_path):
    path = tmp_path / "p.dlx"
    write_knuth(problem, path)
    assert read_knuth(path).count().count == count
    assert path.read_text() == problem.to_knuth()


def test_text_is_knuths_layout():
    p = Problem([["a", "x:red"], ["b", Colored("x", "blue"), "y"], ["a", "b"]],
                ["a", "b"], ["x", "y"])
    assert p.to_knuth() == "a b | x y\na x:red\nb x:blue y\na b\n"
    assert Problem([[0, 1], [1]], 2, 0).to_knuth() == "0 1\n0 1\n1\n"


def test_rename_gives_names_the_format_can_hold():
    p = Problem({"A": [(0, 0), (0, 1)], "B": [(0, 0)], "C": [(0, 1)]})
    with pytest.raises(ProblemError, match=r"item '\(0, 0\)'.*white space.*rename="):
        p.to_knuth()
    text = p.to_knuth(rename=lambda cell: f"c{cell[0]}{cell[1]}")
    assert text.splitlines()[0] == "c00 c01"
    assert parse_knuth(text).count().count == 2


@pytest.mark.parametrize("items, message", [
    (["a|b"], r"'a\|b'.*white space or '\|'"),
    (["a:b"], r"'a:b'.*':'"),
    ([""], r"item ''.*nothing"),
])
def test_names_the_format_cannot_hold_are_refused(items, message):
    with pytest.raises(ProblemError, match=message):
        Problem([items], items).to_knuth()


def test_names_that_collide_as_text_are_refused():
    p = Problem([[1, "1"]], [1, "1"])
    with pytest.raises(ProblemError, match="items 1 and '1' are both written '1'"):
        p.to_knuth()


def test_bad_colour_is_refused_and_a_path_is_left_alone(tmp_path):
    p = Problem([["a", Colored("x", "dark red")]], ["a"], ["x"])
    path = tmp_path / "kept.dlx"
    path.write_text("precious\n")
    with pytest.raises(ProblemError, match="colour 'dark red'"):
        write_knuth(p, path)
    with pytest.raises(ProblemError, match="colour 'dark red'"):
        write_knuth(p, io.StringIO())
    assert path.read_text() == "precious\n"


# ------------------------------------------------------------------ dlx example
def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


@pytest.mark.parametrize("args, count", [
    (["queens", "8"], "92"), (["langford", "7"], "52"), (["langford", "--break-symmetry", "8"],
                                                         "150"),
    (["pentominoes", "3x20"], "8"), (["pentominoes", "--break-symmetry", "20x3"], "2"),
    (["sudoku", "1...34.....14..."], "1"), (["sudoku", "12..3..2.1.....1"], "3"),
])
def test_example_pipes_into_count(args, count):
    made = run("example", *args)
    assert made.exit_code == 0 and made.stdout.startswith("| dlx example ")
    assert run("count", "-", input=made.stdout).stdout == count + "\n"


def test_example_sudoku_counts_agree_with_the_sudoku_package():
    import sudoku

    puzzles = ["1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
               "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
               ".2.......3......4....5..6.......1........7.................................8....."]
    for text in puzzles:
        expected = sudoku.count(text, limit=50).count
        assert sudoku_example(text).count(limit=50).count == expected
    six = "1.....\n..3...\n......\n......\n...4..\n.....6"
    assert sudoku_example(six, (2, 3)).count(limit=10).count == sudoku.count(
        sudoku.parse_puzzle(six.replace("\n", ""), box=(2, 3)), limit=10).count
    made = run("example", "--box", "3x2", "sudoku", six.replace("\n", ""))
    assert made.exit_code == 0
    assert run("count", "--limit", "10", "-", input=made.stdout).stdout == "10 (at least: limit)\n"


@pytest.mark.parametrize("args, status, message", [
    (["queens"], 2, "usage: dlx example queens N (0 arguments given)"),
    (["queens", "8", "9"], 2, "(2 arguments given)"),
    (["queens", "eight"], 2, "N must be a whole number, not 'eight'"),
    (["pentominoes", "6by10"], 2, "the board must be ROWSxCOLUMNS"),
    (["pentominoes", "7x10"], 1, "60"),
    (["queens", "--box", "3x3", "8"], 2, "--box is for sudoku only"),
    (["queens", "--break-symmetry", "8"], 2, "--break-symmetry is for pentominoes"),
    (["sudoku", "12"], 1, "a puzzle of 2 cells is not a square grid"),
    (["sudoku", "1..." * 4], 1, None),
    (["sudoku", "5..." + "." * 12], 1, "cell 1 (row 1, column 1) holds '5'; a 4x4 grid takes 1-4"),
    (["sudoku", "--box", "3x3", "." * 16], 1, "a 3x3 box does not fit a 4x4 grid"),
    (["sudoku", "." * 49], 1, "7 is prime"),
    (["chess"], 2, "'chess' is not one of"),
])
def test_example_bad_arguments(args, status, message):
    r = run("example", *args)
    if message is None:  # a valid request after all: four 1s in one column, no solution
        assert r.exit_code == 0
        assert run("count", "-", input=r.stdout).stdout == "0\n"
        return
    assert r.exit_code == status and r.stdout == ""
    assert message in r.stderr and "Traceback" not in r.stderr
