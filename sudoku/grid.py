"""Sudoku geometry: the puzzle record, houses and clashes.

Layout
------
A grid of size ``n`` has ``n * n`` cells, numbered row-major: cell ``i`` is in
row ``i // n`` and column ``i % n`` (0-based inside the code; messages use
1-based names such as ``r3c7``).  Values are ``1..n`` and ``0`` is a blank.
``n = box_rows * box_cols``: a box is ``box_rows`` rows high and ``box_cols``
columns wide.

Houses are the groups of ``n`` cells that must hold every value once: the
rows, the columns, the boxes (or, for a jigsaw, its irregular regions, which
replace the boxes) and a variant's extra houses.  The variants are described in
one table, :data:`VARIANTS`; a new region-type variant is a function listing
its extra houses plus one entry there.

Invariants of :class:`Puzzle` (checked when one is made): ``len(cells) == n*n``;
every value is in ``0..n``; ``regions`` is given exactly for jigsaw puzzles and
then holds ids ``0..n-1``, each used by exactly ``n`` cells (regions need not be
contiguous); the variant's size rule holds (windoku is 9x9 only); and the grid
is small enough to encode (:data:`MAX_ENCODING_BYTES`).  Clashing givens are
*not* rejected by the constructor: :func:`find_clashes` and
:func:`check_givens` report them.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress
from math import isqrt
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from .errors import PuzzleError
from .limits import MAX_ENCODING_BYTES, MAX_SIZE, check_size, estimate_encoding

if TYPE_CHECKING:
    pass

__all__ = [
    "SYMBOLS", "VARIANTS", "MAX_ENCODING_BYTES", "MAX_SIZE", "Puzzle", "Clash", "Variant",
    "default_box", "parse_box", "variant_rule", "check_regions", "houses", "cell_name",
    "find_clashes", "check_givens", "estimate_encoding", "check_size",
]

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""One-character symbol of each value: value ``v`` is ``SYMBOLS[v - 1]`` (sizes up to 35)."""

# ---------------------------------------------------------------------------
# Variants
# ---------------------------------------------------------------------------
House = tuple[str, tuple[int, ...]]


def _diagonals(n: int) -> list[House]:
    return [("diagonal", tuple(i * n + i for i in range(n))),
            ("anti-diagonal", tuple(i * n + n - 1 - i for i in range(n)))]


def _windows(n: int) -> list[House]:
    # The four 3x3 windows of a 9x9 Windoku start at rows/columns 2 and 6 (1-based).
    found: list[House] = []
    for top in (1, 5):
        for left in (1, 5):
            found.append((f"window {len(found) + 1}",
                          tuple(r * n + c for r in range(top, top + 3)
                                for c in range(left, left + 3))))
    return found


@dataclass(frozen=True)
class Variant:
    """How a variant differs from standard Sudoku (one row of :data:`VARIANTS`)."""

    description: str
    extra_houses: Callable[[int], list[House]] | None = None
    uses_regions: bool = False
    sizes: tuple[int, ...] | None = None  # allowed sizes; None = any size with a box shape


VARIANTS: dict[str, Variant] = {
    "standard": Variant("rows, columns and boxes"),
    "x": Variant("standard, plus both main diagonals", _diagonals),
    "windoku": Variant("standard, plus four extra 3x3 windows (9x9 only)", _windows,
                       sizes=(9,)),
    "jigsaw": Variant("rows, columns and irregular regions instead of boxes",
                      uses_regions=True),
}
"""The variants by name; the reader's ``# variant:`` directive takes these names."""


def variant_rule(name: str) -> Variant:
    """The :data:`VARIANTS` entry of ``name``.

    Raises
    ------
    PuzzleError
        Unknown variant (the message lists the known ones).

    Notes
    -----
    Cost: O(1).

    Examples
    --------
    >>> variant_rule("x").description
    'standard, plus both main diagonals'
    """
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        raise PuzzleError(f"unknown variant {name!r}; the variants are "
                          f"{', '.join(VARIANTS)}") from None


# ---------------------------------------------------------------------------
# Shapes
# ---------------------------------------------------------------------------
def default_box(n: int) -> tuple[int, int]:
    """The box shape of an ``n x n`` grid: the most square ``box_rows x box_cols``.

    ``box_rows <= box_cols``: 4 -> 2x2, 6 -> 2x3, 8 -> 2x4, 9 -> 3x3, 10 -> 2x5,
    12 -> 3x4, 16 -> 4x4, 25 -> 5x5, 36 -> 6x6.

    Raises
    ------
    PuzzleError
        ``n`` is prime (boxes would be whole rows); only a jigsaw can have such a size.

    Notes
    -----
    Cost: O(sqrt(n)).

    Examples
    --------
    >>> default_box(12)
    (3, 4)
    """
    if n < 1:
        raise PuzzleError(f"a grid needs at least one cell, not size {n}")
    r = isqrt(n)
    while n % r:
        r -= 1
    if r == 1 and n > 1:
        raise PuzzleError(f"a {n}x{n} grid has no box shape ({n} is prime); only a jigsaw "
                          "puzzle with a region map can have this size")
    return r, n // r


def parse_box(text: str) -> tuple[int, int]:
    """Read a box shape written ``"2x3"`` (rows x columns; ``*`` and spaces allowed).

    Raises
    ------
    PuzzleError
        Not of that form, or a dimension is zero.

    Notes
    -----
    Cost: O(len(text)).

    Examples
    --------
    >>> parse_box("2x3")
    (2, 3)
    """
    parts = str(text).lower().replace("*", "x").split("x")
    try:
        rows, cols = (int(p) for p in parts)
    except ValueError:
        raise PuzzleError(f"box shape {text!r} is not of the form ROWSxCOLUMNS, e.g. 2x3") from None
    if rows < 1 or cols < 1:
        raise PuzzleError(f"box shape {text!r} must have at least one row and one column")
    return rows, cols


def cell_name(i: int, n: int) -> str:
    """The name of cell ``i`` of an ``n x n`` grid, 1-based: ``r3c7``.

    Notes
    -----
    Cost: O(1).

    Examples
    --------
    >>> cell_name(24, 9)
    'r3c7'
    """
    return f"r{i // n + 1}c{i % n + 1}"


# ---------------------------------------------------------------------------
# The puzzle record
# ---------------------------------------------------------------------------
def _too_many_regions(n: int) -> str:
    return f"the region map uses more than {n} different symbols; a {n}x{n} grid has {n} regions"


def _region_ids(symbols: Sequence[str], n: int) -> tuple[list[int], int | None]:
    """Region symbols as ids in order of first appearance, and the index of the first
    symbol beyond the ``n``-th different one (None if there is none)."""
    ids: dict[str, int] = {}
    out: list[int] = []
    for i, symbol in enumerate(symbols):
        if symbol not in ids:
            if len(ids) == n:
                return out, i
            ids[symbol] = len(ids)
        out.append(ids[symbol])
    return out, None


def check_regions(regions: Sequence[int], n: int) -> None:
    """Check a jigsaw region map: ``n * n`` ids in ``0..n-1``, each used by exactly ``n`` cells.

    Regions need not be contiguous.

    Raises
    ------
    PuzzleError
        Naming the wrong length, the out-of-range id and its cell, or the
        regions of the wrong size.

    Notes
    -----
    Cost: O(n^2).

    Examples
    --------
    >>> check_regions([0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3], 4)
    >>> check_regions([0] * 16, 4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sudoku.errors.PuzzleError: each region of a 4x4 grid must have 4 cells, but region 1 has 16, ...
    """
    if len(regions) != n * n:
        raise PuzzleError(f"the region map has {len(regions)} entries; a {n}x{n} grid "
                          f"needs {n * n}")
    sizes = [0] * n
    for i, r in enumerate(regions):
        if not 0 <= r < n:
            raise PuzzleError(f"region id {r} at {cell_name(i, n)} is out of range; a {n}x{n} "
                              f"grid's region ids run from 0 to {n - 1}", cell=i)
        sizes[r] += 1
    wrong = [f"region {r + 1} has {k}" for r, k in enumerate(sizes) if k != n]
    if wrong:
        raise PuzzleError(f"each region of a {n}x{n} grid must have {n} cells, but "
                          + ", ".join(wrong))


_IN_RANGE = [bytes(range(n + 1)) for n in range(256)]  # the byte values of a grid of size n


def _settings(box, variant, regions) -> tuple[str, tuple[int, int] | None, tuple[int, ...] | None]:
    """Check read_puzzles' arguments and turn them into the reader's starting state."""
    if isinstance(box, str):
        box = parse_box(box)
    if box is not None:
        rows, cols = (int(x) for x in box)
        if rows < 1 or cols < 1:
            raise PuzzleError(f"box shape {rows}x{cols} must have at least one row and column")
        box = (rows, cols)
    if variant is not None:
        variant_rule(variant)
    if regions is None:
        return variant or "standard", box, None
    if variant not in (None, "jigsaw"):
        raise PuzzleError(f"a region map is only for jigsaw puzzles, not {variant}")
    text = isinstance(regions, str)
    entries: list  # the map's symbols if it is text, else its ids
    entries = [ch for ch in regions if not ch.isspace()] if text else [int(r) for r in regions]
    n = isqrt(len(entries))
    if n * n != len(entries):
        raise PuzzleError(f"the region map has {len(entries)} entries, which is not n*n for any n")
    ids, surplus = _region_ids(entries, n) if text else (entries, None)
    if surplus is not None:
        raise PuzzleError(_too_many_regions(n))
    check_regions(ids, n)
    return "jigsaw", box, tuple(ids)


def _byte_cells(cells, n: int) -> bytes | None:
    """``cells`` as bytes when they are all ints from 0 to ``n``, else None.

    The common case, checked in C: ``bytes`` takes only ints 0..255 from a
    list or tuple (a bytes object already is one), and deleting the bytes
    0..n must leave nothing.  About 4x faster than converting and bounding
    each value in Python, which the caller does instead when this says None.
    """
    if n > 255:
        return None
    if type(cells) is bytes:
        packed = cells
    elif type(cells) in (tuple, list):
        try:
            packed = bytes(cells)
        except (TypeError, ValueError):
            return None
    else:
        return None
    if packed.translate(None, _IN_RANGE[n]):
        return None
    return packed


def _renumber(regions: tuple[int, ...]) -> tuple[int, ...]:
    ids: dict[int, int] = {}
    return tuple(ids.setdefault(r, len(ids)) for r in regions)


@dataclass(frozen=True, repr=False)
class Puzzle:
    """One Sudoku puzzle: shape, givens, variant and where it was read from.

    Parameters
    ----------
    box_rows, box_cols : int
        Box shape; the grid size is ``box_rows * box_cols``.  A jigsaw's boxes
        are not houses; its shape only fixes the size (``1 x n`` for a prime n).
    cells : sequence of int
        ``n * n`` values row by row, 0 for a blank (stored as a tuple).
    variant : str
        A key of :data:`VARIANTS`.
    regions : sequence of int, optional
        Jigsaw only: region id ``0..n-1`` of each cell.  Stored renumbered in
        order of first appearance (the region of cell 0 is 0, ...), so two maps
        with the same regions compare equal.
    source, line, name : optional
        Where it came from (file, 1-based line where it starts) and its name.
        They do not take part in comparisons.
    candidates : sequence of collections of int, optional
        Pencil marks (a Sukaku puzzle): for each cell, the values it may
        take; no other value is tried.  Stored as sorted tuples.  A cell with
        one candidate is not a given.  None (the default): any value.

    Raises
    ------
    PuzzleError
        The invariants in the module docstring do not hold.
    GridTooLargeError
        The grid is larger than :data:`MAX_SIZE`.

    Notes
    -----
    Cost: O(n^2) to check.

    Examples
    --------
    >>> p = Puzzle(2, 2, [1, 0, 0, 0] * 4)
    >>> p.size, p.n_givens
    (4, 4)
    """

    box_rows: int
    box_cols: int
    cells: Sequence[int]
    variant: str = "standard"
    regions: Sequence[int] | None = None
    source: str | None = field(default=None, compare=False)
    line: int | None = field(default=None, compare=False)
    name: str | None = field(default=None, compare=False)
    candidates: Sequence[Sequence[int]] | None = None
    if TYPE_CHECKING:  # set by __post_init__, not fields
        _packed: bytes = field(init=False, repr=False, compare=False)
        _restricted: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        def fail(message, cell=None):
            return PuzzleError(message, self.source, self.line, cell=cell)

        if not (isinstance(self.box_rows, int) and isinstance(self.box_cols, int)) \
                or self.box_rows < 1 or self.box_cols < 1:
            raise fail(f"box shape {self.box_rows}x{self.box_cols} must be positive integers")
        n = self.box_rows * self.box_cols
        check_size(n, self.source, self.line)
        packed = _byte_cells(self.cells, n)
        checked = packed is not None
        if packed is not None:
            cells = tuple(packed)
        else:  # not all ints from 0 to n: convert one by one, for the message
            try:
                cells = tuple(map(int, self.cells))
            except (TypeError, ValueError):
                raise fail("cells must be integers (0 for a blank); to read text, use "
                           "sudoku.parse_puzzle") from None
        object.__setattr__(self, "cells", cells)
        if len(cells) != n * n:
            raise fail(f"a {n}x{n} grid has {n * n} cells, not {len(cells)}")
        if not checked and cells and (min(cells) < 0 or max(cells) > n):
            i = next(i for i, v in enumerate(cells) if not 0 <= v <= n)
            raise fail(f"{cell_name(i, n)} holds {cells[i]}; values of a {n}x{n} grid run "
                       f"from 1 to {n} (0 for a blank)", i)
        # The values as bytes too (n < 256), for the batch solver, which hands the kernels
        # every grid as bytes, and for find_clashes.
        object.__setattr__(self, "_packed", packed if checked else bytes(cells))
        try:
            rule = variant_rule(self.variant)
        except PuzzleError as exc:
            raise fail(exc.message) from None
        if rule.sizes is not None and n not in rule.sizes:
            raise fail(f"{self.variant} is defined only for "
                       f"{' or '.join(f'{s}x{s}' for s in rule.sizes)} grids, not {n}x{n}")
        if rule.uses_regions:
            if self.regions is None:
                raise fail(f"a {self.variant} puzzle needs a region map")
            regions = tuple(int(r) for r in self.regions)
            try:
                check_regions(regions, n)
            except PuzzleError as exc:
                raise fail(exc.message, exc.cell) from None
            object.__setattr__(self, "regions", _renumber(regions))
        elif self.regions is not None:
            raise fail(f"a region map is only for jigsaw puzzles, not {self.variant}")
        object.__setattr__(self, "_restricted", self.candidates is not None)
        if self.candidates is not None:
            object.__setattr__(self, "candidates", _check_candidates(self.candidates, cells, n,
                                                                     fail))

    @classmethod
    def _standard(cls, box_rows: int, box_cols: int, packed: bytes, source: str | None,
                  line: int | None, name: str | None) -> Puzzle:
        """A standard puzzle from inputs the caller has already checked: what the
        constructor would build, without checking it again.

        For the reader's one-line fast path, which guarantees the invariants
        (a box shape from `default_box` or a checked ``# box:`` directive with
        ``box_rows * box_cols == n``, and ``packed`` holding ``n * n`` bytes of
        values from 0 to ``n``); it saves about two thirds of the constructor.
        """
        self = object.__new__(cls)
        self.__dict__.update(box_rows=box_rows, box_cols=box_cols, cells=tuple(packed),
                             variant="standard", regions=None, source=source, line=line,
                             name=name, candidates=None, _packed=packed, _restricted=False)
        return self

    @property
    def allowed(self) -> bytes | None:
        """With candidates: one byte a (cell, value), row by row and 1..n in each cell,
        1 where the value is a candidate (`sudoku.encode` forbids the others)."""
        if self.candidates is None:
            return None
        n = self.size
        out = bytearray(n * n * n)
        for c, values in enumerate(self.candidates):
            for v in values:
                out[c * n + v - 1] = 1
        return bytes(out)

    @property
    def size(self) -> int:
        """The grid size ``n`` (rows, columns, values)."""
        return self.box_rows * self.box_cols

    @property
    def packed(self) -> bytes:
        """The values as bytes, one a cell (0 for a blank), row by row."""
        return self._packed

    @property
    def n_givens(self) -> int:
        """Number of given (non-blank) cells."""
        return len(self.cells) - self.cells.count(0)

    # How Jupyter draws a puzzle.  The drawing (sudoku.render) sits above the geometry,
    # so the package sets the drawer as it is imported (sudoku/__init__.py).
    _drawer: ClassVar[Callable[[Puzzle], str] | None] = None

    def _repr_svg_(self) -> str | None:
        """The puzzle as a picture, for Jupyter (see `sudoku.render_svg`)."""
        return None if Puzzle._drawer is None else Puzzle._drawer(self)

    def __repr__(self) -> str:
        n = self.size
        where = "".join(f", {k}={v!r}" for k, v in
                        (("name", self.name), ("source", self.source), ("line", self.line))
                        if v is not None)
        marks = ", candidates" if self.candidates is not None else ""
        return (f"<Puzzle {n}x{n} {self.variant}, box {self.box_rows}x{self.box_cols}, "
                f"{self.n_givens} givens{marks}{where}>")


def _check_candidates(candidates, cells: tuple[int, ...], n: int,
                      fail: Callable[..., PuzzleError]) -> tuple[tuple[int, ...], ...]:
    """The candidate sets as sorted tuples, checked against the size and the givens."""
    try:
        sets = tuple(tuple(sorted({int(v) for v in values})) for values in candidates)
    except (TypeError, ValueError):
        raise fail("candidates must be one collection of values (integers) per cell") from None
    if len(sets) != n * n:
        raise fail(f"a {n}x{n} grid has {n * n} cells, but {len(sets)} candidate sets are given")
    for i, values in enumerate(sets):
        if values and not (1 <= values[0] and values[-1] <= n):
            bad = values[0] if values[0] < 1 else values[-1]
            raise fail(f"{cell_name(i, n)} has candidate {bad}; values of a {n}x{n} grid "
                       f"run from 1 to {n}", i)
        if cells[i] and cells[i] not in values:
            raise fail(f"{cell_name(i, n)} gives {cells[i]}, which is not one of its candidates",
                       i)
    return sets


# ---------------------------------------------------------------------------
# Houses and clashes
# ---------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _houses(box_rows: int, box_cols: int, variant: str,
            regions: tuple[int, ...] | None) -> tuple[House, ...]:
    n = box_rows * box_cols
    rule = variant_rule(variant)
    found: list[House] = []
    found += [(f"row {r + 1}", tuple(range(r * n, r * n + n))) for r in range(n)]
    found += [(f"column {c + 1}", tuple(range(c, n * n, n))) for c in range(n)]
    if rule.uses_regions:
        if regions is None:
            raise PuzzleError(f"a {variant} grid needs a region map")
        members: list[list[int]] = [[] for _ in range(n)]
        for i, r in enumerate(regions):
            members[r].append(i)
        found += [(f"region {r + 1}", tuple(m)) for r, m in enumerate(members)]
    else:
        for b in range(n):
            top = (b // (n // box_cols)) * box_rows
            left = (b % (n // box_cols)) * box_cols
            found.append((f"box {b + 1}", tuple((top + r) * n + left + c
                                                for r in range(box_rows)
                                                for c in range(box_cols))))
    if rule.extra_houses is not None:
        found += rule.extra_houses(n)
    return tuple(found)


_BITS_UP_TO = 36  # largest size find_clashes checks with one sum of bits (36x36: 4 kbit each)


@lru_cache(maxsize=64)
def _clash_keys(box_rows: int, box_cols: int, variant: str, regions: tuple[int, ...] | None):
    """find_clashes' tables for a shape: its houses, and for each cell the houses holding it.

    Returns ``(bits, houses_of, found)``: ``bits[i]`` has bit ``h * (n + 1)`` set for
    every house ``h`` holding cell ``i``, so ``bits[i] << v`` marks value ``v`` in each
    of them; ``houses_of[i]`` counts those houses; ``found`` are the houses.  Above
    `_BITS_UP_TO` the tables are None: the bits per cell would grow as n^2 (and
    adding them up as n^4), so find_clashes goes house by house instead.
    """
    found = _houses(box_rows, box_cols, variant, regions)
    n = box_rows * box_cols
    if n > _BITS_UP_TO:
        return None, None, found
    bits = [0] * (n * n)
    houses_of = [0] * (n * n)
    for h, (_, members) in enumerate(found):
        for i in members:
            bits[i] |= 1 << (h * (n + 1))
            houses_of[i] += 1
    return bits, houses_of, found


ShapeLike = Puzzle | Sequence[int]


def houses(shape: ShapeLike, variant: str = "standard",
           regions: Sequence[int] | None = None) -> list[House]:
    """Every house of a grid: ``(name, cells)`` pairs, cells in increasing order.

    Parameters
    ----------
    shape : Puzzle or (box_rows, box_cols)
        A puzzle (its variant and regions are used) or a box shape.
    variant : str
        With a box shape: the variant.
    regions : sequence of int, optional
        With a box shape and a jigsaw variant: the region map.

    Returns
    -------
    list of (str, tuple of int)
        Rows (``"row 1"``...), columns (``"column 1"``...), boxes (``"box 1"``...,
        numbered row-major) or regions (``"region 1"`` is id 0), then the
        variant's extra houses (``"diagonal"``, ``"anti-diagonal"``,
        ``"window 1"``...).

    Notes
    -----
    Cost: O(n^2) the first time for a shape, O(number of houses) after (cached).

    Examples
    --------
    >>> hs = houses((2, 3), "x")
    >>> len(hs), hs[12], hs[-1][0]
    (20, ('box 1', (0, 1, 2, 6, 7, 8)), 'anti-diagonal')
    """
    if isinstance(shape, Puzzle):
        return list(_houses(shape.box_rows, shape.box_cols, shape.variant, shape.regions))
    box_rows, box_cols = shape
    return list(_houses(box_rows, box_cols, variant,
                        None if regions is None else tuple(regions)))


class Clash(NamedTuple):
    """Givens that repeat a value in one house."""

    value: int
    house: str
    cells: tuple[int, ...]


def find_clashes(puzzle: Puzzle) -> list[Clash]:
    """Every value given more than once in a house of a `Puzzle` (`sudoku.find_clashes`
    takes the puzzle in any form).

    Returns
    -------
    list of Clash
        In house order (rows, columns, boxes/regions, extra houses), then by value.

    Notes
    -----
    Cost: O(n^2) per house list, so O(n^3) for the whole grid.

    Examples
    --------
    >>> find_clashes(Puzzle(2, 2, [1, 0, 0, 1] + [0] * 12))
    [Clash(value=1, house='row 1', cells=(0, 3))]
    """
    bits, houses_of, shape_houses = _clash_keys(puzzle.box_rows, puzzle.box_cols,
                                                puzzle.variant, puzzle.regions)
    # Fast path, in C: one bit per (house, value) of each given, added up.  No two givens
    # share a bit (no clash) iff the sum carries nowhere, i.e. iff it has as many bits as
    # were added.  (The puzzle's bytes iterate fastest.)
    if bits is not None:
        packed = puzzle._packed
        total = sum(map(operator.lshift, compress(bits, packed), filter(None, packed)))
        if total.bit_count() == sum(compress(houses_of, packed)):
            return []
    cells = puzzle.cells
    clashes = []
    for name, members in shape_houses:
        where: dict[int, list[int]] = {}
        for i in members:
            if cells[i]:
                where.setdefault(cells[i], []).append(i)
        clashes += [Clash(v, name, tuple(ids)) for v, ids in sorted(where.items()) if len(ids) > 1]
    return clashes


def _value_word(v: int, n: int) -> str:
    if n <= 9:
        return f"digit {v}"
    return f"value {v} ({SYMBOLS[v - 1]})" if v <= len(SYMBOLS) else f"value {v}"


_TIMES = {2: "twice", 3: "three times", 4: "four times"}


def check_givens(puzzle: Puzzle) -> None:
    """Raise if two givens of a `Puzzle` clash (the same value twice in a house);
    `sudoku.check_givens` takes the puzzle in any form.

    Raises
    ------
    PuzzleError
        Naming the value, the house and the cells, e.g. ``digit 5 appears twice
        in row 3: r3c2, r3c8``; ``cell`` is the second cell.

    Notes
    -----
    Cost: O(n^3) (see :func:`find_clashes`).

    Examples
    --------
    >>> check_givens(Puzzle(2, 2, [1, 0, 0, 1] + [0] * 12))
    Traceback (most recent call last):
    ...
    sudoku.errors.PuzzleError: digit 1 appears twice in row 1: r1c1, r1c4
    """
    clashes = find_clashes(puzzle)
    if not clashes:
        return
    value, house, ids = clashes[0]
    n = puzzle.size
    times = _TIMES.get(len(ids), f"{len(ids)} times")
    message = (f"{_value_word(value, n)} appears {times} in {house}: "
               + ", ".join(cell_name(i, n) for i in ids))
    if len(clashes) > 1:
        more = len(clashes) - 1
        message += f" (and {more} more clash{'es' if more > 1 else ''})"
    raise PuzzleError(message, puzzle.source, puzzle.line, cell=ids[1])
