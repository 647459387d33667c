"""Journals of parallel counts: one JSON line per finished part, so a run can resume.

The first line describes the run::

    {"journal": "dlx-parallel-count", "version": 1, "fingerprint": "<sha256>",
     "depth": 3, "parts": 2194, "above": 0, "forced": [], "items": 88,
     "options": 225, "dlx": "0.1.0", "created": "2026-11-28T12:00:00+0000"}

and each further line one finished part::

    {"part": 17, "prefix": [12, 440, 1203], "count": 52, "status": "complete",
     "nodes": 18211, "seconds": 0.0431, "cpu": 0.0429, "worker": "host:4711"}

Lines are flushed as each part completes.  On a rerun with the same journal,
parts recorded as complete are not searched again; their counts are read
back.  The fingerprint (`dlx.parallel.fingerprint`) is a SHA-256 of the
problem's items and options and the forced options, so a journal of another
problem, or of another depth, is refused with a message saying what to do.

Every line is checked before any count is used, since a wrong record would
make a wrong total that still claims to be exact: each field has its type
(whole numbers are JSON integers, never ``true``, ``1.5``, ``"52"`` or
``1e999``) and range (counts and nodes from 0 to 2**63 - 1, part numbers
below the header's ``parts``, option numbers below its ``options``, or
``~k`` for an option a part excludes, with bounds), no field
is missing, unknown or repeated, and a part recorded more than once must
agree with itself (the same prefix, one exact count, no lower bound above
it).  A damaged journal is refused with the line number, and left as it is.

A run killed while writing leaves a last line without its newline.  If that
line begins as dlx begins a part record (or, in a file with no complete line,
a header), it is dropped and the part counted again; any other file that is
not empty is refused, never overwritten: dlx only ever truncates a journal
back to what it wrote itself.

One run at a time per journal: a run holds an exclusive lock on the file
(``flock``) from reading it until it ends, by Ctrl-C or a crash too, and a
second run on the same file stops at once with "journal PATH is in use by
another run", leaving the file alone.  Where the file system refuses locks
the run stops with a message instead.  On Windows there is no such lock and
no such check: do not start two runs on one journal there.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import time
from typing import IO, TYPE_CHECKING, Any, NoReturn

from ..errors import DLXError
from ..results import STATUSES

try:
    import fcntl
except ImportError:  # Windows: no lock (see the module docstring)
    fcntl = None  # type: ignore[assignment]

if TYPE_CHECKING:
    from .split import PartResult

    # A part's record: prefix, count, status, nodes, seconds, cpu, worker.
    Entry = tuple[tuple[int, ...], int, str, int, float, float, str]

__all__ = ["JOURNAL_KIND", "JOURNAL_VERSION", "Journal", "JournalError"]

JOURNAL_KIND = "dlx-parallel-count"
JOURNAL_VERSION = 1
LARGEST = 2**63 - 1  # the search's 64-bit counters hold no more

# How the lines dlx writes begin: a last line cut short is dropped only when it
# is one of them (a header, on a file with no complete line; else a part).
_HEADER_START = re.compile(rb'\s*\{\s*"journal"\s*:\s*"' + JOURNAL_KIND.encode() + rb'"')
_PART_START = re.compile(rb'\s*\{\s*"part"\s*:')
_HEADER_FIELDS = ("journal", "version", "fingerprint", "depth", "parts", "above", "forced",
                  "items", "options", "dlx", "created")
_PART_FIELDS = ("part", "prefix", "count", "status", "nodes", "seconds", "cpu", "worker")


class JournalError(DLXError):
    """A journal cannot be used for this run (another problem or depth, damaged, or in use)."""


class _Damaged(Exception):
    """A line's content is wrong; the message says how (the caller adds where)."""


class _Conflict(_Damaged):
    """A part record contradicts an earlier record of the same part."""


def _whole(record: dict, key: str, least: int = 0, most: int = LARGEST) -> int:
    value = record[key]
    if type(value) is not int:  # bool is a subclass of int, and is refused here
        raise _Damaged(f'"{key}" is {json.dumps(value)}, not a whole number')
    if value < least:
        raise _Damaged(f'"{key}" is {value}, less than {least}')
    if value > most:
        raise _Damaged(f'"{key}" is {value}, more than {most}')
    return value


def _seconds(record: dict, key: str) -> float:
    value = record[key]
    if type(value) not in (int, float) or not math.isfinite(value) or value < 0:
        raise _Damaged(f'"{key}" is {json.dumps(value)}, not a time in seconds')
    return float(value)


def _text(record: dict, key: str) -> str:
    value = record[key]
    if not isinstance(value, str):
        raise _Damaged(f'"{key}" is {json.dumps(value)}, not a string')
    return value


def _options(record: dict, key: str, n_options: int, excluding: bool) -> tuple[int, ...]:
    """A list of option numbers; with ``excluding``, ``~k`` too (an option a part excludes)."""
    value = record[key]
    if not isinstance(value, list):
        raise _Damaged(f'"{key}" is {json.dumps(value)}, not a list of option numbers')
    return tuple(_whole({key: o}, key, -n_options if excluding else 0, n_options - 1)
                 for o in value)


def _unique_keys(pairs: list) -> dict:
    record = dict(pairs)
    if len(record) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise _Damaged(f'"{key}" is given twice')
            seen.add(key)
    return record


def _object(raw: bytes, fields: tuple[str, ...]) -> dict:
    """A line's JSON object, with exactly ``fields`` as keys."""
    try:
        record = json.loads(raw.decode("utf-8"), object_pairs_hook=_unique_keys)
    except UnicodeDecodeError:
        raise _Damaged("it is not UTF-8 text") from None
    except ValueError:  # json's errors, and integers too long to convert
        raise _Damaged("it is not a JSON object") from None
    if not isinstance(record, dict):
        raise _Damaged("it is not a JSON object")
    missing = [k for k in fields if k not in record]
    if missing:
        raise _Damaged(f'it has no "{missing[0]}"')
    extra = [k for k in record if k not in fields]
    if extra:
        raise _Damaged(f'it has an unknown field "{extra[0]}"')
    return record


def _lock(fd: int) -> bool:
    """Take the exclusive lock on an open journal; False if another run holds it."""
    if fcntl is None:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        raise
    return True


class Journal:
    """Append-only JSON-lines record of finished parts (see the module docstring).

    The file is opened (created if missing) and locked here, and stays so
    until `close`; a file this object created and never wrote to is removed
    again by `close`.
    """

    def __init__(self, path, fp: str, excluding: bool = False):
        self.path = os.fspath(path)
        self.fingerprint = fp
        self.excluding = excluding  # parts may exclude options (~k): a problem with bounds
        self.header: dict | None = None
        self.entries: dict[int, Entry] = {}
        self._lines: dict[int, int] = {}  # part -> the line its kept record is on
        self._bounds: dict[int, tuple[int, int]] = {}  # part -> (largest lower bound, line)
        self._file: IO[bytes] | None = None
        self._created = False
        self._wrote = False
        self._keep = 0  # bytes to keep: a last line cut short by a crash is dropped
        self._open()
        try:
            self._read()
        except BaseException:
            self.close()
            raise

    def _fail(self, message: str, line: int | None = None) -> NoReturn:
        where = "" if line is None else f"line {line}: "
        raise JournalError(f"journal {self.path}: {where}{message}")

    # ------------------------------------------------------------- opening
    def _open(self) -> None:
        for _ in range(100):  # another run may remove the file between open and lock
            created = False
            try:
                try:
                    fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o666)
                    created = True
                except FileExistsError:
                    fd = os.open(self.path, os.O_RDWR)
            except FileNotFoundError:
                if os.path.isdir(os.path.dirname(self.path) or "."):
                    continue  # removed between the two opens
                self._fail("cannot create it: its folder does not exist")
            except OSError as exc:
                self._fail(f"cannot open it for writing: {exc.strerror or exc}")
            try:
                locked = _lock(fd)
                same = locked and _same_file(fd, self.path)
            except OSError as exc:
                os.close(fd)
                self._fail(f"cannot lock it: {exc.strerror or exc}")
            if not locked:
                os.close(fd)
                raise JournalError(f"journal {self.path} is in use by another run; wait "
                                   f"for it to end, or give another journal path")
            if not same:  # locked a file that a run ending just then removed
                os.close(fd)
                continue
            self._file = os.fdopen(fd, "r+b")
            self._created = created
            return
        self._fail("cannot open it: it disappears as it is opened (a broken link?)")

    # ------------------------------------------------------------- reading
    def _read(self) -> None:
        assert self._file is not None
        try:
            data = self._file.read()
        except OSError as exc:
            self._fail(f"cannot read it: {exc.strerror or exc}")
        end = data.rfind(b"\n") + 1
        tail = data[end:]
        if end == 0:
            if tail and not _HEADER_START.match(tail):
                self._fail("this file is not a dlx journal (it has no dlx-parallel-count "
                           "header) and is not empty; give a new path")
            return  # empty, or a header cut short by a crash: the run starts over
        lines = data[:end].split(b"\n")[:-1]
        self.header = self._header(lines[0])
        if tail and not _PART_START.match(tail):
            self._fail("it does not end with a part record (nor one cut short by a "
                       "crash); delete that last line or the journal", len(lines) + 1)
        self._keep = end
        for number, raw in enumerate(lines[1:], 2):
            try:
                self._part(number, raw)
            except _Conflict as exc:
                self._fail(f"{exc}; delete both lines (the part is then counted again) "
                           "or the journal", number)
            except _Damaged as exc:
                self._fail(f"{exc}; delete the line (its part is then counted again) "
                           "or the journal", number)

    def _header(self, raw: bytes) -> dict:
        try:
            header = json.loads(raw.decode("utf-8"))
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("journal") != JOURNAL_KIND:
            self._fail("this file is not a dlx journal (its first line is not a "
                       "dlx-parallel-count header); give a new path")
        version = header.get("version")
        if type(version) is not int or version != JOURNAL_VERSION:
            self._fail(f"journal version {json.dumps(version)} is not supported (this is "
                       f"version {JOURNAL_VERSION}); use a new journal", 1)
        try:
            header = _object(raw, _HEADER_FIELDS)
            fingerprint = _text(header, "fingerprint")
            if not re.fullmatch("[0-9a-f]{64}", fingerprint):
                raise _Damaged(f'"fingerprint" is {json.dumps(fingerprint)}, not a SHA-256')
            for key in ("depth", "parts", "above", "items", "options"):
                _whole(header, key)
            _options(header, "forced", header["options"], self.excluding)
            _text(header, "dlx")
            _text(header, "created")
        except _Damaged as exc:
            self._fail(f"the header is damaged: {exc}; give another journal path", 1)
        if header["fingerprint"] != self.fingerprint:
            self._fail("it was written for another problem (or other forced options): "
                       f"fingerprint {header['fingerprint'][:12]}... is not "
                       f"{self.fingerprint[:12]}...; give another journal path, or delete "
                       "it to start over")
        return header

    def _part(self, number: int, raw: bytes) -> None:
        """Check one part record and keep it (raises `_Damaged` or `_Conflict`)."""
        assert self.header is not None
        record = _object(raw, _PART_FIELDS)
        index = _whole(record, "part", 0, self.header["parts"] - 1)
        status = _text(record, "status")
        if status not in STATUSES:
            raise _Damaged(f'"status" is {json.dumps(status)}, not one of '
                           + ", ".join(STATUSES))
        entry = (_options(record, "prefix", self.header["options"], self.excluding),
                 _whole(record, "count"),
                 status, _whole(record, "nodes"), _seconds(record, "seconds"),
                 _seconds(record, "cpu"), _text(record, "worker"))
        old = self.entries.get(index)
        if old is not None and old[0] != entry[0]:
            raise _Conflict(f"part {index} has another prefix on line {self._lines[index]}")
        count = entry[1]
        low, low_line = self._bounds.get(index, (-1, 0))
        if status == "complete":
            if old is not None and old[2] == "complete" and old[1] != count:
                raise _Conflict(f"part {index} is complete with {count} solutions here but "
                                f"with {old[1]} on line {self._lines[index]}")
            if low > count:
                raise _Conflict(f"part {index} is complete with {count} solutions here but "
                                f"has at least {low} on line {low_line}")
        else:
            if old is not None and old[2] == "complete" and count > old[1]:
                raise _Conflict(f"part {index} has at least {count} solutions here but is "
                                f"complete with {old[1]} on line {self._lines[index]}")
            if count > low:
                self._bounds[index] = (count, number)
        if old is None or (status == "complete" and old[2] != "complete"):
            self.entries[index] = entry
            self._lines[index] = number

    # -------------------------------------------------------------- the run
    @property
    def depth(self) -> int | None:
        return None if self.header is None else self.header["depth"]

    def wrong_depth(self, depth: int) -> NoReturn:
        assert self.header is not None
        self._fail(f"it was written with depth {self.header['depth']}, not {depth}; rerun "
                   f"with depth {self.header['depth']} (or no depth) to resume, or give "
                   f"another journal path")

    def begin(self, depth: int, parts: list, above: int, forced: list,
              problem) -> dict[int, Entry]:
        """Check the journal against the split, or start it; returns complete parts."""
        from .. import __version__

        assert self._file is not None
        if self.header is not None:
            h = self.header
            if h["depth"] != depth:
                self.wrong_depth(depth)
            if h["forced"] != list(forced) or (h["items"], h["options"]) != (
                    problem.n_items, problem.n_options):
                self._fail("the header is damaged: its forced options, items or options "
                           "do not match its fingerprint; give another journal path", 1)
            if h["parts"] != len(parts) or h["above"] != above:
                self._fail(f"it lists {h['parts']} parts at depth {depth} but this "
                           f"version of dlx splits into {len(parts)}; it was written by dlx "
                           f"{h['dlx']}; give another journal path")
            for index, entry in self.entries.items():
                if tuple(parts[index]) != entry[0]:
                    self._fail(f"part {index} does not match this split (written by dlx "
                               f"{h['dlx']}); give another journal path",
                               self._lines[index])
            self._guard(lambda f: (f.truncate(self._keep), f.seek(self._keep)))
        else:
            self.header = {"journal": JOURNAL_KIND, "version": JOURNAL_VERSION,
                           "fingerprint": self.fingerprint, "depth": depth,
                           "parts": len(parts), "above": above, "forced": list(forced),
                           "items": problem.n_items, "options": problem.n_options,
                           "dlx": __version__,
                           "created": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
            # Empty, or holding only a header cut short (checked in _read).
            self._guard(lambda f: (f.truncate(0), f.seek(0)))
            self._write(self.header)
        return {i: e for i, e in self.entries.items() if e[2] == "complete"}

    def _guard(self, action) -> None:
        assert self._file is not None
        try:
            action(self._file)
        except OSError as exc:
            self._fail(f"cannot write it: {exc.strerror or exc}")

    def _write(self, obj: dict[str, Any]) -> None:
        text = (json.dumps(obj, separators=(",", ":")) + "\n").encode("utf-8")
        self._wrote = True
        self._guard(lambda f: (f.write(text), f.flush()))

    def record(self, part: PartResult) -> None:
        self._write({"part": part.index, "prefix": list(part.prefix), "count": part.count,
                     "status": part.status, "nodes": part.nodes,
                     "seconds": round(part.seconds, 6), "cpu": round(part.cpu, 6),
                     "worker": part.worker})

    def close(self) -> None:
        """Release the lock; remove the file if this run created it and wrote nothing."""
        f, self._file = self._file, None
        if f is None:
            return
        try:
            if self._created and not self._wrote and _same_file(f.fileno(), self.path):
                os.unlink(self.path)  # still locked: no other run is using it
        except OSError:
            pass
        finally:
            f.close()


def _same_file(fd: int, path: str) -> bool:
    """Whether ``path`` still names the open file ``fd``."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return False
    here = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (here.st_dev, here.st_ino)
