"""The explaining operations: explain, hint and rate by techniques, grade by the search."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator

from dlx import warm_up

from ..errors import PuzzleError
from .records import Explained, Graded, Hinted, Marker, Rated, Record, Where, invalid

__all__ = ["Late", "explain", "explain_one", "grade", "hint", "hint_one", "rate"]


def _many(items: Iterable, kind: str, jobs: int, uniqueness: bool):
    # (The explainer is imported here: it loads numba, which a front end's start-up must not.)
    from ..logic.many import explain_many

    return explain_many(items, kind, jobs=jobs, uniqueness=uniqueness)


def explain(items: Iterable, *, jobs: int = 1, uniqueness: bool = True) -> Iterator[Record]:
    """Each puzzle's steps in the usual techniques: `Explained` records (``jobs``
    worker processes; ``uniqueness``: allow the uniqueness steps)."""
    for index, item, e in _many(items, "explain", jobs, uniqueness):
        if isinstance(e, PuzzleError):
            yield invalid(index, e, text=f"puzzle {index + 1}: invalid\n")
            continue
        yield Explained(Where.of(index, item, cells=True), e.status, e, e, item.size)


def hint(items: Iterable, *, uniqueness: bool = True) -> Iterator[Record]:
    """Each puzzle's next step: `Hinted` records (``uniqueness``: allow the uniqueness
    steps)."""
    for index, item, h in _many(items, "hint", 1, uniqueness):
        if isinstance(h, PuzzleError):
            yield invalid(index, h)
            continue
        yield Hinted(Where.of(index, item, cells=True), h.status, h, h.step, item.size)


def rate(items: Iterable, *, jobs: int = 1, uniqueness: bool = True) -> Iterator[Record]:
    """Each puzzle's rating by techniques: `Rated` records, or a `Marker` (``invalid``;
    ``multiple``, ``none``: only a puzzle with one solution is rated; ``uniqueness``:
    allow the uniqueness steps)."""
    for index, item, r in _many(items, "rate", jobs, uniqueness):
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
    from ..grading import grade as grade_of  # (numba: see _many)

    if warm:
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


class Late(Exception):
    """The deadline passed before an explanation or a hint was made."""


def explain_one(p, *, left, passed, guesses: bool = True, uniqueness: bool = True):
    """The `sudoku.logic.Explanation` of one puzzle, within a deadline.

    ``left()``: the seconds left, which bound the uniqueness search;
    ``passed()``: whether the deadline has passed, asked between steps;
    ``guesses``: a guess where no technique applies (else the steps stop
    there); ``uniqueness``: allow the uniqueness steps.  Raises `Late` when the
    deadline passes first, and
    `sudoku.PuzzleError` for clashing givens.
    """
    # (The explainer is imported here, not by a front end's start-up.)
    from dlx.logic import steps

    from ..encode import grid_of
    from ..logic import Explanation
    from ..logic.explaining import name_step, solve_state, sudoku_rules, unique_givens

    board, problem, state, status, solution = solve_state(p, timeout=left())
    if status == "unknown":
        raise Late
    found = []
    rules = sudoku_rules(board, unique_givens(p, status, uniqueness))
    for raw in steps(problem, rules=rules, guesses=guesses, solution=solution,
                     state=state.copy()):
        found.append(name_step(board, state, raw))
        state.apply(raw)
        if passed():
            raise Late
    grid = grid_of(board.n, solution) if solution is not None else None
    return Explanation(p, status, found, grid)


def hint_one(p, *, timeout: float, uniqueness: bool = True) -> Hinted:
    """The next step of one puzzle (a `Hinted` record); `Late` when
    its uniqueness search did not end within ``timeout`` seconds (``uniqueness``: allow
    the uniqueness steps)."""
    from ..logic.explaining import hint_of, solve_state, unique_givens  # (see explain_one)

    solved = solve_state(p, timeout=timeout)
    if solved[3] == "unknown":
        raise Late
    h = hint_of(*solved, givens=unique_givens(p, solved[3], uniqueness))
    return Hinted(Where.of(0, p), h.status, h, h.step, p.size)
