"""A grid drawn with box-drawing characters, for a terminal.

Borders are drawn wherever two neighbouring cells lie in different regions
(boxes, or a jigsaw's regions) and around the grid, so a jigsaw's irregular
regions show the same way boxes do.  Without pencil marks a cell is one
symbol wide; with them every cell is a little grid holding each candidate at
a fixed place (1 top left, 9 bottom right on 9x9) and a value in its middle.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import click

from ._model import Scene, mini_shape, prepare

if TYPE_CHECKING:
    from ..shapes import GridLike, PuzzleLike
    from ..solver import Candidates

__all__ = ["render_text"]

# Box-drawing junctions by the arms they have: (up, down, left, right).
_JUNCTIONS = {
    (0, 0, 0, 0): " ", (1, 1, 0, 0): "│", (0, 0, 1, 1): "─",
    (0, 1, 0, 1): "┌", (0, 1, 1, 0): "┐", (1, 0, 0, 1): "└", (1, 0, 1, 0): "┘",
    (1, 1, 0, 1): "├", (1, 1, 1, 0): "┤", (0, 1, 1, 1): "┬", (1, 0, 1, 1): "┴",
    (1, 1, 1, 1): "┼",
    (1, 0, 0, 0): "╵", (0, 1, 0, 0): "╷", (0, 0, 1, 0): "╴", (0, 0, 0, 1): "╶",
}
_ASCII = str.maketrans("│─┌┐└┘├┤┬┴┼╵╷╴╶", "|-+++++++++||--")

# Styles when colour is on (click.style arguments).
_STYLE: dict[str, dict[str, Any]] = {
    "given": {"bold": True},
    "filled": {"fg": "cyan"},
    "mark": {"dim": True},
    "struck": {"fg": "red", "strikethrough": True},
}
_BACKGROUND = {"highlight": "yellow", "extra": "bright_black"}


def render_text(puzzle: PuzzleLike, solution: GridLike | None = None, *,
                candidates: Sequence[Iterable[int]] | Candidates | None = None,
                highlight: Iterable[int] | Mapping[int, str] | None = None,
                eliminated: Iterable[tuple[int, int]] | None = None, color: bool = False,
                ascii: bool = False) -> str:
    """A puzzle drawn as text: its grid with box (or region) borders.

    Parameters
    ----------
    puzzle : Puzzle, str, rows or numpy.ndarray
        The puzzle, in any form the API takes (`sudoku.shapes`); its givens
        are drawn, blanks as ``.``.
    solution : sequence of int, rows or numpy.ndarray, optional
        ``n * n`` values row by row (0 for none), or the grid in the shape
        `sudoku.solve` gives it back, drawn in the cells the puzzle leaves
        blank; it must agree with the givens.
    candidates : sequence of iterables of int, or sudoku.Candidates, optional
        Pencil marks of each cell, drawn in the cells that hold no value
        (default: a pencil-mark puzzle's own).
    highlight : iterable of int, or mapping of int to str, optional
        Cells (0-based, row-major) to highlight; with colour only.
    eliminated : iterable of (cell, value), optional
        Candidates to show as eliminated (struck out in red with colour, left
        out without).
    color : bool
        Colour with ANSI codes: givens bold, solution values cyan, pencil marks
        dim, the cells of X diagonals and Windoku windows on grey.  Without
        colour, the blank cells of those extra houses show ``*`` instead of ``.``.
    ascii : bool
        Draw the lines with ``|``, ``-`` and ``+`` instead of box-drawing characters.

    Returns
    -------
    str
        The lines of the drawing, without a final newline.

    Raises
    ------
    PuzzleError
        An argument does not fit the puzzle (wrong number of cells, a value out of
        range, a solution that changes a given, a cell outside the grid).

    Notes
    -----
    Cost: O(n^2) cells, O(n^3) with pencil marks.

    Examples
    --------
    >>> print(render_text("1..." "..2." ".3.." "...4"))
    ┌─────┬─────┐
    │ 1 . │ . . │
    │ . . │ 2 . │
    ├─────┼─────┤
    │ . 3 │ . . │
    │ . . │ . 4 │
    └─────┴─────┘
    """
    scene = prepare(puzzle, solution, candidates, highlight, eliminated)
    text = "\n".join(_lines(scene, color))
    return text.translate(_ASCII) if ascii else text


def _style(text: str, color: bool, kind: str | None, background: str | None = None) -> str:
    if not color or (kind is None and background is None):
        return text
    return click.style(text, bg=background, **_STYLE.get(kind or "", {}))


def _cell_lines(scene: Scene, i: int, color: bool) -> list[str]:
    """The text of cell ``i``: one line, or the little grid of pencil marks."""
    n = scene.n
    width = len(scene.symbol(n))
    background = None
    if color:
        background = (_BACKGROUND["highlight"] if i in scene.highlight
                      else _BACKGROUND["extra"] if i in scene.extra else None)

    def paint(text: str, kind: str | None = None) -> str:
        return _style(text, color, kind, background)

    v = scene.values[i]
    kind = ("given" if scene.given[i] else "filled") if v else None
    if scene.marks is None:
        blank = "*" if i in scene.extra and not color else "."
        return [paint((scene.symbol(v) if v else blank).rjust(width), kind)]
    rows, cols = mini_shape(n)
    slots = [[paint(" " * width)] * cols for _ in range(rows)]
    if v:
        slots[rows // 2][cols // 2] = paint(scene.symbol(v).rjust(width), kind)
    for m in scene.marks[i]:
        struck = m in scene.struck[i]
        if not (struck and not color):
            slots[(m - 1) // cols][(m - 1) % cols] = paint(scene.symbol(m).rjust(width),
                                                          "struck" if struck else "mark")
    gap = paint(" ") if width > 1 else ""
    return [gap.join(row) for row in slots]


def _lines(scene: Scene, color: bool) -> list[str]:
    n = scene.n
    region = scene.region
    marks = scene.marks is not None
    cells = [_cell_lines(scene, i, color) for i in range(n * n)]
    height = len(cells[0])
    width = len(click.unstyle(cells[0][0]))

    def wall(r: int, k: int) -> bool:  # a border left of column k in row r
        return region(r, k - 1) != region(r, k)

    def floor(k: int, c: int) -> bool:  # a border above row k in column c
        return region(k - 1, c) != region(k, c)

    # A column of walls is three characters wide (" │ ") where some row has a wall
    # there, one (" ") where none has; a row of floors is drawn where some column has
    # one (and between all rows when cells hold pencil marks, to keep them apart).
    wide = [0 < k < n and any(wall(r, k) for r in range(n)) for k in range(n + 1)]
    drawn = [k in (0, n) or marks or any(floor(k, c) for c in range(n)) for k in range(n + 1)]

    # Cells of pencil marks are two spaces apart, so that the little grids stand apart.
    gap = 2 if marks else 1

    def boundary(k: int, middle: str, left: str, right: str) -> str:
        if k == 0:
            return middle + right
        if k == n:
            return left + middle
        return left + middle + right if wide[k] else middle * gap

    out = []
    for r in range(n + 1):
        if drawn[r]:
            parts = []
            for k in range(n + 1):
                up = r > 0 and wall(r - 1, k)
                down = r < n and wall(r, k)
                left = k > 0 and floor(r, k - 1)
                right = k < n and floor(r, k)
                junction = _JUNCTIONS[(up, down, left, right)]
                if not wide[k] and 0 < k < n:
                    junction = "─" if left and right else " "
                parts.append(boundary(k, junction, "─" if left else " ", "─" if right else " "))
                if k < n:
                    parts.append(("─" if right else " ") * width)
            out.append("".join(parts))
        if r == n:
            break
        for t in range(height):
            parts = []
            for k in range(n + 1):
                parts.append(boundary(k, "│" if wall(r, k) else " ", " ", " "))
                if k < n:
                    parts.append(cells[r * n + k][t])
            out.append("".join(parts))
    return out
