"""The single-digit patterns and finned fish of sudoku.logic.patterns, on real positions.

Each technique is shown firing where it must: the position is the one its
explanation reaches before the step, in a puzzle of magictour's top95 or
top1465 (the puzzles are written out here, so the tests need no data files),
and the step is checked against its text.  Then the same position is changed
by putting back one candidate that breaks the pattern (a third place in a
strong link's house, a place in the box off the empty rectangle's lines, a
fin outside the fins' box): the rule must no longer give that step.  Soundness
over whole collections is test_explain's replay.
"""

from __future__ import annotations

import pytest

from dlx.logic import steps
from sudoku import parse_puzzle
from sudoku.logic import explain
from sudoku.logic import patterns as P
from sudoku.logic.explaining import name_step, solve_state, sudoku_rules, unique_givens

CASES = {
    "skyscraper": (
        "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...",
        "skyscraper: 9: r1c1=r1c8-r8c8=r8c2 => r9c1<>9"),
    "two-string-kite": (
        "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...",
        "two-string-kite: 4: r9c1=r9c5-r8c4=r6c4 => r6c1<>4"),
    "turbot-fish": (
        ".47.8...1............6..7..6....357......5....1..6....28..4.....9.1...4.....2.69.",
        "turbot-fish: 5: r1c1=r1c4-r7c4=r8c5 => r8c1<>5"),
    "empty-rectangle": (
        "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....",
        "empty-rectangle: 1 in box 5 only in row 6 and column 4, with r1c4=r1c8 => "
        "r6c8<>1"),
    "finned-x-wing": (
        "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....",
        "finned-x-wing: 7 in rows 2,4 only in columns 3,4 but for the fins r2c1,r2c2 in "
        "box 1 => r3c3<>7"),
    "sashimi-x-wing": (
        "6..3.2....4.....8..........7.26............543.........8.15........8.2........7..",
        "sashimi-x-wing: 4 in columns 4,7 only in rows 3,7 but for the fins r8c4,r9c4 in "
        "box 8 => r7c6<>4"),
    "finned-swordfish": (
        "249.6...3.3....2..8.......5.....6......2......1..4.82..9.5..7....4.....1.7...3...",
        "finned-swordfish: 8 in rows 1,4,8 only in columns 4,5,8 but for the fin r8c6 in "
        "box 8 => r7c5<>8, r9c5<>8"),
    "sashimi-swordfish": (
        ".47.2....8....1....3....9.2.....5...6..81..5.....4.....7....3.4...9...1.4..27.8..",
        "sashimi-swordfish: 3 in rows 2,5,9 only in columns 3,6,9 but for the fins r2c4,r2c5 "
        "in box 2 => r1c6<>3"),
    "finned-jellyfish": (
        "5.1.94....2.6.59................2.17.3..4..6.......5.........2.....3.8...6.8.93..",
        "finned-jellyfish: 7 in rows 2,5,8,9 only in columns 1,3,6,8 but for the fin r8c2 in "
        "box 7 => r7c1<>7, r7c3<>7"),
    "sashimi-jellyfish": (
        "....8..5.93....7.....6.1..2698.4.5.........4.5.....2.84...2..7..69.......52...9..",
        "sashimi-jellyfish: 1 in rows 4,6,8,9 only in columns 1,4,5,8 but for the fin r6c2 in "
        "box 4 => r5c1<>1"),
}
RULE = {"skyscraper": P.turbot_fish, "two-string-kite": P.turbot_fish,
        "turbot-fish": P.turbot_fish, "empty-rectangle": P.empty_rectangle,
        "finned-x-wing": P.finned_x_wing, "sashimi-x-wing": P.finned_x_wing,
        "finned-swordfish": P.finned_swordfish, "sashimi-swordfish": P.finned_swordfish,
        "finned-jellyfish": P.finned_jellyfish, "sashimi-jellyfish": P.finned_jellyfish}


def position_before(puzzle: str, text: str, uniqueness: bool = False):
    """``(board, state, raw step)``: the state the explanation is in just before the step
    whose text is ``text`` (by default without the uniqueness steps)."""
    board, state, raw, _ = position_and_givens(puzzle, text, uniqueness)
    return board, state, raw


def position_and_givens(puzzle: str, text: str, uniqueness: bool = True):
    """``(board, state, raw step, givens)``: as ``position_before``, with the givens the
    uniqueness steps may use (by default on the same path as ``explain``'s)."""
    p = parse_puzzle(puzzle)
    board, problem, state, status, solution = solve_state(p)
    givens = unique_givens(p, status, uniqueness)
    for raw in steps(problem, rules=sudoku_rules(board, givens), solution=solution,
                     state=state.copy()):
        if name_step(board, state, raw).text == text:
            return board, state, raw, givens
        state.apply(raw)
    raise AssertionError(f"no step {text!r}")


def put_back(board, state, cell: int, digit: int) -> None:
    """Make ``digit`` a candidate of ``cell`` again (an open cell, the digit placed in
    none of its houses)."""
    o = board.option(cell, digit)
    assert not state.covered[cell] and not state.is_live(o)
    for i in state.items(o):
        assert not state.covered[i]
        state.live[i].add(o)
    state.memo = {}


def addable(board, state, cells, digit: int) -> list[int]:
    """The cells of ``cells`` where ``digit`` could be put back."""
    out = []
    for c in cells:
        o = board.option(c, digit)
        if (not state.covered[c] and not state.is_live(o)
                and not any(state.covered[i] for i in state.items(o))):
            out.append(c)
    return out


@pytest.mark.parametrize("technique", list(CASES))
def test_the_pattern_fires_in_its_position(technique):
    puzzle, text = CASES[technique]
    # (Without the uniqueness steps: the positions are those of sudoku_rules(board).)
    steps_ = explain(puzzle, uniqueness=False).steps
    assert text in [s.text for s in steps_], technique
    board, state, raw = position_before(puzzle, text)
    got = RULE[technique](board, state)
    assert got is not None and got.rule == technique
    assert got.removed == raw.removed and got.detail["cells"] == raw.detail["cells"]
    # The rule removes only candidates the solution does not hold.
    solution = explain(puzzle).solution
    for o in got.removed:
        cell, v = board.cell_digit(o)
        assert solution[cell] != v


def _breakers(board, state, technique, raw):
    """Cells where putting the digit back breaks the pattern ``raw``."""
    d, = raw.detail["digits"]
    names = board.house_names
    cells_of = {names[h]: set(board.house_cells[h]) for h in range(len(names))}
    pattern = set(raw.detail["cells"])
    houses = raw.detail["houses"]
    if technique in ("skyscraper", "two-string-kite", "turbot-fish"):
        # A third place in either strong link's house.
        return addable(board, state, sorted((cells_of[houses[0]] | cells_of[houses[1]])
                                            - pattern), d)
    if technique == "empty-rectangle":
        box, row, col = (cells_of[h] for h in houses[:3])
        return addable(board, state, sorted(box - row - col), d)
    # A fin outside the fins' box, in a base line and outside the cover lines.
    k = (len(houses) - 1) // 2
    base = set().union(*(cells_of[h] for h in houses[:k]))
    cover = set().union(*(cells_of[h] for h in houses[k:2 * k]))
    return addable(board, state, sorted(base - cover - cells_of[houses[-1]]), d)


@pytest.mark.parametrize("technique", list(CASES))
def test_the_pattern_does_not_fire_once_broken(technique):
    puzzle, text = CASES[technique]
    board, state, raw = position_before(puzzle, text)
    d, = raw.detail["digits"]
    cells = _breakers(board, state, technique, raw)
    if not cells:
        pytest.skip(f"{technique}: no candidate of this position can be put back to break it")
    for cell in cells:
        s = state.copy()
        put_back(board, s, cell, d)
        got = RULE[technique](board, s)
        assert got is None or (got.detail["cells"], got.removed) != (
            raw.detail["cells"], raw.removed), f"{technique} still fires with {cell}"
