"""Explaining, hinting and rating a stream of puzzles, in order, on one or more processes.

The explanations are Python-heavy (they hold the GIL), so ``jobs > 1`` runs
chunks of puzzles in worker processes through `dlx.parallel.backends`; the
results come back in input order whatever ``jobs`` is.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice

from dlx.parallel.backends import backend_for, ordered

from ..errors import PuzzleError

__all__ = ["CHUNK", "KINDS", "explain_many"]

CHUNK = 8  # puzzles per task: a task takes tens of milliseconds, more than its overhead
KINDS = ("explain", "hint", "rate")


def _one(kind: str, item):
    """One puzzle's result, or the PuzzleError that stopped it."""
    if isinstance(item, PuzzleError):
        return item
    try:
        if kind == "hint":
            from .explaining import hint

            return hint(item)
        from .explaining import explain

        e = explain(item)
        if kind == "rate":
            return e.rating if e.status == "unique" else e.status
        return e
    except PuzzleError as exc:
        return exc


def _chunk(kind: str, items: list) -> list:
    return [(item, _one(kind, item)) for item in items]


def explain_many(items: Iterable, kind: str = "explain", *, jobs: int = 1) -> Iterator:
    """Yield ``(index, item, result)`` for each item (a Puzzle or a PuzzleError), in order.

    Parameters
    ----------
    items : iterable of Puzzle or PuzzleError
        What `sudoku.read_puzzles` yields.
    kind : str
        ``"explain"`` (result: `Explanation`), ``"hint"`` (`Hint`) or
        ``"rate"`` (`sudoku.logic.Rating`, or the status ``"multiple"`` or
        ``"none"`` of a puzzle without exactly one solution).
    jobs : int
        Worker processes; 1 works in this process, 0 one per CPU.

    A result is a `PuzzleError` for an unreadable puzzle or clashing givens.
    """
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    items = iter(items)
    if jobs == 1:
        for index, item in enumerate(items):
            yield index, item, _one(kind, item)
        return

    def tasks():
        while True:
            chunk = list(islice(items, CHUNK))
            if not chunk:
                return
            yield kind, chunk

    backend = backend_for(jobs)
    index = 0
    try:
        for pairs in ordered(backend, _chunk, tasks()):
            for item, result in pairs:
                yield index, item, result
                index += 1
    finally:
        backend.close()
