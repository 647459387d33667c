"""The single-digit rules' record of quiet digits (`sudoku.logic.board.quiet_digit`).

The rules skip a digit whose places have not changed since it last gave nothing.
Here every step of a hard explanation is found twice: by the rules with the record
the explanation has built up, and by the rules on a copy whose record is emptied;
the two must give the same step at every position (guesses taken as the
explanation takes them).
"""

from __future__ import annotations

import pytest

from dlx.logic import guess, next_step
from sudoku import parse_puzzle
from sudoku.logic.explaining import solve_state, sudoku_rules, unique_givens

# From top95 and top1465 (the first needs finned fish, chains and a guess).
PUZZLES = (
    "..7..8.....6.2.3...3......9.1..5..6.....1.....7.9....2........4.83..4...26....51.",
    "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....",
)


@pytest.mark.parametrize("line", PUZZLES)
def test_quiet_record_changes_no_step(line):
    p = parse_puzzle(line)
    board, _, state, status, solution = solve_state(p)
    rules = sudoku_rules(board, unique_givens(p, status))
    skipped = 0
    while state.n_open:
        step = next_step(state, rules)
        fresh = state.copy()
        fresh.quiet = {}
        assert next_step(fresh, rules) == step
        skipped += sum(1 for k in state.quiet if isinstance(k[0], tuple))
        if step is None:
            step = guess(state, solution)  # as the explanation does
        state.apply(step)
    assert skipped  # the record was kept
