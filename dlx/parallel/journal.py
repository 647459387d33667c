"""Journals of parallel counts: one JSON line per finished part, so a run can resume.

The first line describes the run::

    {"journal": "dlx-parallel-count", "version": 1, "fingerprint": "<sha256>",
     "depth": 3, "parts": 2194, "above": 0, "forced": [], "dlx": "0.1.0", ...}

and each further line one finished part::

    {"part": 17, "prefix": [12, 440, 1203], "count": 52, "status": "complete",
     "nodes": 18211, "seconds": 0.0431, "cpu": 0.0429, "worker": "host:4711"}

Lines are flushed as each part completes.  On a rerun with the same journal,
parts recorded as complete are not searched again; their counts are read
back.  The fingerprint (`dlx.parallel.fingerprint`) is a SHA-256 of the
problem's items and options and the forced options, so a journal of another
problem, or of another depth, is refused with a message saying what to do.
A line cut short by a crash is dropped.  One run at a time per journal: two
runs appending to the same file would interleave their records.
"""

from __future__ import annotations

import json
import os
import time
from typing import IO, TYPE_CHECKING, NoReturn

from ..errors import DLXError

if TYPE_CHECKING:
    from .split import PartResult

    # A part's record: prefix, count, status, nodes, seconds, cpu, worker.
    Entry = tuple[tuple[int, ...], int, str, int, float, float, str]

__all__ = ["JOURNAL_KIND", "JOURNAL_VERSION", "Journal", "JournalError"]

JOURNAL_KIND = "dlx-parallel-count"
JOURNAL_VERSION = 1


class JournalError(DLXError):
    """A journal cannot be used for this run (another problem or depth, or damaged)."""


class Journal:
    """Append-only JSON-lines record of finished parts (see the module docstring)."""

    def __init__(self, path, fp: str):
        self.path = os.fspath(path)
        self.fingerprint = fp
        self.header: dict | None = None
        self.entries: dict[int, Entry] = {}
        self._file: IO[bytes] | None = None
        self._read()

    def _fail(self, message: str) -> NoReturn:
        raise JournalError(f"journal {self.path}: {message}")

    def _read(self) -> None:
        try:
            with open(self.path, "rb") as f:
                data = f.read()
        except FileNotFoundError:
            return
        except OSError as exc:
            self._fail(f"cannot read it: {exc.strerror or exc}")
        end = data.rfind(b"\n") + 1
        self._keep = end  # bytes to keep: a last line cut short by a crash is dropped
        lines = data[:end].decode("utf-8", errors="replace").split("\n")[:-1]
        if not lines:
            return
        try:
            header = json.loads(lines[0])
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("journal") != JOURNAL_KIND:
            self._fail("this file is not a dlx journal (its first line is not a "
                       "dlx-parallel-count header); give a new path")
        if header.get("version") != JOURNAL_VERSION:
            self._fail(f"journal version {header.get('version')} is not supported "
                       f"(this is version {JOURNAL_VERSION}); use a new journal")
        if header.get("fingerprint") != self.fingerprint:
            self._fail("it was written for another problem (or other forced options): "
                       f"fingerprint {str(header.get('fingerprint'))[:12]}... is not "
                       f"{self.fingerprint[:12]}...; give another journal path, or delete "
                       "it to start over")
        self.header = header
        for number, line in enumerate(lines[1:], 2):
            if not line.strip():
                continue
            try:
                e = json.loads(line)
                index = int(e["part"])
                entry = (tuple(int(o) for o in e["prefix"]), int(e["count"]), str(e["status"]),
                         int(e.get("nodes", 0)), float(e.get("seconds", 0.0)),
                         float(e.get("cpu", 0.0)), str(e.get("worker", "")))
            except (ValueError, KeyError, TypeError):
                self._fail(f"line {number} is damaged (not a part record); delete the "
                           f"line or the journal")
            if entry[2] == "complete" or index not in self.entries:
                self.entries[index] = entry

    @property
    def depth(self) -> int | None:
        return None if self.header is None else int(self.header["depth"])

    def wrong_depth(self, depth: int) -> NoReturn:
        assert self.header is not None
        self._fail(f"it was written with depth {self.header['depth']}, not {depth}; rerun "
                   f"with depth {self.header['depth']} (or no depth) to resume, or give "
                   f"another journal path")

    def begin(self, depth: int, parts: list, above: int, forced: list,
              problem) -> dict[int, Entry]:
        """Check the journal against the split, or start it; returns complete parts."""
        from .. import __version__

        if self.header is not None:
            if int(self.header["depth"]) != depth:
                self.wrong_depth(depth)
            if int(self.header["parts"]) != len(parts) or int(self.header["above"]) != above:
                self._fail(f"it lists {self.header['parts']} parts at depth {depth} but this "
                           f"version of dlx splits into {len(parts)}; it was written by dlx "
                           f"{self.header.get('dlx')}; give another journal path")
            for index, entry in self.entries.items():
                if not 0 <= index < len(parts) or tuple(parts[index]) != entry[0]:
                    self._fail(f"part {index} does not match this split (written by dlx "
                               f"{self.header.get('dlx')}); give another journal path")
            self._file = open(self.path, "r+b")
            self._file.truncate(self._keep)
            self._file.seek(self._keep)
        else:
            self.header = {"journal": JOURNAL_KIND, "version": JOURNAL_VERSION,
                           "fingerprint": self.fingerprint, "depth": depth,
                           "parts": len(parts), "above": above, "forced": forced,
                           "items": problem.n_items, "options": problem.n_options,
                           "dlx": __version__,
                           "created": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
            try:
                self._file = open(self.path, "wb")
            except OSError as exc:
                self._fail(f"cannot write it: {exc.strerror or exc}")
            self._write(self.header)
        return {i: e for i, e in self.entries.items() if e[2] == "complete"}

    def _write(self, obj) -> None:
        assert self._file is not None
        self._file.write((json.dumps(obj, separators=(",", ":")) + "\n").encode("utf-8"))
        self._file.flush()

    def record(self, part: PartResult) -> None:
        self._write({"part": part.index, "prefix": list(part.prefix), "count": part.count,
                     "status": part.status, "nodes": part.nodes,
                     "seconds": round(part.seconds, 6), "cpu": round(part.cpu, 6),
                     "worker": part.worker})

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

