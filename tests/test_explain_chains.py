"""The chains of sudoku.logic.aic (W-wing, remote pairs, XY-chains, AICs, nice loops) on
real positions.

As in test_explain_patterns: each technique fires where it must, in the position its
explanation reaches before the step (puzzles of magictour's top95 and top1465, written
out here), and stops giving that step once one of its strong links is broken by putting
back a candidate (a third candidate in a link's cell, a third place in a link's house).
Remote pairs never come first in those collections, so they are shown on a position
built by hand.  Every chain step of the bundled collections is also checked link by
link from its text (tests/chain_check.py, run by test_explain's replay).
"""

from __future__ import annotations

import time

import pytest
from chain_check import parse
from test_explain_patterns import addable, position_before, put_back

from sudoku import parse_puzzle
from sudoku.logic import aic as A
from sudoku.logic import explain
from sudoku.logic.explaining import solve_state

CASES = {
    "w-wing": (
        "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
        "w-wing: (4=9)r5c3-(9)r8c3=(9)r8c6-(9=4)r9c4 => r9c3<>4"),
    "xy-chain": (
        "38.6.......9.......2..3.51......5....3..1..6....4......17.5..8.......9.......7.32",
        "xy-chain: (8=6)r9c3-(6=4)r3c3-(4=7)r3c1-(7=8)r3c4 => r9c4<>8"),
    "aic": (
        ".47.2....8....1....3....9.2.....5...6..81..5.....4.....7....3.4...9...1.4..27.8..",
        "aic: (5=4)r3c4-(4)r2c4=(4-5)r2c7=(5)r1c7 => r1c4<>5"),
    "discontinuous-nice-loop": (
        ".524.........7.1..............8.2...3.....6...9.5.....1.6.3...........897........",
        "discontinuous-nice-loop: (7=9)r7c4-(9=6)r2c4-(6)r8c4=(6)r8c6 => r8c6<>7"),
    "continuous-nice-loop": (
        "..84...3....3.....9....157479...8........7..514.....2...9.6...2.5....4......9..56",
        "continuous-nice-loop: (2=9)r1c7-(9)r1c9=(9-3)r8c9=(3-2)r8c6=(2)r1c6-(2)r1c7 => "
        "r1c2<>2"),
    "grouped-aic": (
        "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....",
        "grouped-aic: (4)r8c456=(4)r9c6-(4=7)r1c6-(7)r1c8=(7-6)r3c8=(6)r7c8-(6=4)r7c7 => "
        "r8c7<>4"),
    "grouped-discontinuous-nice-loop": (
        "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....",
        "grouped-discontinuous-nice-loop: (9=4)r9c2-(4)r13c2=(4-3)r3c3=(3)r9c3 => r9c3<>9"),
    "grouped-continuous-nice-loop": (
        "6..3.2....5.....1..........7.26............543.........8.15........4.2........7..",
        "grouped-continuous-nice-loop: "
        "(8)r5c3=(8-1)r5c1=(1)r3c1-(1)r1c23=(1-8)r1c5=(8)r1c3-(8)r5c3 => r2c3<>8, r3c3<>1, "
        "r3c3<>8, r5c1<>9"),
}
RULE = {"w-wing": A.w_wing, "xy-chain": A.xy_chain, "aic": A.aic,
        "discontinuous-nice-loop": A.aic, "continuous-nice-loop": A.aic,
        "grouped-aic": A.grouped_aic, "grouped-discontinuous-nice-loop": A.grouped_aic,
        "grouped-continuous-nice-loop": A.grouped_aic}


class _Names:
    """What chain_check.parse needs of the marks: the size and cell numbers."""

    n = 9

    def cell(self, r, c):
        return (r - 1) * 9 + c - 1


@pytest.mark.parametrize("technique", list(CASES))
def test_the_chain_fires_in_its_position(technique):
    puzzle, text = CASES[technique]
    e = explain(puzzle)
    assert text in [s.text for s in e.steps], technique
    board, state, raw = position_before(puzzle, text, uniqueness=True)
    got = RULE[technique](board, state)
    assert got is not None and got.rule == technique
    assert got.removed == raw.removed and got.detail["cells"] == raw.detail["cells"]
    assert text.startswith(f"{technique}: {got.detail['pattern']} => ")
    for o in got.removed:
        cell, v = board.cell_digit(o)
        assert e.solution[cell] != v


def _breakers(board, state, text):
    """For each strong link of the chain, the ``[(cell, digit), ...]`` to put back together
    that break it: a third candidate in its cell, or a third place in every house where
    the link's digit has only its two places."""
    nodes, links = parse(_Names(), text)
    out = []
    for (x, a), (_, b), link in zip(nodes[:-1], nodes[1:], links, strict=True):
        if link != "=":
            continue
        if a == b:
            cell, = a
            out += [[(cell, d)] for d in range(1, 10) if addable(board, state, [cell], d)][:2]
            continue
        both = a | b
        places = [[c for c in addable(board, state, sorted(set(h) - both), x)]
                  for k, h in enumerate(board.house_cells)
                  if set(board.places(state, k, x)) == both]
        for i in range(2):
            if all(len(p) > i for p in places):
                out.append(sorted({(p[i], x) for p in places}))
    return out


@pytest.mark.parametrize("technique", list(CASES))
def test_the_chain_does_not_fire_once_a_link_is_broken(technique):
    puzzle, text = CASES[technique]
    board, state, raw = position_before(puzzle, text, uniqueness=True)
    breakers = _breakers(board, state, text)
    if not breakers:
        pytest.skip(f"{technique}: no candidate of this position can be put back to break it")
    for put in breakers:
        s = state.copy()
        for cell, d in put:
            put_back(board, s, cell, d)
        got = RULE[technique](board, s)
        assert got is None or (got.detail["cells"], got.removed) != (
            raw.detail["cells"], raw.removed), f"{technique} still fires with {put}"


def _empty_with(pairs: dict):
    """An empty 9x9 whose cells ``{name: (a, b)}`` have only those two candidates."""
    board, _, state, _, _ = solve_state(parse_puzzle("." * 81))
    names = {board.name(c): c for c in range(81)}
    state.remove([board.option(names[k], d) for k, v in pairs.items()
                  for d in range(1, 10) if d not in v])
    return board, state, names


def test_remote_pairs_fire_on_four_cells_and_not_on_three():
    cells = {"r1c1": (1, 2), "r1c5": (1, 2), "r5c5": (1, 2), "r5c9": (1, 2)}
    board, state, names = _empty_with(cells)
    got = A.remote_pairs(board, state)
    assert got is not None and got.rule == "remote-pairs"
    assert got.detail["pattern"] == "(1=2)r1c1-(2=1)r1c5-(1=2)r5c5-(2=1)r5c9"
    # The two ends see r1c9 and r5c1: neither can be 1 or 2.
    assert set(got.removed) == {board.option(names[c], d) for c in ("r1c9", "r5c1")
                                for d in (1, 2)}
    # A third candidate in the chain's middle breaks it.
    put_back(board, state, names["r1c5"], 3)
    assert A.remote_pairs(board, state) is None
    # Three cells: the ends have the same colour, nothing follows.
    board, state, names = _empty_with({k: v for k, v in cells.items() if k != "r5c9"})
    assert A.remote_pairs(board, state) is None


def test_w_wing_needs_cells_that_do_not_see_each_other():
    # r1c1 and r5c5 {1,2}; 1 in column 9 only at r1c9 and r5c9: r1c1 or r5c5 is 2.
    board, state, names = _empty_with({"r1c1": (1, 2), "r5c5": (1, 2)})
    state.remove([board.option(names[f"r{r}c9"], 1) for r in range(1, 10) if r not in (1, 5)])
    got = A.w_wing(board, state)
    assert got is not None and got.detail["pattern"] == "(2=1)r1c1-(1)r1c9=(1)r5c9-(1=2)r5c5"
    assert set(got.removed) == {board.option(names[c], 2) for c in ("r1c5", "r5c1")}
    # Put 1 back in column 9: no strong link, no W-wing.
    put_back(board, state, names["r9c9"], 1)
    assert A.w_wing(board, state) is None


def test_eureka_text_merges_nodes_of_one_cell_and_names_groups():
    board, _, _, _, _ = solve_state(parse_puzzle("." * 81))
    nodes = [(5, (11,)), (5, (15,)), (8, (15,)), (8, (42,))]
    assert A.eureka(board, nodes, "=-=") == "(5)r2c3=(5-8)r2c7=(8)r5c7"
    assert A.eureka(board, [(4, (0, 18)), (4, (20,))], "=") == "(4)r13c1=(4)r3c3"


def test_a_chain_search_is_fast_on_a_hard_position():
    puzzle, text = CASES["grouped-aic"]
    board, state, _ = position_before(puzzle, text, uniqueness=True)
    t = time.process_time()
    for rule in (A.xy_chain, A.aic, A.grouped_aic):
        state.memo = {}
        rule(board, state)
    assert time.process_time() - t < 1.0
