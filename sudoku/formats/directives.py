"""The reader's directives: ``# variant:``, ``# box:`` and ``regions:`` lines.

A mixin of `sudoku.formats.read`'s reader, which holds the state these set
(variant, box, region map) and reads the puzzles they govern.  A directive
that cannot be read is no puzzle and yields no item: it is kept in
``broken`` (by key, with whether a puzzle has been read under it), and every
puzzle read while it is there becomes an error naming it (`governed`), until
the same directive comes again, or, for a region map, a variant without one.
One that governs no puzzle is a `PuzzleWarning` (`mend`).
"""

from __future__ import annotations

import warnings
from math import isqrt

from ..errors import PuzzleError, PuzzleWarning
from ..grid import Puzzle, _region_ids, _too_many_regions, check_regions, parse_box, variant_rule
from .lines import CONTENT, _Bulk, _Line, _Row

_DIRECTIVE_NAMES = {"variant": "'# variant:'", "box": "'# box:'", "regions": "'regions:'"}


class _Directives:
    variant: str
    box: tuple[int, int] | None
    regions: tuple[int, ...] | None
    regions_where: str
    broken: dict[str, tuple[PuzzleError, bool]]

    # (the reader's)
    def peek(self, k: int = 0) -> _Line | None:
        raise NotImplementedError

    def take(self) -> _Line | _Bulk | None:
        raise NotImplementedError

    def error(self, message: str, line: int | None, column: int | None = None,
              cell: int | None = None) -> PuzzleError:
        raise NotImplementedError

    def collect_rows(self, first: _Row, n: int, what: str) -> tuple[list[_Row], PuzzleError | None]:
        raise NotImplementedError

    def directive(self, line: _Line) -> None:
        """Read a directive; one that cannot be read is kept in ``broken``."""
        key = "regions" if line.key not in ("variant", "box") else line.key
        self.mend(key)
        problem = self.read_directive(line)
        if problem is not None:
            self.broken[key] = (problem, False)
        elif key == "variant" and self.regions is None:
            self.mend("regions")  # (a variant without regions drops the broken map too)

    def read_directive(self, line: _Line) -> PuzzleError | None:
        key, value = line.key, line.value
        if key == "variant":
            name = value.lower()
            try:
                rule = variant_rule(name)
            except PuzzleError as exc:
                return self.error(exc.message, line.number)
            self.variant = name
            if not rule.uses_regions:
                self.regions = None
        elif key == "box":
            if value.lower() in ("", "auto", "default"):
                self.box = None
                return None
            try:
                self.box = parse_box(value)
            except PuzzleError as exc:
                return self.error(exc.message, line.number)
        else:
            return self.region_map(line)
        return None

    def governed(self, item: Puzzle | PuzzleError) -> Puzzle | PuzzleError:
        """A puzzle read under a broken directive, as the error that names the directive."""
        if not isinstance(item, Puzzle):
            return item  # (already invalid, for a reason of its own)
        why = []
        for key, (problem, _) in self.broken.items():
            self.broken[key] = (problem, True)
            why.append(f"the {_DIRECTIVE_NAMES[key]} directive on line {problem.line} above "
                       f"it is bad: {problem.message}")
        return self.error("not read: " + "; and ".join(why), item.line)

    def mend(self, key: str) -> None:
        """The broken directive ``key`` governs no more puzzles; if it governed none,
        it is reported as a `PuzzleWarning` (else the puzzles' errors named it)."""
        problem, used = self.broken.pop(key, (None, True))
        if not used:
            warnings.warn(f"{problem} (it governs no puzzle)", PuzzleWarning, stacklevel=2)

    def region_map(self, line: _Line) -> PuzzleError | None:
        if line.value:
            symbols = [ch for ch in line.value if not ch.isspace()]
            n = isqrt(len(symbols))
            if n * n != len(symbols) or n < 1:
                return self.error(f"an inline region map needs n*n symbols; this one has "
                                  f"{len(symbols)}", line.number)
        else:
            first = self.peek()
            if first is None or first.kind != CONTENT:
                return self.error("'regions:' must be followed by the region map, one row "
                                  "per line, or by the map on the same line", line.number)
            self.take()
            row = _Row.parse(first)
            n = len(row.cells())
            rows, problem = self.collect_rows(row, n, "region map")
            if problem is not None:
                return problem
            symbols = [symbol for r in rows for symbol, _ in r.cells()]
        ids, surplus = _region_ids(symbols, n)
        if surplus is not None:
            return self.error(_too_many_regions(n), line.number)
        try:
            check_regions(ids, n)
        except PuzzleError as exc:
            return self.error(exc.message, line.number)
        self.regions = tuple(ids)
        self.regions_where = f"the region map on line {line.number}"
        self.variant = "jigsaw"
        return None
