"""Sudoku on top of :mod:`dlx`: puzzles, their text formats, and (elsewhere) solving.

Read puzzles with :func:`read_puzzles` (streaming, any supported format), check
them with :func:`check_givens`, write them with :func:`format_line` or
:func:`format_grid`.
"""

from .errors import GridTooLargeError, PuzzleError
from .formats import (
    format_candidates,
    format_grid,
    format_line,
    format_regions,
    parse_puzzle,
    parse_puzzles,
    puzzle_to_dict,
    read_puzzles,
    to_json,
)
from .grid import (
    VARIANTS,
    Clash,
    Puzzle,
    cell_name,
    check_givens,
    check_regions,
    default_box,
    find_clashes,
    houses,
    parse_box,
    validate_solution,
    variant_rule,
)

__all__ = [
    "Clash", "GridTooLargeError", "Puzzle", "PuzzleError", "VARIANTS", "cell_name",
    "check_givens", "check_regions", "default_box", "find_clashes", "format_candidates",
    "format_grid", "format_line", "format_regions", "houses", "parse_box", "parse_puzzle",
    "parse_puzzles", "puzzle_to_dict", "read_puzzles", "to_json", "validate_solution",
    "variant_rule",
]
