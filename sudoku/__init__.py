"""Sudoku on top of `dlx`: puzzles, their text formats, solving and making them.

Read puzzles with `read_puzzles` (streaming, any supported format), write them
with `format_line` or `format_grid`; solve, count, check uniqueness and list
candidates with `solve`, `count`, `check`, `candidates` and, for files of
puzzles, `solve_all` (all from `sudoku.solver`); make puzzles with `generate`,
`minimize` and `grade` (from `sudoku.generator` and `sudoku.grading`); explain
puzzles step by step with `explain` and `hint` (`sudoku.logic`) and rate them by
the techniques a person needs with `rate` (`sudoku.logic`), or make puzzles of a
rating level with `generate_rated` (`sudoku.generator.rated`); draw them with
`render_text` and `render_svg` (from `sudoku.render`; puzzles also show as pictures in
Jupyter).  The solver, the generator and the logic are loaded on first use, so
importing this package does not import numba.
"""

from typing import TYPE_CHECKING, Any

from .checker import check_givens, find_clashes, validate_solution
from .errors import GridTooLargeError, PuzzleError
from .formats import (
    format_candidates,
    format_grid,
    format_line,
    format_regions,
    parse_puzzle,
    parse_puzzles,
    puzzle_to_dict,
    read_blocks,
    read_puzzles,
    to_json,
)
from .grid import (
    VARIANTS,
    Clash,
    Puzzle,
    cell_name,
    check_regions,
    default_box,
    houses,
    parse_box,
    variant_rule,
)

__all__ = [
    "Clash", "GridTooLargeError", "Puzzle", "PuzzleError", "VARIANTS", "cell_name",
    "check_givens", "check_regions", "default_box", "find_clashes", "format_candidates",
    "format_grid", "format_line", "format_regions", "houses", "parse_box", "parse_puzzle",
    "parse_puzzles", "puzzle_to_dict", "read_blocks", "read_puzzles", "to_json",
    "validate_solution", "variant_rule",
]

from dlx import __version__  # noqa: E402  (one version for the whole distribution)


def _draw_svg(puzzle: Puzzle) -> str:
    """A puzzle's picture for Jupyter (`Puzzle._repr_svg_`), loading the renderer on
    first use so that importing the package does not."""
    from .render import render_svg

    return render_svg(puzzle)


Puzzle._drawer = _draw_svg

_LAZY = {
    "solve": "solver", "count": "solver", "check": "solver", "candidates": "solver",
    "solve_all": "solver", "PuzzleResult": "solver", "Candidates": "solver",
    "ResultBlock": "results", "PuzzleBlock": "formats.bulk",
    "problem_for": "solver",
    "generate": "generator", "generate_many": "generator", "minimize": "generator",
    "is_minimal": "generator", "Generated": "generator", "GenerationError": "generator",
    "grade": "grading", "Grade": "grading",
    "render_svg": "render", "render_text": "render",
    "rate": "logic", "Rating": "logic", "generate_rated": "generator.rated",
    "explain": "logic", "hint": "logic", "Explanation": "logic", "Hint": "logic",
}
# Spelt out (not *_LAZY) so that type checkers see them exported; a test checks they agree.
__all__ += [
    "__version__", "solve", "count", "check", "candidates", "solve_all", "PuzzleResult",
    "Candidates", "ResultBlock", "PuzzleBlock", "problem_for", "generate", "generate_many",
    "minimize", "is_minimal", "Generated", "GenerationError", "grade", "Grade", "render_svg",
    "render_text", "rate", "Rating", "generate_rated", "explain", "hint", "Explanation", "Hint",
]

if TYPE_CHECKING:  # the names of _LAZY, for type checkers
    from .formats.bulk import PuzzleBlock
    from .generator import (
        Generated,
        GenerationError,
        generate,
        generate_many,
        is_minimal,
        minimize,
    )
    from .generator.rated import generate_rated
    from .grading import Grade, grade
    from .logic import Explanation, Hint, Rating, explain, hint, rate
    from .render import render_svg, render_text
    from .results import ResultBlock
    from .solver import (
        Candidates,
        PuzzleResult,
        candidates,
        check,
        count,
        problem_for,
        solve,
        solve_all,
    )


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'sudoku' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
