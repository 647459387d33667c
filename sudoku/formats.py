"""Reading and writing Sudoku puzzles as text.

Reading is streaming: :func:`read_puzzles` reads one line at a time (looking at
most 40 lines ahead) and yields, in input order, a :class:`~sudoku.grid.Puzzle`
or a :class:`~sudoku.errors.PuzzleError` for each puzzle, so one bad puzzle in
a file of a million is reported and the rest are still read.

Formats, detected line by line (the rules, exactly)
---------------------------------------------------
Symbols.  ``.`` or ``0`` is a blank; ``1``-``9`` are 1 to 9 and the letters
``A``-``Z`` (either case) are 10 to 35.  Grids larger than 35x35 are written as
numbers.

Line kinds (leading and trailing whitespace ignored):

* blank line: ends a grid, and separates groups of puzzles;
* comment: starts with ``;`` or ``#``.  SadMan/SudoCue ``.sdk`` metadata lines
  (``#A`` author, ``#D``, ``#C``, ...) are comments.  A comment of the form
  ``# variant: NAME``, ``# box: RxC`` or ``# regions:`` (either comment mark)
  is a *directive*, below;
* section header ``[Name]``: ``[Puzzle]`` is ignored (its grid follows); any
  other section (``[State]``, ``[PencilMarks]``, ...) is skipped up to the next
  blank, comment, section or header line;
* header ``Grid NN`` (Project Euler 96): names the puzzle that follows (the
  puzzle's ``name`` is the header text and its ``line`` the header's);
* separator: only ``-``, ``=``, ``+``, ``|``, ``*`` (and box-drawing characters)
  with at least one ``-``, ``=`` or ``+``; ignored;
* anything else is puzzle content: a one-line puzzle or a grid row.

On a content line, text after whitespace followed by ``#`` or ``;`` is a
trailing comment; on a one-line puzzle it becomes the puzzle's ``name``.  If
the line holds commas: when it has 4 or more comma-separated fields that are
all numbers (or ``.``), it is a grid row of numbers (CSV); otherwise only the
first field is used (``puzzle,solution`` files).  A first content line made of
comma-separated words (a CSV header such as ``quizzes,solutions``) is skipped.

One-line puzzle: a single field (no box bars ``|``) of ``n*n`` symbols for
``4 <= n <= 35`` (16, 36, 64, 81, 100, 144, ... symbols), row by row.  Under
``# variant: jigsaw`` a second whitespace-separated field of ``n*n`` region
symbols may follow.  Above 35x35 a one-line puzzle is ``n*n`` numbers separated
by whitespace (0 = blank); no grid row can be that wide.

Grid: ``n`` rows of ``n`` cells; separator lines may come between rows.  In a
row, ``|`` bars and spaces are ignored and each remaining character is one
cell, except that a row of 10 or more whitespace-separated tokens that are all
numbers (or ``.``), at least one with two or more digits, is read as numbers,
one per cell (0 = blank).  The width of the first row fixes ``n``.  The
Project Euler 96 layout (``Grid 01`` then 9 rows of 9 digits, 0 for blanks),
SadMan ``.sdk`` files and the pretty grid of :func:`format_grid` are all grids.

Telling the two apart.  A content line is a one-line puzzle when its length is
``n*n`` as above (and, when the box is set, ``n`` matches it); otherwise it
starts a grid.  Exceptions:

* a compact 16-symbol line is a 4x4 one-line puzzle, unless it begins a
  paragraph of exactly 16 such lines of which one uses a symbol above 4: that
  is a compact 16x16 grid.  ``# box: 4x4`` or ``# box: 2x2`` settles it;
* a line that is neither is reported as a wrong length, not read as a grid,
  when the line before it (with no blank line between) was a one-line puzzle,
  or when the line after it is one.

Directives apply to every later puzzle until changed; the arguments of
:func:`read_puzzles` give their starting values:

* ``# variant: NAME`` -- ``standard``, ``x``, ``windoku`` or ``jigsaw``;
  switching to a variant without regions drops the region map;
* ``# box: RxC`` -- box shape (``RxC`` rows x columns), which also fixes the
  size; ``# box: auto`` returns to the default shape of each size
  (:func:`~sudoku.grid.default_box`);
* ``regions:`` (bare, or after ``#``/``;``) -- a jigsaw region map, either on
  the same line (``n*n`` symbols) or as the ``n`` rows that follow (written
  like grid rows).  Region symbols are any characters; they become ids in
  order of first appearance.  It switches the variant to ``jigsaw``.

Errors name source, line and column: wrong length (the length found and the
lengths accepted), a stray character, a symbol too large for the size,
clashing givens (the cells), a grid with too few rows or a ragged row, a bad
region map, an unknown variant, lines over :data:`MAX_LINE_LENGTH` (reported
by length, never echoed), undecodable bytes (named by value).  A line holding
a NUL byte means binary data: it is reported once and reading stops.
"""

from __future__ import annotations

import io
import json
import os
import re
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from math import isqrt
from typing import IO, Any, NamedTuple, Union

from .errors import PuzzleError
from .grid import (
    _IN_RANGE,
    MAX_SIZE,
    SYMBOLS,
    VARIANTS,
    Puzzle,
    check_givens,
    check_regions,
    check_size,
    default_box,
    parse_box,
    variant_rule,
)

__all__ = [
    "MAX_LINE_LENGTH", "as_puzzle", "read_puzzles", "parse_puzzles", "parse_puzzle", "format_line",
    "format_grid", "format_regions", "format_candidates", "puzzle_to_dict", "to_json",
]

MAX_LINE_LENGTH = max(1 << 16, MAX_SIZE * MAX_SIZE * (len(str(MAX_SIZE)) + 1))
"""Longest line read, in characters (bytes for binary input); longer lines are errors.

Enough for the largest grid written as numbers on one line."""

_MAX_SYMBOL_SIZE = len(SYMBOLS)  # largest size written one character per cell
_VALUE = {".": 0, "0": 0}
_VALUE.update({c: i + 1 for i, c in enumerate(SYMBOLS)})
_VALUE.update({c.lower(): i + 1 for i, c in enumerate(SYMBOLS) if c.isalpha()})
_BYTE_VALUES = bytes(_VALUE.get(chr(b), 255) for b in range(256))  # ASCII symbol -> value
_BARS = "|\u2502\u2503"  # | and box-drawing verticals
_SEPARATOR_CHARS = frozenset("-=+|* \t\u2500\u2501\u2502\u2503\u253c\u254b\u252c\u2534\u251c"
                             "\u2524\u250c\u2510\u2514\u2518")
_DIRECTIVE = re.compile(r"[#;]\s*(variant|box|regions)\s*:(.*)$", re.IGNORECASE)
_BARE_REGIONS = re.compile(r"(regions)\s*:(.*)$", re.IGNORECASE)
_HEADER = re.compile(r"grid(\s.*)?$", re.IGNORECASE)
_PLAIN = re.compile(r"[0-9A-Za-z.]+")
_COMMENT_TAIL = re.compile(r"\s[#;]")
_FIELD = re.compile(r"\S+")
_TOKEN = re.compile(r"[^\s|\u2502\u2503,]+")
_NUMBER = re.compile(r"[0-9]+|\.")
_WORD = re.compile(r"\s*[A-Za-z_][A-Za-z0-9_ ]*")
_LINE_LENGTHS = "16 for 4x4, 36 for 6x6, 81 for 9x9, 256 for 16x16, 625 for 25x25"

Source = Union[str, "os.PathLike[str]", IO[str], IO[bytes], Iterable[str | bytes]]


# ---------------------------------------------------------------------------
# Lines
# ---------------------------------------------------------------------------
class _Line(NamedTuple):
    """One physical line, classified (``kind`` is one of the constants below)."""

    number: int
    text: str
    kind: str
    key: str = ""  # directive name, section name, header text, or an error message
    value: str = ""  # directive value


BLANK, COMMENT, DIRECTIVE, SECTION, HEADER, SEPARATOR, CONTENT, BAD, FATAL = (
    "blank", "comment", "directive", "section", "header", "separator", "content", "bad",
    "fatal")
_BARE = "bare"  # the key of a content line of symbols only (no spaces, bars or commas)


def _classify(number: int, text: str) -> _Line:
    if "\x00" in text:
        return _Line(number, "", FATAL, "the line holds a NUL byte: this looks like binary "
                                        "data, not a text file of puzzles; reading stops here")
    if _PLAIN.fullmatch(text) and text[:4].lower() != "grid":
        return _Line(number, text, CONTENT, _BARE)  # the common case: a bare one-line puzzle
    s = text.strip()
    if not s:
        return _Line(number, text, BLANK)
    m = _DIRECTIVE.match(s) if s[0] in "#;" else _BARE_REGIONS.match(s)
    if m:
        return _Line(number, text, DIRECTIVE, m.group(1).lower(), m.group(2).strip())
    if s[0] in "#;":
        return _Line(number, text, COMMENT)
    if s[0] == "[" and s[-1] == "]":
        return _Line(number, text, SECTION, s[1:-1].strip().lower())
    if _HEADER.match(s):
        return _Line(number, text, HEADER, s)
    if set(s) <= _SEPARATOR_CHARS and any(c in s for c in "-=+\u2500\u2501"):
        return _Line(number, text, SEPARATOR)
    return _Line(number, text, CONTENT)


def _overlong(number: int, length: int) -> _Line:
    return _Line(number, "", BAD, f"the line is {length:,} characters long; no puzzle line "
                                  f"is longer than {MAX_LINE_LENGTH:,}")


def _file_lines(f, close: bool) -> Iterator[_Line]:
    """Classified lines of a text or binary file object, never holding a whole long line."""
    try:
        binary = isinstance(f.read(0), bytes)
        newline = b"\n" if binary else "\n"
        number = 0
        while True:
            try:
                chunk = f.readline(MAX_LINE_LENGTH + 1)
            except UnicodeDecodeError as exc:
                yield _Line(number + 1, "", FATAL, f"the text cannot be decoded ({exc.reason}); "
                                                   "reading stops here")
                return
            if not chunk:
                return
            number += 1
            if len(chunk) > MAX_LINE_LENGTH and not chunk.endswith(newline):
                length = len(chunk)
                while chunk and not chunk.endswith(newline):
                    chunk = f.readline(MAX_LINE_LENGTH)
                    length += len(chunk)
                yield _overlong(number, length - (1 if chunk else 0))
                continue
            text = chunk.decode("utf-8", "surrogateescape") if binary else chunk
            yield _classify(number, _strip_newline(text, number))
    finally:
        if close:
            f.close()


def _iterable_lines(items: Iterable[str | bytes]) -> Iterator[_Line]:
    for number, item in enumerate(items, 1):
        if isinstance(item, (bytes, bytearray)):
            item = bytes(item).decode("utf-8", "surrogateescape")
        text = _strip_newline(item, number)
        if len(text) > MAX_LINE_LENGTH:
            yield _overlong(number, len(text))
        else:
            yield _classify(number, text)


def _strip_newline(text: str, number: int) -> str:
    text = text.rstrip("\r\n")
    return text[1:] if number == 1 and text.startswith("\ufeff") else text


def _open(src: Source, source: str | None) -> tuple[Iterator[_Line], str]:
    if isinstance(src, (str, os.PathLike)):
        f = open(src, "rb")  # noqa: SIM115 -- closed by _file_lines
        return _file_lines(f, close=True), source or os.fspath(src)
    if hasattr(src, "readline") and hasattr(src, "read"):
        name = getattr(src, "name", None)
        return _file_lines(src, close=False), source or (name if isinstance(name, str)
                                                         else "<stream>")
    if isinstance(src, (bytes, bytearray)):
        raise TypeError("read_puzzles() takes a path, a file or an iterable of lines; "
                        "use parse_puzzles() for text")
    return _iterable_lines(src), source or "<lines>"


# ---------------------------------------------------------------------------
# Content lines
# ---------------------------------------------------------------------------
@dataclass
class _Row:
    """A content line split up for reading as a one-line puzzle or a grid row."""

    number: int
    body: str  # the line without a trailing comment or extra CSV fields
    fields: list[tuple[str, int]]  # whitespace-separated fields and their 1-based columns
    numeric: bool  # cells are numbers, one token each
    compact: bool  # one or two fields and no bars: may be a one-line puzzle
    comment: str | None
    csv_header: bool = False
    _cells: list[tuple[str, int]] | None = None

    @classmethod
    def parse(cls, line: _Line) -> _Row:
        text = line.text
        if _PLAIN.fullmatch(text):
            return cls(line.number, text, [(text, 1)], False, True, None)
        m = _COMMENT_TAIL.search(text)
        body, comment = (text[:m.start()], text[m.end():].strip() or None) if m else (text, None)
        csv_header = False
        if "," in body:
            parts = body.split(",")
            if len(parts) >= 4 and all(_NUMBER.fullmatch(p.strip()) for p in parts):
                tokens = [(t.group(), t.start() + 1) for t in _TOKEN.finditer(body)]
                return cls(line.number, body, [], True, False, comment, False, tokens)
            csv_header = all(_WORD.fullmatch(p) for p in parts)
            body = parts[0]
        fields = [(f.group(), f.start() + 1) for f in _FIELD.finditer(body)]
        bars = any(b in body for b in _BARS)
        numeric = False
        if len(fields) >= 10 or bars:
            tokens = [(t.group(), t.start() + 1) for t in _TOKEN.finditer(body)]
            numeric = (len(tokens) >= 10 and all(_NUMBER.fullmatch(t) for t, _ in tokens)
                       and any(len(t) > 1 for t, _ in tokens))
        row = cls(line.number, body, fields, numeric, len(fields) in (1, 2) and not bars
                  and not numeric, comment, csv_header)
        if numeric:
            row._cells = tokens
        return row

    def cells(self) -> list[tuple[str, int]]:
        """The row's cells as (symbol, column) pairs."""
        if self._cells is None:
            self._cells = [(ch, i + 1) for i, ch in enumerate(self.body)
                           if not ch.isspace() and ch not in _BARS]
        return self._cells

    def line_size(self) -> int | None:
        """``n`` if the first field could be a one-line ``n x n`` puzzle, else None."""
        if not self.compact:
            return None
        length = len(self.fields[0][0])
        n = isqrt(length)
        return n if n * n == length and 4 <= n <= _MAX_SYMBOL_SIZE else None


def _show(symbol: str) -> str:
    if len(symbol) == 1:
        code = ord(symbol)
        if 0xDC80 <= code <= 0xDCFF:
            return f"byte 0x{code - 0xDC00:02X} (not UTF-8 text)"
        if not symbol.isprintable():
            return f"character U+{code:04X}"
        return repr(symbol)
    return repr(symbol if len(symbol) <= 20 else symbol[:17] + "...")


def _hint(n: int) -> str:
    if n <= 9:
        return f"use 1-{n}, and . or 0 for a blank"
    if n <= _MAX_SYMBOL_SIZE:
        return f"use 1-9 and A-{SYMBOLS[n - 1]}, and . or 0 for a blank"
    return f"use the numbers 1-{n}, and 0 or . for a blank"


def _symbol_problem(symbol: str, n: int, numeric: bool) -> str:
    """Why ``symbol`` is not a value of an ``n x n`` grid."""
    if numeric or len(symbol) > 1:
        if _NUMBER.fullmatch(symbol):
            return f"{int(symbol)} is too large for a {n}x{n} grid ({_hint(n)})"
        return f"{_show(symbol)} is not a number ({_hint(n)})"
    value = _VALUE.get(symbol)
    kind = "digit" if n <= 9 else "symbol"
    if value is None or (n <= 9 and value > 9):
        return f"{_show(symbol)} is not a {kind} for a {n}x{n} grid ({_hint(n)})"
    shown = f"digit {symbol}" if symbol.isdigit() else f"{_show(symbol)} ({value})"
    return f"{shown} is too large for a {n}x{n} grid ({_hint(n)})"


def _value(symbol: str, n: int, numeric: bool) -> int:
    """The value of a symbol, or -1 if it is not one for an ``n x n`` grid."""
    if numeric:
        v = 0 if symbol == "." else int(symbol) if symbol.isascii() and symbol.isdigit() else -1
    else:
        v = _VALUE.get(symbol, -1)
    return v if v <= n else -1


def _line_values(field: str, n: int) -> bytes | None:
    """A one-line puzzle's values as bytes, or None if a symbol is not one of an
    ``n x n`` grid's.

    In C: symbols are ASCII, a table turns each into its value (255 for a
    non-symbol), and a value above n survives deleting the bytes 0..n.
    """
    if not field.isascii():
        return None
    packed = field.encode("ascii").translate(_BYTE_VALUES)
    return None if packed.translate(None, _IN_RANGE[n]) else packed


# Line lengths the reader's fast path takes, with their size and default box shape:
# n*n for the sizes that have one, except 16 (4x4: such a line may begin a compact
# 16x16 grid).
def _quick_sizes() -> dict[int, tuple[int, tuple[int, int]]]:
    sizes = {}
    for n in range(5, _MAX_SYMBOL_SIZE + 1):
        try:
            sizes[n * n] = n, default_box(n)
        except PuzzleError:
            continue
    return sizes


_QUICK_SIZES = _quick_sizes()


def _too_many_regions(n: int) -> str:
    return f"the region map uses more than {n} different symbols; a {n}x{n} grid has {n} regions"


def _region_ids(symbols: Sequence[str], n: int) -> tuple[list[int], int | None]:
    """Region symbols as ids in order of first appearance, and the index of the first
    symbol beyond the ``n``-th different one (None if there is none)."""
    ids: dict[str, int] = {}
    out = []
    for i, symbol in enumerate(symbols):
        if symbol not in ids:
            if len(ids) == n:
                return out, i
            ids[symbol] = len(ids)
        out.append(ids[symbol])
    return out, None


# ---------------------------------------------------------------------------
# The reader
# ---------------------------------------------------------------------------
class _Reader:
    """State machine over classified lines; see the module docstring for the rules."""

    def __init__(self, lines: Iterator[_Line], source: str, variant: str,
                 box: tuple[int, int] | None, regions: tuple[int, ...] | None,
                 check: bool = True):
        self.lines = lines
        self.check = check
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
        self.stop = False

    # -- line access --------------------------------------------------------
    def peek(self, k: int = 0) -> _Line | None:
        while len(self.ahead) <= k:
            line = next(self.lines, None)
            if line is None:
                return None
            self.ahead.append(line)
        return self.ahead[k]

    def take(self) -> _Line | None:
        return self.ahead.popleft() if self.ahead else next(self.lines, None)

    def error(self, message: str, line: int | None, column: int | None = None,
              cell: int | None = None) -> PuzzleError:
        return PuzzleError(message, self.source, line, column, cell)

    # -- main loop ----------------------------------------------------------
    def run(self) -> Iterator[Puzzle | PuzzleError]:
        try:
            while not self.stop:
                line = self.take()
                if line is None:
                    break
                if line.key is _BARE and not self.skipping:
                    puzzle = self.quick(line)
                    if puzzle is not None:
                        self.paragraph_start = False
                        yield puzzle
                        continue
                yield from self.handle(line)
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
                yield from self.directive(line)

    # -- directives ---------------------------------------------------------
    def directive(self, line: _Line) -> Iterator[PuzzleError]:
        key, value = line.key, line.value
        if key == "variant":
            name = value.lower()
            try:
                rule = variant_rule(name)
            except PuzzleError as exc:
                yield self.error(exc.message, line.number)
                return
            self.variant = name
            if not rule.uses_regions:
                self.regions = None
        elif key == "box":
            if value.lower() in ("", "auto", "default"):
                self.box = None
                return
            try:
                self.box = parse_box(value)
            except PuzzleError as exc:
                yield self.error(exc.message, line.number)
        else:
            yield from self.region_map(line)

    def region_map(self, line: _Line) -> Iterator[PuzzleError]:
        if line.value:
            symbols = [ch for ch in line.value if not ch.isspace()]
            n = isqrt(len(symbols))
            if n * n != len(symbols) or n < 1:
                yield self.error(f"an inline region map needs n*n symbols; this one has "
                                 f"{len(symbols)}", line.number)
                return
        else:
            first = self.peek()
            if first is None or first.kind != CONTENT:
                yield self.error("'regions:' must be followed by the region map, one row per "
                                 "line, or by the map on the same line", line.number)
                return
            self.take()
            row = _Row.parse(first)
            n = len(row.cells())
            rows, problem = self.collect_rows(row, n, "region map")
            if problem is not None:
                yield problem
                return
            symbols = [symbol for r in rows for symbol, _ in r.cells()]
        ids, surplus = _region_ids(symbols, n)
        if surplus is not None:
            yield self.error(_too_many_regions(n), line.number)
            return
        try:
            check_regions(ids, n)
        except PuzzleError as exc:
            yield self.error(exc.message, line.number)
            return
        self.regions = tuple(ids)
        self.regions_where = f"the region map on line {line.number}"
        self.variant = "jigsaw"

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
                return self.error(exc.message, line.number, 1 + exc.cell, exc.cell)
        return puzzle

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
        n = row.line_size()
        if n is not None and fixed in (None, n) and not (
                n == 4 and fixed is None and len(row.fields) == 1 and self.compact_16x16(row)):
            self.after_line_puzzle = True
            yield self.line_puzzle(row, n)
            return
        width = len(row.cells())
        junk = next(((ch, col) for ch, col in row.cells() if not ch.isprintable()), None)
        if junk is not None:  # undecodable bytes or control characters: not a grid row
            yield self.error(f"{_show(junk[0])} is not a puzzle symbol", row.number, junk[1])
            return
        n = isqrt(width)
        if not row.compact and n * n == width and n > _MAX_SYMBOL_SIZE and fixed in (None, n):
            # Too wide for a grid row: a puzzle with no one-character symbols, on one line.
            self.after_line_puzzle = True
            yield self.from_rows([row], n, row.comment)
            return
        if fixed is not None:
            fits = width == fixed
        else:
            fits = width >= 4 and (width <= _MAX_SYMBOL_SIZE or not row.compact)
        if self.after_line_puzzle or not fits or (row.compact and self.next_is_line_puzzle(width)):
            self.after_line_puzzle = True  # a bad one-line puzzle: the next line is one too
            yield self.wrong_length(row)
            return
        yield self.grid(row, width)

    def wrong_length(self, row: _Row, last: bool = False) -> PuzzleError:
        """The error for a line that is neither a one-line puzzle nor a grid row."""
        first_field = row.compact and (len(row.fields) == 1
                                       or VARIANTS[self.variant].uses_regions)
        count = len(row.fields[0][0]) if first_field else len(row.cells())
        fixed = self.box[0] * self.box[1] if self.box else None
        if fixed:
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

    def compact_16x16(self, row: _Row) -> bool:
        """Is this 16-symbol line the first row of a compact 16x16 grid? (See the rules.)"""
        if not self.paragraph_start:
            return False
        large = any(_VALUE.get(ch, 0) > 4 for ch in row.fields[0][0])
        rows, k = 1, 0
        while rows < 16:
            nxt = self.peek(k)
            k += 1
            if nxt is not None and nxt.kind == SEPARATOR and k < 40:
                continue
            if nxt is None or nxt.kind != CONTENT:
                return False
            other = _Row.parse(nxt)
            if len(other.fields) != 1 or other.line_size() != 4:
                return False
            large = large or any(_VALUE.get(ch, 0) > 4 for ch in other.fields[0][0])
            rows += 1
        following = self.peek(k)
        return large and (following is None or following.kind != CONTENT)

    def line_puzzle(self, row: _Row, n: int) -> Puzzle | PuzzleError:
        field, start = row.fields[0]
        values = _line_values(field, n)  # bytes: Puzzle takes them as they are
        if values is None:
            i = next(i for i, ch in enumerate(field) if _value(ch, n, False) < 0)
            return self.error(_symbol_problem(field[i], n, False), row.number, start + i)
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

    def collect_rows(self, first: _Row, n: int, what: str) -> tuple[list[_Row], PuzzleError | None]:
        """The ``n`` rows of a grid or region map starting with ``first``."""
        rows = [first]
        problem = None
        while len(rows) < n:
            nxt = self.peek()
            if nxt is None or nxt.kind not in (CONTENT, SEPARATOR):
                if len(rows) == 1 and what == "grid" and first.compact:
                    return rows, self.wrong_length(first, last=True)
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
                                     f"its first row (line {first.number}) has {n}", nxt.number)
            rows.append(row)
        return rows, problem

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

    def make(self, n: int, values: list[int] | bytes, locate, start: int,
             regions: list[int] | None = None, name: str | None = None) -> Puzzle | PuzzleError:
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
            puzzle = Puzzle(rows, cols, values, variant, regions, self.source, line, name)
        except PuzzleError as exc:
            at = locate(exc.cell) if exc.cell is not None else (line, None)
            return self.error(exc.message, *at, exc.cell)
        if self.check:
            try:
                check_givens(puzzle)
            except PuzzleError as exc:
                return self.error(exc.message, *locate(exc.cell), exc.cell)
        return puzzle


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
    entries = [ch for ch in regions if not ch.isspace()] if text else [int(r) for r in regions]
    n = isqrt(len(entries))
    if n * n != len(entries):
        raise PuzzleError(f"the region map has {len(entries)} entries, which is not n*n for any n")
    ids, surplus = _region_ids(entries, n) if text else (entries, None)
    if surplus is not None:
        raise PuzzleError(_too_many_regions(n))
    check_regions(ids, n)
    return "jigsaw", box, tuple(ids)


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
    lines, name = _open(src, source)
    return _Reader(lines, name, *settings, check=check).run()


def parse_puzzles(text: str | bytes, *, box=None, variant: str | None = None,
                  regions: Sequence[int] | str | None = None,
                  source: str = "<string>") -> Iterator[Puzzle | PuzzleError]:
    """Like :func:`read_puzzles`, on the text itself.

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
    stream = io.BytesIO(text) if isinstance(text, (bytes, bytearray)) else io.StringIO(text)
    return read_puzzles(stream, box=box, variant=variant, regions=regions, source=source)


def parse_puzzle(text: str | bytes, *, box=None, variant: str | None = None,
                 regions: Sequence[int] | str | None = None,
                 source: str = "<string>") -> Puzzle:
    """Read exactly one puzzle from text.

    Raises
    ------
    PuzzleError
        The puzzle's error, or no puzzle, or more than one.

    Notes
    -----
    Cost: O(len(text)).

    Examples
    --------
    >>> parse_puzzle("12..\\n..12\\n21..\\n..21").n_givens
    8
    """
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


def as_puzzle(puzzle) -> Puzzle:
    """``puzzle`` itself if it is a `Puzzle`, else its text read with `parse_puzzle`.

    What every function that takes "a Puzzle or a puzzle string" does first.

    Raises
    ------
    PuzzleError
        The text is not exactly one readable puzzle.
    TypeError
        ``puzzle`` is neither a Puzzle nor a string.
    """
    if isinstance(puzzle, Puzzle):
        return puzzle
    if isinstance(puzzle, str):
        return parse_puzzle(puzzle)
    raise TypeError(f"expected a sudoku.Puzzle or a puzzle string, not {type(puzzle).__name__}")


# ---------------------------------------------------------------------------
# Writers
# ---------------------------------------------------------------------------
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
    """Cells, size, box shape and regions from a Puzzle or from the separate arguments."""
    if isinstance(cells, Puzzle):
        return cells.cells, cells.size, cells.box_rows, cells.box_cols, cells.regions
    cells = list(cells)
    return (cells, *_shape(len(cells), box_rows, box_cols, regions), regions)


def _symbol(v: int, n: int) -> str:
    if not v:
        return "."
    return SYMBOLS[v - 1] if n <= _MAX_SYMBOL_SIZE else str(v)


def format_line(cells, n: int | None = None) -> str:
    """A grid as one line: ``n*n`` symbols (``.`` for blanks), or above 35x35,
    ``n*n`` numbers separated by spaces (``0`` for blanks).

    Parameters
    ----------
    cells : Puzzle or sequence of int
        The grid, row by row.
    n : int, optional
        Size (default: the square root of the number of cells).

    Notes
    -----
    Cost: O(n^2).

    Examples
    --------
    >>> format_line([1, 0, 0, 2, 0, 0, 1, 0, 0, 1, 0, 0, 2, 0, 0, 1])
    '1..2..1..1..2..1'
    """
    if n is None or isinstance(cells, Puzzle):
        cells, n = _unpack(cells)[:2]
    if n > _MAX_SYMBOL_SIZE:
        return " ".join(map(str, cells))
    # One C-level pass (this runs once per puzzle of a batch): values are bytes,
    # mapped to their symbols by a table.
    return bytes(cells).translate(_SYMBOL_TABLE).decode("ascii")


_SYMBOL_TABLE = bytes.maketrans(bytes(range(_MAX_SYMBOL_SIZE + 1)),
                                ("." + SYMBOLS[:_MAX_SYMBOL_SIZE]).encode("ascii"))


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


def format_grid(cells, box_rows: int | None = None, box_cols: int | None = None,
                regions: Sequence[int] | None = None) -> str:
    """A grid as ``n`` rows, with ``|`` between boxes and ``-+-`` lines between box rows.

    Values are symbols (numbers, right-aligned, above 35x35); blanks are ``.``.
    A jigsaw (``regions`` given) is written as plain spaced rows.  The result
    reads back with :func:`parse_puzzle`.

    Parameters
    ----------
    cells : Puzzle or sequence of int
        The grid; a Puzzle brings its own box shape and regions.
    box_rows, box_cols : int, optional
        Box shape (default: :func:`~sudoku.grid.default_box`).
    regions : sequence of int, optional
        Jigsaw region map.

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


def puzzle_to_dict(puzzle: Puzzle) -> dict[str, Any]:
    """A puzzle as plain data (for JSON).

    Notes
    -----
    Cost: O(n^2).

    Examples
    --------
    >>> puzzle_to_dict(Puzzle(2, 2, [0] * 16))["box"]
    [2, 2]
    """
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
