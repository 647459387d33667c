"""The explaining operations: explain, hint and rate by techniques, grade by the search."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator

from .records import Explained, Graded, Hinted, Marker, Rated, Record, Where, invalid

__all__ = ["explain", "grade", "hint", "rate"]


def _many(items: Iterable, kind: str, jobs: int):
    # (The explainer is imported here: it loads numba, which a front end's start-up must not.)
    from ..logic.many import explain_many

    return explain_many(items, kind, jobs=jobs)


def explain(items: Iterable, *, jobs: int = 1) -> Iterator[Record]:
    """Each puzzle's steps in the usual techniques: `Explained` records (``jobs``
    worker processes)."""
    from ..errors import PuzzleError

    for index, item, e in _many(items, "explain", jobs):
        if isinstance(e, PuzzleError):
            yield invalid(index, e, text=f"puzzle {index + 1}: invalid\n")
            continue
        yield Explained(Where.of(index, item, cells=True), e.status, e, e, item.size)


def hint(items: Iterable) -> Iterator[Record]:
    """Each puzzle's next step: `Hinted` records."""
    from ..errors import PuzzleError

    for index, item, h in _many(items, "hint", 1):
        if isinstance(h, PuzzleError):
            yield invalid(index, h)
            continue
        yield Hinted(Where.of(index, item, cells=True), h.status, h, h.step, item.size)


def rate(items: Iterable, *, jobs: int = 1) -> Iterator[Record]:
    """Each puzzle's rating by techniques: `Rated` records, or a `Marker` (``invalid``;
    ``multiple``, ``none``: only a puzzle with one solution is rated)."""
    from ..errors import PuzzleError

    for index, item, r in _many(items, "rate", jobs):
        if isinstance(r, PuzzleError):
            yield invalid(index, r)
        elif isinstance(r, str):
            yield Marker(Where.of(index, item, cells=True), r)
        else:
            yield Rated(Where.of(index, item, cells=True), "unique", r, r)


def grade(items: Iterable, *, max_nodes: int | None = None,
          warm: bool = False) -> Iterator[Record]:
    """What the exact-cover search needs for each puzzle: `Graded` records, timed;
    ``warm``: load the kernels first, so that loading is not the first puzzle's time."""
    from ..errors import PuzzleError
    from ..grading import grade as grade_of  # (numba: see _many)

    if warm:
        from dlx import warm_up

        warm_up(("search", "unwind", "force", "propagate"))
    for index, item in enumerate(items):
        if not isinstance(item, PuzzleError):
            try:
                t0 = time.perf_counter()
                g = grade_of(item, max_nodes=max_nodes)
                seconds = time.perf_counter() - t0
            except PuzzleError as exc:
                item = exc
        if isinstance(item, PuzzleError):
            yield invalid(index, item)
            continue
        yield Graded(Where.of(index, item, cells=True), g.status, g, g, seconds)
