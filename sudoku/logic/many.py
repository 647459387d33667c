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


def _one(kind: str, item, uniqueness: bool = True):
    """One puzzle's result, or the PuzzleError that stopped it."""
    if isinstance(item, PuzzleError):
        return item
    try:
        if kind == "hint":
            from .explaining import hint

            return hint(item, uniqueness=uniqueness)
        from .explaining import explain

        e = explain(item, uniqueness=uniqueness)
        if kind == "rate":
            return e.rating if e.status == "unique" else e.status
        return e
    except PuzzleError as exc:
        return exc


def _chunk(kind: str, items: list, uniqueness: bool = True) -> list:
    return [(item, _one(kind, item, uniqueness)) for item in items]


def explain_many(items: Iterable, kind: str = "explain", *, jobs: int = 1,
                 uniqueness: bool = True) -> Iterator:
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
    uniqueness : bool
        Allow the uniqueness steps (see `sudoku.logic.explain`).

    A result is a `PuzzleError` for an unreadable puzzle or clashing givens.
    """
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    items = iter(items)
    if jobs == 1:
        for index, item in enumerate(items):
            yield index, item, _one(kind, item, uniqueness)
        return

    def tasks():
        while True:
            chunk = list(islice(items, CHUNK))
            if not chunk:
                return
            yield kind, chunk, uniqueness

    backend = backend_for(jobs)
    index = 0
    try:
        for pairs in ordered(backend, _chunk, tasks()):
            for item, result in pairs:
                yield index, item, result
                index += 1
    finally:
        backend.close()
