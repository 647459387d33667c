"""The reader: a stream of lines in, puzzles and errors out, in input order.

`read_puzzles` streams (one line at a time, looking at most 40 lines ahead);
`parse_puzzles` reads a string.  One puzzle in any form, text included, is
`sudoku.shapes.parse_puzzle`, which reads text here.  The rules are in
`sudoku.formats`.
"""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from math import isqrt
from typing import TYPE_CHECKING, cast

from ..errors import PuzzleError
from ..grid import (
    VARIANTS,
    Puzzle,
    _region_ids,
    _settings,
    _too_many_regions,
    check_givens,
    check_size,
    default_box,
    find_clashes,
)
from .directives import _Directives
from .lines import (
    _BARE,
    _LINE_LENGTHS,
    _MAX_SYMBOL_SIZE,
    _QUICK_SIZES,
    _VALUE,
    BAD,
    BULK_LINES,
    CONTENT,
    DIRECTIVE,
    FATAL,
    HEADER,
    SECTION,
    SEPARATOR,
    Source,
    _Bulk,
    _Line,
    _line_values,
    _open,
    _Row,
    _show,
    _sukaku_size,
    _symbol_problem,
    _value,
)

if TYPE_CHECKING:
    from .bulk import PuzzleBlock

_CODE_HINT = ("; a puzzle pasted as an array is n rows of n numbers, such as 9 rows of 9 "
              "for 9x9, or one row of n*n numbers (81 for 9x9), with 0 for a blank")


class _Reader(_Directives):
    """State machine over classified lines; see the module docstring for the rules."""

    def __init__(self, lines: Iterator[_Line | _Bulk], source: str, variant: str,
                 box: tuple[int, int] | None, regions: tuple[int, ...] | None,
                 check: bool = True, blocks: bool = False):
        self.lines = lines
        self.check = check
        self.blocks = blocks  # yield runs of one-line puzzles as PuzzleBlocks
        self.ahead: deque[_Line] = deque()
        self.source = source
        self.variant = variant
        self.box = box
        self.regions = regions
        self.regions_where = "the regions argument"
        self.pending: tuple[str, int] | None = None  # (name, line) from a ``Grid NN`` header
        self.header: tuple[str, int] | None = None  # the header of the puzzle being read
        self.after_line_puzzle = False  # the previous content line was a one-line puzzle
        self.paragraph_start = True  # no content line since the last blank/comment/header
        self.skipping = False
        self.first_content = True
        # (first line, last line, n): a block of one-line n x n puzzles that could also
        # be read as one compact grid (see compact_grid)
        self.hint: tuple[int, int, int] | None = None
        self.stop = False
        self.broken: dict[str, tuple[PuzzleError, bool]] = {}  # (see _Directives)

    # -- line access --------------------------------------------------------
    def peek(self, k: int = 0) -> _Line | None:
        while len(self.ahead) <= k:
            line = next(self.lines, None)
            if line is None:
                return None
            if isinstance(line, _Bulk):  # looking ahead is line by line
                self.ahead.extend(line.lines())
            else:
                self.ahead.append(line)
        return self.ahead[k]

    def take(self) -> _Line | _Bulk | None:
        return self.ahead.popleft() if self.ahead else next(self.lines, None)

    def error(self, message: str, line: int | None, column: int | None = None,
              cell: int | None = None) -> PuzzleError:
        return PuzzleError(message, self.source, line, column, cell)

    # -- main loop ----------------------------------------------------------
    def run(self) -> Iterator[Puzzle | PuzzleError | PuzzleBlock]:
        try:
            while not self.stop:
                line = self.take()
                if line is None:
                    break
                if self.broken:  # line by line, each puzzle marked (see `governed`)
                    if isinstance(line, _Bulk):
                        self.ahead.extend(line.lines())
                    else:
                        yield from map(self.governed, self.handle(line))
                    continue
                if isinstance(line, _Bulk):
                    box = self.bulk_box(line.n)
                    if box is None:  # not as plain as it looks here: line by line
                        self.ahead.extend(line.lines())
                    else:
                        yield from self.bulk(line, box)
                    continue
                if line.key is _BARE and not self.skipping:
                    puzzle = self.quick(line)
                    if puzzle is not None:
                        self.paragraph_start = False
                        yield puzzle
                        continue
                yield from self.handle(line)
            for key in list(self.broken):
                self.mend(key)
        finally:
            close = getattr(self.lines, "close", None)
            if close is not None:
                close()

    def handle(self, line: _Line) -> Iterator[Puzzle | PuzzleError]:
        kind = line.kind
        if kind == CONTENT:
            if not self.skipping:
                yield from self.content(line)
                self.paragraph_start = False
        elif kind in (BAD, FATAL):
            yield self.error(line.key, line.number)
            self.stop = kind == FATAL
        elif kind != SEPARATOR:  # blank, comment, directive, section or header
            self.skipping = False
            self.paragraph_start = True
            self.after_line_puzzle = False
            if kind == SECTION:
                self.skipping = line.key != "puzzle"
            elif kind == HEADER:
                self.pending = (line.key, line.number)
            elif kind == DIRECTIVE:
                self.directive(line)

    # -- puzzles ------------------------------------------------------------
    def quick(self, line: _Line) -> Puzzle | PuzzleError | None:
        """A bare one-line standard puzzle, read the short way; None: take the long way.

        Files of one puzzle per line are read mostly here, at about a third
        of the cost of `content`.  Everything unusual goes the long way, where
        the rules live: 4x4 (a 16-symbol line may start a compact 16x16 grid),
        variants, sizes without a default box, any bad symbol, any error but
        clashing givens.  What comes out is what `content` would give.
        """
        text = line.text
        quick = _QUICK_SIZES.get(len(text))
        if quick is None or self.variant != "standard":
            return None
        n, box = quick
        if self.box is not None:
            box = self.box
            if box[0] * box[1] != n:
                return None
        packed = _line_values(text, n)
        if packed is None:
            return None
        self.first_content = False  # (a bare line is no CSV header)
        self.header, self.pending = self.pending, None
        name, start = self.header if self.header is not None else (None, line.number)
        puzzle = Puzzle._standard(box[0], box[1], packed, self.source, start, name)
        self.after_line_puzzle = True
        if self.check:
            try:
                check_givens(puzzle)
            except PuzzleError as exc:
                assert exc.cell is not None  # a clash names its cell
                return self.error(exc.message, line.number, 1 + exc.cell, exc.cell)
        return puzzle

    def bulk_box(self, n: int) -> tuple[int, int] | None:
        """The box shape of a run of one-line ``n x n`` puzzles read in bulk, or None if
        the reader's state asks for them line by line (what `quick` would decline, or
        a ``Grid NN`` header waiting to name the first)."""
        if self.skipping or self.variant != "standard" or self.pending is not None:
            return None
        if self.box is None:
            return default_box(n)
        return self.box if self.box[0] * self.box[1] == n else None

    def bulk(self, run: _Bulk, box: tuple[int, int]) -> Iterator[Puzzle | PuzzleError
                                                                  | PuzzleBlock]:
        """A run of one-line puzzles read in bulk: what `quick` gives line by line."""
        import numpy as np

        from .bulk import PuzzleBlock, clashing_rows  # lazy: keeps numpy out of start-up

        self.first_content = False
        self.header = None
        self.after_line_puzzle = True
        self.paragraph_start = False
        lines = np.arange(run.number, run.number + len(run.pieces), dtype=np.int64)
        bad = clashing_rows(run.values, box).tolist() if self.check else []
        at = 0
        for stop in (*bad, len(lines)):
            if stop > at:
                block = PuzzleBlock(run.values[at:stop], lines[at:stop], *box, self.source)
                if self.blocks:
                    yield block
                else:
                    yield from block
            if stop < len(lines):  # a puzzle whose givens clash: its error
                item = self.quick(_Line(run.number + stop, run.pieces[stop].decode("ascii"),
                                        CONTENT, _BARE))
                assert item is not None
                yield item
            at = stop + 1

    def content(self, line: _Line) -> Iterator[Puzzle | PuzzleError]:
        row = _Row.parse(line)
        if self.first_content:
            self.first_content = False
            if row.csv_header:
                return
        self.header, self.pending = self.pending, None
        if not row.compact and not row.cells():
            yield self.error("the line has no puzzle symbols", line.number)
            return
        fixed = self.box[0] * self.box[1] if self.box else None
        if row.compact and len(row.fields) == 1:
            k = _sukaku_size(row.fields[0][0])
            if k is not None and fixed in (None, k):
                self.after_line_puzzle = True
                yield self.sukaku(row, k)
                return
        n = row.line_size()
        if n is not None and fixed in (None, n) and not (
                n * n <= _MAX_SYMBOL_SIZE and fixed is None and len(row.fields) == 1
                and self.compact_grid(row, n)):
            self.after_line_puzzle = True
            yield self.line_puzzle(row, n)
            return
        width = len(row.cells())
        junk = next(((ch, col) for ch, col in row.cells() if not ch.isprintable()), None)
        if junk is not None:  # undecodable bytes or control characters: not a grid row
            yield self.error(f"{_show(junk[0])} is not a puzzle symbol", row.number, junk[1])
            return
        n = isqrt(width)
        if not row.compact and n * n == width and fixed in (None, n) and (
                n > _MAX_SYMBOL_SIZE or (row.numeric and self.numbers_fit(row, n))):
            # Too wide for a grid row, or n*n numbers none above n (no n*n x n*n grid
            # would have such a first row): a puzzle written as numbers, on one line.
            self.after_line_puzzle = True
            yield self.from_rows([row], n, row.comment)
            return
        if fixed is not None:
            fits = width == fixed
        else:
            fits = width >= 4 and (width <= _MAX_SYMBOL_SIZE or not row.compact)
        if (self.after_line_puzzle and not row.code) or not fits or (
                row.compact and self.next_is_line_puzzle(width)):
            self.after_line_puzzle = True  # a bad one-line puzzle: the next line is one too
            yield self.code_array_problem([row], width) if row.code else self.wrong_length(row)
            return
        yield self.grid(row, width)

    def numbers_fit(self, row: _Row, n: int) -> bool:
        """Could this row of ``n*n`` numbers be a one-line ``n x n`` puzzle?

        Not a row of 16 numbers with more rows after it (a 16x16 grid, as CSV).
        """
        if n < 6:
            nxt = self.peek()
            if n < 4 or nxt is not None and nxt.kind == CONTENT:
                return False
        try:
            self.box_for(n, self.variant)
        except PuzzleError:
            return False
        return all(_value(symbol, n, True) >= 0 for symbol, _ in row.cells())

    def wrong_length(self, row: _Row, last: bool = False) -> PuzzleError:
        """The error for a line that is neither a one-line puzzle nor a grid row."""
        first_field = row.compact and (len(row.fields) == 1
                                       or VARIANTS[self.variant].uses_regions)
        count = len(row.fields[0][0]) if first_field else len(row.cells())
        fixed = self.box[0] * self.box[1] if self.box else None
        if fixed:
            assert self.box is not None
            accepted = (f"with box {self.box[0]}x{self.box[1]}, a puzzle is one line of "
                        f"{fixed * fixed} symbols or {fixed} rows of {fixed}")
        else:
            accepted = f"a one-line puzzle has n*n symbols ({_LINE_LENGTHS}, ...)"
        what = "; and no grid rows follow it" if last else ""
        if first_field:
            field, start = row.fields[0]
            k = next((i for i, ch in enumerate(field) if ch not in _VALUE), len(field))
            m = isqrt(k)
            if k < len(field) and m * m == k and 4 <= m <= _MAX_SYMBOL_SIZE:
                return self.error(f"the line has {count} symbols: {_show(field[k])} follows the "
                                  f"{k} of a {m}x{m} puzzle (only a comma may separate more "
                                  "text from a puzzle)", row.number, start + k)
        return self.error(f"the line has {count} symbols; {accepted}{what}", row.number)

    def next_is_line_puzzle(self, width: int) -> bool:
        nxt = self.peek()
        if nxt is None or nxt.kind != CONTENT:
            return False
        n = _Row.parse(nxt).line_size()
        return n is not None and n * n != width

    def compact_grid(self, row: _Row, n: int) -> bool:
        """Is this line of ``n*n`` symbols the first row of a compact ``n*n x n*n`` grid?

        Only when it begins a paragraph of exactly ``n*n`` such lines, and either
        no ``n x n`` puzzle is possible (5x5 has no box shape), or every line
        uses a symbol above ``n`` (so none is an ``n x n`` puzzle) and the grid's
        givens do not clash.  Otherwise the lines are read as one-line puzzles, and
        a line's too-large symbol is reported with the other reading and the
        ``--box`` that gives it (`hint`).
        """
        size = n * n
        if not self.paragraph_start:
            return False
        rows, k = [row], 0
        while len(rows) < size:
            nxt = self.peek(k)
            k += 1
            if nxt is not None and nxt.kind == SEPARATOR and k < 40:
                continue
            if nxt is None or nxt.kind != CONTENT:
                return False
            other = _Row.parse(nxt)
            if len(other.fields) != 1 or other.line_size() != n:
                return False
            rows.append(other)
        following = self.peek(k)
        if following is not None and following.kind == CONTENT:
            return False
        try:
            self.box_for(n, self.variant)
        except PuzzleError:
            return True  # no n x n one-line puzzle can be read here
        fields = [r.fields[0][0] for r in rows]
        too_large = [_line_values(f, n) is None for f in fields]  # not an n x n puzzle
        if all(too_large) and self.clean_grid(fields, size):
            return True
        if any(too_large):
            self.hint = (rows[0].number, rows[-1].number, n)
        return False

    def clean_grid(self, fields: list[str], size: int) -> bool:
        """Do these rows make a ``size x size`` grid whose givens do not clash?"""
        packed = [_line_values(f, size) for f in fields]
        try:  # (a row with a symbol above size, made 255 here, is refused by Puzzle)
            box_rows, box_cols = self.box_for(size, "standard")
            grid = Puzzle(box_rows, box_cols, b"".join(v or b"\xff" for v in packed))
        except PuzzleError:
            return False
        return not find_clashes(grid)

    def hinted(self, error: PuzzleError, n: int) -> PuzzleError:
        """``error`` (a symbol too large in a one-line puzzle), with the grid reading of
        its block when its lines could also be one compact grid (see `compact_grid`)."""
        if self.hint is None or not self.hint[0] <= (error.line or 0) <= self.hint[1] \
                or self.hint[2] != n:
            return error
        first, last, _ = self.hint
        size = n * n
        box = default_box(size)
        return self.error(
            f"{error.message}; lines {first}-{last} are read as {size} one-line {n}x{n} "
            f"puzzles, but they could also be one {size}x{size} grid: give --box "
            f"{box[0]}x{box[1]} (or a '# box: {box[0]}x{box[1]}' line before them) to read "
            "them so", error.line, error.column, error.cell)

    def line_puzzle(self, row: _Row, n: int) -> Puzzle | PuzzleError:
        field, start = row.fields[0]
        values = _line_values(field, n)  # bytes: Puzzle takes them as they are
        if values is None:
            i = next(i for i, ch in enumerate(field) if _value(ch, n, False) < 0)
            return self.hinted(self.error(_symbol_problem(field[i], n, False), row.number,
                                          start + i), n)
        regions = None
        if len(row.fields) == 2:
            second, where = row.fields[1]
            if not VARIANTS[self.variant].uses_regions:
                return self.error(
                    f"unexpected second field at column {where}: a region map may follow a "
                    "one-line puzzle only after '# variant: jigsaw' (and a solution must "
                    "follow a comma)", row.number, where)
            if len(second) != len(field):
                return self.error(f"the region map has {len(second)} symbols; the puzzle has "
                                  f"{len(field)}", row.number, where)
            regions, surplus = _region_ids(second, n)
            if surplus is not None:
                return self.error(_too_many_regions(n), row.number, where + surplus)
        return self.make(n, values, lambda cell: (row.number, start + cell), row.number,
                         regions, row.comment)

    def sukaku(self, row: _Row, n: int) -> Puzzle | PuzzleError:
        """A pencil-mark line: no givens, and each cell's candidates (see `_sukaku_size`)."""
        field, start = row.fields[0]
        marks = [ch not in ".0" for ch in field]
        candidates = [[v + 1 for v in range(n) if marks[c * n + v]] for c in range(n * n)]
        return self.make(n, [0] * (n * n), lambda cell: (row.number, start + cell * n),
                         row.number, name=row.comment, candidates=candidates)

    def collect_rows(self, first: _Row, n: int, what: str) -> tuple[list[_Row], PuzzleError | None]:
        """The ``n`` rows of a grid or region map starting with ``first``."""
        rows = [first]
        problem = None
        while len(rows) < n:
            nxt = self.peek()
            if nxt is None or nxt.kind not in (CONTENT, SEPARATOR):
                if len(rows) == 1 and what == "grid" and first.compact:
                    return rows, self.wrong_length(first, last=True)
                if first.code and problem is None:
                    return rows, self.code_array_problem(rows, n)
                s = "" if len(rows) == 1 else "s"
                return rows, problem or self.error(
                    f"the {what} starting on line {first.number} ends after {len(rows)} "
                    f"row{s}; a {n}x{n} {what} needs {n} rows", rows[-1].number)
            self.take()
            if nxt.kind == SEPARATOR:
                continue
            row = _Row.parse(nxt)
            width = len(row.cells())
            if width != n and problem is None:
                problem = self.error(f"row {len(rows) + 1} of the {what} has {width} cells; "
                                     f"its first row (line {first.number}) has {n}"
                                     + (_CODE_HINT if first.code else ""), nxt.number)
            rows.append(row)
        return rows, problem

    def code_array_problem(self, rows: list[_Row], width: int) -> PuzzleError:
        """The error for a code array of numbers that is not a whole puzzle."""
        count = width * len(rows)
        if len(rows) == 1:
            found = f"one row of {width} numbers"
        else:
            found = f"{len(rows)} rows of {width} numbers ({count} in all)"
        n = isqrt(count)
        if n * n == count and n == len(rows) and n * n != width:
            found += f", which would be a {n}x{n} grid only with {n} rows"
        return self.error(f"this looks like a code array (numbers between brackets) of "
                          f"{found}{_CODE_HINT}", rows[0].number)

    def grid(self, first: _Row, n: int) -> Puzzle | PuzzleError:
        try:
            check_size(n, self.source, first.number)
            self.box_for(n, self.variant)
        except PuzzleError as exc:
            self.skipping = True  # the rest of this grid's lines would only repeat the error
            return exc if exc.line else self.error(exc.message, first.number)
        rows, problem = self.collect_rows(first, n, "grid")
        return problem or self.from_rows(rows, n)

    def from_rows(self, rows: list[_Row], n: int, name: str | None = None) -> Puzzle | PuzzleError:
        """The puzzle whose cells are those of ``rows``, in order."""
        values: list[int] = []
        where: list[tuple[int, int]] = []
        for row in rows:
            for symbol, column in row.cells():
                v = _value(symbol, n, row.numeric)
                if v < 0:
                    return self.error(_symbol_problem(symbol, n, row.numeric), row.number,
                                      column)
                values.append(v)
                where.append((row.number, column))
        return self.make(n, values, where.__getitem__, rows[0].number, name=name)

    def box_for(self, n: int, variant: str) -> tuple[int, int]:
        if self.box:
            rows, cols = self.box
            if rows * cols != n:
                raise PuzzleError(f"this puzzle is {n}x{n}, but the box is set to {rows}x{cols}, "
                                  f"which makes {rows * cols}x{rows * cols} grids")
            return self.box
        try:
            return default_box(n)
        except PuzzleError:
            if VARIANTS[variant].uses_regions:
                return 1, n
            raise

    def make(self, n: int, values: list[int] | bytes, locate: Callable[[int], tuple[int, int]],
             start: int, regions: list[int] | None = None, name: str | None = None,
             candidates: list[list[int]] | None = None) -> Puzzle | PuzzleError:
        """Build and check one puzzle; ``locate(cell)`` gives a cell's (line, column)."""
        variant = "jigsaw" if regions is not None else self.variant
        line = start
        if self.header is not None:
            name = name or self.header[0]
            line = self.header[1]
        try:
            if regions is None and VARIANTS[variant].uses_regions:
                regions = self.regions
                if regions is None:
                    raise PuzzleError("a jigsaw puzzle needs a region map: put one after the "
                                      "puzzle on its line, or in a 'regions:' block before it")
                if len(regions) != n * n:
                    size = isqrt(len(regions))
                    raise PuzzleError(f"{self.regions_where} is for {size}x{size} grids; this "
                                      f"puzzle is {n}x{n}")
            rows, cols = self.box_for(n, variant)
            puzzle = Puzzle(rows, cols, values, variant, regions, self.source, line, name,
                            candidates)
        except PuzzleError as exc:
            at: tuple[int, int | None] = locate(exc.cell) if exc.cell is not None else (line, None)
            return self.error(exc.message, *at, exc.cell)
        if self.check:
            try:
                check_givens(puzzle)
            except PuzzleError as exc:
                assert exc.cell is not None  # a clash names its cell
                return self.error(exc.message, *locate(exc.cell), exc.cell)
        return puzzle


def read_puzzles(src: Source, *, box=None, variant: str | None = None,
                 regions: Sequence[int] | str | None = None,
                 source: str | None = None, check: bool = True
                 ) -> Iterator[Puzzle | PuzzleError]:
    """Read puzzles from a file, lazily, in any of the formats in the module docstring.

    Parameters
    ----------
    src : path, file object or iterable of lines
        A path (opened in binary and decoded as UTF-8, undecodable bytes
        reported), a text or binary file object (for stdin, pass
        ``sys.stdin.buffer``), or any iterable of ``str``/``bytes`` lines.
    box : str or (int, int), optional
        Box shape such as ``"2x3"``: starting value of the ``# box:`` directive.
    variant : str, optional
        Starting variant (default ``"standard"``; ``"jigsaw"`` when ``regions`` is given).
    regions : sequence of int or str, optional
        A region map for every jigsaw puzzle: ``n*n`` ids ``0..n-1``, or ``n*n``
        symbols mapped to ids in order of first appearance.
    source : str, optional
        Name used in messages and in ``Puzzle.source`` (default: the path, the
        file object's name, or ``"<lines>"``).
    check : bool
        Look for clashing givens (about a third of the reading time).  Turn
        it off when the puzzles go straight to ``sudoku.solver.solve_all``,
        which finds clashes in its kernel and reports them with their cells.

    Returns
    -------
    iterator of Puzzle or PuzzleError
        One item per puzzle, in input order.  Errors are yielded, not raised;
        an empty input yields nothing.

    Raises
    ------
    PuzzleError
        At call time, for a bad ``box``, ``variant`` or ``regions`` argument.
    OSError
        The path cannot be opened.

    Notes
    -----
    Cost: O(size of the input) time; memory is bounded by one puzzle plus at
    most 40 lines of look-ahead, whatever the file's length.

    Examples
    --------
    >>> lines = ["# variant: x", "1....2....3....4"]
    >>> [p.variant for p in read_puzzles(lines)]
    ['x']
    """
    settings = _settings(box, variant, regions)
    lines, name = _open(src, source, BULK_LINES)
    # (No PuzzleBlock without blocks=True.)
    return cast(Iterator[Puzzle | PuzzleError], _Reader(lines, name, *settings, check=check).run())


def read_blocks(src: Source, *, box=None, variant: str | None = None,
                regions: Sequence[int] | str | None = None,
                source: str | None = None, check: bool = True
                ) -> Iterator[Puzzle | PuzzleError | PuzzleBlock]:
    """Like `read_puzzles`, with runs of one-line puzzles as arrays.

    Where a file (a path or a binary stream) holds consecutive plain one-line
    puzzles of one size from 6x6 to 16x16 (one field of ``n*n`` symbols on
    each line, standard rules), they come as one `PuzzleBlock` (a ``uint8``
    array of their values, a row each, and their line numbers) instead of
    one `Puzzle` each; everything else comes as from `read_puzzles`, in
    input order, errors included.  `sudoku.solve_all` takes blocks as they
    are.

    Notes
    -----
    Cost: about a microsecond a 9x9 puzzle in blocks (numpy over each read
    block of the file), a few times less than `read_puzzles`; a block holds
    at most the puzzles of one read block (256 KiB).

    Examples
    --------
    >>> import io
    >>> text = b"1" + b"." * 80 + b"\\n" + b"." * 80 + b"2\\n"
    >>> [len(item) for item in read_blocks(io.BytesIO(text))]
    [2]
    """
    settings = _settings(box, variant, regions)
    lines, name = _open(src, source)
    return _Reader(lines, name, *settings, check=check, blocks=True).run()


def parse_puzzles(text: str | bytes, *, box=None, variant: str | None = None,
                  regions: Sequence[int] | str | None = None,
                  source: str = "<string>") -> Iterator[Puzzle | PuzzleError]:
    """Like :func:`read_puzzles`, on the text itself.

    Raises
    ------
    TypeError
        ``text`` is not a string (for one puzzle given as rows, use
        `parse_puzzle`; for a file, `read_puzzles`).

    Notes
    -----
    Cost: O(len(text)).

    Examples
    --------
    >>> text = "1....2....3....4\\n\\n1234\\n....\\n"
    >>> for item in parse_puzzles(text):
    ...     print(repr(item) if isinstance(item, Puzzle) else item)
    <Puzzle 4x4 standard, box 2x2, 4 givens, source='<string>', line=1>
    <string>, line 4: the grid starting on line 3 ends after 2 rows; a 4x4 grid needs 4 rows
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(f"parse_puzzles reads text (str or bytes), not {type(text).__name__}; "
                        "for one puzzle as rows use parse_puzzle, for a file read_puzzles")
    stream = io.BytesIO(text) if isinstance(text, (bytes, bytearray)) else io.StringIO(text)
    return read_puzzles(stream, box=box, variant=variant, regions=regions, source=source)


def _read_one(text: str | bytes, box, variant: str | None,
              regions: Sequence[int] | str | None, source: str | None) -> Puzzle:
    """Exactly one puzzle from text (`parse_puzzle`'s rule for text)."""
    source = "<string>" if source is None else source
    found = None
    for item in parse_puzzles(text, box=box, variant=variant, regions=regions, source=source):
        if isinstance(item, PuzzleError):
            raise item
        if found is not None:
            raise PuzzleError(f"expected one puzzle, found a second one on line {item.line}",
                              source, item.line)
        found = item
    if found is None:
        raise PuzzleError("no puzzle found", source)
    return found
