"""The operations layer (sudoku.operations): records, writers, and a light start-up.

The front ends' outputs are pinned by their own tests (test_cli_sudoku.py,
test_web_api.py ...); these check what both rely on: every operation's
records start with the fields naming the puzzle, each format has one writer
that takes any record, and importing the layer loads no numba.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from sudoku import operations as ops
from sudoku import parse_puzzle
from sudoku.errors import PuzzleError
from sudoku.formats.write import csv_line, to_json
from sudoku.operations.records import WHERE_FIELDS, Marker, Record
from sudoku.operations.writers import WRITERS, Writer

CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EMPTY4 = "." * 16


@pytest.fixture(scope="module")
def puzzles():
    return [parse_puzzle(CLASSIC, source="<t>"), PuzzleError("bad", "<t>", 2)]


def _all_records(puzzles) -> dict[str, list[Record]]:
    return {
        "solve": list(ops.solve(puzzles)), "check": list(ops.check(puzzles, proof=True)),
        "count": list(ops.count(puzzles, limit=5)), "candidates": list(ops.candidates(puzzles)),
        "hint": list(ops.hint(puzzles)), "rate": list(ops.rate(puzzles)),
        "explain": list(ops.explain(puzzles)), "grade": list(ops.grade(puzzles)),
        "minimize": list(ops.minimize(puzzles)),
    }


def test_every_operation_gives_a_record_per_puzzle_naming_it(puzzles):
    for name, records in _all_records(puzzles).items():
        assert len(records) == 2, name
        good, bad = records
        assert list(good.to_dict())[:len(WHERE_FIELDS)] == list(WHERE_FIELDS), name
        assert good.to_dict()["puzzle"] == CLASSIC and good.where.index == 0, name
        assert isinstance(bad, Marker) and bad.status == "invalid", name
        assert bad.to_dict()["error"] == "<t>, line 2: bad" == bad.message, name
        # What a web answer adds to the puzzle's own fields: the rest of the record.
        assert good.fields() == {k: v for k, v in good.to_dict().items()
                                 if k not in WHERE_FIELDS}, name


def test_each_format_has_one_writer_taking_any_record(puzzles):
    assert {"line", "grid", "json", "csv"} <= set(WRITERS)
    solved, bad = ops.solve(puzzles)
    assert ops.writer("json").write(solved) == to_json(solved.to_dict())
    assert json.loads(ops.writer("json").write(bad))["status"] == "invalid"
    line = ops.writer("line").write(solved)
    assert len(line) == 81 and "." not in line and ops.writer("line").write(bad) == "invalid"
    assert ops.writer("grid").write(bad) == "invalid\n"
    csv = ops.writer("csv", ops.SOLVE_COLUMNS)
    assert csv.header() == csv_line(ops.SOLVE_COLUMNS)
    assert csv.write(solved).split(",")[:4] == ["0", CLASSIC, "solved", line]
    # Only the text formats write a made puzzle's directive lines.
    made = next(ops.generate(1, size=6, seed=3, box=(2, 3), variant="x"))
    assert ops.writer("line").preamble(made) == ["# variant: x"]
    assert ops.writer("json").preamble(made) == []


def test_a_new_format_is_one_writer(monkeypatch, puzzles):
    class KeysWriter(Writer):
        def write(self, record: Record) -> str:
            return " ".join(record.to_dict())

    monkeypatch.setitem(WRITERS, "keys", KeysWriter)
    counted = next(ops.count(puzzles, limit=2))
    assert ops.writer("keys").write(counted).split()[-4:] == ["exact", "status", "nodes",
                                                             "seconds"]


def test_the_layer_loads_no_numba():
    code = ("import sys, sudoku.operations, sudoku.operations.writers\n"
            "assert 'numba' not in sys.modules and 'numpy' not in sys.modules\n"
            "assert 'click' not in sys.modules and 'starlette' not in sys.modules\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
