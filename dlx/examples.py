"""Builders of classic exact-cover problems, for users, the docs and the benchmarks.

Each builder returns a :class:`dlx.Problem` whose options are labelled (the
problem is built from a dict ``{label: items}``), so a solution reads as the list
of labels of its options.  Item names are short strings that say what they stand
for (``"R3"``: row 3; ``"2,7"``: the cell in row 2, column 7; ``"v4"``: the value 4).

* :func:`queens` -- place n non-attacking queens (Knuth's formulation with
  secondary items for the diagonals).
* :func:`pentominoes` -- pack the twelve pentominoes into a 60-cell rectangle.
* :func:`polyomino_tiling` -- the generic packer behind :func:`pentominoes`.
* :func:`dominoes` -- domino tilings of a rectangle (count them with ``memo=True``).
* :func:`polyominoes` -- tilings by copies of some pieces, any number of each.
* :func:`langford` -- Langford pairings of 1..n.
* :func:`sudoku` -- a Sudoku puzzle in the textbook encoding.

The ``_*_spec`` helpers return the same problems in plain form ``(options,
primary, secondary)`` so the tests can check solutions without the engine.
There is no ``from_sets`` builder: ``Problem({name: subset, ...})`` already is one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from types import MappingProxyType

from dlx import validate
from dlx.errors import ProblemError

__all__ = ["queens", "pentominoes", "polyomino_tiling", "dominoes", "polyominoes", "langford",
           "sudoku", "PENTOMINOES", "POLYOMINO_SETS"]

Cell = tuple[int, int]
Placement = tuple[Cell, ...]
_Spec = tuple[dict, list, list]  # (options {label: items}, primary, secondary)


def _problem(spec: _Spec):
    from dlx.problem import Problem  # lazy: keeps `import dlx.examples` light

    options, primary, secondary = spec
    return Problem(options, primary=primary, secondary=secondary)


def _organ_pipe(n: int) -> list[int]:
    """0..n-1 from the middle outwards: 8 -> [3, 4, 2, 5, 1, 6, 0, 7]."""
    return sorted(range(n), key=lambda i: (abs(2 * i - (n - 1)), i))


# ---------------------------------------------------------------- N queens

def _queens_spec(n: int) -> _Spec:
    n = validate.whole("n", n, optional=False)
    primary = []
    for i in _organ_pipe(n):
        primary += [f"R{i}", f"C{i}"]
    secondary = [f"A{k}" for k in range(2 * n - 1)] + [f"B{k}" for k in range(2 * n - 1)]
    options = {(r, c): [f"R{r}", f"C{c}", f"A{r + c}", f"B{r - c + n - 1}"]
               for r in range(n) for c in range(n)}
    return options, primary, secondary


def queens(n: int):
    """The n-queens problem: n queens on an n x n board, no two attacking.

    Primary items ``R0..R{n-1}`` (rows) and ``C0..C{n-1}`` (columns), each covered
    exactly once; secondary items ``A{r+c}`` and ``B{r-c+n-1}`` (the 2n-1 diagonals
    of each direction), covered at most once.  One option per square, labelled
    ``(r, c)`` (0-based), holding its row, column and two diagonals.  The primary
    items are listed in Knuth's "organ-pipe" order (middle rows and columns first),
    which lets the minimum-remaining-values rule break ties towards the most
    constrained lines and shrinks the search tree.

    Known counts, n = 1..13: 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712.

    Parameters
    ----------
    n : int
        Board size, at least 1.

    Returns
    -------
    dlx.Problem
        2n primary items, 4n-2 secondary items, n*n options.

    Raises
    ------
    dlx.ProblemError
        If ``n`` is not a positive int.

    Cost
    ----
    Building: O(n^2).  Counting grows roughly like 6^(n/1.3); n = 12 takes
    about a second once the kernel is compiled.

    Examples
    --------
    >>> from dlx.examples import queens
    >>> p = queens(6)
    >>> p.count().count
    4
    >>> min(sorted(s) for s in p.solutions())    # queens as (row, column)
    [(0, 1), (1, 3), (2, 5), (3, 0), (4, 2), (5, 4)]
    """
    return _problem(_queens_spec(n))


# ---------------------------------------------------------------- polyominoes

def _normalize(cells: Iterable[Cell]) -> Placement:
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def _orientations(cells: Sequence[Cell], reflections: bool = True) -> list[tuple[Placement, bool]]:
    """Distinct orientations of a shape as ``(normalized cells, mirrored)``.

    ``mirrored`` is False for the rotations of the shape as given and True for the
    other orientations, which need a reflection; a shape with mirror symmetry has
    no mirrored orientation.  Order: the four rotations, then their mirror images,
    first occurrence kept.
    """
    seen: dict[Placement, bool] = {}
    variants = [(cells, False)]
    if reflections:
        variants.append(([(r, -c) for r, c in cells], True))
    for base, mirrored in variants:
        shape = list(base)
        for _ in range(4):
            seen.setdefault(_normalize(shape), mirrored)
            shape = [(c, -r) for r, c in shape]  # a quarter turn
    return list(seen.items())


def _check_shapes(shapes) -> dict[Hashable, Placement]:
    if isinstance(shapes, Mapping):
        named = dict(shapes)
    else:
        named = {f"P{i}": cells for i, cells in enumerate(shapes)}
    if not named:
        raise ProblemError("polyomino_tiling needs at least one shape")
    checked = {}
    for name, cells in named.items():
        try:
            cells = [(int(r), int(c)) for r, c in cells]
        except (TypeError, ValueError):
            raise ProblemError(f"shape {name!r}: cells must be (row, column) pairs of ints, "
                               f"got {cells!r}") from None
        if not cells:
            raise ProblemError(f"shape {name!r} has no cells")
        if len(set(cells)) != len(cells):
            raise ProblemError(f"shape {name!r} lists a cell twice: {cells!r}")
        checked[name] = tuple(cells)
    return checked


def _cell(r: int, c: int) -> str:
    return f"{r},{c}"


def _placements(named: dict, rows: int, cols: int, free: set, reflections: bool = True):
    """Yield ``(name, cells, mirrored)`` for every placement of every piece on the free cells."""
    for name, cells in named.items():
        for shape, mirrored in _orientations(cells, reflections):
            height = 1 + max(r for r, _ in shape)
            width = 1 + max(c for _, c in shape)
            for dr in range(rows - height + 1):
                for dc in range(cols - width + 1):
                    placed = tuple((r + dr, c + dc) for r, c in shape)
                    if free.issuperset(placed):
                        yield name, placed, mirrored


def _tiling_spec(shapes, rows: int, cols: int, *, holes: Iterable[Cell] = (),
                 reflections: bool = True,
                 keep: Callable[[Hashable, Placement, bool], bool] | None = None) -> _Spec:
    """Plain form of a tiling problem; ``keep(name, cells, mirrored)`` filters placements."""
    rows = validate.whole("rows", rows, optional=False)
    cols = validate.whole("cols", cols, optional=False)
    named = _check_shapes(shapes)
    holes = {(int(r), int(c)) for r, c in holes}
    for r, c in holes:
        if not (0 <= r < rows and 0 <= c < cols):
            raise ProblemError(f"hole {(r, c)} is off the {rows}x{cols} board")
    for name in named:
        if isinstance(name, str) and ("," in name or ":" in name):
            raise ProblemError(f"shape name {name!r}: ',' would clash with cell names "
                               f"and ':' would read as a colour; rename the shape")
    board = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in holes]
    options: dict = {}
    for name, placed, mirrored in _placements(named, rows, cols, set(board), reflections):
        if keep is None or keep(name, placed, mirrored):
            options[(name, placed)] = [name] + [_cell(r, c) for r, c in placed]
    primary = list(named) + [_cell(r, c) for r, c in board]
    return options, primary, []


def polyomino_tiling(shapes, rows: int, cols: int, *, holes: Iterable[Cell] = (),
                     reflections: bool = True):
    """Tile a rectangle (minus optional holes) with given pieces, each used exactly once.

    Primary items: one per piece (its name) and one per board cell, named
    ``"r,c"`` (0-based row and column).  Options: every placement of every piece
    in each of its distinct orientations (rotations, and reflections unless
    ``reflections=False``), labelled ``(name, ((r, c), ...))`` with the covered
    cells sorted.  A solution packs all pieces and covers all cells, so the
    pieces' total area must equal the number of free cells for any solution to
    exist.  Symmetric tilings are counted separately (a rectangle has four
    symmetries, so most tilings come in fours).

    Parameters
    ----------
    shapes : mapping of name -> cells, or sequence of cells
        Each piece as an iterable of ``(row, column)`` pairs; any position and
        orientation.  A sequence gets names ``"P0"``, ``"P1"``, ...  String names
        must not contain ``","`` (cell names use it) or ``":"`` (colour marker).
    rows, cols : int
        Board size.
    holes : iterable of (row, column), optional
        Cells of the board that must stay empty.
    reflections : bool, default True
        Allow pieces to be turned over (False gives "one-sided" pieces).

    Returns
    -------
    dlx.Problem

    Raises
    ------
    dlx.ProblemError
        On an empty shape, a repeated cell, a bad shape name, a hole off the
        board, or a size that is not a positive int.

    Cost
    ----
    Building: O(pieces * 8 * rows * cols * cells per piece).  Search: exponential.

    Examples
    --------
    >>> from dlx.examples import polyomino_tiling
    >>> dominoes = {"a": [(0, 0), (0, 1)], "b": [(0, 0), (0, 1)]}
    >>> polyomino_tiling(dominoes, 2, 2).count().count   # two ways, times 2 namings
    4
    >>> L = [(0, 0), (1, 0), (1, 1)]
    >>> min(sorted(s) for s in polyomino_tiling([L, L], 2, 3).solutions())
    [('P0', ((0, 0), (0, 1), (1, 0))), ('P1', ((0, 2), (1, 1), (1, 2)))]
    """
    return _problem(_tiling_spec(shapes, rows, cols, holes=holes, reflections=reflections))


#: The twelve pentominoes in Conway's lettering, as (row, column) cells.
PENTOMINOES: Mapping[str, tuple[Cell, ...]] = MappingProxyType({
    "F": ((0, 1), (0, 2), (1, 0), (1, 1), (2, 1)),
    "I": ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
    "L": ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1)),
    "N": ((0, 0), (0, 1), (1, 1), (1, 2), (1, 3)),
    "P": ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0)),
    "T": ((0, 0), (0, 1), (0, 2), (1, 1), (2, 1)),
    "U": ((0, 0), (0, 2), (1, 0), (1, 1), (1, 2)),
    "V": ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2)),
    "W": ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2)),
    "X": ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)),
    "Y": ((0, 0), (1, 0), (1, 1), (2, 0), (3, 0)),
    "Z": ((0, 0), (0, 1), (1, 1), (2, 1), (2, 2)),
})

_AXIS = "axis"  # secondary item: "X sits on a mirror axis" vs "P is turned over"


def _pentomino_spec(rows: int = 6, cols: int = 10, *, break_symmetry: bool = False) -> _Spec:
    rows = validate.whole("rows", rows, optional=False)
    cols = validate.whole("cols", cols, optional=False)
    if rows * cols != 60:
        raise ProblemError(f"the twelve pentominoes cover 60 cells, a {rows}x{cols} board has "
                           f"{rows * cols}; use 6x10, 5x12, 4x15 or 3x20 (either way round)")
    if not break_symmetry:
        return _tiling_spec(PENTOMINOES, rows, cols)

    # The board's symmetry group is {identity, flip rows, flip columns, half turn}.
    # X is fixed by all four, so an orbit of its centre picks one representative of
    # each class of tilings: keep centres with 2r <= rows-1 and 2c <= cols-1.  A
    # centre on a mirror line (2r == rows-1 or 2c == cols-1) is still fixed by that
    # mirror, which would count both a tiling and its mirror image; the mirror turns
    # P over, so in that case P may only lie unturned.  The secondary item `axis`
    # in the on-axis X placements and in the turned-over P placements says exactly
    # that.  (Both dimensions odd would need more; 60 cells never allow it.)
    def centre(placed: Placement) -> Cell:
        return placed[2]  # the X's cells sorted: top, left, centre, right, bottom

    turned_p: set = set()  # placements of P that need it turned over

    def keep(name, placed, mirrored) -> bool:
        if name == "P" and mirrored:
            turned_p.add(placed)
        if name != "X":
            return True
        r, c = centre(placed)
        return 2 * r <= rows - 1 and 2 * c <= cols - 1

    def on_axis(placed: Placement) -> bool:
        r, c = centre(placed)
        return 2 * r == rows - 1 or 2 * c == cols - 1

    options, primary, _ = _tiling_spec(PENTOMINOES, rows, cols, keep=keep)
    x_on_axis = [label for label in options if label[0] == "X" and on_axis(label[1])]
    if not x_on_axis:
        return options, primary, []
    for label in x_on_axis + [("P", placed) for placed in turned_p]:
        options[label].append(_AXIS)
    return options, primary, [_AXIS]


def pentominoes(rows: int = 6, cols: int = 10, *, break_symmetry: bool = False):
    """Pack the twelve pentominoes (F I L N P T U V W X Y Z) into a 60-cell rectangle.

    Primary items: the twelve piece letters and the cells ``"r,c"`` (plus one
    secondary item, ``"axis"``, when ``break_symmetry`` needs it).  Options:
    each placement of each piece in each of its distinct orientations (63
    orientations in all), labelled ``(letter, ((r, c), ...))`` with the five
    cells sorted.  See :data:`PENTOMINOES` for the shapes and
    :func:`polyomino_tiling` for the general packer.

    Known counts (all tilings / up to the rectangle's four symmetries):
    6x10: 9356 / 2339; 5x12: 4040 / 1010; 4x15: 1472 / 368; 3x20: 8 / 2.

    Parameters
    ----------
    rows, cols : int, default 6 and 10
        Board size; ``rows * cols`` must be 60 (either orientation).
    break_symmetry : bool, default False
        Count each tiling once up to symmetry.  The X pentomino, symmetric under
        all four symmetries of the rectangle, is held to the top-left quarter of
        the board; where that quarter reaches a mirror line (an odd side), an
        X centred on the line would still admit a tiling and its mirror image,
        so a secondary item ``"axis"`` forbids the P pentomino from lying turned
        over while X is on the line.

    Returns
    -------
    dlx.Problem

    Raises
    ------
    dlx.ProblemError
        If the board does not have 60 cells.

    Cost
    ----
    Building: about 2000 options, instant.  Counting 6x10 takes a few seconds
    with ``break_symmetry=True`` and about four times longer without.

    Examples
    --------
    >>> from dlx.examples import pentominoes
    >>> pentominoes(3, 20).count().count
    8
    >>> pentominoes(3, 20, break_symmetry=True).count().count
    2
    """
    return _problem(_pentomino_spec(rows, cols, break_symmetry=break_symmetry))


# ---------------------------------------------------------------- free tilings

#: Sets of pieces for :func:`polyominoes`, each piece usable any number of times.
POLYOMINO_SETS: Mapping[str, Mapping[str, tuple[Cell, ...]]] = MappingProxyType({
    "dominoes": MappingProxyType({"D": ((0, 0), (0, 1))}),
    "trominoes": MappingProxyType({"I": ((0, 0), (0, 1), (0, 2)),
                                   "L": ((0, 0), (1, 0), (1, 1))}),
    "tetrominoes": MappingProxyType({"I": ((0, 0), (0, 1), (0, 2), (0, 3)),
                                     "L": ((0, 0), (1, 0), (2, 0), (2, 1)),
                                     "O": ((0, 0), (0, 1), (1, 0), (1, 1)),
                                     "S": ((0, 1), (0, 2), (1, 0), (1, 1)),
                                     "T": ((0, 0), (0, 1), (0, 2), (1, 1))}),
    "pentominoes": PENTOMINOES,
})


def _free_tiling_spec(shapes, rows: int, cols: int) -> _Spec:
    """A board tiled by copies of ``shapes``, as many of each as fit: cells only, row by row."""
    options, primary, _ = _tiling_spec(shapes, rows, cols)
    named = set(_check_shapes(shapes))
    cells = [item for item in primary if item not in named]
    return {label: items[1:] for label, items in options.items()}, cells, []


def dominoes(rows: int, cols: int):
    """Tile a ``rows`` x ``cols`` board with dominoes (1x2, either way round).

    Primary items: the cells ``"r,c"``, row by row; options: every domino
    placement, labelled ``("D", ((r, c), (r, c + 1)))`` or with ``(r + 1, c)``.
    The tilings of an 8x8 board number 12,988,816, of 10x10
    258,584,046,368 and of 12x12 53,060,477,521,960,000 (OEIS A004003):
    count them with ``count(memo=True)``, which meets each boundary between
    filled and empty cells once, where a plain search visits every tiling.

    Parameters
    ----------
    rows, cols : int
        Board size, at least 1 each.

    Returns
    -------
    dlx.Problem

    Examples
    --------
    >>> from dlx.examples import dominoes
    >>> dominoes(4, 4).count().count
    36
    >>> dominoes(10, 10).count(memo=True).count
    258584046368
    """
    return _problem(_free_tiling_spec(POLYOMINO_SETS["dominoes"], rows, cols))


def polyominoes(rows: int, cols: int, pieces="tetrominoes"):
    """Tile a ``rows`` x ``cols`` board with copies of some pieces, any number of each.

    Parameters
    ----------
    rows, cols : int
        Board size, at least 1 each.
    pieces : str or mapping of name -> cells
        A name in :data:`POLYOMINO_SETS` (``"dominoes"``, ``"trominoes"``,
        ``"tetrominoes"``, ``"pentominoes"``), or shapes as for
        :func:`polyomino_tiling`.  Every rotation and reflection is allowed.

    Returns
    -------
    dlx.Problem
        Primary items: the cells ``"r,c"``, row by row (no item per piece:
        pieces repeat freely); options labelled ``(name, cells)``.

    Raises
    ------
    dlx.ProblemError
        An unknown set name, or as for :func:`polyomino_tiling`.

    Examples
    --------
    >>> from dlx.examples import polyominoes
    >>> polyominoes(3, 3, "trominoes").count().count
    10
    """
    if isinstance(pieces, str):
        if pieces not in POLYOMINO_SETS:
            raise ProblemError(f"unknown set of pieces {pieces!r}; use one of "
                               f"{', '.join(POLYOMINO_SETS)}")
        pieces = POLYOMINO_SETS[pieces]
    return _problem(_free_tiling_spec(pieces, rows, cols))


# ---------------------------------------------------------------- Langford pairs

def _langford_restricted(n: int) -> int:
    """The value held to the left half when breaking symmetry: the largest odd one."""
    return n if n % 2 else n - 1


def _langford_spec(n: int, *, break_symmetry: bool = False) -> _Spec:
    n = validate.whole("n", n, optional=False)
    size = 2 * n
    held = _langford_restricted(n)
    options: dict = {}
    for k in range(1, n + 1):
        for i in range(size - k - 1):
            j = i + k + 1
            # Reversal maps (i, j) to (size-1-j, size-1-i); for odd k no pair is its
            # own mirror image, so "i < size-1-j" keeps exactly one of each mirror pair.
            if break_symmetry and k == held and not i < size - 1 - j:
                continue
            options[(k, i, j)] = [f"v{k}", f"s{i}", f"s{j}"]
    primary = [f"v{k}" for k in range(1, n + 1)] + [f"s{i}" for i in range(size)]
    return options, primary, []


def langford(n: int, *, break_symmetry: bool = False):
    """Langford pairings: place two copies of each of 1..n in a row of 2n slots so
    that the two copies of k have exactly k numbers between them.

    Primary items: the values ``"v1".."v{n}"`` and the slots ``"s0".."s{2n-1}"``.
    One option per value k and first slot i, labelled ``(k, i, i+k+1)``: the two
    slots holding k.  Solutions exist only when n % 4 is 0 or 3.

    A pairing read backwards is another pairing, and both are counted:
    n = 3: 2, 4: 2, 7: 52, 8: 300, 11: 35584, 12: 216288.
    With ``break_symmetry=True`` the largest odd value (n or n-1) must start in
    the left half, which keeps exactly one of each pairing and its reversal
    (an odd value's two copies are never placed symmetrically about the middle):
    1, 1, 26, 150, 17792, 108144.

    Parameters
    ----------
    n : int
        Largest value, at least 1.
    break_symmetry : bool, default False
        Count pairings up to reversal.

    Returns
    -------
    dlx.Problem
        3n primary items, 3n(n-1)/2 options (fewer with ``break_symmetry``).

    Raises
    ------
    dlx.ProblemError
        If ``n`` is not a positive int.

    Cost
    ----
    Building: O(n^2).  Counting n = 12 takes seconds; each step of 4 in n
    multiplies the count by roughly 10^3.

    Examples
    --------
    >>> from dlx.examples import langford
    >>> p = langford(3)
    >>> p.count().count
    2
    >>> row = [0] * 6
    >>> for k, i, j in langford(3, break_symmetry=True).solve():
    ...     row[i] = row[j] = k
    >>> row
    [3, 1, 2, 1, 3, 2]
    """
    return _problem(_langford_spec(n, break_symmetry=break_symmetry))


# ---------------------------------------------------------------- Sudoku

_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # values 1..35 as one character each
_PLACES = "0123456789abcdefghijklmnopqrstuvwxyz"  # rows, columns and boxes from 0


def _sudoku_box(n: int, box) -> tuple[int, int]:
    if box is not None:
        rows, cols = (validate.whole("box rows", box[0], optional=False),
                      validate.whole("box columns", box[1], optional=False))
        if rows * cols != n:
            raise ProblemError(f"a {rows}x{cols} box does not fit a {n}x{n} grid")
        return rows, cols
    rows = max(d for d in range(1, int(n**0.5) + 1) if n % d == 0)
    if rows == 1 and n > 1:
        raise ProblemError(f"{n} is prime: a {n}x{n} grid has no boxes")
    return rows, n // rows


def _sudoku_spec(puzzle: str, box=None) -> _Spec:
    if not isinstance(puzzle, str):
        raise ProblemError(f"puzzle must be a string, not {type(puzzle).__name__}")
    text = "".join(puzzle.split())
    n = round(len(text) ** 0.5)
    if n * n != len(text) or not 1 <= n <= len(_SYMBOLS):
        raise ProblemError(f"a puzzle of {len(text)} cells is not a square grid of 1 to "
                           f"{len(_SYMBOLS)} rows")
    br, bc = _sudoku_box(n, box)
    givens = {}
    for k, ch in enumerate(text.upper()):
        if ch in ".0":
            continue
        v = _SYMBOLS.find(ch) + 1
        if not 1 <= v <= n:
            raise ProblemError(f"cell {k + 1} (row {k // n + 1}, column {k % n + 1}) holds "
                               f"{ch!r}; a {n}x{n} grid takes 1-{_SYMBOLS[n - 1]}, "
                               f"with '.' or '0' for a blank")
        givens[divmod(k, n)] = v

    def box_of(r: int, c: int) -> int:
        return r // br * br + c // bc

    taken = {(kind, place, v) for (r, c), v in givens.items()
             for kind, place in (("r", r), ("c", c), ("b", box_of(r, c)))}
    options: dict = {}
    for r in range(n):
        for c in range(n):
            for v in range(1, n + 1):
                here = (("r", r), ("c", c), ("b", box_of(r, c)))
                if (r, c) in givens:
                    if givens[r, c] != v:
                        continue
                elif any((kind, place, v) in taken for kind, place in here):
                    continue
                options[(r, c, v)] = [f"p{_PLACES[r]}{_PLACES[c]}"] + [
                    f"{kind}{_PLACES[place]}{_SYMBOLS[v - 1]}" for kind, place in here]
    primary = [f"{kind}{_PLACES[a]}{_SYMBOLS[b] if kind != 'p' else _PLACES[b]}"
               for kind in "prcb" for a in range(n) for b in range(n)]
    return options, primary, []


def sudoku(puzzle: str, box: tuple[int, int] | None = None):
    """A Sudoku puzzle as an exact cover, the classic encoding (cells and row, column, box values).

    This is the plain textbook encoding, for trying Sudoku-shaped problems with
    the engine or with other exact-cover programs; the `sudoku` package has its
    own, with variants, batches and explanations.

    Primary items: ``p{r}{c}`` (cell r, c is filled), ``r{r}{v}``, ``c{c}{v}``
    and ``b{b}{v}`` (row, column, box holds value v), with rows, columns and
    boxes numbered from 0 as ``0-9a-z`` and values written ``1-9A-Z``, so every
    name has 3 characters.  One option per candidate value of each cell,
    labelled ``(r, c, v)``; a given keeps only its own option and rules out the
    options it conflicts with.

    Parameters
    ----------
    puzzle : str
        The cells row by row: ``1-9`` and then ``A-Z`` for values up to 35,
        ``.`` or ``0`` for blanks; white space is ignored.
    box : (int, int), optional
        Box rows and columns; default the most square shape (2x3 for 6x6).

    Returns
    -------
    dlx.Problem

    Raises
    ------
    dlx.ProblemError
        The text is not a square grid, holds a value out of range, or the box
        does not fit.

    Examples
    --------
    >>> from dlx.examples import sudoku
    >>> p = sudoku("1... 34.. ...1 4...")
    >>> p.count().count
    1
    >>> sorted(p.solve())[:4]
    [(0, 0, 1), (0, 1, 2), (0, 2, 3), (0, 3, 4)]
    """
    return _problem(_sudoku_spec(puzzle, box))
