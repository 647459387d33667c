"""The operations beneath both front ends (the ``sudoku`` commands and ``sudoku serve``).

One function per operation -- `solve`, `check`, `count`, `candidates`,
`explain`, `hint`, `rate`, `grade`, `generate`, `minimize`, `show` -- takes
validated parameters and yields plain result records
(`sudoku.operations.records`), which one writer per format
(`sudoku.operations.writers`: line, grid, json, csv) turns into text.  The
CLI prints what the writers give; the web app serves the records' fields.

The front ends import this package at start-up, so nothing here imports
numpy or numba at module level: the library is imported inside the
functions (``--help`` and ``--version`` must not load numba).
"""

from __future__ import annotations

from .explaining import Late, explain, explain_one, grade, hint, hint_one, rate
from .making import generate, generate_one, minimize
from .records import Record
from .searching import candidates, check, count, search_one, show, solve
from .writers import WRITERS, writer

__all__ = ["COUNT_COLUMNS", "DIFFICULTY_NAMES", "GRADE_COLUMNS", "GRADE_NAMES", "RATE_COLUMNS",
           "SOLVE_COLUMNS", "SYMMETRY_NAMES", "WRITERS", "Late", "Record", "candidates", "check",
           "count", "explain", "explain_one", "generate", "generate_one", "grade", "hint",
           "hint_one", "minimize", "rate", "search_one", "show", "solve", "writer"]

# The choices of generate's options, as sudoku.generator.SYMMETRIES,
# sudoku.grading.LEVELS and sudoku.logic.DIFFICULTIES name them (repeated so that a
# front end's start-up imports no numpy; the tests check they agree).
SYMMETRY_NAMES = ("none", "rotate180", "rotate90", "mirror", "diagonal")
GRADE_NAMES = ("singles", "easy-search", "hard-search")
DIFFICULTY_NAMES = ("easy", "medium", "hard", "expert", "extreme")

# The columns of --format csv: the fields of the JSON object of the same name.  An
# invalid puzzle's row has its message under "error" (empty in the others).
SOLVE_COLUMNS = ("index", "puzzle", "status", "solution", "nodes", "seconds", "error")
COUNT_COLUMNS = ("index", "puzzle", "status", "count", "nodes", "seconds", "error")
GRADE_COLUMNS = ("index", "puzzle", "status", "grade", "singles", "filled_by_singles",
                 "guesses", "branch_points", "nodes", "seconds", "error")
RATE_COLUMNS = ("index", "puzzle", "status", "score", "level", "hardest", "guesses", "steps",
                "error")
