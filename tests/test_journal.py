"""Tests of the journal of ``count_parallel`` / ``dlx pcount --journal`` against damage.

A journal is read back as counts that a rerun adds up and calls exact, so
every way a file can be wrong must be refused, with the line named and the
file left as it was: another file given by mistake (with or without a final
newline), each field of the header and of a part record out of type or range,
records of one part that contradict each other, and a second run on the same
journal while the first still holds it (two real processes).  A last line cut
short by a crash is the one damage that is repaired: it is dropped.
(Resuming, depths and other problems are tested in ``test_parallel.py``.)
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import dlx
from dlx.cli import cli
from dlx.examples import queens
from dlx.parallel import JournalError, count_parallel, fingerprint
from dlx.parallel.journal import Journal


def run(path, **kw):
    return count_parallel(queens(8), jobs=1, journal=path, **kw)


@pytest.fixture
def journal(tmp_path):
    """A finished journal of 8 queens cut at depth 2 (a header and 40 part lines)."""
    path = tmp_path / "q8.jsonl"
    r = run(path, depth=2)
    assert (r.count, r.n_parts) == (92, 40)
    return path


def lines_of(path) -> list[bytes]:
    return path.read_bytes().split(b"\n")[:-1]


def write_lines(path, lines: list[bytes]) -> None:
    path.write_bytes(b"".join(line + b"\n" for line in lines))


def refused(path, *words) -> str:
    """Run on ``path``: a JournalError naming the file and ``words``; the file unchanged."""
    before = path.read_bytes()
    with pytest.raises(JournalError) as info:
        run(path)
    message = str(info.value)
    assert str(path) in message
    for w in words:
        assert w in message
    assert path.read_bytes() == before
    return message


def set_field(key, value):
    def change(record: dict):
        record[key] = value
    return change


def drop_field(key):
    def change(record: dict):
        del record[key]
    return change


def edited(line: bytes, change) -> bytes:
    record = json.loads(line)
    change(record)
    return json.dumps(record, separators=(",", ":")).encode()


# ------------------------------------------------------- files that are not journals
@pytest.mark.parametrize("content", [b"hello", b"hello\n", b"\n", b"   ", b"{}",
                                     b'{"part":0', b"\x00\x00\x00"])
def test_a_file_that_is_not_a_journal_is_left_alone(tmp_path, content):
    # Without a newline the file used to be taken for an empty journal and overwritten.
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    refused(path, "not a dlx journal")


def test_pcount_refuses_a_user_file_without_newline(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("my notes, no newline")
    problem = tmp_path / "q6.dlx"
    problem.write_text("R0 R1 | A\nR0\nR1 A\n")
    r = CliRunner().invoke(cli, ["pcount", "-j", "1", "--journal", str(path), str(problem)])
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.startswith(f"Error: journal {path}: ") and len(r.stderr.splitlines()) == 1
    assert path.read_text() == "my notes, no newline"


def test_an_empty_file_or_a_header_cut_short_starts_a_new_journal(tmp_path, journal):
    empty = tmp_path / "empty.jsonl"
    empty.touch()
    assert run(empty, depth=2).count == 92
    assert len(lines_of(empty)) == 41
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(lines_of(journal)[0][:50])  # the crash came while writing the header
    r = run(cut, depth=2)
    assert (r.count, r.exact, r.skipped) == (92, True, 0)
    assert len(lines_of(cut)) == 41 and json.loads(lines_of(cut)[0])["depth"] == 2


# ----------------------------------------------------------------- part records
BAD_RECORDS = {
    "negative count": set_field("count", -1),
    "fractional count": set_field("count", 1.5),
    "count as a string": set_field("count", "52"),
    "true as a count": set_field("count", True),
    "null count": set_field("count", None),
    "count over 64 bits": set_field("count", 2**63),
    "negative part": set_field("part", -1),
    "part past the end": set_field("part", 40),
    "part as a string": set_field("part", "3"),
    "false as a part": set_field("part", False),
    "unknown status": set_field("status", "done"),
    "status as a number": set_field("status", 0),
    "negative nodes": set_field("nodes", -5),
    "fractional nodes": set_field("nodes", 2.5),
    "negative seconds": set_field("seconds", -0.5),
    "seconds as a string": set_field("seconds", "1"),
    "cpu as true": set_field("cpu", True),
    "worker as a number": set_field("worker", 7),
    "prefix as a string": set_field("prefix", "0 17"),
    "prefix with true": set_field("prefix", [True, 17]),
    "prefix past the options": set_field("prefix", [0, 64]),
    "prefix negative": set_field("prefix", [-1, 17]),
    "no count": drop_field("count"),
    "no worker": drop_field("worker"),
    "an unknown field": set_field("weight", 1),
}


@pytest.mark.parametrize("name", BAD_RECORDS)
def test_a_damaged_part_record_is_refused_with_its_line(journal, name):
    lines = lines_of(journal)
    lines[3] = edited(lines[3], BAD_RECORDS[name])
    write_lines(journal, lines)
    refused(journal, "line 4: ")


@pytest.mark.parametrize("text", [
    b'"count":1e999', b'"count":-1e999', b'"count":NaN', b'"count":1' + b"0" * 5000,
    b'"count":3,"count":4', b'"seconds":Infinity', b'"seconds":NaN',
])
def test_json_oddities_in_a_record_are_refused(journal, text):
    # 1e999 is a float infinity, which int() cannot convert: it used to end in a traceback.
    lines = lines_of(journal)
    record = json.loads(lines[3])
    key = text[1:text.index(b'"', 1)].decode()
    old = f'"{key}":{json.dumps(record[key])}'.encode()
    assert old in lines[3]
    lines[3] = lines[3].replace(old, text)
    write_lines(journal, lines)
    refused(journal, "line 4: ")


@pytest.mark.parametrize("line", [b"", b"garbage", b"[1, 2]", b"null", b'"part"',
                                  b'{"part":3,"prefix":[1,', b"\xff\xfe{}"])
def test_a_line_that_is_not_a_record_is_refused(journal, line):
    lines = lines_of(journal)
    lines[5] = line
    write_lines(journal, lines)
    refused(journal, "line 6: ")


# ---------------------------------------------------------- records that conflict
def again(journal, change):
    """Append a changed copy of line 4; returns its line number."""
    lines = lines_of(journal)
    lines.append(edited(lines[3], change))
    write_lines(journal, lines)
    return len(lines)


def test_a_part_repeated_with_another_count_is_refused(journal):
    count = json.loads(lines_of(journal)[3])["count"]
    n = again(journal, set_field("count", count + 1))
    refused(journal, f"line {n}: ", "line 4")


def test_a_lower_bound_above_the_exact_count_is_refused(journal):
    count = json.loads(lines_of(journal)[3])["count"]

    def stopped(record):
        record.update(count=count + 1, status="nodes")

    n = again(journal, stopped)
    refused(journal, f"line {n}: ", "at least")


def test_a_part_repeated_with_another_prefix_is_refused(journal):
    prefix = json.loads(lines_of(journal)[4])["prefix"]
    n = again(journal, set_field("prefix", prefix))
    refused(journal, f"line {n}: ", "prefix")


def test_a_lower_bound_before_its_exact_count_is_checked_too(journal):
    lines = lines_of(journal)
    record = json.loads(lines[3])
    low = dict(record, count=record["count"] + 1, status="limit")
    lines.insert(3, json.dumps(low).encode())  # a stopped run's record, then the rerun's
    write_lines(journal, lines)
    refused(journal, "line 5: ", "line 4")


def test_agreeing_repeats_are_accepted(journal):
    lines = lines_of(journal)
    record = json.loads(lines[3])
    lines.insert(3, json.dumps(dict(record, count=0, status="timeout")).encode())
    lines.append(lines[4])  # the same complete record twice
    write_lines(journal, lines)
    r = run(journal)
    assert (r.count, r.exact, r.done, r.skipped) == (92, True, 0, 40)


def test_a_record_for_another_split_names_its_line(journal):
    lines = lines_of(journal)
    lines[3], lines[4] = (edited(lines[3], set_field("part", 3)),  # parts 2 and 3 swapped
                          edited(lines[4], set_field("part", 2)))
    write_lines(journal, lines)
    refused(journal, "line 4: ", "part 3 does not match")


# ----------------------------------------------------------------------- header
BAD_HEADERS = {
    "version true": set_field("version", True),
    "depth as a string": set_field("depth", "2"),
    "negative depth": set_field("depth", -1),
    "true as depth": set_field("depth", True),
    "fractional parts": set_field("parts", 40.0),
    "negative above": set_field("above", -1),
    "forced not a list": set_field("forced", 0),
    "forced with true": set_field("forced", [True]),
    "items as a string": set_field("items", "16"),
    "null options": set_field("options", None),
    "dlx as a number": set_field("dlx", 1),
    "created as a list": set_field("created", []),
    "fingerprint as a number": set_field("fingerprint", 5),
    "no parts": drop_field("parts"),
    "an unknown field": set_field("note", "x"),
}


@pytest.mark.parametrize("name", BAD_HEADERS)
def test_a_damaged_header_is_refused(journal, name):
    lines = lines_of(journal)
    lines[0] = edited(lines[0], BAD_HEADERS[name])
    write_lines(journal, lines)
    message = refused(journal)
    assert "line 1: " in message or "version" in message


@pytest.mark.parametrize("key, value", [("forced", [3]), ("items", 17), ("options", 65),
                                        ("parts", 41), ("above", 1)])
def test_a_header_that_disagrees_with_its_fingerprint_is_refused(journal, key, value):
    lines = lines_of(journal)
    lines[0] = edited(lines[0], set_field(key, value))
    write_lines(journal, lines)
    refused(journal)


# ------------------------------------------------------ a run killed mid-write
def test_a_last_line_cut_short_is_dropped_and_recounted(journal):
    lines = lines_of(journal)
    write_lines(journal, lines[:10])
    with open(journal, "ab") as f:
        f.write(lines[10][:25])  # the crash came while writing part 9
    r = run(journal)
    assert (r.count, r.exact, r.skipped, r.done) == (92, True, 9, 31)
    assert len(lines_of(journal)) == 41 and journal.read_bytes().endswith(b"}\n")


def test_a_last_line_that_no_run_wrote_is_not_dropped(journal):
    with open(journal, "ab") as f:
        f.write(b"my note")
    refused(journal, "line 42: ")


def test_a_line_cut_short_before_the_last_is_damage(journal):
    lines = lines_of(journal)
    lines[10] = lines[10][:25]
    write_lines(journal, lines)
    refused(journal, "line 11: ")


# ------------------------------------------------------------- one run at a time
def test_a_second_run_in_the_same_process_is_refused(journal):
    seen = []

    def second_run(progress):
        if not seen:
            before = journal.read_bytes()
            with pytest.raises(JournalError, match="is in use by another run"):
                run(journal)
            seen.append(journal.read_bytes() == before)

    journal.write_bytes(b"".join(line + b"\n" for line in lines_of(journal)[:5]))
    r = run(journal, progress=second_run)
    assert seen == [True] and (r.count, r.exact) == (92, True)
    assert run(journal).skipped == 40  # the lock went with the first run


def test_a_journal_object_locks_and_a_new_unused_file_is_removed(tmp_path):
    path = tmp_path / "new.jsonl"
    fp = fingerprint(queens(8))
    first = Journal(path, fp)
    with pytest.raises(JournalError, match="is in use by another run"):
        Journal(path, fp)
    first.close()
    assert not path.exists()  # created by the run, which wrote nothing
    Journal(path, fp).close()


def queens_file(path, n):
    """``n`` queens in Knuth's format: rows, columns | diagonals."""
    diagonals = [f"A{k}" for k in range(2 * n - 1)] + [f"B{k}" for k in range(2 * n - 1)]
    head = [f"R{i}" for i in range(n)] + [f"C{j}" for j in range(n)] + ["|"] + diagonals
    squares = [f"R{i} C{j} A{i + j} B{i - j + n - 1}" for i in range(n) for j in range(n)]
    path.write_text("\n".join([" ".join(head), *squares]) + "\n")


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="no journal lock on Windows")
def test_two_processes_on_one_journal(tmp_path):
    # 16 queens, 14,772,512 solutions: minutes on one core, so however slowly the second
    # run starts on a loaded machine, the first is still counting (it is stopped below).
    problem, journal = tmp_path / "q16.dlx", tmp_path / "q16.jsonl"
    queens_file(problem, 16)
    command = [sys.executable, "-m", "dlx", "pcount", "-j", "1", "--journal", str(journal),
               str(problem)]
    root = str(Path(dlx.__file__).resolve().parents[1])  # this checkout, not another
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([root, os.environ.get("PYTHONPATH", "")]))
    first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env)
    try:
        deadline = time.monotonic() + 600  # (numba may compile first)
        while len(lines_of(journal) if journal.exists() else []) < 3:  # two parts done
            assert first.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        second = subprocess.run(command, capture_output=True, text=True, env=env)
        assert first.poll() is None, "the first run ended too soon to test the lock"
        assert second.returncode == 1 and second.stdout == ""
        assert second.stderr == (f"Error: journal {journal} is in use by another run; "
                                 "wait for it to end, or give another journal path\n")
        first.send_signal(signal.SIGINT)  # Ctrl-C: the first run stops and unlocks
        out, err = first.communicate(timeout=60)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert first.returncode == 130 and "at least: interrupted" in out, err
    lines = lines_of(journal)
    header = json.loads(lines[0])
    finished = Journal(journal, header["fingerprint"])  # every line still valid
    try:
        assert finished.header == header and len(finished.entries) == len(lines) - 1
        assert sum(e[1] for e in finished.entries.values()) == int(out.split()[0])
    finally:
        finished.close()
