"""One writer per output format: each turns records into the text of one format.

A writer's `header` is what comes before the first record (CSV's column
names), its `write` one record's text, without the line end.  The records
(`sudoku.operations.records`) hold the fields; a writer only chooses which
of a record's forms its format shows, so a new format is one class here and
one row of `WRITERS`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..formats.write import csv_line, csv_row, to_json
from .records import Record, count_text

__all__ = ["WRITERS", "CsvWriter", "GridWriter", "JsonWriter", "LineWriter", "Writer",
           "writer"]


class Writer:
    """The text of records in one format."""

    def __init__(self, columns: Sequence[str] = ()):
        self.columns = tuple(columns)

    def header(self) -> str | None:
        """The line before the first record, if the format has one."""
        return None

    def preamble(self, record: Record) -> list[str]:
        """The lines before the first record that depend on it: a text format's directives
        (``# variant: x``) that make the output read back as written."""
        return record.preamble()

    def write(self, record: Record) -> str:
        raise NotImplementedError


class LineWriter(Writer):
    """``line``: one line per puzzle (``text``, explain's format, is this writer too)."""

    def write(self, record: Record) -> str:
        return record.line()

    def write_block(self, block) -> str:
        """The lines of a `sudoku.ResultBlock` of solve, check or count, in one string."""
        if block.mode == "count":
            return "\n".join(map(count_text, block.counts.tolist(), block.statuses))
        if block.mode != "solve":
            return "\n".join(block.verdicts())
        lines = block.solution_lines()
        if None in lines:
            lines = [word if line is None else line
                     for line, word in zip(lines, block.verdicts(), strict=True)]
        return "\n".join(lines)


class GridWriter(Writer):
    """``grid``: a block per puzzle, ending with a blank line."""

    def write(self, record: Record) -> str:
        return record.grid()


class JsonWriter(Writer):
    """``json``: one JSON object per line, the record's `Record.to_dict`."""

    def preamble(self, record: Record) -> list[str]:
        return []  # each object says its variant and box itself

    def write(self, record: Record) -> str:
        return to_json(record.to_dict())


class CsvWriter(Writer):
    """``csv``: a header of the columns, then a row per record from its `Record.row`."""

    def header(self) -> str | None:
        return csv_line(self.columns)

    def preamble(self, record: Record) -> list[str]:
        return []

    def write(self, record: Record) -> str:
        return csv_row(record.row(), self.columns)


WRITERS: dict[str, type[Writer]] = {"line": LineWriter, "text": LineWriter,
                                    "grid": GridWriter, "json": JsonWriter, "csv": CsvWriter}
"""The writer of each format, by the name ``--format`` gives it."""


def writer(fmt: str, columns: Sequence[str] = ()) -> Writer:
    """The writer of format ``fmt``; ``columns``: the CSV columns of the operation."""
    return WRITERS[fmt](columns)
