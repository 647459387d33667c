"""Knuth's DLX text format (the input of his programs dlx1, dlx2 and dlx3).

The format, line by line:

* a line ends at LF, CRLF or a bare CR;
* a line whose first non-blank character is ``|`` is a comment; blank lines
  are skipped;
* the first other line names the items, separated by white space; a lone
  ``|`` separates the primary items (before it) from the secondary ones; a
  primary item written ``u:v|name`` must be covered at least ``u`` and at
  most ``v`` times, ``v|name`` exactly ``v`` times (Knuth's DLX3); an
  option's ``|n`` after an item adds ``n`` to its cost (Knuth's DLX5);
* every later line is one option: the names of its items, separated by white
  space; ``item:color`` gives a secondary item a colour (DLX2).  An option
  with no primary item could never be chosen: it is dropped with a
  `KnuthWarning`, as Knuth's programs drop it.

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
import warnings
from collections.abc import Iterator

from ._knuth_lines import format_knuth
from .errors import ParseError
from .options import Colored
from .problem import Problem

__all__ = ["KnuthWarning", "parse_knuth", "read_knuth", "format_knuth", "write_knuth"]


class KnuthWarning(UserWarning):
    """An option of a DLX file that is ignored, as Knuth's programs ignore it (no primary item)."""


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
            if number == 1 and line.startswith("\ufeff"):
                line = line[1:]  # a byte-order mark, as some Windows editors write first
            yield number, line


def _parse(lines, source: str) -> Problem:
    primary: list = []
    secondary: list = []
    bounds: dict = {}
    costs: list = []
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
                if "|" in tok and not in_secondary:
                    col, tok, pair = _bounded(tok, source, number, col)
                    bounds[tok] = pair
                if "|" in tok or ":" in tok:
                    bad = "|" if "|" in tok else ":"
                    why = ("bounds u:v|name are for primary items only" if in_secondary
                           and bad == "|" else "put spaces around '|' and use ':' only for "
                           "colours in options, and 'u:v|' before a primary item for bounds")
                    raise ParseError(f"item name {tok!r} contains {bad!r}; {why}",
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
        seen: set = set()
        has_primary = False
        cost = 0
        for col, tok in _tokens(line):
            name, sep, color = tok.partition(":")
            if tok.startswith("|") and seen:  # |n: a cost (Knuth's DLX5); several add up
                if not (tok[1:].isdigit() and tok.isascii()):
                    raise ParseError(f"an option's cost is '|' and a whole number, not {tok!r}",
                                     source, number, col)
                cost += int(tok[1:])
                continue
            if "|" in tok:
                raise ParseError("unexpected '|' in an option (comments start a line; a "
                                 "cost |n follows an item)", source, number,
                                 col + tok.index("|"))
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
        label = " ".join(tok for _, tok in _tokens(line))
        if not has_primary:  # never usable: dlx1 and dlx2 drop it and say so
            warnings.warn(f"{source}, line {number}: option ignored, it has no primary item: "
                          f"{label}", KnuthWarning, stacklevel=3)
            continue
        options.append(entries)
        labels.append(label)
        costs.append(cost)
    if header_line is None:
        raise ParseError("no item line found (the input is empty or only comments)", source)
    return Problem(options, primary, secondary, labels=labels, bounds=bounds or None,
                   costs=costs if any(costs) else None)


def _bounded(tok: str, source: str, number: int, col: int) -> tuple[int, str, tuple]:
    """``u:v|name`` or ``v|name`` (Knuth's DLX3): ``(column of name, name, (u, v))``."""
    spec, _, name = tok.partition("|")
    low, colon, high = spec.rpartition(":")
    if not colon:
        low = high
    for part in (low, high):
        if not part.isdigit() or not part.isascii():
            raise ParseError(f"bounds {spec!r} of an item must be 'u:v|name' or 'v|name' "
                             f"with whole numbers u <= v", source, number, col)
    u, v = int(low), int(high)
    if v == 0 or u > v:
        raise ParseError(f"bounds {spec!r}: the upper bound must be at least 1 and at least "
                         f"the lower one", source, number, col)
    if not name:
        raise ParseError(f"no item name after the bounds {spec!r}|", source, number,
                         col + len(spec) + 1)
    return col + len(spec) + 1, name, (u, v)


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


def write_knuth(problem: Problem, file, *, rename=None) -> None:
    """Write ``problem`` in Knuth's DLX format, which `read_knuth` and his programs read.

    The first line lists the items (primary, then ``|`` and the secondary
    ones); each later line is one option, in the problem's order, with
    ``item:colour`` for a coloured secondary item.  Option labels are not
    written: reading the file back labels each option by its line.

    Parameters
    ----------
    problem : Problem
    file : str, os.PathLike or text file
        A path (the file is replaced) or an open text stream.
    rename : callable, optional
        Gives each item its name in the file (default: ``str``).  Names must be
        non-empty and hold no white space, ``|`` or ``:``; Knuth's programs
        further take at most 8 characters (his ``max_name_length``).

    Raises
    ------
    ProblemError
        An item or colour has no name in the format, or two items share one.

    Notes
    -----
    Cost: linear in the number of entries; written line by line.

    Examples
    --------
    >>> import io
    >>> p = Problem([["a", "x:red"], ["b", "x:red"], ["a", "b"]], ["a", "b"], ["x"])
    >>> f = io.StringIO()
    >>> write_knuth(p, f)
    >>> print(f.getvalue(), end="")
    a b | x
    a x:red
    b x:red
    a b
    >>> read_knuth(io.StringIO(f.getvalue())).count().count
    2
    """
    lines = format_knuth(problem, rename=rename)
    first = next(lines)  # names checked before a path is opened (and emptied)
    if isinstance(file, (str, os.PathLike)):
        with open(file, "w", encoding="utf-8") as f:
            _write_lines(f, first, lines)
    else:
        _write_lines(file, first, lines)


def _write_lines(f, first: str, rest: Iterator[str]) -> None:
    f.write(first + "\n")
    for line in rest:
        f.write(line + "\n")
