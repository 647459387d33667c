"""Almost locked sets and uniqueness steps (sudoku.logic.als, sudoku.logic.uniqueness).

As in test_explain_patterns: each technique fires in the position its
explanation reaches before the step (puzzles of magictour's top95 and top1465,
hardest1106 and a hard sample, written out here), its removals agree with the
solution, and once the pattern is broken (a candidate put back in one of its
cells, a placed cell made a given) the rule no longer gives that step.  The
uniqueness steps must also stay out where uniqueness is not known or not
wanted: with ``uniqueness=False`` and on a puzzle with several solutions.
"""

from __future__ import annotations

import pytest
from test_explain_patterns import addable, put_back
from test_explain_patterns import position_and_givens as position_before

from sudoku import parse_puzzle
from sudoku.logic import als as A
from sudoku.logic import explain, hint, rate
from sudoku.logic import uniqueness as U
from sudoku.logic.explaining import (
    UNIQUENESS_TECHNIQUES,
    solve_state,
    sudoku_rules,
    unique_givens,
)

T95_1 = "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6....."
CASES = {
    "als-xz": (
        "..84...3....3.....9....157479...8........7..514.....2...9.6...2.5....4......9..56",
        "als-xz: A=r1c1,r3c2,r3c3 {2,3,5,6}, B=r1c5,r2c5,r3c4,r3c5 {2,5,6,7,8}, x=6, z=2,5 "
        "=> r1c6<>5"),
    "als-xy-wing": (
        T95_1,
        "als-xy-wing: A=r1c6,r1c8 {1,4,7}, B=r8c4,r8c5,r8c6,r8c7 {3,4,5,6,9}, C=r2c7,r3c7 "
        "{1,6,8}, x=1, y=6, z=4 => r9c6<>4"),
    "sue-de-coq": (
        "..247..58..............1.4.....2...9528.9.4....9...1.........3.3....75..685..2...",
        "sue-de-coq: r6c4,r6c5,r6c6 {3,4,6,7,8} where row 6 crosses box 5, with r6c1 {4,7} "
        "in the line and r5c6 {3,6} in the box => r4c4<>3, r4c4<>6, r4c6<>3, r4c6<>6, "
        "r6c2<>4, r6c2<>7"),
    "unique-rectangle-1": (
        ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...",
        "unique-rectangle-1: {7,8} in r1c3,r1c7,r2c3,r2c7; only r1c3 has more => r1c3<>7, "
        "r1c3<>8"),
    "unique-rectangle-2": (
        ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...",
        "unique-rectangle-2: {1,6} in r3c7,r3c9,r4c7,r4c9; r3c9 and r4c9 both add 2 => "
        "r6c9<>2"),
    "unique-rectangle-3": (
        ".4.5.....8...9..3..76.2.....146..........9..7.....36....1..4.5..6......3..71..2..",
        "unique-rectangle-3: {1,4} in r5c5,r5c8,r6c5,r6c8; the extra {2,8,9} of r5c8,r6c8 "
        "with r4c8,r4c9 hold {2,8,9} in box 6 => r4c7<>8, r4c7<>9, r5c7<>8, r6c9<>2, "
        "r6c9<>8, r6c9<>9"),
    "unique-rectangle-4": (
        "6..3.2....5.....1..........7.26............543.........8.15........4.2........7..",
        "unique-rectangle-4: {1,5} in r8c1,r8c9,r9c1,r9c9; 5 in column 1 only at r8c1,r9c1 "
        "=> r8c1<>1, r9c1<>1"),
    "unique-rectangle-6": (
        "...5...........5.697.....2...48.2...25.1...3..8..3.........4.7..13.5..9..2...31..",
        "unique-rectangle-6: {3,6} in r1c1,r1c2,r4c1,r4c2; 3 in rows 1,4 only in the "
        "rectangle => r1c1<>3, r4c2<>3"),
    "hidden-rectangle": (
        ".524.........7.1..............8.2...3.....6...9.5.....1.6.3...........897........",
        "hidden-rectangle: {4,8} in r7c2,r7c6,r9c2,r9c6; 8 in row 7 and column 2 only in the "
        "rectangle => r7c2<>4"),
    "avoidable-rectangle-1": (
        T95_1,
        "avoidable-rectangle-1: r1c7=3, r1c9=9, r7c9=3 placed, not given => r7c7<>9"),
    "avoidable-rectangle-2": (
        "......94.....9...53....5.7..8.4..1..463...........7.8.8..7.....7......28.5.26....",
        "avoidable-rectangle-2: r1c1=2, r1c2=1 placed, not given; r6c1 {1,9}, r6c2 {2,9} "
        "=> r6c3<>9"),
    "bug-plus-1": (
        "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.",
        "bug-plus-1: every open cell but r4c8 has two candidates, every digit two places "
        "in each house but 6 three in row 4, column 8, box 6 => r4c8=6"),
}
UNIQUE = {"unique-rectangle": U.unique_rectangle, "hidden-rectangle": U.hidden_rectangle,
          "avoidable-rectangle": U.avoidable_rectangle, "bug-plus-1": U.bug_plus_1}
OTHER = {"als-xz": A.als_xz, "als-xy-wing": A.als_xy_wing, "sue-de-coq": A.sue_de_coq}


def rule_of(technique: str):
    """``(rule, takes the givens)``."""
    if technique in OTHER:
        return OTHER[technique], False
    return UNIQUE[technique if technique == "bug-plus-1" else technique.rstrip("-123456")], True


def run(technique, board, state, givens):
    rule, unique = rule_of(technique)
    return rule(board, state, givens) if unique else rule(board, state)


def same(got, raw) -> bool:
    return got is not None and (got.rule, got.chosen, got.removed, got.detail["cells"]) == (
        raw.rule, raw.chosen, raw.removed, raw.detail["cells"])


@pytest.mark.parametrize("technique", list(CASES))
def test_the_step_fires_in_its_position_and_agrees_with_the_solution(technique):
    puzzle, text = CASES[technique]
    e = explain(puzzle)
    assert e.status == "unique" and text in [s.text for s in e.steps], technique
    board, state, raw, givens = position_before(puzzle, text)
    got = run(technique, board, state, givens)
    assert got is not None and got.rule == technique and same(got, raw)
    for o in got.removed:
        cell, v = board.cell_digit(o)
        assert e.solution[cell] != v, technique
    for o in got.chosen:
        cell, v = board.cell_digit(o)
        assert e.solution[cell] == v, technique


def _breakers(board, state, technique, raw, cand):
    """(cell, digit) pairs to put back, each of which breaks the pattern."""
    cells = raw.detail["cells"]
    if technique == "bug-plus-1":
        tri = cells[0]
        open_ = [c for c in cand if c != tri]
        return [(c, d) for d in range(1, 10) for c in addable(board, state, open_, d)][:12]
    if technique.startswith(("unique-rectangle", "hidden-rectangle")):
        a, b = map(int, raw.detail["pattern"][1:4].split(","))  # "{a,b} in ..."
        floor = [c for c in cells[:4] if cand[c] == {a, b}]
        return [(c, d) for d in range(1, 10) if d not in (a, b)
                for c in addable(board, state, floor, d)]
    # ALS and Sue de Coq: a digit none of the pattern's cells has, in one of them.
    held = set().union(*(cand[c] for c in cells))
    return [(c, d) for d in range(1, 10) if d not in held
            for c in addable(board, state, cells, d)]


def _cands(board, state):
    return {c: set(board.candidates(state, c)) for c in range(81) if not state.covered[c]}


def _removals(board, technique, raw, cand) -> list[list[int]]:
    """Sets of options to remove, each of which takes away a digit the pattern needs: a
    rectangle's digit from a cell with more (no longer a rectangle of that pair); one of
    the digits of an ALS step from every cell of the pattern."""
    cells = raw.detail["cells"]
    gone = set(raw.removed)
    if technique.startswith(("unique-rectangle", "hidden-rectangle")):
        a, b = map(int, raw.detail["pattern"][1:4].split(","))  # "{a,b} in ..."
        out = []
        for c in cells[:4]:
            if cand[c] != {a, b}:
                out += [[board.option(c, d)] for d in (a, b) if board.option(c, d) not in gone]
        return out
    return [[board.option(c, d) for c in cells if d in cand[c]
             and board.option(c, d) not in gone] for d in raw.detail["digits"]]


@pytest.mark.parametrize("technique", [t for t in CASES if not t.startswith("avoidable")])
def test_the_step_does_not_fire_once_broken(technique):
    puzzle, text = CASES[technique]
    board, state, raw, givens = position_before(puzzle, text)
    cand = _cands(board, state)
    pairs = _breakers(board, state, technique, raw, cand)
    for cell, d in pairs:
        s = state.copy()
        put_back(board, s, cell, d)
        assert not same(run(technique, board, s, givens), raw), (technique, cell, d)
    if technique == "bug-plus-1":
        assert pairs
        return
    cuts = [c for c in _removals(board, technique, raw, cand) if c]
    assert pairs or cuts, technique
    for cut in cuts:
        s = state.copy()
        s.remove(cut)
        assert not same(run(technique, board, s, givens), raw), (technique, cut)


@pytest.mark.parametrize("technique", ["avoidable-rectangle-1", "avoidable-rectangle-2"])
def test_an_avoidable_rectangle_needs_cells_that_are_not_givens(technique):
    puzzle, text = CASES[technique]
    board, state, raw, givens = position_before(puzzle, text)
    placed = [c for c in raw.detail["cells"] if state.covered[c]]
    assert placed and not set(placed) & givens
    for c in placed:
        assert not same(U.avoidable_rectangle(board, state, givens | {c}), raw), c


def test_uniqueness_steps_are_switched_off_and_kept_to_unique_puzzles():
    puzzle = CASES["unique-rectangle-4"][0]
    with_ = explain(puzzle)
    without = explain(puzzle, uniqueness=False)
    assert {s.technique for s in with_.steps} & UNIQUENESS_TECHNIQUES
    assert not {s.technique for s in without.steps} & UNIQUENESS_TECHNIQUES
    assert without.solution == with_.solution
    assert rate(puzzle, uniqueness=False).score >= rate(puzzle).score
    # No uniqueness rule is built without the givens of a puzzle known to be unique.
    board = solve_state(parse_puzzle(puzzle))[0]
    names = {getattr(r, "__name__", "") for r in sudoku_rules(board)}
    assert len(sudoku_rules(board)) < len(sudoku_rules(board, frozenset()))
    assert not names & {f.__name__ for f in U.UNIQUENESS}
    assert unique_givens(parse_puzzle(puzzle), "multiple") is None
    assert unique_givens(parse_puzzle(puzzle), "unique", uniqueness=False) is None


@pytest.mark.parametrize("technique", ["unique-rectangle-1", "hidden-rectangle",
                                       "bug-plus-1"])
def test_no_uniqueness_step_on_a_puzzle_with_several_solutions(technique):
    puzzle, text = CASES[technique]
    # Take out givens until there are several solutions.
    cells = list(puzzle)
    for i, ch in enumerate(puzzle):
        if ch != ".":
            cells[i] = "."
            if explain("".join(cells), guesses=False).status == "multiple":
                break
    e = explain("".join(cells))
    assert e.status == "multiple"
    assert not {s.technique for s in e.steps} & UNIQUENESS_TECHNIQUES


def test_hint_takes_a_uniqueness_step_only_when_allowed():
    puzzle, text = CASES["bug-plus-1"]
    board, state, raw, givens = position_before(puzzle, text)
    # The grid the explanation has reached: its placed digits filled in.
    n = board.n
    cells = ["."] * (n * n)
    for o in state.chosen:
        c, v = board.cell_digit(o)
        cells[c] = str(v)
    h = hint("".join(cells))
    assert h.status == "unique"
    off = hint("".join(cells), uniqueness=False)
    assert off.step is not None and off.step.technique not in UNIQUENESS_TECHNIQUES


def test_cli_no_uniqueness():
    from click.testing import CliRunner

    from sudoku.cli import cli

    p = CASES["unique-rectangle-6"][0]  # 6.6 with uniqueness steps, 6.8 without
    on = CliRunner().invoke(cli, ["rate", "-"], input=p + "\n")
    off = CliRunner().invoke(cli, ["rate", "--no-uniqueness", "-"], input=p + "\n")
    assert on.exit_code == off.exit_code == 0
    assert on.stdout.strip() == rate(p).line() and off.stdout.strip() == rate(
        p, uniqueness=False).line()
    assert float(off.stdout.split()[0]) > float(on.stdout.split()[0])
    for command in ("explain", "hint"):
        r = CliRunner().invoke(cli, [command, "--no-uniqueness", "-"], input=p + "\n")
        assert r.exit_code == 0 and not any(
            t in r.stdout for t in UNIQUENESS_TECHNIQUES), command
    explained = CliRunner().invoke(cli, ["explain", "-"], input=p + "\n")
    assert "unique-rectangle-6" in explained.stdout
