"""Lines of puzzle text: reading them from any source, classifying them, reading symbols.

The reader (`sudoku.formats.read`) sees a file as a stream of `_Line` records:
each line's number, text and kind (blank, comment, directive, section,
header, separator or content), decoded and length-checked here.  `_Row`
holds one content line's cells once read as symbols or numbers.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from math import isqrt
from typing import IO, Any, NamedTuple, Union

from ..errors import PuzzleError
from ..grid import _IN_RANGE, MAX_SIZE, SYMBOLS, default_box

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
# Code arrays: a row such as ``{ 3, 0, 6, ... },`` or ``grid = [[3, 0, 6, ...],``, and
# the lines around them (a declaration ending in ``= {`` or ``= [``, closing brackets).
_BRACKETS = "[]{}"
_DECLARATION = re.compile(r"\s*[A-Za-z_][\w\s\[\]:.*<>]*=\s*")
_BLANK_CODE = str.maketrans("[]{}();", "       ")
_CODE_ONLY = re.compile(r"(?:\s*[A-Za-z_][\w\s\[\]:.*<>]*=\s*)?[\[\]{}(),;\s]*")
_LINE_LENGTHS = "16 for 4x4, 36 for 6x6, 81 for 9x9, 256 for 16x16, 625 for 25x25"

Source = Union[str, "os.PathLike[str]", IO[str], IO[bytes], Iterable[str | bytes]]




def _code_row(text: str) -> str | None:
    """``text`` with all but the numbers blanked out (the columns kept), if it is a row
    of a code array (``{ 3, 0, 6 },``, ``grid = [[3, 0, 6],``, ``[3, 0, 6, ...]``)."""
    if "," not in text or not any(c in text for c in _BRACKETS):
        return None
    m = _DECLARATION.match(text)
    start = m.end() if m else 0
    rest = text[start:].translate(_BLANK_CODE)
    numbers = rest.split(",")
    if len(numbers) > 1 and not numbers[-1].strip():
        numbers.pop()  # a comma after the last number
    if not all(_NUMBER.fullmatch(p.strip()) for p in numbers):
        return None
    return " " * start + rest.replace(",", " ")


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


class _Bulk(NamedTuple):
    """Consecutive lines, from line ``number`` on, that are plain one-line ``n x n``
    puzzles (`sudoku.formats.bulk`): their text and their values."""

    number: int
    pieces: list[bytes]
    n: int
    values: Any  # numpy uint8 (len(pieces), n * n)

    def lines(self) -> list[_Line]:
        """The lines one by one, as the reader would have had them."""
        return [_classify(self.number + i, piece.decode("ascii"))
                for i, piece in enumerate(self.pieces)]


def _bulk_runs(pieces: list) -> list:
    from .bulk import bulk_runs  # lazy: keeps numpy out of start-up

    return bulk_runs(pieces)


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
    if _code_row(s) is not None:  # not a [Section] nor a "Grid NN" header
        return _Line(number, text, CONTENT)
    if s[0] == "[" and s[-1] == "]":
        return _Line(number, text, SECTION, s[1:-1].strip().lower())
    if _HEADER.match(s):
        return _Line(number, text, HEADER, s)
    if set(s) <= _SEPARATOR_CHARS and any(c in s for c in "-=+\u2500\u2501"):
        return _Line(number, text, SEPARATOR)
    if _CODE_ONLY.fullmatch(s) and any(c in s for c in _BRACKETS):
        # What surrounds the rows of a pasted code array: ``int grid[9][9] = {``, ``};``
        return _Line(number, text, SEPARATOR)
    return _Line(number, text, CONTENT)


def _overlong(number: int, length: int) -> _Line:
    return _Line(number, "", BAD, f"the line is {length:,} characters long; no puzzle line "
                                  f"is longer than {MAX_LINE_LENGTH:,}")


# A line ends at LF, CRLF or a bare CR (old Mac files), as in Python's universal newlines.
_LINE_END = re.compile(r"\r\n?|\n")
_LINE_END_BYTES = re.compile(rb"\r\n?|\n")
_BLOCK = 1 << 18  # bytes a binary stream is read in (runs of puzzles go to numpy whole)
# Puzzles to be yielded one by one (read_puzzles): fewer lines than this, read at once,
# are read line by line, as fast for a few puzzles, and without waiting for numpy to load.
BULK_LINES = 32


def _file_lines(f, close: bool, bulk_lines: int = 1) -> Iterator[_Line | _Bulk]:
    """Classified lines of a text or binary file object, never holding a whole long line.

    A binary stream is read in blocks (``read1``: what is there, so a pipe fed
    one puzzle at a time is answered at once), a text stream a line at a time;
    either way the text read is cut at every line end.  A line longer than
    `MAX_LINE_LENGTH` is reported by its length and never held whole: memory
    stays within a block and that length.
    """
    try:
        binary = isinstance(f.read(0), bytes)
        if binary and hasattr(f, "read1"):
            read = functools.partial(f.read1, _BLOCK)
        else:
            read = functools.partial(f.readline, MAX_LINE_LENGTH + 1)
        split = (_LINE_END_BYTES if binary else _LINE_END).split
        # (str or bytes throughout, as the stream gives)
        cr: Any
        lf: Any
        crlf: Any
        cr, lf, crlf = (b"\r", b"\n", b"\r\n") if binary else ("\r", "\n", "\r\n")
        bom = "\ufeff".encode() if binary else "\ufeff"
        carry: Any = cr[:0]  # the start of a line whose end is not read yet
        block: Any
        pieces: list[Any]
        skipped = 0  # > 0: the length so far of an over-long line, whose text is dropped
        number = 0
        first = True
        while True:
            try:
                block = read()
            except UnicodeDecodeError as exc:
                yield _Line(number + 1, "", FATAL, f"the text cannot be decoded ({exc.reason}); "
                                                   "reading stops here")
                return
            if first:
                first = False
                if block.startswith(bom):
                    block = block[len(bom):]
            hold = False
            if not block:
                pieces = split(carry) if carry else []
                if pieces and not pieces[-1]:
                    pieces.pop()  # the held CR ended the last line
                if skipped and not pieces:
                    pieces = [carry[:0]]
            else:
                text = carry + block
                hold = text[-1:] == cr  # a CR at the end may be the first half of a CRLF
                if hold:
                    text = text[:-1]
                # (The regular expression is about three times slower than splitting at
                # one kind of line end, which files that use just one allow.)
                if cr not in text:
                    pieces = text.split(lf)
                elif text.count(cr) == text.count(crlf) == text.count(lf):
                    pieces = text.split(crlf)
                else:
                    pieces = split(text)
                carry = pieces.pop()
            if skipped and pieces:
                number += 1
                yield _overlong(number, skipped + len(pieces[0]))
                skipped = 0
                del pieces[0]
            runs = _bulk_runs(pieces) if binary and len(pieces) >= bulk_lines else ()
            at = 0
            for run in (*runs, None):
                for piece in pieces[at:run.start if run else len(pieces)]:
                    number += 1
                    if len(piece) > MAX_LINE_LENGTH:
                        yield _overlong(number, len(piece))
                    else:
                        yield _classify(number, piece.decode("utf-8", "surrogateescape")
                                        if binary else piece)
                if run:
                    yield _Bulk(number + 1, pieces[run.start:run.stop], run.n, run.values)
                    number += run.stop - run.start
                    at = run.stop
            if len(carry) > MAX_LINE_LENGTH:
                skipped += len(carry)
                carry = carry[:0]
            if hold:
                carry += cr
            if not block:
                return
    finally:
        if close:
            f.close()


def _iterable_lines(items: Iterable[str | bytes]) -> Iterator[_Line]:
    number = 0
    for item in items:
        if isinstance(item, (bytes, bytearray)):
            item = bytes(item).decode("utf-8", "surrogateescape")
        # An item is one line, with or without its end; one holding more line ends
        # (a bare CR from an old Mac file) is several.
        pieces = _LINE_END.split(item)
        if len(pieces) > 1 and not pieces[-1]:
            pieces.pop()
        for text in pieces:
            number += 1
            if number == 1 and text.startswith("\ufeff"):
                text = text[1:]
            if len(text) > MAX_LINE_LENGTH:
                yield _overlong(number, len(text))
            else:
                yield _classify(number, text)


def _open(src: Source, source: str | None, bulk_lines: int = 1
          ) -> tuple[Iterator[_Line | _Bulk], str]:
    """The classified lines of ``src``; lines read at once are taken in bulk (numpy) when
    there are at least ``bulk_lines`` of them."""
    if isinstance(src, (str, os.PathLike)):
        f = open(src, "rb")  # noqa: SIM115 -- closed by _file_lines
        return _file_lines(f, True, bulk_lines), source or os.fspath(src)
    if hasattr(src, "readline") and hasattr(src, "read"):
        name = getattr(src, "name", None)
        return _file_lines(src, False, bulk_lines), source or (name if isinstance(name, str)
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
    code: bool = False  # a row of a code array: numbers between brackets
    _cells: list[tuple[str, int]] | None = None

    @classmethod
    def parse(cls, line: _Line) -> _Row:
        text = line.text
        if _PLAIN.fullmatch(text):
            return cls(line.number, text, [(text, 1)], False, True, None)
        m = _COMMENT_TAIL.search(text)
        body, comment = (text[:m.start()], text[m.end():].strip() or None) if m else (text, None)
        csv_header = False
        if "," in body and any(c in body for c in _BRACKETS):
            inner = _code_row(body)
            if inner is not None:
                tokens = [(t.group(), t.start() + 1) for t in _TOKEN.finditer(inner)]
                return cls(line.number, body, [], True, False, comment, _cells=tokens, code=True)
        if "," in body:
            parts = body.split(",")
            if len(parts) >= 4 and all(_NUMBER.fullmatch(p.strip()) for p in parts):
                tokens = [(t.group(), t.start() + 1) for t in _TOKEN.finditer(body)]
                return cls(line.number, body, [], True, False, comment, _cells=tokens)
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
# Pencil-mark (Sukaku) lines: n symbols a cell, n*n*n in all.  64 (8x8) and 729 (27x27)
# are one-line puzzle lengths too, which the long way tells apart (`_sukaku_size`).
_SUKAKU_SIZES = {n * n * n: n for n in range(4, _MAX_SYMBOL_SIZE + 1)
                 if n * n * n <= MAX_LINE_LENGTH}
for _length in _SUKAKU_SIZES:
    _QUICK_SIZES.pop(_length, None)
_SUKAKU_TEMPLATE = {n: SYMBOLS[:n] * (n * n) for n in _SUKAKU_SIZES.values()}


def _sukaku_size(field: str) -> int | None:
    """``n`` if ``field`` is an ``n x n`` Sukaku line: each cell's ``n`` symbols are, in
    order, the value ``1..n`` where it is a candidate and ``.`` or ``0`` where not;
    at least one candidate in all (a line of blanks is an empty grid of another size)."""
    n = _SUKAKU_SIZES.get(len(field))
    if n is None:
        return None
    template = _SUKAKU_TEMPLATE[n]
    upper = field.upper()
    if upper.replace("0", ".") == "." * len(field):
        return None
    if all(a == b or a in ".0" for a, b in zip(upper, template, strict=True)):
        return n
    return None


