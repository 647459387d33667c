"""Knuth's DLX text format (the input of his programs dlx1 and dlx2).

The format, line by line:

* a line ends at LF, CRLF or a bare CR;
* a line whose first non-blank character is ``|`` is a comment; blank lines
  are skipped;
* the first other line names the items, separated by white space; a lone
  ``|`` separates the primary items (before it) from the secondary ones;
* every later line is one option: the names of its items, separated by white
  space; ``item:color`` gives a secondary item a colour (DLX2).

Item names may use any characters except white space, ``|`` and ``:``.
An option's label is its line with the white space normalised.

Example::

    | three items, the last one secondary
    a b | c
    a c:red
    b c:red
    a b
"""

from __future__ import annotations

import io
import os
import re

from .errors import ParseError
from .problem import Colored, Problem

__all__ = ["parse_knuth", "read_knuth"]


def _tokens(line: str):
    """Yield (1-based column, token) for each white-space separated token."""
    col = 0
    n = len(line)
    while col < n:
        while col < n and line[col].isspace():
            col += 1
        start = col
        while col < n and not line[col].isspace():
            col += 1
        if col > start:
            yield start + 1, line[start:col]


# A line ends at LF, CRLF or a bare CR (old Mac files), as in universal newlines.
_LINE_END = re.compile(r"\r\n?|\n")


def _lines(source_text):
    """(number, text) of each line; a piece of ``source_text`` may hold several (bare CRs)."""
    number = 0
    for piece in source_text:
        lines = _LINE_END.split(piece)
        if len(lines) > 1 and not lines[-1]:
            lines.pop()  # the piece ended with its line end
        for line in lines:
            number += 1
            yield number, line


def _parse(lines, source: str) -> Problem:
    primary: list = []
    secondary: list = []
    where_item: dict = {}
    header_line = None
    options: list = []
    labels: list = []
    for number, line in lines:
        if "\x00" in line or "\ufffd" in line or any(ord(ch) < 32 and ch not in "\t\f\v"
                                                     for ch in line):
            raise ParseError("the line holds binary data (control characters); a DLX "
                             "file is text", source, number)
        stripped = line.strip()
        if not stripped or stripped.startswith("|"):
            continue
        if header_line is None:
            header_line = number
            in_secondary = False
            for col, tok in _tokens(line):
                if tok == "|":
                    if in_secondary:
                        raise ParseError("a second '|' in the item line", source, number, col)
                    in_secondary = True
                    continue
                if "|" in tok or ":" in tok:
                    bad = "|" if "|" in tok else ":"
                    raise ParseError(f"item name {tok!r} contains {bad!r}; put spaces around "
                                     f"'|' and use ':' only for colours in options",
                                     source, number, col + tok.index(bad))
                if tok in where_item:
                    raise ParseError(f"item {tok!r} is listed twice in the item line",
                                     source, number, col)
                where_item[tok] = (not in_secondary)
                (secondary if in_secondary else primary).append(tok)
            if not primary:
                raise ParseError("the item line names no primary item", source, number)
            continue
        entries = []
        seen = set()
        has_primary = False
        for col, tok in _tokens(line):
            name, sep, color = tok.partition(":")
            if "|" in tok:
                raise ParseError("unexpected '|' in an option (comments start a line)",
                                 source, number, col + tok.index("|"))
            if name not in where_item:
                raise ParseError(f"unknown item {name!r}; items are declared on line "
                                 f"{header_line}", source, number, col)
            if name in seen:
                raise ParseError(f"item {name!r} appears twice in this option",
                                 source, number, col)
            seen.add(name)
            is_primary = where_item[name]
            if sep:
                if is_primary:
                    raise ParseError(f"primary item {name!r} cannot have a colour",
                                     source, number, col + len(name))
                if not color:
                    raise ParseError(f"empty colour after {name!r}:", source, number,
                                     col + len(name))
                entries.append(Colored(name, color))
            else:
                entries.append(name)
            has_primary = has_primary or is_primary
        if not has_primary:
            raise ParseError("this option has no primary item, so it could never be used",
                             source, number)
        options.append(entries)
        labels.append(" ".join(tok for _, tok in _tokens(line)))
    if header_line is None:
        raise ParseError("no item line found (the input is empty or only comments)", source)
    return Problem(options, primary, secondary, labels=labels)


def parse_knuth(text: str, source: str = "<string>") -> Problem:
    """Read a problem written in Knuth's DLX format from a string.

    Parameters
    ----------
    text : str
    source : str
        Name used in error messages.

    Returns
    -------
    Problem
        Option labels are the option lines.

    Raises
    ------
    ParseError
        With the line and column of the first problem found.

    Notes
    -----
    Cost: linear in the length of the text.

    Examples
    --------
    >>> p = parse_knuth("a b | c\\na c:red\\nb c:red\\nb\\n")
    >>> p.solve()
    ['a c:red', 'b c:red']
    """
    return _parse(_lines(io.StringIO(text)), source)


def read_knuth(file, source: str | None = None) -> Problem:
    """Read a problem in Knuth's DLX format from a path or an open text file.

    Parameters
    ----------
    file : str, os.PathLike or text file
    source : str, optional
        Name used in error messages (default: the path, or the file's name).

    Returns
    -------
    Problem

    Raises
    ------
    ParseError
        For bad content (with line and column) and for a file that cannot be
        read.

    Notes
    -----
    Cost: linear in the size of the file; it is read line by line.

    Examples
    --------
    >>> import io
    >>> read_knuth(io.StringIO("a b\\na\\nb\\n")).count().count
    1
    """
    if isinstance(file, (str, os.PathLike)):
        name = source or os.fspath(file)
        try:
            with open(file, encoding="utf-8", errors="replace") as f:
                return _parse(_lines(f), name)
        except OSError as exc:
            raise ParseError(f"cannot read the file: {exc.strerror or exc}", name) from None
    name = source or getattr(file, "name", "<stream>")
    return _parse(_lines(file), str(name))
