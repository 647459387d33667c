"""What a drawing shows, worked out once for both renderers (text and SVG).

`prepare` checks the arguments of `render_text` and `render_svg` and turns
them into a `Scene`: for each cell its region (a box, or a jigsaw's region),
the value drawn and whether it is given, the pencil marks, the struck-out
candidates, the CSS classes of a highlight and of the variant's extra houses.
Nothing here imports numpy or numba.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from math import isqrt

from ..errors import PuzzleError
from ..grid import SYMBOLS, Puzzle, cell_name, variant_rule
from ..shapes import as_puzzle, grid_cells

__all__ = ["Scene", "prepare", "symbol", "mini_shape"]

_CLASS = re.compile(r"-?[A-Za-z_][A-Za-z0-9_-]*\Z")


def symbol(v: int, n: int) -> str:
    """How the package writes value ``v`` of an ``n x n`` grid: ``1``-``9``, ``A``-``Z``,
    then numbers above 35x35 (as `sudoku.format_line` does)."""
    return SYMBOLS[v - 1] if n <= len(SYMBOLS) else str(v)


def mini_shape(n: int) -> tuple[int, int]:
    """Rows and columns of the little grid of pencil marks in a cell: value ``v`` sits at
    row ``(v - 1) // columns``, column ``(v - 1) % columns``.  3x3 for 9x9, 2x3 for 6x6."""
    cols = isqrt(n - 1) + 1 if n > 1 else 1
    return -(-n // cols), cols


@dataclass(frozen=True)
class Scene:
    """One grid as the renderers see it (cells numbered row-major from 0).

    ``values[i]`` is the value drawn in cell ``i`` (0: none), ``given[i]`` whether the
    puzzle gives it; ``marks[i]`` the pencil marks of an empty cell and ``struck[i]``
    those of them shown as eliminated, ``marked[i]`` those shown picked out (a
    technique's digits); ``highlight`` the class names of highlighted cells; ``extra``
    the class names of cells in a variant's extra houses (``"diagonal"``,
    ``"anti-diagonal"``, ``"window"``).
    """

    puzzle: Puzzle
    n: int
    regions: tuple[int, ...]
    values: tuple[int, ...]
    given: tuple[bool, ...]
    marks: tuple[tuple[int, ...], ...] | None
    struck: tuple[frozenset[int], ...]
    highlight: dict[int, str]
    extra: dict[int, str]
    marked: tuple[frozenset[int], ...] = ()

    def region(self, row: int, col: int) -> int:
        """Region of a cell; -1 outside the grid (so the frame is a border too)."""
        n = self.n
        if 0 <= row < n and 0 <= col < n:
            return self.regions[row * n + col]
        return -1

    def symbol(self, v: int) -> str:
        return symbol(v, self.n)


def _regions(p: Puzzle) -> tuple[int, ...]:
    if p.regions is not None:
        return tuple(p.regions)
    n, br, bc = p.size, p.box_rows, p.box_cols
    across = n // bc
    return tuple((i // n // br) * across + (i % n) // bc for i in range(n * n))


def _extra(p: Puzzle) -> dict[int, str]:
    rule = variant_rule(p.variant)
    found: dict[int, str] = {}
    if rule.extra_houses is None:
        return found
    for name, cells in rule.extra_houses(p.size):
        kind = name.split()[0]  # "diagonal", "anti-diagonal", "window 3" -> "window"
        for i in cells:
            found[i] = f"{found[i]} {kind}" if i in found else kind
    return found


def _cell(value, n: int, what: str) -> int:
    try:
        i = operator.index(value)
    except TypeError:
        raise TypeError(f"{what}: a cell is a 0-based row-major index, not "
                        f"{type(value).__name__}") from None
    if not 0 <= i < n * n:
        raise PuzzleError(f"{what}: cell {i} is outside a {n}x{n} grid (0 to {n * n - 1})")
    return i


def _value(value, i: int, n: int, what: str, blank: bool = False) -> int:
    try:
        v = operator.index(value)
    except TypeError:
        v = -1
    if not (0 if blank else 1) <= v <= n:
        low = 0 if blank else 1
        raise PuzzleError(f"{what}: {cell_name(i, n)} holds {value!r}; values run from {low} "
                          f"to {n}", cell=i)
    return v


def _solution(p: Puzzle, solution) -> tuple[int, ...]:
    n = p.size
    if solution is None:
        return tuple(p.cells)
    if not isinstance(solution, (list, tuple)) or (
            solution and not isinstance(solution[0], (int, type(None)))):
        # Rows, an array or text (as `sudoku.solve` gives it back for rows or arrays).
        solution = grid_cells(solution, (p.box_rows, p.box_cols), p.regions)[0]
    grid = list(solution)
    if len(grid) != n * n:
        raise PuzzleError(f"solution: {len(grid)} cells; a {n}x{n} grid has {n * n}")
    values = []
    for i, raw in enumerate(grid):
        v = _value(raw, i, n, "solution", blank=True)
        given = p.cells[i]
        if given and v != given:
            raise PuzzleError(f"solution: {cell_name(i, n)} is {v} but the puzzle gives "
                              f"{given}", cell=i)
        values.append(given or v)
    return tuple(values)


def _marks(p: Puzzle, candidates, values) -> tuple[tuple[int, ...], ...] | None:
    if candidates is None:
        candidates = p.candidates  # a pencil-mark (Sukaku) puzzle shows its own
    if candidates is None:
        return None
    n = p.size
    cells = list(getattr(candidates, "cells", candidates))  # a sudoku.Candidates, or a list
    if len(cells) != n * n:
        raise PuzzleError(f"candidates: {len(cells)} cells; a {n}x{n} grid has {n * n}")
    return tuple(() if values[i] else
                 tuple(sorted({_value(v, i, n, "candidates") for v in c}))
                 for i, c in enumerate(cells))


def _struck(p: Puzzle, eliminated, values, what: str = "eliminated"
            ) -> tuple[frozenset[int], ...]:
    n = p.size
    found: list[set[int]] = [set() for _ in range(n * n)]
    for pair in eliminated or ():
        try:
            cell, value = pair
        except (TypeError, ValueError):
            raise TypeError(f"{what}: expected (cell, value) pairs, not {pair!r}") from None
        i = _cell(cell, n, what)
        if not values[i]:
            found[i].add(_value(value, i, n, what))
    return tuple(map(frozenset, found))


def _highlight(n: int, highlight) -> dict[int, str]:
    if highlight is None:
        return {}
    if isinstance(highlight, Mapping):
        pairs: Iterable = highlight.items()
    else:
        pairs = ((cell, "highlight") for cell in highlight)
    found = {}
    for cell, names in pairs:
        i = _cell(cell, n, "highlight")
        words = str(names).split()
        bad = [w for w in words if not _CLASS.match(w)]
        if bad or not words:
            raise PuzzleError(f"highlight: {names!r} is not a list of CSS class names")
        found[i] = " ".join(words)
    return found


def prepare(puzzle, solution=None, candidates=None, highlight=None,
            eliminated=None, marked=None) -> Scene:
    """Check the renderers' arguments and work out what each cell shows.

    Raises
    ------
    PuzzleError
        A grid of the wrong size, a value out of range, a solution that changes a
        given, a cell outside the grid, a class name that is not one.
    TypeError
        An argument of the wrong kind.
    """
    p = as_puzzle(puzzle)
    n = p.size
    values = _solution(p, solution)
    marks = _marks(p, candidates, values)
    struck = _struck(p, eliminated, values)
    picked = _struck(p, marked, values, "marked")
    if marks is not None or any(struck) or any(picked):
        shown = marks or tuple(() for _ in values)
        marks = tuple(tuple(sorted(set(m) | s | k))
                      for m, s, k in zip(shown, struck, picked, strict=True))
        if not any(marks):
            marks = None  # every cell holds a value: nothing to pencil in
    return Scene(p, n, _regions(p), values, tuple(bool(v) for v in p.cells), marks, struck,
                 _highlight(n, highlight), _extra(p), picked)
