"""A grid drawn as an SVG picture.

The document has a fixed structure, so that a page or a program can style
it and find its parts:

* ``<svg class="sudoku" data-size="9" data-variant="x">`` with a ``<title>``;
* ``<g class="cells">``: one ``<rect class="cell ..." data-cell="i">`` per cell
  (``i`` counts cells row by row from 0), whose extra classes say what the
  cell is in: ``diagonal``, ``anti-diagonal``, ``window``, ``region-K`` (a
  jigsaw region's colour) and the highlight's classes (``highlight``);
* ``<g class="lines">``: a ``<path class="cell-lines">`` between all cells and
  a ``<path class="borders">`` along the box or region borders and the frame;
* ``<g class="digits">``: one ``<text class="given">`` or
  ``<text class="filled">`` per value, with ``data-cell``;
* ``<g class="candidates">``: one ``<text class="candidate">`` per pencil mark,
  with ``data-cell`` and ``data-value``; an eliminated one has the classes
  ``candidate eliminated`` and a ``<line class="strike">`` through it, a marked
  one (a technique's digit) the classes ``candidate marked``.

Colours, weights and sizes are presentation attributes, which any CSS rule on
these classes overrides.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from ._model import Scene, mini_shape, prepare

if TYPE_CHECKING:
    from ..shapes import GridLike, PuzzleLike
    from ..solver import Candidates

__all__ = ["render_svg"]

INK = {"given": "#000000", "filled": "#3b73b9", "candidate": "#555555",
       "eliminated": "#c0392b", "marked": "#1e8449", "cell-lines": "#9a9a9a", "borders": "#000000"}
FILL = {"cell": "#ffffff", "highlight": "#ffe27a", "diagonal": "#dfe8f5",
        "window": "#dcdcdc"}
# Jigsaw regions in light tints; neighbouring regions get different ones.
REGION_TINTS = ("#fbe3e3", "#e3f1fb", "#e6f6e0", "#fdf3d6", "#ece3f7", "#dff4f1",
                "#f7e6d9", "#eeeeee")
_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
_DIGIT_WIDTH = 0.6  # a digit's advance in these fonts, in ems (at most)


def render_svg(puzzle: PuzzleLike, solution: GridLike | None = None, *,
               candidates: Sequence[Iterable[int]] | Candidates | None = None,
               highlight: Iterable[int] | Mapping[int, str] | None = None,
               eliminated: Iterable[tuple[int, int]] | None = None,
               marked: Iterable[tuple[int, int]] | None = None,
               cell_size: float = 40, title: str | None = None) -> str:
    """A puzzle drawn as an SVG document: givens bold, solution lighter, pencil marks small.

    Box or region borders and the frame are thick, the other cell borders thin;
    the cells of X diagonals are tinted blue, Windoku windows grey, a jigsaw's
    regions each in a light colour.  The module docstring of `sudoku.render.svg`
    describes the document's structure (classes and ``data-`` attributes).

    Parameters
    ----------
    puzzle : Puzzle, str, rows or numpy.ndarray
        The puzzle, in any form the API takes (`sudoku.shapes`).
    solution : sequence of int, rows or numpy.ndarray, optional
        ``n * n`` values row by row (0 for none), or the grid in the shape
        `sudoku.solve` gives it back, drawn lighter in the cells the puzzle
        leaves blank; it must agree with the givens.
    candidates : sequence of iterables of int, or sudoku.Candidates, optional
        Pencil marks of each cell, drawn small in the cells that hold no value, each
        value at its own place (1 top left to 9 bottom right on 9x9); default: a
        pencil-mark puzzle's own.
    highlight : iterable of int, or mapping of int to str, optional
        Cells (0-based, row-major) to highlight: a set of cells gets the class
        ``highlight`` (and a yellow fill); a mapping gives each cell its own class
        names (and the same fill, which CSS can change by class).
    eliminated : iterable of (cell, value), optional
        Candidates to draw struck out in red (drawn even if not in ``candidates``).
    marked : iterable of (cell, value), optional
        Candidates to pick out in bold green, such as the digits a technique
        works with (drawn even if not in ``candidates``; eliminated wins).
    cell_size : float
        Width of a cell in SVG units (the picture is about ``n * cell_size`` wide).
    title : str, optional
        The picture's ``<title>`` (default: the puzzle's name, or its size and variant).

    Returns
    -------
    str
        The document, ``<svg ...>`` to ``</svg>``, one element a line (no XML
        declaration, so it can go inside an HTML page as it is).

    Raises
    ------
    PuzzleError
        An argument does not fit the puzzle (see `render_text`).

    Notes
    -----
    Cost: O(n^2) elements, O(n^3) with pencil marks.

    Examples
    --------
    >>> svg = render_svg("1..." "..2." ".3.." "...4", cell_size=30)
    >>> svg.splitlines()[1]
    '<title>4x4 standard sudoku</title>'
    >>> svg.count('<text class="given"'), svg.count('<rect class="cell"')
    (4, 16)
    """
    if not cell_size > 0:
        raise ValueError(f"cell_size must be positive, not {cell_size!r}")
    scene = prepare(puzzle, solution, candidates, highlight, eliminated, marked)
    return "\n".join(_document(scene, float(cell_size), title))


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _tints(scene: Scene) -> dict[int, int]:
    """A tint for each jigsaw region, greedily unlike its neighbours' (wrapping around
    the palette if a region has more neighbours than there are tints)."""
    n = scene.n
    touching: dict[int, set[int]] = {r: set() for r in scene.regions}
    for i, r in enumerate(scene.regions):
        row, col = divmod(i, n)
        for other in (scene.region(row + 1, col), scene.region(row, col + 1)):
            if other not in (-1, r):
                touching[r].add(other)
                touching[other].add(r)
    tint: dict[int, int] = {}
    for r in sorted(touching, key=lambda r: -len(touching[r])):
        used = {tint[o] for o in touching[r] if o in tint}
        free = [k for k in range(len(REGION_TINTS)) if k not in used]
        tint[r] = free[0] if free else r % len(REGION_TINTS)
    return tint


def _cells(scene: Scene, s: float, m: float) -> list[str]:
    n = scene.n
    tints = _tints(scene) if scene.puzzle.regions is not None else {}
    out = ['<g class="cells">']
    for i in range(n * n):
        row, col = divmod(i, n)
        classes = ["cell"]
        fill = FILL["cell"]
        if i in scene.extra:
            classes.append(scene.extra[i])
            fill = FILL.get(scene.extra[i].split()[0].replace("anti-", ""), FILL["window"])
        if tints:
            k = tints[scene.regions[i]]
            classes.append(f"region-{k}")
            fill = REGION_TINTS[k]
        if i in scene.highlight:
            classes.append(scene.highlight[i])
            fill = FILL["highlight"]
        out.append(f'<rect class="{" ".join(classes)}" data-cell="{i}" x="{_num(m + col * s)}" '
                   f'y="{_num(m + row * s)}" width="{_num(s)}" height="{_num(s)}" '
                   f'fill="{fill}"/>')
    out.append("</g>")
    return out


def _lines(scene: Scene, s: float, m: float) -> list[str]:
    n = scene.n
    region = scene.region
    end = _num(m + n * s)
    thin = [f"M{_num(m + k * s)} {_num(m)}V{end}" for k in range(1, n)]
    thin += [f"M{_num(m)} {_num(m + k * s)}H{end}" for k in range(1, n)]
    thick = []
    for k in range(n + 1):
        # Runs of border along the vertical line x = k and the horizontal line y = k.
        for vertical in (True, False):
            start = None
            for t in range(n + 1):
                here = t < n and (region(t, k - 1) != region(t, k) if vertical
                                  else region(k - 1, t) != region(k, t))
                if here and start is None:
                    start = t
                elif not here and start is not None:
                    a, b, c = _num(m + k * s), _num(m + start * s), _num(m + t * s)
                    thick.append(f"M{a} {b}V{c}" if vertical else f"M{b} {a}H{c}")
                    start = None
    width = max(2.0, s * 0.075)
    return ['<g class="lines" fill="none">',
            f'<path class="cell-lines" d="{"".join(thin)}" stroke="{INK["cell-lines"]}" '
            f'stroke-width="{_num(max(1.0, s / 40))}"/>',
            f'<path class="borders" d="{"".join(thick)}" stroke="{INK["borders"]}" '
            f'stroke-width="{_num(width)}" stroke-linecap="square"/>',
            "</g>"]


def _text(kind: str, i: int, x: float, y: float, size: float, text: str,
          extra: str = "") -> str:
    weight = ' font-weight="bold"' if kind in ("given", "marked") else ""
    classes = f"candidate {kind}" if kind in ("eliminated", "marked") else kind
    # y is the baseline: a digit's middle is about 0.36 em above it.
    return (f'<text class="{classes}" data-cell="{i}"{extra} x="{_num(x)}" '
            f'y="{_num(y + 0.36 * size)}" font-size="{_num(size)}"{weight} '
            f'fill="{INK[kind]}">{escape(text)}</text>')


def _digits(scene: Scene, s: float, m: float) -> list[str]:
    n = scene.n
    chars = len(scene.symbol(n))
    size = s * min(0.62, 0.8 / (_DIGIT_WIDTH * chars))
    out = ['<g class="digits" text-anchor="middle">']
    for i, v in enumerate(scene.values):
        if v:
            row, col = divmod(i, n)
            out.append(_text("given" if scene.given[i] else "filled", i,
                             m + (col + 0.5) * s, m + (row + 0.5) * s, size, scene.symbol(v)))
    out.append("</g>")
    return out


def _candidates(scene: Scene, s: float, m: float) -> list[str]:
    if scene.marks is None:
        return []
    n = scene.n
    rows, cols = mini_shape(n)
    chars = len(scene.symbol(n))
    w, h = s / cols, s / rows
    size = min(h * 0.72, w * 0.85 / (_DIGIT_WIDTH * chars))
    out = ['<g class="candidates" text-anchor="middle">']
    for i, marks in enumerate(scene.marks):
        row, col = divmod(i, n)
        for v in marks:
            x = m + col * s + ((v - 1) % cols + 0.5) * w
            y = m + row * s + ((v - 1) // cols + 0.5) * h
            struck = v in scene.struck[i]
            kind = ("eliminated" if struck else
                    "marked" if scene.marked and v in scene.marked[i] else "candidate")
            out.append(_text(kind, i, x, y, size, scene.symbol(v), f' data-value="{v}"'))
            if struck:
                half = w * 0.42
                out.append(f'<line class="strike" data-cell="{i}" data-value="{v}" '
                           f'x1="{_num(x - half)}" y1="{_num(y + h * 0.3)}" '
                           f'x2="{_num(x + half)}" y2="{_num(y - h * 0.3)}" '
                           f'stroke="{INK["eliminated"]}" stroke-width="{_num(max(1, s / 40))}"/>')
    out.append("</g>")
    return out


def _document(scene: Scene, s: float, title: str | None) -> list[str]:
    n = scene.n
    p = scene.puzzle
    m = max(2.0, s * 0.075)  # room for half the frame's line
    side = _num(n * s + 2 * m)
    if title is None:
        title = p.name or f"{n}x{n} {p.variant} sudoku"
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="sudoku" data-size="{n}" '
            f'data-variant={quoteattr(p.variant)} width="{side}" height="{side}" '
            f'viewBox="0 0 {side} {side}" font-family="{_FONT}" role="img">')
    return [head, f"<title>{escape(title)}</title>",
            *_cells(scene, s, m), *_lines(scene, s, m), *_digits(scene, s, m),
            *_candidates(scene, s, m), "</svg>"]
