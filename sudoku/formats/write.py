"""Writers: a puzzle or grid as one line, a pretty grid, a region map, pencil marks, JSON, CSV."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from math import isqrt
from typing import TYPE_CHECKING, Any

from ..errors import PuzzleError
from ..grid import SYMBOLS, Puzzle, default_box
from ..shapes import as_puzzle, grid_cells
from .lines import _MAX_SYMBOL_SIZE

if TYPE_CHECKING:
    from ..shapes import GridLike, PuzzleLike


def _shape(count: int, box_rows: int | None, box_cols: int | None,
           regions) -> tuple[int, int, int]:
    """Size and box shape of a grid of ``count`` cells (default box if not given)."""
    n = isqrt(count)
    if n * n != count:
        raise PuzzleError(f"{count} cells do not make a square grid")
    if box_rows is None or box_cols is None:
        try:
            box_rows, box_cols = default_box(n)
        except PuzzleError:
            if regions is None:
                raise
            box_rows, box_cols = 1, n
    return n, box_rows, box_cols


def _unpack(cells, box_rows=None, box_cols=None, regions=None):
    """Cells, size, box shape and regions of a grid (`sudoku.shapes.grid_cells`): a
    Puzzle's own, or the separate arguments'."""
    if isinstance(cells, Puzzle):
        return cells.cells, cells.size, cells.box_rows, cells.box_cols, cells.regions
    box = None if box_rows is None or box_cols is None else (box_rows, box_cols)
    values, p = grid_cells(cells, box, regions)
    if p is not None:  # text, rows or an array: the puzzle they make
        return values, p.size, p.box_rows, p.box_cols, p.regions
    return (values, *_shape(len(values), box_rows, box_cols, regions), regions)


def _symbol(v: int, n: int) -> str:
    if not v:
        return "."
    return SYMBOLS[v - 1] if n <= _MAX_SYMBOL_SIZE else str(v)


def format_line(cells: GridLike, n: int | None = None) -> str:
    """A grid as one line: ``n*n`` symbols (``.`` for blanks), or above 35x35,
    ``n*n`` numbers separated by spaces (``0`` for blanks).

    A Puzzle with candidates is written in the pencil-mark (Sukaku) form:
    ``n`` symbols a cell, the value where it is a candidate and ``.`` where not.

    Parameters
    ----------
    cells : sequence of int, Puzzle, str, rows or numpy.ndarray
        The grid, row by row (0 for a blank); or a puzzle in any form the
        API takes (`sudoku.shapes`), such as `sudoku.solve`'s result for
        rows.
    n : int, optional
        Size (default: the square root of the number of cells).

    Raises
    ------
    PuzzleError
        Not a square grid, or a value that is not from 0 to ``n``.
    TypeError
        ``cells`` is none of the above.

    Notes
    -----
    Cost: O(n^2).

    Examples
    --------
    >>> format_line([1, 0, 0, 2, 0, 0, 1, 0, 0, 1, 0, 0, 2, 0, 0, 1])
    '1..2..1..1..2..1'
    """
    values: Sequence[Any]
    if isinstance(cells, Puzzle):
        if cells.candidates is not None:
            return _sukaku_line(cells)
        if cells.size <= _MAX_SYMBOL_SIZE:
            return cells._packed.translate(_SYMBOL_TABLE).decode("ascii")  # (checked)
        values, n = cells.cells, cells.size
    elif not isinstance(cells, (tuple, list)) or (cells and not isinstance(cells[0], int)):
        values, n = _unpack(cells)[:2]  # text, rows, an array: the one input rule
    else:
        values = cells
        if n is None:
            n = isqrt(len(values))
    if n > _MAX_SYMBOL_SIZE:
        return " ".join(map(str, grid_cells(values)[0]))
    # C-level passes (this runs once per puzzle of a batch): values are bytes, checked
    # by deleting the valid ones, mapped to their symbols by a table.
    try:
        packed = bytes(values)
    except (TypeError, ValueError):
        packed = b""
    if len(packed) != n * n or not packed or packed.translate(None, _VALUES[n]):
        checked = grid_cells(values)[0]  # not n * n values from 0 to n: raises, naming one
        if len(checked) != n * n:
            raise PuzzleError(f"a {n}x{n} grid has {n * n} cells, not {len(checked)}")
        packed = bytes(checked)
    return packed.translate(_SYMBOL_TABLE).decode("ascii")


def _sukaku_line(puzzle: Puzzle) -> str:
    """The pencil-mark form: each cell's ``n`` symbols, the value where it is a candidate
    and ``.`` where not (a given is written as its only candidate)."""
    n = puzzle.size
    if n > _MAX_SYMBOL_SIZE:
        raise PuzzleError(f"a {n}x{n} puzzle with candidates has no one-line form")
    assert puzzle.candidates is not None
    out = []
    for given, values in zip(puzzle.cells, puzzle.candidates, strict=True):
        marks = ["."] * n
        for v in ((given,) if given else values):
            marks[v - 1] = SYMBOLS[v - 1]
        out.append("".join(marks))
    return "".join(out)


_SYMBOL_TABLE = bytes.maketrans(bytes(range(_MAX_SYMBOL_SIZE + 1)),
                                ("." + SYMBOLS[:_MAX_SYMBOL_SIZE]).encode("ascii"))
_VALUES = [bytes(range(n + 1)) for n in range(_MAX_SYMBOL_SIZE + 1)]  # 0..n, by size


def _layout(texts: Sequence[str], n: int, box_rows: int, box_cols: int, boxes: bool,
            left: bool = False) -> str:
    """Rows of padded cell texts, with box bars and lines when ``boxes``."""
    width = max(len(t) for t in texts)
    padded = [t.ljust(width) if left else t.rjust(width) for t in texts]
    group = box_cols * width + box_cols - 1
    rule = "+".join(["-" * (group + 2)] * (n // box_cols))[1:-1]
    out = []
    for r in range(n):
        row = padded[r * n:(r + 1) * n]
        if boxes:
            if r and r % box_rows == 0:
                out.append(rule)
            text = " | ".join(" ".join(row[c:c + box_cols]) for c in range(0, n, box_cols))
        else:
            text = " ".join(row)
        out.append(text.rstrip())
    return "\n".join(out)


def format_grid(cells: GridLike, box_rows: int | None = None, box_cols: int | None = None,
                regions: Sequence[int] | None = None) -> str:
    """A grid as ``n`` rows, with ``|`` between boxes and ``-+-`` lines between box rows.

    Values are symbols (numbers, right-aligned, above 35x35); blanks are ``.``.
    A jigsaw (``regions`` given) is written as plain spaced rows.  The result
    reads back with :func:`parse_puzzle`.

    Parameters
    ----------
    cells : sequence of int, Puzzle, str, rows or numpy.ndarray
        The grid, row by row (0 for a blank); a Puzzle brings its own box
        shape and regions.  Or a puzzle in any form the API takes
        (`sudoku.shapes`), such as `sudoku.solve`'s result for rows.
    box_rows, box_cols : int, optional
        Box shape (default: :func:`~sudoku.grid.default_box`).
    regions : sequence of int, optional
        Jigsaw region map.

    Raises
    ------
    PuzzleError
        Not a square grid, or a value that is not from 0 to ``n``.
    TypeError
        ``cells`` is none of the above.

    Notes
    -----
    Cost: O(n^2).

    Examples
    --------
    >>> print(format_grid([1, 2, 0, 0, 0, 0, 1, 2, 2, 1, 0, 0, 0, 0, 2, 1]))
    1 2 | . .
    . . | 1 2
    ----+----
    2 1 | . .
    . . | 2 1
    """
    cells, n, box_rows, box_cols, regions = _unpack(cells, box_rows, box_cols, regions)
    return _layout([_symbol(v, n) for v in cells], n, box_rows, box_cols, regions is None)


def format_regions(regions: Sequence[int], n: int | None = None, *, rows: bool = False) -> str:
    """A region map as symbols: ids 0.. become ``A``, ``B``, ... (sizes up to 26, then 1-9, A-Z).

    Parameters
    ----------
    regions : sequence of int
        ``n*n`` region ids.
    n : int, optional
        Size (default: the square root of the length).
    rows : bool
        Write ``n`` rows (for a ``regions:`` block) instead of one line.

    Notes
    -----
    Cost: O(n^2).

    Examples
    --------
    >>> format_regions([0, 0, 1, 1] * 2 + [2, 2, 3, 3] * 2)
    'AABBAABBCCDDCCDD'
    """
    ids = list(regions)
    n = n or isqrt(len(ids))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if n <= 26 else SYMBOLS
    if n > len(alphabet):
        raise PuzzleError(f"a {n}x{n} region map has more regions than symbols")
    text = "".join(alphabet[r] for r in ids)
    return "\n".join(text[i:i + n] for i in range(0, n * n, n)) if rows else text


def format_candidates(candidates: Sequence[Iterable[int]], box_rows: int | None = None,
                      box_cols: int | None = None, regions: Sequence[int] | None = None) -> str:
    """A pencil-mark grid: each cell lists its candidate values.

    Cells are padded to the widest cell and laid out like :func:`format_grid`.
    A cell with no candidate shows ``-``.  Above 35x35 the values are numbers
    joined by commas.

    Parameters
    ----------
    candidates : sequence of iterables of int
        ``n*n`` collections of values (sets, sorted tuples, ...).
    box_rows, box_cols : int, optional
        Box shape (default: :func:`~sudoku.grid.default_box`).
    regions : sequence of int, optional
        Jigsaw region map: no box lines are drawn.

    Notes
    -----
    Cost: O(n^3).

    Examples
    --------
    >>> print(format_candidates([{1}, {2, 3}, {2, 3}, {4}] + [{1, 2, 3, 4}] * 12))
    1    23   | 23   4
    1234 1234 | 1234 1234
    ----------+----------
    1234 1234 | 1234 1234
    1234 1234 | 1234 1234
    """
    cells = [sorted(c) for c in candidates]
    n, box_rows, box_cols = _shape(len(cells), box_rows, box_cols, regions)
    if n <= _MAX_SYMBOL_SIZE:
        texts = ["".join(SYMBOLS[v - 1] for v in c) or "-" for c in cells]
    else:
        texts = [",".join(map(str, c)) or "-" for c in cells]
    return _layout(texts, n, box_rows, box_cols, regions is None, left=True)


def puzzle_to_dict(puzzle: PuzzleLike) -> dict[str, Any]:
    """A puzzle (in any form the API takes: `sudoku.shapes`) as plain data (for JSON).

    Notes
    -----
    Cost: O(n^2).

    Examples
    --------
    >>> puzzle_to_dict(Puzzle(2, 2, [0] * 16))["box"]
    [2, 2]
    """
    puzzle = as_puzzle(puzzle)
    return {
        "size": puzzle.size, "box": [puzzle.box_rows, puzzle.box_cols],
        "variant": puzzle.variant, "givens": puzzle.n_givens, "cells": list(puzzle.cells),
        "regions": None if puzzle.regions is None else list(puzzle.regions),
        "name": puzzle.name, "source": puzzle.source, "line": puzzle.line,
    }


def _json_default(obj):
    if isinstance(obj, Puzzle):
        return puzzle_to_dict(obj)
    if isinstance(obj, PuzzleError):
        return {"error": obj.message, "source": obj.source, "line": obj.line,
                "column": obj.column, "cell": obj.cell}
    if isinstance(obj, (set, frozenset)):
        return sorted(obj)
    if hasattr(obj, "tolist"):  # numpy arrays and scalars
        return obj.tolist()
    raise TypeError(f"{type(obj).__name__} is not JSON serialisable")


def to_json(obj, **kwargs) -> str:
    """JSON text of ``obj``, also handling puzzles, puzzle errors, sets and numpy values.

    Parameters
    ----------
    obj : any
        Plain data, possibly holding Puzzle, PuzzleError, set and numpy objects.
    **kwargs
        Passed to :func:`json.dumps` (e.g. ``indent``).

    Notes
    -----
    Cost: O(size of obj).

    Examples
    --------
    >>> to_json({"candidates": {3, 1}})
    '{"candidates": [1, 3]}'
    """
    return json.dumps(obj, default=_json_default, **kwargs)



def csv_line(values: Iterable) -> str:
    """One CSV record, without its line end.

    Written by the standard :mod:`csv` module: a field holding a comma, a
    quote or a line break is quoted, its quotes doubled.  ``None`` is an
    empty field and a bool is ``true`` or ``false`` (as in JSON).

    Notes
    -----
    Cost: O(length of the record).

    Examples
    --------
    >>> print(csv_line([0, "a,b", None, True, 'a "b" c']))
    0,"a,b",,true,"a ""b"" c"
    """
    buf = io.StringIO()
    # With its default line end, "\r\n", the writer quotes a field holding either
    # character; the line end itself is the caller's.
    csv.writer(buf).writerow(
        ("true" if v else "false") if isinstance(v, bool) else v for v in values)
    return buf.getvalue()[:-2]


def csv_row(record: Mapping[str, Any], columns: Sequence[str]) -> str:
    """The fields ``columns`` of ``record`` (e.g. a result's JSON object) as one CSV record.

    A column the record lacks is an empty field; with ``csv_line(columns)``
    as the header, one record per line makes a CSV table.

    Notes
    -----
    Cost: O(length of the record).

    Examples
    --------
    >>> csv_row({"index": 3, "status": "invalid", "error": "bad"}, ["index", "status", "nodes"])
    '3,invalid,'
    """
    return csv_line(record.get(c) for c in columns)
